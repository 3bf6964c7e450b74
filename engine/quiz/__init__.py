"""Endless practice questions, made from seeded random engine states and checked by the
engine (RULES.md K-1..K-14, C-1..C-15).

A question is named by its kind and seed (``"k-bids-1234"``): :func:`make` gives the same
question back on any machine. Every kind is a :class:`QuestionType` of :data:`TYPES`;
:data:`COVERAGE` maps each rule ID to the kinds that practise it.

>>> q = make("k-trump-7")
>>> q.rule, q.id, check(q, q.correct).right
('K-7', 'k-trump-7', True)
>>> parse_id("c-sweep-42"), parse_id("c-sweep-x"), parse_id("nope-1")
(('c-sweep', 42), None, None)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from engine.quiz.model import (
    CardGroup,
    Question,
    QuestionType,
    QuizChoice,
    Text,
    Verdict,
    check,
    text,
)
from engine.registry import GAME_IDS, QUIZ_MAX_SEED, game_named
from engine.registry import GAMES as REGISTRY
from engine.rng import Rng

__all__ = [
    "CardGroup", "QuizChoice", "Question", "Text", "Verdict", "QuestionType", "TYPES", "COVERAGE",
    "GAMES", "MAX_SEED", "check", "make", "generate", "parse_id", "kinds_for", "rules_of",
    "pick", "question_set", "text",
]

GAMES: tuple[str, ...] = GAME_IDS
#: Seeds are 0..MAX_SEED (short enough for a link): the registry's QUIZ_MAX_SEED.
MAX_SEED = QUIZ_MAX_SEED


class _Table(Mapping[str, Any]):
    """A table built on first use from the games' plug-ins (the registry loads them when
    first asked, after this module)."""

    def __init__(self, build: Callable[[], dict[str, Any]]) -> None:
        self._build = build
        self._built: dict[str, Any] | None = None

    def _table(self) -> dict[str, Any]:
        if self._built is None:
            self._built = self._build()
        return self._built

    def __getitem__(self, key: str) -> Any:
        return self._table()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())


def _types() -> dict[str, QuestionType]:
    return {t.kind: t for game in REGISTRY.values() for t in game.plugins.quiz}


#: Every question type by kind, in the registry's order of the games and each game's
#: order of its rules: each game's plug-ins carry its question types
#: (:attr:`engine.plugin.GamePlugins.quiz`).
TYPES: Mapping[str, QuestionType] = _Table(_types)


def _coverage() -> dict[str, tuple[str, ...]]:
    table: dict[str, list[str]] = {}
    for t in TYPES.values():
        for rule in t.rules:
            table.setdefault(rule, []).append(t.kind)
    prefixes = [game.rule_prefix for game in REGISTRY.values()]

    def order(rule: str) -> tuple[int, int]:  # the games in the registry's order
        prefix, number = rule.split("-")
        return prefixes.index(prefix + "-") if prefix + "-" in prefixes else len(prefixes), \
            int(number)

    return {rule: tuple(table[rule]) for rule in sorted(table, key=order)}


#: Rule ID -> the question kinds that practise it (the coverage table).
COVERAGE: Mapping[str, tuple[str, ...]] = _Table(_coverage)


def parse_id(question_id: object) -> tuple[str, int] | None:
    """``(kind, seed)`` from a question id such as ``"k-bids-1234"``; ``None`` when it is
    not one (unknown kind, seed not a whole number in 0..MAX_SEED)."""
    if not isinstance(question_id, str):
        return None
    kind, _, seed = question_id.strip().rpartition("-")
    if kind not in TYPES or not seed.isdigit() or len(seed) > 12:
        return None
    number = int(seed)
    return (kind, number) if number <= MAX_SEED else None


def generate(kind: str, seed: int) -> Question:
    """The question of ``kind`` made from ``seed`` (raises ``KeyError`` for an unknown kind)."""
    return TYPES[kind].make(seed)


def make(question_id: str) -> Question:
    """The question a link names (``"c-capture-77"``); ``ValueError`` when it names none."""
    parsed = parse_id(question_id)
    if parsed is None:
        raise ValueError(f"not a question id: {question_id!r}")
    return generate(*parsed)


def rules_of(game: str) -> list[str]:
    """The rule IDs of ``game`` that have questions, in rule order."""
    prefix = game_named(game).rule_prefix
    return [rule for rule in COVERAGE if rule.startswith(prefix)]


def kinds_for(game: str, topics: Iterable[str] = ()) -> list[str]:
    """The kinds of ``game`` practising any of ``topics`` (rule IDs); all when empty."""
    wanted = set(topics)
    return [t.kind for t in TYPES.values()
            if t.game == game and (not wanted or wanted & set(t.rules))]


def pick(game: str, topics: Iterable[str], seed: int, tries: int = 8,
         misses: Mapping[str, int] | None = None) -> Question:
    """A question for ``game`` on ``topics`` chosen from ``seed``: a kind practising the
    topics, and among a few seeds of it the first whose named rule is one of the topics
    (any question of the kind when none is).

    ``misses`` (rule ID -> times missed) makes the kinds practising those rules come up
    more often: each kind counts once, plus once per miss of its rules, at most four times.
    """
    wanted = set(topics)
    kinds = kinds_for(game, wanted)
    if not kinds:
        kinds = kinds_for(game)
    if misses:
        kinds = [k for k in kinds for _ in range(
            1 + min(3, sum(misses.get(rule, 0) for rule in TYPES[k].rules)))]
    rng = Rng(seed)
    kind = rng.choice(kinds)
    first: Question | None = None
    for _ in range(tries):
        q = generate(kind, rng.below(MAX_SEED + 1))
        if not wanted or q.rule in wanted:
            return q
        first = first or q
    assert first is not None
    return first


def question_set(game: str, topics: Iterable[str], seed: int, count: int) -> list[Question]:
    """``count`` questions for a lesson or a handout, the same for the same ``seed``
    (each one as :func:`pick` makes it; no id twice).

    >>> lesson = question_set("kachuful", ["K-7"], seed=1, count=3)
    >>> [q.kind for q in lesson], lesson == question_set("kachuful", ["K-7"], seed=1, count=3)
    (['k-trump', 'k-trump', 'k-trump'], True)
    """
    wanted = list(topics)
    rng = Rng(seed)
    out: list[Question] = []
    seen: set[str] = set()
    for _ in range(count * 4):
        if len(out) == count:
            break
        q = pick(game, wanted, rng.below(MAX_SEED + 1))
        if q.id not in seen:
            seen.add(q.id)
            out.append(q)
    return out
