"""Events of a Krypkasino game: one frozen value per step a walkthrough narrates.

Each event's sentence is the catalogue key ``event.krypkasino.<kind>`` filled with
:meth:`~engine.game.Event.message_data` plus the helper fields of :meth:`message_data`.
Events see everything (they include every hand at the deal); pages decide what to show.

>>> from engine.messages import render
>>> from engine.cards import parse_card
>>> e = Trailed(seat=1, card=parse_card("4C"), play=3)
>>> render(e.key, "en", **e.message_data())
'Player B trails 4♣: it captures nothing and stays on the table.'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.cards import Card
from engine.game import Event

__all__ = [
    "KrypkasinoEvent", "DealStarted", "FaceCardsSetAside", "Trailed", "Captured", "Swept", "NewLot",
    "LastLot", "LeftoversAwarded", "DealScored", "SessionOver",
]


@dataclass(frozen=True)
class KrypkasinoEvent(Event):
    """Base of the Krypkasino events: ``key`` is the catalogue key of the sentence."""

    @property
    def kind(self) -> str:  # pragma: no cover - every event overrides it
        raise NotImplementedError

    @property
    def key(self) -> str:
        """``event.krypkasino.<kind>``, with a suffix where the wording depends on the data
        (a single card, an empty pile of spade faces)."""
        return f"event.krypkasino.{self.kind}{self._key_suffix()}"

    def _key_suffix(self) -> str:
        return ""

    def message_data(self) -> dict[str, Any]:
        data = super().message_data()
        data.update(self._extra())
        return data

    def _extra(self) -> dict[str, Any]:
        return {}

    def sentence(self, lang: str = "en") -> str:
        """The event in words, from the message catalogue."""
        from engine.messages import render

        return render(self.key, lang, **self.message_data())


@dataclass(frozen=True)
class DealStarted(KrypkasinoEvent):
    """A deal begins (C-2): every hand, the initial table (before C-3) and the stock size."""

    deal: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]
    stock: int
    packets: tuple[int, ...]

    @property
    def kind(self) -> str:
        return "dealt"

    def _extra(self) -> dict[str, Any]:
        return {"hand_size": len(self.hands[0]) if self.hands else 0,
                "table_size": len(self.table), "packets_text": " + ".join(map(str, self.packets)),
                "deal_number": self.deal + 1}


@dataclass(frozen=True)
class FaceCardsSetAside(KrypkasinoEvent):
    """J, Q, K taken off the table (C-3 at the deal, C-11 before a new lot).

    ``spade_faces`` go to the pile of the last capturer; ``discarded`` leave play.
    """

    cards: tuple[Card, ...]
    spade_faces: tuple[Card, ...]
    discarded: tuple[Card, ...]
    lot: int

    @property
    def kind(self) -> str:
        return "face-cards-set-aside"

    def _key_suffix(self) -> str:
        if not self.spade_faces:
            return ".discarded"
        return ".spades" if not self.discarded else ""


@dataclass(frozen=True)
class Trailed(KrypkasinoEvent):
    """A card that captures nothing stays face up on the table (C-7)."""

    seat: int
    card: Card
    play: int

    @property
    def kind(self) -> str:
        return "trailed"


@dataclass(frozen=True)
class Captured(KrypkasinoEvent):
    """A card takes its groups (C-5, C-6); ``cards`` is the flat collection."""

    captures = True

    seat: int
    card: Card
    value: int
    groups: tuple[tuple[Card, ...], ...]
    cards: tuple[Card, ...]
    play: int

    @property
    def kind(self) -> str:
        return "captured"

    def _key_suffix(self) -> str:
        return ".one" if len(self.cards) == 1 else ""

    def _extra(self) -> dict[str, Any]:
        return {"count": len(self.cards),
                "groups_text": " · ".join("+".join(str(c) for c in g) for g in self.groups)}


@dataclass(frozen=True)
class Swept(KrypkasinoEvent):
    """A sweep (C-9) or double sweep (C-10): +points to ``seat``, -points to ``victim``.

    ``opening`` is set on the first play of a deal or lot, where the "player before" is the
    dealer, who has not played yet (C-9): the sentence then says so.
    """

    seat: int
    victim: int
    points: int
    double: bool
    card: Card
    play: int
    opening: bool = field(default=False, compare=False)

    @property
    def kind(self) -> str:
        return "double-sweep" if self.double else "sweep"

    def _key_suffix(self) -> str:
        return ".opening" if self.opening else ""


@dataclass(frozen=True)
class NewLot(KrypkasinoEvent):
    """Hands are empty: a new lot of 4 cards each, dealt 2+2, no new table cards (C-11)."""

    lot: int
    first_player: int
    cards_each: int
    stock_left: int
    last: bool

    @property
    def kind(self) -> str:
        return "new-lot"


@dataclass(frozen=True)
class LastLot(KrypkasinoEvent):
    """The lot just dealt emptied the stock: it is announced as the last (C-11)."""

    lot: int

    @property
    def kind(self) -> str:
        return "last-lot"


@dataclass(frozen=True)
class LeftoversAwarded(KrypkasinoEvent):
    """End of the deal (C-12): the table and the spade face cards go to ``seat``.

    ``reason`` is ``"last-capturer"`` or ``"nobody-captured"`` (then ``seat`` is the dealer).
    """

    seat: int
    cards: tuple[Card, ...]
    spade_faces: tuple[Card, ...]
    reason: str

    @property
    def kind(self) -> str:
        return "leftovers" if self.reason == "last-capturer" else "leftovers-to-dealer"

    def _key_suffix(self) -> str:
        return "" if self.spade_faces else ".no-spades"


@dataclass(frozen=True)
class DealScored(KrypkasinoEvent):
    """The deal's scores (C-13, C-14) and the running totals."""

    ends_round = True

    deal: int
    dealer: int
    card_points: tuple[int, ...]
    sweep_points: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]

    @property
    def kind(self) -> str:
        return "deal-scored"

    def _extra(self) -> dict[str, Any]:
        return {"deal_number": self.deal + 1}


@dataclass(frozen=True)
class SessionOver(KrypkasinoEvent):
    """Every deal of the session is played (C-15): the lowest total wins, ties share."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def kind(self) -> str:
        return "session-over"

    def _extra(self) -> dict[str, Any]:
        return {"winner_count": len(self.winners)}
