"""Teachers' own questions in a lesson (issue 29): the format refuses hostile input naming
the field; a lesson saved in the store (store/lessons.py) on SQLite and on a real PostgreSQL
server (tests/pg_server.py) under an unguessable id, changed only with its author's key; its
questions become question and answer slides and live questions judged by the teacher's right
choice, found by (saved id, index) rather than their text."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pg_server import fresh_database

from store import Forbidden, Refused, Store
from store import lessons as saved
from tutorials import lessons
from ui.classroom import deck as classroom

HOSTILE = "<img src=x onerror=alert(1)> **bold** [x](javascript:f())"


def question(**change: Any) -> dict[str, Any]:
    item: dict[str, Any] = {"ask": "Who may not bid 1 here?", "game": "kachuful",
                            "choices": ["The dealer", "Nobody", "Everyone"], "right": 0,
                            "rule": "K-9"}
    item.update(change)
    return item


def doc(*items: dict[str, Any], **top: Any) -> dict[str, Any]:
    return {"format": lessons.FORMAT, "title": "Mine", "items": list(items), **top}


def test_a_teachers_question_is_read_kept_and_packed() -> None:
    lesson = lessons.check(doc(question(ask=HOSTILE, choices=[HOSTILE, "b"])), "x")
    item = lesson.items[0]
    assert isinstance(item, lessons.QuestionItem)
    assert (item.ask, item.choices, item.right, item.rule) == (HOSTILE, (HOSTILE, "b"), 0, "K-9")
    assert lessons.decode_link(lessons.encode_link(lesson), "x") == lesson
    assert lessons.check(lessons.to_doc(lesson), "x") == lesson


@pytest.mark.parametrize(("change", "field", "words"), [
    ({"ask": "x" * 301}, "items[0].ask", "at most 300"),
    ({"ask": "  "}, "items[0].ask", "non-empty"),
    ({"ask": "two\nlines"}, "items[0].ask", "one line"),
    ({"ask": 7}, "items[0].ask", "non-empty text"),
    ({"choices": ["only one"]}, "items[0].choices", "2 to 6"),
    ({"choices": list("abcdefg")}, "items[0].choices", "2 to 6"),
    ({"choices": "ab"}, "items[0].choices", "2 to 6"),
    ({"choices": ["a", "y" * 121]}, "items[0].choices[1]", "at most 120"),
    ({"choices": ["a", "a"]}, "items[0].choices", "the same"),
    ({"choices": ["a", "b\x00"]}, "items[0].choices[1]", "control"),
    ({"right": 3}, "items[0].right", "from 0 to 2"),
    ({"right": True}, "items[0].right", "whole number"),
    ({"right": "0"}, "items[0].right", "whole number"),
    ({"rule": "K-99"}, "items[0].rule", "kachuful rule ID"),
    ({"rule": "C-1"}, "items[0].rule", "kachuful rule ID"),
    ({"game": "chess"}, "items[0].game", "must be one of"),
    ({"extra": 1}, "items[0].extra", "unknown key"),
])
def test_hostile_questions_are_refused_naming_the_field(change: dict[str, Any], field: str,
                                                        words: str) -> None:
    with pytest.raises(lessons.LessonError) as caught:
        lessons.check(doc(question(**change)), "x")
    assert caught.value.where == f"x.{field}" and words in caught.value.problem


def test_an_item_with_two_kinds_and_a_bad_saved_id_are_refused() -> None:
    with pytest.raises(lessons.LessonError, match="one of scenario"):
        lessons.check(doc(question(quiz="kachuful")), "x")
    with pytest.raises(lessons.LessonError, match="saved"):
        lessons.check(doc(question(), saved="../../etc"), "x")


def test_a_saved_lessons_question_becomes_slides_with_its_reference() -> None:
    lesson = lessons.check(doc(question(ask=HOSTILE), saved="A" * 16), "x")
    deck = classroom.slides(lesson, "en")
    ask, answer = [s for s in deck if s.kind in ("question", "answer")]
    assert ask.lines == (HOSTILE,) and ask.choices[0] == "A. The dealer"
    assert ask.ref == answer.ref == "own:" + "A" * 16 + ".0"
    assert answer.lines == ("✓ A. The dealer",) and answer.rules == ("K-9",)
    # Not saved: the question is shown but has no live reference.
    unsaved = classroom.slides(lessons.check(doc(question()), "x"), "en")
    assert all(s.ref == "" for s in unsaved if s.kind == "question")


# -- the store -----------------------------------------------------------------------------------
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


def test_a_lesson_is_saved_read_and_changed_by_its_author_only(db: Store) -> None:
    sid = saved.new_id()
    assert saved.valid_id(sid) and sid != saved.new_id()
    made = saved.create(db, sid, "1.packed", now=1000)
    assert made.id == sid and len(made.key) >= 30
    found = saved.get(db, sid)
    assert found is not None and (found.lesson, found.created_ms) == ("1.packed", 1000)
    assert saved.is_author(db, sid, made.key) and not saved.is_author(db, sid, "x" * 32)
    with pytest.raises(Forbidden):
        saved.update(db, sid, "not-the-key", "1.other")
    saved.update(db, sid, made.key, "1.changed", now=2000)
    found = saved.get(db, sid)
    assert found is not None and (found.lesson, found.changed_ms) == ("1.changed", 2000)
    with pytest.raises(Refused) as taken:
        saved.create(db, sid, "1.again")
    assert taken.value.field == "id"


def test_saving_is_bounded_per_hour_site_wide(db: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Anonymous visitors cannot fill the store: past the hour's bound a new lesson is
    refused (an author's change still goes through), and an hour later saving is open."""
    monkeypatch.setattr(saved, "MAX_NEW_PER_HOUR", 3)
    made = [saved.create(db, saved.new_id(), "1.packed", now=10_000_000 + i) for i in range(3)]
    with pytest.raises(saved.TooMany) as caught:
        saved.create(db, saved.new_id(), "1.packed", now=10_000_100)
    assert caught.value.field == "lesson"
    saved.update(db, made[0].id, made[0].key, "1.changed", now=10_000_200)
    assert saved.create(db, saved.new_id(), "1.packed", now=10_000_000 + 3_600_001).id


