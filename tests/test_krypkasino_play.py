"""Random legal play for 2..6 players: the invariants of C-2, C-11..C-14 hold at every step."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from engine.cards import Card, double_deck, parse_card
from engine.errors import IllegalActionError
from engine.krypkasino.events import DealScored, Swept
from engine.krypkasino.rules import KrypkasinoRules
from engine.krypkasino.state import DECK, KrypkasinoState, Phase, Play

DOUBLE = Counter(double_deck())


def all_cards(s: KrypkasinoState) -> Counter[Card]:
    """Every card of the deal wherever it is: hands, table, stock, piles, out of play."""
    ids = [*[i for h in s.hands for i in h], *s.table, *s.stock[s.stock_pos:],
           *[i for p in s.captured for i in p], *s.spade_pile, *s.out_of_play]
    return Counter(DECK[i] for i in ids)


def try_refusals(s: KrypkasinoState, rnd: random.Random) -> None:
    """Illegal plays are refused and leave the state exactly as it was."""
    before = s.clone()
    seat = s.current_player()
    assert seat is not None
    legal = s.legal_actions()
    not_held = next(c for c in DECK if DECK.index(c) not in s.hands[seat])
    attempts = [Play(not_held, ())]
    card = legal[rnd.randrange(len(legal))].card
    if s.table:
        attempts.append(Play(card, (DECK[s.table[0]],)))
    attempts.append(Play(card, ()))
    for action in attempts:
        if action in legal:
            continue
        with pytest.raises(IllegalActionError):
            s.apply(action)
        assert s == before


def play_session(players: int, seed: int, rules: KrypkasinoRules, checked: bool) -> KrypkasinoState:
    rnd = random.Random(seed)
    s = KrypkasinoState.new_game(players, rules, seed)
    finished = 0
    while not s.is_terminal():
        assert s.phase is Phase.PLAY
        assert all_cards(s) == DOUBLE
        legal = s.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        if checked and rnd.random() < 0.1:
            try_refusals(s, rnd)
        action = legal[rnd.randrange(len(legal))]
        if checked:
            events = s.apply(action)
            for e in events:
                if isinstance(e, Swept):
                    assert e.points == (2 * rules.sweep_points if e.double else rules.sweep_points)
                if isinstance(e, DealScored):
                    assert sum(e.card_points) == 42 and sum(e.sweep_points) == 0
                    assert sum(e.scores) == 42
        else:
            s.apply_unchecked(action)
        if len(s.results) > finished:
            finished = len(s.results)
            result = s.results[-1]
            assert sum(result.card_points) == 42 and sum(result.sweep_points) == 0
            assert sum(result.scores) == 42 and sum(s.scores()) == 42 * finished
            assert result.finished
    assert s.deals_played == rules.session_length(players)
    return s


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_sessions_checked(players: int) -> None:
    play_session(players, seed=players, rules=KrypkasinoRules(), checked=True)


@pytest.mark.parametrize("rules", [KrypkasinoRules(capture="maximal"),
                                   KrypkasinoRules(forced_sweep=False, sweep_points=3),
                                   KrypkasinoRules(double_sweep=False, session=2)])
def test_random_sessions_with_variants(rules: KrypkasinoRules) -> None:
    play_session(3, seed=11, rules=rules, checked=True)


@settings(max_examples=25, deadline=None)
@given(players=st.integers(min_value=2, max_value=6), seed=st.integers(0, 2**32))
def test_random_deals_fast_path(players: int, seed: int) -> None:
    play_session(players, seed, KrypkasinoRules(session=1), checked=False)


def test_same_seed_same_deal_and_same_game() -> None:
    a, b = KrypkasinoState.new_game(4, seed=77), KrypkasinoState.new_game(4, seed=77)
    assert a == b and a.hand_of(0) == b.hand_of(0) and a.dealer == b.dealer
    assert KrypkasinoState.new_game(4, seed=78) != a
    rnd = random.Random(1)
    while not a.is_terminal():
        legal = a.legal_actions()
        assert legal == b.legal_actions()
        action = legal[rnd.randrange(len(legal))]
        assert a.apply(action) == b.apply(action)
    assert a.scores() == b.scores() and a == b


def test_clone_is_independent() -> None:
    s = KrypkasinoState.new_game(3, seed=5)
    copy = s.clone()
    s.apply(s.legal_actions()[0])
    assert copy != s and copy.play_index == 0
    copy.apply(copy.legal_actions()[0])
    assert copy == s


def test_apply_unchecked_accepts_a_missing_take_when_unambiguous() -> None:
    s = KrypkasinoState.scenario(2, [(parse_card("9S"),), (parse_card("5C"),)],
                                 (parse_card("2C"), parse_card("7H")), turn=0)
    s.apply_unchecked(Play(parse_card("9S"), None))
    assert s.table_cards() == () and s.sweeps[0].points == 5


class KrypkasinoMachine(RuleBasedStateMachine):
    """Random legal play through the checked API, with refusals mixed in (hypothesis)."""

    def __init__(self) -> None:
        super().__init__()
        self.state: KrypkasinoState | None = None

    @initialize(players=st.integers(2, 6), seed=st.integers(0, 2**40),
                maximal=st.booleans(), forced=st.booleans())
    def deal(self, players: int, seed: int, maximal: bool, forced: bool) -> None:
        rules = KrypkasinoRules(capture="maximal" if maximal else "maximum", forced_sweep=forced,
                                session=1)
        self.state = KrypkasinoState.new_game(players, rules, seed)

    @precondition(lambda self: self.state is not None and not self.state.is_terminal())
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        assert self.state is not None
        legal = self.state.legal_actions()
        action = data.draw(st.sampled_from(legal))
        twin = self.state.clone()
        events = self.state.apply(action)
        twin.apply_unchecked(action)
        assert twin == self.state and events

    @precondition(lambda self: self.state is not None and not self.state.is_terminal())
    @rule(card=st.sampled_from(DECK))
    def refused_card(self, card: Card) -> None:
        assert self.state is not None
        before = self.state.clone()
        seat = self.state.current_player()
        assert seat is not None
        if any(p.card == card for p in self.state.legal_actions()):
            return
        with pytest.raises(IllegalActionError) as info:
            self.state.apply(Play(card, ()))
        assert info.value.rule in ("C-1", "C-8")
        assert self.state == before

    @rule(seat=st.integers(0, 5))
    def look(self, seat: int) -> None:
        """A seat's view never shows another hand (and works after the end too)."""
        if self.state is None or seat >= self.state.players:
            return
        view = self.state.view(seat)
        assert view.hand == self.state.hand_of(seat)
        assert sum(view.hand_sizes) == sum(len(h) for h in self.state.hands)

    @invariant()
    def cards_are_conserved(self) -> None:
        if self.state is not None:
            assert all_cards(self.state) == DOUBLE
            if self.state.is_terminal():
                result = self.state.results[0]
                assert sum(result.card_points) == 42 and sum(result.sweep_points) == 0


KrypkasinoMachine.TestCase.settings = settings(max_examples=8, stateful_step_count=120,
                                               deadline=None)
TestKrypkasinoMachine = KrypkasinoMachine.TestCase
