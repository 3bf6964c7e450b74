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
from engine.session import HUMAN, LEVELS, MAX_SEED, PLAYERS, PLAYS, Setup, new_state

#: Kachuful's variant options (RULES.md's table order), and Krypkasino's.
OPTIONS: dict[str, tuple[str, ...]] = {
    "kachuful": ("schedule", "max_cards", "trumps", "hook_rule", "scoring", "blind_bids",
                 "one_card_forehead", "renege"),
    "krypkasino": ("capture", "sweep_points", "double_sweep", "forced_sweep", "session"),
}
#: The options that are switches (``true``/``false`` in a link).
BOOL_OPTIONS = ("hook_rule", "blind_bids", "one_card_forehead", "double_sweep", "forced_sweep")
SETUP_KEYS: tuple[str, ...] = ("players", "seat", "bots", "seed", "practice")
#: How ``bots`` names the player's own seat.
YOU = "you"


def options_of(game: str) -> tuple[str, ...]:
    return OPTIONS[game]


def link_keys(game: str) -> tuple[str, ...]:
    """Every query key the play page of ``game`` reads."""
    return (*SETUP_KEYS, *options_of(game))


def option_choices(game: str, name: str, players: int) -> tuple[str, ...]:
    """The values an option may take, as written in links and offered by the page."""
    if game == "kachuful":
        from ui.walkthrough_kachuful import option_choices as kachuful_choices

        return kachuful_choices(name, players)
    from ui.walkthrough_krypkasino import (
        BOOL_CHOICES,
        CAPTURE_CHOICES,
        MAX_SWEEP_POINTS,
        SESSION_CHOICES,
    )

    choices: dict[str, tuple[str, ...]] = {
        "capture": CAPTURE_CHOICES, "double_sweep": BOOL_CHOICES,
        "forced_sweep": BOOL_CHOICES, "session": SESSION_CHOICES,
        "sweep_points": tuple(str(n) for n in range(0, MAX_SWEEP_POINTS + 1)),
    }
    return choices[name]


def option_text(rules: Any, name: str) -> str:
    """An option of ``rules`` as a link writes it (``true``, ``auto``, ``5``, ``rotation``)."""
    value = getattr(rules, name)
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "auto"
    return str(value)


def option_value(name: str, text: str) -> Any:
    """The engine's value of an option written as :func:`option_text` writes it."""
    if text in ("true", "false"):
        return text == "true"
    if name == "max_cards":
        return None if text == "auto" else text if text == "classic" else int(text)
    if name == "sweep_points" or (name == "session" and text != "rotation"):
        return int(text)
    return text


def option_label(game: str, name: str, value: str, lang: str) -> str:
    """How the setup shows an option's value (the walkthrough pages' own strings)."""
    from ui.i18n import t

    if game == "kachuful":
        if name == "max_cards" and value.isdigit():
            return value
        return t(f"kwalk.val.{name}.{value}", lang)
    if name == "capture":
        return t(f"kw.opt.capture.{value}", lang)
    if name == "session":
        return t("kw.opt.session.rotation", lang) if value == "rotation" else \
            t("kw.opt.session.n", lang, n=value)
    return value


def option_name(game: str, name: str, lang: str) -> str:
    """An option's label in ``lang``."""
    from ui.i18n import t

    return t(f"kwalk.opt.{name}" if game == "kachuful" else f"kw.opt.{name}", lang)


def default_text(game: str, name: str) -> str:
    """The link text of an option's default value."""
    return option_text(PLAYS[game].rules({}), name)


def first_game_params(game: str) -> dict[str, str]:
    """The link of the short first game a visitor without a link gets."""
    play = PLAYS[game]
    return {"players": str(play.default_players),
            **{k: str(v) for k, v in play.first}}


def read_setup(game: str, params: Mapping[str, str], lang: str = "en",
               seed: int = 1) -> tuple[Setup, list[Any]]:
    """The setup a link asks for, and the problems with its values (each bad value falls
    back to a default). ``seed`` is used when the link has none."""
    from ui.query import LinkReader, Problem
    from ui.safe import echo

    reader = LinkReader(lang, params=params)
    counts = PLAYERS[game]
    players = reader.int("players", PLAYS[game].default_players, lo=counts[0], hi=counts[-1])
    raw_bots = reader.text("bots", "")
    words = raw_bots.split(",") if raw_bots else []
    named = [i for i, w in enumerate(words[:players]) if w.strip() == YOU]
    seat = reader.int("seat", named[0] if named else 0, lo=0, hi=players - 1)
    levels: list[str] = []
    for s in range(players):
        word = words[s].strip() if s < len(words) else ""
        if s == seat:
            levels.append(HUMAN)
        elif word in LEVELS:
            levels.append(word)
        else:
            if word and word != YOU:
                reader.problems.append(Problem("query.bad-choice", (
                    ("name", "bots"), ("value", echo(word)), ("choices", ", ".join(LEVELS)),
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
            variant[name] = option_value(name, text)
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
