"""Kachuful bots: legal moves in every variant, no peeking at hidden cards, the basic
policy's choices, explanations in every language."""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any

import pytest
from testkit import play_explained

from engine.bots import bot_move, make_bot
from engine.bots.kachuful import (
    OWN_CARD,
    BasicKachufulBot,
    KachufulObservation,
    StrongKachufulBot,
    basic_play,
    estimate_tricks,
    legal_actions,
    observe,
    resolve,
)
from engine.cards import DECK, Card, Suit, parse_card
from engine.kachuful.events import CardPlayed
from engine.kachuful.rules import KachufulRules
from engine.kachuful.state import Bid, HandSetup, KachufulState, Phase, SeatView
from engine.messages import LANGUAGES

SHORT = {"max_cards": 3}
VARIANTS: list[dict[str, object]] = [
    {},
    {"schedule": "up-down"},
    {"schedule": "down-up-twice", "max_cards": 2},
    {"trumps": "cycle-nt"},
    {"trumps": "turned"},
    {"hook_rule": False},
    {"scoring": "ten-times"},
    {"scoring": "margin"},
    {"scoring": "per-trick"},
    {"scoring": "judgement"},
    {"blind_bids": True},
    {"one_card_forehead": True},
    {"renege": "penalized"},
    {"blind_bids": True, "one_card_forehead": True, "renege": "penalized",
     "trumps": "turned"},
]


def play_game(rules: KachufulRules, players: int, levels: list[str], seed: int,
              options: dict[str, object] | None = None) -> KachufulState:
    """A whole game through the checked ``apply``: an illegal bot move raises."""
    state = KachufulState.new_game(players, rules, seed=seed)
    bots = [make_bot("kachuful", level, seed * 31 + s,
                     **(options or {} if level == "strong" else {}))
            for s, level in enumerate(levels)]
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        obs = observe(state, seat)
        legal_view = legal_actions(obs)
        action, decision = bot_move(state, bots[seat])
        assert decision.action in legal_view
        assert action in state.legal_actions()
        for event in state.apply(action):
            if isinstance(event, CardPlayed):
                assert not event.reneged, "bots never renege"
    return state


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: ",".join(f"{k}={v[k]}" for k in v)
                         or "default")
def test_random_and_basic_bots_play_only_legal_moves_in_every_variant(
        variant: dict[str, object]) -> None:
    rules = KachufulRules(**{**SHORT, **variant})  # type: ignore[arg-type]
    hands = 0
    for seed in range(24):
        players = 3 + seed % 5
        levels = [("random", "basic")[(seed + s) % 2] for s in range(players)]
        state = play_game(rules, players, levels, seed)
        hands += len(state.results)
        assert len(state.results) == state.hand_count
    assert hands >= 120


@pytest.mark.parametrize("variant", VARIANTS[::2] + [VARIANTS[-1]],
                         ids=lambda v: ",".join(f"{k}={v[k]}" for k in v) or "default")
def test_strong_bot_plays_only_legal_moves(variant: dict[str, object]) -> None:
    rules = KachufulRules(**{**SHORT, **variant})  # type: ignore[arg-type]
    small = {"bid_samples": 12, "play_samples": 6, "blind_samples": 8}
    for seed in range(6):
        players = 3 + seed % 3
        levels = ["strong", "basic", "random", "strong", "basic"][:players]
        play_game(rules, players, levels, seed, small)


def test_strong_bot_in_a_full_thirteen_card_hand() -> None:
    setup_state = KachufulState.new_game(4, KachufulRules(), seed=5)
    bots = [StrongKachufulBot(s, bid_samples=40, play_samples=16) for s in range(4)]
    while setup_state.hand_number == 1:
        action, _ = bot_move(setup_state, bots[setup_state.current_player() or 0])
        setup_state.apply(action)
    assert sum(setup_state.results[0].tricks) == 13


def test_legal_actions_from_the_view_match_the_engine() -> None:
    for renege in ("forbidden", "penalized"):
        rules = KachufulRules(max_cards=4, blind_bids=True, renege=renege)
        state = KachufulState.new_game(4, rules, seed=3)
        rng = random.Random(1)
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            engine = state.legal_actions()
            mine = legal_actions(observe(state, seat))
            if renege == "forbidden" or state.phase is Phase.BID:
                assert mine == engine
            else:
                assert set(mine) <= set(engine) and mine
            state.apply_unchecked(rng.choice(mine))


