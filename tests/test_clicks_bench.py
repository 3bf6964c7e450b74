"""bench/clicks.py (issue 28) runs in Chromium and prints a median and a p95 for every
interaction, with no failed repetition (one repetition each: a smoke run, not a figure)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_the_clicks_bench_prints_a_figure_for_every_interaction() -> None:
    from clicks import INTERACTIONS

    done = subprocess.run([sys.executable, "bench/clicks.py", "--reps", "1", "--timeout", "90"],
                          cwd=ROOT, capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = dict(re.findall(r"^BENCH (\S+) (\S+) (?:ms|count)$", done.stdout, re.M))
    for name in INTERACTIONS:
        for figure in ("median_ms", "p95_ms"):
            assert float(lines[f"clicks.{name}.{figure}"]) > 0, (name, done.stderr[-2000:])
    assert lines["clicks.errors"] == "0", done.stderr[-2000:]
