"""The Kachuful score sheet (engine.scoresheet.kachuful): schedule, trumps, dealer and
bidding order from the rules; every scoring system and variant with exact numbers; every
invalid entry refused with its rule and the sheet unchanged; the compact form."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Suit
from engine.errors import IllegalActionError, InvalidActionError, RecordError, RulesLabError
from engine.kachuful.rules import MAX_PLAYERS, MIN_PLAYERS, KachufulRules, largest_hand
from engine.scoresheet import KachufulSheet

ABC = ["Ana", "Bo", "Cy"]
ABCD = ["A", "B", "C", "D"]


def three(**options: Any) -> KachufulSheet:
    """Three players, hands of at most 3 cards, Ana deals first."""
    options.setdefault("max_cards", 3)
    return KachufulSheet.new(ABC, KachufulRules(**options), first_dealer=0)


def refused(sheet: KachufulSheet, action: str, *args: Any, **kwargs: Any) -> RulesLabError:
    """Call ``sheet.<action>`` expecting a refusal; the sheet is unchanged afterwards."""
    before = sheet.to_dict()
    with pytest.raises(RulesLabError) as caught:
        getattr(sheet, action)(*args, **kwargs)
    assert sheet.to_dict() == before
    return caught.value


# -- schedule, dealer, bidding order, trumps -------------------------------------------------


@pytest.mark.parametrize(("schedule", "sizes"), [
    ("down-up", [3, 2, 1, 2, 3]),
    ("up-down", [1, 2, 3, 2, 1]),
    ("down", [3, 2, 1]),
    ("up", [1, 2, 3]),
    ("down-up-twice", [3, 2, 1, 2, 3, 3, 2, 1, 2, 3]),
])
def test_every_schedule_gives_its_hand_sizes(schedule: str, sizes: list[int]) -> None:
    assert three(schedule=schedule).sizes == sizes


def test_default_schedule_for_four_and_max_cards_presets() -> None:
    assert len(KachufulSheet.new(ABCD).sizes) == 25
    assert KachufulSheet.new(ABCD, KachufulRules(max_cards="classic")).sizes[0] == 10
    assert KachufulSheet.new(ABC + ["D", "E", "F", "G", "H"]).sizes[:2] == [6, 5]


def test_the_largest_hand_shares_one_deck_and_bounds_max_cards() -> None:
    assert [largest_hand(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)] == [
        17, 13, 10, 8, 7, 6]
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        assert KachufulSheet.new(ABC + list("DEFGH")[:players - 3]).sizes[0] == largest_hand(
            players)
    KachufulRules(max_cards=largest_hand(MIN_PLAYERS))
    with pytest.raises(InvalidActionError):
        KachufulRules(max_cards=largest_hand(MIN_PLAYERS) + 1)
    with pytest.raises(InvalidActionError):
        largest_hand(MIN_PLAYERS - 1)


def test_dealer_passes_left_and_the_dealer_bids_last() -> None:
    sheet = three()
    spec = sheet.next_hand()
    assert (spec.number, spec.size, spec.dealer, spec.order) == (1, 3, 0, (1, 2, 0))
    sheet = sheet.with_bids([0, 1, 1]).with_tricks([0, 1, 2])
    spec = sheet.next_hand()
    assert (spec.number, spec.size, spec.dealer, spec.order) == (2, 2, 1, (2, 0, 1))


def test_cycle_trumps_run_through_the_whole_game() -> None:
    sheet = KachufulSheet.new(ABCD)
    assert [sheet.spec(k).trump for k in (1, 2, 3, 4, 5, 11)] == [
        Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS, Suit.SPADES, Suit.CLUBS]


def test_cycle_nt_has_every_fifth_hand_without_trump() -> None:
    sheet = KachufulSheet.new(ABCD, KachufulRules(trumps="cycle-nt"))
    assert [sheet.spec(k).trump for k in (4, 5, 6, 10)] == [Suit.HEARTS, None, Suit.SPADES, None]


def test_turned_trump_is_entered_with_the_bids() -> None:
    sheet = three(trumps="turned")
    assert sheet.next_hand().trump_known is False
    error = refused(sheet, "with_bids", [0, 0, 0])
    assert error.key == "scoresheet.turned-missing" and error.rule == "K-7"
    sheet = sheet.with_bids([0, 0, 0], turned="H")
    assert sheet.next_hand().trump is Suit.HEARTS and sheet.next_hand().trump_known
    sheet = sheet.with_tricks([3, 0, 0])
    assert sheet.hand_specs()[0].trump is Suit.HEARTS


def test_turned_trump_when_every_card_is_dealt_is_no_trump() -> None:
    # Four players, 13 cards each: nothing is left to turn.
    sheet = KachufulSheet.new(ABCD, KachufulRules(trumps="turned"))
    spec = sheet.next_hand()
    assert spec.can_turn is False and spec.trump is None and spec.trump_known
    error = refused(sheet, "with_bids", [0, 0, 0, 0], turned=Suit.SPADES)
    assert error.key == "scoresheet.turned-none-left"
    assert sheet.with_bids([0, 0, 0, 0]).pending is not None


def test_a_turned_suit_is_refused_under_the_cycle() -> None:
    error = refused(three(), "with_bids", [0, 0, 0], turned="S")
    assert error.key == "scoresheet.turned-not-played" and error.rule == "K-7"
    error = refused(three(trumps="turned"), "with_bids", [0, 0, 0], turned="X")
    assert isinstance(error, InvalidActionError)


# -- the worked example and the hook rule ----------------------------------------------------


def worked_example_sheet() -> KachufulSheet:
    """Four players A..D; hand 11 (3 cards, clubs) is dealt by D."""
    sheet = KachufulSheet.new(ABCD, first_dealer=1)
    for _ in range(10):
        spec = sheet.next_hand()
        sheet = sheet.with_bids([0] * 4).with_tricks(
            [spec.size if s == spec.dealer else 0 for s in range(4)])
    return sheet


def test_rules_md_worked_example() -> None:
    sheet = worked_example_sheet()
    spec = sheet.next_hand()
    assert (spec.number, spec.size, spec.trump, spec.dealer) == (11, 3, Suit.CLUBS, 3)
    assert sheet.hook_for([1, 0, 1, 99]) == (2, 3, 1)
    error = refused(sheet, "with_bids", [1, 0, 1, 1])
    assert isinstance(error, IllegalActionError) and error.rule == "K-9"
    assert str(error) == ("The dealer may not bid 1: the other bids add up to 2 and this hand "
                          "has 3 tricks (K-9)")
    assert error.localized("es").startswith("El repartidor no puede apostar 1")
    before = sheet.totals()
    sheet = sheet.with_bids([1, 0, 1, 0]).with_tricks([1, 1, 1, 0])
    assert sheet.hand_points()[-1] == [11, 0, 11, 10]
    assert [t - b for t, b in zip(sheet.totals(), before, strict=True)] == [11, 0, 11, 10]


def test_the_dealer_may_bid_anything_when_the_others_overbid() -> None:
    sheet = three()  # hand 1: 3 cards, Ana (0) deals, Bo and Cy bid first
    assert sheet.hook_for([0, 2, 2]) == (4, 3, None)
    for bid in range(4):
        assert sheet.with_bids([bid, 2, 2]).pending is not None


def test_without_the_hook_rule_the_dealer_may_make_the_bids_add_up() -> None:
    sheet = three(hook_rule=False)
    assert sheet.hook_for([0, 1, 1])[2] is None
    sheet = sheet.with_bids([1, 1, 1]).with_tricks([1, 1, 1])
    assert sheet.hand_points() == [[11, 11, 11]]


# -- scoring systems and variants, exact numbers ----------------------------------------------

# Hand 1 (3 cards, Ana deals): bids Ana 0, Bo 2, Cy 0 (Ana may not bid 1);
# tricks Ana 1 (one too many), Bo 2 (exact), Cy 0 (exact).
BIDS, TRICKS = [0, 2, 0], [1, 2, 0]


@pytest.mark.parametrize(("scoring", "points"), [
    ("exact", [0, 12, 10]),
    ("ten-times", [0, 30, 10]),
    ("margin", [-1, 12, 10]),
    ("per-trick", [1, 12, 10]),
    ("judgement", [-10, 10, 10]),
])
def test_every_scoring_system(scoring: str, points: list[int]) -> None:
    sheet = three(scoring=scoring).with_bids(BIDS).with_tricks(TRICKS)
    assert sheet.hand_points() == [points]
    assert sheet.totals() == points


def test_an_exact_blind_bid_doubles_and_a_missed_one_scores_as_usual() -> None:
    sheet = three(blind_bids=True, scoring="margin")
    sheet = sheet.with_bids(BIDS, blind=[True, True, False]).with_tricks(TRICKS)
    assert sheet.hand_points() == [[-1, 24, 10]]
    assert sheet.hands[0].blind == (True, True, False)


def test_blind_bids_are_refused_when_the_variant_is_off() -> None:
    error = refused(three(), "with_bids", BIDS, blind=[False, True, False])
    assert error.key == "K-8.no-blind" and error.rule == "K-8"


def test_a_penalized_renege_scores_zero_whatever_the_tricks() -> None:
    sheet = three(renege="penalized").with_bids(BIDS)
    sheet = sheet.with_tricks(TRICKS, reneged=[False, True, False])
    assert sheet.hand_points() == [[0, 0, 10]]
    assert sheet.hands[0].reneged == (False, True, False)


def test_a_renege_is_refused_when_reneging_is_forbidden() -> None:
    error = refused(three().with_bids(BIDS), "with_tricks", TRICKS, reneged=[True, False, False])
    assert error.key == "scoresheet.no-renege" and error.rule == "K-11"


# -- a whole game, winners, undo ----------------------------------------------------------------


def test_a_whole_short_game_with_a_winner() -> None:
    sheet = three()
    hands = [([0, 2, 0], [1, 2, 0]),   # 3 cards: 0 12 10
             ([1, 1, 1], [1, 1, 0]),   # 2 cards, Bo deals (may not bid 0): 11 11 0
             ([0, 0, 0], [0, 0, 1]),   # 1 card, Cy deals (may not bid 1): 10 10 0
             ([1, 0, 0], [1, 0, 1]),   # 2 cards, Ana deals (may not bid 2): 11 10 0
             ([1, 1, 0], [2, 1, 0])]   # 3 cards, Bo deals (may not bid 2): 0 11 10
    for bids, tricks in hands:
        assert not sheet.is_over and sheet.winners() == []
        sheet = sheet.with_bids(bids).with_tricks(tricks)
    assert sheet.is_over
    assert sheet.totals() == [32, 54, 20]
    assert sheet.winners() == [1]
    error = refused(sheet, "with_bids", [0, 0, 0])
    assert error.key == "common.game-over" and error.rule == "K-14"
    error = refused(sheet, "next_hand")
    assert error.rule == "K-14"


def test_equal_highest_totals_share_the_win() -> None:
    sheet = KachufulSheet.new(ABC, KachufulRules(max_cards=1, schedule="down"))
    sheet = sheet.with_bids([0, 0, 0]).with_tricks([0, 0, 1])  # Ana deals: may not bid 1
    assert sheet.is_over and sheet.totals() == [10, 10, 0]
    assert sheet.winners() == [0, 1] and sheet.leaders() == [0, 1]


def test_undo_removes_the_last_hand_and_any_bids_after_it() -> None:
    sheet = three().with_bids(BIDS).with_tricks(TRICKS)
    with_bids = sheet.with_bids([1, 1, 1])
    undone = with_bids.without_last_hand()
    assert undone == three()
    assert with_bids.without_bids() == sheet
    error = refused(three(), "without_last_hand")
    assert error.key == "scoresheet.nothing-to-undo"


def test_bids_entered_again_replace_the_first_ones() -> None:
    sheet = three().with_bids([0, 0, 0]).with_bids(BIDS)
    assert sheet.pending is not None and sheet.pending.bids == tuple(BIDS)


# -- every invalid entry, refused with its rule, the sheet unchanged ---------------------------


@pytest.mark.parametrize(("names", "key", "rule"), [
    (["Ana", "Bo"], "scoresheet.players", "K-1"),
    ([f"P{i}" for i in range(9)], "scoresheet.players", "K-1"),
    (["Ana", "  ", "Cy"], "scoresheet.name-empty", None),
    (["Ana", "Bo", "x" * 33], "scoresheet.name-too-long", None),
    (["Ana", "Bo", "ANA"], "scoresheet.name-twice", None),
    (["Ana", "Bo\nBob", "Cy"], "scoresheet.name-control", None),
    (["Ana", 7, "Cy"], "scoresheet.name-not-text", None),
    ("Ana Bo Cy", "scoresheet.names-not-list", None),
])
def test_bad_names_and_player_counts_are_refused(names: Any, key: str, rule: str | None) -> None:
    with pytest.raises(RulesLabError) as caught:
        KachufulSheet.new(names)
    assert caught.value.key == key and caught.value.rule == rule
    assert caught.value.localized("pt") != caught.value.localized("en")


def test_hostile_names_are_kept_as_typed() -> None:
    evil = "<img src=x onerror=alert(1)>"
    assert KachufulSheet.new(["Ana", evil, " Cy "]).names == ("Ana", evil, "Cy")


def test_bad_first_dealer_and_max_cards_are_refused() -> None:
    for dealer in (3, -1, True, "0"):
        with pytest.raises(InvalidActionError):
            KachufulSheet.new(ABC, first_dealer=dealer)  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError) as caught:
        KachufulSheet.new([f"P{i}" for i in range(8)], KachufulRules(max_cards=7))
    assert caught.value.key == "kachuful.max-cards-too-big"


@pytest.mark.parametrize(("bids", "key", "rule"), [
    ([0, 4, 0], "scoresheet.bid-range", "K-8"),
    ([0, -1, 0], "scoresheet.bid-range", "K-8"),
    ([1, 1, 1], "K-9.hook", "K-9"),
    ([0, 1], "scoresheet.count", None),
    ([0, 1, 1, 0], "scoresheet.count", None),
    ([0, 1.5, 0], "scoresheet.not-whole", None),
    ([0, True, 0], "scoresheet.not-whole", None),
    ([0, "1", 0], "scoresheet.not-whole", None),
])
def test_bad_bids_are_refused(bids: list[Any], key: str, rule: str | None) -> None:
    error = refused(three(), "with_bids", bids)
    assert error.key == key and error.rule == rule


def test_a_bid_out_of_range_names_the_bidder_in_bidding_order() -> None:
    error = refused(three(), "with_bids", [9, 9, 0])
    assert str(error) == "Bo bid 9, but in a hand of 3 cards a bid goes from 0 to 3 (K-8)"


@pytest.mark.parametrize(("tricks", "key", "rule"), [
    ([1, 1, 0], "scoresheet.tricks-total", "K-12"),
    ([1, 2, 1], "scoresheet.tricks-total", "K-12"),
    ([4, 0, -1], "scoresheet.tricks-range", "K-12"),
    ([0, 0, -3], "scoresheet.tricks-range", "K-12"),
    ([1, 2], "scoresheet.count", None),
    ([1, 2, "0"], "scoresheet.not-whole", None),
])
def test_bad_tricks_are_refused(tricks: list[Any], key: str, rule: str | None) -> None:
    error = refused(three().with_bids(BIDS), "with_tricks", tricks)
    assert error.key == key and error.rule == rule


def test_tricks_that_do_not_add_up_say_the_arithmetic() -> None:
    error = refused(three().with_bids(BIDS), "with_tricks", [1, 1, 0])
    assert str(error) == ("The tricks add up to 2, but a hand of 3 cards has exactly 3 tricks: "
                          "every trick is won by one player (K-12)")


def test_tricks_before_bids_are_refused() -> None:
    error = refused(three(), "with_tricks", [1, 2, 0])
    assert error.key == "scoresheet.bids-first" and error.rule == "K-8"


# -- compact form --------------------------------------------------------------------------------


def test_round_trip_of_a_sheet_with_every_kind_of_entry() -> None:
    sheet = three(blind_bids=True, renege="penalized", trumps="turned", scoring="margin",
                  schedule="up-down")
    sheet = sheet.with_bids([1, 1, 0], blind=[True, False, False], turned="D")
    sheet = sheet.with_tricks([0, 0, 1], reneged=[False, False, True])
    sheet = sheet.with_bids([1, 1, 1], turned=Suit.CLUBS)
    doc = sheet.to_dict()
    assert doc["p"] == {"b": [1, 1, 1], "s": "C"}
    assert doc["h"] == [{"b": [1, 1, 0], "t": [0, 0, 1], "x": [0], "r": [2], "s": "D"}]
    assert doc["v"] == {"schedule": "up-down", "max_cards": 3, "trumps": "turned",
                        "scoring": "margin", "blind_bids": True, "renege": "penalized"}
    assert KachufulSheet.from_dict(doc) == sheet


def test_a_fresh_default_sheet_is_small() -> None:
    assert KachufulSheet.new(ABC).to_dict() == {"f": "kachuful-sheet/1", "n": ABC, "h": []}


@pytest.mark.parametrize(("doc", "field"), [
    ({"f": "kachuful-sheet/2", "n": ABC, "h": []}, "f"),
    ({"f": "kachuful-sheet/1", "n": ABC}, "h"),
    ({"f": "kachuful-sheet/1", "n": ABC, "h": [], "zz": 1}, "zz"),
    ({"f": "kachuful-sheet/1", "n": ABC, "h": [{"b": [0, 0, 0]}]}, "h[0].t"),
    ({"f": "kachuful-sheet/1", "n": ABC, "h": [{"b": [0, 0], "t": [1, 1, 1]}]}, "h[0].b"),
    ({"f": "kachuful-sheet/1", "n": ABC, "h": [{"b": [0, 2, 0], "t": [1, 2, 0], "x": []}]},
     "h[0].x"),
    ({"f": "kachuful-sheet/1", "n": ABC, "d": -1, "h": []}, "d"),
    ({"f": "kachuful-sheet/1", "n": [1, 2, 3], "h": []}, "n[0]"),
    ([1, 2], ""),
])
def test_a_malformed_form_names_its_field(doc: Any, field: str) -> None:
    with pytest.raises(RecordError) as caught:
        KachufulSheet.from_dict(doc)
    assert caught.value.field == field


def test_a_tampered_form_is_refused_by_the_rules() -> None:
    doc = three().with_bids(BIDS).with_tricks(TRICKS).to_dict()
    doc["h"][0]["b"] = [1, 1, 1]  # the dealer made the bids add up
    with pytest.raises(IllegalActionError) as caught:
        KachufulSheet.from_dict(doc)
    assert caught.value.rule == "K-9"
    doc["h"][0] = {"b": BIDS, "t": [3, 3, 3]}
    with pytest.raises(IllegalActionError):
        KachufulSheet.from_dict(doc)
    with pytest.raises(InvalidActionError):
        KachufulSheet.from_dict({"f": "kachuful-sheet/1", "n": ABC, "h": [], "v": {"scoring": "x"}})


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_random_legal_games_score_what_score_hand_says(data: st.DataObject) -> None:
    """Any legal entries are accepted, round-trip, and the totals add the hand scores."""
    players = data.draw(st.integers(3, 5))
    rules = KachufulRules(max_cards=data.draw(st.integers(1, 4)),
                          scoring=data.draw(st.sampled_from(["exact", "margin", "judgement"])))
    sheet = KachufulSheet.new([f"P{i}" for i in range(players)], rules,
                              data.draw(st.integers(0, players - 1)))
    while not sheet.is_over:
        spec = sheet.next_hand()
        bids = [data.draw(st.integers(0, spec.size)) for _ in range(players)]
        _, _, forbidden = sheet.hook_for(bids)
        if bids[spec.dealer] == forbidden:
            with pytest.raises(IllegalActionError):
                sheet.with_bids(bids)
            bids[spec.dealer] = (forbidden + 1) % (spec.size + 1)
        sheet = sheet.with_bids(bids)
        winners = [data.draw(st.integers(0, players - 1)) for _ in range(spec.size)]
        sheet = sheet.with_tricks([winners.count(s) for s in range(players)])
    assert KachufulSheet.from_dict(sheet.to_dict()) == sheet
    rows = sheet.hand_points()
    assert len(rows) == len(sheet.sizes)
    assert sheet.totals() == [sum(r[s] for r in rows) for s in range(players)]
    assert set(sheet.winners()) == {s for s, v in enumerate(sheet.totals())
                                    if v == max(sheet.totals())}
