"""A plain brute-force capture enumeration: the reference the fast solver is checked against.

Every subset of the table is tried; a subset counts when it splits into disjoint groups
adding up to the played value (tried by plain recursion over the subset's cards). It is
exponential on purpose: it is simple enough to trust, and only the tests and the
benchmark use it.

>>> from engine.cards import parse_cards
>>> brute_maximum(7, parse_cards(["AH", "2C", "3D", "4S"]))
[('2C', '4S', 'AH')]
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card, Rank


def _value(card: Card) -> int:
    return 1 if card.rank is Rank.ACE else int(card.rank)


def splits(v: int, values: list[int]) -> bool:
    """Whether ``values`` split into disjoint groups each adding up to ``v``.

    Plain backtracking: the first card's group is completed in every possible way (cards
    taken in index order, a partial sum never above ``v``), then the rest is split again.
    """
    if not values:
        return True
    first, rest = values[0], values[1:]

    def complete(start: int, total: int, used: list[int]) -> bool:
        if total == v:
            left = [x for i, x in enumerate(rest) if i not in used]
            return splits(v, left)
        for i in range(start, len(rest)):
            if total + rest[i] <= v:
                used.append(i)
                if complete(i + 1, total + rest[i], used):
                    return True
                used.pop()
        return False

    return complete(0, first, [])


def _key(cards: Sequence[Card]) -> tuple[str, ...]:
    return tuple(sorted(c.code for c in cards))


def _valid_subsets(v: int, table: Sequence[Card]) -> list[tuple[int, tuple[str, ...]]]:
    out = []
    n = len(table)
    values = [_value(c) for c in table]
    for mask in range(1 << n):
        chosen = [i for i in range(n) if mask >> i & 1]
        picked = [values[i] for i in chosen]
        if sum(picked) % v or any(x > v for x in picked):
            continue  # cannot be whole groups of v
        if splits(v, picked):
            out.append((len(chosen), _key([table[i] for i in chosen])))
    return out


def brute_maximum(v: int, table: Sequence[Card]) -> list[tuple[str, ...]]:
    """Every distinct maximum collection, as sorted tuples of card codes."""
    subsets = _valid_subsets(v, table)
    best = max(size for size, _ in subsets)
    return sorted({codes for size, codes in subsets if size == best})


def brute_maximal(v: int, table: Sequence[Card]) -> list[tuple[str, ...]]:
    """Every distinct maximal collection: no group of the remaining cards adds up to ``v``."""
    out = set()
    n = len(table)
    for mask in range(1 << n):
        chosen = [table[i] for i in range(n) if mask >> i & 1]
        if not splits(v, [_value(c) for c in chosen]):
            continue
        left = [_value(table[i]) for i in range(n) if not mask >> i & 1]
        if not _has_group(v, left):
            out.add(_key(chosen))
    return sorted(out)


def _has_group(v: int, values: list[int]) -> bool:
    n = len(values)
    return any(
        sum(values[i] for i in range(n) if mask >> i & 1) == v for mask in range(1, 1 << n)
    )


def brute_sweeps(v: int, table: Sequence[Card]) -> bool:
    """Whether the whole non-empty table splits into groups of ``v``."""
    return bool(table) and splits(v, [_value(c) for c in table])
