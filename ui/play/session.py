"""The play pages' session in Streamlit: where the game lives and the callbacks that move it.

The game is an :class:`engine.session.PlaySession` in ``st.session_state`` under the page's
widget-key prefix (``kplay.`` or ``cplay.``), started from the link on arrival
(:func:`ensure_session`) and mirrored back into it (:func:`write_link`). Buttons call the
``on_*`` callbacks here, which only call the session's verbs; drawing is in
:mod:`ui.play.table` (HTML) and :mod:`ui.play.controls` (widgets), the setup expander in
:mod:`ui.play.setup`, the score sheet and records in :mod:`ui.play.record`.
"""

from __future__ import annotations

import random
from typing import Any

import streamlit as st

from engine.cards import parse_card
from engine.session import PlaySession, Setup
from ui.play.link import (
    MOVES,
    first_game_params,
    link_keys,
    moves_text,
    parse_moves,
    read_setup,
    replay_moves,
    setup_params,
)
from ui.query import Problem, write_params

#: New games' seeds are drawn from 1 .. this (short enough to read out).
NEW_SEED_LIMIT = 1_000_000


def new_seed() -> int:
    """A seed for a new game (the game itself is then seeded through the engine)."""
    return random.randrange(1, NEW_SEED_LIMIT)


def session_of(prefix: str) -> PlaySession:
    session: PlaySession = st.session_state[prefix + "session"]
    return session


def ensure_session(game: str, prefix: str, lang: str) -> tuple[PlaySession, list[Any]]:
    """The page's game: started from the link on arrival (or when the link changes),
    otherwise the one in this browser session. Returns it with the link's problems. A
    visitor without a link starts with the short first game."""
    link = {k: st.query_params[k] for k in (*link_keys(game), MOVES) if k in st.query_params}
    key = prefix + "session"
    problems: list[Any] = []
    if key not in st.session_state or (link and link != st.session_state.get(prefix + "sent")):
        setup, problems = read_setup(game, link or first_game_params(game), lang,
                                     seed=new_seed())
        session = PlaySession.start(setup)
        # A game in progress comes back after a reload, a dropped connection or a server
        # restart: its link holds the player's moves; the bots' follow from the seed.
        actions = parse_moves(link.get(MOVES), game)
        done = replay_moves(session, actions) if actions else 0
        if actions is None or done < len(actions):
            problems.append(Problem("play.link.moves", (("done", str(done)),)))
        st.session_state[key] = session
    return session_of(prefix), problems


def start(prefix: str, setup: Setup) -> None:
    st.session_state[prefix + "session"] = PlaySession.start(setup)


def write_link(setup: Setup, prefix: str) -> None:
    """Mirror the setup and the player's moves in the URL (and remember what was written)."""
    params = {**setup_params(setup), MOVES: moves_text(session_of(prefix))}
    write_params(**params)
    st.session_state[prefix + "sent"] = {k: v for k, v in params.items() if v is not None}


def after_player_move(prefix: str) -> None:
    """After the player's accepted move: the bots answer at once when the auto switch is
    on (the trick the player finished, or the capture, stays on the table first)."""
    session = session_of(prefix)
    if session.refusal is None and st.session_state.get(prefix + "auto", True):
        if session.moves and session.moves[-1].human and session.shows_table(session.moves[-1]):
            return
        session.until_my_turn(stop_at_table=True)


# -- callbacks ------------------------------------------------------------------------


def on_next(prefix: str) -> None:
    session_of(prefix).next_move()


def on_until(prefix: str) -> None:
    session_of(prefix).until_my_turn(stop_at_table=True)


def on_undo(prefix: str) -> None:
    session_of(prefix).undo()


def on_again(prefix: str) -> None:
    """The same setup again with a new seed (new cards)."""
    start(prefix, session_of(prefix).setup.with_seed(new_seed()))


def on_full_game(prefix: str) -> None:
    start(prefix, session_of(prefix).setup.full_game())


def on_bid(prefix: str, n: int, blind: bool = False) -> None:
    session_of(prefix).bid(n, blind)
    after_player_move(prefix)


def on_card_code(prefix: str, code: str | None) -> None:
    """Kachuful: play the card of ``code`` (``None``: the unseen forehead card)."""
    session_of(prefix).play_card(None if code is None else parse_card(code))
    after_player_move(prefix)


def on_look(prefix: str) -> None:
    session_of(prefix).look()


def on_card_position(prefix: str, position: int) -> None:
    """Krypkasino: click the card at ``position`` of the player's hand."""
    session = session_of(prefix)
    hand = session.state.view(session.seat).hand or ()
    if 0 <= position < len(hand):
        session.click_card(hand[position])
        after_player_move(prefix)


def on_take(prefix: str, index: int) -> None:
    session_of(prefix).take(index)
    after_player_move(prefix)


def on_cancel(prefix: str) -> None:
    session_of(prefix).cancel()
