"""The live classroom in Chromium: a teacher and three students in separate browser contexts
(join by code, follow two steps, a live question answered right, wrong and late, the live
chart, the results); a server restarted mid-question loses no answer and the pages carry
on; two servers on two ports serve one class through PostgreSQL."""

from __future__ import annotations

import csv
import io
import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_harness import SiteServer, exceptions, url_for, wait_idle
from pg_server import fresh_database

import store
from tutorials import lessons
from ui.classroom import deck as classroom
from ui.classroom import live

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).resolve().parents[1] / "artifacts"
PROJECTOR = {"width": 1400, "height": 1000}
PHONE = {"width": 390, "height": 844}
LESSON = lessons.check({"format": lessons.FORMAT, "title": "Sweeps live", "items": [
    {"scenario": "double-sweep", "game": "krypkasino", "end": "play-0"},
    {"quiz": "krypkasino", "topics": ["C-8"], "seed": 5, "count": 1}]}, "shared")
DECK = classroom.slides(LESSON, "en")
QUESTION_STEP = next(i for i, s in enumerate(DECK, start=1) if s.kind == "question")
HOSTILE = "<img src=x onerror=f()>"
APP = "[data-testid='stApp']"


def title(page: Any) -> str:
    return str(page.locator("#cl-slide-title").first.inner_text()).strip()


def wait_title(page: Any, step: int, timeout: float = 5_000) -> None:
    """The page shows slide ``step`` within ``timeout`` ms (follow mode polls every second)."""
    page.wait_for_function(
        "(t) => { const h = document.querySelector('#cl-slide-title');"
        " return h && h.innerText.trim() === t; }", arg=DECK[step - 1].title, timeout=timeout)


def open_class(page: Any, base: str) -> str:
    page.goto(url_for(base, "lessons", l=lessons.encode_link(LESSON)),
              wait_until="domcontentloaded")
    button = page.get_by_role("button", name="Open a live class")
    button.wait_for(timeout=90_000)  # a cold server builds the lesson's slides first
    wait_idle(page)
    button.click()
    page.locator("#lv-code").wait_for(timeout=30_000)
    wait_idle(page)
    code = store.normalise_code(page.locator("#lv-code").inner_text())
    assert code is not None
    return code


def open_join(page: Any, base: str, **query: str) -> None:
    """The join page (its first element is a style sheet, hidden: wait for the form)."""
    page.goto(url_for(base, "live", **query), wait_until="domcontentloaded")
    page.get_by_role("textbox", name="Your name").wait_for(timeout=60_000)
    wait_idle(page)


def join(page: Any, base: str, code: str, name: str) -> None:
    open_join(page, base)
    page.get_by_role("textbox", name="Class code").fill(store.show_code(code).lower())
    page.get_by_role("textbox", name="Your name").fill(name)
    page.get_by_role("button", name="Join").click()
    page.locator("#lv-state").wait_for(state="attached", timeout=30_000)
    wait_idle(page)


def next_step(teacher: Any, to: int) -> None:
    wait_idle(teacher)
    teacher.get_by_role("button", name="Next").click()
    wait_title(teacher, to, 15_000)


def drive_to(teacher: Any, step: int) -> None:
    # Students joining rerun the teacher's whole page (the roster changed); on a fresh
    # server in the full run's load that rerun once took over 30 s: wait for the slide.
    teacher.locator("#cl-slide-title").first.wait_for(timeout=90_000)
    current = next(i for i, s in enumerate(DECK, start=1) if s.title == title(teacher))
    while current < step:
        current += 1
        next_step(teacher, current)


def the_question(code: str) -> live.LiveQuestion:
    state = store.get().state(code)
    assert state is not None and state.question
    asked = store.get().question(code, state.question)
    assert asked is not None
    found = live.resolve(asked.ref)
    assert found is not None
    return found


def pick(page: Any, question: live.LiveQuestion, chosen: list[str]) -> None:
    """Tick ``chosen`` (check boxes of a question with several answers, else the radio)."""
    ids = [c for c, _ in question.choices]
    if question.multiple:
        boxes = page.locator(".st-key-lv_question [data-testid='stCheckbox'] label")
        for choice in chosen:
            boxes.nth(ids.index(choice)).click()
    else:
        page.locator(".st-key-lv_question [role='radiogroup'] label").nth(
            ids.index(chosen[0])).click()


