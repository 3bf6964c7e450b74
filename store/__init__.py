"""Storage for the live classroom and learners' progress (issue 15): the only part of the
site that keeps data between visits. Not part of the engine (which stays standard-library
only); used by :mod:`ui.classroom.live` and :mod:`ui.progress` alone.

:func:`get` returns the process's :class:`~store.core.Store` for the configured database:
SQLite in ``data/rules-lab.sqlite3`` by default, PostgreSQL when ``RULES_LAB_DATABASE_URL``
is set (see docs/classroom.md). The schema is brought up to date on first use
(:mod:`store.migrations`).
"""

from __future__ import annotations

import threading

from store.core import (
    CLASS_TTL_MS,
    CODE_LENGTH,
    CODE_SPACE,
    DOWN_ERRORS,
    LOG,
    Answer,
    Asked,
    ClassState,
    Forbidden,
    Joined,
    Mastery,
    Opened,
    Options,
    Refused,
    Results,
    Store,
    Student,
    Tally,
    Unavailable,
    normalise_code,
    show_code,
)
from store.db import default_url

__all__ = [
    "CLASS_TTL_MS", "CODE_LENGTH", "CODE_SPACE", "Answer", "Asked", "ClassState", "Forbidden",
    "Joined", "Mastery", "Opened", "Options", "Refused", "Results", "Store", "Student", "Tally",
    "Unavailable", "get",
    "normalise_code", "show_code",
]

_stores: dict[str, Store] = {}
_lock = threading.Lock()


def get(url: str | None = None) -> Store:
    """The store of ``url`` (default: :func:`store.db.default_url`), one per process.
    :class:`Unavailable` when the database cannot be opened now (an unwritable folder, a
    server that does not answer); nothing is kept then, so the next call tries again."""
    key = url or default_url()
    with _lock:
        found = _stores.get(key)
        if found is None:
            try:
                found = Store(key)
            except DOWN_ERRORS as exc:
                LOG.warning("the store cannot be opened: %s", exc, exc_info=True)
                raise Unavailable(f"the database cannot be opened ({type(exc).__name__})"
                                  ) from exc
            _stores[key] = found
        return found
