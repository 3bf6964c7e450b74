"""Load test: 20 concurrent headless sessions step through a walkthrough, 10 steps each.

Starts the site (``streamlit run`` on a free loopback port, as the browser tests do), opens
``--sessions`` pages in one Debian Chromium, each in its own browser context (its own
Streamlit session), and has all of them take ``--steps`` steps at the same time. A step is a
click on the page's "Next" button (``--next``, a regular expression on the button's name)
followed by waiting until the script run is over; on a page without such a button (the
rules pages, until the walkthrough pages exist) a step toggles the four-colour deck in the
sidebar, which reruns the frame and the whole page. ``--page`` names the page by URL path;
by default the first registered page whose file name contains "walkthrough", else
``kachuful_rules``.

Prints ``BENCH load.errors <n> count`` (failed steps, timeouts and Streamlit exception
boxes) and ``BENCH load.step_p95_ms <value> ms`` (95th percentile of the step times of all
sessions). Targets: 0 errors, p95 under 1,500 ms on the 2-core machine.

Usage: ``python bench/load.py [--sessions 20] [--steps 10] [--page kachuful_walkthrough]``
"""

from __future__ import annotations

import argparse
import asyncio
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
    RUNS_AFTER_JS,
    SiteServer,
    url_for,
)

from ui.navigation import registered  # noqa: E402

NEXT = r"^(Next|Siguiente|Próximo|Seguinte)\b"


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
                  index: int) -> str:
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    await context.add_init_script(COUNT_RUNS_JS)
    page = await context.new_page()
    action = "next"
    try:
        await page.goto(url_for(base, path), wait_until="domcontentloaded", timeout=120_000)
        await page.wait_for_selector(
            "[data-testid='stMainBlockContainer'] [data-testid='stElementContainer']",
            timeout=120_000)
        # Loaded: at least one run finished and none is going on.
        await page.wait_for_function("window.__rlRuns > 0", timeout=120_000)
        await wait_idle(page, timeout=120_000)
        try:
            await page.get_by_role("button", name=next_label).first.wait_for(timeout=20_000)
        except Exception:  # noqa: BLE001 - no Next button on this page: toggle the deck
            action = "deck"
        ready[0] += 1
        await start.wait()
        for step in range(steps):
            began = time.perf_counter()
            try:
                before = await page.evaluate("window.__rlRuns")
                if action == "next":
                    await page.get_by_role("button", name=next_label).first.click(timeout=60_000)
                else:
                    await page.locator("[data-testid='stSidebar'] [data-testid='stCheckbox'] label"
                                       ).first.click(timeout=60_000)
                # The step is over when the run it caused has finished.
                await page.wait_for_function(RUNS_AFTER_JS, arg=before, timeout=60_000)
                times.append((time.perf_counter() - began) * 1000)
                if await page.locator(EXCEPTION).count():
                    errors.append(f"session {index} step {step + 1}: exception box")
            except Exception as exc:  # noqa: BLE001 - counted, the session goes on
                errors.append(f"session {index} step {step + 1}: {type(exc).__name__}: {exc}")
    except Exception as exc:  # noqa: BLE001
        errors.append(f"session {index}: could not open {path!r}: {type(exc).__name__}: {exc}")
    finally:
        await context.close()
    return action


async def run(sessions: int, steps: int, path: str, next_label: str) -> tuple[list[float], list[str], set[str]]:
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
                                                 errors, start, ready, i))
                     for i in range(sessions)]
            # Let every session open its page first, then step all at once.
            while not start.is_set():
                await asyncio.sleep(0.2)
                if ready[0] + sum(t.done() for t in tasks) >= sessions:
                    start.set()
            actions = set(await asyncio.gather(*tasks))
            await browser.close()
    return times, errors, actions


def p95(values: list[float]) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[94]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--page", default=None, help="URL path of the page (default: a walkthrough)")
    parser.add_argument("--next", default=NEXT, help="regular expression of the Next button's name")
    args = parser.parse_args()
    path = default_page() if args.page is None else args.page
    times, errors, actions = asyncio.run(run(args.sessions, args.steps, path, args.next))
    for line in errors[:10]:
        print(line, file=sys.stderr)
    print(f"# page /{path}, {args.sessions} sessions x {args.steps} steps, step = "
          f"{' and '.join(sorted(actions))}, {len(times)} steps timed", file=sys.stderr)
    print(f"BENCH load.errors {len(errors)} count")
    print(f"BENCH load.step_p95_ms {p95(times):.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
