"""Krypkasino's rule options and the small pure rules: values, card points, deal sizes.

>>> from engine.cards import parse_card
>>> capture_value(parse_card("AD"), from_hand=True), capture_value(parse_card("AD"), from_hand=False)
(14, 1)
>>> card_points(parse_cards(["TD", "2S", "AS", "7S", "AH", "9H"]))
9
>>> deal_sizes(4)
DealSizes(players=4, hand=5, table=4, packets=(3, 2), stock=80, lots=6)
>>> KrypkasinoRules.from_dict({"sweep_points": 3}).to_dict()["sweep_points"]
3
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from engine.cards import Card, Rank, Suit, parse_cards
from engine.errors import InvalidActionError

__all__ = [
    "MIN_PLAYERS", "MAX_PLAYERS", "MAX_SESSION", "LOT_CARDS", "LOT_PACKETS", "KrypkasinoRules", "DealSizes",
    "capture_value", "table_value", "hand_value", "card_points", "card_point", "deal_sizes",
    "check_players", "parse_cards",
]

MIN_PLAYERS, MAX_PLAYERS = 2, 6
#: The most deals a fixed-length session may have (four rotations of the largest table):
#: a session's length sizes every simulation of it, so it has a range (docs/DECISIONS.md).
MAX_SESSION = 4 * MAX_PLAYERS
#: Cards each player gets in every later lot (C-11), dealt as two packets of 2.
LOT_CARDS = 4
LOT_PACKETS = (2, 2)
#: C-2: players -> (cards in each hand, cards face up on the table).
_INITIAL = {2: (6, 4), 3: (5, 5), 4: (5, 4), 5: (4, 4), 6: (5, 2)}
_PACKETS = {6: (3, 3), 5: (3, 2), 4: (2, 2)}
CAPTURE_READINGS = ("maximum", "maximal")


class DealSizes(NamedTuple):
    """The shape of one deal for a player count (C-2, C-11)."""

    players: int
    hand: int
    table: int
    packets: tuple[int, ...]
    stock: int
    #: Rounds of play in the deal: the first hands plus every later lot (worked example 4).
    lots: int


def check_players(players: object) -> int:
    """The player count, or :class:`InvalidActionError` when it is not 2..6 (C-1)."""
    if isinstance(players, bool) or not isinstance(players, int) or not (
        MIN_PLAYERS <= players <= MAX_PLAYERS
    ):
        raise InvalidActionError("krypkasino.bad-players", players=players)
    return players


def deal_sizes(players: int) -> DealSizes:
    """Hand size, table size, packets, stock and number of lots for ``players`` (C-2)."""
    check_players(players)
    hand, table = _INITIAL[players]
    stock = 104 - players * hand - table
    return DealSizes(players, hand, table, _PACKETS[hand], stock, 1 + stock // (LOT_CARDS * players))


def table_value(card: Card) -> int:
    """A card's value on the table (C-4): ace 1, J 11, Q 12, K 13, numbers their face."""
    return 1 if card.rank is Rank.ACE else int(card.rank)


def hand_value(card: Card) -> int:
    """A card's value when played from the hand (C-4): ace 14, J 11, Q 12, K 13."""
    return int(card.rank)


def capture_value(card: Card, from_hand: bool) -> int:
    """The capture value of C-4: an ace is 14 from the hand and 1 on the table."""
    return hand_value(card) if from_hand else table_value(card)


def card_point(card: Card) -> int:
    """C-13: 10♦ 3, 2♠ 2, A♠ 2, any other spade or ace 1, everything else 0."""
    if card.rank is Rank.TEN and card.suit is Suit.DIAMONDS:
        return 3
    if card.suit is Suit.SPADES:
        return 2 if card.rank in (Rank.TWO, Rank.ACE) else 1
    return 1 if card.rank is Rank.ACE else 0


def card_points(cards: Iterable[Card]) -> int:
    """The card points (C-13) of a pile of captured cards; both decks add up to 42."""
    return sum(card_point(c) for c in cards)


@dataclass(frozen=True)
class KrypkasinoRules:
    """One Krypkasino variant (RULES.md's variant table); the defaults are the house rules."""

    capture: str = "maximum"
    sweep_points: int = 5
    double_sweep: bool = True
    forced_sweep: bool = True
    session: str | int = "rotation"

    def __post_init__(self) -> None:
        if self.capture not in CAPTURE_READINGS:
            raise InvalidActionError(
                "common.bad-option", option="capture", value=self.capture,
                choices="maximum, maximal",
            )
        if (isinstance(self.sweep_points, bool) or not isinstance(self.sweep_points, int)
                or self.sweep_points < 0):
            raise InvalidActionError(
                "krypkasino.bad-whole-number", option="sweep_points", value=self.sweep_points, lo=0,
            )
        for name in ("double_sweep", "forced_sweep"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise InvalidActionError(
                    "common.bad-option", option=name, value=value, choices="true, false",
                )
        if self.session != "rotation" and (
            isinstance(self.session, bool) or not isinstance(self.session, int)
            or not 1 <= self.session <= MAX_SESSION
        ):
            raise InvalidActionError(
                "krypkasino.bad-session", option="session", value=self.session, hi=MAX_SESSION,
            )

    @classmethod
    def from_dict(cls, options: Mapping[str, Any]) -> KrypkasinoRules:
        """Rules from a record's ``variant`` object; unknown names and bad values refused."""
        known = cls.__dataclass_fields__
        for name in options:
            if name not in known:
                raise InvalidActionError(
                    "krypkasino.unknown-option", option=name, choices=", ".join(known),
                )
        return cls(**dict(options))

    def to_dict(self) -> dict[str, Any]:
        """Every option by name, as a record's ``variant`` holds them."""
        return {
            "capture": self.capture, "sweep_points": self.sweep_points,
            "double_sweep": self.double_sweep, "forced_sweep": self.forced_sweep,
            "session": self.session,
        }

    @property
    def maximal(self) -> bool:
        """True for the looser ``maximal`` reading of C-6."""
        return self.capture == "maximal"

    def double_points(self) -> int:
        """Points of a double sweep (C-10): twice a sweep, or a plain sweep when turned off."""
        return 2 * self.sweep_points if self.double_sweep else self.sweep_points

    def session_length(self, players: int) -> int:
        """Deals in a session (C-15): one per player for ``rotation``, else the fixed number."""
        check_players(players)
        return players if self.session == "rotation" else int(self.session)
