"""Krypkasino's fast path: the rules on card ids (0..51, ``DECK`` indexes) for simulations.

The reference rules are :mod:`engine.krypkasino.capture` (C-5 to C-8: what a card may
take) and :class:`engine.krypkasino.state.KrypkasinoState`'s checked ``apply``. This
module is their one int-coded twin, used by the state's fast path
(:meth:`~engine.krypkasino.state.KrypkasinoState.legal_moves`, ``apply_move``,
``random_playout``), the bots' searches and the explorers:

* :func:`legal_moves` — the one move generation: every distinct legal play of a hand on
  a table, as ``(card id, ids taken)`` in the order of ``legal_actions()``;
* :func:`random_playout` — uniformly random legal play to the end of the deal or
  session, on a state's own lists (the benchmarks and IS-MCTS rollouts spend their time
  here).

A table is kept three ways at once: the list of its ids, ``cols[x]`` (the ids of table
value ``x``, ascending) and ``key``, its packed values (5 bits per value ``x`` at bit
``5 * x``, see :func:`engine.krypkasino.capture.analyse`), so a capture plan is looked up
per (key, played value) once and shared by every state.

``tests/test_fast_twins.py`` checks both against the reference with hypothesis.
"""

from __future__ import annotations

import itertools
import math
from bisect import insort
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from engine.cards import DECK, Suit
from engine.krypkasino import capture
from engine.krypkasino.rules import KrypkasinoRules, card_point

__all__ = ["HAND_VALUE", "IS_FACE", "IS_SPADE", "Move", "ONE", "POINTS", "TABLE_VALUE",
           "TRAIL_MOVES", "FastState", "card_id", "expand_ids", "legal_moves",
           "random_playout", "sorted_ids", "sweeping_values", "table_key"]

#: Per card id: its value on the table (C-5: an ace counts 1 there), in the hand (an ace
#: captures as 14), its card points (C-12), whether it is a face card, a spade.
TABLE_VALUE: tuple[int, ...] = tuple(capture.value_of_table_card(c) for c in DECK)
HAND_VALUE: tuple[int, ...] = tuple(int(c.rank) for c in DECK)
POINTS: tuple[int, ...] = tuple(card_point(c) for c in DECK)
IS_FACE: tuple[bool, ...] = tuple(c.rank.is_face for c in DECK)
IS_SPADE: tuple[bool, ...] = tuple(c.suit is Suit.SPADES for c in DECK)
#: Per card id: what it adds to a packed table key.
ONE: tuple[int, ...] = tuple(1 << (5 * TABLE_VALUE[i]) for i in range(52))
_ORDER = tuple(TABLE_VALUE[i] * 64 + i for i in range(52))
_FIELD = 31

#: A play on the fast path: ``(card id, ids of the table cards taken)``, ``()`` a trail.
Move = tuple[int, tuple[int, ...]]
TRAIL_MOVES: tuple[Move, ...] = tuple((i, ()) for i in range(52))

_BY_OBJECT = {id(c): i for i, c in enumerate(DECK)}


def card_id(card: Any) -> int:
    """The id (``DECK`` index) of a card object."""
    got = _BY_OBJECT.get(id(card))
    return got if got is not None else int(card.index)


def sorted_ids(ids: Iterable[int]) -> list[int]:
    """Table ids in the canonical order: by table value, then suit."""
    return sorted(ids, key=_ORDER.__getitem__)


def table_key(ids: Iterable[int]) -> int:
    """The packed values of a table given by its ids."""
    return sum(ONE[i] for i in ids)


#: Per packed table (and per reading of C-6), one row shared by every state, since the
#: answers depend only on the table's values. Item ``52 + v`` (``_ENTRY_AT``) of a row is
#: for a played value ``v`` (2..14): ``False`` for a trail, else whether the card sweeps
#: and its capture plan; ``None`` until asked. Item ``i`` (a card id, 0..51) is what
#: :func:`random_playout` counts for that card: its number of plays when they need no
#: table ids and it cannot sweep (1 for a trail, one per capture taking whole values),
#: ``_SWEEPING`` when it can sweep, ``_UNCOUNTED`` when its plays need table ids to be
#: listed, ``_UNKNOWN`` until asked: so a hand's sum says which case the hand is in.
_ROWS: dict[int, list[Any]] = {}
_ROWS_MAXIMAL: dict[int, list[Any]] = {}
_ROWS_LIMIT = 200_000
_SWEEPING = 1 << 10
_UNCOUNTED = 1 << 20
_UNKNOWN = 1 << 24
_NEW_ROW: list[Any] = [_UNKNOWN] * 52 + [None] * 15
#: Per card id: the index of its value's entry in a row (``52 +`` its hand value).
_ENTRY_AT: tuple[int, ...] = tuple(52 + v for v in HAND_VALUE)
#: Per card id: the play log's entry of its trail, ``(id, [])``, shared by every log the
#: playout writes (a logged play is never changed: clones share them already).
TRAIL_LOGS: tuple[tuple[int, list[int]], ...] = tuple((i, []) for i in range(52))
#: Per hand value ``v``: the ids of the cards of that value.
_SAME_VALUE: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(52) if HAND_VALUE[i] == v) for v in range(15))
#: Per table value ``x``: a packed key's mask without ``x``'s field.
_CLEAR: tuple[int, ...] = tuple(~(_FIELD << (5 * x)) for x in range(14))


