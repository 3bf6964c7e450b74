"""Seats woken when their table moves, instead of every seat polling (issue 31).

A fragment run costs Streamlit about 6 ms of CPU whatever it draws (a script thread, a
``new_session`` message, the deltas; docs/tables.md, "Speed"), so 40 seats polling every
0.75 s spent about 100 ms of server CPU per move on runs that found nothing new. Here each
site process keeps one **watcher** thread instead: every :data:`WATCH_S` seconds it reads
the versions of the tables its seats show (one indexed read for all of them,
:meth:`store.tables.Tables.watch`), and when a table's version moved it asks each session
that shows it to run its seat fragment once, the way Streamlit's own "run on save" asks a
session to rerun from outside a script run. A move made in another site process reaches
this one through the store the same way, so two processes (or replicas sharing one
PostgreSQL) serve one table.

What a woken run draws is that session's own: it runs the seat's fragment with the seat's
link, token check and seat view, exactly as the session's own timer would; the watcher only
knows table ids, versions and session ids, never a card.

A table with a turn timer is woken every :data:`TIMER_TICK_S` seconds while a turn runs (the
seconds left, and :meth:`~store.tables.Tables.time_out` when a person's time is up). The seat
fragment keeps a slow timer of its own (:data:`SAFETY_S`) in case a wake is lost, and when
this Streamlit has none of the hooks used here (:data:`SUPPORTED`), it polls every
:data:`ui.table.seats.POLL_S` as before.

The thread runs only while some session shows a table: it ends when the last one has gone
(sessions that closed are dropped as the watcher finds them, at least every
:data:`PRUNE_S` seconds), and starts again with the next seat page.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

_LOG = logging.getLogger(__name__)

#: How often the watcher reads the watched tables' versions (seconds): the delay a move
#: takes to start the other seats' runs, beside the runs themselves.
WATCH_S = 0.2
#: A seat fragment's own timer while the watcher wakes it (seconds): a lost wake is made
#: good within this.
SAFETY_S = 20.0
#: How often a table with a running turn timer is woken (seconds).
TIMER_TICK_S = 1.0
#: How often the watcher drops sessions that have closed (seconds).
PRUNE_S = 5.0
#: The most sessions one process watches (the oldest watch goes first beyond it).
MAX_SESSIONS = 2_000


@dataclass
class Watch:
    """One session's seat fragment and the table version it last drew."""

    table_id: str
    version: int
    fragment_id: str
    woken: float = 0.0  # monotonic time of the last timer tick


Versions = Callable[[list[str]], dict[str, tuple[int, bool]]]
Wake = Callable[[str, str], bool]
Alive = Callable[[str], bool]


class Watcher:
    """The process's watches (session id -> :class:`Watch`) and the thread that wakes them.

    ``versions`` reads (version, timer running) per table id; ``wake(session, fragment)``
    asks a session to run a fragment (``False``: the session has gone); ``alive(session)``
    says whether a session is still connected."""

    def __init__(self, versions: Versions, wake: Wake, alive: Alive,
                 interval: float = WATCH_S, background: bool = True) -> None:
        self._background = background  # False: no thread, rounds by :meth:`check` alone
        self._versions = versions
        self._wake = wake
        self._alive = alive
        self._interval = interval
        self._watches: dict[str, Watch] = {}
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._pruned = time.monotonic()

    def watch(self, session_id: str, table_id: str, version: int, fragment_id: str) -> None:
        """``session_id`` now shows ``table_id`` at ``version`` in ``fragment_id``."""
        with self._lock:
            old = self._watches.pop(session_id, None)  # re-inserted last: the newest
            # a timer's tick counts from the last tick, not from this run (which the tick
            # itself may have caused)
            woken = old.woken if old is not None and old.table_id == table_id \
                else time.monotonic()
            self._watches[session_id] = Watch(table_id, version, fragment_id, woken)
            while len(self._watches) > MAX_SESSIONS:
                del self._watches[next(iter(self._watches))]
            if self._background and (self._thread is None or not self._thread.is_alive()):
                self._thread = threading.Thread(target=self._run, name="rules-lab-tables",
                                                daemon=True)
                self._thread.start()

    def saw(self, session_id: str, table_id: str, version: int) -> None:
        """``session_id`` has the table at ``version`` already (its own move): no wake."""
        with self._lock:
            found = self._watches.get(session_id)
            if found is not None and found.table_id == table_id:
                found.version = max(found.version, version)

    def forget(self, session_id: str) -> None:
        with self._lock:
            self._watches.pop(session_id, None)

    @property
    def running(self) -> bool:
        """Whether the watcher's thread is running."""
        with self._lock:
            return self._thread is not None

    def watched(self) -> dict[str, Watch]:
        with self._lock:
            return dict(self._watches)

    def check(self, now: float | None = None) -> list[str]:
        """One round: read the watched tables, wake the sessions whose table moved (or
        whose table's turn timer is due a tick); return the sessions woken."""
        now = time.monotonic() if now is None else now
        with self._lock:
            watches = list(self._watches.items())
        if not watches:
            return []
        found = self._versions(sorted({w.table_id for _, w in watches}))
        woken: list[str] = []
        gone: list[str] = []
        for session_id, watch in watches:
            current = found.get(watch.table_id)
            if current is None:
                continue  # expired or deleted: the safety timer shows the sentence
            version, timer = current
            moved = version > watch.version
            tick = timer and now - watch.woken >= TIMER_TICK_S
            if not (moved or tick):
                continue
            with self._lock:  # woken once per version: the run itself watches again
                watch.version = max(watch.version, version)
                watch.woken = now
            if self._wake(session_id, watch.fragment_id):
                woken.append(session_id)
            else:
                gone.append(session_id)
        if now - self._pruned >= PRUNE_S:
            self._pruned = now
            gone.extend(s for s, _ in watches if not self._alive(s))
        if gone:
            with self._lock:
                for session_id in gone:
                    self._watches.pop(session_id, None)
        return woken

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._watches:
                    self._thread = None
                    return
            try:
                self.check()
            except Exception:  # noqa: BLE001 - the store may be down a moment: next round
                _LOG.warning("the tables' watcher could not read the store", exc_info=True)
            time.sleep(self._interval)


