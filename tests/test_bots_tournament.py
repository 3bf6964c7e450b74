"""The tournament runner: deterministic per seed, seats rotated, wins shared on ties."""

from __future__ import annotations

import pytest

from engine.bots import make_bot
from engine.bots.common import mean_interval
from engine.bots.tournament import game_seed, play_game, run_tournament

KACHUFUL_SHORT = {"max_cards": 2}
ONE_DEAL = {"session": 1}


@pytest.mark.parametrize(("game", "rules"), [("kachuful", KACHUFUL_SHORT),
                                             ("krypkasino", ONE_DEAL)])
def test_the_same_seed_gives_the_same_tournament(game: str, rules: dict[str, object]) -> None:
    lineup = ["basic", "random", "random", "random"]
    first = run_tournament(game, lineup, 8, seed=3, rules=rules)
    again = run_tournament(game, lineup, 8, seed=3, rules=rules)
    assert first == again
    other = run_tournament(game, lineup, 8, seed=4, rules=rules)
    assert [g.scores for g in other.results] != [g.scores for g in first.results]


def test_worker_processes_do_not_change_the_results() -> None:
    lineup = ["strong", "basic", "basic"]
    options = {"strong": {"bid_samples": 8, "play_samples": 4, "blind_samples": 4}}
    one = run_tournament("kachuful", lineup, 6, seed=11, rules=KACHUFUL_SHORT, options=options)
    two = run_tournament("kachuful", lineup, 6, seed=11, rules=KACHUFUL_SHORT, options=options,
                         workers=2)
    assert one.results == two.results


def test_seats_rotate_and_results_are_by_lineup_position() -> None:
    lineup = ["basic", "random", "random"]
    r = run_tournament("kachuful", lineup, 6, seed=1, rules=KACHUFUL_SHORT)
    assert [g.rotation for g in r.results] == [0, 1, 2, 0, 1, 2]
    assert [g.index for g in r.results] == list(range(6))
    for g in r.results:
        again = play_game("kachuful", lineup, game_seed(1, g.index), KACHUFUL_SHORT,
                          rotation=g.rotation, index=g.index)
        assert again == g


def test_win_shares_follow_each_game() -> None:
    r = run_tournament("krypkasino", ["basic", "random", "random"], 10, seed=2, rules=ONE_DEAL)
    for g in r.results:
        assert sum(g.shares) == pytest.approx(1.0)
        low = min(g.scores)  # Krypkasino: the lowest total wins
        winners = [p for p, s in enumerate(g.scores) if s == low]
        for p in range(3):
            assert g.shares[p] == pytest.approx(1 / len(winners) if p in winners else 0.0)
        assert sum(g.scores) == 42
    k = run_tournament("kachuful", ["basic", "random", "random"], 10, seed=2,
                       rules=KACHUFUL_SHORT)
    for g in k.results:
        high = max(g.scores)  # Kachuful: the highest total wins
        assert all((g.shares[p] > 0) == (s == high) for p, s in enumerate(g.scores))
    for seat in k.seats:
        assert seat.wins == pytest.approx(sum(g.shares[seat.position] for g in k.results))
        assert seat.win_rate.mean == pytest.approx(seat.wins / 10)
        assert seat.win_rate.low <= seat.win_rate.mean <= seat.win_rate.high
    assert sum(s.wins for s in k.seats) == pytest.approx(10)


def test_mean_interval() -> None:
    iv = mean_interval([0.0, 1.0, 0.5, 0.5])
    assert iv.mean == 0.5 and iv.low < 0.5 < iv.high and iv.n == 4
    assert mean_interval([2.0]).low == 2.0
    with pytest.raises(ValueError):
        mean_interval([])


def test_make_bot_refuses_unknown_names() -> None:
    with pytest.raises(ValueError):
        make_bot("chess", "basic", 0)
    with pytest.raises(ValueError):
        make_bot("kachuful", "genius", 0)
    with pytest.raises(ValueError):
        run_tournament("kachuful", ["basic"] * 3, 0)


def test_every_sentence_key_the_bots_use_is_in_every_language() -> None:
    import re
    from pathlib import Path

    from engine.messages import LANGUAGES, catalogue

    source = "".join(p.read_text(encoding="utf-8") for p in
                     (Path(__file__).parent.parent / "engine" / "bots").glob("*.py")
                     if p.name != "catalogue.py")
    used = set(re.findall(r'"(bots\.[a-z]+\.[a-z-]+)"', source))
    assert len(used) >= 30
    cat = catalogue()
    for lang in LANGUAGES:
        assert used <= cat[lang].keys(), (lang, sorted(used - cat[lang].keys()))
        defined = {k for k in cat[lang] if k.startswith("bots.")}
        assert defined == {k for k in cat["en"] if k.startswith("bots.")}
