"""The layout both play pages share: the top (title, lead, the link's problems, the setup
and the tabs), the play tab (the game's status line; on the left the game's table and
hand, then the move controls, whose turn it is, the end of the game and the seats, then
the game's marks and the first game's button; on the right the log, the latest review and
the link to the rules), the score sheet tab and the record tab, and the link written back.

A page opens it (:func:`open_play_page`), then gives its game's own parts to
:func:`lay_out` as functions: ``status()`` above the columns, ``table()`` at the top of
the left column, and ``marks(kept)`` under the seats, ``kept`` being what ``table()``
returned (a trick or a capture to show again).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import streamlit as st

from engine.session import PlaySession
from ui.docs import rule_href
from ui.i18n import t
from ui.play import controls as play_controls
from ui.play import record as play_record
from ui.play import session as play
from ui.play.table import seats_html
from ui.prefs import Prefs

T = TypeVar("T")


@dataclass(frozen=True)
class PlayPage:
    """An open play page: the game, its widget-key prefix (``kplay.`` or ``cplay.``), the
    visitor's preferences, the game's session and the tabs (play, sheet, record)."""

    game: str
    prefix: str
    prefs: Prefs
    session: PlaySession
    tabs: tuple[Any, Any, Any]


def open_play_page(game: str, prefix: str, prefs: Prefs) -> PlayPage:
    """The page's game (from the link, or the one in this browser session) and the top of
    the page (:func:`ui.play.controls.open_page`)."""
    session, problems = play.ensure_session(game, prefix, prefs.lang)
    session, tab_play, tab_sheet, tab_record = play_controls.open_page(
        game, prefix, prefs.lang, problems)
    return PlayPage(game, prefix, prefs, session, (tab_play, tab_sheet, tab_record))


def lay_out(page: PlayPage, status: Callable[[], None], table: Callable[[], T],
            marks: Callable[[T], None], rules: str, rule: str) -> None:
    """The rest of the page around the game's own parts; ``rules`` names the game's rules
    (``"K-1…K-14"``) and links to the rule ``rule`` of the rules page."""
    prefix, lang, query = page.prefix, page.prefs.lang, page.prefs.query()
    tab_play, tab_sheet, tab_record = page.tabs
    with tab_play:
        status()
        left, right = st.columns([3, 2], gap="large")
        with left:
            kept = table()
            play_controls.render_controls(prefix, lang)
            play_controls.render_turn(prefix, lang)
            play_controls.render_game_over(prefix, lang)
            st.html(seats_html(page.session, lang))
            marks(kept)
            play_controls.render_first_game(prefix, lang)
        with right:
            play_controls.render_log(prefix, lang)
            play_controls.render_reviews(prefix, lang, latest_only=True)
            st.markdown(t("play.rules", lang,
                          link=f"[{rules}]({rule_href(rule, query=query)})"))
    with tab_sheet:
        play_record.render_sheet(prefix, lang)
        play_controls.render_reviews(prefix, lang)
    with tab_record:
        play_record.render_record(prefix, lang, page.prefs.four_colour)
        play_controls.render_share(prefix, lang, f"{page.game}_play", query)
    play.write_link(page.session.setup, prefix)
