"""The K-14 winner question is asked about the taught game (issue 28): a whole game on the
default rules (the hand sizes down to one card and back up, K-4), and the question says
so: how many hands were played, the hand sizes, each seat's total after the last hand."""

from __future__ import annotations

import pytest

from engine.kachuful import DEFAULT_RULES, KachufulState, hand_sizes
from engine.kachuful.rules import winners
from engine.quiz import generate
from engine.quiz.model import Question

SEEDS = range(40)
LANGS = ("en", "es", "pt")


def questions() -> list[Question]:
    return [generate("k-winner", seed) for seed in SEEDS]


def test_the_game_is_a_whole_game_on_the_taught_rules() -> None:
    for q in questions():
        players = q.data["players"]
        assert q.data["rules"] == DEFAULT_RULES
        # Every hand of the default schedule was played: the game really is over.
        assert q.data["hands"] == len(hand_sizes(players, DEFAULT_RULES))
        assert q.correct == {str(s) for s in winners(q.data["totals"])}


def test_the_question_states_the_schedule_and_the_totals() -> None:
    for q in questions():
        players, totals = q.data["players"], q.data["totals"]
        assert dict(q.prompt.data)["hands"] == q.data["hands"]
        keys = [f.key for f in q.facts]
        assert keys[:2] == ["quiz.fact.k-game", "quiz.schedule.down-up"]
        assert dict(q.facts[0].data) == {"players": players, "hands": q.data["hands"]}
        shown = [dict(f.data) for f in q.facts if f.key == "quiz.fact.k-total"]
        assert [(d["seat"], d["total"]) for d in shown] == list(enumerate(totals))


def test_the_totals_are_the_engines_of_a_finished_game() -> None:
    """The generator's totals are those of a real game played to its end (replayed)."""
    from engine.rng import Rng

    for seed in range(5):  # the generator's own draws, in its order
        rng = Rng(seed)
        players = 3 + rng.below(3)
        state = KachufulState.new_game(players, DEFAULT_RULES, seed=rng.next_u64())
        while not state.is_terminal():
            state.apply_unchecked(rng.choice(state.legal_actions()))
        assert generate("k-winner", seed).data["totals"] == state.scores()


@pytest.mark.parametrize("lang", LANGS)
def test_the_winner_question_reads_in_every_language(lang: str) -> None:
    for q in questions()[:10]:
        prompt = q.prompt.render(lang)
        assert str(q.data["hands"]) in prompt and "{" not in prompt
        for fact in q.facts:
            said = fact.render(lang)
            assert said and "{" not in said
