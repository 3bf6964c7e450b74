"""Benchmark: the worst explorer links the bounds allow, on a real server (issue 11).

Starts ``streamlit run streamlit_app.py`` on a free loopback port (``--root``: the tree to
serve, this one by default) and drives Debian's Chromium (Playwright, headless). The CPU of
the server process and every process under it (the pool's forkserver and workers) is read
from ``/proc`` every 0.1 s; a process's last reading counts even after it exits (a killed
worker keeps what it spent).

* **Requests.** Each link is opened in a fresh browser context and followed until the
  script is idle with no progress bar (at most ``--timeout`` s); its cost is the CPU the
  server and its workers spent from the click to then, plus 0.5 s for a last chunk.
  The links: the ones issue 11 found (``session:1000000`` in the variant lab and the score
  fan; six strong Krypkasino bots for 5,000 games), then for each explorer the heaviest
  request the budget admits (the most units ``lab.cost`` lets through for a heavy
  line-up or hand). Each run uses its own seed, so no finished run is served from the
  cache.
* **A second visitor.** While the heaviest admitted request runs, another context opens
  the sweep-danger page and a small hook study: their wall seconds to a finished page.
* **Orphans.** The heaviest admitted requests are opened again and the tab is closed
  (its context, so the websocket closes) a second after the progress bar shows; the CPU
  of the server and its workers in the next ``--settle`` (15) s is the orphan cost.

Prints, as the median of ``--runs`` runs: ``BENCH hostile.max_request_cpu_s <v> s`` (the
most CPU any one request cost) and ``BENCH hostile.orphan_cpu_s <v> s`` (the most CPU
spent after a tab was closed); each link's own figures as ``hostile.request.<name>``
lines. Targets: the first within ``BUDGET_CPU_S`` (8 s), the second under 1 s.

    python bench/hostile.py [--runs 3] [--settle 15] [--root DIR] [--only NAME]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_harness import IDLE, free_port, launch_chromium, url_for  # noqa: E402

from lab.cost import BUDGET_CPU_S, Cost  # noqa: E402
from lab.studies.hand_odds import HandOddsStudy  # noqa: E402
from lab.studies.hook import HookStudy  # noqa: E402
from lab.studies.progression import ProgressionStudy  # noqa: E402
from lab.studies.variant_lab import VariantLabStudy  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")
HAND13 = "AS,KS,QS,JS,TS,9S,8S,7S,6S,5S,4S,3S,2S"


class TreeCpu:
    """CPU seconds of a process and all its descendants, sampled from /proc."""

    def __init__(self, root_pid: int) -> None:
        self.root = root_pid
        self.seen: dict[int, float] = {}
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()

    def _scan(self) -> None:
        parents: dict[int, int] = {}
        cpu: dict[int, float] = {}
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rpartition(")")[2].split()
            except OSError:
                continue
            pid = int(entry)
            parents[pid] = int(fields[1])
            cpu[pid] = (int(fields[11]) + int(fields[12])) / TICKS
        tree = {self.root}
        grew = True
        while grew:
            grew = False
            for pid, parent in parents.items():
                if parent in tree and pid not in tree:
                    tree.add(pid)
                    grew = True
        with self._lock:
            for pid in tree:
                if pid in cpu:
                    self.seen[pid] = max(self.seen.get(pid, 0.0), cpu[pid])

    def _loop(self) -> None:
        while not self._stop.is_set():
            self._scan()
            time.sleep(0.1)

    def total(self) -> float:
        self._scan()
        with self._lock:
            return sum(self.seen.values())

    def close(self) -> None:
        self._stop.set()


def links(seed: int) -> list[tuple[str, str, dict[str, str]]]:
    """(name, path, query): the issue's links, then each explorer's heaviest admitted."""
    six_strong = ",".join(["strong"] * 6)
    out = [
        ("issue_lab_session_1e6", "explore_variant_lab",
         {"game": "krypkasino", "a": "session:1000000", "seed": str(seed)}),
        ("issue_fan_session_1e6", "explore_score_fan",
         {"game": "krypkasino", "lineup": "basic,basic", "rules": "session:1000000",
          "games": "10", "seed": str(seed)}),
        ("issue_fan_six_strong_5000", "explore_score_fan",
         {"game": "krypkasino", "lineup": six_strong, "games": "5000", "seed": str(seed)}),
    ]
    out.extend(heaviest(seed))
    return out


def _fit(unit_seconds: float, per: int = 1) -> int:
    return Cost(1, unit_seconds, BUDGET_CPU_S).max_units() // per


def heaviest(seed: int) -> list[tuple[str, str, dict[str, str]]]:
    """For each explorer, a heavy set-up with the most units the budget admits."""
    fan = ProgressionStudy("krypkasino", ("strong", "basic", "basic"), {"session": 1}, seed)
    lab = VariantLabStudy("kachuful", ("basic",) * 8, {}, {"hook_rule": False}, seed)
    odds = HandOddsStudy(tuple(range(13)), 0, 4, 0, __import__(
        "engine.kachuful.rules", fromlist=["KachufulRules"]).KachufulRules(), seed)
    hook = HookStudy((3, 4, 5, 6, 7), None, seed)
    return [
        ("max_fan_strong_krypkasino", "explore_score_fan",
         {"game": "krypkasino", "lineup": "strong,basic,basic", "rules": "session:1",
          "games": str(min(5000, _fit(fan.unit_seconds()))), "seed": str(seed)}),
        ("max_lab_kachuful_8_basic", "explore_variant_lab",
         {"game": "kachuful", "lineup": ",".join(["basic"] * 8), "a": "", "b": "hook_rule:false",
          "games": str(min(5000, _fit(lab.unit_seconds()))), "seed": str(seed)}),
        ("max_odds_13_cards", "explore_hand_odds",
         {"hand": HAND13, "size": "13", "players": "4", "position": "1",
          "samples": str(min(20000, _fit(odds.unit_seconds()))), "seed": str(seed)}),
        ("max_hook_all_tables", "explore_hook",
         {"players": "3,4,5,6,7", "deals": str(min(5000, _fit(hook.unit_seconds(),
                                                            len(hook.cells())))),
          "seed": str(seed)}),
    ]


def start_server(root: Path, port: int, log: Path) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "streamlit", "run", "streamlit_app.py",
               "--server.port", str(port), "--server.address", "127.0.0.1",
               "--server.headless", "true", "--browser.gatherUsageStats", "false",
               "--server.fileWatcherType", "none", "--server.runOnSave", "false"]
    out = log.open("wb")
    process = subprocess.Popen(command, cwd=root, stdout=out, stderr=subprocess.STDOUT,
                               start_new_session=True)
    out.close()
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health",
                                        timeout=2) as reply:
                if reply.status == 200:
                    return process
        except OSError:
            time.sleep(0.25)
    process.kill()
    raise TimeoutError(f"the server did not start; see {log}")


def settled(page: Any, timeout: float) -> bool:
    """Until the script is idle and no progress bar shows (True), or ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            idle = page.locator(IDLE).count() > 0
            running = page.locator("[data-testid='stProgress']").count() > 0
            drawn = page.locator("[data-testid='stMainBlockContainer'] "
                                 "[data-testid='stElementContainer']").count() > 0
        except Exception:  # noqa: BLE001 - a page mid-navigation
            idle, running, drawn = False, True, False
        if idle and drawn and not running:
            return True
        time.sleep(0.2)
    return False


