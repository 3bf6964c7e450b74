"""Load test: 20 concurrent headless sessions step through a walkthrough, 10 steps each.

Starts the site (``streamlit run`` on a free loopback port, as the browser tests do), opens
``--sessions`` pages in one Debian Chromium, each in its own browser context (its own
Streamlit session), and has all of them take ``--steps`` steps at the same time. A step is a
click on the page's "Next" button (``--next``, a regular expression on the button's name)
followed by waiting until the page shows the next step and no script run is going on; on a
page that is not a walkthrough (``--page kachuful_rules``) a step toggles the four-colour
deck in the sidebar, which reruns the frame and the whole page. ``--page`` names the page
by URL path; by default the first registered page whose file name contains "walkthrough".

Each session reads a step before pressing Next: ``--think`` seconds on average (uniform
over 0.5-1.5 times it, seeded; 10 s by default, about what the teaching text of a step takes
to read), the first step included, so the visitors do not all click in the same instant.
Then the same sessions run again clicking back to back (no reading at all), a stress figure.

Why both: the 20 Chromium pages run on the same 2-core machine as the server, and the
browsers need far more CPU per step than the server (the script run of a step is about
20 ms of CPU; drawing it in Chromium about 200 ms, plus about 1% of a core per open page
while it waits). Back to back, 20 pages are therefore bound by the browsers' own drawing;
the figures printed on ``#`` lines (to stderr) show the CPU per step of each side.

Prints ``BENCH load.errors <n> count`` (failed steps, timeouts and Streamlit exception
boxes, both runs) and ``BENCH load.step_p95_ms <value> ms`` (95th percentile of the step
times of all sessions, reading between steps), then ``BENCH load.back_to_back.step_p95_ms``
and ``BENCH load.server_cpu_per_step_ms`` (the server's CPU time per step, back to back).
Targets: 0 errors, p95 under 1,500 ms on the 2-core machine.

Usage: ``python bench/load.py [--sessions 20] [--steps 10] [--think 10] [--no-back-to-back]
[--page kachuful_walkthrough]``
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_harness import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    COUNT_RUNS_JS,
    EXCEPTION,
    IDLE,
    RUNNING,
    SiteServer,
    url_for,
)

from ui.navigation import registered  # noqa: E402

NEXT = r"^(Next|Siguiente|Próximo|Seguinte)\b"

#: Where the page is: the step slider's value (walkthroughs) and the finished runs.
STEP_JS = """() => {
  const slider = document.querySelector("[data-testid='stSlider'] input[type='range']");
  return {step: slider ? slider.getAttribute('aria-valuetext') : null, runs: window.__rlRuns};
}"""

#: Resolves when the step is over: the slider moved on (a run so quick that the frontend
#: never showed the page as running leaves no mark on the run counter, so the slider is
#: what counts on a walkthrough), or a run finished on a page without a slider; no run is
#: going on and no element is still loading. It checks on every change of the page (a
#: MutationObserver), not by polling: polling every animation frame, as Playwright's
#: ``wait_for_function`` does, makes each of the 20 pages draw frames all the time and
#: costs the machine a fifth of its CPU.
WAIT_STEP_JS = """(before) => new Promise((resolve, reject) => {
  const done = () => {
    const app = document.querySelector("[data-testid='stApp']");
    if (!app || app.getAttribute('data-test-script-state') !== 'notRunning') return false;
    if (document.querySelector("[data-testid='stSkeleton'], [data-testid='stSkeletonElement']"))
      return false;
    const slider = document.querySelector("[data-testid='stSlider'] input[type='range']");
    if (before.step !== null && slider)
      return slider.getAttribute('aria-valuetext') !== before.step;
    return window.__rlRuns > before.runs;
  };
  if (done()) { resolve(true); return; }
  const watch = new MutationObserver(() => {
    if (done()) { watch.disconnect(); clearTimeout(timer); resolve(true); }
  });
  const timer = setTimeout(() => {
    watch.disconnect(); reject(new Error('the step did not finish within 60 s'));
  }, 60000);
  watch.observe(document, {subtree: true, childList: true, attributes: true,
                           characterData: true});
})"""

#: What the page looks like when a step timed out (for the error line).
DIAGNOSE_JS = """() => {
  const app = document.querySelector("[data-testid='stApp']");
  const slider = document.querySelector("[data-testid='stSlider'] input[type='range']");
  return {state: app && app.getAttribute('data-test-script-state'),
          step: slider && slider.getAttribute('aria-valuetext'), runs: window.__rlRuns,
          skeletons: document.querySelectorAll(
            "[data-testid='stSkeleton'], [data-testid='stSkeletonElement']").length,
          url: location.search};
}"""


def default_page() -> str:
    for spec in registered():
        if "walkthrough" in Path(spec.file).stem:
            return spec.url_path
    return "kachuful_rules"


async def wait_idle(page: Any, timeout: float = 60_000) -> None:
    try:
        await page.wait_for_selector(RUNNING, timeout=1_000, state="attached")
    except Exception:  # noqa: BLE001 - the run may be over before we look
        pass
    await page.wait_for_selector(IDLE, timeout=timeout, state="attached")


async def session(browser: Any, base: str, path: str, steps: int, next_label: re.Pattern[str],
                  times: list[float], errors: list[str], start: asyncio.Event, ready: list[int],
                  index: int, think: float) -> str:
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    await context.add_init_script(COUNT_RUNS_JS)
    page = await context.new_page()
    action = "next" if "walkthrough" in path else "deck"
    try:
        await page.goto(url_for(base, path), wait_until="domcontentloaded", timeout=120_000)
        await page.wait_for_selector(
            "[data-testid='stMainBlockContainer'] [data-testid='stElementContainer']",
            timeout=120_000)
        # Loaded: at least one run finished and none is going on; on a walkthrough the Next
        # button and the step slider are drawn.
        await page.wait_for_function("window.__rlRuns > 0", timeout=120_000)
        await wait_idle(page, timeout=120_000)
        if action == "next":
            await page.get_by_role("button", name=next_label).first.wait_for(timeout=120_000)
            await page.wait_for_selector("[data-testid='stSlider'] input[type='range']",
                                         timeout=120_000)
        ready[0] += 1
        await start.wait()
        pause = random.Random(index)  # the same reading times on every run
        for step in range(steps):
            if think:  # the visitor reads the step (and, first, the page) before Next
                await asyncio.sleep(pause.uniform(0.5, 1.5) * think)
            began = time.perf_counter()
            try:
                before = await page.evaluate(STEP_JS)
                if action == "next":
                    await page.get_by_role("button", name=next_label).first.click(timeout=60_000)
                else:
                    await page.locator("[data-testid='stSidebar'] [data-testid='stCheckbox'] label"
                                       ).first.click(timeout=60_000)
                # The step is over when the page shows the next step (or, for the deck
                # toggle, a run has finished) and no run is going on.
                await page.evaluate(WAIT_STEP_JS, before)
                times.append((time.perf_counter() - began) * 1000)
                if await page.locator(EXCEPTION).count():
                    errors.append(f"session {index} step {step + 1}: exception box")
            except Exception as exc:  # noqa: BLE001 - counted, the session goes on
                seen = await page.evaluate(DIAGNOSE_JS)
                errors.append(f"session {index} step {step + 1}: {type(exc).__name__}: {exc}"
                              f" (before {before}, page {seen})")
    except Exception as exc:  # noqa: BLE001
        errors.append(f"session {index}: could not open {path!r}: {type(exc).__name__}: {exc}")
    finally:
        await context.close()
    return action


def cpu_seconds(pid: int | None = None, name: str | None = None) -> float:
    """CPU time (user + system, with that of its children that exited, such as the
    renderers of closed pages) of process ``pid``, or of every process whose command line
    contains ``name``, from /proc (0 where /proc is missing)."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    total = 0
    pids = [str(pid)] if pid is not None else [p.name for p in Path("/proc").glob("[0-9]*")]
    for each in pids:
        try:
            if name is not None and name not in (Path("/proc") / each / "cmdline").read_text(
                    errors="replace"):
                continue
            fields = (Path("/proc") / each / "stat").read_text().rsplit(")", 1)[1].split()
            total += sum(int(f) for f in fields[11:15])
        except (OSError, IndexError, ValueError):
            continue
    return total / tick


