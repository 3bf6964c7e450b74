"""What a Krypkasino seat can infer about the hidden cards, for the strong bot and the
analyst (:mod:`engine.analysis`).

* :func:`deal_unseen` — one deal of the unseen cards to the other hands and the stock,
  consistent with the values each player showed it lacks by not sweeping (C-8);
* :func:`misfit_count` — how many of this lot's public plays a sampled deal fails to
  explain as basic play (the strong bot keeps the deals that explain them best).

The values a player lacks come from :func:`engine.bots.krypkasino_policy.lacks_of`, the
unseen cards from :func:`~engine.bots.krypkasino_policy.unseen_counts`.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.bots.krypkasino_policy import (
    LotPlay,
    cheapest_move,
)
from engine.krypkasino.fast import (
    HAND_VALUE,
)
from engine.krypkasino.state import KrypkasinoState
from engine.rng import SimRandom

__all__ = ["deal_unseen", "misfit_count"]

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
            total[HAND_VALUE[i]] += 1
    for i in stock:
        total[HAND_VALUE[i]] += 1
    rules = scratch.rules
    misfits = 0
    if misfits == limit:
        return misfits
    for mover, cid, take, before in reversed(plays):
        hand = held[mover]
        hand.append(cid)
        total[HAND_VALUE[cid]] += 1
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
            by_value[HAND_VALUE[i]] -= 1
        move = cheapest_move(moves, before, rules, by_value, sum(by_value),
                         len(held[(mover + 1) % n]))
        if move[0] != cid or tuple(sorted(move[1])) != take:
            misfits += 1
            if misfits == limit:
                break
    return misfits



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
        allowed = [j for j, i in enumerate(pool) if HAND_VALUE[i] not in banned][:k]
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


