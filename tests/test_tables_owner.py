"""Tables (issue 31), the owner's powers before the start and the live class's tables, on
SQLite and PostgreSQL: a waiting table changes its seats (a bot's level, bot <-> person)
and starts; the coach switch; a live class's teacher seats the students at tables of a
chosen size (bots filling the gaps), each student's class token opens their seat and no
other, and only the teacher's key drives the class's tables."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from pg_server import fresh_database

from store import Forbidden, Refused, Store
from store.core import now_ms
from store.tables import NotYourTurn, SeatSpec, Tables, state_of

H, B = SeatSpec("human", name="Ana"), SeatSpec("bot", "basic")


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    else:
        url = fresh_database(request.getfixturevalue("postgres_url"),
                             f"t_{uuid.uuid4().hex[:12]}")
    s = Store(url)
    yield s
    s.close()


def test_a_waiting_table_changes_its_seats_then_starts(db: Store) -> None:
    tables = Tables(db)
    opened = tables.open("kachuful", {"max_cards": 2}, [B, H, B], seed=3, start=False)
    row = tables.get(opened.id)
    assert row is not None and row.status == "waiting" and row.count == 0
    with pytest.raises(NotYourTurn):  # nobody plays before the start
        tables.act(opened.id, 1, opened.tokens[1], state_of(row).legal_actions()[0], 0)
    row = tables.set_seat(opened.id, opened.owner_key, 0, SeatSpec("bot", "strong"))
    assert row.seats[0].level == "strong"
    row = tables.set_seat(opened.id, opened.owner_key, 2, SeatSpec("human", name="Bo"))
    links = tables.links(opened.id, opened.owner_key)
    assert sorted(links) == [1, 2] and links[1] == opened.tokens[1]
    assert tables.seat_of(opened.id, 2, links[2]).seats[2].name == "Bo"
    tables.set_seat(opened.id, opened.owner_key, 2, SeatSpec("bot", "random"))
    with pytest.raises(Forbidden):  # the seat's old link opens nothing
        tables.seat_of(opened.id, 2, links[2])
    with pytest.raises(Refused) as refused:  # the last person's seat stays a person's
        tables.set_seat(opened.id, opened.owner_key, 1, B)
    assert refused.value.field == "seats"
    with pytest.raises(Forbidden):
        tables.set_seat(opened.id, opened.tokens[1], 0, B)
    with pytest.raises(Forbidden):
        tables.start(opened.id, opened.tokens[1])
    row = tables.start(opened.id, opened.owner_key)
    assert row.status == "playing" and state_of(row).current_player() == 1
    assert row.count >= 1  # the bot at seat 0 bid first (the dealer's left), then seat 1
    with pytest.raises(Refused) as refused:
        tables.set_seat(opened.id, opened.owner_key, 0, B)
    assert refused.value.field == "status"
    with pytest.raises(Refused):
        tables.start(opened.id, opened.owner_key)


def test_the_owner_switches_the_coach_without_moving_the_turn(db: Store) -> None:
    tables = Tables(db)
    opened = tables.open("kachuful", {"max_cards": 2}, [H, B, B], seed=3, timer_s=60,
                         now=now_ms() - 5_000, learning=True)
    row = tables.get(opened.id)
    assert row is not None and row.learning
    off = tables.set_learning(opened.id, opened.owner_key, False, now=now_ms())
    assert not off.learning and off.changed_ms == row.changed_ms
    with pytest.raises(Forbidden):
        tables.set_learning(opened.id, opened.tokens[0], True)
    assert tables.set_learning(opened.id, opened.owner_key, True).learning


def test_a_class_is_split_into_tables_and_each_student_token_opens_its_own_seat(
        db: Store) -> None:
    tables = Tables(db)
    lesson = db.open_class("kachuful-basics", "en")
    joined = [db.join(lesson.code, name) for name in ("Ana", "Bo", "Cy", "Di", "Ed")]
    ids = [j.student for j in joined]
    with pytest.raises(Forbidden):
        tables.open_class(lesson.code, joined[0].token, "kachuful", {}, ids, 4)
    with pytest.raises(Refused):
        tables.open_class(lesson.code, lesson.key, "kachuful", {}, ids, 9)
    opened = tables.open_class(lesson.code, lesson.key, "kachuful", {"max_cards": 2}, ids,
                               3, level="random", seed=7)
    assert len(opened) == 2
    rows = tables.of_class(lesson.code, lesson.key)
    assert [r.id for r in rows] == opened
    assert [[s.kind for s in r.seats] for r in rows] == [["human"] * 3,
                                                          ["human", "human", "bot"]]
    assert all(r.class_code == lesson.code and r.timer_s == 0 and not r.learning
               for r in rows)
    assert rows[1].seats[2].level == "random"
    seated = {}
    for j in joined:
        where = tables.seat_of_student(lesson.code, j.token)
        assert where is not None
        seated[j.student] = where
        table_id, seat = where
        row = tables.seat_of(table_id, seat, j.token)
        assert row.seats[seat].student == j.student
        other = (seat + 1) % row.players
        with pytest.raises(Forbidden):  # a student's token opens only their own seat
            tables.seat_of(table_id, other, j.token)
    assert len(set(seated.values())) == 5
    assert tables.seat_of_student(lesson.code, "not-a-token") is None
    assert tables.seat_of_student("OTHER1", joined[0].token) is None
    assert tables.links(opened[0], lesson.key) == {}  # class seats have no owner's link
    assert tables.is_teacher(opened[0], lesson.key)
    assert not tables.is_teacher(opened[0], joined[0].token)
    with pytest.raises(Forbidden):
        tables.of_class(lesson.code, joined[0].token)
    tables.close(opened[0], lesson.key)  # the teacher drives the class's tables
    # a second split closes the first tables and seats everyone again
    again = tables.open_class(lesson.code, lesson.key, "krypkasino", {}, ids[:2], 2)
    assert [r.id for r in tables.of_class(lesson.code, lesson.key)] == again
    assert tables.seat_of_student(lesson.code, joined[4].token) is None
    assert tables.seat_of_student(lesson.code, joined[0].token) == (again[0], 0)