async def run(sessions: int, steps: int, path: str, next_label: str,
              think: float) -> tuple[list[float], list[str], set[str], dict[str, float]]:
    from playwright.async_api import async_playwright

    times: list[float] = []
    errors: list[str] = []
    start = asyncio.Event()
    ready = [0]
    with SiteServer(log=ROOT / "bench" / "out" / "load-streamlit.log") as server:
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                       args=CHROMIUM_ARGS)
            pattern = re.compile(next_label)
            tasks = [asyncio.create_task(session(browser, server.url, path, steps, pattern, times,
                                                 errors, start, ready, i, think))
                     for i in range(sessions)]
            # Let every session open its page first, then step all at once.
            while not start.is_set():
                await asyncio.sleep(0.2)
                if ready[0] + sum(t.done() for t in tasks) >= sessions:
                    start.set()
            pid = server.process.pid if server.process else None
            began = (time.perf_counter(), cpu_seconds(pid), cpu_seconds(name="chromium"))
            actions = set(await asyncio.gather(*tasks))
            ended = (time.perf_counter(), cpu_seconds(pid), cpu_seconds(name="chromium"))
            await browser.close()
    usage = {"wall_s": ended[0] - began[0], "server_cpu_s": ended[1] - began[1],
             "browser_cpu_s": ended[2] - began[2]}
    return times, errors, actions, usage


