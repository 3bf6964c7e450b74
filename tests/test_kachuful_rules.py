"""Kachuful's rules as pure functions: every variant value with its exact numbers."""

from __future__ import annotations

import pytest

from engine.cards import Suit, parse_card, parse_cards
from engine.errors import InvalidActionError
from engine.kachuful.rules import (
    SCHEDULES,
    SCORINGS,
    KachufulRules,
    hand_sizes,
    hook,
    hook_forbidden_bid,
    is_renege,
    legal_bids,
    max_hand_size,
    play_kind,
    playable_cards,
    score_hand,
    trick_winner,
    trump_for_hand,
    winners,
)

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


# -- K-4 schedule, max_cards -------------------------------------------------------

@pytest.mark.parametrize(("players", "top", "hands"),
                         [(3, 17, 33), (4, 13, 25), (5, 10, 19), (6, 8, 15), (7, 7, 13),
                          (8, 6, 11)])
def test_k4_default_schedule_is_h_down_to_1_and_back(players: int, top: int,
                                                     hands: int) -> None:
    sizes = hand_sizes(players)
    assert max_hand_size(players) == top == 52 // players
    assert len(sizes) == hands == 2 * top - 1
    assert sizes == list(range(top, 0, -1)) + list(range(2, top + 1))
    assert sizes.count(1) == 1  # the one-card hand is played once


def test_worked_example_position_hand_of_3_is_hand_11_with_clubs() -> None:
    sizes = hand_sizes(4)
    assert len(sizes) == 25
    assert sizes.index(3) + 1 == 11
    assert trump_for_hand(11) is C


@pytest.mark.parametrize(("schedule", "expected"), [
    ("down-up", [4, 3, 2, 1, 2, 3, 4]),
    ("up-down", [1, 2, 3, 4, 3, 2, 1]),
    ("down", [4, 3, 2, 1]),
    ("up", [1, 2, 3, 4]),
    ("down-up-twice", [4, 3, 2, 1, 2, 3, 4, 4, 3, 2, 1, 2, 3, 4]),
])
def test_every_schedule(schedule: str, expected: list[int]) -> None:
    rules = KachufulRules(schedule=schedule, max_cards=4)
    assert hand_sizes(5, rules) == expected


def test_schedule_lengths_follow_h() -> None:
    for players in range(3, 9):
        top = 52 // players
        counts = {s: len(hand_sizes(players, KachufulRules(schedule=s))) for s in SCHEDULES}
        assert counts == {"down-up": 2 * top - 1, "up-down": 2 * top - 1, "down": top,
                          "up": top, "down-up-twice": 4 * top - 2}


def test_up_down_has_one_card_hands_at_both_ends() -> None:
    sizes = hand_sizes(4, KachufulRules(schedule="up-down"))
    assert sizes[0] == sizes[-1] == 1 and max(sizes) == 13 and sizes.count(13) == 1


@pytest.mark.parametrize(("players", "classic"), [(3, 10), (4, 10), (5, 10), (6, 8), (7, 7),
                                                  (8, 6)])
def test_classic_preset(players: int, classic: int) -> None:
    rules = KachufulRules(max_cards="classic")
    assert max_hand_size(players, rules) == classic
    assert hand_sizes(players, rules)[0] == classic


def test_numeric_max_cards_like_source_001() -> None:
    assert hand_sizes(4, KachufulRules(max_cards=7, schedule="up-down")) == \
        [1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1]
    assert max_hand_size(4, KachufulRules(max_cards=5)) == 5


def test_max_cards_above_the_deck_is_refused_for_that_table() -> None:
    rules = KachufulRules(max_cards=9)
    assert max_hand_size(5, rules) == 9
    with pytest.raises(InvalidActionError, match="52 cards give at most 8 each"):
        max_hand_size(6, rules)


@pytest.mark.parametrize("players", [2, 9, 0, True, "4"])
def test_k1_player_count(players: object) -> None:
    with pytest.raises(InvalidActionError, match="3 to 8 players"):
        hand_sizes(players)  # type: ignore[arg-type]


# -- K-7 trumps --------------------------------------------------------------------

def test_k7_cycle_continues_through_the_turn() -> None:
    assert [trump_for_hand(k) for k in range(1, 10)] == [S, D, C, H, S, D, C, H, S]
    # 4 players, hand 14 is the first upward hand (2 cards): the cycle just continues
    assert hand_sizes(4)[13] == 2 and trump_for_hand(14) is D


