"""The screens of ``/homework`` (issue 29) and the lessons page's "set as homework" form.

The teacher sets a lesson as homework with a due date and gets two links: the students'
(``hw=``) and their own (``hw=&key=``: the results per student and rule, the CSV). A
student gives a name once, then answers the lesson's questions in any order at their own
pace (``hw=&s=``: their token, never a learner id); each answer is judged by the engine
and kept in the store. Every value of a link is read with limits; a refusal is a sentence.
"""

from __future__ import annotations

import datetime as dt
import os
from typing import Any

import pandas as pd
import streamlit as st

import store
from engine.seats import LETTERS
from store import homework as hw
from tutorials import lessons
from ui.classroom import homework, live, live_teacher, slide_view
from ui.classroom.deck import Slide
from ui.i18n import t
from ui.prefs import Prefs
from ui.safe import escape_html, escape_markdown

K = "hw_"
PAGE = "pages/homework.py"


def db() -> store.Store:
    return store.get()


def tz() -> dt.tzinfo:
    return homework.zone(st.context.timezone)


@st.cache_data(show_spinner=False, max_entries=32)
def _deck(packed: str, lang: str, four: bool) -> list[Slide]:
    return live.deck_for(packed, lang, four)


@st.cache_data(show_spinner=False, max_entries=32)
def _tasks(packed: str, lang: str) -> list[homework.Task]:
    return homework.tasks(_deck(packed, lang, False), lang)


# -- setting homework (the lessons page) --------------------------------------------------------
def set_form(lesson: lessons.Lesson, visitor: Prefs, key: str = K) -> None:
    """An expander on the lessons page: a due date and time, and a button that sets the
    lesson shown as homework and opens the teacher's results page."""
    lang = visitor.lang
    with st.expander(t("homework.set", lang), icon=":material/assignment:"):
        st.caption(t("homework.set.help", lang))
        packed = lessons.encode_link(lesson)
        try:
            count = len(_tasks(packed, lang))
        except lessons.LessonError:
            count = 0
        if not count:
            st.info(t("homework.no-questions", lang), icon=":material/quiz:")
            return
        today = dt.datetime.now(tz()).date()
        with st.form(key + "set", border=False):
            a, b = st.columns(2)
            day = a.date_input(t("homework.due.day", lang), value=today + dt.timedelta(days=7),
                               min_value=today,
                               max_value=today + dt.timedelta(days=hw.MAX_DUE_DAYS - 1),
                               key=key + "day", format="YYYY-MM-DD")
            hour = b.time_input(t("homework.due.time", lang), value=dt.time(23, 0),
                                key=key + "time", step=dt.timedelta(minutes=30))
            sent = st.form_submit_button(t("homework.set.go", lang), type="primary",
                                         icon=":material/assignment_add:")
        if not sent:
            return
        try:
            opened = hw.create(db(), packed, lang,
                               homework.due_ms(day, hour, tz()))
        except store.Refused:
            st.error(t("homework.due.bad", lang), icon=":material/error:")
            return
        except store.Unavailable:
            st.error(t("live.not-saved", lang), icon=":material/cloud_off:")
            return
        st.switch_page(PAGE, query_params={**visitor.query(), "hw": opened.code,
                                           "key": opened.key})


# -- the page ------------------------------------------------------------------------------------
def page(visitor: Prefs) -> None:
    """``/homework``: the teacher's results, a student's work or a student's start."""
    lang = visitor.lang
    st.html(slide_view.CSS)
    params = st.query_params
    raw = params.get("hw")
    code = homework.read_code(raw)
    key, token = homework.read_secret(params.get("key")), homework.read_secret(params.get("s"))
    if not raw:
        st.title(t("homework.page", lang), anchor=False)
        st.info(t("homework.none", lang), icon=":material/assignment:")
        st.page_link("pages/lessons.py", label=t("classroom.page.lessons", lang),
                     icon=":material/cast_for_education:")
        _code_form(visitor)
        return
    if code is None or (params.get("key") and key is None) or (params.get("s") and token is None):
        st.title(t("homework.page", lang), anchor=False)
        st.error(t("homework.bad-link", lang), icon=":material/link_off:")
        return
    try:
        found = hw.get(db(), code)
        if found is None:
            st.title(t("homework.page", lang), anchor=False)
            st.error(t("homework.gone", lang), icon=":material/event_busy:")
            return
        deck = _deck(found.lesson, lang, visitor.four_colour)
        title = escape_markdown(lessons.decode_link(found.lesson).title_in(lang))
        st.title(title, anchor=False)
        due = homework.due_text(found.due_ms, tz(), lang)
        if key:
            teacher_view(found, key, deck, visitor)
        elif token:
            student_view(found, token, deck, visitor, due)
        else:
            start_view(found, visitor, due)
    except lessons.LessonError:
        st.error(t("live.bad-lesson", lang), icon=":material/error:")
    except store.Unavailable:
        st.error(t("live.unavailable", lang), icon=":material/cloud_off:")
        st.button(t("homework.retry", lang), icon=":material/refresh:", key=K + "retry")


