"""The Krypkasino game state with the OpenSpiel-style verbs of :mod:`engine.game`.

A state is a whole session (C-15): deals one after another, the deal passing to the left.
Within a deal the current player plays one card; an action is a :class:`Play`, the card
and the collection it takes (``()`` for a trail). :meth:`KrypkasinoState.legal_actions`
lists every distinct choice; :meth:`~KrypkasinoState.apply` checks an action, refuses it
with the rule that forbids it (leaving the state unchanged) or applies it and returns the
events; :meth:`~KrypkasinoState.apply_unchecked` is the fast path for simulations.

>>> s = KrypkasinoState.new_game(players=2, seed=7)
>>> s.phase, s.current_player() == (s.dealer + 1) % 2
(<Phase.PLAY: 'play'>, True)
>>> while not s.is_terminal():
...     s.apply_unchecked(s.legal_actions()[0])
>>> sum(s.scores()), s.deals_played
(84, 2)
"""

from __future__ import annotations

import enum
import sys
from array import array
from bisect import insort
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import filterfalse
from operator import add as _add
from operator import itemgetter
from operator import mod as _mod
from typing import Any, NamedTuple

from engine.cards import DECK, Card
from engine.errors import IllegalActionError, InvalidActionError
from engine.game import CHANCE, Deal, Outcome, Ranking, best_seats, outcome_of
from engine.krypkasino import capture as _cap
from engine.krypkasino import fast as _fast
from engine.krypkasino.events import (
    Captured,
    DealScored,
    DealStarted,
    FaceCardsSetAside,
    KrypkasinoEvent,
    LastLot,
    LeftoversAwarded,
    NewLot,
    SessionOver,
    Swept,
    Trailed,
)
from engine.krypkasino.rules import (
    LOT_CARDS,
    LOT_PACKETS,
    KrypkasinoRules,
    deal_sizes,
)
from engine.rng import Rng

__all__ = [
    "Phase", "Play", "SweepRecord", "DealResult", "CardOptions", "KrypkasinoSeatView", "DealCards",
    "KrypkasinoState", "deal_from_seed", "check_deal_cards", "winners_of",
    "RANKING",
]


class Phase(enum.Enum):
    """Where the session is: waiting for the cards of a deal, playing, or over."""

    DEAL = "deal"
    PLAY = "play"
    GAME_OVER = "game-over"


class Play(NamedTuple):
    """One action: ``card`` from the hand and the table cards it ``take``-s.

    ``take`` is the collection without grouping, ``()`` for a trail. ``None`` asks the
    engine to choose, which :meth:`KrypkasinoState.apply` accepts only when the card has a
    single legal collection (otherwise C-6 makes the player choose).
    """

    card: Card
    take: tuple[Card, ...] | None = ()

    def __str__(self) -> str:
        """``7♠ → 3♦ 4♣`` (a capture) or ``7♠`` (a trail): the play page's notation."""
        take = tuple(self.take or ())
        return f"{self.card} → {' '.join(str(c) for c in take)}" if take else str(self.card)


class SweepRecord(NamedTuple):
    """A sweep of a deal: ``play`` is the index of the play in the deal."""

    play: int
    seat: int
    victim: int
    points: int
    double: bool


@dataclass(frozen=True)
class DealResult:
    """The figures of one deal (finished, or so far): those of a record's outcome."""

    deal: int
    dealer: int
    finished: bool
    card_points: tuple[int, ...]
    sweep_points: tuple[int, ...]
    scores: tuple[int, ...]
    last_capturer: int | None
    sweeps: tuple[SweepRecord, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer, "finished": self.finished,
            "card_points": list(self.card_points), "sweep_points": list(self.sweep_points),
            "scores": list(self.scores), "last_capturer": self.last_capturer,
            "sweeps": [s._asdict() for s in self.sweeps],
        }


@dataclass(frozen=True)
class CardOptions:
    """What one card in the current hand would do (for pages and the sweep explanation).

    ``collections`` are the distinct legal choices for this card as the rules stand (a
    single ``()`` when it trails); ``sweeps`` whether it can take the whole table;
    ``double`` whether that would be a double (C-10); ``allowed`` whether C-8 lets it be
    played now.
    """

    card: Card
    value: int
    captures: bool
    max_size: int
    collections: tuple[tuple[Card, ...], ...]
    sweeps: bool
    double: bool
    allowed: bool


@dataclass(frozen=True)
class KrypkasinoSeatView:
    """What ``seat`` may see: its own hand and everything public, never other hands."""

    seat: int
    players: int
    phase: Phase
    deal: int
    dealer: int
    current_player: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    table: tuple[Card, ...]
    stock: int
    lot: int
    lots: int
    last_lot: bool
    spade_faces: tuple[Card, ...]
    captured_counts: tuple[int, ...]
    sweep_points: tuple[int, ...]
    totals: tuple[int, ...]
    last_capturer: int | None


class DealCards(NamedTuple):
    """The cards of one deal: hands (index = seat), initial table (before C-3), stock."""

    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]
    stock: tuple[Card, ...]


# -- card tables by index (0..51): the hot loops work on ints (engine/krypkasino/fast.py) --
_TV = _fast.TABLE_VALUE
_HV = _fast.HAND_VALUE
_PTS = _fast.POINTS
#: Byte ``i`` is card id ``i``'s points (C-12): a translation table for ``bytes.translate``.
_PTS_BYTES = bytes(_PTS) + bytes(256 - len(_PTS))
_FACE = _fast.IS_FACE
_SPADE = _fast.IS_SPADE
_IS_FACE = _FACE.__getitem__
_IS_SPADE = _SPADE.__getitem__
_ONE = _fast.ONE
_BY_OBJECT = {id(c): i for i, c in enumerate(DECK)}
_HOUSE_RULES = KrypkasinoRules()
_new_play = tuple.__new__


#: The trail of each card (a play taking nothing), shared by every legal-action list.
_TRAILS = tuple(Play(c, ()) for c in DECK)
#: A move of :meth:`KrypkasinoState.legal_moves`: the card id and the ids it takes.
Move = _fast.Move


def _cid(card: Card) -> int:
    i = _BY_OBJECT.get(id(card))
    return card.index if i is None else i


def _cards(ids: Iterable[int]) -> tuple[Card, ...]:
    return tuple(DECK[i] for i in ids)