def _row_entry(v: int, key: int, maximal: bool) -> tuple[bool, Any] | bool:
    """``False`` when a card of value ``v`` captures nothing on ``key``, else whether it
    sweeps and its capture plan (:meth:`~engine.krypkasino.capture.CaptureInfo.plan`)."""
    info = capture.analyse(v, key)
    if not info.captures:
        return False
    plan = None if maximal else info.plan_maximum
    return info.sweeps, plan if plan is not None else info.plan(maximal)


def expand_ids(key: int, cols: list[list[int]]) -> list[list[int]]:
    """Spread packed values over the table's card ids: every distinct choice of copies.

    ``cols[x]`` holds the ids of value x in ascending order, so each choice comes out in
    the canonical order (by value, then suit).
    """
    single: list[int] = []
    per: list[tuple[int, list[tuple[int, ...]]]] | None = None
    x = 0
    while key:
        key >>= 5
        x += 1
        m = key & _FIELD
        if not m:
            continue
        have = cols[x]
        if m == len(have):
            single.extend(have)
        else:
            if per is None:
                per = []
            per.append((len(single), sorted(set(itertools.combinations(have, m)))))
            single.append(-x)  # placeholder: this value's copies are chosen below
    if per is None:
        return [single]
    out: list[list[int]] = [[]]
    pos = 0
    for at, options in per:
        fixed = single[pos:at]
        out = [prefix + fixed + list(o) for prefix in out for o in options]
        pos = at + 1
    tail = single[pos:]
    return [prefix + tail for prefix in out]


_SWEEPERS: dict[int, tuple[int, ...]] = {}


def sweeping_values(key: int) -> tuple[int, ...]:
    """Hand values (2..14) of the cards that would take the whole table ``key`` (C-7; a
    sweep is then compulsory under C-8)."""
    if not key:
        return ()
    got = _SWEEPERS.get(key)
    if got is None:
        if len(_SWEEPERS) > _ROWS_LIMIT:
            _SWEEPERS.clear()
        got = _SWEEPERS[key] = tuple(v for v in range(2, 15) if capture.analyse(v, key).sweeps)
    return got


def legal_moves(hand: Sequence[int], key: int, cols: list[list[int]], table: Sequence[int],
                rules: KrypkasinoRules) -> list[Move]:
    """Every distinct legal play of ``hand`` (sorted ids) on the table ``table`` (its
    ids, ``cols`` and packed ``key``): C-5 to C-8 as
    :meth:`~engine.krypkasino.state.KrypkasinoState.legal_actions` lists them, in the
    same order."""
    maximal = rules.capture == "maximal"
    rows = _ROWS_MAXIMAL if maximal else _ROWS
    row = rows.get(key)
    if row is None:
        if len(rows) > _ROWS_LIMIT:
            rows.clear()
        row = rows[key] = _NEW_ROW[:]
    forced = rules.forced_sweep
    out: list[Move] = []
    sweepers: list[int] | None = None
    previous = -1
    entry_at = _ENTRY_AT
    for i in hand:  # sorted, so identical cards are neighbours
        if i == previous:
            continue
        previous = i
        entry = row[entry_at[i]]
        if entry is None:
            v = HAND_VALUE[i]
            entry = row[52 + v] = _row_entry(v, key, maximal)
        if entry is False:  # captures nothing: a trail
            out.append(TRAIL_MOVES[i])
            continue
        sweeps, plan = entry
        if sweeps:
            if sweepers is None:
                sweepers = []
            sweepers.append(i)
        if sweepers is not None and forced:
            continue  # C-8: only the sweeping cards will be offered
        for t, whole_values in plan:
            if whole_values is not None:
                if len(whole_values) == 1:
                    out.append((i, tuple(cols[whole_values[0]])))
                else:
                    out.append((i, tuple([j for x in whole_values for j in cols[x]])))
            else:
                for take in expand_ids(t, cols):
                    out.append((i, tuple(take)))
    if sweepers is not None and forced:
        whole = tuple(sorted_ids(table))
        return [(i, whole) for i in sweepers]
    return out


