"""Running the site and driving it in Debian's Chromium: shared by the browser tests
(``tests/browser/conftest.py``) and ``bench/load.py``.

* :class:`SiteServer` starts ``streamlit run streamlit_app.py`` on a free loopback port and
  waits for ``/_stcore/health``; use it as a context manager.
* :func:`launch_chromium` starts ``/usr/bin/chromium`` headless through Playwright (it never
  downloads a browser).
* :func:`goto` opens a page by path and query and waits until the script is idle;
  :func:`wait_idle` waits after any click or key press, as Streamlit's own e2e suite does.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path
from types import TracebackType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("RULES_LAB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
RUNNING = "[data-testid='stApp'][data-test-script-state='running']"
EXCEPTION = "[data-testid='stException']"


#: Counts finished script runs in ``window.__rlRuns`` (add with ``context.add_init_script``;
#: see :func:`runs_finished`). A batch of mutation records may hold several changes of the
#: same element (a run that ends and the next that starts before the observer is called),
#: so each record's new value is read from the next record's old value, not from the
#: element as it is now. A run so quick that the frontend never showed the page as running
#: leaves no change at all: to know a click's run is over, wait for what it draws.
COUNT_RUNS_JS = """
window.__rlRuns = 0;
new MutationObserver((changes) => {
  const attr = 'data-test-script-state';
  changes.forEach((c, i) => {
    let value = c.target.getAttribute(attr);
    for (let j = i + 1; j < changes.length; j++) {
      if (changes[j].target === c.target) { value = changes[j].oldValue; break; }
    }
    if (value === c.oldValue) return;
    if (value === 'notRunning') window.__rlRuns++;
  });
}).observe(document, {attributes: true, attributeOldValue: true, subtree: true,
                      attributeFilter: ['data-test-script-state']});
"""
RUNS_AFTER_JS = "(before) => window.__rlRuns > before"


def free_port() -> int:
    """A TCP port nobody listens on right now, on 127.0.0.1."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class SiteServer:
    """``streamlit run streamlit_app.py`` on a free loopback port, for tests and benchmarks."""

    def __init__(self, port: int | None = None, log: Path | None = None) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log or ROOT / "tests" / "artifacts" / f"streamlit-{self.port}.log"
        self.process: subprocess.Popen[bytes] | None = None

    def command(self) -> list[str]:
        return [
            sys.executable, "-m", "streamlit", "run", "streamlit_app.py",
            "--server.port", str(self.port), "--server.address", "127.0.0.1",
            "--server.headless", "true", "--browser.gatherUsageStats", "false",
            "--server.fileWatcherType", "none", "--server.runOnSave", "false",
        ]

    def start(self, timeout: float = 60) -> SiteServer:
        self.log.parent.mkdir(parents=True, exist_ok=True)
        out = self.log.open("wb")
        self.process = subprocess.Popen(self.command(), cwd=ROOT, stdout=out,
                                        stderr=subprocess.STDOUT, start_new_session=True)
        out.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"streamlit exited with {self.process.returncode}; see {self.log}")
            try:
                with urllib.request.urlopen(f"{self.url}/_stcore/health", timeout=2) as reply:
                    if reply.status == 200:
                        return self
            except OSError:
                time.sleep(0.25)
        self.stop()
        raise TimeoutError(f"streamlit did not answer /_stcore/health in {timeout} s; see {self.log}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.process = None

    def __enter__(self) -> SiteServer:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()


def launch_chromium(playwright: Any, **options: Any) -> Any:
    """Debian's Chromium, headless, with the flags that keep it quiet and offline."""
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                      args=CHROMIUM_ARGS, **options)


def url_for(base: str, path: str = "", fragment: str = "", **query: object) -> str:
    """``base`` + ``/path`` + ``?query`` + ``#fragment`` (``None`` values are left out)."""
    url = f"{base.rstrip('/')}/{path.lstrip('/')}"
    params = {k: str(v) for k, v in query.items() if v is not None}
    if params:
        url += "?" + urllib.parse.urlencode(params)
    return url + (f"#{fragment}" if fragment else "")


def wait_idle(page: Any, timeout: float = 30_000, settle: float = 1_000) -> None:
    """Wait until the script run the last action caused has finished.

    Gives the run up to ``settle`` ms to start (an action may not trigger one), then waits
    for ``data-test-script-state='notRunning'`` and lets the page paint.
    """
    try:
        page.wait_for_selector(RUNNING, timeout=settle, state="attached")
    except Exception:  # noqa: BLE001 - no run started: the page is already idle
        pass
    page.wait_for_selector(IDLE, timeout=timeout, state="attached")
    # Elements whose code loads lazily (st.html, page links…) show a skeleton meanwhile.
    page.wait_for_function(
        "() => !document.querySelector(\"[data-testid='stSkeleton'], [data-testid='stSkeletonElement']\")",
        timeout=timeout)
    page.wait_for_timeout(100)


def runs_finished(page: Any) -> int:
    """How many script runs the page has seen finish (needs :data:`COUNT_RUNS_JS`)."""
    return int(page.evaluate("window.__rlRuns"))


def goto(page: Any, base: str, path: str = "", fragment: str = "", *,
         timeout: float = 30_000, **query: object) -> None:
    """Open ``path`` of the site (``""`` is Home) with ``query`` and wait until idle and the
    page's content is drawn (a visible element: the pages that keep a learner id start with a
    hidden script element, ui/progress.restore)."""
    page.goto(url_for(base, path, fragment, **query), wait_until="domcontentloaded",
              timeout=timeout)
    page.wait_for_selector("[data-testid='stMainBlockContainer'] [data-testid='stElementContainer']:visible",
                           timeout=timeout)
    wait_idle(page, timeout)


def exceptions(page: Any) -> list[str]:
    """The text of every Streamlit exception box on the page (empty when all is well)."""
    return [str(t) for t in page.locator(EXCEPTION).all_inner_texts()]
