"""The checked path's written-out rules agree with :mod:`engine.kachuful.rules`.

``KachufulState.apply`` plays cards and bids and scores hands with some of the rules'
steps read or written out for speed (K-13's usual score from a table of ``score_hand``'s
answers, K-14's winners, the dealer's forbidden bid looked up once); these games check
every event against the rules' own functions, under several variants and both hand sizes
of the benchmark.
"""

from __future__ import annotations

import random

import pytest

from engine.cards import DECK
from engine.kachuful.events import BidMade, GameOver, HandScored, KachufulEvent, TrickWon
from engine.kachuful.rules import (
    KachufulRules,
    hook,
    score_hand,
    trick_winner,
    winners,
)
from engine.kachuful.state import HandSetup, KachufulState

VARIANTS = [KachufulRules(), KachufulRules(renege="penalized"),
            KachufulRules(blind_bids=True, scoring="margin"),
            KachufulRules(hook_rule=False, scoring="per-trick", trumps="cycle-nt")]


def random_game(rules: KachufulRules, size: int, seed: int
                ) -> tuple[KachufulState, list[KachufulEvent]]:
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    deal = tuple(tuple(deck[s * size:(s + 1) * size]) for s in range(4))
    trump = None if seed % 5 == 0 else deck[-1].suit
    game = KachufulState.from_hands(4, [HandSetup(seed % 4, deal, trump)], rules)
    events: list[KachufulEvent] = []
    while not game.is_terminal():
        actions = game.legal_actions()
        events.extend(game.apply(actions[rng.randrange(len(actions))]))
    return game, events


@pytest.mark.parametrize("size", [3, 12])
@pytest.mark.parametrize("rules", VARIANTS)
def test_every_event_agrees_with_the_rules_functions(rules: KachufulRules, size: int
                                                    ) -> None:
    for seed in range(25):
        game, events = random_game(rules, size, seed)
        trump = game.trump
        tricks = [e for e in events if isinstance(e, TrickWon)]
        assert len(tricks) == size
        for won in tricks:  # K-12
            position, reason = trick_winner(won.cards, trump)
            assert (won.card, won.reason) == (won.cards[position], reason)
            assert won.seat == (won.leader + position) % 4
        for bid in (e for e in events if isinstance(e, BidMade)):  # K-9
            if bid.dealer and rules.hook_rule:
                arithmetic = hook((bid.total - bid.bid,), size)
                assert (bid.others, bid.forbidden) == (arithmetic.others,
                                                       arithmetic.forbidden)
                assert bid.bid != arithmetic.forbidden
            else:
                assert bid.others is None and bid.forbidden is None
        scored = [e for e in events if isinstance(e, HandScored)]
        for score in scored:  # K-13
            assert score.points == score_hand(score.bid, score.tricks, rules, score.blind,
                                              score.reneged)
            assert score.exact == (score.bid == score.tricks)
        totals = [e.total for e in scored]
        assert totals == game.scores() == list(game.results[0].scores or ())
        over = events[-1]  # K-14
        assert isinstance(over, GameOver) and list(over.winners) == winners(totals)
