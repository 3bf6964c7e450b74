"""Each registered game's lesson slides are found through the registry (issue 29: the live
class no longer asks which game it draws, tests/test_plugin_point.py)."""

from __future__ import annotations

import pytest

from engine.registry import GAME_IDS, GAMES
from tutorials import scenarios as scenario_files
from tutorials.lessons import ScenarioItem
from ui.classroom import deck as classroom
from ui.classroom.lesson_slides import game_slides, move_ref


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_game_has_its_lesson_slides(game: str) -> None:
    module = game_slides(game)
    for name in ("step_ids", "slides", "ask_position_html", "step_ask"):
        assert callable(getattr(module, name))
    scenario = scenario_files.ids(game)[0]
    item = ScenarioItem(game, scenario)
    ids = module.step_ids(item, "en")
    assert ids and ids == classroom.step_ids(game, scenario)
    deck = module.slides(item, 0, "en", False)
    assert [s.ref for s in deck] == [f"{game}/{scenario}#{i}" for i in ids]
    assert all(s.kind == "step" and s.html for s in deck)
    assert GAMES[game].plugins.scenario_keys  # the registry's own plug-ins stay reachable


def test_a_your_move_step_is_reached_through_the_registry_in_each_game() -> None:
    found = {}
    for game in GAME_IDS:
        for scenario in scenario_files.ids(game):
            item = ScenarioItem(game, scenario)
            steps = [s for s in classroom.scenario_slides(item) if s.ask]
            if steps:
                found[game] = steps[0].ask
                break
    assert set(found) == set(GAME_IDS)
    for ref in found.values():
        assert classroom.step_ask(ref, "es") is not None
        assert 'role="img"' in classroom.ask_position_html(ref, "es")


def test_a_game_that_is_not_registered_has_no_slides() -> None:
    with pytest.raises(KeyError):
        game_slides("chess")
    assert classroom.step_ids("chess", "x") == []
    assert classroom.step_ask(move_ref(ScenarioItem(GAME_IDS[0], "nope"), "x")) is None
