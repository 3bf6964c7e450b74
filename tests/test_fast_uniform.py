"""The fast simulator's random choices are uniform: the deal, leads and followed cards.

:meth:`engine.kachuful.fast.FastSimulator.play_hands` turns one uniform int below
``a * b`` into the pair ``(r // b, r % b)`` when it deals; these checks would catch a pair
that is not uniform or not independent (a card's seat, two cards drawn together, an odd
last card), and a lead or a followed card not picked uniformly among the legal ones (the
replay tests only check that each is legal). The seeds are fixed: each check gives the
same answer on every run.
"""

from __future__ import annotations

import math
from collections import Counter

from engine.cards import Card
from engine.kachuful.fast import FastSimulator, TracedHand


def _deals(players: int, size: int, hands: int, seed: int) -> list[TracedHand]:
    trace: list[TracedHand] = []
    sim = FastSimulator(players, seed=seed, trace=trace)
    for index in range(hands):
        sim.play_hand(size, index % players, 0)
    return trace


def _index(card: Card) -> int:
    return card.index


def _near(count: int, trials: int, p: float) -> bool:
    """``count`` successes of ``trials`` within five standard deviations of ``p``."""
    return abs(count - p * trials) < 5 * math.sqrt(trials * p * (1 - p))


def test_every_seat_gets_every_card_evenly() -> None:
    # 3 players, 1 card: one pair (the first two seats) and an odd last card.
    trace = _deals(3, 1, 5_200, seed=11)
    expected = len(trace) / 52
    for seat in range(3):
        counts = Counter(hand.deal[seat][0].index for hand in trace)
        assert len(counts) == 52
        chi_square = sum((n - expected) ** 2 / expected for n in counts.values())
        assert chi_square < 86.7, seat  # 51 degrees of freedom: the 0.1% point


def test_two_cards_of_one_draw_are_independent() -> None:
    trace = _deals(4, 1, 6_000, seed=12)
    # The dealer's left and the next seat take the first pair.
    pairs = [(hand.deal[(hand.dealer + 1) % 4][0], hand.deal[(hand.dealer + 2) % 4][0])
             for hand in trace]
    assert all(first != second for first, second in pairs)
    # As often of one suit as two cards of a shuffled deck (12 in 51) ...
    same_suit = sum(1 for first, second in pairs if first.suit is second.suit)
    assert _near(same_suit, len(pairs), 12 / 51), same_suit
    # ... and the second no more often higher than lower (equal ranks: 3 in 51).
    higher = sum(1 for first, second in pairs if second.rank > first.rank)
    assert _near(higher, len(pairs), (1 - 3 / 51) / 2), higher


def test_leads_and_followed_cards_are_uniform() -> None:
    trace = _deals(4, 3, 6_000, seed=13)
    lead_at: Counter[int] = Counter()  # the lead's place in its hand, sorted
    follow_at: Counter[int] = Counter()  # the followed card's place among two of the suit
    void_at: Counter[int] = Counter()  # a void seat's card's place in its whole hand
    for hand in trace:
        leader, follower = (hand.dealer + 1) % 4, (hand.dealer + 2) % 4
        lead, answer = hand.play[0], hand.play[1]
        lead_at[sorted(hand.deal[leader], key=_index).index(lead)] += 1
        suited = sorted((c for c in hand.deal[follower] if c.suit is lead.suit), key=_index)
        if len(suited) == 2:
            follow_at[suited.index(answer)] += 1
        elif not suited:
            void_at[sorted(hand.deal[follower], key=_index).index(answer)] += 1
    for counts in (lead_at, void_at):  # three places, 2 degrees of freedom: 13.8 at 0.1%
        total = sum(counts.values())
        assert total > 1_000 and len(counts) == 3
        assert sum((n - total / 3) ** 2 / (total / 3) for n in counts.values()) < 13.8, counts
    assert _near(follow_at[0], sum(follow_at.values()), 0.5), follow_at
