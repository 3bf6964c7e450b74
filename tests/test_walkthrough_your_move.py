"""The your-move steps as data: every scenario of both walkthroughs has at least two, each
option is the engine's verdict on the state before the move, and answers are recorded like
quiz questions (ui.your_move)."""

from __future__ import annotations

import pytest

from engine.cards import parse_card
from engine.errors import IllegalActionError
from engine.krypkasino.rules import KrypkasinoRules
from engine.walkthrough import krypkasino as wkryp
from tutorials import scenarios as scen
from ui import walkthrough_kachuful as wkach
from ui import walkthrough_view as wv
from ui import your_move as ym

KRYPKASINO = [s.id for s in scen.load_all("krypkasino", wkryp.GAME_KEYS)]
KACHUFUL = [s.id for s in wkach.load_scenarios()]


@pytest.mark.parametrize("scenario", KRYPKASINO)
def test_every_krypkasino_scenario_has_two_your_move_steps(scenario: str) -> None:
    s = scen.load("krypkasino", scenario, wkryp.GAME_KEYS)
    walk = wkryp.build(s.data, KrypkasinoRules.from_dict(wkryp.base_variant(s.data)))
    asks = [step for step in walk.steps if step.your_move is not None]
    assert len(asks) >= 2, scenario
    listed = s.data.get("your_move")
    if listed:
        assert [a.id for a in asks] == list(listed)
    for step in asks:  # a real choice: a move the engine refuses, or one that does worse
        move = step.your_move
        assert move is not None and (move.has_illegal or any(
            n.key in ("ym.c.better", "ym.c.worse") for o in move.options for n in o.feedback)
        ), (scenario, step.id)
    for lang in ("en", "es", "pt"):
        for step in asks:
            assert step.your_move is not None
            ask = wv.ask_of(step.your_move, lang)
            assert sum(c.verdict == "best" for c in ask.choices) == 1
            assert len({c.id for c in ask.choices}) == len(ask.choices)


@pytest.mark.parametrize("scenario", KACHUFUL)
def test_every_kachuful_scenario_has_two_your_move_steps(scenario: str) -> None:
    s = scen.load("kachuful", scenario, wkach.SCENARIO_KEYS)
    walk = wkach.build(wkach.scenario_source(s), wkach.scenario_rules(s), "en", s.texts)
    asks = [step for step in walk.steps if step.ask is not None]
    assert len(asks) >= 2, scenario
    for step in asks:
        assert step.ask is not None and step.before is not None
        assert sum(c.verdict == "best" for c in step.ask.choices) == 1


def test_kachuful_verdicts_are_the_engines_on_the_state_before_the_move() -> None:
    """Replaying the worked example: each option's verdict is what ``state.check`` says."""
    walk = wkach.build(wkach.record_source(wkach.EXAMPLE_DOC, 11))
    hook = walk.steps[walk.index_of("h11.bid.s3")]
    assert hook.ask is not None and hook.ask.rule == "K-9"
    verdicts = {c.id: c.verdict for c in hook.ask.choices}
    assert verdicts == {"bid-0": "best", "bid-1": "illegal", "bid-2": "legal", "bid-3": "legal"}
    refused = hook.ask.choice("bid-1")
    assert refused is not None and refused.rule == "K-9" and refused.feedback.endswith("(K-9)")
    follow = walk.steps[walk.index_of("h11.t1.c3")]
    assert follow.ask is not None
    assert {c.id: c.verdict for c in follow.ask.choices} == {
        "card-AH": "best", "card-6S": "illegal", "card-9D": "illegal"}
    assert all(c.rule == "K-11" for c in follow.ask.choices)


def test_krypkasino_verdicts_match_the_engine() -> None:
    s = scen.load("krypkasino", "forced-sweep", wkryp.GAME_KEYS)
    walk = wkryp.build(s.data, KrypkasinoRules())
    step = walk.steps[walk.index_of("play-0")]
    move = step.your_move
    assert move is not None and move.rule == "C-8"
    from engine.krypkasino.state import KrypkasinoState, Play

    pos = s.data["position"]
    state = KrypkasinoState.scenario(2, [[parse_card(c) for c in h] for h in pos["hands"]],
                                     [parse_card(c) for c in pos["table"]], dealer=0, turn=1)
    for option in move.options:
        card, _, taken = option.id.partition(":")
        take = tuple(parse_card(c) for c in taken.split(".") if c)
        try:
            state.check(Play(parse_card(card), take))
            legal = True
        except IllegalActionError as exc:
            legal = False
            assert option.rule == exc.rule and option.feedback[0].key == exc.key
        assert legal == (option.verdict != "illegal"), option


def test_answers_are_recorded_like_quiz_questions() -> None:
    heard: list[tuple[str, str, bool, str]] = []

    def listen(*args: object) -> None:
        heard.append(args)  # type: ignore[arg-type]

    ym.add_listener(listen)
    session: dict[str, object] = {}
    ask = ym.Ask("play-0", "?", "C-8", (
        ym.Choice("a", "A", "illegal", "no (C-8)", "C-8"),
        ym.Choice("b", "B", "legal", "weaker", "C-8"),
        ym.Choice("c", "C", "best", "yes", "C-8")), "c")
    assert ym.answer(session, ask, "a", "k").verdict == "illegal"
    assert ym.settled(ask, ym.tried(session, "k")) is None
    assert ym.last_refused(ask, ym.tried(session, "k")) == ask.choices[0]
    assert ym.answer(session, ask, "b", "k").verdict == "legal"
    assert ym.settled(ask, ym.tried(session, "k")) == ask.choices[1]
    assert session["quiz.board"] == {"asked": 1, "right": 0, "misses": {"C-8": 1}}
    ym.answer(session, ask, "c", "other")
    assert session["quiz.board"] == {"asked": 2, "right": 1, "misses": {"C-8": 1}}
    assert heard[-2:] == [("walkthrough", "C-8", False, "play-0"),
                          ("walkthrough", "C-8", True, "play-0")]
    ym.remove_listener(listen)