def _code_form(visitor: Prefs) -> None:
    """A student who was given the code rather than the link types it here."""
    lang = visitor.lang
    with st.form(K + "code", border=True):
        typed = st.text_input(t("homework.code", lang), max_chars=12, key=K + "typed",
                              placeholder="ABC-DEFG")
        sent = st.form_submit_button(t("homework.open", lang), icon=":material/login:")
    if not sent:
        return
    code = homework.read_code(typed)
    if code is None:
        st.error(t("homework.bad-code", lang), icon=":material/error:")
        return
    st.query_params.from_dict({**visitor.query(), "hw": code})
    st.rerun()


# -- teacher ---------------------------------------------------------------------------------------
def teacher_view(found: hw.Homework, key: str, deck: list[Slide], visitor: Prefs) -> None:
    lang = visitor.lang
    try:
        results = hw.results(db(), found.code, key)
    except store.Forbidden:
        st.error(t("homework.not-teacher", lang), icon=":material/lock:")
        return
    due = homework.due_text(found.due_ms, tz(), lang)
    st.caption(t("homework.due.past" if found.is_past() else "homework.due", lang, due=due))
    task_list = _tasks(found.lesson, lang)
    st.markdown(f"**{t('homework.link', lang)}**")
    public = os.environ.get(live.PUBLIC_URL_ENV)
    where = live.public_base(st.context.url, public, live.lan_address())
    st.code(f"{where.base or '.'}/homework?hw={found.code}", language=None, wrap_lines=True)
    st.caption(t("homework.link.help", lang, count=len(task_list),
                 code=store.show_code(found.code)))
    if where.base != (public or "").strip().rstrip("/"):  # not the site's public address
        st.warning(t("homework.local", lang), icon=":material/wifi_off:")
    st.warning(t("homework.keep", lang), icon=":material/key:")
    # The teacher's own link as text, folded away (a projected page must not show it): the
    # address bar shows it too, but after st.switch_page a browser was seen keeping the old one
    with st.expander(t("homework.teacher-link", lang), icon=":material/key:"):
        st.code(f"{where.base or '.'}/homework?hw={found.code}&key={key}", language=None,
                wrap_lines=True)
    st.subheader(t("homework.results", lang), anchor=False)
    if not results.students:
        st.info(t("homework.nobody", lang), icon=":material/hourglass_empty:")
    rules, rows = homework.grid(results, task_list)
    names = live.display_names(results.students)
    if rows:
        heads = {r: live.rule_title(r, lang) for r in rules}
        table = pd.DataFrame([
            {t("homework.student", lang): names[s.id],
             **{heads[r]: c.text() + (" " + t("homework.late-mark", lang, n=c.late)
                                      if c.late else "") for r, c in cells.items()}}
            for s, cells in rows])
        st.dataframe(table, hide_index=True, width="stretch")
        st.caption(t("homework.results.help", lang))
        lines = []
        for r in rules:  # the class per rule, the rules it missed most first
            right = sum(cells[r].right for _, cells in rows)
            answered = sum(cells[r].answered for _, cells in rows)
            lines.append((right / answered if answered else 2.0, r, t(
                "homework.rule-line", lang, rule=escape_markdown(heads[r]), right=right,
                answered=answered) if answered else t(
                "homework.rule-none", lang, rule=escape_markdown(heads[r]))))
        st.markdown("\n".join(f"- {line}" for _, _, line in sorted(lines)))
    st.download_button(t("live.csv", lang), homework.results_csv(results, lang),
                       file_name=f"homework-{found.code}.csv", mime="text/csv",
                       icon=":material/download:", key=K + "csv")
    st.button(t("homework.refresh", lang), icon=":material/refresh:", key=K + "refresh")


# -- student ---------------------------------------------------------------------------------------
def start_view(found: hw.Homework, visitor: Prefs, due: str) -> None:
    lang = visitor.lang
    st.caption(t("homework.due.past" if found.is_past() else "homework.due", lang, due=due))
    with st.form(K + "join"):
        name = st.text_input(t("live.join.name", lang), max_chars=live.NAME_LIMIT,
                             key=K + "name", help=t("homework.name.help", lang))
        sent = st.form_submit_button(t("homework.start", lang), type="primary",
                                     icon=":material/play_arrow:")
    if not sent:
        return
    clean = live.clean_name(name)
    if clean is None:
        st.error(t("live.join.need-name", lang), icon=":material/error:")
        return
    try:
        joined = hw.join(db(), found.code, clean)
    except store.Refused as exc:
        st.error(t("live.join.refused", lang, problem=escape_markdown(exc.problem)),
                 icon=":material/error:")
        return
    except store.Forbidden:
        st.error(t("homework.gone", lang), icon=":material/event_busy:")
        return
    st.query_params.from_dict({**visitor.query(), "hw": found.code, "s": joined.token})
    st.rerun()