# -- Streamlit's side ----------------------------------------------------------------------
def _hooks() -> tuple[Any, Any, Any] | None:
    """Streamlit's runtime, ``ClientState`` and the fragment id of the running script
    thread, when this Streamlit has them (``None`` otherwise)."""
    try:
        from streamlit.proto.ClientState_pb2 import ClientState
        from streamlit.runtime import Runtime
        from streamlit.runtime.app_session import AppSession
        from streamlit.runtime.scriptrunner_utils.script_run_context import ThreadState
    except ImportError:
        return None
    needed = (hasattr(Runtime, "get_app_session") and hasattr(Runtime, "_get_async_objs")
              and hasattr(AppSession, "request_rerun") and hasattr(ThreadState, "get"))
    return (Runtime, ClientState, ThreadState) if needed else None


_HOOKS = _hooks()
#: Whether seat pages are woken by the watcher (else they poll every ``POLL_S``).
SUPPORTED = _HOOKS is not None


def _wake(session_id: str, fragment_id: str) -> bool:
    """Ask a session to run ``fragment_id`` once, with its last widget states (the way
    Streamlit reruns a session when a source file changes), on the server's event loop."""
    assert _HOOKS is not None
    runtime_class, client_state_class, _ = _HOOKS
    if not runtime_class.exists():
        return False
    runtime = runtime_class.instance()
    session = runtime.get_app_session(session_id)
    if session is None:
        return False

    def rerun() -> None:  # on the event loop, where the session's state lives
        try:
            state = client_state_class()
            state.CopyFrom(session._client_state)
            state.fragment_id = fragment_id
            state.is_auto_rerun = True
            session.request_rerun(state)
        except Exception:  # noqa: BLE001 - the session's safety timer runs it anyway
            _LOG.warning("could not wake a seat's page", exc_info=True)

    runtime._get_async_objs().eventloop.call_soon_threadsafe(rerun)
    return True


def _alive(session_id: str) -> bool:
    assert _HOOKS is not None
    runtime_class = _HOOKS[0]
    return bool(runtime_class.exists()
                and runtime_class.instance().get_app_session(session_id) is not None)


def _versions(table_ids: list[str]) -> dict[str, tuple[int, bool]]:
    import store
    from store.tables import Tables

    return Tables(store.get()).watch(table_ids)


_watcher = Watcher(_versions, _wake, _alive)


def watcher() -> Watcher:
    """This process's watcher."""
    return _watcher


def _session_and_fragment() -> tuple[str, str] | None:
    """The running script's session id and fragment id (``None`` outside a served run,
    e.g. under AppTest, or outside a fragment)."""
    if _HOOKS is None or not _HOOKS[0].exists():
        return None
    from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

    ctx = get_script_run_ctx()
    try:
        fragment_id = _HOOKS[2].get().fragment_id
    except RuntimeError:
        return None
    if ctx is None or not fragment_id:
        return None
    return ctx.session_id, fragment_id


def watch(table_id: str, version: int) -> None:
    """Called by a seat's fragment as it draws ``table_id`` at ``version``: wake this
    session's fragment when the table moves past it."""
    found = _session_and_fragment()
    if found is not None:
        _watcher.watch(found[0], table_id, version, found[1])


def saw(table_id: str, version: int) -> None:
    """Called after this session's own move wrote ``version``: no need to wake it for
    that (its own run draws it)."""
    if _HOOKS is None or not _HOOKS[0].exists():
        return
    from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

    ctx = get_script_run_ctx()
    if ctx is not None:
        _watcher.saw(ctx.session_id, table_id, version)
