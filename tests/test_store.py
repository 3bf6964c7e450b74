"""The storage of the live classroom and of learners' progress (store/), against SQLite and
against a real PostgreSQL server (tests/pg_server.py): classes, joining, questions and
answers, who may do what, expiry, progress, migrations, restarts and concurrent writers."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import pytest
import sqlalchemy as sa

import store
from store import Forbidden, Refused, Store, migrations
from store.core import CLASS_TTL_MS, EXPIRE_EVERY_MS, LEARNER_TTL_MS, now_ms

LESSON = "1.packed-lesson"


def test_the_database_is_the_one_configured(db: Store, url: str) -> None:
    assert db.kind == ("sqlite" if url.startswith("sqlite") else "postgresql")
    with db.engine.connect() as conn:
        assert migrations.current(conn) == migrations.VERSION == len(migrations.MIGRATIONS)
        assert sa.inspect(conn).has_table("lab_studies")


def test_a_class_is_opened_joined_asked_answered_and_revealed(db: Store) -> None:
    opened = db.open_class(LESSON, "es")
    state = db.state(opened.code)
    assert state is not None and (state.step, state.follow, state.question) == (1, True, 0)
    assert state.lesson == LESSON and state.lang == "es" and not state.ended
    # A millisecond apart: students who join in the same millisecond are listed in no
    # particular order (the tie goes to their random ids), which this test must not meet.
    start = now_ms()
    ana, bo, cy = (db.join(opened.code, n, now=start + k)
                   for k, n in enumerate(("Ana", "Bo", "Cy"), 1))
    moved = db.drive(opened.code, opened.key, step=5)
    assert moved.step == 5 and moved.version > state.version
    seq = db.ask(opened.code, opened.key, "quiz:k-bids-1", "K-9", ["a", "b", "c"], ["b"])
    assert seq == 1 and db.state(opened.code).question == 1  # type: ignore[union-attr]
    assert db.answer(opened.code, ana.token, seq, ["b"], True) == "counted"
    assert db.answer(opened.code, bo.token, seq, ["a"], False) == "counted"
    assert db.answer(opened.code, bo.token, seq, ["b"], True) == "already"  # the first stands
    assert db.answer(opened.code, ana.token, seq, ["c"], False) == "already"
    tally = db.tally(opened.code, seq)
    assert (tally.counts, tally.answered, tally.students, tally.right) == \
        ({"b": 1, "a": 1}, 2, 3, 1)
    db.reveal(opened.code, opened.key)
    assert db.answer(opened.code, cy.token, seq, ["b"], True) == "late"
    assert db.tally(opened.code, seq).answered == 2
    asked = db.question(opened.code, seq)
    assert asked is not None and asked.correct == frozenset({"b"}) and asked.revealed_ms
    mine = db.answer_of(opened.code, bo.token, seq)
    assert mine is not None and mine.chosen == ("a",) and not mine.right
    results = db.results(opened.code, opened.key)
    assert [s.name for s in results.students] == ["Ana", "Bo", "Cy"]
    assert [(a.student, a.right) for a in results.answers] == [(ana.student, True),
                                                               (bo.student, False)]
    db.end(opened.code, opened.key)
    assert db.state(opened.code).ended  # type: ignore[union-attr]
    with pytest.raises(Refused):
        db.join(opened.code, "Late Dan")


def test_an_answer_to_an_old_question_is_late(db: Store) -> None:
    opened = db.open_class(LESSON, "en")
    ana = db.join(opened.code, "Ana")
    first = db.ask(opened.code, opened.key, "quiz:a", "K-9", ["a", "b"], ["a"])
    second = db.ask(opened.code, opened.key, "quiz:b", "C-8", ["x", "y"], ["y"])
    assert db.answer(opened.code, ana.token, first, ["a"], True) == "late"
    assert db.answer(opened.code, ana.token, second, ["nope"], False) == "unknown"
    assert db.answer(opened.code, ana.token, second, [], False) == "unknown"
    assert db.answer(opened.code, ana.token, second, ["y"], True) == "counted"


def test_only_the_teachers_key_drives_ends_deletes_or_reads_results(db: Store) -> None:
    one, two = db.open_class(LESSON, "en"), db.open_class(LESSON, "en")
    student = db.join(one.code, "Ana")
    for key in ("", "x", two.key, student.token, one.key[:-1] + "A"):
        if key == one.key:
            continue
        assert not db.is_teacher(one.code, key)
        for call in (lambda k: db.drive(one.code, k, step=3),
                     lambda k: db.ask(one.code, k, "quiz:a", "K-9", ["a"], ["a"]),
                     lambda k: db.reveal(one.code, k), lambda k: db.end(one.code, k),
                     lambda k: db.delete(one.code, k), lambda k: db.results(one.code, k)):
            with pytest.raises(Forbidden):
                call(key)
    assert db.is_teacher(one.code, one.key) and db.state(one.code).step == 1  # type: ignore[union-attr]
    # A student's token belongs to one class: it answers nothing in another.
    seq = db.ask(two.code, two.key, "quiz:a", "K-9", ["a"], ["a"])
    with pytest.raises(Forbidden):
        db.answer(two.code, student.token, seq, ["a"], True)
    assert db.student(two.code, student.token) is None
    assert db.student(one.code, student.token) is not None
    assert db.answer_of(two.code, student.token, seq) is None
    # The public state never holds the teacher's key or its hash.
    assert one.key not in repr(db.state(one.code))


def test_codes_are_from_the_alphabet_and_typed_codes_are_read_loosely(db: Store) -> None:
    codes = {db.open_class(LESSON, "en").code for _ in range(20)}
    assert len(codes) == 20
    for code in codes:
        assert store.normalise_code(code.lower()) == code
        assert store.normalise_code(store.show_code(code)) == code
    assert store.CODE_SPACE == 31 ** 7 > 2 * 10 ** 10
    assert db.state("ZZZZZZZ") is None
    with pytest.raises(Forbidden):
        db.join("ZZZZZZZ", "Ana")


def test_bounds_are_kept(db: Store) -> None:
    opened = db.open_class(LESSON, "en")
    for name in ("", "x" * 41, "a\nb", "a\x00"):
        with pytest.raises(Refused):
            db.join(opened.code, name)
    with pytest.raises(Refused):
        db.open_class("x" * 9000, "en")
    with pytest.raises(Refused):
        db.ask(opened.code, opened.key, "quiz:a", "not a rule", ["a"], ["a"])
    with pytest.raises(Refused):
        db.ask(opened.code, opened.key, "quiz:a", "K-9", ["a", "a"], ["a"])
    with pytest.raises(Refused):
        db.ask(opened.code, opened.key, "quiz:a", "K-9", ["a"], ["b"])
    with pytest.raises(Refused):
        db.drive(opened.code, opened.key, step=0)


def test_expiry_deletes_old_classes_and_all_they_hold(db: Store) -> None:
    start = 1_000_000_000_000
    old = db.open_class(LESSON, "en", now=start)
    ana = db.join(old.code, "Ana", now=start + 1)
    seq = db.ask(old.code, old.key, "quiz:a", "K-9", ["a"], ["a"], now=start + 2)
    db.answer(old.code, ana.token, seq, ["a"], True, now=start + 3)
    fresh = db.open_class(LESSON, "en", now=start + CLASS_TTL_MS)
    assert db.state(old.code, now=start + CLASS_TTL_MS + 1) is None  # expired: not served
    assert db.expire(now=start + CLASS_TTL_MS + 1) == 1
    with db.engine.connect() as conn:
        for table in ("students", "questions", "answers"):
            left = conn.execute(sa.text(f"SELECT COUNT(*) FROM {table} WHERE class_code = :c"),
                                {"c": old.code}).scalar()
            assert left == 0, table
    assert db.state(fresh.code, now=start + CLASS_TTL_MS + 1) is not None
    # Expiry runs by itself, at most every few minutes, when classes are opened.
    db._last_expire = 0
    assert db.maybe_expire(now=start + 3 * CLASS_TTL_MS) == 1
    assert db.maybe_expire(now=start + 3 * CLASS_TTL_MS + EXPIRE_EVERY_MS - 1) == 0


def test_progress_counts_per_rule_and_can_be_erased(db: Store) -> None:
    me = db.new_learner_id()
    assert db.valid_learner(me) and not db.valid_learner("short") and db.mastery(me) == []
    for rule, right, source in (("K-9", True, "quiz"), ("K-9", False, "quiz"),
                                ("K-9", True, "walkthrough"), ("C-8", False, "quiz")):
        db.record(me, rule, right, source)
    got = {m.rule: (m.asked, m.right) for m in db.mastery(me)}
    assert got == {"K-9": (3, 2), "C-8": (1, 0)}
    assert {m.rule: m.asked for m in db.mastery(me, ["walkthrough"])} == {"K-9": 1}
    other = db.new_learner_id()
    db.record(other, "K-9", True, "quiz")
    # A live answer counts in the record of a student who joined with their learner id.
    opened = db.open_class(LESSON, "en")
    pupil = db.join(opened.code, "Ana", learner=me)
    seq = db.ask(opened.code, opened.key, "quiz:a", "K-11", ["a", "b"], ["a"])
    db.answer(opened.code, pupil.token, seq, ["b"], False)
    assert {m.rule: (m.asked, m.right) for m in db.mastery(me)}["K-11"] == (1, 0)
    assert db.erase(me) == 4 and db.mastery(me) == []
    assert db.mastery(other) != []  # nobody else's record
    with pytest.raises(Refused):
        db.record("../etc", "K-9", True, "quiz")
    with pytest.raises(Refused):
        db.record(other, "K-9; DROP", True, "quiz")


def test_learners_not_seen_for_a_year_expire(db: Store) -> None:
    me = db.new_learner_id()
    db.record(me, "K-9", True, "quiz", now=1_000)
    db.expire(now=1_000 + LEARNER_TTL_MS + 1)
    assert db.mastery(me) == []


def test_nothing_is_lost_when_the_process_restarts(url: str) -> None:
    first = Store(url)
    opened = first.open_class(LESSON, "en")
    ana = first.join(opened.code, "Ana")
    seq = first.ask(opened.code, opened.key, "quiz:a", "K-9", ["a", "b"], ["a"])
    first.answer(opened.code, ana.token, seq, ["a"], True)
    first.close()
    second = Store(url)  # a new process: migrations find the schema up to date
    assert second.tally(opened.code, seq).answered == 1
    assert second.student(opened.code, ana.token) is not None
    assert second.is_teacher(opened.code, opened.key)
    second.close()


def test_concurrent_students_all_count(db: Store) -> None:
    opened = db.open_class(LESSON, "en")
    pupils = [db.join(opened.code, f"S{i}") for i in range(24)]
    seq = db.ask(opened.code, opened.key, "quiz:a", "K-9", ["a", "b"], ["a"])
    outcomes: list[str] = []
    errors: list[BaseException] = []

    def go(token: str, i: int) -> None:
        try:
            outcomes.append(db.answer(opened.code, token, seq, ["a" if i % 2 else "b"], bool(i % 2)))
        except BaseException as exc:  # noqa: BLE001 - collected and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=go, args=(p.token, i)) for i, p in enumerate(pupils)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == [] and outcomes.count("counted") == 24
    assert db.tally(opened.code, seq).counts == {"a": 12, "b": 12}


def test_a_newer_schema_is_refused_not_misread(url: str) -> None:
    s = Store(url)
    with s.engine.begin() as conn:
        conn.execute(sa.text("INSERT INTO schema_version (version, applied_ms) VALUES (99, 0)"))
    with pytest.raises(RuntimeError, match="schema version 99"):
        migrations.upgrade(s.engine)
    s.close()


def test_the_default_is_a_sqlite_file_in_the_data_folder(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RULES_LAB_DATABASE_URL", raising=False)
    monkeypatch.setenv("RULES_LAB_DATA", str(tmp_path / "data"))
    assert store.default_url() == f"sqlite:///{tmp_path / 'data' / 'rules-lab.sqlite3'}"
    s = Store()
    s.open_class(LESSON, "en")
    s.close()
    with sqlite3.connect(tmp_path / "data" / "rules-lab.sqlite3") as conn:
        assert conn.execute("SELECT COUNT(*) FROM classes").fetchone() == (1,)
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    monkeypatch.setenv("RULES_LAB_DATABASE_URL", "postgres://u@h/d")
    assert store.default_url() == "postgres://u@h/d"
    monkeypatch.setenv("RULES_LAB_DATABASE_URL", "mysql://u@h/d")
    with pytest.raises(ValueError, match="RULES_LAB_DATABASE_URL"):
        Store()


def test_moving_the_class_closes_the_open_question(db: Store) -> None:
    opened = db.open_class(LESSON, "en", step=4)
    ana, bo = db.join(opened.code, "Ana"), db.join(opened.code, "Bo")
    seq = db.ask(opened.code, opened.key, "quiz:k-bids-1", "K-9", ["a", "b"], ["b"])
    # Follow mode or the same step: the question stays open.
    db.drive(opened.code, opened.key, follow=False)
    db.drive(opened.code, opened.key, step=4)
    assert not db.state(opened.code).revealed  # type: ignore[union-attr]
    assert db.answer(opened.code, ana.token, seq, ["b"], True) == "counted"
    # Another step: closed as if revealed; a later answer is late.
    moved = db.drive(opened.code, opened.key, step=5)
    assert moved.revealed and moved.step == 5 and moved.question == seq
    asked = db.question(opened.code, seq)
    assert asked is not None and asked.revealed_ms is not None
    assert db.answer(opened.code, bo.token, seq, ["b"], True) == "late"


# -- storage faults: a sentence (store.Unavailable), never a lost store or a hung page --------
def test_an_unwritable_data_folder_is_unavailable_and_tried_again(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.delenv("RULES_LAB_DATABASE_URL", raising=False)
    monkeypatch.setenv("RULES_LAB_DATA", str(blocker / "data"))  # cannot be made
    with pytest.raises(store.Unavailable):
        store.get()
    with pytest.raises(store.Unavailable):  # not kept: asked again, it tries again
        store.get()
    monkeypatch.setenv("RULES_LAB_DATA", str(tmp_path / "data"))
    assert store.get().state("ABCDEFG") is None


def test_a_read_only_sqlite_database_refuses_writes_and_still_reads(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'ro.sqlite3'}"
    first = Store(url)
    opened = first.open_class(LESSON, "en")
    ana = first.join(opened.code, "Ana")
    first.close()
    db = Store(url)

    @sa.event.listens_for(db.engine, "connect")
    def _read_only(dbapi: sqlite3.Connection, _record: object) -> None:
        dbapi.execute("PRAGMA query_only = ON")  # as a read-only file or mount

    db.engine.dispose()
    assert db.state(opened.code) is not None and db.student(opened.code, ana.token)
    with pytest.raises(store.Unavailable):
        db.join(opened.code, "Bo")
    with pytest.raises(store.Unavailable):
        db.record("abcdefghijklmnopqrst", "K-9", True, "quiz")
    db.close()


def test_a_locked_sqlite_database_is_unavailable_quickly_then_works(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from store import db as dbmod

    monkeypatch.setattr(dbmod, "SQLITE_BUSY_S", 0.3)
    path = tmp_path / "locked.sqlite3"
    db = Store(f"sqlite:///{path}")
    opened = db.open_class(LESSON, "en")
    ana = db.join(opened.code, "Ana")
    seq = db.ask(opened.code, opened.key, "quiz:k-bids-1", "K-9", ["a", "b"], ["b"])
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
    try:
        started = time.monotonic()
        with pytest.raises(store.Unavailable):
            db.answer(opened.code, ana.token, seq, ["b"], True)
        assert time.monotonic() - started < 3
        assert db.state(opened.code) is not None  # readers do not wait (WAL)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert db.answer(opened.code, ana.token, seq, ["b"], True) == "counted"  # the retry
    db.close()


def test_a_stopped_postgresql_server_is_unavailable_not_a_traceback(
        postgres_url: str) -> None:
    from pg_server import PostgresServer

    server = PostgresServer().start()
    try:
        db = Store(server.url)
        opened = db.open_class(LESSON, "en")
        server.stop()
        started = time.monotonic()
        with pytest.raises(store.Unavailable) as caught:
            db.state(opened.code)
        assert time.monotonic() - started < 10
        assert str(server.port) not in str(caught.value)  # no host or port in the sentence
        with pytest.raises(store.Unavailable):
            store.get(server.url.rsplit("/", 1)[0] + "/template1")  # nor a new store
        db.close()
    finally:
        server.stop()


def test_a_hung_postgresql_server_times_out(monkeypatch: pytest.MonkeyPatch,
                                            postgres_url: str) -> None:
    import socket

    from store import db as dbmod

    monkeypatch.setattr(dbmod, "PG_CONNECT_TIMEOUT_S", 2)
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(8)  # accepts connections and never answers
    port = silent.getsockname()[1]
    try:
        started = time.monotonic()
        with pytest.raises(store.Unavailable):
            store.get(f"postgresql://u@127.0.0.1:{port}/db")
        assert time.monotonic() - started < 8
    finally:
        silent.close()
    # A statement that runs too long is stopped by the server (statement_timeout).
    monkeypatch.setattr(dbmod, "PG_STATEMENT_TIMEOUT_MS", 300)
    db = Store(postgres_url)
    try:
        started = time.monotonic()
        with pytest.raises(sa.exc.OperationalError, match="statement timeout"), \
                db.engine.connect() as conn:
            conn.execute(sa.text("SELECT pg_sleep(3)"))
        assert time.monotonic() - started < 2.5
    finally:
        db.close()


def test_the_class_is_the_teachers(db: Store) -> None:
    opened = db.open_class(LESSON, "en")
    start = now_ms()
    ana = db.join(opened.code, "Ana", now=start + 1)
    version = db.state(opened.code).version  # type: ignore[union-attr]
    bo = db.join(opened.code, "Bo", now=start + 2)
    # A join does not change the class's version: the phones have nothing to redraw.
    assert db.state(opened.code).version == version  # type: ignore[union-attr]
    assert [s.name for s in db.students(opened.code, opened.key)] == ["Ana", "Bo"]
    with pytest.raises(Forbidden):
        db.students(opened.code, ana.token)
    # Lock joining: refused, naming the lock; the students in it stay; open again.
    db.lock(opened.code, opened.key, True)
    assert db.state(opened.code).locked  # type: ignore[union-attr]
    with pytest.raises(Refused) as refused:
        db.join(opened.code, "Cy")
    assert refused.value.field == "locked"
    db.lock(opened.code, opened.key, False)
    cy = db.join(opened.code, "Cy")
    # Remove a student: their answers go, their link stops working, the others stay.
    seq = db.ask(opened.code, opened.key, "quiz:k-bids-1", "K-9", ["a", "b"], ["b"])
    db.answer(opened.code, bo.token, seq, ["a"], False)
    db.answer(opened.code, cy.token, seq, ["b"], True)
    assert db.remove(opened.code, opened.key, bo.student)
    assert not db.remove(opened.code, opened.key, bo.student)
    assert db.student(opened.code, bo.token) is None
    with pytest.raises(Forbidden):
        db.answer(opened.code, bo.token, seq, ["b"], True)
    assert db.tally(opened.code, seq).answered == 1
    with pytest.raises(Forbidden):
        db.remove(opened.code, cy.token, ana.student)
    # End, then reopen: answers again.
    db.end(opened.code, opened.key)
    db.reopen(opened.code, opened.key)
    state = db.state(opened.code)
    assert state is not None and not state.ended
    seq = db.ask(opened.code, opened.key, "quiz:k-bids-2", "K-9", ["a", "b"], ["a"])
    assert db.answer(opened.code, ana.token, seq, ["a"], True) == "counted"
    # A new teacher's key: the old one stops working at once.
    fresh = db.rotate_key(opened.code, opened.key)
    assert fresh != opened.key and db.is_teacher(opened.code, fresh)
    assert not db.is_teacher(opened.code, opened.key)
    with pytest.raises(Forbidden):
        db.drive(opened.code, opened.key, step=2)


def test_question_options_and_the_countdown(db: Store) -> None:
    opened = db.open_class(LESSON, "en")
    ana = db.join(opened.code, "Ana")
    bo = db.join(opened.code, "Bo")
    assert db.state(opened.code).options == store.Options()  # type: ignore[union-attr]
    chosen = store.Options(countdown_s=20, points=True, leaderboard=True, anonymous=True)
    db.set_options(opened.code, opened.key, chosen)
    assert db.state(opened.code).options == chosen  # type: ignore[union-attr]
    with pytest.raises(Refused):
        db.set_options(opened.code, opened.key, store.Options(countdown_s=7))
    with pytest.raises(Forbidden):
        db.set_options(opened.code, ana.token, chosen)
    start = now_ms()
    seq = db.ask(opened.code, opened.key, "quiz:k-bids-1", "K-9", ["a", "b"], ["b"], now=start)
    asked = db.question(opened.code, seq)
    assert asked is not None and asked.deadline_ms == start + 20_000
    assert db.answer(opened.code, ana.token, seq, ["b"], True, now=start + 19_000) == "counted"
    assert db.answer(opened.code, bo.token, seq, ["b"], True, now=start + 20_001) == "late"
    # Without a countdown a question has no deadline.
    db.set_options(opened.code, opened.key, store.Options())
    seq = db.ask(opened.code, opened.key, "quiz:k-bids-2", "K-9", ["a", "b"], ["b"])
    assert db.question(opened.code, seq).deadline_ms is None  # type: ignore[union-attr]
