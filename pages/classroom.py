"""Classroom view: one lesson step at a time, large, for a projector (issue 7).

Thin: the link (``lesson=<id>`` or ``l=<packed lesson>``, ``step=<n>``, ``view=student``)
is read by :func:`ui.classroom.deck.read_link`; the slides come cached from
:func:`ui.classroom.deck.slides`; this file draws one. The sidebar and Streamlit's header are
hidden; Next/Back are buttons with keyboard shortcuts (→/←, and Page Down/Page Up through
two hidden buttons, which is what presentation clickers send). The step lives in the link,
so students who open the same link see the same step.
"""

from __future__ import annotations

import streamlit as st

from tutorials import lessons
from ui.classroom import deck as classroom
from ui.classroom import live_views, slide_view
from ui.i18n import t
from ui.prefs import current
from ui.query import show_problems, write_params
from ui.safe import echo, escape_html

DEFAULT_LESSON = "kachuful-20"
K = "cl_"

st.set_page_config(layout="wide", initial_sidebar_state="collapsed")



@st.cache_data(show_spinner=False, max_entries=64)
def deck_of(packed: str, lang: str, four: bool) -> list[classroom.Slide]:
    """The slides of a lesson (keyed by its packed form): built once per language."""
    return classroom.slides(lessons.decode_link(packed), lang, four)


def go(step: int) -> None:
    write_params(step=str(step))


visitor = current()
lang = visitor.lang
st.html(slide_view.CSS)
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


slide_view.draw(slide, lang, visitor.query(), note=not link.student)

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
    live_views.open_button(lesson, visitor, K + "live", step)
    with st.expander(t("classroom.student-link", lang), icon=":material/group:"):
        st.code(address + "?" + classroom.query_string(student), language=None, wrap_lines=True)
