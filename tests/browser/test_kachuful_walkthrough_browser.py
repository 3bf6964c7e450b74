"""The Kachuful walkthrough in Chromium: clicking Next through a hand, the address bar
following the step, a shared link opening that exact step, two sessions apart.

Each test saves a screenshot to tests/artifacts/kachuful-walkthrough-*.png (not committed)
so a person can look at the page as the test left it.
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Callable
from typing import Any

import pytest
from browser_harness import ROOT, exceptions, goto, wait_idle

pytestmark = pytest.mark.browser
PATH = "kachuful_walkthrough"
SHOTS = ROOT / "tests" / "artifacts"


def heading(page: Any) -> str:
    """The step's title (the page's only h2)."""
    return str(page.locator("[data-testid='stMain'] h2").first.inner_text()).strip()


def query(page: Any) -> dict[str, str]:
    return dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(page.url).query))


def click(page: Any, key: str) -> None:
    page.locator(f".st-key-kwalk-w-{key} button").click()
    wait_idle(page)


def open_walkthrough(page: Any, site: str, **params: object) -> None:
    """Open the page straight from a link, as a person given a shared link does (the
    your-move stops off: tests/browser/test_your_move_walkthrough_browser.py has them)."""
    params.setdefault("yourmove", "off")
    goto(page, site, PATH, **params)


def test_next_walks_through_the_worked_example(page: Any, site: str) -> None:
    open_walkthrough(page, site)
    assert heading(page) == "Hand 11 of 25: 3 cards each, trump clubs"
    assert query(page)["step"] == "h11.schedule"  # the address bar names the step by id
    titles = [heading(page)]
    for _ in range(7):
        click(page, "next")
        titles.append(heading(page))
    assert titles[5] == "Player D, the dealer, bids last"
    assert titles[7] == "Trick 1, card 2: player B"
    assert len(set(titles)) == 8
    assert query(page)["step"] == "h11.t1.c2" and query(page)["scenario"] == "worked-example"
    main = page.locator("[data-testid='stMain']")
    assert "Player B has no hearts and trumps with 2♣." in main.inner_text()
    # The player to act has the legal cards marked, by text as well as by look.
    assert page.locator(".kw-act .rl-card[aria-label='ace of hearts, playable']").count() == 1
    page.set_viewport_size({"width": 1280, "height": 1700})
    page.screenshot(path=str(SHOTS / "kachuful-walkthrough-next.png"))
    click(page, "back")
    assert heading(page) == "Trick 1, card 1: player A" and query(page)["step"] == "h11.t1.c1"
    assert exceptions(page) == []


def test_a_shared_link_opens_the_same_step(page: Any, site: str) -> None:
    open_walkthrough(page, site, scenario="worked-example", step=11, seat=1, scoring="margin")
    assert heading(page) == "Trick 1 goes to player B"  # an old numbered link
    text = page.locator("[data-testid='stMain']").inner_text()
    assert "Player B wins trick 1 with 2♣, the highest trump." in text
    # Seen as player B: the three other hands are face down, its own face up.
    assert page.locator(".kw-seat .rl-card.rl-back").count() == 6
    assert page.locator(".kw-trick .rl-card.rl-highlight[aria-label*='two of clubs']").count() == 1
    assert query(page)["scoring"] == "margin"
    page.set_viewport_size({"width": 1280, "height": 1700})
    page.screenshot(path=str(SHOTS / "kachuful-walkthrough-link.png"))
    # The link stays in step with the page: go to the end, B misses and loses a point.
    page.goto(page.url.replace("step=h11.t1.won", "step=h11.score"))
    page.wait_for_selector("[data-testid='stMain'] h2")
    wait_idle(page)
    assert heading(page) == "Hand 11: the score sheet"
    assert "Player B bid 0 but took 1, 1 too many: -1 point." in \
        page.locator("[data-testid='stMain']").inner_text()
    assert exceptions(page) == []


def test_a_bad_link_gives_a_message_and_a_working_page(page: Any, site: str) -> None:
    open_walkthrough(page, site, scenario="random", seed="x1", step=5000)
    alerts = page.locator("[data-testid='stAlert']").all_inner_texts()
    assert any("seed is x1" in a for a in alerts), alerts
    assert any("step is 5000" in a for a in alerts), alerts
    click(page, "first")
    assert heading(page) == "Choosing the first dealer: draw 1"
    assert exceptions(page) == []


def test_two_sessions_step_apart(new_page: Callable[..., Any], site: str) -> None:
    one, two = new_page(), new_page()
    open_walkthrough(one, site, step=3)
    open_walkthrough(two, site, scenario="dealer-tie", step=1)
    click(one, "next")
    click(one, "next")
    click(two, "next")
    assert heading(one) == "Player C bids" and query(one)["step"] == "h11.bid.s2"
    assert heading(two) == "Choosing the first dealer: draw 2"
    assert query(two) == {"scenario": "dealer-tie", "step": "draw.r2", "yourmove": "off"}
    assert exceptions(one) == exceptions(two) == []
