"""A play page's link: the game's setup in the URL, read and written with the site's one
link codec (:mod:`ui.link`) plus the play pages' own ``practice`` switch.

:func:`read_setup` turns a query (``players``, ``seat``, ``bots``, ``seed``, ``practice``
and the game's variant options) into an :class:`engine.session.Setup`, each bad value
falling back to a default with a problem naming it; :func:`setup_params` writes a setup as
a query, :func:`share_url` as an address. Old links keep their meaning
(tests/test_play.py reads the saved play links of tests/data/saved_links.txt).

>>> s, problems = read_setup("kachuful", {"players": "3", "seat": "1",
...                          "bots": "strong,you,nobody", "max_cards": "3"})
>>> s.levels, s.variant, len(problems)
(('strong', 'human', 'basic'), (('max_cards', 3),), 1)
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Mapping, Sequence
from typing import Any

from engine.errors import RulesLabError
from engine.registry import GAMES
from engine.session import PLAYS, PlaySession, Setup, new_state
from ui import link
from ui.query import LinkReader

#: The setup's own keys (the variant options follow, one key each).
SETUP_KEYS: tuple[str, ...] = ("players", "seat", "bots", "seed", "practice")
#: The link key of the player's moves so far (a game in progress survives a reload).
MOVES = "moves"
#: The longest ``moves`` value read (a whole 13-card game of bids and cards is far below).
MAX_MOVES_TEXT = 4_000


def link_keys(game: str) -> tuple[str, ...]:
    """Every query key the play page of ``game`` reads."""
    return (*SETUP_KEYS, *GAMES[game].option_names)


def first_game_params(game: str) -> dict[str, str]:
    """The link of the short first game a visitor without a link gets."""
    spec = GAMES[game]
    return {"players": str(spec.players.default),
            **{k: spec.option(k).code(v) for k, v in PLAYS[game].first}}


def read_setup(game: str, params: Mapping[str, str], lang: str = "en",
               seed: int = 1) -> tuple[Setup, list[Any]]:
    """The setup a link asks for, and the problems with its values. ``seed`` is used when
    the link has none; a variant the engine cannot deal for this table is dropped."""
    reader = LinkReader(lang, params=params)
    got = link.read_setup(reader, game, default_seed=seed)
    practice = reader.choice("practice", ("true", "false"), "true") == "true"
    setup = Setup(game, got.players, got.seat, got.levels, tuple(got.options.items()),
                  got.seed, practice)
    try:
        new_state(setup)
    except (RulesLabError, ValueError):
        setup = setup.without(GAMES[game].option_names)
    return setup, list(reader.problems)


def setup_params(setup: Setup) -> dict[str, str | None]:
    """The query that reproduces ``setup`` (default variant options are left out)."""
    got = link.SetupLink(setup.game, setup.players, setup.seat, setup.levels, setup.seed,
                         dict(setup.variant))
    return {**link.setup_params(got), "practice": None if setup.practice else "false"}


def share_url(setup: Setup, page: str, origin: str, extra: Mapping[str, str]) -> str:
    """The address that restarts this game: ``origin`` + ``page`` + the setup's query.

    >>> share_url(Setup.default("kachuful", 3, seed=4), "kachuful_play", "http://x/", {})
    'http://x/kachuful_play?players=3&seat=0&bots=you%2Cbasic%2Cbasic&seed=4'
    """
    query = {**extra, **{k: v for k, v in setup_params(setup).items() if v is not None}}
    return f"{origin}{page}?{urllib.parse.urlencode(query)}"


def page_origin() -> str:
    """The site's address as the visitor reached it (``https://host/``), for a link to
    copy; ``"/"`` outside a browser session (tests)."""
    import streamlit as st

    try:
        parts = urllib.parse.urlsplit(str(st.context.url or ""))
        return f"{parts.scheme}://{parts.netloc}/" if parts.scheme and parts.netloc else "/"
    except Exception:  # noqa: BLE001 - no URL outside a browser session (tests)
        return "/"


# -- the moves of a game in progress ---------------------------------------------------------


def moves_text(session: PlaySession) -> str | None:
    """The player's moves so far, in order (the bots' follow from the setup's seed)."""
    tokens = [session.play.link_token(m.action) for m in session.moves if m.human]
    return ".".join(tokens) or None


def parse_moves(text: str | None, game: str) -> list[Any] | None:
    """The actions of ``game`` a link's ``moves`` value names (each token read by the
    game's play adapter, :meth:`engine.plugin.GamePlay.link_action`); ``None`` when it is
    not one (too long, or a token that names none of the game's actions).

    >>> parse_moves("b2.AS", "kachuful")
    [Bid(n=2, blind=False), Card(rank=<Rank.ACE: 14>, suit=<Suit.SPADES: 'S'>)]
    >>> parse_moves("7S-3D", "krypkasino")
    [Play(card=Card(rank=<Rank.SEVEN: 7>, suit=<Suit.SPADES: 'S'>), take=(Card(rank=<Rank.THREE: 3>, suit=<Suit.DIAMONDS: 'D'>),))]
    >>> parse_moves("b2.<script>", "kachuful"), parse_moves("x" * 5000, "kachuful")
    (None, None)
    >>> parse_moves("b2", "krypkasino"), parse_moves("7S-3D", "kachuful")
    (None, None)
    """
    if not text:
        return []
    if len(text) > MAX_MOVES_TEXT:
        return None
    play = PLAYS[game]
    actions: list[Any] = []
    for token in text.split("."):
        action = play.link_action(token)
        if action is None:
            return None
        actions.append(action)
    return actions


def replay_moves(session: PlaySession, actions: Sequence[Any]) -> int:
    """Play the link's moves again: the bots move as they did (their decisions depend only
    on the setup and the moves), the player's actions in turn. Returns how many of the
    player's actions were applied; it stops at the first one the engine refuses."""
    done = 0
    for action in actions:
        while session.bot_turn:
            session.next_move()
        if not session.human_turn:
            break
        legal = tuple({type(a) for a in session.state.legal_actions()})
        if not isinstance(action, legal):
            break  # a bid where a card is due, a Krypkasino play in Kachuful...
        if session.act(action) is None:
            break
        done += 1
    while session.bot_turn:
        session.next_move()
    return done