def right_and_wrong(question: live.LiveQuestion) -> tuple[list[str], list[str]]:
    right = sorted(question.correct)
    wrong = [next(c for c, _ in question.choices if c not in question.correct)]
    assert question.judge(right) and not question.judge(wrong)
    return right, wrong


def send(page: Any) -> None:
    page.get_by_role("button", name="Send my answer").click()
    page.get_by_text("Sent. Wait for the teacher").wait_for(timeout=15_000)


def answered(page: Any) -> int:
    page.locator("#lv-count").wait_for(state="attached", timeout=15_000)
    return int(page.locator("#lv-count").get_attribute("data-answered"))


def wait_answered(page: Any, n: int, timeout: float = 10_000) -> None:
    page.wait_for_function(
        "(n) => { const c = document.querySelector('#lv-count');"
        " return c && Number(c.dataset.answered) === n; }", arg=n, timeout=timeout)


def test_a_teacher_and_three_students(new_page: Any, site: str) -> None:
    teacher = new_page(viewport=PROJECTOR)
    code = open_class(teacher, site)
    assert teacher.locator(".lv-qr img[src^='data:image/svg+xml']").count() == 1
    link = teacher.locator("[data-testid='stCode'] code").first.inner_text().strip()
    # Never localhost for the phones: the public address, else this machine's network one.
    where = live.public_base(f"{site}/live", os.environ.get(live.PUBLIC_URL_ENV),
                             live.lan_address())
    assert link == f"{where.base}/live?class={code}"
    if where.local_only:
        teacher.get_by_text("Phones cannot open this address").wait_for(timeout=5_000)
    students = [new_page(viewport=PHONE) for _ in range(3)]
    join(students[0], site, code, "Ana")
    join(students[1], site, code, HOSTILE)
    # The third joins by the QR code's link: the code is already filled in.
    open_join(students[2], site, **{"class": code})
    students[2].get_by_role("textbox", name="Your name").fill("Cy")
    students[2].get_by_role("button", name="Join").click()
    students[2].locator("#lv-state").wait_for(state="attached", timeout=30_000)
    # A hostile name is text: no image element was made of it.
    assert students[1].locator(".lv-who img").count() == 0
    assert HOSTILE in students[1].locator(".lv-who").inner_text()
    teacher.get_by_text("3 students joined").wait_for(timeout=10_000)
    names = teacher.locator("#lv-names li").all_inner_texts()
    assert names == ["Ana", HOSTILE, "Cy"]  # on the projector as they joined, as text
    # A second teacher's tab follows the class as the phones do, and drives it too.
    second = new_page(viewport=PROJECTOR)
    second.goto(teacher.url, wait_until="domcontentloaded")
    wait_title(second, 1, 60_000)
    wait_idle(second)
    # Follow two steps: each student's phone (and the other tab) shows it within ~2 s.
    next_step(teacher, 2)
    for page in (*students, second):
        wait_title(page, 2, 3_000)
    wait_idle(second)
    second.get_by_role("button", name="Next").click()
    for page in (*students, teacher):
        wait_title(page, 3, 3_000)
    wait_idle(teacher)
    teacher.screenshot(path=str(SHOTS / "live-teacher-1400.png"))
    students[0].screenshot(path=str(SHOTS / "live-student-390.png"))
    # The live question.
    drive_to(teacher, QUESTION_STEP)
    teacher.get_by_role("button", name="Ask the class").click()
    wait_idle(teacher)
    question = the_question(code)
    right, wrong = right_and_wrong(question)
    # While it is open: the question and its choices only, on the projector and every phone.
    answer_slide = DECK[QUESTION_STEP]
    assert answer_slide.kind == "answer"
    for page in (teacher, *students):
        page.locator(".st-key-lv_question, .st-key-lv_qbox").first.wait_for(timeout=10_000)
        assert page.locator("#cl-slide-title").count() == 0
        text = page.locator(APP).inner_text()
        assert "✓" not in text and answer_slide.lines[-1][:40] not in text
        assert question.explanation[:40] not in text
    teacher.screenshot(path=str(SHOTS / "live-teacher-question-1400.png"))
    students[0].screenshot(path=str(SHOTS / "live-student-question-390.png"), full_page=True)
    for student, choice in ((students[0], right), (students[1], wrong)):
        student.get_by_role("button", name="Send my answer").wait_for(timeout=5_000)
        pick(student, question, choice)
        send(student)
    wait_answered(teacher, 2)
    assert teacher.get_by_text("2 of 3 answered").is_visible()
    # Plotly draws the bars after the chart's element is in the page: wait for them.
    teacher.wait_for_function(
        "(n) => document.querySelectorAll('.js-plotly-plot .bars path').length === n",
        arg=len(question.choices), timeout=10_000)
    teacher.screenshot(path=str(SHOTS / "live-teacher-chart.png"))
    teacher.get_by_role("button", name="Show the answer").click()
    wait_idle(teacher)
    teacher.get_by_text(f"The rule: {question.rule}").wait_for(timeout=10_000)
    # Right, wrong, and late for the one who had not sent an answer.
    students[0].get_by_text("Right!").wait_for(timeout=5_000)
    students[1].get_by_text("Not this time.").wait_for(timeout=5_000)
    students[2].get_by_text("Too late").wait_for(timeout=5_000)
    assert students[2].get_by_role("button", name="Send my answer").count() == 0
    students[1].screenshot(path=str(SHOTS / "live-student-reveal-390.png"))
    assert store.get().tally(code, 1).answered == 2
    # The results.
    teacher.get_by_role("button", name="End the class").click()  # asks first
    teacher.get_by_role("button", name="Yes, end the class").click()
    teacher.get_by_text("Class results").wait_for(timeout=10_000)
    wait_idle(teacher)
    assert teacher.locator("[data-testid='stDataFrame']").count() == 2
    with teacher.expect_download() as download:
        teacher.get_by_role("button", name="Download the results (CSV)").click()
    csv_text = Path(download.value.path()).read_text(encoding="utf-8")
    rows = list(csv.reader(io.StringIO(csv_text)))
    assert rows[0] == ["student id", "student", "question", "question text", "rule", "answer",
                       "right", "time (UTC)"]
    letters = ",".join(question.letter(c) for c in right)
    got = {r[1]: r for r in rows[1:]}
    assert got["Ana"][2:7] == ["1", question.prompt, question.rule, letters, "yes"]
    assert got[HOSTILE][5:7] == [question.letter(wrong[0]), "no"]
    assert got["Cy"][5:8] == ["", "", ""] and all(r[0] for r in rows[1:])
    teacher.screenshot(path=str(SHOTS / "live-results-1400.png"), full_page=True)
    students[0].get_by_text("The class has ended").wait_for(timeout=5_000)
    for page in (teacher, *students):
        assert exceptions(page) == []


