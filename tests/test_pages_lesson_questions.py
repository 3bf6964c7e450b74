"""Teachers' own questions through the entry script (AppTest, issue 29): the builder writes,
changes and removes a question (hostile text stays text; refusals name the field), saves the
lesson on the site (a short share link, the author's link with its key saving over it, a
copy for anyone else); a live class and a homework on the saved lesson ask the teacher's
question, judged by the teacher's right choice, with the question text and rule in the CSV."""

from __future__ import annotations

import csv
import io

import pytest
from streamlit.testing.v1 import AppTest

import store
from store import homework as hw
from store import lessons as saved
from tutorials import lessons
from ui.apptest import open_site
from ui.classroom import deck as classroom
from ui.classroom import homework, live
from ui.i18n import t

HOSTILE = "<img src=x onerror=f()> **loud** [x](javascript:f())"
LESSONS = "pages/lessons.py"


def everything(at: AppTest) -> str:
    parts = ["\n".join(h.proto.body for h in at.html)]
    for kind in ("title", "header", "subheader", "markdown", "caption", "success", "error", "warning",
                 "info", "code"):
        parts += [str(e.value) for e in getattr(at, kind)]
    return "\n".join(parts)


def write_question(at: AppTest, ask: str, choices: list[str], right: int, rule: str) -> None:
    at.text_input(key="ls_q_ask").input(ask)
    for i in range(lessons.MAX_CHOICES):
        at.text_input(key=f"ls_q_c{i}").input(choices[i] if i < len(choices) else "")
    at.segmented_control(key="ls_q_right").set_value(right)
    at.selectbox(key="ls_q_rule").set_value(rule)
    at.button(key="ls_q_add").click().run()
    assert not at.exception, at.exception


def build_and_save() -> tuple[AppTest, str, str]:
    """An empty lesson with one teacher's question (hostile text), saved on the site."""
    at = open_site(LESSONS, lesson="kachuful-20", timeout=180)
    at.button(key="ls_b_empty").click().run()
    at.segmented_control(key="ls_b_game").set_value("kachuful").run()
    # Refusals name the field.
    write_question(at, "", ["a", "b"], 0, "K-9")
    assert t("classroom.own.need-ask", "en") in everything(at)
    write_question(at, "Who may not bid 1?", ["only one"], 0, "K-9")
    assert t("classroom.own.need-choices", "en") in everything(at)
    write_question(at, "Who may not bid 1?", ["a", "b"], 3, "K-9")
    assert t("classroom.own.need-right", "en") in everything(at)
    write_question(at, HOSTILE, ["The dealer", HOSTILE, "Nobody"], 0, "K-9")
    draft = at.session_state["ls_draft"]
    assert draft["items"] == [{"ask": HOSTILE, "game": "kachuful", "right": 0, "rule": "K-9",
                               "choices": ["The dealer", HOSTILE, "Nobody"]}]
    # Shown as text: never as HTML or markdown.
    page = everything(at)
    assert "<img" not in "\n".join(h.proto.body for h in at.html)
    assert "\\*\\*loud\\*\\*" in page and "**loud**" not in page.replace("\\*\\*loud\\*\\*", "")
    # Changed: the right answer becomes "Nobody", the rule K-10.
    at.button(key="ls_b_edit0").click().run()
    assert at.text_input(key="ls_q_ask").value == HOSTILE
    at.segmented_control(key="ls_q_right").set_value(2)
    at.selectbox(key="ls_q_rule").set_value("K-10")
    at.button(key="ls_q_add").click().run()
    items = at.session_state["ls_draft"]["items"]
    assert len(items) == 1 and (items[0]["right"], items[0]["rule"]) == (2, "K-10")
    # A second question, then removed.
    write_question(at, "Second?", ["yes", "no"], 1, "K-1")
    assert len(at.session_state["ls_draft"]["items"]) == 2
    at.button(key="ls_b_rm1").click().run()
    assert len(at.session_state["ls_draft"]["items"]) == 1
    at.button(key="ls_b_save").click().run()
    assert not at.exception, at.exception
    sid, key = str(at.query_params["saved"]), str(at.query_params["key"])
    assert saved.valid_id(sid) and len(key) >= 30 and "l" not in at.query_params
    text = everything(at)
    assert f"saved={sid}" in text and f"key={key}" in text
    return at, sid, key


def test_the_builder_writes_changes_removes_saves_and_shares_a_question() -> None:
    at, sid, key = build_and_save()
    found = saved.get(store.get(), sid)
    assert found is not None
    lesson = lessons.decode_link(found.lesson)
    assert lesson.saved == sid
    item = lesson.items[0]
    assert isinstance(item, lessons.QuestionItem) and item.ask == HOSTILE and item.right == 2
    # The share link opens it for anyone (no key shown, saving makes a copy).
    other = open_site(LESSONS, saved=sid, timeout=120)
    assert not other.exception, other.exception
    text = everything(other)
    assert lesson.title_in("en") in text and f"saved={sid}" in text and key not in text
    other.button(key="ls_b_copy").click().run()
    other.button(key="ls_b_save").click().run()
    copy = str(other.query_params["saved"])
    assert copy != sid and saved.get(store.get(), sid).lesson == found.lesson  # type: ignore[union-attr]
    # The author's link saves over the same id.
    at.text_input(key="ls_b_title").input("Renamed").run()
    at.button(key="ls_b_save").click().run()
    assert str(at.query_params["saved"]) == sid
    assert lessons.decode_link(saved.get(store.get(), sid).lesson).title_in("en") == "Renamed"  # type: ignore[union-attr]
    # A bad or unknown id is a sentence.
    for bad in ("nope", "A" * 16):
        miss = open_site(LESSONS, saved=bad, timeout=120)
        assert not miss.exception
        assert t("classroom.own.missing", "en", value=bad) in everything(miss)


