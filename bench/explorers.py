"""Benchmark: the Explore pages' simulations, timed as the pages run them.

* ``explorer.hand_odds_s`` — hand odds of a 13-card hand (4 players, spades trump, first to
  bid) with 2,000 sampled deals, every bid played out with basic play (target < 3 s);
* ``explorer.variant_lab.kachuful_s`` — 500 four-player Kachuful games of basic bots on the
  ``down-up`` schedule under each of two rule sets (the house rules, and no hook) (< 60 s);
* ``explorer.variant_lab.krypkasino_s`` — 200 four-player Krypkasino deals under each of two
  rule sets (the house rules and no forced sweep, one deal a game) (< 30 s).

Each is run through :func:`lab.runner.run` on ``--workers`` processes (the shared
pool, started once before timing, as a page's server keeps it) and reported as the
median of ``--runs`` runs: wall-clock seconds (``BENCH <name> <v> s``) and, because the
machine may be shared, the CPU seconds of every process (``BENCH <name>.cpu <v> s``).
The first, cold run (pool start included) is printed as ``<name>.cold``.

    python bench/explorers.py [--runs 3] [--workers 2]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.cards import parse_cards  # noqa: E402
from engine.kachuful.rules import KachufulRules  # noqa: E402
from lab.runner import run, shutdown_pool  # noqa: E402
from lab.studies.hand_odds import HandOddsStudy  # noqa: E402
from lab.studies.variant_lab import VariantLabStudy  # noqa: E402

HAND = ["AS", "KS", "9S", "4S", "AH", "QH", "7H", "KD", "JD", "5D", "3D", "8C", "2C"]
TARGETS = {"explorer.hand_odds_s": 3.0, "explorer.variant_lab.kachuful_s": 60.0,
           "explorer.variant_lab.krypkasino_s": 30.0}


def studies() -> list[tuple[str, Any, int, int]]:
    """(name, study, units, batch) of each benchmark."""
    hand = tuple(c.index for c in parse_cards(HAND))
    return [
        ("explorer.hand_odds_s", HandOddsStudy(hand, 0, 4, 0, KachufulRules(), seed=1), 2000,
         2000),
        ("explorer.variant_lab.kachuful_s",
         VariantLabStudy("kachuful", ("basic",) * 4, {}, {"hook_rule": False}, seed=1), 500,
         500),
        ("explorer.variant_lab.krypkasino_s",
         VariantLabStudy("krypkasino", ("basic",) * 4, {"session": 1},
                         {"session": 1, "forced_sweep": False}, seed=1), 200, 200),
    ]


def timed(study: Any, units: int, batch: int, workers: int) -> tuple[float, float]:
    began = time.perf_counter()
    result = run(study, units, batch=batch, workers=workers)
    wall = time.perf_counter() - began
    assert result.done == units
    study.summarize(result.results)
    return wall, result.cpu_seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(f"# workers {args.workers}, median of {args.runs} runs")
    failed = []
    for name, study, units, batch in studies():
        shutdown_pool()
        cold_wall, cold_cpu = timed(study, units, batch, args.workers)
        print(f"BENCH {name}.cold {cold_wall:.2f} s")
        walls, cpus = [cold_wall], [cold_cpu]
        for _ in range(args.runs - 1):
            wall, cpu = timed(study, units, batch, args.workers)
            walls.append(wall)
            cpus.append(cpu)
        wall = statistics.median(walls[1:] or walls)
        cpu = statistics.median(cpus)
        print(f"BENCH {name} {wall:.2f} s")
        print(f"BENCH {name}.cpu {cpu:.2f} s")
        if cpu / args.workers > TARGETS[name]:
            failed.append(name)
    shutdown_pool()
    if failed:
        print(f"# over target even in CPU time per worker: {', '.join(failed)}")


if __name__ == "__main__":
    main()
