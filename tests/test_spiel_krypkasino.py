"""Krypkasino behind OpenSpiel's game interface (bench/spiel_krypkasino.py): the chance
nodes deal what the engine deals, actions are the engine's legal plays, a seat's
information state holds only what it sees, resampling keeps it, and OpenSpiel's Python
IS-MCTS plays the game. Needs open-spiel (requirements-bench.txt); skipped without it."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import ismcts_krypkasino as ik  # noqa: E402
import spiel_krypkasino as sk  # noqa: E402

from engine.krypkasino.state import deal_ids_from_order  # noqa: E402


def _dealt(seed: int, players: int = 4):  # type: ignore[no-untyped-def]
    game = pyspiel.load_game(sk.SHORT_NAME, {"players": players})
    state = game.new_initial_state()
    assert state.is_chance_node()
    dealer, order = ik._deal(seed)
    dealer %= players
    state.apply_action(dealer)
    for c in order:
        assert dict(state.chance_outcomes())[c] > 0
        state.apply_action(c)
    return game, state, dealer


def test_the_chance_nodes_deal_the_engines_deal_and_actions_are_its_plays() -> None:
    _game, state, dealer = _dealt(5)
    assert state.engine.deal_log[0][2] == deal_ids_from_order(4, dealer, ik._deal(5)[1])
    assert state.current_player() == (dealer + 1) % 4
    rng = random.Random(1)
    while not state.is_terminal():
        moves = state.engine.legal_moves()
        actions = state.legal_actions()
        assert len(actions) == len(moves) == len(set(actions))
        assert [sk.decode(moves, a) for a in actions] == moves
        assert [sk.encode(moves, m) for m in moves] == actions
        state.apply_action(rng.choice(actions))
    assert sum(state.returns()) == -42
    assert state.returns() == [-float(s) for s in state.engine.scores()]


def test_a_seat_sees_only_its_hand_and_the_public_plays() -> None:
    _game, state, _dealer = _dealt(8)
    rng = random.Random(2)
    for _ in range(11):
        state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    info = state.information_state_string(seat)
    world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.information_state_string(seat) == info
    assert world.engine.hands[seat] == state.engine.hands[seat]
    assert world.legal_actions() == state.legal_actions()
    others = [s for s in range(4) if s != seat]
    assert any(sorted(world.engine.hands[s]) != sorted(state.engine.hands[s]) for s in others)
    for s in others:  # another seat's information state changes with its hand
        assert len(world.engine.hands[s]) == len(state.engine.hands[s])
    pool = sorted(i for s in others for i in state.engine.hands[s]) + sorted(
        state.engine.stock[state.engine.stock_pos:])
    again = sorted(i for s in others for i in world.engine.hands[s]) + sorted(
        world.engine.stock[world.engine.stock_pos:])
    assert sorted(pool) == sorted(again)
    # Before the public history: the seat, the dealer and exactly its own hand.
    head = info.split("|")[0].split()
    assert {int(x) for x in head[2][1:].split(".") if x} == set(state.engine.hands[seat])


def test_cpp_ismcts_cannot_resample_a_python_game() -> None:
    assert "not implemented" in sk.cpp_ismcts_refusal()


def test_openspiels_python_ismcts_plays_the_game() -> None:
    game, state, _dealer = _dealt(3)
    bot = ik._ismcts(game, 20, 1)
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(int(action))


def test_the_playout_evaluator_matches_openspiels_random_rollouts() -> None:
    """Our one-call playout and OpenSpiel's step-by-step RandomRolloutEvaluator play the
    same uniform random rest of the deal: their mean returns agree within the noise."""
    np = pytest.importorskip("numpy")
    from open_spiel.python.algorithms import mcts
    _game, state, _dealer = _dealt(11)
    rng = random.Random(4)
    for _ in range(60):
        state.apply_action(rng.choice(state.legal_actions()))
    ours = ik._playout_evaluator(7)
    theirs = mcts.RandomRolloutEvaluator(1, np.random.RandomState(7))
    n = 150
    a = np.array([ours.evaluate(state) for _ in range(n)])
    b = np.array([theirs.evaluate(state) for _ in range(n)])
    se = np.sqrt(a.var(axis=0) / n + b.var(axis=0) / n)
    assert np.all(np.abs(a.mean(axis=0) - b.mean(axis=0)) <= 4 * se + 1e-9)
    assert ours.prior(state) == theirs.prior(state)


def test_a_seeded_ismcts_searches_the_same_way_twice() -> None:
    game, state, _dealer = _dealt(6)
    while len(state.legal_actions()) < 3:
        state.apply_action(state.legal_actions()[0])
    first = ik._ismcts(game, 30, 5).get_policy(state)
    assert ik._ismcts(game, 30, 5).get_policy(state) == first


def test_the_resampled_world_is_the_bots_world_sampler() -> None:
    """One world sampler: the pyspiel game's resampling deals exactly what the strong
    bot's deal_unseen deals from the same generator (the values a seat is known to
    lack, lacks_of, respected)."""
    from engine.bots.krypkasino import deal_unseen, lacks_of
    _game, state, _dealer = _dealt(9)
    rng = random.Random(3)
    checked = 0
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
        seat = state.current_player()
        engine = state.engine
        world = state.resample_from_infostate(seat, lambda: 0.25)
        pool = [i for s in range(4) if s != seat for i in engine.hands[s]]
        pool += engine.stock[engine.stock_pos:]
        lacks = lacks_of(engine)
        hands, rest = deal_unseen(pool, [len(h) for h in engine.hands], seat, lacks,
                                  random.Random(int(0.25 * (1 << 53))))
        for s in range(4):
            if s != seat:
                assert world.engine.hands[s] == sorted(hands[s])
                assert not {_rank(i) for i in hands[s]} & set(lacks[s])
        assert world.engine.stock[world.engine.stock_pos:] == rest
        checked += any(lacks)
    assert checked > 0


def _rank(i: int) -> int:
    from engine.cards import DECK
    return int(DECK[i].rank)
