"""Accessibility in Chromium: the walkthroughs move with the keyboard alone (Tab to Next,
then Enter or Space), the menu shows every page without "View more", and a translated page
screenshotted in the dark theme."""

from __future__ import annotations

from typing import Any

import pytest
from browser_harness import exceptions, goto, wait_idle

from ui.i18n import t
from ui.navigation import registered

pytestmark = pytest.mark.browser
SHOTS = "/tmp"

#: (page path, UI string of its Next button)
WALKTHROUGHS = [("kachuful_walkthrough", "kwalk.next"), ("krypkasino_walkthrough", "kw.next")]


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
    goto(page, site, path, lang="es")
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
    goto(page, site, "", lang="pt")
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
    goto(page, site, path, lang=lang, deck="4")
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
    goto(page, site, path)
    measured = page.evaluate(CONTRAST_JS)
    assert any(what.startswith("primary button") for what, _ in measured)
    assert len(measured) >= 2
    failing = [(what, round(r, 2)) for what, r in measured if r < 4.5]
    assert failing == []