def student_view(found: hw.Homework, token: str, deck: list[Slide], visitor: Prefs,
                 due: str) -> None:
    lang = visitor.lang
    me = hw.student(db(), found.code, token)
    if me is None:
        st.error(t("homework.not-student", lang), icon=":material/person_off:")
        return
    if found.is_past():
        st.warning(t("homework.late", lang, due=due), icon=":material/timer_off:")
    else:
        st.caption(t("homework.due", lang, due=due))
    st.caption(t("homework.keep.student", lang, name=me.name))
    task_list = _tasks(found.lesson, lang)
    mine = hw.answers_of(db(), found.code, token)
    done = sum(1 for task in task_list if task.ref in mine)
    right = sum(1 for task in task_list if task.ref in mine and mine[task.ref].right)
    st.progress(done / max(len(task_list), 1),
                text=t("homework.progress", lang, done=done, count=len(task_list), right=right))
    for n, task in enumerate(task_list, start=1):
        _task(found, token, task, n, len(task_list), mine.get(task.ref), visitor)


def _task(found: hw.Homework, token: str, task: homework.Task, n: int, count: int,
          mine: hw.HomeworkAnswer | None, visitor: Prefs) -> None:
    lang = visitor.lang
    question = live_teacher.question_of(task.ref, lang, visitor.four_colour)
    if question is None:
        return
    labels = {c: f"{LETTERS[i]}. {escape_markdown(label)}"
              for i, (c, label) in enumerate(question.choices)}
    with st.container(border=True, key=f"{K}task{n}"):
        st.markdown(f"#### {escape_markdown(t('homework.question', lang, n=n, count=count))}")
        st.caption(escape_markdown(live.rule_title(question.rule, lang)))
        for fact in question.facts:
            st.markdown(f"- {escape_markdown(fact)}")
        if question.html:
            st.html(f'<div class="cl-big">{question.html}</div>')
        st.markdown(f"**{escape_markdown(question.prompt)}**")
        if mine is None:
            with st.form(f"{K}form{n}", border=False):
                if question.multiple:
                    for c, _ in question.choices:
                        st.checkbox(labels[c], key=f"{K}pick{n}.{c}")
                else:
                    st.radio(question.prompt, [c for c, _ in question.choices], index=None,
                             format_func=labels.__getitem__, key=f"{K}pick{n}",
                             label_visibility="collapsed")
                st.form_submit_button(t("live.send", lang), type="primary",
                                      icon=":material/send:", on_click=_send,
                                      args=(found.code, token, n, question))
            problem = st.session_state.get(f"{K}problem{n}")
            if problem:
                st.warning(t(problem, lang), icon=":material/touch_app:")
            return
        picked = ", ".join(labels[c] for c in mine.chosen if c in labels)
        st.markdown(t("live.sent", lang, answer=picked))
        if mine.right:
            st.success(t("live.right", lang), icon=":material/check_circle:")
        else:
            right = ", ".join(labels[c] for c, _ in question.choices if c in question.correct)
            st.error(t("homework.wrong", lang, answer=right), icon=":material/cancel:")
        if question.explanation:
            st.html(f'<p class="cl-lines">{escape_html(question.explanation)}</p>')


def _send(code: str, token: str, n: int, question: Any) -> None:
    """Callback of an answer: judged by the engine, stored once (the first stands)."""
    if question.multiple:
        chosen = [c for c, _ in question.choices if st.session_state.get(f"{K}pick{n}.{c}")]
    else:
        picked = st.session_state.get(f"{K}pick{n}")
        chosen = [picked] if isinstance(picked, str) else []
    if not chosen:
        st.session_state[f"{K}problem{n}"] = "live.pick"
        return
    labels = dict(question.choices)
    text = ", ".join(f"{LETTERS[[c for c, _ in question.choices].index(c)]}. {labels[c]}"
                     for c in chosen if c in labels)
    try:
        hw.answer(db(), code, token, question.ref, question.rule, question.prompt, chosen,
                  text, question.judge(chosen))
    except (store.Forbidden, store.Refused):
        st.session_state[f"{K}problem{n}"] = "homework.not-saved"
        return
    except store.Unavailable:
        st.session_state[f"{K}problem{n}"] = "live.unsaved"  # the choice stays on the form
        return
    st.session_state.pop(f"{K}problem{n}", None)
