"""Classroom view: one lesson step at a time, large, for a projector (issue 7).

Thin: the link (``lesson=<id>`` or ``l=<packed lesson>``, ``step=<n>``, ``view=student``)
is read by :func:`ui.classroom.read_link`; the slides come cached from
:func:`ui.classroom.slides`; this file draws one. The sidebar and Streamlit's header are
hidden; Next/Back are buttons with keyboard shortcuts (→/←, and Page Down/Page Up through
two hidden buttons, which is what presentation clickers send). The step lives in the link,
so students who open the same link see the same step.
"""

from __future__ import annotations

import streamlit as st

import tutorials
from tutorials import lessons
from tutorials.handout import render_markdown
from ui import classroom
from ui.docs import rule_href
from ui.i18n import t
from ui.prefs import current
from ui.query import show_problems, write_params
from ui.safe import clean_html, echo, escape_html, escape_markdown

DEFAULT_LESSON = "kachuful-20"
K = "cl_"

st.set_page_config(layout="wide", initial_sidebar_state="collapsed")

_CSS = """<style>
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


@st.cache_data(show_spinner=False, max_entries=64)
def deck_of(packed: str, lang: str, four: bool) -> list[classroom.Slide]:
    """The slides of a lesson (keyed by its packed form): built once per language."""
    return classroom.slides(lessons.decode_link(packed), lang, four)


def go(step: int) -> None:
    write_params(step=str(step))


visitor = current()
lang = visitor.lang
st.html(_CSS)
link = classroom.read_link(st.query_params.to_dict(), DEFAULT_LESSON)
lesson = link.lesson
assert lesson is not None  # the default lesson always loads (tests/test_lessons.py)
try:
    deck = deck_of(lessons.encode_link(lesson), lang, visitor.four_colour)
except lessons.LessonError as exc:
    show_problems(link.problems, lang)
    st.error(t("classroom.broken", lang, problem=echo(exc, 300)), icon=":material/error:")
    st.stop()
count = len(deck)
step, problem = classroom.slide_number(link.slide_raw, count)
show_problems([*link.problems, *([problem] if problem else [])], lang)
slide = deck[step - 1]

# The link holds the lesson and the step (a bad lesson link is replaced by the one shown).
query = classroom.link_query(lesson, step, link.student)
write_params(lesson=query.get("lesson"), l=query.get("l"), step=query["step"],
             view=query.get("view"))

top_title, top_pos, top_exit = st.columns([5, 2, 2], vertical_alignment="bottom")
top_title.html(f'<div class="cl-top"><strong>{escape_html(lesson.title_in(lang))}</strong></div>')
top_pos.html(f'<div class="cl-top">{escape_html(t("classroom.position", lang, step=step, count=count))}'
             "</div>")
with top_exit:
    st.page_link("pages/lessons.py", label=t("classroom.exit", lang), icon=":material/close:",
                 query_params={k: v for k, v in {**visitor.query(), **query}.items()
                               if k in ("lang", "deck", "lesson", "l")})


def rule_link(rule: str) -> str:
    return rule_href(rule, query=visitor.query())


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
if slide.note and not link.student:
    st.info(f"**{t('classroom.note', lang)}:** {escape_markdown(slide.note)}",
            icon=":material/school:")
if slide.rules:
    st.caption(t("classroom.rules", lang) + ": " + " · ".join(
        f"[{r}]({rule_link(r)})" for r in slide.rules if tutorials.rule_doc(r)))

back, middle, forward = st.columns([2, 5, 2], vertical_alignment="center")
back.button(t("classroom.back", lang), key=K + "back", on_click=go, args=(step - 1,),
            disabled=step <= 1, shortcut="Left", width="stretch")  # the key shows as ←
forward.button(t("classroom.next", lang), key=K + "next", on_click=go, args=(step + 1,),
               disabled=step >= count, shortcut="Right",
               type="primary", width="stretch")
middle.progress(step / count, text=t("classroom.keys", lang))
# What presentation clickers send: hidden buttons, same moves.
st.button(t("classroom.next", lang), key=K + "pgdn", on_click=go, args=(step + 1,), disabled=step >= count,
          shortcut="PageDown")
st.button(t("classroom.back", lang), key=K + "pgup", on_click=go, args=(step - 1,), disabled=step <= 1,
          shortcut="PageUp")

if link.student:
    st.caption(t("classroom.student", lang))
else:
    student = {**visitor.query(), **classroom.link_query(lesson, step, True)}
    address = (st.context.url or "").split("?")[0] or "classroom"
    with st.expander(t("classroom.student-link", lang), icon=":material/group:"):
        st.code(address + "?" + classroom.query_string(student), language=None, wrap_lines=True)
