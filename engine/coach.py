"""The coach of the play pages and the review after each hand: both read the analyst.

The coach (:func:`advise`) asks :func:`engine.analysis.analyse` about the player's
position and says its advice in one sentence a beginner understands ("Play K♥: you make
your bid about 7 times in 10; with A♥, 4 in 10"), with the detail (every decision's
figures) for a folded panel and, for a Kachuful bid, the distribution of the tricks the
hand takes. The review (:func:`review_notes`) marks every decision the player took with
the analysis of its position — the very analysis the coach showed when it was asked (the
play session keeps one per position, :meth:`engine.session.PlaySession.analysis_at`), so
the coach and the review can never disagree.

Sentences are :class:`engine.review.ReviewNote` values (message keys of the engine catalogue,
``coach.*`` and ``review.*``, and their data); the page says them in its language.

>>> from engine.analysis.types import Analysis, Decision
>>> from engine.cards import parse_card
>>> k, a = parse_card("KH"), parse_card("AH")
>>> found = Analysis("kachuful", 0, False, "make", 160, (
...     Decision(k, 0.71, 7.6, (0.6, 0.8), "best"),
...     Decision(a, 0.42, 4.1, (0.3, 0.5), "blunder", loss=0.29)))
>>> note = headline(found)
>>> note.key, note.fields["tenths"], note.fields["other_tenths"]
('coach.k.card', 7, 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.analysis import Analysis, Decision, TrickDistribution, analyse
from engine.cards import Card
from engine.plugin import GamePlay
from engine.registry import GAMES
from engine.review import ReviewNote

__all__ = ["Advice", "Detail", "Drill", "DrillOption", "advise", "detail", "drill",
           "headline", "play_text", "review_notes", "same_action", "tenths", "trick_notes"]

#: The marks that count as right (the walkthrough's your-move steps count the same).
RIGHT = ("best", "good")


def tenths(chance: float) -> int:
    """A chance as "about N times in 10" (0 to 10)."""
    return max(0, min(10, round(chance * 10)))


def _note(key: str, **data: Any) -> ReviewNote:
    return ReviewNote(key, tuple(data.items()))


def _play(analysis: Analysis) -> GamePlay:
    """The play adapter of the analysed game: it words the game's decisions."""
    return GAMES[analysis.game].plugins.play


def play_text(action: Any) -> str:
    """A decision in the play page's own notation: ``7♠ → 3♦ 4♣`` (a capture), ``7♠``
    (a trail or a card)."""
    return str(action)  # each game's actions say themselves


def same_action(analysis: Analysis, a: Any, b: Any) -> bool:
    """Whether two actions of the analysed game are the same decision (a Krypkasino
    trail's take may be written ``None`` or ``()``; a capture's cards in any order)."""
    return _play(analysis).same_action(a, b)


def decision_of(analysis: Analysis, action: Any) -> Decision | None:
    """The analyst's decision of ``action`` (``None`` when it analysed no such decision,
    e.g. a blind bid)."""
    for d in analysis.decisions:
        if same_action(analysis, d.action, action):
            return d
    return None


def _runner_up(analysis: Analysis) -> Decision | None:
    """The next decision with a different value (equivalent cards share one value)."""
    best = analysis.best
    for d in analysis.decisions[1:]:
        if (d.make, d.points) != (best.make, best.points):
            return d
    return analysis.decisions[1] if len(analysis.decisions) > 1 else None


def headline(analysis: Analysis) -> ReviewNote:
    """The coach's one sentence: the best decision and its chance, and the next one's."""
    best = analysis.best
    other = _runner_up(analysis)
    words = _play(analysis).action_words
    kind, name, value = words(best.action)
    data: dict[str, Any] = {"tenths": tenths(best.make), name: value}
    key = f"coach.{kind}"
    if other is not None:
        data |= {"other": words(other.action)[2], "other_tenths": tenths(other.make)}
    return _note(key if other is not None else key + ".only", **data)


def trick_notes(spread: TrickDistribution | None) -> tuple[ReviewNote, ...]:
    """A Kachuful bid's distribution of the tricks the hand takes, in plain words."""
    if spread is None:
        return ()
    counts = [(t, tenths(p)) for t, p in enumerate(spread.chances) if tenths(p) > 0]
    return (_note("coach.k.tricks", worlds=spread.worlds),
            *(_note("coach.k.tricks-last" if i == len(counts) - 1 else "coach.k.tricks-part",
                    tricks=t, tenths=n) for i, (t, n) in enumerate(counts)))


