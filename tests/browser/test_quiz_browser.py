"""The quiz in Chromium: answer a question with the keyboard and the mouse, see the
feedback naming the rule, go to the next question (the link follows)."""

from __future__ import annotations

from typing import Any

import pytest
from browser_harness import exceptions, goto, wait_idle

from engine.quiz import generate, make

pytestmark = pytest.mark.browser
SHOTS = "/tmp"


def test_answer_a_trick_question_by_mouse(new_page: Any, site: str) -> None:
    page = new_page(viewport={"width": 1280, "height": 1900})
    qid = next(f"k-trick-{s}" for s in range(50) if generate("k-trick", s).rule == "K-12")
    q = make(qid)
    right = next(iter(q.correct))
    goto(page, site, "quiz", q=qid)
    assert exceptions(page) == []
    main = page.locator("[data-testid='stMain']")
    main.locator("[data-testid='stRadio']").first.wait_for()
    wait_idle(page)
    assert main.locator(".rl-card[role='img']").count() == len(q.groups[0].cards)
    page.screenshot(path=f"{SHOTS}/quiz-question.png", full_page=True)
    label = q.choice(right).label.render("en")
    main.locator("[data-testid='stRadio'] label").filter(has_text=label).first.click()
    wait_idle(page)
    main.get_by_role("button", name="Check my answer").click()
    wait_idle(page)
    alert = main.locator("[data-testid='stAlertContentSuccess']")
    alert.wait_for()
    assert "Right!" in alert.inner_text()
    link = main.locator("a[href*='kachuful_rules#K-12']")
    assert link.count() >= 1
    assert main.locator(".rl-card.rl-highlight").count() == 1  # the winning card, marked
    assert "1 right out of 1" in main.inner_text()
    page.screenshot(path=f"{SHOTS}/quiz-feedback.png", full_page=True)
    main.get_by_role("button", name="Next question").click()
    wait_idle(page)
    page.wait_for_function(f"() => !window.location.search.includes('{qid}')")
    assert "q=k-" in page.url
    assert exceptions(page) == []


def test_answer_with_the_keyboard_and_miss(new_page: Any, site: str) -> None:
    page = new_page(viewport={"width": 1280, "height": 1900})
    qid = next(f"c-sweep-{s}" for s in range(50) if generate("c-sweep", s).rule == "C-8")
    q = make(qid)
    wrong = next(c for c in q.choices if c.id not in q.correct)
    goto(page, site, "quiz", q=qid, lang="es")
    main = page.locator("[data-testid='stMain']")
    main.locator("[data-testid='stCheckbox']").first.wait_for()
    wait_idle(page)
    box = main.locator("[data-testid='stCheckbox']").filter(has_text=wrong.label.render("es"))
    box.locator("input").first.focus()
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    submit = main.get_by_role("button", name="Comprobar mi respuesta")
    submit.focus()
    page.keyboard.press("Enter")
    wait_idle(page)
    alert = main.locator("[data-testid='stAlertContentError']")
    alert.wait_for()
    assert "No del todo." in alert.inner_text()
    assert main.locator("a[href*='krypkasino_rules?lang=es#C-8']").count() >= 1
    assert main.locator(".rl-card.rl-legal").count() >= len(q.correct)
    assert "C-8" in main.inner_text()
    page.screenshot(path=f"{SHOTS}/quiz-feedback-es.png", full_page=True)
    assert exceptions(page) == []
