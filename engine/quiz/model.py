"""The shape of a practice question, and the checker.

A :class:`Question` is plain data: what to ask (:class:`Text` sentences from the message
catalogue, rendered in any language), the position to show (:class:`CardGroup` values),
the choices, and the correct answer — computed by the engine when the question is made.
:func:`check` compares a learner's choices with it.

>>> q = Question(kind="demo", seed=3, game="kachuful", rule="K-9",
...              prompt=Text("quiz.k-trick.prompt"), choices=(QuizChoice("0", Text("quiz.choice.number", (("n", 0),))),
...              QuizChoice("1", Text("quiz.choice.number", (("n", 1),)))), multiple=True,
...              correct=frozenset({"0"}), explanation=Text("quiz.k-trick.prompt"))
>>> q.id, check(q, ["0"]).right, sorted(check(q, ["1"]).wrong)
('demo-3', True, ['1'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.cards import Card
from engine.messages import render

Layout = Literal["row", "hand", "table"]
Mark = Literal["legal", "highlight"]
Show = Literal["always", "answer"]


@dataclass(frozen=True)
class Text:
    """A sentence of the message catalogue: its key and the data that fills it."""

    key: str
    data: tuple[tuple[str, Any], ...] = ()

    def render(self, lang: str = "en") -> str:
        return render(self.key, lang, **dict(self.data))


def text(key: str, **data: Any) -> Text:
    """A :class:`Text` from keyword data (``text("quiz.choice.seat", seat=2)``)."""
    return Text(key, tuple(data.items()))


@dataclass(frozen=True)
class CardGroup:
    """Cards to draw: a hand, the table, a trick. ``answer`` lists the positions marked
    once the question is answered (with ``mark``: ``legal`` ✓ or ``highlight`` ★);
    ``focus`` the positions highlighted from the start (the card the question is about);
    ``show`` is ``answer`` for groups drawn only in the feedback."""

    caption: Text
    cards: tuple[Card, ...]
    layout: Layout = "row"
    answer: tuple[int, ...] = ()
    mark: Mark = "highlight"
    show: Show = "always"
    focus: tuple[int, ...] = ()


@dataclass(frozen=True)
class QuizChoice:
    """One answer the learner may pick; ``id`` is stable (it is what :func:`check` takes)."""

    id: str
    label: Text


@dataclass(frozen=True)
class Question:
    """One practice question, reproducible from ``kind`` and ``seed`` (:attr:`id`).

    ``rule`` is the rule the feedback names; ``correct`` the ids of the right choices
    (a ``multiple`` question wants all of them and nothing else); ``data`` holds the
    position's raw facts (hands, bids, table, variant) for tests and tools.
    """

    kind: str
    seed: int
    game: str
    rule: str
    prompt: Text
    choices: tuple[QuizChoice, ...]
    multiple: bool
    correct: frozenset[str]
    explanation: Text
    facts: tuple[Text, ...] = ()
    groups: tuple[CardGroup, ...] = ()
    data: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def id(self) -> str:
        """``kind-seed``: put it in a link and :func:`engine.quiz.make` gives it back."""
        return f"{self.kind}-{self.seed}"

    def choice(self, choice_id: str) -> QuizChoice:
        for c in self.choices:
            if c.id == choice_id:
                return c
        raise KeyError(choice_id)


@dataclass(frozen=True)
class Verdict:
    """The result of :func:`check`: ``right`` when exactly the correct choices were picked.

    ``missed`` are correct choices not picked, ``wrong`` picked choices that are not
    correct; ``rule`` is the question's rule (for the "rules you keep missing" count).
    """

    right: bool
    chosen: frozenset[str]
    missed: frozenset[str]
    wrong: frozenset[str]
    rule: str


def check(question: Question, chosen: Iterable[str]) -> Verdict:
    """Mark an answer: the chosen ids against the engine's correct ones.

    Ids that are not among the question's choices are ignored (a stale widget).
    """
    known = {c.id for c in question.choices}
    picked = frozenset(c for c in chosen if c in known)
    missed = question.correct - picked
    wrong = picked - question.correct
    return Verdict(not missed and not wrong, picked, frozenset(missed), frozenset(wrong),
                   question.rule)


@dataclass(frozen=True)
class QuestionType:
    """A kind of question: its game, the rule IDs it practises (the rule a question names
    is one of them) and the generator ``make(seed) -> Question``."""

    kind: str
    game: str
    rules: tuple[str, ...]
    make: Callable[[int], Question]

    @property
    def title(self) -> Text:
        """The type's title sentence (``quiz.type.<kind>``)."""
        return Text(f"quiz.type.{self.kind}")