# -- no peeking ------------------------------------------------------------------------


def _redeal_others(setup: HandSetup, keep: int, seed: int) -> HandSetup:
    """The same hand for seat ``keep``; every other card (the undealt ones too)
    shuffled among the other seats."""
    mine = setup.deal[keep]
    rest = [c for c in DECK if c not in mine]
    random.Random(seed).shuffle(rest)
    deal = []
    pos = 0
    for seat, cards in enumerate(setup.deal):
        if seat == keep:
            deal.append(tuple(mine))
        else:
            deal.append(tuple(rest[pos:pos + len(cards)]))
            pos += len(cards)
    return HandSetup(setup.dealer, tuple(deal), setup.trump)


@pytest.mark.parametrize("size", [13, 5, 2])
def test_strong_decisions_do_not_depend_on_hidden_cards(size: int) -> None:
    for game_seed in range(3):
        base = KachufulState.new_game(4, KachufulRules(max_cards=size), seed=game_seed)
        setup = base.setup
        seat = (setup.dealer + 1) % 4  # the first bidder, and the first leader
        other = _redeal_others(setup, seat, game_seed + 100)
        a = KachufulState.from_hands(4, [HandSetup(setup.dealer, setup.deal, setup.trump)])
        b = KachufulState.from_hands(4, [other])
        assert observe(a, seat) == observe(b, seat)
        bot_a = StrongKachufulBot(9, bid_samples=30, play_samples=10)
        bot_b = StrongKachufulBot(9, bid_samples=30, play_samples=10)
        bid_a = bot_a.decide(observe(a, seat))
        bid_b = bot_b.decide(observe(b, seat))
        assert bid_a == bid_b
        # Everyone bids the same in both games, then the same seat leads.
        a.apply(bid_a.action)
        b.apply(bid_b.action)
        for bid in (0, 1, 0):
            legal = a.legal_bid_numbers()
            n = bid if bid in legal else legal[0]
            a.apply(n)
            b.apply(n)
        assert a.current_player() == seat
        lead_a = bot_a.decide(observe(a, seat))
        lead_b = bot_b.decide(observe(b, seat))
        assert lead_a == lead_b
        assert isinstance(lead_a.action, Card) and lead_a.action in a.hand_of(seat)


def test_the_view_holds_no_hidden_card() -> None:
    state = KachufulState.new_game(5, KachufulRules(max_cards=4), seed=2)
    obs = observe(state, 3)
    assert {f.name for f in fields(KachufulObservation)} == {"view", "rules"}
    assert isinstance(obs.view, SeatView)
    assert [h is None for h in obs.view.hands] == [True, True, True, False, True]
    public = obs.without_own_hand()
    assert all(h is None for h in public.view.hands)


def test_forehead_bots_neither_see_nor_need_their_own_card() -> None:
    rules = KachufulRules(max_cards=1, one_card_forehead=True)
    state = KachufulState.new_game(4, rules, seed=8)
    assert state.hand_size == 1
    seat = state.current_player()
    assert seat is not None
    obs = observe(state, seat)
    assert obs.view.hand is None
    # Change the seat's own card for one nobody holds: the decision stays the same.
    setup = state.setup
    held = {c for cards in setup.deal for c in cards}
    spare = next(c for c in DECK if c not in held)
    deal = tuple((spare,) if s == seat else cards for s, cards in enumerate(setup.deal))
    other = KachufulState.from_hands(4, [HandSetup(setup.dealer, deal, setup.trump)], rules)
    for level in ("basic", "strong"):
        d1 = make_bot("kachuful", level, 4).decide(observe(state, seat))
        d2 = make_bot("kachuful", level, 4).decide(observe(other, seat))
        assert d1 == d2
        assert "%" in d1.explain()
    # Playing: the bot names the hidden card, the runner resolves it.
    while state.phase is Phase.BID:
        state.apply(state.legal_actions()[0])
    player = state.current_player()
    assert player is not None
    decision = BasicKachufulBot(1).decide(observe(state, player))
    assert decision.action is OWN_CARD
    assert resolve(state, OWN_CARD) == state.hand_of(player)[0]


