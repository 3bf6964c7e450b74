"""Krypkasino bots: ``random``, ``basic`` and ``strong``. The lowest score wins (C-15).

A bot sees a :class:`KrypkasinoObservation`: the variant, the seat's
:class:`~engine.krypkasino.state.SeatView` (its own hand, the table, the hand sizes) and
the cards of the deal that are face up or were shown (captured piles, face cards set
aside). The other hands and the stock are never in it; :func:`observe` builds it from a
state, and the legal plays are computed from the observation alone.

* ``random`` — uniform among the legal plays.
* ``basic`` — the cheapest play now: the card points it would take, plus the sweep it
  would make (C-9, C-10), minus the sweep the *next* player would be forced to make on
  the table it leaves (a sweep gives -5 to the player before the sweeper, C-9: a table
  the next player must sweep is good for us). The chance that the next player holds a
  sweeping card comes from the unseen cards (hypergeometric). Trailing a point card
  costs a little less than keeping it (someone else may take it).
* ``strong`` — for every play, deals the unseen cards to the other hands and the stock a
  number of times (consistent with the values a player showed it lacks by not sweeping,
  C-8, and, among four times as many drawn, those that best explain the others' plays
  of this lot as basic play), plays the rest of the lot out on each deal (the rest of
  the deal in the last lot) with the others answering by ``basic`` play and its own
  later plays searched the same way, and takes the play that leaves it the best chance
  of the lowest total at the end of the session.

>>> from engine.krypkasino.rules import KrypkasinoRules
>>> from engine.krypkasino.state import KrypkasinoState
>>> state = KrypkasinoState.new_game(players=3, seed=4, rules=KrypkasinoRules(session=1))
>>> bots = [BasicKrypkasinoBot(s) for s in range(3)]
>>> while not state.is_terminal():
...     seat = state.current_player()
...     _ = state.apply(bots[seat].decide(observe(state, seat)).action)
>>> sum(state.scores())
42
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.bots.common import Decision, percent
from engine.cards import DECK, Card
from engine.krypkasino import capture as _cap
from engine.krypkasino.rules import (
    LOT_PACKETS,
    KrypkasinoRules,
    card_point,
    deal_sizes,
    table_value,
)
from engine.krypkasino.state import KrypkasinoState, Move, Phase, Play, SeatView
from engine.rng import SimRandom, sim_random

__all__ = [
    "NORMAL_NODES", "BasicKrypkasinoBot", "KrypkasinoObservation", "Objective",
    "RandomKrypkasinoBot", "StrongKrypkasinoBot", "deal_unseen", "legal_actions", "lacks_of",
    "observe", "plan_cost", "point_margin", "session_chance", "unseen_counts", "win_chance",
]

_PTS = tuple(card_point(c) for c in DECK)
_HV = tuple(int(c.rank) for c in DECK)
_TV = tuple(table_value(c) for c in DECK)
_IDX = {id(c): i for i, c in enumerate(DECK)}
#: Mixed into the seed of the generator that estimates a single legal play's cost.
_AUX_SEED = 0x5EED_C0AC


def _ix(card: Card) -> int:
    """The card's index 0..51 (a dict lookup for the shared deck objects)."""
    i = _IDX.get(id(card))
    return card.index if i is None else i


@dataclass(frozen=True)
class KrypkasinoObservation:
    """What one seat knows: the variant, its view, and the cards out of play it saw."""

    view: SeatView
    rules: KrypkasinoRules
    #: Cards of this deal out of the hands, table and stock: captured piles and the face
    #: cards set aside (the spade faces are in ``view.spade_faces``).
    seen: tuple[Card, ...]
    #: Per seat, the hand values (2..14) it is known not to hold: earlier in this lot it
    #: played without sweeping a table that a card of that value would have swept, and
    #: C-8 makes a sweep compulsory (empty when ``forced_sweep`` is off).
    lacks: tuple[tuple[int, ...], ...] = ()
    #: The public plays of the current lot (:func:`lot_plays`).
    plays: tuple[LotPlay, ...] = ()
    #: Per seat, its points in the deal being played so far: the card points of its
    #: captured pile (face up) and its sweeps (empty for a hand-built observation).
    deal_points: tuple[int, ...] = ()

    @property
    def seat(self) -> int:
        return self.view.seat


def observe(state: KrypkasinoState, seat: int) -> KrypkasinoObservation:
    """The observation ``seat`` is entitled to: its view and the public cards."""
    view = state.view(seat)
    seen: list[Card] = []
    for s in range(state.players):
        seen.extend(state.captured_cards(s))
    seen.extend(DECK[i] for i in state.out_of_play)
    plays = lot_plays(state)
    return KrypkasinoObservation(view, state.rules, tuple(seen), lacks_of(state, plays), plays,
                                 state.deal_result().scores)


