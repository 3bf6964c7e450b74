"""Lessons: the shipped files are valid, name only scenarios, steps and quiz sets that exist,
are translated, and survive a link; damaged links are refused with a reason."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import pytest

from engine.quiz import TYPES, question_set
from tutorials import lessons
from tutorials import scenarios as scenario_files
from tutorials.lessons import FORMAT, LessonError, QuizItem, ScenarioItem
from ui.classroom import deck as classroom
from ui.i18n import LANGS

SHIPPED = ("kachuful-20", "krypkasino-20", "kachuful-variants")


def _pack(doc: Any) -> str:
    raw = json.dumps(doc).encode()
    return "1." + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


def _quiz_doc(**item: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"quiz": "kachuful", "topics": ["K-9"], "seed": 3, "count": 2}
    base.update(item)
    return {"format": FORMAT, "title": "T", "items": [base]}


# -- the shipped lessons ------------------------------------------------------------------------


def test_the_three_ready_lessons_are_shipped_and_valid() -> None:
    assert set(SHIPPED) <= set(lessons.ids())
    loaded = lessons.load_all()
    assert [lesson.id for lesson in loaded][:3] == list(SHIPPED)
    for lesson in loaded:
        assert lesson.minutes == 20
        assert any(isinstance(i, ScenarioItem) for i in lesson.items)
        assert any(isinstance(i, QuizItem) for i in lesson.items)


@pytest.mark.parametrize("lesson_id", SHIPPED)
def test_every_text_of_a_shipped_lesson_is_in_every_language(lesson_id: str) -> None:
    doc = json.loads(lessons.path_of(lesson_id).read_text(encoding="utf-8"))
    texts = [doc["title"], doc["summary"]]
    for item in doc["items"]:
        texts += [item[k] for k in ("title", "note") if k in item]
    for text in texts:
        assert isinstance(text, dict) and set(text) == set(LANGS), text
        assert len(set(text.values())) == 3, f"untranslated: {text}"


@pytest.mark.parametrize("lesson_id", SHIPPED)
def test_every_scenario_step_and_quiz_set_a_lesson_names_exists(lesson_id: str) -> None:
    lesson = lessons.load(lesson_id)
    for n, item in enumerate(lesson.items):
        if isinstance(item, ScenarioItem):
            assert item.scenario in scenario_files.ids(item.game)
            first, last, count = classroom.item_steps(item, "en", f"items[{n}]")
            assert 0 <= first <= last < count
        else:
            questions = classroom.lesson_questions(item)
            assert len(questions) == item.count
            assert all(q.game == item.game for q in questions)
            if item.kinds:
                assert [q.kind for q in questions] == [
                    item.kinds[i % len(item.kinds)] for i in range(item.count)]
            else:
                assert questions == question_set(item.game, item.topics, item.seed, item.count)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("lesson_id", SHIPPED)
def test_a_lesson_becomes_slides_in_every_language(lesson_id: str, lang: str) -> None:
    lesson = lessons.load(lesson_id)
    deck = classroom.slides(lesson, lang)
    assert deck[0].kind == "cover" and deck[0].title == lesson.title_in(lang)
    assert sum(1 for s in deck if s.kind == "item") == len(lesson.items)
    for slide in deck:
        assert slide.title.strip()
        assert "{" not in slide.title
    steps = [s for s in deck if s.kind == "step"]
    assert steps and all(s.html for s in steps)
    questions = [s for s in deck if s.kind == "question"]
    answers = [s for s in deck if s.kind == "answer"]
    assert len(questions) == len(answers) == sum(
        i.count for i in lesson.items if isinstance(i, QuizItem))


def test_an_answer_slide_shows_the_engine_answer_and_names_its_rule() -> None:
    lesson = lessons.load("kachuful-20")
    item = next(i for i in lesson.items if isinstance(i, QuizItem))
    questions = classroom.lesson_questions(item)
    deck = classroom.slides(lesson, "en")
    answers = [s for s in deck if s.kind == "answer" and s.item == lesson.items.index(item)]
    for q, slide in zip(questions, answers, strict=True):
        assert slide.ref == q.id and slide.rules == (q.rule,)
        marked = [line for line in slide.lines if line.startswith("✓ ")]
        expected = [f"✓ {classroom.LETTERS[i]}. {c.label.render('en')}"
                    for i, c in enumerate(q.choices) if c.id in q.correct]
        assert marked == expected
        assert f"(rule:{q.rule})" in (slide.text or "")


def test_the_step_range_of_an_item_is_what_its_slides_show() -> None:
    lesson = lessons.load("kachuful-20")
    item = lesson.items[2]
    assert isinstance(item, ScenarioItem) and item.start == "h16.deal"
    first, last, _ = classroom.item_steps(item)
    deck = [s for s in classroom.slides(lesson, "en") if s.item == 2 and s.kind == "step"]
    assert len(deck) == last - first + 1
    assert deck[0].ref.endswith("#h16.deal") and deck[-1].ref.endswith("#h16.bid.s2")


def test_a_variant_in_a_lesson_changes_what_the_engine_allows() -> None:
    lesson = lessons.load("kachuful-variants")
    deck = classroom.slides(lesson, "en")
    free = [s for s in deck if s.item == 1 and s.ref.endswith("#h11.bid.s3")]
    assert free, "the dealer's bid under hook_rule = false"
    assert not any("was not allowed" in line for line in free[0].lines)
    hooked = [s for s in classroom.slides(lessons.load("kachuful-20"), "en")
              if s.ref == "kachuful/worked-example#h11.bid.s3"]
    assert any("was not allowed" in line for line in hooked[0].lines)


# -- checking -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("doc", "where"), [
    ({"format": "x", "title": "T", "items": []}, "t.format"),
    ({"format": FORMAT, "title": "T", "items": []}, "t.items"),
    ({"format": FORMAT, "title": "T", "items": [{}], "extra": 1}, "t.extra"),
    ({"format": FORMAT, "title": {"es": "Hola"}, "items": [{"quiz": "kachuful",
      "topics": ["K-9"], "seed": 1}]}, "t.title"),
    ({"format": FORMAT, "title": "T", "items": [{"scenario": "nope", "game": "kachuful"}]},
     "t.items[0].scenario"),
    ({"format": FORMAT, "title": "T", "items": [{"scenario": "renege", "game": "chess"}]},
     "t.items[0].game"),
    ({"format": FORMAT, "title": "T", "items": [{"scenario": "renege", "game": "kachuful",
      "variant": {"scoring": "golf"}}]}, "t.items[0].variant"),
    ({"format": FORMAT, "title": "T", "items": [{"scenario": "renege", "game": "kachuful",
      "start": 0}]}, "t.items[0].start"),
    (_quiz_doc(topics=["C-8"]), "t.items[0].topics[0]"),
    (_quiz_doc(topics=[], kinds=["c-sweep"]), "t.items[0].kinds[0]"),
    (_quiz_doc(kinds=["k-bids"]), "t.items[0]"),
    (_quiz_doc(seed=-1), "t.items[0].seed"),
    (_quiz_doc(count=99), "t.items[0].count"),
    (_quiz_doc(note={"en": "a", "xx": "b"}), "t.items[0].note.xx"),
])
def test_a_bad_lesson_is_refused_naming_the_field(doc: dict[str, Any], where: str) -> None:
    with pytest.raises(LessonError) as caught:
        lessons.check(doc, "t")
    assert caught.value.where == where


def test_a_step_that_does_not_exist_is_caught_when_the_slides_are_built() -> None:
    for start, end in (("h99.deal", None), (None, 99), ("h16.score", "h16.deal")):
        item = {"scenario": "renege", "game": "kachuful"}
        if start:
            item["start"] = start
        if end:
            item["end"] = end
        lesson = lessons.check({"format": FORMAT, "title": "T", "items": [item]}, "t")
        with pytest.raises(LessonError):
            classroom.slides(lesson, "en")


# -- links --------------------------------------------------------------------------------------


@pytest.mark.parametrize("lesson_id", SHIPPED)
def test_a_lesson_link_round_trips(lesson_id: str) -> None:
    lesson = lessons.load(lesson_id)
    packed = lessons.encode_link(lesson)
    assert packed.startswith("1.") and len(packed) < 3000
    assert all(c.isalnum() or c in "._-" for c in packed)  # nothing to escape in a URL
    back = lessons.decode_link(packed, lesson_id)
    assert back == lesson
    assert lessons.to_doc(back) == lessons.to_doc(lesson)


def test_a_lesson_built_on_the_page_round_trips_with_plain_texts() -> None:
    doc = {"format": FORMAT, "title": "Señales", "minutes": 5, "items": [
        {"scenario": "forced-sweep", "game": "krypkasino", "start": "position", "end": 2,
         "note": "¡Mirad el 9♦!"},
        {"quiz": "krypkasino", "kinds": ["c-sweep", "c-capture"], "seed": 999, "count": 4}]}
    lesson = lessons.check(doc, "shared")
    assert lesson.title_in("pt") == "Señales"
    back = lessons.decode_link(lessons.encode_link(lesson))
    assert back == lesson and lessons.to_doc(back) == doc


@pytest.mark.parametrize("value", [
    "2." + lessons.encode_link(lessons.load("kachuful-20"))[2:],  # another version
    "no-dot-at-all",
    "1.",
    "1.@@@@",
    "1." + lessons.encode_link(lessons.load("kachuful-20"))[2:-6],  # cut short
    _pack({"format": FORMAT, "title": "T", "items": [{"scenario": "nope", "game": "kachuful"}]}),
    _pack(["not", "an", "object"]),
    "1." + base64.urlsafe_b64encode(zlib.compress(b"[" * 300_000)).decode(),  # too big unpacked
])
def test_a_damaged_or_tampered_link_is_refused(value: str) -> None:
    with pytest.raises(LessonError) as caught:
        lessons.decode_link(value)
    assert caught.value.where == "link"


def test_a_changed_character_in_a_link_is_caught() -> None:
    packed = lessons.encode_link(lessons.load("krypkasino-20"))
    refused = 0
    for i in range(2, len(packed), max(1, len(packed) // 40)):
        swapped = packed[:i] + ("A" if packed[i] != "A" else "B") + packed[i + 1:]
        try:
            lessons.decode_link(swapped)
        except LessonError:
            refused += 1
    assert refused >= 38  # zlib's checksum: a changed character never shows another lesson


def test_read_link_falls_back_with_a_message() -> None:
    link = classroom.read_link({"l": "1.tampered", "step": "4"}, "kachuful-20")
    assert link.lesson is not None and link.lesson.id == "kachuful-20"
    assert [p.key for p in link.problems] == ["classroom.bad-link"]
    assert link.slide_raw == "4" and not link.student
    link = classroom.read_link({"lesson": "<b>x</b>", "view": "student"}, "kachuful-20")
    assert [p.key for p in link.problems] == ["classroom.bad-lesson"]
    assert "<b>" not in link.problems[0].text("en") and link.student
    shared = lessons.encode_link(lessons.load("krypkasino-20"))
    link = classroom.read_link({"l": shared, "lesson": "kachuful-20"}, None)
    assert link.lesson is not None and link.lesson.id == "shared" and link.problems == ()
    assert lessons.to_doc(link.lesson) == lessons.to_doc(lessons.load("krypkasino-20"))


def test_link_query_names_a_shipped_lesson_and_packs_any_other() -> None:
    lesson = lessons.load("kachuful-20")
    assert classroom.link_query(lesson, 3) == {"lesson": "kachuful-20", "step": "3"}
    assert classroom.link_query(lesson, 1, True)["view"] == "student"
    changed = lessons.check({**lessons.to_doc(lesson), "minutes": 25}, "kachuful-20")
    query = classroom.link_query(changed, 2)
    assert "lesson" not in query and lessons.decode_link(query["l"]).minutes == 25


def test_slide_number_keeps_a_link_inside_the_lesson() -> None:
    assert classroom.slide_number("7", 10) == (7, None)
    assert classroom.slide_number(None, 10) == (1, None)
    value, problem = classroom.slide_number("99", 10)
    assert value == 10 and problem is not None
    value, problem = classroom.slide_number("x", 10)
    assert value == 1 and problem is not None


def test_question_kinds_of_the_shipped_lessons_belong_to_their_game() -> None:
    for lesson in lessons.load_all():
        for item in lesson.items:
            if isinstance(item, QuizItem):
                assert all(TYPES[k].game == item.game for k in item.kinds)


@pytest.mark.parametrize("module", ["tutorials.lessons", "ui.classroom.deck", "ui.classroom.handout"])
def test_the_docstring_examples_hold(module: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_slides_leave_out_the_walkthrough_pages_seat_selector_hint() -> None:
    from engine.messages import render

    for lang in LANGS:
        deck = classroom.slides(lessons.load("kachuful-20"), lang)
        hint = render("kwalk.explain.face-up", lang)
        assert not any(hint in line for s in deck for line in s.lines)
        assert any(s.ref.endswith("#h11.deal") for s in deck)


def test_a_scenario_under_another_variant_drops_the_texts_written_for_its_own() -> None:
    from tutorials.scenarios import load
    from ui.walkthrough.kachuful import SCENARIO_KEYS

    hook_text = load("kachuful", "worked-example", SCENARIO_KEYS).text("h11.bid.s3", "hook", 1, "en")
    assert hook_text
    variants = classroom.slides(lessons.load("kachuful-variants"), "en")
    free = next(s for s in variants if s.item == 1 and s.ref.endswith("#h11.bid.s3"))
    assert free.text != hook_text
    plain = classroom.slides(lessons.load("kachuful-20"), "en")
    hooked = next(s for s in plain if s.ref == "kachuful/worked-example#h11.bid.s3")
    # The scenario's own text, its placeholders filled from the step (tutorials.facts).
    from ui.walkthrough import kachuful as wk

    own = load("kachuful", "worked-example", SCENARIO_KEYS)
    walk = wk.build(wk.scenario_source(own), wk.scenario_rules(own), "en", own.texts)
    assert hooked.text == walk.steps[walk.index_of("h11.bid.s3")].text
    assert hooked.text and "{" not in hooked.text
