"""Every link the site wrote before the link codec still opens the same rules and setup
through ui/link.py (tests/data/saved_links.txt, made by tests/data/make_saved_links.py from
the code of commit d7c8a3d)."""

from __future__ import annotations

import json
import urllib.parse
from pathlib import Path
from typing import Any

import pytest

from engine.registry import GAME_IDS, GAMES
from ui import link
from ui.explore.common import FanInputs, HookInputs, LabInputs, OddsInputs, SweepInputs
from ui.query import LinkReader

SAVED = Path(__file__).resolve().parent / "data" / "saved_links.txt"


def _saved() -> list[tuple[str, dict[str, str], dict[str, Any]]]:
    rows = []
    for line in SAVED.read_text("utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        page, query, expected = line.split("\t")
        params = dict(urllib.parse.parse_qsl(query, keep_blank_values=True))
        rows.append((page, params, json.loads(expected)))
    return rows


ROWS = _saved()


def test_the_saved_set_covers_every_page_that_links_rules_seats_or_bots() -> None:
    pages = {page for page, _, _ in ROWS}
    assert pages == {"kachuful_play", "krypkasino_play", "kachuful_walkthrough",
                     "krypkasino_walkthrough", "explore_variant_lab", "explore_score_fan",
                     "explore_sweep_danger", "explore_hook", "explore_hand_odds",
                     "kachuful_scorekeeper", "krypkasino_scorekeeper", "classroom", "lessons"}
    assert len(ROWS) >= 45


def _same_rules(game: str, got: dict[str, Any], expected: dict[str, Any]) -> None:
    spec = GAMES[game]
    assert spec.rules(got) == spec.rules(expected), (got, expected)


@pytest.mark.parametrize(("page", "params", "expected"), ROWS,
                         ids=[f"{i}-{r[0]}" for i, r in enumerate(ROWS)])
def test_saved_link_opens_the_same_rules_and_setup(page: str, params: dict[str, str],
                                                   expected: dict[str, Any]) -> None:
    reader = LinkReader("en", params=params)
    if page.endswith("_play"):
        game = expected["game"]
        setup = link.read_setup(reader, game)
        assert (setup.players, setup.seat, list(setup.levels), setup.seed) == (
            expected["players"], expected["seat"], expected["levels"], expected["seed"])
        _same_rules(game, setup.options, expected["variant"])
        # and written back, the codec's own link reads the same again
        again = LinkReader("en", params={k: v for k, v in link.setup_params(setup).items()
                                         if v is not None})
        assert link.read_setup(again, game) == setup and not again.problems
    elif page.endswith("_walkthrough"):
        game = expected["game"]
        base = expected["base"]
        players = None
        if expected["scenario"] == "random":
            players = link.read_players(reader, game)
            assert players == expected["players"]
            assert link.read_seed(reader) == expected["seed"]
        options = link.read_rules(reader, game, players=players, base=base)
        _same_rules(game, options, {**base, **expected["variant"]})
        seats = players if players is not None else GAMES[game].players.max
        assert link.read_view_seat(reader, seats) == expected["seat"]
        written = link.rules_params(game, options, base)
        assert {k: v for k, v in written.items() if v is not None} == {
            k: v for k, v in params.items() if k in GAMES[game].option_names}
    elif page == "explore_variant_lab":
        game = reader.choice("game", GAME_IDS, "kachuful")
        assert game == expected["game"]
        assert list(link.read_lineup(reader, game, ("basic",) * 4)) == expected["levels"]
        default_b = "hook_rule:false" if game == "kachuful" else "forced_sweep:false"
        _same_rules(game, link.read_rules_text(reader, game, "a"), expected["a"])
        _same_rules(game, link.read_rules_text(reader, game, "b", default_b), expected["b"])
        assert link.read_seed(reader) == expected["seed"]
        lab = LabInputs.read(LinkReader("en", params=params))  # the page's own reading
        assert list(lab.lineup) == expected["levels"] and lab.seed == expected["seed"]
        _same_rules(game, lab.options_a, expected["a"])
        _same_rules(game, lab.options_b, expected["b"])
    elif page == "explore_score_fan":
        game = reader.choice("game", GAME_IDS, "kachuful")
        levels = link.read_lineup(reader, game, ("basic", "basic", "random", "random"))
        assert list(levels) == expected["levels"]
        _same_rules(game, link.read_rules_text(reader, game, "rules"), expected["rules"])
        assert link.read_seat(reader, len(levels), legacy_key="position") == expected["seat"]
        assert link.read_seed(reader) == expected["seed"]
        fan = FanInputs.read(LinkReader("en", params=params))
        assert (list(fan.lineup), fan.seat) == (expected["levels"], expected["seat"])
        _same_rules(game, fan.options, expected["rules"])
    elif page == "explore_sweep_danger":
        assert link.read_players(reader, "krypkasino", 4) == expected["players"]
        _same_rules("krypkasino", link.read_rules_text(reader, "krypkasino", "rules"),
                    expected["rules"])
        assert link.read_seed(reader) == expected["seed"]
        sweep = SweepInputs.read(LinkReader("en", params=params))
        assert sweep.players == expected["players"]
        _same_rules("krypkasino", sweep.options, expected["rules"])
    elif page == "explore_hook":
        _same_rules("kachuful", link.read_rules(reader, "kachuful"), expected["rules"])
        assert link.read_seed(reader) == expected["seed"]
        hook = HookInputs.read(LinkReader("en", params=params))
        assert list(hook.players) == expected["players_list"]
    elif page == "explore_hand_odds":
        assert link.read_players(reader, "kachuful") == expected["players"]
        options = link.read_rules(reader, "kachuful", players=expected["players"],
                                  keys={"hook_rule": "hook"})
        _same_rules("kachuful", options, expected["rules"])
        assert link.read_seed(reader) == expected["seed"]
        odds = OddsInputs.read(LinkReader("en", params=params))
        assert (odds.players, odds.position, odds.level) == (
            expected["players"], expected["position"], expected["level"])
        _same_rules("kachuful", GAMES["kachuful"].changed(odds.rules()), expected["rules"])
    elif page.endswith("_scorekeeper"):
        game = expected["game"]
        sheet = link.read_sheet(game, params["sheet"])
        assert sheet is not None and sheet.problem is None
        assert (sheet.players, sheet.dealer) == (expected["players"], expected["dealer"])
        _same_rules(game, sheet.options, expected["variant"])
    else:
        assert page in ("classroom", "lessons")
        assert link.lesson_variants(params) == expected["variants"]
    assert reader.problems == [], reader.messages()
