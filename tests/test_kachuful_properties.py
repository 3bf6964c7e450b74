"""Property tests: random legal play through the checked API (a hypothesis state machine
and whole games), and the fast simulator replayed through the checked state."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from engine.cards import DECK, Card
from engine.errors import IllegalActionError
from engine.kachuful.events import BidMade, CardPlayed, GameOver, KachufulEvent, TrickWon
from engine.kachuful.fast import FastSimulator, TracedHand, play_random_hands
from engine.kachuful.rules import KachufulRules, hand_sizes, score_hand
from engine.kachuful.state import Bid, HandSetup, KachufulState, Phase

OPTIONS: dict[str, list[Any]] = {
    "schedule": ["down-up", "up-down", "down", "up", "down-up-twice"],
    "trumps": ["cycle", "cycle-nt", "turned"],
    "hook_rule": [True, False],
    "scoring": ["exact", "ten-times", "margin", "per-trick", "judgement"],
    "blind_bids": [False, True],
    "one_card_forehead": [False, True],
    "renege": ["forbidden", "penalized"],
}


@st.composite
def variants(draw: st.DrawFn, max_cards: list[Any] | None = None) -> KachufulRules:
    chosen = {name: draw(st.sampled_from(values)) for name, values in OPTIONS.items()}
    chosen["max_cards"] = draw(st.sampled_from(max_cards or [1, 2, 3, None, "classic"]))
    return KachufulRules(**chosen)


def check_trick(event: TrickWon, trump: Any) -> None:
    """K-12 from scratch: one winner, who played the highest relevant card."""
    led = event.cards[0].suit
    trumps = [c for c in event.cards if c.suit is trump]
    relevant = trumps if trumps else [c for c in event.cards if c.suit is led]
    best = max(relevant, key=lambda c: c.rank)
    assert event.card == best and event.reason == ("trump" if trumps else "led-suit")
    assert sum(1 for c in event.cards if c == best) == 1
    n = len(event.cards)
    assert event.seat == (event.leader + event.cards.index(best)) % n


class KachufulMachine(RuleBasedStateMachine):
    """Random legal (and illegal) actions through the checked API."""

    state: KachufulState

    @initialize(players=st.integers(3, 8), seed=st.integers(0, 2**40),
                rules=variants(max_cards=[1, 2, 3]))
    def start(self, players: int, seed: int, rules: KachufulRules) -> None:
        self.state = KachufulState.new_game(players, rules, seed=seed)
        self.trump = self.state.trump
        self.bids: list[int] = []

    @rule(pick=st.integers(0, 10**6))
    def play_legal(self, pick: int) -> None:
        state = self.state
        if state.is_terminal():
            return
        actions = state.legal_actions()
        action = actions[pick % len(actions)]
        size, trump = state.hand_size, state.trump
        hand_before = state.hand_number
        events = state.apply(action)
        for event in events:
            if isinstance(event, BidMade):
                self.bids.append(event.bid)
                if event.dealer and state.rules.hook_rule:
                    assert sum(self.bids) != size
                if event.dealer:
                    self.bids = []
            elif isinstance(event, CardPlayed):
                assert event.card == action and event.trump is trump
            elif isinstance(event, TrickWon):
                check_trick(event, trump)
            elif isinstance(event, GameOver):
                assert state.is_terminal() and list(event.totals) == state.scores()
        if state.hand_number != hand_before:
            assert state.results[-1].setup.size == size

    @rule(number=st.integers(-2, 20), blind=st.booleans())
    def try_bid(self, number: int, blind: bool) -> None:
        self._try(Bid(number, blind))

    @rule(card=st.sampled_from(DECK))
    def try_card(self, card: Card) -> None:
        self._try(card)

    def _try(self, action: Bid | Card) -> None:
        state = self.state
        if action in state.legal_actions():
            self.play_legal(state.legal_actions().index(action))
            return
        before = state.clone()
        with pytest.raises(IllegalActionError) as info:
            state.apply(action)
        assert info.value.rule in {"K-8", "K-9", "K-10", "K-11", "K-14"}
        assert state == before  # a refused action leaves the state equal

    @invariant()
    def cards_are_conserved(self) -> None:
        state = self.state
        if state.is_terminal():
            return
        held = [c for seat in range(state.players) for c in state.hand_of(seat)]
        played = list(state.current_hand().play)
        dealt = [c for seat in state.setup.deal for c in seat]
        assert len(held) + len(played) == len(dealt) == state.players * state.hand_size
        assert sorted(c.index for c in held + played) == sorted(c.index for c in dealt)
        assert len({c.index for c in dealt}) == len(dealt) <= 52

    @invariant()
    def someone_can_act(self) -> None:
        state = self.state
        if state.is_terminal():
            assert state.current_player() is None and state.legal_actions() == []
        else:
            assert state.legal_actions()  # the dealer always has a legal bid, too
            if state.phase is Phase.BID:
                assert state.legal_bid_numbers()

    @invariant()
    def totals_add_up(self) -> None:
        state = self.state
        totals = [sum(r.scores[s] for r in state.results if r.scores) for s in
                  range(state.players)]
        assert totals == state.scores()

    @invariant()
    def clone_is_equal(self) -> None:
        assert self.state.clone() == self.state


TestKachufulMachine = KachufulMachine.TestCase
TestKachufulMachine.settings = settings(max_examples=100, stateful_step_count=60,
                                        deadline=None,
                                        suppress_health_check=[HealthCheck.too_slow])


def play_whole_game(state: KachufulState, seed: int) -> list[KachufulEvent]:
    rng = random.Random(seed)
    events = state.opening_events()
    while not state.is_terminal():
        trump, size = state.trump, state.hand_size
        step = state.apply(rng.choice(state.legal_actions()))
        for event in step:
            if isinstance(event, TrickWon):
                check_trick(event, trump)
            if isinstance(event, BidMade) and event.dealer and state.rules.hook_rule:
                assert event.total != size
        events += step
    return events


@settings(max_examples=40, deadline=None)
@given(players=st.integers(3, 8), seed=st.integers(0, 2**40), rules=variants())
def test_whole_games_keep_every_rule(players: int, seed: int, rules: KachufulRules) -> None:
    state = KachufulState.new_game(players, rules, seed=seed)
    events = play_whole_game(state, seed)
    assert isinstance(events[-1], GameOver)
    assert [r.setup.size for r in state.results] == hand_sizes(players, rules)
    for result in state.results:
        size = result.setup.size
        dealt = sorted(c.index for seat in result.setup.deal for c in seat)
        assert sorted(c.index for c in result.play) == dealt  # every dealt card played once
        assert len(result.trick_winners) == size and sum(result.tricks) == size
        for seat in range(players):
            bid = result.bids[seat]
            assert bid is not None and 0 <= bid <= size
            assert result.scores is not None and result.scores[seat] == score_hand(
                bid, result.tricks[seat], rules, result.blind[seat], result.reneged[seat])
        if rules.hook_rule:
            assert sum(b for b in result.bids if b is not None) != size
    # the same seed gives the same game
    again = KachufulState.new_game(players, rules, seed=seed)
    assert play_whole_game(again, seed) == events


def replay_traced(players: int, rules: KachufulRules, hand: TracedHand) -> KachufulState:
    state = KachufulState.from_hands(players, [HandSetup(hand.dealer, hand.deal, hand.trump)],
                                     rules)
    for bid in hand.bids:
        state.apply(bid)
    for card in hand.play:
        state.apply(card)
    return state


@settings(max_examples=100, deadline=None)
@given(players=st.integers(3, 8), seed=st.integers(0, 2**32), rules=variants(),
       size=st.integers(1, 6))
def test_fast_simulator_agrees_with_the_checked_state(players: int, seed: int,
                                                      rules: KachufulRules,
                                                      size: int) -> None:
    trace: list[TracedHand] = []
    sim = FastSimulator(players, rules, seed, trace=trace)
    for index in range(4):
        sim.play_hand(size, index % players, sim.trump_for(index))
    totals = [0] * players
    for hand in trace:
        state = replay_traced(players, rules, hand)  # raises if any action was illegal
        [result] = state.results
        assert result.tricks == hand.tricks and result.scores == hand.scores
        totals = [t + s for t, s in zip(totals, hand.scores, strict=True)]
        if rules.trumps == "turned" and players * size == 52:
            assert hand.trump is None
    assert totals == sim.totals


def test_fast_game_follows_the_schedule() -> None:
    rules = KachufulRules(schedule="down-up-twice", max_cards=3)
    trace: list[TracedHand] = []
    sim = FastSimulator(5, rules, seed=3, trace=trace)
    totals = sim.play_game(first_dealer=4)
    assert [len(h.deal[0]) for h in trace] == hand_sizes(5, rules)
    assert [h.dealer for h in trace] == [(4 + k) % 5 for k in range(10)]
    assert totals == [sum(h.scores[s] for h in trace) for s in range(5)]


def test_fast_simulation_is_reproducible() -> None:
    assert play_random_hands(4, 12, 50, seed=9) == play_random_hands(4, 12, 50, seed=9)
    assert play_random_hands(4, 3, 200, seed=9) != play_random_hands(4, 3, 200, seed=10)
