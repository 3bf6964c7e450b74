"""The lessons page and the classroom view through the entry script (AppTest): the step in the
link, Next/Back, the keyboard shortcuts, the student view, bad links, building a lesson."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tutorials import lessons
from ui.apptest import open_site
from ui.classroom import deck as classroom
from ui.classroom import live
from ui.i18n import LANGS, t
from ui.safe import escape_markdown

CLASSROOM = "pages/classroom.py"
LESSONS = "pages/lessons.py"


def open_page(page: str, **query: str) -> AppTest:
    at = open_site(page, **query)
    assert not at.exception, at.exception
    return at


def query(at: AppTest, key: str) -> str | None:
    value = at.query_params.get(key)
    if isinstance(value, list):
        return value[0] if value else None
    return value


def html_text(at: AppTest) -> str:
    return "\n".join(h.proto.body for h in at.html)


def slide_title(at: AppTest) -> str:
    body = html_text(at)
    start = body.index('id="cl-slide-title">') + len('id="cl-slide-title">')
    return body[start:body.index("</h1>", start)]


def test_the_link_opens_its_step_and_next_back_move_it() -> None:
    deck = classroom.slides(lessons.load("kachuful-20"), "en")
    at = open_page(CLASSROOM, lesson="kachuful-20", step="8")
    assert slide_title(at) == deck[7].title
    assert t("classroom.position", "en", step=8, count=len(deck)) in html_text(at)
    at.button(key="cl_next").click().run()
    assert query(at, "step") == "9" and slide_title(at) == deck[8].title
    at.button(key="cl_back").click().run()
    at.button(key="cl_back").click().run()
    assert query(at, "step") == "7" and slide_title(at) == deck[6].title
    # The hidden buttons of Page Down / Page Up move the same way.
    at.button(key="cl_pgdn").click().run()
    assert query(at, "step") == "8"
    at.button(key="cl_pgup").click().run()
    assert query(at, "step") == "7"
    assert not at.exception


def test_next_and_back_have_keyboard_shortcuts_and_stop_at_the_ends() -> None:
    deck = classroom.slides(lessons.load("krypkasino-20"), "en")
    at = open_page(CLASSROOM, lesson="krypkasino-20")
    assert query(at, "step") == "1"
    shortcuts = {b.key: b.proto.shortcut for b in at.button}
    assert shortcuts["cl_next"] == "right" or shortcuts["cl_next"].lower() == "right"
    assert shortcuts["cl_back"].lower() == "left"
    assert shortcuts["cl_pgdn"].lower() == "pagedown" and shortcuts["cl_pgup"].lower() == "pageup"
    assert at.button(key="cl_back").disabled and not at.button(key="cl_next").disabled
    at = open_page(CLASSROOM, lesson="krypkasino-20", step=str(len(deck)))
    assert at.button(key="cl_next").disabled and not at.button(key="cl_back").disabled


def test_the_projector_hides_the_sidebar_and_draws_large_cards() -> None:
    at = open_page(CLASSROOM, lesson="krypkasino-20", step="11")
    body = html_text(at)
    assert '[data-testid="stSidebar"]' in body and "display: none" in body
    assert 'class="cl-big"' in body and 'role="img"' in body
    assert "C-8" in "\n".join(c.value for c in at.caption)


def test_the_student_view_follows_the_same_link_without_the_teachers_notes() -> None:
    deck = classroom.slides(lessons.load("kachuful-20"), "en")
    with_note = next(i for i, s in enumerate(deck, start=1) if s.note)
    teacher = open_page(CLASSROOM, lesson="kachuful-20", step=str(with_note))
    student = open_page(CLASSROOM, lesson="kachuful-20", step=str(with_note), view="student")
    assert slide_title(teacher) == slide_title(student) == deck[with_note - 1].title
    note = escape_markdown(deck[with_note - 1].note)  # a lesson's note is shown as plain text
    assert any(note in i.value for i in teacher.info)
    assert not any(note in i.value for i in student.info)
    link = teacher.code[0].value
    assert f"step={with_note}" in link and "view=student" in link and "lesson=kachuful-20" in link
    student.button(key="cl_next").click().run()
    assert query(student, "view") == "student" and query(student, "step") == str(with_note + 1)


@pytest.mark.parametrize("lang", LANGS)
def test_a_shared_lesson_link_opens_in_every_language(lang: str) -> None:
    built = lessons.check({"format": lessons.FORMAT, "title": "Sweeps", "items": [
        {"scenario": "double-sweep", "game": "krypkasino", "end": "play-0"},
        {"quiz": "krypkasino", "topics": ["C-8"], "seed": 5, "count": 1}]}, "shared")
    deck = classroom.slides(built, lang)
    at = open_page(CLASSROOM, l=lessons.encode_link(built), step="3", lang=lang)
    assert slide_title(at) == deck[2].title
    assert not at.warning
    at.button(key="cl_next").click().run()
    assert query(at, "l") == lessons.encode_link(built) and query(at, "step") == "4"


def test_a_tampered_or_unknown_lesson_link_gives_a_message_and_a_ready_lesson() -> None:
    packed = lessons.encode_link(lessons.load("krypkasino-20"))
    at = open_page(CLASSROOM, l=packed[:-5] + "AAAAA", step="3")
    assert len(at.warning) == 1
    assert "cannot be used" in at.warning[0].value
    assert query(at, "lesson") == "kachuful-20" and query(at, "l") is None
    at = open_page(CLASSROOM, lesson="nope", step="999")
    texts = [w.value for w in at.warning]
    assert any("nope" in w for w in texts) and any("999" in w for w in texts)
    assert query(at, "step") == str(len(classroom.slides(lessons.load("kachuful-20"), "en")))


@pytest.mark.parametrize("lesson_id", ["kachuful-20", "krypkasino-20", "kachuful-variants"])
def test_the_lessons_page_shows_a_lesson_with_its_links_and_downloads(lesson_id: str) -> None:
    lesson = lessons.load(lesson_id)
    at = open_page(LESSONS, lesson=lesson_id, lang="es")
    assert at.header[0].value == lesson.title_in("es")
    links = {p.label: p.proto for p in at.page_link}
    opened = links[t("classroom.open", "es")]
    assert opened.page == "classroom" and f"lesson={lesson_id}" in opened.query_string
    assert "view=student" in links[t("classroom.open.student", "es")].query_string
    labels = [d.label for d in at.download_button]
    assert t("classroom.download.json", "es") in labels
    assert t("classroom.download.handout", "es") in labels
    assert len(labels) == 5  # the lesson, its handout, three rules pages
    assert f"lesson={lesson_id}" in at.code[0].value


def test_picking_another_lesson_changes_the_link() -> None:
    at = open_page(LESSONS)
    assert query(at, "lesson") == "kachuful-20"
    at.selectbox(key="ls_lesson").set_value("krypkasino-20").run()
    assert query(at, "lesson") == "krypkasino-20"
    assert at.header[0].value == lessons.load("krypkasino-20").title_in("en")


def test_a_teacher_builds_a_lesson_and_shows_it() -> None:
    at = open_page(LESSONS)
    at.button(key="ls_b_empty").click().run()
    assert not at.exception
    at.text_input(key="ls_b_title").input("Sweeps today").run()
    at.segmented_control(key="ls_b_game").set_value("krypkasino").run()
    at.selectbox(key="ls_b_scenario").set_value("forced-sweep").run()
    at.selectbox(key="ls_b_end").set_value("play-1").run()
    at.button(key="ls_b_add_scenario").click().run()
    at.button(key="ls_b_add_quiz").click().run()  # no rule chosen yet: a message
    assert any(t("classroom.builder.need-topic", "en") in w.value for w in at.warning)
    at.multiselect(key="ls_b_topics").set_value(["C-8", "C-9"]).run()
    at.number_input(key="ls_b_seed").set_value(77).run()
    at.button(key="ls_b_add_quiz").click().run()
    at.button(key="ls_b_up1").click().run()  # the quiz set first
    at.button(key="ls_b_use").click().run()
    assert not at.exception
    packed = query(at, "l")
    assert packed and query(at, "lesson") is None
    built = lessons.decode_link(packed)
    assert built.title_in("pt") == "Sweeps today"
    quiz, scenario = built.items
    assert quiz.kind == "quiz" and scenario.kind == "scenario"
    assert isinstance(quiz, lessons.QuizItem) and quiz.topics == ("C-8", "C-9")
    assert quiz.seed == 77
    assert isinstance(scenario, lessons.ScenarioItem) and scenario.end == "play-1"
    assert at.header[0].value == "Sweeps today"
    # The classroom view opens the same lesson from the link.
    room = open_page(CLASSROOM, l=packed)
    assert slide_title(room) == "Sweeps today"


def test_each_part_of_the_outline_opens_the_classroom_at_its_step() -> None:
    lesson = lessons.load("krypkasino-20")
    deck = classroom.slides(lesson, "en")
    firsts = [i for i, s in enumerate(deck, start=1) if s.kind == "item"]
    at = open_page(LESSONS, lesson="krypkasino-20")
    text = "\n".join(m.value for m in at.markdown)
    for n, step in enumerate(firsts, start=1):
        assert f"](classroom?lesson=krypkasino-20&step={step})" in text, n
    room = open_page(CLASSROOM, lesson="krypkasino-20", step=str(firsts[4]))
    assert slide_title(room) == deck[firsts[4] - 1].title


def test_the_lessons_page_refuses_a_damaged_link_with_a_message() -> None:
    at = open_page(LESSONS, l="1.broken")
    assert len(at.warning) == 1 and "cannot be used" in at.warning[0].value
    assert query(at, "l") is None and query(at, "lesson") == "kachuful-20"


def test_the_builder_names_steps_by_title_previews_them_and_names_rules() -> None:
    at = open_page(LESSONS, lang="es")
    at.button(key="ls_b_empty").click().run()
    at.segmented_control(key="ls_b_game").set_value("kachuful").run()
    at.selectbox(key="ls_b_scenario").set_value("worked-example").run()
    titles = {s.ref.rpartition("#")[2]: s.title for s in classroom.scenario_slides(
        lessons.ScenarioItem("kachuful", "worked-example"), "es")}
    ids = classroom.step_ids("kachuful", "worked-example")
    start = at.selectbox(key="ls_b_start")
    # Each step by its number and title, in Spanish; never its id.
    assert start.options == [f"{n}. {titles[i]}" for n, i in enumerate(ids, start=1)]
    assert not any(i in " ".join(start.options) for i in ids if "." in i)
    start.set_value("h11.bid.s3").run()
    assert not at.exception
    preview = "\n".join(h.proto.body for h in at.html)
    assert f'id="cl-slide-title">{titles["h11.bid.s3"]}<' in preview.replace("&#x27;", "'")
    topics = at.multiselect(key="ls_b_topics")
    assert live.rule_title("K-9", "es") in topics.options
    assert all(o.split(" · ")[0].startswith("K-") for o in topics.options)