@pytest.fixture
def own_server() -> Iterator[SiteServer]:
    server = SiteServer(log=SHOTS / "streamlit-live-restart.log")
    server.start()
    yield server
    server.stop()


def test_a_restart_mid_question_loses_no_answer(new_page: Any, own_server: SiteServer) -> None:
    base = own_server.url
    teacher = new_page(viewport=PROJECTOR)
    code = open_class(teacher, base)
    ana, bo = new_page(viewport=PHONE), new_page(viewport=PHONE)
    join(ana, base, code, "Ana")
    join(bo, base, code, "Bo")
    drive_to(teacher, QUESTION_STEP)
    teacher.get_by_role("button", name="Ask the class").click()
    wait_idle(teacher)
    question = the_question(code)
    choice = right_and_wrong(question)[0]
    ana.get_by_role("button", name="Send my answer").wait_for(timeout=5_000)
    pick(ana, question, choice)
    send(ana)
    wait_answered(teacher, 1)
    # The server goes down mid-question and comes back on the same port.
    own_server.stop()
    for page in (teacher, ana, bo):
        page.wait_for_selector(f"{APP}:not([data-test-connection-state='CONNECTED'])",
                               state="attached", timeout=30_000)
    own_server.start()
    # Every page reconnects by itself and carries on from the store.
    for page in (teacher, ana, bo):
        page.wait_for_selector(f"{APP}[data-test-connection-state='CONNECTED']",
                               state="attached", timeout=60_000)
        wait_idle(page)
    wait_answered(teacher, 1, timeout=60_000)
    ana.get_by_text("Sent. Wait for the teacher").wait_for(timeout=60_000)
    bo.get_by_role("button", name="Send my answer").wait_for(timeout=60_000)
    pick(bo, question, choice)
    send(bo)
    wait_answered(teacher, 2)
    assert store.get().tally(code, 1).answered == 2
    for page in (teacher, ana, bo):
        assert exceptions(page) == []


