"""The Krypkasino score sheet (engine.scoresheet.krypkasino): deal scores with sweeps and
double sweeps under every sweep variant, the session length, the lowest total winning,
every invalid entry refused with its rule, the compact form."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import IllegalActionError, InvalidActionError, RecordError, RulesLabError
from engine.krypkasino.rules import KrypkasinoRules, deal_sizes
from engine.scoresheet import KrypkasinoSheet
from engine.scoresheet.krypkasino import DEAL_CARD_POINTS, plays_per_deal, victim_of

ABC = ["Ana", "Bo", "Cy"]


def refused(sheet: KrypkasinoSheet, action: str, *args: Any, **kwargs: Any) -> RulesLabError:
    before = sheet.to_dict()
    with pytest.raises(RulesLabError) as caught:
        getattr(sheet, action)(*args, **kwargs)
    assert sheet.to_dict() == before
    return caught.value


def test_both_decks_hold_42_card_points() -> None:
    assert DEAL_CARD_POINTS == 42


def test_the_victim_is_the_player_who_played_just_before() -> None:
    assert [victim_of(s, 4) for s in range(4)] == [3, 0, 1, 2]
    assert [victim_of(s, 2) for s in range(2)] == [1, 0]


@pytest.mark.parametrize("players", range(2, 7))
def test_every_card_is_played_once_per_deal(players: int) -> None:
    sizes = deal_sizes(players)
    assert players * plays_per_deal(players) + sizes.table == 104


def test_worked_example_1_sweep_points() -> None:
    """B's 9♦ sweeps; A played just before and loses 5 (two players)."""
    score = KrypkasinoSheet.new(["A", "B"]).with_deal([20, 22], [0, 1]).deal_scores()[0]
    assert score.sweep_points == (-5, 5)
    assert score.suffered == (1, 0)
    assert score.scores == (15, 27)


def test_sweeps_and_double_sweeps_of_three_players() -> None:
    # Ana sweeps once (Cy loses), Bo makes a double sweep (Ana loses), Cy sweeps twice (Bo loses).
    sheet = KrypkasinoSheet.new(ABC).with_deal([20, 12, 10], [1, 0, 2], [0, 1, 0])
    score = sheet.deal_scores()[0]
    assert score.suffered == (0, 2, 1)
    assert score.doubles_suffered == (1, 0, 0)
    assert score.sweep_points == (5 - 10, 10 - 10, 10 - 5)
    assert score.scores == (15, 12, 15)
    assert sum(score.scores) == 42 and sum(score.sweep_points) == 0


@pytest.mark.parametrize(("rules", "sweep_points"), [
    (KrypkasinoRules(), (-5, 0, 5)),
    (KrypkasinoRules(sweep_points=3), (3 - 6, 6 - 6, 6 - 3)),
    (KrypkasinoRules(sweep_points=0), (0, 0, 0)),
])
def test_sweep_point_variants(rules: KrypkasinoRules, sweep_points: tuple[int, ...]) -> None:
    sheet = KrypkasinoSheet.new(ABC, rules).with_deal([20, 12, 10], [1, 0, 2], [0, 1, 0])
    assert sheet.deal_scores()[0].sweep_points == sweep_points


def test_without_double_sweeps_a_double_is_refused_and_sweeps_count_once() -> None:
    sheet = KrypkasinoSheet.new(ABC, KrypkasinoRules(double_sweep=False))
    error = refused(sheet, "with_deal", [20, 12, 10], [1, 0, 0], [0, 1, 0])
    assert error.key == "scoresheet.no-double" and error.rule == "C-10"
    sheet = sheet.with_deal([20, 12, 10], [1, 1, 2])
    assert sheet.deal_scores()[0].sweep_points == (0, -5, 5)


def test_the_dealers_left_plays_first_and_the_dealer_last() -> None:
    sheet = KrypkasinoSheet.new(["A", "B", "C", "D"], first_dealer=2)
    spec = sheet.next_deal()
    assert (spec.number, spec.dealer, spec.order, spec.first) == (1, 2, (3, 0, 1, 2), 3)
    sheet = sheet.with_deal([10, 10, 11, 11])
    spec = sheet.next_deal()
    assert (spec.number, spec.dealer, spec.order, spec.first) == (2, 3, (0, 1, 2, 3), 0)
    assert sheet.spec(1).order == (3, 0, 1, 2)
    for _ in range(3):
        sheet = sheet.with_deal([10, 10, 11, 11])
    assert sheet.is_over
    error = refused(sheet, "next_deal")
    assert error.key == "common.game-over" and error.rule == "C-15"


