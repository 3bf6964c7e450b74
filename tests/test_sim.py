"""engine.sim and lab/: statistics on known values, the seeded runner, the fast Kachuful play
against the bots' public API, hand odds (exact against enumeration and simulation), the
hook study, the variant lab, sweep danger."""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass
from typing import Any

import pytest

from engine.cards import parse_card, parse_cards
from engine.kachuful.rules import KachufulRules
from engine.krypkasino.rules import KrypkasinoRules, deal_sizes
from engine.sim.games import kachuful_game, krypkasino_game
from engine.sim.hand_odds import one_card_exact
from engine.sim.kachuful_play import (
    basic_estimate,
    basic_rollout,
    closest_bid,
    play_game,
    play_game_public,
    trick_winner_int,
    tricks_for_bids,
)
from lab import runner
from lab.stats import (
    difference,
    mean,
    paired_difference,
    proportion,
    proportion_difference,
    t_quantile,
)
from lab.studies.hand_odds import FORBIDDEN, HandOddsStudy
from lab.studies.hook import HookStudy
from lab.studies.progression import ProgressionStudy, lines
from lab.studies.sweep_danger import copies_problem, next_sweep_chance, sweep_danger
from lab.studies.variant_lab import VariantLabStudy

# -- statistics --------------------------------------------------------------------------


@pytest.mark.parametrize(("df", "q"), [(1, 12.7062), (2, 4.3027), (5, 2.5706), (10, 2.2281),
                                       (30, 2.0423), (120, 1.9799), (10**7, 1.9600)])
def test_t_quantile_matches_tables(df: int, q: float) -> None:
    assert t_quantile(0.975, df) == pytest.approx(q, abs=1e-4)


def test_wilson_interval_known_values() -> None:
    # Wilson 95% for 8/10 (Newcombe 1998, table I): 0.4902 to 0.9433.
    e = proportion(8, 10)
    assert (round(e.low, 4), round(e.high, 4)) == (0.4902, 0.9433)
    assert proportion(0, 10).low == 0.0 and proportion(10, 10).high == 1.0
    with pytest.raises(ValueError):
        proportion(3, 0)


def test_mean_interval_known_values() -> None:
    e = mean([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0])
    sd = math.sqrt(32 / 7)
    half = 2.3646 * sd / math.sqrt(8)
    assert e.value == 5.0
    assert (e.low, e.high) == pytest.approx((5 - half, 5 + half), abs=1e-3)
    assert mean([3.0]).low == mean([3.0]).high == 3.0


def test_differences() -> None:
    a = [1.0, 2.0, 3.0, 4.0]
    b = [0.0, 1.5, 2.0, 3.5]
    p = paired_difference(a, b)
    assert p.value == pytest.approx(0.75)
    assert p == mean([1.0, 0.5, 1.0, 0.5])
    w = difference(a, b)
    assert w.value == pytest.approx(0.75) and w.low < 0 < w.high  # independent: wide
    same = proportion_difference([True, False] * 20, ([True] * 10 + [False] * 10) * 2)
    assert same.value == 0.0 and same.low < 0 < same.high
    # Pairs that never disagree leave no doubt about the difference.
    assert proportion_difference([True, False] * 20, [True, False] * 20).high == 0.0
    with pytest.raises(ValueError):
        paired_difference([1.0], [1.0, 2.0])


# -- the runner --------------------------------------------------------------------------


@dataclass(frozen=True)
class Draws:
    """Unit i: a number drawn from its own seed."""

    seed: int

    def simulate(self, start: int, count: int) -> list[Any]:
        return [random.Random(runner.unit_seed(self.seed, i)).random()
                for i in range(start, start + count)]


def test_results_do_not_depend_on_batches_or_workers() -> None:
    one = runner.run(Draws(7), 40, batch=40).results
    assert runner.run(Draws(7), 40, batch=7).results == one
    assert runner.run(Draws(7), 40, batch=13, workers=2).results == one
    assert runner.run(Draws(8), 40, batch=40).results != one


def test_run_stops_between_batches_and_reports_progress() -> None:
    seen: list[tuple[int, int]] = []
    r = runner.run(Draws(1), 50, batch=10, on_progress=lambda d, t: seen.append((d, t)),
                   should_stop=lambda: len(seen) >= 2)
    assert r.stopped and r.done == 20 and seen == [(10, 50), (20, 50)]
    assert r.results == runner.run(Draws(1), 20, batch=20).results
    assert r.cpu_seconds >= 0.0


# -- fast Kachuful play --------------------------------------------------------------------

