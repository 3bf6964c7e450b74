"""The variant lab: the same seeded games under two rule sets, compared side by side.

Game ``i`` is dealt from :func:`~lab.runner.unit_seed` ``(seed, i)`` under rule
set A and under rule set B (common random numbers: the same seed deals the same cards as
far as the rules let it), with the line-up rotated by ``i`` seats. Each figure is
summarised per rule set with its 95% interval, and every difference B − A is a *paired*
interval over the games (the pairs share their seed).

Figures: final scores (by line-up position and all together), the spread between the
first and the last, how often a half-time leader wins (Kachuful: highest total; Krypkasino:
lowest), game length (hands or deals, and cards played); Kachuful adds the exact-bid rate,
Krypkasino the sweeps per deal and the points per seat relative to the dealer.

>>> lab = VariantLabStudy("kachuful", ("basic", "basic", "basic"), {"max_cards": 2},
...                       {"max_cards": 2, "hook_rule": False}, seed=3)
>>> s = lab.summarize(lab.simulate(0, 12))
>>> s.games, [f.key for f in s.figures][:3]
(12, ['final_score', 'spread', 'halftime_leader_wins'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.registry import GAME_IDS
from engine.registry import GAMES as REGISTRY
from engine.sim.games import GameRecord, halftime_round
from lab.cost import game_seconds
from lab.runner import unit_seed
from lab.stats import Estimate, mean, paired_difference, proportion, proportion_difference

__all__ = ["Figure", "LabSummary", "VariantLabStudy", "rules_of"]

GAMES = GAME_IDS


def rules_of(game: str, options: Mapping[str, Any]) -> Any:
    """The engine's variant for ``options`` (raises ``InvalidActionError`` on bad ones)."""
    if game not in REGISTRY:
        raise ValueError(f"unknown game {game!r}")
    return REGISTRY[game].rules(options)


@dataclass(frozen=True)
class Figure:
    """One compared figure: its value under A and B, and B − A (paired)."""

    key: str
    a: Estimate
    b: Estimate
    diff: Estimate
    label: str = ""


@dataclass(frozen=True)
class LabSummary:
    game: str
    games: int
    figures: tuple[Figure, ...]
    finals_a: tuple[int, ...]
    finals_b: tuple[int, ...]
    seat_figures: tuple[Figure, ...] = ()

    def figure(self, key: str) -> Figure:
        for f in (*self.figures, *self.seat_figures):
            if f.key == key:
                return f
        raise KeyError(key)


@dataclass(frozen=True)
class VariantLabStudy:
    """A picklable variant-lab study: ``lineup`` is a bot level per position; the rule
    sets are variant dicts as records hold them."""

    game: str
    lineup: tuple[str, ...]
    rules_a: Mapping[str, Any]
    rules_b: Mapping[str, Any]
    seed: int

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise ValueError(f"game is one of {GAMES}")
        rules_of(self.game, self.rules_a)
        rules_of(self.game, self.rules_b)

    @property
    def players(self) -> int:
        return len(self.lineup)

    def unit_seconds(self) -> float:
        """CPU seconds of one unit (a game under A and under B), by :mod:`lab.cost`."""
        return (game_seconds(self.game, self.rules_a, self.lineup)
                + game_seconds(self.game, self.rules_b, self.lineup))

    def play(self, options: Mapping[str, Any], index: int) -> GameRecord:
        seed = unit_seed(self.seed, index)
        rotation = index % self.players
        rules = rules_of(self.game, options)
        return REGISTRY[self.game].plugins.simulate(rules, self.lineup, seed, rotation)

    def simulate(self, start: int, count: int) -> list[tuple[GameRecord, GameRecord]]:
        """Game ``i`` under A and under B, for each ``i`` of the range."""
        return [(self.play(self.rules_a, i), self.play(self.rules_b, i))
                for i in range(start, start + count)]

    # -- summary -----------------------------------------------------------------------

    def _halftime_win(self, g: GameRecord) -> bool:
        lowest = REGISTRY[self.game].lowest_wins
        leaders = g.leaders_after(halftime_round(len(g.rounds)), lowest)
        return any(p in g.winners for p in leaders)

    def summarize(self, pairs: Sequence[tuple[GameRecord, GameRecord]]) -> LabSummary:
        if not pairs:
            raise ValueError("no games")
        a = [p[0] for p in pairs]
        b = [p[1] for p in pairs]
        n = self.players
        figures: list[Figure] = []

        def numeric(key: str, fa: list[float], fb: list[float]) -> None:
            figures.append(Figure(key, mean(fa), mean(fb), paired_difference(fb, fa)))

        def share(key: str, fa: list[bool], fb: list[bool]) -> None:
            figures.append(Figure(key, proportion(sum(fa), len(fa)),
                                  proportion(sum(fb), len(fb)), proportion_difference(fb, fa)))

        numeric("final_score", [sum(g.totals) / n for g in a], [sum(g.totals) / n for g in b])
        numeric("spread", [float(max(g.totals) - min(g.totals)) for g in a],
                [float(max(g.totals) - min(g.totals)) for g in b])
        share("halftime_leader_wins", [self._halftime_win(g) for g in a],
              [self._halftime_win(g) for g in b])
        numeric("length", [float(g.length) for g in a], [float(g.length) for g in b])
        numeric("plays", [float(g.plays) for g in a], [float(g.plays) for g in b])
        if all(g.exact[1] for g in a + b):  # the games count bids made (Kachuful)
            ea = [g.exact[0] / g.exact[1] for g in a]
            eb = [g.exact[0] / g.exact[1] for g in b]
            figures.append(Figure("exact_rate", _pooled(a), _pooled(b),
                                  paired_difference(eb, ea)))
        else:
            numeric("sweeps_per_deal", [g.sweeps / g.length for g in a],
                    [g.sweeps / g.length for g in b])
        seat_figures: list[Figure] = []
        for p in range(n):
            fa = [float(g.totals[p]) for g in a]
            fb = [float(g.totals[p]) for g in b]
            seat_figures.append(Figure(f"position_{p}", mean(fa), mean(fb),
                                       paired_difference(fb, fa), self.lineup[p]))
        if all(g.deal_scores for g in a + b):  # the games score deals by dealer (Krypkasino)
            for k in range(n):
                fa = [_deal_mean(g, k) for g in a]
                fb = [_deal_mean(g, k) for g in b]
                seat_figures.append(Figure(f"dealer_offset_{k}", mean(fa), mean(fb),
                                           paired_difference(fb, fa)))
        finals_a = tuple(t for g in a for t in g.totals)
        finals_b = tuple(t for g in b for t in g.totals)
        return LabSummary(self.game, len(pairs), tuple(figures), finals_a, finals_b,
                          tuple(seat_figures))


def _pooled(games: Sequence[GameRecord]) -> Estimate:
    """The exact-bid rate over every bid of the games; the interval is a t interval over
    the games' own rates (bids within a game are not independent)."""
    rates = [g.exact[0] / g.exact[1] for g in games]
    per_game = mean(rates)
    made = sum(g.exact[0] for g in games)
    bids = sum(g.exact[1] for g in games)
    value = made / bids
    shift = value - per_game.value
    return Estimate(value, per_game.low + shift, per_game.high + shift, per_game.n)


def _deal_mean(g: GameRecord, offset: int) -> float:
    """The mean deal score of the seat ``offset`` places after the dealer's left
    (0 = first to play, n-1 = the dealer) over the game's deals."""
    return sum(d[offset] for d in g.deal_scores) / len(g.deal_scores)
