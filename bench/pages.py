"""Time every page of the site in AppTest: 10 warm runs each, median.

Each page is opened once (imports, caches and tutorial parsing warm up), then re-run 10
times through the entry script as on the server (:class:`ui.apptest.SiteTest`); the median
wall-clock time of a run is printed as ``BENCH page.<page file name>.median_ms <value> ms``.
Target: every page under 300 ms warm. Pages are those registered in ui/navigation.py, so
new pages are measured without changing this script.

Usage: ``python bench/pages.py [--runs 10] [--lang en]``
"""

from __future__ import annotations

import argparse
import logging
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ui.apptest import open_site  # noqa: E402
from ui.navigation import registered  # noqa: E402

TARGET_MS = 300.0


def time_page(file: str, runs: int, lang: str) -> list[float]:
    """Wall-clock milliseconds of ``runs`` warm runs of the page."""
    at = open_site(file, lang=lang)
    if at.exception:
        raise RuntimeError(f"{file}: {at.exception[0].message}")
    at.run()  # a second warm-up: the first run after switching pages sets the page up
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        at.run()
        times.append((time.perf_counter() - start) * 1000)
        if at.exception:
            raise RuntimeError(f"{file}: {at.exception[0].message}")
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--lang", default="en", choices=("en", "es", "pt"))
    args = parser.parse_args()
    logging.getLogger("streamlit").setLevel(logging.ERROR)
    slow = []
    for spec in registered():
        median = statistics.median(time_page(spec.file, args.runs, args.lang))
        name = Path(spec.file).stem
        print(f"BENCH page.{name}.median_ms {median:.1f} ms", flush=True)
        if median >= TARGET_MS:
            slow.append(name)
    if slow:
        print(f"over {TARGET_MS:.0f} ms: {', '.join(slow)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
