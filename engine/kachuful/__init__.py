"""Kachuful, the South Asian member of the Oh Hell family (RULES.md K-1..K-14).

* :mod:`engine.kachuful.rules` — the variant (:class:`KachufulRules`) and every rule as
  a pure function (schedule, trump, hook, scoring, following, trick winner).
* :mod:`engine.kachuful.deal` — seeds, the deal and the first-dealer draw.
* :mod:`engine.kachuful.state` — :class:`KachufulState`, the game with OpenSpiel verbs.
* :mod:`engine.kachuful.events` — what happened, for narration.
* :mod:`engine.kachuful.record` — ``kachuful-record/1`` read, written and replayed.
* :mod:`engine.kachuful.fast` — the fast random-play simulator for statistics.
"""

from engine.kachuful.deal import DealerDraw, deal_hand, draw_first_dealer, hand_seed
from engine.kachuful.events import KachufulEvent, narrate
from engine.kachuful.rules import (
    DEFAULT_RULES,
    Hook,
    KachufulRules,
    hand_sizes,
    hook,
    hook_forbidden_bid,
    legal_bids,
    max_hand_size,
    playable_cards,
    score_hand,
    trick_winner,
    trump_code,
    trump_for_hand,
    winners,
)
from engine.kachuful.state import (
    Action,
    Bid,
    HandResult,
    HandSetup,
    KachufulState,
    Phase,
    SeatView,
    parse_action,
    setup_hand,
)

__all__ = [
    "DEFAULT_RULES", "Action", "Bid", "DealerDraw", "HandResult", "HandSetup", "Hook",
    "KachufulEvent", "KachufulRules", "KachufulState", "Phase", "SeatView", "deal_hand",
    "draw_first_dealer", "hand_seed", "hand_sizes", "hook", "hook_forbidden_bid",
    "legal_bids", "max_hand_size", "narrate", "parse_action", "playable_cards", "score_hand",
    "setup_hand", "trick_winner", "trump_code", "trump_for_hand", "winners",
]
