"""The database engine: SQLite by default, PostgreSQL when ``RULES_LAB_DATABASE_URL`` is set.

SQLAlchemy 2 Core gives one query language and one connection pool over both: SQLite through
the standard library's ``sqlite3``, PostgreSQL through psycopg 3. Only this module knows which
database it talks to; :mod:`store.core` writes portable Core expressions.

SQLite: the file is ``data/rules-lab.sqlite3`` beside the code (``RULES_LAB_DATA`` moves the
folder), created on first use; WAL journal (readers never wait for the writer), foreign keys
on, a 15 s busy timeout, and every writing transaction starts with ``BEGIN IMMEDIATE`` so two
writers queue instead of failing on a lock upgrade. A writer waits at most
:data:`SQLITE_BUSY_S` for the lock (then :class:`store.Unavailable`, a sentence on the page).

PostgreSQL: a connection attempt gives up after :data:`PG_CONNECT_TIMEOUT_S`, a statement
after :data:`PG_STATEMENT_TIMEOUT_MS`, a wait for a pooled connection after
:data:`POOL_TIMEOUT_S`: a stopped or hung server makes a page say so within seconds instead
of hanging it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import sqlalchemy as sa

ROOT = Path(__file__).resolve().parent.parent
ENV_URL = "RULES_LAB_DATABASE_URL"
ENV_DATA = "RULES_LAB_DATA"
SQLITE_BUSY_S = 5.0
PG_CONNECT_TIMEOUT_S = 5
PG_STATEMENT_TIMEOUT_MS = 5000
POOL_TIMEOUT_S = 5.0


def data_dir() -> Path:
    """The folder of the SQLite file (``data/`` of the repository unless ``RULES_LAB_DATA``)."""
    return Path(os.environ.get(ENV_DATA) or ROOT / "data")


def default_url() -> str:
    """``RULES_LAB_DATABASE_URL`` if set, else the SQLite file in :func:`data_dir`."""
    url = os.environ.get(ENV_URL, "").strip()
    if url:
        return url
    return f"sqlite:///{data_dir() / 'rules-lab.sqlite3'}"


def normalise(url: str) -> str:
    """``postgres://`` and ``postgresql://`` URLs go through psycopg 3."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def make_engine(url: str) -> sa.Engine:
    """A pooled engine for ``url`` (see the module docstring)."""
    url = normalise(url)
    if url.startswith("sqlite"):
        path = sa.make_url(url).database
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = sa.create_engine(url, connect_args={"timeout": SQLITE_BUSY_S,
                                                     "check_same_thread": False},
                                  pool_size=8, max_overflow=8, pool_timeout=POOL_TIMEOUT_S)

        @sa.event.listens_for(engine, "connect")
        def _connect(dbapi: Any, _record: Any) -> None:
            dbapi.isolation_level = None  # SQLAlchemy, not the driver, begins transactions
            cursor = dbapi.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

        @sa.event.listens_for(engine, "begin")
        def _begin(conn: sa.Connection) -> None:
            write = conn.get_execution_options().get("write")
            conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

        return engine
    if url.startswith("postgresql"):
        return sa.create_engine(
            url, pool_size=10, max_overflow=20, pool_pre_ping=True, pool_recycle=1800,
            pool_timeout=POOL_TIMEOUT_S,
            connect_args={"connect_timeout": PG_CONNECT_TIMEOUT_S,
                          "options": f"-c statement_timeout={PG_STATEMENT_TIMEOUT_MS}"})
    raise ValueError(f"{ENV_URL}: only sqlite:// and postgresql:// URLs are supported")
