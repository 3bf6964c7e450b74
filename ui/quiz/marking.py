"""Pure helpers of the quiz page (:mod:`pages.quiz`): the running score, the rules the
learner keeps missing, and how the position and the choices are marked after an answer.

The questions and their answers come from :mod:`engine.quiz`; nothing here judges a rule.

>>> from engine.quiz import generate, check
>>> q = generate("k-trick", 4)
>>> board = record(new_board(), check(q, []))
>>> board["asked"], board["right"], missed_rules(board)
(1, 0, [('K-12', 1)])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from engine.quiz import CardGroup, Question, QuizChoice, Verdict
from ui.cards import CardState, Layout

Board = dict[str, Any]
ChoiceMark = Literal["right", "missed", "wrong", "plain"]


def new_board() -> Board:
    """An empty score: questions answered, answered right, misses per rule ID."""
    return {"asked": 0, "right": 0, "misses": {}}


def record(board: Board, verdict: Verdict) -> Board:
    """The board after one more answer (a new dict; the old one is left as it was)."""
    misses = dict(board.get("misses", {}))
    if not verdict.right:
        misses[verdict.rule] = misses.get(verdict.rule, 0) + 1
    return {"asked": int(board.get("asked", 0)) + 1,
            "right": int(board.get("right", 0)) + int(verdict.right), "misses": misses}


def missed_rules(board: Board, limit: int = 5) -> list[tuple[str, int]]:
    """The rules missed most often, most first (then in rule order), at most ``limit``."""
    def order(item: tuple[str, int]) -> tuple[int, str, int]:
        prefix, number = item[0].split("-")
        return -item[1], prefix, int(number)

    return sorted(board.get("misses", {}).items(), key=order)[:limit]


def visible_groups(question: Question, answered: bool) -> list[CardGroup]:
    """The card groups to draw: before the answer only those shown always."""
    return [g for g in question.groups if answered or g.show == "always"]


def feedback_groups(question: Question) -> list[CardGroup]:
    """The groups drawn again after the answer: those that mark something (a group with
    nothing to mark would only repeat the position)."""
    return [g for g in question.groups if g.answer or g.show == "answer"]


def group_states(group: CardGroup, answered: bool) -> list[CardState]:
    """Card states for ``group``: the card the question is about highlighted, and once
    answered the answer's positions marked (✓ playable or ★ highlighted)."""
    mark: CardState = "legal" if group.mark == "legal" else "highlight"
    states: list[CardState] = []
    for i in range(len(group.cards)):
        if answered and i in group.answer:
            states.append(mark)
        elif i in group.focus:
            states.append("highlight")
        else:
            states.append("normal")
    return states


def spread(layout: Layout) -> Layout:
    """The layout to redraw a group with in the feedback: a held hand is spread out so
    the mark on every card shows (overlapping cards would hide them)."""
    return "row" if layout == "hand" else layout


@dataclass(frozen=True)
class MarkedChoice:
    """A choice as the feedback shows it: right and picked, right but missed, picked
    but wrong, or neither."""

    choice: QuizChoice
    mark: ChoiceMark


def mark_choices(question: Question, verdict: Verdict) -> list[MarkedChoice]:
    out = []
    for c in question.choices:
        if c.id in question.correct:
            mark: ChoiceMark = "right" if c.id in verdict.chosen else "missed"
        else:
            mark = "wrong" if c.id in verdict.chosen else "plain"
        out.append(MarkedChoice(c, mark))
    return out


#: The sign shown before a choice in the feedback (never colour alone).
SIGNS: dict[ChoiceMark, str] = {"right": "✓", "missed": "✓", "wrong": "✗", "plain": "·"}


def chosen_ids(question: Question, values: dict[str, Any]) -> list[str]:
    """The choice ids a learner picked, from the widget values of the answer form:
    ``values`` maps widget keys (:func:`widget_key`) to checkbox booleans or the radio's id."""
    if question.multiple:
        return [c.id for c in question.choices if values.get(widget_key(question, c.id))]
    picked = values.get(widget_key(question))
    return [picked] if isinstance(picked, str) else []


def widget_key(question: Question, choice_id: str | None = None) -> str:
    """The unique session-state key of an answer widget of ``question``."""
    base = f"quiz.pick.{question.id}"
    return base if choice_id is None else f"{base}.{choice_id}"


def game_of(rule: str) -> str:
    """The game a rule ID belongs to: ``K-`` Kachuful, ``C-`` Krypkasino.

    >>> game_of("K-9"), game_of("C-8")
    ('kachuful', 'krypkasino')
    """
    return "kachuful" if rule.startswith("K-") else "krypkasino"


def parse_topics(raw: str | None, rules: Sequence[str]) -> tuple[list[str], list[str]]:
    """Topics from a link (``"K-9,K-11"``): the known rule IDs of ``rules`` in rule order,
    and the values that are not (to show in a warning).

    >>> parse_topics("K-11, K-9,X-1", ["K-9", "K-11"])
    (['K-9', 'K-11'], ['X-1'])
    """
    asked = [part.strip() for part in (raw or "").split(",") if part.strip()]
    return [r for r in rules if r in asked], [a for a in asked if a not in rules]


def rule_label(rule: str, titles: Sequence[tuple[str, str]]) -> str:
    """``"K-9 · Hook rule"`` from the rules page's (anchor, title) pairs, else the ID."""
    for anchor, title in titles:
        if anchor == rule:
            return title
    return rule
