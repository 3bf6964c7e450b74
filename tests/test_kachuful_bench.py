"""The Kachuful benchmark script still runs and prints its BENCH lines (tiny settings)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "bench" / "kachuful_random_play.py"


def test_benchmark_prints_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("kachuful_random_play", SCRIPT)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    assert bench.main(["--runs", "1", "--seconds", "0.02", "--sizes", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    figures = {m[1]: float(m[2]) for line in lines
               if (m := re.fullmatch(r"BENCH (\S+) (\d+) hands/s", line))}
    expected = {"kachuful.fast.3", "kachuful.checked.3", "kachuful.unchecked.3"}
    if bench.have_openspiel():
        expected.add("openspiel.3")
        assert any(line.startswith("# kachuful.fast.3 / openspiel.3 = ") for line in lines)
    assert set(figures) == expected and all(v > 0 for v in figures.values())
    # the fast path is the fast one
    assert figures["kachuful.fast.3"] > figures["kachuful.checked.3"]
