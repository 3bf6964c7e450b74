"""What happens in a game of Kachuful, as frozen values a page can narrate.

Every event has a stable ``kind`` and a catalogue ``key`` (``event.kachuful.<kind>`` or a
more specific ``event.kachuful.<kind>.<variant>``, e.g. ``event.kachuful.card.trumped``);
:func:`narrate` renders it in ``en``, ``es`` or ``pt``. Seats are numbers; hands are
counted from 1 (``hand``) and tricks from 1 within their hand (``trick``).

>>> from engine.cards import parse_card
>>> narrate(CardPlayed(seat=1, card=parse_card("2C"), trick=1, how="trumped",
...                    led=Suit.HEARTS, trump=Suit.CLUBS, reneged=False))
'Player B has no hearts and trumps with 2♣.'
"""

from __future__ import annotations

from typing import Any

from engine.cards import Card, Rank, Suit
from engine.game import Event
from engine.kachuful.values import record
from engine.messages import render


class KachufulEvent(Event):
    """Base of the Kachuful events: ``key`` names the catalogue sentence."""

    @property
    def key(self) -> str:
        variant = self.variant
        base = f"event.kachuful.{self.kind}"
        return f"{base}.{variant}" if variant else base

    @property
    def variant(self) -> str:
        """The refinement of the sentence (``""`` for the plain one)."""
        return ""


def narrate(event: KachufulEvent, lang: str = "en") -> str:
    """The sentence for ``event`` in ``lang`` (``en``, ``es``, ``pt``)."""
    return render(event.key, lang, **event.message_data())


@record
class DrawCard(KachufulEvent):
    """K-3: ``seat`` draws ``card`` in draw round ``round`` (1 = the first draw)."""

    round: int
    seat: int
    card: Card

    @property
    def kind(self) -> str:
        return "draw"


@record
class DrawTie(KachufulEvent):
    """K-3: ``seats`` tie for the highest rank ``rank`` in draw round ``round``."""

    round: int
    seats: tuple[int, ...]
    rank: Rank

    @property
    def kind(self) -> str:
        return "draw-tie"

    def message_data(self) -> dict[str, Any]:
        return {"round": self.round, "seats": self.seats, "rank": self.rank.code}


@record
class Redraw(KachufulEvent):
    """K-3: only the tied ``seats`` draw again, in round ``round``."""

    round: int
    seats: tuple[int, ...]

    @property
    def kind(self) -> str:
        return "redraw"


@record
class DealerChosen(KachufulEvent):
    """K-3: ``seat`` drew the single highest ``card`` and deals first."""

    seat: int
    card: Card

    @property
    def kind(self) -> str:
        return "dealer-chosen"


@record
class Dealt(KachufulEvent):
    """K-5: hand ``hand`` of ``size`` cards each, dealt by ``dealer`` from ``leader``."""

    hand: int
    dealer: int
    size: int
    leader: int
    players: int
    undealt: int

    @property
    def kind(self) -> str:
        return "dealt"

    @property
    def variant(self) -> str:
        return "all" if self.undealt == 0 else ""  # every card dealt: none set aside


@record
class TrumpAnnounced(KachufulEvent):
    """K-7 (or the ``trumps`` variant): the trump of hand ``hand``; ``None`` = no trump.

    ``turned`` is the turned card under ``trumps: turned`` (``None`` when no card was
    left to turn); ``source`` is the rule: ``cycle``, ``cycle-nt``, ``turned`` or
    ``given`` (a record or scenario that states the trump).
    """

    hand: int
    trump: Suit | None
    turned: Card | None
    source: str

    @property
    def kind(self) -> str:
        return "trump"

    @property
    def variant(self) -> str:
        if self.source == "turned":
            return "turned" if self.turned is not None else "turned-none"
        return "suit" if self.trump is not None else "none"


@record
class BidMade(KachufulEvent):
    """K-8/K-9: ``seat`` bids ``bid`` (``blind``: before looking at the cards).

    For the dealer under the hook rule, ``others`` is the sum of the other bids and
    ``forbidden`` the number the dealer could not bid (``None``: no number was
    forbidden). ``total`` is the sum of the bids so far, this one included.
    """

    seat: int
    bid: int
    blind: bool
    dealer: bool
    size: int
    others: int | None
    forbidden: int | None
    total: int

    @property
    def kind(self) -> str:
        return "bid"

    @property
    def variant(self) -> str:
        if self.dealer and self.others is not None:
            return "hook" if self.forbidden is not None else "hook-free"
        return "blind" if self.blind else ""


@record
class CardPlayed(KachufulEvent):
    """K-10/K-11: ``seat`` plays ``card`` to trick ``trick``.

    ``how`` is ``led``, ``followed``, ``discarded`` (off-suit, not a trump) or
    ``trumped``; ``reneged`` marks an off-suit card while holding the led suit (only
    possible under ``renege: penalized``).
    """

    seat: int
    card: Card
    trick: int
    how: str
    led: Suit | None
    trump: Suit | None
    reneged: bool

    @property
    def kind(self) -> str:
        return "card"

    @property
    def variant(self) -> str:
        return "reneged" if self.reneged else self.how


@record
class TrickWon(KachufulEvent):
    """K-12: ``seat`` wins trick ``trick`` with ``card``; ``reason`` is ``trump`` or
    ``led-suit``. ``cards`` are the trick's cards in play order, ``leader`` led it."""

    wins_trick = True

    seat: int
    card: Card
    trick: int
    reason: str
    cards: tuple[Card, ...]
    leader: int
    tricks_won: int

    @property
    def kind(self) -> str:
        return "trick"

    def plays(self) -> tuple[tuple[int, Card], ...]:
        """The trick as (seat, card) pairs in play order, from the leader on (one card per
        seat, so the trick's length is the number of players)."""
        n = len(self.cards)
        return tuple(((self.leader + i) % n, card) for i, card in enumerate(self.cards))

    @property
    def variant(self) -> str:
        return self.reason


@record
class HandScored(KachufulEvent):
    """K-13: ``seat`` bid ``bid``, took ``tricks`` and scores ``points`` (``total``
    after the hand). ``diff`` = tricks - bid (positive: over, negative: under)."""

    ends_round = True

    hand: int
    seat: int
    bid: int
    tricks: int
    exact: bool
    diff: int
    points: int
    blind: bool
    reneged: bool
    total: int

    @property
    def kind(self) -> str:
        return "scored"

    @property
    def variant(self) -> str:
        if self.reneged:
            return "reneged"
        if self.exact:
            return "exact"
        return "over" if self.diff > 0 else "under"

    def message_data(self) -> dict[str, Any]:
        data = {f: getattr(self, f) for f in self.__dataclass_fields__}
        data["by"] = abs(self.diff)
        return data


@record
class GameOver(KachufulEvent):
    """K-14: the game is over; ``winners`` have the highest total (``shared`` on a tie)."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]
    best: int
    shared: bool

    @property
    def kind(self) -> str:
        return "game-over"

    @property
    def variant(self) -> str:
        return "shared" if self.shared else ""


#: Every event class, for the catalogue test.
EVENT_TYPES: tuple[type[KachufulEvent], ...] = (
    DrawCard, DrawTie, Redraw, DealerChosen, Dealt, TrumpAnnounced, BidMade, CardPlayed,
    TrickWon, HandScored, GameOver,
)
