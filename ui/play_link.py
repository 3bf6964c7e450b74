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
from collections.abc import Mapping
from typing import Any

from engine.errors import RulesLabError
from engine.registry import GAMES
from engine.session import PLAYS, Setup, new_state
from ui import link
from ui.query import LinkReader

#: The setup's own keys (the variant options follow, one key each).
SETUP_KEYS: tuple[str, ...] = ("players", "seat", "bots", "seed", "practice")


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
