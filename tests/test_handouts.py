"""Handouts: self-contained printable HTML with the rules' IDs as anchors, links that stay on
the page, and cards that a screen reader can name."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

import tutorials
from engine.cards import parse_card
from engine.messages import card_name
from tutorials import lessons
from tutorials import scenarios as scenario_files
from ui.classroom import deck as classroom
from ui.classroom import handout
from ui.i18n import LANGS

SHIPPED = ("kachuful-20", "krypkasino-20", "kachuful-variants")


class Page(HTMLParser):
    """The ids, hrefs, card elements and resource references of one HTML page."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.hrefs: list[str] = []
        self.cards: list[dict[str, str | None]] = []
        self.loads: list[str] = []  # src= and <link href=>: must stay empty
        self.headings: list[str] = []
        self._in_heading = False
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.append(str(a["id"]))
        if tag == "a" and a.get("href"):
            self.hrefs.append(str(a["href"]))
        if "src" in a or tag in ("link", "script", "iframe", "img"):
            self.loads.append(f"<{tag} {a}>")
        if "rl-card" in (a.get("class") or "").split():
            self.cards.append(a)
        if tag in ("h1", "h2", "h3"):
            self._in_heading = True
            self.headings.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("h1", "h2", "h3"):
            self._in_heading = False

    def handle_data(self, data: str) -> None:
        if self._in_heading:
            self.headings[-1] += data


def assert_self_contained(page: Page) -> None:
    assert page.loads == []
    assert len(page.ids) == len(set(page.ids)), "an id is used twice"
    for href in page.hrefs:
        assert href.startswith("#"), f"a lone handout links outside itself: {href}"
        assert href[1:] in page.ids, f"the anchor {href} is not on the page"


def assert_cards_named(page: Page, lang: str) -> None:
    for card in page.cards:
        assert card.get("role") == "img"
        assert (card.get("aria-label") or "").strip(), card


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("doc", tutorials.DOCS)
def test_a_rules_page_handout_has_every_rule_as_an_anchor(doc: str, lang: str) -> None:
    html = handout.doc_page(doc, lang)
    page = Page(html)
    assert html.startswith("<!DOCTYPE html>") and f'<html lang="{lang}">' in html
    assert "@media print" in html and "<style>" in html
    ids = tutorials.rule_ids(tutorials.load_markdown(doc, lang))
    for rule in ids:
        assert rule in page.ids
    assert ("K-9" in page.ids) == (doc == "kachuful-rules")
    assert ("C-8" in page.ids) == (doc == "krypkasino-rules")
    sections = tutorials.split_sections(tutorials.load_markdown(doc, lang))
    assert page.headings[0] == sections[0].title or page.headings[0] == sections[1].title
    assert "{#" not in html  # the anchor marks never show
    assert_self_contained(page)


def test_rule_links_to_another_page_go_where_the_builder_says() -> None:
    html = handout.doc_page("glossary", "en", outside=lambda rule: f"rules.html#{rule}")
    page = Page(html)
    outside = [h for h in page.hrefs if not h.startswith("#")]
    assert outside and all(re.fullmatch(r"rules\.html#[KC]-\d+", h) for h in outside)
    lone = Page(handout.doc_page("glossary", "en"))
    assert all(h.startswith("#") for h in lone.hrefs)
    assert "rule:" not in handout.doc_page("glossary", "en")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("lesson_id", SHIPPED)
def test_a_lesson_handout_draws_the_positions_and_keeps_its_links(lesson_id: str,
                                                                    lang: str) -> None:
    lesson = lessons.load(lesson_id)
    deck = classroom.slides(lesson, lang)
    html = handout.lesson_page(lesson, lang, deck=deck)
    page = Page(html)
    assert_self_contained(page)
    assert_cards_named(page, lang)
    assert len(page.cards) >= 10
    # Each item has its anchor and its heading; the outline links to each.
    for n in range(1, len(lesson.items) + 1):
        assert f"item-{n}" in page.ids and f"#item-{n}" in page.hrefs
    # Every rule a slide cites is on the page under its ID.
    cited = {r for s in deck for r in s.rules}
    assert cited and cited <= set(page.ids)
    # Questions first, answers gathered at the end.
    assert "answers" in page.ids
    assert html.index('id="answers"') > html.rindex('class="cl-slide cl-question"')
    for slide in deck:
        if slide.note:
            assert slide.note.replace("'", "&#x27;").replace('"', "&quot;") in html


def test_the_cards_of_a_handout_say_which_card_they_are() -> None:
    lesson = lessons.load("krypkasino-20")
    page = Page(handout.lesson_page(lesson, "es"))
    labels = [str(c["aria-label"]) for c in page.cards]
    # The forced-sweep position: 9♦ and 4♣ in the hand, named in Spanish.
    assert any(label.startswith(card_name(parse_card("9D"), "es")) for label in labels)
    assert any(label.startswith(card_name(parse_card("4C"), "es")) for label in labels)


def test_a_teachers_text_is_escaped_in_a_handout() -> None:
    doc = {"format": lessons.FORMAT, "title": "<script>alert(1)</script>", "items": [
        {"quiz": "kachuful", "topics": ["K-9"], "seed": 1, "count": 1,
         "note": "<img src=x onerror=alert(1)>"}]}
    html = handout.lesson_page(lessons.check(doc, "shared"), "en")
    assert "<script>alert" not in html and "<img src=x" not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("doc", "game"), [("kachuful-rules", "kachuful"),
                                           ("krypkasino-rules", "krypkasino")])
def test_a_rules_handout_draws_every_scenario_position(doc: str, game: str, lang: str) -> None:
    page = Page(handout.doc_page(doc, lang))
    assert "scenarios" in page.ids
    for sid in scenario_files.ids(game):
        assert f"scenario-{sid}" in page.ids
    assert len(page.cards) >= 4 * len(scenario_files.ids(game))
    assert_cards_named(page, lang)
    assert_self_contained(page)
    assert Page(handout.doc_page("glossary", lang)).cards == []
