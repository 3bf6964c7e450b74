"""Seeded, chunked simulation over the lab's process pool (:mod:`lab.pool`).

A *study* is a picklable value (a frozen dataclass of plain values) with a method
``simulate(start, count) -> list`` that returns one result per *unit* (a sampled deal, a
game) for the units ``start .. start+count-1``. Unit ``i`` draws its randomness only from
:func:`unit_seed` ``(study.seed, i)``, so the results are the same whatever the chunk sizes,
the number of processes or machines (:mod:`lab.ray_backend`), or whether a run was
stopped and resumed.

* :func:`run_batch` runs a range of units, split over ``workers`` processes of the shared
  pool (``workers=1`` runs in this process).
* :func:`run` runs ``total`` units batch by batch, calling ``on_progress(done, total)``
  after each batch and stopping early when ``should_stop()`` says so (a page's Stop
  button): the units finished so far are returned with ``stopped=True``.
* The pages' requests go through :mod:`lab.scheduler` (fair chunks, one job per visitor,
  a cancelled job's running chunks killed).

>>> from dataclasses import dataclass
>>> r = run(Squares(seed=1), total=10, batch=4)
>>> r.results == [i * i for i in range(10)], r.stopped
(True, False)

A study that also has ``tally(start, count)`` (a :class:`Mergeable` summary of a range,
e.g. the variant lab's :class:`~lab.studies.variant_lab.LabTally`) can be run by
:func:`run_tally`: each part returns its tally and only the merged tally is kept, so the
memory of a run does not grow with its number of units.

>>> run_tally(Squares(seed=1), total=10, batch=4)
SquaresTally(units=10, total=285)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import CancelledError
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Protocol, Self

from engine.rng import Rng
from lab.pool import default_workers, pool, shutdown_pool

__all__ = ["Mergeable", "Run", "Squares", "Study", "Tallied", "batches", "default_workers",
           "run", "run_batch", "run_tally", "simulate_part", "split", "SquaresTally", "tally_part", "unit_seed"]

_MASK = (1 << 64) - 1
#: What a pool that cannot start or broke raises (a sandbox without process support).
POOL_ERRORS = (BrokenProcessPool, CancelledError, OSError, RuntimeError)


class Study(Protocol):
    """What :func:`run` needs: a seed and one result per unit."""

    seed: int

    def simulate(self, start: int, count: int) -> list[Any]: ...


class Mergeable(Protocol):
    """A summary of some units that merges with another one's (associatively, so the
    parts of a study merged in any grouping give the summary of the whole)."""

    def merged(self, other: Self) -> Self: ...


class Tallied(Protocol):
    """A study that also summarises a range of units into a :class:`Mergeable` of bounded
    size (``tally(start, count)``), so a run of any size keeps bounded memory: what
    :func:`run_tally` and :func:`lab.ray_backend.tally_study` need."""

    @property
    def seed(self) -> int: ...

    def tally(self, start: int, count: int) -> Any: ...


def unit_seed(seed: int, index: int) -> int:
    """The 64-bit seed of unit ``index`` of a study seeded ``seed`` (SplitMix64 mixing,
    the same on every machine)."""
    return Rng((seed * 0x9E3779B97F4A7C15 + index * 0xD1B54A32D192ED03) & _MASK).next_u64()


def simulate_part(study: Study, start: int, count: int) -> tuple[list[Any], float]:
    """The results of one part and the CPU seconds the process spent on it."""
    began = time.process_time()
    results = study.simulate(start, count)
    return results, time.process_time() - began


def tally_part(study: Tallied, start: int, count: int) -> tuple[Any, float]:
    """The tally of one part and the CPU seconds the process spent on it."""
    began = time.process_time()
    tally = study.tally(start, count)
    return tally, time.process_time() - began


def split(start: int, count: int, parts: int) -> list[tuple[int, int]]:
    """``parts`` contiguous ranges covering ``start..start+count`` (none empty).

    >>> split(0, 10, 3)
    [(0, 4), (4, 3), (7, 3)]
    """
    parts = max(1, min(parts, count))
    size, extra = divmod(count, parts)
    out = []
    pos = start
    for k in range(parts):
        n = size + (1 if k < extra else 0)
        out.append((pos, n))
        pos += n
    return out


def run_batch(study: Study, start: int, count: int, workers: int = 1,
              cpu: list[float] | None = None) -> list[Any]:
    """The results of units ``start..start+count-1``, in order, over ``workers`` processes;
    the CPU seconds spent (in every process) are appended to ``cpu`` when given.

    A pool that cannot start or breaks (a sandbox without process support) falls back to
    this process: the results are the same.
    """
    if count <= 0:
        return []
    ranges = split(start, count, workers)
    if workers <= 1 or len(ranges) == 1:
        parts = [simulate_part(study, s, n) for s, n in ranges]
    else:
        try:
            shared = pool(workers)
            futures = [shared.schedule(simulate_part, (study, s, n)) for s, n in ranges]
            parts = [f.result() for f in futures]
        except POOL_ERRORS:
            shutdown_pool()
            parts = [simulate_part(study, s, n) for s, n in ranges]
    if cpu is not None:
        cpu.append(sum(seconds for _, seconds in parts))
    return [r for part, _ in parts for r in part]


def batches(total: int, batch: int) -> list[tuple[int, int]]:
    """The ``(start, count)`` of each batch of a run of ``total`` units."""
    if total < 0 or batch < 1:
        raise ValueError("a run has a non-negative total and positive batches")
    return [(s, min(batch, total - s)) for s in range(0, total, batch)]


@dataclass
class Run:
    """The results of a run: one per unit done, and whether it was stopped early."""

    total: int
    results: list[Any] = field(default_factory=list)
    stopped: bool = False
    #: CPU seconds spent by every process on the units (the machine may be shared).
    cpu_seconds: float = 0.0

    @property
    def done(self) -> int:
        return len(self.results)


def run(study: Study, total: int, batch: int = 200, workers: int = 1,
        on_progress: Callable[[int, int], None] | None = None,
        should_stop: Callable[[], bool] | None = None) -> Run:
    """Run ``total`` units in batches of ``batch`` (each split over ``workers``),
    reporting progress and checking ``should_stop`` between batches."""
    out = Run(total)
    for start, count in batches(total, batch):
        if should_stop is not None and should_stop():
            out.stopped = True
            break
        cpu: list[float] = []
        out.results.extend(run_batch(study, start, count, workers, cpu))
        out.cpu_seconds += sum(cpu)
        if on_progress is not None:
            on_progress(out.done, total)
    return out


def run_tally(study: Tallied, total: int, batch: int = 2_000, workers: int = 1,
              on_progress: Callable[[int, int], None] | None = None,
              cpu: list[float] | None = None) -> Any:
    """The tally of units ``0..total-1`` (``total`` at least 1): batch by batch, each batch
    split over ``workers`` processes of the shared pool, each part returning its tally and
    the driver merging them, so the driver holds one tally whatever ``total`` is."""
    if total < 1:
        raise ValueError("a tally needs at least one unit")
    merged: Any = None
    done = 0
    for start, count in batches(total, batch):
        ranges = split(start, count, workers)
        if workers <= 1 or len(ranges) == 1:
            parts = [tally_part(study, s, n) for s, n in ranges]
        else:
            try:
                shared = pool(workers)
                futures = [shared.schedule(tally_part, (study, s, n)) for s, n in ranges]
                parts = [f.result() for f in futures]
            except POOL_ERRORS:
                shutdown_pool()
                parts = [tally_part(study, s, n) for s, n in ranges]
        for tally, seconds in parts:
            merged = tally if merged is None else merged.merged(tally)
            if cpu is not None:
                cpu.append(seconds)
        done += count
        if on_progress is not None:
            on_progress(done, total)
    return merged


@dataclass(frozen=True)
class Squares:
    """A toy study for the doctest: unit i gives i*i."""

    seed: int

    def simulate(self, start: int, count: int) -> list[Any]:
        return [i * i for i in range(start, start + count)]

    def tally(self, start: int, count: int) -> SquaresTally:
        return SquaresTally(count, sum(i * i for i in range(start, start + count)))


@dataclass(frozen=True)
class SquaresTally:
    """The toy study's tally: how many units, and the sum of their squares."""

    units: int
    total: int

    def merged(self, other: SquaresTally) -> SquaresTally:
        return SquaresTally(self.units + other.units, self.total + other.total)
