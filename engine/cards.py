"""Cards shared by both games: suits, ranks, card codes and decks.

Card codes are those of RULES.md: a rank ``A K Q J T 9 8 7 6 5 4 3 2`` followed by a suit
``S H D C``. ``10`` is accepted on input as ``T``; output always uses ``T``.

>>> parse_card("10h")
Card(rank=<Rank.TEN: 10>, suit=<Suit.HEARTS: 'H'>)
>>> str(parse_card("AS")), parse_card("AS").name
('A♠', 'ace of spades')
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from engine.errors import InvalidActionError


class Suit(enum.Enum):
    """The four suits, in the order of card codes (spades, hearts, diamonds, clubs)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def noun(self) -> str:
        """Plural English noun, as in "ace of spades"."""
        return self.name.lower()

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def index(self) -> int:
        return _SUIT_INDEX[self]


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}


class Rank(enum.IntEnum):
    """Ranks 2..14; an ace is 14 (its capture value in Krypkasino is decided there)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def code(self) -> str:
        return _RANK_CODES[self]

    @property
    def noun(self) -> str:
        return _RANK_NOUNS[self]

    @property
    def is_face(self) -> bool:
        return self in (Rank.JACK, Rank.QUEEN, Rank.KING)


_RANK_CODES = {
    Rank.ACE: "A", Rank.KING: "K", Rank.QUEEN: "Q", Rank.JACK: "J", Rank.TEN: "T",
    Rank.NINE: "9", Rank.EIGHT: "8", Rank.SEVEN: "7", Rank.SIX: "6", Rank.FIVE: "5",
    Rank.FOUR: "4", Rank.THREE: "3", Rank.TWO: "2",
}
_RANK_NOUNS = {
    Rank.ACE: "ace", Rank.KING: "king", Rank.QUEEN: "queen", Rank.JACK: "jack", Rank.TEN: "ten",
    Rank.NINE: "nine", Rank.EIGHT: "eight", Rank.SEVEN: "seven", Rank.SIX: "six",
    Rank.FIVE: "five", Rank.FOUR: "four", Rank.THREE: "three", Rank.TWO: "two",
}
#: Ranks from highest to lowest, the order of RULES.md.
RANKS: tuple[Rank, ...] = tuple(sorted(Rank, reverse=True))
_RANK_BY_CODE = {v: k for k, v in _RANK_CODES.items()}
_SUIT_BY_CODE = {s.value: s for s in Suit}


@dataclass(frozen=True, order=False, slots=True)
class Card:
    """One playing card. Two copies of the same card (Krypkasino's two decks) are equal."""

    rank: Rank
    suit: Suit

    @property
    def code(self) -> str:
        """The card code of RULES.md, e.g. ``"TD"``."""
        return _RANK_CODES[self.rank] + self.suit.value

    @property
    def name(self) -> str:
        """What a screen reader says: ``"ten of diamonds"``."""
        return f"{_RANK_NOUNS[self.rank]} of {self.suit.noun}"

    @property
    def index(self) -> int:
        """0..51, suit-major in the order S H D C, ranks 2..A within a suit."""
        return _SUIT_INDEX[self.suit] * 13 + (int(self.rank) - 2)

    def __str__(self) -> str:
        label = "10" if self.rank is Rank.TEN else _RANK_CODES[self.rank]
        return label + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card(rank={self.rank!r}, suit={self.suit!r})"


def parse_card(code: object) -> Card:
    """Parse a card code such as ``"AS"``, ``"TD"`` or ``"10h"`` (case-insensitive).

    Raises :class:`InvalidActionError` with a sentence naming the bad code.
    """
    if not isinstance(code, str):
        raise InvalidActionError("common.bad-card", code=code)
    text = code.strip().upper()
    if len(text) == 3 and text.startswith("10"):
        text = "T" + text[2]
    if len(text) != 2 or text[0] not in _RANK_BY_CODE or text[1] not in _SUIT_BY_CODE:
        raise InvalidActionError("common.bad-card", code=code)
    return Card(_RANK_BY_CODE[text[0]], _SUIT_BY_CODE[text[1]])


def parse_cards(codes: Iterable[object]) -> list[Card]:
    return [parse_card(c) for c in codes]


#: Every card once, in index order (suit-major S H D C, ranks 2..A).
DECK: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in sorted(Rank))
CARD_BY_CODE: dict[str, Card] = {c.code: c for c in DECK}


def standard_deck() -> list[Card]:
    """A fresh 52-card deck in index order."""
    return list(DECK)


def double_deck() -> list[Card]:
    """Two decks (Krypkasino): every card twice, 104 cards."""
    return list(DECK) + list(DECK)
