"""Seeded, reproducible simulation for the explorers (standard library only).

* :mod:`engine.sim.stats` — :class:`Estimate` (value, 95% interval, sample size):
  :func:`proportion` (Wilson), :func:`mean` (Student t), :func:`difference` (Welch),
  :func:`paired_difference`, :func:`proportion_difference` (paired, Newcombe).
* :mod:`engine.sim.runner` — studies run in chunks over a shared process pool:
  :func:`run` (progress callback, stop flag), :func:`run_batch`, :func:`unit_seed`.
* :mod:`engine.sim.kachuful_play` — Kachuful random/basic bots on a fast int path
  (parity with the bots through the public API is tested).
* :mod:`engine.sim.games` — whole games of a line-up, round by round, for both games.
* Studies (picklable; ``simulate(start, count)`` and ``summarize(results)``):
  :class:`HandOddsStudy`, :class:`HookStudy`, :class:`VariantLabStudy`,
  :class:`ProgressionStudy`; and :func:`sweep_danger` (exact, no sampling).
"""

from engine.sim.games import GameRecord, kachuful_game, krypkasino_game
from engine.sim.hand_odds import BidOdds, HandOdds, HandOddsStudy, one_card_exact
from engine.sim.hook import HookCell, HookStudy
from engine.sim.progression import ProgressionStudy, leader_lines, lines
from engine.sim.runner import Run, default_workers, run, run_batch, unit_seed
from engine.sim.stats import (
    Estimate,
    difference,
    mean,
    paired_difference,
    proportion,
    proportion_difference,
)
from engine.sim.sweep_danger import Danger, Option, sweep_danger
from engine.sim.variant_lab import Figure, LabSummary, VariantLabStudy, rules_of

__all__ = [
    "BidOdds", "Danger", "Estimate", "Figure", "GameRecord", "HandOdds", "HandOddsStudy",
    "HookCell", "HookStudy", "LabSummary", "Option", "ProgressionStudy", "Run",
    "VariantLabStudy", "default_workers", "difference", "kachuful_game", "krypkasino_game",
    "leader_lines", "lines", "mean", "one_card_exact", "paired_difference", "proportion",
    "proportion_difference", "rules_of", "run", "run_batch", "sweep_danger", "unit_seed",
]
