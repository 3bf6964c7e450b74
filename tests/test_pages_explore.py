"""The Explore pages in AppTest: each runs (small samples), bad inputs give a message,
inputs go to the URL and a link recomputes the same numbers, a stopped run continues."""

from __future__ import annotations

from typing import Any

import pytest

from engine.cards import parse_card
from engine.kachuful.rules import KachufulRules
from lab.studies.hand_odds import HandOddsStudy
from ui.apptest import open_site

ODDS = "pages/explore_hand_odds.py"
HOOK = "pages/explore_hook.py"
LAB = "pages/explore_variant_lab.py"
SWEEP = "pages/explore_sweep_danger.py"
FAN = "pages/explore_score_fan.py"


def ok(at: Any) -> None:
    assert not at.exception, [e.message for e in at.exception]


def texts(elements: Any) -> list[str]:
    return [str(e.value) for e in elements]


def compute(at: Any) -> Any:
    button = next(b for b in at.button if b.label == "Compute")
    return button.click().run()


@pytest.mark.parametrize(("page", "query", "charts"), [
    (ODDS, {"samples": "60"}, 2),
    (ODDS, {"hand": "QH", "size": "1", "position": "2"}, 2),
    (HOOK, {"deals": "20", "players": "3"}, 3),
    (LAB, {"games": "10"}, 1),
    (LAB, {"game": "krypkasino", "games": "10", "lineup": "basic,random,basic",
           "a": "session:1", "b": "session:1,double_sweep:false"}, 1),
    (SWEEP, {}, 5),
    (FAN, {"games": "10"}, 2),
    (FAN, {"games": "10", "game": "krypkasino", "lineup": "basic,basic", "rules": "session:1"},
     2),
])
def test_every_explorer_runs(page: str, query: dict[str, str], charts: int) -> None:
    at = open_site(page, timeout=120, **query)
    ok(at)
    assert not at.error, texts(at.error)
    assert len(at.get("plotly_chart")) == charts


def test_one_card_hands_are_exact() -> None:
    at = open_site(ODDS, timeout=60, hand="AS", size="1", trump="S", position="3")
    ok(at)
    assert any("Computed exactly" in s for s in texts(at.success))
    assert texts(at.header) == ["Best bid: 1, expected score 11.00"]


@pytest.mark.parametrize(("query", "message"), [
    ({"hand": "AS,AS,KD", "size": "3"}, "The hand names A♠ twice"),
    ({"hand": "AS,KD,QC,JH", "size": "3"}, "more than the hand size of 3"),
    ({"hand": "AS,ZZ", "size": "2"}, "ZZ, which is not a card code"),
    ({"hand": "", "size": "2"}, "The hand is empty"),
])
def test_bad_hands_get_a_message(query: dict[str, str], message: str) -> None:
    at = open_site(ODDS, timeout=60, **query)
    ok(at)
    shown = texts(at.error) + texts(at.warning)
    assert any(message in s for s in shown), shown
    assert not at.get("plotly_chart")


def test_out_of_range_link_values_are_corrected_with_a_warning() -> None:
    at = open_site(ODDS, timeout=60, players="12", samples="abc", hand="AS,KD", size="2")
    ok(at)
    warnings = texts(at.warning)
    assert any("number of players is 12" in w for w in warnings), warnings
    assert any("samples is abc" in w for w in warnings), warnings
    at = open_site(ODDS, timeout=60, hand="AS,KD", size="2", players="4", position="7",
                   samples="60")
    ok(at)
    assert any("position is 7" in w for w in texts(at.warning))
    assert at.get("plotly_chart")  # computed for the corrected seat


