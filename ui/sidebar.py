"""The sidebar every page shares: language, four-colour deck, sample cards, quick links."""

from __future__ import annotations

import streamlit as st

from engine.cards import parse_cards
from ui import prefs as prefs_mod
from ui.cards import cards_html, inject_css
from ui.docs import rule_href
from ui.i18n import LANG_NAMES, LANGS, t
from ui.prefs import Prefs
from ui.safe import escape_html

#: Rules worth a click from anywhere: (UI string key, rule ID).
QUICK_RULES: tuple[tuple[str, str], ...] = (
    ("sidebar.link.hook", "K-9"),
    ("sidebar.link.following", "K-11"),
    ("sidebar.link.maximum", "C-6"),
    ("sidebar.link.sweep", "C-8"),
    ("sidebar.link.points", "C-13"),
)
SAMPLE = parse_cards(["AS", "KH", "QD", "JC"])


def quick_links_html(lang: str, query: dict[str, str]) -> str:
    """The quick links to rules as plain links (same tab; markdown links open a new one)."""
    items = "".join(
        f'<li><a href="{escape_html(rule_href(rule, query=query))}">{escape_html(t(key, lang))}</a></li>'
        for key, rule in QUICK_RULES
    )
    title = escape_html(t("sidebar.links", lang))
    return f'<nav class="rl-links" aria-label="{title}"><p>{title}</p><ul>{items}</ul></nav>'


def render(prefs: Prefs) -> None:
    """Draw the shared sidebar (call once per run, from ``streamlit_app.py``)."""
    inject_css()
    lang = prefs.lang
    with st.sidebar:
        st.caption(t("site.tagline", lang))
        st.selectbox(
            t("sidebar.language", lang),
            LANGS,
            format_func=LANG_NAMES.__getitem__,
            key=prefs_mod.LANG_KEY,
            on_change=prefs_mod.on_lang_change,
        )
        st.toggle(
            t("sidebar.deck", lang),
            key=prefs_mod.DECK_KEY,
            help=t("sidebar.deck.help", lang),
            on_change=prefs_mod.on_deck_change,
        )
        st.html(
            cards_html(
                SAMPLE,
                lang=lang,
                four_colour=prefs.four_colour,
                layout="hand",
                label=t("sidebar.sample", lang),
            )
        )
        st.html(quick_links_html(lang, prefs.query()))
