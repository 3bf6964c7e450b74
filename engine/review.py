"""The reviews after a hand or a deal of a play session: what the player's bid or plays did
(the facts: bid and tricks, sweeps, card points). Each decision's mark and the better
choice come from the analyst (:func:`engine.coach.review_notes`), which the session adds.

Each review is a list of :class:`ReviewNote` (a UI string key ``play.review.*`` and its data,
cards already written as text, seats as numbers); :class:`engine.session.PlaySession`
gives them per finished hand or deal (:meth:`~engine.session.PlaySession.reviews`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.kachuful import HandResult, KachufulRules
from engine.krypkasino.events import Swept
from engine.krypkasino.state import DealResult
from engine.moves import Move

__all__ = ["ReviewNote", "kachuful_review", "krypkasino_review"]


@dataclass(frozen=True)
class ReviewNote:
    """One line of a review: a UI string key (``play.review.*``) and its data (cards
    already written as text, seats as numbers)."""

    key: str
    data: tuple[tuple[str, Any], ...] = ()

    @property
    def fields(self) -> dict[str, Any]:
        return dict(self.data)


def _note(key: str, **data: Any) -> ReviewNote:
    return ReviewNote(key, tuple(data.items()))



def kachuful_review(result: HandResult, seat: int, rules: KachufulRules) -> list[ReviewNote]:
    """After a hand: the bid against the tricks (and a renege, when the variant punished
    one). How good each bid and card was is the analyst's, added by the play session
    (:meth:`engine.session.PlaySession.decision_review`): no hindsight criterion here."""
    bid = result.bids[seat]
    taken = result.tricks[seat]
    assert bid is not None and result.scores is not None
    notes = [_note("play.review.k.summary", bid=bid, tricks=taken, points=result.scores[seat])]
    if result.reneged[seat]:
        notes.append(_note("play.review.k.reneged"))
    if bid == taken:
        notes.append(_note("play.review.k.made"))
    return notes


def krypkasino_review(moves: Sequence[Move], seat: int, result: DealResult | None) -> list[ReviewNote]:
    """After a deal (or so far): the seat's sweeps, the sweeps against it and which of its
    plays (a trail or a capture) left the table that was swept (C-9), then its figures."""
    notes: list[ReviewNote] = []
    for i, move in enumerate(moves):
        for event in move.events:
            if not isinstance(event, Swept):
                continue
            double = "double" if event.double else "single"
            if event.seat == seat:
                notes.append(_note(f"play.review.c.swept.{double}", card=str(event.card),
                                   points=event.points, victim=event.victim))
            elif event.victim == seat:
                before = moves[i - 1] if i > 0 else None
                if before is None or before.seat != seat or event.opening:
                    notes.append(_note("play.review.c.dealer-paid", card=str(event.card),
                                       sweeper=event.seat, points=event.points))
                else:
                    kind = "capture" if before.action.take else "trail"
                    notes.append(_note(f"play.review.c.left.{kind}",
                                       card=str(before.action.card),
                                       table=", ".join(str(c) for c in before.table_after),
                                       sweeper=event.seat, sweeper_card=str(event.card),
                                       points=event.points))
    if not notes:
        notes.append(_note("play.review.c.no-sweeps"))
    if result is not None:
        notes.append(_note("play.review.c.summary", cards=result.card_points[seat],
                           sweeps=result.sweep_points[seat], score=result.scores[seat]))
    return notes
