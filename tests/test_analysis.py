"""The analyst (engine/analysis, issue 27): the exact Kachuful solver against a plain
brute-force search, the marks' thresholds, the sampled analysis's numbers, the review,
and Krypkasino's analysis."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.analysis import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    analyse,
    bid_advice,
    mark_for,
    review,
)
from engine.analysis.kachuful import resample, sampled_worlds, value_of
from engine.analysis.solver import Solver, can_force
from engine.bots import bot_move, make_bot
from engine.cards import DECK, parse_cards
from engine.kachuful.rules import KachufulRules
from engine.kachuful.state import Bid, HandSetup, KachufulState, Phase
from engine.krypkasino.rules import KrypkasinoRules
from engine.krypkasino.state import KrypkasinoState
from engine.rng import sim_random

# -- the exact solver against brute force -------------------------------------------------


def _beats(c: int, w: int, trump: int) -> bool:
    return (c // 13 == w // 13 and c > w) or (c // 13 == trump and w // 13 != trump)


def brute(hands: list[list[int]], seat: int, turn: int, trick: list[tuple[int, int]],
          won: int, goal: int, trump: int) -> bool:
    """Every legal card of every player, no pruning, no table: the seat's final trick
    count lands in ``goal`` against the others acting together."""
    n = len(hands)
    if len(trick) == n:
        win_seat, win = trick[0]
        for s, c in trick[1:]:
            if _beats(c, win, trump):
                win_seat, win = s, c
        return brute(hands, seat, win_seat, [], won + (win_seat == seat), goal, trump)
    hand = hands[turn]
    if not hand:
        return bool(goal >> won & 1)
    led = trick[0][1] // 13 if trick else -1
    legal = [c for c in hand if c // 13 == led] or list(hand)
    results = []
    for c in legal:
        hand.remove(c)
        results.append(brute(hands, seat, (turn + 1) % n, trick + [(turn, c)], won, goal,
                             trump))
        hand.append(c)
        hand.sort()
    return any(results) if turn == seat else all(results)


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[list[int]], int, int, list[int], int, int, int]:
    n = draw(st.integers(3, 4))
    size = draw(st.integers(1, 4))
    # few suits and close ranks, so equivalent cards and voids are common
    deck = draw(st.permutations([s * 13 + r for s in range(draw(st.integers(1, 4)))
                                 for r in range(13 - draw(st.integers(0, 8)), 13)]
                                ).filter(lambda d: len(d) >= n * size))
    hands = [sorted(deck[i * size:(i + 1) * size]) for i in range(n)]
    seat = draw(st.integers(0, n - 1))
    leader = draw(st.integers(0, n - 1))
    trump = draw(st.integers(-1, 3))
    goal = draw(st.integers(1, (1 << (size + 1)) - 1))
    # a part-played trick: the first players of it play a legal card each
    trick: list[int] = []
    for i in range(draw(st.integers(0, n - 1))):
        s = (leader + i) % n
        led = trick[0] // 13 if trick else -1
        legal = [c for c in hands[s] if c // 13 == led] or hands[s]
        c = draw(st.sampled_from(legal))
        hands[s].remove(c)
        trick.append(c)
    return hands, seat, leader, trick, won_of(draw, size), goal, trump


def won_of(draw: st.DrawFn, size: int) -> int:
    return draw(st.integers(0, 2))


def masks(hands: Sequence[Sequence[int]]) -> list[int]:
    return [sum(1 << c for c in h) for h in hands]


@settings(max_examples=400, deadline=None)
@given(positions())
def test_solver_agrees_with_brute_force(pos: tuple[list[list[int]], int, int, list[int],
                                                   int, int, int]) -> None:
    hands, seat, leader, trick, won, goal, trump = pos
    goal <<= won  # targets from the tricks already won up
    n = len(hands)
    table = [((leader + i) % n, c) for i, c in enumerate(trick)]
    expected = brute([list(h) for h in hands], seat, (leader + len(trick)) % n, table, won,
                     goal, trump)
    assert can_force(masks(hands), seat, leader, won, goal, trump, trick) == expected


def test_solver_table_is_reused_between_questions() -> None:
    rnd = random.Random(5)
    cards = list(range(52))
    rnd.shuffle(cards)
    hands = [sorted(cards[i * 4:(i + 1) * 4]) for i in range(3)]
    solver = Solver(3, 2, 0)
    for b in range(5):
        got = solver.force(masks(hands), 1, (), 0, 1 << b)
        assert got == brute([list(h) for h in hands], 0, 1, [], 0, 1 << b, 2)


def test_exact_analysis_answers_the_brute_force_for_every_card() -> None:
    state = _seven_card_state(seed=11)
    for _ in range(12):  # the bids and a few cards in
        state.apply(bot_move(state, make_bot("kachuful", "basic", 1))[0])
    while state.hand_size == 7 and state.phase is Phase.PLAY:
        seat = state.current_player()
        assert seat is not None
        analysis = analyse(state, exact=True)
        assert analysis.exact and analysis.worlds == 1
        if len(state.tricks_played) >= 4:  # small enough for brute force
            bid = state.bids[seat]
            assert bid is not None
            for d in analysis.decisions:
                after = state.clone()
                after.apply(d.action)
                hands = [sorted(c.index for c in after.hand_of(s)) for s in range(4)]
                trick = [(s, c.index) for s, c in after.current_trick]
                turn = after.current_player()
                if after.phase is not Phase.PLAY or turn is None:
                    continue
                if not after.current_trick and after.tricks_played:
                    trick, turn = [], after.leader
                expected = brute(hands, seat, turn, trick, after.tricks_won[seat], 1 << bid,
                                 _trump(state))
                assert d.forced == expected, (d.action, expected)
        state.apply(analysis.best.action)


def _trump(state: KachufulState) -> int:
    return -1 if state.trump is None else "SHDC".index(state.trump.value)


def _seven_card_state(seed: int) -> KachufulState:
    rnd = random.Random(seed)
    cards = list(DECK)
    rnd.shuffle(cards)
    setup = HandSetup(dealer=3, deal=tuple(tuple(cards[i * 7:(i + 1) * 7]) for i in range(4)),
                      trump=cards[40].suit)
    return KachufulState.from_hands(4, [setup])


def test_exact_bid_is_the_number_the_seat_can_force() -> None:
    setup = HandSetup.from_codes(dealer=2, deal=[["AS", "2H"], ["KS", "3H"], ["QS", "4H"]],
                                 trump="S")
    state = KachufulState.from_hands(3, [setup])
    analysis = analyse(state, exact=True)
    assert [(d.action, d.forced, d.mark) for d in analysis.decisions] == [
        (Bid(1), True, "best"), (Bid(0), False, "blunder"), (Bid(2), False, "blunder")]
    assert analysis.best.points == 11.0  # exactly 1 trick: 10 + 1
    assert analysis.decisions[1].points == 0.0


# -- marks -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("loss", "mark"), [
    (0.0, "best"), (0.02, "best"), (0.021, "good"), (INACCURACY - 1e-9, "good"),
    (INACCURACY, "inaccuracy"), (MISTAKE - 1e-9, "inaccuracy"), (MISTAKE, "mistake"),
    (BLUNDER - 1e-9, "mistake"), (BLUNDER, "blunder"), (1.0, "blunder")])
def test_mark_thresholds(loss: float, mark: str) -> None:
    assert mark_for(loss) == mark


def legal_bids_of(state: KachufulState) -> list[int]:
    return [a.n for a in state.legal_actions() if isinstance(a, Bid) and not a.blind]


# -- the sampled Kachuful analysis -------------------------------------------------------------


def test_sampled_bids_are_a_distribution_and_seeded() -> None:
    state = _seven_card_state(seed=2)
    a = analyse(state, seed=4, samples=60)
    assert not a.exact and a.worlds == 60 and a.objective == "make"
    assert {d.action for d in a.decisions} == set(state.legal_actions())
    for d in a.decisions:
        assert d.tricks is not None and abs(sum(d.tricks.chances) - 1) < 1e-9
        assert d.make == pytest.approx(d.tricks.chance(d.action.n))
        assert d.interval is not None and d.interval[0] <= d.make <= d.interval[1]
        assert d.mark == mark_for(a.best.make - d.make)
    assert [d.make for d in a.decisions] == sorted((d.make for d in a.decisions), reverse=True)
    again = analyse(state, seed=4, samples=60)
    assert again == a
    advice = bid_advice(state, samples=60, seed=4)
    assert advice == a.best.tricks


def test_sampled_cards_cover_every_legal_card_and_equal_cards_share_a_value() -> None:
    state = _seven_card_state(seed=8)
    while state.phase is Phase.BID:
        state.apply(bot_move(state, make_bot("kachuful", "basic", 0))[0])
    for _ in range(10):
        a = analyse(state, samples=40, seed=1)
        assert {d.action for d in a.decisions} == set(state.legal_actions())
        assert 0.0 <= a.best.make <= 1.0
        state.apply(a.best.action)


def test_sampled_analysis_does_not_read_hidden_cards() -> None:
    """Two states that differ only in cards the seat has not seen give the same analysis."""
    base = _seven_card_state(seed=3)
    seat = base.current_player()
    assert seat is not None
    deal = [list(h) for h in base.setup.deal]
    other = (seat + 1) % 4
    third = (seat + 2) % 4
    deal[other][0], deal[third][0] = deal[third][0], deal[other][0]
    swapped = KachufulState.from_hands(4, [HandSetup(base.dealer, tuple(map(tuple, deal)),
                                                     base.trump)])
    assert analyse(base, samples=40, seed=2) == analyse(swapped, samples=40, seed=2)


def test_value_of_one_action_is_what_the_analysis_gives_it() -> None:
    """The calibration's shortcut: one action valued alone has the analysis's numbers
    (same worlds, same playouts), for every bid and every card of a hand."""
    state = _seven_card_state(seed=5)
    bots = [make_bot("kachuful", "basic", s) for s in range(4)]
    checked = 0
    while not state.is_terminal() and checked < 40:
        legal = state.legal_actions()
        if len(legal) > 1:
            seed = checked
            a = analyse(state, samples=40, seed=seed)
            for action in legal:
                one = value_of(state, action, samples=40, seed=seed)
                full = a.of(action)
                assert (one.action, one.make, one.points, one.interval, one.tricks) == (
                    full.action, full.make, full.points, full.interval, full.tricks)
                checked += 1
        state.apply(bot_move(state, bots[state.current_player() or 0])[0])
    assert checked >= 20
    with pytest.raises(ValueError, match="not a legal action"):
        value_of(state if not state.is_terminal() else _seven_card_state(seed=5),
                 Bid(99), samples=10)


@given(st.lists(st.floats(0.0, 10.0), min_size=1, max_size=30), st.integers(1, 200),
       st.floats(0.0, 0.999))
def test_resampling_draws_in_proportion_to_the_weights(weights: list[float], count: int,
                                                        u: float) -> None:
    counts = resample(weights, count, u)
    assert sum(counts) == count and all(c >= 0 for c in counts)
    total = sum(weights)
    if total > 0:
        for w, c in zip(weights, counts, strict=True):
            assert abs(c - count * w / total) < 1 + 1e-6  # systematic: within one draw
            assert w > 0 or c == 0


def test_worlds_follow_the_bids_made() -> None:
    """The worlds are weighted by the bids: after an opponent bids high, the worlds give
    it more of the high cards than a uniform deal would."""
    state = _seven_card_state(seed=6)
    first = state.current_player()
    assert first is not None
    top = max(legal_bids_of(state))
    state.apply(Bid(top))
    seat = state.current_player()
    assert seat is not None
    worlds = sampled_worlds(state, seat, 200, 3)
    assert sum(c for _, c in worlds) == 200
    aces = sum(c * sum(1 for x in w[first] if x % 13 == 12) for w, c in worlds) / 200
    unseen = [c for s in range(4) if s != seat for c in state.hand_of(s)]
    uniform = sum(1 for c in unseen if c.index % 13 == 12) * 7 / len(unseen)
    assert aces > uniform + 0.3


def test_analysis_refuses_a_seat_not_to_act() -> None:
    state = _seven_card_state(seed=1)
    seat = state.current_player()
    assert seat is not None
    with pytest.raises(ValueError, match="not to act"):
        analyse(state, (seat + 1) % 4)


# -- review ---------------------------------------------------------------------------------


def test_review_marks_every_decision_of_the_seat() -> None:
    state = KachufulState.new_game(4, KachufulRules(max_cards=3), seed=9)
    bots = [make_bot("kachuful", "basic", s) for s in range(4)]
    pairs = []
    while state.hand_number == 1 and not state.is_terminal():
        action, _ = bot_move(state, bots[state.current_player() or 0])
        pairs.append((state.clone(), action))
        state.apply(action)
    reviewed = review(pairs, 2, samples=30)
    taken = [i for i, (s, _) in enumerate(pairs) if s.current_player() == 2]
    assert [r.index for r in reviewed] == taken
    for r in reviewed:
        assert r.action == pairs[r.index][1] or r.action == Bid(pairs[r.index][1])
        assert r.better == r.analysis.best
        assert r.taken.make <= r.better.make
        assert r.mark == mark_for(r.better.make - r.taken.make)


def test_review_of_a_record_reads_it_like_the_replay() -> None:
    from engine.kachuful.record import to_record

    state = KachufulState.new_game(3, KachufulRules(max_cards=2), seed=4)
    bots = [make_bot("kachuful", "basic", s) for s in range(3)]
    for _ in range(5):
        state.apply(bot_move(state, bots[state.current_player() or 0])[0])
    reviewed = review(to_record(state), 1, samples=20)
    assert reviewed and all(r.seat == 1 and r.number == 1 for r in reviewed)


# -- Krypkasino -------------------------------------------------------------------------------


def _krypkasino(seed: int, plays: int) -> KrypkasinoState:
    state = KrypkasinoState.scenario(
        2, [parse_cards(["TD", "5H", "9C", "KS"]), parse_cards(["3C", "7D", "2S", "QH"])],
        parse_cards(["5S", "4D", "AH", "8C"]), dealer=1, turn=0,
        rules=KrypkasinoRules(session=1))
    bots = [make_bot("krypkasino", "basic", s) for s in range(2)]
    for _ in range(plays):
        state.apply(bot_move(state, bots[state.current_player() or 0])[0])
    return state


def test_krypkasino_analysis_values_every_play() -> None:
    state = _krypkasino(1, 0)
    a = analyse(state, samples=12, seed=3)
    assert a.game == "krypkasino" and a.objective == "session" and a.worlds == 12
    assert {d.action for d in a.decisions} == set(state.legal_actions())
    for d in a.decisions:
        assert 0.0 <= d.make <= 1.0
        assert d.interval is not None and d.interval[0] <= d.make + 1e-9
        assert d.mark == mark_for(a.best.make - d.make)
    assert analyse(state, samples=12, seed=3) == a


def test_krypkasino_exact_takes_the_real_cards() -> None:
    """The last two cards each, the stock empty, one deal: whatever seat 0 plays, it ends
    with the 10♦ (3 points: 10♥ must take it now, or takes it on its next turn) and the
    9♠ left on the table (1 point, C-12: the last capturer takes it), while seat 1 takes
    nothing: 4 points each way, and no chance of the lowest total."""
    state = KrypkasinoState.scenario(
        2, [parse_cards(["TH", "2H"]), parse_cards(["3C", "4C"])], parse_cards(["TD", "9S"]),
        dealer=1, turn=0, rules=KrypkasinoRules(session=1))
    a = analyse(state, exact=True)
    assert a.exact and a.worlds == 1
    assert sorted((d.action.card.code, d.make, d.points, d.interval, d.mark)
                  for d in a.decisions) == [("2H", 0.0, 4.0, None, "best"),
                                            ("TH", 0.0, 4.0, None, "best")]


def test_krypkasino_analysis_ignores_the_hidden_hand() -> None:
    a = _krypkasino(1, 0)
    b = KrypkasinoState.scenario(
        2, [parse_cards(["TD", "5H", "9C", "KS"]), parse_cards(["3C", "7D", "2S", "JH"])],
        parse_cards(["5S", "4D", "AH", "8C"]), dealer=1, turn=0,
        rules=KrypkasinoRules(session=1))
    assert analyse(a, samples=8, seed=1) == analyse(b, samples=8, seed=1)


def test_sim_random_is_the_engine_generator() -> None:  # the worlds' generator is seeded
    assert sim_random(1).random() == sim_random(1).random()


def test_a_solve_beyond_its_budget_is_refused() -> None:
    from engine.analysis.solver import TooLarge

    state = _seven_card_state(seed=6)
    hands = masks([[c.index for c in state.hand_of(s)] for s in range(4)])
    solver = Solver(4, _trump(state), 0, max_nodes=50)
    with pytest.raises(TooLarge, match="more than 50 positions"):
        for b in range(8):
            solver.force(hands, 0, (), 0, 1 << b)


def test_the_review_reads_the_same_analysis_as_the_coach() -> None:
    state = _seven_card_state(seed=13)
    pairs = []
    coach = []
    bots = [make_bot("kachuful", "basic", s) for s in range(4)]
    while state.phase is Phase.BID or len(state.tricks_played) < 2:
        if state.current_player() == 1:
            coach.append(analyse(state, samples=30, seed=5))
        action, _ = bot_move(state, bots[state.current_player() or 0])
        pairs.append((state.clone(), action))
        state.apply(action)
    reviewed = review(pairs, 1, samples=30, seed=5)
    assert [r.analysis for r in reviewed] == coach


@pytest.mark.parametrize("options", [
    {"blind_bids": True}, {"one_card_forehead": True, "max_cards": 2},
    {"renege": "penalized"}, {"scoring": "margin"}, {"scoring": "per-trick"},
    {"trumps": "cycle-nt"}, {"trumps": "turned"}, {"hook_rule": False},
], ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_every_variant_is_analysed_both_ways(options: dict[str, object]) -> None:
    rules = KachufulRules.from_dict({"max_cards": 3, **options})
    state = KachufulState.new_game(4, rules, seed=2)
    bots = [make_bot("kachuful", "basic", s) for s in range(4)]
    for _ in range(40):
        if state.is_terminal():
            break
        sampled = analyse(state, samples=10)
        exact = analyse(state, exact=True)
        legal = set(state.legal_actions())
        assert {d.action for d in sampled.decisions} == legal
        assert {d.action for d in exact.decisions} == legal
        assert all(d.make in (0.0, 1.0) for d in exact.decisions)
        state.apply(bot_move(state, bots[state.current_player() or 0])[0])
