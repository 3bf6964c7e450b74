"""Small helpers shared by the question generators of both games."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from engine.cards import Card
from engine.quiz.model import CardGroup, Question, QuizChoice, Text, text
from engine.rng import Rng

T = TypeVar("T")


def question(game: str, kind: str, seed: int, rule: str, prompt: Text,
             choices: tuple[QuizChoice, ...], correct: set[str], explanation: Text, *,
             multiple: bool = False, facts: tuple[Text, ...] = (),
             groups: tuple[CardGroup, ...] = (), **data: object) -> Question:
    """A question of ``game`` (each game's module binds its game:
    ``partial(question, GAME)``)."""
    return Question(kind=kind, seed=seed, game=game, rule=rule, prompt=prompt, choices=choices,
                    multiple=multiple, correct=frozenset(correct), explanation=explanation,
                    facts=facts, groups=groups, data=data)


def seat_choices(players: int) -> tuple[QuizChoice, ...]:
    """One choice per seat, ids ``"0"``..``"n-1"``."""
    return tuple(QuizChoice(str(s), text("quiz.choice.seat", seat=s)) for s in range(players))


def number_choices(values: Iterable[int]) -> tuple[QuizChoice, ...]:
    """One choice per distinct number, in increasing order; ids are the numbers."""
    return tuple(QuizChoice(str(n), text("quiz.choice.number", n=n)) for n in sorted(set(values)))


def card_choices(cards: Iterable[Card]) -> tuple[QuizChoice, ...]:
    """One choice per distinct card (two identical Krypkasino cards are one choice)."""
    seen: list[Card] = []
    for c in cards:
        if c not in seen:
            seen.append(c)
    return tuple(QuizChoice(c.code, text("quiz.choice.card", card=c)) for c in seen)


def number_distractors(rng: Rng, answer: int, candidates: Iterable[int], count: int = 5,
                       lo: int | None = None) -> list[int]:
    """``answer`` and up to ``count - 1`` other plausible numbers (taken from
    ``candidates`` first, then neighbours of the answer), in a seeded order."""
    pool = [c for c in dict.fromkeys(candidates) if c != answer and (lo is None or c >= lo)]
    rng.shuffle(pool)
    picked = pool[: count - 1]
    step = 1
    while len(picked) < count - 1 and step < 60:
        for c in (answer + step, answer - step):
            if c not in picked and c != answer and (lo is None or c >= lo) and len(picked) < count - 1:
                picked.append(c)
        step += 1
    return sorted([answer, *picked])


def sorted_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    """A hand as a player sorts it: by suit (S H D C), high cards first."""
    return tuple(sorted(cards, key=lambda c: (c.suit.index, -int(c.rank))))


def pick(rng: Rng, items: Sequence[T]) -> T:
    """A seeded choice (``rng.choice`` with a clearer name at call sites)."""
    return rng.choice(items)
