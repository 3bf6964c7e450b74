"""The strategy scenarios' claims, checked by the analyst on their own positions (issue 28).

``tutorials/scenarios/kachuful/strategy-bidding.json`` teaches how to bid and play a
Kachuful hand (count sure tricks, trumps and missing suits, bidding zero, the dealer's last
bid); ``tutorials/scenarios/krypkasino/strategy-trail.json`` how to trail in Krypkasino
(trail low so the next player must sweep, trail onto an empty table a card likely to be
swept, trail a point card rather than keep it). Every strategic sentence of their texts is
asserted here on the very positions the walkthrough builds, with the judge the your-move
steps use (``engine.analysis.analyse(state, seat, seed=0)``, the seat's own information),
and the engine's own rules (the solver, the trick winner, the sweeping values). The stops
come where a real decision is: every position where the analyst finds a clearly worse
legal move is a stop, and no run of four steps with a choice in it passes without one.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

import pytest

from engine.analysis import Analysis, analyse
from engine.analysis.solver import Solver
from engine.cards import SUITS, Card, parse_card
from engine.errors import IllegalActionError
from engine.kachuful import Bid, KachufulState
from engine.kachuful.rules import trick_winner
from engine.krypkasino.rules import KrypkasinoRules, card_points
from engine.krypkasino.state import KrypkasinoState, Play
from engine.walkthrough import kachuful as ekach
from engine.walkthrough import krypkasino as ekryp
from engine.walkthrough.model import Walkthrough
from engine.walkthrough.verdict import RIGHT
from lab.studies.sweep_danger import sweep_danger, sweeping_values
from tutorials import scenarios as scen
from ui.walkthrough import kachuful as wkach

KACH = "strategy-bidding"
KRYP = "strategy-trail"
#: The longest run of steps with a choice in it that may pass without a stop (issue 28).
MAX_RUN = 4


def c(code: str) -> Card:
    return parse_card(code)


@contextmanager
def spied(module: Any) -> Iterator[list[tuple[str, Any, Analysis]]]:
    """Every analysis the walkthrough builder ``module`` asks for, with a copy of the
    state it analysed (the your-move steps' own judge)."""
    seen: list[tuple[str, Any, Analysis]] = []
    real = module.analyse

    def spy(state: Any, seat: int | None = None, **kw: Any) -> Analysis:
        result: Analysis = real(state, seat, **kw)
        seen.append(("", state.clone(), result))
        return result

    module.analyse = spy
    try:
        yield seen
    finally:
        module.analyse = real


@cache
def kachuful() -> tuple[Walkthrough[Any], dict[str, tuple[KachufulState, Analysis]]]:
    s = scen.load("kachuful", KACH, wkach.SCENARIO_KEYS)
    with spied(ekach) as seen:
        walk = ekach.build(wkach.scenario_source(s), wkach.scenario_rules(s))
    moves = walk.your_moves()
    asked = seen[-len(moves):]
    return walk, {m.step_id: (state, a) for m, (_, state, a) in zip(moves, asked, strict=True)}


@cache
def krypkasino() -> tuple[Walkthrough[Any], dict[str, tuple[KrypkasinoState, Analysis]]]:
    s = scen.load("krypkasino", KRYP, ekryp.GAME_KEYS)
    with spied(ekryp) as seen:
        walk = ekryp.build(s.data, KrypkasinoRules.from_dict(ekryp.base_variant(s.data)))
    moves = walk.your_moves()
    assert len(seen) == len(moves)
    return walk, {m.step_id: (state, a) for m, (_, state, a) in zip(moves, seen, strict=True)}


def right(analysis: Analysis, action: Any) -> bool:
    return analysis.of(action).mark in RIGHT


def bid_of(walk: Walkthrough[Any], step_id: str) -> int:
    move = walk.your_move(step_id)
    assert move is not None
    return int(move.scenario.removeprefix("bid-"))


# -- Kachuful: how to bid ------------------------------------------------------------------


def test_a_counts_the_sure_tricks_and_bids_them() -> None:
    """"Count the sure tricks": A♦ (ace of trumps) and K♦ beside it can be forced whatever
    the others play; the A♣ cannot (a player without clubs may trump it); the bid of the
    scenario, the count, is the analyst's best bid for A."""
    walk, at = kachuful()
    state, analysis = at["h10.bid.s0"]
    seat = analysis.seat
    hand = set(state.hand_of(seat))
    assert {c("AD"), c("KD"), c("AC"), c("4H")} == hand and state.trump is not None
    bid = bid_of(walk, "h10.bid.s0")
    assert analysis.best.action == Bid(bid)
    solver = Solver(state.players, SUITS.index(state.trump), seat)
    hands = [sum(1 << x.index for x in state.hand_of(s)) for s in range(state.players)]
    leader = (state.dealer + 1) % state.players
    size = state.hand_size

    def at_least(k: int) -> int:
        """The goal "at least ``k`` tricks" (a bit per acceptable count)."""
        return sum(1 << t for t in range(k, size + 1))

    assert solver.force(hands, leader, (), 0, at_least(2))  # A♦ and K♦: sure tricks
    # The A♣ is almost sure: led at once, a player without clubs trumps it and A cannot
    # force the count any more; with the trumps drawn first (A♦ led), A can.
    def after_lead(card: Card) -> bool:
        rest = list(hands)
        rest[seat] ^= 1 << card.index
        return solver.force(rest, leader, (card.index,), 0, at_least(bid))

    assert leader == seat and not after_lead(c("AC")) and after_lead(c("AD"))


def test_b_with_only_low_cards_bids_zero_and_makes_it_most_often() -> None:
    walk, at = kachuful()
    state, analysis = at["h10.bid.s1"]
    hand = state.hand_of(analysis.seat)
    assert state.trump is not None and all(x.suit != state.trump for x in hand)
    assert max(x.rank for x in hand) == c("5C").rank
    assert bid_of(walk, "h10.bid.s1") == 0 and analysis.best.action == Bid(0)
    assert analysis.of(Bid(0)).make > 0.5  # in most deals of the unseen cards
    assert all(d.mark not in RIGHT for d in analysis.decisions if d.action != Bid(0))


def test_c_counts_a_trick_from_low_trumps_and_missing_suits_or_none() -> None:
    walk, at = kachuful()
    state, analysis = at["h10.bid.s2"]
    hand = state.hand_of(analysis.seat)
    assert {x.suit for x in hand} == {state.trump, c("8S").suit}  # no hearts, no clubs
    assert bid_of(walk, "h10.bid.s2") == 1
    assert right(analysis, Bid(1)) and right(analysis, Bid(0))
    assert not any(right(analysis, Bid(n)) for n in range(2, state.hand_size + 1))


def test_the_dealer_bids_last_knowing_every_bid() -> None:
    walk, at = kachuful()
    state, analysis = at["h10.bid.s3"]
    assert analysis.seat == state.dealer and all(
        b is not None for s, b in enumerate(state.bids) if s != state.dealer)
    others = sum(b for b in state.bids if b is not None)
    assert others == state.hand_size  # the bids already claim every trick
    with pytest.raises(IllegalActionError) as refused:
        state.check(Bid(0))
    assert refused.value.rule == "K-9"
    bid = bid_of(walk, "h10.bid.s3")
    assert analysis.best.action == Bid(bid) and c("AS") in state.hand_of(state.dealer)


# -- Kachuful: how to play ----------------------------------------------------------------


def test_a_leads_the_losing_card_not_the_side_ace() -> None:
    _, at = kachuful()
    _, analysis = at["h10.t1.c1"]
    assert right(analysis, c("4H")) and right(analysis, c("AD")) and right(analysis, c("KD"))
    assert not right(analysis, c("AC"))


def test_the_dealer_takes_the_trick_with_either_heart() -> None:
    _, at = kachuful()
    state, analysis = at["h10.t1.c4"]
    trick = [x for _, x in state.current_trick]
    for heart in (c("QH"), c("TH")):
        assert right(analysis, heart)
        assert trick_winner([*trick, heart], state.trump)[0] == len(trick)


def test_a_without_hearts_trumps_and_never_discards_the_side_ace() -> None:
    _, at = kachuful()
    state, analysis = at["h10.t2.c2"]
    led = state.current_trick[0][1].suit
    assert all(x.suit != led for x in state.hand_of(analysis.seat))
    assert right(analysis, c("AD")) and right(analysis, c("KD"))
    assert not right(analysis, c("AC"))


def test_c_keeps_its_low_trumps_when_they_cannot_win() -> None:
    _, at = kachuful()
    state, analysis = at["h10.t2.c4"]
    trick = [x for _, x in state.current_trick]
    assert c("AD") in trick
    for trump in (c("5D"), c("3D")):
        assert trick_winner([*trick, trump], state.trump)[0] != len(trick)  # thrown away
        assert analysis.of(trump).points < analysis.of(c("9S")).points
    assert right(analysis, c("9S"))


def test_trumps_first_the_side_ace_later() -> None:
    _, at = kachuful()
    _, analysis = at["h10.t3.c1"]
    assert right(analysis, c("KD")) and not right(analysis, c("AC"))


def test_with_the_bid_made_the_dealer_throws_the_high_card_away() -> None:
    _, at = kachuful()
    state, analysis = at["h10.t3.c4"]
    seat = analysis.seat
    assert state.tricks_won[seat] == state.bids[seat]
    assert right(analysis, c("AS"))


def test_the_side_ace_falls_to_a_trump_and_a_misses() -> None:
    walk, _ = kachuful()
    step = walk.steps[walk.index_of("h10.t4.c3")]
    table = step.view.table
    assert table is not None and table.just_played == "5D"
    trick = [parse_card(x) for _, x in table.trick]
    assert trick[0] == c("AC") and trick_winner(trick, c("5D").suit)[0] == 2
    sheet = walk.steps[-1].view.sheet
    assert [(r[0], r[1] == r[2]) for r in sheet] == [(0, False), (1, True), (2, True), (3, True)]


# -- Krypkasino: how to trail -------------------------------------------------------------


def test_trail_low_so_that_the_next_player_must_sweep() -> None:
    """The low trail's expected points beat the high trails'; it leaves a table a card
    value sweeps (and the next player holds one: the sweep that follows is a gift to A),
    the high trails leave a table no card sweeps."""
    walk, at = krypkasino()
    state, analysis = at["play-0"]
    low, highs = Play(c("2D"), ()), (Play(c("9C"), ()), Play(c("TD"), ()))
    move = walk.your_move("play-0")
    assert move is not None and move.scenario == "2D:" and right(analysis, low)
    table = list(state.table_cards())
    assert sweeping_values([*table, low.card])
    for high in highs:
        assert not right(analysis, high)
        assert analysis.of(low).points < analysis.of(high).points
        assert sweeping_values([*table, high.card]) == ()
    danger = sweep_danger(2, state.hand_of(0), table, next_hand=len(state.hand_of(1)))
    chance = {o.card: o.chance for o in danger.options}
    assert chance[low.card] > 0 and all(chance[h.card] == 0 for h in highs)
    sweep = walk.steps[walk.index_of("play-1")]
    assert sweep.kind == "sweep"


def test_the_sweep_after_the_low_trail_is_forced() -> None:
    s = scen.load("krypkasino", KRYP, ekryp.GAME_KEYS)
    _, at = krypkasino()
    state, _ = at["play-0"]
    after = state.clone()
    after.apply(Play(c("2D"), ()))
    assert s.data["plays"][1]["card"] == "9H"
    table = set(after.table_cards())
    for play in after.legal_actions():
        assert play.take is not None and set(play.take) == table  # every legal play takes the whole table (C-8)


def test_on_an_empty_table_trail_what_is_likely_to_be_swept() -> None:
    _, at = krypkasino()
    state, analysis = at["play-2"]
    assert not state.table_cards()
    assert right(analysis, Play(c("KH"), ())) and right(analysis, Play(c("TD"), ()))
    assert not right(analysis, Play(c("9C"), ()))
    # One of the other nines is played (the 9♥'s sweep): a lone 9♣ is the least likely
    # to be swept.
    danger = sweep_danger(2, state.hand_of(0), [], seen=[c("9H"), c("2D"), c("3H"), c("4C")],
                          next_hand=len(state.hand_of(1)))
    chance = {o.card: o.chance for o in danger.options}
    assert chance[c("9C")] < chance[c("KH")] and chance[c("9C")] < chance[c("TD")]


def test_trail_the_point_card_either_order_is_right() -> None:
    _, at = krypkasino()
    _, analysis = at["play-4"]
    assert right(analysis, Play(c("TD"), ())) and right(analysis, Play(c("9C"), ()))
    assert card_points([c("TD")]) > 0 and card_points([c("9C")]) == 0


def test_b_cannot_escape_the_ten_of_diamonds() -> None:
    _, at = krypkasino()
    state, analysis = at["play-5"]
    for first in analysis.decisions:
        assert first.mark in RIGHT
        line = state.clone()
        taken: list[Card] = []
        play = first.action
        while True:  # B's choice, then the rest of the hands played out
            if line.current_player() == 1:
                taken += [play.card, *play.take]
            line.apply(play)
            turn = line.current_player()
            if turn is None or turn < 0 or not line.hand_of(turn):
                break
            play = line.legal_actions()[0]
        assert c("TD") in taken and c("TS") in taken, first.action


def test_a_captures_nothing_and_ends_the_deal_below_zero() -> None:
    walk, _ = krypkasino()
    board = walk.steps[-1].view.board
    assert board.card_points[0] == 0 and board.scores[0] < 0 < board.scores[1]


# -- Stops where the decisions are ---------------------------------------------------------


def _runs(walk: Walkthrough[Any], choice: set[str]) -> list[list[str]]:
    runs: list[list[str]] = []
    current: list[str] = []
    for step in walk.steps:
        if step.your_move is not None:
            runs.append(current)
            current = []
        else:
            current.append(step.id)
    runs.append(current)
    return [r for r in runs if choice & set(r)]


def _kachuful_real_decisions() -> tuple[set[str], set[str]]:
    """Replay the scenario: the steps that were a choice, and those where the analyst
    (the same call as a stop) finds a clearly worse legal move."""
    s = scen.load("kachuful", KACH, wkach.SCENARIO_KEYS)
    doc = s.data["record"]
    _, at = kachuful()
    state = at["h10.bid.s0"][0].clone()
    hand = doc["hands"][0]
    n = doc["players"]
    order = [(hand["dealer"] + 1 + k) % n for k in range(n)]
    actions: list[Bid | Card] = [Bid(hand["bids"][seat]) for seat in order]
    actions += [c(x) for x in hand["play"]]
    choices, real = set(), set()
    for action in actions:
        seat = state.current_player()
        assert seat is not None
        if isinstance(action, Bid):
            step_id = f"h10.bid.s{seat}"
        else:
            step_id = f"h10.t{len(state.tricks_played) + 1}.c{len(state.current_trick) + 1}"
        legal = state.legal_actions()
        if len(legal) > 1:
            choices.add(step_id)
            analysis = analyse(state, seat, seed=0)
            if any(d.mark not in RIGHT for d in analysis.decisions):
                real.add(step_id)
        state.apply(action)
    return choices, real


def test_kachuful_stops_where_the_decisions_are() -> None:
    walk, at = kachuful()
    choices, real = _kachuful_real_decisions()
    assert real <= set(at), sorted(real - set(at))  # every real decision is a stop
    assert set(at) <= choices
    assert all(len(run) <= MAX_RUN for run in _runs(walk, choices))


def test_krypkasino_stops_where_the_decisions_are() -> None:
    walk, at = krypkasino()
    s = scen.load("krypkasino", KRYP, ekryp.GAME_KEYS)
    state = at["play-0"][0].clone()
    choices, real = set(), set()
    for k, spec in enumerate(s.data["plays"]):
        seat = state.current_player()
        legal = state.legal_actions()
        step_id = f"play-{k}"
        if len(legal) > 1:
            choices.add(step_id)
            analysis = analyse(state, seat, seed=0)
            if any(d.mark not in RIGHT for d in analysis.decisions):
                real.add(step_id)
        card = c(spec["card"])
        state.apply(next(p for p in legal if p.card == card))
    assert real <= set(at), sorted(real - set(at))
    assert set(at) <= choices
    assert all(len(run) <= MAX_RUN for run in _runs(walk, choices))