class FastState(Protocol):
    """What :func:`random_playout` reads and writes of a Krypkasino state."""

    rules: KrypkasinoRules
    players: int
    deal_index: int
    table: list[int]
    cols: list[list[int]]
    hands: list[list[int]]
    captured: list[list[int]]
    play_log: list[list[tuple[int, list[int]]]]
    turn: int
    previous: int
    table_key: int
    play_index: int
    in_hands: int
    last_capturer: int | None

    @property
    def playing(self) -> bool: ...

    def score_sweep(self, seat: int, play: int, pair: bool) -> Any: ...

    def lot_played(self) -> None: ...


def _count_of(entry: tuple[bool, Any] | bool) -> int:
    """What a row counts for a card (see ``_ROWS``): 1 for a trail, the number of its
    captures when each takes whole values and none sweeps, ``_SWEEPING`` for a card
    that can sweep, else ``_UNCOUNTED`` (the copies to take must be listed)."""
    if entry is False:
        return 1
    sweeps, plan = entry  # type: ignore[misc]
    if sweeps:
        return _SWEEPING
    for _t, whole_values in plan:
        if whole_values is None:
            return _UNCOUNTED
    return len(plan)


def _count_hand(row: list[Any], hand: list[int], key: int, maximal: bool) -> int:
    """Fill ``row``'s counts for the values of ``hand`` not yet asked (every card of
    such a value at once) and return the hand's sum of counts (see ``_ROWS``)."""
    total = 0
    for i in hand:
        c = row[i]
        if c == _UNKNOWN:
            v = HAND_VALUE[i]
            entry = row[52 + v]
            if entry is None:
                entry = row[52 + v] = _row_entry(v, key, maximal)
            c = _count_of(entry)
            for j in _SAME_VALUE[v]:
                row[j] = c
        total += c
    return total


def _pick_distinct(row: list[Any], hand: list[int], u: float) -> tuple[int, int]:
    """For a hand holding a card twice, whose plays are listed once: the card and the
    index among its plays that draw ``u`` names over the distinct cards' counts."""
    ids = list(dict.fromkeys(hand))
    total = 0
    for i in ids:
        total += row[i]
    pick = math.floor(u * total)
    for cid in ids:
        c = row[cid]
        if pick < c:
            return cid, pick
        pick -= c
    raise AssertionError("the index lies within the total")  # pragma: no cover


