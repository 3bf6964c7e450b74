"""bench/tables.py runs and prints its BENCH lines: the store floor alone (quick), and a
tiny served run (one table of four seats over Streamlit's protocol, on one and on two site
processes), whose moves are all seen by the other seats."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from ui.table import push

ROOT = Path(__file__).resolve().parent.parent


def bench(*args: str, timeout: float = 120) -> dict[str, str]:
    done = subprocess.run([sys.executable, "bench/tables.py", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stderr[-2000:]
    return dict(re.findall(r"^BENCH (\S+) (\S+) \S+$", done.stdout, re.M))


def test_the_tables_bench_prints_its_figures() -> None:
    lines = bench("--tables", "1", "--max-cards", "1", "--no-served")
    assert set(lines) == {"tables.store_cpu_per_move_ms", "tables.poll_cpu_ms", "tables.moves"}
    assert float(lines["tables.store_cpu_per_move_ms"]) > 0 and int(lines["tables.moves"]) > 0


@pytest.mark.slow
@pytest.mark.browser
def test_the_served_tables_bench_sees_every_move_on_one_and_two_processes() -> None:
    lines = bench("--tables", "1", "--max-cards", "1", "--think", "0.3", "--idle", "2",
                  "--moves", "4", "--timeout", "60", timeout=600)
    for label in ("tables", "tables.two_process"):
        assert lines[f"{label}.served_errors"] == "0", lines
        assert int(lines[f"{label}.served_moves"]) == 4
        for figure in ("move_seen_median_ms", "move_seen_p95_ms", "server_cpu_per_move_ms",
                       "server_poll_cpu_ms_per_s"):
            assert float(lines[f"{label}.{figure}"]) > 0, (label, figure, lines)
        # seen because the server's watcher woke the seats (on either process), not because
        # the pages' own safety timer (20 s) came round
        assert float(lines[f"{label}.move_seen_p95_ms"]) < push.SAFETY_S * 1000 / 4, lines
    assert float(lines["tables.store_cpu_per_move_ms"]) > 0
