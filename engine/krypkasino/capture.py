"""The capture solver of C-5 and C-6: which table cards a played card takes.

A played card of value ``v`` takes disjoint *groups* of table cards, each a single card of
value ``v`` or a set of cards adding up to ``v``. C-6 asks for a *maximum* collection: as
many table cards as possible. Two collections that take the same cards are one choice,
however they are grouped and whichever copy of an identical card they name.

The search works on the multiset of table values, packed into one integer (five bits per
value 1..13), so identical cards and equal values never multiply the work:

* cards of value ``v`` are always taken (a lone equal card is a group that blocks nothing);
  cards above ``v`` never are;
* the rest is a memoised search that always places the largest value left: either every
  remaining copy of it stays on the table, or one copy goes into a group whose largest card
  it is. Results are kept per value (shared by every table), so a game asks each question
  about a given table once.

Distinct choices are then the distinct multisets of values a maximum reaches, each spread
over the actual cards (which 7s among 7♥ 7♥ 7♠): identical cards are interchangeable.

>>> from engine.cards import parse_cards
>>> table = parse_cards(["AH", "2C", "3D", "4S"])
>>> max_capture_size(7, table), sweep_exists(7, table)
(3, False)
>>> [codes(c) for c in maximum_collections(7, table)]
[['AH', '2C', '4S']]
>>> [codes(c) for c in maximal_collections(7, table)]
[['AH', '2C', '4S'], ['3D', '4S']]
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from engine.cards import Card, Rank

__all__ = [
    "MAX_VALUE", "CaptureInfo", "Plan", "pack", "unpack", "analyse", "captures", "sweep_exists",
    "max_capture_size", "first_maximum", "maximum_collections", "maximal_collections",
    "collections", "is_valid_collection", "group_collection", "value_of_table_card",
    "clear_caches", "codes", "sort_cards",
]

#: Highest value a card can have on the table (K); an ace played from the hand is 14.
MAX_VALUE = 13
_BITS = 5
_FIELD = (1 << _BITS) - 1
#: One guard bit above each value field: ``(key | _GUARD) - g`` keeps every guard bit set
#: exactly when the multiset ``g`` fits inside ``key``.
_GUARD = sum(16 << (_BITS * i) for i in range(1, MAX_VALUE + 1))
#: ``ONES[v]``: one card of value ``v`` in a packed table key (a key is the sum of its
#: cards' ``ONES``, as :func:`pack` builds it from values).
ONES: tuple[int, ...] = tuple(1 << (_BITS * i) for i in range(MAX_VALUE + 1))
_CACHE_LIMIT = 400_000


def value_of_table_card(card: Card) -> int:
    """C-4: a card's value on the table (ace 1)."""
    return 1 if card.rank is Rank.ACE else int(card.rank)


def pack(values: Sequence[int]) -> int:
    """The packed multiset of table values (each 1..13, at most 15 copies of one value)."""
    key = 0
    for x in values:
        key += ONES[x]
    return key


def unpack(key: int) -> list[int]:
    """The values of a packed multiset, in ascending order."""
    out: list[int] = []
    for x in range(1, MAX_VALUE + 1):
        out.extend([x] * ((key >> (_BITS * x)) & _FIELD))
    return out


def _count(key: int) -> int:
    return sum((key >> (_BITS * x)) & _FIELD for x in range(1, MAX_VALUE + 1))


def _partitions(total: int, largest: int) -> list[list[int]]:
    """Every multiset of values 1..largest adding up to ``total`` (parts non-increasing)."""
    if total == 0:
        return [[]]
    out: list[list[int]] = []
    for first in range(min(total, largest), 0, -1):
        for rest in _partitions(total - first, first):
            out.append([first, *rest])
    return out