def test_blind_choice_is_made_before_looking() -> None:
    rules = KachufulRules(max_cards=2, blind_bids=True)
    blind_seen = 0
    for game_seed in range(8):
        setup = KachufulState.new_game(4, rules, seed=game_seed).setup
        seat = (setup.dealer + 1) % 4
        cards = list(DECK)
        random.Random(game_seed).shuffle(cards)
        size = setup.size
        deal = tuple(tuple(cards[s * size:(s + 1) * size]) for s in range(4))
        a = KachufulState.from_hands(4, [HandSetup(setup.dealer, setup.deal, setup.trump)],
                                     rules)
        b = KachufulState.from_hands(4, [HandSetup(setup.dealer, deal, setup.trump)], rules)
        assert a.hand_of(seat) != b.hand_of(seat)
        d1 = StrongKachufulBot(3, blind_samples=40).decide(observe(a, seat))
        d2 = StrongKachufulBot(3, blind_samples=40).decide(observe(b, seat))
        assert isinstance(d1.action, Bid) and isinstance(d2.action, Bid)
        assert d1.action.blind == d2.action.blind
        if d1.action.blind:
            blind_seen += 1
            assert d1 == d2
        basic = BasicKachufulBot(0).decide(observe(a, seat))
        assert basic.action == Bid(0, True)
    assert blind_seen > 0


# -- the basic policy --------------------------------------------------------------------


def hand_state(deal: list[list[str]], trump: str, dealer: int = 3) -> KachufulState:
    return KachufulState.from_hands(4, [HandSetup.from_codes(dealer, deal, trump)])


def test_basic_counts_high_trumps_and_side_aces() -> None:
    strong = [parse_card(c) for c in ("AS", "KS", "QS", "AH", "AD")]
    weak = [parse_card(c) for c in ("2H", "3H", "4D", "5C", "6C")]
    assert estimate_tricks(strong, Suit.SPADES, 5, 4) > 3.5
    assert estimate_tricks(weak, Suit.SPADES, 5, 4) < 0.5
    state = hand_state([["AS", "KS", "QS", "AH", "AD"], ["2H", "3H", "4D", "5C", "6C"],
                        ["7H", "8H", "9D", "TC", "JC"], ["2D", "3D", "4C", "7C", "8C"]], "S")
    decision = BasicKachufulBot(0).decide(observe(state, 0))
    assert decision.action in (Bid(4), Bid(5))
    assert "A♠" in decision.explain() and "K♠" in decision.explain()
    state.apply(decision.action)
    weak_bid = BasicKachufulBot(0).decide(observe(state, 1))
    assert weak_bid.action == Bid(0)
    assert weak_bid.key == "bots.kachuful.bid-none"


def test_basic_dealer_respects_the_hook() -> None:
    state = hand_state([["AS", "2H", "3D"], ["2C", "4S", "5D"], ["AH", "6S", "9D"],
                        ["KS", "QS", "2D"]], "S", dealer=3)
    for bid in (1, 0, 1):
        state.apply(bid)
    decision = BasicKachufulBot(0).decide(observe(state, 3))
    assert decision.action != Bid(1) and decision.action in state.legal_actions()
    if decision.key.startswith("bots.kachuful.bid-hook"):
        assert "1" in decision.explain()


def test_basic_wins_cheaply_when_it_needs_tricks_and_ducks_when_it_has_enough() -> None:
    # Hearts trump; seat 0 leads 9♣, seats 1, 2 follow; seat 3 plays last.
    deal = [["9C", "2D"], ["TC", "3D"], ["4C", "4D"], ["JC", "AC"]]
    needs = hand_state(deal, "H")
    for bid in (0, 0, 0, 1):  # seat 3, the dealer, bids 1 and needs it
        needs.apply(bid)
    for code in ("9C", "TC", "4C"):
        needs.apply(parse_card(code))
    d = BasicKachufulBot(0).decide(observe(needs, 3))
    assert d.action == parse_card("JC") and d.key == "bots.kachuful.win-last"
    has_enough = hand_state(deal, "H")
    for bid in (0, 0, 1, 0):
        has_enough.apply(bid)
    for code in ("9C", "TC", "4C"):
        has_enough.apply(parse_card(code))
    d = basic_play(observe(has_enough, 3))
    assert d.action == parse_card("AC") and d.key == "bots.kachuful.shed"


