"""Krypkasino rules C-1..C-15, the variants and the worked examples of RULES.md."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from engine.cards import DECK, Card, double_deck, parse_card, parse_cards
from engine.errors import IllegalActionError, InvalidActionError
from engine.game import Deal
from engine.krypkasino.events import (
    Captured,
    DealScored,
    DealStarted,
    FaceCardsSetAside,
    LastLot,
    LeftoversAwarded,
    NewLot,
    SessionOver,
    Swept,
    Trailed,
)
from engine.krypkasino.rules import (
    KrypkasinoRules,
    capture_value,
    card_points,
    deal_sizes,
)
from engine.krypkasino.state import (
    DealCards,
    KrypkasinoState,
    Phase,
    Play,
    deal_from_seed,
    winners_of,
)
from engine.messages import LANGUAGES, render
from engine.rng import Rng


def c(code: str) -> Card:
    return parse_card(code)


def cs(*codes: str) -> tuple[Card, ...]:
    return tuple(parse_cards(codes))


def takes(state: KrypkasinoState, card: str) -> list[list[str]]:
    """The legal collections of one card, as sorted code lists."""
    return sorted(sorted(x.code for x in p.take or ()) for p in state.legal_actions()
                  if p.card == c(card))


def full_deal(players: int, hands: Sequence[Sequence[str]], table: Sequence[str],
              stock_first: Sequence[str] = ()) -> tuple[list[list[Card]], list[Card], list[Card]]:
    """A whole C-2 deal with the given hands and table; the stock holds ``stock_first`` on
    top and every other card after it in deck order."""
    rest = Counter(double_deck())
    for code in [*[x for h in hands for x in h], *table, *stock_first]:
        rest[c(code)] -= 1
        assert rest[c(code)] >= 0, code
    stock = [c(x) for x in stock_first] + [card for card in DECK for _ in range(rest[card])]
    assert len(stock) == deal_sizes(players).stock
    return [[c(x) for x in h] for h in hands], [c(x) for x in table], stock


def sweeps_of(events: Sequence[object]) -> list[Swept]:
    return [e for e in events if isinstance(e, Swept)]


# -- the worked examples --------------------------------------------------------------------
def test_example_1_forced_sweep_while_holding_a_trailing_card() -> None:
    # A is seat 0 and played just before B (seat 1).
    s = KrypkasinoState.scenario(2, [cs("5C"), cs("9D", "4C")], cs("2H", "7S"), dealer=0, turn=1)
    assert s.legal_actions() == [Play(c("9D"), cs("2H", "7S"))]
    assert s.sweeping_cards() == [c("9D")]
    before = s.clone()
    with pytest.raises(IllegalActionError) as info:
        s.apply(Play(c("4C"), ()))
    assert info.value.rule == "C-8"
    assert info.value.sentence == (
        "9♦ takes the whole table, so you must play it or another card that sweeps")
    assert str(info.value).endswith("(C-8)")
    assert s == before
    events = s.apply(Play(c("9D"), cs("2H", "7S")))
    captured = [e for e in events if isinstance(e, Captured)][0]
    assert len(captured.cards) == 2 and Counter(s.captured_cards(1)) == Counter(cs("9D", "2H", "7S"))
    assert sweeps_of(events) == [Swept(seat=1, victim=0, points=5, double=False, card=c("9D"),
                                       play=0)]
    result = s.deal_result()
    assert result.card_points == (0, 1) and result.sweep_points == (-5, 5)
    assert result.scores == (-5, 6)


def test_example_2_double_sweep() -> None:
    s = KrypkasinoState.scenario(2, [cs("5C"), cs("3D", "4C")], cs("3D"), turn=1)
    events = s.apply(Play(c("3D"), cs("3D")))
    assert sweeps_of(events) == [Swept(1, 0, 10, True, c("3D"), 0)]
    assert s.deal_result().sweep_points == (-10, 10)
    assert events[-1].sentence("en").startswith("Double sweep!")


def test_example_3_lone_ace_is_not_taken_by_an_ace() -> None:
    s = KrypkasinoState.scenario(2, [cs("AD", "5C"), cs("4C")], cs("AD"), turn=0)
    assert takes(s, "AD") == [[]]
    assert not s.card_options(c("AD")).captures
    assert capture_value(c("AD"), from_hand=True) == 14
    assert capture_value(c("AD"), from_hand=False) == 1
    with pytest.raises(IllegalActionError) as info:
        s.apply(Play(c("AD"), cs("AD")))
    assert info.value.rule == "C-5"
    with pytest.raises(IllegalActionError) as info:
        s.apply(Play(c("AD"), ()), groups=[cs("AD")])
    assert info.value.rule == "C-5" and info.value.sentence.startswith("A♦ add up to 1, not 14")
    assert "an ace counts 14 from the hand and 1 on the table" in info.value.sentence
    s.apply(Play(c("AD"), ()))
    assert s.table_cards() == cs("AD", "AD")


def test_example_4_four_players_have_six_rounds() -> None:
    sizes = deal_sizes(4)
    assert (sizes.hand * 4, sizes.table, sizes.stock, sizes.lots) == (20, 4, 80, 6)
    s = KrypkasinoState.new_game(4, seed=3)
    events: list[object] = []
    while s.deals_played == 0:
        events += s.apply(s.legal_actions()[0])
    lots = [e for e in events if isinstance(e, NewLot)]
    assert [e.lot for e in lots] == [2, 3, 4, 5, 6]
    assert all(e.cards_each == 4 for e in lots)
    assert [e.lot for e in events if isinstance(e, LastLot)] == [6]
    assert [e.last for e in lots] == [False] * 4 + [True]


# -- C-1 deck, players, turns ----------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 7, True, "4"])
def test_player_count_is_2_to_6(players: object) -> None:
    with pytest.raises(InvalidActionError):
        KrypkasinoState.new_game(players, seed=1)  # type: ignore[arg-type]


def test_only_a_held_card_may_be_played() -> None:
    s = KrypkasinoState.scenario(2, [cs("5C", "6C"), cs("4C")], cs("2H"), turn=0)
    before = s.clone()
    with pytest.raises(IllegalActionError) as info:
        s.apply(Play(c("4C"), ()))
    assert info.value.rule == "C-1" and "player A does not hold 4♣" in info.value.sentence
    with pytest.raises(InvalidActionError):
        s.apply(("5C", ()))  # type: ignore[arg-type]
    assert s == before
    s.apply(Play(c("5C"), ()))
    assert s.current_player() == 1


# -- C-2 the deal ------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "hand", "table", "packets"),
                         [(2, 6, 4, (3, 3)), (3, 5, 5, (3, 2)), (4, 5, 4, (3, 2)),
                          (5, 4, 4, (2, 2)), (6, 5, 2, (3, 2))])
def test_deal_sizes_and_packets(players: int, hand: int, table: int,
                                packets: tuple[int, ...]) -> None:
    sizes = deal_sizes(players)
    assert (sizes.hand, sizes.table, sizes.packets) == (hand, table, packets)
    assert sizes.stock == 104 - players * hand - table
    assert sizes.stock % (4 * players) == 0
    dealer = players - 1
    cards = deal_from_seed(players, dealer, 42)
    shuffled = list(range(52)) * 2
    Rng(42).shuffle(shuffled)
    order = [DECK[i] for i in shuffled]
    pos = 0
    expected: list[list[Card]] = [[] for _ in range(players)]
    for p in packets:  # first packet to everyone from the dealer's left, then the second
        for k in range(1, players + 1):
            expected[(dealer + k) % players] += order[pos:pos + p]
            pos += p
    assert [list(h) for h in cards.hands] == expected
    assert list(cards.table) == order[pos:pos + table]
    assert list(cards.stock) == order[pos + table:]
    assert Counter([*[x for h in cards.hands for x in h], *cards.table, *cards.stock]) == Counter(
        double_deck())


def test_explicit_deal_is_checked() -> None:
    hands, table, stock = full_deal(2, [["9D", "4C", "2C", "3C", "5C", "6C"],
                                        ["TD", "TC", "2D", "3D", "5D", "6D"]], ["2H", "7S", "5H", "8H"])
    KrypkasinoState.from_cards(2, 0, hands, table, stock)
    with pytest.raises(InvalidActionError):
        KrypkasinoState.from_cards(2, 0, hands, table, stock[:-1])
    with pytest.raises(InvalidActionError) as info:
        KrypkasinoState.from_cards(2, 0, hands, table, [*stock[:-1], c("9D")])
    assert "appears" in info.value.sentence


# -- C-3 face cards off the initial table ------------------------------------------------------
def test_face_cards_leave_the_initial_table() -> None:
    hands, table, stock = full_deal(2, [["9D", "4C", "2C", "3C", "5C", "6C"],
                                        ["TD", "TC", "2D", "3D", "5D", "6D"]],
                                    ["KH", "QS", "7D", "JS"])
    s = KrypkasinoState(2, first_dealer=1)
    events = s.apply(Deal(cards=DealCards(tuple(map(tuple, hands)), tuple(table), tuple(stock))))
    assert isinstance(events[0], DealStarted) and events[0].table == cs("KH", "QS", "7D", "JS")
    aside = events[1]
    assert isinstance(aside, FaceCardsSetAside)
    assert aside.spade_faces == cs("QS", "JS") and aside.discarded == cs("KH")
    assert s.table_cards() == cs("7D")
    assert s.view(0).spade_faces == cs("QS", "JS")
    assert s.deal_result().sweeps == () and s.deal_result().card_points == (0, 0)
    for lang in LANGUAGES:
        assert render(aside.key, lang, **aside.message_data())


# -- C-4 values ------------------------------------------------------------------------------------
def test_ace_from_the_hand_is_14() -> None:
    s = KrypkasinoState.scenario(2, [cs("AS"), cs("4C")], cs("TD", "4H", "KC", "AH"), turn=0)
    assert takes(s, "AS") == [["4H", "AH", "KC", "TD"]] and s.card_options(c("AS")).sweeps
    s = KrypkasinoState.scenario(2, [cs("AS"), cs("4C")], cs("TD", "4H", "KC", "AH", "5C"), turn=0)
    # 10+4 and K+A: four cards, the 5 stays
    assert takes(s, "AS") == [["4H", "AH", "KC", "TD"]]


def test_face_values_and_a_trailed_jack_is_captured() -> None:
    s = KrypkasinoState.scenario(2, [cs("JH", "QC"), cs("JD", "KD")], cs("8C", "2D"), turn=0)
    assert [capture_value(c(x), from_hand=True) for x in ("JH", "QC", "KD")] == [11, 12, 13]
    s.apply(Play(c("JH"), ()))  # 8 + 2 = 10, not 11: the jack trails
    assert s.table_cards() == cs("8C", "2D", "JH")
    assert takes(s, "JD") == [["JH"]]  # the equal card only: 8 + 2 is not 11
    s.apply(Play(c("JD"), cs("JH")))
    assert takes(s, "QC") == [[]]
    s.apply(Play(c("QC"), ()))
    assert takes(s, "KD") == [[]]  # 8 + 2 + Q is 22, nothing adds up to 13


# -- C-5 / C-6 capture and maximum -----------------------------------------------------------------
def test_maximum_versus_maximal() -> None:
    table = cs("AH", "2C", "3D", "4S")
    s = KrypkasinoState.scenario(2, [cs("7H"), cs("5C")], table, turn=0)
    assert takes(s, "7H") == [["2C", "4S", "AH"]]
    with pytest.raises(IllegalActionError) as info:
        s.apply(Play(c("7H"), cs("3D", "4S")))
    assert info.value.rule == "C-6" and "A♥, 2♣ and 4♠" in info.value.sentence and "{" not in info.value.sentence
    loose = KrypkasinoState.scenario(2, [cs("7H"), cs("5C")], table, turn=0,
                                     rules=KrypkasinoRules(capture="maximal"))
    assert takes(loose, "7H") == [["2C", "4S", "AH"], ["3D", "4S"]]
    loose.apply(Play(c("7H"), cs("3D", "4S")))
    assert loose.table_cards() == cs("AH", "2C")


def test_distinct_choices_and_identical_copies() -> None:
    # 9 with 2♣ 2♦ 7♥: two different collections, the player chooses
    s = KrypkasinoState.scenario(2, [cs("9S"), cs("5C")], cs("2C", "2D", "7H", "KC"), turn=0)
    assert takes(s, "9S") == [["2C", "7H"], ["2D", "7H"]]
    before = s.clone()
    with pytest.raises(IllegalActionError) as info:
        s.apply(Play(c("9S"), None))
    assert info.value.rule == "C-6" and "2♦ and 7♥, or 2♣ and 7♥" in info.value.sentence
    with pytest.raises(IllegalActionError) as info:
        s.apply(Play(c("9S"), ()))
    assert info.value.rule == "C-6"
    assert s == before
    # 9 with 2♣ 7♥ 7♥: which copy of 7♥ does not matter, one choice only
    s = KrypkasinoState.scenario(2, [cs("9S"), cs("5C")], cs("2C", "7H", "7H", "KC"), turn=0)
    assert takes(s, "9S") == [["2C", "7H"]]
    s.apply(Play(c("9S"), None))
    assert s.table_cards() == cs("7H", "KC")


def test_groups_are_disjoint_and_all_equal_cards_are_taken() -> None:
    s = KrypkasinoState.scenario(2, [cs("6S"), cs("5C")], cs("6H", "3C", "3D", "2C", "4C", "6D"),
                                 turn=0)
    assert takes(s, "6S") == [["2C", "3C", "3D", "4C", "6D", "6H"]]
    with pytest.raises(IllegalActionError) as info:  # a group that does not add up
        s.apply(Play(c("6S"), ()), groups=[cs("3C", "2C"), cs("6H")])
    assert info.value.rule == "C-5"
    with pytest.raises(IllegalActionError) as info:  # not on the table
        s.apply(Play(c("6S"), cs("6C")))
    assert info.value.rule == "C-5"
    events = s.apply(Play(c("6S"), ()), groups=[cs("3C", "3D"), cs("2C", "4C"), cs("6H"),
                                                cs("6D")])
    captured = [e for e in events if isinstance(e, Captured)][0]
    assert captured.groups == (cs("3C", "3D"), cs("2C", "4C"), cs("6H"), cs("6D"))


# -- C-7 trailing ---------------------------------------------------------------------------------
def test_trailing_is_allowed_while_holding_a_capturing_card() -> None:
    s = KrypkasinoState.scenario(2, [cs("5S", "8C"), cs("5C")], cs("5H", "4D"), turn=0)
    assert takes(s, "8C") == [[]] and takes(s, "5S") == [["5H"]]
    events = s.apply(Play(c("8C"), ()))
    assert events == [Trailed(0, c("8C"), 0)]
    with pytest.raises(IllegalActionError):  # a capturing card may not be trailed
        s.apply(Play(c("5C"), ()))


def test_card_to_an_empty_table_is_not_a_sweep() -> None:
    s = KrypkasinoState.scenario(2, [cs("5S", "8C"), cs("5C")], (), turn=0)
    events = s.apply(Play(c("8C"), ()))
    assert sweeps_of(events) == [] and s.table_cards() == cs("8C")


# -- C-8 forced sweep -------------------------------------------------------------------------------
def test_forced_sweep_any_sweeping_card_and_variant_off() -> None:
    hand = cs("9D", "4C", "9H", "QC")
    s = KrypkasinoState.scenario(2, [cs("5C"), hand], cs("2H", "7S"), turn=1)
    assert sorted(p.card.code for p in s.legal_actions()) == ["9D", "9H"]
    assert not s.card_options(c("4C")).allowed and s.card_options(c("9H")).allowed
    with pytest.raises(IllegalActionError) as info:
        s.apply(Play(c("QC"), ()))
    assert info.value.key == "krypkasino.must-sweep-any" and "(9♥, 9♦)" in info.value.sentence
    free = KrypkasinoState.scenario(2, [cs("5C"), hand], cs("2H", "7S"), turn=1,
                                    rules=KrypkasinoRules(forced_sweep=False))
    assert sorted(p.card.code for p in free.legal_actions()) == ["4C", "9D", "9H", "QC"]
    free.apply(Play(c("4C"), ()))
    assert free.table_cards() == cs("2H", "7S", "4C")


# -- C-9 / C-10 sweeps and doubles ---------------------------------------------------------------
def test_first_play_of_a_deal_sweeps_the_initial_table_and_credits_the_dealer() -> None:
    hands, table, stock = full_deal(3, [["5S", "2C", "3C", "4C", "6C"], ["9D", "2D", "3D", "4D", "6D"],
                                        ["TD", "TC", "8D", "8C", "6H"]], ["2H", "7S", "KD", "JS", "QC"])
    s = KrypkasinoState(3, first_dealer=0)
    s.apply(Deal(cards=DealCards(tuple(map(tuple, hands)), tuple(table), tuple(stock))))
    assert s.current_player() == 1 and s.table_cards() == cs("2H", "7S")
    events = s.apply(Play(c("9D"), cs("2H", "7S")))
    assert sweeps_of(events)[0].victim == 0 == s.dealer


def test_double_versus_same_rank_of_another_suit() -> None:
    s = KrypkasinoState.scenario(3, [cs("3H"), cs("3D"), cs("5C")], cs("3D"), turn=1)
    assert s.card_options(c("3D")).double
    events = s.apply(Play(c("3D"), cs("3D")))
    assert sweeps_of(events) == [Swept(1, 0, 10, True, c("3D"), 0)]
    other = KrypkasinoState.scenario(3, [cs("3H"), cs("3D"), cs("5C")], cs("3D"), turn=0)
    assert not other.card_options(c("3H")).double
    assert sweeps_of(other.apply(Play(c("3H"), cs("3D")))) == [Swept(0, 2, 5, False, c("3H"), 0)]
    # the identical card inside a larger table is an ordinary sweep
    big = KrypkasinoState.scenario(2, [cs("3D"), cs("5C")], cs("3D", "2C", "AH"), turn=0)
    assert sweeps_of(big.apply(Play(c("3D"), cs("3D", "2C", "AH")))) == [
        Swept(0, 1, 5, False, c("3D"), 0)]


@pytest.mark.parametrize(("rules", "single", "double"),
                         [(KrypkasinoRules(), 5, 10), (KrypkasinoRules(sweep_points=3), 3, 6),
                          (KrypkasinoRules(sweep_points=0), 0, 0),
                          (KrypkasinoRules(double_sweep=False), 5, 5)])
def test_sweep_point_variants(rules: KrypkasinoRules, single: int, double: int) -> None:
    s = KrypkasinoState.scenario(2, [cs("3D", "8C"), cs("5C", "5S")], cs("3D"), turn=0, rules=rules)
    ev = sweeps_of(s.apply(Play(c("3D"), cs("3D"))))[0]
    assert ev.points == double and ev.double == rules.double_sweep
    assert s.deal_result().sweep_points == (double, -double)
    s2 = KrypkasinoState.scenario(2, [cs("9D"), cs("5C")], cs("2H", "7S"), turn=0, rules=rules)
    assert sweeps_of(s2.apply(Play(c("9D"), cs("2H", "7S"))))[0].points == single
    assert s2.deal_result().sweep_points == (single, -single)


# -- C-11 later lots ----------------------------------------------------------------------------------
def test_face_cards_played_mid_lot_leave_at_the_next_lot() -> None:
    stock = cs("2C", "3C", "4C", "5C", "2D", "3D", "4D", "5D")
    s = KrypkasinoState.scenario(2, [cs("JH"), cs("QS")], cs("3H", "4C"), dealer=1, turn=0,
                                 stock=stock)
    s.apply(Play(c("JH"), ()))
    events = s.apply(Play(c("QS"), ()))
    aside = [e for e in events if isinstance(e, FaceCardsSetAside)]
    assert aside == [FaceCardsSetAside(cs("JH", "QS"), cs("QS"), cs("JH"), 2)]
    assert s.table_cards() == cs("3H", "4C")  # numbers stay
    assert s.view(0).spade_faces == cs("QS")
    # 2+2 from the dealer's left (seat 0): 2C 3C to seat 0, 4C 5C to seat 1, then 2D 3D, 4D 5D
    assert Counter(s.hand_of(0)) == Counter(cs("2C", "3C", "2D", "3D"))
    assert Counter(s.hand_of(1)) == Counter(cs("4C", "5C", "4D", "5D"))
    new_lot = [e for e in events if isinstance(e, NewLot)][0]
    assert (new_lot.lot, new_lot.first_player, new_lot.stock_left, new_lot.last) == (2, 0, 0, True)
    assert [e.lot for e in events if isinstance(e, LastLot)] == [2]
    assert s.current_player() == 0 and s.view(1).last_lot


def test_sweep_on_the_first_play_of_a_new_lot_victim_is_dealer() -> None:
    stock = cs("9D", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "2D", "3D", "4D", "5D")
    s = KrypkasinoState.scenario(3, [cs("5H"), cs("5S"), cs("6S")], cs("2H", "7S", "6H"), dealer=2,
                                 turn=0, stock=stock)
    s.apply(Play(c("5H"), ()))
    s.apply(Play(c("5S"), cs("5H")))
    s.apply(Play(c("6S"), cs("6H")))  # seat 2 (the dealer) plays last in the lot
    assert s.table_cards() == cs("2H", "7S") and s.current_player() == 0
    events = s.apply(Play(c("9D"), cs("2H", "7S")))
    assert sweeps_of(events) == [Swept(0, 2, 5, False, c("9D"), 3)]


# -- C-12 end of the deal -----------------------------------------------------------------------------
def test_last_capturer_takes_leftovers_and_spade_faces_not_a_sweep() -> None:
    s = KrypkasinoState.scenario(2, [cs("5S", "8C"), cs("5C", "7S")], cs("5H", "4D"), turn=0)
    s.spade_pile = [c("JS").index]
    s.apply(Play(c("5S"), cs("5H")))
    s.apply(Play(c("5C"), ()))
    s.apply(Play(c("8C"), ()))
    events = s.apply(Play(c("7S"), ()))
    left = [e for e in events if isinstance(e, LeftoversAwarded)][0]
    assert left == LeftoversAwarded(0, cs("4D", "5C", "8C", "7S"), cs("JS"), "last-capturer")
    assert sweeps_of(events) == []
    result = s.results[0]
    assert result.last_capturer == 0 and result.sweeps == ()
    assert result.card_points == (card_points(cs("5S", "5H", "4D", "5C", "8C", "7S", "JS")), 0)
    assert result.card_points == (3, 0)


def test_nobody_captured_the_dealer_takes_the_leftovers() -> None:
    s = KrypkasinoState.scenario(2, [cs("AS"), cs("2S")], cs("9H"), dealer=1, turn=0)
    s.apply(Play(c("AS"), ()))
    events = s.apply(Play(c("2S"), ()))
    left = [e for e in events if isinstance(e, LeftoversAwarded)][0]
    assert (left.seat, left.reason) == (1, "nobody-captured")
    assert left.sentence("en").startswith("The deal is over and nobody captured")
    assert s.results[0].last_capturer is None and s.results[0].card_points == (0, 4)


def test_a_sweep_by_the_last_card_counts() -> None:
    s = KrypkasinoState.scenario(2, [cs("4S"), cs("9D")], cs("2H"), dealer=1, turn=0)
    s.apply(Play(c("4S"), ()))
    events = s.apply(Play(c("9D"), ()))
    assert sweeps_of(events) == []  # 2 + 4 = 6, not 9: the last card trails
    s = KrypkasinoState.scenario(2, [cs("5S"), cs("7D")], cs("2H"), dealer=1, turn=0)
    s.apply(Play(c("5S"), ()))
    events = s.apply(Play(c("7D"), cs("2H", "5S")))
    assert sweeps_of(events) == [Swept(1, 0, 5, False, c("7D"), 1)]
    left = [e for e in events if isinstance(e, LeftoversAwarded)][0]
    assert left.cards == () and s.results[0].sweep_points == (-5, 5)


# -- C-13 / C-14 points and scores ----------------------------------------------------------------------
def test_card_points_of_both_decks_are_42() -> None:
    assert card_points(double_deck()) == 42
    assert card_points(cs("TD", "TD", "2S", "AS", "AH", "KS", "JS", "TS", "9H", "KD")) == 14


# -- C-15 sessions --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "session", "deals"), [(2, "rotation", 2), (3, "rotation", 3),
                                                             (2, 1, 1), (3, 4, 4)])
def test_session_length_and_dealer_rotation(players: int, session: str | int, deals: int) -> None:
    s = KrypkasinoState.new_game(players, seed=5, rules=KrypkasinoRules(session=session))
    dealers = []
    events: list[object] = []
    while not s.is_terminal():
        if s.play_index == 0 and (not dealers or dealers[-1] != (s.deal_index, s.dealer)):
            dealers.append((s.deal_index, s.dealer))
        events += s.apply(s.legal_actions()[-1])
    assert [d for _, d in dealers] == [(s.first_dealer + k) % players for k in range(deals)]
    scored = [e for e in events if isinstance(e, DealScored)]
    assert len(scored) == deals == s.deals_played and s.phase is Phase.GAME_OVER
    assert sum(s.scores()) == 42 * deals
    over = events[-1]
    assert isinstance(over, SessionOver) and list(over.winners) == winners_of(s.scores())
    assert s.legal_actions() == [] and s.current_player() is None
    with pytest.raises(IllegalActionError):
        s.apply(Play(c("2C"), ()))


def test_lowest_total_wins_and_ties_share() -> None:
    assert winners_of([20, 22]) == [0]
    assert winners_of([-5, 30, -5, 22]) == [0, 2]


# -- the rule options -----------------------------------------------------------------------------------
def test_rules_from_dict_and_back() -> None:
    rules = KrypkasinoRules.from_dict({"capture": "maximal", "sweep_points": 3,
                                       "double_sweep": False, "forced_sweep": False, "session": 7})
    assert KrypkasinoRules.from_dict(rules.to_dict()) == rules
    assert KrypkasinoRules().to_dict() == {"capture": "maximum", "sweep_points": 5,
                                           "double_sweep": True, "forced_sweep": True,
                                           "session": "rotation"}
    assert rules.session_length(3) == 7 and KrypkasinoRules().session_length(5) == 5
    assert rules.double_points() == 3 and KrypkasinoRules().double_points() == 10


@pytest.mark.parametrize("options", [{"capture": "most"}, {"sweep_points": -1},
                                     {"sweep_points": 2.5}, {"sweep_points": True},
                                     {"double_sweep": "yes"}, {"forced_sweep": 1},
                                     {"session": 0}, {"session": "forever"}, {"sweeps": 5}])
def test_bad_options_are_refused_with_a_sentence(options: dict[str, object]) -> None:
    with pytest.raises(InvalidActionError) as info:
        KrypkasinoRules.from_dict(options)
    assert info.value.sentence and info.value.data.get("option") in (*options, None)


# -- pages: view, options, events ------------------------------------------------------------------------
def test_view_shows_only_the_seats_own_hand() -> None:
    s = KrypkasinoState.new_game(4, seed=9)
    v = s.view(2)
    assert v.hand == s.hand_of(2) and v.hand_sizes == (5, 5, 5, 5) and v.stock == 80
    # the only cards a view holds: the seat's own hand, the table and the spade faces set
    # aside (both public); other hands appear only as their sizes
    assert set(v.__dataclass_fields__) == {
        "seat", "players", "phase", "deal", "dealer", "current_player", "hand", "hand_sizes",
        "table", "stock", "lot", "lots", "last_lot", "spade_faces", "captured_counts",
        "sweep_points", "totals", "last_capturer"}
    assert v.table == s.table_cards() and v.lots == 6 and v.captured_counts == (0, 0, 0, 0)
    with pytest.raises(InvalidActionError):
        s.view(4)


def test_card_options_for_pages() -> None:
    s = KrypkasinoState.scenario(2, [cs("9S", "9D", "4C"), cs("5C")], cs("2C", "2D", "7H"), turn=0)
    opts = s.card_options(c("9S"))
    assert opts.captures and opts.max_size == 2 and not opts.sweeps and opts.allowed
    assert opts.collections == (cs("2D", "7H"), cs("2C", "7H"))
    assert s.card_options(c("4C")).collections == (cs("2D", "2C"),)
    assert s.sweeping_cards() == []


def test_every_event_renders_in_every_language() -> None:
    s = KrypkasinoState(2, KrypkasinoRules(session=1), first_dealer=0)
    events = s.apply(Deal(seed=4))
    while not s.is_terminal():
        events += s.apply(s.legal_actions()[0])
    kinds = {e.kind for e in events}
    assert {"dealt", "trailed", "captured", "new-lot", "last-lot", "deal-scored",
            "session-over"} <= kinds
    extra = [FaceCardsSetAside(cs("KH", "QS"), cs("QS"), cs("KH"), 1),
             Swept(0, 1, 5, False, c("9D"), 0), Swept(0, 1, 10, True, c("3D"), 0),
             LeftoversAwarded(0, cs("2C"), (), "last-capturer"),
             LeftoversAwarded(1, cs("2C"), (), "nobody-captured")]
    for event in [*events, *extra]:
        for lang in LANGUAGES:
            text = event.sentence(lang)
            assert text and "{" not in text
    assert Captured(0, c("9D"), 9, (cs("2H", "7S"),), cs("2H", "7S"), 0).sentence() == (
        "Player A plays 9♦ and takes 2 table cards (2♥+7♠): every group adds up to 9.")


# -- the rulings of docs/krypkasino.md ------------------------------------------------------------
def test_maximal_reading_with_forced_sweep_must_sweep() -> None:
    # 5 on A A 2 3 4 4: the sweep (1+4, 1+4, 2+3) and the maximal 1+1+3 (2, 4, 4 left:
    # nothing adds up to 5)
    table = cs("AS", "AH", "2D", "3C", "4S", "4H")
    hand = cs("5D", "8C")
    s = KrypkasinoState.scenario(2, [cs("5C"), hand], table, turn=1,
                                 rules=KrypkasinoRules(capture="maximal"))
    assert s.legal_actions() == [Play(c("5D"), cs("AS", "AH", "2D", "3C", "4S", "4H"))]
    free = KrypkasinoState.scenario(2, [cs("5C"), hand], table, turn=1,
                                    rules=KrypkasinoRules(capture="maximal", forced_sweep=False))
    assert takes(free, "5D") == [["2D", "3C", "4H", "4S", "AH", "AS"], ["3C", "AH", "AS"]]
    # 8: one group at most; the maximal ones differ in size and in which ace or 4
    assert takes(free, "8C") == [["2D", "4H", "AH", "AS"], ["2D", "4S", "AH", "AS"],
                                 ["3C", "4H", "AH"], ["3C", "4H", "AS"], ["3C", "4S", "AH"],
                                 ["3C", "4S", "AS"], ["4H", "4S"]]
    strict = KrypkasinoState.scenario(2, [cs("5C"), hand], table, turn=1,
                                      rules=KrypkasinoRules(forced_sweep=False))
    assert takes(strict, "5D") == [["2D", "3C", "4H", "4S", "AH", "AS"]]


def test_face_cards_on_the_table_at_the_end_go_with_the_leftovers() -> None:
    s = KrypkasinoState.scenario(2, [cs("5S", "QH"), cs("5C", "3S")], cs("5H", "4D"), turn=0)
    s.apply(Play(c("5S"), cs("5H")))
    s.apply(Play(c("5C"), ()))
    s.apply(Play(c("QH"), ()))
    events = s.apply(Play(c("3S"), ()))
    left = [e for e in events if isinstance(e, LeftoversAwarded)][0]
    assert left.seat == 0 and c("QH") in left.cards
    assert c("QH") in s.captured_cards(0)


def test_spade_faces_go_to_the_last_card_sweeper() -> None:
    s = KrypkasinoState.scenario(2, [cs("5S"), cs("7D")], cs("2H"), dealer=1, turn=0)
    s.spade_pile = [c("KS").index]
    s.apply(Play(c("5S"), ()))
    events = s.apply(Play(c("7D"), cs("2H", "5S")))
    left = [e for e in events if isinstance(e, LeftoversAwarded)][0]
    assert left == LeftoversAwarded(1, (), cs("KS"), "last-capturer")
    assert s.results[0].card_points == (0, 2)  # 5♠ and K♠


def test_seeded_session_draws_its_dealer_and_deals_from_the_seed() -> None:
    rng = Rng(31)
    dealer = rng.below(3)
    deal_seed = rng.next_u64()
    s = KrypkasinoState.new_game(3, seed=31)
    assert s.dealer == dealer == s.first_dealer
    cards = deal_from_seed(3, dealer, deal_seed)
    assert Counter(s.hand_of(0)) == Counter(cards.hands[0])
    assert s.deal_log[0][1] == deal_seed


def test_opening_events_of_a_seeded_session_match_a_checked_deal() -> None:
    s = KrypkasinoState.new_game(3, seed=44)
    again = KrypkasinoState(3, first_dealer=s.dealer)
    events = again.apply(Deal(cards=s.deals_dealt()[0][2]))
    assert s.opening_events() == events == again.deal_opening_events(0)
    assert isinstance(events[0], DealStarted) and events[0].dealer == s.dealer
    assert s.deal_opening_events(5) == []


@pytest.mark.parametrize(("lang", "words"), [("en", "2♦ and 7♥, or 2♣ and 7♥"),
                                             ("es", "2♦ y 7♥, o 2♣ y 7♥"),
                                             ("pt", "2♦ e 7♥, ou 2♣ e 7♥")])
def test_a_refusal_lists_the_choices_in_words(lang: str, words: str) -> None:
    """Issue 28: the ways to capture are said in the language's words, not "{2♦, 7♥} / …"."""
    s = KrypkasinoState.scenario(2, [cs("9S"), cs("5C")], cs("2C", "2D", "7H", "KC"), turn=0)
    with pytest.raises(IllegalActionError) as info:
        s.apply(Play(c("9S"), None))
    sentence = info.value.localized(lang)
    assert words in sentence and "{" not in sentence and "/" not in sentence
