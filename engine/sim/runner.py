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
* :class:`Scheduler` (one per server: :func:`scheduler`) runs the pages' requests as
  :class:`Job` s: small chunks (about :data:`CHUNK_CPU_S` of CPU each) handed to the pool's
  workers round-robin over the running jobs, so a second visitor's light request starts
  within a chunk; one job per owner (a visitor's session), a new one cancels the old; a
  cancelled job's queued chunks are dropped at once and, should one of its chunks still
  run :data:`GRACE_S` later, the workers are killed and the pool started anew; a job
  stops (``cut``) before a chunk that would take its CPU past its cap, at the CPU per unit
  measured so far. Workers run at a lower priority (``nice``) than the
  server, so pages stay responsive while they compute.

>>> from dataclasses import dataclass
>>> r = run(_Squares(seed=1), total=10, batch=4)
>>> r.results == [i * i for i in range(10)], r.stopped
(True, False)
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import multiprocessing
import multiprocessing.context as mp_context
import os
import signal
import sys
import threading
import time
import types
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import CancelledError, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.rng import Rng

__all__ = ["CHUNK_CPU_S", "GRACE_S", "Job", "Run", "Scheduler", "Study", "batches",
           "chunk_units", "default_workers", "run", "run_batch", "scheduler", "shutdown_pool",
           "unit_seed", "worker_pids"]

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


#: How much lower the workers' priority is than the server's (``os.nice``).
WORKER_NICE = 10


def _init_worker() -> None:
    """Each worker: a lower CPU priority, and no ^C traceback when the server stops."""
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICE)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _pool(workers: int) -> ProcessPoolExecutor:
    """The shared pool (``forkserver``: safe from a threaded server), grown on demand."""
    global _POOL, _POOL_SIZE
    with _POOL_LOCK:
        if _POOL is None or _POOL_SIZE < workers:
            _shutdown()
            forkserver = "forkserver" in multiprocessing.get_all_start_methods()
            context = _ForkServerContext() if forkserver else _SpawnContext()
            _POOL = ProcessPoolExecutor(max_workers=workers, mp_context=context,
                                        initializer=_init_worker)
            _POOL_SIZE = workers
        return _POOL


@contextlib.contextmanager
def _stand_in_main() -> Iterator[None]:
    """A stand-in ``__main__`` (no file, no spec) while a worker process is started.

    A spawned or forkserver worker first runs the parent's ``__main__`` again (as
    ``__mp_main__``). Under ``streamlit run`` that module is the app script, so every
    worker would run the whole site in bare mode before its first task (and break with
    it); with the stand-in the workers leave ``__main__`` alone.
    """
    main = sys.modules.get("__main__")
    stand_in = types.ModuleType("__main__")
    stand_in.__spec__ = None
    sys.modules["__main__"] = stand_in
    try:
        yield
    finally:
        if sys.modules.get("__main__") is stand_in and main is not None:
            sys.modules["__main__"] = main


class _ForkServerWorker(mp_context.ForkServerProcess):
    def start(self) -> None:
        with _stand_in_main():
            super().start()


class _ForkServerContext(mp_context.ForkServerContext):
    Process = _ForkServerWorker


class _SpawnWorker(mp_context.SpawnProcess):
    def start(self) -> None:
        with _stand_in_main():
            super().start()


class _SpawnContext(mp_context.SpawnContext):
    Process = _SpawnWorker


def worker_pids() -> list[int]:
    """The process ids of the shared pool's workers (none before the pool starts)."""
    with _POOL_LOCK:
        if _POOL is None:
            return []
        processes = getattr(_POOL, "_processes", None) or {}
        return sorted(int(pid) for pid in processes)


def _kill_pool(pool: ProcessPoolExecutor) -> None:
    """Kill ``pool``'s workers at once (their chunks are lost) and forget the pool, so
    the next request starts a fresh one. The executor's own API has no way to stop a
    running task; its ``_processes`` map is the documented-in-source way to reach them."""
    global _POOL, _POOL_SIZE
    with _POOL_LOCK:
        processes = list((getattr(pool, "_processes", None) or {}).values())
        for process in processes:
            with contextlib.suppress(Exception):
                process.kill()
        if _POOL is pool:
            _POOL = None
            _POOL_SIZE = 0
    with contextlib.suppress(Exception):
        pool.shutdown(wait=False, cancel_futures=True)


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


#: A chunk's target CPU seconds: how late a cancelled job's last chunk may end, and how
#: long a second visitor's first chunk may wait for a worker.
CHUNK_CPU_S = 0.25
#: A cancelled job's chunk still running this long after the cancel gets its worker
#: killed (the pool is started anew).
GRACE_S = 1.0
#: Chunks of a job that may be lost to a broken pool (another job's killed workers) and
#: queued again before the job fails.
MAX_RETRIES = 8


