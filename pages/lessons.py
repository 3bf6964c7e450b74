"""Lessons: pick a ready lesson or build one, open it in the classroom view, share its link,
download it as a JSON file or as a printable handout (issue 7).

Thin: lessons are read and checked by :mod:`tutorials.lessons`, their steps come from
:mod:`ui.classroom.deck`, handouts from :mod:`ui.classroom.handout`. The lesson shown lives in the
link (``lesson=<id>``, or ``l=<packed lesson>`` for a lesson built here); the lesson
builder is :mod:`ui.classroom.lesson_builder`.
"""

from __future__ import annotations

import dataclasses
import json

import streamlit as st

import store
import tutorials
from store import lessons as saved_lessons
from tutorials import lessons
from ui.classroom import deck as classroom
from ui.classroom import handout, homework_views, lesson_builder, live_views
from ui.i18n import t
from ui.prefs import current
from ui.query import show_problems, write_params
from ui.safe import escape_markdown, markdown_html

K = "ls_"


# -- cached data -------------------------------------------------------------------------------
@st.cache_data(show_spinner=False, max_entries=64)
def deck_of(packed: str, lang: str, four: bool) -> list[classroom.Slide]:
    return classroom.slides(lessons.decode_link(packed), lang, four)


@st.cache_data(show_spinner=False, max_entries=32)
def lesson_handout(packed: str, lang: str, four: bool) -> str:
    lesson = lessons.decode_link(packed)
    return handout.lesson_page(lesson, lang, four, deck=deck_of(packed, lang, four))


@st.cache_data(show_spinner=False, max_entries=16)
def doc_handout(doc: str, lang: str) -> str:
    return handout.doc_page(doc, lang)


def saved_packed(saved_id: str) -> str | None:
    """The packed lesson saved under ``saved_id`` (``None``: no such lesson)."""
    found = saved_lessons.get(store.get(), saved_id)
    return None if found is None else found.lesson


def open_saved(params: dict[str, str]) -> dict[str, str]:
    """``saved=<id>`` (a lesson saved on the site) read from the store into ``l=``; its
    author's ``key=`` kept for the builder. A refusal is a sentence."""
    saved_id = params.get("saved")
    if not saved_id:
        st.session_state.pop(lesson_builder.AUTHOR, None)
        return params
    try:
        packed = saved_packed(saved_id) if saved_lessons.valid_id(saved_id) else None
        key = params.get("key", "")
        author = bool(key) and packed is not None and saved_lessons.is_author(
            store.get(), saved_id, key)
    except store.Unavailable:
        st.warning(t("classroom.own.cannot-open", lang), icon=":material/cloud_off:")
        return {k: v for k, v in params.items() if k not in ("saved", "key")}
    if packed is None:
        st.warning(t("classroom.own.missing", lang, value=escape_markdown(saved_id[:40])),
                   icon=":material/error:")
        return {k: v for k, v in params.items() if k not in ("saved", "key")}
    if author:
        st.session_state[lesson_builder.AUTHOR] = (saved_id, key)
    else:
        st.session_state.pop(lesson_builder.AUTHOR, None)
    return {**params, "l": packed}


# -- callbacks ---------------------------------------------------------------------------------
def on_pick() -> None:
    picked = st.session_state[K + "lesson"]
    if picked != "shared":
        write_params(lesson=picked, l=None, saved=None, key=None)


# -- the page ----------------------------------------------------------------------------------
# The classroom view collapses the sidebar; its "leave" link comes here, so bring it back.
st.set_page_config(initial_sidebar_state="expanded")
visitor = current()
lang, four = visitor.lang, visitor.four_colour
st.title(t("classroom.page.lessons", lang), anchor=False)
st.caption(t("classroom.lead", lang))

shipped = lessons.load_all()
by_id = {lesson.id: lesson for lesson in shipped}
params = open_saved(st.query_params.to_dict())
link = classroom.read_link(params, shipped[0].id if shipped else None)
show_problems(link.problems, lang)
lesson = link.lesson
if lesson is None:
    st.stop()
if link.shared and params.get("saved") and lesson.saved != params["saved"]:
    lesson = dataclasses.replace(lesson, saved=params["saved"])  # the store's id is the truth
choices = [*by_id, *(["shared"] if link.shared else [])]
chosen = "shared" if link.shared else lesson.id
if st.session_state.get(K + "lesson") != chosen:
    st.session_state[K + "lesson"] = chosen
