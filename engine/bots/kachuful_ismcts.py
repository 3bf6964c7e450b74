"""The strong Kachuful bot's search: information-set Monte Carlo tree search with random
playouts, on int-coded cards (``Card.index``: suit = index // 13, trump -1 for none).

The search is the one OpenSpiel's ``ISMCTSBot`` runs (Cowling, Powley and Whitehouse
2012, in OpenSpiel's form): every iteration deals the hidden cards at random into a
*world* that fits what the seat has seen, walks a tree whose nodes are *information
sets* — the seat to act, the cards played since the search began and the cards that seat
holds — choosing at each node the card with the best ``mean + c·sqrt(ln N / n)`` for the
seat that acts there, adds the first node it reaches that is not yet in the tree, plays
the rest of the hand out with every seat playing a uniformly random legal card, and
credits each seat's score to the cards it chose on the way. What this module adds to
OpenSpiel's: the worlds respect the voids shown by not following suit and can be
weighted by how well they explain the bids made (the caller's ``draw``), and the bids are
valued on one common set of playouts (a random playout does not look at the bids, so one
playout prices every bid at once).

Pure functions of their arguments and the random source ``rnd`` (a ``random()``
callable): the strong bot (``engine.bots.kachuful``) and the benchmark call them.

>>> from engine.rng import sim_random
>>> rnd = sim_random(1).random
>>> hands = [[12, 11], [0, 1], [25, 24], [13, 14]]   # A♠ K♠, 2♠ 3♠, A♥ K♥, 2♥ 3♥
>>> won = random_playout([list(h) for h in hands], [0, 0, 0, 0], 0, [], -1, 4, rnd)
>>> won[0]    # seat 0 leads spades, which nobody can beat
2
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["SearchStats", "bid_values", "random_playout", "search_cards"]

from engine.kachuful.fast import BEATS, playable_int, trick_winner_int

_SUIT = tuple(c // 13 for c in range(52))
_BIT = tuple(1 << c for c in range(52))

#: Per root card: (visits, mean score, share of those visits in which the seat made its bid).
SearchStats = dict[int, tuple[int, float, float]]


def random_playout(hands: list[list[int]], won: list[int], leader: int, trick: list[int],
                   trump: int, n: int, rnd: Callable[[], float]) -> list[int]:
    """Play the rest of the hand with a uniformly random legal card for every seat
    (following suit when it can, K-11) and return the tricks won. ``hands`` and ``won``
    are consumed (pass copies); ``trick`` is the trick so far, led by ``leader``."""
    suit = _SUIT
    beats = BEATS[trump + 1]
    count = len(trick)
    turn = (leader + count) % n
    last = n - 1
    if trick:
        led = suit[trick[0]]
        w = trick_winner_int(trick, trump)
        win = trick[w]
        win_seat = (leader + w) % n
    else:
        led = win = win_seat = -1
    while True:
        hand = hands[turn]
        if not hand:
            return won
        if count:
            legal = playable_int(hand, led)
            c = legal[int(rnd() * len(legal))]
            hand.remove(c)
            if beats[win * 52 + c]:
                win = c
                win_seat = turn
            count += 1
            if count == n:
                won[win_seat] += 1
                turn = win_seat
                count = 0
                continue
        else:
            c = hand.pop(int(rnd() * len(hand)))
            led = suit[c]
            win = c
            win_seat = turn
            count = 1
        turn = turn + 1 if turn < last else 0


def bid_values(draw: Callable[[], list[list[int]]], seat: int, leader: int, trump: int,
               n: int, playouts: int, rnd: Callable[[], float]) -> list[int]:
    """How many tricks ``seat`` takes in each of ``playouts`` random playouts of the whole
    hand, each on a world from ``draw`` (every seat's cards; ``leader`` plays first).

    Random play does not read the bids, so the same playouts price every bid: the
    caller scores each candidate bid on these counts (OpenSpiel's search tries each bid
    in its own playouts, with the same expectation and more noise)."""
    out = []
    for _ in range(playouts):
        hands = [list(h) for h in draw()]
        out.append(random_playout(hands, [0] * n, leader, [], trump, n, rnd)[seat])
    return out


def search_cards(draw: Callable[[], list[list[int]]], seat: int, won0: Sequence[int],
                 leader0: int, trick0: Sequence[int], trump: int, n: int,
                 scores: Sequence[Sequence[float]], bid: int, candidates: Sequence[int],
                 iterations: int, uct_c: float, rnd: Callable[[], float],
                 flat: bool = False) -> SearchStats:
    """The card search from a position of the play: ``seat`` to play, ``won0`` the
    tricks taken so far, ``trick0`` the trick so far led by ``leader0``; ``scores[p][t]``
    is seat ``p``'s score for ``t`` tricks, on one scale for every seat (the caller
    scales it to 0..1, so ``uct_c`` does not depend on the variant's scoring); ``bid``
    the seat's bid; ``candidates`` the root cards to compare (cards in sequence count
    once); ``flat``: the tree is the root alone (every playout starts after the root
    card). Returns each candidate's visits, mean score (on the ``scores`` scale) and the
    share of its visits in which the seat took exactly ``bid`` tricks."""
    bit = _BIT
    suit = _SUIT
    log = math.log
    sqrt = math.sqrt
    allowed = set(candidates)
    # A node: [visits, {card: [visits, score sum]}], keyed by (path id, the hand of the
    # seat to act as a bit set): the path id names the cards played since the root, so
    # (path, hand) is that seat's information set inside the search.
    nodes: dict[tuple[int, int], list[Any]] = {}
    paths: dict[tuple[int, int], int] = {}
    made = dict.fromkeys(candidates, 0)
    root: dict[int, list[Any]] = {}
    for _ in range(iterations):
        hands = [list(h) for h in draw()]
        won = list(won0)
        trick = list(trick0)
        leader = leader0
        turn = (leader + len(trick)) % n
        pid = 0
        path: list[tuple[list[Any], int]] = []
        first = -1
        while True:
            hand = hands[turn]
            if not hand:
                break
            mask = 0
            for c in hand:
                mask |= bit[c]
            key = (pid, mask)
            node = nodes.get(key)
            if flat and path:
                break
            if node is None:
                node = nodes[key] = [0, {}]
                if path:  # a new information set: play out from here
                    break
                root = node[1]
            legal = playable_int(hand, suit[trick[0]]) if trick else hand
            if not path:
                legal = [c for c in legal if c in allowed]
            kids = node[1]
            untried = [c for c in legal if c not in kids]
            if untried:
                c = untried[int(rnd() * len(untried))]
                child = kids[c] = [0, 0.0]
            else:
                total = log(node[0])
                best = -1e300
                ties: list[int] = []
                for x in legal:
                    e = kids[x]
                    v = e[1] / e[0] + uct_c * sqrt(total / e[0])
                    if v > best + 1e-9:
                        best = v
                        ties = [x]
                    elif v > best - 1e-9:
                        ties.append(x)
                c = ties[0] if len(ties) == 1 else ties[int(rnd() * len(ties))]
                child = kids[c]
            node[0] += 1
            child[0] += 1
            path.append((child, turn))
            if first < 0:
                first = c
            hand.remove(c)
            trick.append(c)
            nxt = paths.get((pid, c))
            if nxt is None:
                nxt = paths[(pid, c)] = len(paths) + 1
            pid = nxt
            if len(trick) == n:
                winner = (leader + trick_winner_int(trick, trump)) % n
                won[winner] += 1
                leader = turn = winner
                trick = []
            else:
                turn = turn + 1 if turn < n - 1 else 0
        if hands[turn]:
            won = random_playout(hands, won, leader, trick, trump, n, rnd)
        for child, p in path:
            child[1] += scores[p][won[p]]
        if won[seat] == bid:
            made[first] += 1
    out: SearchStats = {}
    for c in candidates:
        e = root.get(c)
        if e is None or e[0] == 0:
            out[c] = (0, 0.0, 0.0)
        else:
            out[c] = (e[0], e[1] / e[0], made[c] / e[0])
    return out