_sorted_ids = _fast.sorted_ids
#: The table values of face cards (C-3, C-11) and their fields in a packed table key.
_FACE_VALUES = (11, 12, 13)
_FACE_FIELDS = sum(31 << (5 * x) for x in _FACE_VALUES)
_NO_FACE_FIELDS = ~_FACE_FIELDS
assert _FACE_VALUES == (11, 12, 13) == tuple(range(11, 14))  # the last columns of _no_cols
_LotPlan = tuple[tuple[int, Callable[[Sequence[int]], tuple[int, ...]]], ...]
_LOT_PLANS: dict[tuple[int, int, int], _LotPlan] = {}


def _lot_plan(players: int, dealer: int, pos: int) -> _LotPlan:
    """C-11's lot from stock position ``pos``: each packet of LOT_PACKETS to every player
    clockwise from the dealer's left in turn; per seat, an itemgetter of its cards'
    positions in the stock."""
    at: list[list[int]] = [[] for _ in range(players)]
    for packet in LOT_PACKETS:
        for k in range(1, players + 1):
            at[(dealer + k) % players] += range(pos, pos + packet)
            pos += packet
    assert sum(LOT_PACKETS) == LOT_CARDS and LOT_CARDS > 1  # each itemgetter: a tuple
    return tuple((seat, itemgetter(*a)) for seat, a in enumerate(at))


def _no_cols() -> list[list[int]]:
    """An empty table's columns: one list per table value 0..13."""
    return [[], [], [], [], [], [], [], [], [], [], [], [], [], []]


#: Krypkasino's lowest total wins (C-15).
RANKING: Ranking = "lowest-total"


def winners_of(totals: Sequence[int]) -> list[int]:
    """Seats with the lowest total (C-15): equal lowest totals share the win."""
    return list(best_seats(totals, RANKING))


def deal_from_seed(players: int, dealer: int, seed: int) -> DealCards:
    """Shuffle the two decks with ``seed`` and deal them as C-2 says.

    The first packet goes to every player clockwise from the dealer's left, then the
    second packet, then the table cards; the rest is the stock, top card first.
    """
    hands, table, stock = _deal_ids(players, dealer, seed)
    return DealCards(tuple(_cards(h) for h in hands), _cards(table), _cards(stock))


_DealIds = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]


_MASK = (1 << 64) - 1
#: The two decks as card ids, in order, before a shuffle.
TWO_DECKS = list(range(52)) * 2
#: C-2's sizes per player count (``deal_sizes`` checks the count and builds them anew).
_SIZES = {p: deal_sizes(p) for p in range(2, 7)}
#: Per n: the first SplitMix64 output that ``Rng.below(n)`` rejects (redraws).
DRAW_LIMITS = tuple(0 if n == 0 else (1 << 64) - ((1 << 64) % n) for n in range(105))


def shuffled_ids_sequential(seed: int) -> list[int]:
    """:func:`shuffled_ids` one SplitMix64 output at a time, the rejection (``below()`` of
    :class:`~engine.rng.Rng`) included: the reference, and the path when an output
    would be rejected (about once in 10^17 deals)."""
    cards = TWO_DECKS[:]
    state = seed & 0xFFFFFFFFFFFFFFFF
    limits = DRAW_LIMITS
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        z ^= z >> 31
        while z >= limits[n]:  # rejection (below() of Rng): almost never
            state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            z ^= z >> 31
        j = z % n
        cards[i], cards[j] = cards[j], cards[i]
    return cards


# The 103 SplitMix64 outputs of a shuffle, computed at once: output k (from 1) sits in
# lane k - 1, the 64 low bits of a 128-bit field of one big int. Each step of the mix
# works lane by lane: a sum of two lanes is below 2^65 and a product of a lane with a
# 64-bit constant below 2^128, so nothing spills into the next lane; the right shifts
# bring a neighbour's low bits into the 64 high bits of a field, which ``_LANES`` clears.
_DRAWS = len(TWO_DECKS) - 1
_LANES = sum(_MASK << (128 * k) for k in range(_DRAWS))
_LANE_ONES = sum(1 << (128 * k) for k in range(_DRAWS))
_LANE_STEPS = sum((((k + 1) * 0x9E3779B97F4A7C15) & _MASK) << (128 * k)
                  for k in range(_DRAWS))
#: The smallest rejection bound of the shuffle's draws: an output below it is never
#: rejected (``DRAW_LIMITS[n] >= 2^64 - n``).
_NEVER_REJECTED = min(DRAW_LIMITS[2:len(TWO_DECKS) + 1])
#: Added to every lane, it carries into the lane's bit 64 (one of ``_LANE_CARRIES``)
#: exactly when the lane's output is at least ``_NEVER_REJECTED``: one test of the whole
#: shuffle rather than a look at each of the 103 outputs.
_LANE_REJECTS = sum(((1 << 64) - _NEVER_REJECTED) << (128 * k) for k in range(_DRAWS))
_LANE_CARRIES = _LANE_ONES << 64
_SWAP_AT = tuple(range(len(TWO_DECKS) - 1, 0, -1))
_SWAP_SPAN = tuple(i + 1 for i in _SWAP_AT)
#: Whether ``array("Q")`` reads the little-endian bytes of the lanes as 64-bit words.
_WORDS_READ = sys.byteorder == "little" and array("Q").itemsize == 8


def shuffled_ids(seed: int) -> list[int]:
    """The two decks as card ids, shuffled exactly as ``Rng(seed).shuffle`` would (the
    same SplitMix64 stream and Fisher–Yates): every deal needs it, so the 103 outputs
    are mixed at once on packed lanes (see ``_LANES``); were one of them rejected by
    ``below()``, the stream would shift, and the sequential code deals instead."""
    if not _WORDS_READ:
        return shuffled_ids_sequential(seed)
    x = ((seed & 0xFFFFFFFFFFFFFFFF) * _LANE_ONES + _LANE_STEPS) & _LANES
    x = ((x ^ ((x >> 30) & _LANES)) * 0xBF58476D1CE4E5B9) & _LANES
    x = ((x ^ ((x >> 27) & _LANES)) * 0x94D049BB133111EB) & _LANES
    x ^= (x >> 31) & _LANES
    if (x + _LANE_REJECTS) & _LANE_CARRIES:
        return shuffled_ids_sequential(seed)
    draws = array("Q", x.to_bytes(_DRAWS * 16, "little"))[::2]
    cards = TWO_DECKS[:]
    for i, j in zip(_SWAP_AT, map(_mod, draws, _SWAP_SPAN), strict=True):
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def _deal_ids(players: int, dealer: int, seed: int) -> _DealIds:
    return deal_ids_from_order(players, dealer, shuffled_ids(seed))


