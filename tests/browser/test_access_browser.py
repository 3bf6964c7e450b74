"""Accessibility in Chromium: the walkthroughs move with the keyboard alone (Tab to Next,
then Enter or Space), the menu shows every page without "View more", and a translated page
screenshotted in the dark theme."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from browser_harness import ROOT, exceptions, url_for, wait_idle

from ui.i18n import t
from ui.navigation import registered

pytestmark = pytest.mark.browser
SHOTS = str(Path(__file__).resolve().parents[1] / "artifacts")
#: ms to wait for a page: a cold server (or a busy machine) is slow on the first visit.
LOAD = 90_000

#: (page path, UI string of its Next button)
WALKTHROUGHS = [("kachuful_walkthrough", "walk.next"), ("krypkasino_walkthrough", "walk.next")]


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
    first = step_in_url(page)  # a step id or number, as the page writes it
    page.keyboard.press("Enter")
    wait_idle(page)
    moved = "(s) => new URLSearchParams(window.location.search).get('step') !== s"
    page.wait_for_function(moved, arg=first)
    second = step_in_url(page)
    # Space works too (focus may have moved during the rerun: Tab back to the button).
    if not is_button(focused_text(page), label):
        tab_to(page, label)
    page.keyboard.press(" ")
    wait_idle(page)
    page.wait_for_function(moved, arg=second)
    assert len({first, second, step_in_url(page)}) == 3
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
    """The hand on a play page is a row of buttons drawn as cards: each is named by its card
    (rank and suit symbol, read by a screen reader); a playable one is raised and carries a
    ✓ badge (not its colour alone), and a card the rules refuse says why on hover."""
    goto(page, site, "krypkasino_play", lang="es", deck="4", players=2, seat=0, seed=7,
         timeout=LOAD)
    buttons = page.locator("[class*='st-key-cplay-card'] button")
    buttons.first.wait_for()
    assert buttons.count() >= 1
    for i in range(buttons.count()):
        button = buttons.nth(i)
        name = button.inner_text().strip()
        assert re.search(r"(10|[2-9AKQJ])[♠♥♦♣]", name), name
        badge = button.evaluate("(b) => getComputedStyle(b, '::before').content")
        raised = button.evaluate("(b) => getComputedStyle(b).transform")
        assert ("✓" in badge) is (raised not in ("none", "")), (name, badge, raised)


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


# -- every page: axe-core, its language and title, phones -------------------------------

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
#: The pages checked in Spanish and Portuguese too (every page is checked in English).
TRANSLATED = ("", "kachuful_play", "quiz")
#: axe-core findings in Streamlit's own markup, which the site cannot change: (rule, the
#: element the finding must be inside). Anything else fails the test.
ALLOWED: tuple[tuple[str, str], ...] = (
    # Streamlit's sidebar menu wraps each group's <li> items in a <div> inside its <ul>
    # (<ul data-testid="stSidebarNavItems"><div><li>…), so the list and its items are
    # malformed for axe's list rules.
    ("list", "[data-testid='stSidebarNav']"),
    ("listitem", "[data-testid='stSidebarNav']"),
)

RUN_AXE_JS = """async (allowed) => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  const out = [];
  for (const v of result.violations) {
    for (const node of v.nodes) {
      const target = node.target[node.target.length - 1];
      let element = null;
      try { element = document.querySelector(target); } catch (e) { element = null; }
      const ok = allowed.some(([rule, inside]) => rule === v.id && element &&
                                                   element.closest(inside));
      if (!ok) out.push(v.id + ': ' + node.html.slice(0, 160) + ' — ' +
                        (node.failureSummary || '').replace(/\\s+/g, ' ').slice(0, 200));
    }
  }
  return out;
}"""


def page_cases() -> list[tuple[str, str, str]]:
    """(URL path, language, title key) for every page in English and three translated."""
    cases = [(spec.url_path, "en", spec.title_key) for spec in registered()]
    for lang in ("es", "pt"):
        cases += [(spec.url_path, lang, spec.title_key) for spec in registered()
                  if spec.url_path in TRANSLATED]
    return cases


def axe_violations(page: Any) -> list[str]:
    """axe-core's violations on the page as drawn, less the allow-list."""
    assert AXE.is_file(), "axe-core is missing: run npm ci (scripts/test.sh does)"
    page.add_script_tag(path=str(AXE))
    return list(page.evaluate(RUN_AXE_JS, [list(a) for a in ALLOWED]))


@pytest.mark.parametrize(("path", "lang", "title_key"), page_cases(),
                         ids=[f"{p or 'home'}-{lang}" for p, lang, _ in page_cases()])
