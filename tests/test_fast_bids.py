"""The fast simulator's bids: every seat bids at random among its legal bids.

Regression: the fast path once skipped the seat on the dealer's right (it always bid 0).
"""

from __future__ import annotations

from collections import Counter

from engine.kachuful.fast import FastSimulator, TracedHand
from engine.kachuful.rules import hook_forbidden_bid


def test_every_seat_bids_every_number() -> None:
    trace: list[TracedHand] = []
    sim = FastSimulator(4, seed=1, trace=trace)
    size = 5
    for index in range(400):
        sim.play_hand(size, index % 4, 0)
    for place in range(4):  # bids are stored from the dealer's left, the dealer last
        seen = Counter(hand.bids[place] for hand in trace)
        assert set(seen) == set(range(size + 1)), (place, seen)


def test_the_dealer_never_makes_the_bids_add_up() -> None:
    trace: list[TracedHand] = []
    sim = FastSimulator(5, seed=2, trace=trace)
    for index in range(300):
        sim.play_hand(3, index % 5, -1)
    for hand in trace:
        forbidden = hook_forbidden_bid(hand.bids[:-1], 3)  # K-9
        assert hand.bids[-1] != forbidden and sum(hand.bids) != 3
    assert len({hand.bids[-1] for hand in trace}) == 4  # otherwise free: 0..3
