"""The Kachuful state: RULES.md's worked example, K-1..K-14 through the API, every variant."""

from __future__ import annotations

import random

import pytest

from engine.cards import Card, Suit, parse_card, parse_cards
from engine.errors import IllegalActionError, InvalidActionError
from engine.kachuful.deal import deal_hand, draw_first_dealer, hand_seed
from engine.kachuful.events import (
    BidMade,
    CardPlayed,
    DealerChosen,
    Dealt,
    DrawCard,
    DrawTie,
    GameOver,
    HandScored,
    KachufulEvent,
    Redraw,
    TrickWon,
    TrumpAnnounced,
    narrate,
)
from engine.kachuful.rules import DEFAULT_RULES, KachufulRules, hand_sizes, trump_for_hand
from engine.kachuful.state import (
    Bid,
    HandSetup,
    KachufulState,
    Phase,
    parse_action,
    setup_hand,
)
from engine.messages import LANGUAGES, catalogue, missing_keys
from engine.rng import shuffled_deck

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
EXAMPLE_DEAL = [["KH", "AS", "3D"], ["2C", "4S", "5D"], ["AH", "6S", "9D"], ["7H", "8S", "2D"]]
EXAMPLE_PLAY = ["KH", "2C", "AH", "7H", "4S", "6S", "8S", "AS", "3D", "5D", "9D", "2D"]


def example(rules: KachufulRules = DEFAULT_RULES) -> KachufulState:
    """RULES.md's worked example: A..D = seats 0..3, D deals a hand of 3, clubs trump."""
    setup = HandSetup.from_codes(dealer=3, deal=EXAMPLE_DEAL, trump="C")
    return KachufulState.from_hands(4, [setup], rules)


def play_randomly(state: KachufulState, seed: int, checked: bool = True
                  ) -> list[KachufulEvent]:
    rng = random.Random(seed)
    events: list[KachufulEvent] = []
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        if checked:
            events.extend(state.apply(action))
        else:
            state.apply_unchecked(action)
    return events


# -- the worked example ------------------------------------------------------------

def test_worked_example_from_source_000() -> None:
    game = example()
    opening = game.opening_events()
    assert isinstance(opening[0], Dealt) and opening[0].undealt == 40  # 40 cards unused
    assert isinstance(opening[1], TrumpAnnounced) and opening[1].trump is C
    assert game.current_player() == 0  # left of the dealer bids first (K-8)
    game.apply(1)
    game.apply(0)
    game.apply(1)
    with pytest.raises(IllegalActionError) as info:
        game.apply(1)
    assert info.value.rule == "K-9"
    assert str(info.value) == ("The dealer may not bid 1: the other bids add up to 2 and "
                               "this hand has 3 tricks (K-9)")
    [bid] = game.apply(0)
    assert isinstance(bid, BidMade) and (bid.others, bid.forbidden, bid.total) == (2, 1, 2)
    assert narrate(bid) == ("Player D, the dealer, bids 0: the other bids add up to 2 and the "
                            "hand has 3 tricks, so 1 was not allowed.")
    events = [e for code in EXAMPLE_PLAY[:4] for e in game.apply(parse_card(code))]
    plays = [e for e in events if isinstance(e, CardPlayed)]
    assert [p.how for p in plays] == ["led", "trumped", "followed", "followed"]
    [won] = [e for e in events if isinstance(e, TrickWon)]
    assert (won.seat, won.card, won.reason) == (1, parse_card("2C"), "trump")
    assert narrate(won) == "Player B wins trick 1 with 2♣, the highest trump."
    for code in EXAMPLE_PLAY[4:]:
        game.apply(parse_card(code))
    assert game.is_terminal() and game.phase is Phase.GAME_OVER
    [result] = game.results
    assert result.tricks == (1, 1, 1, 0)
    assert result.scores == (11, 0, 11, 10)
    assert result.trick_winners == (1, 0, 2)
    assert game.scores() == [11, 0, 11, 10] and game.winners() == [0, 2]


