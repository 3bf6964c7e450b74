"""Card HTML: names for screen readers, states not only by colour, four colours, escaping."""

import re
from html.parser import HTMLParser

import pytest

from engine.cards import DECK, parse_card, parse_cards
from ui.cards import STATES, card_css, card_html, card_label, cards_html, mark, rank_label
from ui.safe import escape_html, escape_markdown, user_text_html


class _Collect(HTMLParser):
    """Collects every element's attributes and the visible text (outside aria-hidden)."""

    def __init__(self) -> None:
        super().__init__()
        self.elements: list[dict[str, str | None]] = []
        self.text: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.elements.append({"tag": tag, **dict(attrs)})

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse(html: str) -> _Collect:
    parser = _Collect()
    parser.feed(html)
    parser.close()
    return parser


def images(html: str) -> list[dict[str, str | None]]:
    return [e for e in parse(html).elements if e.get("role") == "img"]


def test_every_card_has_its_name_in_each_language() -> None:
    for card in DECK:
        (img,) = images(card_html(card))
        assert img["aria-label"] == card.name
    assert images(card_html(parse_card("QH"), lang="es"))[0]["aria-label"] == "reina de corazones"
    assert images(card_html(parse_card("TD"), lang="pt"))[0]["aria-label"] == "dez de ouros"


def test_rank_and_suit_symbol_are_printed() -> None:
    html = card_html(parse_card("TD"))
    assert ">10<" in html and "♦" in html and rank_label(parse_card("AS")) == "A"


def test_states_are_named_and_marked_not_only_by_colour() -> None:
    ace = parse_card("AS")
    assert card_label(ace, "en", "legal") == "ace of spades, playable"
    assert card_label(ace, "en", "dimmed") == "ace of spades, not playable"
    legal, highlight = card_html(ace, state="legal"), card_html(ace, state="highlight")
    assert "rl-legal" in legal and "✓" in legal
    assert "rl-highlight" in highlight and "★" in highlight
    assert "rl-legal" in card_css() and "translateY" in card_css()  # raised, not just tinted
    with pytest.raises(ValueError):
        card_html(ace, state="glowing")  # type: ignore[arg-type]


def test_red_black_and_four_colours() -> None:
    diamond, club = parse_card("2D"), parse_card("2C")
    assert "rl-four" not in card_html(diamond)
    assert "rl-four" in card_html(diamond, four_colour=True)
    css = card_css()
    assert re.search(r"\.rl-four\.rl-s-D \{ color: #1d4ed8", css)
    assert re.search(r"\.rl-four\.rl-s-C \{ color: #15803d", css)
    assert "rl-s-C" in card_html(club)


def test_face_down_card() -> None:
    (img,) = images(card_html(None, lang="en"))
    assert img["aria-label"] == "face-down card" and "rl-back" in (img["class"] or "")
    assert images(card_html(None, lang="es"))[0]["aria-label"] == "carta boca abajo"


def test_groups_layouts_states_and_large() -> None:
    cards = parse_cards(["AS", "KH", "AS"])
    html = cards_html(cards, states={1: "legal"}, layout="hand", large=True, lang="es")
    imgs = images(html)
    assert [i["aria-label"] for i in imgs] == [
        "as de picas", "rey de corazones, se puede jugar", "as de picas"]
    group = [e for e in parse(html).elements if e.get("role") == "group"][0]
    assert group["aria-label"] == "mano" and "rl-hand" in (group["class"] or "")
    assert all("rl-large" in (i["class"] or "") for i in imgs)
    assert "rl-table" in cards_html(cards, layout="table")
    with pytest.raises(ValueError):
        cards_html(cards, states=["legal"])
    with pytest.raises(ValueError):
        cards_html(cards, layout="circle")  # type: ignore[arg-type]


def test_empty_group_says_so() -> None:
    html = cards_html([], layout="table", lang="pt")
    assert "sem cartas" in html and images(html) == []


def test_mark_by_card_value() -> None:
    cards = [*parse_cards(["AS", "KH", "2C"]), None]
    assert mark(cards, legal={parse_card("KH"), parse_card("AS")}, highlight={parse_card("AS")},
                dimmed={parse_card("2C")}) == ["highlight", "legal", "dimmed", "normal"]
    assert set(STATES) == {"normal", "legal", "highlight", "dimmed"}


def test_a_name_with_html_is_shown_as_text() -> None:
    evil = "<img src=x onerror=alert(1)>"
    html = cards_html(parse_cards(["AS"]), caption=evil, label=evil)
    assert "<img" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert "img" not in parse(html).tags
    assert user_text_html(evil) == '<span class="rl-user-text">&lt;img src=x onerror=alert(1)&gt;</span>'
    assert escape_html('"quoted" & \'single\'') == "&quot;quoted&quot; &amp; &#x27;single&#x27;"
    assert escape_markdown("a_b *c*") == "a\\_b \\*c\\*"
    with pytest.raises(ValueError):
        user_text_html("x", tag="script onload=alert(1)")
