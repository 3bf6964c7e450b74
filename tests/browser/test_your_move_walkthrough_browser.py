"""A "your move" step in Chromium, operated by the keyboard alone (Tab, arrows, Space,
Enter; no mouse): an illegal choice gets the engine's refusal with its rule and the learner
tries again; the scenario's move is then judged by the analyst (right: close to the best)
and shown. Screenshots of the step at
1400 px and 390 px, in English and Spanish, land in tests/artifacts/."""

from __future__ import annotations

from typing import Any

import pytest
from browser_harness import ROOT, exceptions, goto, wait_idle

pytestmark = pytest.mark.browser
PATH = "krypkasino_walkthrough"
SHOTS = ROOT / "tests" / "artifacts"
FOCUSED = "() => { const e = document.activeElement; return e ? [e.tagName, e.type || '', " \
          "(e.closest('label') || e).innerText || e.getAttribute('aria-label') || ''] : null; }"


def heading(page: Any) -> str:
    return str(page.locator("[data-testid='stMain'] h2").first.inner_text())


def tab_to(page: Any, want: Any, limit: int = 80) -> list[str]:
    """Press Tab until ``want(focused)`` holds for the focused element's [tag, type,
    text]; return it (fail after ``limit`` presses)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused and want(focused):
            return list(focused)
    raise AssertionError("the keyboard never reached the control")


def checked_label(page: Any) -> str:
    return str(page.evaluate(
        "() => { const e = document.querySelector(\"[data-testid='stRadio'] input:checked\");"
        " return e ? e.closest('label').innerText : ''; }"))


def test_a_your_move_step_by_keyboard_only(new_page: Any, site: str) -> None:
    page = new_page(viewport={"width": 1400, "height": 1300})
    goto(page, site, PATH, scenario="trail", step=2)
    assert heading(page).endswith("Your move")
    # Tab into the options: the first radio of the question.
    tab_to(page, lambda f: f[0] == "INPUT" and f[1] == "radio")
    # Arrows move through the options (and choose); the illegal trail of 5♦ is the last.
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    if "5♦: trail it" not in checked_label(page):  # arrows from the first option
        page.keyboard.press("ArrowDown")
    assert "5♦: trail it" in checked_label(page), checked_label(page)
    page.screenshot(path=str(SHOTS / "your-move-en-1400-before.png"), full_page=True)
    tab_to(page, lambda f: f[0] == "BUTTON" and "Check" in f[2])
    page.keyboard.press("Enter")
    wait_idle(page)
    refusal = page.locator("[data-testid='stAlertContentError']").first
    refusal.wait_for()
    assert "5♦ can capture" in refusal.inner_text() and "(C-6)" in refusal.inner_text()
    assert heading(page).endswith("Your move")  # nothing was played: try again
    page.screenshot(path=str(SHOTS / "your-move-en-1400-refused.png"), full_page=True)

    # Again by keyboard: the scenario's move (trail 3♣, which the analyst finds close to the
    # best), checked with Space.
    tab_to(page, lambda f: f[0] == "INPUT" and f[1] == "radio")
    for _ in range(4):
        if "3♣: trail it" in checked_label(page):
            break
        page.keyboard.press("ArrowUp")
    assert "3♣: trail it" in checked_label(page), checked_label(page)
    tab_to(page, lambda f: f[0] == "BUTTON" and "Check" in f[2])
    page.keyboard.press("Space")
    wait_idle(page)
    page.locator("[data-testid='stAlertContentSuccess']", has_text="Right:").wait_for()
    page.get_by_text("Player B trails 3♣").first.wait_for()
    assert heading(page).endswith("Your move · A trail")
    assert exceptions(page) == []
    page.screenshot(path=str(SHOTS / "your-move-en-1400-answered.png"), full_page=True)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("width", [1400, 390])
def test_screenshots_of_a_your_move_step(new_page: Any, site: str, lang: str, width: int) -> None:
    page = new_page(viewport={"width": width, "height": 1400})
    goto(page, site, PATH, scenario="capture-choice", step=2, lang=lang)
    page.locator("[data-testid='stRadio']").first.wait_for()
    assert exceptions(page) == []
    page.screenshot(path=str(SHOTS / f"your-move-{lang}-{width}.png"), full_page=True)
