"""The teacher's hold on a live class (Streamlit): who is in it (the roster on the projector,
removing a student, locking joining, a new teacher's key), the question options, the
leaderboard and the results (per rule, per student, the CSV, reopen, delete). Split from
:mod:`ui.classroom.live_views`, which draws the pages; the logic is in :mod:`ui.classroom.live` and :mod:`store`.
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

import store
from engine.registry import BOT_LEVELS, GAME_IDS, GAMES, level_label
from store.tables import TIMERS, Tables, state_of
from ui.classroom import live
from ui.i18n import t
from ui.play.link import page_origin
from ui.prefs import Prefs
from ui.safe import escape_html, escape_markdown
from ui.table import view as table_view
from ui.table.seats import owner_link, screen

K = live.K
#: How often the projector's board of the class's tables is drawn again (seconds).
TABLE_POLL_S = 2.0


def db() -> store.Store:
    return store.get()


@st.cache_resource(show_spinner=False, max_entries=256)  # immutable, holds the engine's judge
def question_of(ref: str, lang: str, four: bool) -> live.LiveQuestion | None:
    return live.resolve(ref, lang, four)


def saving(lang_key: str = "live.not-saved") -> None:
    """Remember, in a callback, that a change could not be saved (said on the next run)."""
    st.session_state[K + "unsaved"] = lang_key


def unsaved_notice(lang: str) -> None:
    said = st.session_state.pop(K + "unsaved", None)
    if said:
        st.warning(t(str(said), lang), icon=":material/cloud_off:")


@st.fragment(run_every=live.STUDENT_POLL_S * 2)
def roster(code: str, key: str, lang: str, anonymous: bool = False,
            known: tuple[str, ...] = ()) -> None:
    """Who is in the class, on the projector as they join (names told apart). When it
    changed since the page ran, the teacher's page runs again (its Manage list too); the
    phones do not."""
    try:
        students = db().students(code, key)
    except (store.Unavailable, store.Forbidden):
        return
    if tuple(s.id for s in students) != known:
        st.rerun()
    st.markdown(t("live.joined", lang, count=len(students)))
    if anonymous:
        return  # no names on the projector
    names = live.display_names(students)
    st.html('<ul class="lv-names" id="lv-names">' + "".join(
        f"<li>{escape_html(names[s.id])}</li>" for s in students) + "</ul>")


def manage(code: str, key: str, state: store.ClassState, visitor: Prefs,
            students: tuple[store.Student, ...]) -> None:
    """The teacher's hold on the class: lock joining, remove a student, a new key."""
    lang = visitor.lang
    with st.expander(t("live.manage", lang), icon=":material/manage_accounts:"):
        st.toggle(t("live.lock", lang), value=state.locked, key=K + "lock",
                  on_change=lock, args=(code, key), help=t("live.lock.help", lang))
        names = live.display_names(students)
        if students:
            who = st.selectbox(t("live.remove.who", lang), [s.id for s in students],
                               format_func=names.__getitem__, index=None, key=K + "who")
            st.button(t("live.remove", lang), key=K + "remove", disabled=who is None,
                      on_click=remove, args=(code, key, who, names.get(str(who), "")),
                      icon=":material/person_remove:")
        removed = st.session_state.pop(K + "removed", None)
        if removed:
            st.success(t("live.removed", lang, name=escape_markdown(str(removed))),
                       icon=":material/person_remove:")
        st.button(t("live.rotate", lang), key=K + "rotate", on_click=rotate,
                  args=(code, key, visitor), icon=":material/key:",
                  help=t("live.rotate.help", lang))
    with st.expander(t("live.options", lang), icon=":material/tune:"):
        now = state.options
        st.selectbox(t("live.countdown", lang), store.core.COUNTDOWNS,
                     index=store.core.COUNTDOWNS.index(now.countdown_s), key=K + "opt_countdown",
                     format_func=lambda s: t("live.countdown.off", lang) if not s
                     else t("live.seconds", lang, seconds=s),
                     on_change=set_options, args=(code, key))
        st.toggle(t("live.points", lang), value=now.points, key=K + "opt_points",
                  on_change=set_options, args=(code, key))
        st.toggle(t("live.leaderboard", lang), value=now.leaderboard, key=K + "opt_leaderboard",
                  on_change=set_options, args=(code, key))
        st.toggle(t("live.anonymous", lang), value=now.anonymous, key=K + "opt_anonymous",
                  on_change=set_options, args=(code, key))