st.selectbox(t("classroom.pick", lang), choices, key=K + "lesson", on_change=on_pick,
             format_func=lambda i: t("classroom.pick.shared", lang) + f": {lesson.title_in(lang)}"
             if i == "shared" else by_id[i].title_in(lang))
packed = lessons.encode_link(lesson)
query = classroom.link_query(lesson, 1)
if "saved" in params and link.shared:
    # A saved lesson keeps its short link (saved=<id>); the packed lesson is not written.
    write_params(lesson=None, l=None)
else:
    write_params(lesson=query.get("lesson"), l=query.get("l"), saved=None, key=None)

try:
    deck = deck_of(packed, lang, four)
except lessons.LessonError as exc:
    st.error(t("classroom.broken", lang, problem=escape_markdown(str(exc))), icon=":material/error:")
    st.stop()

st.header(escape_markdown(lesson.title_in(lang)), anchor=False)
facts = [t("classroom.slides", lang, count=len(deck))]
if lesson.minutes:
    facts.insert(0, t("classroom.minutes", lang, minutes=lesson.minutes))
st.caption(" · ".join(facts))
if lesson.summary:
    st.html(markdown_html(lesson.summary_in(lang)))  # a shared lesson's text: cleaned

carry = {k: v for k, v in visitor.query().items()}
go_col, student_col = st.columns(2, vertical_alignment="center")
with go_col:
    st.page_link("pages/classroom.py", label=t("classroom.open", lang),
                 icon=":material/slideshow:", query_params={**carry, **query})
with student_col:
    st.page_link("pages/classroom.py", label=t("classroom.open.student", lang),
                 icon=":material/group:",
                 query_params={**carry, **classroom.link_query(lesson, 1, True)})
live_views.open_button(lesson, visitor, K + "live")
homework_views.set_form(lesson, visitor, K + "hw_")
json_col, handout_col = st.columns(2, vertical_alignment="center")
json_col.download_button(
    t("classroom.download.json", lang), key=K + "json", icon=":material/download:",
    data=json.dumps(lessons.to_doc(lesson), ensure_ascii=False, indent=2) + "\n",
    file_name=f"{lesson.id}.json", mime="application/json")
handout_col.download_button(
    t("classroom.download.handout", lang), key=K + "handout", icon=":material/print:",
    data=lesson_handout(packed, lang, four), file_name=f"lesson-{lesson.id}-{lang}.html",
    mime="text/html")

st.subheader(t("classroom.outline", lang), anchor=False)
starts = {s.item: i for i, s in enumerate(deck, start=1) if s.kind == "item"}
for n, item in enumerate(lesson.items, start=1):
    # Each part opens the classroom view at its own first step.
    href = "classroom?" + classroom.query_string(
        {**carry, **classroom.link_query(lesson, starts[n - 1])})
    line = f"**{n}. [{escape_markdown(classroom.item_title(item, lang))}]({href})** — " \
           f"{escape_markdown(classroom.item_summary(item, lang))}"
    note = lessons.localized(item.note, lang)
    st.markdown(line + (f"  \n{t('classroom.note', lang)}: {escape_markdown(note)}" if note else ""))

address = (st.context.url or "").split("?")[0] or "lessons"
st.markdown(f"**{t('classroom.share', lang)}**")
if "saved" in params and link.shared and lesson.saved:
    st.code(address + "?" + classroom.query_string({**carry, "saved": lesson.saved}),
            language=None, wrap_lines=True)
    st.caption(t("classroom.own.share.help", lang))
    author = st.session_state.get(lesson_builder.AUTHOR)
    if author is not None and author[0] == lesson.saved:
        st.markdown(f"**{t('classroom.own.author', lang)}**")
        st.code(address + "?" + classroom.query_string(
            {**carry, "saved": author[0], "key": author[1]}), language=None, wrap_lines=True)
        st.caption(t("classroom.own.author.help", lang))
else:
    st.code(address + "?" + classroom.query_string({**carry, **{k: v for k, v in query.items()
                                                                 if k != "step"}}),
            language=None, wrap_lines=True)
    st.caption(t("classroom.share.help", lang))

st.markdown(f"**{t('classroom.download.rules', lang)}**")
doc_cols = st.columns(len(tutorials.DOCS))
for col, doc in zip(doc_cols, tutorials.DOCS, strict=True):
    col.download_button(t("classroom.download.doc", lang, doc=t(handout.DOC_TITLES[doc], lang)),
                        key=K + "doc-" + doc, data=doc_handout(doc, lang),
                        file_name=f"{doc}-{lang}.html", mime="text/html",
                        icon=":material/print:")

lesson_builder.builder(lesson, lang)
