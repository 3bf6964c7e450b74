"""Speed a person feels (issue 28): click-to-settled times in Debian's Chromium.

Starts the site quietly (``streamlit run streamlit_app.py`` on a free loopback port, the
browser tests' :class:`browser_harness.SiteServer`, its log in ``bench/out/``), opens one
headless Chromium page (1280×900) and times, ``--reps`` times each, these interactions:

``walkthrough_next``      Next on the Kachuful walkthrough (the step slider moves on);
``your_move_answer``      "Check" on a Krypkasino "your move" step with the scenario's move
                          chosen (the analyst's verdict appears);
``kachuful_card``         a legal card of the hand on the Kachuful play page (the hand has
                          one card fewer);
``krypkasino_card``       a playable card on the Krypkasino play page (the hand has one card
                          fewer, or the page asks which capture);
``language_switch``       Español in the sidebar's language box on Home (the address says
                          ``lang=es`` and the main area's text changed);
``explore_hand_odds.first_answer`` and ``explore_hook.first_answer``: opening an explorer
                          (the page computes on opening) until its charts are drawn. These
                          are the explorers' compute, outside the 500 ms target.

**Settled** (the definition every figure uses): the time from the click (the ``timeStamp``
of the trusted ``click`` event the page received; for an explorer, the start of the
navigation) until, at one and the same moment, (1) Streamlit's app shows no run going on
(``data-test-script-state='notRunning'``, so the running indicator is gone), (2) no element
is a loading skeleton and none is stale (``data-stale='true'``, drawn by the run before),
and (3) the interaction's expected change is visible (listed above). It is checked on every
change of the page (a MutationObserver, plus a 50 ms timer as a safety net), not by
Playwright polling from outside, so the figure does not include Playwright's round trips.
Condition (3) matters: a quick run may never show the page as running, so "idle" alone
would settle before the run has even started.

Each interaction is set up untimed (open the page, choose the answer, play the bots' turns)
and then timed; a repetition that does not settle within ``--timeout`` seconds, or shows a
Streamlit exception box, is a failure: a ``# clicks.<name> rep <n> FAILED: ...`` line on
stderr says what the page looked like, and the other repetitions go on. Before timing, every
page is opened once (a cold server imports pandas, Plotly... on first use).

Prints, per interaction with at least one settled repetition,
``BENCH clicks.<name>.median_ms <v> ms`` and ``BENCH clicks.<name>.p95_ms <v> ms`` (as soon
as that interaction is done), then ``BENCH clicks.errors <n> count``. Target: p95 under
500 ms for all but the explorers (on an unloaded machine; quote ``uptime`` with figures).

Usage: ``python bench/clicks.py [--reps 10] [--timeout 60] [--only name,name]``
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_harness import (  # noqa: E402
    EXCEPTION,
    SiteServer,
    goto,
    launch_chromium,
    url_for,
    wait_idle,
)

#: Records the time of the last trusted click (and press) the page received.
CLICK_JS = """
window.__rlClickAt = null;
for (const kind of ['pointerdown', 'click']) {
  document.addEventListener(kind, (e) => {
    if (!e.isTrusted) return;
    if (kind === 'click' || window.__rlClickAt === null) window.__rlClickAt = e.timeStamp;
  }, true);
}
"""

#: The common part of "settled": no run going on, no skeleton, no stale element.
IDLE_JS = """(() => {
  const app = document.querySelector("[data-testid='stApp']");
  if (!app || app.getAttribute('data-test-script-state') !== 'notRunning') return false;
  return !document.querySelector("[data-testid='stSkeleton'], [data-testid='stSkeletonElement'], "
                                 + "[data-stale='true']");
})()"""

#: Arms the watcher: ``window.__rlSettled`` resolves with the settle time (ms since the
#: page's time origin) once the page is idle and ``CHANGED`` (an expression over ``before``,
#: the value of ``BEFORE`` when armed) holds after a click. ``%s`` holes: BEFORE, CHANGED.
ARM_JS = """(timeout) => {
  window.__rlClickAt = null;
  const before = (() => %s)();
  window.__rlBefore = before;
  window.__rlSettled = new Promise((resolve, reject) => {
    const check = () => {
      if (window.__rlClickAt === null) return false;
      if (!%s) return false;
      if (!(%s)) return false;
      return true;
    };
    let timer = null, tick = null;
    const watch = new MutationObserver(() => { if (check()) finish(); });
    const finish = () => {
      const at = performance.now();
      watch.disconnect(); clearTimeout(timer); clearInterval(tick);
      resolve({at, click: window.__rlClickAt});
    };
    timer = setTimeout(() => {
      watch.disconnect(); clearInterval(tick);
      reject(new Error('not settled within ' + timeout + ' ms'));
    }, timeout);
    tick = setInterval(() => { if (check()) finish(); }, 50);
    watch.observe(document, {subtree: true, childList: true, attributes: true,
                             characterData: true});
  });
  window.__rlSettled.catch(() => {});
  return before;
}"""

#: What the page looked like (for a failure line).
DIAGNOSE_JS = """() => {
  const app = document.querySelector("[data-testid='stApp']");
  return {state: app && app.getAttribute('data-test-script-state'), clicked: window.__rlClickAt,
          before: window.__rlBefore, url: location.pathname + location.search,
          stale: document.querySelectorAll("[data-stale='true']").length,
          skeletons: document.querySelectorAll(
            "[data-testid='stSkeleton'], [data-testid='stSkeletonElement']").length};
}"""

SLIDER = "document.querySelector(\"[data-testid='stSlider'] input[type='range']\")"
NEXT = r"^(Next|Siguiente|Próximo|Seguinte)\b"
PLAYABLE_JS = """(prefix) => [...document.querySelectorAll(`[class*='st-key-${prefix}-card-'] button`)]
  .forEach(b => b.setAttribute('data-rl-playable',
                               getComputedStyle(b, '::before').content.includes('✓')))"""


class Failed(Exception):
    """One repetition did not settle (the message says how the page looked)."""


class Clicker:
    def __init__(self, page: Any, base: str, timeout_ms: float) -> None:
        self.page = page
        self.base = base
        self.timeout = timeout_ms

    def open(self, path: str, **query: object) -> None:
        goto(self.page, self.base, path, timeout=self.timeout, **query)

    def by_key(self, key: str) -> Any:
        return self.page.locator(f".st-key-{key.replace('.', '-')}")

    def timed(self, before_js: str, changed_js: str, click: Callable[[], None]) -> float:
        """Arm the watcher, ``click()``, wait until settled; the click-to-settled ms."""
        page = self.page
        page.evaluate(ARM_JS % (before_js, IDLE_JS, changed_js), self.timeout)
        click()
        try:
            done = page.evaluate("window.__rlSettled")
        except Exception as exc:  # noqa: BLE001 - the page's own words go in the line
            raise Failed(f"{type(exc).__name__}: {str(exc).splitlines()[0]}; page "
                         f"{page.evaluate(DIAGNOSE_JS)}") from exc
        if page.locator(EXCEPTION).count():
            raise Failed("a Streamlit exception box: "
                         + page.locator(EXCEPTION).first.inner_text()[:200])
        return float(done["at"]) - float(done["click"])

    # -- the interactions ------------------------------------------------------------------
    def walkthrough_next(self, rep: int) -> float:
        if rep % 5 == 0:  # back to the start now and then: never run off the last step
            self.open("kachuful_walkthrough")
        button = self.page.get_by_role("button", name=re.compile(NEXT)).first
        button.wait_for(timeout=self.timeout)
        return self.timed(f"{SLIDER} && {SLIDER}.getAttribute('aria-valuetext')",
                          f"{SLIDER} && {SLIDER}.getAttribute('aria-valuetext') !== before",
                          lambda: button.click(timeout=self.timeout))

    def your_move_answer(self, rep: int) -> float:
        self.open("krypkasino_walkthrough", scenario="trail", step=2)
        radio = self.page.locator("[data-testid='stRadio'] label", has_text="3♣: trail it").first
        radio.click(timeout=self.timeout)
        wait_idle(self.page, self.timeout)
        check = self.page.get_by_role("button", name=re.compile(r"^Check")).first
        return self.timed(
            "document.querySelectorAll(\"[data-testid='stAlertContentSuccess'], "
            "[data-testid='stAlertContentError']\").length",
            "document.querySelectorAll(\"[data-testid='stAlertContentSuccess'], "
            "[data-testid='stAlertContentError']\").length > before",
            lambda: check.click(timeout=self.timeout))

    def _card(self, prefix: str, ready: Callable[[], None]) -> float:
        ready()
        self.page.evaluate(PLAYABLE_JS, prefix)
        hand = f"[class*='st-key-{prefix}-card-'] button"
        card = self.page.locator(f"{hand}[data-rl-playable='true']:visible").first
        card.wait_for(timeout=self.timeout)
        count = f"document.querySelectorAll(\"{hand}\").length"
        choice = f"document.querySelector(\"[class*='st-key-{prefix}-take-'] button\")"
        return self.timed(count, f"{count} < before || !!{choice}",
                          lambda: card.click(timeout=self.timeout))

    def kachuful_card(self, rep: int) -> float:
        def ready() -> None:
            self.open("kachuful_play", players=3, seat=0, bots="you,random,basic",
                      seed=1 + rep, max_cards=3)
            for _ in range(10):  # the bots' turns and a bid, until a card is to play
                if self.page.locator("[class*='st-key-kplay-card-'] button:visible").count() \
                        and not self.by_key("kplay.until").locator("button:enabled").count() \
                        and not self.page.locator(
                            "[class*='st-key-kplay-bid-'] button:enabled").count():
                    return
                if self.by_key("kplay.until").locator("button:enabled").count():
                    self.by_key("kplay.until").locator("button").first.click()
                else:
                    bids = self.page.locator("[class*='st-key-kplay-bid-'] button:enabled")
                    if bids.count():
                        bids.first.click()
                wait_idle(self.page, self.timeout)
            raise Failed("the Kachuful hand never came to the player's card")
        return self._card("kplay", ready)

    def krypkasino_card(self, rep: int) -> float:
        def ready() -> None:
            self.open("krypkasino_play", players=2, seat=0, bots="you,basic", seed=6 + rep,
                      session=1)
            if self.by_key("cplay.until").locator("button:enabled").count():
                self.by_key("cplay.until").locator("button").first.click()
                wait_idle(self.page, self.timeout)
        return self._card("cplay", ready)

    def language_switch(self, rep: int) -> float:
        self.open("", lang="en")
        box = self.page.locator("[data-testid='stSidebar'] [data-testid='stSelectbox']").first
        box.scroll_into_view_if_needed(timeout=self.timeout)
        box.get_by_role("combobox").click(timeout=self.timeout)
        option = self.page.get_by_role("option", name="Español")
        option.wait_for(timeout=self.timeout)
        main = "(document.querySelector(\"[data-testid='stMainBlockContainer']\") || {}).innerText"
        return self.timed(main, f"location.search.includes('lang=es') && {main} !== before",
                          lambda: option.click(timeout=self.timeout))

    def _explore(self, path: str, charts: int, **query: object) -> float:
        page = self.page
        page.goto("about:blank")
        page.goto(url_for(self.base, path, **query), wait_until="commit", timeout=self.timeout)
        page.evaluate(ARM_JS % ("0", IDLE_JS, "document.querySelectorAll(\"[data-testid='stMain'] "
                                f".js-plotly-plot\").length >= {charts}"), self.timeout)
        page.evaluate("window.__rlClickAt = 0")
        try:  # the page's time origin is the start of the navigation
            done = page.evaluate("window.__rlSettled")
        except Exception as exc:  # noqa: BLE001
            raise Failed(f"{type(exc).__name__}: {str(exc).splitlines()[0]}; page "
                         f"{page.evaluate(DIAGNOSE_JS)}") from exc
        if page.locator(EXCEPTION).count():
            raise Failed("a Streamlit exception box")
        return float(done["at"])

    def explore_hand_odds(self, rep: int) -> float:
        return self._explore("explore_hand_odds", 2, samples=200)

    def explore_hook(self, rep: int) -> float:
        return self._explore("explore_hook", 3, deals=40)


INTERACTIONS = {
    "walkthrough_next": "walkthrough_next",
    "your_move_answer": "your_move_answer",
    "kachuful_card": "kachuful_card",
    "krypkasino_card": "krypkasino_card",
    "language_switch": "language_switch",
    "explore_hand_odds.first_answer": "explore_hand_odds",
    "explore_hook.first_answer": "explore_hook",
}
WARM = [("kachuful_walkthrough", {}), ("krypkasino_walkthrough", {}), ("kachuful_play", {}),
        ("krypkasino_play", {}), ("", {}), ("explore_hand_odds", {"samples": 200}),
        ("explore_hook", {"deals": 40})]


def p95(values: list[float]) -> float:
    if len(values) < 2:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[94]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds one click may take to settle (and a page to open)")
    parser.add_argument("--only", default="", help="comma-separated interaction names")
    args = parser.parse_args()
    names = [n for n in INTERACTIONS if not args.only or n in args.only.split(",")]
    timeout_ms = args.timeout * 1000
    log = ROOT / "bench" / "out" / "clicks-streamlit.log"
    server = SiteServer(log=log).start(timeout=max(60.0, args.timeout * 2))
    try:
        errors = run(server.url, names, args.reps, timeout_ms)
    finally:
        server.stop()
    print(f"BENCH clicks.errors {errors} count", flush=True)
    return 0


def run(base: str, names: list[str], reps: int, timeout_ms: float) -> int:
    """Time every interaction of ``names`` ``reps`` times; the number of failures."""
    from playwright.sync_api import sync_playwright

    errors = 0
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.add_init_script(CLICK_JS)
        page = context.new_page()
        page.set_default_timeout(timeout_ms)
        clicker = Clicker(page, base, timeout_ms)
        for path, query in WARM:  # a cold server imports the heavy libraries on first use
            try:
                clicker.open(path, **query)
            except Exception as exc:  # noqa: BLE001 - the timed runs will say more
                print(f"# warm-up of /{path} failed: {type(exc).__name__}: "
                      f"{str(exc).splitlines()[0]}", file=sys.stderr, flush=True)
        for name in names:
            method = getattr(clicker, INTERACTIONS[name])
            times: list[float] = []
            for rep in range(reps):
                try:
                    times.append(method(rep))
                except Exception as exc:  # noqa: BLE001 - one line, the next repetition
                    errors += 1
                    text = str(exc).splitlines()[0] if str(exc) else ""
                    print(f"# clicks.{name} rep {rep + 1} FAILED: {type(exc).__name__}: "
                          f"{text[:400]}", file=sys.stderr, flush=True)
                    try:  # a page in a bad state: start the next repetition afresh
                        page.goto("about:blank")
                    except Exception:  # noqa: BLE001
                        page = context.new_page()
                        page.set_default_timeout(timeout_ms)
                        clicker.page = page
            if times:
                print(f"# clicks.{name}: {len(times)} of {reps} settled, "
                      f"{', '.join(f'{t:.0f}' for t in times)} ms", file=sys.stderr, flush=True)
                print(f"BENCH clicks.{name}.median_ms {statistics.median(times):.0f} ms",
                      flush=True)
                print(f"BENCH clicks.{name}.p95_ms {p95(times):.0f} ms", flush=True)
        browser.close()
    return errors


if __name__ == "__main__":
    raise SystemExit(main())