def chunk_units(unit_seconds: float, total: int, workers: int = 2, steps: int = 16) -> int:
    """Units per chunk: about :data:`CHUNK_CPU_S` of CPU (at least one unit), and no more
    than a ``steps``-th of the run so the progress bar moves.

    >>> chunk_units(0.001, 5000), chunk_units(2.0, 10), chunk_units(0.0001, 100)
    (250, 1, 7)
    """
    by_cost = max(1, int(CHUNK_CPU_S / unit_seconds)) if unit_seconds > 0 else total
    return max(1, min(by_cost, -(-total // steps)))


class Job:
    """One request run by a :class:`Scheduler`: units ``start .. total-1`` of ``study``
    in chunks of ``chunk``. ``results()`` gives the contiguous units done so far (with the
    ``prefix`` it was started with); ``wait`` blocks until it ends or a timeout."""

    def __init__(self, ident: int, owner: str, study: Study, total: int, chunk: int,
                 start: int = 0, prefix: Sequence[Any] = (), cap: float | None = None,
                 tag: str = "") -> None:
        self.ident = ident
        self.owner = owner
        self.tag = tag
        self.study = study
        self.total = total
        self.chunk = max(1, chunk)
        self.cap = cap
        self._prefix = list(prefix)
        self._parts: dict[int, list[Any]] = {}
        self._queue: list[tuple[int, int]] = [(s, n) for s, n in
                                              _ranges(start, total, self.chunk)]
        self._contiguous = start
        self.running: dict[int, float] = {}  # chunk start -> time sent to a worker
        self._running_units: dict[int, int] = {}
        self.cpu_seconds = 0.0
        self.units_run = 0
        self.cancelled_at: float | None = None
        self.retries = 0
        self.cut = False
        self.error: BaseException | None = None
        self._ended = threading.Event()
        if not self._queue:
            self._ended.set()

    # -- read by the page's thread ---------------------------------------------------

    @property
    def done(self) -> int:
        """Units done, contiguous from unit 0."""
        return self._contiguous

    @property
    def finished(self) -> bool:
        """Every unit done (not cancelled, cut or failed)."""
        return self._ended.is_set() and self._contiguous >= self.total

    @property
    def ended(self) -> bool:
        return self._ended.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Until the job ends (True) or ``timeout`` seconds pass (False)."""
        return self._ended.wait(timeout)

    def results(self) -> list[Any]:
        """The results of units 0 .. done-1, in order."""
        out = list(self._prefix)
        pos = len(out)
        while pos in self._parts:
            out.extend(self._parts[pos])
            pos += len(self._parts[pos])
        return out

    # -- kept by the scheduler (under its lock) ------------------------------------

    def _advance(self) -> None:
        pos = self._contiguous
        while pos in self._parts:
            pos += len(self._parts[pos])
        self._contiguous = pos
        if pos >= self.total or (not self._queue and not self.running):
            self._ended.set()

    def _over_cap(self, count: int) -> bool:
        """Whether running ``count`` more units would take the job past its cap, at the
        CPU per unit measured so far (the chunks in the pool included)."""
        if self.cap is None or self.units_run == 0:
            return False
        per_unit = self.cpu_seconds / self.units_run
        coming = sum(self._running_units.values()) + count
        return self.cpu_seconds + coming * per_unit > self.cap

    def _stop(self) -> None:
        self._queue.clear()
        if not self.running:
            self._ended.set()


def _ranges(start: int, total: int, chunk: int) -> list[tuple[int, int]]:
    return [(s, min(chunk, total - s)) for s in range(start, total, chunk)]


class Scheduler:
    """Runs :class:`Job` s fairly over ``workers`` processes of the shared pool (see the
    module docstring). Thread-safe; the pool's result callbacks feed the next chunks, and
    a watchdog thread kills the workers of a cancelled job that overruns :data:`GRACE_S`.
    """

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or default_workers()
        self._lock = threading.RLock()
        self._jobs: dict[int, Job] = {}
        self._ids = itertools.count(1)
        self._turn = 0
        self._in_flight: dict[Future[Any], tuple[Job, int, ProcessPoolExecutor]] = {}
        self._watchdog: threading.Thread | None = None

    def submit(self, study: Study, total: int, owner: str, chunk: int, start: int = 0,
               prefix: Sequence[Any] = (), cap: float | None = None, tag: str = "") -> Job:
        """A new job for ``owner``; any job ``owner`` still has is cancelled first (one
        running simulation per visitor). ``tag`` is the caller's name for the request."""
        with self._lock:
            for old in [j for j in self._jobs.values() if j.owner == owner]:
                self._cancel(old)
            job = Job(next(self._ids), owner, study, total, chunk, start, prefix, cap, tag)
            if not job.ended:
                self._jobs[job.ident] = job
            self._fill()
            return job

    def cancel(self, job: Job) -> None:
        """Stop ``job``: no new chunk starts; running ones end or are killed."""
        with self._lock:
            self._cancel(job)

    def jobs(self, owner: str | None = None) -> list[Job]:
        """The jobs running and not cancelled (of ``owner`` when given)."""
        with self._lock:
            return [j for j in self._jobs.values() if j.cancelled_at is None
                    and (owner is None or j.owner == owner)]

    def busy_workers(self) -> int:
        """Chunks running in the pool now."""
        with self._lock:
            return len(self._in_flight)

    # -- internals ---------------------------------------------------------------------

    def _cancel(self, job: Job) -> None:
        if job.cancelled_at is None:
            job.cancelled_at = time.monotonic()
        job._stop()
        if job.ended:
            self._jobs.pop(job.ident, None)
        else:
            self._start_watchdog()

    def _next_job(self) -> Job | None:
        """The next job with a queued chunk, round-robin over the jobs."""
        waiting = [j for j in self._jobs.values() if j._queue]
        if not waiting:
            return None
        self._turn = (self._turn + 1) % len(waiting)
        return waiting[self._turn]

    def _fill(self) -> None:
        while len(self._in_flight) < self.workers:
            job = self._next_job()
            if job is None:
                return
            start, count = job._queue.pop(0)
            if job._over_cap(count):
                job.cut = True
                job._stop()
                if job.ended:
                    self._jobs.pop(job.ident, None)
                continue
            try:
                pool = _pool(self.workers)
                future = pool.submit(_simulate, (job.study, start, count))
            except (BrokenProcessPool, OSError, RuntimeError) as exc:
                shutdown_pool()
                self._finish_here(job, start, count, exc)
                continue
            job.running[start] = time.monotonic()
            job._running_units[start] = count
            self._in_flight[future] = (job, start, pool)
            future.add_done_callback(self._on_done)

    def _finish_here(self, job: Job, start: int, count: int, exc: BaseException) -> None:
        """No pool (a sandbox without processes): run the chunk in this thread."""
        del exc
        try:
            results, cpu = _simulate((job.study, start, count))
        except Exception as error:  # noqa: BLE001 - handed to the page
            job.error = error
            job._stop()
        else:
            self._store(job, start, results, cpu)

    def _store(self, job: Job, start: int, results: list[Any], cpu: float) -> None:
        job.running.pop(start, None)
        job._running_units.pop(start, None)
        if job.cancelled_at is None:
            job._parts[start] = results
            job.cpu_seconds += cpu
            job.units_run += len(results)
            if job.cap is not None and job.cpu_seconds > job.cap:
                job.cut = True
                job._stop()
        job._advance()
        if job.ended:
            self._jobs.pop(job.ident, None)

    def _on_done(self, future: Future[Any]) -> None:
        with self._lock:
            entry = self._in_flight.pop(future, None)
            if entry is None:
                return
            job, start, _pool_used = entry
            try:
                results, cpu = future.result()
            except (BrokenProcessPool, CancelledError, OSError, RuntimeError) as exc:
                job.running.pop(start, None)
                job._running_units.pop(start, None)
                if job.cancelled_at is None:  # killed for another job: do it again
                    count = min(job.chunk, job.total - start)
                    if isinstance(exc, (BrokenProcessPool, CancelledError)) and \
                            job.retries < MAX_RETRIES:
                        job.retries += 1
                        job._queue.insert(0, (start, count))
                    else:
                        job.error = exc
                        job._stop()
                job._advance()
                if job.ended:
                    self._jobs.pop(job.ident, None)
            except BaseException as exc:  # noqa: BLE001 - the study's own error
                job.running.pop(start, None)
                job._running_units.pop(start, None)
                job.error = exc
                job._stop()
                job._advance()
                self._jobs.pop(job.ident, None)
            else:
                self._store(job, start, results, cpu)
            self._fill()

    def _start_watchdog(self) -> None:
        if self._watchdog is None or not self._watchdog.is_alive():
            self._watchdog = threading.Thread(target=self._watch, name="sim-watchdog",
                                              daemon=True)
            self._watchdog.start()

    def _watch(self) -> None:
        """Kill the pool when a cancelled job's chunk runs past the grace time."""
        while True:
            time.sleep(0.1)
            with self._lock:
                late = [(job, pool) for job, _start, pool in self._in_flight.values()
                        if job.cancelled_at is not None
                        and time.monotonic() - job.cancelled_at > GRACE_S]
                waiting = any(job.cancelled_at is not None
                              for job, _s, _p in self._in_flight.values())
                if late:
                    pool = late[0][1]
                    _kill_pool(pool)
                if not waiting and not late:
                    self._watchdog = None
                    return


_SCHEDULER: Scheduler | None = None
_SCHEDULER_LOCK = threading.Lock()


def scheduler() -> Scheduler:
    """The server's one scheduler (created on first use, thread-safe)."""
    global _SCHEDULER
    with _SCHEDULER_LOCK:
        if _SCHEDULER is None:
            _SCHEDULER = Scheduler()
        return _SCHEDULER


@dataclass(frozen=True)
class _Squares:
    """A toy study for the doctest: unit i gives i*i."""

    seed: int

    def simulate(self, start: int, count: int) -> list[Any]:
        return [i * i for i in range(start, start + count)]
