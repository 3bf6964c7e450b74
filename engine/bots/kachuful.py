"""Kachuful bots: ``random``, ``basic`` and ``strong``, by role in three modules.

* :mod:`engine.bots.kachuful_policy` — the observation (:func:`observe`: the variant and
  the seat's view, nothing else, so hidden cards are out of reach by construction), the
  legal actions asked of the rules, and the ``random`` and ``basic`` players with the
  basic policy on int-coded cards;
* :mod:`engine.bots.kachuful_inference` — what a seat can infer about the hidden cards:
  its information set, deals consistent with it, weighted by the bids made;
* :mod:`engine.bots.kachuful_search` — basic-play rollouts and the ``strong`` player
  (determinized sampling; :mod:`engine.bots.kachuful_ismcts` the random-playout search).

The levels:

* ``random`` — uniform among the legal actions (blind bids included when allowed).
* ``basic`` — counts likely tricks (high trumps, side aces and guarded kings, voids with
  trumps to ruff) to bid; plays to its bid: wins a trick while it still needs tricks
  (cheapest winning card, a sure winner when it leads), ducks and sheds high cards once it
  has enough.
* ``strong`` — bids and plays by determinized sampling: deals the unseen cards to the
  other seats many times, plays each deal out with ``basic`` play for every seat, and
  takes the bid (or card) with the best average score for the variant's scoring.

Bots never renege, even under ``renege: penalized``. In a forehead hand (one card, the
player sees every card but their own) the bot plays its one card without seeing it:
the decision's action is :data:`OWN_CARD`, which :func:`resolve` turns into the card at
the moment it is applied. This module gathers the public names of the three.

>>> from engine.kachuful import KachufulRules, KachufulState
>>> state = KachufulState.new_game(4, KachufulRules(max_cards=2), seed=11)
>>> bot = StrongKachufulBot(3, bid_samples=20, play_samples=20)
>>> bot.decide(observe(state, state.current_player())).key.startswith("bots.kachuful.")
True
"""

from __future__ import annotations

from engine.bots.kachuful_inference import (
    Knowledge,
    bid_weigher,
    fitting_deals,
    knowledge_of,
    pick_weighted,
    sample_deal,
)
from engine.bots.kachuful_policy import (
    OWN_CARD,
    BasicKachufulBot,
    BidThenPlay,
    HiddenCard,
    KachufulAction,
    KachufulObservation,
    RandomKachufulBot,
    basic_card_coded,
    basic_play,
    closest_number,
    estimate_coded,
    estimate_tricks,
    forehead_bid,
    legal_actions,
    legal_numbers,
    observe,
    played_mask,
    resolve,
    trump_int,
)
from engine.bots.kachuful_search import (
    StrongKachufulBot,
    hand_masks,
    rollout_coded,
    rollout_variant,
    top_trump_count,
)

__all__ = [
    "OWN_CARD", "BasicKachufulBot", "BidThenPlay", "HiddenCard", "KachufulAction",
    "KachufulObservation", "Knowledge", "RandomKachufulBot", "StrongKachufulBot",
    "basic_card_coded", "basic_play", "bid_weigher", "closest_number", "estimate_coded",
    "estimate_tricks", "fitting_deals", "forehead_bid", "hand_masks", "knowledge_of",
    "legal_actions", "legal_numbers", "observe", "pick_weighted", "played_mask", "resolve",
    "rollout_coded", "rollout_variant", "sample_deal", "top_trump_count", "trump_int",
]
