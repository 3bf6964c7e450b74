"""The one link codec of the site: rules, players, seats, bot levels and seeds in a URL,
driven by the registry's option schema (:mod:`engine.registry`).

What a link holds (readable; every value is the registry's code of it):

* rules, one key per option: ``hook_rule=false&max_cards=5`` (:func:`rules_params`,
  read by :func:`read_rules`), the form of the play pages and the walkthroughs;
* rules in one key, for pages that hold several rule sets: ``b=hook_rule:false,max_cards:5``
  (:func:`rules_text`, read by :func:`read_rules_text`), the explorers' form;
* ``players=4``; ``seat=2`` (0-based: the page says C); ``bots=you,basic,strong`` (one
  level per seat, ``you`` at the person's seat) or ``lineup=basic,random`` (bots only);
  ``seed=17`` (0 to :data:`~engine.registry.MAX_SEED`).

Reading never fails: a value the codec cannot use is replaced by the default and a
:class:`~ui.query.Problem` names it in a sentence, with the option's human label
("The dealer's hook") and the allowed values' labels ("on, off"), in the page's language.
Every link the site wrote before the codec still reads the same: ``null`` for the
automatic largest hand (the explorers' old spelling), the score fan's 1-based
``position``, the scorekeepers' packed ``sheet`` (:func:`read_sheet`) and the lessons'
``lesson``/``l`` (:func:`lesson_variants`); tests/test_link_saved.py reads a saved set.

>>> from ui.query import LinkReader
>>> r = LinkReader("en", params={"hook_rule": "false", "max_cards": "14", "players": "4"})
>>> read_rules(r, "kachuful", players=4)
{'hook_rule': False}
>>> r.messages()
['The link gives “Largest hand” as 14, but a table of 4 players allows a whole number from 1 to 13; using “as many as the deck allows”.']
>>> rules_params("kachuful", {"hook_rule": False})["hook_rule"], rules_text("kachuful", {"max_cards": 5, "hook_rule": False})
('false', 'max_cards:5,hook_rule:false')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import RulesLabError
from engine.registry import BOT_LEVELS, GAMES, MAX_SEED, Game, Option
from engine.seats import seat_letter
from ui.query import Label, Labels, LinkReader, Problem
from ui.safe import echo

__all__ = [
    "HUMAN", "YOU", "SetupLink", "SheetLink", "lesson_variants", "lineup_text",
    "read_bots", "read_lineup", "read_players", "read_rules", "read_rules_text", "read_seat",
    "read_seed", "read_setup", "read_sheet", "read_view_seat", "rules_params", "rules_text",
    "setup_params",
]

#: The level of the person's own seat in a setup (the play session's word for it).
HUMAN = "human"
#: How ``bots=`` names the person's own seat.
YOU = "you"
#: The longest rules text read from one key (a full rule set is under 200 characters).
MAX_RULES_TEXT = 400


def _problem(key: str, **data: str | Label | Labels) -> Problem:
    return Problem(key, tuple(data.items()))


def _value_label(option: Option, value: Any) -> Label:
    return Label(option.value_key(value), (("n", value),) if option.is_number(value) else ())


def _choices(option: Option) -> Labels:
    return Labels(tuple(_value_label(option, v) for v in option.choices))


def _options_of(game: str, options: Mapping[str, Any] | Any) -> dict[str, Any]:
    if isinstance(options, Mapping):
        return dict(options)
    spec = GAMES[game]
    return {name: getattr(options, name) for name in spec.option_names}


# -- rules -------------------------------------------------------------------------------


def _parse_option(reader: LinkReader, option: Option, raw: str, players: int | None,
                  fallback: Any) -> tuple[bool, Any]:
    """``(True, value)`` for a usable ``raw``, else ``(False, None)`` with a problem."""
    try:
        return True, option.parse(raw, players)
    except ValueError:
        pass
    label = Label(option.label_key)
    default = _value_label(option, fallback)
    span = option.number_range(players)
    text = raw.strip()
    if span is not None and text.isdigit() and len(text) <= 6 and players is not None \
            and option.numbers is not None and option.numbers[0] <= int(text) <= option.numbers[1]:
        reader.problems.append(_problem(
            "link.bad-number-table", option=label, value=echo(raw), players=str(players),
            lo=str(span[0]), hi=str(span[1]), default=default))
    elif span is not None and not option.choices:
        reader.problems.append(_problem(
            "link.bad-number", option=label, value=echo(raw), lo=str(span[0]),
            hi=str(span[1]), default=default))
    elif span is not None:
        reader.problems.append(_problem(
            "link.bad-value-or-number", option=label, value=echo(raw),
            choices=_choices(option), lo=str(span[0]), hi=str(span[1]),
            default=default))
    else:
        reader.problems.append(_problem(
            "link.bad-value", option=label, value=echo(raw), choices=_choices(option),
            default=default))
    return False, None


def _settle(reader: LinkReader, spec: Game, base: Mapping[str, Any], given: Mapping[str, Any],
            players: int | None) -> dict[str, Any]:
    """``base`` with ``given`` on top, the defaults left out; refused as a whole (the
    engine's sentence) falls back to ``base``."""
    merged = {**base, **given}
    try:
        rules = spec.rules(merged)
        if players is not None:
            spec.check_table(players, rules)
    except RulesLabError as exc:
        reader.problems.append(_problem("link.rules-refused",
                                        reason=echo(exc.localized(reader.lang), 300)))
        merged = dict(base)
        rules = spec.rules(merged)
    return spec.changed(rules)


def read_rules(reader: LinkReader, game: str, *, players: int | None = None,
               base: Mapping[str, Any] | None = None,
               keys: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The rules of the one-key-per-option form (``hook_rule=false&max_cards=5``) on top of
    ``base`` (a scenario's own options; default: the usual rules), as the options that
    differ from the usual rules. ``players`` checks the options that depend on the table;
    ``keys`` renames an option's query key (the hand odds' older ``hook=on``).
    Each unusable value is left at ``base`` with a problem naming it.
    """
    spec = GAMES[game]
    start = _settle(reader, spec, {}, dict(base or {}), players) if base else {}
    given: dict[str, Any] = {}
    for option in spec.options:
        raw = reader.raw((keys or {}).get(option.name, option.name))
        if raw is None or raw.strip() == "":
            continue
        fallback = start.get(option.name, option.default)
        ok, value = _parse_option(reader, option, raw, players, fallback)
        if ok:
            given[option.name] = value
    return _settle(reader, spec, start, given, players)


def read_rules_text(reader: LinkReader, game: str, key: str, default: str = "", *,
                    players: int | None = None) -> dict[str, Any]:
    """The rules of the one-key form (``key=hook_rule:false,max_cards:5``; ``default``
    when the key is absent), as the options that differ from the usual rules."""
    spec = GAMES[game]
    raw = reader.raw(key)
    text = default if raw is None else raw
    if len(text) > MAX_RULES_TEXT:
        reader.problems.append(_problem("link.rules-too-long", field=echo(key),
                                        count=str(len(text)), most=str(MAX_RULES_TEXT)))
        return {}
    given: dict[str, Any] = {}
    for item in (p.strip() for p in text.split(",")):
        if not item:
            continue
        name, colon, value = item.partition(":")
        name = name.strip()
        if name not in spec.option_names or not colon:
            reader.problems.append(_problem(
                "link.unknown-option", value=echo(item), game=Label(spec.name_key)))
            continue
        option = spec.option(name)
        ok, parsed = _parse_option(reader, option, value, players, option.default)
        if ok:
            given[name] = parsed
    return _settle(reader, spec, {}, given, players)


def rules_params(game: str, options: Mapping[str, Any] | Any,
                 base: Mapping[str, Any] | None = None) -> dict[str, str | None]:
    """Every option's query key: its code where it differs from ``base`` (a scenario's
    own options; default: the usual rules), else ``None`` (the key is removed).

    >>> rules_params("krypkasino", {"session": 2}) == {"capture": None,
    ...     "sweep_points": None, "double_sweep": None, "forced_sweep": None, "session": "2"}
    True
    """
    spec = GAMES[game]
    values = _options_of(game, options)
    start = dict(base or {})
    out: dict[str, str | None] = {}
    for option in spec.options:
        value = values.get(option.name, option.default)
        was = start.get(option.name, option.default)
        out[option.name] = None if value == was else option.code(value)
    return out


def rules_text(game: str, options: Mapping[str, Any] | Any) -> str:
    """The options that differ from the usual rules as one key's value, in the schema's
    order: ``max_cards:5,hook_rule:false`` (``""`` for the usual rules)."""
    spec = GAMES[game]
    values = _options_of(game, options)
    return ",".join(f"{o.name}:{o.code(values[o.name])}" for o in spec.options
                    if o.name in values and values[o.name] != o.default)


# -- players, seats, bots, seed -----------------------------------------------------------


def read_players(reader: LinkReader, game: str, default: int | None = None,
                 key: str = "players") -> int:
    """A player count in the game's range (the registry's), else ``default``."""
    spec = GAMES[game]
    fallback = spec.players.default if default is None else default
    raw = reader.raw(key)
    if raw is None or raw.strip() == "":
        return fallback
    text = raw.strip()
    if text.isdigit() and len(text) <= 3 and int(text) in spec.players:
        return int(text)
    reader.problems.append(_problem(
        "link.bad-players", value=echo(raw), game=Label(spec.name_key),
        lo=str(spec.players.min), hi=str(spec.players.max), default=str(fallback)))
    return fallback


def read_seat(reader: LinkReader, players: int, default: int = 0, key: str = "seat",
              legacy_key: str | None = None) -> int:
    """A 0-based seat of a table of ``players`` (``legacy_key``: an older 1-based key,
    read when ``key`` is absent, such as the score fan's ``position``)."""
    raw = reader.raw(key)
    first = 0
    if (raw is None or raw.strip() == "") and legacy_key is not None:
        raw, first = reader.raw(legacy_key), 1
    if raw is None or raw.strip() == "":
        return default
    text = raw.strip()
    if text.isdigit() and len(text) <= 3 and 0 <= int(text) - first < players:
        return int(text) - first
    reader.problems.append(_problem(
        "link.bad-seat", value=echo(raw), players=str(players), last=str(players - 1),
        letter=seat_letter(players - 1), default=seat_letter(default)))
    return default


def read_view_seat(reader: LinkReader, players: int, key: str = "seat") -> int | None:
    """Whose eyes a page shows the table through: a 0-based seat, or ``None`` for every
    hand face up (``seat=all`` or no key)."""
    raw = reader.raw(key)
    if raw is None or raw.strip() in ("", "all"):
        return None
    text = raw.strip()
    if text.isdigit() and len(text) <= 3 and int(text) < players:
        return int(text)
    reader.problems.append(_problem(
        "link.bad-view-seat", value=echo(raw), players=str(players), last=str(players - 1),
        letter=seat_letter(players - 1)))
    return None


def read_seed(reader: LinkReader, default: int = 1, key: str = "seed") -> int:
    """A seed from 0 to :data:`~engine.registry.MAX_SEED`, else ``default``."""
    raw = reader.raw(key)
    if raw is None or raw.strip() == "":
        return default
    text = raw.strip()
    if text.isdigit() and len(text) <= 16 and int(text) <= MAX_SEED:
        return int(text)
    reader.problems.append(_problem("link.bad-seed", value=echo(raw), hi=str(MAX_SEED),
                                    default=str(default)))
    return default


def _level_labels() -> Labels:
    return Labels(tuple(Label(f"level.{level}") for level in BOT_LEVELS))


def read_lineup(reader: LinkReader, game: str, default: Sequence[str],
                key: str = "lineup") -> tuple[str, ...]:
    """Bots only, one level per seat (``basic,basic,random``): as many as the game's
    player range allows, each a level of :data:`~engine.registry.BOT_LEVELS`."""
    spec = GAMES[game]
    raw = reader.raw(key)
    if raw is None or raw.strip() == "":
        return tuple(default)
    levels = tuple(x.strip() for x in raw.split(",") if x.strip())
    if len(levels) in spec.players and all(level in BOT_LEVELS for level in levels):
        return levels
    reader.problems.append(_problem(
        "link.bad-lineup", value=echo(raw), choices=_level_labels(), game=Label(spec.name_key),
        lo=str(spec.players.min), hi=str(spec.players.max),
        default=", ".join(default)))
    return tuple(default)


def read_bots(reader: LinkReader, players: int, seat: int, key: str = "bots",
              default_level: str = "basic") -> tuple[str, ...]:
    """One level per seat (``you,basic,strong``): :data:`HUMAN` at ``seat``, a bot level at
    the others (an unknown word gives ``default_level`` and a problem; missing words too,
    without one)."""
    raw = reader.raw(key) or ""
    words = [w.strip() for w in raw.split(",")] if raw.strip() else []
    levels: list[str] = []
    for s in range(players):
        word = words[s] if s < len(words) else ""
        if s == seat:
            levels.append(HUMAN)
        elif word in BOT_LEVELS:
            levels.append(word)
        else:
            if word and word != YOU:
                reader.problems.append(_problem(
                    "link.bad-bot", value=echo(word), seat=seat_letter(s),
                    choices=_level_labels(), default=Label(f"level.{default_level}")))
            levels.append(default_level)
    return tuple(levels)


def seat_of_bots(reader: LinkReader, players: int, key: str = "bots") -> int | None:
    """The seat ``bots=`` names ``you`` (the play pages' older links had no ``seat``)."""
    raw = reader.raw(key) or ""
    words = [w.strip() for w in raw.split(",")][:players]
    return words.index(YOU) if YOU in words else None


def lineup_text(levels: Sequence[str]) -> str:
    """Levels as ``bots=`` / ``lineup=`` write them (:data:`HUMAN` as ``you``)."""
    return ",".join(YOU if level == HUMAN else level for level in levels)


@dataclass(frozen=True)
class SetupLink:
    """A game's setup as a link holds it: table, the person's seat, a level per seat
    (:data:`HUMAN` at ``seat``), the seed and the options that differ from the usual rules."""

    game: str
    players: int
    seat: int
    levels: tuple[str, ...]
    seed: int
    options: dict[str, Any]


def read_setup(reader: LinkReader, game: str, *, default_players: int | None = None,
               default_seed: int = 1, base: Mapping[str, Any] | None = None) -> SetupLink:
    """``players``, ``seat`` (else the seat ``bots`` names ``you``, else 0), ``bots``,
    ``seed`` and the rules (one key per option) of a play link."""
    players = read_players(reader, game, default_players)
    named = seat_of_bots(reader, players)
    seat = read_seat(reader, players, default=named if named is not None else 0)
    levels = read_bots(reader, players, seat)
    seed = read_seed(reader, default_seed)
    options = read_rules(reader, game, players=players, base=base)
    return SetupLink(game, players, seat, levels, seed, options)


def setup_params(setup: SetupLink, base: Mapping[str, Any] | None = None
                 ) -> dict[str, str | None]:
    """The query of :func:`read_setup` for ``setup`` (``None`` removes a key).

    >>> s = SetupLink("kachuful", 3, 1, ("basic", "human", "strong"), 7, {"max_cards": 5})
    >>> {k: v for k, v in setup_params(s).items() if v}
    {'players': '3', 'seat': '1', 'bots': 'basic,you,strong', 'seed': '7', 'max_cards': '5'}
    """
    return {"players": str(setup.players), "seat": str(setup.seat),
            "bots": lineup_text(setup.levels), "seed": str(setup.seed),
            **rules_params(setup.game, setup.options, base)}


# -- other pages' packed links -------------------------------------------------------------


@dataclass(frozen=True)
class SheetLink:
    """What a scorekeeper's ``sheet=`` link sets up: the table, the options that differ
    from the usual rules and the first dealer (``None`` with a problem: not a sheet)."""

    players: int
    options: dict[str, Any]
    dealer: int
    problem: str | None = None


def read_sheet(game: str, raw: str | None, lang: str = "en") -> SheetLink | None:
    """The rules and table of a scorekeeper link (``None`` when it has no sheet)."""
    from ui.scorekeeper.sheet import decode

    if not raw:
        return None
    if game not in GAMES:
        return None
    decoded = decode(raw, game)
    sheet = decoded.sheet
    if sheet is None:
        problem = decoded.problem.text(lang) if decoded.problem is not None else ""
        return SheetLink(0, {}, 0, problem)
    return SheetLink(len(sheet.names), GAMES[game].changed(sheet.rules), sheet.first_dealer)


def lesson_variants(params: Mapping[str, str]) -> list[dict[str, Any]] | None:
    """The options each item of a lesson link (``l=`` packed, or ``lesson=`` id) puts on
    top of its scenario's, or ``None`` when the link names no usable lesson."""
    from tutorials import lessons

    try:
        if params.get("l"):
            lesson = lessons.decode_link(params["l"])
        elif params.get("lesson"):
            lesson = lessons.load(params["lesson"])
        else:
            return None
    except lessons.LessonError:
        return None
    return [dict(getattr(item, "variant", ())) for item in lesson.items]
