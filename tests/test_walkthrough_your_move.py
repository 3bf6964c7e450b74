"""The your-move steps as data: every scenario of both walkthroughs has at least two, each
legal option is judged by the analyst (engine.analysis, issue 27) on the state before the
move, each illegal one by the engine's refusal, and answers are recorded like quiz
questions (ui.walkthrough.your_move)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from engine import analysis as analyst
from engine.analysis import Analysis
from engine.cards import parse_card
from engine.errors import IllegalActionError
from engine.kachuful import Bid, KachufulState
from engine.krypkasino.rules import KrypkasinoRules
from engine.krypkasino.state import KrypkasinoState, Play
from engine.walkthrough import kachuful as ekach
from engine.walkthrough import krypkasino as wkryp
from engine.walkthrough.model import Walkthrough, YourMove
from tutorials import scenarios as scen
from ui.walkthrough import kachuful as wkach
from ui.walkthrough import view as wv
from ui.walkthrough import your_move as ym

KRYPKASINO = [s.id for s in scen.load_all("krypkasino", wkryp.GAME_KEYS)]
KACHUFUL = [s.id for s in wkach.load_scenarios()]
LANGS = ("en", "es", "pt")


@contextmanager
def watched(module: Any) -> Iterator[list[tuple[Any, Analysis]]]:
    """Every analysis the walkthrough builder ``module`` asks for, with a copy of its
    state (in call order; a rebuild starts the list again)."""
    seen: list[tuple[Any, Analysis]] = []
    real = module.analyse

    def spy(state: Any, seat: int | None = None, **kw: Any) -> Analysis:
        result = real(state, seat, **kw)
        seen.append((state.clone(), result))
        return result

    module.analyse = spy
    try:
        yield seen
    finally:
        module.analyse = real


def kachuful_walk(scenario: str) -> tuple[Walkthrough[Any], list[tuple[Any, Analysis]]]:
    s = scen.load("kachuful", scenario, wkach.SCENARIO_KEYS)
    with watched(ekach) as seen:
        walk = ekach.build(wkach.scenario_source(s), wkach.scenario_rules(s))
    return walk, seen[-len(walk.your_moves()):]


def krypkasino_walk(scenario: str) -> tuple[Walkthrough[Any], list[tuple[Any, Analysis]]]:
    s = scen.load("krypkasino", scenario, wkryp.GAME_KEYS)
    with watched(wkryp) as seen:
        walk = wkryp.build(s.data, KrypkasinoRules.from_dict(wkryp.base_variant(s.data)))
    return walk, seen


def action_of(move: YourMove, option_id: str) -> Any:
    if move.game == "kachuful":
        kind, _, code = option_id.partition("-")
        return Bid(int(code)) if kind == "bid" else parse_card(code)
    card, _, taken = option_id.partition(":")
    return Play(parse_card(card), tuple(parse_card(c) for c in taken.split(".") if c))


def check_move(move: YourMove, state: Any, analysis: Analysis) -> None:
    """The step's verdicts are the analyst's, in every language."""
    assert analysis.seat == move.seat
    again = analyst.analyse(state, move.seat, seed=0)  # the same judge, asked again
    assert [(d.action, d.mark) for d in again.decisions] == \
        [(d.action, d.mark) for d in analysis.decisions]
    for option in move.options:
        action = action_of(move, option.id)
        try:
            state.check(action)
        except IllegalActionError as exc:
            assert option.verdict == "illegal" and option.rule == exc.rule
            assert option.feedback[0].key in (exc.key, exc.key + ".seat") and option.mark == ""
            continue
        decision = analysis.of(action)
        breaks = any(n.key == "ym.k.breaks" for n in option.feedback)
        right = decision.mark in ("best", "good") and not breaks
        assert option.verdict == ("best" if right else "legal"), (move.step_id, option.id)
        assert option.mark == decision.mark
        # Its figures in plain words (and the best's when it is not the best).
        values = [n for n in option.feedback if ".value." in n.key or ".sure." in n.key
                  or ".unsure." in n.key]
        assert values and values[0].args()["seat"] == move.seat
        if "tenths" in values[0].args():
            assert values[0].args()["tenths"] == round(decision.make * 10)
    answer = move.option(move.answer)
    assert answer is not None and answer.verdict == "best"
    scenario = move.option(move.scenario)
    assert scenario is not None and scenario.verdict != "illegal"
    keys = [n.key for n in move.remark]
    if move.scenario == move.answer:
        assert not any(k.startswith("ym.scenario.") for k in keys)
    else:  # the scenario's own move is not the best: the step says so
        assert keys[0] == ("ym.scenario.level" if scenario.verdict == "best"
                           else "ym.scenario.worse")
    for lang in LANGS:
        ask = wv.ask_of(move, lang)
        assert [c.verdict for c in ask.choices] == [o.verdict for o in move.options]
        assert all(c.feedback for c in ask.choices) and ask.remark
        assert ask.choice(ask.answer) is not None


@pytest.mark.parametrize("scenario", KRYPKASINO)
def test_every_krypkasino_your_move_is_the_analysts_verdict(scenario: str) -> None:
    walk, seen = krypkasino_walk(scenario)
    moves = walk.your_moves()
    assert len(moves) >= 2 and len(seen) == len(moves), scenario
    listed = scen.load("krypkasino", scenario, wkryp.GAME_KEYS).data.get("your_move")
    if listed:
        assert [m.step_id for m in moves] == list(listed)
    for move, (state, analysis) in zip(moves, seen, strict=True):
        assert isinstance(state, KrypkasinoState)
        check_move(move, state, analysis)


@pytest.mark.parametrize("scenario", KACHUFUL)
def test_every_kachuful_your_move_is_the_analysts_verdict(scenario: str) -> None:
    walk, seen = kachuful_walk(scenario)
    moves = walk.your_moves()
    assert len(moves) >= 2 and len(seen) == len(moves), scenario
    for move, (state, analysis) in zip(moves, seen, strict=True):
        assert isinstance(state, KachufulState)
        check_move(move, state, analysis)


def _move(walk: Walkthrough[Any], step_id: str) -> YourMove:
    move = walk.your_move(step_id)
    assert move is not None, step_id
    return move


def _said(notes: Any, lang: str = "en") -> str:
    return " ".join(wv.say(n, lang) for n in notes)


def test_dealer_free_two_of_clubs_is_right_and_the_ace_is_named_worse() -> None:
    """Issue 27: A♥ got the green box with 0 points while 2♣ (11 points) was shown
    neutrally."""
    walk, _ = kachuful_walk("dealer-free")
    move = _move(walk, "h16.t1.c2")
    two, ace = move.option("card-2C"), move.option("card-AH")
    assert two is not None and ace is not None
    assert two.verdict == "best" and ace.verdict == "legal" and move.answer == "card-2C"
    text = _said(ace.feedback)
    assert "With A♥, player B makes the bid about" in text
    assert "With 2♣, player B makes the bid about 10 times in 10 (11 points" in text
    assert move.scenario == "card-AH"  # the scenario's A♥ is not the best: said so
    assert _said(move.remark).startswith("Player B in the scenario did not choose the best move")


def test_renege_never_gets_the_tick() -> None:
    """Issue 27: in `renege` (a step teaching K-11) reneging with A♥ got the tick and
    following suit with 9♠ did not."""
    walk, _ = kachuful_walk("renege")
    move = _move(walk, "h16.t1.c2")
    assert move.rule == "K-11"
    ace, nine = move.option("card-AH"), move.option("card-9S")
    assert ace is not None and nine is not None
    assert ace.verdict == "legal" and nine.verdict == "best" and move.answer == "card-9S"
    for lang in LANGS:
        assert "K-11" in _said(ace.feedback, lang)


def test_renege_bid_makes_no_false_promise() -> None:
    """Issue 27: the feedback for bid 1 promised "1 trick for a bid of 1: 11 points" while
    the hand that follows scores it 0. Now it says the analyst's chance and average."""
    walk, seen = kachuful_walk("renege")
    move = _move(walk, "h16.bid.s0")
    one = move.option("bid-1")
    assert one is not None
    text = _said(one.feedback)
    assert "11 points" not in text and "for a bid of 1" not in text
    state, analysis = seen[[m.step_id for m in walk.your_moves()].index("h16.bid.s0")]
    decision = analysis.of(Bid(1))
    assert f"Bidding 1, player A makes the bid about {round(decision.make * 10)} time" in text
    assert one.verdict == ("best" if decision.mark in ("best", "good") else "legal")
    if move.scenario != move.answer:
        assert _said(move.remark).startswith("Player A in the scenario")


