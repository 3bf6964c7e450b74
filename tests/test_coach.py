"""The play pages' coach and the review after each hand read the one analyst (issue 27).

The coach (engine.coach, PlaySession.advice) is the analyst's analysis of the player's
position, said in one sentence a beginner understands ("Play K♥: you make your bid about
7 times in 10; with A♥, 4 in 10"), the figures of every decision kept for a folded panel.
The review marks every decision the player took with the analysis of its position — the
same analysis object the coach showed — so the two can never disagree, whether the player
followed the coach or not.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import coach
from engine.analysis import analyse
from engine.kachuful import Bid
from engine.krypkasino.state import Play
from engine.messages import LANGUAGES, render
from engine.session import HUMAN, PlaySession, Setup, bot_seed


def _play(game: str, players: int, seed: int, variant: tuple[tuple[str, Any], ...],
          until_rounds: int, rng: random.Random, limit: int = 40
          ) -> tuple[PlaySession, list[tuple[int, Any, coach.Advice]]]:
    """Seat 0 plays (the others basic bots), following the coach two times in three and
    otherwise taking another legal decision; returns the session and, per decision, the
    move number, the action taken and the coach's advice shown before it."""
    levels = tuple(HUMAN if s == 0 else "basic" for s in range(players))
    session = PlaySession.start(Setup(game, players, 0, levels, variant, seed))
    taken: list[tuple[int, Any, coach.Advice]] = []
    while len(taken) < limit:
        session.until_my_turn(stop_at_round_end=False)
        if session.over or not session.human_turn or \
                session.play.results(session.state) >= until_rounds:
            break
        if session.may_look():
            session.look()
        advice = session.advice()
        assert advice is not None
        options = [d.action for d in advice.analysis.decisions]
        action = advice.action if rng.random() < 0.67 or len(options) == 1 \
            else rng.choice(options[1:])
        index = len(session.moves)
        assert session.act(action) is not None, session.refusal
        taken.append((index, action, advice))
    return session, taken


def _sentence(advice: coach.Advice, lang: str) -> str:
    return render(advice.sentence.key, lang, **advice.sentence.fields)


@pytest.mark.parametrize("game,players,variant", [
    ("kachuful", 4, (("max_cards", 3),)), ("krypkasino", 2, (("session", 1),))])
def test_the_coach_is_the_analyst_in_one_sentence(game: str, players: int,
                                                  variant: tuple[tuple[str, Any], ...]) -> None:
    session, taken = _play(game, players, 4, variant, 1, random.Random(1), limit=6)
    assert taken
    for index, _action, advice in taken:
        # The same analysis the analyst gives for that position and seed.
        assert advice.analysis.seat == 0
        state_seed = bot_seed(4, index, 0)
        assert advice is session._advice[index] and state_seed >= 0
        best = advice.analysis.best
        fields = advice.sentence.fields
        assert fields["tenths"] == coach.tenths(best.make)
        for lang in LANGUAGES:
            text = _sentence(advice, lang)
            shown = (str(best.action.n) if isinstance(best.action, Bid)
                     else str(best.action.card) if isinstance(best.action, Play)
                     else str(best.action))
            assert shown in text and str(fields["tenths"]) in text, (lang, text)
            assert "%" not in text and "playout" not in text  # plain words, no statistics
        # Every decision's figures are there for the folded detail.
        assert len(advice.detail) == len(advice.analysis.decisions)


def test_the_coach_matches_a_fresh_analysis_of_the_position() -> None:
    levels = (HUMAN, "basic", "basic", "basic")
    session = PlaySession.start(Setup("kachuful", 4, 0, levels, (("max_cards", 3),), 9))
    session.until_my_turn(stop_at_round_end=False)
    assert session.human_turn
    state = session.state.clone()
    advice = session.advice()
    assert advice is not None
    fresh = analyse(state, 0, seed=bot_seed(9, len(session.moves), 0))
    assert [(d.action, d.make, d.mark) for d in fresh.decisions] == \
        [(d.action, d.make, d.mark) for d in advice.analysis.decisions]


@pytest.mark.parametrize("game,players,variant,seed", [
    ("kachuful", 4, (("max_cards", 3),), 5), ("krypkasino", 2, (("session", 1),), 6)])
def test_the_review_marks_every_decision_with_the_coachs_analysis(
        game: str, players: int, variant: tuple[tuple[str, Any], ...], seed: int) -> None:
    session, taken = _play(game, players, seed, variant, 1, random.Random(seed), limit=80)
    session.until_my_turn()
    reviews = session.reviews()
    assert reviews, "a finished hand or deal has a review"
    _, notes = reviews[-1]  # the first hand (deal)
    marked = [n for n in notes if n.key.startswith("review.")]
    first_round = [(i, a, adv) for i, a, adv in taken
                   if session.moves[i].round == session.moves[taken[0][0]].round]
    assert len(marked) == len(first_round) > 0
    for note, (index, action, advice) in zip(marked, first_round, strict=True):
        assert session.analysis_at(index) is advice.analysis  # the very same analysis
        decision = coach.decision_of(advice.analysis, action)
        assert decision is not None
        fields = note.fields
        assert fields["tenths"] == coach.tenths(decision.make)
        if decision.mark in ("best", "good"):
            assert note.key.endswith(".right")
        else:  # named with its mark, and the coach's own advice as the better choice
            assert note.key.endswith("." + decision.mark)
            best = advice.analysis.best.action
            assert fields["better_tenths"] == coach.tenths(advice.analysis.best.make)
            assert fields["better"] == (str(best.n) if isinstance(best, Bid) else
                                        coach.play_text(best) if isinstance(best, Play)
                                        else str(best))
        for lang in LANGUAGES:
            text = render(note.key, lang, **fields)
            assert str(fields["tenths"]) in text
    # "Learn from your mistakes": exactly the decisions marked worse, as they were.
    worse = [i for i, a, adv in first_round
             if coach.decision_of(adv.analysis, a).mark not in coach.RIGHT]  # type: ignore[union-attr]
    drills = session.drills(len(reviews))
    assert [d.index for d in drills] == worse
    for d in drills:
        assert d.hand and sum(o.right for o in d.options) >= 1
        assert {o.verdict.key.rsplit(".", 1)[1] for o in d.options if o.right} == {"right"}
    # Not following the coach at least once is what the review is for.
    assert any(not k.endswith(".right") for k in (n.key for n in marked)) or \
        all(coach.decision_of(adv.analysis, a).mark in ("best", "good")  # type: ignore[union-attr]
            for _, a, adv in first_round)


def test_undo_forgets_the_reviewed_position() -> None:
    levels = (HUMAN, "basic", "basic", "basic")
    session = PlaySession.start(Setup("kachuful", 4, 0, levels, (("max_cards", 3),), 3,
                                      practice=True))
    session.until_my_turn(stop_at_round_end=False)
    advice = session.advice()
    assert advice is not None
    index = len(session.moves)
    assert session.act(advice.action) is not None
    assert session.analysis_at(index) is advice.analysis
    assert session.undo()
    assert index not in session._before
