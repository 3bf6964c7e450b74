"""The play pages in Chromium: a Kachuful hand played by clicking the bid and card buttons
(an illegal card refused first, when the hand has one), undo, and a Krypkasino play; on a
desktop and at phone width. Screenshots go to /tmp for a person to look at."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from browser_harness import exceptions, goto, wait_idle

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
SHOTS = "/tmp"


def by_key(page: Any, key: str) -> Any:
    """The element of the widget with Streamlit key ``key`` (dots become dashes)."""
    return page.locator(f".st-key-{key.replace('.', '-')}")


def click(page: Any, key: str) -> None:
    by_key(page, key).locator("button").first.click()
    wait_idle(page)


def hand_buttons(page: Any) -> Any:
    return page.locator("[class*='st-key-kplay-card-'] button")


def status(page: Any) -> str:
    return str(page.locator("[data-testid='stMarkdownContainer'] strong",
                            has_text=re.compile(r"^Hand \d+ of")).first.inner_text())


@pytest.mark.parametrize("viewport", [None, PHONE], ids=["desktop", "phone"])
def test_a_kachuful_hand_is_played_by_clicking(site: str, new_page: Callable[..., Any],
                                               viewport: dict[str, int] | None) -> None:
    page = new_page(**({"viewport": viewport} if viewport else {}))
    name = "phone" if viewport else "desktop"
    goto(page, site, "kachuful_play", players=3, seat=0, bots="you,random,basic", seed=1,
         max_cards=3)
    assert exceptions(page) == []
    assert status(page).startswith("Hand 1 of 5")
    page.wait_for_timeout(500)  # let the cards and buttons paint before the picture
    page.screenshot(path=f"{SHOTS}/play-kachuful-{name}-start.png", full_page=True)
    # Play hand 1: bots until my turn, a legal bid, then cards until the hand is over. With
    # seed 1 the player once holds a card that does not follow suit: it is refused first.
    refused = 0
    for _ in range(30):
        if status(page).startswith("Hand 2"):
            break
        if by_key(page, "kplay.until").locator("button").is_enabled():
            click(page, "kplay.until")
            continue
        bids = page.locator("[class*='st-key-kplay-bid-'] button:enabled")
        if bids.count():
            bids.first.click()
            wait_idle(page)
            continue
        cards = hand_buttons(page)
        legal, illegal = playable(page, "kplay")
        if illegal.count():  # an illegal card: refused with the rule, nothing changes
            before = cards.count()
            illegal.first.click()
            wait_idle(page)
            assert page.get_by_text("must follow").count() >= 1
            assert hand_buttons(page).count() == before
            page.screenshot(path=f"{SHOTS}/play-kachuful-{name}-refused.png", full_page=True)
            refused += 1
            legal, _ = playable(page, "kplay")
        assert legal.count() >= 1
        legal.first.click()
        wait_idle(page)
    assert status(page).startswith("Hand 2 of 5")
    assert refused >= 1
    assert exceptions(page) == []
    assert page.get_by_text("Review of hand 1").count() >= 1  # play tab and sheet tab
    page.screenshot(path=f"{SHOTS}/play-kachuful-{name}-hand2.png", full_page=True)
    # The score sheet tab has the first hand's row.
    page.get_by_role("tab", name="Score sheet").click()
    wait_idle(page)
    # One score sheet on the open tab (the coach's folded detail table is a second frame,
    # inside its expander, issue 27).
    sheets = page.locator("[data-testid='stDataFrame']:not([data-testid='stExpander'] *)")
    assert sheets.filter(visible=True).count() == 1
    page.screenshot(path=f"{SHOTS}/play-kachuful-{name}-sheet.png", full_page=True)


PLAYABLE_JS = """(prefix) => [...document.querySelectorAll(`[class*='st-key-${prefix}-card-'] button`)]
  .forEach(b => b.setAttribute('data-rl-playable',
                               getComputedStyle(b, '::before').content.includes('✓')))"""


def playable(page: Any, prefix: str) -> tuple[Any, Any]:
    """The hand's buttons the rules allow (raised, with a ✓ badge) and the others (greyed,
    with the reason on hover), as two locators."""
    page.evaluate(PLAYABLE_JS, prefix)
    hand = f"[class*='st-key-{prefix}-card-'] button"
    # (A button with a tooltip has an invisible twin of size 0: only the visible ones.)
    return (page.locator(f"{hand}[data-rl-playable='true']:visible"),
            page.locator(f"{hand}[data-rl-playable='false']:visible"))


def test_a_krypkasino_card_is_played_by_clicking(site: str, new_page: Callable[..., Any]) -> None:
    page = new_page(viewport=PHONE)
    goto(page, site, "krypkasino_play", players=2, seat=0, bots="you,basic", seed=6,
         session=1)
    assert exceptions(page) == []
    if by_key(page, "cplay.until").locator("button").is_enabled():
        click(page, "cplay.until")
    before = page.locator("[class*='st-key-cplay-card-'] button").count()
    playable(page, "cplay")[0].first.click()
    wait_idle(page)
    if by_key(page, "cplay.take.0").count():
        page.screenshot(path=f"{SHOTS}/play-krypkasino-phone-choice.png", full_page=True)
        click(page, "cplay.take.0")
    assert exceptions(page) == []
    assert page.locator("[class*='st-key-cplay-card-'] button").count() == before - 1
    page.screenshot(path=f"{SHOTS}/play-krypkasino-phone.png", full_page=True)


def test_a_malformed_upload_shows_the_field_as_text(site: str, new_page: Callable[..., Any],
                                                    tmp_path: Any) -> None:
    page = new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    goto(page, site, "kachuful_play", players=3, seed=4)
    page.get_by_role("tab", name="Save or replay").click()
    wait_idle(page)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "kachuful-record/1", "players": 3, "hands": [{"dealer": 0, '
                   '"seed": 1, "bids": ["<img src=x onerror=alert(1)>", 0, 0], "play": []}]}',
                   encoding="utf-8")
    page.locator(".st-key-kplay-upload input[type='file']").set_input_files(str(bad))
    wait_idle(page)
    error = page.locator("[data-testid='stAlertContentError']").first
    assert "hands[0].bids[0]" in error.inner_text()
    assert "<img" in error.inner_text()  # shown as text ...
    assert error.locator("img").count() == 0 and dialogs == []  # ... never as HTML
    assert exceptions(page) == []
    page.screenshot(path=f"{SHOTS}/play-upload-error.png", full_page=True)
