"""The analyst: the value of every legal decision of a seat, for both games.

One judge behind every verdict, hint, coach line and review (issue 27; docs/analysis.md).

* :func:`analyse` — ``analyse(state, seat=None, *, samples=DEFAULT_SAMPLES, seed=0,
  exact=None) -> Analysis``: every legal decision of the seat to act (``seat`` must be
  the seat to act; ``None`` reads it from the state), valued under the game's objective
  (:data:`~engine.analysis.types.OBJECTIVES`), best first, each with a mark.

  Kachuful (objective ``make``): the chance of ending the hand with exactly the bid and
  the expected points of the hand; for a bid, the distribution of the tricks the hand
  takes. From the seat's own information: ``samples`` deals of the unseen cards that fit
  what the seat has seen (the strong bot's inference: voids shown, the bids made), the
  rest of the hand played out by the bots' policy. ``exact=True``: every hand of the
  state is taken as known and the rest of the hand is solved (:mod:`engine.analysis.solver`):
  can the seat still force taking exactly its bid whatever the others play, the others
  acting as one side against it. ``exact=None`` solves exactly when the seat's own
  information already fixes every hand (no other seat holds an unseen card, or only one
  does), else samples.

  Krypkasino (objective ``session``): the chance of the lowest total at the end of the
  session and the expected points of the deal (lower is better), from ``samples``
  deals of the unseen cards (the strong bot's worlds), each play followed to the end of
  the lot (of the deal in the last lot) with the others answering by basic play and the
  seat choosing its later plays by the same search. ``exact=True``: the real hands and
  stock, every later play of the seat searched.

* :func:`mark_for` — the mark of a chance lost against the best decision.
* :func:`review` — every decision a seat took in a record, marked, with the better one.
* :func:`bid_advice` — the distribution of the tricks a Kachuful hand takes (the trick
  counts of the seat's sampled deals after its best bid).

Everything is seeded: the same position, seat, samples and seed give the same analysis.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from engine.analysis import kachuful as _kachuful
from engine.analysis.types import (
    BEST_MARGIN,
    BLUNDER,
    INACCURACY,
    MARKS,
    MISTAKE,
    OBJECTIVES,
    Analysis,
    Decision,
    Mark,
    ReviewedDecision,
    TrickDistribution,
    mark_for,
)
from engine.kachuful.state import KachufulState

if TYPE_CHECKING:
    from engine.plugin import Analyst

__all__ = [
    "BEST_MARGIN", "BLUNDER", "DEFAULT_SAMPLES", "INACCURACY", "MARKS", "MISTAKE",
    "OBJECTIVES", "Analysis", "Decision", "Mark", "ReviewedDecision", "TrickDistribution",
    "analyse", "analyst_of", "bid_advice", "mark_for", "review",
]

#: ``samples=DEFAULT_SAMPLES`` takes each game's default number of sampled worlds
#: (:data:`engine.analysis.kachuful.SAMPLES`, :data:`engine.analysis.krypkasino.SAMPLES`).
DEFAULT_SAMPLES: int | None = None


def analyse(state: Any, seat: int | None = None, *,
            samples: int | None = DEFAULT_SAMPLES, seed: int = 0,
            exact: bool | None = None) -> Analysis:
    """The value of every legal decision of ``seat`` (the seat to act) in ``state``.

    Raises ``ValueError`` when the game is over or ``seat`` is not the seat to act, and
    :class:`~engine.analysis.solver.TooLarge` (a ``ValueError``) when ``exact=True`` asks
    for a Kachuful solve beyond the solver's budget (hands of 10 cards and more can be).
    ``state`` is not changed. The game's analyser is its registry entry's
    ``plugins.analyst`` (:func:`analyst_of`).
    """
    analysis: Analysis = analyst_of(state)(state, seat, samples=samples, seed=seed,
                                           exact=exact)
    return analysis


def analyst_of(state: Any) -> Analyst:
    """The analyst of the game ``state`` belongs to (its registry entry's
    ``plugins.analyst``); ``ValueError`` when the game has none."""
    # Imported here: each game's plug-ins import this package's analysers.
    from engine.registry import game_of_state

    game = game_of_state(state)
    analyst = game.plugins.analyst
    if analyst is None:
        raise ValueError(f"{game.id} has no analyst")
    return analyst


def bid_advice(state: KachufulState, seat: int | None = None, *,
               samples: int | None = DEFAULT_SAMPLES, seed: int = 0) -> TrickDistribution:
    """The distribution of the tricks ``seat``'s Kachuful hand takes, from its own
    information, when it bids as :func:`analyse` advises (``state`` in the bidding, the
    seat to bid)."""
    return _kachuful.bid_advice(state, seat, samples=samples, seed=seed)


def review(record_or_states: Any | Iterable[tuple[Any, Any]],
           seat: int, *, samples: int | None = DEFAULT_SAMPLES, seed: int = 0,
           exact: bool | None = None) -> list[ReviewedDecision]:
    """Every decision ``seat`` took, marked against the analysis of its position.

    ``record_or_states``: a parsed record document (a dict with ``format``; read as
    ``python -m engine replay`` reads it, :class:`~engine.errors.RecordError` for an
    invalid one, stopping at the first illegal action) or the decisions themselves as
    ``(state before, action)`` pairs. Each position is analysed exactly as
    :func:`analyse` analyses it with the same ``samples``, ``seed`` and ``exact`` (so a
    coach that called :func:`analyse` on the position read the same numbers).
    """
    from engine.analysis.review import review as _review
    return _review(record_or_states, seat, samples=samples, seed=seed, exact=exact)
