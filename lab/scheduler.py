"""The server's simulation scheduler: the pages' requests as jobs over the shared pebble
pool (:mod:`lab.pool`).

* A :class:`Job` is a request cut into small chunks (about :data:`CHUNK_CPU_S` of CPU
  each); the :class:`Scheduler` hands the chunks to the pool's workers round-robin over
  the running jobs, so a second visitor's light request starts within a chunk.
* One job per owner (a visitor's session): a new one cancels the old.
* A cancelled job's queued chunks are dropped and its running chunks are cancelled in the
  pool, which kills those workers and starts fresh ones (pebble's ``future.cancel()`` on
  a running task): nothing of it runs on past the cancel.
* A job stops (``cut``) before a chunk that would take its CPU past its cap, at the CPU
  per unit measured so far (the guard behind the cost model, :mod:`lab.cost`).

>>> sched = Scheduler(workers=1)
>>> from lab.runner import Squares
>>> job = sched.submit(Squares(seed=0), 6, owner="doc", chunk=2)
>>> job.wait(30), job.results()
(True, [0, 1, 4, 9, 16, 25])
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Future
from typing import Any

from lab.pool import default_workers, pool, shutdown_pool
from lab.runner import POOL_ERRORS, Study, simulate_part

__all__ = ["CHUNK_CPU_S", "Job", "Scheduler", "chunk_units", "scheduler"]

#: A chunk's target CPU seconds: how long a second visitor's first chunk may wait for a
#: worker.
CHUNK_CPU_S = 0.25


def chunk_units(unit_seconds: float, total: int, workers: int = 2, steps: int = 16) -> int:
    """Units per chunk: about :data:`CHUNK_CPU_S` of CPU (at least one unit), and no more
    than a ``steps``-th of the run so the progress bar moves.

    >>> chunk_units(0.001, 5000), chunk_units(2.0, 10), chunk_units(0.0001, 100)
    (250, 1, 7)
    """
    del workers
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
        self.prefix = list(prefix)
        self.parts: dict[int, list[Any]] = {}
        self.queue: list[tuple[int, int]] = [
            (s, min(self.chunk, total - s)) for s in range(start, total, self.chunk)]
        self.contiguous = start
        self.running: dict[int, int] = {}  # chunk start -> units
        self.cpu_seconds = 0.0
        self.units_run = 0
        self.cancelled_at: float | None = None
        self.cut = False
        self.error: BaseException | None = None
        self.ended_event = threading.Event()
        if not self.queue:
            self.ended_event.set()

    # -- read by the page's thread ---------------------------------------------------

    @property
    def done(self) -> int:
        """Units done, contiguous from unit 0."""
        return self.contiguous

    @property
    def finished(self) -> bool:
        """Every unit done (not cancelled, cut or failed)."""
        return self.ended_event.is_set() and self.contiguous >= self.total

    @property
    def ended(self) -> bool:
        return self.ended_event.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Until the job ends (True) or ``timeout`` seconds pass (False)."""
        return self.ended_event.wait(timeout)

    def results(self) -> list[Any]:
        """The results of units 0 .. done-1, in order."""
        out = list(self.prefix)
        pos = len(out)
        while pos in self.parts:
            out.extend(self.parts[pos])
            pos += len(self.parts[pos])
        return out

    # -- kept by the scheduler (under its lock) ------------------------------------

    def advance(self) -> None:
        pos = self.contiguous
        while pos in self.parts:
            pos += len(self.parts[pos])
        self.contiguous = pos
        if pos >= self.total or (not self.queue and not self.running):
            self.ended_event.set()

    def over_cap(self, count: int) -> bool:
        """Whether running ``count`` more units would take the job past its cap, at the
        CPU per unit measured so far (the chunks in the pool included)."""
        if self.cap is None or self.units_run == 0:
            return False
        per_unit = self.cpu_seconds / self.units_run
        coming = sum(self.running.values()) + count
        return self.cpu_seconds + coming * per_unit > self.cap

    def stop(self) -> None:
        self.queue.clear()
        if not self.running:
            self.ended_event.set()


class Scheduler:
    """Runs :class:`Job` s fairly over ``workers`` processes of the shared pool (see the
    module docstring). Thread-safe; the pool's result callbacks feed the next chunks."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or default_workers()
        self._lock = threading.RLock()
        self._jobs: dict[int, Job] = {}
        self._ids = itertools.count(1)
        self._turn = 0
        self._in_flight: dict[Future[Any], tuple[Job, int]] = {}

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
        """Stop ``job``: no new chunk starts, and its running chunks are killed."""
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
        job.stop()
        for future, (owner_job, _start) in list(self._in_flight.items()):
            if owner_job is job:
                future.cancel()  # pebble kills the worker running it
        self._forget(job)

    def _forget(self, job: Job) -> None:
        job.advance()
        if job.ended:
            self._jobs.pop(job.ident, None)

    def _next_job(self) -> Job | None:
        """The next job with a queued chunk, round-robin over the jobs."""
        waiting = [j for j in self._jobs.values() if j.queue]
        if not waiting:
            return None
        self._turn = (self._turn + 1) % len(waiting)
        return waiting[self._turn]

    def _fill(self) -> None:
        while len(self._in_flight) < self.workers:
            job = self._next_job()
            if job is None:
                return
            start, count = job.queue.pop(0)
            if job.over_cap(count):
                job.cut = True
                job.stop()
                self._forget(job)
                continue
            try:
                future: Future[Any] = pool(self.workers).schedule(
                    simulate_part, (job.study, start, count))
            except POOL_ERRORS:
                shutdown_pool()
                self._finish_here(job, start, count)
                continue
            job.running[start] = count
            self._in_flight[future] = (job, start)
            future.add_done_callback(self._on_done)

    def _finish_here(self, job: Job, start: int, count: int) -> None:
        """No pool (a sandbox without processes): run the chunk in this thread."""
        try:
            results, cpu = simulate_part(job.study, start, count)
        except Exception as error:  # noqa: BLE001 - handed to the page
            job.error = error
            job.stop()
        else:
            self._store(job, start, results, cpu)

    def _store(self, job: Job, start: int, results: list[Any], cpu: float) -> None:
        job.running.pop(start, None)
        if job.cancelled_at is None:
            job.parts[start] = results
            job.cpu_seconds += cpu
            job.units_run += len(results)
            if job.cap is not None and job.cpu_seconds > job.cap:
                job.cut = True
                job.stop()
        self._forget(job)

    def _on_done(self, future: Future[Any]) -> None:
        with self._lock:
            entry = self._in_flight.pop(future, None)
            if entry is None:
                return
            job, start = entry
            if future.cancelled():
                job.running.pop(start, None)
                self._forget(job)
            else:
                try:
                    results, cpu = future.result()
                except BaseException as exc:  # noqa: BLE001 - the study's or the pool's
                    job.running.pop(start, None)
                    if job.cancelled_at is None:
                        job.error = exc
                    job.stop()
                    self._forget(job)
                else:
                    self._store(job, start, results, cpu)
            self._fill()


_SCHEDULER: Scheduler | None = None
_SCHEDULER_LOCK = threading.Lock()


def scheduler() -> Scheduler:
    """The server's one scheduler (created on first use, thread-safe)."""
    global _SCHEDULER
    with _SCHEDULER_LOCK:
        if _SCHEDULER is None:
            _SCHEDULER = Scheduler()
        return _SCHEDULER
