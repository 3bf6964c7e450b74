"""The dealer's hook (K-9) measured: how often it bites, and what it changes.

For each table size and hand size (a *cell*) deals are sampled; everyone bids as the basic
bot does. The dealer's *preferred* bid is the basic bot's bid with no restriction (the
whole number nearest its expected tricks); the hook *bites* when that is the forbidden
bid. Each deal is then played out twice with basic play — with the hook (the dealer takes
the nearest legal bid) and without it (the dealer keeps the preferred bid) — to count the
players who miss their bid and to compare the dealer's score with the others' average.
The trump is spades in every deal (which suit is trump does not change the odds).

Units are interleaved over the cells (unit ``i`` belongs to cell ``i % cells``), so a
stopped run has about as many deals in every cell.

>>> study = HookStudy(players=(3,), sizes=(2,), seed=4)
>>> cells = study.summarize(study.simulate(0, 40))
>>> cells[0].players, cells[0].size, cells[0].deals
(3, 2, 40)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.kachuful.rules import (
    KachufulRules,
    hook_forbidden_bid,
    legal_bids,
    max_hand_size,
    score_hand,
)
from engine.rng import sim_random
from engine.sim.kachuful_play import basic_estimate, basic_rollout, closest_bid
from lab.cost import hook_deal_seconds
from lab.runner import unit_seed
from lab.stats import Estimate, mean, paired_difference, proportion

__all__ = ["HookCell", "HookStudy"]

_TRUMP = 0


@dataclass(frozen=True)
class HookCell:
    """One table size and hand size: how often the hook bites, misses per hand with and
    without it (and the change), the dealer's score minus the others' average."""

    players: int
    size: int
    deals: int
    bites: Estimate
    misses_with: Estimate
    misses_without: Estimate
    misses_change: Estimate
    dealer_edge_with: Estimate
    dealer_edge_without: Estimate
    dealer_with: Estimate
    others_with: Estimate


@dataclass(frozen=True)
class HookStudy:
    """``players``: table sizes; ``sizes``: hand sizes (``None``: every size 1..H of
    each table); ``scoring`` as the variant names it."""

    players: tuple[int, ...]
    sizes: tuple[int, ...] | None = None
    seed: int = 0
    scoring: str = "exact"

    def cells(self) -> list[tuple[int, int]]:
        out = []
        for n in self.players:
            top = max_hand_size(n, KachufulRules())
            for size in (self.sizes if self.sizes is not None else range(1, top + 1)):
                if 1 <= size <= top:
                    out.append((n, size))
        if not out:
            raise ValueError("no table and hand size to study")
        return out

    def unit_seconds(self) -> float:
        """CPU seconds of one deal (averaged over the cells), by :mod:`lab.cost`."""
        return hook_deal_seconds(self.cells())

    def simulate(self, start: int, count: int) -> list[tuple[int, ...]]:
        """Per deal: (cell, bites, misses with, misses without, dealer with, others'
        total with, dealer without, others' total without)."""
        cells = self.cells()
        rules_on = KachufulRules(scoring=self.scoring)
        rules_off = KachufulRules(scoring=self.scoring, hook_rule=False)
        out: list[tuple[int, ...]] = []
        for i in range(start, start + count):
            cell = i % len(cells)
            n, size = cells[cell]
            rng = sim_random(unit_seed(self.seed, i))
            deck = list(range(52))
            rng.shuffle(deck)
            hands = [deck[s * size:(s + 1) * size] for s in range(n)]
            dealer = n - 1
            every = list(range(size + 1))
            bids = [0] * n
            total = 0
            for s in range(dealer):
                bids[s] = closest_bid(every, basic_estimate(hands[s], _TRUMP, size, n))
                total += bids[s]
            est = basic_estimate(hands[dealer], _TRUMP, size, n)
            preferred = closest_bid(every, est)
            hooked_bid = closest_bid(legal_bids(size, (total,), True, rules_on), est)
            bites = hook_forbidden_bid((total,), size) == preferred
            row = [cell, int(bites)]
            results: list[list[int]] = []
            for dealer_bid, rules in ((hooked_bid, rules_on), (preferred, rules_off)):
                bids[dealer] = dealer_bid
                if results and dealer_bid == hooked_bid:
                    won = results[-1]
                else:
                    won = basic_rollout([list(h) for h in hands], bids, 0, _TRUMP, n)
                results.append(won)
                scores = [score_hand(bids[s], won[s], rules) for s in range(n)]
                misses = sum(1 for s in range(n) if won[s] != bids[s])
                row.extend([misses, scores[dealer], sum(scores) - scores[dealer]])
            # Reorder to (cell, bites, misses on, misses off, dealer on, others on, dealer
            # off, others off).
            out.append((row[0], row[1], row[2], row[5], row[3], row[4], row[6], row[7]))
        return out

    def summarize(self, rows: Sequence[Sequence[int]]) -> list[HookCell]:
        cells = self.cells()
        out = []
        for c, (n, size) in enumerate(cells):
            mine = [r for r in rows if r[0] == c]
            if len(mine) < 2:
                continue
            k = len(mine)
            on = [float(r[2]) for r in mine]
            off = [float(r[3]) for r in mine]
            edge_on = [r[4] - r[5] / (n - 1) for r in mine]
            edge_off = [r[6] - r[7] / (n - 1) for r in mine]
            out.append(HookCell(
                n, size, k, proportion(sum(r[1] for r in mine), k), mean(on), mean(off),
                paired_difference(on, off), mean(edge_on), mean(edge_off),
                mean([float(r[4]) for r in mine]), mean([r[5] / (n - 1) for r in mine])))
        return out
