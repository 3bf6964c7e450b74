"""bench/tables.py runs and prints its BENCH lines (a tiny run)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_tables_bench_prints_its_figures() -> None:
    done = subprocess.run([sys.executable, "bench/tables.py", "--tables", "1", "--max-cards", "1"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120, check=True)
    lines = dict(re.findall(r"^BENCH (\S+) (\S+) \S+$", done.stdout, re.M))
    assert set(lines) == {"tables.store_cpu_per_move_ms", "tables.poll_cpu_ms", "tables.moves"}
    assert float(lines["tables.store_cpu_per_move_ms"]) > 0 and int(lines["tables.moves"]) > 0
