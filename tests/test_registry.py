"""The registry of the games (engine/registry.py) agrees with the engine it describes:
option defaults are the rules types' defaults, every allowed value constructs, every label
key exists in every language, and the action stream replays records to their outcomes."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from engine import bots, quiz
from engine.errors import IllegalActionError, InvalidActionError
from engine.kachuful import record as krecord
from engine.kachuful.rules import CLASSIC_MAX_CARDS
from engine.krypkasino import record as crecord
from engine.messages import LANGUAGES as MESSAGE_LANGUAGES
from engine.messages import catalogue, render
from engine.registry import (
    BOT_LEVELS,
    BY_FORMAT,
    GAME_IDS,
    GAMES,
    LANGUAGES,
    MAX_SEED,
    QUIZ_MAX_SEED,
    Game,
    describe_rules,
    level_label,
)

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES: Path | None = ROOT / "tests" / "data" / "examples"  # the contract's examples
OUTCOME: dict[str, Callable[[Any], dict[str, Any]]] = {
    "kachuful": krecord.outcome_of, "krypkasino": crecord.outcome_of}
RECORD: dict[str, Callable[[Any], dict[str, Any]]] = {
    "kachuful": krecord.to_record, "krypkasino": crecord.to_record}


def test_games_levels_languages_are_the_engine_lists() -> None:
    assert GAME_IDS == ("kachuful", "krypkasino")
    assert BOT_LEVELS == bots.LEVELS
    for game in GAME_IDS:  # every game's plug-ins have a bot per level
        assert tuple(GAMES[game].plugins.bots) == BOT_LEVELS
    assert LANGUAGES == MESSAGE_LANGUAGES
    assert QUIZ_MAX_SEED <= MAX_SEED == 2**53 - 1
    assert quiz.MAX_SEED <= MAX_SEED


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_option_default_is_the_rules_types_default(game: str) -> None:
    spec = GAMES[game]
    default = spec.rules_type()
    assert spec.option_names == tuple(f.name for f in fields(spec.rules_type))
    for option in spec.options:
        assert getattr(default, option.name) == option.default
        assert option.allows(option.default)
        assert option.parse(option.code(option.default)) == option.default
        if option.choices:
            assert option.choices[0] == option.default  # default first, as editors list them
    assert spec.changed(default) == {}
    assert describe_rules(game, default, "en") == []


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_allowed_value_constructs_and_round_trips_through_its_code(game: str) -> None:
    spec = GAMES[game]
    for option in spec.options:
        values = option.values()
        assert values, option.name
        for value in values:
            rules = spec.rules({option.name: value})
            assert getattr(rules, option.name) == value
            back = option.parse(option.code(value))
            assert back == value and type(back) is type(value)
            assert spec.changed(rules) == ({} if value == option.default else {option.name: value})


@pytest.mark.parametrize("game", GAME_IDS)
def test_values_outside_the_schema_are_refused_by_parse(game: str) -> None:
    for option in GAMES[game].options:
        for text in ("", "banana", "-1", "9" * 7, "1.5"):
            with pytest.raises(ValueError):
                option.parse(text)
        span = option.number_range()
        if span is not None:
            with pytest.raises(ValueError):
                option.parse(str(span[1] + 1))


def test_max_cards_range_depends_on_the_table() -> None:
    option = GAMES["kachuful"].option("max_cards")
    assert option.number_range(4) == (1, 13) and option.number_range(8) == (1, 6)
    assert option.allows(13, 4) and not option.allows(14, 4)
    with pytest.raises(ValueError):
        option.parse("7", players=8)
    # every allowed number for a table is accepted by the engine for that table
    from engine.kachuful.rules import max_hand_size
    for players in GAMES["kachuful"].players.values:
        for value in option.values(players):
            max_hand_size(players, GAMES["kachuful"].rules({"max_cards": value}))


def test_legacy_spellings_are_read() -> None:
    k = GAMES["kachuful"]
    assert k.option("max_cards").parse("null") is None
    assert k.option("max_cards").parse("auto") is None
    assert k.option("hook_rule").parse("FALSE") is False
    assert GAMES["krypkasino"].option("session").parse("rotation") == "rotation"
    assert GAMES["krypkasino"].option("session").parse("3") == 3


def _label_keys(spec: Game) -> list[tuple[str, dict[str, Any]]]:
    keys: list[tuple[str, dict[str, Any]]] = [(spec.name_key, {})]
    for option in spec.options:
        keys += [(option.label_key, {}), (option.help_key, {})]
        for value in option.values():
            keys += [(option.value_key(value), {"n": value}),
                     (option.value_help_key(value), {"n": value})]
    return keys


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAME_IDS)
def test_every_label_key_exists_in_every_language(game: str, lang: str) -> None:
    own = catalogue()[lang]
    for key, data in _label_keys(GAMES[game]):
        assert key in own, (lang, key)
        text = render(key, lang, **data)
        assert text.strip() and "{" not in text
        assert "_" not in text, (key, text)  # never a code name such as max_cards
    for level in BOT_LEVELS:
        assert level_label(level, lang)
        assert render(f"level.{level}.help", lang)
    for key in ("option.setting", "option.usual", "option.usual-rules"):
        assert key in own


@pytest.mark.parametrize("lang", LANGUAGES)
def test_labels_of_a_language_are_distinct_within_an_option(lang: str) -> None:
    for spec in GAMES.values():
        labels = [spec.option(o.name).label(lang) for o in spec.options]
        assert len(set(labels)) == len(labels)
        for option in spec.options:
            named = [option.value_label(v, lang) for v in option.choices]
            assert len(set(named)) == len(named), option.name


@pytest.mark.parametrize("lang", LANGUAGES)
def test_classic_help_quotes_the_engines_preset(lang: str) -> None:
    text = GAMES["kachuful"].option("max_cards").value_help("classic", lang)
    numbers = [int(n) for n in re.findall(r"\d+", text)]
    # "10 cards for 3 to 5 players, 8 for 6, 7 for 7 and 6 for 8"
    assert numbers == [10, 3, 5, 8, 6, 7, 7, 6, 8]
    said = {3: 10, 4: 10, 5: 10, 6: 8, 7: 7, 8: 6}
    assert said == CLASSIC_MAX_CARDS


def test_setting_texts_read_like_sentences() -> None:
    k = GAMES["kachuful"]
    assert k.option("schedule").setting_text("down-up", "en") == \
        "Hand sizes: down to one, then back up"
    assert k.option("hook_rule").setting_text(True, "en", mark_default=True) == \
        "The dealer's hook: on (usual rule)"
    assert k.option("hook_rule").setting_text(False, "es") == \
        "El gancho del repartidor: desactivado"
    assert GAMES["krypkasino"].option("session").setting_text(1, "pt") == \
        "Duração da sessão: 1 distribuição"


# -- the action stream -------------------------------------------------------------------


def _replay_stream(spec: Game, doc: Any) -> Any:
    record = spec.read_record(doc)
    state = spec.start_of(record)
    for action in spec.actions_of(record):
        spec.apply_action(state, action)
    return state


@pytest.mark.skipif(EXAMPLES is None, reason="../shared/examples is not next to the repository")
def test_action_stream_replays_every_shared_example_to_its_outcome() -> None:
    assert EXAMPLES is not None
    records = sorted(EXAMPLES.glob("*.record.json"))
    assert records
    for path in records:
        doc = json.loads(path.read_text("utf-8"))
        expected = json.loads(path.with_name(path.name.replace(".record.", ".outcome."))
                              .read_text("utf-8"))
        spec = BY_FORMAT[doc["format"]]
        state = _replay_stream(spec, doc)
        assert OUTCOME[spec.id](state) == expected, path.name


@pytest.mark.parametrize("game", GAME_IDS)
@pytest.mark.parametrize("seed", [1, 7, 12345])
def test_action_stream_replays_a_played_game_to_the_same_state(game: str, seed: int) -> None:
    spec = GAMES[game]
    players = spec.players.default + (seed % 2)
    options = {"max_cards": 3} if game == "kachuful" else {"session": 1}
    state = spec.new_state(players, spec.rules(options), seed)
    rnd = random.Random(seed)
    for _ in range(40 if game == "kachuful" else 30):
        if state.is_terminal():
            break
        state.apply(rnd.choice(state.legal_actions()))
    doc = RECORD[game](state)
    again = _replay_stream(spec, doc)
    assert OUTCOME[game](again) == OUTCOME[game](state)
    assert RECORD[game](again) == doc
    assert len(spec.actions_of(spec.read_record(doc))) > 0


def test_action_stream_stops_at_an_illegal_action() -> None:
    doc = {"format": "kachuful-record/1", "players": 4, "hands": [{
        "dealer": 3, "trump": "C",
        "deal": [["KH", "AS", "3D"], ["2C", "4S", "5D"], ["AH", "6S", "9D"], ["7H", "8S", "2D"]],
        "bids": [1, 0, 1, 1],  # the dealer's 1 makes the bids add up to 3: the hook
        "play": []}]}
    spec = GAMES["kachuful"]
    record = spec.read_record(doc)
    state = spec.start_of(record)
    actions = spec.actions_of(record)
    for action in actions[:3]:
        spec.apply_action(state, action)
    with pytest.raises((IllegalActionError, InvalidActionError)):
        spec.apply_action(state, actions[3])