class _Solver:
    """Every question about one played value ``v``, with its memo tables."""

    __slots__ = ("v", "groups", "best_memo", "part_memo", "sets_memo", "all_memo", "below")

    def __init__(self, v: int) -> None:
        self.v = v
        # Groups of two or more cards by their largest part x (< v), largest groups first:
        # small cards make big collections, so good answers come early.
        by_max: list[list[tuple[int, int]]] = [[] for _ in range(MAX_VALUE + 1)]
        for x in range(1, min(v - 1, MAX_VALUE) + 1):
            parts = [[x, *rest] for rest in _partitions(v - x, x)]
            parts.sort(key=len, reverse=True)
            by_max[x] = [(pack(p), len(p)) for p in parts]
        self.groups = by_max
        self.best_memo: dict[int, int] = {0: 0}
        self.part_memo: dict[int, bool] = {0: True}
        self.sets_memo: dict[int, tuple[int, ...]] = {0: (0,)}
        self.all_memo: dict[int, tuple[int, ...]] = {0: (0,)}
        #: Mask keeping the fields of values below v.
        self.below = sum(_FIELD << (_BITS * x) for x in range(1, min(v - 1, MAX_VALUE) + 1))

    def trim(self) -> None:
        for memo in (self.best_memo, self.part_memo, self.sets_memo, self.all_memo):
            if len(memo) > _CACHE_LIMIT:
                memo.clear()
        self.best_memo[0] = 0
        self.part_memo[0] = True
        self.sets_memo[0] = (0,)
        self.all_memo[0] = (0,)

    # -- the most cards (values below v only) ------------------------------------------
    def best(self, key: int, n: int = -1) -> int:
        """The most cards of ``key`` (values below v) that disjoint v-groups can take.

        ``n`` is the number of cards in ``key`` when the caller knows it (an upper bound
        that stops the search as soon as everything is taken).
        """
        memo = self.best_memo
        got = memo.get(key)
        if got is not None:
            return got
        if n < 0:
            n = _count(key)
        x = (key.bit_length() - 1) // _BITS
        shift = _BITS * x
        copies = (key >> shift) & _FIELD
        guarded = key | _GUARD
        result = -1
        for g, size in self.groups[x]:
            if (guarded - g) & _GUARD == _GUARD:
                r = size + self.best(key - g, n - size)
                if r > result:
                    result = r
                    if r == n:
                        break
        if result < n - copies:
            r = self.best(key & ~(_FIELD << shift), n - copies)
            if r > result:
                result = r
        memo[key] = result
        return result

    def partitions(self, key: int) -> bool:
        """Whether all of ``key`` (values below v) splits into groups adding up to v."""
        memo = self.part_memo
        got = memo.get(key)
        if got is not None:
            return got
        x = (key.bit_length() - 1) // _BITS
        guarded = key | _GUARD
        ok = False
        for g, _ in self.groups[x]:
            if (guarded - g) & _GUARD == _GUARD and self.partitions(key - g):
                ok = True
                break
        memo[key] = ok
        return ok

    def best_sets(self, key: int) -> tuple[int, ...]:
        """Every taken multiset (packed) that reaches :meth:`best` for ``key``."""
        memo = self.sets_memo
        got = memo.get(key)
        if got is not None:
            return got
        target = self.best(key)
        x = (key.bit_length() - 1) // _BITS
        shift = _BITS * x
        rest = key & ~(_FIELD << shift)
        found: set[int] = set()
        if self.best(rest) == target:
            found.update(self.best_sets(rest))
        guarded = key | _GUARD
        for g, size in self.groups[x]:
            if (guarded - g) & _GUARD == _GUARD and size + self.best(key - g) == target:
                found.update(t + g for t in self.best_sets(key - g))
        result = tuple(found)
        memo[key] = result
        return result

    def all_sets(self, key: int) -> tuple[int, ...]:
        """Every multiset (packed) of ``key`` that splits into v-groups (the empty one too)."""
        memo = self.all_memo
        got = memo.get(key)
        if got is not None:
            return got
        x = (key.bit_length() - 1) // _BITS
        shift = _BITS * x
        rest = key & ~(_FIELD << shift)
        found: set[int] = set(self.all_sets(rest))
        guarded = key | _GUARD
        for g, _ in self.groups[x]:
            if (guarded - g) & _GUARD == _GUARD:
                found.update(t + g for t in self.all_sets(key - g))
        result = tuple(found)
        memo[key] = result
        return result

    def first_groups(self, key: int) -> list[int]:
        """The groups (packed) of one maximum collection of ``key``, found deterministically."""
        out: list[int] = []
        while key:
            target = self.best(key)
            if target == 0:
                break
            x = (key.bit_length() - 1) // _BITS
            shift = _BITS * x
            rest = key & ~(_FIELD << shift)
            guarded = key | _GUARD
            for g, size in self.groups[x]:
                if (guarded - g) & _GUARD == _GUARD and size + self.best(key - g) == target:
                    out.append(g)
                    key -= g
                    break
            else:
                key = rest
        return out

    def split(self, key: int) -> list[int] | None:
        """Groups (packed) that use all of ``key``, or None when none exist."""
        if not self.partitions(key):
            return None
        out: list[int] = []
        while key:
            x = (key.bit_length() - 1) // _BITS
            guarded = key | _GUARD
            for g, _ in self.groups[x]:
                if (guarded - g) & _GUARD == _GUARD and self.partitions(key - g):
                    out.append(g)
                    key -= g
                    break
        return out

    def has_group(self, key: int) -> bool:
        """Whether some cards of ``key`` (values below v) add up to v (subset sum)."""
        v = self.v
        reach = 1
        mask = (1 << (v + 1)) - 1
        for x in range(1, min(v - 1, MAX_VALUE) + 1):
            for _ in range((key >> (_BITS * x)) & _FIELD):
                reach = (reach | (reach << x)) & mask
            if reach >> v:
                return True
        return bool(reach >> v)


