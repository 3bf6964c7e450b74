"""Krypkasino analysis: every legal play of the seat to act, valued by the chance of the
lowest total at the end of the session (the strong bot's objective) and the seat's
expected points of the deal (see :mod:`engine.analysis` and docs/analysis.md).

From the seat's information (``exact`` false): ``samples`` deals of the unseen cards to
the other hands and the stock, drawn as the strong bot draws them (consistent with the
values a player showed it lacks by not sweeping, C-8, and among four times as many those
that best explain the others' plays of this lot as basic play). On each deal every play
is followed to the end of the lot (to the end of the deal in the last lot): the others
answer with basic play, and at each of its later turns the seat takes the best of its
two basic-cheapest plays (:func:`engine.bots.krypkasino.plan_cost`). The chance comes
from :func:`engine.bots.krypkasino.session_chance` at the end of that horizon.

Exact (``exact=True``, every hand and the stock known): the real cards are the one
world, and every later play of the seat in the lot is searched (not two), the others
still answering with basic play.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence

from engine.analysis.kachuful import Z95
from engine.analysis.types import Analysis, Decision, mark_for
from engine.bots.krypkasino import (
    KrypkasinoObservation,
    Objective,
    deal_unseen,
    misfit_count,
    observe,
    plan_cost,
    position_of,
    session_chance,
    unseen_counts,
)
from engine.cards import DECK, Card
from engine.krypkasino.state import KrypkasinoState, Phase, Play
from engine.rng import SimRandom, sim_random

#: The default number of sampled deals per decision (the strong bot's).
SAMPLES = 32
#: The seat's later plays searched per turn: the strong bot's ``plan`` (sampled) and
#: every legal play (exact).
WIDTH, EXACT_WIDTH = 2, 99
#: Draws per kept world when fitting the others' plays (the strong bot's ``fit``).
FIT = 4


def seat_to_act(state: KrypkasinoState, seat: int | None) -> int:
    turn = state.current_player()
    if turn is None or state.phase is not Phase.PLAY:
        raise ValueError("no play to analyse: the session is not in a deal's play")
    if seat is not None and seat != turn:
        raise ValueError(f"seat {seat} is not to act: seat {turn} is")
    return turn


def _build(obs: KrypkasinoObservation, dealt: list[list[int]], rest: list[int]
           ) -> KrypkasinoState:
    """A position with the seat's hand and the table, the others' hands and the stock as
    dealt."""
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


def _worlds(obs: KrypkasinoObservation, samples: int, rng: SimRandom
            ) -> list[KrypkasinoState]:
    """``samples`` deals of the unseen cards (the strong bot's sampler and fit)."""
    view = obs.view
    n = view.players
    counts = unseen_counts(obs)
    lacks = obs.lacks if len(obs.lacks) == n else ((),) * n

    def deal() -> tuple[list[list[int]], list[int]]:
        pool = [i for i, k in enumerate(counts) for _ in range(k)]
        return deal_unseen(pool, view.hand_sizes, view.seat, lacks, rng)

    if not obs.plays:
        return [_build(obs, *deal()) for _ in range(samples)]
    mine = [c.index for c in view.hand]
    scratch = position_of(obs)
    kept: list[tuple[int, int, list[list[int]], list[int]]] = []
    for j in range(samples * FIT):
        dealt, rest = deal()
        hands = [mine if s == view.seat else h for s, h in enumerate(dealt)]
        limit = -kept[0][0] if len(kept) == samples else -1
        m = misfit_count(hands, rest, view.seat, obs.plays, scratch, limit)
        if len(kept) < samples:
            heapq.heappush(kept, (-m, -j, dealt, rest))
        elif m < limit:
            heapq.heapreplace(kept, (-m, -j, dealt, rest))
    drawn = sorted((-m, -j, dealt, rest) for m, j, dealt, rest in kept)
    return [_build(obs, d[2], d[3]) for d in drawn]


def _objectives(obs: KrypkasinoObservation, state: KrypkasinoState
                ) -> tuple[Objective, Objective, list[int]]:
    """The session objective (minus the chance), the points objective (the seat's points
    taken), and the seat's points of the deal so far per seat."""
    view = obs.view
    n = view.players
    seat = view.seat
    points = list(obs.deal_points) if len(obs.deal_points) == n else [0] * n
    start = [t + p for t, p in zip(view.totals, points, strict=True)]
    after = max(0, obs.rules.session_length(n) - view.deal - 1)
    chance = session_chance(seat, start, after, obs.rules)

    def taken(delta: list[int], _state: KrypkasinoState) -> float:
        return float(delta[seat])

    return chance, taken, points


def _interval(values: list[float]) -> tuple[float, float]:
    """The 95% normal interval of the mean of ``values`` (clipped to 0..1)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return (mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return (max(0.0, mean - half), min(1.0, mean + half))


def analyse(state: KrypkasinoState, seat: int | None = None, *, samples: int | None = None,
            seed: int = 0, exact: bool | None = None) -> Analysis:
    """See :func:`engine.analysis.analyse`. ``exact=None`` samples (the seat never sees
    the stock)."""
    seat = seat_to_act(state, seat)
    obs = observe(state, seat)
    plays = state.legal_actions()
    chance_goal, points_goal, so_far = _objectives(obs, state)
    if exact:
        worlds = [state.clone()]
        width = EXACT_WIDTH
    else:
        worlds = _worlds(obs, samples or SAMPLES, sim_random(seed))
        width = WIDTH
    chances: list[list[float]] = [[] for _ in plays]
    points: list[float] = [0.0] * len(plays)
    for world in worlds:
        for k, play in enumerate(plays):
            chances[k].append(-plan_cost(world.clone(), seat, play, width, chance_goal))
            points[k] += plan_cost(world.clone(), seat, play, width, points_goal)
    w = len(worlds)
    values: list[tuple[Play, float, float, tuple[float, float] | None]] = []
    for k, play in enumerate(plays):
        make = sum(chances[k]) / w
        values.append((play, make, so_far[seat] + points[k] / w,
                       None if exact else _interval(chances[k])))
    ranked = sorted(values, key=lambda v: (-v[1], v[2]))
    top = ranked[0][1]
    decisions = tuple(Decision(play, make, pts, interval, mark_for(top - make), None,
                               top - make) for play, make, pts, interval in ranked)
    return Analysis("krypkasino", seat, bool(exact), "session", w, decisions)


__all__ = ["SAMPLES", "analyse", "seat_to_act"]
