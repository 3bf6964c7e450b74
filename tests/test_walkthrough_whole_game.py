"""The whole-game Kachuful walkthrough (issue 28): hand 1 of the default schedule to the
final standings, routine runs folded, ending on K-14.

The scenario (tutorials/scenarios/kachuful/whole-game.json) is a seeded game played by
the engine's basic computer player for every seat; the walkthrough keeps a few steps,
stops at the learner's bids and cards, and folds every other run into one step
(engine/walkthrough/kachuful_fold.py). Checked here against an independent replay of the
same game: every fold's sentences, the scores, the end; the cadence of the stops; the
texts in three languages.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

import tutorials.facts as facts_module
from engine.bots import bot_move, make_bot
from engine.kachuful import DEFAULT_RULES, KachufulState, hand_sizes
from engine.kachuful.events import GameOver, HandScored
from engine.kachuful.rules import winners
from engine.seats import seat_letter
from engine.walkthrough import kachuful as ekach
from engine.walkthrough.kachuful_fold import FOLD, fold
from engine.walkthrough.model import Walkthrough
from tutorials import scenarios as scen
from ui.walkthrough import kachuful as wkach

SCENARIO = "whole-game"
LANGS = ("en", "es", "pt")
DECISIONS = ("bid", "hook", "card", FOLD)


@cache
def scenario() -> scen.Scenario:
    return scen.load("kachuful", SCENARIO, wkach.SCENARIO_KEYS)


@cache
def walk() -> Walkthrough[Any]:
    s = scenario()
    return ekach.build(wkach.scenario_source(s), wkach.scenario_rules(s))


@cache
def replay() -> KachufulState:
    """The same game, played again without the walkthrough: the engine and the seeded bot."""
    data = scenario().data
    state = KachufulState.new_game(data["players"], DEFAULT_RULES, seed=data["seed"])
    bot = make_bot("kachuful", "basic", seed=data["seed"])
    while not state.is_terminal():
        action, _ = bot_move(state, bot)
        state.apply(action)
    return state


def test_the_scenario_is_a_whole_game_on_the_default_rules() -> None:
    data = scenario().data
    assert wkach.scenario_rules(scenario()) == DEFAULT_RULES and "variant" not in data
    assert data["hands"] == len(hand_sizes(data["players"], DEFAULT_RULES))
    w = walk()
    assert w.get("schedule") == tuple(hand_sizes(data["players"], DEFAULT_RULES))
    assert len(w.get("hand_scores")) == data["hands"]  # every hand was played and scored
    assert 30 <= len(w.steps) <= 60  # short enough to follow
    assert w.steps[0].kind in ("draw", "draw-tie") and w.steps[0].rules == ("K-3",)
    assert w.steps[2].id == "h1.schedule" and w.steps[2].fact("count") == data["hands"]


def test_every_hand_is_shown_or_folded_once_in_order() -> None:
    scored: list[int] = []
    for step in walk().steps:
        if step.kind == "score":
            scored.append(step.view.hand)
        elif step.kind == FOLD:
            scored.extend(step.fact("hands_scored") or ())
            assert step.id.startswith("fold.") and step.fact("folded") >= 2
            assert not step.view.private and not step.view.advice and step.seat is None
    assert scored == list(range(1, scenario().data["hands"] + 1))


def test_folded_sentences_are_the_replayed_games() -> None:
    """Each finished hand a fold sums up has the bids, tricks and points the engine gave
    that hand when the game is played again from the seed."""
    results = replay().results
    checked = 0
    for step in walk().steps:
        if step.kind != FOLD:
            continue
        for note in step.why:
            data = note.args()
            if note.key == "kwalk.fold.tricks":  # part of a hand: a run of its tricks
                won = results[data["hand"] - 1].trick_winners
                runs = [won[i:i + data["count"]] for i in range(len(won))]
                assert data["winners"] in runs
                checked += 1
            if note.key == "kwalk.fold.bids":  # part of the bidding, in bidding order
                result = results[data["hand"] - 1]
                n = len(result.bids)
                order = [(result.setup.dealer + 1 + k) % n for k in range(n)]
                said = [f"{seat_letter(s)} {result.bids[s]}" for s in order]
                assert any(tuple(said[i:i + len(data["bids"])]) == data["bids"]
                           for i in range(n))
            if note.key != "kwalk.fold.hand":
                continue
            result = results[data["hand"] - 1]
            assert data["bids"] == tuple(f"{seat_letter(s)} {b}" for s, b in enumerate(result.bids))
            assert data["tricks"] == tuple(f"{seat_letter(s)} {t}"
                                           for s, t in enumerate(result.tricks))
            assert data["points"] == tuple(f"{seat_letter(s)} {p}"
                                           for s, p in enumerate(result.scores))
            setup = result.setup
            assert (data["size"], data["dealer"], data["trump"]) == \
                (setup.size, setup.dealer, ekach.trump_code(setup.trump))
            checked += 1
        made = [n for n in step.why if n.key in ("kwalk.fold.made", "kwalk.fold.nobody")]
        assert len(made) == len([n for n in step.why if n.key == "kwalk.fold.hand"])
    assert checked >= 15


def test_it_ends_on_the_final_standings_and_k14() -> None:
    last = walk().steps[-1]
    assert last.kind == "score" and last.id == f"h{scenario().data['hands']}.score"
    over = next(e for e in last.events if isinstance(e, GameOver))
    state = replay()
    assert over.totals == tuple(state.scores()) and list(over.winners) == state.winners()
    assert last.fact("totals") == over.totals and last.fact("winners") == over.winners
    assert list(last.fact("winners")) == winners(list(over.totals))  # K-14 by the rules module
    assert last.fact("shared") is True and len(over.winners) == 2  # the tie rule is visible
    assert last.fact("best") == max(over.totals)
    assert last.fact("hands_played") == scenario().data["hands"]
    assert "K-14" in last.rules
    assert sum(isinstance(e, GameOver) for s in walk().steps for e in s.events) == 1
    rows = [e for e in last.events if isinstance(e, HandScored)]
    assert [e.total for e in rows] == list(over.totals)


def test_a_your_move_stop_at_least_every_four_steps() -> None:
    """Between two stops (and before the first, after the last) at most three steps hold
    a decision of the game (a bid, a card, a folded run); every stop is a real choice."""
    steps = walk().steps
    asks = [i for i, s in enumerate(steps) if s.your_move is not None]
    assert len(asks) >= 12
    bounds = [-1, *asks, len(steps)]
    for a, b in zip(bounds, bounds[1:], strict=False):
        between = steps[a + 1:b]
        assert sum(s.kind in DECISIONS for s in between) <= 3, [s.id for s in between]
        assert len(between) <= 5, [s.id for s in between]
    for i in asks:
        move = steps[i].your_move
        assert move is not None and len(move.legal_ids) >= 2, steps[i].id
        assert move.seat == steps[asks[0]].your_move.seat  # one learner's seat throughout
    kinds = {steps[i].kind for i in asks}
    assert {"bid", "hook", "card"} <= kinds  # bids, the dealer's hook and cards


def test_the_fold_keeps_the_named_steps_and_folds_runs_of_two_or_more() -> None:
    kept = set(scenario().data["keep"])
    ids = {s.id for s in walk().steps}
    assert kept <= ids and set(scenario().data["your_move"]) <= ids
    for step in walk().steps:
        assert step.id in kept or step.your_move is not None or step.kind == FOLD
    # Folding nothing away: the raw walk, and every raw step inside exactly one place.
    source = wkach.scenario_source(scenario())
    raw = ekach.unfolded(source, DEFAULT_RULES)
    again = fold(raw, kept)
    assert [s.id for s in again.steps] == [s.id for s in walk().steps]
    total = sum(s.fact("folded") or 1 for s in walk().steps)
    assert total == len(raw.steps)


def test_folded_bids_compute_no_advice() -> None:
    """Only kept steps and stops get the analyst's bid advice (a whole game stays quick)."""
    for step in walk().steps:
        if step.kind in ("bid", "hook"):
            assert step.view.advice, step.id


@pytest.mark.parametrize("lang", LANGS)
def test_every_step_reads_in_every_language(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(facts_module, "STRICT", True)
    s = scenario()
    said = wkach.localize(walk(), wkach.scenario_rules(s), lang, s.texts)
    for step in said.steps:
        assert step.title and "{" not in step.title
        for line in (*step.lines, *step.explain):
            assert line and "{" not in line, (step.id, line)
        if step.kind == FOLD:
            assert step.lines and not step.explain and step.text
    keyed = [k for k in s.texts if k not in ("intro", FOLD)]
    for key in keyed:
        step = said.steps[said.index_of(key)]
        assert step.text, (key, lang)
    last = said.steps[-1]
    assert last.text is not None and "K-14" in last.text
    for seat in walk().steps[-1].fact("winners"):
        assert seat_letter(seat) in last.text