def request_cost(browser: Any, cpu: TreeCpu, base: str, path: str, query: dict[str, str],
                 timeout: float) -> tuple[float, bool, str]:
    context = browser.new_context(viewport={"width": 1280, "height": 1200})
    page = context.new_page()
    before = cpu.total()
    page.goto(url_for(base, path, **query), wait_until="commit", timeout=60_000)
    finished = settled(page, timeout)
    time.sleep(0.5)
    spent = cpu.total() - before
    shown = " | ".join(t.strip().splitlines()[0][:90] for t in page.locator(
        "[data-testid='stAlertContentError'], [data-testid='stAlertContentInfo'], "
        "[data-testid='stException']").all_inner_texts() if t.strip())
    context.close()
    return spent, finished, shown


def orphan_cost(browser: Any, cpu: TreeCpu, base: str, path: str, query: dict[str, str],
                settle: float) -> tuple[float, bool]:
    context = browser.new_context(viewport={"width": 1280, "height": 1200})
    page = context.new_page()
    page.goto(url_for(base, path, **query), wait_until="commit", timeout=60_000)
    running = True
    try:
        page.locator("[data-testid='stProgress']").wait_for(timeout=60_000)
        time.sleep(1.0)
    except Exception:  # noqa: BLE001 - finished before the bar was seen
        running = False
    context.close()  # the tab and its websocket
    before = cpu.total()
    time.sleep(settle)
    return cpu.total() - before, running


