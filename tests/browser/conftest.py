"""Browser-test fixtures: one site server and one Chromium per session, a fresh context and
page per test, and a screenshot in tests/artifacts/ when a test fails.

Fixtures: ``site`` (base URL), ``browser``, ``page`` (Playwright page, 1280×900),
``new_page`` (factory for extra pages in their own contexts, e.g. two sessions).
Helpers (import from ``browser_harness``): ``goto(page, site, path, fragment, **query)``,
``wait_idle(page)``, ``exceptions(page)``, ``url_for``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_harness import ROOT, SiteServer, launch_chromium

ARTIFACTS = ROOT / "tests" / "artifacts"


@pytest.hookimpl(tryfirst=True, hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    setattr(item, f"rep_{report.when}", report)


@pytest.fixture(scope="session")
def site() -> Iterator[str]:
    """The base URL of a site server started for this test session."""
    with SiteServer(log=ARTIFACTS / "streamlit-browser-tests.log") as server:
        yield server.url


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        yield chromium
        chromium.close()


def _shot_name(node: pytest.Item, suffix: str = "") -> Path:
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", node.nodeid.split("::", 1)[-1])
    return ARTIFACTS / f"{name}{suffix}.png"


@pytest.fixture
def new_page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Callable[..., Any]]:
    """Factory: ``new_page(**context_options)`` opens a page in a fresh context (its own
    cookies and Streamlit session). All are screenshotted if the test fails."""
    contexts: list[Any] = []
    pages: list[Any] = []

    def make(**options: Any) -> Any:
        options.setdefault("viewport", {"width": 1280, "height": 900})
        context = browser.new_context(**options)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(30_000)
        pages.append(page)
        return page

    yield make
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        for i, page in enumerate(pages):
            try:
                page.screenshot(path=str(_shot_name(request.node, f"-{i}")), full_page=True)
            except Exception:  # noqa: BLE001 - a crashed page: keep the test's own error
                pass
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_page: Callable[..., Any]) -> Any:
    """A fresh page (own context) of 1280×900."""
    return new_page()