VARIANTS = [{}, {"blind_bids": True, "max_cards": 4}, {"one_card_forehead": True, "max_cards": 3},
            {"trumps": "turned", "max_cards": 6}, {"trumps": "cycle-nt", "hook_rule": False,
                                                    "scoring": "margin", "max_cards": 5},
            {"renege": "penalized", "schedule": "up", "max_cards": 5}]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("levels", [("basic",) * 4, ("random", "basic", "random", "basic")])
def test_fast_games_equal_the_bots_through_the_checked_engine(variant: dict[str, Any],
                                                              levels: tuple[str, ...]) -> None:
    rules = KachufulRules.from_dict(variant)
    for seed in range(2):
        seeds = [seed * 10 + s for s in range(4)]
        fast = play_game(4, rules, seed, levels, seeds)
        slow = play_game_public(4, rules, seed, levels, seeds, checked=True)
        assert fast == slow


def test_trick_winner_int_agrees_with_k12() -> None:
    # A♥ led, 2♠ trumps, K♥: the trump wins (RULES.md worked example's trick, clubs trump
    # there; here spades).
    cards = [parse_card(c).index for c in ("AH", "2S", "KH")]
    assert trick_winner_int(cards, trump=0) == 1
    assert trick_winner_int(cards, trump=-1) == 0


