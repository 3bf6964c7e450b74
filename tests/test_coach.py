"""The play pages' coach is the strong bot: on every position the coach is asked about, it
suggests the strong bot's move (a bot built here from the class, with the seed the play
session gives that decision), and its sentence quotes the estimate that bot's search
rests on (Kachuful: the share of sampled deals where the bid is made, or the points the
search expects; Krypkasino: the chance of the lowest total at the end of the session
over the sampled hands, or the average cost against the others for the older round
search), in every language."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.bots import Decision
from engine.bots.kachuful import StrongKachufulBot, resolve
from engine.bots.kachuful import observe as kachuful_observe
from engine.bots.krypkasino import StrongKrypkasinoBot
from engine.bots.krypkasino import observe as krypkasino_observe
from engine.kachuful.state import KachufulState
from engine.messages import LANGUAGES
from engine.session import HUMAN, PlaySession, Setup, bot_seed

#: The data fields holding a strong bot's estimate, per game.
ESTIMATES = {"kachuful": ("pct", "ev"), "krypkasino": ("cost", "pct")}


def _positions(game: str, players: int, seed: int, count: int,
               variant: tuple[tuple[str, Any], ...] = ()
               ) -> Iterator[tuple[PlaySession, Decision[Any], Decision[Any]]]:
    """Up to ``count`` positions where the player (seat 0, the others basic bots) is to
    act: the session, the coach's advice and the strong bot's own decision there. The
    player follows the advice, so the game goes on as the coach would play it."""
    levels = tuple(HUMAN if s == 0 else "basic" for s in range(players))
    session = PlaySession.start(Setup(game, players, 0, levels, variant, seed))
    for _ in range(count):
        session.until_my_turn(stop_at_round_end=False)
        if session.over or not session.human_turn:
            return
        if session.may_look():
            session.look()
        advice = session.advice()
        assert advice is not None
        state = session.state
        seed_now = bot_seed(seed, len(session.moves), 0)
        own: Decision[Any]
        if isinstance(state, KachufulState):
            own = StrongKachufulBot(seed_now).decide(kachuful_observe(state, 0))
            action = resolve(state, advice.action)
        else:
            own = StrongKrypkasinoBot(seed_now).decide(krypkasino_observe(state, 0))
            action = advice.action
        yield session, advice, own
        assert session.act(action) is not None, session.refusal


def _check(game: str, advice: Decision[Any], own: Decision[Any]) -> None:
    assert advice.action == own.action
    assert advice.key == own.key and dict(advice.data) == dict(own.data)
    fields = [f for f in ESTIMATES[game] if f in advice.data]
    assert fields, f"{advice.key} carries no estimate of the search: {dict(advice.data)}"
    for lang in LANGUAGES:
        text = advice.explain(lang)
        for f in fields:
            assert str(advice.data[f]) in text, (lang, f, text)


@pytest.mark.parametrize("seed", [3, 8])
def test_krypkasino_coach_is_the_strong_bot_with_its_estimate(seed: int) -> None:
    seen = set()
    for _session, advice, own in _positions("krypkasino", 2 if seed == 3 else 4, seed, 14):
        _check("krypkasino", advice, own)
        seen.add(advice.key)
    # Choices by the search and single legal plays alike.
    assert len(seen) >= 2




#: Kachuful decisions the strong bot takes without a choice: one legal card, cards that are
#: all alike, the forehead card it cannot see. They have no search over candidates, but
#: they quote the deals played out after the forced card all the same.
FORCED = ("bots.kachuful.strong-only", "bots.kachuful.strong-alike",
          "bots.kachuful.strong-own-card")


@pytest.mark.parametrize("seed", [4, 9])
def test_kachuful_coach_is_the_strong_bot_with_its_estimate(seed: int) -> None:
    seen = set()
    variant = (("max_cards", 3),)
    for _session, advice, own in _positions("kachuful", 4, seed, 10, variant):
        _check("kachuful", advice, own)
        seen.add(advice.key)
    assert any(k.endswith("bid") for k in seen) and any(k.endswith("play") for k in seen)


def test_kachuful_coach_quotes_an_estimate_even_for_a_single_legal_card() -> None:
    checked = 0
    for _session, advice, own in _positions("kachuful", 4, 4, 10, (("max_cards", 3),)):
        if advice.key in FORCED:
            _check("kachuful", advice, own)
            if advice.key == "bots.kachuful.strong-only":
                assert len(_session.state.legal_actions()) == 1
            checked += 1
    assert checked