def test_worked_example_events_end_with_scores_and_a_shared_win() -> None:
    game = example()
    events: list[KachufulEvent] = []
    for action in [1, 0, 1, 0, *parse_cards(EXAMPLE_PLAY)]:
        events += game.apply(action)
    scored = [e for e in events if isinstance(e, HandScored)]
    assert [(e.seat, e.exact, e.diff, e.points) for e in scored] == \
        [(0, True, 0, 11), (1, False, 1, 0), (2, True, 0, 11), (3, True, 0, 10)]
    assert narrate(scored[1]) == "Player B bid 0 but took 1, 1 too many: 0 points."
    over = events[-1]
    assert isinstance(over, GameOver) and over.winners == (0, 2) and over.shared
    assert narrate(over) == "The game is over: players A, C share the win with 11 points."


# -- K-3 first dealer --------------------------------------------------------------

def test_k3_draw_highest_rank_deals_and_ties_redraw_among_themselves() -> None:
    ties_seen = 0
    for seed in range(300):
        draw = draw_first_dealer(5, seed)
        rounds: dict[int, list[DrawCard]] = {}
        for event in draw.events:
            if isinstance(event, DrawCard):
                rounds.setdefault(event.round, []).append(event)
        assert [e.seat for e in rounds[1]] == [0, 1, 2, 3, 4]  # everyone draws once
        for number in range(2, len(rounds) + 1):
            ties = [e for e in draw.events if isinstance(e, DrawTie) and e.round == number - 1]
            redraws = [e for e in draw.events if isinstance(e, Redraw) and e.round == number]
            previous = rounds[number - 1]
            top = max(e.card.rank for e in previous)
            tied = tuple(e.seat for e in previous if e.card.rank == top)
            assert len(tied) > 1 and ties[0].seats == tied == redraws[0].seats
            assert tuple(e.seat for e in rounds[number]) == tied  # only the tied players
            ties_seen += 1
            for lang in LANGUAGES:
                assert "{" not in narrate(ties[0], lang) + narrate(redraws[0], lang)
        last = rounds[len(rounds)]
        chosen = draw.events[-1]
        assert isinstance(chosen, DealerChosen) and chosen.seat == draw.dealer
        assert [e.card.rank for e in last].count(chosen.card.rank) == 1
        assert chosen.card.rank == max(e.card.rank for e in last)
        every = [e.card for e in draw.events if isinstance(e, DrawCard)]
        assert len(set(every)) == len(every)  # drawn from one deck
    assert ties_seen > 10  # ties happen (5 players, 13 ranks) and were checked


def test_k3_draw_is_part_of_a_seeded_game() -> None:
    game = KachufulState.new_game(4, seed=99)
    draw = draw_first_dealer(4, 99)
    chosen = game.draw_events[-1]
    assert isinstance(chosen, DealerChosen)
    assert game.dealer == draw.dealer == chosen.seat
    assert game.opening_events()[:len(draw.events)] == list(draw.events)
    assert KachufulState.new_game(4, seed=99, first_dealer=2).draw_events == ()


# -- K-5 deal, K-6 rotation, K-7 trumps ---------------------------------------------

def test_k5_deal_one_card_at_a_time_from_left_of_dealer() -> None:
    hands, turned = deal_hand(1234, players=4, size=5, dealer=2)
    deck = shuffled_deck(1234)
    assert hands[3] == deck[0:20:4] and hands[0] == deck[1:20:4]
    assert hands[1] == deck[2:20:4] and hands[2] == deck[3:20:4]
    assert turned == deck[20]
    full, none = deal_hand(5, players=4, size=13, dealer=0)
    assert none is None and sorted(c.index for h in full for c in h) == list(range(52))


def test_seeded_game_k4_k6_k7_whole_game() -> None:
    game = KachufulState.new_game(4, seed=7)
    first = game.dealer
    play_randomly(game, seed=1, checked=False)
    assert len(game.results) == 25
    for k, result in enumerate(game.results):
        assert result.setup.dealer == (first + k) % 4              # K-6
        assert result.setup.size == hand_sizes(4)[k]              # K-4
        assert result.setup.trump is trump_for_hand(k + 1)         # K-7
        assert result.setup.seed == hand_seed(7, k)
        dealt = [c for seat in result.setup.deal for c in seat]
        assert len(set(dealt)) == len(dealt) == 4 * result.setup.size
        assert sorted(c.index for c in result.play) == sorted(c.index for c in dealt)
        assert sum(result.tricks) == result.setup.size
    assert game.results[10].setup.size == 3 and game.results[10].setup.trump is C
    assert game.scores() == [sum(r.scores[s] for r in game.results  # type: ignore[index]
                                 ) for s in range(4)]