#: One public play of the current lot: the seat, the card played, the table cards it took
#: and the table before the play (card ids, sorted).
LotPlay = tuple[int, int, tuple[int, ...], tuple[int, ...]]


def lot_plays(state: KrypkasinoState) -> tuple[LotPlay, ...]:
    """The public plays of the current lot, in order: who played which card, what it
    took and the table it was played on (every card played and taken is face up)."""
    if state.phase is not Phase.PLAY or not state.play_log:
        return ()
    n = state.players
    log = state.play_log[-1]
    dealt = (sum(len(h) for h in state.deal_log[-1][2][0]) if state.lot == 1
             else n * sum(LOT_PACKETS))
    count = max(0, min(len(log), dealt - state.in_hands))
    table = list(state.table)
    mover = state.turn
    out: list[LotPlay] = []
    for cid, take in reversed(log[len(log) - count:]):
        mover = (mover - 1) % n
        if take:
            before = table + list(take)
        elif cid in table:
            before = list(table)
            before.remove(cid)
        else:  # not this lot after all (a hand-built position): stop here
            break
        out.append((mover, cid, tuple(sorted(take)), tuple(sorted(before))))
        table = before
    return tuple(reversed(out))


def lacks_of(state: KrypkasinoState,
             plays: Sequence[LotPlay] | None = None) -> tuple[tuple[int, ...], ...]:
    """Per seat, the values it cannot hold, from the public plays of the current lot
    (``plays``, default :func:`lot_plays`): a play that left a non-empty table unswept
    shows that the player held no card sweeping it (C-8), and the cards held now were
    all in that hand (same lot)."""
    n = state.players
    lacks: list[set[int]] = [set() for _ in range(n)]
    if state.rules.forced_sweep:
        for mover, _cid, take, before in (lot_plays(state) if plays is None else plays):
            if before and len(take) != len(before):
                lacks[mover].update(_sweeping_values(_table_key(before)))
    return tuple(tuple(sorted(v)) for v in lacks)


def unseen_counts(obs: KrypkasinoObservation) -> list[int]:
    """How many copies of each card (by index 0..51) the seat has not seen: they are in
    the other hands or the stock."""
    counts = [2] * 52
    view = obs.view
    for group in (view.hand, view.table, view.spade_faces, obs.seen):
        for c in group:
            counts[c.index] -= 1
    return counts


def position_of(obs: KrypkasinoObservation) -> KrypkasinoState:
    """A scenario holding only what the seat knows: its hand, the table, no stock."""
    view = obs.view
    hands: list[Sequence[Card]] = [view.hand if s == view.seat else () for s in
                                   range(view.players)]
    return KrypkasinoState.scenario(view.players, hands, view.table, dealer=view.dealer,
                                    turn=view.seat, rules=obs.rules)


def legal_actions(obs: KrypkasinoObservation) -> list[Play]:
    """The legal plays of the seat to act, from its observation alone (the engine's own
    capture solver on a position built from the seat's hand and the table)."""
    view = obs.view
    if view.phase is not Phase.PLAY or view.current_player != view.seat:
        return []
    return position_of(obs).legal_actions()


# -- the basic evaluation --------------------------------------------------------------


def _table_key(ids: Sequence[int]) -> int:
    key = 0
    for i in ids:
        key += _cap.ONES[_TV[i]]
    return key


_SWEEPERS: dict[int, tuple[int, ...]] = {}


def _sweeping_values(key: int) -> tuple[int, ...]:
    """Hand values (2..14) of the cards that would take the whole table ``key``."""
    if not key:
        return ()
    got = _SWEEPERS.get(key)
    if got is None:
        if len(_SWEEPERS) > 200_000:
            _SWEEPERS.clear()
        got = _SWEEPERS[key] = tuple(v for v in range(2, 15) if _cap.analyse(v, key).sweeps)
    return got


def _p_holds(values: Sequence[int], by_value: Sequence[int], unseen: int, hand: int) -> float:
    """The chance that a hand of ``hand`` cards drawn from ``unseen`` unseen cards holds
    at least one card of a value in ``values`` (``by_value[v]`` unseen cards of value v)."""
    if not values or hand <= 0 or unseen <= 0:
        return 0.0
    m = sum(by_value[v] for v in values)
    if m <= 0:
        return 0.0
    none = 1.0
    for i in range(min(hand, unseen)):
        none *= max(0.0, (unseen - m - i) / (unseen - i))
        if none == 0.0:
            break
    return 1.0 - none


@dataclass(frozen=True)
class _Assessment:
    play: Play
    cost: float
    points: int
    sweep: int
    p_next: float


