"""A game in progress survives a reload (issue 28): the play page's link holds the
player's moves (``moves=b2.AS…``), and a new session replays them, the bots moving as
they did; a damaged or foreign ``moves`` value stops where it stops being legal."""

from __future__ import annotations

import random

import pytest
from test_play_session import legal_move, start

from engine.registry import GAME_IDS
from ui.play.link import MAX_MOVES_TEXT, moves_text, parse_moves, replay_moves


def played(game: str, decisions: int) -> object:
    session = start(game, level="basic", seed=7)
    rnd = random.Random(7)
    for _ in range(decisions):
        while session.bot_turn:
            session.next_move()
        if session.over:
            break
        assert legal_move(session, rnd) is not None
    while session.bot_turn:
        session.next_move()
    return session


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_moves_in_the_link_bring_the_game_back(game: str) -> None:
    before = played(game, 12)
    text = moves_text(before)  # type: ignore[arg-type]
    assert text is not None and len(text.split(".")) >= 12
    again = start(game, level="basic", seed=7)
    actions = parse_moves(text, game)
    assert actions is not None
    assert replay_moves(again, actions) == len(actions)
    assert again.state == before.state  # type: ignore[attr-defined]
    assert [m.action for m in again.moves] == [m.action for m in before.moves]  # type: ignore[attr-defined]
    assert moves_text(again) == text


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_foreign_or_damaged_moves_value_stops_where_it_is_illegal(game: str) -> None:
    session = start(game, level="basic", seed=7)
    assert parse_moves("b1.<img>", game) is None and parse_moves("AS" * MAX_MOVES_TEXT, game) is None
    other = "b99.b99" if game == "kachuful" else "2S-3S4S.2S"
    actions = parse_moves(other, game)
    assert actions is not None and replay_moves(session, actions) == 0
    assert not session.over and session.human_turn  # the game goes on from its start
