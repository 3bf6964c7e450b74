"""What a Kachuful seat can infer about the hidden cards: the inference of the strong bot
and of the analyst (:mod:`engine.analysis`).

* :func:`knowledge_of` — the seat's information set in ints (:class:`Knowledge`): the
  unseen cards, each seat's known cards and hand size, the suits it showed void in;
* :func:`sample_deal` — one deal of the unseen cards consistent with that knowledge;
* :func:`bid_weigher` — how well a sampled deal explains the bids made (each bidder bids
  near the basic estimate of its hand, ``sigma`` tricks either way);
* :func:`fitting_deals` and :func:`pick_weighted` — many deals and their weights, and a
  draw of some of them by weight.

Cards are ints (:mod:`engine.kachuful.fast`); a deal is a list of hands, one per seat.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from engine.bots.kachuful_policy import (
    KachufulObservation,
    estimate_coded,
    played_mask,
    trump_int,
)
from engine.cards import SUITS
from engine.kachuful.fast import (
    BIT,
)
from engine.kachuful.state import SeatView
from engine.rng import SimRandom

__all__ = ["Knowledge", "bid_weigher", "fitting_deals", "knowledge_of", "pick_weighted",
           "sample_deal"]
# -- strong: determinized sampling -----------------------------------------------------


@dataclass
class Knowledge:
    """The seat's information set in ints: the pool of unseen cards and, per seat,
    the cards it holds when known, how many it holds, and the suits it is void in."""

    seat: int
    players: int
    trump: int
    size: int
    known: list[list[int] | None]
    counts: list[int]
    voids: list[int]
    pool: list[int]
    played: int


def knowledge_of(obs: KachufulObservation) -> Knowledge:
    view = obs.view
    n = view.players
    known: list[list[int] | None] = [None if h is None else [c.index for c in h]
                                     for h in view.hands]
    played = played_mask(view)
    voids = [0] * n
    if obs.rules.renege == "forbidden":
        tricks = [(t.leader, t.cards) for t in view.tricks_played]
        if view.current_trick:
            tricks.append((view.current_trick[0][0], tuple(c for _, c in view.current_trick)))
        for leader, cards in tricks:
            led = cards[0].suit
            for i in range(1, len(cards)):
                if cards[i].suit is not led:
                    voids[(leader + i) % n] |= 1 << SUITS.index(led)
    taken = played
    if view.turned is not None:  # the turned card lies face up: in nobody's hand
        taken |= BIT[view.turned.index]
    for h in known:
        if h is not None:
            for c in h:
                taken |= BIT[c]
    pool = [c for c in range(52) if not taken & BIT[c]]
    return Knowledge(view.seat, n, trump_int(view), view.hand_size, known,
                      list(view.cards_held), voids, pool, played)


def sample_deal(k: Knowledge, rnd: SimRandom) -> list[list[int]]:
    """Every seat's cards: the known ones, the others dealt at random from the pool,
    respecting the voids shown (retried, then relaxed if they cannot all be met)."""
    hidden = [s for s in range(k.players) if k.known[s] is None]
    hidden.sort(key=lambda s: -k.voids[s].bit_count())
    pool = k.pool
    for attempt in range(12):
        cards = list(pool)
        rnd.shuffle(cards)
        hands: list[list[int]] = [list(h) if h is not None else [] for h in k.known]
        ok = True
        for s in hidden:
            want = k.counts[s]
            void = k.voids[s] if attempt < 11 else 0
            if void:
                take = [c for c in cards if not (void >> (c // 13)) & 1][:want]
                if len(take) < want:
                    ok = False
                    break
                chosen = set(take)
                cards = [c for c in cards if c not in chosen]
            else:
                take = cards[:want]
                cards = cards[want:]
            hands[s] = take
        if ok:
            return hands
    raise AssertionError("unreachable: the last attempt ignores voids")  # pragma: no cover


def _played_by(view: SeatView) -> list[list[int]]:
    """The cards each seat has played in this hand (public)."""
    n = view.players
    out: list[list[int]] = [[] for _ in range(n)]
    for trick in view.tricks_played:
        for i, c in enumerate(trick.cards):
            out[(trick.leader + i) % n].append(c.index)
    for s, c in view.current_trick:
        out[s].append(c.index)
    return out


def bid_weigher(view: SeatView, k: Knowledge, sigma: float, bias: float = 0.0
                ) -> Callable[[list[list[int]]], float]:
    """The likelihood of the bids made (not blind, not ours) for a sampled deal: each
    bidder is taken to bid near the basic estimate of the hand it held when it bid, the
    bid within about ``sigma`` tricks of it (a normal weight), ``bias`` tricks under it.
    ``1.0`` for every deal when nobody else has bid."""
    played = _played_by(view)
    bidders = [(s, b, played[s]) for s, b in enumerate(view.bids)
               if b is not None and s != view.seat and not view.blind[s]
               and k.known[s] is None]
    trump, size, n = k.trump, k.size, k.players
    scale = -0.5 / (sigma * sigma)

    def weight(hands: list[list[int]]) -> float:
        log_w = 0.0
        for s, b, gone in bidders:
            est = estimate_coded(hands[s] + gone, trump, size, n)[0] - bias
            log_w += scale * (b - est) ** 2
        return math.exp(log_w)

    return weight


def fitting_deals(k: Knowledge, weigh: Callable[[list[list[int]]], float],
                  rnd: SimRandom, count: int) -> tuple[list[list[list[int]]], list[float]]:
    """``count`` sampled deals (voids respected) and their bid likelihoods."""
    deals = [sample_deal(k, rnd) for _ in range(count)]
    return deals, [weigh(d) for d in deals]


def pick_weighted(deals: list[list[list[int]]], weights: list[float], count: int,
                  rnd: SimRandom) -> list[list[list[int]]]:
    """``count`` of ``deals`` drawn without replacement, each with a chance in proportion
    to its weight (keys u ** (1 / w), the largest kept)."""
    keyed = []
    for i, w in enumerate(weights):
        u = rnd.random() or 1e-300
        keyed.append((math.log(u) / w if w > 0 else -math.inf, i))
    keyed.sort(reverse=True)
    return [deals[i] for _, i in keyed[:count]]
