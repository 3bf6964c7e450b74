"""The lab's process pool (lab/pool.py, pebble): no worker outlives the server.

A child Python process plays the server: it starts the pool, hands both workers a long
study, and prints its process tree; the test kills it with SIGKILL (no ``atexit``, no
clean-up of any kind) and checks that every process it started — the fork server and the
busy workers — is gone within a few seconds.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SERVER = """
import sys, time
from lab import pool, scheduler
from lab.studies.progression import ProgressionStudy
study = ProgressionStudy("krypkasino", ("basic", "basic"), {"session": 24}, 1)
sched = scheduler.Scheduler(workers=2)
job = sched.submit(study, 10_000, owner="visitor", chunk=200)
deadline = time.monotonic() + 60
while len(pool.worker_pids()) < 2 or sched.busy_workers() < 2:
    if time.monotonic() > deadline:
        sys.exit("no workers")
    time.sleep(0.05)
print("ready", flush=True)
time.sleep(600)
"""


def children(pid: int) -> set[int]:
    """Every process descended from ``pid`` (read from /proc)."""
    parent_of: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    parent_of[int(entry)] = int(f.read().rpartition(")")[2].split()[1])
            except (OSError, ValueError, IndexError):
                continue
    out: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {p for p, pp in parent_of.items() if pp in frontier} - out
        out |= frontier
    return out


def gone(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rpartition(")")[2].split()[0] in ("Z", "X")
    except OSError:
        return True


def test_workers_exit_when_the_server_is_killed() -> None:
    server = subprocess.Popen([sys.executable, "-c", SERVER], cwd=ROOT,
                              stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert server.stdout is not None
        assert server.stdout.readline().strip() == "ready"
        started = children(server.pid)
        assert len(started) >= 3  # the fork server and two workers (busy)
        os.kill(server.pid, signal.SIGKILL)
        server.wait(10)
        killed = time.monotonic()
        while time.monotonic() - killed < 5 and not all(gone(p) for p in started):
            time.sleep(0.05)
        left = [p for p in started if not gone(p)]
        assert not left, f"processes left running after the server died: {left}"
        assert time.monotonic() - killed < 3
    finally:
        if server.poll() is None:
            server.kill()


def test_bench_bots_workers_exit_when_the_bench_is_killed() -> None:
    """bench/bots.py's tournaments fork their own ``ProcessPoolExecutor``; killed in the
    middle of one, it leaves no worker playing on."""
    bench = subprocess.Popen(
        [sys.executable, str(ROOT / "bench" / "bots.py"), "--only", "krypkasino-strong",
         "--games", "40", "--krypkasino-strong-games", "400", "--workers", "2"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        started: set[int] = set()
        while time.monotonic() < deadline and len(started) < 2:
            time.sleep(0.2)
            started = children(bench.pid)
        assert len(started) >= 2, "the bench started no worker processes"
        time.sleep(0.5)
        started |= children(bench.pid)
        os.kill(bench.pid, signal.SIGKILL)
        bench.wait(10)
        killed = time.monotonic()
        while time.monotonic() - killed < 5 and not all(gone(p) for p in started):
            time.sleep(0.05)
        left = [p for p in started if not gone(p)]
        assert not left, f"bench workers left running after the bench died: {left}"
    finally:
        if bench.poll() is None:
            bench.kill()