def _move_cost(cid: int, take: Sequence[int], table: Sequence[int], rules: KrypkasinoRules,
               by_value: Sequence[int], unseen: int, next_hand: int, key: int | None = None
               ) -> tuple[float, int, int, float]:
    """The basic cost of playing card ``cid`` taking the cards ``take`` (ids) from
    ``table`` (lower is better for the player), with the points it takes, the sweep it
    makes and the chance that the next player holds a card sweeping the table it leaves
    (``key``: the table's capture key, if known). The one implementation of the basic
    evaluation: the basic bot, the strong bot's shortlist and leaf, and the others'
    answers in its rollouts all call it."""
    s_pts = rules.sweep_points
    one = _cap.ONES
    if key is None:
        key = _table_key(table)
    if take:
        points = _PTS[cid]
        for j in take:
            points += _PTS[j]
            key -= one[_TV[j]]
        sweep = 0
        if len(take) == len(table):  # the cards taken are the table's: a sweep
            double = len(table) == 1 and table[0] == cid and rules.double_sweep
            sweep = rules.double_points() if double else s_pts
        cost = float(points + sweep)
    else:
        points = sweep = 0
        key += one[_TV[cid]]
        cost = -0.25 * _PTS[cid]
    p_next = _p_holds(_sweeping_values(key), by_value, unseen, next_hand)
    cost -= (1.0 if rules.forced_sweep else 0.5) * p_next * s_pts
    return cost, points, sweep, p_next


def _assess(plays: Sequence[Play], table: Sequence[int], rules: KrypkasinoRules,
            by_value: Sequence[int], unseen: int, next_hand: int) -> list[_Assessment]:
    """The basic cost of each play (lower is better for the player)."""
    out = []
    key = _table_key(table)
    for play in plays:
        card, take = play
        assert take is not None
        cost, points, sweep, p_next = _move_cost(_ix(card), [_ix(c) for c in take], table,
                                                 rules, by_value, unseen, next_hand, key)
        out.append(_Assessment(play, cost, points, sweep, p_next))
    return out


def _by_value(counts: Sequence[int]) -> list[int]:
    by_value = [0] * 15
    for i, k in enumerate(counts):
        if k:
            by_value[_HV[i]] += k
    return by_value


def _next_hand(view: SeatView) -> int:
    n = view.players
    return view.hand_sizes[(view.seat + 1) % n]


def _explain(a: _Assessment, table: Sequence[Card], rules: KrypkasinoRules, forced: bool,
             only: bool) -> Decision[Play]:
    card, take = a.play
    assert take is not None
    data: dict[str, Any] = {"card": card, "cards": list(take), "points": a.points + a.sweep,
                            "pct": percent(a.p_next), "sweep": rules.sweep_points}
    if take and len(take) == len(table):
        return Decision(a.play, "bots.krypkasino.forced-sweep" if forced
                        else "bots.krypkasino.sweep", data)
    if only:
        return Decision(a.play, "bots.krypkasino.only", data)
    setting = a.p_next >= 0.3
    if not take:
        return Decision(a.play, "bots.krypkasino.trail-set" if setting
                        else "bots.krypkasino.trail", data)
    return Decision(a.play, "bots.krypkasino.capture-set" if setting
                    else "bots.krypkasino.capture", data)


class _SeededBot:
    """What the bots share: the game, the seeded generator, and the legal plays of the
    seat to act (a refusal when it is not its turn)."""

    game = "krypkasino"

    def __init__(self, seed: int = 0) -> None:
        self.rng = sim_random(seed)

    @staticmethod
    def _plays(observation: KrypkasinoObservation) -> list[Play]:
        plays = legal_actions(observation)
        if not plays:
            raise ValueError("it is not this seat's turn")
        return plays


class RandomKrypkasinoBot(_SeededBot):
    """Uniform among the legal plays."""

    level = "random"

    def decide(self, observation: KrypkasinoObservation) -> Decision[Play]:
        plays = self._plays(observation)
        play = plays[int(self.rng.random() * len(plays))]
        return Decision(play, "bots.random.play", {"card": play.card})


class BasicKrypkasinoBot(_SeededBot):
    """The cheapest play now, counting the sweep the next player may be forced into."""

    level = "basic"

    def decide(self, observation: KrypkasinoObservation) -> Decision[Play]:
        plays = self._plays(observation)
        view = observation.view
        counts = unseen_counts(observation)
        table = [c.index for c in view.table]
        assessed = _assess(plays, table, observation.rules, _by_value(counts), sum(counts),
                           _next_hand(view))
        best = min(assessed, key=lambda a: a.cost)
        forced = observation.rules.forced_sweep and bool(table) and all(
            len(p.take or ()) == len(table) for p in plays)
        return _explain(best, view.table, observation.rules, forced, len(plays) == 1)


def _unseen_by(state: KrypkasinoState, public: list[int]) -> tuple[list[int], int]:
    """What the player to act has not seen, by value, and how many cards that is;
    ``public`` counts by value the cards in every hand and the stock."""
    by_value = list(public)
    hand = state.hands[state.turn]
    for i in hand:
        by_value[_HV[i]] -= 1
    return by_value, sum(by_value)


