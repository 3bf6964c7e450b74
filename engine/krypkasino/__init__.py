"""Krypkasino, Swedish reverse Casino with two decks: the rules engine of RULES.md C-1..C-15.

* :mod:`~engine.krypkasino.rules` — :class:`KrypkasinoRules` (the variants), capture values,
  card points, deal sizes.
* :mod:`~engine.krypkasino.capture` — the maximum-capture solver (C-5, C-6).
* :mod:`~engine.krypkasino.state` — :class:`KrypkasinoState` with the OpenSpiel-style verbs.
* :mod:`~engine.krypkasino.events` — what a walkthrough narrates.
* :mod:`~engine.krypkasino.record` — ``krypkasino-record/1`` read, written and replayed.

>>> from engine.krypkasino import KrypkasinoState
>>> state = KrypkasinoState.new_game(players=4, seed=2026)
>>> len(state.hand_of(state.current_player())), state.view(0).stock
(5, 80)
"""

from engine.krypkasino.rules import (
    KrypkasinoRules,
    capture_value,
    card_points,
    deal_sizes,
)
from engine.krypkasino.state import (
    CardOptions,
    DealCards,
    DealResult,
    KrypkasinoSeatView,
    KrypkasinoState,
    Phase,
    Play,
    SweepRecord,
    deal_from_seed,
    winners_of,
)

__all__ = [
    "KrypkasinoRules", "capture_value", "card_points", "deal_sizes", "CardOptions", "DealCards",
    "DealResult", "KrypkasinoState", "Phase", "Play", "KrypkasinoSeatView", "SweepRecord",
    "deal_from_seed", "winners_of",
]
