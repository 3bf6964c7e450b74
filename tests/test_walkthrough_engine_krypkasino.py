"""The Krypkasino walkthrough built in the engine (engine/walkthrough/krypkasino.py) on
the one model: language-free steps, boards read from the engine's moments, the basic
computer player of engine.bots, serialisable your-move steps."""

from __future__ import annotations

import pytest

from engine.krypkasino.rules import KrypkasinoRules
from engine.walkthrough import krypkasino as kw
from engine.walkthrough.model import Walkthrough, YourMove
from tutorials import scenarios as scen


def _walk(sid: str) -> Walkthrough[kw.View]:
    data = scen.load("krypkasino", sid, kw.GAME_KEYS).data
    return kw.build(data, kw.rules_from(kw.base_variant(data)))


@pytest.mark.parametrize("sid", scen.ids("krypkasino"))
def test_every_scenario_builds_on_the_model(sid: str) -> None:
    walk = _walk(sid)
    assert walk.game == "krypkasino" and len(walk) > 0
    for step in walk:
        assert step.view.id == step.id and step.view.kind == step.kind
        board = step.view.board
        assert len(board.hands) == walk.players
        if step.your_move is not None:
            again = YourMove.from_json(step.your_move.to_json())
            assert again == step.your_move
            assert again.option(again.answer) is not None
            assert step.your_move.rule in step.rules


def test_seeded_session_played_by_the_engine_bot() -> None:
    walk = kw.build({"seed": 4, "players": 3, "deals": 1}, KrypkasinoRules())
    plays = [s for s in walk if s.id.startswith("play-")]
    assert plays and all(s.chosen_by == "bot" and s.bot_reason is not None for s in plays)
    again = kw.build({"seed": 4, "players": 3, "deals": 1}, KrypkasinoRules())
    assert [s.view.card for s in again] == [s.view.card for s in walk]
    score = walk.steps[walk.index_of("score")]
    assert sum(score.view.board.scores) == 42 and walk.get("deal_scores")[0] == \
        score.view.board.scores


def test_lot_count_of_a_position_is_the_engine_s() -> None:
    walk = _walk("new-lot")
    first = walk.steps[0].view.board
    # As many lots as the walk deals (C-11), not the whole deck's count for these players.
    assert first.lots == 1 + sum(1 for s in walk if s.kind in ("new-lot", "last-lot"))
    assert first.lots < 12


def test_lone_ace_teaches_c4() -> None:
    walk = _walk("lone-ace")
    move = walk.steps[walk.index_of("play-0")].your_move
    assert move is not None and move.rule == "C-4"
