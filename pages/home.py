"""Home: what the two games are, and where to start (links to the pages that exist)."""

import streamlit as st

from engine.cards import parse_cards
from ui.cards import cards_html
from ui.i18n import t
from ui.navigation import PURPOSES, registered
from ui.prefs import current

visitor = current()
lang = visitor.lang

st.title(t("site.title", lang), anchor=False)
st.markdown(t("home.lead", lang))

kachuful, krypkasino = st.columns(2, gap="large")
with kachuful, st.container(border=True):
    st.header("Kachuful", anchor=False)
    st.html(cards_html(parse_cards(["AS", "KD", "7C", "2H"]), lang=lang,
                       four_colour=visitor.four_colour, layout="hand"))
    st.markdown(t("home.kachuful", lang))
with krypkasino, st.container(border=True):
    st.header("Krypkasino", anchor=False)
    taken, played = parse_cards(["2H", "7S"]), parse_cards(["9D"])[0]
    st.html(cards_html([*taken, played], lang=lang, states=["highlight"] * 3,
                       four_colour=visitor.four_colour, layout="table"))
    st.caption(t("home.legend", lang, card=str(played), taken=" + ".join(str(c) for c in taken)))
    st.markdown(t("home.krypkasino", lang))

st.header(t("home.start", lang), anchor=False)
pages = registered()
# Only the purposes that have pages yet (Play, Explore, Teach appear with their pages).
offered = [(purpose, [p for p in pages if p.purpose == purpose]) for purpose in PURPOSES]
offered = [(purpose, links) for purpose, links in offered if links]
for column, (purpose, links) in zip(st.columns(len(PURPOSES)), offered, strict=False):
    with column:
        st.markdown(f"**{t(f'home.purpose.{purpose}', lang)}**")
        st.caption(t(f"home.purpose.{purpose}.text", lang))
        for spec in links:
            st.page_link(spec.file, label=t(spec.title_key, lang), icon=spec.icon,
                         query_params=visitor.query())
