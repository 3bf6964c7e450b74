"""The explorers' progress-bar runner (Streamlit): a simulation runs as a job of the
server's scheduler while the page shows its progress and a Stop button; finished runs are
kept for every visitor, a stopped one for its session (Continue picks it up); and the
widgets follow the URL when a link is opened.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cachetools import LRUCache

from lab.cost import HARD_CAP_CPU_S
from lab.scheduler import chunk_units, scheduler

__all__ = ["RunOutcome", "request_stop", "resume", "simulate", "stop_key", "sync_widgets",
           "widget_values"]


@dataclass
class RunOutcome:
    """What :func:`simulate` gives a page: the results so far, whether a Stop (or the
    CPU cap) cut the run short, and whether it was refused before it started."""

    results: list[Any] = field(default_factory=list)
    stopped: bool = False
    total: int = 0
    refused: bool = False


#: Finished runs, shared by every visitor (the same link shows its numbers at once):
#: key -> results, the least recently used dropped past :data:`DONE_ENTRIES`.
DONE_ENTRIES = 24
_DONE: LRUCache[str, list[Any]] = LRUCache(maxsize=DONE_ENTRIES)
_DONE_LOCK = threading.Lock()
#: How often the page's thread looks at its job (and gives Streamlit a chance to stop it).
POLL_S = 0.2


def _remember(key: str, results: list[Any]) -> None:
    with _DONE_LOCK:
        _DONE[key] = results


def _recall(key: str) -> list[Any] | None:
    with _DONE_LOCK:
        return _DONE.get(key)


def stop_key(prefix: str) -> str:
    return f"{prefix}.stop"


def request_stop(prefix: str, key: str) -> None:
    """Callback of a page's Stop button: the visitor's run of ``key`` is cancelled now and
    its units done are kept for the page (the callback runs before the rerun's script,
    which may start before the stopped run's thread has noticed)."""
    import streamlit as st

    st.session_state[stop_key(prefix)] = key
    sched = scheduler()
    partial: dict[str, list[Any]] = st.session_state.setdefault(f"{prefix}.partial", {})
    for job in sched.jobs(_owner()):
        sched.cancel(job)
        if job.tag == key:
            partial.clear()
            partial[key] = job.results()


def resume(prefix: str) -> None:
    """Callback of Continue: forget the stop."""
    import streamlit as st

    st.session_state.pop(stop_key(prefix), None)


def _owner() -> str:
    """The visitor's session (one running simulation each)."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx(suppress_warning=True)
    return ctx.session_id if ctx is not None else f"thread-{threading.get_ident()}"


def simulate(study: Any, total: int, batch: int | None, prefix: str, lang: str,
             label: str) -> RunOutcome:
    """Run ``study`` for ``total`` units with a progress bar and a Stop button.

    The run is a job of the server's :func:`~lab.scheduler.scheduler` (small chunks,
    fair between visitors, one job per visitor). The page's thread waits for it in
    :data:`POLL_S` steps, moving the progress bar each time; that call is where Streamlit
    stops a script whose visitor reran, changed the inputs, left the page or closed the
    tab, and the ``finally`` below then cancels the job at once (its queued chunks are
    dropped, its running chunks' workers killed by the pool).
    The units done so far are kept in the session: a Stop shows them with Continue, and a
    run of the same inputs picks up where the last one ended. Finished runs are kept for
    every visitor, so the same link shows the same numbers at once. ``batch`` is ignored
    (chunks follow the cost model).
    """
    import streamlit as st

    from ui.i18n import t

    del batch
    key = repr(study) + f"#{total}"
    partial_key = f"{prefix}.partial"
    partial: dict[str, list[Any]] = st.session_state.setdefault(partial_key, {})
    if st.session_state.get(stop_key(prefix)) == key:
        results = partial.get(key, [])
        if results:
            st.info(t("explore.stopped", lang, done=len(results), total=total))
        else:
            st.info(t("explore.stopped-empty", lang, total=total))
        st.button(t("explore.continue", lang), key=f"{prefix}.continue",
                  on_click=resume, args=(prefix,))
        return RunOutcome(results, True, total)
    st.session_state.pop(stop_key(prefix), None)
    done = _recall(key)
    if done is not None:
        partial.clear()
        partial[key] = list(done)
        return RunOutcome(list(done), False, total)
    prefix_results = list(partial.get(key, []))[:total]
    partial.clear()
    unit_s = float(study.unit_seconds())
    sched = scheduler()
    job = sched.submit(study, total, _owner(), chunk_units(unit_s, total, sched.workers),
                       start=len(prefix_results), prefix=prefix_results,
                       cap=HARD_CAP_CPU_S, tag=key)
    slot = st.empty()
    try:
        with slot.container():
            bar = st.progress(len(prefix_results) / max(1, total), text=label)
            st.button(t("explore.stop", lang), key=f"{prefix}.stop-button",
                      on_click=request_stop, args=(prefix, key))
            while not job.wait(POLL_S):
                bar.progress(job.done / total,
                             text=t("explore.progress", lang, label=label, done=job.done,
                                    total=total))
    finally:
        if not job.ended:
            sched.cancel(job)
        if len(job.results()) >= len(partial.get(key, ())):
            partial.clear()
            partial[key] = job.results()
    if job.error is not None:
        raise job.error
    slot.empty()
    results = job.results()
    if job.cut or len(results) < total:
        st.info(t("explore.budget.cut", lang, done=len(results), total=total,
                  limit=f"{HARD_CAP_CPU_S:g}"))
        return RunOutcome(results, True, total)
    _remember(key, results)
    return RunOutcome(results, False, total)


def sync_widgets(prefix: str, values: Mapping[str, Any]) -> None:
    """Put the URL's inputs into the widgets' state when the URL changed (a link was
    opened), before the widgets are drawn; otherwise leave what the visitor typed."""
    import streamlit as st

    marker = f"{prefix}._synced"
    signature = repr(sorted(values.items()))
    if st.session_state.get(marker) != signature:
        for name, value in values.items():
            st.session_state[f"{prefix}.{name}"] = value
        st.session_state[marker] = signature


def widget_values(prefix: str, names: Sequence[str]) -> dict[str, Any]:
    """The widgets' current values by input name."""
    import streamlit as st

    return {name: st.session_state.get(f"{prefix}.{name}") for name in names}
