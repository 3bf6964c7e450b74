"""The visitor's preferences: language and deck, kept in the URL and in session state.

``?lang=es`` and ``?deck=4`` make a link show the same language and deck. Streamlit drops
the query when the visitor moves to another page from the menu, so the values are also kept
in ``st.session_state`` and written back to the URL on the next page.
"""

from __future__ import annotations

from dataclasses import dataclass

from ui.i18n import DEFAULT_LANG, LANGS
from ui.query import Problem, parse_choice, write_params

LANG_KEY = "rl.lang"
DECK_KEY = "rl.deck4"
DECKS = ("2", "4")


@dataclass(frozen=True)
class Prefs:
    """What every page needs to draw: the language and whether the deck has four colours."""

    lang: str = DEFAULT_LANG
    four_colour: bool = False
    problems: tuple[Problem, ...] = ()

    def query(self) -> dict[str, str]:
        """The query parameters that carry these preferences (for links between pages)."""
        params: dict[str, str] = {}
        if self.lang != DEFAULT_LANG:
            params["lang"] = self.lang
        if self.four_colour:
            params["deck"] = "4"
        return params


def resolve(
    query_lang: str | None,
    query_deck: str | None,
    session_lang: object = None,
    session_deck: object = None,
) -> Prefs:
    """Pure: the preferences from the URL values, falling back to what the session had.

    >>> resolve("es", None).lang, resolve(None, None, "pt").lang, resolve("xx", "4").four_colour
    ('es', 'pt', True)
    >>> resolve("xx", None).problems[0].text("en")
    "The link's lang is xx, which is not one of en, es, pt; showing en instead."
    """
    fallback_lang = session_lang if session_lang in LANGS else DEFAULT_LANG
    fallback_deck = "4" if session_deck is True else "2"
    problems: list[Problem] = []
    lang = parse_choice(query_lang, "lang", LANGS, DEFAULT_LANG)
    if lang.problem is not None:
        problems.append(lang.problem)
    deck = parse_choice(query_deck, "deck", DECKS, "2")
    if deck.problem is not None:
        problems.append(deck.problem)
    chosen_lang = lang.value if query_lang and lang.ok else str(fallback_lang)
    chosen_deck = deck.value if query_deck and deck.ok else fallback_deck
    return Prefs(chosen_lang, chosen_deck == "4", tuple(problems))


def _leave_pages_directory_mode() -> None:
    """Make sure this run goes through the site frame (``streamlit_app.py``).

    Because the project has a ``pages/`` folder, a fresh server starts in Streamlit's old
    "pages directory" mode and stays there until ``st.navigation`` is first called. A
    visitor opening ``/kachuful_rules`` while the server is still in that mode gets the page
    run alone (no menu groups, no shared sidebar). Such a run is recognised by the page
    list Streamlit made for it, which holds the entry script itself as a page (the site's
    own menu never does); the mode is then left and the run restarted through the frame.
    The test is per run, so sessions that started together on a fresh server are all
    caught, not only the first.
    """
    import streamlit as st
    from streamlit.runtime.pages_manager import PagesManager
    from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

    ctx = get_script_run_ctx()
    if ctx is None:
        return
    manager = ctx.pages_manager
    entry = str(manager.main_script_path)
    in_old_mode = any(
        "url_pathname" in info and str(info.get("script_path")) == entry
        for info in manager.get_pages().values()
    )
    if in_old_mode or PagesManager.uses_pages_directory:
        PagesManager.uses_pages_directory = False
        if in_old_mode:
            st.rerun()


def for_frame() -> Prefs:
    """The preferences, for the entry script (before ``st.navigation``: the page list of
    the previous run must not be taken for this run's)."""
    from streamlit.runtime.pages_manager import PagesManager

    PagesManager.uses_pages_directory = False
    return _resolve_and_sync()


def current() -> Prefs:
    """The preferences for this run; keeps session state and the URL in step with them.

    Every page calls it first (it also makes sure the page runs inside the site frame).
    Safe to call many times per run.
    """
    _leave_pages_directory_mode()
    return _resolve_and_sync()


def _resolve_and_sync() -> Prefs:
    import streamlit as st

    prefs = resolve(
        st.query_params.get("lang"),
        st.query_params.get("deck"),
        st.session_state.get(LANG_KEY),
        st.session_state.get(DECK_KEY),
    )
    if st.session_state.get(LANG_KEY) != prefs.lang:
        st.session_state[LANG_KEY] = prefs.lang
    if st.session_state.get(DECK_KEY) != prefs.four_colour:
        st.session_state[DECK_KEY] = prefs.four_colour
    # A bad value is replaced in the URL too (its warning shows on this run only).
    write_params(lang=prefs.query().get("lang"), deck=prefs.query().get("deck"))
    return prefs


def on_lang_change() -> None:
    """Callback of the language selector: the URL follows the widget."""
    import streamlit as st

    lang = st.session_state.get(LANG_KEY, DEFAULT_LANG)
    write_params(lang=None if lang == DEFAULT_LANG else lang)


def on_deck_change() -> None:
    """Callback of the deck toggle: the URL follows the widget."""
    import streamlit as st

    write_params(deck="4" if st.session_state.get(DECK_KEY) else None)