def test_two_servers_serve_one_class_through_postgresql(
        new_page: Any, postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    url = fresh_database(postgres_url, f"live_{uuid.uuid4().hex[:10]}")
    monkeypatch.setenv("RULES_LAB_DATABASE_URL", url)
    one = SiteServer(log=SHOTS / "streamlit-live-pg-1.log")
    two = SiteServer(log=SHOTS / "streamlit-live-pg-2.log")
    with one, two:
        assert os.environ["RULES_LAB_DATABASE_URL"] == url
        teacher = new_page(viewport=PROJECTOR)
        code = open_class(teacher, one.url)
        ana, bo = new_page(viewport=PHONE), new_page(viewport=PHONE)
        join(ana, one.url, code, "Ana")
        join(bo, two.url, code, "Bo")  # the other server
        teacher.get_by_text("2 students joined").wait_for(timeout=10_000)
        next_step(teacher, 2)
        wait_title(ana, 2, 5_000)  # this test is about the two servers, not the lag
        wait_title(bo, 2, 5_000)
        drive_to(teacher, QUESTION_STEP)
        teacher.get_by_role("button", name="Ask the class").click()
        wait_idle(teacher)
        pg = store.get(url)
        state = pg.state(code)
        assert state is not None and state.question == 1
        asked = pg.question(code, 1)
        assert asked is not None
        question = live.resolve(asked.ref)
        assert question is not None
        for student in (ana, bo):
            student.get_by_role("button", name="Send my answer").wait_for(timeout=5_000)
            pick(student, question, right_and_wrong(question)[0])
            send(student)
        wait_answered(teacher, 2)
        assert pg.tally(code, 1).answered == 2
        pg.close()


NO_ID = ("() => { const q = new URL(location.href).searchParams;"
         " return q.get('me') === null && q.get('kept') === null; }")


def test_progress_is_kept_on_the_device_and_erased(new_page: Any, site: str) -> None:
    page = new_page(viewport={"width": 1400, "height": 1000})
    page.goto(url_for(site, "quiz", q="k-trump-7"), wait_until="domcontentloaded")
    keep = page.get_by_role("button", name="Keep my progress")
    keep.wait_for(timeout=30_000)
    wait_idle(page)
    keep.click()
    page.wait_for_function("window.localStorage.getItem('rules-lab-learner') !== null",
                           timeout=30_000)
    wait_idle(page)
    me = page.evaluate("window.localStorage.getItem('rules-lab-learner')")
    assert store.Store.valid_learner(me)
    assert page.evaluate(NO_ID)  # the id is never in the address bar
    page.locator("[data-testid='stMain'] [role='radiogroup'] label").first.click()
    page.get_by_role("button", name="Check my answer").click()
    page.locator("[data-testid='stMain'] .js-plotly-plot").wait_for(state="attached", timeout=30_000)
    assert sum(m.asked for m in store.get().mastery(me)) == 1
    assert page.evaluate(NO_ID)
    page.screenshot(path=str(SHOTS / "progress-quiz-1400.png"), full_page=True)
    # A later visit on this device: the browser gives the id back, the address stays clean.
    page.goto(url_for(site, "quiz"), wait_until="domcontentloaded")
    page.locator("[data-testid='stMain'] .js-plotly-plot").wait_for(state="attached", timeout=30_000)
    page.wait_for_function(NO_ID, timeout=15_000)
    # Any page that records answers takes it back too: a walkthrough, whose your-move
    # answer then lands in the same record.
    page.goto(url_for(site, "krypkasino_walkthrough", scenario="trail", step="2"),
              wait_until="domcontentloaded")
    page.locator("[data-testid='stMain'] [data-testid='stRadio']").first.wait_for(timeout=30_000)
    wait_idle(page)
    page.wait_for_function(NO_ID, timeout=15_000)
    page.locator("[data-testid='stMain'] [role='radiogroup'] label").first.click()
    page.get_by_role("button", name="Check").first.click()
    page.wait_for_function(
        "() => document.querySelector(\"[data-testid='stAlertContentSuccess'],"
        " [data-testid='stAlertContentError'], [data-testid='stAlertContentWarning'],"
        " [data-testid='stAlertContentInfo']\") !== null", timeout=30_000)
    assert sum(m.asked for m in store.get().mastery(me)) == 2
    assert exceptions(page) == []
    # The explicit move link on another device (no record there): taken, then out of the bar.
    phone = new_page(viewport=PHONE)
    phone.goto(url_for(site, "quiz", me=me), wait_until="domcontentloaded")
    phone.locator("[data-testid='stMain'] .js-plotly-plot").wait_for(state="attached", timeout=30_000)
    phone.wait_for_function(NO_ID, timeout=15_000)
    assert phone.evaluate("window.localStorage.getItem('rules-lab-learner')") == me
    phone.screenshot(path=str(SHOTS / "progress-quiz-390.png"), full_page=True)
    # A move link for another record on a device that keeps one: asked, not taken.
    other = store.Store.new_learner_id()
    store.get().record(other, "K-7", True, "quiz")
    page.goto(url_for(site, "quiz", me=other), wait_until="domcontentloaded")
    page.get_by_role("button", name="Use the record from the link").wait_for(timeout=30_000)
    page.wait_for_function(NO_ID, timeout=15_000)
    assert page.evaluate("window.localStorage.getItem('rules-lab-learner')") == me
    wait_idle(page)
    page.get_by_role("button", name="Keep this device's record").click()
    page.get_by_role("button", name="Use the record from the link").wait_for(
        state="detached", timeout=15_000)
    wait_idle(page)
    page.get_by_role("button", name="Erase my record").click()
    page.get_by_text("Your record was erased").wait_for(timeout=15_000)
    assert store.get().mastery(me) == [] and store.get().mastery(other) != []
    assert page.evaluate("window.localStorage.getItem('rules-lab-learner')") is None
    page.goto(url_for(site, "quiz"), wait_until="domcontentloaded")
    page.get_by_role("button", name="Keep my progress").wait_for(timeout=30_000)
    wait_idle(page)
    assert page.evaluate(NO_ID)


def store_key(page: Any) -> str:
    """The teacher's key from the teacher page's address."""
    return str(page.evaluate("new URL(location.href).searchParams.get('key')"))


def test_the_teacher_removes_locks_and_reopens(new_page: Any, site: str) -> None:
    teacher = new_page(viewport=PROJECTOR)
    code = open_class(teacher, site)
    ana, bo = new_page(viewport=PHONE), new_page(viewport=PHONE)
    join(ana, site, code, "Ana")
    join(bo, site, code, "Bo")
    teacher.get_by_text("2 students joined").wait_for(timeout=10_000)
    wait_idle(teacher)
    # Remove Bo (the Manage expander's picker is driven in tests/test_pages_live.py; here
    # through the store): Bo's phone notices by itself, the projector's names follow.
    bo_id = next(s.id for s in store.get().students(code, store_key(teacher)) if s.name == "Bo")
    assert store.get().remove(code, store_key(teacher), bo_id)
    bo.get_by_text("This link is not a student's link of this class").wait_for(timeout=10_000)
    teacher.wait_for_function(
        "() => [...document.querySelectorAll('#lv-names li')].map(e => e.innerText).join() === 'Ana'",
        timeout=10_000)
    # Lock joining: a new phone is told so; unlock, and it gets in.
    wait_idle(teacher)
    manage = teacher.get_by_text("Manage the class")
    manage.wait_for(timeout=90_000)  # the roster's change reruns the page: slow on a busy server
    manage.click()
    teacher.get_by_text("Lock joining").click()
    wait_idle(teacher)
    cy = new_page(viewport=PHONE)
    open_join(cy, site, **{"class": code})
    cy.get_by_role("textbox", name="Your name").fill("Cy")
    cy.get_by_role("button", name="Join").click()
    cy.get_by_text("the teacher has locked this class").wait_for(timeout=15_000)
    teacher.get_by_text("Lock joining").click()
    wait_idle(teacher)
    wait_idle(cy)
    cy.get_by_role("button", name="Join").click()
    cy.locator("#lv-state").wait_for(state="attached", timeout=30_000)
    # End (after the confirmation), then reopen: the phones carry on.
    teacher.get_by_role("button", name="End the class").click()
    teacher.get_by_role("button", name="Yes, end the class").click()
    teacher.get_by_text("Class results").wait_for(timeout=10_000)
    ana.get_by_text("The class has ended").wait_for(timeout=5_000)
    wait_idle(teacher)
    teacher.get_by_role("button", name="Reopen the class").click()
    wait_title(teacher, 1, 15_000)
    wait_title(ana, 1, 5_000)
    for page in (teacher, ana, bo, cy):
        assert exceptions(page) == []
