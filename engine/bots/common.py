"""What every bot shares: the :class:`BotDecision` it returns and the :class:`Bot` protocol.

A bot is given an *observation* — the public rules plus what one seat may see (never an
object that could reach hidden cards) — and returns a :class:`BotDecision`: the action and
one sentence, from the message catalogue, saying why.

>>> d = BotDecision(3, "bots.random.bid", {"bid": 3})
>>> d.explain("en")
'I bid 3: I chose at random among the bids I may make'
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from engine.messages import render

A = TypeVar("A")

#: The bot levels, weakest first: every game's plug-ins have a bot class per level (the
#: registry lists them as :data:`engine.registry.BOT_LEVELS`).
LEVELS: tuple[str, ...] = ("random", "basic", "strong")


@dataclass(frozen=True)
class BotDecision(Generic[A]):
    """An action and why: ``key`` names a catalogue sentence that ``data`` fills."""

    action: A
    key: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def explain(self, lang: str = "en") -> str:
        """The one-sentence reason in ``lang`` (``en``, ``es`` or ``pt``)."""
        return render(self.key, lang, **self.data)


class Bot(Protocol):
    """A computer player of one game and level.

    ``decide`` takes the observation of the seat to act (``observe(state, seat)`` of the
    game's bot module) and returns a :class:`BotDecision`. Bots keep no hidden state other
    than their seeded random generator.
    """

    game: str
    level: str

    def decide(self, observation: Any) -> BotDecision[Any]: ...


def percent(p: float) -> int:
    """A probability as a whole percentage, for sentences."""
    return int(round(100 * p))


@dataclass(frozen=True)
class Interval:
    """A mean with its 95% confidence interval (normal approximation)."""

    mean: float
    low: float
    high: float
    n: int


def mean_interval(values: Sequence[float], z: float = 1.959964) -> Interval:
    """The mean of ``values`` and its 95% interval from the sample standard deviation.

    Works for win shares (1, 0, or 1/k for a k-way tie) as for scores.

    >>> iv = mean_interval([1.0, 0.0] * 50)
    >>> round(iv.mean, 2), round(iv.low, 3), round(iv.high, 3)
    (0.5, 0.402, 0.598)
    """
    n = len(values)
    if n == 0:
        raise ValueError("no values")
    mean = sum(values) / n
    if n == 1:
        return Interval(mean, mean, mean, 1)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return Interval(mean, mean - half, mean + half, n)
