"""The Krypkasino bots' policies: what a seat sees, what it may do, the basic evaluation,
and the ``random`` and ``basic`` players. The lowest score wins (C-15).

A bot sees a :class:`KrypkasinoObservation`: the variant, the seat's
:class:`~engine.krypkasino.state.KrypkasinoSeatView` (its own hand, the table, the hand sizes) and
the cards of the deal that are face up or were shown (captured piles, face cards set
aside). The other hands and the stock are never in it; :func:`observe` builds it from a
state, and :func:`legal_actions` asks the engine for the legal plays of a position built
from the observation alone.

:func:`move_cost` is the one basic evaluation (the card points a play takes, the sweep
it makes, the sweep the next player may be forced to make on the table it leaves), used
by the basic bot, the strong bot's shortlist and leaves and the others' answers in its
rollouts (:mod:`engine.bots.krypkasino_search`).

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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.bots.common import BotDecision, percent
from engine.cards import DECK, Card
from engine.krypkasino import capture as _cap
from engine.krypkasino.fast import (
    HAND_VALUE,
    POINTS,
    TABLE_VALUE,
    card_id,
    sweeping_values,
    table_key,
)
from engine.krypkasino.rules import (
    LOT_PACKETS,
    KrypkasinoRules,
)
from engine.krypkasino.state import KrypkasinoSeatView, KrypkasinoState, Move, Phase, Play
from engine.rng import sim_random

__all__ = [
    "Assessment", "BasicKrypkasinoBot", "KrypkasinoObservation", "LotPlay",
    "RandomKrypkasinoBot", "SeededBot", "assess_plays", "basic_move", "cheapest_move",
    "lacks_of", "legal_actions", "lot_plays", "move_cost", "next_hand_size", "observe",
    "position_of", "unseen_by_value", "unseen_counts", "value_counts",
]



@dataclass(frozen=True)
class KrypkasinoObservation:
    """What one seat knows: the variant, its view, and the cards out of play it saw."""

    view: KrypkasinoSeatView
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
                lacks[mover].update(sweeping_values(table_key(before)))
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
class Assessment:
    play: Play
    cost: float
    points: int
    sweep: int
    p_next: float


def move_cost(cid: int, take: Sequence[int], table: Sequence[int], rules: KrypkasinoRules,
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
        key = table_key(table)
    if take:
        points = POINTS[cid]
        for j in take:
            points += POINTS[j]
            key -= one[TABLE_VALUE[j]]
        sweep = 0
        if len(take) == len(table):  # the cards taken are the table's: a sweep
            double = len(table) == 1 and table[0] == cid and rules.double_sweep
            sweep = rules.double_points() if double else s_pts
        cost = float(points + sweep)
    else:
        points = sweep = 0
        key += one[TABLE_VALUE[cid]]
        cost = -0.25 * POINTS[cid]
    p_next = _p_holds(sweeping_values(key), by_value, unseen, next_hand)
    cost -= (1.0 if rules.forced_sweep else 0.5) * p_next * s_pts
    return cost, points, sweep, p_next


def assess_plays(plays: Sequence[Play], table: Sequence[int], rules: KrypkasinoRules,
            by_value: Sequence[int], unseen: int, next_hand: int) -> list[Assessment]:
    """The basic cost of each play (lower is better for the player)."""
    out = []
    key = table_key(table)
    for play in plays:
        card, take = play
        assert take is not None
        cost, points, sweep, p_next = move_cost(card_id(card), [card_id(c) for c in take], table,
                                                 rules, by_value, unseen, next_hand, key)
        out.append(Assessment(play, cost, points, sweep, p_next))
    return out


def value_counts(counts: Sequence[int]) -> list[int]:
    by_value = [0] * 15
    for i, k in enumerate(counts):
        if k:
            by_value[HAND_VALUE[i]] += k
    return by_value


def next_hand_size(view: KrypkasinoSeatView) -> int:
    n = view.players
    return view.hand_sizes[(view.seat + 1) % n]


def _explain(a: Assessment, table: Sequence[Card], rules: KrypkasinoRules, forced: bool,
             only: bool, fewest: int) -> BotDecision[Play]:
    """The basic play's reason from its own figures. A capture is "the cheapest play"
    only when no play takes fewer points; otherwise (as when it leaves a table the next
    player will likely have to sweep) the sentence names the sweep it sets up, which is
    what made it cheaper."""
    card, take = a.play
    assert take is not None
    data: dict[str, Any] = {"card": card, "cards": list(take), "points": a.points + a.sweep,
                            "pct": percent(a.p_next), "sweep": rules.sweep_points}
    if take and len(take) == len(table):
        return BotDecision(a.play, "bots.krypkasino.forced-sweep" if forced
                        else "bots.krypkasino.sweep", data)
    if only:
        return BotDecision(a.play, "bots.krypkasino.only", data)
    setting = a.p_next >= 0.3
    if not take:
        return BotDecision(a.play, "bots.krypkasino.trail-set" if setting
                        else "bots.krypkasino.trail", data)
    return BotDecision(a.play, "bots.krypkasino.capture-set"
                    if setting or a.points + a.sweep > fewest else "bots.krypkasino.capture",
                    data)


class SeededBot:
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


class RandomKrypkasinoBot(SeededBot):
    """Uniform among the legal plays."""

    level = "random"

    def decide(self, observation: KrypkasinoObservation) -> BotDecision[Play]:
        plays = self._plays(observation)
        play = plays[int(self.rng.random() * len(plays))]
        return BotDecision(play, "bots.random.play", {"card": play.card})


class BasicKrypkasinoBot(SeededBot):
    """The cheapest play now, counting the sweep the next player may be forced into."""

    level = "basic"

    def decide(self, observation: KrypkasinoObservation) -> BotDecision[Play]:
        plays = self._plays(observation)
        view = observation.view
        counts = unseen_counts(observation)
        table = [c.index for c in view.table]
        assessed = assess_plays(plays, table, observation.rules, value_counts(counts), sum(counts),
                           next_hand_size(view))
        best = min(assessed, key=lambda a: a.cost)
        forced = observation.rules.forced_sweep and bool(table) and all(
            len(p.take or ()) == len(table) for p in plays)
        fewest = min(a.points + a.sweep for a in assessed)
        return _explain(best, view.table, observation.rules, forced, len(plays) == 1, fewest)


def unseen_by_value(state: KrypkasinoState, public: list[int]) -> tuple[list[int], int]:
    """What the player to act has not seen, by value, and how many cards that is;
    ``public`` counts by value the cards in every hand and the stock."""
    by_value = list(public)
    hand = state.hands[state.turn]
    for i in hand:
        by_value[HAND_VALUE[i]] -= 1
    return by_value, sum(by_value)


def cheapest_move(moves: Sequence[Move], table: Sequence[int], rules: KrypkasinoRules,
              by_value: Sequence[int], unseen: int, next_hand: int) -> Move:
    """The basic choice among ``moves``: the first of the cheapest by :func:`move_cost`."""
    best = moves[0]
    if len(moves) == 1:
        return best
    best_cost = 0.0
    first = True
    key = table_key(table)
    for move in moves:
        cost = move_cost(move[0], move[1], table, rules, by_value, unseen, next_hand, key)[0]
        if first or cost < best_cost:
            best, best_cost, first = move, cost, False
    return best


def basic_move(state: KrypkasinoState, public: list[int]) -> Move:
    """The basic play of the player to act in a sampled position, on card ids (the
    engine's ``legal_moves``): the first of the cheapest by :func:`move_cost`, as the
    basic bot chooses (``public`` counts by value the cards in every hand and the stock)."""
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    seat = state.turn
    by_value, unseen = unseen_by_value(state, public)
    return cheapest_move(moves, state.table, state.rules, by_value, unseen,
                     len(state.hands[(seat + 1) % state.players]))


