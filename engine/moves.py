"""What a game's moves and score sheet are, below :mod:`engine.session` and
:mod:`engine.review` (both read them; neither imports the other).

* :class:`Move` — one action applied to a game: who, what, why, what happened.
* :class:`SheetRow` — one finished hand (deal) of a session's score sheet.
* :func:`taken_marks` — which table cards a Krypkasino capture took.
* :func:`running_totals` — the totals after each row of scores.
* :class:`FaceUp` — a position drawn face up (a replayed record).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, cast

from engine.bots.common import BotDecision
from engine.cards import Card
from engine.game import Event

if TYPE_CHECKING:  # the types of the events a move's marks find
    from engine.kachuful.events import TrickWon
    from engine.krypkasino.events import Captured

__all__ = ["FaceUp", "Move", "SheetRow", "running_totals", "taken_marks"]


@dataclass(frozen=True)
class Move:
    """One action applied to the game: who, what, why (a bot's decision), what happened.

    ``round`` is the Kachuful hand number (from 1) or the Krypkasino deal index (from 0)
    the move belongs to; ``table_before``/``table_after`` are Krypkasino's table around it
    (the engine's :attr:`~engine.krypkasino.KrypkasinoState.table_after_play`).
    """

    index: int
    seat: int
    action: Any
    events: tuple[Event, ...]
    decision: BotDecision[Any] | None = None
    human: bool = False
    round: int = 0
    table_before: tuple[Card, ...] = ()
    table_after: tuple[Card, ...] = ()

    @property
    def ends_round(self) -> bool:
        """Whether this move finished a hand (Kachuful) or a deal (Krypkasino): an event
        marked :attr:`~engine.game.Event.ends_round`."""
        return any(e.ends_round for e in self.events)

    @property
    def trick(self) -> TrickWon | None:
        """The engine's event of the Kachuful trick this move completed, if it did (the
        event marked :attr:`~engine.game.Event.wins_trick`)."""
        return cast("TrickWon | None", next((e for e in self.events if e.wins_trick), None))

    @property
    def capture(self) -> Captured | None:
        """The engine's event of the Krypkasino capture this move made, if it did (the
        event marked :attr:`~engine.game.Event.captures`)."""
        return cast("Captured | None", next((e for e in self.events if e.captures), None))

    def taken_marks(self) -> tuple[bool, ...]:
        """Per card of :attr:`table_before`: whether the capture took it."""
        event = self.capture
        return taken_marks(self.table_before, event.cards if event is not None else ())


def taken_marks(table: Sequence[Card], take: Sequence[Card]) -> tuple[bool, ...]:
    """Per card of ``table``: whether it is among ``take`` (one table copy per taken card:
    the double deck has two of each).

    >>> from engine.cards import parse_card
    >>> three, four = parse_card("3D"), parse_card("4C")
    >>> taken_marks([three, three, four], [three, four])
    (True, False, True)
    """
    wanted = list(take)
    marks = []
    for card in table:
        marks.append(card in wanted)
        if card in wanted:
            wanted.remove(card)
    return tuple(marks)


@dataclass(frozen=True)
class SheetRow:
    """One finished hand (deal) of the score sheet: ``first`` its columns before the
    seats (``(column key, value)``: hand, cards, trump; or deal, dealer), ``cells`` each
    seat's figures (the UI key ``play.sheet.<game>.cell`` fills them), ``totals`` the
    running totals after it."""

    first: tuple[tuple[str, Any], ...]
    cells: tuple[dict[str, Any], ...]
    totals: tuple[int, ...]


def running_totals(rows: Sequence[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """The running totals after each row of scores.

    >>> running_totals([(1, 2), (3, -1)])
    [(1, 2), (4, 1)]
    """
    totals: list[int] = []
    out = []
    for scores in rows:
        totals = [a + b for a, b in zip(totals or [0] * len(scores), scores, strict=True)]
        out.append(tuple(totals))
    return out


@dataclass(frozen=True)
class FaceUp:
    """A position drawn with every hand face up (a replayed record): the cards on the
    table, each seat's hand, and the engine's message keys and data of their captions
    (``face.trick``, ``face.table``, ``face.seat``, ``face.kachuful.seat``);
    ``hand_layout`` is how a hand is laid out (``hand`` fanned, ``row`` in a row)."""

    table: tuple[Card, ...]
    table_caption: tuple[str, dict[str, Any]]
    hands: tuple[tuple[Card, ...], ...]
    hand_captions: tuple[tuple[str, dict[str, Any]], ...]
    hand_layout: Literal["hand", "row"]
