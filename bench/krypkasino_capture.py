"""Benchmark: the Krypkasino capture solver on random tables, against the brute force.

Tables of 8, 16, 24 and 32 cards are drawn from the two decks (values 1..13, aces as 1;
face cards can lie on the table mid-lot), and every played value 2..14 (an ace from the
hand is 14) is asked the three questions a turn needs: does a sweep exist, how many cards
does a maximum collection hold, and which is the first maximum collection. Each call is
timed cold (the solver's memo tables emptied first; only the per-value list of possible
groups, which depends on no table, is kept). CPU time of this process is measured, so
other work on the machine does not inflate the figures.

Prints ``BENCH <name> <value> <unit>`` lines; each figure is the median over several runs:

* ``capture.median_ms.N`` / ``capture.worst_ms.N`` — per call, N table cards;
* ``capture.speedup.N`` — brute-force time / solver time on the same calls (8 and 16
  cards: the brute force enumerates 2^N subsets and does not finish in reasonable time
  beyond that).

    python bench/krypkasino_capture.py [--tables 60] [--runs 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.cards import Card, double_deck  # noqa: E402
from engine.krypkasino import capture  # noqa: E402
from engine.krypkasino.bruteforce import brute_maximum, brute_sweeps  # noqa: E402

VALUES = range(2, 15)
clock = time.process_time


def solve(v: int, table: list[Card]) -> tuple[bool, int, tuple[Card, ...]]:
    """The three questions of a turn, through the public card-level functions."""
    return (capture.sweep_exists(v, table), capture.max_capture_size(v, table),
            capture.first_maximum(v, table))


def time_solver(tables: list[list[Card]]) -> list[float]:
    times = []
    for table in tables:
        for v in VALUES:
            capture.clear_caches(keep_groups=True)
            t0 = clock()
            solve(v, table)
            times.append(clock() - t0)
    return times


def time_brute(tables: list[list[Card]]) -> list[float]:
    times = []
    for table in tables:
        for v in VALUES:
            t0 = clock()
            brute_sweeps(v, table)
            brute_maximum(v, table)
            times.append(clock() - t0)
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=60, help="random tables per size and run")
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (median)")
    parser.add_argument("--brute-tables", type=int, default=2,
                        help="tables per run for the brute force at 16 cards (slow)")
    args = parser.parse_args(argv)
    deck = double_deck()
    for v in VALUES:  # build the per-value group lists once, as a running game has them
        capture.max_capture_size(v, [])
    for size in (8, 16, 24, 32):
        medians, worsts, speedups = [], [], []
        for run in range(args.runs):
            rnd = random.Random(1000 * size + run)
            tables = [rnd.sample(deck, size) for _ in range(args.tables)]
            times = time_solver(tables)
            medians.append(statistics.median(times) * 1e3)
            worsts.append(max(times) * 1e3)
            if size <= 16:
                few = tables[: (args.tables if size == 8 else args.brute_tables)]
                brute = sum(time_brute(few))
                solver = sum(time_solver(few))
                speedups.append(brute / solver)
        print(f"BENCH capture.median_ms.{size} {statistics.median(medians):.4f} ms", flush=True)
        print(f"BENCH capture.worst_ms.{size} {statistics.median(worsts):.3f} ms", flush=True)
        if speedups:
            print(f"BENCH capture.speedup.{size} {statistics.median(speedups):.0f} x", flush=True)


if __name__ == "__main__":
    main()
