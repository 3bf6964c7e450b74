"""Exact odds of a one-card Kachuful hand (the fast int path of the hand-odds study,
:mod:`lab.studies.hand_odds`, which samples every other hand).

Cards are ints (``Card.index``, 0..51: suit ``c // 13``, rank ``c % 13``), trump a suit
int (0..3 S H D C) or -1 for none.
"""

from __future__ import annotations

import math

from engine.kachuful.fast import beats_int

__all__ = ["one_card_exact"]


def one_card_exact(card: int, trump: int, players: int, position: int) -> tuple[float, int]:
    """The exact chance that ``card`` wins a one-card hand, and the number of equally
    likely deals of the other cards it averages over.

    Seat 0 leads. Leading, the card wins unless another hand holds a higher card of its
    suit or (when it is not trump) a trump. Otherwise every card the leader may hold is
    taken in turn: the card must beat it, and none of the other ``players - 2`` cards
    (dealt from the 50 left) may beat the card in the suit led.

    >>> p, cases = one_card_exact(12, trump=0, players=3, position=0)   # A♠, spades trump
    >>> p, cases
    (1.0, 2550)
    """
    others = players - 1
    cases = math.perm(51, others)
    if position == 0:
        beaters = sum(1 for x in range(52) if x != card and beats_int(x, card, trump))
        return math.comb(51 - beaters, others) / math.comb(51, others), cases
    total = 0.0
    rest = players - 2
    for x in range(52):
        if x == card or not beats_int(card, x, trump):
            continue
        beaters = 0
        for y in range(52):
            if y in (x, card):
                continue
            beaters += beats_int(y, card, trump)  # card leads the trick now
        total += math.comb(50 - beaters, rest) / math.comb(50, rest)
    return total / 51, cases