def deal_ids_from_order(players: int, dealer: int, cards: Sequence[int]) -> _DealIds:
    """Deal the card ids ``cards`` (the shuffled decks, top first) as C-2 says: the
    first packet to every player clockwise from the dealer's left, then the second
    packet, then the table; the rest is the stock. (``deal_from_seed`` deals this way.)"""
    plan = _DEAL_PLANS.get((players, dealer))
    if plan is None:
        plan = _DEAL_PLANS[players, dealer] = _deal_plan(players, dealer)
    hands, table_at, stock_at = plan
    return (tuple([hand(cards) for hand in hands]), tuple(cards[table_at:stock_at]),
            tuple(cards[stock_at:]))


_DealPlan = tuple[tuple[Callable[[Sequence[int]], tuple[int, ...]], ...], int, int]
_DEAL_PLANS: dict[tuple[int, int], _DealPlan] = {}


def _deal_plan(players: int, dealer: int) -> _DealPlan:
    """Where each seat's hand lies in the shuffled decks (C-2's packets, clockwise from
    the dealer's left: an itemgetter of its positions, by seat), then where the table
    and the stock begin."""
    sizes = deal_sizes(players)
    at: list[list[int]] = [[] for _ in range(players)]
    pos = 0
    for packet in sizes.packets:
        for k in range(1, players + 1):
            at[(dealer + k) % players] += range(pos, pos + packet)
            pos += packet
    assert all(len(a) > 1 for a in at)  # so each itemgetter gives a tuple
    return tuple(itemgetter(*a) for a in at), pos, pos + sizes.table


def check_deal_cards(players: int, hands: Sequence[Sequence[Card]], table: Sequence[Card],
                     stock: Sequence[Card]) -> None:
    """Refuse (InvalidActionError) cards that are not a C-2 deal of the 104 cards."""
    sizes = deal_sizes(players)
    if len(hands) != players or any(len(h) != sizes.hand for h in hands):
        raise InvalidActionError("krypkasino.bad-deal-sizes", players=players, hand=sizes.hand,
                                 table=sizes.table, stock=sizes.stock)
    if len(table) != sizes.table or len(stock) != sizes.stock:
        raise InvalidActionError("krypkasino.bad-deal-sizes", players=players, hand=sizes.hand,
                                 table=sizes.table, stock=sizes.stock)
    counts = [0] * 52
    for group in (*hands, table, stock):
        for c in group:
            counts[c.index] += 1
    for i, n in enumerate(counts):
        if n != 2:
            raise InvalidActionError("krypkasino.bad-deal-copies", card=DECK[i], count=n)


