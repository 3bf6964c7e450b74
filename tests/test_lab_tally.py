"""The variant lab's mergeable tallies (lab/studies/variant_lab.py's LabTally, lab/stats.py's
Moments and Paired): the merge of the tallies of any split of the games, merged in any order
and grouping, is the tally of the whole, and shows the same summary as the games summarised
at once; the pool's run of tallies gives the same; a tally's size does not grow with the
number of games it counts."""

from __future__ import annotations

import functools
import pickle
from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from lab import ray_backend
from lab.runner import Squares, SquaresTally, run_tally
from lab.stats import Moments, Paired, mean, proportion_difference
from lab.studies.variant_lab import LabTally, VariantLabStudy

KACHUFUL = VariantLabStudy("kachuful", ("basic", "random", "basic"), {"max_cards": 2},
                           {"max_cards": 2, "hook_rule": False}, seed=4)
KRYPKASINO = VariantLabStudy("krypkasino", ("basic", "random"), {"session": 1},
                             {"session": 1, "forced_sweep": False}, seed=8)
GAMES = 16


@functools.cache
def pairs(game: str) -> list[Any]:
    study = KACHUFUL if game == "kachuful" else KRYPKASINO
    return study.simulate(0, GAMES)


def study_of(game: str) -> VariantLabStudy:
    return KACHUFUL if game == "kachuful" else KRYPKASINO


@settings(max_examples=60, deadline=None)
@given(game=st.sampled_from(["kachuful", "krypkasino"]),
       cuts=st.lists(st.integers(1, GAMES - 1), max_size=6, unique=True),
       order=st.randoms(use_true_random=False), grouping=st.randoms(use_true_random=False))
def test_merged_tallies_of_any_split_are_the_tally_of_the_whole(
        game: str, cuts: list[int], order: Any, grouping: Any) -> None:
    study = study_of(game)
    whole = study.tally_of(pairs(game))
    bounds = [0, *sorted(cuts), GAMES]
    parts = [study.tally_of(pairs(game)[i:j]) for i, j in zip(bounds, bounds[1:],
                                                                strict=False)]
    order.shuffle(parts)  # the tasks of a cluster come back in any order
    while len(parts) > 1:  # ... and are merged in any grouping
        k = grouping.randrange(len(parts) - 1)
        parts[k:k + 2] = [parts[k].merged(parts[k + 1])]
    assert parts[0] == whole
    assert parts[0].summary() == whole.summary() == study.summarize(pairs(game))


def test_a_tally_is_the_study_run_as_tallies_and_as_games() -> None:
    for study in (KACHUFUL, KRYPKASINO):
        whole = study.tally(0, GAMES)
        assert whole == study.tally_of(pairs(study.game))
        assert run_tally(study, GAMES, batch=5) == whole  # four batches merged
        assert run_tally(study, GAMES, batch=GAMES, workers=2) == whole  # on the pool
        summary = whole.summary()
        assert summary.games == GAMES
        finals = sorted(t for a, _ in pairs(study.game) for t in a.totals)
        assert [v for v, c in summary.finals_a for _ in range(c)] == finals


def test_the_summary_keeps_the_figures_of_the_per_game_statistics() -> None:
    """The tally's intervals are those of the per-game lists (lab.stats' mean, paired and
    Newcombe intervals), to rounding."""
    a = [g for g, _ in pairs("krypkasino")]
    b = [g for _, g in pairs("krypkasino")]
    summary = KRYPKASINO.summarize(pairs("krypkasino"))
    spread = summary.figure("spread")
    listed = mean([float(max(g.totals) - min(g.totals)) for g in b])
    assert abs(spread.b.low - listed.low) < 1e-9 and abs(spread.b.high - listed.high) < 1e-9
    sweeps = summary.figure("sweeps_per_deal")
    diffs = mean([gb.sweeps / gb.length - ga.sweeps / ga.length for ga, gb in zip(a, b,
                                                                                 strict=True)])
    assert abs(sweeps.diff.value - diffs.value) < 1e-12
    assert abs(sweeps.diff.low - diffs.low) < 1e-9
    wins = summary.figure("halftime_leader_wins")
    lowest = KRYPKASINO.empty_tally()
    listed_diff = proportion_difference([lowest._halftime_win(g) for g in b],
                                        [lowest._halftime_win(g) for g in a])
    assert wins.diff == listed_diff