@pytest.mark.parametrize(("scenario", "step_id"), [
    ("the-42-points", "play-1"), ("capture-choice", "play-0"), ("maximum-capture", "play-0")])
def test_krypkasino_verdicts_weigh_the_whole_outcome(scenario: str, step_id: str) -> None:
    """Issue 27: the old verdict compared (cost, gift) in order, so a play that cost 1 and
    gave a -5 (net -4) was called worse than one that cost 0. The analyst values each play
    by its chance of the lowest session total: right is best or within the good margin."""
    walk, seen = krypkasino_walk(scenario)
    ids = [m.step_id for m in walk.your_moves()]
    move = _move(walk, step_id)
    state, analysis = seen[ids.index(step_id)]
    for option in move.options:
        if option.verdict == "illegal":
            continue
        decision = analysis.of(action_of(move, option.id))
        assert (option.verdict == "best") == (decision.mark in ("best", "good"))
        assert not any(n.key.startswith("ym.c.gift") for n in option.feedback)
    assert action_of(move, move.answer) == analysis.best.action


def test_answers_are_recorded_like_quiz_questions() -> None:
    heard: list[tuple[str, str, bool, str]] = []

    def listen(*args: object) -> None:
        heard.append(args)  # type: ignore[arg-type]

    ym.add_listener(listen)
    session: dict[str, object] = {}
    ask = ym.Ask("play-0", "?", "C-8", (
        ym.MoveChoice("a", "A", "illegal", "no (C-8)", "C-8"),
        ym.MoveChoice("b", "B", "legal", "weaker", "C-8"),
        ym.MoveChoice("c", "C", "best", "yes", "C-8")), "c")
    assert ym.answer(session, ask, "a", "k").verdict == "illegal"
    assert ym.settled(ask, ym.tried(session, "k")) is None
    assert ym.last_refused(ask, ym.tried(session, "k")) == ask.choices[0]
    assert ym.answer(session, ask, "b", "k").verdict == "legal"
    assert ym.settled(ask, ym.tried(session, "k")) == ask.choices[1]
    assert session["quiz.board"] == {"asked": 1, "right": 0, "misses": {"C-8": 1}}
    ym.answer(session, ask, "c", "other")
    assert session["quiz.board"] == {"asked": 2, "right": 1, "misses": {"C-8": 1}}
    # A clearly worse legal move answered first is a miss of the rule taught.
    ym.answer(session, ask, "b", "third")
    assert session["quiz.board"] == {"asked": 3, "right": 1, "misses": {"C-8": 2}}
    assert heard[-3:] == [("walkthrough", "C-8", False, "play-0"),
                          ("walkthrough", "C-8", True, "play-0"),
                          ("walkthrough", "C-8", False, "play-0")]
    ym.remove_listener(listen)