def test_same_seed_same_game_and_other_seed_other_cards() -> None:
    a, b = KachufulState.new_game(5, seed=3), KachufulState.new_game(5, seed=3)
    assert a == b
    assert play_randomly(a, 11) == play_randomly(b, 11)
    assert a.results == b.results
    c = KachufulState.new_game(5, seed=4)
    assert c.setup.deal != KachufulState.new_game(5, seed=3).setup.deal


# -- K-8 .. K-11 refusals ----------------------------------------------------------

def refused(game: KachufulState, action: object) -> IllegalActionError:
    before = game.clone()
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)  # type: ignore[arg-type]
    assert game == before  # a refusal changes nothing
    return info.value


def test_k8_bid_range_and_order() -> None:
    game = example()
    err = refused(game, 4)
    assert err.rule == "K-8" and err.sentence == \
        "In a hand of 3 cards you may bid from 0 to 3, not 4"
    assert refused(game, -1).rule == "K-8"
    assert refused(game, Bid(1, blind=True)).key == "K-8.no-blind"
    assert game.current_player() == 0 and game.phase is Phase.BID
    order = []
    for bid in (0, 0, 0, 0):
        order.append(game.current_player())
        game.apply(bid)
    assert order == [0, 1, 2, 3]  # clockwise from left of the dealer, dealer last
    assert refused(game, 1).key == "K-8.bidding-over"


def test_k10_play_only_held_cards_after_bidding() -> None:
    game = example()
    assert refused(game, parse_card("KH")).key == "K-10.bidding-first"
    for bid in (1, 0, 1, 0):
        game.apply(bid)
    assert game.current_player() == 0 and game.leader == 0  # left of the dealer leads
    err = refused(game, parse_card("7H"))
    assert err.rule == "K-10" and err.sentence == "You do not hold 7♥"
    assert err.localized("pt") == "Não tem 7♥ (K-10)"
    game.apply(parse_card("AS"))  # the leader may lead a trump or anything (K-10)
    assert game.current_trick == ((0, parse_card("AS")),)


def test_k11_follow_refusal_sentence() -> None:
    setup = HandSetup.from_codes(dealer=2, deal=[["AS", "3S", "9D"], ["KH", "4H", "2C"],
                                                 ["QH", "5C", "6D"]], trump="S")
    game = KachufulState.from_hands(3, [setup])
    for bid in (0, 0, 0):
        game.apply(bid)
    assert game.current_player() == 0
    with pytest.raises(IllegalActionError):
        game.apply(parse_card("KH"))  # seat 0 does not hold it
    game.apply(parse_card("9D"))
    # seat 1 holds no diamond: may discard or trump freely (K-11)
    assert set(game.legal_actions()) == set(parse_cards(["KH", "4H", "2C"]))
    game.apply(parse_card("2C"))
    # seat 2 holds 6♦ and must follow diamonds
    err = refused(game, parse_card("QH"))
    assert err.rule == "K-11"
    assert err.sentence == "You hold diamonds (6♦), so you must follow diamonds"
    assert err.localized("es") == ("Tienes diamantes (6♦), así que debes seguir el palo de "
                                   "diamantes (K-11)")
    assert game.legal_actions() == [parse_card("6D")]
    events = game.apply(parse_card("6D"))
    won = events[-1]
    assert isinstance(won, TrickWon) and won.seat == 0 and won.reason == "led-suit"
    assert game.current_player() == 0  # the winner leads (K-12)


def test_game_over_refuses_everything() -> None:
    game = example()
    for action in [1, 0, 1, 0, *parse_cards(EXAMPLE_PLAY)]:
        game.apply(action)
    assert game.legal_actions() == [] and game.current_player() is None
    assert refused(game, 0).rule == "K-14"
    assert refused(game, parse_card("KH")).rule == "K-14"