@given(st.lists(st.fractions(min_value=-50, max_value=50, max_denominator=12), min_size=2,
                max_size=40), st.integers(1, 39))
def test_moments_merge_exactly(values: list[Fraction], cut: int) -> None:
    cut = min(cut, len(values) - 1)
    whole = Moments.of(values)
    assert Moments.of(values[:cut]).merged(Moments.of(values[cut:])) == whole
    listed = mean([float(v) for v in values])
    got = whole.estimate()
    assert got.n == listed.n and abs(got.value - listed.value) < 1e-9
    assert abs(got.low - listed.low) < 1e-6 and abs(got.high - listed.high) < 1e-6


@given(st.lists(st.tuples(st.booleans(), st.booleans()), min_size=1, max_size=30))
def test_paired_counts_give_the_newcombe_interval(outcomes: list[tuple[bool, bool]]) -> None:
    table = Paired()
    for x, y in outcomes:
        table.add(x, y)
    _, _, diff = table.estimates()
    assert diff == proportion_difference([y for _, y in outcomes], [x for x, _ in outcomes])


def test_a_tally_does_not_grow_with_the_number_of_games() -> None:
    """A task's tally of 16 games, merged with itself 20 times (16 million games' worth of
    counts), pickles to about the same size: what a task returns to the driver, and what the
    driver holds, is bounded by the game (its figures, its range of final totals), not by
    the number of games."""
    for study in (KACHUFUL, KRYPKASINO):
        tally: LabTally = study.tally_of(pairs(study.game))
        small = len(pickle.dumps(tally))
        for _ in range(20):
            tally = tally.merged(tally)
        assert tally.games == GAMES << 20
        assert len(pickle.dumps(tally)) < small + 1_500, (small, len(pickle.dumps(tally)))
        one = study.tally_of(pairs(study.game)).summary()
        many = tally.summary()
        for f, g in zip(one.figures, many.figures, strict=True):
            assert f.a.value == g.a.value and g.a.n == f.a.n << 20
            assert g.a.half_width <= f.a.half_width
        # The per-game results of the same games, for comparison, grow with the games.
        assert len(pickle.dumps(study.simulate(0, 4 * GAMES))) > \
            3 * len(pickle.dumps(pairs(study.game)))


def test_without_an_address_a_tally_runs_on_this_machine(monkeypatch: Any) -> None:
    monkeypatch.delenv(ray_backend.ENV_ADDRESS, raising=False)
    seen: list[int] = []
    assert ray_backend.tally_study(Squares(seed=0), 50, workers=1,
                                   on_progress=lambda done, total: seen.append(done)) == \
        SquaresTally(50, sum(i * i for i in range(50)))
    assert seen[-1] == 50
    assert ray_backend.tally_study(KACHUFUL, GAMES, workers=1) == KACHUFUL.tally(0, GAMES)


def test_the_finals_chart_counts_every_seat_of_every_game() -> None:
    """The page's chart draws the summary's value counts (not one point per game): each
    series sums to the seats × games, on the same bins for both rule sets."""
    from ui.charts import histogram

    summary = KACHUFUL.summarize(pairs("kachuful"))
    finals = {"A": summary.finals_a, "B": summary.finals_b}
    fig = histogram({k: [v for v, _ in c] for k, c in finals.items()}, "t", "x",
                    counts={k: [n for _, n in c] for k, c in finals.items()})
    assert [tr.histfunc for tr in fig.data] == ["sum", "sum"]
    assert [sum(tr.y) for tr in fig.data] == [GAMES * KACHUFUL.players] * 2
    assert fig.data[0].xbins == fig.data[1].xbins and fig.data[0].xbins.size >= 1
