"""AppTest support for the site's page tests (not used by the running site).

``streamlit.testing.v1.AppTest`` re-detects the ``pages/`` folder before every run and then
runs the old "pages directory" mode, which executes a page file *alone* after the first run:
no entry script, no shared sidebar, no ``prefs.current()`` from the frame. The real server
leaves that mode for good as soon as ``st.navigation`` is called. :class:`SiteTest` makes
AppTest do the same, so every run goes through ``streamlit_app.py`` as in a browser.

>>> at = open_site("pages/glossary.py", lang="es")   # doctest: +SKIP
>>> at.selectbox(key="rl.lang").value                 # doctest: +SKIP
'es'
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from streamlit.runtime.pages_manager import PagesManager
from streamlit.testing.v1 import AppTest

ENTRY = Path(__file__).resolve().parent.parent / "streamlit_app.py"


@contextmanager
def _navigation_mode() -> Iterator[None]:
    original = PagesManager.__init__

    def init(self: PagesManager, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        PagesManager.uses_pages_directory = False  # what st.navigation does on the server

    PagesManager.__init__ = init  # type: ignore[method-assign]
    try:
        yield
    finally:
        PagesManager.__init__ = original  # type: ignore[method-assign]


class SiteTest(AppTest):
    """An ``AppTest`` of ``streamlit_app.py`` whose every run goes through the entry script."""

    def __init__(self, default_timeout: float = 30) -> None:
        super().__init__(str(ENTRY), default_timeout=default_timeout)

    def _run(self, widget_state: Any = None, timeout: float | None = None) -> AppTest:
        with _navigation_mode():
            return super()._run(widget_state, timeout=timeout)


def open_site(page: str | None = None, *, timeout: float = 30, **query: str) -> SiteTest:
    """Run the site with ``query`` in the URL and, if ``page`` is a file such as
    ``"pages/glossary.py"``, switch to it and run again. Returns the test app."""
    at = SiteTest(default_timeout=timeout)
    at.query_params.update(query)
    at.run()
    if page is not None and page != "pages/home.py":
        at.switch_page(page).run()
    return at