@pytest.mark.parametrize(("page", "query", "message"), [
    (LAB, {"b": "max_cards:20", "games": "10"}, "“Largest hand” as 20"),
    (LAB, {"b": "max_cards:14", "games": "10"}, "a table of 4 players allows"),
    (LAB, {"b": "colour:blue", "games": "10"}, "not an option of Kachuful"),
    (LAB, {"lineup": "basic,wizard", "games": "10"}, "line-up"),
    (SWEEP, {"hand": "9D,9D", "table": "9D"}, "more than twice"),
    (SWEEP, {"hand": "9D,1X"}, "not a card code"),
    (SWEEP, {"hand": ""}, "The hand is empty"),
    (FAN, {"rules": "schedule:sideways", "games": "10"}, "“Hand sizes” as sideways"),
    (HOOK, {"players": "2,9"}, "table sizes"),
])
def test_bad_explorer_inputs_get_a_message(page: str, query: dict[str, str],
                                           message: str) -> None:
    at = open_site(page, timeout=120, **query)
    ok(at)
    shown = texts(at.error) + texts(at.warning)
    assert any(message in s for s in shown), shown


def test_hand_odds_inputs_round_trip_through_the_url() -> None:
    at = open_site(ODDS, timeout=120, samples="60")
    at.text_input(key="xodds.hand").set_value("AH KH 2C 3D")
    at.number_input(key="xodds.size").set_value(4)
    at.number_input(key="xodds.seed").set_value(77)
    at = compute(at)
    ok(at)
    params = dict(at.query_params)
    assert params["hand"] in ("AH KH 2C 3D", ["AH KH 2C 3D"])
    first = texts(at.header)
    table = at.dataframe[0].value.to_dict()
    flat = {k: (v[0] if isinstance(v, list) else v) for k, v in params.items()}
    again = open_site(ODDS, timeout=120, **flat)
    ok(again)
    assert texts(again.header) == first
    assert again.dataframe[0].value.to_dict() == table
    other = open_site(ODDS, timeout=120, **{**flat, "seed": "78"})
    assert other.dataframe[0].value.to_dict() != table


def test_variant_lab_round_trip_and_same_numbers() -> None:
    at = open_site(LAB, timeout=120, games="10")
    at.selectbox(key="xlab.b.scoring").set_value("margin")
    at = compute(at)
    ok(at)
    params = {k: (v[0] if isinstance(v, list) else v) for k, v in dict(at.query_params).items()}
    assert "scoring:margin" in params["b"]
    table = at.dataframe[0].value.to_dict()
    again = open_site(LAB, timeout=120, **params)
    assert again.dataframe[0].value.to_dict() == table


def test_a_stopped_run_offers_to_continue() -> None:
    hand = tuple(parse_card(c).index for c in ("AS", "KS", "QH", "9D", "4C"))
    study = HandOddsStudy(hand, 0, 4, 0, KachufulRules(), 1, "basic")
    at = open_site(ODDS, timeout=120, samples="60")
    at.session_state["xodds.stop"] = repr(study) + "#60"
    at.run()
    ok(at)
    assert any("Stopped after" in s for s in texts(at.info))
    at.button(key="xodds.continue").click().run()
    ok(at)
    assert not any("Stopped after" in s for s in texts(at.info))
    assert at.get("plotly_chart")


def test_pages_speak_spanish() -> None:
    at = open_site(SWEEP, timeout=60, lang="es")
    ok(at)
    assert texts(at.title) == ["Peligro de barrida (Krypkasino)"]


# -- the pure helpers of ui/explore/common.py -------------------------------------------------------

def test_typed_cards_are_checked() -> None:
    from ui.explore.common import parse_cards_text

    assert [c.code for c in parse_cards_text("10h; as,kd", "hand").cards] == ["TH", "AS", "KD"]
    problem = parse_cards_text("AS KD QC", "hand", size=2).problem
    assert problem is not None and problem.key == "explore.cards.too-many"
    assert parse_cards_text("AS", "hand", size=2).problem.key == "explore.cards.too-few"
    assert parse_cards_text("AS AS", "table", copies=2).problem is None
    assert parse_cards_text("AS AS AS", "table", copies=2).problem.key == "explore.cards.copies"
    assert parse_cards_text("", "table", allow_empty=True).problem is None
    # Typed text reaches the sentence escaped and clipped.
    text = parse_cards_text("**bold**", "hand").problem.text("en")
    assert "\\*\\*" in text


