"""Benchmark: the per-unit CPU costs behind engine/sim/cost.py, measured beside the model.

For each case it times whole units with ``time.process_time()`` in this process (one
core) and prints ``BENCH cost.<case> <measured> s`` and ``BENCH cost.<case>.model <model>
s``, and the ratio model/measured (the model is meant to be at or above 1: rounded up).
The grid is the one the constants were fitted on (docs/explorers.md, "Bounded work"):

* Kachuful games, one strong seat and the others basic, hands 1..s (``schedule=up``), for
  3, 4, 6, 8 players; all-basic and all-random games on the fast path;
* Krypkasino, one deal, one strong seat and the others basic, all basic, all random, for
  2..6 players;
* hand odds samples, basic and strong, 2..13 cards; hook deals for several table sizes.

    python bench/sim_costs.py [--quick]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.kachuful.rules import KachufulRules  # noqa: E402
from lab.studies.hand_odds import HandOddsStudy  # noqa: E402
from lab.studies.hook import HookStudy  # noqa: E402
from lab.studies.progression import ProgressionStudy  # noqa: E402


def per_unit(study: Any, units: int) -> float:
    began = time.process_time()
    study.simulate(0, units)
    return (time.process_time() - began) / units


def report(name: str, measured: float, model: float) -> float:
    ratio = model / measured if measured > 0 else float("inf")
    print(f"BENCH cost.{name} {measured:.6f} s")
    print(f"BENCH cost.{name}.model {model:.6f} s   (model/measured {ratio:.2f})", flush=True)
    return ratio


def cases(quick: bool) -> list[tuple[str, Callable[[], Any], int]]:
    out: list[tuple[str, Callable[[], Any], int]] = []
    sizes = (2, 5) if quick else (1, 2, 3, 5, 8)
    for n in (3, 4, 6, 8):
        for s in sizes:
            if s * n > 52:
                continue
            lineup = ("strong",) + ("basic",) * (n - 1)
            out.append((f"kachuful.strong1.n{n}.s{s}",
                        lambda n=n, s=s, lineup=lineup: ProgressionStudy(
                            "kachuful", lineup, {"schedule": "up", "max_cards": s}, 1), 2))
    for n in (3, 4, 8):
        for level in ("random", "basic"):
            out.append((f"kachuful.{level}.n{n}",
                        lambda n=n, level=level: ProgressionStudy(
                            "kachuful", (level,) * n, {}, 1), 20))
    for n in (2, 3, 4, 5, 6) if not quick else (2, 6):
        out.append((f"krypkasino.strong1.n{n}",
                    lambda n=n: ProgressionStudy("krypkasino", ("strong",) + ("basic",) * (n - 1),
                                                 {"session": 1}, 1), 2))
        for level in ("random", "basic"):
            out.append((f"krypkasino.{level}.n{n}",
                        lambda n=n, level=level: ProgressionStudy(
                            "krypkasino", (level,) * n, {"session": 1}, 1), 10))
    for n in (3, 4, 8):
        for s in (2, 5, 8, 13):
            if s * n > 52:
                continue
            for level, units in (("basic", 200), ("strong", 3)):
                out.append((f"hand_odds.{level}.n{n}.s{s}",
                            lambda n=n, s=s, level=level: HandOddsStudy(
                                tuple(range(s)), 0, n, 1, KachufulRules(), 1, level), units))
    for players in ((3,), (4,), (7,), (3, 4, 5, 6, 7)):
        out.append((f"hook.{'-'.join(map(str, players))}",
                    lambda players=players: HookStudy(players, None, 1),
                    20 * len(HookStudy(players, None, 1).cells())))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smaller grid")
    args = parser.parse_args()
    low = []
    for name, make, units in cases(args.quick):
        study = make()
        ratio = report(name, per_unit(study, units), study.unit_seconds())
        if ratio < 1:
            low.append((name, ratio))
    print("model below measurement:", ", ".join(f"{n} ({r:.2f})" for n, r in low) or "none")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