def test_basic_ducks_under_the_winning_card() -> None:
    deal = [["KC", "2D"], ["QC", "3D"], ["4C", "4D"], ["JC", "AC"]]
    state = hand_state(deal, "H")
    for bid in (1, 0, 0, 0):
        state.apply(bid)
    for code in ("KC", "QC", "4C"):
        state.apply(parse_card(code))
    d = BasicKachufulBot(0).decide(observe(state, 3))
    assert d.action == parse_card("JC") and d.key == "bots.kachuful.duck"


# -- explanations ----------------------------------------------------------------------


def test_every_decision_explains_itself_in_every_language() -> None:
    keys: set[str] = set()
    variants = [KachufulRules(max_cards=3), KachufulRules(max_cards=2, blind_bids=True,
                                                          one_card_forehead=True),
                KachufulRules(max_cards=1, one_card_forehead=True)]
    for i, rules in enumerate(variants):
        for seed in range(4):
            state = KachufulState.new_game(4, rules, seed=seed + 10 * i)
            bots = [make_bot("kachuful", level, seed, **opts) for level, opts in
                    (("random", {}), ("basic", {}),
                     ("strong", {"bid_samples": 10, "play_samples": 5, "blind_samples": 6}),
                     ("basic", {}))]
            play_explained(state, bots, keys)
    assert {"bots.random.bid", "bots.kachuful.strong-bid", "bots.kachuful.own-card",
            "bots.kachuful.bid-forehead", "bots.kachuful.bid-blind-small"} <= keys
    assert len(keys) >= 12


def test_strong_bid_sentence_names_the_bid() -> None:
    state = KachufulState.new_game(4, KachufulRules(max_cards=5), seed=4)
    seat = state.current_player()
    assert seat is not None
    d = StrongKachufulBot(0, bid_samples=20).decide(observe(state, seat))
    assert isinstance(d.action, Bid)
    assert d.explain("en").startswith(f"I bid {d.action.n}:")
    assert d.explain("es").startswith(f"Apuesto {d.action.n}:")
    assert d.explain("pt").startswith(f"Aposto {d.action.n}:")


# -- the strong bot's sampling ---------------------------------------------------------


