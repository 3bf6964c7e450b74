"""The one registry of the games: everything a page, a link or a tool needs to know about
each game, defined once.

For each game (:data:`GAMES`, by id): its name's message key, its rules and state types,
how to start a game (:attr:`Game.new_state`, typed with the one game interface
:class:`engine.game.GameState`), how its totals rank (:attr:`Game.ranking`), its rule IDs'
prefix, its player range, its options (:class:`Option`: kind, allowed values, default, the
message keys of its label, help and each value's label), its records
(:attr:`Game.read_record`, then the action stream :attr:`Game.start_of`,
:attr:`Game.actions_of`, :attr:`Game.apply_action`), and its plug-ins
(:attr:`Game.plugins`, :class:`engine.plugin.GamePlugins`: the play adapter, the bots, the
walkthrough builder, the quiz kinds, the score sheet, the review and the analyst).

The registry is the plug-in point: the rest of the code reaches a game only through its
entry here, never by asking a game's name or a state's type. A third game adds one
package ``engine/<game>/`` (rules, state, events, record, catalogue, ``plugin.py``) and one
:class:`Game` entry below. Beside them: the bot levels
(:data:`BOT_LEVELS`), the seed limits (:data:`MAX_SEED`, :data:`QUIZ_MAX_SEED`) and the
languages (:data:`LANGUAGES`). Never type one of these lists again: import it from here.

Every value has a *code*, the text a link writes (``true``, ``auto``, ``down-up``, ``7``):
:meth:`Option.code` and :meth:`Option.parse` convert both ways. Labels come from
the engine's catalogue (``option.*`` keys) through :meth:`Option.label`, :meth:`Option.value_label` and
:func:`describe_rules`.

>>> game = GAMES["kachuful"]
>>> game.players.min, game.players.max, game.players.default
(3, 8, 4)
>>> hook = game.option("hook_rule")
>>> hook.default, hook.code(False), hook.parse("false")
(True, 'false', False)
>>> hook.setting_text(False, "en")
"The dealer's hook: off"
>>> game.option("schedule").setting_text("down-up", "en")
'Hand sizes: down to one, then back up'
>>> game.option("max_cards").value_label(7, "es")
'7 cartas'
>>> describe_rules("kachuful", game.rules({"max_cards": 5, "hook_rule": False}), "en")
['Largest hand: 5 cards', "The dealer's hook: off"]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Literal, Protocol

from engine.bots.common import LEVELS as _BOT_LEVELS
from engine.game import Event, GameState, Outcome, Ranking, outcome_of
from engine.kachuful import record as kachuful_record
from engine.kachuful.rules import MAX_PLAYERS as KACHUFUL_MAX_PLAYERS
from engine.kachuful.rules import MIN_PLAYERS as KACHUFUL_MIN_PLAYERS
from engine.kachuful.rules import (
    RENEGE_RULES,
    SCHEDULES,
    SCORINGS,
    TRUMP_RULES,
    USUAL_MAX_PLAYERS,
    KachufulRules,
    hand_sizes,
    largest_hand,
)
from engine.kachuful.state import RANKING as KACHUFUL_RANKING
from engine.kachuful.state import KachufulState
from engine.krypkasino import record as krypkasino_record
from engine.krypkasino.rules import CAPTURE_READINGS, MAX_SESSION, KrypkasinoRules, deal_sizes
from engine.krypkasino.rules import MAX_PLAYERS as KRYPKASINO_MAX_PLAYERS
from engine.krypkasino.rules import MIN_PLAYERS as KRYPKASINO_MIN_PLAYERS
from engine.krypkasino.state import RANKING as KRYPKASINO_RANKING
from engine.krypkasino.state import KrypkasinoState
from engine.messages import LANGUAGES, render
from engine.plugin import GamePlugins

__all__ = [
    "BOT_LEVELS", "GAMES", "GAME_IDS", "LANGUAGES", "MAX_SEED", "QUIZ_MAX_SEED", "BotLevel",
    "Game", "NewState", "Option", "StudyDefaults", "PlayerRange", "Rules", "describe_rules", "game_named", "game_of",
    "game_of_sheet", "game_of_state", "level_label",
]

#: The largest seed a link, a number field or a setup may give: JavaScript's largest
#: exact integer (2**53 - 1), so a browser's number field and a link hold it exactly.
MAX_SEED = 2**53 - 1
#: The largest seed of a quiz question. Its id (``kind-seed``) is read aloud and typed by
#: a teacher, so it keeps to 9 digits; every quiz seed is also a valid :data:`MAX_SEED`.
QUIZ_MAX_SEED = 10**9 - 1

#: A game's rules value (each game's own frozen dataclass with ``from_dict``/``to_dict``).
Rules = Any
Kind = Literal["choice", "flag", "number", "choice-or-number"]


# -- bot levels --------------------------------------------------------------------------


class _Labelled:
    """A thing with a label and a help text: the help's message key is the label's with
    ``.help``."""

    @property
    def label_key(self) -> str:
        raise NotImplementedError

    @property
    def help_key(self) -> str:
        return self.label_key + ".help"


@dataclass(frozen=True)
class BotLevel(_Labelled):
    """A bot level: its id (as links and :func:`engine.bots.make_bot` write it) and the
    message keys of its label and help."""

    id: str

    @property
    def label_key(self) -> str:
        return f"level.{self.id}"


#: The bot levels, weakest first (the ids :func:`engine.bots.make_bot` takes; every game's
#: plug-ins have a bot class per level).
BOT_LEVELS: tuple[str, ...] = _BOT_LEVELS
LEVELS: dict[str, BotLevel] = {level: BotLevel(level) for level in BOT_LEVELS}


def level_label(level: str, lang: str) -> str:
    """A bot level's label in ``lang`` (``"basic"`` -> ``"básico"`` in Spanish)."""
    return render(LEVELS[level].label_key, lang)


