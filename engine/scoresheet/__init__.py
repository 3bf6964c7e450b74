"""Score sheets for games played with real cards: the table enters what happened, the
engine's rule functions check it and score it.

* :mod:`engine.scoresheet.kachuful` — :class:`KachufulSheet`: names, variant, first
  dealer; per hand the bids (hook rule K-9) and the tricks (they add up to the hand size),
  scored by :func:`engine.kachuful.rules.score_hand`.
* :mod:`engine.scoresheet.krypkasino` — :class:`KrypkasinoSheet`: per deal each player's
  card points (42 in all, C-13) and sweeps (C-9, C-10), deal scores and session end (C-15).

Sheets are frozen values: every entry returns a new sheet or raises a
:class:`~engine.errors.RulesLabError` naming the rule, so a refused entry leaves the
table's sheet exactly as it was. ``to_dict``/``from_dict`` give a compact JSON form;
``from_dict`` re-checks every entry through the same rules (a tampered link is refused).
"""

from engine.scoresheet.kachuful import HandEntry, HandSpec, KachufulSheet
from engine.scoresheet.krypkasino import DealEntry, DealScore, DealSpec, KrypkasinoSheet
from engine.scoresheet.names import MAX_NAME_LENGTH, check_names

__all__ = [
    "MAX_NAME_LENGTH", "DealEntry", "DealScore", "DealSpec", "HandEntry", "HandSpec", "KachufulSheet",
    "KrypkasinoSheet", "check_names",
]
