"""The random-playout information-set search of the strong Kachuful bot
(``engine.bots.kachuful_ismcts``, the bot's ``random_play=1`` search): its playouts are
uniformly random legal play, its searches pick the card a position calls for, and the bot
built on it plays legal, explained, reproducible games."""

from __future__ import annotations

import random

import pytest

from engine.bots import make_bot
from engine.bots.kachuful import StrongKachufulBot, knowledge_of, observe, resolve, sample_deal
from engine.bots.kachuful_ismcts import bid_values, random_playout, search_cards
from engine.cards import parse_card
from engine.kachuful.rules import KachufulRules, trick_winner
from engine.kachuful.state import Bid, HandSetup, KachufulState
from engine.messages import LANGUAGES

#: The new search, small enough for tests.
SMALL = {"random_play": 1, "play_samples": 150, "bid_samples": 150}


def _deal(seed: int, size: int = 7) -> tuple[list[list[int]], int]:
    rng = random.Random(seed)
    cards = list(range(52))
    rng.shuffle(cards)
    return [cards[size * s:size * s + size] for s in range(4)], rng.randrange(-1, 4)


def _engine_playout(hands: list[list[int]], leader: int, trump: int,
                    rnd: random.Random) -> list[int]:
    """The same random play through the rules module's trick winner, card by card."""
    from engine.cards import DECK, SUITS

    won = [0, 0, 0, 0]
    hands = [list(h) for h in hands]
    while hands[leader]:
        trick = []
        seat = leader
        for _ in range(4):
            hand = hands[seat]
            follow = [c for c in hand if trick and c // 13 == trick[0] // 13]
            options = follow or hand
            c = options[int(rnd.random() * len(options))]
            hand.remove(c)
            trick.append(c)
            seat = (seat + 1) % 4
        suit = SUITS[trump] if trump >= 0 else None
        w, _ = trick_winner([DECK[c] for c in trick], suit)
        leader = (leader + w) % 4
        won[leader] += 1
    return won


@pytest.mark.parametrize("seed", range(40))
def test_random_playout_takes_the_tricks_the_rules_give(seed: int) -> None:
    """With the same random numbers, the playout and a card-by-card game through
    ``rules.trick_winner`` take the same tricks (every card follows suit when it can)."""
    hands, trump = _deal(seed)
    leader = seed % 4
    a = random_playout([list(h) for h in hands], [0] * 4, leader, [], trump, 4,
                       random.Random(seed).random)
    b = _engine_playout(hands, leader, trump, random.Random(seed))
    assert a == b and sum(a) == 7


def test_random_playout_finishes_a_trick_already_started() -> None:
    # Seat 1 led A♥ and seat 2 played 2♥; seats 3 and 0 hold one card each, no hearts.
    hearts_ace, hearts_two = parse_card("AH").index, parse_card("2H").index
    hands = [[parse_card("3S").index], [], [], [parse_card("2C").index]]
    won = random_playout(hands, [0, 0, 0, 0], 1, [hearts_ace, hearts_two], -1, 4,
                         random.Random(0).random)
    assert won == [0, 1, 0, 0]
    # Clubs are trumps: seat 3's 2♣ takes it.
    hands = [[parse_card("3S").index], [], [], [parse_card("2C").index]]
    won = random_playout(hands, [0, 0, 0, 0], 1, [hearts_ace, hearts_two], 3, 4,
                         random.Random(0).random)
    assert won == [0, 0, 0, 1]


def test_bid_values_count_the_tricks_of_every_playout() -> None:
    """A hand of the four top trumps takes them all in every random playout."""
    top = [parse_card(c).index for c in ("AS", "KS", "QS", "JS")]
    rest = [c for c in range(52) if c not in top]
    rng = random.Random(3)

    def draw() -> list[list[int]]:
        cards = list(rest)
        rng.shuffle(cards)
        return [top, cards[:4], cards[4:8], cards[8:12]]

    tricks = bid_values(draw, 0, 1, 0, 4, 50, rng.random)
    assert tricks == [4] * 50


def _last_to_play(bid: int) -> tuple[KachufulState, int]:
    """Seat 3 plays last to 2♥ 5♥ 9♥, holding K♥ (wins) and 3♥ (loses)."""
    deal = [["2H", "AS", "3D"], ["5H", "4S", "5D"], ["9H", "6S", "9D"], ["KH", "3H", "2C"]]
    state = KachufulState.from_hands(4, [HandSetup.from_codes(3, deal, "D")])
    for b in (1, 0, 0, bid):
        state.apply(Bid(b))
    for code in ("2H", "5H", "9H"):
        state.apply(parse_card(code))
    return state, 3


@pytest.mark.parametrize(("bid", "want"), [(0, "3H"), (1, "KH")])
def test_search_ducks_with_its_tricks_and_wins_when_it_needs_one(bid: int, want: str
                                                                   ) -> None:
    state, seat = _last_to_play(bid)
    decision = StrongKachufulBot(0, **SMALL).decide(observe(state, seat))
    assert decision.action == parse_card(want)
    assert decision.key == "bots.kachuful.strong-play-random"
    # The sentence claims no fit to the bids: the worlds of this search do not weigh them.
    text = decision.explain("en")
    assert "bid of " + str(bid) in text and "fit the bids" not in text
    assert f"in {decision.data['tried']} of them" in text


def test_search_statistics_add_up() -> None:
    state, seat = _last_to_play(1)
    obs = observe(state, seat)
    k = knowledge_of(obs)
    rng = random.Random(1)
    scores = [[1.0 if t == b else 0.0 for t in range(4)] for b in (1, 0, 0, 1)]
    cards = [parse_card("KH").index, parse_card("3H").index]
    stats = search_cards(lambda: sample_deal(k, rng), seat, [0] * 4, 0,
                         [parse_card(c).index for c in ("2H", "5H", "9H")], k.trump, 4,
                         scores, 1, cards, 200, 0.4, rng.random)
    assert sum(v for v, _, _ in stats.values()) == 200
    king, three = stats[cards[0]], stats[cards[1]]
    assert king[0] > three[0] and king[1] > three[1]
    # The mean score here is the share made (1 for made, 0 otherwise).
    assert king[1] == pytest.approx(king[2]) and three[1] == pytest.approx(three[2])


@pytest.mark.parametrize("variant", [
    {"max_cards": 4, "scoring": "margin", "trumps": "turned"},
    {"max_cards": 3, "blind_bids": True, "one_card_forehead": True},
    {"max_cards": 3, "renege": "penalized", "trumps": "cycle-nt"},
])
def test_the_search_plays_legal_explained_games(variant: dict[str, object]) -> None:
    rules = KachufulRules(**variant)  # type: ignore[arg-type]
    state = KachufulState.new_game(4, rules, seed=5)
    bots = [make_bot("kachuful", "strong", s, **SMALL) for s in range(4)]
    keys = set()
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        decision = bots[seat].decide(observe(state, seat))
        for lang in LANGUAGES:
            assert decision.explain(lang)
        keys.add(decision.key)
        state.apply(resolve(state, decision.action))  # the checked apply
    assert "bots.kachuful.strong-play-random" in keys


def test_the_search_bid_quotes_its_playouts() -> None:
    state = KachufulState.new_game(4, KachufulRules(max_cards=7, scoring="margin"), seed=6)
    seat = state.current_player()
    assert seat is not None
    decision = StrongKachufulBot(2, **SMALL).decide(observe(state, seat))
    assert isinstance(decision.action, Bid)
    assert decision.key == "bots.kachuful.strong-bid-random"
    data = decision.data
    assert data["samples"] == 150 and 0 <= data["pct"] <= 100
    for lang in LANGUAGES:
        text = decision.explain(lang)
        assert str(decision.action.n) in text and f"{data['pct']}%" in text.replace("\xa0%", "%") and "150" in text


def test_the_search_is_reproducible() -> None:
    moves = []
    for _ in range(2):
        s = KachufulState.new_game(4, KachufulRules(max_cards=5), seed=8)
        bots = [StrongKachufulBot(s_, **SMALL) for s_ in range(4)]
        seq = []
        while not s.is_terminal() and len(seq) < 30:
            seat = s.current_player()
            assert seat is not None
            d = bots[seat].decide(observe(s, seat))
            seq.append(d.action)
            s.apply(resolve(s, d.action))
        moves.append(seq)
    assert moves[0] == moves[1]
    assert len(moves[0]) == 30
