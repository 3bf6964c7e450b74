"""The Krypkasino bots' search: the lot search and the ``strong`` player.

* :func:`plan_cost` — the cost of a play for a seat on one sampled position: the rest of
  the lot (the deal, in the last lot) played out, the others answering by basic play;
* :data:`Objective` and its two kinds, :func:`point_margin` and :func:`session_chance`
  (the chance of the lowest session total, :func:`win_chance`);
* :class:`StrongKrypkasinoBot` — the play with the best objective over the worlds of
  :mod:`engine.bots.krypkasino_inference`.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Sequence
from typing import Any

from engine.bots.common import BotDecision, percent
from engine.bots.krypkasino_inference import deal_unseen, misfit_count
from engine.bots.krypkasino_policy import (
    KrypkasinoObservation,
    SeededBot,
    assess_plays,
    basic_move,
    move_cost,
    next_hand_size,
    position_of,
    unseen_by_value,
    unseen_counts,
    value_counts,
)
from engine.cards import DECK, Card
from engine.krypkasino.fast import (
    HAND_VALUE,
    POINTS,
    card_id,
    table_key,
)
from engine.krypkasino.rules import (
    KrypkasinoRules,
    deal_sizes,
)
from engine.krypkasino.state import KrypkasinoState, Phase, Play
from engine.rng import SimRandom, sim_random

__all__ = ["NORMAL_NODES", "Objective", "StrongKrypkasinoBot", "plan_cost", "point_margin",
           "session_chance", "win_chance"]

#: Mixed into the seed of the generator that estimates a single legal play's cost.
_AUX_SEED = 0x5EED_C0AC


def _scores_now(state: KrypkasinoState) -> list[int]:
    """Each seat's points of the current deal so far (card points taken plus sweeps)."""
    return [sum(POINTS[i] for i in state.captured[s]) + state.sweep_points[s]
            for s in range(state.players)]


def _public_counts(state: KrypkasinoState) -> list[int]:
    """By value, the cards in every hand and the stock of a sampled world: what the
    player to act has not seen, once its own hand is taken off (:func:`unseen_by_value`)."""
    public = [0] * 15
    for h in state.hands:
        for i in h:
            public[HAND_VALUE[i]] += 1
    for i in state.stock[state.stock_pos:]:
        public[HAND_VALUE[i]] += 1
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
    public[HAND_VALUE[card_id(play.card)]] -= 1
    deal = state.deal_index
    lot = state.lot
    while state.phase is Phase.PLAY and state.deal_index == deal and state.lot == lot:
        if state.turn == seat and not to_end:
            break
        answer = basic_move(state, public)
        public[HAND_VALUE[answer[0]]] -= 1
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
        by_value, unseen = unseen_by_value(state, public)
        assessed = assess_plays(plays, state.table, state.rules, by_value, unseen,
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
    by_value, unseen = unseen_by_value(state, public)
    assessed = assess_plays(plays, state.table, state.rules, by_value, unseen,
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
    public[HAND_VALUE[card_id(play.card)]] -= 1
    return _plan_after(state, seat, public, before, width, objective, deal, lot)


def _plan_after(state: KrypkasinoState, seat: int, public: list[int], before: list[int],
                width: int, objective: Objective, deal: int, lot: int) -> float:
    """The value of ``state`` just after the seat's play (see :func:`plan_cost`)."""
    while state.phase is Phase.PLAY and state.deal_index == deal and state.lot == lot:
        if state.turn == seat:
            moves = state.legal_moves()
            if len(moves) > width:
                by_value, unseen = unseen_by_value(state, public)
                table = state.table
                key = table_key(table)
                nxt = len(state.hands[(seat + 1) % state.players])
                rules = state.rules
                moves = heapq.nsmallest(width, moves, key=lambda m: move_cost(
                    m[0], m[1], table, rules, by_value, unseen, nxt, key)[0])
            best = 0.0
            for k, move in enumerate(moves):
                branch = state.clone() if k < len(moves) - 1 else state
                counts = list(public)
                counts[HAND_VALUE[move[0]]] -= 1
                branch.apply_move(move)
                value = _plan_after(branch, seat, counts, before, width, objective, deal, lot)
                if k == 0 or value < best:
                    best = value
            return best
        answer = basic_move(state, public)
        public[HAND_VALUE[answer[0]]] -= 1
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



class StrongKrypkasinoBot(SeededBot):
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

    def decide(self, observation: KrypkasinoObservation) -> BotDecision[Play]:
        plays = self._plays(observation)
        view, rules = observation.view, observation.rules
        goal = self._objective(observation)
        counts = unseen_counts(observation)
        table = [c.index for c in view.table]
        assessed = assess_plays(plays, table, rules, value_counts(counts), sum(counts),
                           next_hand_size(view))
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
            return BotDecision(play, key + self._plan_suffix(),
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
            return BotDecision(play, key + self._plan_suffix(), data)
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
        return BotDecision(play, key, data)