def _cheapest(moves: Sequence[Move], table: Sequence[int], rules: KrypkasinoRules,
              by_value: Sequence[int], unseen: int, next_hand: int) -> Move:
    """The basic choice among ``moves``: the first of the cheapest by :func:`_move_cost`."""
    best = moves[0]
    if len(moves) == 1:
        return best
    best_cost = 0.0
    first = True
    key = _table_key(table)
    for move in moves:
        cost = _move_cost(move[0], move[1], table, rules, by_value, unseen, next_hand, key)[0]
        if first or cost < best_cost:
            best, best_cost, first = move, cost, False
    return best


def basic_move(state: KrypkasinoState, public: list[int]) -> Move:
    """The basic play of the player to act in a sampled position, on card ids (the
    engine's ``legal_moves``): the first of the cheapest by :func:`_move_cost`, as the
    basic bot chooses (``public`` counts by value the cards in every hand and the stock)."""
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    seat = state.turn
    by_value, unseen = _unseen_by(state, public)
    return _cheapest(moves, state.table, state.rules, by_value, unseen,
                     len(state.hands[(seat + 1) % state.players]))


def misfit_count(hands: Sequence[Sequence[int]], stock: Sequence[int], me: int,
                 plays: Sequence[LotPlay], scratch: KrypkasinoState, limit: int = -1) -> int:
    """How many of the others' public plays of this lot (``plays``) a basic player would
    not have made, had the world been ``hands`` (every seat's hand now, ``me``'s
    included) and ``stock``: each earlier hand is the hand now plus the cards played
    since in the lot, and what that player had not seen is every other hand and the
    stock then. ``scratch`` is a position whose hands and table are overwritten. With
    ``limit`` >= 0 the count stops as soon as it reaches ``limit``."""
    n = len(hands)
    held = [list(h) for h in hands]
    total = [0] * 15
    for h in held:
        for i in h:
            total[_HV[i]] += 1
    for i in stock:
        total[_HV[i]] += 1
    rules = scratch.rules
    misfits = 0
    if misfits == limit:
        return misfits
    for mover, cid, take, before in reversed(plays):
        hand = held[mover]
        hand.append(cid)
        total[_HV[cid]] += 1
        if mover == me:
            continue
        hand.sort()
        scratch.hands[mover] = hand
        scratch.turn = mover
        scratch._set_table(list(before))
        scratch._legal = scratch._moves = None
        moves = scratch.legal_moves()
        if len(moves) < 2:
            continue
        by_value = list(total)
        for i in hand:
            by_value[_HV[i]] -= 1
        move = _cheapest(moves, before, rules, by_value, sum(by_value),
                         len(held[(mover + 1) % n]))
        if move[0] != cid or tuple(sorted(move[1])) != take:
            misfits += 1
            if misfits == limit:
                break
    return misfits


def _scores_now(state: KrypkasinoState) -> list[int]:
    """Each seat's points of the current deal so far (card points taken plus sweeps)."""
    return [sum(_PTS[i] for i in state.captured[s]) + state.sweep_points[s]
            for s in range(state.players)]


def _public_counts(state: KrypkasinoState) -> list[int]:
    """By value, the cards in every hand and the stock of a sampled world: what the
    player to act has not seen, once its own hand is taken off (:func:`_unseen_by`)."""
    public = [0] * 15
    for h in state.hands:
        for i in h:
            public[_HV[i]] += 1
    for i in state.stock[state.stock_pos:]:
        public[_HV[i]] += 1
    return public


def _round_cost(state: KrypkasinoState, seat: int, play: Play, rival_weight: float = 1.0,
                leaf_weight: float = 1.0, horizon: str = "round", depth: int = 1,
                width: int = 4) -> float:
    """Apply ``play`` and let the others answer with basic play until ``seat`` is to act
    again (or the deal ends); the seat's points minus ``rival_weight`` times the others'
    average, plus ``leaf_weight`` times the value of the position the seat is left with:
    the basic cost of its best play then, or (``depth`` > 1) the least round cost of its
    ``width`` basic-cheapest plays there, searched the same way one level shallower.
    ``horizon="lot"`` plays on to the end of the lot with basic play for the seat too;
    ``"last"`` does that only in the last lot (to the end of the deal), else one round."""
    n = state.players
    before = _scores_now(state)
    public = _public_counts(state)
    to_end = horizon == "lot" or (horizon == "last" and state.stock_pos >= len(state.stock))
    state.apply_unchecked(play)
    public[_HV[_ix(play.card)]] -= 1
    deal = state.deal_index
    lot = state.lot
    while state.phase is Phase.PLAY and state.deal_index == deal and state.lot == lot:
        if state.turn == seat and not to_end:
            break
        answer = basic_move(state, public)
        public[_HV[answer[0]]] -= 1
        state.apply_move(answer)
    if state.results and state.results[-1].deal == deal:
        after = list(state.results[-1].scores)
        leaf = 0.0
    else:
        after = _scores_now(state)
        # Back at our turn: the cheapest basic play we are left with (a forced sweep
        # shows here), or a shallower search from there.
        leaf = 0.0
        if not to_end and state.turn == seat and state.lot == lot:
            leaf = (_deeper_cost(state, seat, rival_weight, leaf_weight, horizon, depth - 1,
                                 width, public) if depth > 1 else _leaf_cost(state, public))
    delta = [a - b for a, b in zip(after, before, strict=True)]
    others = sum(delta) - delta[seat]
    return delta[seat] - rival_weight * others / (n - 1) + leaf_weight * leaf


