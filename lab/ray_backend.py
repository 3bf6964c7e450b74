"""The same study API on one machine or on a Ray cluster: :func:`run_study`.

Without ``RULES_LAB_RAY_ADDRESS`` a study runs on this machine's pebble pool
(:func:`lab.runner.run`). With it, the units are split into Ray tasks of at least
:data:`MIN_TASK_UNITS` units each (a million games: 100 tasks of 10,000), each task
``study.simulate(start, count)`` on some node of the cluster; the results come back in
unit order, the same as on one machine (unit ``i`` draws only from ``unit_seed(seed, i)``).
The address is what ``ray.init`` takes: ``ray://head:10001`` for a remote cluster,
``auto`` for the cluster this machine belongs to, or ``local`` for a Ray started in this
process (the slow test does that).

Every unit's result coming back to the driver does not scale (a million variant-lab games
are two million game records): :func:`tally_study` runs a study that has
``tally(start, count)`` (:class:`lab.runner.Tallied`) so that each task returns only its
range's mergeable tally and the driver merges them as they arrive.

Ray is optional (``requirements-ray.txt``, or the ``ray`` extra of pyproject.toml): it is
imported only when a study is sent to it, and the site never needs it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from lab.runner import Study, Tallied, default_workers, run, run_tally, simulate_part, tally_part

__all__ = ["ENV_ADDRESS", "MIN_TASK_UNITS", "ray_address", "run_on_ray", "run_study",
           "tally_on_ray", "tally_study", "task_ranges"]

#: The environment variable naming the Ray cluster.
ENV_ADDRESS = "RULES_LAB_RAY_ADDRESS"
#: The fewest units a Ray task runs (a task costs scheduling and pickling: it must be
#: worth it).
MIN_TASK_UNITS = 10_000


def ray_address() -> str | None:
    """The cluster to use (``RULES_LAB_RAY_ADDRESS``), or ``None`` for this machine."""
    value = os.environ.get(ENV_ADDRESS, "").strip()
    return value or None


def task_ranges(total: int, min_units: int = MIN_TASK_UNITS,
                tasks: int | None = None) -> list[tuple[int, int]]:
    """``(start, count)`` of each task: ``tasks`` tasks when given, but none smaller than
    ``min_units`` (a total below it is one task); as equal as the division allows.

    >>> [c for _, c in task_ranges(1_000_000)][:2], len(task_ranges(1_000_000))
    ([10000, 10000], 100)
    >>> task_ranges(25_000), task_ranges(5, tasks=3)
    ([(0, 12500), (12500, 12500)], [(0, 5)])
    """
    if total < 0 or min_units < 1:
        raise ValueError("a run has a non-negative total and tasks of at least one unit")
    if total == 0:
        return []
    most = max(1, total // min_units)
    count = most if tasks is None else max(1, min(tasks, most))
    size, extra = divmod(total, count)
    out, pos = [], 0
    for k in range(count):
        n = size + (1 if k < extra else 0)
        out.append((pos, n))
        pos += n
    return out


def _connect(address: str) -> Any:
    import ray

    if not ray.is_initialized():
        if address == "local":
            ray.init(include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    return ray


def tally_on_ray(study: Tallied, total: int, address: str,
                 min_units: int = MIN_TASK_UNITS,
                 on_progress: Callable[[int, int], None] | None = None,
                 cpu: list[float] | None = None) -> Any:
    """The tally of units ``0..total-1`` of ``study`` (``total`` at least 1), computed as
    Ray tasks of at least ``min_units`` units on the cluster at ``address``: each task
    returns its tally (a value of bounded size), merged in the driver as it arrives, so
    the driver holds one tally and the refs of the tasks still running, whatever
    ``total`` is. The same tally as :func:`lab.runner.run_tally` (merging is exact and
    associative)."""
    if total < 1:
        raise ValueError("a tally needs at least one unit")
    ray = _connect(address)
    remote = ray.remote(tally_part)
    pending = {remote.remote(study, start, count): count
               for start, count in task_ranges(total, min_units)}
    merged: Any = None
    done = 0
    while pending:
        ready, _ = ray.wait(list(pending), num_returns=1)
        for ref in ready:
            done += pending.pop(ref)
            tally, seconds = ray.get(ref)
            del ref
            merged = tally if merged is None else merged.merged(tally)
            if cpu is not None:
                cpu.append(seconds)
            if on_progress is not None:
                on_progress(done, total)
    return merged


def tally_study(study: Tallied, total: int, workers: int | None = None,
                on_progress: Callable[[int, int], None] | None = None,
                cpu: list[float] | None = None) -> Any:
    """The tally of units ``0..total-1`` of ``study``: on the Ray cluster of
    ``RULES_LAB_RAY_ADDRESS`` when it is set, else on this machine's pool; the driver's
    memory does not grow with ``total`` either way."""
    address = ray_address()
    if address is not None:
        return tally_on_ray(study, total, address, on_progress=on_progress, cpu=cpu)
    workers = workers or default_workers()
    batch = max(workers, min(20_000, total // max(1, 4 * workers) or 1))
    return run_tally(study, total, batch=batch, workers=workers, on_progress=on_progress,
                     cpu=cpu)


def run_on_ray(study: Study, total: int, address: str,
               min_units: int = MIN_TASK_UNITS,
               on_progress: Callable[[int, int], None] | None = None,
               cpu: list[float] | None = None) -> list[Any]:
    """The results of units ``0..total-1`` of ``study``, computed as Ray tasks of at
    least ``min_units`` units on the cluster at ``address`` (each task's CPU seconds
    appended to ``cpu`` when given). Every unit's result comes back to the driver: for
    large studies use :func:`tally_on_ray`."""
    ray = _connect(address)
    remote = ray.remote(simulate_part)
    ranges = task_ranges(total, min_units)
    pending = {remote.remote(study, start, count): start for start, count in ranges}
    parts: dict[int, list[Any]] = {}
    done = 0
    while pending:
        ready, _ = ray.wait(list(pending), num_returns=1)
        for ref in ready:
            start = pending.pop(ref)
            results, seconds = ray.get(ref)
            parts[start] = results
            if cpu is not None:
                cpu.append(seconds)
            done += len(results)
            if on_progress is not None:
                on_progress(done, total)
    return [r for start, _count in ranges for r in parts[start]]


def run_study(study: Study, total: int, workers: int | None = None,
              on_progress: Callable[[int, int], None] | None = None,
              cpu: list[float] | None = None) -> list[Any]:
    """The results of units ``0..total-1`` of ``study``: on the Ray cluster of
    ``RULES_LAB_RAY_ADDRESS`` when it is set, else on this machine's pool (the CPU
    seconds of the work appended to ``cpu`` when given)."""
    address = ray_address()
    if address is not None:
        return run_on_ray(study, total, address, on_progress=on_progress, cpu=cpu)
    workers = workers or default_workers()
    batch = max(workers, min(2_000, total // max(1, 4 * workers) or 1))
    done = run(study, total, batch=batch, workers=workers, on_progress=on_progress)
    if cpu is not None:
        cpu.append(done.cpu_seconds)
    return done.results
