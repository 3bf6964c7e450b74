"""Homework's pages through the entry script (AppTest, issue 29): set from the lessons page
with a due date, a student starts with a name and answers at their own pace (right, wrong,
the first answer standing), the teacher's results per student and rule and the CSV, a due
date passed, hostile links and names refused with a sentence."""

from __future__ import annotations

import csv
import io

import pytest
from streamlit.testing.v1 import AppTest

import store
from store import homework as hw
from store.core import now_ms
from tutorials import lessons
from ui.apptest import open_site
from ui.classroom import deck as classroom
from ui.classroom import homework, live
from ui.i18n import t

PAGE = "pages/homework.py"
HOSTILE = "<img src=x onerror=f()>"


def everything(at: AppTest) -> str:
    parts = ["\n".join(h.proto.body for h in at.html)]
    for kind in ("title", "subheader", "markdown", "caption", "success", "error", "warning",
                 "info", "code"):
        parts += [str(e.value) for e in getattr(at, kind)]
    return "\n".join(parts)


def set_homework(lang: str = "en") -> tuple[str, str]:
    at = open_site("pages/lessons.py", lesson="kachuful-20", lang=lang, timeout=180)
    at.button(key=f"FormSubmitter:ls_hw_set-{t('homework.set.go', lang)}").click().run()
    assert not at.exception, at.exception
    code, key = str(at.query_params["hw"]), str(at.query_params["key"])
    assert store.normalise_code(code) == code and len(key) >= 30
    return code, key


def start(code: str, name: str, lang: str = "en") -> AppTest:
    at = open_site(PAGE, hw=code, lang=lang, timeout=120)
    at.text_input(key="hw_name").input(name)
    at.button(key=f"FormSubmitter:hw_join-{t('homework.start', lang)}").click().run()
    assert not at.exception, at.exception
    assert at.query_params.get("s"), everything(at)
    return at


def answer(at: AppTest, n: int, choice: str) -> None:
    at.radio(key=f"hw_pick{n}").set_value(choice)
    at.button(key=f"FormSubmitter:hw_form{n}-{t('live.send', 'en')}").click().run()
    assert not at.exception, at.exception


def test_homework_is_set_done_and_read_per_rule() -> None:
    code, key = set_homework()
    deck = classroom.slides(lessons.load("kachuful-20"), "en")
    tasks = homework.tasks(deck, "en")
    assert len(tasks) >= 5
    teacher = open_site(PAGE, hw=code, key=key, timeout=120)
    assert not teacher.exception, teacher.exception
    text = everything(teacher)
    assert f"homework?hw={code}" in text and t("homework.nobody", "en") in text
    ana = start(code, "Ana")
    bo = start(code, HOSTILE)
    start(code, "Cy")  # starts and answers nothing: still a row of the CSV
    first = live.resolve(tasks[0].ref, "en")
    assert first is not None and not first.multiple
    right = sorted(first.correct)[0]
    wrong = next(c for c, _ in first.choices if c not in first.correct)
    answer(ana, 1, right)
    assert t("live.right", "en") in everything(ana)
    answer(bo, 1, wrong)
    assert t("homework.wrong", "en", answer="").strip() in everything(bo)
    assert HOSTILE not in "\n".join(h.proto.body for h in bo.html)  # a name is text
    # The first answer stands: the form is gone for that question.
    with pytest.raises(KeyError):
        bo.radio(key="hw_pick1")
    teacher.run()
    frame = teacher.dataframe[0].value
    heads = list(frame.columns)
    assert heads[0] == t("homework.student", "en")
    assert live.rule_title(tasks[0].rule, "en") in heads  # a rule is named with its ID
    assert all(h.split(" ")[0] in {task.rule for task in tasks} for h in heads[1:])
    column = frame[live.rule_title(tasks[0].rule, "en")].tolist()
    asked = sum(1 for task in tasks if task.rule == tasks[0].rule)
    assert column == [f"1/{asked}", f"0/{asked}", "–"]
    found = hw.results(store.get(), code, key)
    rows = list(csv.reader(io.StringIO(homework.results_csv(found, "en"))))
    assert rows[0] == [t(f"homework.csv.{c}", "en") for c in (
        "id", "student", "text", "rule", "answer", "right", "time", "late")]
    assert {r[1] for r in rows[1:]} == {"Ana", HOSTILE, "Cy"}
    ana_row = next(r for r in rows[1:] if r[1] == "Ana")
    assert ana_row[2] == first.prompt and ana_row[3] == first.rule and ana_row[5] == "yes"
    assert ana_row[6].endswith("Z") and ana_row[7] == "no"
    assert next(r for r in rows[1:] if r[1] == "Cy")[2:] == [""] * 6


