"""Drawing one lesson slide (a :class:`ui.classroom.deck.Slide`) with Streamlit, large: the
projector view (:mod:`pages.classroom`) and the live classroom (:mod:`ui.classroom.live`) share it.

Every text of a slide is escaped; its ``text`` (teaching markdown, or a shared lesson's
summary) is rendered and then cleaned by the allow-list sanitizer.
"""

from __future__ import annotations

from collections.abc import Mapping

import streamlit as st

import tutorials
from ui.classroom.deck import Slide
from ui.classroom.handout import render_markdown
from ui.docs import rule_href
from ui.i18n import t
from ui.safe import clean_html, escape_html, escape_markdown

#: The classroom's CSS: no sidebar or Streamlit header, large text and cards.
CSS = """<style>
[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"],
[data-testid="stExpandSidebarButton"], header[data-testid="stHeader"] { display: none; }
[data-testid="stMainBlockContainer"] { padding-top: 1.2rem; padding-bottom: 1rem;
  max-width: 100%; }
.st-key-cl_pgdn, .st-key-cl_pgup { display: none; }
.cl-top { display: flex; gap: 1.2rem; align-items: baseline; font-size: 1.05rem;
  opacity: 0.85; border-bottom: 1px solid rgba(127,127,127,0.35); padding-bottom: 0.3rem; }
.cl-top strong { color: inherit; }
.cl-sub { font-size: 1.35rem; opacity: 0.8; margin: 0.2rem 0 0 0; }
.cl-title { font-size: 2.9rem; font-weight: 700; line-height: 1.15; margin: 0.1rem 0 0.6rem 0; }
/* A shared lesson's words may hold a long unbroken URL: wrap it on a phone. */
.cl-title, .cl-top, .cl-body { overflow-wrap: anywhere; }
.cl-body, .cl-body li, .cl-body p { font-size: 1.6rem; line-height: 1.45; }
.cl-body ul { margin: 0.2rem 0 0.6rem 0; }
.cl-body .cl-choices { list-style: none; padding-left: 0.3rem; font-weight: 700; }
.cl-body .cl-text { border-left: 6px solid #2563eb; padding: 0.2rem 0.9rem;
  margin: 0.6rem 0; }
.cl-body .cl-text p { margin: 0.2rem 0; }
.cl-big .rl-cards { font-size: 34px; gap: 0.5em; }
.cl-big .rl-caption, .cl-big .kw-head { font-size: 1.4rem; }
.cl-big .kw-stats { font-size: 1.15rem; }
.cl-big .kw-seats { grid-template-columns: repeat(auto-fill, minmax(360px, 1fr)); }
.cl-big .kw-play { font-size: 1.1rem; }
.cl-big .kw-sched { font-size: 1.2rem; }
.cl-big .cl-sheet { font-size: 1.4rem; border-collapse: collapse; }
.cl-big .cl-sheet th, .cl-big .cl-sheet td { border: 1px solid #9ca3af; padding: 0.2rem 0.8rem; }
.cl-big .cl-legend { font-size: 1.1rem; opacity: 0.8; }
.cl-note { font-size: 1.2rem; }
[data-testid="stAlertContentInfo"] p { font-size: 1.3rem; }
[class*="st-key-cl_next"] button, [class*="st-key-cl_back"] button { min-height: 3.4rem; }
[class*="st-key-cl_next"] button p, [class*="st-key-cl_back"] button p { font-size: 1.4rem; }
</style>"""


def draw(slide: Slide, lang: str, query: Mapping[str, str], note: bool = True) -> None:
    """Draw ``slide``: title, lines, choices, text, cards, the teacher's note (if ``note``)
    and the rules it cites (linked with ``query``, the visitor's preferences)."""

    def rule_link(rule: str) -> str:
        return rule_href(rule, query=dict(query))

    parts = []
    if slide.subtitle:
        parts.append(f'<p class="cl-sub">{escape_html(slide.subtitle)}</p>')
    parts.append(f'<h1 class="cl-title" id="cl-slide-title">{escape_html(slide.title)}</h1>')
    body = []
    if slide.lines:
        tag = "ol" if slide.kind == "cover" else "ul"  # the cover lists the parts in order
        body.append(f"<{tag}>" + "".join(f"<li>{escape_html(x)}</li>" for x in slide.lines)
                    + f"</{tag}>")
    if slide.choices:
        body.append('<ul class="cl-choices">'
                    + "".join(f"<li>{escape_html(c)}</li>" for c in slide.choices) + "</ul>")
    if slide.text:
        # The cover's text is the lesson's summary, which a shared link may hold: cleaned.
        rendered = clean_html(render_markdown(slide.text, (), rule_link))
        body.append(f'<div class="cl-text">{rendered}</div>')
    st.html("".join(parts) + f'<div class="cl-body">{"".join(body)}</div>')
    if slide.html:
        st.html(f'<div class="cl-big">{slide.html}</div>')
    if slide.note and note:
        st.info(f"**{t('classroom.note', lang)}:** {escape_markdown(slide.note)}",
                icon=":material/school:")
    if slide.rules:
        st.caption(t("classroom.rules", lang) + ": " + " · ".join(
            f"[{r}]({rule_link(r)})" for r in slide.rules if tutorials.rule_doc(r)))
