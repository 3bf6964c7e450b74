"""WCAG AA contrast of the site's colours, in the light and the dark theme.

The ratio is WCAG 2's: (L1 + 0.05) / (L2 + 0.05) of the relative luminances. AA asks 4.5:1
for normal text, 3:1 for large text (24 px, or 18.66 px bold) and for the parts of a control
or a mark a person must see (borders, badges). Colours are read from the sources themselves
(``.streamlit/config.toml`` and the CSS strings in ``ui/``), so changing one re-checks it.
Text without a colour of its own inherits the theme's text colour; text without a background
of its own sits on the theme's background, so it is checked in both themes.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from ui import cards
from ui.classroom import handout
from ui.scorekeeper import sheet as scorekeeper
from ui.walkthrough import kachuful as walkthrough_kachuful

ROOT = Path(__file__).resolve().parent.parent
CONFIG = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
THEMES = ("light", "dark")
TEXT, LARGE, UI = 4.5, 3.0, 3.0
RGB = tuple[float, float, float]


def rgb(colour: str) -> RGB:
    """``"#1f6f4a"`` / ``"#fff"`` as 0–255 channels."""
    value = colour.lstrip("#")
    if len(value) == 3:
        value = "".join(c * 2 for c in value)
    if len(value) != 6:
        raise ValueError(colour)
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def over(top: str, alpha: float, bottom: str) -> str:
    """``top`` at opacity ``alpha`` painted over ``bottom``."""
    mixed = [round(alpha * a + (1 - alpha) * b) for a, b in zip(rgb(top), rgb(bottom), strict=True)]
    return "#" + "".join(f"{c:02x}" for c in mixed)


def luminance(colour: str) -> float:
    """WCAG relative luminance."""
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def css_value(css: str, selector: str, prop: str) -> str:
    """The value of ``prop`` in the rule whose selector list is exactly ``selector``."""
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        names = [s.strip() for s in selectors.replace("<style>", "").split(",")]
        if selector in names:
            found = re.search(rf"(?:^|[;\s]){re.escape(prop)}\s*:\s*([^;]+)", body)
            if found:
                value = found.group(1).strip()
                colour = re.search(r"#[0-9a-fA-F]{3,6}\b", value)
                return colour.group(0) if colour else value
    raise KeyError(f"{selector} {{ {prop} }}")


def theme(name: str, key: str) -> str:
    return str(CONFIG["theme"][name][key])


# -- the formula -------------------------------------------------------------------------------


def test_the_formula_gives_wcag_reference_values() -> None:
    assert ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)  # the famous near miss
    assert ratio("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)
    assert ratio("#fff", "#fff") == pytest.approx(1.0)
    assert over("#000000", 0.5, "#ffffff") == "#808080"
    assert css_value(".a, .b { color: #123456; }", ".b", "color") == "#123456"


# -- the themes ------------------------------------------------------------------------------


def test_both_themes_are_defined() -> None:
    for name in THEMES:
        for key in ("primaryColor", "backgroundColor", "secondaryBackgroundColor", "textColor",
                    "linkColor"):
            rgb(theme(name, key))


@pytest.mark.parametrize("name", THEMES)
def test_theme_text_links_and_controls_pass_aa(name: str) -> None:
    bg, bg2 = theme(name, "backgroundColor"), theme(name, "secondaryBackgroundColor")
    for background in (bg, bg2):
        assert ratio(theme(name, "textColor"), background) >= TEXT
        assert ratio(theme(name, "linkColor"), background) >= TEXT
        # The primary colour marks toggles, sliders, focus rings and primary buttons.
        assert ratio(theme(name, "primaryColor"), background) >= UI
    # Streamlit writes a primary button's label in white on the primary colour.
    assert ratio("#ffffff", theme(name, "primaryColor")) >= TEXT
    # Small text it paints in the primary colour is given the text colour (ui/cards.py).
    assert 'stSliderThumbValue"] *' in cards.CSS and 'aria-selected="true"] *' in cards.CSS


@pytest.mark.parametrize("name", THEMES)
def test_coloured_text_we_use_is_defined_and_passes_aa(name: str) -> None:
    """``:red[…]``, ``:blue[…]``, ``:green[…]`` (suits on the play pages' card buttons) use the
    theme's text colours: each is set for both themes and passes AA on both backgrounds."""
    from ui.play.table import FOUR_COLOURS, SUIT_COLOURS

    used = {c for c in (*SUIT_COLOURS.values(), *FOUR_COLOURS.values()) if c}
    assert used
    for colour in used:
        text = theme(name, f"{colour}TextColor")
        for key in ("backgroundColor", "secondaryBackgroundColor"):
            assert ratio(text, theme(name, key)) >= TEXT, (colour, key)


# -- our own CSS: pairs with a background of their own (same in both themes) -------------------

FIXED_PAIRS: list[tuple[str, str, str, str, float]] = [
    # (what, css source, selector of the text colour, selector of the background, minimum)
    ("card: spades and clubs", cards.CSS, ".rl-card.rl-s-S", ".rl-card", TEXT),
    ("card: hearts and diamonds", cards.CSS, ".rl-card.rl-s-H", ".rl-card", TEXT),
    ("four-colour deck: diamonds", cards.CSS, ".rl-card.rl-four.rl-s-D", ".rl-card", TEXT),
    ("four-colour deck: clubs", cards.CSS, ".rl-card.rl-four.rl-s-C", ".rl-card", TEXT),
    ("legal mark ✓", cards.CSS, ".rl-card .rl-mark", ".rl-card .rl-mark", TEXT),
    ("highlight mark ★", cards.CSS, ".rl-card .rl-mark", ".rl-card.rl-highlight .rl-mark", TEXT),
    ("empty table text", cards.CSS, ".rl-table .rl-empty", ".rl-table", TEXT),
    ("walkthrough: seat tag", walkthrough_kachuful.CSS, ".kw-tag", ".kw-tag", TEXT),
    ("walkthrough: acting seat tag", walkthrough_kachuful.CSS, ".kw-tag.kw-tag-act",
     ".kw-tag.kw-tag-act", TEXT),
    ("walkthrough: acting seat", walkthrough_kachuful.CSS, ".kw-seat.kw-act", ".kw-seat.kw-act",
     TEXT),
    ("walkthrough: schedule, this hand", walkthrough_kachuful.CSS, ".kw-sched .kw-here",
     ".kw-sched .kw-here", TEXT),
    ("walkthrough: who played, on the cloth", walkthrough_kachuful.CSS + cards.CSS, ".kw-play",
     ".rl-table",
     TEXT),
    ("score sheet: hand made", scorekeeper.CSS, "table.sk-sheet td.sk-hit .sk-pts",
     "table.sk-sheet td.sk-hit .sk-pts", TEXT),
    ("score sheet: hand missed", scorekeeper.CSS, "table.sk-sheet td.sk-miss .sk-pts",
     "table.sk-sheet td.sk-miss .sk-pts", TEXT),
    ("score sheet: red trump", scorekeeper.CSS, "table.sk-sheet td.sk-red",
     "table.sk-sheet td.sk-red", TEXT),
    ("handout text", handout.CSS, "body", "body", TEXT),
    ("handout links", handout.CSS, "a", "body", TEXT),
    ("handout lead", handout.CSS, ".cl-lead", "body", TEXT),
    ("handout subtitle", handout.CSS, ".cl-sub", "body", TEXT),
    ("handout footer", handout.CSS, ".cl-foot", "body", TEXT),
    ("handout legend", handout.CSS, ".cl-legend", "body", TEXT),
]


def _colour(css: str, selector: str, prop: str) -> str:
    if prop == "background":
        try:
            return css_value(css, selector, "background")
        except KeyError:
            return css_value(css, selector, "background-color")
    return css_value(css, selector, prop)


@pytest.mark.parametrize(("what", "css", "fg", "bg", "minimum"), FIXED_PAIRS,
                         ids=[p[0] for p in FIXED_PAIRS])
def test_our_colour_pairs_pass_aa(what: str, css: str, fg: str, bg: str, minimum: float) -> None:
    text, background = _colour(css, fg, "color"), _colour(css, bg, "background")
    assert ratio(text, background) >= minimum, (what, text, background, ratio(text, background))


def test_suits_keep_aa_on_a_highlighted_card() -> None:
    face = _colour(cards.CSS, ".rl-card.rl-highlight", "background")
    for selector in (".rl-card.rl-s-S", ".rl-card.rl-s-H", ".rl-card.rl-four.rl-s-D",
                     ".rl-card.rl-four.rl-s-C"):
        assert ratio(_colour(cards.CSS, selector, "color"), face) >= TEXT, selector


@pytest.mark.parametrize("name", THEMES)
def test_card_outlines_and_marks_stand_out_from_the_page(name: str) -> None:
    """The legal border and the highlight outline are seen against the page (UI: 3:1), and
    the cloth of the table against the page or the cards on it."""
    page = theme(name, "backgroundColor")
    face = _colour(cards.CSS, ".rl-card", "background")
    legal = css_value(cards.CSS, ".rl-card.rl-legal", "border").split()[-1]
    highlight = css_value(cards.CSS, ".rl-card.rl-highlight", "border").split()[-1]
    for border in (legal, highlight):
        assert max(ratio(border, page), ratio(border, face)) >= UI, border
        assert ratio(border, face) >= UI, border
    cloth = _colour(cards.CSS, ".rl-table", "background")
    assert ratio(cloth, face) >= UI


# -- our own CSS: text on the theme's background (must pass in both themes) ---------------------

INHERITED: list[tuple[str, str, list[str]]] = [
    # (css source, a rule, selectors whose text must keep the theme's colour)
    (cards.CSS, "rl", [".rl-empty", ".rl-caption", ".rl-links a"]),
    (walkthrough_kachuful.CSS, "kw", [".kw-stats", ".kw-note", ".kw-seat"]),
    (scorekeeper.CSS, "sk", ["table.sk-sheet th", ".sk-player .sk-name"]),
]


@pytest.mark.parametrize(("css", "prefix", "selectors"), INHERITED, ids=[i[1] for i in INHERITED])
def test_text_on_the_page_background_takes_the_theme_colour(
        css: str, prefix: str, selectors: list[str]) -> None:
    """A fixed text colour cannot pass on both a light and a dark page: such text must
    inherit the theme's colour (AA in both, see above)."""
    for selector in selectors:
        try:
            value = css_value(css, selector, "color")
        except KeyError:
            continue
        assert value in ("inherit", "currentColor"), (selector, value)


@pytest.mark.parametrize("name", THEMES)
def test_tinted_boxes_keep_theme_text_readable(name: str) -> None:
    text, page = theme(name, "textColor"), theme(name, "backgroundColor")
    lead = css_value(scorekeeper.CSS, ".sk-player.sk-lead", "background")
    r, g, b, a = (float(x) for x in re.findall(r"[\d.]+", lead))
    tint = over(f"#{int(r):02x}{int(g):02x}{int(b):02x}", a, page)
    assert ratio(text, tint) >= TEXT
    # Faded notes (opacity 0.8) still pass.
    assert ratio(over(text, 0.8, page), page) >= TEXT


# -- issue 14: captions, inline code, the card buttons, the picker, the trick's names -----------


@pytest.mark.parametrize("name", THEMES)
def test_captions_at_our_opacity_pass_aa_on_both_backgrounds(name: str) -> None:
    """Streamlit fades captions with opacity (0.6: 4.3:1 on the light page); ui/cards.py
    gives them the text colour at a share that passes on the page and on the sidebar's
    background, and no opacity, so links and inline code in them keep their colours."""
    found = re.search(r'\[data-testid="stCaptionContainer"\] \{ opacity: 1 !important;\s*'
                      r"color: color-mix\(in srgb, currentColor (\d+)%, transparent\)",
                      cards.CSS)
    assert found
    alpha = int(found.group(1)) / 100
    text = theme(name, "textColor")
    for key in ("backgroundColor", "secondaryBackgroundColor"):
        background = theme(name, key)
        assert ratio(over(text, alpha, background), background) >= TEXT, key
        assert ratio(theme(name, "linkColor"), background) >= TEXT, key
        assert ratio(theme(name, "codeTextColor"), theme(name, "codeBackgroundColor")) >= TEXT


@pytest.mark.parametrize("name", THEMES)
def test_inline_code_passes_aa(name: str) -> None:
    code, code_bg = theme(name, "codeTextColor"), theme(name, "codeBackgroundColor")
    assert ratio(code, code_bg) >= TEXT
    assert ratio(code, theme(name, "backgroundColor")) >= TEXT


@pytest.mark.parametrize("four", [False, True])
def test_card_buttons_and_the_picker_keep_their_suits_readable(four: bool) -> None:
    """The hand's buttons and the picker's cards are white (greyed when refused, cream when
    picked) in both themes, so their fixed suit colours are checked on those faces."""
    from engine.cards import parse_cards
    from ui.explore.deck_picker import picker_css

    hand = parse_cards(["AS", "KH", "QD", "JC"])
    for state, face in (("legal", "#ffffff"), ("dimmed", "#e5e7eb")):
        css = cards.card_button_css([(f"k.{c.code}", c, state) for c in hand], four)  # type: ignore[arg-type]
        for colour in re.findall(r"button \{ color: (#[0-9a-f]{6}); \}", css):
            assert ratio(colour, face) >= TEXT, (state, colour)
    css = picker_css("p", four)
    for colour in re.findall(r"button \{ color: (#[0-9a-f]{6}) !important; \}", css):
        for face in ("#ffffff", "#fff7d1"):
            assert ratio(colour, face) >= TEXT, colour
    assert ratio("#ffffff", "#1d4ed8") >= TEXT  # the ✓ badge of a playable card


def test_names_on_the_cloth_pass_aa() -> None:
    cloth = _colour(cards.CSS, ".rl-table", "background")
    for selector in (".rl-spot figcaption", ".rl-table-note"):
        colour = re.search(r"color: (#[0-9a-f]{6})", cards.CSS[cards.CSS.index(selector):])
        assert colour and ratio(colour.group(1), cloth) >= TEXT, selector


def test_the_site_css_holds_no_angle_bracket() -> None:
    """st.html cleans its HTML: a "<" inside the style block (even in a comment) made the
    cleaner drop the whole site CSS."""
    assert "<" not in cards.CSS