def second_visitor(browser: Any, base: str, seed: int) -> dict[str, float]:
    """While the heaviest admitted request runs for one visitor, the wall seconds another
    visitor waits for a light page (sweep danger, no workers) and a light explorer (a
    small hook study through the same pool)."""
    _name, path, query = heaviest(seed)[0]
    heavy = browser.new_context(viewport={"width": 1280, "height": 1200})
    page = heavy.new_page()
    page.goto(url_for(base, path, **query), wait_until="commit", timeout=60_000)
    out: dict[str, float] = {}
    try:
        page.locator("[data-testid='stProgress']").wait_for(timeout=60_000)
    except Exception:  # noqa: BLE001 - no run to wait beside
        heavy.close()
        return {"heavy_still_running": 0.0}
    for light, light_query in (("explore_sweep_danger", {"seed": str(seed)}),
                               ("explore_hook", {"players": "4", "deals": "20",
                                                 "seed": str(seed)})):
        other = browser.new_context(viewport={"width": 1280, "height": 1200})
        began = time.monotonic()
        other_page = other.new_page()
        other_page.goto(url_for(base, light, **light_query), wait_until="commit",
                        timeout=60_000)
        settled(other_page, 120)
        out[light] = time.monotonic() - began
        other.close()
    out["heavy_still_running"] = float(page.locator("[data-testid='stProgress']").count())
    settled(page, 120)
    heavy.close()
    return out


def one_run(browser: Any, cpu: TreeCpu, base: str, seed: int, settle: float, timeout: float,
            only: str | None) -> tuple[float, float]:
    worst = 0.0
    for name, path, query in links(seed):
        if only and only not in name:
            continue
        spent, finished, shown = request_cost(browser, cpu, base, path, query, timeout)
        note = "" if finished else f" (still running after {timeout:g} s)"
        print(f"BENCH hostile.request.{name}_cpu_s {spent:.2f} s{note}   [{shown}]",
              flush=True)
        worst = max(worst, spent)
    if not only:
        waits = second_visitor(browser, base, seed + 3000)
        running = "while the heavy request ran" if waits.pop("heavy_still_running") else \
            "(the heavy request had ended)"
        for light, seconds in waits.items():
            print(f"BENCH hostile.second_visitor.{light}_s {seconds:.2f} s   [{running}]",
                  flush=True)
    orphan = 0.0
    for name, path, query in heaviest(seed + 1000):
        if only and only not in name:
            continue
        spent, running = orphan_cost(browser, cpu, base, path, query, settle)
        note = "" if running else " (ended before the tab closed)"
        print(f"BENCH hostile.orphan.{name}_cpu_s {spent:.2f} s{note}", flush=True)
        orphan = max(orphan, spent)
    for name, path, query in links(seed + 2000)[:3]:  # the links, tab closed at once
        if only and only not in name:
            continue
        spent, _ = orphan_cost(browser, cpu, base, path, query, settle)
        print(f"BENCH hostile.orphan.{name}_cpu_s {spent:.2f} s", flush=True)
        orphan = max(orphan, spent)
    return worst, orphan


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--settle", type=float, default=15.0)
    parser.add_argument("--timeout", type=float, default=90.0,
                        help="longest wait for one request (s)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the tree to serve")
    parser.add_argument("--only", help="only the links whose name contains this")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    port = free_port()
    log = ROOT / "tests" / "artifacts" / f"streamlit-hostile-{port}.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    server = start_server(args.root.resolve(), port, log)
    cpu = TreeCpu(server.pid)
    base = f"http://127.0.0.1:{port}"
    worst_runs, orphan_runs = [], []
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            # Warm: the first imports and the pool's start are not any one request's cost.
            request_cost(browser, cpu, base, "explore_score_fan", {"games": "10"}, 120)
            for run in range(args.runs):
                worst, orphan = one_run(browser, cpu, base, 100 + run, args.settle,
                                        args.timeout, args.only)
                print(f"run {run + 1}: max request {worst:.2f} s, orphan {orphan:.2f} s",
                      flush=True)
                worst_runs.append(worst)
                orphan_runs.append(orphan)
            browser.close()
    finally:
        cpu.close()
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
    print(f"BENCH hostile.max_request_cpu_s {statistics.median(worst_runs):.2f} s")
    print(f"BENCH hostile.orphan_cpu_s {statistics.median(orphan_runs):.2f} s")
    print(f"budget {BUDGET_CPU_S:g} s; load average {os.getloadavg()[0]:.2f} "
          f"{os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
