"""Estimates with 95% intervals: proportions (Wilson), means (Student t), differences.

Every number the explorers show is an :class:`Estimate`: the value, the interval and the
sample size it rests on. Standard library only; the t quantile is found by bisection on
the t distribution's CDF (the regularized incomplete beta function, continued fraction).

>>> p = proportion(30, 100)
>>> round(p.value, 2), round(p.low, 3), round(p.high, 3), p.n
(0.3, 0.219, 0.396, 100)
>>> round(t_quantile(0.975, 10), 3)
2.228
>>> m = mean([1.0, 2.0, 3.0, 4.0])
>>> m.value, round(m.low, 3), round(m.high, 3)
(2.5, 0.446, 4.554)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist

__all__ = [
    "Z95", "Estimate", "Moments", "Paired", "difference", "exact", "mean", "paired_difference",
    "proportion", "proportion_difference", "proportion_difference_counts", "t_cdf",
    "t_quantile",
]

#: The two-sided 95% normal quantile.
Z95 = NormalDist().inv_cdf(0.975)


@dataclass(frozen=True)
class Estimate:
    """A value with its 95% interval ``low..high`` from ``n`` observations.

    ``exact`` marks a value computed by enumeration (its interval is the value itself).
    """

    value: float
    low: float
    high: float
    n: int
    exact: bool = False

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def contains(self, x: float) -> bool:
        return self.low <= x <= self.high

    def scaled(self, k: float) -> Estimate:
        """The same estimate times ``k`` (e.g. a share as a percentage)."""
        lo, hi = sorted((self.low * k, self.high * k))
        return Estimate(self.value * k, lo, hi, self.n, self.exact)

    def to_dict(self) -> dict[str, float | int | bool]:
        return {"value": self.value, "low": self.low, "high": self.high, "n": self.n,
                "exact": self.exact}


def exact(value: float, n: int) -> Estimate:
    """A value known exactly (enumerated over ``n`` cases)."""
    return Estimate(value, value, value, n, True)


def proportion(successes: float, n: int, z: float = Z95) -> Estimate:
    """The share ``successes / n`` with its Wilson score interval (good near 0 and 1).

    >>> e = proportion(0, 50)
    >>> e.value, e.low, round(e.high, 4)
    (0.0, 0.0, 0.0713)
    """
    if n <= 0:
        raise ValueError("a proportion needs at least one observation")
    if not 0 <= successes <= n:
        raise ValueError(f"{successes} successes out of {n}")
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Estimate(p, low, high, n)


# -- the t distribution ------------------------------------------------------------------


def _beta_cf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (Lentz's method)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 400):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-14:
            break
    return h


def _beta_inc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    lbeta = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
    front = math.exp(lbeta + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_cf(a, b, x) / a
    return 1.0 - front * _beta_cf(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with ``df`` degrees of freedom."""
    if df <= 0:
        raise ValueError("degrees of freedom must be positive")
    x = df / (df + t * t)
    tail = 0.5 * _beta_inc(df / 2.0, 0.5, x)
    return 1.0 - tail if t > 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t (bisection on :func:`t_cdf`; normal past 1e6 df).

    >>> round(t_quantile(0.975, 1), 3), round(t_quantile(0.975, 30), 3)
    (12.706, 2.042)
    """
    if not 0.0 < p < 1.0:
        raise ValueError("p must be between 0 and 1")
    if df > 1e6:
        return NormalDist().inv_cdf(p)
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        hi *= 2.0
    for _ in range(100):
        mid = (lo + hi) / 2.0
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-10:
            break
    return (lo + hi) / 2.0


def _t95(df: float) -> float:
    return t_quantile(0.975, df)


def _moments(values: Sequence[float]) -> tuple[int, float, float]:
    n = len(values)
    if n == 0:
        raise ValueError("no values")
    m = math.fsum(values) / n
    var = math.fsum((v - m) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return n, m, var


def mean(values: Sequence[float]) -> Estimate:
    """The mean with its 95% Student t interval (a single value: no width)."""
    n, m, var = _moments(values)
    if n == 1:
        return Estimate(m, m, m, 1)
    half = _t95(n - 1) * math.sqrt(var / n)
    return Estimate(m, m - half, m + half, n)


def difference(a: Sequence[float], b: Sequence[float]) -> Estimate:
    """mean(a) - mean(b) for independent samples: Welch's interval.

    >>> d = difference([1.0, 2.0, 3.0] * 10, [0.0, 1.0, 2.0] * 10)
    >>> d.value, round(d.low, 2), round(d.high, 2)
    (1.0, 0.57, 1.43)
    """
    na, ma, va = _moments(a)
    nb, mb, vb = _moments(b)
    se2 = va / na + vb / nb
    if se2 == 0.0:
        return Estimate(ma - mb, ma - mb, ma - mb, min(na, nb))
    df = se2 * se2 / ((va / na) ** 2 / max(na - 1, 1) + (vb / nb) ** 2 / max(nb - 1, 1))
    half = _t95(df) * math.sqrt(se2)
    return Estimate(ma - mb, ma - mb - half, ma - mb + half, min(na, nb))


def paired_difference(a: Sequence[float], b: Sequence[float]) -> Estimate:
    """mean(a - b) over pairs (the same seed under two rule sets): a t interval on the
    differences, narrower than :func:`difference` when the pairs are correlated."""
    if len(a) != len(b):
        raise ValueError(f"{len(a)} values paired with {len(b)}")
    return mean([x - y for x, y in zip(a, b, strict=True)])


def proportion_difference(a: Sequence[bool], b: Sequence[bool]) -> Estimate:
    """share(a) - share(b) of paired yes/no outcomes, with the Newcombe (method 10)
    interval built from the two Wilson intervals and the pairs' correlation.

    >>> d = proportion_difference([True] * 60 + [False] * 40, [True] * 40 + [False] * 60)
    >>> round(d.value, 2), d.low > 0
    (0.2, True)
    """
    n = len(a)
    if n != len(b) or n == 0:
        raise ValueError("paired outcomes of equal, non-zero length")
    both = sum(1 for x, y in zip(a, b, strict=True) if x and y)
    only_a = sum(1 for x, y in zip(a, b, strict=True) if x and not y)
    only_b = sum(1 for x, y in zip(a, b, strict=True) if y and not x)
    return proportion_difference_counts(both, only_a, only_b, n - both - only_a - only_b)


def proportion_difference_counts(both: int, only_a: int, only_b: int,
                                 neither: int) -> Estimate:
    """:func:`proportion_difference` from the pairs' 2×2 table: how many pairs are yes
    under both, only under a, only under b, under neither."""
    n = both + only_a + only_b + neither
    if n <= 0:
        raise ValueError("paired outcomes of equal, non-zero length")
    pa, pb = proportion(both + only_a, n), proportion(both + only_b, n)
    denom = (both + only_a) * (only_b + neither) * (both + only_b) * (only_a + neither)
    phi = (both * neither - only_a * only_b) / math.sqrt(denom) if denom > 0 else 0.0
    d = pa.value - pb.value
    dl2 = ((pa.value - pa.low) ** 2 - 2 * phi * (pa.value - pa.low) * (pb.high - pb.value)
           + (pb.high - pb.value) ** 2)
    du2 = ((pa.high - pa.value) ** 2 - 2 * phi * (pa.high - pa.value) * (pb.value - pb.low)
           + (pb.value - pb.low) ** 2)
    return Estimate(d, max(-1.0, d - math.sqrt(max(dl2, 0.0))),
                    min(1.0, d + math.sqrt(max(du2, 0.0))), n)



# -- mergeable summaries ---------------------------------------------------------------------

@dataclass
class Moments:
    """The count, sum and sum of squares of some values, kept exactly (ints and
    :class:`~fractions.Fraction`), so that merging the moments of parts is associative and
    commutative to the last bit: the moments of a whole are the same however its values were
    split, and :meth:`estimate` gives the same interval.

    >>> m = Moments()
    >>> for v in (1, 2, 3, 4):
    ...     m.add(v)
    >>> e = m.estimate()
    >>> e.value, round(e.low, 3), round(e.high, 3), e.n
    (2.5, 0.446, 4.554, 4)
    >>> Moments.of([1, 2]).merged(Moments.of([3, 4])) == m
    True
    """

    n: int = 0
    total: int | Fraction = 0
    squares: int | Fraction = 0

    @classmethod
    def of(cls, values: Sequence[int | Fraction]) -> Moments:
        out = cls()
        for v in values:
            out.add(v)
        return out

    def add(self, value: int | Fraction) -> None:
        """Count one value (an int or a Fraction: floats would make merging inexact)."""
        self.n += 1
        self.total += value
        self.squares += value * value

    def merged(self, other: Moments) -> Moments:
        return Moments(self.n + other.n, self.total + other.total,
                       self.squares + other.squares)

    @property
    def value(self) -> Fraction:
        return Fraction(self.total) / self.n

    def estimate(self) -> Estimate:
        """The mean with its 95% Student t interval, as :func:`mean` (one value: no
        width); the variance is worked out exactly before it is rounded."""
        if self.n == 0:
            raise ValueError("no values")
        m = float(self.value)
        if self.n == 1:
            return Estimate(m, m, m, 1)
        var = (self.squares - Fraction(self.total) ** 2 / self.n) / (self.n - 1)
        half = _t95(self.n - 1) * math.sqrt(float(var) / self.n)
        return Estimate(m, m - half, m + half, self.n)


@dataclass
class Paired:
    """The 2×2 table of paired yes/no outcomes (under a and under b): mergeable counts
    behind :func:`proportion` of each side and :func:`proportion_difference_counts`."""

    both: int = 0
    only_a: int = 0
    only_b: int = 0
    neither: int = 0

    def add(self, a: bool, b: bool) -> None:
        if a and b:
            self.both += 1
        elif a:
            self.only_a += 1
        elif b:
            self.only_b += 1
        else:
            self.neither += 1

    def merged(self, other: Paired) -> Paired:
        return Paired(self.both + other.both, self.only_a + other.only_a,
                      self.only_b + other.only_b, self.neither + other.neither)

    @property
    def n(self) -> int:
        return self.both + self.only_a + self.only_b + self.neither

    def estimates(self) -> tuple[Estimate, Estimate, Estimate]:
        """share(a), share(b) and share(b) − share(a)."""
        return (proportion(self.both + self.only_a, self.n),
                proportion(self.both + self.only_b, self.n),
                proportion_difference_counts(self.both, self.only_b, self.only_a, self.neither))
