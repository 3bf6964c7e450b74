"""Your-move verdicts from the analyst (issue 27): one judge for every option of a step.

Both walkthroughs ask :func:`engine.analysis.analyse` for the position before the
scenario's move, from the seat's own information (what the learner sees on the stop),
and turn its decisions into the options' verdicts and sentences here:

* right (verdict ``best``): the analyst marks it ``best`` or ``good`` (within
  :data:`engine.analysis.INACCURACY` of the best move's chance), and it keeps the rule
  the step teaches;
* clearly worse (verdict ``legal``): any other legal move, named with its mark and with
  its figures and the best move's, in plain words;
* a legal move that breaks the rule the step teaches (a renege under a variant that
  accepts it) is never right, whatever its figures.

The game's own module says a decision's figures (:data:`ValueNote`); the notes here are
the shared verdict words. The scenario's own move is judged the same way: when it is not
the best, the step's remark says so.

>>> from engine.analysis.types import Decision
>>> d = Decision("x", 0.71, 7.2, (0.6, 0.8), "good", loss=0.05)
>>> verdict_of(d, breaks=False), verdict_of(d, breaks=True), tenths(0.71), tenths(0.04)
('best', 'legal', 7, 0)
>>> [n.key for n in verdict_notes(d, top=False, breaks=False)]
['ym.right.good']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.analysis import Analysis, Decision
from engine.walkthrough.model import Note, Verdict

__all__ = ["RIGHT", "ValueNote", "answer_action", "is_right", "option_notes", "remark",
           "tenths", "verdict_notes", "verdict_of"]

#: The marks a "your move" step counts as right (docs/analysis.md).
RIGHT = ("best", "good")

#: Says one decision's figures (the game's words): ``value(decision, exact)``.
ValueNote = Callable[[Decision, bool], Note]


def tenths(chance: float) -> int:
    """A chance as "about N times in 10" (0 to 10)."""
    return max(0, min(10, round(chance * 10)))


def is_right(decision: Decision, breaks: bool) -> bool:
    return decision.mark in RIGHT and not breaks


def verdict_of(decision: Decision, breaks: bool) -> Verdict:
    """``best`` (right) or ``legal`` (clearly worse, or breaking the rule taught)."""
    return "best" if is_right(decision, breaks) else "legal"


def verdict_notes(decision: Decision, top: bool, breaks: bool) -> list[Note]:
    """The verdict's words: right (the best, or close to it) or how much worse."""
    if breaks:
        return []
    if decision.mark == "best":
        return [Note("ym.right.best" if top else "ym.right.level")]
    if decision.mark == "good":
        return [Note("ym.right.good")]
    return [Note(f"ym.worse.{decision.mark}")]


def answer_action(analysis: Analysis, breaks: Callable[[Any], bool]) -> Any:
    """The move "show me" reveals: the first decision (best first) that is right."""
    for decision in analysis.decisions:
        if is_right(decision, breaks(decision.action)):
            return decision.action
    return analysis.best.action


def option_notes(analysis: Analysis, decision: Decision, value: ValueNote, breaks: bool,
                 breaks_note: Note | None, best_action: Any) -> tuple[Note, ...]:
    """An option's feedback: the verdict, its figures, and the best move's figures when it
    is not that move (both numbers in plain words)."""
    notes = verdict_notes(decision, decision.action == best_action, breaks)
    if breaks and breaks_note is not None:
        notes.append(breaks_note)
    notes.append(value(decision, analysis.exact))
    if decision.action != best_action:
        notes.append(value(analysis.of(best_action), analysis.exact))
    return tuple(notes)


def remark(analysis: Analysis, scenario_action: Any, value: ValueNote, breaks: bool,
           best_action: Any, basis: Note, seat: int) -> tuple[Note, ...]:
    """Said after the answer: the scenario's own move when it is not the best (with its
    figures and the best's), then what the judgement rests on."""
    notes: list[Note] = []
    if scenario_action != best_action:
        mine = analysis.of(scenario_action)
        key = "ym.scenario.level" if is_right(mine, breaks) else "ym.scenario.worse"
        notes += [Note(key, {"seat": seat}), value(mine, analysis.exact),
                  value(analysis.of(best_action), analysis.exact)]
    notes.append(basis)
    return tuple(notes)

