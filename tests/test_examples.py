"""tests/data/examples holds the rules contract's example records, so that a clone of the
repository runs every record test on its own; when the contract is beside the repository
(``../shared/examples``, as in CI), the copies must be its files, byte for byte."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.replay import replay_document

ROOT = Path(__file__).resolve().parent.parent
COPY = ROOT / "tests" / "data" / "examples"
CONTRACT = ROOT.parent / "shared" / "examples"
NAMES = ("kachuful-seed-example", "krypkasino-two-players")


@pytest.mark.parametrize("name", NAMES)
def test_every_example_replays_to_its_outcome(name: str) -> None:
    record = json.loads((COPY / f"{name}.record.json").read_text(encoding="utf-8"))
    outcome = json.loads((COPY / f"{name}.outcome.json").read_text(encoding="utf-8"))
    assert replay_document(record) == (outcome, 0)


@pytest.mark.skipif(not CONTRACT.is_dir(), reason="the contract is not beside the repository")
def test_the_copies_are_the_contracts_files() -> None:
    contract = {p.name: p.read_bytes() for p in CONTRACT.glob("*.json")}
    copies = {p.name: p.read_bytes() for p in COPY.glob("*.json")}
    assert copies == contract
