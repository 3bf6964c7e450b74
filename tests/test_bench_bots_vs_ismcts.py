"""bench/bots_vs_ismcts.py: the card mapping to OpenSpiel's oh_hell, and (when open-spiel is
installed, a benchmark-only dependency) one tiny duplicate deal played end to end."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from engine.cards import DECK, Suit

_PATH = Path(__file__).resolve().parent.parent / "bench" / "bots_vs_ismcts.py"
_spec = importlib.util.spec_from_file_location("bots_vs_ismcts", _PATH)
assert _spec is not None and _spec.loader is not None
bench = importlib.util.module_from_spec(_spec)
sys.modules["bots_vs_ismcts"] = bench
_spec.loader.exec_module(bench)


def test_card_actions_map_both_ways() -> None:
    assert sorted(bench.os_action(c) for c in DECK) == list(range(52))
    for card in DECK:
        assert bench.os_card(bench.os_action(card)) is card
    # OpenSpiel: card = rank * 4 + suit, suits C D S H, ranks 2..A.
    assert (bench.os_card(0).suit, int(bench.os_card(0).rank)) == (Suit.CLUBS, 2)
    assert (bench.os_card(3).suit, int(bench.os_card(3).rank)) == (Suit.HEARTS, 2)
    assert (bench.os_card(50).suit, int(bench.os_card(50).rank)) == (Suit.SPADES, 14)


def test_interval() -> None:
    mean, low, high = bench.interval([1.0, 3.0] * 50)
    assert mean == 2.0 and low < 2.0 < high and round(high - low, 2) == 0.39


def test_one_deal_against_openspiel() -> None:
    pytest.importorskip("pyspiel")
    out = bench.play_deal((0, 3, 5, ("basic",), 1))
    assert len(out.control) == len(out.ours["basic"]) == 4
    assert all(isinstance(x, float) for x in out.ours["basic"])


def test_the_dump_keeps_bids_and_tricks_and_the_diagnosis_reads_it(tmp_path: Path) -> None:
    pytest.importorskip("pyspiel")
    import subprocess

    job = (0, 3, 5, ("basic",), 1)
    out = bench.play_deal(job)
    for seat in range(4):
        made = out.bids["basic"][seat] == out.tricks["basic"][seat]
        assert made == out.made["basic"][seat]
        assert (out.control_bids[seat] == out.control_tricks[seat]) == out.control_made[seat]
    assert sum(out.tricks["basic"]) <= 3 * 4 and sum(out.control_tricks) == 3
    dump = tmp_path / "deals.jsonl"
    bench._dump(str(dump), job, out)
    script = _PATH.parent / "ismcts_diagnosis.py"
    result = subprocess.run([sys.executable, str(script), "--cards", "3", "--level", "basic",
                             "--rollouts", str(dump)], capture_output=True, text=True,
                            timeout=120, check=True)
    assert result.stdout.startswith("1 deals, 4 hands, level basic")
    assert "by trumps held" in result.stdout and "our bid playouts" in result.stdout
    assert "our bid against the control's" in result.stdout