def _deeper_cost(state: KrypkasinoState, seat: int, rival_weight: float, leaf_weight: float,
                 horizon: str, depth: int, width: int, public: list[int]) -> float:
    """The least round cost of the seat's ``width`` basic-cheapest plays in ``state``."""
    plays = state.legal_actions()
    if not plays:
        return 0.0
    if len(plays) > width:
        by_value, unseen = _unseen_by(state, public)
        assessed = _assess(plays, state.table, state.rules, by_value, unseen,
                           len(state.hands[(seat + 1) % state.players]))
        assessed.sort(key=lambda a: a.cost)
        plays = [a.play for a in assessed[:width]]
    return min(_round_cost(state.clone(), seat, p, rival_weight, leaf_weight, horizon, depth,
                           width) for p in plays)


def _leaf_cost(state: KrypkasinoState, public: list[int]) -> float:
    plays = state.legal_actions()
    if not plays:
        return 0.0
    seat = state.turn
    by_value, unseen = _unseen_by(state, public)
    assessed = _assess(plays, state.table, state.rules, by_value, unseen,
                       len(state.hands[(seat + 1) % state.players]))
    return min(a.cost for a in assessed)


#: What a leaf of the lot search is worth to the seat (lower is better): the points each
#: seat took since the search began, and the position at the leaf.
Objective = Callable[[list[int], KrypkasinoState], float]


def plan_cost(state: KrypkasinoState, seat: int, play: Play, width: int,
              objective: Objective) -> float:
    """Apply ``play`` and search the rest of the lot (the rest of the deal in the last
    lot) on this sampled world: the others answer with basic play, and at each of its
    later turns the seat takes the best of its ``width`` basic-cheapest plays. The value
    is ``objective`` of the points each seat took by the end of the lot (or the deal),
    lower is better."""
    public = _public_counts(state)
    before = _scores_now(state)
    deal, lot = state.deal_index, state.lot
    state.apply_unchecked(play)
    public[_HV[_ix(play.card)]] -= 1
    return _plan_after(state, seat, public, before, width, objective, deal, lot)


def _plan_after(state: KrypkasinoState, seat: int, public: list[int], before: list[int],
                width: int, objective: Objective, deal: int, lot: int) -> float:
    """The value of ``state`` just after the seat's play (see :func:`plan_cost`)."""
    while state.phase is Phase.PLAY and state.deal_index == deal and state.lot == lot:
        if state.turn == seat:
            moves = state.legal_moves()
            if len(moves) > width:
                by_value, unseen = _unseen_by(state, public)
                table = state.table
                key = _table_key(table)
                nxt = len(state.hands[(seat + 1) % state.players])
                rules = state.rules
                moves = heapq.nsmallest(width, moves, key=lambda m: _move_cost(
                    m[0], m[1], table, rules, by_value, unseen, nxt, key)[0])
            best = 0.0
            for k, move in enumerate(moves):
                branch = state.clone() if k < len(moves) - 1 else state
                counts = list(public)
                counts[_HV[move[0]]] -= 1
                branch.apply_move(move)
                value = _plan_after(branch, seat, counts, before, width, objective, deal, lot)
                if k == 0 or value < best:
                    best = value
            return best
        answer = basic_move(state, public)
        public[_HV[answer[0]]] -= 1
        state.apply_move(answer)
    if state.results and state.results[-1].deal == deal:
        after = list(state.results[-1].scores)
    else:
        after = _scores_now(state)
    return objective([a - b for a, b in zip(after, before, strict=True)], state)


def point_margin(seat: int, rival_weight: float = 1.0) -> Objective:
    """The objective of points: the seat's points minus ``rival_weight`` times the
    others' average."""
    def value(delta: list[int], _state: KrypkasinoState) -> float:
        return delta[seat] - rival_weight * (sum(delta) - delta[seat]) / (len(delta) - 1)
    return value


