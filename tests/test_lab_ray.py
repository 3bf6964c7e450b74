"""The study API on Ray (lab/ray_backend.py): the same results as on this machine, the
units cut into tasks of at least 10,000 (a million games: 100 tasks). The Ray test starts
a local Ray in this process (slow: several seconds) and is skipped when Ray is not
installed (it is optional: requirements-ray.txt)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from lab import ray_backend
from lab.runner import Squares, SquaresTally, run, run_tally
from lab.studies.variant_lab import VariantLabStudy


def test_a_million_games_are_tasks_of_ten_thousand() -> None:
    ranges = ray_backend.task_ranges(1_000_000)
    assert len(ranges) == 100 and all(count == 10_000 for _, count in ranges)
    assert [s for s, _ in ranges] == list(range(0, 1_000_000, 10_000))
    for total in (1, 9_999, 10_000, 10_001, 19_999, 123_457):
        parts = ray_backend.task_ranges(total)
        assert sum(c for _, c in parts) == total
        assert all(c >= min(total, ray_backend.MIN_TASK_UNITS) for _, c in parts)
        assert parts[0][0] == 0 and all(a + n == b for (a, n), (b, _) in zip(parts, parts[1:],
                                                                             strict=False))


def test_without_an_address_a_study_runs_on_this_machine(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    monkeypatch.delenv(ray_backend.ENV_ADDRESS, raising=False)
    assert ray_backend.ray_address() is None
    assert ray_backend.run_study(Squares(seed=0), 50) == [i * i for i in range(50)]


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray
    finally:
        ray.shutdown()


@pytest.mark.slow
def test_a_study_on_ray_gives_the_same_results(local_ray: Any,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ray_backend.ENV_ADDRESS, "local")
    seen: list[int] = []
    squares = ray_backend.run_study(Squares(seed=0), 25_000,
                                    on_progress=lambda done, total: seen.append(done))
    assert squares == [i * i for i in range(25_000)]
    assert seen == [12_500, 25_000]  # two tasks of at least 10,000
    lab = VariantLabStudy("kachuful", ("basic", "random", "basic"), {"max_cards": 2},
                          {"max_cards": 2, "hook_rule": False}, 9)
    cpu: list[float] = []
    on_ray = ray_backend.run_on_ray(lab, 30, "local", min_units=10, cpu=cpu)
    assert len(cpu) == 3
    assert on_ray == run(lab, 30, batch=30).results


@pytest.mark.slow
def test_a_tallied_study_on_ray_merges_the_same_tally(local_ray: Any,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Each Ray task returns its range's tally, merged in the driver as the tasks finish
    (in whatever order): the same tally, and so the same summary, as on this machine."""
    monkeypatch.setenv(ray_backend.ENV_ADDRESS, "local")
    seen: list[int] = []
    squares = ray_backend.tally_study(Squares(seed=0), 25_000,
                                      on_progress=lambda done, total: seen.append(done))
    assert squares == SquaresTally(25_000, sum(i * i for i in range(25_000)))
    assert seen == [12_500, 25_000]
    for lab in (VariantLabStudy("kachuful", ("basic", "random", "basic"), {"max_cards": 2},
                                {"max_cards": 2, "hook_rule": False}, 9),
                VariantLabStudy("krypkasino", ("basic", "random"), {"session": 1},
                                {"session": 1, "sweep_points": 0}, 9)):
        cpu: list[float] = []
        on_ray = ray_backend.tally_on_ray(lab, 30, "local", min_units=7, cpu=cpu)
        assert len(cpu) == 4
        local = run_tally(lab, 30, batch=30)
        assert on_ray == local
        assert on_ray.summary() == local.summary() == lab.summarize(lab.simulate(0, 30))
