"""One play session for both games (engine/session.py, issue 12): the same tests, each
parametrised by the game — setup, a move, a refusal that leaves everything unchanged,
undo, bots that move only when asked, the facts a page draws, and the replay of the
shared example records."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine.cards import Card
from engine.errors import RulesLabError
from engine.kachuful import Bid, KachufulState
from engine.kachuful import record as krecord
from engine.krypkasino import KrypkasinoState, Play
from engine.krypkasino import record as crecord
from engine.registry import GAME_IDS as GAMES
from engine.registry import GAMES as REGISTRY
from engine.registry import MAX_SEED
from engine.session import (
    HUMAN,
    PLAYS,
    PlaySession,
    Setup,
    load_record,
    log_groups,
    new_state,
)

EXAMPLES: Path | None = Path(__file__).resolve().parent / "data" / "examples"
RECORDS = {"kachuful": "kachuful-seed-example", "krypkasino": "krypkasino-two-players"}
#: A short game of each: the first game a visitor gets (Kachuful up to 5 cards, one deal).
SHORT: dict[str, tuple[tuple[str, Any], ...]] = {g: PLAYS[g].first for g in GAMES}


def start(game: str, seat: int = 0, level: str = "random", seed: int = 5,
          practice: bool = True) -> PlaySession:
    n = REGISTRY[game].players.default
    levels = tuple(HUMAN if s == seat else level for s in range(n))
    return PlaySession.start(Setup(game, n, seat, levels, SHORT[game], seed, practice))


def legal_move(session: PlaySession, rnd: random.Random) -> Any:
    """A legal action of the player, made through the session's own verbs."""
    action = rnd.choice(session.state.legal_actions())
    if isinstance(session.state, KrypkasinoState):
        return session.act(action)
    if session.may_look():
        session.look()
    if isinstance(action, Card):
        return session.play_card(action)
    assert isinstance(action, Bid)
    return session.bid(action.n, action.blind)


def to_my_turn(session: PlaySession) -> None:
    while session.bot_turn:
        session.until_my_turn()
    assert session.human_turn


def illegal_action(session: PlaySession) -> Any:
    """An action of the player that the engine refuses: a bid above the hand size, or a
    card the player does not hold."""
    state = session.state
    if isinstance(state, KachufulState):
        return Bid(state.hand_size + 1) if session.bidding else _not_held(session)
    return Play(_not_held(session), None)


def _not_held(session: PlaySession) -> Card:
    from engine.cards import DECK

    held = set(session.state.view(session.seat).hand or ())
    return next(c for c in DECK if c not in held)


@pytest.mark.parametrize("game", GAMES)
def test_setup_starts_the_engines_game(game: str) -> None:
    session = start(game, seat=1, seed=9)
    assert session.game == game and session.seat == 1 and session.moves == []
    assert session.state == new_state(session.setup)  # the same seed deals the same cards
    assert session.opening  # the engine's opening events (the deal, a draw, a trump)
    assert session.setup.is_first_game() and not session.setup.full_game().is_first_game()
    facts = session.first_game_facts()
    assert facts is not None and facts["players"] == session.setup.players
    with pytest.raises(ValueError):
        Setup(game, REGISTRY[game].players.max + 1, 0, (HUMAN,) * (REGISTRY[game].players.max + 1))
    with pytest.raises(ValueError):
        Setup(game, REGISTRY[game].players.default, 0,
              (HUMAN,) + ("basic",) * (REGISTRY[game].players.default - 1), seed=MAX_SEED + 1)
    with pytest.raises(ValueError):  # a bot at the player's seat
        Setup(game, REGISTRY[game].players.default, 0, ("basic",) * REGISTRY[game].players.default)


