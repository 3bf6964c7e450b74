"""Showing text that came from a person (a name, an uploaded record, a URL value) safely.

Tutorial markdown is ours and goes to ``st.markdown`` as it is. Anything typed or uploaded
goes through these helpers first, so ``<img src=x onerror=alert(1)>`` is shown as text.

>>> escape_html('<img src=x onerror=alert(1)>')
'&lt;img src=x onerror=alert(1)&gt;'
>>> escape_markdown("**bold** [link](x)")
'\\\\*\\\\*bold\\\\*\\\\* \\\\[link\\\\]\\\\(x\\\\)'
"""

from __future__ import annotations

import html
import re

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:])")


def escape_html(text: object) -> str:
    """``text`` as HTML text: ``& < > " '`` escaped, so no tag or attribute can be injected."""
    return html.escape(str(text), quote=True)


def escape_markdown(text: object) -> str:
    """``text`` with every markdown (and HTML) special character backslash-escaped, for use
    inside ``st.markdown``/``st.warning`` strings; new lines become spaces."""
    flat = " ".join(str(text).split())
    return _MARKDOWN_SPECIAL.sub(r"\\\1", flat)


def clip(text: object, limit: int = 60) -> str:
    """``text`` shortened to ``limit`` characters (with an ellipsis), for echoing bad input."""
    value = str(text)
    return value if len(value) <= limit else value[: limit - 1] + "…"


def user_text_html(text: object, *, tag: str = "span", css_class: str = "rl-user-text") -> str:
    """An HTML element holding ``text`` as plain text (for names inside card tables etc.)."""
    if not re.fullmatch(r"[a-z][a-z0-9]*", tag):
        raise ValueError(f"not a tag name: {tag!r}")
    return f'<{tag} class="{escape_html(css_class)}">{escape_html(text)}</{tag}>'


def show_user_text(text: object) -> None:
    """Show ``text`` on the page exactly as typed (no markdown, no HTML)."""
    import streamlit as st

    st.text(str(text))
