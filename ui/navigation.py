"""The site's pages: one list, grouped as in the menu. Add a line for a new page.

Each :class:`PageSpec` names a file in ``pages/`` (every one exists: a test checks it).
The URL path is Streamlit's default, the file name
without ``.py`` (``pages/kachuful_rules.py`` → ``/kachuful_rules``); the first page of the
list is the default page, served at ``/``. Titles and group names are UI string keys
(:mod:`ui.i18n`), so the menu follows the language.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ui.i18n import t

Group = Literal["start", "kachuful", "krypkasino", "explore", "teach"]
Purpose = Literal["learn", "play", "explore", "teach"]
GROUPS: tuple[Group, ...] = ("start", "kachuful", "krypkasino", "explore", "teach")
PURPOSES: tuple[Purpose, ...] = ("learn", "play", "explore", "teach")


@dataclass(frozen=True)
class PageSpec:
    """A page: its menu group, file (relative to the repository), title key (a UI string),
    icon (a Material Symbols name such as ``":material/school:"``: emoji have no font in
    Debian's headless Chromium), and the home page's "where to start" heading it is listed
    under (``None``: not listed)."""

    group: Group
    file: str
    title_key: str
    icon: str
    purpose: Purpose | None = None

    @property
    def url_path(self) -> str:
        """The path Streamlit serves the page at (``""`` for the default page)."""
        return "" if self is PAGES[0] else Path(self.file).stem


#: Every page of the site, in menu order. The first is the default page (Home).
PAGES: list[PageSpec] = [
    PageSpec("start", "pages/home.py", "page.home", ":material/home:"),
    PageSpec("kachuful", "pages/kachuful_rules.py", "page.kachuful_rules", ":material/menu_book:",
             "learn"),
    PageSpec("kachuful", "pages/kachuful_walkthrough.py", "page.kachuful_walkthrough",
             ":material/school:", "learn"),
    PageSpec("krypkasino", "pages/krypkasino_rules.py", "page.krypkasino_rules",
             ":material/menu_book:", "learn"),
    PageSpec("krypkasino", "pages/krypkasino_walkthrough.py", "page.krypkasino_walkthrough",
             ":material/school:", "learn"),
    PageSpec("start", "pages/glossary.py", "page.glossary", ":material/dictionary:", "learn"),
    PageSpec("kachuful", "pages/kachuful_scorekeeper.py", "scorekeeper.page.kachuful",
             ":material/scoreboard:", "play"),
    PageSpec("krypkasino", "pages/krypkasino_scorekeeper.py", "scorekeeper.page.krypkasino",
             ":material/scoreboard:", "play"),
    PageSpec("kachuful", "pages/kachuful_play.py", "play.page.kachuful", ":material/playing_cards:",
             "play"),
    PageSpec("krypkasino", "pages/krypkasino_play.py", "play.page.krypkasino",
             ":material/playing_cards:", "play"),
    PageSpec("teach", "pages/quiz.py", "page.quiz", ":material/quiz:", "teach"),
    PageSpec("teach", "pages/lessons.py", "classroom.page.lessons", ":material/cast_for_education:",
             "teach"),
    PageSpec("teach", "pages/classroom.py", "classroom.page.classroom", ":material/slideshow:",
             "teach"),
    PageSpec("teach", "pages/live.py", "live.page", ":material/groups:", "teach"),
    PageSpec("teach", "pages/homework.py", "homework.page", ":material/assignment:", "teach"),
    PageSpec("teach", "pages/table.py", "table.page", ":material/table_restaurant:", "play"),
    PageSpec("explore", "pages/explore_hand_odds.py", "explore.page.hand_odds",
             ":material/casino:", "explore"),
    PageSpec("explore", "pages/explore_hook.py", "explore.page.hook", ":material/block:",
             "explore"),
    PageSpec("explore", "pages/explore_variant_lab.py", "explore.page.variant_lab",
             ":material/science:", "explore"),
    PageSpec("explore", "pages/explore_sweep_danger.py", "explore.page.sweep_danger",
             ":material/cleaning_services:", "explore"),
    PageSpec("explore", "pages/explore_score_fan.py", "explore.page.score_fan",
             ":material/show_chart:", "explore"),
]


def registered() -> list[PageSpec]:
    """Every page of the site, in menu order."""
    return list(PAGES)


def by_file(file: str) -> PageSpec:
    """The page registered for ``file`` (e.g. ``"pages/glossary.py"``)."""
    for page in PAGES:
        if page.file == file:
            return page
    raise KeyError(file)


def build(lang: str) -> dict[str, list[object]]:
    """The argument of ``st.navigation``: group title → list of ``st.Page``, in ``lang``."""
    import streamlit as st

    menu: dict[str, list[object]] = {}
    specs = registered()
    for group in GROUPS:
        members = [p for p in specs if p.group == group]
        if members:
            menu[t(f"nav.group.{group}", lang)] = [
                st.Page(
                    p.file,
                    title=t(p.title_key, lang),
                    icon=p.icon,
                    default=p is PAGES[0],
                )
                for p in members
            ]
    return menu


def page_path(file: str) -> str:
    """The relative link to a page file (for markdown links): ``"glossary"``, ``"."`` for
    the default page."""
    spec = by_file(file)
    return spec.url_path or "."