@pytest.mark.parametrize("game", GAMES)
def test_bots_move_only_when_asked_and_the_player_moves(game: str) -> None:
    session = start(game, seat=1)
    count = len(session.moves)
    if session.bot_turn:
        move = session.next_move()
        assert move is not None and not move.human and move.decision is not None
        assert len(session.moves) == count + 1
    to_my_turn(session)
    assert session.next_move() is None  # no bot moves on the player's turn
    before = len(session.moves)
    move = legal_move(session, random.Random(1))
    assert move is not None and move.human and session.refusal is None
    assert len(session.moves) == before + 1 and move.seat == 1 and move.events


@pytest.mark.parametrize("game", GAMES)
def test_a_refusal_leaves_the_state_unchanged(game: str) -> None:
    session = start(game)
    to_my_turn(session)
    state, moves, undo = session.state.clone(), list(session.moves), len(session.undo_stack)
    assert session.act(illegal_action(session)) is None
    assert isinstance(session.refusal, RulesLabError) and session.refusal.localized("es")
    assert session.state == state and session.moves == moves
    assert len(session.undo_stack) == undo and not session.can_undo


@pytest.mark.parametrize("game", GAMES)
def test_undo_goes_back_before_the_players_decision_and_the_bots_replies(game: str) -> None:
    session = start(game, seat=0)
    to_my_turn(session)
    state, count = session.state.clone(), len(session.moves)
    assert legal_move(session, random.Random(2)) is not None
    session.until_my_turn()
    assert len(session.moves) > count and session.can_undo
    assert session.undo() and session.state == state and len(session.moves) == count
    assert (session.can_undo, session.undo()) == (False, False)  # one decision, one undo
    no_practice = start(game, practice=False)
    to_my_turn(no_practice)
    assert legal_move(no_practice, random.Random(2)) is not None
    assert not no_practice.can_undo and not no_practice.undo()


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_gives_the_facts_a_page_draws(game: str) -> None:
    session = start(game, level="basic", seed=4)
    rnd = random.Random(4)
    while not session.over:
        if session.bot_turn:
            session.until_my_turn()
            continue
        rows = session.seat_rows()
        assert [r.seat for r in rows] == list(range(session.setup.players))
        assert [r.to_act for r in rows].count(True) == 1 and rows[session.seat].to_act
        choices = session.hand_choices()
        if session.playing and choices:
            legal = {a.card if isinstance(a, Play) else a for a in session.state.legal_actions()}
            assert {c.card for c in choices if c.legal} == legal
            assert all(c.refusal is not None for c in choices if not c.legal)
        assert legal_move(session, rnd) is not None
    assert session.end_event() is not None
    sheet = session.sheet()
    assert sheet and sheet[-1].totals == tuple(session.state.scores())
    assert [r.totals for r in sheet][-1] == tuple(map(sum, zip(*session.score_rows(),
                                                               strict=True)))
    reviews = session.reviews()
    assert [n for n, _ in reviews] == list(range(len(sheet), 0, -1))
    assert all(notes for _, notes in reviews)
    groups = log_groups(session.moves, session.play)
    assert sum(len(g.moves) for g in groups) == len(session.moves)
    assert {g.kind for g in groups} <= {"bids", "trick", "lot"}
    # The game's record replays through the engine to the same totals.
    replay = load_record(session.record_json())
    assert replay.game == game and replay.count == len(session.moves)
    assert replay.error is None and replay.states[-1].scores() == session.state.scores()


@pytest.mark.skipif(EXAMPLES is None, reason="../shared/examples is not next to the repository")
@pytest.mark.parametrize("game", GAMES)
def test_the_shared_example_record_replays_to_its_outcome(game: str) -> None:
    assert EXAMPLES is not None
    name = RECORDS[game]
    text = (EXAMPLES / f"{name}.record.json").read_text(encoding="utf-8")
    outcome = json.loads((EXAMPLES / f"{name}.outcome.json").read_text(encoding="utf-8"))
    replay = load_record(text)
    assert replay.game == game and replay.error is None
    assert len(replay.states) == replay.count + 1
    assert replay.states[-1].scores() == outcome["totals"]
    engine_outcome, code = (krecord if game == "kachuful" else crecord).replay(json.loads(text))
    assert code == 0 and engine_outcome["totals"] == outcome["totals"]
