"""One game interface (engine/game.py): both states are built the same way, deal through
the chance step, and end with one Outcome whose returns are higher-is-better."""

from __future__ import annotations

import pytest

from engine.errors import IllegalActionError
from engine.game import CHANCE, Deal, GameState, Outcome
from engine.registry import GAMES
from engine.rng import Rng

SMALL = {"kachuful": {"max_cards": 2}, "krypkasino": {"session": 1}}


def _play_out(state: GameState, rng: Rng) -> list[object]:
    """Random legal play to the end, applying the offered deal at each chance node."""
    events: list[object] = []
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            assert state.legal_actions() == []
            (deal,) = state.chance_outcomes()
            events += state.apply(deal)
        else:
            events += state.apply(rng.choice(list(state.legal_actions())))
    return events


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("seed", [3, 11])
def test_explicit_deals_give_the_same_game_as_automatic_ones(game: str, seed: int) -> None:
    spec = GAMES[game]
    rules = spec.rules(SMALL[game])
    players = spec.players.default
    auto = spec.new_state(players, rules, seed)
    explicit = spec.new_state(players, rules, seed, explicit_deals=True)
    assert explicit.current_player() == CHANCE and explicit.phase.value == "deal"
    assert explicit.opening_events() == [] or game == "kachuful"
    first = explicit.apply(explicit.chance_outcomes()[0])
    assert list(first) == list(auto.opening_events())
    assert explicit.current_player() == auto.current_player() is not None
    a, b = _play_out(auto, Rng(seed)), _play_out(explicit, Rng(seed))
    assert a == b
    assert auto.scores() == explicit.scores()
    assert auto.outcome() == explicit.outcome() is not None
    assert auto.chance_outcomes() == [] and auto.current_player() is None


@pytest.mark.parametrize("game", list(GAMES))
def test_a_move_at_a_chance_node_is_refused_and_a_deal_elsewhere_too(game: str) -> None:
    spec = GAMES[game]
    rules = spec.rules(SMALL[game])
    state = spec.new_state(spec.players.default, rules, 5, explicit_deals=True)
    dealt = state.clone()
    deal = state.chance_outcomes()[0]
    dealt.apply(deal)
    with pytest.raises(IllegalActionError):
        state.apply(dealt.legal_actions()[0])
    assert state.current_player() == CHANCE  # unchanged by the refusal
    with pytest.raises(IllegalActionError):
        dealt.apply(Deal(seed=deal.seed))


@pytest.mark.parametrize("game", list(GAMES))
def test_returns_are_higher_is_better_and_the_outcome_names_the_best(game: str) -> None:
    spec = GAMES[game]
    state = spec.new_state(spec.players.default, spec.rules(SMALL[game]), 7)
    assert state.outcome() is None
    _play_out(state, Rng(7))
    outcome = state.outcome()
    assert isinstance(outcome, Outcome)
    returns = state.returns()
    assert list(outcome.returns) == returns
    assert list(outcome.winners) == state.winners()
    assert {s for s, r in enumerate(returns) if r == max(returns)} == set(outcome.winners)
    assert outcome.totals == tuple(state.scores())
    assert outcome.reason == ("lowest-total" if spec.lowest_wins else "highest-total")


def test_a_krypkasino_deal_of_given_cards_goes_through_apply() -> None:
    spec = GAMES["krypkasino"]
    seeded = spec.new_state(2, spec.rules(SMALL["krypkasino"]), 9)
    cards = seeded.deals_dealt()[0][2]  # type: ignore[attr-defined]
    fresh = spec.new_state(2, spec.rules(SMALL["krypkasino"]), 9, explicit_deals=True)
    fresh.apply(Deal(cards=cards))
    assert fresh.hand_of(0) == seeded.hand_of(0)
