"""The whole-game Kachuful walkthrough in Chromium (issue 28), at 1400 px and 390 px in
English, Spanish and Portuguese: a waiting stop (the dealer's hook), a folded run of three
hands, and the final standings with the shared win (K-14). Screenshots land in
tests/artifacts/whole-game-<lang>-<width>-<step>.png (not committed)."""

from __future__ import annotations

from typing import Any

import pytest
from browser_harness import ROOT, exceptions, goto, wait_idle

pytestmark = pytest.mark.browser
PATH = "kachuful_walkthrough"
SHOTS = ROOT / "tests" / "artifacts"
#: What the last step says in each language (the engine's GameOver sentence).
SHARED = {"en": "share the win", "es": "comparten la victoria", "pt": "partilham a vitória"}
FOLD_TITLE = {"en": "Hands 2 to 4", "es": "Manos 2 a 4", "pt": "Mãos 2 a 4"}


def main_text(page: Any) -> str:
    return str(page.locator("[data-testid='stMain']").inner_text())


def no_wider_than_the_screen(page: Any, width: int) -> None:
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width + 1, f"the page scrolls sideways: {scroll} px at {width} px"


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
@pytest.mark.parametrize("width", [1400, 390])
def test_whole_game_stop_fold_and_standings(new_page: Any, site: str, lang: str,
                                            width: int) -> None:
    page = new_page(viewport={"width": width, "height": 1400})
    SHOTS.mkdir(parents=True, exist_ok=True)
    # A stop: the dealer's hook, waiting; its answer is not on the page.
    goto(page, site, PATH, scenario="whole-game", step="h4.bid.s1", lang=lang,
         timeout=180_000)
    page.locator("[data-testid='stRadio']").first.wait_for()
    text = main_text(page)
    if lang == "en":  # the scenario's bid and the legal bids wait for the answer
        assert "the dealer, bids 3" not in text and "could bid" not in text
    assert page.locator(".st-key-kwalk-w-next button").first.is_disabled()
    assert exceptions(page) == []
    no_wider_than_the_screen(page, width)
    page.screenshot(path=str(SHOTS / f"whole-game-{lang}-{width}-stop.png"), full_page=True)
    # A folded run: hands 2 and 3 whole, hand 4 up to the stop, one line per hand.
    goto(page, site, PATH, scenario="whole-game", step="fold.h2.schedule", lang=lang,
         yourmove="off", timeout=120_000)
    page.get_by_text(FOLD_TITLE[lang]).first.wait_for()
    text = main_text(page)
    assert text.count("A ") >= 3 and "{" not in text
    assert exceptions(page) == []
    no_wider_than_the_screen(page, width)
    page.screenshot(path=str(SHOTS / f"whole-game-{lang}-{width}-fold.png"), full_page=True)
    # The end: the last hand's sheet, the shared win, K-14.
    goto(page, site, PATH, scenario="whole-game", step="h25.score", lang=lang,
         yourmove="off", timeout=120_000)
    page.get_by_text(SHARED[lang]).first.wait_for()
    wait_idle(page)
    text = main_text(page)
    assert "K-14" in text and "204" in text
    assert page.locator("[data-testid='stDataFrame']").count() >= 1
    assert exceptions(page) == []
    no_wider_than_the_screen(page, width)
    page.screenshot(path=str(SHOTS / f"whole-game-{lang}-{width}-end.png"), full_page=True)