# -- players -----------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerRange:
    """How many players a game takes: ``min..max``, ``default`` for a new game, and
    ``usual_max`` (the sources' usual largest table; more is an extension)."""

    min: int
    max: int
    default: int
    usual_max: int

    def __contains__(self, players: object) -> bool:
        return (isinstance(players, int) and not isinstance(players, bool)
                and self.min <= players <= self.max)

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(range(self.min, self.max + 1))


# -- options -----------------------------------------------------------------------------


def _code(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "auto"
    return str(value)


#: Other spellings links have used for a code (``ui/explore/common.py`` wrote ``null``).
_ALIASES = {"null": "auto", "none": "auto", "default": "auto", "yes": "true", "on": "true",
            "no": "false", "off": "false"}


@dataclass(frozen=True)
class Option(_Labelled):
    """One option of a game's rules.

    ``kind``: ``choice`` (one of ``choices``), ``flag`` (``True``/``False``), ``number``
    (a whole number in ``numbers``) or ``choice-or-number`` (one of ``choices`` or a whole
    number). ``choices`` lists the named values, the default first; ``numbers`` is the
    inclusive range links and editors offer, and ``per_player_limit`` (when set) the
    largest number a table of ``players`` allows (``max_cards``: :func:`engine.kachuful.rules.largest_hand`).
    """

    game: str
    name: str
    kind: Kind
    default: Any
    choices: tuple[Any, ...] = ()
    numbers: tuple[int, int] | None = None
    per_player_limit: Callable[[int], int] | None = None

    # message keys
    @property
    def label_key(self) -> str:
        return f"option.{self.game}.{self.name}"

    def value_key(self, value: Any) -> str:
        """The message key of a value's label (a number's template takes ``n``)."""
        if self.is_number(value):
            return f"option.{self.game}.{self.name}.number"
        return f"option.{self.game}.{self.name}.{_code(value)}"

    def value_help_key(self, value: Any) -> str:
        return self.value_key(value) + ".help"

    # values
    def is_number(self, value: Any) -> bool:
        return (self.numbers is not None and isinstance(value, int)
                and not isinstance(value, bool) and value not in self.choices)

    def number_range(self, players: int | None = None) -> tuple[int, int] | None:
        """The whole numbers allowed (for a table of ``players`` when given), or ``None``."""
        if self.numbers is None:
            return None
        lo, hi = self.numbers
        if players is not None and self.per_player_limit is not None:
            hi = min(hi, self.per_player_limit(players))
        return lo, hi

    def values(self, players: int | None = None) -> tuple[Any, ...]:
        """Every allowed value: the named ones, then the whole numbers in range."""
        span = self.number_range(players)
        numbers = () if span is None else tuple(range(span[0], span[1] + 1))
        return (*self.choices, *numbers)

    def allows(self, value: Any, players: int | None = None) -> bool:
        if self.is_number(value):
            span = self.number_range(players)
            return span is not None and span[0] <= value <= span[1]
        return any(value is c or (type(value) is type(c) and value == c) for c in self.choices)

    def code(self, value: Any) -> str:
        """The value as a link writes it: ``true``/``false``, ``auto`` (None), names, digits."""
        return _code(value)

    def parse(self, text: str, players: int | None = None) -> Any:
        """The value a link's ``text`` names (its code, any case; ``null`` is ``auto``).

        Raises ``ValueError`` when ``text`` names no allowed value.
        """
        raw = text.strip().lower()
        raw = _ALIASES.get(raw, raw) if self.kind != "choice" else raw
        for choice in self.choices:
            if _code(choice) == raw:
                return choice
        if self.numbers is not None and raw.isdigit() and len(raw) <= 6:
            number = int(raw)
            if self.allows(number, players):
                return number
        raise ValueError(f"{self.name}: {text!r} is not an allowed value")

    # labels
    def label(self, lang: str) -> str:
        return render(self.label_key, lang)

    def help(self, lang: str) -> str:
        return render(self.help_key, lang)

    def value_label(self, value: Any, lang: str) -> str:
        return render(self.value_key(value), lang, n=value)

    def value_help(self, value: Any, lang: str) -> str:
        return render(self.value_help_key(value), lang, n=value)

    def setting_text(self, value: Any, lang: str, mark_default: bool = False) -> str:
        """``"Hand sizes: down to one, then back up"`` (``(usual rule)`` added to the
        default when ``mark_default``)."""
        shown = self.value_label(value, lang)
        if mark_default and value == self.default and type(value) is type(self.default):
            shown = render("option.usual", lang, value=shown)
        return render("option.setting", lang, option=self.label(lang), value=shown)


# -- games -------------------------------------------------------------------------------


@dataclass(frozen=True)
class StudyDefaults:
    """What the explore pages start a game's studies with when a link gives none: the
    variant lab's line-up and rule set B (options as a link writes them, ``name:value``),
    what choosing the game in the lab's menu starts with (rule sets A and B), and the
    score fan's line-up."""

    lineup: tuple[str, ...]
    rules_b: str
    start_a: str
    start_b: str
    fan_lineup: tuple[str, ...]


class NewState(Protocol):
    """A game's constructor: ``new_state(players, rules, seed)``; with ``explicit_deals``
    the state stops at each deal (the chance step of :mod:`engine.game`)."""

    def __call__(self, players: int, rules: Any, seed: int, *,
                 explicit_deals: bool = False) -> GameState: ...


@dataclass(frozen=True)
class Game:
    """One game of the site (see the module's docstring)."""

    id: str
    rules_type: type[Any]
    state_type: type[Any]
    #: How the totals rank: ``"highest-total"`` (Kachuful) or ``"lowest-total"``.
    ranking: Ranking
    #: The prefix of the game's rule IDs in RULES.md (``K-``, ``C-``).
    rule_prefix: str
    #: The game's one-letter code in links (a score sheet link starts with it).
    code: str
    players: PlayerRange
    options: tuple[Option, ...]
    record_format: str
    #: A new game: ``new_state(players, rules, seed)``, the one game interface.
    new_state: NewState
    #: The explore pages' starting studies.
    studies: StudyDefaults
    #: ``check_table(players, rules)``: raises the engine's error when ``rules`` cannot be
    #: played by that many players (a hand larger than the deck allows, a session length).
    check_table: Callable[[int, Any], object]
    #: Loads the game's plug-ins from its package (``engine/<game>/plugin.py``): they
    #: use the bots, the quiz and the walkthrough, which read this registry, so they
    #: are loaded on first use rather than when the registry is.
    load_plugins: Callable[[], GamePlugins]
    #: A parsed record document -> the checked record (RecordError names a bad field).
    read_record: Callable[[Any], Any]
    #: A checked record -> the state before its first action.
    start_of: Callable[[Any], Any]
    #: A checked record -> its actions in the order they were taken.
    actions_of: Callable[[Any], list[Any]]
    #: ``apply_action(state, action)``: one action of the stream, checked; its events.
    apply_action: Callable[[Any, Any], Sequence[Event]]
    #: ``python -m engine replay`` of a parsed document: (outcome, exit code 0 or 1);
    #: RecordError for an invalid record (docs/records.md).
    replay: Callable[[Any], tuple[dict[str, Any], int]]

    @property
    def plugins(self) -> GamePlugins:
        """The game's plug-ins (:class:`engine.plugin.GamePlugins`), loaded once."""
        loaded = _PLUGINS.get(self.id)
        if loaded is None:
            loaded = _PLUGINS[self.id] = self.load_plugins()
        return loaded

    @property
    def lowest_wins(self) -> bool:
        return self.ranking == "lowest-total"

    def outcome(self, totals: Sequence[int]) -> Outcome:
        """Who wins on ``totals`` and why (the game's ranking)."""
        return outcome_of(totals, self.ranking)

    def default_rules(self) -> Any:
        """The game's usual rules."""
        return self.rules_type()

    @property
    def name_key(self) -> str:
        return f"game.{self.id}.name"

    def name(self, lang: str) -> str:
        return render(self.name_key, lang)

    def option(self, name: str) -> Option:
        """The option called ``name`` (``KeyError`` when the game has none)."""
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(name)

    @property
    def option_names(self) -> tuple[str, ...]:
        return tuple(o.name for o in self.options)

    def rules(self, options: Mapping[str, Any] | None = None) -> Any:
        """The rules value for ``options`` (missing ones take the default); the engine
        refuses an unknown option or a bad value with :class:`InvalidActionError`."""
        return self.rules_type.from_dict(dict(options or {}))

    def changed(self, rules: Rules) -> dict[str, Any]:
        """The options of ``rules`` that differ from the defaults, in schema order."""
        return {o.name: getattr(rules, o.name) for o in self.options
                if getattr(rules, o.name) != o.default}


def _kachuful_new(players: int, rules: Any, seed: int, *,
                  explicit_deals: bool = False) -> GameState:
    return KachufulState.new_game(players, rules, seed, explicit_deals=explicit_deals)


def _krypkasino_new(players: int, rules: Any, seed: int, *,
                    explicit_deals: bool = False) -> GameState:
    return KrypkasinoState.new_game(players, rules, seed, explicit_deals=explicit_deals)


def _krypkasino_table(players: int, rules: KrypkasinoRules) -> int:
    deal_sizes(players)
    return rules.session_length(players)


_PLUGINS: dict[str, GamePlugins] = {}


def _kachuful_plugins() -> GamePlugins:
    from engine.kachuful.plugin import PLUGINS

    return PLUGINS


def _krypkasino_plugins() -> GamePlugins:
    from engine.krypkasino.plugin import PLUGINS

    return PLUGINS


def _flag(game: str, name: str, default: bool) -> Option:
    return Option(game, name, "flag", default, (default, not default))


def _choice(game: str, name: str, choices: tuple[str, ...]) -> Option:
    return Option(game, name, "choice", choices[0], choices)


def _record_functions(record: Any) -> dict[str, Any]:
    """A game's record format and functions: the same names in every game's
    ``engine/<game>/record.py``."""
    return {"record_format": record.FORMAT, "read_record": record.read_record,
            "start_of": record.start_of, "actions_of": record.actions_of,
            "apply_action": record.apply_action, "replay": record.replay}


_K, _C = "kachuful", "krypkasino"

KACHUFUL = Game(
    id=_K,
    rules_type=KachufulRules,
    state_type=KachufulState,
    ranking=KACHUFUL_RANKING,
    rule_prefix="K-",
    code="k",
    players=PlayerRange(KACHUFUL_MIN_PLAYERS, KACHUFUL_MAX_PLAYERS, 4, USUAL_MAX_PLAYERS),
    options=(
        _choice(_K, "schedule", SCHEDULES),
        Option(_K, "max_cards", "choice-or-number", None, (None, "classic"),
               (1, largest_hand(KACHUFUL_MIN_PLAYERS)), largest_hand),
        _choice(_K, "trumps", TRUMP_RULES),
        _flag(_K, "hook_rule", True),
        _choice(_K, "scoring", SCORINGS),
        _flag(_K, "blind_bids", False),
        _flag(_K, "one_card_forehead", False),
        _choice(_K, "renege", RENEGE_RULES),
    ),
    new_state=_kachuful_new,
    check_table=hand_sizes,
    studies=StudyDefaults(("basic",) * 4, "hook_rule:false", "", "hook_rule:false",
                          ("basic", "basic", "random", "random")),
    load_plugins=_kachuful_plugins,
    **_record_functions(kachuful_record),
)

#: The largest sweep value links and editors offer (the rules take any whole number).
MAX_SWEEP_POINTS = 100

KRYPKASINO = Game(
    id=_C,
    rules_type=KrypkasinoRules,
    state_type=KrypkasinoState,
    ranking=KRYPKASINO_RANKING,
    rule_prefix="C-",
    code="c",
    players=PlayerRange(KRYPKASINO_MIN_PLAYERS, KRYPKASINO_MAX_PLAYERS, 2,
                        KRYPKASINO_MAX_PLAYERS),
    options=(
        _choice(_C, "capture", CAPTURE_READINGS),
        Option(_C, "sweep_points", "number", 5, (), (0, MAX_SWEEP_POINTS)),
        _flag(_C, "double_sweep", True),
        _flag(_C, "forced_sweep", True),
        Option(_C, "session", "choice-or-number", "rotation", ("rotation",), (1, MAX_SESSION)),
    ),
    new_state=_krypkasino_new,
    check_table=_krypkasino_table,
    # one-deal sessions in the lab's menu, so the first numbers come quickly
    studies=StudyDefaults(("basic",) * 4, "forced_sweep:false", "session:1",
                          "forced_sweep:false,session:1", ("basic", "basic")),
    load_plugins=_krypkasino_plugins,
    **_record_functions(krypkasino_record),
)

#: The games by id, in the order the site lists them.
GAMES: dict[str, Game] = {g.id: g for g in (KACHUFUL, KRYPKASINO)}
GAME_IDS: tuple[str, ...] = tuple(GAMES)
#: record format -> game.
BY_FORMAT: dict[str, Game] = {g.record_format: g for g in GAMES.values()}
_BY_RULES: dict[type[Any], Game] = {g.rules_type: g for g in GAMES.values()}
_BY_STATE: dict[type[Any], Game] = {g.state_type: g for g in GAMES.values()}


def game_of(rules: Rules) -> Game:
    """The game a rules value belongs to."""
    return _BY_RULES[type(rules)]


def game_named(game_id: str) -> Game:
    """The game called ``game_id`` (``KeyError`` for an unknown id)."""
    return GAMES[game_id]


def game_of_state(state: GameState) -> Game:
    """The game a state belongs to."""
    return _BY_STATE[type(state)]


def game_of_sheet(sheet: object) -> Game | None:
    """The game a score sheet belongs to (``None`` for anything else)."""
    for game in GAMES.values():
        if isinstance(sheet, game.plugins.score_sheet):
            return game
    return None


def describe_rules(game: str, rules: Rules, lang: str) -> list[str]:
    """The options of ``rules`` that differ from the usual rules, each as a setting text
    (``"The dealer's hook: off"``), in schema order; ``[]`` for the usual rules."""
    spec = GAMES[game]
    return [spec.option(name).setting_text(value, lang)
            for name, value in spec.changed(rules).items()]


def _check() -> None:
    # The schema and the rules types agree: same options, same defaults (tests say so too).
    for spec in GAMES.values():
        names = tuple(f.name for f in fields(spec.rules_type))
        assert names == spec.option_names, (spec.id, names)
        default = spec.rules_type()
        for option in spec.options:
            assert getattr(default, option.name) == option.default, option.name


_check()
