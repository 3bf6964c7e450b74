"""The Krypkasino walkthrough in Chromium: clicking through a scenario, the address bar
following the step, a shared link opening the same step, a variant switched in the page,
two sessions that do not see each other's steps."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from browser_harness import exceptions, goto, wait_idle

pytestmark = pytest.mark.browser
PATH = "krypkasino_walkthrough"
SHOTS = "/tmp"


def step_heading(page: Any) -> str:
    return str(page.locator("[data-testid='stMain'] h2").first.inner_text())


def step_in_url(page: Any) -> str:
    found = re.search(r"[?&]step=([^&]+)", page.url)
    return found.group(1) if found else ""


def click(page: Any, name: str) -> None:
    page.get_by_role("button", name=name).first.click()  # the row at the top of the step
    wait_idle(page)


def test_clicking_through_and_opening_the_shared_link(new_page: Callable[..., Any],
                                                      site: str) -> None:
    page = new_page(viewport={"width": 1280, "height": 1800})
    goto(page, site, PATH, scenario="forced-sweep", yourmove="off")
    assert step_heading(page).startswith("Step 1 of 7")
    refusal = page.locator("[data-testid='stAlertContentError']").first
    assert "takes the whole table" in refusal.inner_text() and "(C-8)" in refusal.inner_text()
    # The hand: 9♦ may be played, 4♣ is faded, both readable by a screen reader.
    page.wait_for_selector(".rl-card[aria-label='four of clubs, not playable']")
    assert page.locator(".rl-card[aria-label='nine of diamonds, playable']").count() >= 1
    assert page.locator(".rl-card[aria-label='four of clubs, not playable']").count() == 1
    page.screenshot(path=f"{SHOTS}/kw-browser-step1.png", full_page=True)
    steps = [step_in_url(page)]
    for expected in range(2, 8):
        click(page, "Next ▸")
        page.wait_for_function(
            "n => document.querySelector(\"[data-testid='stMain'] h2\")?.innerText"
            ".startsWith('Step ' + n + ' of 7')", arg=expected)
        steps.append(step_in_url(page))
    assert len(set(steps)) == 7 and steps[-1] == "score", steps  # the address bar names the step by id
    assert step_heading(page) == "Step 7 of 7 · The deal's score"
    assert page.get_by_role("button", name="Next ▸").first.is_disabled()
    assert exceptions(page) == []
    page.screenshot(path=f"{SHOTS}/kw-browser-score.png", full_page=True)
    shared = page.url

    # Someone else opens the link: the same step, in a session of their own.
    other = new_page(viewport={"width": 1280, "height": 1800})
    other.goto(shared, wait_until="domcontentloaded")
    other.wait_for_selector("[data-testid='stMain'] h2")
    wait_idle(other)
    assert step_heading(other) == "Step 7 of 7 · The deal's score"
    other.get_by_text("Card points in all: 1.").wait_for()
    assert exceptions(other) == []


def test_a_shared_link_to_the_double_sweep_and_a_variant_switched_in_the_page(
        page: Any, site: str) -> None:
    goto(page, site, PATH, scenario="two-players", step=28, yourmove="off")
    # A link of before the folding of trails: the engine's step 28 is the page's 19 of 87.
    assert step_heading(page) == "Step 19 of 87 · A double sweep"
    # The engine's sentence (drawn by st.html, which may land a moment after the run ends).
    page.locator("li", has_text="Double sweep! J♦ takes the identical lone card").wait_for()
    # Switch the double sweep off: the same step is now an ordinary sweep.
    page.get_by_text("Variant in force").first.click()
    page.get_by_text("Double sweep", exact=True).first.click()  # the registry's label
    wait_idle(page)
    page.wait_for_function(
        "() => document.querySelector(\"[data-testid='stMain'] h2\")?.innerText"
        ".endsWith('A sweep')")
    assert "double_sweep=false" in page.url and step_in_url(page) == "play-23"  # step 28's id
    assert exceptions(page) == []


def test_two_sessions_step_different_walkthroughs(new_page: Callable[..., Any],
                                                  site: str) -> None:
    first, second = new_page(), new_page()
    goto(first, site, PATH, scenario="lone-ace", yourmove="off")
    goto(second, site, PATH, scenario="double-sweep", yourmove="off")
    click(first, "Next ▸")
    click(first, "Next ▸")
    click(second, "Next ▸")
    first.wait_for_function("() => document.querySelector(\"[data-testid='stMain'] h2\")"
                            "?.innerText.startsWith('Step 3 of 7')")
    second.wait_for_function("() => document.querySelector(\"[data-testid='stMain'] h2\")"
                             "?.innerText.startsWith('Step 2 of 7')")
    assert step_heading(first) == "Step 3 of 7 · A sweep"
    assert step_heading(second) == "Step 2 of 7 · A double sweep"
    assert "scenario=lone-ace" in first.url and "scenario=double-sweep" in second.url


def test_a_bad_link_shows_a_message_and_the_page_works(page: Any, site: str) -> None:
    goto(page, site, PATH, scenario="nope", step="x", capture="most", yourmove="off")
    alerts = page.locator("[data-testid='stAlertContentWarning']").all_inner_texts()
    text = " ".join(alerts)
    assert "scenario" in text and "step" in text and "capture" in text
    assert step_heading(page).startswith("Step 1 of 7")  # the first scenario: trailing
    click(page, "Next ▸")
    page.wait_for_function("() => document.querySelector(\"[data-testid='stMain'] h2\")"
                           "?.innerText.startsWith('Step 2 of 7')")
    assert exceptions(page) == []
