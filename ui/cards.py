"""Cards drawn as HTML that looks like playing cards, readable by screen readers.

Every card is a ``role="img"`` element whose ``aria-label`` is its name in the page's
language ("ace of spades", "as de picas"), followed by its state ("…, playable"). Colour is
never the only signal: a playable card is raised and carries a ✓, a highlighted card
(a captured collection, a trick winner) a thick outline and a ★, a dimmed card is faded.
The four-colour deck paints diamonds blue and clubs green.

All functions are pure and return HTML strings (the CSS comes once per run from
:func:`card_css`, injected by the sidebar); :func:`show_cards` puts them on the page with
``st.html``. Text from a person (a caption holding a player's name) is escaped.

>>> from engine.cards import parse_card
>>> html = card_html(parse_card("AS"), lang="es", state="legal")
>>> 'aria-label="as de picas, se puede jugar"' in html and 'role="img"' in html
True
>>> 'aria-label="face-down card"' in card_html(None)
True
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from itertools import permutations
from typing import Literal

from engine.cards import Card, Rank, Suit
from engine.messages import card_name
from ui.i18n import t
from ui.safe import escape_html

CardState = Literal["normal", "legal", "highlight", "dimmed"]
Layout = Literal["row", "hand", "table"]
STATES: tuple[CardState, ...] = ("normal", "legal", "highlight", "dimmed")
LAYOUTS: tuple[Layout, ...] = ("row", "hand", "table")

#: Text presentation selector: keeps ♥ ♦ from turning into coloured emoji.
_TEXT = "\ufe0e"
_MARKS: dict[CardState, str] = {"normal": "", "legal": "✓", "highlight": "★", "dimmed": ""}


def rank_label(card: Card) -> str:
    """The rank as printed on a card: ``A K Q J 10 9 … 2``."""
    return "10" if card.rank is Rank.TEN else card.code[0]


def card_text(card: Card) -> str:
    """Short text for a button or a sentence: ``"10♦"``."""
    return str(card)


def card_label(card: Card | None, lang: str = "en", state: CardState = "normal") -> str:
    """What a screen reader says for the card: its name, then its state if any."""
    name = t("card.face-down", lang) if card is None else card_name(card, lang)
    if state == "normal":
        return name
    return f"{name}, {t(f'card.state.{state}', lang)}"


def card_html(
    card: Card | None,
    *,
    lang: str = "en",
    state: CardState = "normal",
    four_colour: bool = False,
    large: bool = False,
) -> str:
    """One card (``None`` draws a face-down card) as an HTML ``span``."""
    if state not in STATES:
        raise ValueError(f"unknown card state {state!r}; use one of {STATES}")
    classes = ["rl-card", f"rl-{state}"]
    if large:
        classes.append("rl-large")
    label = escape_html(card_label(card, lang, state))
    if card is None:
        classes.append("rl-back")
        return f'<span class="{" ".join(classes)}" role="img" aria-label="{label}"></span>'
    classes.append(f"rl-s-{card.suit.value}")
    if four_colour:
        classes.append("rl-four")
    symbol = card.suit.symbol + _TEXT
    rank = rank_label(card)
    mark = _MARKS[state]
    return (
        f'<span class="{" ".join(classes)}" role="img" aria-label="{label}">'
        f'<span class="rl-idx" aria-hidden="true"><span>{rank}</span><span>{symbol}</span></span>'
        f'<span class="rl-pip" aria-hidden="true">{symbol}</span>'
        f'<span class="rl-idx rl-idx-low" aria-hidden="true"><span>{rank}</span>'
        f"<span>{symbol}</span></span>"
        + (f'<span class="rl-mark" aria-hidden="true">{mark}</span>' if mark else "")
        + "</span>"
    )


def mark(
    cards: Sequence[Card | None],
    *,
    legal: Collection[Card] = (),
    highlight: Collection[Card] = (),
    dimmed: Collection[Card] = (),
) -> list[CardState]:
    """States for ``cards`` by card value (highlight wins over legal over dimmed). With two
    identical cards (Krypkasino), give states by position instead."""
    states: list[CardState] = []
    for card in cards:
        if card is not None and card in highlight:
            states.append("highlight")
        elif card is not None and card in legal:
            states.append("legal")
        elif card is not None and card in dimmed:
            states.append("dimmed")
        else:
            states.append("normal")
    return states


def cards_html(
    cards: Sequence[Card | None],
    *,
    lang: str = "en",
    states: Sequence[CardState] | Mapping[int, CardState] | None = None,
    layout: Layout = "row",
    four_colour: bool = False,
    large: bool = False,
    label: str | None = None,
    caption: str | None = None,
) -> str:
    """A group of cards: ``row`` (side by side), ``hand`` (overlapping, as held) or ``table``
    (on green cloth). ``states`` by position; ``label`` is the group's accessible name
    (default "hand", "table"…); ``caption`` a visible heading, escaped (it may be a name)."""
    if layout not in LAYOUTS:
        raise ValueError(f"unknown layout {layout!r}; use one of {LAYOUTS}")
    if isinstance(states, Mapping):
        by_position = [states.get(i, "normal") for i in range(len(cards))]
    elif states is None:
        by_position = ["normal"] * len(cards)
    else:
        if len(states) != len(cards):
            raise ValueError(f"{len(states)} states for {len(cards)} cards")
        by_position = list(states)
    group_label = escape_html(label if label is not None else t(f"card.group.{layout}", lang))
    classes = f"rl-cards rl-{layout}" + (" rl-large-group" if large else "")
    inner = "".join(
        card_html(card, lang=lang, state=state, four_colour=four_colour, large=large)
        for card, state in zip(cards, by_position, strict=True)
    )
    if not cards:
        inner = f'<span class="rl-empty">{escape_html(t("card.group.empty", lang))}</span>'
    head = f'<div class="rl-caption">{escape_html(caption)}</div>' if caption else ""
    return (
        f'<div class="rl-cardblock">{head}'
        f'<div class="{classes}" role="group" aria-label="{group_label}">{inner}</div></div>'
    )


#: The cards' style sheet (inline on every page; tests/test_contrast.py checks its colours).
CSS = """
.rl-cardblock { margin: 0.25rem 0 0.75rem 0; }
.rl-caption { font-weight: 600; margin-bottom: 0.35rem; }
.rl-cards { display: flex; flex-wrap: wrap; align-items: flex-end; gap: 0.45rem;
  font-size: 18px; padding-top: 10px; }
