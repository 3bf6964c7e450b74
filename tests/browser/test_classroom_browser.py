"""The classroom in Chromium: a lesson link opens the same first step for teacher and student,
the keyboard moves the step (arrows and Page Down/Up), the projector view has no sidebar at
1920×1080, a handout downloads, and a page of the static export renders from file:// with
no server."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_harness import exceptions, goto, wait_idle

from tutorials import lessons
from ui import export as build
from ui.classroom import deck as classroom

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).resolve().parents[1] / "artifacts"
PROJECTOR = {"width": 1920, "height": 1080}


def title_of(page: Any) -> str:
    return str(page.locator("#cl-slide-title").inner_text()).strip()


def step_of(page: Any) -> str:
    return str(page.evaluate("new URL(location.href).searchParams.get('step')"))


def wait_step(page: Any, step: int) -> None:
    page.wait_for_function(f"new URL(location.href).searchParams.get('step') === '{step}'")
    wait_idle(page)


def test_a_lesson_link_opens_the_same_first_step(new_page: Any, site: str) -> None:
    built = lessons.check({"format": lessons.FORMAT, "title": "Double sweeps", "items": [
        {"scenario": "double-sweep", "game": "krypkasino", "end": "play-0"}]}, "shared")
    deck = classroom.slides(built, "es")
    packed = lessons.encode_link(built)
    teacher = new_page(viewport=PROJECTOR)
    goto(teacher, site, "classroom", l=packed, lang="es")
    teacher.locator("#cl-slide-title").wait_for()
    assert exceptions(teacher) == []
    assert title_of(teacher) == deck[0].title and step_of(teacher) == "1"
    # A student opens the link the teacher's page shows (the student view of this step).
    teacher.get_by_text("Los alumnos abren este enlace").click()
    student_link = teacher.locator("[data-testid='stCode'] code").first.inner_text().strip()
    assert "view=student" in student_link and "step=1" in student_link
    student = new_page()
    student.goto(student_link, wait_until="domcontentloaded")
    student.locator("#cl-slide-title").wait_for()
    wait_idle(student)
    assert title_of(student) == title_of(teacher)
    assert student.locator(".cl-big .rl-card[role='img']").count() == \
        teacher.locator(".cl-big .rl-card[role='img']").count()


def test_the_keyboard_moves_the_projector_view(new_page: Any, site: str) -> None:
    deck = classroom.slides(lessons.load("krypkasino-20"), "en")
    page = new_page(viewport=PROJECTOR)
    goto(page, site, "classroom", lesson="krypkasino-20", step=10)
    page.locator("#cl-slide-title").wait_for()
    assert title_of(page) == deck[9].title
    # No sidebar, no Streamlit header: the slide has the screen.
    assert page.locator("[data-testid='stSidebar']").is_hidden()
    assert page.locator("header[data-testid='stHeader']").is_hidden()
    page.locator("#cl-slide-title").click()  # focus the page, not a widget
    page.keyboard.press("ArrowRight")
    wait_step(page, 11)
    assert title_of(page) == deck[10].title
    page.screenshot(path=str(SHOTS / "classroom-projector-1920.png"))
    page.keyboard.press("PageDown")
    wait_step(page, 12)
    page.keyboard.press("ArrowLeft")
    wait_step(page, 11)
    page.keyboard.press("PageUp")
    wait_step(page, 10)
    assert title_of(page) == deck[9].title
    assert exceptions(page) == []
    # Large cards on the projector.
    width = page.locator(".cl-big .rl-card").first.bounding_box()["width"]
    assert width >= 90


def test_the_lessons_page_downloads_a_handout(new_page: Any, site: str, tmp_path: Path) -> None:
    page = new_page(viewport={"width": 1280, "height": 1000}, accept_downloads=True)
    goto(page, site, "lessons", lesson="kachuful-variants", lang="pt")
    button = page.get_by_role("button", name="Descarregar a folha (HTML)")
    button.wait_for()
    with page.expect_download() as download:
        button.click()
    path = tmp_path / "handout.html"
    download.value.save_as(str(path))
    html = path.read_text(encoding="utf-8")
    assert "As variantes do Kachuful" in html and 'role="img"' in html and 'id="item-1"' in html
    page.screenshot(path=str(SHOTS / "classroom-lessons-page.png"))


def test_a_page_of_the_static_export_renders_from_disk(new_page: Any, tmp_path: Path) -> None:
    out = tmp_path / "site"
    build.build(out)
    page = new_page(viewport={"width": 1280, "height": 900})
    remote: list[str] = []
    page.on("request", lambda r: None if r.url.startswith(("file:", "data:"))
            else remote.append(r.url))
    page.goto((out / "es" / "kachuful-rules.html").as_uri())
    heading = page.locator("h1").first
    assert heading.is_visible() and "Kachuful" in heading.inner_text()
    assert page.locator("h2").count() >= 3 and page.locator("h2").first.is_visible()
    page.locator("nav.cl-toc a").first.click()
    rule = page.locator("[id='K-9']")
    rule.scroll_into_view_if_needed()
    assert rule.is_visible() and rule.inner_text().startswith("K-9")
    page.screenshot(path=str(SHOTS / "static-export-rules-es.png"))
    page.goto((out / "en" / "lesson-krypkasino-20.html").as_uri() + "#item-2")
    assert page.locator("#item-2").is_visible()
    cards = page.locator(".rl-card[role='img']")
    assert cards.count() > 20 and cards.first.get_attribute("aria-label")
    page.locator("a[href='#C-8']").first.click()
    assert page.evaluate("location.hash") == "#C-8" and page.locator("[id='C-8']").is_visible()
    page.screenshot(path=str(SHOTS / "static-export-lesson.png"))
    assert remote == []