@pytest.mark.parametrize("action", ["3", "AS", None, 2.0, True, Bid("2"), (1,)])  # type: ignore[arg-type]
def test_malformed_actions_are_invalid_not_illegal(action: object) -> None:
    game = example()
    before = game.clone()
    with pytest.raises(InvalidActionError):
        game.apply(action)  # type: ignore[arg-type]
    assert game == before


def test_parse_action() -> None:
    assert parse_action("2") == Bid(2) and parse_action(" blind 3") == Bid(3, True)
    assert parse_action("b0") == Bid(0, True) and parse_action("10h") == parse_card("TH")
    for bad in ("", "blind", "bx", "11x", "-1"):
        with pytest.raises(InvalidActionError):
            parse_action(bad)


def test_cards_equal_to_held_ones_are_accepted() -> None:
    game = example()
    for bid in (1, 0, 1, 0):
        game.apply(bid)
    fresh = Card(parse_card("KH").rank, parse_card("KH").suit)  # not the DECK object
    game.apply(fresh)
    assert game.current_trick[0][1] == fresh


# -- variants through the state ----------------------------------------------------

def test_hook_rule_off() -> None:
    game = example(KachufulRules(hook_rule=False))
    for bid in (1, 0, 1):
        game.apply(bid)
    [event] = game.apply(1)  # the sum may now equal the tricks
    assert isinstance(event, BidMade) and event.others is None and event.variant == ""


def test_hook_free_when_the_sum_is_already_over() -> None:
    game = example()
    for bid in (3, 3, 3):
        game.apply(bid)
    assert game.legal_bid_numbers() == [0, 1, 2, 3]
    [event] = game.apply(2)
    assert isinstance(event, BidMade) and event.variant == "hook-free"
    assert "so every bid was allowed" in narrate(event)


def test_blind_bids_double_an_exact_hand_and_are_shown() -> None:
    rules = KachufulRules(blind_bids=True)
    game = example(rules)
    assert Bid(1, True) in game.legal_actions() and Bid(1) in game.legal_actions()
    [event] = game.apply(Bid(1, blind=True))
    assert narrate(event) == "Player A bids 1 blind, without looking at the cards."
    for bid in (0, 1, 0):
        game.apply(bid)
    assert game.blind == (True, False, False, False)
    assert game.view(2).blind == (True, False, False, False)
    for code in EXAMPLE_PLAY:
        game.apply(parse_card(code))
    assert game.results[0].scores == (22, 0, 11, 10)


def test_renege_penalized_is_accepted_and_scores_zero() -> None:
    game = example(KachufulRules(renege="penalized"))
    for bid in (1, 0, 1, 0):
        game.apply(bid)
    game.apply(parse_card("KH"))
    game.apply(parse_card("2C"))
    events = game.apply(parse_card("6S"))  # seat 2 holds A♥ but plays a spade
    played = events[0]
    assert isinstance(played, CardPlayed) and played.reneged
    assert narrate(played).startswith("Player C plays 6♠ while holding hearts: a renege")
    for code in ["7H", "4S", "AH", "8S", "AS", "3D", "5D", "9D", "2D"]:
        game.apply(parse_card(code))
    result = game.results[0]
    assert result.reneged == (False, False, True, False)
    assert result.scores is not None and result.scores[2] == 0


def test_turned_trump_from_the_seeded_deck() -> None:
    rules = KachufulRules(trumps="turned")
    game = KachufulState.new_game(4, rules, seed=21, first_dealer=0)
    opening = game.opening_events()
    assert opening[-1] == TrumpAnnounced(hand=1, trump=None, turned=None, source="turned")
    assert "no card is turned" in narrate(opening[-1])  # 13 cards each: nothing left
    play_randomly(game, 3, checked=False)
    second = game.results[1].setup
    deck = shuffled_deck(hand_seed(21, 1))
    assert second.turned == deck[48] and second.trump is deck[48].suit


def test_cycle_nt_plays_every_fifth_hand_without_trumps() -> None:
    game = KachufulState.new_game(4, KachufulRules(trumps="cycle-nt"), seed=2)
    play_randomly(game, 5, checked=False)
    assert [r.setup.trump for r in game.results[:6]] == [S, D, C, H, None, S]


