"""A seeded random generator and shuffle that give the same cards everywhere.

``random.shuffle`` may change between Python versions, so the project writes its own:
SplitMix64 for the stream of numbers, rejection sampling for unbiased bounded integers,
and Fisher–Yates for the shuffle. A given seed gives the same order on every machine.

Every random number of the engine is seeded here: the deals (and every link's seed) by
:class:`Rng`; the bots' choices and the simulations' fast paths by :func:`sim_random`, a
seeded Mersenne Twister (its ``random()`` stream is fixed across Python versions and its
C implementation is several times faster than :class:`Rng` in pure Python). Nothing else
in ``engine/`` makes a generator (``tests/test_architecture.py`` checks it).

>>> a = shuffled_deck(7); b = shuffled_deck(7)
>>> a == b and len(set(a)) == 52
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from engine.cards import Card

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng:
    """SplitMix64 (Steele, Lea, Flood 2014): small, fast and fully specified."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError("seed must be an int")
        self._state = seed & _MASK

    def next_u64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0..n-1`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher–Yates in place, from the last position down."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> Rng:
        """An independent generator seeded from this one."""
        return Rng(self.next_u64())


def shuffled(items: Sequence[T], seed: int) -> list[T]:
    """A shuffled copy of ``items`` under ``seed``."""
    out = list(items)
    Rng(seed).shuffle(out)
    return out


def shuffled_deck(seed: int) -> list[Card]:
    """The 52-card deck shuffled under ``seed``."""
    from engine.cards import DECK

    return shuffled(DECK, seed)


#: The type of :func:`sim_random`'s generators (for annotations elsewhere).
SimRandom = random.Random


def sim_random(seed: int) -> SimRandom:
    """The seeded generator of the bots and the simulations (``random.Random(seed)``): the
    same seed, the same choices, on every machine.

    >>> sim_random(5).random() == sim_random(5).random()
    True
    """
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError("seed must be an int")
    return random.Random(seed)