def set_options(code: str, key: str) -> None:
    got = st.session_state
    options = store.Options(countdown_s=int(got.get(K + "opt_countdown") or 0),
                            points=bool(got.get(K + "opt_points")),
                            leaderboard=bool(got.get(K + "opt_leaderboard")),
                            anonymous=bool(got.get(K + "opt_anonymous")))
    try:
        db().set_options(code, key, options)
    except (store.Forbidden, store.Refused):
        pass
    except store.Unavailable:
        saving()


def leaderboard(code: str, key: str, state: store.ClassState, lang: str) -> None:
    """The top students by points (names or "Student n" in anonymous mode)."""
    rows = live.leaderboard(db().results(code, key), state.options.anonymous, lang)
    st.markdown(f"**{t('live.board', lang)}**")
    st.html('<ol class="lv-board" id="lv-board">' + "".join(
        f"<li>{escape_html(name)} · {score}</li>" for name, score in rows) + "</ol>")


def lock(code: str, key: str) -> None:
    try:
        db().lock(code, key, bool(st.session_state.get(K + "lock")))
    except store.Forbidden:
        pass
    except store.Unavailable:
        saving()


def remove(code: str, key: str, student: str | None, name: str) -> None:
    if not student:
        return
    try:
        if db().remove(code, key, student):
            st.session_state[K + "removed"] = name
            st.session_state.pop(K + "who", None)
    except store.Forbidden:
        pass
    except store.Unavailable:
        saving()


def rotate(code: str, key: str, visitor: Prefs) -> None:
    try:
        fresh = db().rotate_key(code, key)
    except store.Forbidden:
        return
    except store.Unavailable:
        saving()
        return
    st.query_params.from_dict({**visitor.query(), "class": code, "key": fresh})
    st.session_state[K + "rotated"] = True


def reopen(code: str, key: str) -> None:
    try:
        db().reopen(code, key)
    except store.Forbidden:
        pass
    except store.Unavailable:
        saving()


