"""What a simulation request costs before it runs: units x the CPU seconds of one unit.

Every explorer request is a study and a number of units (sampled deals, games). Its cost
is estimated from the request alone, before any work starts, as ``units x unit_seconds``;
a request over :data:`BUDGET_CPU_S` is refused (the page says the limit and the largest
number of units that fits). While it runs, the runner also stops a request before its
measured CPU would pass :data:`HARD_CAP_CPU_S` (a second guard, should the model be low).

The per-unit costs are CPU seconds of one process on the development machine (2 cores,
Python 3.11), measured with ``time.process_time`` over whole units by
``python bench/sim_costs.py`` (which prints each constant's measurement next to the
model's figure, so a change of the bots that makes them slower shows up there). Each
constant below is rounded *up* from the largest figure measured:

* Kachuful, random and basic bots (the fast int path): CPU per card played —
  :data:`KACHUFUL_FAST_PLAY_S`. A line-up with a strong bot sends the whole game through
  the public API, where a random or basic seat costs :data:`KACHUFUL_PUBLIC_PLAY_S` per
  card; the strong seat costs ``KACHUFUL_STRONG_HAND_S x players x size**1.5`` per hand
  of ``size`` cards (its bid and play samples are each played out to the end of the
  hand; measured 1.2-2.15 ms x n x s**1.5 for 3, 4, 6 and 8 players, hands of 1 to 13
  cards, the higher figures on a loaded machine).
* Krypkasino: CPU per deal for one seat of a level, by the number of players —
  :data:`KRYPKASINO_DEAL_SEAT_S` (a strong seat about half a second a deal whatever the
  table; basic and random a few milliseconds).
* Hand odds: per sampled deal, ``players x (20 + 2 x size x (size+1))`` microseconds with
  basic play (every bid played out), ``players x (0.15 + 0.13 x size)`` ms with the strong
  seat (three bids, 16 samples a card).
* The dealer's hook: per deal ``10 + 6 x players x size`` microseconds (two basic
  play-outs and the bids), averaged over the study's cells.

>>> from engine.kachuful.rules import KachufulRules
>>> round(kachuful_game_seconds(KachufulRules(), ("basic",) * 4), 4)
0.0087
>>> over = Cost(units=5000, unit_seconds=0.01)
>>> over.seconds, over.fits(), over.max_units()
(51.5, False, 650)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.kachuful.rules import KachufulRules, hand_sizes
from engine.krypkasino.rules import KrypkasinoRules
from engine.registry import GAMES

__all__ = [
    "BUDGET_CPU_S", "Cost", "HARD_CAP_CPU_S", "SERVER_RESERVE_S", "KACHUFUL_FAST_PLAY_S", "KACHUFUL_PUBLIC_PLAY_S",
    "KACHUFUL_STRONG_HAND_S", "KRYPKASINO_DEAL_SEAT_S", "game_seconds", "hand_odds_seconds",
    "hook_deal_seconds", "kachuful_game_seconds", "krypkasino_game_seconds",
]

#: One visit's budget: CPU seconds (every process) one request may cost. The pool has two
#: worker processes, so the heaviest allowed request takes about 4 s of wall time.
BUDGET_CPU_S = 8.0
#: CPU the server itself spends on a request (the page's script, the summary, the tables
#: and charts; measured 0.2-1.5 s for the largest requests, the most for the hook's summary
#: of 40,000 deals): counted in every estimate.
SERVER_RESERVE_S = 1.5
#: A running request stops before a chunk that would take its workers' measured CPU past
#: this: the guard against the model being low (a loaded machine makes every unit dearer).
HARD_CAP_CPU_S = BUDGET_CPU_S - SERVER_RESERVE_S

#: Kachuful, fast path: CPU seconds per card played (measured 4.4 us random, 7.4-10 us
#: basic, per-hand overhead included).
KACHUFUL_FAST_PLAY_S: dict[str, float] = {"random": 8e-6, "basic": 12e-6}
#: Kachuful through the public API (a strong bot at the table): a random or basic seat's
#: CPU seconds per card played (measured 66-72 us).
KACHUFUL_PUBLIC_PLAY_S = 85e-6
#: Kachuful strong seat: CPU seconds per hand = this x players x size**1.5.
KACHUFUL_STRONG_HAND_S = 2.2e-3
#: Krypkasino: CPU seconds per deal for one seat of a level, by players (measured: strong
#: 0.64, 0.47, 0.51, 0.44, 0.43 s for 2..6 players; basic 1.9-5.3 ms; random 1-3 ms).
KRYPKASINO_DEAL_SEAT_S: dict[str, dict[int, float]] = {
    "random": {2: 0.005, 3: 0.004, 4: 0.003, 5: 0.003, 6: 0.003},
    "basic": {2: 0.007, 3: 0.006, 4: 0.005, 5: 0.004, 6: 0.004},
    "strong": {2: 0.75, 3: 0.60, 4: 0.60, 5: 0.55, 6: 0.55},
}


@dataclass(frozen=True)
class Cost:
    """A request's estimate: ``units`` of ``unit_seconds`` CPU each, plus the server's
    own :data:`SERVER_RESERVE_S`."""

    units: int
    unit_seconds: float
    budget: float = BUDGET_CPU_S

    @property
    def seconds(self) -> float:
        return self.units * self.unit_seconds + SERVER_RESERVE_S

    def fits(self) -> bool:
        return self.seconds <= self.budget

    def max_units(self) -> int:
        """The most units that fit the budget (0 when not even one does)."""
        if self.unit_seconds <= 0:
            return self.units
        return max(0, int((self.budget - SERVER_RESERVE_S) / self.unit_seconds + 1e-9))


def kachuful_game_seconds(rules: KachufulRules, lineup: Sequence[str]) -> float:
    """CPU seconds of one whole Kachuful game of ``lineup`` under ``rules``."""
    n = len(lineup)
    sizes = hand_sizes(n, rules)
    cards = sum(sizes)
    if "strong" in lineup:
        strong = lineup.count("strong")
        others = n - strong
        per_strong = sum(KACHUFUL_STRONG_HAND_S * n * math.sqrt(s) ** 3 for s in sizes)
        return strong * per_strong + others * cards * KACHUFUL_PUBLIC_PLAY_S
    return sum(cards * KACHUFUL_FAST_PLAY_S[level] for level in lineup)


def krypkasino_game_seconds(rules: KrypkasinoRules, lineup: Sequence[str]) -> float:
    """CPU seconds of one Krypkasino session of ``lineup`` under ``rules``."""
    n = len(lineup)
    deals = rules.session_length(n)
    return deals * sum(KRYPKASINO_DEAL_SEAT_S[level][n] for level in lineup)


#: Each game's cost model, by its rules type (the registry's ``rules_type``).
_GAME_SECONDS: dict[type[Any], Callable[[Any, Sequence[str]], float]] = {
    KachufulRules: kachuful_game_seconds, KrypkasinoRules: krypkasino_game_seconds}


def game_seconds(game: str, options: Mapping[str, Any], lineup: Sequence[str]) -> float:
    """CPU seconds of one game of ``game`` (a variant dict) for ``lineup``."""
    rules = GAMES[game].rules(options)
    return _GAME_SECONDS[type(rules)](rules, lineup)


def hand_odds_seconds(players: int, size: int, level: str) -> float:
    """CPU seconds of one sampled deal of the hand-odds study."""
    if level == "strong":
        return players * (0.15 + 0.13 * size) * 1e-3
    return players * (20 + 2 * size * (size + 1)) * 1e-6


def hook_deal_seconds(cells: Sequence[tuple[int, int]]) -> float:
    """CPU seconds of one deal of the hook study, averaged over its (players, size) cells
    (units are interleaved over the cells)."""
    return sum(10e-6 + 6e-6 * n * s for n, s in cells) / len(cells)
