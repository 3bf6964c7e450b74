"""Links inside the site on a phone (issue 28): they open in the same tab and the same
session, so a walkthrough's "your move" answers reach the quiz's score; Back / Next under
the step move it and bring the step's top back into view. Screenshots at 390 px and
1400 px land in tests/artifacts/."""

from __future__ import annotations

from typing import Any

import pytest
from browser_harness import ROOT, exceptions, goto, wait_idle

from ui.i18n import t

pytestmark = pytest.mark.browser
SHOTS = ROOT / "tests" / "artifacts"
PHONE = {"viewport": {"width": 390, "height": 800}, "is_mobile": True, "has_touch": True}


def step_heading(page: Any) -> str:
    return str(page.locator("[data-testid='stMain'] h2").first.inner_text())


def in_view(page: Any, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and 0 <= box["y"] and box["y"] + box["height"] <= height


def test_a_walkthrough_answer_reaches_the_quiz_in_the_same_tab(new_page: Any, site: str) -> None:
    page = new_page(**PHONE)
    goto(page, site, "krypkasino_walkthrough", scenario="trail", step=2)
    assert step_heading(page).endswith(t("ym.title", "en"))
    page.locator("[data-testid='stRadio'] label", has_text="3♣: trail it").first.click()
    page.get_by_role("button", name=t("ym.check", "en"), exact=True).click()
    wait_idle(page)
    page.locator("[data-testid='stAlertContentSuccess']").first.wait_for()
    # The rest of the scenario without stops, by the buttons under each step.
    page.get_by_text(t("ym.switch", "en")).first.click()
    wait_idle(page)
    before = step_heading(page)
    bottom_next = ".st-key-kw-next2 button"
    page.locator(bottom_next).scroll_into_view_if_needed()
    page.locator(bottom_next).click()
    wait_idle(page)
    assert step_heading(page) != before
    # The top of the next step is back in view (the focus on the Next at the top).
    page.wait_for_function("() => document.activeElement && document.activeElement"
                           ".closest('.st-key-kw-next') !== null", timeout=5_000)
    assert in_view(page, ".st-key-kw-next button")
    while page.locator(bottom_next).is_enabled():
        page.locator(bottom_next).click()
        wait_idle(page)
    quiz = page.get_by_role("link", name="Take the quiz on these rules")
    quiz.wait_for()
    assert quiz.get_attribute("target") is None  # not a new tab (Streamlit's default)
    page.screenshot(path=str(SHOTS / "links-walkthrough-end-390.png"))
    quiz.click()
    wait_idle(page)
    page.wait_for_url("**/quiz?*")
    assert len(page.context.pages) == 1
    main = page.locator("[data-testid='stMain']")
    main.get_by_text(t("quiz.ui.score.value", "en", right=1, asked=1)).wait_for()
    assert t("quiz.ui.score.none", "en") not in main.inner_text()
    page.screenshot(path=str(SHOTS / "links-quiz-after-walkthrough-390.png"))
    assert exceptions(page) == []


def test_a_rule_link_opens_its_page_in_the_same_tab(new_page: Any, site: str) -> None:
    page = new_page(viewport={"width": 1400, "height": 1000})
    goto(page, site, "krypkasino_walkthrough", scenario="trail", step=2, yourmove="off",
         lang="es")
    link = page.locator("[data-testid='stMain'] a", has_text="C-7").first
    link.wait_for()
    assert link.get_attribute("target") is None
    link.click()
    wait_idle(page)
    page.wait_for_url("**/krypkasino_rules?*")
    assert len(page.context.pages) == 1
    assert "lang=es" in page.url
    page.wait_for_function(  # the rule's section scrolled into view
        "() => { const e = document.getElementById('C-7'); if (!e) return false;"
        " const r = e.getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; }",
        timeout=10_000)
    page.screenshot(path=str(SHOTS / "links-rule-1400.png"))
    assert exceptions(page) == []


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_a_touch_screen_reads_touch_words(new_page: Any, site: str, lang: str) -> None:
    query = {"players": 2, "seat": 0, "bots": "you,basic", "seed": 1, "lang": lang}
    phone = new_page(**PHONE)
    goto(phone, site, "krypkasino_play", **query)
    main = phone.locator("[data-testid='stMain']")
    main.get_by_text(t("play.hand.legal.touch", lang)).wait_for()
    assert t("play.hand.legal", lang) not in main.inner_text()  # no Tab, Enter or hover
    phone.screenshot(path=str(SHOTS / f"touch-play-390-{lang}.png"))
    desk = new_page(viewport={"width": 1400, "height": 1000})
    goto(desk, site, "krypkasino_play", **query)
    main = desk.locator("[data-testid='stMain']")
    main.get_by_text(t("play.hand.legal", lang)).wait_for()
    assert t("play.hand.legal.touch", lang) not in main.inner_text()
    # The your-move hint too: "tap", not "arrow keys" and "Enter".
    goto(phone, site, "krypkasino_walkthrough", scenario="trail", step=2, lang=lang)
    phone.get_by_text(t("ym.hint.touch", lang)).wait_for()
    assert t("ym.hint", lang) not in phone.locator("[data-testid='stMain']").inner_text()
    assert exceptions(phone) == [] and exceptions(desk) == []


def test_a_game_in_progress_survives_a_reload_and_a_new_session(new_page: Any,
                                                                 site: str) -> None:
    """The link holds the player's moves: reloading the page (a dropped phone connection)
    or opening the link in a new session (a server restart) brings the same game back."""
    page = new_page(**PHONE)
    goto(page, site, "krypkasino_play", players=2, seat=0, bots="you,basic", seed=1)
    log = page.locator(".rl-log")
    for _ in range(2):
        page.locator(".st-key-cplay-hand button:not([disabled])").first.click()
        wait_idle(page)
        take = page.locator("[class*='st-key-cplay-take'] button")
        if take.count():
            take.first.click()
            wait_idle(page)
    page.wait_for_function("() => new URLSearchParams(location.search).get('moves')")
    moves = page.evaluate("() => new URLSearchParams(location.search).get('moves')")
    assert len(moves.split(".")) == 2
    before = log.inner_text()
    page.reload()
    wait_idle(page)
    assert log.inner_text() == before
    assert page.evaluate("() => new URLSearchParams(location.search).get('moves')") == moves
    other = new_page(viewport={"width": 1400, "height": 1000})
    other.goto(page.url)
    wait_idle(other)
    assert other.locator(".rl-log").inner_text() == before
    other.screenshot(path=str(SHOTS / "play-resumed-1400.png"))
    assert exceptions(page) == [] and exceptions(other) == []


def test_the_setup_folds_away_once_the_game_starts(new_page: Any, site: str) -> None:
    page = new_page(**PHONE)
    goto(page, site, "kachuful_play", players=3, seat=0, bots="you,basic,basic", seed=2)
    setup = page.locator("[data-testid='stExpander'] details").first
    setup.locator("summary").click()
    page.wait_for_function("() => document.querySelector(\"[data-testid='stExpander'] details\")"
                           ".open")
    wait_idle(page)  # the page's run has ended: the click is not lost to a rerun
    page.get_by_role("button", name=t("play.setup.start", "en")).click()
    wait_idle(page)
    # (The full run at a4305a3 once waited over 30 s here, in its load; alone: 11 s.)
    page.wait_for_function("() => !document.querySelector(\"[data-testid='stExpander'] details\")"
                           ".open", timeout=90_000)
    page.screenshot(path=str(SHOTS / "play-setup-folded-390.png"))
    assert exceptions(page) == []
