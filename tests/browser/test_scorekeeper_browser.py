"""The scorekeepers in Chromium, at phone width: a table enters a Kachuful hand (a refused
dealer bid first), reloads the page and finds the sheet restored from the link; the same
for a Krypkasino deal. A hostile player name stays text (no image, no dialog)."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from browser_harness import exceptions, goto, wait_idle

pytestmark = pytest.mark.browser
EVIL = "<img src=x onerror=alert(1)>"
PHONE = {"width": 390, "height": 844}
SHOTS = "/tmp"


def by_key(page: Any, key: str) -> Any:
    """The element of the widget with Streamlit key ``key`` (dots become dashes)."""
    return page.locator(f".st-key-{key.replace('.', '-')}")


def set_number(page: Any, key: str, value: int) -> None:
    field = by_key(page, key).locator("input")
    field.fill(str(value))
    field.press("Enter")
    wait_idle(page)


def click(page: Any, key: str) -> None:
    by_key(page, key).locator("button").click()
    wait_idle(page)


def type_names(page: Any, key: str, names: list[str]) -> None:
    area = by_key(page, key).locator("textarea")
    area.fill("\n".join(names))
    area.press("Control+Enter")
    wait_idle(page)


def totals(page: Any) -> list[str]:
    return page.locator(".sk-standings .sk-total").all_inner_texts()


def watch_dialogs(page: Any) -> list[str]:
    seen: list[str] = []

    def on_dialog(dialog: Any) -> None:
        seen.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    return seen


def test_kachuful_hand_entered_survives_a_reload(new_page: Callable[..., Any], site: str) -> None:
    page = new_page(viewport=PHONE)
    dialogs = watch_dialogs(page)
    goto(page, site, "")
    goto(page, site, "kachuful_scorekeeper")
    type_names(page, "ksk.names", ["Ana", "Bo", EVIL, "Dev"])
    click(page, "ksk.start")
    main = page.locator("[data-testid='stMain']")
    assert "Hand 1 of 25" in main.inner_text()
    assert "Cards: 13" in main.inner_text() and "Dealer: Ana" in main.inner_text()
    # Bids in bidding order: Bo 3, the third player 4, Dev 2; Ana deals and may not bid 4.
    for seat, bid in ((1, 3), (2, 4), (3, 2), (0, 4)):
        set_number(page, f"ksk.bid.1.{seat}", bid)
    click(page, "ksk.savebids.1")
    error = page.locator("[data-testid='stAlertContentError']")
    assert "The dealer may not bid 4: the other bids add up to 9 and this hand has 13 tricks" in (
        error.inner_text())
    assert error.locator("a[href*='kachuful_rules#K-9']").count() == 1
    page.screenshot(path=f"{SHOTS}/scorekeeper-phone-refused.png")
    set_number(page, "ksk.bid.1.0", 3)
    click(page, "ksk.savebids.1")
    assert error.count() == 0
    for seat, tricks in ((1, 3), (2, 4), (3, 2), (0, 4)):
        set_number(page, f"ksk.tricks.1.{seat}", tricks)
    click(page, "ksk.savetricks.1")
    assert totals(page) == ["0", "13", "14", "12"]
    assert "Hand 2 of 25" in main.inner_text()
    assert re.search(r"[?&]sheet=k1\.[A-Za-z0-9_-]+", page.url), page.url
    page.screenshot(path=f"{SHOTS}/scorekeeper-phone-after-hand.png", full_page=True)

    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector(".sk-standings")
    wait_idle(page)
    assert totals(page) == ["0", "13", "14", "12"]
    assert "Hand 2 of 25" in main.inner_text()
    sheet = page.locator("table.sk-sheet")
    assert sheet.locator("tbody tr").count() == 2  # hand 1 and the totals
    assert EVIL in page.locator(".sk-standings").inner_text()
    assert page.locator("[data-testid='stMain'] img[src='x']").count() == 0
    # The CSV export downloads the sheet as it stands.
    with page.expect_download() as download:
        by_key(page, "ksk.csv").locator("button").click()
    text = Path(download.value.path()).read_text(encoding="utf-8")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][:5] == ["Hand", "Cards", "Trump", "Dealer", "Ana bid"]
    assert rows[1][:7] == ["1", "13", "spades", "Ana", "3", "4", "0"]
    assert [rows[2][i] for i in (0, 6, 9, 12, 15)] == ["Total", "0", "13", "14", "12"]
    assert dialogs == [] and exceptions(page) == []


def test_krypkasino_deal_entered_survives_a_reload(new_page: Callable[..., Any], site: str) -> None:
    page = new_page(viewport={"width": 1280, "height": 900})
    goto(page, site, "")
    goto(page, site, "krypkasino_scorekeeper")
    type_names(page, "csk.names", ["Ana", "Bo", "Cy"])
    click(page, "csk.start")
    for seat, points in ((0, 20), (1, 12), (2, 9)):
        set_number(page, f"csk.points.1.{seat}", points)
    click(page, "csk.savedeal.1")
    error = page.locator("[data-testid='stAlertContentError']")
    assert "The card points add up to 41" in error.inner_text()
    set_number(page, "csk.points.1.2", 10)
    set_number(page, "csk.sweeps.1.2", 1)  # Cy sweeps: Bo, just before, loses 5
    click(page, "csk.savedeal.1")
    assert totals(page) == ["20", "7", "15"]
    page.screenshot(path=f"{SHOTS}/scorekeeper-desktop-krypkasino.png", full_page=True)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector(".sk-standings")
    wait_idle(page)
    assert totals(page) == ["20", "7", "15"]
    assert "Deal 2 of 3" in page.locator("[data-testid='stMain']").inner_text()
    assert exceptions(page) == []