def test_rotation_session_each_player_deals_once_and_the_lowest_total_wins() -> None:
    sheet = KrypkasinoSheet.new(ABC, first_dealer=2)
    assert sheet.session_length == 3
    dealers = []
    for points in ([20, 12, 10], [10, 20, 12], [5, 5, 32]):
        dealers.append(sheet.next_dealer)
        assert sheet.winners() == []
        sheet = sheet.with_deal(points)
    assert dealers == [2, 0, 1]
    assert [s.dealer for s in sheet.deal_scores()] == dealers
    assert sheet.is_over and sheet.totals() == [35, 37, 54]
    assert sheet.winners() == [0]
    error = refused(sheet, "with_deal", [14, 14, 14])
    assert error.key == "common.game-over" and error.rule == "C-15"


def test_a_fixed_number_of_deals_and_a_shared_win() -> None:
    sheet = KrypkasinoSheet.new(["A", "B"], KrypkasinoRules(session=3))
    assert sheet.session_length == 3
    sheet = sheet.with_deal([30, 12], [0, 2]).with_deal([21, 21]).with_deal([11, 31], [1, 0])
    # Deal 1: A 30-10 = 20, B 12+10 = 22. Deal 2: 21, 21. Deal 3: A 11+5 = 16, B 31-5 = 26.
    assert sheet.deal_points() == [[20, 22], [21, 21], [16, 26]]
    assert sheet.totals() == [57, 69] and sheet.winners() == [0]
    tied = KrypkasinoSheet.new(["A", "B"], KrypkasinoRules(session=1)).with_deal([21, 21])
    assert tied.winners() == [0, 1]


def test_totals_can_be_negative() -> None:
    sheet = KrypkasinoSheet.new(["A", "B"]).with_deal([0, 42], [4, 0])
    assert sheet.totals() == [20, 22]
    sheet = KrypkasinoSheet.new(["A", "B"]).with_deal([2, 40], [0, 3])
    assert sheet.totals() == [-13, 55] and sheet.leaders() == [0]


def test_undo_the_last_deal() -> None:
    empty = KrypkasinoSheet.new(ABC)
    assert empty.with_deal([20, 12, 10]).without_last_deal() == empty
    error = refused(empty, "without_last_deal")
    assert error.key == "scoresheet.nothing-to-undo"


# -- every invalid entry ----------------------------------------------------------------------


@pytest.mark.parametrize(("names", "key", "rule"), [
    (["Ana"], "scoresheet.players", "C-1"),
    ([f"P{i}" for i in range(7)], "scoresheet.players", "C-1"),
    (["Ana", ""], "scoresheet.name-empty", None),
    (["Ana", "ana "], "scoresheet.name-twice", None),
    (["Ana", "B" * 40], "scoresheet.name-too-long", None),
])
def test_bad_names_and_counts(names: list[str], key: str, rule: str | None) -> None:
    with pytest.raises(RulesLabError) as caught:
        KrypkasinoSheet.new(names)
    assert caught.value.key == key and caught.value.rule == rule


@pytest.mark.parametrize(("args", "key", "rule"), [
    (([20, 12, 9],), "scoresheet.points-total", "C-13"),
    (([20, 12, 11],), "scoresheet.points-total", "C-13"),
    (([44, 0, -2],), "scoresheet.points-negative", "C-13"),
    (([20, 22],), "scoresheet.count", None),
    (([20, 12, 10.0],), "scoresheet.not-whole", None),
    (([20, 12, 10], [0, -1, 0]), "scoresheet.sweeps-negative", "C-9"),
    (([20, 12, 10], [0, 0, 0], [0, 0, -1]), "scoresheet.sweeps-negative", "C-9"),
    (([20, 12, 10], [34, 0, 0]), "scoresheet.sweeps-too-many", "C-9"),
    (([20, 12, 10], [20, 0, 0], [14, 0, 0]), "scoresheet.sweeps-too-many", "C-9"),
    (([20, 12, 10], [0, 0]), "scoresheet.count", None),
    (([20, 12, 10], [0, "1", 0]), "scoresheet.not-whole", None),
])
def test_bad_deals_are_refused(args: tuple[Any, ...], key: str, rule: str | None) -> None:
    error = refused(KrypkasinoSheet.new(ABC), "with_deal", *args)
    assert error.key == key and error.rule == rule