_SOLVERS: dict[int, _Solver] = {}


def _solver(v: int) -> _Solver:
    s = _SOLVERS.get(v)
    if s is None:
        if not 1 <= v <= 14:
            raise ValueError(f"a played value is 1..14, not {v}")
        s = _SOLVERS[v] = _Solver(v)
    return s


def clear_caches(keep_groups: bool = False) -> None:
    """Forget every memoised answer (benchmarks use it to time cold searches).

    With ``keep_groups`` the per-value tables of possible groups (which depend on no
    table) are kept and only the answers about tables are forgotten.
    """
    _INFO.clear()
    if not keep_groups:
        _SOLVERS.clear()
        return
    for v, solver in list(_SOLVERS.items()):
        fresh = _Solver.__new__(_Solver)
        fresh.v, fresh.groups, fresh.below = v, solver.groups, solver.below
        fresh.best_memo, fresh.part_memo = {0: 0}, {0: True}
        fresh.sets_memo, fresh.all_memo = {0: (0,)}, {0: (0,)}
        _SOLVERS[v] = fresh


#: A capture plan: per legal collection, its packed values and the values it takes whole
#: (``None`` when copies must be chosen); see :meth:`CaptureInfo.plan`.
Plan = tuple[tuple[int, tuple[int, ...] | None], ...]


class CaptureInfo:
    """The value-level answers for one played value and one table (packed values).

    ``key`` holds the table cards of value v or less (cards above v play no part, except
    that ``above`` says some lie there, which rules out a sweep). ``equal`` — the table
    cards of value v (always taken); ``usable`` — those below v; ``captures`` — whether
    anything is taken; ``sweeps`` — whether the whole non-empty table can be taken;
    ``max_size`` — table cards in a maximum collection.
    """

    __slots__ = ("v", "key", "equal", "usable", "captures", "sweeps", "max_size", "_first",
                 "_maximum", "_maximal", "plan_maximum", "_plan_maximal")

    def __init__(self, v: int, key: int, above: bool = False) -> None:
        s = _solver(v)
        self.v = v
        low = key & _LE_MASK[v]
        above = above or low != key
        key = low
        self.key = key
        self.equal = key & (_FIELD << (_BITS * v)) if v <= MAX_VALUE else 0
        self.usable = key & s.below
        n_equal = (self.equal >> (_BITS * v)) & _FIELD if v <= MAX_VALUE else 0
        self.captures = n_equal > 0 or s.has_group(self.usable)
        self.sweeps = not above and key != 0 and _weighted_sum(self.usable) % v == 0 and (
            s.partitions(self.usable))
        if not self.captures:
            self.max_size = 0
        elif self.sweeps:
            self.max_size = _count(key)
        else:
            self.max_size = n_equal + s.best(self.usable)
        self._first: int | None = None
        # Answers are tuples (of ints, or of pairs of ints): the garbage collector stops
        # tracking those, so a warm cache of many answers costs the collector little.
        self._maximum: tuple[int, ...] | None = None
        self._maximal: tuple[int, ...] | None = None
        self._plan_maximal: Plan | None = None
        #: ``plan(False)`` once it has been asked for (a fast read for the game loop).
        self.plan_maximum: Plan | None = None

    def first(self) -> int:
        """The packed values of the first maximum collection (deterministic)."""
        if self._first is None:
            if not self.captures:
                self._first = 0
            elif self.sweeps:
                self._first = self.key
            else:
                self._first = self.equal + sum(_solver(self.v).first_groups(self.usable))
        return self._first

    def maximum_sets(self) -> tuple[int, ...]:
        """Every distinct maximum collection as packed values, in a stable order."""
        if self._maximum is None:
            if not self.captures:
                self._maximum = (0,)
            elif self.sweeps:
                self._maximum = (self.key,)
            else:
                sets = _solver(self.v).best_sets(self.usable)
                self._maximum = tuple(sorted([self.equal + t for t in sets]))
        return self._maximum

    def plan(self, maximal: bool = False) -> Plan:
        """The legal collections as ``(packed values, values taken whole)`` pairs.

        The second item lists the values (ascending) of which *every* table card is taken,
        when that is so for all values of the collection: then the collection is simply
        those cards and there is one choice. Otherwise it is ``None`` and the copies to
        take must be chosen (see :func:`maximum_collections`).
        """
        got = self._plan_maximal if maximal else self.plan_maximum
        if got is None:
            key = self.key
            # The fields each collection t uses, as all-ones fields: whole when t equals
            # the table there (no copy to choose).
            got = tuple([
                (t, None if (t ^ key) & used else _values_of_fields(used))
                for t in (self.maximal_sets() if maximal else self.maximum_sets())
                for used in (_used_fields(t),)])
            if maximal:
                self._plan_maximal = got
            else:
                self.plan_maximum = got
        return got

    def maximal_sets(self) -> tuple[int, ...]:
        """Every distinct *maximal* collection (no further group can be added), packed."""
        if self._maximal is None:
            if not self.captures:
                self._maximal = (0,)
            else:
                s = _solver(self.v)
                out = []
                for t in s.all_sets(self.usable):
                    if not s.has_group(self.usable - t):
                        out.append(self.equal + t)
                self._maximal = tuple(sorted(out))
        return self._maximal


