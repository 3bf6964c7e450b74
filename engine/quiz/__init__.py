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

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from engine.quiz import kachuful as _k
from engine.quiz import krypkasino as _c
from engine.quiz.model import CardGroup, Choice, Question, Text, Verdict, check, text
from engine.registry import GAME_IDS, QUIZ_MAX_SEED, game_named
from engine.rng import Rng

__all__ = [
    "CardGroup", "Choice", "Question", "Text", "Verdict", "QuestionType", "TYPES", "COVERAGE",
    "GAMES", "MAX_SEED", "check", "make", "generate", "parse_id", "kinds_for", "rules_of",
    "pick", "question_set", "text",
]

GAMES: tuple[str, ...] = GAME_IDS
#: Seeds are 0..MAX_SEED (short enough for a link): the registry's QUIZ_MAX_SEED.
MAX_SEED = QUIZ_MAX_SEED


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


_TYPES = (
    QuestionType("k-first-dealer", "kachuful", ("K-3",), _k.first_dealer),
    QuestionType("k-hand-size", "kachuful", ("K-4", "K-1"), _k.hand_size),
    QuestionType("k-deal", "kachuful", ("K-5",), _k.deal),
    QuestionType("k-dealer", "kachuful", ("K-6", "K-2"), _k.dealer),
    QuestionType("k-trump", "kachuful", ("K-7",), _k.trump),
    QuestionType("k-bids", "kachuful", ("K-9", "K-8"), _k.bids),
    QuestionType("k-leader", "kachuful", ("K-8", "K-10", "K-12", "K-2"), _k.leader),
    QuestionType("k-play", "kachuful", ("K-11", "K-10"), _k.play),
    QuestionType("k-trick", "kachuful", ("K-12", "K-1"), _k.trick),
    QuestionType("k-score", "kachuful", ("K-13",), _k.score),
    QuestionType("k-winner", "kachuful", ("K-14",), _k.winner),
    QuestionType("c-starts", "krypkasino", ("C-1", "C-11"), _c.starts),
    QuestionType("c-deal-shape", "krypkasino", ("C-2",), _c.deal_shape),
    QuestionType("c-faces", "krypkasino", ("C-3", "C-11"), _c.faces),
    QuestionType("c-ace", "krypkasino", ("C-4",), _c.ace),
    QuestionType("c-capture", "krypkasino", ("C-6", "C-5", "C-4"), _c.capture),
    QuestionType("c-sweep", "krypkasino", ("C-8", "C-7"), _c.sweep),
    QuestionType("c-sweep-points", "krypkasino", ("C-9", "C-10"), _c.sweep_points),
    QuestionType("c-leftovers", "krypkasino", ("C-12",), _c.leftovers),
    QuestionType("c-points", "krypkasino", ("C-13",), _c.points),
    QuestionType("c-deal-score", "krypkasino", ("C-14",), _c.deal_score),
    QuestionType("c-session", "krypkasino", ("C-15",), _c.session),
)
#: Every question type by kind, Kachuful first, in the order of the rules.
TYPES: dict[str, QuestionType] = {t.kind: t for t in _TYPES}


def _coverage() -> dict[str, tuple[str, ...]]:
    table: dict[str, list[str]] = {}
    for t in _TYPES:
        for rule in t.rules:
            table.setdefault(rule, []).append(t.kind)

    def order(rule: str) -> tuple[bool, int]:  # Kachuful first, as in RULES.md
        prefix, number = rule.split("-")
        return prefix != "K", int(number)

    return {rule: tuple(table[rule]) for rule in sorted(table, key=order)}


#: Rule ID -> the question kinds that practise it (the coverage table).
COVERAGE: dict[str, tuple[str, ...]] = _coverage()


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
    return [t.kind for t in _TYPES
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