@pytest.mark.parametrize(("options", "hands"), [
    ({"schedule": "up"}, 13), ({"schedule": "down"}, 13), ({"schedule": "up-down"}, 25),
    ({"schedule": "down-up-twice"}, 50), ({"max_cards": 5}, 9),
    ({"max_cards": "classic", "schedule": "down"}, 10),
])
def test_schedules_through_a_game(options: dict[str, object], hands: int) -> None:
    rules = KachufulRules.from_dict(options)
    game = KachufulState.new_game(4, rules, seed=8)
    assert game.hand_count == hands
    play_randomly(game, 9, checked=False)
    assert [r.setup.size for r in game.results] == hand_sizes(4, rules)


@pytest.mark.parametrize("scoring", ["exact", "ten-times", "margin", "per-trick", "judgement"])
def test_scoring_variants_through_a_game(scoring: str) -> None:
    rules = KachufulRules(scoring=scoring)
    game = KachufulState.new_game(3, rules, seed=12)
    events = play_randomly(game, 13)
    from engine.kachuful.rules import score_hand

    for result in game.results:
        for seat in range(3):
            assert result.scores[seat] == score_hand(  # type: ignore[index]
                result.bids[seat], result.tricks[seat], rules)  # type: ignore[arg-type]
    assert isinstance(events[-1], GameOver)
    assert list(events[-1].totals) == game.scores()


# -- what each seat sees -----------------------------------------------------------

def test_view_shows_own_cards_only() -> None:
    game = example()
    view = game.view(1)
    assert view.hand == tuple(parse_cards(EXAMPLE_DEAL[1]))
    assert view.hands[0] is None and view.hands[2] is None and view.hands[3] is None
    assert view.cards_held == (3, 3, 3, 3) and view.trump is C and view.dealer == 3
    game.apply(1)
    assert game.view(3).bids == (1, None, None, None)
    with pytest.raises(InvalidActionError):
        game.view(4)


def test_one_card_forehead_shows_the_others_but_not_your_own() -> None:
    rules = KachufulRules(one_card_forehead=True, schedule="up")
    game = KachufulState.new_game(4, rules, seed=5, first_dealer=0)
    assert game.hand_size == 1
    view = game.view(2)
    assert view.hand is None
    assert [h is None for h in view.hands] == [False, False, True, False]
    assert view.hands[0] == game.hand_of(0)
    for _ in range(4):
        game.apply_unchecked(game.legal_actions()[0])
    for _ in range(4):
        game.apply_unchecked(game.legal_actions()[0])
    assert game.hand_size == 2
    assert game.view(2).hand == game.hand_of(2) and game.view(2).hands[0] is None


def test_view_during_play_shows_the_trick_and_counts() -> None:
    game = example()
    for action in [1, 0, 1, 0, parse_card("KH"), parse_card("2C")]:
        game.apply(action)
    view = game.view(0)
    assert view.current_trick == ((0, parse_card("KH")), (1, parse_card("2C")))
    assert view.cards_held == (2, 2, 3, 3) and view.current_player == 2
    for code in ["AH", "7H"]:
        game.apply(parse_card(code))
    view = game.view(0)
    assert view.tricks_won == (0, 1, 0, 0) and view.tricks_played[0].winner == 1


# -- events in three languages -----------------------------------------------------

def test_every_event_narrates_in_every_language() -> None:
    kinds: set[str] = set()
    rules_list = [KachufulRules(), KachufulRules(trumps="turned", blind_bids=True,
                                                  renege="penalized"),
                  KachufulRules(trumps="cycle-nt", schedule="down")]
    for n, rules in enumerate(rules_list):
        game = KachufulState.new_game(3 + n, rules, seed=40 + n)
        events = game.opening_events() + play_randomly(game, n)
        for event in events:
            kinds.add(event.key)
            for lang in LANGUAGES:
                text = narrate(event, lang)
                assert text and "{" not in text
    assert {"event.kachuful.card.trumped", "event.kachuful.trick.trump",
            "event.kachuful.scored.exact", "event.kachuful.bid.hook",
            "event.kachuful.trump.turned", "event.kachuful.trump.none",
            "event.kachuful.card.reneged", "event.kachuful.bid.blind"} <= kinds


