"""Bounded work (issue 11): the cost model refuses requests over one visit's budget, in
every language; the scheduler's jobs stop their worker processes when cancelled, one job
per visitor, and a second visitor's light job is not starved by a heavy one."""

from __future__ import annotations

import os
import time
from typing import Any

import pytest

from engine.errors import RulesLabError
from engine.kachuful.rules import KachufulRules
from engine.krypkasino.rules import MAX_SESSION, KrypkasinoRules
from lab import pool, scheduler
from lab.cost import BUDGET_CPU_S, Cost, game_seconds
from lab.studies.progression import ProgressionStudy
from ui.apptest import open_site
from ui.explore.common import budget_refusal

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_of(pid: int) -> float:
    """CPU seconds (user + system) of a live process, from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def workers_cpu(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        try:
            total += cpu_of(pid)
        except OSError:  # a killed worker
            pass
    return total


def slow_study(seed: int = 1) -> ProgressionStudy:
    """About a quarter of a second of CPU a unit: 24 deals of two basic bots."""
    return ProgressionStudy("krypkasino", ("basic", "basic"), {"session": MAX_SESSION}, seed)


# -- the engine's ranges -----------------------------------------------------------------------

def test_work_sizing_rule_options_have_ranges() -> None:
    assert KrypkasinoRules(session=MAX_SESSION).session_length(2) == MAX_SESSION
    for bad in (0, MAX_SESSION + 1, 1_000_000, True, "7"):
        with pytest.raises(RulesLabError) as caught:
            KrypkasinoRules(session=bad)  # type: ignore[arg-type]
        assert f"1 to {MAX_SESSION}" in caught.value.localized("en")
    with pytest.raises(RulesLabError):
        KachufulRules(max_cards=27)


# -- the budget --------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("about 52 s", "one request may use at most 8 s", "Lower “Games” to 650 or fewer")),
    ("es", ("cerca de 52 s", "una petición puede usar como mucho 8 s", "Baja “Games” a 650 o menos")),
    ("pt", ("cerca de 52 s", "um pedido pode usar no máximo 8 s",
            "Reduza “Games” para 650 ou menos")),
])
def test_a_request_over_budget_is_refused_with_the_limit_and_the_way_under(
        lang: str, words: tuple[str, ...]) -> None:
    sentence = budget_refusal(Cost(5000, 0.01), lang, "Games", least=10)
    assert sentence is not None
    for word in words:
        assert word in sentence, sentence
    assert budget_refusal(Cost(650, 0.01), lang, "Games") is None
    assert budget_refusal(Cost(651, 0.01), lang, "Games") is not None


@pytest.mark.parametrize(("lang", "word"), [("en", "fewer strong bots"),
                                            ("es", "menos bots fuertes"),
                                            ("pt", "menos bots fortes")])
def test_a_request_too_big_even_at_its_smallest_says_so(lang: str, word: str) -> None:
    six_strong = game_seconds("krypkasino", {}, ("strong",) * 6)
    sentence = budget_refusal(Cost(5000, six_strong), lang, "Games", least=10)
    assert sentence is not None and word in sentence and "(10)" in sentence


def test_the_budget_is_a_few_seconds_and_the_defaults_fit_it() -> None:
    assert 2 <= BUDGET_CPU_S <= 10
    fan = ProgressionStudy("kachuful", ("basic", "basic", "random", "random"), {}, 1)
    assert Cost(200, fan.unit_seconds()).fits()
    strong = ProgressionStudy("krypkasino", ("strong",) * 6, {}, 1)
    assert not Cost(10, strong.unit_seconds()).fits()


def test_an_out_of_range_option_is_named_and_the_usual_rule_used() -> None:
    """The link codec: session:1000000 is named in a warning with the allowed range, and
    the (bounded, 10-game) run uses the usual session length instead."""
    at = open_site("pages/explore_score_fan.py", timeout=60, game="krypkasino",
                   lineup="basic,basic", rules="session:1000000", games="10")
    assert not at.exception, [e.message for e in at.exception]
    warnings = [str(w.value) for w in at.warning]
    assert any("1000000" in w and "from 1 to 24" in w for w in warnings), warnings


@pytest.mark.parametrize(("lang", "page", "query", "word"), [
    ("en", "pages/explore_score_fan.py",
     {"game": "krypkasino", "lineup": ",".join(["strong"] * 6), "games": "5000"},
     "one request may use at most 8 s"),
    ("es", "pages/explore_score_fan.py",
     {"game": "krypkasino", "lineup": ",".join(["strong"] * 6), "games": "5000"},
     "una petición puede usar como mucho 8 s"),
    ("pt", "pages/explore_variant_lab.py",
     {"game": "kachuful", "lineup": "basic,basic,basic,basic,basic,basic,basic,basic",
      "games": "5000"}, "um pedido pode usar no máximo 8 s"),
    ("en", "pages/explore_hand_odds.py",
     {"hand": "AS,KS,QS,JS,TS,9S,8S,7S,6S,5S,4S,3S,2S", "size": "13", "samples": "20000"},
     "Lower “Samples” to"),
    ("en", "pages/explore_hook.py", {"players": "3,4,5,6,7", "deals": "5000"},
     "Lower “Deals per hand size” to"),
    ("en", "pages/explore_variant_lab.py", {"game": "krypkasino", "a": "session:1000000"},
     "from 1 to 24"),
])
def test_hostile_links_are_refused_before_any_work(lang: str, page: str,
                                                  query: dict[str, str], word: str) -> None:
    started = time.process_time()
    at = open_site(page, timeout=60, lang=lang, **query)
    assert not at.exception, [e.message for e in at.exception]
    # a value out of range is a warning naming it (the link codec), a request over budget
    # an error: either way nothing runs
    errors = [str(e.value) for e in at.error] + [str(w.value) for w in at.warning]
    assert any(word in e for e in errors), errors
    # No chart, unless the question the page falls back to was studied before (the
    # variant lab answers it from the store, lab/library.py: no simulation either).
    stored = any("stored study" in str(c.value) for c in at.caption)
    assert not at.get("plotly_chart") or stored
    assert not scheduler.scheduler().jobs()
    assert time.process_time() - started < 20  # the page itself, no simulation


# -- the scheduler: real worker processes ------------------------------------------------------

@pytest.fixture
def sched() -> Any:
    pool.shutdown_pool()
    s = scheduler.Scheduler(workers=2)
    yield s
    for job in s.jobs():
        s.cancel(job)
    pool.shutdown_pool()


def wait_for(condition: Any, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


def test_a_cancelled_simulation_stops_its_workers(sched: Any) -> None:
    job = sched.submit(slow_study(), 400, owner="visitor", chunk=1)
    assert wait_for(lambda: job.done >= 2, 30)
    pids = pool.worker_pids()
    assert len(pids) == 2
    before = workers_cpu(pids)
    time.sleep(2.0)
    assert workers_cpu(pids) - before > 0.1  # busy (niced: less on a loaded machine)
    sched.cancel(job)
    cancelled = time.monotonic()
    assert wait_for(lambda: sched.busy_workers() == 0, 2.0)
    assert time.monotonic() - cancelled < 2.0
    idle = workers_cpu(pids)
    time.sleep(1.5)
    assert workers_cpu(pids) - idle < 0.05  # nothing left running in the pool
    assert job.done < 400 and not job.finished and not sched.jobs()


def test_a_cancelled_chunk_still_running_is_killed_at_once(sched: Any) -> None:
    # One unit is a whole 24-deal session with a strong bot: several seconds of CPU; the
    # pool (pebble) kills the workers running the cancelled job's chunks.
    heavy = ProgressionStudy("krypkasino", ("strong", "basic"), {"session": MAX_SESSION}, 3)
    job = sched.submit(heavy, 4, owner="visitor", chunk=1)
    assert wait_for(lambda: sched.busy_workers() == 2, 10)
    pids = pool.worker_pids()
    time.sleep(0.5)
    sched.cancel(job)
    cancelled = time.monotonic()
    assert wait_for(lambda: sched.busy_workers() == 0, 2.0)
    assert wait_for(lambda: all(not os.path.exists(f"/proc/{pid}") or _zombie(pid)
                                for pid in pids), 2.0)
    assert time.monotonic() - cancelled < 2.0
    # The pool comes back for the next request, with the same numbers as in-process.
    again = sched.submit(slow_study(5), 4, owner="visitor", chunk=2)
    assert again.wait(60) and again.finished
    assert again.results() == slow_study(5).simulate(0, 4)


def _zombie(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rpartition(")")[2].split()[0] in ("Z", "X")
    except OSError:
        return True


def test_one_running_simulation_per_visitor(sched: Any) -> None:
    first = sched.submit(slow_study(), 400, owner="ana", chunk=1)
    second = sched.submit(slow_study(2), 400, owner="ana", chunk=1)
    assert first.cancelled_at is not None
    assert [j.ident for j in sched.jobs()] == [second.ident]
    sched.cancel(second)


def test_a_light_request_is_served_while_a_heavy_one_runs(sched: Any) -> None:
    heavy = sched.submit(slow_study(), 400, owner="ana", chunk=1)
    assert wait_for(lambda: heavy.done >= 2, 30)
    light_study = ProgressionStudy("kachuful", ("basic", "basic", "basic"), {"max_cards": 3}, 9)
    heavy_before = heavy.done
    light = sched.submit(light_study, 40, owner="ben", chunk=10)
    assert light.wait(60) and light.finished
    # Round-robin: the light job's 4 chunks alternate with the heavy job's, so it waits
    # for a few heavy chunks (a quarter second each), not for the 400 units of the run.
    assert heavy.done - heavy_before <= 10
    assert light.results() == light_study.simulate(0, 40)
    assert not heavy.ended
    sched.cancel(heavy)


def test_a_job_over_its_cap_is_cut(sched: Any) -> None:
    job = sched.submit(slow_study(), 400, owner="ana", chunk=1, cap=0.5)
    assert job.wait(30)
    assert job.cut and 0 < job.done < 400
    assert job.results() == slow_study().simulate(0, job.done)


@pytest.mark.parametrize(("query", "word"), [
    ({"hand": "AS,KS,QS,JS,TS,9S,8S"}, "at most 6"),
    ({"table": ",".join(["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S",
                         "3S", "2S"] * 2)[:-3] + ",AH,KH"}, "at most 24"),
])
def test_sweep_danger_bounds_the_cards_it_studies(query: dict[str, str], word: str) -> None:
    at = open_site("pages/explore_sweep_danger.py", timeout=60, **query)
    assert not at.exception, [e.message for e in at.exception]
    assert any(word in str(e.value) for e in at.error), [str(e.value) for e in at.error]
    assert not at.get("plotly_chart")