# -- results -------------------------------------------------------------------------------------
def results_view(code: str, key: str, visitor: Prefs) -> None:
    lang = visitor.lang
    results = db().results(code, key)
    st.title(t("live.results", lang), anchor=False)
    st.caption(t("live.results.lead", lang, code=store.show_code(code),
                 students=len(results.students), questions=len(results.questions)))
    rules = live.rule_results(results)
    st.subheader(t("live.results.rules", lang), anchor=False)
    if rules:
        frame = pd.DataFrame([{t("live.col.rule", lang): live.rule_title(r.rule, lang),
                               t("live.col.right", lang): r.right,
                               t("live.col.answers", lang): r.asked,
                               t("live.col.share", lang): round(100 * r.share)} for r in rules])
        st.dataframe(frame, hide_index=True, key=K + "rules")
    else:
        st.caption(t("live.results.none", lang))
    st.subheader(t("live.results.students", lang), anchor=False)
    scores = live.student_scores(results)
    if scores:
        # Names are shown as data cells (plain text, never markup).
        st.dataframe(pd.DataFrame([{t("live.col.name", lang): s.name,
                                    t("live.col.right", lang): s.right,
                                    t("live.col.answered", lang): s.answered,
                                    t("live.col.asked", lang): s.asked} for s in scores]),
                     hide_index=True, key=K + "scores")
    texts = {}
    for q in results.questions:
        found = question_of(q.ref, lang, visitor.four_colour)
        texts[q.ref] = found.prompt if found is not None else ""
    st.download_button(t("live.csv", lang), data=live.results_csv(results, lang, texts),
                       file_name=f"class-{code}.csv", mime="text/csv", key=K + "csv",
                       icon=":material/download:")
    st.button(t("live.reopen", lang), key=K + "reopen", on_click=reopen, args=(code, key),
              icon=":material/replay:", help=t("live.reopen.help", lang))
    st.caption(t("live.expires", lang, hours=store.CLASS_TTL_MS // 3_600_000))
    sure = st.checkbox(t("live.delete.sure", lang), key=K + "sure")
    if st.button(t("live.delete", lang), key=K + "delete", disabled=not sure,
                 icon=":material/delete:"):
        db().delete(code, key)
        st.query_params.from_dict(visitor.query())
        st.session_state[K + "deleted"] = True
        st.rerun()


def deleted_notice(lang: str) -> None:
    if st.session_state.pop(K + "deleted", False):
        st.success(t("live.deleted", lang), icon=":material/delete:")


# -- tables: the class plays (issue 31) ------------------------------------------------------------
def _tables() -> Tables:
    return Tables(db())


def tables_setup(code: str, key: str, visitor: Prefs,
                 students: tuple[store.Student, ...]) -> None:
    """The teacher seats the joined students at tables of a chosen size (bots of a chosen
    level fill the gaps): the game and every option, the timer (off in a class), the coach
    and review (off by default: the class plays, then reviews)."""
    lang = visitor.lang
    with st.expander(t("live.tables", lang), icon=":material/table_restaurant:"):
        st.caption(t("live.tables.help", lang))
        game = st.selectbox(t("table.game", lang), GAME_IDS, key=K + "t_game",
                            format_func=lambda g: GAMES[g].name(lang))
        spec = GAMES[game]
        top = st.columns(2)
        size = top[0].selectbox(t("live.tables.size", lang), spec.players.values,
                                index=spec.players.values.index(spec.players.default),
                                key=K + f"t_size.{game}")
        level = top[1].selectbox(t("live.tables.level", lang), BOT_LEVELS, key=K + "t_level",
                                 format_func=lambda v: level_label(v, lang))
        options = table_view.option_widgets(game, size, lang, K + "t_opt.")
        timer = st.selectbox(t("table.timer", lang), TIMERS, key=K + "t_timer",
                             help=t("table.timer.help", lang),
                             format_func=lambda n: t("table.timer.off", lang) if not n else
                             t("table.timer.seconds", lang, n=n))
        learning = st.toggle(t("table.learning", lang), value=False, key=K + "t_learning",
                             help=t("table.learning.help", lang))
        count = -(-len(students) // size)
        st.caption(t("live.tables.count", lang, students=len(students), tables=count))
        st.button(t("live.tables.go", lang), key=K + "t_go", type="primary",
                  disabled=not students, on_click=split,
                  args=(code, key, game, options, tuple(s.id for s in students), size, level,
                        timer, learning), icon=":material/groups:")
        problem = st.session_state.pop(K + "t_problem", None)
        if problem:
            st.warning(t("table.refused", lang, field=escape_markdown(str(problem))),
                       icon=":material/warning:")


def split(code: str, key: str, game: str, options: dict[str, Any], students: tuple[str, ...],
          size: int, level: str, timer: int, learning: bool) -> None:
    try:
        _tables().open_class(code, key, game, options, students, size, level=level,
                             timer_s=timer, learning=learning)
    except store.Refused as exc:
        st.session_state[K + "t_problem"] = exc.field
    except store.Forbidden:
        pass
    except store.Unavailable:
        saving()


@st.fragment(run_every=TABLE_POLL_S)
def tables_board(code: str, key: str, visitor: Prefs) -> None:
    """Every table of the class at once, for the projector: each one's seats and scores,
    whose turn, the trick or the cards on the table (no hand), and a link that opens it
    with every hand (the teacher's key)."""
    lang = visitor.lang
    try:
        rows = _tables().of_class(code, key)
    except (store.Unavailable, store.Forbidden):
        return
    if not rows:
        return
    st.markdown(f"#### {t('live.tables.board', lang)}")
    origin = page_origin()
    columns = st.columns(min(len(rows), 3))
    for n, row in enumerate(rows, start=1):
        row = _tables().time_out(row.id) or row
        view = screen(row, state_of(row), None, lang)
        with columns[(n - 1) % len(columns)], st.container(border=True, key=K + f"tbl{n}"):
            st.html(live.table_tile(n, row, view, lang, visitor.four_colour))
            st.link_button(t("live.tables.open", lang, n=n),
                           owner_link(origin, row.id, key), icon=":material/visibility:")