@dataclass(frozen=True)
class Detail:
    """One decision's figures for the folded detail: the action as text, the chance of
    the objective (0..1) with its interval, the points, the mark."""

    action: str
    make: float
    interval: tuple[float, float] | None
    points: float
    mark: str


def detail(analysis: Analysis) -> tuple[Detail, ...]:
    """Every decision's figures, best first."""
    words = _play(analysis).action_words
    return tuple(Detail(str(words(d.action)[2]), d.make, d.interval, d.points, d.mark)
                 for d in analysis.decisions)


@dataclass(frozen=True)
class Advice:
    """What the coach says about one position: the ``analysis``, its one ``sentence``,
    the distribution of the tricks after the best bid (Kachuful bidding: ``tricks``) and
    what the figures rest on (``basis``)."""

    analysis: Analysis
    sentence: ReviewNote
    tricks: tuple[ReviewNote, ...]
    basis: ReviewNote

    @property
    def action(self) -> Any:
        """The action the coach advises (the analyst's best)."""
        return self.analysis.best.action

    @property
    def detail(self) -> tuple[Detail, ...]:
        return detail(self.analysis)


def basis(analysis: Analysis) -> ReviewNote:
    if analysis.exact:
        return _note(f"coach.{analysis.game[0]}.basis.exact")
    return _note(f"coach.{analysis.game[0]}.basis", worlds=analysis.worlds)


def advice_of(analysis: Analysis) -> Advice:
    """The coach's words for an analysis already made."""
    return Advice(analysis, headline(analysis), trick_notes(analysis.best.tricks),
                  basis(analysis))


def advise(state: Any, seat: int, seed: int) -> Advice:
    """The coach's advice for ``seat`` (the seat to act) in ``state``."""
    return advice_of(analyse(state, seat, seed=seed))


def review_notes(decisions: Sequence[tuple[Any, Analysis, int]]) -> list[ReviewNote]:
    """The review of a hand's (deal's) decisions of the player: ``(action taken, the
    analysis of its position, trick number or 0)`` each; every decision marked right (the
    best, or close to it) or named worse with its chance and the better choice's."""
    notes: list[ReviewNote] = []
    for action, analysis, trick in decisions:
        taken = decision_of(analysis, action)
        if taken is None:
            continue
        best = analysis.best
        right = taken.mark in RIGHT
        words = _play(analysis).action_words
        kind, name, value = words(taken.action)
        data: dict[str, Any] = {"tenths": tenths(taken.make), name: value}
        if name == "card":
            data["trick"] = trick
        better = str(words(best.action)[2])
        if right:
            notes.append(_note(f"review.{kind}.right", **data))
        else:
            notes.append(_note(f"review.{kind}.{taken.mark}", **data, better=better,
                               better_tenths=tenths(best.make)))
    return notes


# -- learn from your mistakes: a marked position, played again ---------------------------


@dataclass(frozen=True)
class DrillOption:
    """One decision of a position played again: its ``id``, how to show it (``bid`` with
    ``n``, or ``card``/``play`` with ``text``), whether the analyst counts it right, and
    the verdict with both chances (a review line of that decision)."""

    id: str
    kind: str
    text: str
    n: int
    right: bool
    verdict: ReviewNote


@dataclass(frozen=True)
class Drill:
    """A decision the review marked worse, to try again: move number ``index``, the
    hand and the table as they were (the trick so far, or the Krypkasino table), the
    trump (Kachuful; ``None`` otherwise) and the options, judged by the same analysis."""

    index: int
    hand: tuple[Card, ...]
    table: tuple[Card, ...]
    trump: str | None
    options: tuple[DrillOption, ...]


def drill(index: int, state: Any, seat: int, analysis: Analysis, trick: int) -> Drill:
    """The position before move ``index`` (``state``, ``seat`` to act) as a drill."""
    play = _play(analysis)
    options = []
    for k, d in enumerate(analysis.decisions):
        line = review_notes([(d.action, analysis, trick)])[0]
        kind, _, value = play.action_words(d.action)
        n = value if isinstance(value, int) else 0
        options.append(DrillOption(f"o{k}", kind.rsplit(".", 1)[-1], str(value), n,
                                   d.mark in RIGHT, line))
    hand = tuple(state.hand_of(seat))
    table, trump = play.drill_table(state)
    return Drill(index, hand, table, trump, tuple(options))