class KrypkasinoState:
    """A Krypkasino session in progress. Build it with :meth:`new` (seeded) or
    :meth:`from_cards` (explicit cards, e.g. from a record or a scenario)."""

    def __init__(self, players: int, rules: KrypkasinoRules | None = None, *,
                 first_dealer: int = 0, seed: int | None = None,
                 explicit_deals: bool = False) -> None:
        """An empty session waiting for its first deal (``Phase.DEAL``, the chance step of
        :mod:`engine.game`).

        With ``seed`` the session knows its deals: the first dealer and every deal seed
        come from the seed (see :meth:`new_game`); it applies each deal itself unless
        ``explicit_deals``.
        """
        self.rules = rules if rules is not None else _HOUSE_RULES
        sizes = _SIZES.get(players) if type(players) is int else None
        self.sizes = sizes if sizes is not None else deal_sizes(players)
        self.players = players
        if isinstance(first_dealer, bool) or not isinstance(first_dealer, int) or not (
            0 <= first_dealer < players
        ):
            raise InvalidActionError("common.bad-seat", seat=first_dealer,
                                     players_minus_one=players - 1)
        self.session_length = self.rules.session_length(players)
        self._rng = Rng(seed) if seed is not None else None
        self.seed = seed
        self._phase = Phase.DEAL
        self.deal_index = -1
        self.dealer = first_dealer
        self.first_dealer = first_dealer
        self.totals = [0] * players
        self.results: list[DealResult] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.table: list[int] = []
        #: The table's card ids by value (ascending ids), kept in step with ``table``.
        self.cols: list[list[int]] = _no_cols()
        self.table_key = 0
        self.stock: list[int] = []
        self.stock_pos = 0
        self.captured: list[list[int]] = [[] for _ in range(players)]
        self.spade_pile: list[int] = []
        self.out_of_play: list[int] = []
        self.turn = 0
        self.previous = 0
        self.lot = 0
        self.in_hands = 0
        self.last_capturer: int | None = None
        self.sweep_points = [0] * players
        self.sweeps: list[SweepRecord] = []
        self.play_index = 0
        #: The table right after the last checked play (:meth:`apply`), before a new lot's
        #: face cards (C-11) or the deal's leftovers (C-12) leave it.
        self.table_after_play: tuple[Card, ...] = ()
        #: Per deal: (dealer, seed or None, (hands, table, stock) as ids) and the plays.
        self.deal_log: list[tuple[int, int | None, _DealIds]] = []
        #: (card id, ids taken) per play; the lists are never changed once logged (clones
        #: share the entries, and the fast playout one ``(id, [])`` per card for trails).
        self.play_log: list[list[tuple[int, list[int]]]] = []
        self._legal: list[Play] | None = None
        #: The legal moves (card id, ids taken), in the order of ``_legal``.
        self._moves: list[Move] | None = None
        #: When a list, every call that narrates events also records the *moments* of the
        #: call: ``(events so far, a copy of the state then)`` at each point where the
        #: state is whole (after the play, after a new lot, after the leftovers, after the
        #: score, after a deal and after its face cards), so a walkthrough shows each of
        #: them from the engine's own state. Copies do not record.
        self.moments: list[tuple[int, KrypkasinoState]] | None = None
        self._auto_deal = self._rng is not None and not explicit_deals
        if self._rng is not None:
            self.dealer = self.first_dealer = self._rng.below(players)
            if self._auto_deal:
                self._next_seeded_deal(None)

    # -- construction ---------------------------------------------------------------------
    @classmethod
    def new_game(cls, players: int, rules: KrypkasinoRules | None = None, seed: int = 0, *,
                 explicit_deals: bool = False) -> KrypkasinoState:
        """A seeded session: the same seed always gives the same dealer and cards. With
        ``explicit_deals`` it stops at each deal (``current_player()`` is
        :data:`~engine.game.CHANCE`) until a :class:`~engine.game.Deal` is applied."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidActionError("krypkasino.bad-seed", seed=seed)
        return cls(players, rules, seed=seed, explicit_deals=explicit_deals)

    @classmethod
    def from_cards(cls, players: int, dealer: int, hands: Sequence[Sequence[Card]],
                   table: Sequence[Card], stock: Sequence[Card],
                   rules: KrypkasinoRules | None = None) -> KrypkasinoState:
        """A session whose first deal has these cards (checked: C-2 sizes, 104 cards)."""
        state = cls(players, rules, first_dealer=dealer)
        state.apply(Deal(cards=DealCards(tuple(map(tuple, hands)), tuple(table),
                                         tuple(stock))))
        return state

    @classmethod
    def scenario(cls, players: int, hands: Sequence[Sequence[Card]], table: Sequence[Card], *,
                 dealer: int = 0, turn: int | None = None, stock: Sequence[Card] = (),
                 rules: KrypkasinoRules | None = None) -> KrypkasinoState:
        """A position built by hand for lessons and tests: any hands, table and stock.

        The cards need not be a whole deal (the 104-card checks are skipped); later lots
        are dealt from ``stock`` as usual and face cards on ``table`` stay where they are.
        """
        state = cls(players, rules, first_dealer=dealer)
        state.deal_index = 0
        ids: _DealIds = (tuple(tuple(_cid(c) for c in h) for h in hands),
                         tuple(_cid(c) for c in table), tuple(_cid(c) for c in stock))
        state.deal_log.append((dealer, None, ids))
        state.play_log.append([])
        state.hands = [sorted(h) for h in ids[0]]
        state._set_table(list(ids[1]))
        state.stock = list(ids[2])
        state.in_hands = sum(len(h) for h in state.hands)
        state.turn = (dealer + 1) % players if turn is None else turn
        state.previous = (state.turn - 1) % players
        state.lot = 1
        state._phase = Phase.PLAY
        return state

    def _deal(self, deal: Deal, events: list[KrypkasinoEvent] | None) -> None:
        """The chance step: deal the next deal from ``deal``'s seed or its cards (a
        :class:`DealCards`); ``Phase.DEAL`` only. A seeded session's stream of deal seeds
        moves on by one, whichever deal is applied."""
        if self._phase is not Phase.DEAL:
            raise IllegalActionError("krypkasino.not-dealing", rule="C-11")
        seed = deal.seed
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise InvalidActionError("krypkasino.bad-seed", seed=seed)
            ids = _deal_ids(self.players, self.dealer, seed)
        else:
            cards = deal.cards
            if not isinstance(cards, DealCards):
                raise InvalidActionError("krypkasino.bad-deal-sizes", players=self.players,
                                         hand=self.sizes.hand, table=self.sizes.table,
                                         stock=self.sizes.stock)
            hands, table, stock = cards
            check_deal_cards(self.players, hands, table, stock)
            ids = (tuple(tuple(_cid(c) for c in h) for h in hands),
                   tuple(_cid(c) for c in table), tuple(_cid(c) for c in stock))
        if self._rng is not None:
            self._rng.next_u64()
        self._begin_deal(ids, seed, events)

    def _next_deal_seed(self) -> int | None:
        """The deal seed the session's seed gives for the next deal (``None`` unseeded)."""
        if self._rng is None:
            return None
        rng = Rng(0)
        rng._state = self._rng._state
        return rng.next_u64()

    def _next_seeded_deal(self, events: list[KrypkasinoEvent] | None) -> None:
        """A seeded session deals its next deal itself: what ``_deal(Deal(seed=...))``
        does with the seed :meth:`_next_deal_seed` gives (``Phase.DEAL``; the stream of
        deal seeds moves on by that one)."""
        assert self._rng is not None
        seed = self._rng.next_u64()
        self._begin_deal(deal_ids_from_order(self.players, self.dealer, shuffled_ids(seed)),
                         seed, events)

    def _begin_deal(self, ids: _DealIds, seed: int | None,
                    events: list[KrypkasinoEvent] | None) -> None:
        n = self.players
        self.deal_index += 1
        self.deal_log.append((self.dealer, seed, ids))
        self.play_log.append([])
        hands, table, stock = ids
        self.hands = list(map(sorted, hands))  # kept sorted: legal actions in card order
        self.stock = list(stock)
        self.stock_pos = 0
        piles: list[list[int]] = [[], [], [], [], [], []]  # (at most 6 players)
        self.captured = piles[:n]
        self.spade_pile = []
        self.out_of_play = []
        self.in_hands = sum(map(len, hands))
        self.last_capturer = None
        self.sweep_points = [0] * n
        self.sweeps = []
        self.play_index = 0
        self.lot = 1
        self.turn = (self.dealer + 1) % n
        self.previous = self.dealer
        self._phase = Phase.PLAY
        self._legal = self._moves = None
        if events is not None:
            events.append(DealStarted(self.deal_index, self.dealer,
                                tuple(_cards(h) for h in hands), _cards(table), len(stock),
                                self.sizes.packets))
        self._set_table(list(table))
        if events is not None:
            self._moment(events)
        if self.table_key & _FACE_FIELDS:
            self._remove_face_cards(events)
        if events is not None:
            self._moment(events)

    def _moment(self, events: list[KrypkasinoEvent] | None) -> None:
        """Record a moment of the call (see :attr:`moments`)."""
        if events is not None and self.moments is not None:
            self.moments.append((len(events), self.clone()))

    def _set_table(self, table: list[int]) -> None:
        self.table = table
        cols = _no_cols()
        key = 0
        for i in sorted(table):
            cols[_TV[i]].append(i)
            key += _ONE[i]
        self.table_key = key
        self.cols = cols

    def opening_events(self) -> list[KrypkasinoEvent]:
        """The events that opened the current deal: the deal itself and the face cards
        taken off its table. A seeded session deals before anyone asks, so a walkthrough
        reads its first steps here."""
        return self.deal_opening_events(self.deal_index)

    def deal_opening_events(self, index: int) -> list[KrypkasinoEvent]:
        """The events that opened deal ``index`` (0-based; ``[]`` for no such deal)."""
        if not 0 <= index < len(self.deal_log):
            return []
        dealer, _seed, (hands, table, stock) = self.deal_log[index]
        events: list[KrypkasinoEvent] = [DealStarted(index, dealer, tuple(_cards(h) for h in hands),
                                               _cards(table), len(stock), self.sizes.packets)]
        faces = [i for i in table if _FACE[i]]
        if faces:
            events.append(FaceCardsSetAside(
                _cards(faces), _cards([i for i in faces if _SPADE[i]]),
                _cards([i for i in faces if not _SPADE[i]]), 1))
        return events

    def deals_dealt(self) -> list[tuple[int, int | None, DealCards]]:
        """Every deal so far: its dealer, its seed (None for explicit cards), its cards."""
        return [(dealer, seed, DealCards(tuple(_cards(h) for h in ids[0]), _cards(ids[1]),
                                         _cards(ids[2])))
                for dealer, seed, ids in self.deal_log]

    def _remove_face_cards(self, events: list[KrypkasinoEvent] | None) -> None:
        """C-3 / C-11: J Q K leave the table; spade faces to their pile, others out."""
        table = self.table
        faces = list(filter(_IS_FACE, table))
        if not faces:
            return
        self.table = list(filterfalse(_IS_FACE, table))
        self.cols[11:] = [], [], []  # the columns of J, Q, K (_FACE_VALUES)
        self.table_key &= _NO_FACE_FIELDS
        self.spade_pile += filter(_IS_SPADE, faces)
        self.out_of_play += filterfalse(_IS_SPADE, faces)
        if events is not None:
            events.append(FaceCardsSetAside(
                _cards(faces), _cards(filter(_IS_SPADE, faces)),
                _cards(filterfalse(_IS_SPADE, faces)), self.lot))

    # -- the verbs ------------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return self._phase

    def current_player(self) -> int | None:
        """The seat to play, :data:`~engine.game.CHANCE` when a deal is due, ``None``
        once the session is over."""
        phase = self._phase
        if phase is Phase.PLAY:
            return self.turn
        return CHANCE if phase is Phase.DEAL else None

    def is_terminal(self) -> bool:
        return self._phase is Phase.GAME_OVER

    def scores(self) -> list[int]:
        """Cumulative totals over the finished deals (lowest wins, C-15)."""
        return list(self.totals)

    @property
    def deals_played(self) -> int:
        return len(self.results)

    def chance_outcomes(self) -> list[Deal]:
        """At a chance node (``Phase.DEAL``): the deal the session's seed gives next, or
        ``[]`` when the cards must be given (an unseeded session); elsewhere ``[]``."""
        seed = self._next_deal_seed() if self._phase is Phase.DEAL else None
        return [] if seed is None else [Deal(seed=seed)]

    def returns(self) -> list[int]:
        """The totals oriented so that higher is better: the lowest total wins (C-15), so
        each return is minus the total."""
        return [-t for t in self.totals]

    def winners(self) -> list[int]:
        """Seats with the lowest total so far (C-15; every seat before the first deal
        is scored)."""
        return winners_of(self.totals)

    def outcome(self) -> Outcome | None:
        """Who won and why, once the session is over (``None`` before)."""
        if self._phase is not Phase.GAME_OVER:
            return None
        return outcome_of(self.totals, RANKING)

    def legal_actions(self) -> list[Play]:
        """Every distinct legal play now: each card with each of its legal collections."""
        legal = self._legal
        if legal is None:
            if self._phase is Phase.DEAL:
                return []  # a chance node: see chance_outcomes()
            moves = self._moves = self._compute_moves()
            deck = DECK
            legal = self._legal = [
                _TRAILS[i] if not take else _new_play(Play, (deck[i], tuple(map(
                    deck.__getitem__, take)))) for i, take in moves]
        return list(legal)

    def legal_moves(self) -> list[Move]:
        """The legal plays as card ids, in the order of :meth:`legal_actions`: ``(card
        id, ids of the table cards taken)`` (ids 0..51 are ``DECK`` indexes). The fast
        path of simulations: no :class:`Play` or :class:`Card` objects are built; apply
        one with :meth:`apply_move`."""
        moves = self._moves
        if moves is None:
            moves = self._moves = self._compute_moves()
        return list(moves)

    def _compute_moves(self) -> list[Move]:
        if self._phase is not Phase.PLAY:
            return []
        return _fast.legal_moves(self.hands[self.turn], self.table_key, self.cols, self.table,
                                 self.rules)

    # -- checked apply --------------------------------------------------------------------
    def apply(self, action: Play | Deal,
              groups: Sequence[Sequence[Card]] | None = None) -> list[KrypkasinoEvent]:
        """Apply ``action`` (a play, or the :class:`~engine.game.Deal` of a chance step)
        after checking it; a refusal leaves the state unchanged.

        ``groups`` optionally says how the taken cards are grouped (as a record writes
        them): each group must add up to the card's value (C-5), and the events narrate
        that grouping.
        """
        if isinstance(action, Deal):
            deal_events: list[KrypkasinoEvent] = []
            self._deal(action, deal_events)
            return deal_events
        grouped: list[tuple[Card, ...]] | None = None
        if groups is not None:
            grouped = [tuple(g) for g in groups]
            action = Play(action[0], tuple(c for g in grouped for c in g))
        cid, take = self._check(action, grouped)
        events: list[KrypkasinoEvent] = []
        self._play(cid, take, events, grouped)
        return events

    def check(self, action: Play, groups: Sequence[Sequence[Card]] | None = None) -> None:
        """Raise the refusal :meth:`apply` would raise for ``action``; change nothing."""
        if groups is not None:
            groups = [tuple(g) for g in groups]
            action = Play(action[0], tuple(c for g in groups for c in g))
        self._check(action, groups)

    def _check(self, action: object,
               groups: Sequence[Sequence[Card]] | None = None) -> tuple[int, list[int]]:
        if not isinstance(action, tuple) or len(action) != 2 or not isinstance(action[0], Card):
            raise InvalidActionError("krypkasino.bad-action", action=action)
        card, take = action[0], action[1]
        if take is not None and (not isinstance(take, (tuple, list))
                                 or not all(isinstance(c, Card) for c in take)):
            raise InvalidActionError("krypkasino.bad-action", action=action)
        if self._phase is Phase.GAME_OVER:
            raise IllegalActionError("common.game-over", rule="C-15")
        if self._phase is Phase.DEAL:
            raise IllegalActionError("krypkasino.no-deal", rule="C-2")
        seat = self.turn
        cid = card.index
        if cid not in self.hands[seat]:
            raise IllegalActionError("krypkasino.not-held", rule="C-1", seat=seat, card=card,
                                     hand=_cards(_sorted_ids(self.hands[seat])))
        legal = self._legal if self._legal is not None else self.legal_actions()
        mine = [p.take for p in legal if p.card.index == cid]
        if not mine:
            sweepers = sorted({p.card.index for p in legal})
            key = "krypkasino.must-sweep" if len(sweepers) == 1 else "krypkasino.must-sweep-any"
            raise IllegalActionError(key, rule="C-8", card=card, sweeper=DECK[sweepers[0]],
                                     sweepers=_cards(sweepers))
        choices = [t for t in mine if t is not None]
        if groups is not None:
            self._check_groups(card, groups)
        if take is None:
            if len(choices) == 1:
                return cid, [c.index for c in choices[0]]
            raise IllegalActionError("krypkasino.choose-take", rule="C-6", card=card,
                                     size=len(choices[0]), choices=_choices_text(choices))
        want = sorted(c.index for c in take)
        for t in choices:
            if sorted(c.index for c in t) == want:
                return cid, [c.index for c in t]
        self._explain_bad_take(card, list(take), choices)
        raise AssertionError("unreachable")  # pragma: no cover

    def _explain_bad_take(self, card: Card, take: list[Card],
                          choices: list[tuple[Card, ...]]) -> None:
        on_table = list(self.table)
        for c in take:
            i = c.index
            if i in on_table:
                on_table.remove(i)
            else:
                raise IllegalActionError("krypkasino.not-on-table", rule="C-5", card=c,
                                         table=_cards(_sorted_ids(self.table)))
        v = _HV[card.index]
        if take and _cap.group_collection(v, take) is None:
            raise IllegalActionError("krypkasino.bad-take", rule="C-5", card=card, value=v,
                                     take=tuple(take))
        if not take:
            raise IllegalActionError("krypkasino.must-capture", rule="C-6", card=card,
                                     choices=_choices_text(choices))
        key = "krypkasino.not-maximal" if self.rules.maximal else "krypkasino.not-maximum"
        raise IllegalActionError(key, rule="C-6", card=card, take=tuple(take),
                                 size=len(choices[0]), choices=_choices_text(choices))

    def _check_groups(self, card: Card, groups: Sequence[Sequence[Card]]) -> None:
        """Refuse (C-5) a written grouping whose groups do not each add up to the card.

        Records give a ``take`` as groups; each must be one card of the played value or
        cards adding up to it (an ace from the hand counts 14, on the table 1).
        """
        on_table = list(self.table)
        for group in groups:
            for c in group:
                if c.index in on_table:
                    on_table.remove(c.index)
                else:
                    raise IllegalActionError("krypkasino.not-on-table", rule="C-5", card=c,
                                             table=_cards(_sorted_ids(self.table)))
        v = _HV[card.index]
        for group in groups:
            total = sum(_TV[c.index] for c in group)
            if total != v:
                raise IllegalActionError("krypkasino.bad-group", rule="C-5", card=card, value=v,
                                         group=tuple(group), total=total)

    # -- the fast path --------------------------------------------------------------------
    def apply_unchecked(self, action: Play | Deal) -> None:
        """Apply a legal action without checks or events (simulations, bots)."""
        legal = self._legal
        if legal is not None:
            # A play from the current legal_actions(): its card ids were kept with it.
            k = 0
            for p in legal:
                if p is action:
                    cid, ids = self._moves[k]  # type: ignore[index]
                    self._play(cid, list(ids), None)
                    return
                k += 1
        if isinstance(action, Deal):  # the chance step
            self._deal(action, None)
            return
        card, take = action
        by_object = _BY_OBJECT
        try:
            cid = by_object[id(card)]
        except KeyError:
            cid = card.index
        if take is None:
            take = next(p.take for p in self.legal_actions() if p.card.index == cid)
            assert take is not None
        try:
            ids = [by_object[id(c)] for c in take]
        except KeyError:
            ids = [c.index for c in take]
        self._play(cid, ids, None)

    def apply_move(self, move: Move) -> None:
        """Apply a move of :meth:`legal_moves` without checks or events (the fast path).

        The event-free part of ``_play``, inlined (a simulation spends its time here);
        ``tests/test_bots_krypkasino.py`` checks that both give the same states.
        """
        cid, taken = move
        seat = self.turn
        self._legal = self._moves = None
        self.hands[seat].remove(cid)
        self.in_hands -= 1
        play = self.play_index
        table = self.table
        if taken:
            take = list(taken)
            self.play_log[-1].append((cid, take))
            self._capture(seat, cid, take, play)
        else:
            self.play_log[-1].append((cid, []))
            table.append(cid)
            self.table_key += _ONE[cid]
            insort(self.cols[_TV[cid]], cid)
        self.play_index = play + 1
        self.previous = seat
        self.turn = (seat + 1) % self.players
        if self.in_hands == 0:
            if self.stock_pos < len(self.stock):
                self._new_lot(None)
            else:
                self._end_deal(None)

    def random_playout(self, rnd: Any, to_end_of_deal: bool = False) -> int:
        """Play uniformly random legal plays until the session ends (or, with
        ``to_end_of_deal``, until the current deal has ended); return how many.

        The play is ``legal_moves()[int(rnd.random() * len(legal_moves()))]`` each time
        (``rnd`` has a ``random()`` method): :func:`engine.krypkasino.fast.random_playout`
        on this state's lists.
        """
        self._legal = self._moves = None
        return _fast.random_playout(self, rnd, to_end_of_deal)

    @property
    def playing(self) -> bool:
        """Whether a deal is being played (neither waiting for its cards nor over)."""
        return self._phase is Phase.PLAY

    def score_sweep(self, seat: int, play: int, pair: bool) -> SweepRecord:
        """The fast path's sweep (C-9, C-10): see ``_sweep``."""
        return self._sweep(seat, play, pair)

    def lot_played(self) -> None:
        """The fast path's end of a lot: the next lot is dealt, or the deal ends."""
        if self.stock_pos < len(self.stock):
            self._new_lot(None)
        else:
            self._end_deal(None)

    def _capture(self, seat: int, cid: int, take: list[int], play: int) -> SweepRecord | None:
        """Play ``play``'s capture: the cards ``take`` off the table (its columns and key)
        onto ``seat``'s pile with ``cid``; the sweep it makes, if any, scored and
        returned."""
        table = self.table
        lone = len(table) == 1
        key = self.table_key
        cols = self.cols
        for j in take:
            table.remove(j)
            cols[_TV[j]].remove(j)
            key -= _ONE[j]
        self.table_key = key
        pile = self.captured[seat]
        pile += take
        pile.append(cid)
        self.last_capturer = seat
        if table:
            return None
        return self._sweep(seat, play, lone and take[0] == cid)

    def _sweep(self, seat: int, play: int, pair: bool) -> SweepRecord:
        """C-9, C-10: ``seat`` swept the table at play ``play`` (``pair``: a lone card
        taken by its twin), the player before paying; the record kept and returned."""
        rules = self.rules
        double = pair and rules.double_sweep
        points = rules.double_points() if double else rules.sweep_points
        victim = self.previous
        self.sweep_points[seat] += points
        self.sweep_points[victim] -= points
        record = SweepRecord(play, seat, victim, points, double)
        self.sweeps.append(record)
        return record

    def _opens_lot(self, play: int) -> bool:
        """Whether play ``play`` of the deal (from 0) is the first of a lot: after the
        first hands (C-2) every lot is 4 cards each (C-11). A hand-made position whose
        hands differ in size has no such count: only its play 0 after the dealer is."""
        n = self.players
        sizes = {len(h) for h in self.deal_log[-1][2][0]} if self.deal_log else set()
        if len(sizes) != 1:
            return False
        first = n * sizes.pop()
        return play == 0 or (play >= first and (play - first) % (n * sum(LOT_PACKETS)) == 0)

    def _play(self, cid: int, take: list[int], events: list[KrypkasinoEvent] | None,
              given_groups: Sequence[tuple[Card, ...]] | None = None) -> None:
        seat = self.turn
        n = self.players
        self._legal = self._moves = None
        self.hands[seat].remove(cid)
        self.in_hands -= 1
        play = self.play_index
        self.play_log[-1].append((cid, take))
        if take:
            sweep = self._capture(seat, cid, take, play)
            if events is not None:
                v = _HV[cid]
                groups = (tuple(given_groups) if given_groups
                          else _cap.group_collection(v, _cards(take)) or (_cards(take),))
                events.append(Captured(seat, DECK[cid], v, groups, _cards(_sorted_ids(take)),
                                       play))
                if sweep is not None:
                    # The first play of a deal or lot: the player before is the dealer,
                    # who has not played in it yet (C-9).
                    victim = sweep.victim
                    opening = victim == self.dealer and self._opens_lot(play)
                    events.append(Swept(seat, victim, sweep.points, sweep.double, DECK[cid],
                                        play, opening))
        else:
            self.table.append(cid)
            self.table_key += _ONE[cid]
            insort(self.cols[_TV[cid]], cid)
            if events is not None:
                events.append(Trailed(seat, DECK[cid], play))
        if events is not None:
            self.table_after_play = _cards(self.table)
        self.play_index = play + 1
        self.previous = seat
        self.turn = (seat + 1) % n
        if self.moments is not None:
            self._moment(events)
        if self.in_hands == 0:
            if self.stock_pos < len(self.stock):
                self._new_lot(events)
            else:
                self._end_deal(events)

    def _new_lot(self, events: list[KrypkasinoEvent] | None) -> None:
        """C-11: face cards off, 4 cards each dealt 2+2 from the dealer's left."""
        n = self.players
        dealer = self.dealer
        self.lot += 1
        if self.table_key & _FACE_FIELDS:
            self._remove_face_cards(events)
        stock, pos = self.stock, self.stock_pos
        hands = self.hands
        lot = _LOT_PLANS.get((n, dealer, pos))
        if lot is None:
            lot = _LOT_PLANS[n, dealer, pos] = _lot_plan(n, dealer, pos)
        for seat, cards in lot:
            hand = hands[seat]
            hand += cards(stock)
            hand.sort()
        pos += LOT_CARDS * n
        self.stock_pos = pos
        self.in_hands = sum(map(len, hands))
        self.turn = (dealer + 1) % n
        self.previous = dealer
        if events is not None:
            last = pos >= len(stock)
            events.append(NewLot(self.lot, self.turn, sum(LOT_PACKETS), len(stock) - pos, last))
            if last:
                events.append(LastLot(self.lot))
            self._moment(events)

    def _end_deal(self, events: list[KrypkasinoEvent] | None) -> None:
        """C-12 to C-15: leftovers, the deal's scores, then the next deal or the end."""
        seat = self.last_capturer if self.last_capturer is not None else self.dealer
        leftovers = self.table
        spades = self.spade_pile
        pile = self.captured[seat]
        pile += leftovers
        pile += spades
        if events is not None:
            reason = "last-capturer" if self.last_capturer is not None else "nobody-captured"
            events.append(LeftoversAwarded(seat, _cards(leftovers), _cards(spades), reason))
        self.table = []
        self.table_key = 0
        self.cols = _no_cols()
        self.spade_pile = []
        if events is not None:
            self._moment(events)
        result = self.deal_result(finished=True)
        self.results.append(result)
        totals = self.totals
        totals[:] = map(_add, totals, result.scores)
        if events is not None:
            events.append(DealScored(self.deal_index, self.dealer, result.card_points,
                                     result.sweep_points, result.scores, tuple(self.totals)))
        if len(self.results) >= self.session_length:
            self._phase = Phase.GAME_OVER
            if events is not None:
                events.append(SessionOver(tuple(self.totals), tuple(winners_of(self.totals))))
            self._moment(events)
            return
        self._moment(events)
        self.dealer = (self.dealer + 1) % self.players
        self._phase = Phase.DEAL
        if self._rng is not None:
            self._next_seeded_deal(events)

    # -- reading the state ----------------------------------------------------------------
    def deal_result(self, finished: bool = False) -> DealResult:
        """The current deal's figures so far (card points of the cards captured so far)."""
        # Each pile's ids as bytes, turned into their card points by one C call.
        cp = tuple([sum(bytes(pile).translate(_PTS_BYTES)) for pile in self.captured])
        sp = tuple(self.sweep_points)
        return DealResult(self.deal_index, self.dealer, finished, cp, sp,
                          tuple(map(_add, cp, sp)), self.last_capturer, tuple(self.sweeps))

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds, sorted (only the seat itself should see them)."""
        self._check_seat(seat)
        return _cards(_sorted_ids(self.hands[seat]))

    def table_cards(self) -> tuple[Card, ...]:
        """The table, in the order the cards were laid."""
        return _cards(self.table)

    def captured_cards(self, seat: int) -> tuple[Card, ...]:
        self._check_seat(seat)
        return _cards(self.captured[seat])

    def stock_size(self) -> int:
        return len(self.stock) - self.stock_pos

    @property
    def lots(self) -> int:
        """How many lots this deal has (C-11): the lots dealt so far and those the stock
        still holds (4 cards to each player a lot). A seeded deal has
        ``deal_sizes(players).lots``; a hand-made position only the lots its stock makes."""
        return max(self.lot, 1) + self.stock_size() // (LOT_CARDS * self.players)

    @property
    def last_lot(self) -> bool:
        """True once the stock is empty: the lot being played is the last (C-11)."""
        return self._phase is Phase.PLAY and self.stock_pos >= len(self.stock)

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise InvalidActionError("common.bad-seat", seat=seat,
                                     players_minus_one=self.players - 1)

    def view(self, seat: int) -> KrypkasinoSeatView:
        """What ``seat`` may see: its own hand, the table, pile sizes and scores."""
        self._check_seat(seat)
        return KrypkasinoSeatView(
            seat=seat, players=self.players, phase=self._phase, deal=self.deal_index,
            dealer=self.dealer, current_player=self.current_player(), hand=self.hand_of(seat),
            hand_sizes=tuple(len(h) for h in self.hands), table=self.table_cards(),
            stock=self.stock_size(), lot=self.lot, lots=self.lots, last_lot=self.last_lot,
            spade_faces=_cards(self.spade_pile),
            captured_counts=tuple(len(p) for p in self.captured),
            sweep_points=tuple(self.sweep_points), totals=tuple(self.totals),
            last_capturer=self.last_capturer,
        )

    def card_options(self, card: Card) -> CardOptions:
        """What ``card`` would capture now, for the current player (need not be held)."""
        key = self.table_key
        v = int(card.rank)
        info = _cap.analyse(v, key)
        cid = card.index
        if self.rules.maximal and not (info.sweeps and self.rules.forced_sweep):
            sets = info.maximal_sets()
        else:
            sets = (key,) if info.sweeps else info.maximum_sets()
        cols = self.cols
        collections = tuple(_cards(t) for s in sets for t in _fast.expand_ids(s, cols))
        double = info.sweeps and len(self.table) == 1 and self.table[0] == cid
        allowed = True
        if self._phase is Phase.PLAY and self.rules.forced_sweep and not info.sweeps:
            allowed = not self.sweeping_cards()
        return CardOptions(card, v, info.captures, info.max_size, collections, info.sweeps,
                           double and self.rules.double_sweep, allowed)

    def sweeping_cards(self, seat: int | None = None) -> list[Card]:
        """The cards of ``seat``'s hand (default: the player to act) that take the whole
        table — under C-8 one of them must be played."""
        seat = self.turn if seat is None else seat
        self._check_seat(seat)
        key = self.table_key
        if not key:
            return []
        return [DECK[i] for i in sorted(set(self.hands[seat])) if _cap.analyse(_HV[i], key).sweeps]

    def clone(self) -> KrypkasinoState:
        """An independent copy (the session generator included)."""
        other = object.__new__(KrypkasinoState)
        other.__dict__.update(self.__dict__)
        other.totals = list(self.totals)
        other.results = list(self.results)
        other.hands = [list(h) for h in self.hands]
        other.table = list(self.table)
        other.cols = [list(c) for c in self.cols]
        other.stock = list(self.stock)
        other.captured = [list(p) for p in self.captured]
        other.spade_pile = list(self.spade_pile)
        other.out_of_play = list(self.out_of_play)
        other.sweep_points = list(self.sweep_points)
        other.sweeps = list(self.sweeps)
        other.deal_log = list(self.deal_log)
        other.play_log = [list(p) for p in self.play_log]
        other._legal = other._moves = None
        other.moments = None
        if self._rng is not None:
            rng = Rng(0)
            rng._state = self._rng._state
            other._rng = rng
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> KrypkasinoState:
        """``copy.deepcopy`` is :meth:`clone` (what it shares is never changed in place)."""
        return self.clone()

    def _snapshot(self) -> tuple[Any, ...]:
        return (
            self.rules, self.players, self._phase, self.deal_index, self.dealer, self.totals,
            self.results, self.hands, self.table, self.table_key, self.stock, self.stock_pos,
            self.captured, self.spade_pile, self.out_of_play, self.turn, self.previous,
            self.lot, self.in_hands, self.last_capturer, self.sweep_points, self.sweeps,
            self.play_index, self.deal_log, self.play_log,
            None if self._rng is None else self._rng._state,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, KrypkasinoState):
            return NotImplemented
        return self._snapshot() == other._snapshot()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"KrypkasinoState(players={self.players}, deal={self.deal_index}, "
                f"phase={self._phase.value}, turn={self.current_player()}, "
                f"table={[DECK[i].code for i in self.table]})")


def _choices_text(choices: Sequence[tuple[Card, ...]]) -> tuple[tuple[Card, ...], ...]:
    """The collections a refusal lists: said in words by the catalogue ("2♦ and 7♥, or 2♣
    and 7♥", engine.messages.choices_text), never in set notation."""
    return tuple(tuple(t) for t in choices if t)