def test_cycle_nt_every_fifth_hand_has_no_trump() -> None:
    rules = KachufulRules(trumps="cycle-nt")
    assert [trump_for_hand(k, rules) for k in range(1, 11)] == \
        [S, D, C, H, None, S, D, C, H, None]


def test_turned_trump_is_the_turned_suit_or_none() -> None:
    rules = KachufulRules(trumps="turned")
    assert trump_for_hand(3, rules, parse_card("QH")) is H
    assert trump_for_hand(3, rules, None) is None


def test_hands_count_from_one() -> None:
    with pytest.raises(ValueError):
        trump_for_hand(0)


# -- K-8, K-9 bidding --------------------------------------------------------------

@pytest.mark.parametrize(("before", "size", "forbidden", "others"), [
    ([1, 0, 1], 3, 1, 2),      # RULES.md's worked example
    ([0, 0, 0], 3, 3, 0),
    ([3, 3, 3], 3, None, 9),   # sum already above the tricks: anything goes
    ([1, 1], 2, 0, 2),
    ([], 1, 1, 0),
    ([2, 0, 0, 0, 0, 0, 0], 6, 4, 2),
])
def test_k9_hook_arithmetic(before: list[int], size: int, forbidden: int | None,
                            others: int) -> None:
    assert hook_forbidden_bid(before, size) == forbidden
    assert hook(before, size) == hook(iter(before), size)
    assert hook(before, size).others == others and hook(before, size).tricks == size
    bids = legal_bids(size, before, dealer=True)
    assert bids == [b for b in range(size + 1) if b != forbidden]
    assert bids  # the dealer always has a legal bid
    assert legal_bids(size, before, dealer=False) == list(range(size + 1))


def test_hook_rule_off_lets_the_dealer_make_the_sum() -> None:
    assert legal_bids(3, [1, 0, 1], dealer=True, rules=KachufulRules(hook_rule=False)) == \
        [0, 1, 2, 3]


# -- K-13 scoring and its variants -------------------------------------------------

@pytest.mark.parametrize(("scoring", "bid", "tricks", "points"), [
    ("exact", 0, 0, 10), ("exact", 3, 3, 13), ("exact", 5, 5, 15), ("exact", 1, 0, 0),
    ("exact", 1, 3, 0),
    ("ten-times", 3, 3, 40), ("ten-times", 0, 0, 10), ("ten-times", 2, 1, 0),
    ("margin", 1, 3, -2), ("margin", 3, 2, -1), ("margin", 2, 2, 12), ("margin", 0, 4, -4),
    ("per-trick", 2, 2, 12), ("per-trick", 1, 3, 3), ("per-trick", 3, 0, 0),
    ("per-trick", 0, 0, 10),
    ("judgement", 4, 4, 10), ("judgement", 0, 0, 10), ("judgement", 1, 2, -10),
])
def test_scoring(scoring: str, bid: int, tricks: int, points: int) -> None:
    assert score_hand(bid, tricks, KachufulRules(scoring=scoring)) == points


@pytest.mark.parametrize("scoring", SCORINGS)
def test_blind_exact_doubles_and_blind_miss_does_not(scoring: str) -> None:
    rules = KachufulRules(scoring=scoring, blind_bids=True)
    assert score_hand(2, 2, rules, blind=True) == 2 * score_hand(2, 2, rules)
    assert score_hand(2, 3, rules, blind=True) == score_hand(2, 3, rules)


@pytest.mark.parametrize("scoring", SCORINGS)
def test_renege_penalty_scores_zero_whatever_the_tricks(scoring: str) -> None:
    rules = KachufulRules(scoring=scoring, renege="penalized")
    assert score_hand(2, 2, rules, reneged=True) == 0
    assert score_hand(2, 5, rules, reneged=True) == 0


def test_k14_winners_share_on_ties() -> None:
    assert winners([11, 0, 11, 10]) == [0, 2]
    assert winners([5, 9, 2]) == [1]


# -- K-10..K-12 play ---------------------------------------------------------------

