"""Kachuful's review after a hand of a play session (the ``review`` plug-in of its
registry entry, :mod:`engine.kachuful.plugin`): the player's bid against the tricks."""

from __future__ import annotations

from engine.kachuful.rules import KachufulRules
from engine.kachuful.state import HandResult
from engine.review import ReviewNote, note

__all__ = ["kachuful_review"]


def kachuful_review(result: HandResult, seat: int, rules: KachufulRules) -> list[ReviewNote]:
    """After a hand: the bid against the tricks (and a renege, when the variant punished
    one). How good each bid and card was is the analyst's, added by the play session
    (:meth:`engine.session.PlaySession.decision_review`): no hindsight criterion here."""
    bid = result.bids[seat]
    taken = result.tricks[seat]
    assert bid is not None and result.scores is not None
    notes = [note("play.review.k.summary", bid=bid, tricks=taken, points=result.scores[seat])]
    if result.reneged[seat]:
        notes.append(note("play.review.k.reneged"))
    if bid == taken:
        notes.append(note("play.review.k.made"))
    return notes
