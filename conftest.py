"""Fixtures shared by every test folder (a root conftest, so that pytest's doctest collection
of tests/ never imports two modules named conftest): the storage of the live classroom.

* The site's default SQLite file goes to a temporary folder for the whole test run
  (``RULES_LAB_DATA``), so tests never write into the repository's ``data/``.
* ``postgres_url``: a real PostgreSQL server (tests/pg_server.py) for the session. If it
  cannot start, the tests that need it fail under CI (``CI`` set) and are skipped, with the
  reason in the summary, elsewhere.
"""

from __future__ import annotations

import os
import sys
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from store.core import Store

sys.path.insert(0, str(Path(__file__).resolve().parent / "tests"))
from pg_server import ENV, PostgresServer  # noqa: E402

os.environ.setdefault("RULES_LAB_DATA", tempfile.mkdtemp(prefix="rules-lab-data-"))


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    given = os.environ.get(ENV)
    if given:
        yield given
        return
    server = PostgresServer()
    try:
        server.start()
    except Exception as exc:  # noqa: BLE001 - the reason goes into the failure or the skip
        server.stop()
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL could not start: {exc}")
        pytest.skip(f"PostgreSQL could not start: {exc}")
    try:
        yield server.url
    finally:
        server.stop()

# tests/data holds data and the script that made it from an old commit (it imports that
# commit's modules): never collected as tests.
collect_ignore_glob = ["tests/data/*"]


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh store's URL, once on SQLite and once on the session's PostgreSQL server
    (the store tests of classes, homework and tables share it)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.sqlite3'}"
    server: str = request.getfixturevalue("postgres_url")
    from pg_server import fresh_database

    return fresh_database(server, f"t_{uuid.uuid4().hex[:12]}")


@pytest.fixture
def db(url: str) -> Iterator[Store]:
    """The store at :func:`url`, closed after the test."""
    from store.core import Store

    s = Store(url)
    yield s
    s.close()
