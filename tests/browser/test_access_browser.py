"""Accessibility in Chromium: the walkthroughs move with the keyboard alone (Tab to Next,
then Enter or Space), the menu shows every page without "View more", and a translated page
screenshotted in the dark theme."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_harness import exceptions, url_for, wait_idle

from ui.i18n import t
from ui.navigation import registered

pytestmark = pytest.mark.browser
SHOTS = "/tmp"
#: ms to wait for a page: a cold server (or a busy machine) is slow on the first visit.
LOAD = 90_000

#: (page path, UI string of its Next button)
WALKTHROUGHS = [("kachuful_walkthrough", "kwalk.next"), ("krypkasino_walkthrough", "kw.next")]


@pytest.fixture(scope="module", autouse=True)
def _warm(site: str, browser: Any) -> None:
    """Visit Home once first: a fresh server's very first visit to another page is the
    site frame's own case (tests/browser/test_site_browser.py), not these tests'."""
    page = browser.new_page()
    try:
        goto(page, site, "", timeout=LOAD)
    finally:
        page.close()


def goto(page: Any, base: str, path: str = "", *, timeout: float = 30_000,
         **query: object) -> None:
    """Open a page and wait until its title is drawn and the run is over (the harness's
    ``goto`` waits for the first element, which may be an invisible style block)."""
    page.goto(url_for(base, path, **query), wait_until="domcontentloaded", timeout=timeout)
    page.wait_for_selector("[data-testid='stMain'] h1", timeout=timeout)
    wait_idle(page, timeout)


def focused_text(page: Any) -> str:
    """The text of the focused button (a Material icon's name included), else ``""``."""
    return str(page.evaluate("() => { const e = document.activeElement;"
                             " return e && e.tagName === 'BUTTON' ? e.innerText : ''; }")).strip()


def is_button(text: str, label: str) -> bool:
    return text == label or text.split()[-1:] == [label] or text.endswith("\n" + label)


def tab_to(page: Any, label: str, limit: int = 200) -> int:
    """Press Tab until the focused element is the button showing ``label``; the presses."""
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if is_button(focused_text(page), label):
            return presses
    raise AssertionError(f"Tab never reached {label!r}")


def step_in_url(page: Any) -> str:
    return str(page.evaluate("() => new URLSearchParams(window.location.search).get('step')"))


@pytest.mark.parametrize(("path", "next_key"), WALKTHROUGHS)
def test_a_walkthrough_moves_with_the_keyboard_alone(page: Any, site: str, path: str,
                                                     next_key: str) -> None:
    goto(page, site, path, lang="es", timeout=LOAD)
    label = t(next_key, "es")
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    tab_to(page, label)
    page.keyboard.press("Enter")
    wait_idle(page)
    page.wait_for_function("() => new URLSearchParams(window.location.search).get('step') === '2'")
    # Space works too (focus may have moved during the rerun: Tab back to the button).
    if not is_button(focused_text(page), label):
        tab_to(page, label)
    page.keyboard.press(" ")
    wait_idle(page)
    page.wait_for_function("() => new URLSearchParams(window.location.search).get('step') === '3'")
    assert step_in_url(page) == "3"
    assert exceptions(page) == []


def test_the_menu_lists_every_page_without_view_more(page: Any, site: str) -> None:
    goto(page, site, "", lang="pt", timeout=LOAD)
    nav = page.locator("[data-testid='stSidebarNav']")
    nav.wait_for()
    assert page.locator("[data-testid='stSidebarNavViewButton']").count() == 0
    links = nav.locator("a[data-testid='stSidebarNavLink']")
    assert links.count() == len(registered())
    text = nav.inner_text()
    for group in ("explore", "teach"):
        assert t(f"nav.group.{group}", "pt") in text
    for spec in registered():
        assert t(spec.title_key, "pt") in text


@pytest.mark.parametrize(("path", "lang"), [("kachuful_walkthrough", "es"),
                                            ("krypkasino_play", "pt"),
                                            ("kachuful_scorekeeper", "es"),
                                            ("quiz", "pt")])
def test_translated_pages_in_the_dark_theme(new_page: Any, site: str, path: str,
                                            lang: str) -> None:
    """Screenshots for a person to look at (dark theme, four-colour deck)."""
    page = new_page(color_scheme="dark")
    goto(page, site, path, lang=lang, deck="4", timeout=LOAD)
    background = page.evaluate(
        "() => getComputedStyle(document.querySelector(\"[data-testid='stApp']\")).backgroundColor")
    assert background == "rgb(16, 23, 20)", background  # the dark theme's #101714
    page.screenshot(path=f"{SHOTS}/a11y-{path}-{lang}-dark.png", full_page=True)
    assert exceptions(page) == []


CONTRAST_JS = """() => {
  const rgb = (s) => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = (c) => { const [r, g, b] = rgb(c).slice(0, 3).map((v) => { v /= 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05); };
  const app = getComputedStyle(document.querySelector("[data-testid='stApp']")).backgroundColor;
  const out = [];
  for (const b of document.querySelectorAll("[data-testid='stBaseButton-primary']:not(:disabled)")) {
    const cs = getComputedStyle(b);
    out.push(["primary button " + b.innerText.trim(), ratio(cs.color, cs.backgroundColor)]);
  }
  const small = "[data-testid='stSliderThumbValue'] p, [data-testid='stTab'][aria-selected='true'] p";
  for (const e of document.querySelectorAll(small)) {
    out.push([e.innerText.trim(), ratio(getComputedStyle(e).color, app)]);
  }
  return out;
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", ["kachuful_walkthrough", "kachuful_play"])
def test_streamlit_controls_in_our_colours_pass_aa(new_page: Any, site: str, scheme: str,
                                                   path: str) -> None:
    """Primary buttons (white on the primary colour), a slider's value and the chosen tab,
    measured in the page as drawn, in both themes."""
    page = new_page(color_scheme=scheme)
    goto(page, site, path, timeout=LOAD)
    measured = page.evaluate(CONTRAST_JS)
    assert any(what.startswith("primary button") for what, _ in measured)
    assert len(measured) >= 2
    failing = [(what, round(r, 2)) for what, r in measured if r < 4.5]
    assert failing == []


def test_card_buttons_on_a_play_page_are_named_and_marked(page: Any, site: str) -> None:
    """The hand on a play page is a row of buttons: each is named by its card (rank and suit
    symbol, read by a screen reader) and a playable one carries ✓ besides its fill."""
    goto(page, site, "krypkasino_play", lang="es", deck="4", players=2, seat=0, seed=7,
         timeout=LOAD)
    buttons = page.locator("[class*='st-key-cplay-card'] button")
    buttons.first.wait_for()
    assert buttons.count() >= 1
    for i in range(buttons.count()):
        button = buttons.nth(i)
        name = button.inner_text().strip()
        assert re.search(r"(10|[2-9AKQJ])[♠♥♦♣]", name), name
        primary = button.get_attribute("data-testid") == "stBaseButton-primary"
        assert name.startswith("✓") is primary, name


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_marked_cards_say_their_state(new_page: Any, site: str, lang: str) -> None:
    """After a quiz answer the position is shown again with the answer marked: each marked
    card's text alternative names its state, in the page's language."""
    page = new_page(viewport={"width": 1280, "height": 1900})
    goto(page, site, "quiz", lang=lang, q="k-play-1", timeout=LOAD)
    main = page.locator("[data-testid='stMain']")
    main.locator("[data-testid='stCheckbox']").first.wait_for()
    main.locator("[data-testid='stCheckbox'] label").first.click()
    wait_idle(page)
    main.get_by_role("button", name=t("quiz.ui.check", lang)).click()
    wait_idle(page)
    marked = main.locator(".rl-card.rl-legal, .rl-card.rl-highlight, .rl-card.rl-dimmed")
    marked.first.wait_for(state="attached")
    for i in range(marked.count()):
        card = marked.nth(i)
        classes = (card.get_attribute("class") or "").split()
        state = next(s for s in ("legal", "highlight", "dimmed") if f"rl-{s}" in classes)
        assert (card.get_attribute("aria-label") or "").endswith(t(f"card.state.{state}", lang))
