"""Homework in the browser (issue 29): a teacher sets a lesson as homework on the lessons
page, two students in their own browser contexts start it from the students' link and
answer at their own pace, and the teacher's page shows each one's results per rule; no
exception on any page. Screenshots at 1400 and 390 px in en, es and pt go to
tests/artifacts/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from browser_harness import exceptions, goto, url_for, wait_idle

from tutorials import lessons
from ui.classroom import live
from ui.i18n import t

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).resolve().parents[1] / "artifacts"
WIDE = {"width": 1400, "height": 1000}
PHONE = {"width": 390, "height": 844}
LESSON = lessons.check({"format": lessons.FORMAT, "title": "Homework on sweeps", "items": [
    {"quiz": "krypkasino", "topics": ["C-8"], "seed": 5, "count": 2},
    {"quiz": "kachuful", "topics": ["K-9"], "seed": 3, "count": 1}]}, "shared")


def set_homework(page: Any, site: str, lang: str) -> tuple[str, str]:
    page.goto(url_for(site, "lessons", l=lessons.encode_link(LESSON), lang=lang),
              wait_until="domcontentloaded")
    opener = page.get_by_text(t("homework.set", lang), exact=True)
    opener.wait_for(timeout=90_000)
    wait_idle(page, 120_000)
    opener.click()
    go = page.get_by_role("button", name=t("homework.set.go", lang))
    # The results page gives the teacher's own link in a folded box (the address bar may
    # keep the lessons page's after st.switch_page: seen in Chromium on a busy server)
    mine = page.get_by_text(t("homework.teacher-link", lang), exact=True)
    for attempt in range(3):  # the first page of a fresh server has lost a click, as a
        go.click()            # person's might be: they press again (so does the test)
        try:
            mine.wait_for(timeout=60_000)
            break
        except Exception:  # noqa: BLE001 - not yet: press again if the button is still there
            if attempt == 2 or not go.is_visible():
                mine.wait_for(timeout=90_000)
                break
    wait_idle(page, 120_000)
    mine.click()
    link = page.locator("[data-testid='stExpander'] code", has_text="key=")
    link.wait_for(timeout=30_000)
    found = dict(re.findall(r"[?&](hw|key)=([^&\s]+)", link.inner_text()))
    return found["hw"], found["key"]


def start(page: Any, site: str, code: str, name: str, lang: str) -> None:
    goto(page, site, "homework", hw=code, lang=lang, timeout=90_000)
    page.get_by_role("textbox", name=t("live.join.name", lang)).fill(name)
    page.get_by_role("button", name=t("homework.start", lang)).click()
    page.wait_for_url(re.compile(r"[?&]s="), timeout=150_000)
    wait_idle(page, 120_000)


def answer_first(page: Any, lang: str, pick: int) -> None:
    box = page.locator(".st-key-hw_task1")
    box.get_by_role("radio").or_(box.get_by_role("checkbox")).nth(pick).check(force=True)
    box.get_by_role("button", name=t("live.send", lang)).click()
    wait_idle(page, 120_000)


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_a_teacher_sets_homework_and_two_students_do_it(new_page: Any, site: str,
                                                        lang: str) -> None:
    teacher = new_page(viewport=WIDE)
    code, key = set_homework(teacher, site, lang)
    assert t("homework.nobody", lang) in teacher.inner_text("body")
    ana, bo = new_page(viewport=PHONE), new_page(viewport=PHONE)
    start(ana, site, code, "Ana", lang)
    start(bo, site, code, "<b>Bo</b>", lang)
    answer_first(ana, lang, 0)
    answer_first(bo, lang, 1)
    for phone in (ana, bo):
        text = phone.locator(".st-key-hw_task1").inner_text()
        assert t("live.sent", lang, answer="").strip() in text
        # One answered; the others still wait at the student's own pace.
        rest = phone.locator(".st-key-hw_task2")
        assert rest.get_by_role("radio").or_(rest.get_by_role("checkbox")).count() >= 2
    ana.screenshot(path=str(SHOTS / f"homework-student-390-{lang}.png"), full_page=True)
    teacher.get_by_role("button", name=t("homework.refresh", lang)).click()
    wait_idle(teacher, 120_000)
    grid = teacher.locator("[data-testid='stDataFrame']")
    grid.wait_for(timeout=30_000)
    body = teacher.inner_text("body")
    line = t("homework.rule-line", lang, rule=live.rule_title("C-8", lang), right=9,
             answered=2).replace("**", "")
    assert re.search(re.escape(line).replace("9", "[012]"), body), body  # 2 answers on C-8
    teacher.screenshot(path=str(SHOTS / f"homework-teacher-1400-{lang}.png"), full_page=True)
    teacher.set_viewport_size(PHONE)
    wait_idle(teacher, 120_000)
    teacher.screenshot(path=str(SHOTS / f"homework-teacher-390-{lang}.png"), full_page=True)
    ana.set_viewport_size(WIDE)
    ana.screenshot(path=str(SHOTS / f"homework-student-1400-{lang}.png"), full_page=True)
    for page in (teacher, ana, bo):
        assert not exceptions(page)
    # The student's name is text on the teacher's page, never markup.
    assert teacher.locator("b", has_text="Bo").count() == 0
    assert key not in ana.url and key not in bo.url
