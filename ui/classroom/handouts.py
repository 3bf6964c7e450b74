"""The printable handout's download button on the rules pages and the glossary (the
handout itself is drawn by the Streamlit-free :mod:`ui.classroom.handout`)."""

from __future__ import annotations

import streamlit as st

from ui.classroom import handout
from ui.i18n import t


@st.cache_data(show_spinner=False, max_entries=16)
def handout_html(doc: str, lang: str) -> str:
    """:func:`ui.classroom.handout.doc_page` of ``doc`` in ``lang`` (cached: it takes ~0.5 s)."""
    return handout.doc_page(doc, lang)


def download_button(doc: str, lang: str) -> None:
    """A translated button that downloads ``<doc>-<lang>.html``."""
    st.download_button(
        t("access.handout.download", lang),
        handout_html(doc, lang),
        file_name=f"{doc}-{lang}.html",
        mime="text/html",
        key=f"{doc}.handout",
        help=t("access.handout.help", lang),
        icon=":material/print:",
    )
