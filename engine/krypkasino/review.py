"""Krypkasino's review after a deal of a play session (the ``review`` plug-in of its
registry entry, :mod:`engine.krypkasino.plugin`): the sweeps and the card points."""

from __future__ import annotations

from collections.abc import Sequence

from engine.krypkasino.events import Swept
from engine.krypkasino.state import DealResult
from engine.moves import Move
from engine.review import ReviewNote, note

__all__ = ["krypkasino_review"]


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
                notes.append(note(f"play.review.c.swept.{double}", card=str(event.card),
                                   points=event.points, victim=event.victim))
            elif event.victim == seat:
                before = moves[i - 1] if i > 0 else None
                if before is None or before.seat != seat or event.opening:
                    notes.append(note("play.review.c.dealer-paid", card=str(event.card),
                                       sweeper=event.seat, points=event.points))
                else:
                    kind = "capture" if before.action.take else "trail"
                    notes.append(note(f"play.review.c.left.{kind}",
                                       card=str(before.action.card),
                                       table=", ".join(str(c) for c in before.table_after),
                                       sweeper=event.seat, sweeper_card=str(event.card),
                                       points=event.points))
    if not notes:
        notes.append(note("play.review.c.no-sweeps"))
    if result is not None:
        notes.append(note("play.review.c.summary", cards=result.card_points[seat],
                           sweeps=result.sweep_points[seat], score=result.scores[seat]))
    return notes