def test_catalogue_has_every_key_in_every_language() -> None:
    assert missing_keys() == {lang: [] for lang in LANGUAGES if lang != "en"}
    english = catalogue()["en"]
    for kind in ("draw", "draw-tie", "redraw", "dealer-chosen", "dealt", "trump", "bid",
                 "card", "trick", "scored", "game-over"):
        assert f"event.kachuful.{kind}" in english


def test_setup_hand_from_seed_or_deal() -> None:
    rules = KachufulRules()
    by_seed = setup_hand(4, rules, 10, dealer=1, seed=77)
    assert by_seed.size == 3 and by_seed.trump is C and by_seed.trump_source == "cycle"
    given = setup_hand(4, rules, 10, dealer=1, deal=by_seed.deal, trump=None)
    assert given.trump is None and given.trump_source == "given"
    with pytest.raises(ValueError):
        setup_hand(4, KachufulRules(trumps="turned"), 0, 0, deal=by_seed.deal)


@pytest.mark.parametrize(("dealer", "deal", "problem"), [
    (4, EXAMPLE_DEAL, "dealer 4 is not a seat of 4"),
    (3, EXAMPLE_DEAL[:3], "the deal has 3 seats, not 4"),
    (3, [["KH", "AS"], ["2C", "4S", "5D"], ["AH", "6S", "9D"], ["7H", "8S", "2D"]],
     "every seat needs the same"),
    (3, [["KH", "AS", "3D"], ["KH", "4S", "5D"], ["AH", "6S", "9D"], ["7H", "8S", "2D"]],
     "a card is dealt twice"),
    (3, [["KH", "AS", "3D"], ["2C", "4S"], ["AH", "6S", "9D", "QC"], ["7H", "8S", "2D"]],
     "every seat needs the same"),
    (0, [[], [], [], []], "every seat needs the same 1..13 cards"),
])
def test_scenario_hands_must_be_real_deals(dealer: int, deal: list[list[str]],
                                           problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        KachufulState.from_hands(4, [HandSetup.from_codes(dealer, deal, "C")])


@pytest.mark.parametrize("first", [True, False])
@pytest.mark.parametrize(("dealer", "deal", "turned", "problem"), [
    (0, (("KH",), ("AS",), ("3D",), ("2C",)), None, "must be playing cards"),
    (0, ((1,), (2,), (3,), (4,)), None, "must be playing cards"),
    (0, 5, None, "must be playing cards"),
    (0, (None, None, None, None), None, "must be playing cards"),
    ("0", None, None, "dealer '0' is not a seat of 4"),
    (0, None, "AS", "must be playing cards"),
])
def test_a_setup_of_other_things_than_cards_is_refused_in_a_sentence(
        dealer: object, deal: object, turned: object, problem: str, first: bool) -> None:
    """A hand of strings, numbers or nothing, a seat that is not a number, a turned card
    that is a code: ValueError naming the hand, never an AttributeError (the first hand
    and a later one take different paths)."""
    good = HandSetup.from_codes(3, EXAMPLE_DEAL, "H")
    bad = HandSetup(dealer, good.deal if deal is None else deal, None,  # type: ignore[arg-type]
                    turned=turned)  # type: ignore[arg-type]
    hands = [bad, good] if first else [good, bad]
    with pytest.raises(ValueError, match=f"hand {1 if first else 2}: .*{problem}"):
        KachufulState.from_hands(4, hands)


def test_views_do_not_carry_deal_seeds() -> None:
    game = KachufulState.new_game(4, KachufulRules(max_cards=2), seed=6)
    play_randomly(game, 2, checked=False)
    assert all(r.setup.seed is not None for r in game.results)
    view = game.view(0)
    assert all(r.setup.seed is None for r in view.results)
    assert [r.scores for r in view.results] == [r.scores for r in game.results]


def test_turned_card_cannot_also_be_dealt() -> None:
    setup = HandSetup.from_codes(3, EXAMPLE_DEAL, "H")
    bad = HandSetup(setup.dealer, setup.deal, Suit.HEARTS, "turned", parse_card("KH"))
    with pytest.raises(ValueError, match="the turned card K♥ was also dealt"):
        KachufulState.from_hands(4, [bad])
    good = HandSetup(setup.dealer, setup.deal, Suit.HEARTS, "turned", parse_card("QH"))
    assert KachufulState.from_hands(4, [good]).view(0).turned == parse_card("QH")