def test_tricks_for_bids_equals_one_play_out_per_bid() -> None:
    rnd = random.Random(3)
    for _ in range(150):
        n = rnd.choice([3, 4, 5, 6])
        size = rnd.randint(1, 52 // n)
        trump = rnd.randint(-1, 3)
        deck = list(range(52))
        rnd.shuffle(deck)
        hands = [deck[s * size:(s + 1) * size] for s in range(n)]
        bids = [closest_bid(list(range(size + 1)), basic_estimate(h, trump, size, n))
                for h in hands]
        me, leader = rnd.randrange(n), rnd.randrange(n)
        got = tricks_for_bids(hands, bids, me, range(size + 1), leader, trump)
        for b in range(size + 1):
            each = list(bids)
            each[me] = b
            assert got[b] == basic_rollout([list(h) for h in hands], each, leader, trump, n)[me]


# -- hand odds ----------------------------------------------------------------------------


def _brute_one_card(card: int, trump: int, players: int, position: int) -> float:
    others = [c for c in range(52) if c != card]
    wins = total = 0
    for combo in itertools.permutations(others, players - 1):
        trick = list(combo)
        trick.insert(position, card)
        total += 1
        wins += trick_winner_int(trick, trump) == position
    return wins / total


@pytest.mark.parametrize(("code", "trump", "position"),
                         [("AS", 0, 0), ("7S", 0, 1), ("6D", 1, 2), ("TC", -1, 1), ("QD", 2, 0),
                          ("JH", 3, 2)])
def test_one_card_exact_equals_enumeration(code: str, trump: int, position: int) -> None:
    card = parse_card(code).index
    p, cases = one_card_exact(card, trump, 3, position)
    assert cases == 51 * 50
    assert p == pytest.approx(_brute_one_card(card, trump, 3, position), abs=1e-12)


@pytest.mark.parametrize(("code", "trump", "position", "players"),
                         [("KS", 0, 0, 4), ("9H", 2, 1, 4), ("QC", -1, 2, 5), ("4D", 2, 3, 4)])
def test_one_card_simulation_matches_the_exact_value(code: str, trump: int, position: int,
                                                     players: int) -> None:
    study = HandOddsStudy((parse_card(code).index,), trump, players, position,
                          KachufulRules(hook_rule=False), seed=11)
    exact = study.exact_odds()
    sampled = study.summarize(study.simulate(0, 3000))
    for b in (0, 1):
        assert exact.bids[b].make is not None and sampled.bids[b].make is not None
        assert exact.bids[b].make.exact and not sampled.bids[b].make.exact
        assert sampled.bids[b].make.contains(exact.bids[b].make.value)
        assert sampled.bids[b].score is not None and exact.bids[b].score is not None
        assert sampled.bids[b].score.contains(exact.bids[b].score.value)


def test_hand_odds_same_seed_same_numbers_and_sane_shapes() -> None:
    hand = tuple(c.index for c in parse_cards(["AS", "KS", "QH", "9D", "4C"]))
    study = HandOddsStudy(hand, 0, 4, 3, KachufulRules(), seed=5)
    rows = study.simulate(0, 120)
    assert rows == study.simulate(0, 120)
    assert rows[40:80] == study.simulate(40, 40)
    odds = study.summarize(rows)
    for bid in odds.bids:
        if bid.samples:
            assert sum(e.value for e in bid.tricks) == pytest.approx(1.0)
            assert bid.forbidden is not None  # the studied seat deals, under the hook
    # The dealer is refused exactly the bid that makes the total: some bid is forbidden
    # in some samples, never all bids in one sample.
    assert any(FORBIDDEN in row for row in rows)
    assert all(row.count(FORBIDDEN) <= 1 for row in rows)
    assert odds.best is not None and odds.bids[odds.best].score is not None
    assert not study.can_be_exact


def test_hand_odds_refuses_impossible_studies() -> None:
    with pytest.raises(ValueError):
        HandOddsStudy((1, 1), 0, 4, 0, KachufulRules(), 1)
    with pytest.raises(ValueError):
        HandOddsStudy(tuple(range(14)), 0, 4, 0, KachufulRules(), 1)


def test_strong_hand_odds_plays_only_near_bids() -> None:
    hand = tuple(c.index for c in parse_cards(["AS", "KS", "QH", "9D", "4C", "3C"]))
    study = HandOddsStudy(hand, 0, 4, 0, KachufulRules(), seed=2, level="strong",
                          strong_play_samples=4)
    odds = study.summarize(study.simulate(0, 3))
    assert sum(1 for b in odds.bids if b.samples) == 3


# -- the hook -----------------------------------------------------------------------------


def test_hook_study_always_leaves_someone_missing() -> None:
    study = HookStudy((3, 5), (1, 2, 4), seed=2)
    rows = study.simulate(0, 120)
    assert rows == study.simulate(0, 120)
    # K-9: with the hook the bids never add up to the tricks, so someone misses.
    assert all(r[2] >= 1 for r in rows)
    cells = study.summarize(rows)
    assert [(c.players, c.size) for c in cells] == [(3, 1), (3, 2), (3, 4), (5, 1), (5, 2),
                                                    (5, 4)]
    assert all(c.deals == 20 for c in cells)
    assert all(0.0 <= c.bites.value <= 1.0 for c in cells)


# -- games, the variant lab, progression ---------------------------------------------------


def test_krypkasino_game_rounds_add_up_to_the_totals() -> None:
    g = krypkasino_game(KrypkasinoRules(session=2), ("basic", "random", "basic"), seed=4,
                        rotation=1)
    assert g.length == 2 and sum(g.totals) == 84  # C-14: every deal scores 42
    assert [sum(r[p] for r in g.rounds) for p in range(3)] == list(g.totals)
    assert all(sum(d) == 42 for d in g.deal_scores)
    assert min(g.totals) == g.totals[g.winners[0]]


def test_kachuful_game_rotation_moves_the_bots_not_the_cards() -> None:
    rules = KachufulRules(max_cards=3)
    a = kachuful_game(rules, ("basic", "basic", "basic"), seed=9, rotation=0)
    b = kachuful_game(rules, ("basic", "basic", "basic"), seed=9, rotation=1)
    assert sorted(a.totals) == sorted(b.totals)
    assert a.totals[1] == b.totals[0]  # position 1 of game a sat where position 0 sits in b


def test_variant_lab_equal_rule_sets_show_no_difference() -> None:
    lab = VariantLabStudy("kachuful", ("basic", "random", "basic"), {"max_cards": 3},
                          {"max_cards": 3}, seed=1)
    summary = lab.summarize(lab.simulate(0, 15))
    for f in summary.figures:
        assert f.diff.value == 0.0, f.key


def test_variant_lab_sees_the_forced_sweep() -> None:
    lab = VariantLabStudy("krypkasino", ("basic",) * 4, {"session": 1},
                          {"session": 1, "forced_sweep": False}, seed=3)
    pairs = lab.simulate(0, 12)
    assert pairs == lab.simulate(0, 12)
    summary = lab.summarize(pairs)
    sweeps = summary.figure("sweeps_per_deal")
    assert sweeps.diff.high < 0  # without the obligation, basic bots sweep far less
    assert summary.figure("final_score").a.value == pytest.approx(42 / 4)


def test_progression_lines() -> None:
    study = ProgressionStudy("krypkasino", ("basic", "basic"), {"session": 1}, seed=6)
    games = study.simulate(0, 2)
    lots = deal_sizes(2).lots  # C-2, C-11: one round per lot
    assert [len(g.rounds) for g in games] == [lots, lots]
    assert [line[-1] for line in lines(games, 0)] == [g.totals[0] for g in games]


# -- sweep danger --------------------------------------------------------------------------


def test_sweep_danger_worked_example_one() -> None:
    d = sweep_danger(4, parse_cards(["9D", "4C"]), parse_cards(["2H", "7S"]))
    sweep, trail = d.options
    assert d.forced
    assert (sweep.kind, sweep.allowed, sweep.points, sweep.sweep) == ("sweep", True, 1, 5)
    assert (trail.kind, trail.allowed) == ("trail", False)  # C-8: the 9 must be played
    assert sweep.chance == 0.0 and sweep.table_after == ()


def test_double_sweep_and_the_chance_left_behind() -> None:
    d = sweep_danger(3, parse_cards(["3D", "8H"]), parse_cards(["3D"]))
    double = next(o for o in d.options if o.card.code == "3D")
    assert double.kind == "sweep" and double.sweep == 10  # C-10
    trail = next(o for o in d.options if o.card.code == "8H")
    assert trail.kind == "trail" and trail.sweepers == (11,)  # 3 + 8 = a jack takes both
    jacks = sum(1 for c in dunseen_cards(["3D", "8H"], ["3D"]) if c.code[0] == "J")
    assert jacks == 8
    assert d.unseen == 101 and d.next_hand == 5  # 104 - hand - table; C-2: hands of 5
    assert trail.chance == pytest.approx(1 - math.comb(101 - 8, 5) / math.comb(101, 5))


def dunseen_cards(hand: list[str], table: list[str]) -> list[Any]:
    from lab.studies.sweep_danger import unseen_cards

    return unseen_cards(parse_cards(hand), parse_cards(table), [])


def test_next_sweep_chance_against_sampling() -> None:
    unseen = parse_cards(["9D", "9S", "2C", "3C", "4C", "5C", "6C", "7C"])
    p = next_sweep_chance([9], unseen, 3)
    rnd = random.Random(1)
    hits = sum(any(c.code[0] == "9" for c in rnd.sample(unseen, 3)) for _ in range(20000))
    assert proportion(hits, 20000).contains(p)


def test_copies_problem() -> None:
    assert copies_problem([parse_cards(["AS", "AS"]), parse_cards(["AS"])]) == parse_card("AS")
    assert copies_problem([parse_cards(["AS", "AS"]), parse_cards(["KS"])]) is None


@pytest.mark.parametrize(("game", "rules"), [("kachuful", {"max_cards": 2}),
                                              ("krypkasino", {"session": 1})])
def test_strong_bots_play_through_the_public_api(game: str, rules: dict[str, Any]) -> None:
    lab = VariantLabStudy(game, ("strong", "basic", "random"), rules, rules, seed=1)
    (a, b), = lab.simulate(0, 1)
    assert a == b  # the same rules and seed: the same game
    assert len(a.totals) == 3


def test_sweeping_values_agree_with_the_engine_on_sampled_hands() -> None:
    from engine.krypkasino.state import KrypkasinoState
    from lab.studies.sweep_danger import unseen_cards

    hand = parse_cards(["9D", "4C", "KH", "5S", "AH"])
    table = parse_cards(["2H", "7S", "3C", "6D"])
    danger = sweep_danger(4, hand, table)
    unseen = unseen_cards(hand, table, [])
    rnd = random.Random(5)
    for option in danger.options:
        hits = 0
        for _ in range(300):
            nxt = rnd.sample(unseen, 5)
            state = KrypkasinoState.scenario(4, [[], nxt, [], []], list(option.table_after),
                                             dealer=3, turn=1)
            engine_says = bool(state.sweeping_cards(1))
            assert engine_says == any(int(c.rank) in option.sweepers for c in nxt)
            hits += engine_says
        assert proportion(hits, 300).contains(option.chance)


def test_benchmark_studies_run() -> None:
    """bench/explorers.py's studies are the issue's (13 cards, 2,000 samples; 500 and 200
    games of four players) and each runs."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "bench" / "explorers.py"
    spec = importlib.util.spec_from_file_location("bench_explorers", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    studies = bench.studies()
    assert [(name, units) for name, _, units, _ in studies] == [
        ("explorer.hand_odds_s", 2000), ("explorer.variant_lab.kachuful_s", 500),
        ("explorer.variant_lab.krypkasino_s", 200)]
    hand_odds = studies[0][1]
    assert hand_odds.size == 13 and hand_odds.players == 4 and hand_odds.level == "basic"
    for _, study, _, _ in studies:
        assert len(study.summarize(study.simulate(0, 2)).__dict__) > 0