#: One bit at the bottom of each value's field.
_FIELD_LOWS = sum(1 << (_BITS * x) for x in range(MAX_VALUE + 1))


def _used_fields(t: int) -> int:
    """The fields of ``t`` that are not zero, each as all ones (``_FIELD``)."""
    return ((t | t >> 1 | t >> 2 | t >> 3 | t >> 4) & _FIELD_LOWS) * _FIELD


_VALUES_OF_FIELDS: dict[int, tuple[int, ...]] = {}


def _values_of_fields(used: int) -> tuple[int, ...]:
    """The values (ascending) whose fields ``used`` sets (see :func:`_used_fields`)."""
    got = _VALUES_OF_FIELDS.get(used)
    if got is None:
        if len(_VALUES_OF_FIELDS) > _CACHE_LIMIT:
            _VALUES_OF_FIELDS.clear()
        got = _VALUES_OF_FIELDS[used] = tuple(
            x for x in range(1, MAX_VALUE + 1) if (used >> (_BITS * x)) & 1)
    return got


_INFO: dict[int, CaptureInfo] = {}
#: Per played value, the mask of the fields of values 1..v (the cards that can be taken).
LE_MASKS: tuple[int, ...] = tuple(
    sum(_FIELD << (_BITS * x) for x in range(1, min(v, MAX_VALUE) + 1)) for v in range(15))
_LE_MASK = LE_MASKS


def _weighted_sum(key: int) -> int:
    total = 0
    x = 0
    while key:
        x += 1
        key >>= _BITS
        total += x * (key & _FIELD)
    return total


def analyse(v: int, key: int) -> CaptureInfo:
    """The (cached) :class:`CaptureInfo` for played value ``v`` on the packed table ``key``."""
    low = key & _LE_MASK[v]
    k = (((low << 1) | (low != key)) << 4) | v
    info = _INFO.get(k)
    if info is None:
        if len(_INFO) > _CACHE_LIMIT:
            _INFO.clear()
            for s in _SOLVERS.values():
                s.trim()
        info = _INFO[k] = CaptureInfo(v, low, low != key)
    return info


# -- card-level answers ------------------------------------------------------------------
def _key_of(table: Sequence[Card]) -> int:
    key = 0
    for c in table:
        key += ONES[value_of_table_card(c)]
    return key


def captures(v: int, table: Sequence[Card]) -> bool:
    """Whether a card of value ``v`` (14 for an ace from the hand) takes anything."""
    return analyse(v, _key_of(table)).captures


