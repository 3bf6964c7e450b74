"""The lab's one process pool: a :class:`pebble.ProcessPool` shared by the server's
threads, created on first use and grown on demand.

Why pebble (docs/lab.md): its futures can be cancelled *while they run* — the pool
kills that worker and starts a fresh one — which ``concurrent.futures`` cannot do (a
running task there can only be waited for) and which the scheduler needs to stop a
visitor's simulation within two seconds. It is a small pure-Python package, maintained,
typed, and on PyPI for every Python the site runs on.

What this module adds around it:

* Workers start from a ``forkserver`` (``spawn`` where there is none): safe from a
  threaded server, and the server's modules are preloaded in the fork server, so a
  worker killed by a cancel is replaced in milliseconds.
* A stand-in ``__main__`` while a worker starts: under ``streamlit run`` the
  ``__main__`` module is the app script, which a new process would otherwise run again
  (as ``__mp_main__``) before its first task.
* Each worker runs at a lower priority (``nice`` :data:`WORKER_NICE`) than the server, so
  pages stay responsive, ignores ^C, and exits by itself within :data:`ORPHAN_POLL_S`
  when the server process is gone (killed, crashed): no orphaned worker keeps a core.
"""

from __future__ import annotations

import atexit
import contextlib
import multiprocessing
import multiprocessing.context as mp_context
import os
import signal
import sys
import threading
import time
import types
from collections.abc import Iterator

from pebble import ProcessPool

__all__ = ["ORPHAN_POLL_S", "WORKER_NICE", "default_workers", "die_with_parent", "pool",
           "shutdown_pool", "worker_pids"]

#: How much lower the workers' priority is than the server's (``os.nice``).
WORKER_NICE = 10
#: How often a worker looks whether the server that started it is still there.
ORPHAN_POLL_S = 0.25
#: Modules the fork server imports once, so each new worker starts with them loaded.
PRELOAD = ["lab.studies.hand_odds", "lab.studies.hook", "lab.studies.progression",
           "lab.studies.variant_lab"]

_POOL: ProcessPool | None = None
_POOL_SIZE = 0
#: Page runs of several visitors share the pool from different threads.
_POOL_LOCK = threading.Lock()


def default_workers() -> int:
    """Processes to use: the machine's cores, at most 2 (the development machine's)."""
    return max(1, min(2, os.cpu_count() or 1))


def _watch_server(server: int, parent: int) -> None:
    """In a worker: exit when the server process (or the fork server it came from) is
    gone. A thread, so it runs even while a long task holds the worker's main thread."""
    while True:
        time.sleep(ORPHAN_POLL_S)
        alive = True
        try:
            os.kill(server, 0)
        except ProcessLookupError:
            alive = False
        except PermissionError:
            pass
        if not alive or os.getppid() != parent:
            os._exit(0)


def _start_watch(server: int) -> None:
    threading.Thread(target=_watch_server, args=(server, os.getppid()),
                     name="lab-orphan-watch", daemon=True).start()


def die_with_parent() -> None:
    """In a freshly forked worker of some other pool (``os.register_at_fork(
    after_in_child=die_with_parent)``, as bench/bots.py does for the tournaments'
    ``ProcessPoolExecutor``): exit when the process that forked it is gone."""
    _start_watch(os.getppid())


def _init_worker(server: int) -> None:
    """Each worker: a lower CPU priority, no ^C traceback, and the orphan watch."""
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICE)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _start_watch(server)


@contextlib.contextmanager
def _stand_in_main() -> Iterator[None]:
    """A stand-in ``__main__`` (no file, no spec) while a worker process is started."""
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


def _context() -> mp_context.BaseContext:
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = _ForkServerContext()
        context.set_forkserver_preload(PRELOAD)
        return context
    return _SpawnContext()


def pool(workers: int) -> ProcessPool:
    """The shared pool of at least ``workers`` processes (a smaller one is replaced)."""
    global _POOL, _POOL_SIZE
    with _POOL_LOCK:
        if _POOL is None or _POOL_SIZE < workers:
            _stop()
            _POOL = ProcessPool(max_workers=workers, initializer=_init_worker,
                                initargs=(os.getpid(),), context=_context())
            _POOL_SIZE = workers
        return _POOL


def worker_pids() -> list[int]:
    """The process ids of the pool's workers now (none before the pool starts). Read
    from pebble's worker table: the pool has no public call for it."""
    with _POOL_LOCK:
        if _POOL is None:
            return []
        manager = getattr(_POOL, "_pool_manager", None)
        workers = getattr(getattr(manager, "worker_manager", None), "workers", None) or {}
        return sorted(int(pid) for pid in workers)


def _stop() -> None:
    global _POOL, _POOL_SIZE
    if _POOL is not None:
        with contextlib.suppress(Exception):
            _POOL.stop()  # type: ignore[no-untyped-call]
            _POOL.join(timeout=2)
    _POOL = None
    _POOL_SIZE = 0


def shutdown_pool() -> None:
    """Stop the pool's processes (at exit, or to free the cores); running tasks are
    cancelled."""
    with _POOL_LOCK:
        _stop()


atexit.register(shutdown_pool)