def test_every_page_passes_axe_and_names_its_language_and_title(
        new_page: Any, site: str, path: str, lang: str, title_key: str) -> None:
    page = new_page(viewport={"width": 1400, "height": 1000})
    goto(page, site, path, lang=lang, timeout=LOAD)
    page.wait_for_function(f"() => document.documentElement.lang === {json.dumps(lang)}")
    assert page.title() == f"{t(title_key, lang)} · Rules Lab"
    assert axe_violations(page) == []
    assert exceptions(page) == []


@pytest.mark.parametrize("path", ["kachuful_play", "krypkasino_play", "quiz"])
def test_pages_pass_axe_in_the_dark_theme(new_page: Any, site: str, path: str) -> None:
    page = new_page(viewport={"width": 1400, "height": 1000}, color_scheme="dark")
    goto(page, site, path, timeout=LOAD)
    assert axe_violations(page) == []


WIDTH_JS = "() => [document.documentElement.scrollWidth, window.innerWidth]"
#: Boxes of the main area that scroll sideways and cannot be reached or are not named
#: (charts and data grids scroll their own canvas and are left out).
SCROLL_BOXES_JS = """() => [...document.querySelectorAll("[data-testid='stMain'] *")].filter(e => {
  const cs = getComputedStyle(e);
  if (!['auto', 'scroll'].includes(cs.overflowX) || e.scrollWidth <= e.clientWidth + 1) return false;
  if (e.closest('.js-plotly-plot, [data-testid="stDataFrame"], [data-testid="stSidebar"]')) return false;
  return !(e.getAttribute('tabindex') === '0' && e.getAttribute('aria-label'));
}).map(e => e.tagName + '.' + e.className)"""


@pytest.mark.parametrize("width", [390, 1400])
def test_every_page_fits_the_screen_and_is_screenshotted(new_page: Any, site: str,
                                                          width: int) -> None:
    """Screenshots of every page at a phone's and a desktop's width (tests/artifacts/pages/,
    for a person to look at), and no page wider than the window: wide tables scroll in
    their own box."""
    page = new_page(viewport={"width": width, "height": 844 if width < 800 else 1000})
    folder = Path(SHOTS) / "pages"
    folder.mkdir(parents=True, exist_ok=True)
    too_wide = []
    for spec in registered():
        goto(page, site, spec.url_path, timeout=LOAD)
        page.screenshot(path=str(folder / f"{spec.url_path or 'home'}-{width}.png"),
                        full_page=True)
        document, window = page.evaluate(WIDTH_JS)
        if document > window:
            too_wide.append((spec.url_path, document))
        unreachable = page.evaluate(SCROLL_BOXES_JS)
        if unreachable:
            too_wide.append((spec.url_path, unreachable))
    assert too_wide == []


@pytest.mark.parametrize(("path", "prefix"), [("kachuful_play", "kplay"),
                                              ("krypkasino_play", "cplay")])
def test_on_a_phone_the_hand_and_the_actions_are_on_the_first_screen(
        new_page: Any, site: str, path: str, prefix: str) -> None:
    page = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    goto(page, site, path, timeout=LOAD)
    boxes = page.evaluate(f"""() => {{
      const hand = document.querySelector(".st-key-{prefix}-hand, [data-testid='stMain'] .rl-row, [data-testid='stMain'] .rl-hand");
      const act = document.querySelector(".st-key-{prefix}-bids button, .st-key-{prefix}-hand button, .st-key-{prefix}-next button");
      const r = (e) => e ? e.getBoundingClientRect().bottom : null;
      return [r(hand), r(act), window.innerHeight];
    }}""")
    hand, action, height = boxes
    assert hand is not None and action is not None, boxes
    assert hand <= height and action <= height, boxes


ACTIVE_JS = """() => { const e = document.activeElement;
  if (!e || e === document.body) return 'BODY';
  return (e.getAttribute('data-testid') || e.tagName) + ' ' + (e.id || '') + ' ' +
         (e.innerText || '').slice(0, 60); }"""


def test_quiz_focus_moves_to_the_verdict_and_to_the_next_question(page: Any, site: str) -> None:
    goto(page, site, "quiz", q="k-play-1", timeout=LOAD)
    main = page.locator("[data-testid='stMain']")
    main.locator("[data-testid='stCheckbox'] label").first.click()
    main.get_by_role("button", name=t("quiz.ui.check", "en")).click()
    wait_idle(page)
    page.wait_for_function("() => document.activeElement && document.activeElement !== document.body")
    active = page.evaluate(ACTIVE_JS)
    assert active.startswith("stAlert"), active
    main.get_by_role("button", name=t("quiz.ui.next", "en")).click()
    wait_idle(page)
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'question'")
    assert page.evaluate(ACTIVE_JS).startswith("H2 question")
