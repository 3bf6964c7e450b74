"""Homework in the store (store/homework.py, issue 29), against SQLite and a real
PostgreSQL server (tests/pg_server.py): set, joined, answered at each student's pace, the
first answer standing, late answers marked, the teacher's key, bounds, expiry, a database
that is down."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
import sqlalchemy as sa

from store import Forbidden, Refused, Store, Unavailable
from store import homework as hw
from store.core import now_ms

LESSON = "1.packed-lesson"
HOUR = 3600 * 1000


def test_homework_is_set_done_at_each_pace_and_read_per_student(db: Store) -> None:
    start = now_ms()
    opened = hw.create(db, LESSON, "pt", start + 48 * HOUR, now=start)
    found = hw.get(db, opened.code, now=start)
    assert found is not None and (found.lesson, found.lang) == (LESSON, "pt")
    assert not found.is_past(start)
    ana = hw.join(db, opened.code, "Ana", now=start + 1)
    bo = hw.join(db, opened.code, "Bo", now=start + 2)
    cy = hw.join(db, opened.code, "Cy", now=start + 3)  # joins, answers nothing
    me = hw.student(db, opened.code, ana.token)
    assert me is not None and me.name == "Ana" and me.id == ana.student
    assert hw.answer(db, opened.code, ana.token, "quiz:k-bids-1", "K-11", "Who bids?",
                     ["b"], "B. 1", True, now=start + 10) == "counted"
    assert hw.answer(db, opened.code, ana.token, "quiz:k-bids-1", "K-11", "Who bids?",
                     ["a"], "A. 0", False, now=start + 11) == "already"  # the first stands
    assert hw.answer(db, opened.code, bo.token, "quiz:k-bids-1", "K-11", "Who bids?",
                     ["a"], "A. 0", False, now=start + 12) == "counted"
    # Bo comes back after the due time: still kept, marked late.
    assert hw.answer(db, opened.code, bo.token, "move:k/x#h1", "K-6", "Your move",
                     ["3"], "3", True, now=start + 49 * HOUR) == "counted"
    mine = hw.answers_of(db, opened.code, ana.token)
    assert list(mine) == ["quiz:k-bids-1"] and mine["quiz:k-bids-1"].chosen == ("b",)
    assert hw.answers_of(db, opened.code, "not-a-token") == {}
    res = hw.results(db, opened.code, opened.key, now=start + 50 * HOUR)
    assert [s.name for s in res.students] == ["Ana", "Bo", "Cy"]
    assert cy.student in {s.id for s in res.students}
    assert [(a.student, a.rule, a.right, a.late) for a in res.answers] == [
        (ana.student, "K-11", True, False), (bo.student, "K-11", False, False),
        (bo.student, "K-6", True, True)]
    assert res.answers[0].prompt == "Who bids?" and res.answers[0].answer_text == "B. 1"


def test_only_the_teachers_key_reads_the_results(db: Store) -> None:
    opened = hw.create(db, LESSON, "en", now_ms() + HOUR)
    other = hw.create(db, LESSON, "en", now_ms() + HOUR)
    for key in ("", "nope", other.key):
        with pytest.raises(Forbidden):
            hw.results(db, opened.code, key)
    a = hw.join(db, opened.code, "Ana")
    # A token of one homework does not answer another.
    with pytest.raises(Forbidden):
        hw.answer(db, other.code, a.token, "quiz:x", "K-1", "?", ["a"], "A", True)
    assert hw.student(db, other.code, a.token) is None
    with pytest.raises(Forbidden):
        hw.join(db, "ZZZZZZZ", "Ana")


def test_bounds_are_kept(db: Store) -> None:
    now = now_ms()
    with pytest.raises(Refused) as due:
        hw.create(db, LESSON, "en", now - 1, now=now)
    assert due.value.field == "due"
    with pytest.raises(Refused):
        hw.create(db, LESSON, "en", now + (hw.MAX_DUE_DAYS + 1) * hw.DAY_MS, now=now)
    with pytest.raises(Refused) as lesson:
        hw.create(db, "x" * 9000, "en", now + HOUR, now=now)
    assert lesson.value.field == "lesson"
    opened = hw.create(db, LESSON, "en", now + HOUR, now=now)
    for name in ("", "x" * 41, "tab\there"):
        with pytest.raises(Refused):
            hw.join(db, opened.code, name)
    a = hw.join(db, opened.code, "Ana")
    with pytest.raises(Refused) as ref:
        hw.answer(db, opened.code, a.token, "q" * 201, "K-1", "?", ["a"], "A", True)
    assert ref.value.field == "ref"
    with pytest.raises(Refused):
        hw.answer(db, opened.code, a.token, "quiz:x", "K-1", "?", [], "", True)
    # Long texts are cut, not refused.
    assert hw.answer(db, opened.code, a.token, "quiz:x", "K-1", "?" * 5000, ["a"], "A" * 900,
                     True) == "counted"
    kept = hw.answers_of(db, opened.code, a.token)["quiz:x"]
    assert len(kept.prompt) == hw.MAX_PROMPT and len(kept.answer_text) == hw.MAX_ANSWER


def test_homework_is_deleted_a_month_after_its_due_time(db: Store) -> None:
    now = now_ms()
    opened = hw.create(db, LESSON, "en", now + HOUR, now=now)
    a = hw.join(db, opened.code, "Ana", now=now)
    hw.answer(db, opened.code, a.token, "quiz:x", "K-1", "?", ["a"], "A", True, now=now)
    later = now + HOUR + hw.KEEP_AFTER_DUE_MS + 1
    assert hw.get(db, opened.code, now=later) is None
    assert hw.expire(db, now=later) == 1
    assert hw.get(db, opened.code, now=now) is None
    assert hw.student(db, opened.code, a.token) is None


def test_a_database_that_cannot_be_written_is_unavailable(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'ro.sqlite3'}"
    first = Store(url)
    opened = hw.create(first, LESSON, "en", now_ms() + HOUR)
    ana = hw.join(first, opened.code, "Ana")
    first.close()
    db = Store(url)

    @sa.event.listens_for(db.engine, "connect")
    def _read_only(dbapi: sqlite3.Connection, _record: object) -> None:
        dbapi.execute("PRAGMA query_only = ON")  # as a read-only file or mount

    db.engine.dispose()
    assert hw.get(db, opened.code) is not None  # still read
    with pytest.raises(Unavailable):
        hw.join(db, opened.code, "Bo")
    with pytest.raises(Unavailable):
        hw.answer(db, opened.code, ana.token, "quiz:x", "K-1", "?", ["a"], "A", True)
    db.close()