.rl-cards.rl-large-group { font-size: 34px; gap: 0.35em; }
.rl-hand { gap: 0; padding-left: 0.2em; }
.rl-hand .rl-card { margin-left: -0.9em; }
.rl-hand .rl-card:first-child { margin-left: 0; }
.rl-table { background: #1f5f3f; border: 2px solid #14432c; border-radius: 14px;
  padding: 0.9em 0.8em 0.7em 0.8em; min-height: 5.6em; gap: 0.55em;
  box-shadow: inset 0 0 18px rgba(0,0,0,0.35); }
.rl-empty { font-style: italic; padding: 0.4em; }
.rl-table .rl-empty { color: #e8f5ec; }
.rl-card { position: relative; display: inline-block; box-sizing: border-box;
  width: 3.2em; height: 4.5em; border-radius: 0.32em; background: #ffffff;
  border: 1px solid #9ca3af; color: #111827;
  box-shadow: 0 1px 2px rgba(0,0,0,0.25), 0 2px 6px rgba(0,0,0,0.12);
  font-family: "Georgia", "DejaVu Serif", serif; line-height: 1; user-select: none;
  transition: transform 0.12s ease; }
.rl-card .rl-idx { position: absolute; top: 0.2em; left: 0.22em; display: flex;
  flex-direction: column; align-items: center; font-weight: 700; font-size: 0.8em; gap: 0.05em; }
.rl-card .rl-idx-low { top: auto; left: auto; bottom: 0.2em; right: 0.22em;
  transform: rotate(180deg); }
.rl-card .rl-pip { position: absolute; top: 50%; left: 50%; transform: translate(-50%, -50%);
  font-size: 1.55em; }
.rl-card.rl-s-H, .rl-card.rl-s-D { color: #c1121f; }
.rl-card.rl-s-S, .rl-card.rl-s-C { color: #111827; }
.rl-card.rl-four.rl-s-D { color: #1d4ed8; }
.rl-card.rl-four.rl-s-C { color: #15803d; }
.rl-card.rl-legal { transform: translateY(-0.4em); border: 2px solid #2563eb;
  box-shadow: 0 0 0 2px #93c5fd, 0 4px 10px rgba(0,0,0,0.25); }
.rl-card.rl-highlight { background: #fff7d1; border: 2px solid #b45309;
  box-shadow: 0 0 0 3px #f59e0b, 0 4px 10px rgba(0,0,0,0.25); }
.rl-card.rl-dimmed { opacity: 0.42; filter: grayscale(0.6); }
.rl-card .rl-mark { position: absolute; top: -0.55em; right: -0.45em; width: 1.1em;
  height: 1.1em; border-radius: 50%; font: 700 0.7em/1.1em sans-serif; text-align: center;
  color: #ffffff; background: #2563eb; box-shadow: 0 0 0 2px #ffffff; }
.rl-card.rl-highlight .rl-mark { background: #b45309; }
.rl-card.rl-back { background-color: #1e3a8a; border: 0.18em solid #ffffff;
  outline: 1px solid #9ca3af;
  background-image: repeating-linear-gradient(45deg, rgba(255,255,255,0.18) 0 0.18em,
  transparent 0.18em 0.42em), repeating-linear-gradient(-45deg, rgba(255,255,255,0.18) 0 0.18em,
  transparent 0.18em 0.42em); }
.rl-card.rl-large { font-size: 34px; }
.rl-trick { align-items: flex-start; }
.rl-spot { margin: 0; display: flex; flex-direction: column; align-items: center; gap: 0.3em; }
.rl-spot figcaption { font: 600 13px/1.2 sans-serif; color: #ffffff; text-align: center;
  max-width: 7em; }
.rl-table-note { flex-basis: 100%; font: 600 14px/1.3 sans-serif; color: #ffffff; }
/* Streamlit buttons drawn as cards (the play pages' hands); colours per card from
   card_button_css. The card stays white in both themes, so its colours are fixed. */
.st-key-kplay-hand, .st-key-cplay-hand { gap: 0.4rem !important; padding-top: 0.7rem;
  flex-wrap: wrap; }
.st-key-kplay-hand button, .st-key-cplay-hand button { width: 3.3rem; min-width: 3.3rem;
  height: 4.7rem; padding: 0.2rem; background: #ffffff !important; border: 1px solid #9ca3af;
  border-radius: 0.4rem; box-shadow: 0 1px 2px rgba(0,0,0,0.25), 0 2px 6px rgba(0,0,0,0.12);
  transition: transform 0.12s ease; font-family: "Georgia", "DejaVu Serif", serif; }
.st-key-kplay-hand button, .st-key-cplay-hand button { position: relative;
  align-items: flex-start; justify-content: flex-start; }
.st-key-kplay-hand button p, .st-key-cplay-hand button p { font-size: 1rem;
  font-weight: 700; color: inherit; line-height: 1.1; white-space: nowrap; }
.st-key-kplay-hand button::after, .st-key-cplay-hand button::after { position: absolute;
  left: 50%; top: 60%; transform: translate(-50%, -50%); font-size: 1.9rem; line-height: 1; }
.st-key-kplay-hand button::before, .st-key-cplay-hand button::before { position: absolute;
  top: -0.55rem; right: -0.5rem; width: 1.2rem; height: 1.2rem; border-radius: 50%;
  font: 700 0.75rem/1.2rem sans-serif; text-align: center; color: #ffffff;
  background: #1d4ed8; box-shadow: 0 0 0 2px #ffffff; display: none; }
.st-key-kplay-hand button:hover, .st-key-cplay-hand button:hover { filter: brightness(0.96); }
.st-key-kplay-hand button:focus-visible, .st-key-cplay-hand button:focus-visible {
  outline: 3px solid #1d4ed8; outline-offset: 2px; }
.rl-log { display: flex; flex-direction: column-reverse; max-height: 360px; overflow-y: auto;
  border: 1px solid rgba(127,127,127,0.45); border-radius: 0.5rem; padding: 0.4rem 0.7rem; }
.rl-log:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
.rl-log .rl-log-group { font-weight: 700; margin: 0.6rem 0 0.2rem 0; }
.rl-log ol { list-style: none; margin: 0; padding: 0; }
.rl-log li { margin: 0.15rem 0 0.35rem 0; }
.rl-log .rl-why { font-style: italic; display: block; }
/* Captions: Streamlit fades them with opacity 0.6 (4.3:1 on the light background, under
   AA, and links and code inside faded too). Instead their text takes the theme's text
   colour at 78 %: quieter than text, AA in both themes; links and inline code keep their
   own colours (tests/test_contrast.py). */
[data-testid="stCaptionContainer"] { opacity: 1 !important;
  color: color-mix(in srgb, currentColor 78%, transparent); }
/* Wide tables scroll inside their own box on a phone, never the page. */
[data-testid="stMarkdownContainer"] table { display: block; max-width: 100%; overflow-x: auto; }
@media (max-width: 640px) {
  [data-testid="stMainBlockContainer"] { padding-top: 3.2rem; padding-left: 0.8rem;
    padding-right: 0.8rem; }
  /* Smaller cards on a phone: the play pages' hand and buttons stay on the first screen. */
  .rl-cards { font-size: 15px; }
  .rl-table { min-height: 4.9em; padding: 0.7em 0.6em 0.5em 0.6em; }
  .st-key-kplay-hand button, .st-key-cplay-hand button { width: 2.9rem; min-width: 2.9rem;
    height: 4.1rem; }
}
/* Code blocks (a link to share, a record) wrap instead of scrolling sideways: Streamlit's
   scrolling pre element cannot be reached by keyboard. */
[data-testid="stCode"] pre, [data-testid="stCode"] code { white-space: pre-wrap !important;
  overflow-wrap: anywhere; }
/* A table in its own scroll box (the play pages' seats): reachable and named. */
.rl-scroll { max-width: 100%; overflow-x: auto; margin: 0.3rem 0 0.8rem 0; }
.rl-scroll:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
.rl-scroll table { border-collapse: collapse; font-size: 0.95rem; }
.rl-scroll th, .rl-scroll td { border: 1px solid rgba(127,127,127,0.45); padding: 0.3rem 0.55rem;
  text-align: left; }
.rl-scroll th { font-weight: 600; }
.rl-links p { font-weight: 600; margin: 0.2rem 0 0.3rem 0; }
.rl-links ul { margin: 0; padding-left: 1.1rem; }
.rl-links li { margin: 0.15rem 0; }
.rl-links a { color: inherit; text-decoration: underline; text-underline-offset: 0.18em;
  text-decoration-color: rgba(127, 127, 127, 0.7); }
.rl-links a:hover { text-decoration-color: currentColor; }
/* Text Streamlit paints in the primary colour (a slider's value, the chosen tab) keeps the
   theme's text colour: a primary colour dark enough for white button text is too dark for
   small text on the dark background. */
[data-testid="stSliderThumbValue"], [data-testid="stSliderThumbValue"] *,
[data-testid="stTab"][aria-selected="true"], [data-testid="stTab"][aria-selected="true"] * {
  color: inherit; }
"""


#: The suits in a sorted hand, black and red alternating when the hand allows it.
SUIT_ORDER: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
_RED = {Suit.HEARTS, Suit.DIAMONDS}


def suit_order(suits: Collection[Suit]) -> tuple[Suit, ...]:
    """The order of the ``suits`` present in a hand: colours alternate whenever they can
    (♠ ♥ ♣ ♦; with three suits the lone colour goes in the middle).

    >>> [s.symbol for s in suit_order({Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES})]
    ['♥', '♠', '♦']
    """
    present = [s for s in SUIT_ORDER if s in suits]
    best: tuple[Suit, ...] = tuple(present)
    best_clash = len(present)
    for order in permutations(present):
        clash = sum((a in _RED) == (b in _RED) for a, b in zip(order, order[1:], strict=False))
        if clash < best_clash:
            best, best_clash = order, clash
    return best


def sorted_positions(cards: Sequence[Card]) -> list[int]:
    """The positions of ``cards`` in hand order: by suit (:func:`suit_order`), then rank
    from the ace down. Positions, so two identical cards (Krypkasino) stay apart.

    >>> from engine.cards import parse_cards
    >>> hand = parse_cards(["2H", "AS", "KH", "3D", "TS", "7C"])
    >>> [str(hand[i]) for i in sorted_positions(hand)]
    ['A♠', '10♠', 'K♥', '2♥', '7♣', '3♦']
    """
    order = {s: i for i, s in enumerate(suit_order({c.suit for c in cards}))}
    return sorted(range(len(cards)), key=lambda i: (order[cards[i].suit], -int(cards[i].rank)))


def sort_hand(cards: Sequence[Card]) -> list[Card]:
    """``cards`` in hand order (:func:`sorted_positions`)."""
    return [cards[i] for i in sorted_positions(cards)]


def key_class(key: str) -> str:
    """The CSS class Streamlit gives an element with widget/container ``key``
    (``st-key-`` and the key, characters other than letters, digits, ``_`` and ``-``
    replaced by ``-``).

    >>> key_class("kplay.card.TH")
    'st-key-kplay-card-TH'
    """
    return "st-key-" + re.sub(r"[^a-zA-Z0-9_-]", "-", key.strip())


def card_button_css(buttons: Sequence[tuple[str, Card, CardState]],
                    four_colour: bool = False) -> str:
    """The ``<style>`` that draws Streamlit buttons (by their widget keys) as cards: the
    suit's colour, and raised (``legal``) or greyed (``dimmed``). The card look itself is
    in the site CSS (``.rl-cardbuttons``)."""
    rules = []
    for key, card, state in buttons:
        colour = _FOUR.get(card.suit, "#111827") if four_colour else \
            ("#b01020" if card.suit in _RED else "#111827")
        if state == "dimmed":
            colour = {"#b01020": "#8f1d1d", "#1d4ed8": "#1e40af", "#15803d": "#166534"}.get(
                colour, "#374151")
        rules.append(f".{key_class(key)} button {{ color: {colour}; }}")
        # The big pip, left out of the button's accessible name (its label says the card).
        rules.append(f'.{key_class(key)} button::after {{ content: "{card.suit.symbol}{_TEXT}" / ""; }}')
        if state in ("legal", "dimmed", "highlight"):
            if state == "legal":  # a playable card's ✓: not its colour alone
                rules.append(f'.{key_class(key)} button::before {{ content: "✓" / "";'
                             " display: block; }")
            rules.append(f".{key_class(key)} button {{ {_BUTTON_STATE[state]} }}")
    return "<style>" + "\n".join(rules) + "</style>"


_FOUR = {Suit.HEARTS: "#b01020", Suit.DIAMONDS: "#1d4ed8", Suit.CLUBS: "#15803d"}
_BUTTON_STATE: dict[str, str] = {
    "legal": "transform: translateY(-0.55rem); border: 2px solid #1d4ed8 !important;"
             " box-shadow: 0 0 0 2px #93c5fd, 0 6px 12px rgba(0,0,0,0.3) !important;",
    "dimmed": "background: #e5e7eb !important; border: 1px dashed #6b7280 !important;"
              " box-shadow: none !important;",
    "highlight": "background: #fff7d1 !important; border: 2px solid #b45309 !important;",
}


def trick_html(entries: Sequence[tuple[str, Card | None, CardState]], *, lang: str = "en",
               four_colour: bool = False, label: str, caption: str | None = None,
               note: str | None = None) -> str:
    """Cards on the green cloth, each with a small name under it (the seat that played it):
    a trick, or a capture (the taken cards highlighted). ``label`` names the group for a
    screen reader; ``caption`` is a visible heading and ``note`` a line under the cards
    (both escaped)."""
    inner = "".join(
        '<figure class="rl-spot">'
        + card_html(card, lang=lang, state=state, four_colour=four_colour)
        + f'<figcaption>{escape_html(name)}</figcaption></figure>'
        for name, card, state in entries)
    if not entries:
        inner = f'<span class="rl-empty">{escape_html(t("card.group.empty", lang))}</span>'
    head = f'<div class="rl-caption">{escape_html(caption)}</div>' if caption else ""
    foot = f'<div class="rl-table-note">{escape_html(note)}</div>' if note else ""
    return (f'<div class="rl-cardblock">{head}<div class="rl-cards rl-table rl-trick" '
            f'role="group" aria-label="{escape_html(label)}">{inner}{foot}</div></div>')


def card_css() -> str:
    """The ``<style>`` block the card HTML needs (once per page run)."""
    return f"<style>{CSS}</style>"


def inject_css() -> None:
    """Put :func:`card_css` on the page (it takes no space)."""
    import streamlit as st

    st.html(card_css())


def show_cards(
    cards: Sequence[Card | None],
    *,
    lang: str | None = None,
    four_colour: bool | None = None,
    **options: object,
) -> None:
    """Draw :func:`cards_html` with ``st.html``; language and deck default to the visitor's
    preferences (:func:`ui.prefs.current`). Other options as for :func:`cards_html`."""
    import streamlit as st

    from ui.prefs import current

    prefs = current()
    html = cards_html(
        cards,
        lang=prefs.lang if lang is None else lang,
        four_colour=prefs.four_colour if four_colour is None else four_colour,
        **options,  # type: ignore[arg-type]
    )
    st.html(html)
