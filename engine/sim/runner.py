"""Seeded, chunked simulation over a process pool.

A *study* is a picklable value (a frozen dataclass of plain values) with a method
``simulate(start, count) -> list`` that returns one result per *unit* (a sampled deal, a
game) for the units ``start .. start+count-1``. Unit ``i`` draws its randomness only from
:func:`unit_seed` ``(study.seed, i)``, so the results are the same whatever the chunk sizes,
the number of processes, or whether a run was stopped and resumed.

* :func:`run_batch` runs a range of units, split over ``workers`` processes of one shared
  pool (created once, reused; ``workers=1`` runs in this process).
* :func:`run` runs ``total`` units batch by batch, calling ``on_progress(done, total)``
  after each batch and stopping early when ``should_stop()`` says so (a page's Stop
  button): the units finished so far are returned with ``stopped=True``.

>>> from dataclasses import dataclass
>>> r = run(_Squares(seed=1), total=10, batch=4)
>>> r.results == [i * i for i in range(10)], r.stopped
(True, False)
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.rng import Rng

__all__ = ["Run", "Study", "default_workers", "run", "run_batch", "shutdown_pool", "unit_seed",
           "batches"]

_MASK = (1 << 64) - 1


class Study(Protocol):
    """What :func:`run` needs: a seed and one result per unit."""

    seed: int

    def simulate(self, start: int, count: int) -> list[Any]: ...


def unit_seed(seed: int, index: int) -> int:
    """The 64-bit seed of unit ``index`` of a study seeded ``seed`` (SplitMix64 mixing,
    the same on every machine)."""
    return Rng((seed * 0x9E3779B97F4A7C15 + index * 0xD1B54A32D192ED03) & _MASK).next_u64()


def default_workers() -> int:
    """Processes to use: the machine's cores, at most 2 (the development machine's)."""
    return max(1, min(2, os.cpu_count() or 1))


_POOL: ProcessPoolExecutor | None = None
_POOL_SIZE = 0
#: Page runs of several visitors share the pool from different threads.
_POOL_LOCK = threading.Lock()


def _pool(workers: int) -> ProcessPoolExecutor:
    """The shared pool (``forkserver``: safe from a threaded server), grown on demand."""
    global _POOL, _POOL_SIZE
    with _POOL_LOCK:
        if _POOL is None or _POOL_SIZE < workers:
            _shutdown()
            method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() \
                else "spawn"
            context = multiprocessing.get_context(method)
            _POOL = ProcessPoolExecutor(max_workers=workers, mp_context=context)
            _POOL_SIZE = workers
        return _POOL


def _shutdown() -> None:
    global _POOL, _POOL_SIZE
    if _POOL is not None:
        _POOL.shutdown(wait=False, cancel_futures=True)
    _POOL = None
    _POOL_SIZE = 0


def shutdown_pool() -> None:
    """Stop the shared pool's processes (at exit, or to free the cores)."""
    with _POOL_LOCK:
        _shutdown()


atexit.register(shutdown_pool)


def _simulate(job: tuple[Study, int, int]) -> tuple[list[Any], float]:
    """The results of one part and the CPU seconds the process spent on it."""
    study, start, count = job
    began = time.process_time()
    results = study.simulate(start, count)
    return results, time.process_time() - began


def _split(start: int, count: int, parts: int) -> list[tuple[int, int]]:
    """``parts`` contiguous ranges covering ``start..start+count`` (none empty)."""
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
    jobs = [(study, s, n) for s, n in _split(start, count, workers)]
    if workers <= 1 or len(jobs) == 1:
        parts = [_simulate(job) for job in jobs]
    else:
        try:
            parts = list(_pool(workers).map(_simulate, jobs))
        except (BrokenProcessPool, OSError, RuntimeError):
            shutdown_pool()
            parts = [_simulate(job) for job in jobs]
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


@dataclass(frozen=True)
class _Squares:
    """A toy study for the doctest: unit i gives i*i."""

    seed: int

    def simulate(self, start: int, count: int) -> list[Any]:
        return [i * i for i in range(start, start + count)]


def concat(parts: Sequence[Sequence[Any]]) -> list[Any]:
    """Batches' results joined in order."""
    return [r for part in parts for r in part]