@pytest.mark.parametrize("bad", ["", "short", "x" * 17, "../../etc/passw", "A" * 15 + "!"])
def test_bad_ids_and_oversized_lessons_are_refused(db: Store, bad: str) -> None:
    assert saved.get(db, bad) is None and not saved.is_author(db, bad, "k")
    with pytest.raises(Refused) as caught:
        saved.create(db, bad, "1.packed")
    assert caught.value.field == "id"
    with pytest.raises(Refused) as big:
        saved.create(db, saved.new_id(), "1." + "x" * 9000)
    assert big.value.field == "lesson"


def test_a_live_reference_finds_only_a_saved_teachers_question() -> None:
    import store
    from ui.classroom import live

    sid = saved.new_id()
    lesson = lessons.check(doc(question(), {"quiz": "kachuful", "topics": ["K-9"], "seed": 1,
                                            "count": 1}, saved=sid), "shared")
    saved.create(store.get(), sid, lessons.encode_link(lesson))
    found = live.resolve(f"own:{sid}.0")
    assert found is not None and (found.prompt, found.rule) == (question()["ask"], "K-9")
    assert found.choices[0] == ("a", "The dealer") and found.correct == {"a"}
    assert found.judge(["a"]) and not found.judge(["b"]) and not found.judge([])
    for bad in (f"own:{sid}.1", f"own:{sid}.9", f"own:{sid}.x", "own:" + "B" * 16 + ".0",
                "own:../x.0", "own:", f"own:{sid}.-1", f"own:{sid}.0000"):
        assert live.resolve(bad) is None, bad


def test_the_handout_prints_a_teachers_question_as_text() -> None:
    from ui.classroom import handout

    lesson = lessons.check(doc(question(ask=HOSTILE, choices=["a", HOSTILE])), "shared")
    page = handout.lesson_page(lesson, "pt", False)
    assert "<img" not in page and "&lt;img src=x onerror=alert(1)&gt;" in page
    assert page.count("**bold**") == 2 and "✓ A. a" in page
