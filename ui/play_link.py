"""A play page's link: the game's setup in the URL, read with limits and written back.

:func:`read_setup` turns a query (``players``, ``seat``, ``bots``, ``seed``, ``practice``
and the game's variant options) into an :class:`engine.session.Setup`, each bad value
falling back to a default with a :class:`ui.query.Problem`; :func:`setup_params` writes a
setup as a query, :func:`share_url` as an address. Old links keep their meaning
(tests/test_play.py reads a saved set).

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
from engine.registry import BOT_LEVELS, GAMES, MAX_SEED, game_of
from engine.session import HUMAN, PLAYS, Setup, new_state

SETUP_KEYS: tuple[str, ...] = ("players", "seat", "bots", "seed", "practice")
#: How ``bots`` names the player's own seat.
YOU = "you"


def options_of(game: str) -> tuple[str, ...]:
    """The game's variant options, in the registry's order."""
    return GAMES[game].option_names


def link_keys(game: str) -> tuple[str, ...]:
    """Every query key the play page of ``game`` reads."""
    return (*SETUP_KEYS, *options_of(game))


def is_flag(game: str, name: str) -> bool:
    """Whether the option is a switch (``true``/``false`` in a link)."""
    return GAMES[game].option(name).kind == "flag"


def option_choices(game: str, name: str, players: int) -> tuple[str, ...]:
    """The values an option may take for ``players``, as links write them (the registry's
    codes: ``auto``, ``classic``, ``7``, ``true``)."""
    option = GAMES[game].option(name)
    return tuple(option.code(v) for v in option.values(players))


def option_text(rules: Any, name: str) -> str:
    """An option of ``rules`` as a link writes it (``true``, ``auto``, ``5``, ``rotation``)."""
    return GAMES[game_of(rules).id].option(name).code(getattr(rules, name))


def option_value(game: str, name: str, text: str, players: int | None = None) -> Any:
    """The engine's value of an option written as a link writes it (``ValueError`` when
    it names no allowed value)."""
    return GAMES[game].option(name).parse(text, players)


def option_label(game: str, name: str, text: str, lang: str) -> str:
    """How the setup shows a value written ``text`` ("down to one, then back up")."""
    option = GAMES[game].option(name)
    return option.value_label(option.parse(text), lang)


def option_name(game: str, name: str, lang: str) -> str:
    """An option's label in ``lang`` ("Hand sizes")."""
    return GAMES[game].option(name).label(lang)


def option_help(game: str, name: str, lang: str) -> str:
    """An option's short help in ``lang``."""
    return GAMES[game].option(name).help(lang)


def default_text(game: str, name: str) -> str:
    """The link text of an option's default value."""
    option = GAMES[game].option(name)
    return option.code(option.default)


def first_game_params(game: str) -> dict[str, str]:
    """The link of the short first game a visitor without a link gets."""
    spec = GAMES[game]
    return {"players": str(spec.players.default),
            **{k: spec.option(k).code(v) for k, v in PLAYS[game].first}}


def read_setup(game: str, params: Mapping[str, str], lang: str = "en",
               seed: int = 1) -> tuple[Setup, list[Any]]:
    """The setup a link asks for, and the problems with its values (each bad value falls
    back to a default). ``seed`` is used when the link has none."""
    from ui.query import LinkReader, Problem
    from ui.safe import echo

    reader = LinkReader(lang, params=params)
    counts = GAMES[game].players
    players = reader.int("players", counts.default, lo=counts.min, hi=counts.max)
    raw_bots = reader.text("bots", "")
    words = raw_bots.split(",") if raw_bots else []
    named = [i for i, w in enumerate(words[:players]) if w.strip() == YOU]
    seat = reader.int("seat", named[0] if named else 0, lo=0, hi=players - 1)
    levels: list[str] = []
    for s in range(players):
        word = words[s].strip() if s < len(words) else ""
        if s == seat:
            levels.append(HUMAN)
        elif word in BOT_LEVELS:
            levels.append(word)
        else:
            if word and word != YOU:
                reader.problems.append(Problem("query.bad-choice", (
                    ("name", "bots"), ("value", echo(word)), ("choices", ", ".join(BOT_LEVELS)),
                    ("default", "basic"))))
            levels.append("basic")
    chosen_seed = reader.int("seed", seed, lo=0, hi=MAX_SEED)
    practice = reader.choice("practice", ("true", "false"), "true") == "true"
    variant: dict[str, Any] = {}
    for name in options_of(game):
        choices = option_choices(game, name, players)
        default = default_text(game, name)
        text = reader.choice(name, choices, default if default in choices else choices[0])
        if text != default:
            variant[name] = option_value(game, name, text, players)
    setup = Setup(game, players, seat, tuple(levels), tuple(variant.items()), chosen_seed,
                  practice)
    try:
        new_state(setup)
    except (RulesLabError, ValueError):
        setup = Setup(game, players, seat, tuple(levels), (), chosen_seed, practice)
    return setup, list(reader.problems)


def setup_params(setup: Setup) -> dict[str, str | None]:
    """The query that reproduces ``setup`` (default variant options are left out)."""
    out: dict[str, str | None] = {
        "players": str(setup.players), "seat": str(setup.seat),
        "bots": ",".join(YOU if level == HUMAN else level for level in setup.levels),
        "seed": str(setup.seed), "practice": None if setup.practice else "false",
    }
    given = dict(setup.variant)
    rules = setup.rules()
    for name in options_of(setup.game):
        out[name] = option_text(rules, name) if name in given else None
    return out


def share_url(setup: Setup, page: str, origin: str, extra: Mapping[str, str]) -> str:
    """The address that restarts this game: ``origin`` + ``page`` + the setup's query.

    >>> share_url(Setup.default("kachuful", 3, seed=4), "kachuful_play", "http://x/", {})
    'http://x/kachuful_play?players=3&seat=0&bots=you%2Cbasic%2Cbasic&seed=4'
    """
    query = {**extra, **{k: v for k, v in setup_params(setup).items() if v is not None}}
    return f"{origin}{page}?{urllib.parse.urlencode(query)}"