def test_a_live_class_and_homework_ask_a_teachers_question() -> None:
    at, sid, _ = build_and_save()
    at.button(key="ls_live").click().run()
    assert not at.exception, at.exception
    code, key = str(at.query_params["class"]), str(at.query_params["key"])
    state = store.get().state(code)
    assert state is not None
    deck = live.deck_for(state.lesson, "en", False)
    step = next(i for i, s in enumerate(deck, start=1) if s.kind == "question")
    ref = f"own:{sid}.0"
    assert live.slide_question(deck[step - 1]) == ref
    question = live.resolve(ref)
    assert question is not None and question.prompt == HOSTILE and question.rule == "K-10"
    assert question.judge(["c"]) and not question.judge(["a"])
    ana = open_site("pages/live.py", **{"class": code})
    ana.text_input(key="lv_name").input("Ana")
    ana.button(key="FormSubmitter:lv_join-" + t("live.join.go", "en")).click().run()
    store.get().drive(code, key, step=step)
    desk = open_site("pages/live.py", **{"class": code, "key": key})
    desk.button(key="lv_ask").click().run()
    assert not desk.exception, desk.exception
    ana.run()
    assert "<img" not in "\n".join(h.proto.body for h in ana.html)
    ana.radio(key="lv_pick1").set_value("c")
    ana.button(key="FormSubmitter:lv_answer1-" + t("live.send", "en")).click().run()
    assert not ana.exception, ana.exception
    results = store.get().results(code, key)
    assert [a.right for a in results.answers] == [True]
    rows = list(csv.reader(io.StringIO(live.results_csv(results, "en", {ref: question.prompt}))))
    assert rows[1][3] == "'" + HOSTILE if HOSTILE[0] in "=+-@" else rows[1][3] == HOSTILE
    assert rows[1][4] == "K-10" and rows[1][6] == "yes"
    # Homework on the same lesson: the question is a task, judged the same way.
    lesson = lessons.decode_link(state.lesson)
    tasks = homework.tasks(classroom.slides(lesson, "en"), "en")
    assert [task.ref for task in tasks] == [ref] and tasks[0].rule == "K-10"
    opened = hw.create(store.get(), state.lesson, "en", hw.now_ms() + 3600_000)
    joined = hw.join(store.get(), opened.code, "Bo")
    assert hw.answer(store.get(), opened.code, joined.token, ref, question.rule,
                     question.prompt, ["a"], "A", question.judge(["a"])) == "counted"
    found = hw.results(store.get(), opened.code, opened.key)
    row = list(csv.reader(io.StringIO(homework.results_csv(found, "en"))))[1]
    assert row[2] == HOSTILE and row[3] == "K-10" and row[5] == "no"


def test_homework_pages_ask_a_teachers_question() -> None:
    at, sid, _ = build_and_save()
    at.button(key=f"FormSubmitter:ls_hw_set-{t('homework.set.go', 'en')}").click().run()
    assert not at.exception, at.exception
    code, key = str(at.query_params["hw"]), str(at.query_params["key"])
    bo = open_site("pages/homework.py", hw=code, timeout=120)
    bo.text_input(key="hw_name").input("Bo")
    bo.button(key=f"FormSubmitter:hw_join-{t('homework.start', 'en')}").click().run()
    assert not bo.exception, bo.exception
    assert "<img" not in "\n".join(h.proto.body for h in bo.html)
    bo.radio(key="hw_pick1").set_value("c")
    bo.button(key=f"FormSubmitter:hw_form1-{t('live.send', 'en')}").click().run()
    assert not bo.exception, bo.exception
    assert t("live.right", "en") in everything(bo)
    found = hw.results(store.get(), code, key)
    assert [(a.ref, a.rule, a.prompt, a.right) for a in found.answers] == [
        (f"own:{sid}.0", "K-10", HOSTILE, True)]
    teacher = open_site("pages/homework.py", hw=code, key=key, timeout=120)
    assert not teacher.exception, teacher.exception
    assert live.rule_title("K-10", "en") in list(teacher.dataframe[0].value.columns)


def test_storage_down_is_a_sentence_when_opening_or_saving(
        monkeypatch: pytest.MonkeyPatch) -> None:
    at = open_site(LESSONS, lesson="kachuful-20", timeout=180)
    at.button(key="ls_b_empty").click().run()
    write_question(at, "Who?", ["a", "b"], 0, "K-9")
    # PostgreSQL configured but not answering (nothing listens on port 9).
    monkeypatch.setenv("RULES_LAB_DATABASE_URL", "postgresql://rl@127.0.0.1:9/rules")
    at.button(key="ls_b_save").click().run()
    assert not at.exception, at.exception
    assert t("classroom.own.cannot-save", "en") in everything(at)
    assert len(at.session_state["ls_draft"]["items"]) == 1  # the lesson is still there
    page = open_site(LESSONS, saved="A" * 16, timeout=120)
    assert not page.exception, page.exception
    shown = everything(page)
    assert t("classroom.own.cannot-open", "en") in shown
    assert "127.0.0.1" not in shown and "Traceback" not in shown