def test_a_due_date_passed_is_said_and_answers_are_marked_late() -> None:
    packed = lessons.encode_link(lessons.load("krypkasino-20"))
    then = now_ms() - 3 * 24 * 3600 * 1000
    opened = hw.create(store.get(), packed, "pt", then + 3600 * 1000, now=then)
    at = start(opened.code, "Ana", "pt")
    assert t("homework.late", "pt", due="").split("(")[0] in everything(at)
    tasks = homework.tasks(classroom.slides(lessons.load("krypkasino-20"), "pt"), "pt")
    first = live.resolve(tasks[0].ref, "pt")
    assert first is not None
    at.radio(key="hw_pick1").set_value(first.choices[0][0])
    at.button(key=f"FormSubmitter:hw_form1-{t('live.send', 'pt')}").click().run()
    found = hw.results(store.get(), opened.code, opened.key)
    assert [a.late for a in found.answers] == [True]
    teacher = open_site(PAGE, hw=opened.code, key=opened.key, lang="pt", timeout=120)
    assert t("homework.due.past", "pt", due="").split("(")[0] in everything(teacher)


@pytest.mark.parametrize(("query", "key"), [
    ({"hw": "<script>"}, "homework.bad-link"),
    ({"hw": "ABCDEFG" * 10}, "homework.bad-link"),
    ({"hw": "ABCDEFG", "key": "bad key!"}, "homework.bad-link"),
    ({"hw": "ABCDEFG", "s": "x" * 100}, "homework.bad-link"),
    ({"hw": "ABCDEFG"}, "homework.gone"),
])
def test_a_hostile_link_is_refused_with_a_sentence(query: dict[str, str], key: str) -> None:
    at = open_site(PAGE, **query)
    assert not at.exception, at.exception
    assert t(key, "en") in everything(at)


def test_a_wrong_key_or_token_opens_nothing() -> None:
    code, _ = set_homework("es")
    at = open_site(PAGE, hw=code, key="A" * 32, lang="es")
    assert not at.exception and t("homework.not-teacher", "es") in everything(at)
    assert not at.dataframe
    at = open_site(PAGE, hw=code, s="A" * 24, lang="es")
    assert not at.exception and t("homework.not-student", "es") in everything(at)


def test_the_page_without_a_link_says_where_homework_is_set() -> None:
    at = open_site(PAGE)
    assert not at.exception and t("homework.none", "en") in everything(at)


def test_a_typed_code_opens_the_homework_and_a_bad_one_is_a_sentence() -> None:
    at = open_site(PAGE, lang="pt")
    at.text_input(key="hw_typed").input("<b>x</b>")
    at.button(key=f"FormSubmitter:hw_code-{t('homework.open', 'pt')}").click().run()
    assert not at.exception and t("homework.bad-code", "pt") in everything(at)
    at.text_input(key="hw_typed").input("abc-defg")
    at.button(key=f"FormSubmitter:hw_code-{t('homework.open', 'pt')}").click().run()
    assert not at.exception and at.query_params["hw"] == "ABCDEFG"
    assert t("homework.gone", "pt") in everything(at)


def test_a_lesson_without_questions_cannot_be_set_as_homework() -> None:
    lesson = lessons.check({"format": lessons.FORMAT, "title": "Just the deal", "items": [
        {"scenario": "worked-example", "game": "kachuful", "end": "h11.deal"}]}, "shared")
    assert homework.tasks(classroom.slides(lesson, "es"), "es") == []
    at = open_site("pages/lessons.py", l=lessons.encode_link(lesson), lang="es", timeout=180)
    assert not at.exception, at.exception
    assert t("homework.no-questions", "es") in everything(at)
    with pytest.raises(KeyError):
        at.button(key=f"FormSubmitter:ls_hw_set-{t('homework.set.go', 'es')}")


def test_the_students_link_uses_the_public_address_or_warns(
        monkeypatch: pytest.MonkeyPatch) -> None:
    opened = hw.create(store.get(), lessons.encode_link(lessons.load("krypkasino-20")), "en",
                       now_ms() + 3600 * 1000)
    monkeypatch.delenv(live.PUBLIC_URL_ENV, raising=False)
    at = open_site(PAGE, hw=opened.code, key=opened.key, timeout=120)
    text = everything(at)
    assert t("homework.local", "en") in text and store.show_code(opened.code) in text
    monkeypatch.setenv(live.PUBLIC_URL_ENV, "https://rules.example.org/")
    at = open_site(PAGE, hw=opened.code, key=opened.key, timeout=120)
    text = everything(at)
    assert f"https://rules.example.org/homework?hw={opened.code}" in text
    assert t("homework.local", "en") not in text