def test_samples_respect_shown_voids_and_the_turned_card() -> None:
    from engine.bots.kachuful import knowledge_of, sample_deal

    # Seat 0 leads 2♥, seat 1 discards 2♣: seat 1 has no hearts left.
    deal = [["2H", "AS", "3D"], ["2C", "4S", "5D"], ["AH", "6S", "9D"], ["KH", "QS", "2D"]]
    state = hand_state(deal, "S", dealer=3)
    for bid in (1, 0, 1, 0):
        state.apply(bid)
    state.apply(parse_card("2H"))
    state.apply(parse_card("2C"))
    k = knowledge_of(observe(state, 2))
    assert k.voids[1] == 1 << 1  # hearts are suit 1 (S H D C)
    rng = random.Random(0)
    for _ in range(200):
        hands = sample_deal(k, rng)
        assert [len(h) for h in hands] == [2, 2, 3, 3]
        assert not any(c // 13 == 1 for c in hands[1])
        assert sorted(hands[2]) == sorted(parse_card(x).index for x in ("AH", "6S", "9D"))
    turned = KachufulState.new_game(4, KachufulRules(max_cards=3, trumps="turned"), seed=1)
    seat = turned.current_player()
    assert seat is not None and turned.setup.turned is not None
    assert turned.setup.turned.index not in knowledge_of(observe(turned, seat)).pool


def _seven_card_state(seed: int) -> KachufulState:
    rules = KachufulRules(max_cards=7, scoring="margin")
    return KachufulState.new_game(4, rules, seed=seed)


def test_sampled_deals_fit_the_bids_made() -> None:
    """A player who bid high is dealt stronger hands in the weighted samples than in
    plain ones, and one who bid 0 weaker ones."""
    from engine.bots.kachuful import (
        bid_weigher,
        estimate_coded,
        fitting_deals,
        knowledge_of,
        pick_weighted,
    )

    state = _seven_card_state(3)
    first = state.current_player()
    assert first is not None
    second = (first + 1) % 4
    state.apply(Bid(5))
    state.apply(Bid(0))
    seat = state.current_player()
    assert seat is not None
    obs = observe(state, seat)
    k = knowledge_of(obs)
    rng = random.Random(1)
    deals, weights = fitting_deals(k, bid_weigher(obs.view, k, 1.0), rng, 600)
    picked = pick_weighted(deals, weights, 200, rng)
    plain = deals[:200]

    def mean_estimate(sample: list[list[list[int]]], who: int) -> float:
        return sum(estimate_coded(d[who], k.trump, 7, 4)[0] for d in sample) / len(sample)

    assert mean_estimate(picked, first) > mean_estimate(plain, first) + 0.5
    assert mean_estimate(picked, second) < mean_estimate(plain, second) - 0.3


def test_strong_play_carries_the_estimate_it_rests_on() -> None:
    state = _seven_card_state(5)
    bots = [StrongKachufulBot(s, bid_samples=20, play_samples=60) for s in range(4)]
    searched = 0
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        decision = bots[seat].decide(observe(state, seat))
        if decision.key == "bots.kachuful.strong-play":
            data = decision.data
            searched += 1
            assert 0 < data["tried"] <= data["playouts"] == 60
            assert data["samples"] == 60  # the pool of deals: at most the playouts
            assert 0 <= data["pct"] <= 100
            for lang in LANGUAGES:
                text = decision.explain(lang)
                assert f"{data['pct']}%" in text.replace("\xa0%", "%") and str(data["tried"]) in text
        state.apply(resolve(state, decision.action))
    assert searched >= 4


def test_strong_play_ducks_when_it_has_its_tricks_and_wins_when_it_needs_one() -> None:
    # Seat 3 plays last to 2♥ 5♥ 9♥, holding K♥ (wins) and 3♥ (loses).
    deal = [["2H", "AS", "3D"], ["5H", "4S", "5D"], ["9H", "6S", "9D"], ["KH", "3H", "2C"]]
    for bid, want in ((0, "3H"), (1, "KH")):
        state = hand_state(deal, "D", dealer=3)
        for b in (1, 0, 0, bid):
            state.apply(Bid(b))
        for code in ("2H", "5H", "9H"):
            state.apply(parse_card(code))
        decision = StrongKachufulBot(0, play_samples=80).decide(observe(state, 3))
        assert decision.action == parse_card(want)


#: The strong bot's tuning options (docs/bots.md says what each was tried for).
TUNING: list[dict[str, object]] = [
    {"eps": 0.25}, {"seen": 1}, {"soft": 0.0}, {"bid_search": 24},
    {"bid_search": 24, "bid_eps": 1.0}, {"bias": 0.3, "sigma": 0.8}, {"steer": 1},
    {"top_trumps": 1}, {"top_trumps": 1, "seen": 1, "steer": 1},
    {"soft": 0.25, "soft_over": 0.8}, {"random_play": 1}, {"random_play": 1, "weigh": 1},
    {"random_play": 1, "raw": 1, "c": 2.0, "voids": 0}, {"random_play": 1, "flat": 1},
    {"random_bids": 1},
]


@pytest.mark.parametrize("options", TUNING, ids=lambda o: ",".join(f"{k}={o[k]}" for k in o))
def test_every_tuning_option_plays_legal_games(options: dict[str, object]) -> None:
    rules = KachufulRules(max_cards=4, trumps="turned", scoring="margin")
    small = {"bid_samples": 12, "play_samples": 8, "blind_samples": 8, **options}
    for seed in range(2):
        play_game(rules, 4, ["strong", "basic", "strong", "random"], seed, small)


def _deal_for_rollouts(seed: int) -> tuple[list[list[int]], int]:
    rng = random.Random(seed)
    cards = list(range(52))
    rng.shuffle(cards)
    return [sorted(cards[7 * s:7 * s + 7]) for s in range(4)], rng.randrange(4)


def test_rollout_variant_without_options_is_the_basic_rollout() -> None:
    from engine.bots.kachuful import rollout_coded, rollout_variant

    for seed in range(30):
        hands, trump = _deal_for_rollouts(seed)
        bids = [seed % 3, 1, 2, 0]
        plain = rollout_coded([list(h) for h in hands], 0, bids, [0] * 4, seed % 4, [],
                              trump, 4)
        assert rollout_variant([list(h) for h in hands], 0, bids, [0] * 4, seed % 4, [],
                               trump, 4) == plain
        assert sum(plain) == 7


def _seers_run(deal: tuple[list[list[int]], list[int], int, int], **options: Any
               ) -> list[int]:
    """One rollout of ``deal`` (hands, bids, leader, trump) on copies (it consumes them)."""
    from engine.bots.kachuful import rollout_variant

    hands, bids, leader, trump = deal
    return rollout_variant([list(h) for h in hands], 0, bids, [0] * 4, leader, [], trump, 4,
                           **options)


def test_seers_see_the_deal_as_seen_does() -> None:
    """``seers`` with every seat is ``seen``; with one seat only that seat's cards change,
    and some deals come out differently."""
    differ = 0
    for seed in range(60):
        hands, trump = _deal_for_rollouts(seed)
        bids = [2, 1, 2, 1]
        deal = (hands, bids, seed % 4, trump)
        assert _seers_run(deal, seen=True) == _seers_run(deal, seers=0b1111)
        one = _seers_run(deal, seers=0b0001)
        plain = _seers_run(deal)
        differ += one != plain
        assert sum(one) == 7
    assert differ > 0


def test_bias_moves_the_bid_model_under_the_estimate() -> None:
    """With ``bias`` the weigher expects bids that many tricks under the basic estimate:
    a deal whose bidder's estimate is the bid plus the bias weighs the most."""
    from engine.bots.kachuful import bid_weigher, estimate_coded, knowledge_of, sample_deal

    state = _seven_card_state(3)
    bidder = state.current_player()
    assert bidder is not None
    state.apply(Bid(2))
    seat = state.current_player()
    assert seat is not None
    obs = observe(state, seat)
    k = knowledge_of(obs)
    rng = random.Random(4)
    deals = [sample_deal(k, rng) for _ in range(300)]
    for bias in (0.0, 0.8):
        weigh = bid_weigher(obs.view, k, 1.0, bias)
        best = max(deals, key=weigh)
        est = estimate_coded(best[bidder], k.trump, 7, 4)[0]
        assert abs(est - bias - 2) == min(
            abs(estimate_coded(d[bidder], k.trump, 7, 4)[0] - bias - 2) for d in deals)


def test_top_trump_count_counts_trumps_above_every_outside_trump() -> None:
    from engine.bots.kachuful import top_trump_count

    rng = random.Random(2)
    for _ in range(2000):
        cards = list(range(52))
        rng.shuffle(cards)
        trump = rng.randrange(4)
        hand = sum(1 << c for c in cards[:7])
        outside = sum(1 << c for c in cards[7:7 + rng.randrange(46)])
        naive = sum(1 for c in cards[:7] if c // 13 == trump
                    and not any(outside >> x & 1 for x in range(c + 1, trump * 13 + 13)))
        assert top_trump_count(hand, outside, trump) == naive
    # A K of trumps below the outside ace counts nothing; with the ace held both count.
    king, ace = 11, 12  # spades are suit 0 here: K = 11, A = 12
    assert top_trump_count(1 << king, 1 << ace, 0) == 0
    assert top_trump_count(1 << king | 1 << ace, 1 << 5, 0) == 2


def test_top_trumps_playouts_make_more_bids() -> None:
    """The documented effect (docs/bots.md): on seeded deals, every seat bidding its
    rounded basic estimate, playouts with ``top_trumps`` make more bids than without."""
    from engine.bots.kachuful import estimate_coded, rollout_variant

    made = {False: 0, True: 0}
    for seed in range(1500):
        hands, trump = _deal_for_rollouts(seed)
        bids = [round(estimate_coded(h, trump, 7, 4)[0]) for h in hands]
        for top in (False, True):
            won = rollout_variant([list(h) for h in hands], 0, bids, [0] * 4, seed % 4, [],
                                  trump, 4, top_trumps=top)
            made[top] += sum(w == b for w, b in zip(won, bids, strict=True))
    assert made[True] > made[False] + 0.005 * 4 * 1500


def test_soft_and_soft_over_weigh_short_and_over_playouts_apart() -> None:
    """A bid playout one trick short counts as made with chance ``soft``, one trick over
    with ``soft_over``: on the same deals the shares of made bids add up as that says
    (the playouts are deterministic given the deal)."""
    from engine.bots.kachuful import fitting_deals, knowledge_of
    from engine.rng import sim_random

    state = _seven_card_state(4)
    seat = state.current_player()
    assert seat is not None
    obs = observe(state, seat)
    deals, _ = fitting_deals(knowledge_of(obs), lambda d: 1.0, sim_random(1), 60)
    candidates = [1, 2, 3]

    def shares(under: float, over: float) -> dict[int, float]:
        bot = StrongKachufulBot(0, soft=under, soft_over=over)
        return {b: v[1] for b, v in bot._expected(obs, deals, candidates, False).items()}

    none, short, more, both = shares(0, 0), shares(1, 0), shares(0, 1), shares(1, 1)
    # The playouts' tricks, counted here: soft adds the share one short, soft_over the
    # share one over, to the share of exactly the bid.
    from engine.bots.kachuful import rollout_coded

    plain = StrongKachufulBot(0)
    view, trump = obs.view, knowledge_of(obs).trump
    for b in candidates:
        tricks = []
        for hands in deals:
            bids = plain._bids_after(view, plain._estimates(view, hands, trump), b, obs.rules)
            tricks.append(rollout_coded([list(h) for h in hands], 0, bids, [0] * 4,
                                        (view.dealer + 1) % 4, [], trump, 4)[seat])
        n = len(tricks)
        assert none[b] == pytest.approx(tricks.count(b) / n)
        assert short[b] == pytest.approx((tricks.count(b) + tricks.count(b - 1)) / n)
        assert more[b] == pytest.approx((tricks.count(b) + tricks.count(b + 1)) / n)
        assert both[b] == pytest.approx(short[b] + more[b] - none[b])
    assert any(short[b] > none[b] for b in candidates)
    assert any(more[b] > none[b] for b in candidates)
    # The default counts both sides alike.
    assert StrongKachufulBot(0, soft=0.3).soft_over == 0.3


def test_a_searched_bid_quotes_its_search() -> None:
    """With ``bid_search`` the bid sentence quotes the search the bid came from (deals,
    playouts, how often the bid was tried and made), in every language."""
    state = _seven_card_state(6)
    seat = state.current_player()
    assert seat is not None
    bot = StrongKachufulBot(2, bid_samples=30, bid_search=120, bid_eps=0.5)
    decision = bot.decide(observe(state, seat))
    assert isinstance(decision.action, Bid)
    assert decision.key == "bots.kachuful.strong-bid-search"
    data = decision.data
    assert data["playouts"] == 120 and data["samples"] == 30
    assert 0 < data["tried"] <= 120 and 0 <= data["pct"] <= 100
    for lang in LANGUAGES:
        text = decision.explain(lang)
        assert str(decision.action.n) in text and f"{data['pct']}%" in text.replace("\xa0%", "%")
        assert str(data["tried"]) in text and "120" in text


@pytest.mark.parametrize("options", [{"play_samples": 80},
                                     {"random_play": 1, "play_samples": 150}])
def test_strong_play_tells_apart_cards_the_table_card_separates(
        options: dict[str, int]) -> None:
    """With 10♥ on the table, 9♥ and J♥ are not alike: J♥ takes the trick, 9♥ does not.
    Seat 3 plays last to 10♥ 3♥ 4♥ holding 5♥ 9♥ J♥ and needs the trick."""
    deal = [["TH", "AS", "3D"], ["3H", "4S", "5D"], ["4H", "6S", "9D"],
            ["5H", "9H", "JH"]]
    state = hand_state(deal, "C", dealer=3)
    for b in (0, 0, 0, 1):
        state.apply(Bid(b))
    for code in ("TH", "3H", "4H"):
        state.apply(parse_card(code))
    decision = StrongKachufulBot(0, **options).decide(observe(state, 3))
    assert decision.action == parse_card("JH")
    assert decision.key == ("bots.kachuful.strong-play-random" if options.get("random_play")
                            else "bots.kachuful.strong-play")