def _hermite_nodes(n: int) -> tuple[tuple[float, float], ...]:
    """Gauss-Hermite nodes and weights for E[f(Z)], Z standard normal (``n`` points,
    Newton's method on the Hermite polynomials; the weights add up to 1)."""
    out: list[tuple[float, float]] = []
    z = 0.0
    for i in range(n):
        if i == 0:
            z = math.sqrt(2 * n + 1) - 1.85575 * (2 * n + 1) ** (-1 / 6)
        elif i == 1:
            z -= 1.14 * n ** 0.426 / z
        elif i == 2:
            z = 1.86 * z - 0.86 * out[0][0]
        elif i == 3:
            z = 1.91 * z - 0.91 * out[1][0]
        else:
            z = 2.0 * z - out[i - 2][0]
        for _ in range(100):
            p1, p2 = math.pi ** -0.25, 0.0
            for j in range(1, n + 1):
                p1, p2 = z * math.sqrt(2 / j) * p1 - math.sqrt((j - 1) / j) * p2, p1
            pp = math.sqrt(2 * n) * p2
            step = p1 / pp
            z -= step
            if abs(step) < 1e-14:
                break
        out.append((z, 2.0 / (pp * pp)))
    # Physicists' nodes (weight e^-x^2) to the standard normal: z = x*sqrt(2), w/sqrt(pi).
    nodes = [(x * math.sqrt(2), w / math.sqrt(math.pi)) for x, w in out]
    return tuple(sorted(nodes))


#: Nodes and weights of E[f(Z)] for a standard normal Z (16-point Gauss-Hermite).
NORMAL_NODES = _hermite_nodes(16)
#: The spread of one seat's score over a whole deal (its variance), in points squared,
#: per point of a sweep and for the card points: with the default sweep of 5 it is about
#: 15.6 points, measured over 300 deals of four basic bots.
_SWEEP_VARIANCE = 9.0
_CARD_VARIANCE = 16.0


def win_chance(totals: Sequence[float], seat: int, spread: float) -> float:
    """The chance that ``seat`` ends with the lowest total (ties shared) when every total
    still moves by a normal amount of standard deviation ``spread``, independently."""
    me = totals[seat]
    others = [t for s, t in enumerate(totals) if s != seat]
    if spread <= 1e-9:
        low = min(totals)
        return 1.0 / totals.count(low) if me == low else 0.0
    gaps = [(me - t) / spread for t in others]
    total = 0.0
    for z, w in NORMAL_NODES:
        p = w
        for g in gaps:
            p *= 0.5 * math.erfc((g + z) / math.sqrt(2))
        total += p
    return total


def session_chance(seat: int, start: Sequence[int], deals_after: int,
                   rules: KrypkasinoRules) -> Objective:
    """The objective of the session: minus the chance that ``seat`` finishes the session
    with the lowest total, from ``start`` (each seat's session total with the deal's
    points before the search) plus the points of the search, with what is left of the
    deal and the ``deals_after`` later deals still to move every total."""
    per_deal = _CARD_VARIANCE + _SWEEP_VARIANCE * rules.sweep_points ** 2
    start = list(start)
    sizes = deal_sizes(len(start))
    played = sizes.players * sizes.hand + sizes.stock  # the cards a deal plays from hands

    def value(delta: list[int], state: KrypkasinoState) -> float:
        left = (state.in_hands + len(state.stock) - state.stock_pos) / played
        if state.phase is not Phase.PLAY:
            left = 0.0
        spread = math.sqrt(per_deal * (deals_after + min(1.0, left)))
        totals = [a + d for a, d in zip(start, delta, strict=True)]
        return -win_chance(totals, seat, spread)
    return value


def deal_unseen(pool: list[int], sizes: Sequence[int], seat: int,
                lacks: Sequence[Sequence[int]], rng: SimRandom
                ) -> tuple[list[list[int]], list[int]]:
    """Deal the unseen cards ``pool`` (card ids 0..51; shuffled in place by ``rng``) to
    every seat but ``seat``, ``sizes[s]`` cards each, and return the hands (``seat``'s
    empty) and the cards left over, in order (the stock). A seat that lacks some values
    (``lacks[s]``, from :func:`observe`; empty tuples for none) takes the first cards of
    the shuffled pool it may hold (a uniform choice among those), when there are enough;
    the others then take the next cards in seat order. The one world sampler: the strong
    bot's and the IS-MCTS benchmark's (``bench/spiel_krypkasino.py``)."""
    n = len(sizes)
    rng.shuffle(pool)
    dealt: dict[int, list[int]] = {}
    for s in range(n):
        if s == seat or s >= len(lacks) or not lacks[s]:
            continue
        k = sizes[s]
        banned = lacks[s]
        allowed = [j for j, i in enumerate(pool) if _HV[i] not in banned][:k]
        if len(allowed) == k:
            dealt[s] = [pool[j] for j in allowed]
            for j in reversed(allowed):
                del pool[j]
    pos = 0
    hands: list[list[int]] = []
    for s in range(n):
        if s == seat:
            hands.append([])
            continue
        if s not in dealt:
            dealt[s] = pool[pos:pos + sizes[s]]
            pos += sizes[s]
        hands.append(dealt[s])
    return hands, pool[pos:]


