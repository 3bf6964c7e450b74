"""The Explore pages in Chromium: type a hand and compute (the link follows and reopens
the same numbers), a bad hand gets a message, the hook, variant lab, sweep danger and
score progression pages draw their charts."""

from __future__ import annotations

from typing import Any

import pytest
from browser_harness import exceptions, goto, url_for, wait_idle

pytestmark = pytest.mark.browser
SHOTS = "/tmp"


def charts(page: Any, count: int) -> None:
    main = page.locator("[data-testid='stMain']")
    main.locator(".js-plotly-plot").nth(count - 1).wait_for(timeout=120_000)
    wait_idle(page)
    assert main.locator(".js-plotly-plot").count() == count


def test_hand_odds_typed_hand_link_and_bad_input(new_page: Any, site: str) -> None:
    page = new_page(viewport={"width": 1280, "height": 2200})
    goto(page, site, "explore_hand_odds", samples="200")
    charts(page, 2)
    main = page.locator("[data-testid='stMain']")
    hand = main.get_by_label("Your hand", exact=True).and_(main.locator("input"))
    hand.fill("AH KH QH 2C 3D 4S")
    size = main.get_by_label("Cards per hand", exact=True).and_(main.locator("input"))
    size.fill("6")
    main.get_by_role("button", name="Compute").click()
    page.wait_for_function("() => window.location.search.includes('size=6')")
    charts(page, 2)
    best = main.locator("h2").filter(has_text="Best bid").inner_text()
    page.screenshot(path=f"{SHOTS}/explore-hand-odds.png", full_page=True)
    assert "hand=AH+KH+QH" in page.url or "hand=AH%20KH" in page.url
    link = page.url
    other = new_page(viewport={"width": 1280, "height": 2200})
    other.goto(link)
    charts(other, 2)
    assert other.locator("[data-testid='stMain'] h2").filter(
        has_text="Best bid").inner_text() == best
    hand.fill("AH AH KD QC JC 2S")
    main.get_by_role("button", name="Compute").click()
    alert = main.locator("[data-testid='stAlertContentError']")
    alert.wait_for()
    assert "names A♥ twice" in alert.inner_text()
    page.screenshot(path=f"{SHOTS}/explore-hand-odds-bad.png", full_page=True)
    assert exceptions(page) == [] and exceptions(other) == []


@pytest.mark.parametrize(("path", "query", "count", "shot"), [
    ("explore_hook", {"deals": "40"}, 3, "explore-hook"),
    ("explore_variant_lab", {"games": "20"}, 1, "explore-lab"),
    ("explore_sweep_danger", {}, 5, "explore-sweep"),
    ("explore_score_fan", {"games": "30"}, 2, "explore-fan"),
])
def test_explorer_draws_its_charts(new_page: Any, site: str, path: str, query: dict[str, str],
                                   count: int, shot: str) -> None:
    page = new_page(viewport={"width": 1280, "height": 2400})
    goto(page, site, path, **query)
    charts(page, count)
    page.screenshot(path=f"{SHOTS}/{shot}.png", full_page=True)
    assert exceptions(page) == []


def test_variant_lab_compares_a_changed_rule(new_page: Any, site: str) -> None:
    page = new_page(viewport={"width": 1280, "height": 2400})
    goto(page, site, "explore_variant_lab", games="20", game="krypkasino",
         lineup="basic,basic,basic", a="session:1", b="session:1,forced_sweep:false")
    charts(page, 1)
    main = page.locator("[data-testid='stMain']")
    main.get_by_role("button", name="Compute").click()
    wait_idle(page)
    charts(page, 1)
    assert "Sweeps per deal" in main.locator("[data-testid='stDataFrame']").first.inner_text() \
        or main.locator("[data-testid='stDataFrame']").count() >= 2
    assert exceptions(page) == []


def test_a_long_run_can_be_stopped_and_continued(new_page: Any, site: str) -> None:
    page = new_page(viewport={"width": 1280, "height": 1800})
    # The longest run one visit's CPU budget allows (lab.cost; 1,100 is refused).
    page.goto(url_for(site, "explore_score_fan", games="740", seed="424242"),
              wait_until="domcontentloaded")
    main = page.locator("[data-testid='stMain']")
    main.locator("[data-testid='stProgress']").wait_for(timeout=60_000)
    page.wait_for_function(
        "() => { const e = document.querySelector(\"[data-testid='stProgress']\");"
        " return e && / [1-9][0-9]* of 740/.test(e.innerText); }", timeout=120_000)
    main.get_by_role("button", name="Stop").click()
    # The stop's notice (the takeaway sentence of the games done is a second info box).
    info = main.locator("[data-testid='stAlertContentInfo']").filter(has_text="Stopped after")
    info.wait_for(timeout=60_000)
    assert info.count() == 1
    wait_idle(page, timeout=120_000)
    charts(page, 2)  # the figures of the games done
    page.screenshot(path=f"{SHOTS}/explore-stopped.png", full_page=True)
    assert main.get_by_role("button", name="Continue the run").count() == 1
    assert exceptions(page) == []


EXPLORERS = ("explore_hand_odds", "explore_hook", "explore_variant_lab", "explore_sweep_danger",
             "explore_score_fan")


def test_explorers_open_at_once_on_a_cold_server(browser: Any) -> None:
    """Several visitors open every explorer at the same moment on a server that has just
    started (nothing imported or cached yet): no page shows an exception (issue 11: two
    sessions importing pandas at once gave ``partially initialized module``)."""
    from browser_harness import ROOT, SiteServer

    log = ROOT / "tests" / "artifacts" / "streamlit-cold-explorers.log"
    with SiteServer(log=log) as server:
        contexts = [browser.new_context(viewport={"width": 1280, "height": 1200})
                    for _ in range(3)]
        try:
            pages = []
            for context in contexts:
                for path in EXPLORERS:
                    page = context.new_page()
                    pages.append((path, page))
            for path, page in pages:  # all sessions start together: only wait for commit
                page.goto(url_for(server.url, path, games="10", deals="20", samples="50"),
                          wait_until="commit", timeout=60_000)
            failures = []
            for path, page in pages:
                page.wait_for_selector("[data-testid='stMainBlockContainer'] "
                                       "[data-testid='stElementContainer']", timeout=120_000)
                wait_idle(page, timeout=180_000)
                shown = [text.splitlines()[0] for text in exceptions(page)]
                if shown or page.locator("[data-testid='stMain'] h1").count() != 1:
                    failures.append((path, shown))
            assert failures == []
        finally:
            for context in contexts:
                context.close()
