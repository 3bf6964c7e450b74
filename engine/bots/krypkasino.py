"""Krypkasino bots: ``random``, ``basic`` and ``strong``, by role in three modules. The
lowest score wins (C-15).

* :mod:`engine.bots.krypkasino_policy` — the observation (:func:`observe`: the variant,
  the seat's view and the cards shown; the other hands and the stock are never in it),
  the legal plays asked of the engine, the basic evaluation and the ``random`` and
  ``basic`` players;
* :mod:`engine.bots.krypkasino_inference` — worlds consistent with what the seat saw;
* :mod:`engine.bots.krypkasino_search` — the lot search, its objectives and the
  ``strong`` player.

The levels:

* ``random`` — uniform among the legal plays.
* ``basic`` — the cheapest play now: the card points it would take, plus the sweep it
  would make (C-9, C-10), minus the sweep the *next* player would be forced to make on
  the table it leaves (a sweep gives -5 to the player before the sweeper, C-9: a table
  the next player must sweep is good for us). The chance that the next player holds a
  sweeping card comes from the unseen cards (hypergeometric). Trailing a point card
  costs a little less than keeping it (someone else may take it).
* ``strong`` — for every play, deals the unseen cards to the other hands and the stock a
  number of times (consistent with the values a player showed it lacks by not sweeping,
  C-8, and, among four times as many drawn, those that best explain the others' plays
  of this lot as basic play), plays the rest of the lot out on each deal (the rest of
  the deal in the last lot) with the others answering by ``basic`` play and its own
  later plays searched the same way, and takes the play that leaves it the best chance
  of the lowest total at the end of the session.

This module gathers the public names of the three.
"""

from __future__ import annotations

from engine.bots.krypkasino_inference import deal_unseen, misfit_count
from engine.bots.krypkasino_policy import (
    Assessment,
    BasicKrypkasinoBot,
    KrypkasinoObservation,
    LotPlay,
    RandomKrypkasinoBot,
    SeededBot,
    assess_plays,
    basic_move,
    cheapest_move,
    lacks_of,
    legal_actions,
    lot_plays,
    move_cost,
    next_hand_size,
    observe,
    position_of,
    unseen_by_value,
    unseen_counts,
    value_counts,
)
from engine.bots.krypkasino_search import (
    NORMAL_NODES,
    Objective,
    StrongKrypkasinoBot,
    plan_cost,
    point_margin,
    session_chance,
    win_chance,
)

__all__ = [
    "NORMAL_NODES", "Assessment", "BasicKrypkasinoBot", "KrypkasinoObservation", "LotPlay",
    "Objective", "RandomKrypkasinoBot", "SeededBot", "StrongKrypkasinoBot", "assess_plays",
    "basic_move", "cheapest_move", "deal_unseen", "lacks_of", "legal_actions", "lot_plays",
    "misfit_count", "move_cost", "next_hand_size", "observe", "plan_cost", "point_margin",
    "position_of", "session_chance", "unseen_by_value", "unseen_counts", "value_counts",
    "win_chance",
]