def test_card_points_not_42_say_the_total() -> None:
    error = refused(KrypkasinoSheet.new(ABC), "with_deal", [20, 12, 9])
    assert str(error) == ("The card points add up to 41, but the two decks hold exactly 42 card "
                          "points: count the captured cards again (C-13)")
    assert "41" in error.localized("es") and "42" in error.localized("pt")


def test_a_player_may_make_a_sweep_with_every_card_played() -> None:
    sheet = KrypkasinoSheet.new(ABC).with_deal([20, 12, 10], [33, 0, 0])
    assert sheet.deal_scores()[0].sweep_points == (165, 0, -165)


# -- compact form -----------------------------------------------------------------------------


def test_round_trip() -> None:
    sheet = KrypkasinoSheet.new(ABC, KrypkasinoRules(sweep_points=4, session=5), first_dealer=1)
    sheet = sheet.with_deal([20, 12, 10]).with_deal([10, 20, 12], [1, 0, 0]).with_deal(
        [0, 0, 42], [0, 0, 0], [1, 0, 0])
    doc = sheet.to_dict()
    assert doc == {"f": "krypkasino-sheet/1", "n": ABC, "v": {"sweep_points": 4, "session": 5},
                   "d": 1, "h": [[[20, 12, 10]], [[10, 20, 12], [1, 0, 0]],
                                 [[0, 0, 42], [0, 0, 0], [1, 0, 0]]]}
    assert KrypkasinoSheet.from_dict(doc) == sheet


@pytest.mark.parametrize(("doc", "field"), [
    ({"f": "krypkasino-sheet/1", "n": ABC, "h": [[]]}, "h[0]"),
    ({"f": "krypkasino-sheet/1", "n": ABC, "h": [[[1, 2, 3], [0, 0, 0], [0, 0, 0], [0]]]}, "h[0]"),
    ({"f": "krypkasino-sheet/1", "n": ABC, "h": [[[20, 22]]]}, "h[0][0]"),
    ({"f": "krypkasino-sheet/1", "n": ABC, "h": [[[20, 22, "x"]]]}, "h[0][0][2]"),
    ({"f": "kachuful-sheet/1", "n": ABC, "h": []}, "f"),
])
def test_a_malformed_form_names_its_field(doc: Any, field: str) -> None:
    with pytest.raises(RecordError) as caught:
        KrypkasinoSheet.from_dict(doc)
    assert caught.value.field == field


def test_a_tampered_form_is_refused_by_the_rules() -> None:
    with pytest.raises(IllegalActionError) as caught:
        KrypkasinoSheet.from_dict({"f": "krypkasino-sheet/1", "n": ABC, "h": [[[1, 2, 3]]]})
    assert caught.value.rule == "C-13"
    with pytest.raises(InvalidActionError):
        KrypkasinoSheet.from_dict({"f": "krypkasino-sheet/1", "n": ABC, "h": [],
                                   "v": {"sweep_points": -5}})


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_any_valid_deal_scores_42_in_all(data: st.DataObject) -> None:
    players = data.draw(st.integers(2, 6))
    rules = KrypkasinoRules(sweep_points=data.draw(st.integers(0, 10)),
                            double_sweep=data.draw(st.booleans()))
    cuts = sorted(data.draw(st.lists(st.integers(0, 42), min_size=players - 1,
                                     max_size=players - 1)))
    points = [b - a for a, b in zip([0, *cuts], [*cuts, 42], strict=True)]
    sweeps = data.draw(st.lists(st.integers(0, 5), min_size=players, max_size=players))
    doubles = (data.draw(st.lists(st.integers(0, 2), min_size=players, max_size=players))
               if rules.double_sweep else [0] * players)
    sheet = KrypkasinoSheet.new([f"P{i}" for i in range(players)], rules)
    score = sheet.with_deal(points, sweeps, doubles).deal_scores()[0]
    assert sum(score.sweep_points) == 0 and sum(score.scores) == 42
    assert sum(score.suffered) == sum(sweeps) and sum(score.doubles_suffered) == sum(doubles)
