"""Pick cards by clicking them: the deck drawn as four rows of small cards, one per suit.

:func:`deck_picker` draws each suit as a row of toggle buttons (Streamlit pills: reachable
with Tab, chosen with Enter or Space, by mouse or touch), styled as cards: a chosen card is
raised and marked ✓ (not by its colour alone). The page keeps its own text field for card
codes ("AS KD 10H"), so typing stays possible; the picker and the field show the same
cards. A change calls the page's ``on_pick`` with the new list of cards, in the order they
were chosen (a card picked is added at the end, one unpicked is removed).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.cards import Card, Rank, Suit, parse_card
from ui import touch
from ui.cards import SUIT_ORDER, key_class, rank_label
from ui.i18n import t

#: Ranks from the ace down, as a card player sorts a suit.
RANKS: tuple[Rank, ...] = tuple(sorted(Rank, key=int, reverse=True))
_TEXT = "\ufe0e"
_COLOURS = {Suit.SPADES: "#111827", Suit.HEARTS: "#b01020", Suit.DIAMONDS: "#b01020",
            Suit.CLUBS: "#111827"}
_FOUR = {Suit.DIAMONDS: "#1d4ed8", Suit.CLUBS: "#15803d"}


def suit_codes(suit: Suit) -> list[str]:
    """The codes of a suit's cards from the ace down: ``["AS", "KS", … "2S"]``."""
    return [Card(r, suit).code for r in RANKS]


def label_of(code: str) -> str:
    """A picker card's label: ``"10♥"`` (text presentation, never an emoji)."""
    card = parse_card(code)
    return f"{rank_label(card)}{card.suit.symbol}{_TEXT}"


def merged(before: Sequence[Card], picked: Sequence[str]) -> list[Card]:
    """The cards after a pick: those of ``before`` still picked, in their order, then the
    newly picked ones (in deck order). Two copies of a card stay two copies.

    >>> from engine.cards import parse_cards
    >>> [str(c) for c in merged(parse_cards(["KD", "AS"]), ["AS", "2C"])]
    ['A♠', '2♣']
    """
    wanted = set(picked)
    kept = [c for c in before if c.code in wanted]
    have = {c.code for c in kept}
    return kept + [parse_card(code) for code in picked if code not in have]


def picker_css(key: str, four_colour: bool) -> str:
    """The ``<style>`` that draws the picker's pills as small cards in the suits' colours."""
    rules = [
        f".{key_class(key)} [data-testid='stButtonGroup'] [role='toolbar'] {{ gap: 0.15rem;"
        " flex-wrap: wrap; padding-top: 0.3rem; }",
        f".{key_class(key)} [data-testid='stButtonGroup'] button {{ background: #ffffff;"
        " border: 1px solid #9ca3af; border-radius: 0.3rem; min-width: 1.85rem; min-height: 2.8rem;"
        " padding: 0.1rem 0.1rem; font-family: Georgia, 'DejaVu Serif', serif;"
        " box-shadow: 0 1px 2px rgba(0,0,0,0.2); }",
        f".{key_class(key)} [data-testid='stButtonGroup'] button p {{ font-weight: 700;"
        " font-size: 0.85rem; color: inherit; }",
        f".{key_class(key)} [data-testid='stButtonGroup'] button[aria-pressed='true'] {{"
        " background: #fff7d1 !important; border: 2px solid #b45309 !important;"
        " transform: translateY(-0.3rem); box-shadow: 0 3px 6px rgba(0,0,0,0.3); }",
        f".{key_class(key)} [data-testid='stButtonGroup'] button[aria-pressed='true'] p::after {{"
        ' content: "✓" / ""; color: #7c2d12; margin-left: 0.1rem; }',
        f".{key_class(key)} [data-testid='stButtonGroup'] button:focus-visible {{"
        " outline: 3px solid #1d4ed8; outline-offset: 2px; }",
    ]
    for suit in SUIT_ORDER:
        colour = (_FOUR.get(suit) if four_colour else None) or _COLOURS[suit]
        rules.append(f".{key_class(key + '.row.' + suit.value)} [data-testid='stButtonGroup'] button"
                     f" {{ color: {colour} !important; }}")
    return "<style>" + "\n".join(rules) + "</style>"


def _on_change(key: str, before: list[Card], on_pick: Callable[[list[Card]], None]) -> None:
    import streamlit as st

    picked: list[str] = []
    for suit in SUIT_ORDER:
        picked += list(st.session_state.get(f"{key}.{suit.value}") or [])
    on_pick(merged(before, picked))


def deck_picker(key: str, chosen: Sequence[Card], lang: str, *,
                on_pick: Callable[[list[Card]], None], label: str,
                four_colour: bool = False) -> None:
    """The deck as four rows of toggles (one per suit), ``chosen`` shown picked; a click
    calls ``on_pick(cards)``. ``label`` heads the picker (its accessible name too)."""
    import streamlit as st

    from engine.messages import suit_name

    st.html(picker_css(key, four_colour))
    codes = {c.code for c in chosen}
    with st.container(key=key):
        st.markdown(f"**{label}**")
        touch.caption(t("picker.help", lang), t("picker.help.touch", lang))
        for suit in SUIT_ORDER:
            options = suit_codes(suit)
            st.session_state[f"{key}.{suit.value}"] = [c for c in options if c in codes]
            with st.container(key=f"{key}.row.{suit.value}"):
                st.pills(suit_name(suit, lang).capitalize(), options, selection_mode="multi",
                         format_func=label_of, key=f"{key}.{suit.value}", on_change=_on_change,
                         args=(key, list(chosen), on_pick), label_visibility="collapsed")