def test_rule_sets_round_trip_and_are_checked_by_the_engine() -> None:
    from ui.explore.common import rules_problem
    from ui.explore.rules_editor import editor_options, editor_state

    options = {"hook_rule": False, "max_cards": 5, "scoring": "margin"}
    assert editor_options("kachuful", "x", editor_state("kachuful", options, "x")) == options
    assert editor_options("krypkasino", "x", editor_state("krypkasino", {}, "x")) == {}
    state = editor_state("krypkasino", {"session": 3, "sweep_points": 0}, "x")
    assert state["x.session"] == "3" and state["x.sweep_points"] == 0
    assert editor_options("krypkasino", "x", state) == {"sweep_points": 0, "session": 3}
    assert rules_problem("kachuful", options, "en", players=4) is None
    assert rules_problem("kachuful", {"max_cards": 14}, "en", players=4) is not None
    assert "colour" in (rules_problem("krypkasino", {"colour": "red"}, "en") or "")


def test_inputs_read_from_a_link_with_problems() -> None:
    from ui.explore.common import FanInputs, HookInputs, LabInputs, OddsInputs
    from ui.query import LinkReader

    reader = LinkReader("en", params={"players": "5", "size": "20", "trump": "X"})
    odds = OddsInputs.read(reader)
    assert (odds.players, odds.size, odds.trump) == (5, 10, "S")
    assert len(reader.problems) == 2
    assert OddsInputs.read(LinkReader("en", params=odds.query())) == odds
    reader = LinkReader("en", params={"players": "3,x"})
    assert HookInputs.read(reader).players == (4,) and reader.problems
    lab = LabInputs.read(LinkReader("en", params={"game": "krypkasino"}))
    assert lab.options_a == {} and lab.options_b == {"forced_sweep": False}
    assert LabInputs.read(LinkReader("en", params=lab.query())) == lab
    fan = FanInputs.read(LinkReader("en", params={"game": "krypkasino", "lineup": "basic,basic",
                                                  "position": "3"}))
    assert (fan.lineup, fan.seat) == (("basic", "basic"), 0)  # an old 1-based position
    fan = FanInputs.read(LinkReader("en", params={"game": "krypkasino", "lineup": "basic,basic",
                                                  "position": "2"}))
    assert fan.seat == 1 and fan.query()["seat"] == "1"
    reader = LinkReader("en", params={"lineup": "basic,basic"})  # Kachuful needs 3 or more
    assert len(FanInputs.read(reader).lineup) == 4 and reader.problems


def test_variant_lab_shows_labels_and_lettered_seats_not_code_names() -> None:
    for lang in ("en", "es", "pt"):
        at = open_site(LAB, timeout=120, lang=lang, games="10",
                       b="hook_rule:false,max_cards:5")
        ok(at)
        labels = [w.label for w in at.selectbox]
        shown = " ".join(labels + texts(at.caption) + [str(o) for w in at.selectbox
                                                        for o in w.options])
        for code in ("max_cards", "hook_rule", "true", "false", "null", "renege:"):
            assert code not in shown, (lang, code)
        from engine.registry import GAMES
        hook = GAMES["kachuful"].option("hook_rule")
        assert hook.label(lang) in labels
        assert hook.setting_text(False, lang) in " ".join(texts(at.caption))
        seat_labels = [lbl for lbl in labels if lbl.endswith((" A", " H"))]
        assert len(seat_labels) == 2, labels  # players A to H


def test_deal_buttons_put_a_new_position_in_the_link() -> None:
    at = open_site(ODDS, timeout=120, samples="60", size="3")
    at.button(key="xodds.deal").click().run()
    ok(at)
    hand = at.query_params["hand"]
    hand = hand[0] if isinstance(hand, list) else hand
    assert len(hand.split(",")) == 3 and not at.error
    at = open_site(SWEEP, timeout=60)
    at.button(key="xsweep.deal").click().run()
    ok(at)
    table = at.query_params["table"]
    assert not at.error and (table[0] if isinstance(table, list) else table) != "2H,7S,3C,6D"
