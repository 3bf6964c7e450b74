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

from collections.abc import Collection, Mapping, Sequence
from typing import Literal

from engine.cards import Card, Rank
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


_CSS = """
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


def card_css() -> str:
    """The ``<style>`` block the card HTML needs (once per page run)."""
    return f"<style>{_CSS}</style>"


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
