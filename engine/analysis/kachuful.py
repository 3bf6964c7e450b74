"""Kachuful analysis: every legal bid or card of the seat to act, valued by the chance of
ending the hand with exactly the bid (see :mod:`engine.analysis` and docs/analysis.md).

From the seat's information (``exact`` false): ``samples`` deals of the unseen cards that
fit what the seat has seen, drawn as the strong bot draws them (the voids shown, each deal
weighted by how well it explains the bids made: :func:`engine.bots.kachuful.bid_weigher`);
on each deal every decision is played out to the end of the hand by the bots' playout
policy (the later bidders bid their basic estimate, the dealer within the hook). Every
decision is valued on the same deals, so the differences between them carry little noise.

Exact (every hand known): :class:`engine.analysis.solver.Solver` answers, for each
decision, whether the seat can still force exactly its bid whatever the others play.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from engine.analysis.solver import Solver, TooLarge, distinct_cards
from engine.analysis.types import Analysis, Decision, TrickDistribution, mark_for
from engine.bots.kachuful import (
    bid_weigher,
    closest_number,
    estimate_coded,
    fitting_deals,
    knowledge_of,
    observe,
    rollout_variant,
)
from engine.cards import SUITS, Card
from engine.kachuful.fast import trick_winner_int
from engine.kachuful.rules import KachufulRules, is_renege, legal_bids, score_hand
from engine.kachuful.state import Bid, KachufulState, Phase
from engine.rng import sim_random

#: The default number of sampled deals per decision.
SAMPLES = 160
#: How the others bid, measured on what bids (docs/analysis.md): a strong bot's bid is
#: about ``BID_BIAS`` tricks under the basic estimate of its hand, give or take ``SIGMA``
#: (the spread of the bid around that). The worlds are weighted by this likelihood of the
#: bids made, and the later bidders of a playout bid the legal bid closest to it.
BID_BIAS = 0.4
SIGMA = 0.6
#: Deals drawn per sampled world: ``POOL * samples`` deals fitting the voids shown are
#: drawn, weighted by the likelihood of the bids made, and ``samples`` worlds resampled
#: from them in proportion to the weight (systematic resampling, so a deal can count
#: more than once; each distinct deal is played out once).
POOL = 3
#: Whether every seat of a playout reads the hands still to play in the trick (the
#: strong bots that play on all search the deal), or only the analysed seat.
ALL_SEE = False
#: The chance, per card the seat still chooses, that the hand ends a trick away (each
#: way) from the playouts' count: the play that follows is not the playouts' basic play
#: (fitted on seeded decisions of strong bots, docs/analysis.md; see :func:`smooth`).
OFF_BY_ONE = 0.02
#: The chance, per card the seat still chooses (at most 0.5 in all), that the hand ends on
#: the seat's bid whatever the playouts say, when that is still possible: the seat's own
#: later choices steer to its bid better than basic play (see :func:`steered`).
STEER = 0.02
#: The 95% normal quantile of the intervals.
Z95 = 1.959964


def wilson(successes: float, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion.

    >>> [round(x, 3) for x in wilson(8, 10)]
    [0.49, 0.943]
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def seat_to_act(state: KachufulState, seat: int | None) -> int:
    turn = state.current_player()
    if turn is None:
        raise ValueError("the game is over: there is no decision to analyse")
    if seat is not None and seat != turn:
        raise ValueError(f"seat {seat} is not to act: seat {turn} is")
    return turn


def _trump(state: KachufulState) -> int:
    return -1 if state.trump is None else SUITS.index(state.trump)


def _later_bids(state: KachufulState, hands: Sequence[Sequence[int]], seat: int, bid: int,
                trump: int) -> list[int]:
    """Everyone's bid: those made, ``bid`` for ``seat``, the later bidders the legal bid
    closest to their basic estimate of the deal (the strong bot's model of them)."""
    n = state.players
    bids = [b if b is not None else -1 for b in state.bids]
    bids[seat] = bid
    total = sum(b for b in bids if b >= 0)
    size = state.hand_size
    dealer = state.dealer
    for i in range(1, n + 1):
        s = (dealer + i) % n
        if bids[s] >= 0:
            continue
        est = estimate_coded(list(hands[s]), trump, size, n)[0] - BID_BIAS
        numbers = legal_bids(size, (total,), dealer=s == dealer, rules=state.rules)
        bids[s] = closest_number(numbers, est)
        total += bids[s]
    return bids


def _playout(hands: list[list[int]], played: int, bids: Sequence[int], won: list[int],
             leader: int, trick: list[int], trump: int, n: int, seat: int) -> list[int]:
    """The rest of the hand with the bots' playout policy: basic play for every seat, the
    analysed seat reading the hands still to play in the trick (it steers to its bid as
    the strong bot's search does)."""
    if len(trick) == n:
        w = (leader + trick_winner_int(trick, trump)) % n
        won[w] += 1
        leader, trick = w, []
    return rollout_variant(hands, played, bids, won, leader, trick, trump, n,
                           seen=ALL_SEE, seers=1 << seat)


#: Sampled worlds: each distinct deal (every hand as int cards) with how many of the
#: ``samples`` draws it stands for.
_Worlds = list[tuple[list[list[int]], int]]


def resample(weights: Sequence[float], count: int, u: float) -> list[int]:
    """How many of ``count`` systematic draws (offset ``u`` in 0..1) fall on each weight:
    each index is drawn in proportion to its weight, the counts adding up to ``count``.

    >>> resample([1.0, 0.0, 3.0], 4, 0.5)
    [1, 0, 3]
    """
    total = sum(weights)
    if total <= 0:
        weights, total = [1.0] * len(weights), float(len(weights))
    step = total / count
    point = u * step
    counts = [0] * len(weights)
    acc = 0.0
    drawn = 0
    for i, w in enumerate(weights):
        acc += w
        while drawn < count and point < acc:
            counts[i] += 1
            drawn += 1
            point += step
    if drawn < count:  # rounding at the very end: the last deal with a weight
        last = max(i for i, w in enumerate(weights) if w > 0)
        counts[last] += count - drawn
    return counts


def sampled_worlds(state: KachufulState, seat: int, samples: int, seed: int) -> _Worlds:
    """``samples`` worlds of the unseen cards fitting what ``seat`` has seen, drawn from
    ``POOL`` times as many deals (the voids shown) in proportion to the likelihood of the
    bids made (:func:`engine.bots.kachuful.bid_weigher`, the bid model above)."""
    obs = observe(state, seat)
    k = knowledge_of(obs)
    rng = sim_random(seed)
    weigh = bid_weigher(obs.view, k, SIGMA, BID_BIAS)
    deals, weights = fitting_deals(k, weigh, rng, POOL * samples)
    counts = resample(weights, samples, rng.random())
    return [(d, c) for d, c in zip(deals, counts, strict=True) if c]


def determined(state: KachufulState, seat: int) -> bool:
    """Whether ``seat``'s own information fixes every hand (every unseen card must be in
    the one other hand that still holds unseen cards, or there is none)."""
    k = knowledge_of(observe(state, seat))
    hidden = [s for s in range(state.players) if k.known[s] is None and k.counts[s] > 0]
    return len(hidden) == 0 or (len(hidden) == 1 and len(k.pool) == k.counts[hidden[0]])


#: A decision's numbers before the marks: action, make, points, interval, tricks.
_Value = tuple[Bid | Card, float, float, tuple[float, float] | None, TrickDistribution | None]


def _order_and_mark(values: Sequence[_Value]) -> tuple[Decision, ...]:
    ranked = sorted(values, key=lambda v: (-v[1], -v[2]))
    top = ranked[0][1]
    return tuple(Decision(action, make, points, interval, mark_for(top - make), tricks,
                          top - make)
                 for action, make, points, interval, tricks in ranked)


def analyse(state: KachufulState, seat: int | None = None, *, samples: int | None = None,
            seed: int = 0, exact: bool | None = None) -> Analysis:
    """See :func:`engine.analysis.analyse`."""
    seat = seat_to_act(state, seat)
    if exact is None and determined(state, seat):
        try:
            return _exact(state, seat)
        except TooLarge:
            pass  # too large to solve in the budget: sample instead
    elif exact:
        return _exact(state, seat)
    return _sampled(state, seat, samples or SAMPLES, seed)


def bid_advice(state: KachufulState, seat: int | None = None, *, samples: int | None = None,
               seed: int = 0) -> TrickDistribution:
    """See :func:`engine.analysis.bid_advice`."""
    seat = seat_to_act(state, seat)
    if state.phase is not Phase.BID:
        raise ValueError("bid advice is for the bidding: the cards are being played")
    analysis = _sampled(state, seat, samples or SAMPLES, seed)
    tricks = analysis.best.tricks
    assert tricks is not None
    return tricks


# -- sampled ---------------------------------------------------------------------------


def _score(rules: KachufulRules, bid: int, tricks: int, blind: bool) -> int:
    return score_hand(bid, tricks, rules, blind)


def smooth(tally: Sequence[int], worlds: int, lo: int, hi: int, spread: float
           ) -> tuple[float, ...]:
    """The chance of each final trick count from the playouts' ``tally``, each count moved
    one trick down and one trick up with chance ``spread`` each (capped at 0.25), within
    ``lo..hi`` (the tricks won so far, and those plus the seat's cards left): the play
    that follows is not the playouts' basic play, and is a trick off now and then.

    >>> smooth([0, 10, 0], 10, 0, 2, 0.1)
    (0.1, 0.8, 0.1)
    >>> smooth([10, 0, 0], 10, 0, 2, 0.1)
    (0.9, 0.1, 0.0)
    """
    e = min(0.25, max(0.0, spread))
    out = [0.0] * len(tally)
    for t, c in enumerate(tally):
        if not c:
            continue
        p = c / worlds
        down = e if t - 1 >= lo else 0.0
        up = e if t + 1 <= hi else 0.0
        out[t] += p * (1 - down - up)
        if down:
            out[t - 1] += p * down
        if up:
            out[t + 1] += p * up
    return tuple(out)


def steered(tally: Sequence[int], worlds: int, lo: int, hi: int, cards: int, bid: int
            ) -> tuple[float, ...]:
    """The final trick counts' chances after a decision of a seat that bids (or has bid)
    ``bid`` and still chooses ``cards`` cards: the playouts' ``tally`` spread a trick
    either way with chance ``OFF_BY_ONE`` per card (:func:`smooth`), then a share
    ``STEER`` per card (at most 0.5) moved onto the bid when ``lo <= bid <= hi``. The two
    values were fitted together on seeded decisions of strong bots (docs/analysis.md).

    >>> [round(p, 3) for p in steered([0, 10, 0], 10, 0, 2, 1, 2)]
    [0.02, 0.941, 0.04]
    """
    chances = list(smooth(tally, worlds, lo, hi, OFF_BY_ONE * cards))
    if lo <= bid <= hi and cards > 0:
        share = min(0.5, STEER * cards)
        chances = [p * (1 - share) for p in chances]
        chances[bid] += share
    return tuple(chances)


def effective(worlds: _Worlds) -> int:
    """The effective number of independent worlds of resampled ``worlds`` (Kish's:
    the draws squared over the sum of each deal's count squared), for the intervals."""
    total = sum(c for _, c in worlds)
    return max(1, round(total * total / sum(c * c for _, c in worlds)))


def _valued(action: Bid | Card, chances: tuple[float, ...], worlds: int, ess: int,
            rules: KachufulRules, bid: int, blind: bool
            ) -> tuple[Bid | Card, float, float, tuple[float, float], TrickDistribution]:
    """An action's make, points, interval (over ``ess`` effective worlds) and trick
    distribution from ``chances``."""
    make = chances[bid]
    points = sum(p * _score(rules, bid, t, blind) for t, p in enumerate(chances))
    return (action, make, points, wilson(make * ess, ess),
            TrickDistribution(chances, worlds))


def value_of(state: KachufulState, action: Bid | Card, seat: int | None = None, *,
             samples: int | None = None, seed: int = 0) -> Decision:
    """The :class:`Decision` of one legal ``action`` with the numbers :func:`analyse`
    gives it with the same ``samples`` and ``seed`` (the same worlds and playouts), the
    other actions left unvalued (its ``loss`` is 0 and its mark ``best``: there is
    nothing to compare with). For measuring many decisions (``bench/analysis.py``'s
    calibration) at a fraction of the cost."""
    seat = seat_to_act(state, seat)
    if action not in state.legal_actions():
        raise ValueError(f"{action} is not a legal action of seat {seat}")
    if determined(state, seat):
        return analyse(state, seat, samples=samples, seed=seed).of(action)
    return _sampled(state, seat, samples or SAMPLES, seed, only=action).decisions[0]


def _sampled(state: KachufulState, seat: int, samples: int, seed: int,
             only: Bid | Card | None = None) -> Analysis:
    """The sampled analysis; ``only``: value that one action alone."""
    worlds = sampled_worlds(state, seat, samples, seed)
    if state.phase is Phase.BID:
        decisions = _sampled_bids(state, seat, worlds, only)
    else:
        decisions = _sampled_cards(state, seat, worlds, only)
    return Analysis("kachuful", seat, False, "make", sum(c for _, c in worlds), decisions)


def _sampled_bids(state: KachufulState, seat: int, worlds: _Worlds,
                  only: Bid | Card | None = None) -> tuple[Decision, ...]:
    n, size, rules = state.players, state.hand_size, state.rules
    trump = _trump(state)
    leader = (state.dealer + 1) % n
    actions = [a for a in state.legal_actions() if isinstance(a, Bid)
               and (only is None or a == only)]
    counts: dict[int, list[int]] = {}
    for b in sorted({a.n for a in actions}):
        tally = [0] * (size + 1)
        for world, times in worlds:
            bids = _later_bids(state, world, seat, b, trump)
            won = _playout([list(h) for h in world], 0, bids, [0] * n, leader, [], trump, n,
                           seat)
            tally[won[seat]] += times
        counts[b] = tally
    w = sum(c for _, c in worlds)
    ess = effective(worlds)
    values: list[_Value] = []
    for a in actions:
        chances = steered(counts[a.n], w, 0, size, size, a.n)
        values.append(_valued(a, chances, w, ess, rules, a.n, a.blind))
    return _order_and_mark(values)


def _sampled_cards(state: KachufulState, seat: int, worlds: _Worlds,
                   only: Bid | Card | None = None) -> tuple[Decision, ...]:
    n, rules = state.players, state.rules
    trump = _trump(state)
    bids = [b if b is not None else 0 for b in state.bids]
    bid, blind = bids[seat], state.blind[seat]
    current = state.current_trick
    trick0 = [c.index for _, c in current]
    leader = state.leader
    done = state.tricks_played
    played = 0
    for t in done:
        for gone in t.cards:
            played |= 1 << gone.index
    for x in trick0:
        played |= 1 << x
    won0 = list(state.tricks_won)
    legal = [a for a in state.legal_actions() if isinstance(a, Card)]
    held = list(state.hand_of(seat))
    led = current[0][1].suit if current else None
    renege = {c for c in legal if is_renege(held, c, led)}
    fair = [c for c in legal if c not in renege]
    forehead = rules.one_card_forehead and state.hand_size == 1
    mine = sum(1 << c.index for c in held)
    others = ((1 << 52) - 1) & ~played & ~mine
    for x in trick0:
        others |= 1 << x
    reps = {c: c for c in fair}
    if not forehead:
        runs = distinct_cards(sum(1 << c.index for c in fair), others)
        by_index = {c.index: c for c in fair}
        rep_of_run: dict[int, int] = {}
        for idx in sorted(by_index):
            rep_of_run[idx] = max((r for r in runs if r <= idx and r // 13 == idx // 13),
                                  default=idx)
        reps = {c: by_index[rep_of_run[c.index]] for c in fair}
    size = state.hand_size
    left = len(held)  # the seat's cards before this one
    won_now = won0[seat]
    w = sum(c for _, c in worlds)
    tallies: dict[Card, tuple[float, ...]] = {}
    valued = set(reps.values())
    if isinstance(only, Card):
        valued = {reps[only]} if only in reps else set()
    for card in sorted(valued, key=lambda c: c.index):
        tally = [0] * (size + 1)
        for world, times in worlds:
            hands = [list(h) for h in world]
            x = hands[seat][0] if forehead else card.index
            hands[seat].remove(x)
            won = _playout(hands, played | 1 << x, bids, list(won0), leader, trick0 + [x],
                           trump, n, seat)
            tally[won[seat]] += times
        tallies[card] = steered(tally, w, won_now, won_now + left, left - 1, bid)
    ess = effective(worlds)
    values: list[_Value] = []
    for card in legal:
        if only is not None and card != only:
            continue
        if card in renege:  # under renege: penalized, a renege scores 0 whatever happens
            values.append((card, 0.0, 0.0, (0.0, 0.0), None))
            continue
        values.append(_valued(card, tallies[reps[card]], w, ess, rules, bid, blind))
    return _order_and_mark(values)


# -- exact -----------------------------------------------------------------------------


def _guaranteed(rules: KachufulRules, bid: int, blind: bool, size: int,
                force: Callable[[int], bool]) -> float:
    """The most points the seat can guarantee with ``bid``: the highest score ``v`` such
    that it can force a trick count scoring at least ``v`` (``force(goal)`` asks)."""
    scores = [_score(rules, bid, t, blind) for t in range(size + 1)]
    for v in sorted(set(scores), reverse=True):
        goal = sum(1 << t for t, s in enumerate(scores) if s >= v)
        if force(goal):
            return float(v)
    return float(min(scores))  # pragma: no cover - the lowest score is always forced


def _exact(state: KachufulState, seat: int) -> Analysis:
    n, size, rules = state.players, state.hand_size, state.rules
    trump = _trump(state)
    hands = [sum(1 << c.index for c in state.hand_of(s)) for s in range(n)]
    solver = Solver(n, trump, seat)
    values: list[_Value] = []
    if state.phase is Phase.BID:
        leader = (state.dealer + 1) % n
        for a in state.legal_actions():
            assert isinstance(a, Bid)

            def force(goal: int) -> bool:
                return solver.force(hands, leader, (), 0, goal)

            make = force(1 << a.n)
            points = _guaranteed(rules, a.n, a.blind, size, force)
            values.append((a, float(make), points, None, None))
        return Analysis("kachuful", seat, True, "make", 1, _order_and_mark(values))
    bid = state.bids[seat]
    assert bid is not None
    blind = state.blind[seat]
    trick = [c.index for _, c in state.current_trick]
    won = state.tricks_won[seat]
    held = list(state.hand_of(seat))
    led = state.current_trick[0][1].suit if state.current_trick else None
    for card in state.legal_actions():
        assert isinstance(card, Card)
        if is_renege(held, card, led):
            values.append((card, 0.0, 0.0, None, None))
            continue
        after = list(hands)
        after[seat] ^= 1 << card.index

        def force_after(goal: int, after: list[int] = after, card: Card = card) -> bool:
            return solver.force(after, state.leader, trick + [card.index], won, goal)

        make = force_after(1 << bid)
        points = _guaranteed(rules, bid, blind, size, force_after)
        values.append((card, float(make), points, None, None))
    return Analysis("kachuful", seat, True, "make", 1, _order_and_mark(values))


__all__ = ["SAMPLES", "analyse", "bid_advice", "determined", "sampled_worlds", "seat_to_act",
           "value_of", "wilson"]

