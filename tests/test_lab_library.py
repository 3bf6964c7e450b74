"""Finished studies in the store (lab/library.py, store/studies.py, migration 2): keyed by
(game, variant, players, bots, engine version) on SQLite and PostgreSQL; the shipped
studies (lab/studies/*.json: the usual rules and every single-option change) are of this
engine and load at first use; the variant lab answers a studied question at once."""

from __future__ import annotations

import json
import sys
import time
import uuid
from pathlib import Path

import pytest
import sqlalchemy as sa
from pg_server import fresh_database

from lab import library
from lab.studies.variant_lab import VariantLabStudy
from store import db as store_db
from store import migrations
from store import studies as table
from ui.apptest import open_site

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import lab_studies  # noqa: E402


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> sa.Engine:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    else:
        url = fresh_database(request.getfixturevalue("postgres_url"),
                             f"t_{uuid.uuid4().hex[:12]}")
    made = store_db.make_engine(url)
    migrations.upgrade(made)
    return made


def small_study(b: dict[str, object] | None = None) -> VariantLabStudy:
    return VariantLabStudy("kachuful", ("basic", "random", "basic"), {"max_cards": 2},
                           b if b is not None else {"max_cards": 2, "hook_rule": False}, 5)


def test_a_variant_is_its_changes_from_the_usual_rules() -> None:
    assert library.variant_of("kachuful", {}, {"hook_rule": False}) == \
        library.variant_of("kachuful", {"scoring": "exact"}, {"hook_rule": False})
    assert library.variant_of("krypkasino", {"session": "rotation"}, {}) == \
        '{"a": {}, "b": {}}'
    assert library.variant_of("kachuful", {}, {"max_cards": 7}) != \
        library.variant_of("kachuful", {}, {"max_cards": 6})


def test_a_summary_survives_json() -> None:
    study = small_study()
    summary = study.summarize(study.simulate(0, 30))
    back = library.summary_from_json(library.summary_to_json(summary))
    assert back.figures == summary.figures and back.seat_figures == summary.seat_figures
    assert back.games == summary.games == 30
    assert sorted(back.finals_a) == sorted(summary.finals_a)
    assert sorted(back.finals_b) == sorted(summary.finals_b)


def test_a_study_is_kept_by_its_key_and_a_larger_one_wins(engine: sa.Engine) -> None:
    key = table.StudyKey("kachuful", '{"a": {}, "b": {}}', 4, "basic,basic,basic,basic", "v1")
    assert table.load(engine, key) is None
    assert table.save(engine, key, 100, 1, '{"x": 1}', "computed")
    assert not table.save(engine, key, 50, 2, '{"x": 2}', "computed")  # fewer games
    assert table.load(engine, key).summary == '{"x": 1}'  # type: ignore[union-attr]
    assert table.save(engine, key, 200, 3, '{"x": 3}', "computed")
    row = table.load(engine, key)
    assert row is not None and (row.units, row.seed, row.summary) == (200, 3, '{"x": 3}')
    other = table.StudyKey(key.game, key.variant, key.players, key.bots, "v2")
    assert table.load(engine, other) is None  # another engine version: another question
    assert table.count(engine) == 1 and table.count(engine, "v2") == 0


def test_the_shipped_studies_are_of_this_engine_and_cover_every_single_change() -> None:
    version = library.engine_version()
    for game, units in lab_studies.GAMES.items():
        data = json.loads((library.SHIPPED / f"{game}.json").read_text(encoding="utf-8"))
        assert data["engine_version"] == version, (
            f"lab/studies/{game}.json is of another engine's play: run "
            "scripts/lab_studies.py again")
        variants = {item["variant"]: item for item in data["studies"]}
        wanted = [library.variant_of(game, {}, change) for change in lab_studies.changes(game)]
        assert sorted(variants) == sorted(wanted)
        assert all(item["units"] == units for item in data["studies"])
        assert len(wanted) == (17 if game == "kachuful" else 7)


def test_shipped_studies_load_into_the_store_once(engine: sa.Engine) -> None:
    added = library.load_shipped(engine)
    assert added == table.count(engine, library.engine_version()) == 17 + 7
    assert library.load_shipped(engine) == 0  # once per process and database


def test_the_variant_lab_answers_a_shipped_question_at_once() -> None:
    # The lab's first question: four basic bots, the usual rules against no hook.
    started = time.monotonic()
    at = open_site("pages/explore_variant_lab.py", timeout=120, games="100")
    assert not at.exception, [e.message for e in at.exception]
    captions = [str(c.value) for c in at.caption]
    units = lab_studies.GAMES["kachuful"]
    assert any(c.startswith(f"Answered from a stored study: {units} games") for c in captions), \
        captions
    assert time.monotonic() - started < 30
    figures = at.dataframe[0].value
    assert len(figures) >= 5
    # The same question with more games than were studied is computed, not looked up.
    more = open_site("pages/explore_variant_lab.py", timeout=120, games=str(units + 10),
                     lineup="basic,basic,basic")
    assert not any("stored study" in str(c.value) for c in more.caption)


def test_a_finished_run_is_kept_and_answers_the_next_visitor() -> None:
    query = {"game": "kachuful", "lineup": "basic,random,basic", "a": "max_cards:2",
             "b": "max_cards:2,scoring:margin", "games": "20", "seed": "11"}
    first = open_site("pages/explore_variant_lab.py", timeout=120, **query)
    assert not first.exception
    assert not any("stored study" in str(c.value) for c in first.caption)
    again = open_site("pages/explore_variant_lab.py", timeout=120, **query)
    assert any(str(c.value).startswith("Answered from a stored study: 20 games")
               for c in again.caption)
    assert again.dataframe[0].value.to_dict() == first.dataframe[0].value.to_dict()