class StrongKrypkasinoBot(_SeededBot):
    """Looks ahead on sampled hidden hands: ``samples`` deals of the unseen cards (the
    same for every play, consistent with the values the others are known to lack when
    ``infer``), at most ``max_plays`` plays (the basic-cheapest). The others answer with
    basic play. ``fit``: that many times ``samples`` deals are drawn and the ``samples``
    that best explain the others' plays of this lot are searched (the fewest plays a
    basic player holding those cards would not have made); 1 = no fitting.

    ``plan`` > 0 (default 2): the lot search. Each play is followed to the end of the lot
    (of the deal in the last lot), the bot choosing each of its later plays among its
    ``plan`` basic-cheapest by the same search (:func:`plan_cost`), and valued by
    ``objective``: ``"session"`` (default), the chance of the lowest total at the end of
    the session (:func:`session_chance`: the totals so far, this deal's points, the
    points of the search, and a normal spread for the rest of the session); ``"points"``,
    the bot's points minus ``rival_weight`` times the others' average.

    ``plan`` 0: the older round search, in points. ``depth`` 2: after one round the bot's
    next play is the best of its ``width`` basic-cheapest by a one-round search with a
    basic leaf; ``depth`` 1: the basic cost of its best play then. ``horizon``:
    ``"last"`` plays the last lot out to the end of the deal (basic play for the bot too),
    ``"round"`` never, ``"lot"`` every lot."""

    level = "strong"

    def __init__(self, seed: int = 0, samples: int = 32, max_plays: int = 10,
                 rival_weight: float = 1.0, leaf_weight: float = 1.0,
                 horizon: str = "last", depth: int = 2, width: int = 2,
                 infer: bool = True, fit: int = 4, plan: int = 2,
                 objective: str = "session") -> None:
        self.rng = sim_random(seed)
        self.aux = sim_random(seed ^ _AUX_SEED)
        self.samples = samples
        self.max_plays = max_plays
        self.rival_weight = rival_weight
        self.leaf_weight = leaf_weight
        if horizon not in ("round", "lot", "last"):
            raise ValueError("horizon is 'round', 'lot' or 'last'")
        self.horizon = horizon
        self.depth = depth
        self.width = width
        self.infer = infer
        self.fit = fit
        self.plan = plan
        if objective not in ("points", "session"):
            raise ValueError("objective is 'points' or 'session'")
        self.objective = objective

    def _deal(self, obs: KrypkasinoObservation, counts: list[int],
              rng: SimRandom) -> tuple[list[list[int]], list[int]]:
        """One deal of the unseen cards (ids) to the other hands and the stock,
        consistent with the values each other seat is known to lack (``obs.lacks``)."""
        view = obs.view
        n = view.players
        pool = [i for i, k in enumerate(counts) for _ in range(k)]
        lacks = obs.lacks if self.infer and len(obs.lacks) == n else ((),) * n
        return deal_unseen(pool, view.hand_sizes, view.seat, lacks, rng)

    def _build(self, obs: KrypkasinoObservation, dealt: list[list[int]],
               rest: list[int]) -> KrypkasinoState:
        view = obs.view
        n = view.players
        hands: list[Sequence[Card]] = [
            view.hand if s == view.seat else [DECK[i] for i in dealt[s]] for s in range(n)]
        stock = [DECK[i] for i in rest[:view.stock]]
        state = KrypkasinoState.scenario(n, hands, view.table, dealer=view.dealer,
                                         turn=view.seat, stock=stock, rules=obs.rules)
        state.last_capturer = view.last_capturer
        state.spade_pile = [c.index for c in view.spade_faces]
        state.lot = view.lot
        return state

    def _sample_position(self, obs: KrypkasinoObservation, counts: list[int],
                         rng: SimRandom | None = None) -> KrypkasinoState:
        """One deal of the unseen cards to the other hands and the stock, consistent
        with the values each other seat is known to lack (``obs.lacks``)."""
        return self._build(obs, *self._deal(obs, counts, self.rng if rng is None else rng))

    def _worlds(self, obs: KrypkasinoObservation, counts: list[int],
                rng: SimRandom) -> list[KrypkasinoState]:
        """The ``samples`` deals the search runs on. With ``fit`` > 1, ``fit`` times as
        many are drawn and those that best explain the others' plays of this lot are
        kept: the fewest plays a basic player would not have made holding those cards
        (:func:`misfit_count`; the earliest drawn first among equals)."""
        k = self.samples
        if self.fit <= 1 or not obs.plays or k < 1:
            return [self._build(obs, *self._deal(obs, counts, rng)) for _ in range(k)]
        view = obs.view
        mine = [c.index for c in view.hand]
        scratch = position_of(obs)
        # The k best (misfits, draw index) so far, as a max-heap: a later draw enters
        # only with fewer misfits than the worst kept, so its count can stop there.
        kept: list[tuple[int, int, list[list[int]], list[int]]] = []
        for j in range(k * self.fit):
            dealt, rest = self._deal(obs, counts, rng)
            hands = [mine if s == view.seat else h for s, h in enumerate(dealt)]
            limit = -kept[0][0] if len(kept) == k else -1
            m = misfit_count(hands, rest, view.seat, obs.plays, scratch, limit)
            if len(kept) < k:
                heapq.heappush(kept, (-m, -j, dealt, rest))
            elif m < limit:
                heapq.heapreplace(kept, (-m, -j, dealt, rest))
        drawn = sorted((-m, -j, dealt, rest) for m, j, dealt, rest in kept)
        return [self._build(obs, d[2], d[3]) for d in drawn[:k]]

    def _cost(self, base: KrypkasinoState, seat: int, play: Play, goal: Objective) -> float:
        """The search's cost of ``play`` on one sampled world (``base`` is used up);
        ``goal`` values the lot search's leaves."""
        if self.plan > 0:
            return plan_cost(base, seat, play, self.plan, goal)
        return _round_cost(base, seat, play, self.rival_weight, self.leaf_weight,
                           self.horizon, self.depth, self.width)

    def _objective(self, obs: KrypkasinoObservation) -> Objective:
        view = obs.view
        if self.objective == "points":
            return point_margin(view.seat, self.rival_weight)
        n = view.players
        points = obs.deal_points if len(obs.deal_points) == n else (0,) * n
        start = [t + p for t, p in zip(view.totals, points, strict=True)]
        after = max(0, obs.rules.session_length(n) - view.deal - 1)
        return session_chance(view.seat, start, after, obs.rules)

    def _plan_suffix(self) -> str:
        """The sentence key's ending for the lot search: ``-win`` when it weighs the
        chance of winning the session, ``-lot`` for points; empty without it."""
        if self.plan <= 0:
            return ""
        return "-win" if self.objective == "session" else "-lot"

    def _estimate(self, total: float) -> dict[str, Any]:
        """What the sentence quotes of a play's summed cost over the samples: the chance
        of winning the session (``pct``) or the average cost (``cost``)."""
        mean = total / self.samples
        if self.plan > 0 and self.objective == "session":
            return {"pct": percent(-mean)}
        return {"cost": round(mean, 1)}

    def decide(self, observation: KrypkasinoObservation) -> Decision[Play]:
        plays = self._plays(observation)
        view, rules = observation.view, observation.rules
        goal = self._objective(observation)
        counts = unseen_counts(observation)
        table = [c.index for c in view.table]
        assessed = _assess(plays, table, rules, _by_value(counts), sum(counts),
                           _next_hand(view))
        forced = rules.forced_sweep and bool(table) and all(
            len(p.take or ()) == len(table) for p in plays)
        if len(plays) == 1:
            # Nothing to choose, but the sentence still quotes what the search expects:
            # the same search on the one play, with a generator of its own (the choices
            # of later decisions do not depend on whether this one was explained).
            play = plays[0]
            total = 0.0
            for base in self._worlds(observation, counts, self.aux):
                total += self._cost(base, view.seat, play, goal)
            sweep = bool(table) and len(play.take or ()) == len(table)
            key = "bots.krypkasino.strong-forced-sweep" if sweep else "bots.krypkasino.strong-only"
            return Decision(play, key + self._plan_suffix(),
                            {"card": play.card, "cards": list(play.take or ()),
                             "samples": self.samples, **self._estimate(total)})
        shortlist = sorted(assessed, key=lambda a: a.cost)[: self.max_plays]
        totals = [0.0] * len(shortlist)
        for base in self._worlds(observation, counts, self.rng):
            for k, a in enumerate(shortlist):
                totals[k] += self._cost(base.clone(), view.seat, a.play, goal)
        best = min(range(len(shortlist)), key=lambda k: (totals[k], shortlist[k].cost))
        play = shortlist[best].play
        data = {"card": play.card, "cards": list(play.take or ()), "samples": self.samples,
                **self._estimate(totals[best])}
        if play.take and len(play.take) == len(table):
            key = "bots.krypkasino.strong-forced-sweep" if forced else "bots.krypkasino.strong-sweep"
            return Decision(play, key + self._plan_suffix(), data)
        kind = "capture" if play.take else "trail"
        if self.plan > 0:
            suffix = self._plan_suffix()
        elif self.horizon != "round" and view.stock == 0:
            suffix = "-end"
        elif self.horizon == "lot":
            suffix = ""
        else:
            suffix = "-2" if self.depth > 1 else ""
        key = f"bots.krypkasino.strong-{kind}{suffix}"
        return Decision(play, key, data)
