"""Moving the keyboard focus after a rerun (Streamlit leaves it on ``<body>``).

:func:`move_focus` puts a tiny script on the page that focuses the first element matching
a CSS selector once it is drawn (it waits for it up to two seconds), making it focusable
(``tabindex="-1"``) when it is not. A screen reader then reads what changed: the verdict
after an answer, the new question after "Next". ``token`` makes each request a new script,
so the same request twice in a row runs twice.
"""

from __future__ import annotations

import json


def focus_script(selector: str, token: str) -> str:
    """The ``<script>`` that focuses ``selector`` (see the module doc).

    >>> "querySelector(want)" in focus_script("#question", "1")
    True
    """
    return (
        "<script>(() => { const want = " + json.dumps(selector) + "; let tries = 0;"
        " const go = () => { const doc = window.parent && window.parent !== window ?"
        " window.parent.document : document; const el = doc.querySelector(want);"
        " if (el) { if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');"
        " el.focus(); } else if (tries++ < 40) { setTimeout(go, 50); } };"
        " setTimeout(go, 60); })(); /* " + json.dumps(token).replace("*/", "") + " */</script>"
    )


def move_focus(selector: str, token: str) -> None:
    """Focus ``selector`` after this run (an invisible element)."""
    import streamlit as st

    st.html(focus_script(selector, token), unsafe_allow_javascript=True)