def random_playout(state: FastState, rnd: Any, to_end_of_deal: bool = False) -> int:
    """Play uniformly random legal plays on ``state`` until the session ends (or, with
    ``to_end_of_deal``, until the current deal has ended); return how many.

    The play is ``moves[int(rnd.random() * len(moves))]`` of :func:`legal_moves` each
    time (``rnd`` has a ``random()`` method), so a playout is exactly the loop of
    ``legal_moves()`` and ``apply_move`` with that choice (tested), with the state's
    fields in local variables (written back once a lot, or before a sweep is scored).

    Most positions need no list of moves: when every card of the hand trails or takes
    whole values of the table and none can sweep (and the hand holds no card twice),
    the moves of each card are counted from the cached row (``_ROWS``), the index is
    drawn over their total, and only the move it names is built - the one
    ``legal_moves`` would list at that index, since it lists each card's moves in hand
    order. Other positions pick from ``legal_moves``.
    """
    random_ = rnd.random
    floor = math.floor  # int() of a float at least 0, as a cheaper call
    deal = state.deal_index
    plays = 0
    ones, tvs, entry_at, clear, trail_logs = ONE, TABLE_VALUE, _ENTRY_AT, _CLEAR, TRAIL_LOGS
    sweeping, uncounted, unknown, new_row = _SWEEPING, _UNCOUNTED, _UNKNOWN, _NEW_ROW
    rules = state.rules
    maximal = rules.capture == "maximal"
    forced = rules.forced_sweep
    rows = _ROWS_MAXIMAL if maximal else _ROWS
    n = state.players
    following = tuple((s + 1) % n for s in range(n))
    preceding = tuple((s - 1) % n for s in range(n))
    while state.playing and not (to_end_of_deal and state.deal_index != deal):
        # One lot: the lists below keep their identity until the lot ends, and each
        # play takes one card from the hands.
        table, cols, hands, captured = state.table, state.cols, state.hands, state.captured
        log = state.play_log[-1]
        seat = state.turn
        first = state.previous  # who played before the first play here
        key = state.table_key
        start = state.play_index
        left = state.in_hands
        # Whether each hand holds no card twice (its plays are then one run a card).
        single = [len(set(h)) == len(h) for h in hands]
        capturer = -1
        for play in range(start, start + left):
            hand = hands[seat]
            try:
                row = rows[key]
            except KeyError:
                if len(rows) > _ROWS_LIMIT:
                    rows.clear()
                row = rows[key] = new_row[:]
            total = 0
            for i in hand:
                total += row[i]
            while True:  # once, or twice when a card's plays were not yet counted
                if total < sweeping:
                    # Counted: draw the index over every card's plays and build the
                    # one move it names.
                    if single[seat]:
                        pick = floor(random_() * total)
                        if total == len(hand):  # one play a card
                            cid = hand.pop(pick)
                            pick = 0
                        else:
                            for cid in hand:
                                c = row[cid]
                                if pick < c:
                                    break
                                pick -= c
                            hand.remove(cid)
                    else:  # a card held twice has its plays listed once
                        cid, pick = _pick_distinct(row, hand, random_())
                        hand.remove(cid)
                    entry = row[entry_at[cid]]
                    if entry is False:
                        log.append(trail_logs[cid])
                        table.append(cid)
                        key += ones[cid]
                        insort(cols[tvs[cid]], cid)
                        break
                    whole_values = entry[1][pick][1]
                    if len(whole_values) == 1:
                        x = whole_values[0]
                        take = cols[x]
                        cols[x] = []
                        key &= clear[x]
                    else:
                        take = []
                        for x in whole_values:
                            take += cols[x]
                            cols[x] = []
                            key &= clear[x]
                    log.append((cid, take))
                    for j in take:
                        table.remove(j)
                    pile = captured[seat]
                    pile += take
                    pile.append(cid)
                    capturer = seat
                    if not table:  # (a card that can sweep is not counted: not reached)
                        state.previous = first if play == start else preceding[seat]
                        state.score_sweep(seat, play, len(take) == 1 and take[0] == cid)
                    break
                if total < uncounted and forced:
                    # C-8: one of the cards that sweep, in hand order, takes the whole
                    # table (by value, then id: the columns in turn).
                    sweepers = [i for i in dict.fromkeys(hand) if row[i] == sweeping]
                    cid = sweepers[floor(random_() * len(sweepers))]
                    hand.remove(cid)
                    take = []
                    for column in cols:
                        if column:
                            take += column
                            column.clear()
                    table.clear()
                    key = 0
                    log.append((cid, take))
                    pile = captured[seat]
                    pile += take
                    pile.append(cid)
                    capturer = seat
                    state.previous = first if play == start else preceding[seat]
                    state.score_sweep(seat, play, len(take) == 1 and take[0] == cid)
                    break
                if total >= unknown:  # count the new cards' plays, then again
                    total = _count_hand(row, hand, key, maximal)
                    continue
                # Not counted (copies to choose, or a sweep C-8 does not force): the
                # full list.
                out = legal_moves(hand, key, cols, table, rules)
                cid, taken = out[floor(random_() * len(out))]
                hand.remove(cid)
                if taken:
                    take = list(taken)
                    log.append((cid, take))
                    lone = len(table) == 1
                    for j in take:
                        table.remove(j)
                        cols[tvs[j]].remove(j)
                        key -= ones[j]
                    pile = captured[seat]
                    pile += take
                    pile.append(cid)
                    capturer = seat
                    if not table:
                        state.previous = first if play == start else preceding[seat]
                        state.score_sweep(seat, play, lone and take[0] == cid)
                else:
                    log.append(trail_logs[cid])
                    table.append(cid)
                    key += ones[cid]
                    insort(cols[tvs[cid]], cid)
                break
            seat = following[seat]
        plays += left
        if capturer >= 0:
            state.last_capturer = capturer
        state.turn, state.previous, state.table_key = seat, preceding[seat], key
        state.play_index = start + left
        state.in_hands = 0
        state.lot_played()
    return plays
