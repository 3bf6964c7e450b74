"""What a review after a hand or a deal of a play session is made of: :class:`ReviewNote`
lines (a UI string key ``play.review.*`` and its data, cards already written as text,
seats as numbers), written with :func:`note`.

Each game writes its own review in its package (``engine/kachuful/review.py``: the bid
against the tricks; ``engine/krypkasino/review.py``: the sweeps and the card points) and
plugs it into its registry entry (:attr:`engine.plugin.GamePlugins.review`);
:class:`engine.session.PlaySession` gives them per finished hand or deal
(:meth:`~engine.session.PlaySession.reviews`), through the registry. Each decision's mark
and the better choice come from the analyst (:func:`engine.coach.review_notes`), which the
session adds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["ReviewNote", "note"]


@dataclass(frozen=True)
class ReviewNote:
    """One line of a review: a UI string key (``play.review.*``) and its data (cards
    already written as text, seats as numbers)."""

    key: str
    data: tuple[tuple[str, Any], ...] = ()

    @property
    def fields(self) -> dict[str, Any]:
        return dict(self.data)


def note(key: str, **data: Any) -> ReviewNote:
    """A review line: ``note("play.review.k.made")``, ``note(key, bid=2, tricks=1)``."""
    return ReviewNote(key, tuple(data.items()))