def p95(values: list[float]) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[94]


def summary(label: str, path: str, args: argparse.Namespace, think: float,
            result: tuple[list[float], list[str], set[str], dict[str, float]]) -> None:
    """The ``#`` lines of one run (to stderr)."""
    times, errors, actions, usage = result
    for line in errors[:10]:
        print(line, file=sys.stderr)
    done = max(len(times), 1)
    print(f"# {label}: page /{path}, {args.sessions} sessions x {args.steps} steps, step = "
          f"{' and '.join(sorted(actions))}, reading {think:g} s, {len(times)} steps timed, "
          f"{len(errors)} errors, p50 {statistics.median(times) if times else float('nan'):.0f}"
          f" ms, p95 {p95(times):.0f} ms", file=sys.stderr)
    print(f"#   stepping took {usage['wall_s']:.1f} s ({len(times) / usage['wall_s']:.1f} "
          f"steps/s); CPU per step: server {usage['server_cpu_s'] / done * 1000:.0f} ms, the "
          f"browsers {usage['browser_cpu_s'] / done * 1000:.0f} ms", file=sys.stderr)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--page", default=None, help="URL path of the page (default: a walkthrough)")
    parser.add_argument("--next", default=NEXT, help="regular expression of the Next button's name")
    parser.add_argument("--think", type=float, default=10.0,
                        help="mean reading time in seconds before each Next (uniform over "
                             "0.5-1.5 times it)")
    parser.add_argument("--no-back-to-back", dest="back_to_back", action="store_false",
                        help="skip the second run, where the sessions click without reading")
    args = parser.parse_args()
    path = default_page() if args.page is None else args.page
    reading = asyncio.run(run(args.sessions, args.steps, path, args.next, args.think))
    summary("reading", path, args, args.think, reading)
    errors = len(reading[1])
    stress = None
    if args.back_to_back:
        stress = asyncio.run(run(args.sessions, args.steps, path, args.next, 0.0))
        summary("back to back", path, args, 0.0, stress)
        errors += len(stress[1])
    print(f"BENCH load.errors {errors} count")
    print(f"BENCH load.step_p95_ms {p95(reading[0]):.0f} ms")
    if stress is not None:
        times, _, _, usage = stress
        print(f"BENCH load.back_to_back.step_p95_ms {p95(times):.0f} ms")
        print(f"BENCH load.server_cpu_per_step_ms "
              f"{usage['server_cpu_s'] / max(len(times), 1) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
