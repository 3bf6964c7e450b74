"""Score progression of simulated games: every game's points round by round.

Game ``i`` is dealt from :func:`~lab.runner.unit_seed` ``(seed, i)`` with the line-up
rotated by ``i`` seats (as in the variant lab). A round is a hand (Kachuful) or a lot
(Krypkasino); :class:`~engine.sim.games.GameRecord` holds the points by line-up position.

>>> study = ProgressionStudy("kachuful", ("basic", "random", "random"), {"max_cards": 2}, 9)
>>> games = study.simulate(0, 3)
>>> [len(g.rounds) for g in games]
[3, 3, 3]
>>> len(lines(games, 0)), lines(games, 0)[0] == games[0].cumulative(0)
(3, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.sim.games import GameRecord
from lab.cost import game_seconds
from lab.studies.variant_lab import VariantLabStudy

__all__ = ["ProgressionStudy", "leader_lines", "lines"]


@dataclass(frozen=True)
class ProgressionStudy:
    game: str
    lineup: tuple[str, ...]
    rules: Mapping[str, Any]
    seed: int

    def _lab(self) -> VariantLabStudy:
        return VariantLabStudy(self.game, self.lineup, self.rules, self.rules, self.seed)

    def unit_seconds(self) -> float:
        """CPU seconds of one game, by :mod:`lab.cost`."""
        return game_seconds(self.game, self.rules, self.lineup)

    def simulate(self, start: int, count: int) -> list[GameRecord]:
        lab = self._lab()
        return [lab.play(self.rules, i) for i in range(start, start + count)]


def lines(games: Sequence[GameRecord], position: int) -> list[list[int]]:
    """The running total of ``position`` in each game."""
    return [g.cumulative(position) for g in games]


def leader_lines(games: Sequence[GameRecord]) -> list[list[int]]:
    """The running total of each game's eventual winner (the first on a tie)."""
    return [g.cumulative(g.winners[0]) for g in games]