def sweep_exists(v: int, table: Sequence[Card]) -> bool:
    """Whether a card of value ``v`` can take the whole (non-empty) table."""
    return analyse(v, _key_of(table)).sweeps


def max_capture_size(v: int, table: Sequence[Card]) -> int:
    """How many table cards a maximum collection holds (0 when nothing is taken)."""
    return analyse(v, _key_of(table)).max_size


def _suit_order(card: Card) -> int:
    return card.index


def sort_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The canonical order of a collection: by table value, then suit order (S H D C)."""
    return tuple(sorted(cards, key=lambda c: (value_of_table_card(c), c.index)))


def _by_value(table: Sequence[Card]) -> list[list[Card]]:
    cols: list[list[Card]] = [[] for _ in range(MAX_VALUE + 1)]
    for c in sorted(table, key=_suit_order):
        cols[value_of_table_card(c)].append(c)
    return cols


def _choices_of_value(cards: list[Card], m: int) -> list[tuple[Card, ...]]:
    """Distinct sub-multisets of size m of ``cards`` (sorted, identical cards adjacent)."""
    if m == len(cards):
        return [tuple(cards)]
    return sorted(set(itertools.combinations(cards, m)), key=lambda t: [c.index for c in t])


def _expand(key: int, cols: list[list[Card]]) -> Iterator[tuple[Card, ...]]:
    per_value: list[list[tuple[Card, ...]]] = []
    for x in range(1, MAX_VALUE + 1):
        m = (key >> (_BITS * x)) & _FIELD
        if m:
            per_value.append(_choices_of_value(cols[x], m))
    for combo in itertools.product(*per_value):
        yield tuple(c for part in combo for c in part)


def _first_cards(key: int, cols: list[list[Card]]) -> tuple[Card, ...]:
    out: list[Card] = []
    for x in range(1, MAX_VALUE + 1):
        m = (key >> (_BITS * x)) & _FIELD
        out.extend(cols[x][:m])
    return tuple(out)


def first_maximum(v: int, table: Sequence[Card]) -> tuple[Card, ...]:
    """One maximum collection (deterministic; empty when the card captures nothing)."""
    info = analyse(v, _key_of(table))
    return _first_cards(info.first(), _by_value(table))


def maximum_collections(v: int, table: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
    """Every distinct maximum collection, lazily; a single empty one when nothing is taken."""
    info = analyse(v, _key_of(table))
    cols = _by_value(table)
    for key in info.maximum_sets():
        yield from _expand(key, cols)


def maximal_collections(v: int, table: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
    """Every distinct maximal collection (the ``maximal`` reading of C-6), lazily."""
    info = analyse(v, _key_of(table))
    cols = _by_value(table)
    for key in info.maximal_sets():
        yield from _expand(key, cols)


def collections(v: int, table: Sequence[Card], maximal: bool = False) -> Iterator[tuple[Card, ...]]:
    """The distinct legal collections under the ``maximum`` or ``maximal`` reading."""
    return maximal_collections(v, table) if maximal else maximum_collections(v, table)


def is_valid_collection(v: int, cards: Sequence[Card]) -> bool:
    """Whether ``cards`` split into disjoint groups each adding up to ``v`` (C-5)."""
    return group_collection(v, cards) is not None


def group_collection(v: int, cards: Sequence[Card]) -> tuple[tuple[Card, ...], ...] | None:
    """One way to split ``cards`` into groups of value ``v`` (equal cards alone), or None."""
    if v > MAX_VALUE + 1 or v < 1:
        return None
    singles = [c for c in cards if value_of_table_card(c) == v]
    rest = [c for c in cards if value_of_table_card(c) != v]
    if any(value_of_table_card(c) > v for c in rest):
        return None
    s = _solver(v)
    split = s.split(_key_of(rest))
    if split is None:
        return None
    pool = _by_value(rest)
    groups: list[tuple[Card, ...]] = [(c,) for c in sort_cards(singles)]
    for g in split:
        group: list[Card] = []
        for x in range(MAX_VALUE, 0, -1):
            for _ in range((g >> (_BITS * x)) & _FIELD):
                group.append(pool[x].pop(0))
        groups.append(tuple(group))
    return tuple(groups)


def codes(cards: Sequence[Card]) -> list[str]:
    """Card codes of a collection (for doctests and records)."""
    return [c.code for c in cards]
