"""The running site in Chromium: every page without an exception box, rule anchors, card
text alternatives, escaping of link text, the language switch across pages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_harness import exceptions, goto, wait_idle

from ui.navigation import registered

pytestmark = pytest.mark.browser
PATHS = [spec.url_path for spec in registered()]
FRAME_PATHS = ["", "kachuful_rules", "krypkasino_rules", "glossary"]
EVIL = "<img src=x onerror=alert(1)>"


def in_view(page: Any, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and 0 <= box["y"] < height


@pytest.mark.parametrize("path", PATHS)
def test_every_page_loads_without_an_exception_box(page: Any, site: str, path: str) -> None:
    goto(page, site, path)
    assert exceptions(page) == []
    assert page.locator("[data-testid='stSidebar'] [data-testid='stSelectbox']").count() == 1
    assert page.locator("[data-testid='stMain'] h1").count() >= 1


@pytest.mark.parametrize("path", PATHS)
def test_every_card_element_has_a_text_alternative(page: Any, site: str, path: str) -> None:
    goto(page, site, path, lang="pt", deck="4")
    page.wait_for_selector("[data-testid='stSidebar'] .rl-card", state="attached")
    cards = page.locator(".rl-card")
    assert cards.count() >= 4  # at least the sidebar's sample cards
    for i in range(cards.count()):
        card = cards.nth(i)
        assert card.get_attribute("role") == "img"
        label = card.get_attribute("aria-label") or ""
        assert label.strip(), card.inner_html()
    assert page.locator(".rl-card[aria-label='ás de espadas']").count() >= 1


def test_a_rule_link_opens_the_rules_page_at_that_rule(page: Any, site: str) -> None:
    goto(page, site, "kachuful_rules", fragment="K-9")
    page.wait_for_selector("#K-9")
    page.wait_for_function("() => { const e = document.getElementById('K-9');"
                           " const r = e.getBoundingClientRect(); return r.top >= 0 && r.top < 200; }")
    assert "K-9" in page.locator("#K-9").inner_text()
    assert exceptions(page) == []


def test_the_sidebar_quick_link_lands_on_the_rule(page: Any, site: str) -> None:
    goto(page, site, "", lang="es")
    link = page.locator("[data-testid='stSidebar'] a[href*='#C-8']")
    assert link.count() == 1
    link.click()
    page.wait_for_url("**/krypkasino_rules?lang=es#C-8")
    page.wait_for_selector("#C-8")
    wait_idle(page)
    page.wait_for_function("() => { const e = document.getElementById('C-8');"
                           " const r = e.getBoundingClientRect(); return r.top >= 0 && r.top < 200; }")
    assert "Idioma" in page.locator("[data-testid='stSidebar'] [data-testid='stSelectbox']").inner_text()


def test_a_glossary_rule_link_opens_the_rule(page: Any, site: str) -> None:
    """Links inside tutorial text open the rules page in the same tab and session (issue
    28: a new tab would be a new session), scrolled to the rule."""
    goto(page, site, "glossary")
    link = page.locator("[data-testid='stMain'] a[href='kachuful_rules#K-9']").first
    link.click()
    page.wait_for_url("**/kachuful_rules*#K-9")
    page.wait_for_selector("#K-9")
    wait_idle(page)
    assert len(page.context.pages) == 1
    page.wait_for_function("() => { const e = document.getElementById('K-9');"
                           " const r = e.getBoundingClientRect(); return r.top >= 0 && r.top < 200; }")


def test_text_from_a_link_is_shown_as_text_never_as_html(page: Any, site: str) -> None:
    alerts: list[str] = []
    page.on("dialog", lambda dialog: (alerts.append(dialog.message), dialog.dismiss()))
    goto(page, site, "", lang=EVIL)
    warning = page.locator("[data-testid='stAlertContentWarning']")
    assert warning.count() == 1
    assert EVIL in warning.inner_text()
    assert page.locator("img[src='x']").count() == 0
    page.wait_for_timeout(300)
    assert alerts == []
    assert exceptions(page) == []


def test_language_switch_follows_the_visitor_across_pages(page: Any, site: str) -> None:
    goto(page, site, "")
    box = page.locator("[data-testid='stSidebar'] [data-testid='stSelectbox']")
    box.scroll_into_view_if_needed()
    box.get_by_role("combobox").click()
    page.get_by_role("option", name="Español").click()
    wait_idle(page)
    page.wait_for_url("**/?lang=es")
    # The game cards above it are h2 too (headings in order): find the section's heading.
    page.locator("[data-testid='stMain'] h2", has_text="Por dónde empezar").wait_for()
    page.locator("[data-testid='stSidebarNav'] a[href$='/glossary']").click()
    wait_idle(page)
    page.wait_for_url("**/glossary?lang=es")
    assert page.locator("[data-testid='stMain'] h1").first.inner_text().startswith("Glosario")


def test_screenshots_in_light_and_dark(new_page: Any, site: str) -> None:
    """Saves screenshots of the frame's pages (home, rules, glossary) in both themes for
    people to look at; checks that the dark theme really is dark (cards keep a white face)."""
    out = Path(__file__).resolve().parents[1] / "artifacts" / "screens"
    out.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        page = new_page(color_scheme=scheme)
        for path in FRAME_PATHS:
            goto(page, site, path)
            page.screenshot(path=str(out / f"{path or 'home'}-{scheme}.png"))
        background = page.evaluate(
            "getComputedStyle(document.querySelector(\"[data-testid='stApp']\")).backgroundColor")
        assert (background == "rgb(16, 23, 20)") == (scheme == "dark"), background
        face = page.evaluate("getComputedStyle(document.querySelector('.rl-card')).backgroundColor")
        assert face == "rgb(255, 255, 255)"


def test_a_first_visit_straight_to_a_page_gets_the_whole_frame(browser: Any) -> None:
    """A fresh server starts in Streamlit's "pages directory" mode; the first visitor who
    opens a page by its path must still get the menu groups and the shared sidebar."""
    from browser_harness import ROOT, SiteServer

    with SiteServer(log=ROOT / "tests" / "artifacts" / "streamlit-first-visit.log") as server:
        context = browser.new_context()
        try:
            first = context.new_page()
            goto(first, server.url, "glossary", lang="pt")
            first.wait_for_selector("[data-testid='stSidebar'] [data-testid='stSelectbox']",
                                    timeout=15_000)
            assert "Glossário" in first.locator("[data-testid='stSidebarNav']").inner_text()
            assert exceptions(first) == []
        finally:
            context.close()


def test_no_page_asks_anything_of_the_internet(new_page: Any, site: str) -> None:
    """A classroom without internet gets the whole site: every request a page makes (the
    favicon, fonts, icons, scripts) goes to the site's own server."""
    page = new_page()
    outside: list[str] = []
    page.on("request", lambda request: outside.append(request.url)
            if not request.url.startswith((site.rstrip("/"), "data:", "blob:", "about:"))
            else None)
    for path in PATHS:
        goto(page, site, path)
        page.wait_for_timeout(300)  # the favicon and lazy icons are asked for after the run
    assert outside == []
