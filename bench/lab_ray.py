"""Benchmark: a variant-lab study of the usual Kachuful rules (A = B, four basic bots) run
as mergeable tallies through the Ray path (:func:`lab.ray_backend.tally_study`), on a Ray
started in this process (``RULES_LAB_RAY_ADDRESS=local``) unless the variable names
another cluster.

Prints the wall time, the CPU seconds of the tasks, games per second, the size of the
merged tally the driver holds (pickled) and the driver's peak resident memory, as
``BENCH lab_ray.<name> <value> <unit>`` lines, and the figures of the summary.

    nice -n 10 .venv/bin/python bench/lab_ray.py --games 100000 [--cpus 2] [--seed 2026]
"""

from __future__ import annotations

import argparse
import os
import pickle
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lab import ray_backend  # noqa: E402
from lab.studies.variant_lab import VariantLabStudy  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--cpus", type=int, default=2, help="CPUs of the local Ray")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    address = os.environ.setdefault(ray_backend.ENV_ADDRESS, "local")
    if address == "local":
        import ray

        ray.init(num_cpus=args.cpus, include_dashboard=False, log_to_driver=False)
    study = VariantLabStudy("kachuful", ("basic",) * 4, {}, {}, args.seed)
    cpu: list[float] = []
    began = time.monotonic()
    last = [began]

    def progress(done: int, total: int) -> None:
        if time.monotonic() - last[0] > 30 or done == total:
            last[0] = time.monotonic()
            print(f"# {done}/{total} games, {last[0] - began:.0f} s", flush=True)

    tally = ray_backend.tally_study(study, args.games, on_progress=progress, cpu=cpu)
    wall = time.monotonic() - began
    summary = tally.summary()
    print(f"BENCH lab_ray.games {summary.games} games")
    print(f"BENCH lab_ray.tasks {len(cpu)} tasks")
    print(f"BENCH lab_ray.wall {wall:.1f} s")
    print(f"BENCH lab_ray.task_cpu {sum(cpu):.1f} s")
    print(f"BENCH lab_ray.rate {summary.games / wall:.1f} games/s")
    print(f"BENCH lab_ray.tally_bytes {len(pickle.dumps(tally))} bytes")
    print(f"BENCH lab_ray.driver_peak_rss {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    for f in summary.figures:
        print(f"# {f.key}: A {f.a.value:.4f} [{f.a.low:.4f}, {f.a.high:.4f}]"
              f"  B-A {f.diff.value:.4f} (n={f.a.n})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
