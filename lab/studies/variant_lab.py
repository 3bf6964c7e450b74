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

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from engine.registry import GAME_IDS
from engine.registry import GAMES as REGISTRY
from engine.sim.games import GameRecord, halftime_round
from lab.cost import game_seconds
from lab.runner import unit_seed
from lab.stats import Estimate, Moments, Paired

__all__ = ["Figure", "LabSummary", "LabTally", "VariantLabStudy", "rules_of"]

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
    #: The final totals of every seat of every game, as (total, how many) sorted by total.
    finals_a: tuple[tuple[int, int], ...]
    finals_b: tuple[tuple[int, int], ...]
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

    # -- summary: a mergeable tally per range of games ------------------------------------

    def tally(self, start: int, count: int) -> LabTally:
        """The tally of games ``start .. start+count-1`` (each game counted and dropped:
        a task of any size returns a value of bounded size)."""
        out = self.empty_tally()
        for i in range(start, start + count):
            out.add(self.play(self.rules_a, i), self.play(self.rules_b, i))
        return out

    def empty_tally(self) -> LabTally:
        return LabTally(self.game, self.lineup, REGISTRY[self.game].lowest_wins)

    def tally_of(self, pairs: Sequence[tuple[GameRecord, GameRecord]]) -> LabTally:
        out = self.empty_tally()
        for a, b in pairs:
            out.add(a, b)
        return out

    def summarize(self, pairs: Sequence[tuple[GameRecord, GameRecord]]) -> LabSummary:
        """The summary of played pairs: the same as the summary of their tally, so a page's
        run, a pool's merged tallies and a Ray cluster's show the same numbers."""
        return self.tally_of(pairs).summary()


#: The per-game figures compared, in the order shown.
NUMERIC = ("final_score", "spread", "length", "plays")


def _numeric(g: GameRecord, key: str, players: int) -> int | Fraction:
    if key == "final_score":
        return Fraction(sum(g.totals), players)
    if key == "spread":
        return max(g.totals) - min(g.totals)
    if key == "length":
        return g.length
    return g.plays


@dataclass
class Compared:
    """The moments of one per-game figure under A, under B and of B − A (paired)."""

    a: Moments = field(default_factory=Moments)
    b: Moments = field(default_factory=Moments)
    diff: Moments = field(default_factory=Moments)

    def add(self, a: int | Fraction, b: int | Fraction) -> None:
        self.a.add(a)
        self.b.add(b)
        self.diff.add(b - a)

    def merged(self, other: Compared) -> Compared:
        return Compared(self.a.merged(other.a), self.b.merged(other.b),
                        self.diff.merged(other.diff))

    def figure(self, key: str, label: str = "") -> Figure:
        return Figure(key, self.a.estimate(), self.b.estimate(), self.diff.estimate(), label)


def _merge_maps(x: Mapping[str, Compared], y: Mapping[str, Compared]) -> dict[str, Compared]:
    return {k: (x[k].merged(y[k]) if k in x and k in y else x.get(k) or y[k])
            for k in (*x, *(k for k in y if k not in x))}


