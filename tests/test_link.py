"""The link codec (ui/link.py): every value of the registry's schema round-trips through
both rule forms, every refused value is named in a sentence in every language, with the
option's human label and never a traceback."""

from __future__ import annotations

import pytest

from engine.registry import BOT_LEVELS, GAME_IDS, GAMES, LANGUAGES, MAX_SEED
from ui import link
from ui.query import LinkReader


def _reader(params: dict[str, str], lang: str = "en") -> LinkReader:
    return LinkReader(lang, params=params)


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_value_round_trips_through_both_forms(game: str) -> None:
    spec = GAMES[game]
    players = spec.players.default
    for option in spec.options:
        for value in option.values(players):
            options = {option.name: value}
            expected = spec.changed(spec.rules(options))
            params = {k: v for k, v in link.rules_params(game, options).items() if v}
            r = _reader(params)
            assert link.read_rules(r, game, players=players) == expected and not r.problems
            text = link.rules_text(game, options)
            r = _reader({"rules": text})
            assert link.read_rules_text(r, game, "rules", players=players) == expected
            assert not r.problems
            # readable: option names and codes, nothing encoded
            assert all(c.isalnum() or c in ":,_-" for c in text)


def test_rules_written_from_a_rules_value_and_against_a_base() -> None:
    spec = GAMES["kachuful"]
    rules = spec.rules({"hook_rule": False, "max_cards": "classic"})
    assert link.rules_text("kachuful", rules) == "max_cards:classic,hook_rule:false"
    params = link.rules_params("kachuful", rules, base={"hook_rule": False})
    assert params["hook_rule"] is None and params["max_cards"] == "classic"
    # a link that restores a scenario's option to the usual value says so
    params = link.rules_params("kachuful", {}, base={"renege": "penalized"})
    assert params["renege"] == "forbidden"
    r = _reader({"renege": "forbidden"})
    assert link.read_rules(r, "kachuful", base={"renege": "penalized"}) == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_refusals_name_the_option_by_its_label_and_the_allowed_values(lang: str) -> None:
    spec = GAMES["kachuful"]
    r = _reader({"hook_rule": "maybe", "schedule": "sideways", "max_cards": "40"}, lang)
    assert link.read_rules(r, "kachuful", players=4) == {}
    messages = r.messages()
    assert len(messages) == 3
    hook = spec.option("hook_rule")
    assert hook.label(lang) in messages[1] or hook.label(lang) in " ".join(messages)
    joined = " ".join(messages)
    for name in ("hook_rule", "schedule", "max_cards"):
        option = spec.option(name)
        assert option.label(lang) in joined
        assert name not in joined  # never the code name
    assert hook.value_label(True, lang) in joined and hook.value_label(False, lang) in joined
    assert "sideways" in joined and "maybe" in joined and "40" in joined


def test_a_number_too_big_for_the_table_names_the_table() -> None:
    r = _reader({"max_cards": "9"})
    assert link.read_rules(r, "kachuful", players=6) == {}
    assert r.messages() == ["The link gives “Largest hand” as 9, but a table of 6 players "
                            "allows a whole number from 1 to 8; using “as many as the deck "
                            "allows”."]
    r = _reader({"max_cards": "9"})
    assert link.read_rules(r, "kachuful", players=5) == {"max_cards": 9}


def test_the_compact_form_refuses_unknown_options_and_keeps_the_rest() -> None:
    r = _reader({"b": "hook_rule:false,colour:red,renege"})
    assert link.read_rules_text(r, "kachuful", "b") == {"hook_rule": False}
    assert len(r.problems) == 2
    assert "colour" in r.messages()[0] and "Kachuful" in r.messages()[0]
    assert "hook_rule" not in r.messages()[0]
    r = _reader({"b": "x" * 5000})
    assert link.read_rules_text(r, "kachuful", "b") == {}
    assert "5000" in r.messages()[0]


def test_hostile_text_is_echoed_escaped_and_clipped() -> None:
    r = _reader({"hook_rule": "*[click](http://evil)*" + "a" * 500})
    link.read_rules(r, "kachuful")
    text = r.messages()[0]
    assert "[click](" not in text and len(text) < 400


def test_players_seat_bots_and_seed() -> None:
    r = _reader({"players": "9", "seat": "5", "bots": "you,strong,nobody", "seed": str(MAX_SEED + 1)})
    setup = link.read_setup(r, "kachuful")
    assert setup.players == 4 and setup.seat == 0
    assert setup.levels == ("human", "strong", "basic", "basic")
    assert setup.seed == 1
    messages = r.messages()
    assert len(messages) == 4
    assert "3 to 8" in messages[0] and "Kachuful" in messages[0]
    assert "A to D" in messages[1]
    assert "player C" in messages[2] and "nobody" in messages[2]
    assert str(MAX_SEED) in messages[3]
    # the seat from "you" when there is no seat key (the play pages' older links)
    r = _reader({"players": "3", "bots": "strong,you,basic"})
    assert link.read_setup(r, "kachuful").seat == 1 and not r.problems


def test_lineups_and_legacy_one_based_positions() -> None:
    r = _reader({"lineup": "basic,strong", "position": "2"})
    levels = link.read_lineup(r, "krypkasino", ("basic",) * 4)
    assert levels == ("basic", "strong")
    assert link.read_seat(r, len(levels), legacy_key="position") == 1
    r = _reader({"lineup": "basic", "seat": "1", "position": "1"})
    assert link.read_lineup(r, "kachuful", ("basic",) * 3) == ("basic",) * 3
    assert link.read_seat(r, 3, legacy_key="position") == 1  # seat wins over position
    assert len(r.problems) == 1 and all(level in r.messages()[0]
                                        for level in ("random", "basic", "strong"))
    assert link.lineup_text(("human", *BOT_LEVELS)) == "you,random,basic,strong"


def test_view_seat() -> None:
    assert link.read_view_seat(_reader({"seat": "all"}), 4) is None
    assert link.read_view_seat(_reader({"seat": "3"}), 4) == 3
    r = _reader({"seat": "4"}, "es")
    assert link.read_view_seat(r, 4) is None
    assert "A a D" in r.messages()[0]
