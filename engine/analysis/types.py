"""The analyst's result types and marks (see :mod:`engine.analysis` and docs/analysis.md).

>>> mark_for(0.0), mark_for(0.05), mark_for(0.12), mark_for(0.25), mark_for(0.6)
('best', 'good', 'inaccuracy', 'mistake', 'blunder')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Mark = Literal["best", "good", "inaccuracy", "mistake", "blunder"]
#: The marks, best first.
MARKS: tuple[Mark, ...] = ("best", "good", "inaccuracy", "mistake", "blunder")

#: A decision whose chance (of making the bid, of winning the session) is this much or
#: less below the best decision's is still marked ``best`` (sampling noise, ties).
BEST_MARGIN = 0.02
#: Lichess's thresholds, in the objective's chance lost against the best decision:
#: below 0.10 ``good``, below 0.20 ``inaccuracy``, below 0.30 ``mistake``, else
#: ``blunder``.
INACCURACY, MISTAKE, BLUNDER = 0.10, 0.20, 0.30

#: The objectives an analysis states.
Objective = Literal["make", "session"]
OBJECTIVES: dict[str, str] = {
    "make": "the chance of ending the hand with exactly the bid (Kachuful)",
    "session": "the chance of the lowest total at the end of the session (Krypkasino)",
}


def mark_for(loss: float) -> Mark:
    """The mark of a decision that lowers the objective's chance by ``loss`` (0..1)
    against the best decision: ``best`` up to :data:`BEST_MARGIN`, then ``good``,
    ``inaccuracy``, ``mistake`` and ``blunder`` at :data:`INACCURACY`, :data:`MISTAKE`
    and :data:`BLUNDER`."""
    if loss <= BEST_MARGIN + 1e-12:
        return "best"
    if loss < INACCURACY:
        return "good"
    if loss < MISTAKE:
        return "inaccuracy"
    if loss < BLUNDER:
        return "mistake"
    return "blunder"


@dataclass(frozen=True)
class TrickDistribution:
    """How many tricks a Kachuful hand takes: ``chances[t]`` is the chance of taking
    exactly ``t`` tricks in the whole hand (they add up to 1), over ``worlds`` sampled
    deals (or 1 for an exact count, where one entry is 1)."""

    chances: tuple[float, ...]
    worlds: int

    @property
    def mean(self) -> float:
        return sum(t * p for t, p in enumerate(self.chances))

    @property
    def most_likely(self) -> int:
        """The number of tricks with the highest chance (the lower one on a tie)."""
        return max(range(len(self.chances)), key=lambda t: (self.chances[t], -t))

    def chance(self, tricks: int) -> float:
        return self.chances[tricks] if 0 <= tricks < len(self.chances) else 0.0


@dataclass(frozen=True)
class Decision:
    """One legal decision and its value to the seat.

    ``action`` is the engine action (a Kachuful :class:`~engine.kachuful.state.Bid` or
    :class:`~engine.cards.Card`, a Krypkasino :class:`~engine.krypkasino.state.Play`).
    ``make``: Kachuful, the chance of ending the hand with exactly the bid (with
    ``exact``: ``1.0`` when the seat can force it whatever the others play, else ``0.0``;
    :attr:`forced` gives it as a bool); Krypkasino, the chance of the lowest session
    total. ``points``: Kachuful, the expected points of the hand (exact: the points the
    seat can guarantee); Krypkasino, the expected points of the deal (card points and
    sweeps: lower is better). ``interval``: the 95% interval of ``make`` over the
    worlds, ``None`` when exact. ``tricks``: Kachuful (sampled), the distribution of the
    tricks the hand takes after this decision (a bid's is the bid advice). ``mark``: see
    :func:`mark_for`.
    """

    action: Any
    make: float
    points: float
    interval: tuple[float, float] | None
    mark: Mark
    tricks: TrickDistribution | None = None
    #: The chance lost against the best decision (0 for the best).
    loss: float = 0.0

    @property
    def forced(self) -> bool:
        """Exact analysis: the seat can force its objective after this decision."""
        return self.make >= 0.5


@dataclass(frozen=True)
class Analysis:
    """The value of every legal decision of ``seat`` in one position.

    ``decisions`` are best first (by ``make``, then ``points``: higher for Kachuful,
    lower for Krypkasino). ``exact`` is True when every hand was known and the values
    are solved, not sampled; ``worlds`` is the number of sampled deals (1 when exact).
    """

    game: str
    seat: int
    exact: bool
    objective: Objective
    worlds: int
    decisions: tuple[Decision, ...]

    @property
    def best(self) -> Decision:
        return self.decisions[0]

    def of(self, action: Any) -> Decision:
        """The decision of ``action`` (``KeyError`` when it is not a legal one)."""
        for d in self.decisions:
            if d.action == action:
                return d
        raise KeyError(action)


@dataclass(frozen=True)
class ReviewedDecision:
    """One decision a seat took in a record, marked against the analysis of its
    position: ``index`` is the action's place in the record's action stream (0-based),
    ``number`` the hand (Kachuful) or deal (Krypkasino), counted from 1."""

    index: int
    number: int
    seat: int
    action: Any
    taken: Decision
    better: Decision
    analysis: Analysis = field(repr=False)

    @property
    def mark(self) -> Mark:
        return self.taken.mark