@dataclass
class LabTally:
    """What a range of games adds to a variant study, of a size bounded by the game (not
    by the number of games): per figure the exact count, sum and sum of squares under A,
    under B and of the paired differences; the half-time leader's wins as a paired 2×2
    table; the exact bids made and bid; the final totals as value counts.

    :meth:`merged` is associative and commutative (exact integers and fractions, counts),
    so a study cut into tasks in any way, merged in any order, has the same tally as the
    study run at once, and :meth:`summary` shows the same numbers.
    """

    game: str
    lineup: tuple[str, ...]
    lowest_wins: bool
    games: int = 0
    numeric: dict[str, Compared] = field(default_factory=dict)
    halftime: Paired = field(default_factory=Paired)
    #: Whether every game counts bids made (Kachuful) / scores deals by dealer (Krypkasino).
    all_bids: bool = True
    all_deals: bool = True
    made: tuple[int, int, int, int] = (0, 0, 0, 0)  # made A, bids A, made B, bids B
    finals_a: Counter[int] = field(default_factory=Counter)
    finals_b: Counter[int] = field(default_factory=Counter)

    def _compared(self, key: str) -> Compared:
        found = self.numeric.get(key)
        if found is None:
            found = self.numeric[key] = Compared()
        return found

    def _halftime_win(self, g: GameRecord) -> bool:
        leaders = g.leaders_after(halftime_round(len(g.rounds)), self.lowest_wins)
        return any(p in g.winners for p in leaders)

    def add(self, a: GameRecord, b: GameRecord) -> None:
        """Count one pair: the game under A and under B."""
        n = len(self.lineup)
        self.games += 1
        for key in NUMERIC:
            self._compared(key).add(_numeric(a, key, n), _numeric(b, key, n))
        self.halftime.add(self._halftime_win(a), self._halftime_win(b))
        self._compared("sweeps_per_deal").add(Fraction(a.sweeps, a.length),
                                              Fraction(b.sweeps, b.length))
        if a.exact[1] and b.exact[1]:
            self._compared("exact_rate").add(Fraction(*a.exact), Fraction(*b.exact))
            ma, ba, mb, bb = self.made
            self.made = (ma + a.exact[0], ba + a.exact[1], mb + b.exact[0], bb + b.exact[1])
        else:
            self.all_bids = False
        for p in range(n):
            self._compared(f"position_{p}").add(a.totals[p], b.totals[p])
        if a.deal_scores and b.deal_scores:
            for k in range(n):
                self._compared(f"dealer_offset_{k}").add(_deal_mean(a, k), _deal_mean(b, k))
        else:
            self.all_deals = False
        self.finals_a.update(a.totals)
        self.finals_b.update(b.totals)

    def merged(self, other: LabTally) -> LabTally:
        if (self.game, self.lineup) != (other.game, other.lineup):
            raise ValueError("tallies of different studies")
        return LabTally(self.game, self.lineup, self.lowest_wins, self.games + other.games,
                        _merge_maps(self.numeric, other.numeric),
                        self.halftime.merged(other.halftime),
                        self.all_bids and other.all_bids, self.all_deals and other.all_deals,
                        (self.made[0] + other.made[0], self.made[1] + other.made[1],
                         self.made[2] + other.made[2], self.made[3] + other.made[3]),
                        self.finals_a + other.finals_a, self.finals_b + other.finals_b)

    def summary(self) -> LabSummary:
        """The figures with their intervals, as the page shows them."""
        if not self.games:
            raise ValueError("no games")
        figures = [self.numeric[k].figure(k) for k in ("final_score", "spread")]
        a, b, diff = self.halftime.estimates()
        figures.append(Figure("halftime_leader_wins", a, b, diff))
        figures += [self.numeric[k].figure(k) for k in ("length", "plays")]
        if self.all_bids:
            rates = self.numeric["exact_rate"]
            figures.append(Figure("exact_rate", _pooled(rates.a, *self.made[:2]),
                                  _pooled(rates.b, *self.made[2:]), rates.diff.estimate()))
        else:
            figures.append(self.numeric["sweeps_per_deal"].figure("sweeps_per_deal"))
        n = len(self.lineup)
        seats = [self.numeric[f"position_{p}"].figure(f"position_{p}", self.lineup[p])
                 for p in range(n)]
        if self.all_deals:
            seats += [self.numeric[f"dealer_offset_{k}"].figure(f"dealer_offset_{k}")
                      for k in range(n)]
        return LabSummary(self.game, self.games, tuple(figures), _histogram(self.finals_a),
                          _histogram(self.finals_b), tuple(seats))


def _histogram(counts: Counter[int]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(counts.items()))


def _pooled(rates: Moments, made: int, bids: int) -> Estimate:
    """The exact-bid rate over every bid of the games; the interval is a t interval over
    the games' own rates (bids within a game are not independent)."""
    per_game = rates.estimate()
    value = made / bids
    shift = value - per_game.value
    return Estimate(value, per_game.low + shift, per_game.high + shift, per_game.n)


def _deal_mean(g: GameRecord, offset: int) -> Fraction:
    """The mean deal score of the seat ``offset`` places after the dealer's left
    (0 = first to play, n-1 = the dealer) over the game's deals."""
    return Fraction(sum(d[offset] for d in g.deal_scores), len(g.deal_scores))