def test_k11_must_follow_when_holding_the_led_suit() -> None:
    hand = parse_cards(["KH", "2C", "4H"])
    assert playable_cards(hand, H) == parse_cards(["KH", "4H"])
    assert playable_cards(hand, S) == hand          # void: anything, no duty to trump
    assert playable_cards(hand, None) == hand       # leading: anything, trumps too
    assert playable_cards(hand, H, KachufulRules(renege="penalized")) == hand
    assert is_renege(hand, parse_card("2C"), H)
    assert not is_renege(hand, parse_card("2C"), S)
    assert not is_renege(hand, parse_card("KH"), H)


@pytest.mark.parametrize(("cards", "trump", "winner", "reason"), [
    (["KH", "2C", "AH", "7H"], C, 1, "trump"),       # the worked example's trick
    (["KH", "2C", "AH", "7H"], None, 2, "led-suit"),
    (["KH", "2C", "AH", "7H"], S, 2, "led-suit"),    # no trump played
    (["3C", "AH", "2C", "KC"], C, 3, "trump"),       # trump led: highest trump
    (["5D", "2S", "9S", "AD"], S, 2, "trump"),       # over-trump wins
    (["5D", "AS", "KS", "AD"], H, 3, "led-suit"),    # off-suit aces are worth nothing
    (["4H"], D, 0, "led-suit"),
])
def test_k12_trick_winner(cards: list[str], trump: Suit | None, winner: int,
                          reason: str) -> None:
    assert trick_winner(parse_cards(cards), trump) == (winner, reason)


def test_play_kind() -> None:
    assert play_kind(parse_card("KH"), None, C) == "led"
    assert play_kind(parse_card("2H"), H, C) == "followed"
    assert play_kind(parse_card("2C"), H, C) == "trumped"
    assert play_kind(parse_card("2S"), H, C) == "discarded"
    assert play_kind(parse_card("2C"), C, C) == "followed"
    assert play_kind(parse_card("2S"), H, None) == "discarded"


# -- the variant value -------------------------------------------------------------

def test_rules_defaults_are_rules_md_defaults() -> None:
    rules = KachufulRules()
    assert (rules.schedule, rules.max_cards, rules.trumps, rules.hook_rule, rules.scoring,
            rules.blind_bids, rules.one_card_forehead, rules.renege) == \
        ("down-up", None, "cycle", True, "exact", False, False, "forbidden")
    assert rules.to_dict() == {}


@pytest.mark.parametrize("options", [
    {}, {"scoring": "margin"}, {"schedule": "down-up-twice", "max_cards": "classic"},
    {"max_cards": 7, "trumps": "turned", "hook_rule": False, "blind_bids": True,
     "one_card_forehead": True, "renege": "penalized", "scoring": "judgement"},
])
def test_rules_round_trip(options: dict[str, object]) -> None:
    rules = KachufulRules.from_dict(options)
    assert rules.to_dict() == options
    assert KachufulRules.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize(("options", "sentence"), [
    ({"scoring": "double"}, "scoring cannot be 'double': choose one of exact, ten-times, "
                            "margin, per-trick, judgement"),
    ({"schedule": "zigzag"}, "schedule cannot be 'zigzag'"),
    ({"trumps": "NT"}, "trumps cannot be 'NT': choose one of cycle, cycle-nt, turned"),
    ({"renege": "allowed"}, "renege cannot be 'allowed': choose one of forbidden, penalized"),
    ({"hook_rule": "yes"}, "hook_rule cannot be 'yes': choose one of true, false"),
    ({"blind_bids": 1}, "blind_bids cannot be 1"),
    ({"one_card_forehead": None}, "one_card_forehead cannot be None"),
    ({"max_cards": 0}, "max_cards cannot be 0: choose one of null, classic, 1 to 17"),
    ({"max_cards": "7"}, "max_cards cannot be '7'"),
    ({"max_cards": True}, "max_cards cannot be True"),
    ({"colour": "red"}, "'colour' is not a Kachuful option"),
])
def test_bad_option_values_name_the_option_and_the_choices(options: dict[str, object],
                                                           sentence: str) -> None:
    with pytest.raises(InvalidActionError) as info:
        KachufulRules.from_dict(options)
    assert info.value.sentence.startswith(sentence)
    assert info.value.localized_sentence("es") != info.value.sentence


def test_rules_are_frozen() -> None:
    rules = KachufulRules()
    with pytest.raises(AttributeError):
        rules.scoring = "margin"  # type: ignore[misc]
