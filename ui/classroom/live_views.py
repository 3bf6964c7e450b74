"""The live classroom's screens (Streamlit): the teacher's projector, a student's phone, the
join form, the results. The logic they use is in :mod:`ui.classroom.live` and :mod:`store`.

A student's page has a small fragment that reads the class's row every
:data:`ui.classroom.live.STUDENT_POLL_S` seconds and runs the whole page again when it changed; the
teacher's chart is a fragment that runs every :data:`ui.classroom.live.TEACHER_POLL_S` seconds. Every
run reads the class from the store: that is how a student follows the teacher's step, and how
a page that lost its server (a restart, or another replica) carries on where the class is.
"""

from __future__ import annotations

import os
import time

import streamlit as st

import store
from engine.seats import seat_letter
from store.tables import Tables
from tutorials import lessons
from ui import progress
from ui.classroom import live, live_teacher, slide_view
from ui.classroom.deck import LETTERS, Slide
from ui.docs import rule_href
from ui.i18n import t
from ui.prefs import Prefs
from ui.safe import escape_html, escape_markdown

K = live.K
#: Joins one connection (a browser tab's session) may make per window: a class cannot be
#: filled from one tab.
JOINS_PER_WINDOW = 3
JOIN_WINDOW_S = 60.0
CSS = """<style>
.lv-code { font-size: clamp(1.6rem, 2.6vw, 3.2rem); font-weight: 800; letter-spacing: 0.08em;
  line-height: 1.1; font-family: ui-monospace, monospace; white-space: nowrap; }
.lv-qr img { width: 100%; max-width: 260px; height: auto; image-rendering: pixelated; }
.lv-who { font-size: 1.05rem; opacity: 0.85; }
.lv-count { font-size: 1.6rem; font-weight: 700; margin: 0.2rem 0; }
.lv-names { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap;
  gap: 0.3rem 0.5rem; font-size: 1.05rem; }
.lv-clock { height: 0.7rem; background: rgba(127,127,127,0.2); border-radius: 0.4rem;
  overflow: hidden; margin: 0.3rem 0; }
.lv-clock-bar { height: 100%; width: 100%; background: #d97706; transform-origin: left;
  animation-name: lv-empty; animation-timing-function: linear; animation-fill-mode: forwards; }
@keyframes lv-empty { from { transform: scaleX(1); } to { transform: scaleX(0); } }
.lv-clock-text { font-weight: 700; margin: 0; }
.lv-board { font-size: 1.1rem; margin: 0; padding-left: 1.3rem; overflow-wrap: anywhere; }
.lv-classboard { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: 0.6rem; margin: 0.4rem 0 0.8rem 0; }
.lv-tile { border: 2px solid rgba(127,127,127,0.4); border-radius: 0.6rem;
  padding: 0.5rem 0.7rem; }
.lv-tile.lv-best { border-color: #16a34a; } .lv-tile.lv-illegal { border-color: #dc2626; }
.lv-tile-move { font-size: 1.6rem; font-weight: 800; overflow-wrap: anywhere; }
.lv-tile-count { font-size: 1.2rem; font-weight: 700; }
.lv-tile-bar { height: 0.5rem; background: rgba(127,127,127,0.2); border-radius: 0.3rem; }
.lv-tile-bar span { display: block; height: 100%; background: #2563eb; border-radius: 0.3rem; }
.lv-tile-verdict { font-weight: 700; margin-top: 0.3rem; }
.lv-tile-note { font-size: 0.95rem; opacity: 0.85; }
.lv-names li { background: rgba(127,127,127,0.15); border-radius: 0.4rem;
  padding: 0.05rem 0.45rem; overflow-wrap: anywhere; }
@media (max-width: 640px) {
  .cl-title { font-size: 1.7rem; } .cl-body, .cl-body li, .cl-body p { font-size: 1.1rem; }
  .cl-big .rl-cards { font-size: 22px; } .lv-code { font-size: 2rem; }
}
</style>"""


@st.cache_data(show_spinner=False, max_entries=64)
def deck_of(packed: str, lang: str, four: bool) -> list[Slide]:
    return live.deck_for(packed, lang, four)


def db() -> store.Store:
    return live_teacher.db()


# -- opening a class (the lessons page and the projector view) ---------------------------------
def open_button(lesson: lessons.Lesson, visitor: Prefs, key: str, step: int = 1) -> None:
    """A button that opens a live class on ``lesson`` (at ``step``) and goes to its
    teacher's page."""
    if st.button(t("live.open", visitor.lang), key=key, icon=":material/groups:",
                 help=t("live.open.help", visitor.lang)):
        try:
            opened = db().open_class(lessons.encode_link(lesson), visitor.lang, step=step)
        except store.Unavailable:
            st.error(t("live.not-saved", visitor.lang), icon=":material/cloud_off:")
            return
        st.switch_page("pages/live.py", query_params={
            **visitor.query(), "class": opened.code, "key": opened.key})


# -- the page ------------------------------------------------------------------------------------
def page(visitor: Prefs) -> None:
    """``/live``: the teacher's, a student's or the join screen, by the link."""
    params = st.query_params
    st.html(slide_view.CSS + CSS)
    raw_code = params.get("class")
    code = store.normalise_code(raw_code) if raw_code else None
    if raw_code and code is None:
        st.warning(t("live.bad-code", visitor.lang), icon=":material/warning:")
    key, token = params.get("key"), params.get("s")
    try:
        if code and key:
            teacher_view(code, key, visitor)
        elif code and token:
            student_view(code, token, visitor)
        else:
            join_view(code, visitor)
    except store.Unavailable:
        # A sentence, not a traceback (the cause is in the server's log); the page tries
        # again by itself and carries on where the class is.
        st.error(t("live.unavailable", visitor.lang), icon=":material/cloud_off:")
        _retry()


@st.fragment(run_every=live.STUDENT_POLL_S * 2)
def _retry() -> None:
    try:
        db()
    except store.Unavailable:
        return
    st.rerun()


def _lesson_deck(state: store.ClassState, visitor: Prefs) -> list[Slide] | None:
    try:
        return deck_of(state.lesson, visitor.lang, visitor.four_colour)
    except lessons.LessonError:
        st.error(t("live.bad-lesson", visitor.lang), icon=":material/error:")
        return None


def _gone(lang: str) -> None:
    st.error(t("live.gone", lang), icon=":material/event_busy:")
    st.page_link("pages/live.py", label=t("live.join.title", lang), icon=":material/login:")


# -- join --------------------------------------------------------------------------------------
def join_view(code: str | None, visitor: Prefs) -> None:
    lang = visitor.lang
    live_teacher.deleted_notice(lang)
    st.title(t("live.join.title", lang), anchor=False)
    st.caption(t("live.join.lead", lang))
    with st.form(K + "join", border=True):
        typed = st.text_input(t("live.join.code", lang), value=store.show_code(code) if code
                              else "", max_chars=12, key=K + "code",
                              placeholder="ABC-DEFG")
        name = st.text_input(t("live.join.name", lang), max_chars=live.NAME_LIMIT,
                             key=K + "name", help=t("live.join.name.help", lang))
        sent = st.form_submit_button(t("live.join.go", lang), type="primary",
                                     icon=":material/login:")
    if not sent:
        return
    wanted = store.normalise_code(typed)
    clean = live.clean_name(name)
    if wanted is None:
        st.error(t("live.join.bad-code", lang), icon=":material/error:")
        return
    if clean is None:
        st.error(t("live.join.need-name", lang), icon=":material/error:")
        return
    now = time.monotonic()
    recent = [x for x in st.session_state.get(K + "joins", []) if now - x < JOIN_WINDOW_S]
    if len(recent) >= JOINS_PER_WINDOW:  # one connection cannot fill a class
        st.error(t("live.join.slow", lang), icon=":material/hourglass_top:")
        return
    st.session_state[K + "joins"] = [*recent, now]
    learner = progress.learner()  # a learner who keeps a record: live answers count in it
    try:
        joined = db().join(wanted, clean, learner)
    except store.Forbidden:
        st.error(t("live.join.no-class", lang), icon=":material/error:")
        return
    except store.Refused as exc:
        if exc.field == "locked":
            st.error(t("live.join.locked", lang), icon=":material/lock:")
            return
        st.error(t("live.join.refused", lang, problem=escape_markdown(exc.problem)),
                 icon=":material/error:")
        return
    except store.Unavailable:
        st.error(t("live.not-saved", lang), icon=":material/cloud_off:")
        return
    # The learner id stays in the session (never in the address: the link may be shared).
    st.query_params.from_dict({**visitor.query(), "class": wanted, "s": joined.token})
    st.rerun()


# -- student -----------------------------------------------------------------------------------
def student_view(code: str, token: str, visitor: Prefs) -> None:
    lang = visitor.lang
    me = db().student(code, token)
    if me is None:
        st.error(t("live.not-student", lang), icon=":material/block:")
        st.page_link("pages/live.py", label=t("live.join.title", lang), icon=":material/login:")
        return

    state = db().state(code)
    if state is None:
        _gone(lang)
        return
    _watch(code, state.version)
    st.html(f'<div class="lv-who">{escape_html(t("live.you", lang))} '
            f'<strong>{escape_html(me.name)}</strong> · {escape_html(store.show_code(code))}'
            f'<span id="lv-state" data-step="{state.step}" data-version="{state.version}">'
            "</span></div>")
    _my_table(code, token, visitor)
    if state.ended:
        _student_end(code, token, lang)
        return
    deck = _lesson_deck(state, visitor)
    if deck is None:
        return
    teacher_step = max(1, min(state.step, len(deck)))
    asked = db().question(code, state.question) if state.question else None
    if asked is not None and not state.revealed and \
            live.asked_on(deck[teacher_step - 1], asked.ref):
        # An open question: the phone shows it and its choices, nothing else (no slide
        # that could tell the answer, no exploring).
        _student_question(state, asked, code, token, visitor)
        return
    own = K + "own"
    if state.follow:
        st.session_state.pop(own, None)
        step = teacher_step
    else:
        step = int(st.session_state.setdefault(own, teacher_step))
        if not live.may_visit(deck, step, teacher_step):
            step = st.session_state[own] = teacher_step
        st.info(t("live.free", lang), icon=":material/explore:")
    slide = deck[step - 1]
    if asked is not None and live.asked_on(slide, asked.ref):
        _student_question(state, asked, code, token, visitor)  # answered, and the answer
        if slide.kind != "question":  # a your-move step: the move, now that it is shown
            slide_view.draw(slide, lang, visitor.query(), note=False)
    else:
        slide_view.draw(slide, lang, visitor.query(), note=False)
    st.caption(t("classroom.position", lang, step=step, count=len(deck)))
    if not state.follow:
        before = live.free_move(deck, step, -1, teacher_step)
        after = live.free_move(deck, step, 1, teacher_step)
        back, forward = st.columns(2)
        back.button(t("classroom.back", lang), key=K + "s_back", disabled=before is None,
                    on_click=_own_step, args=(before or step,), icon=":material/arrow_back:",
                    width="stretch")
        forward.button(t("classroom.next", lang), key=K + "s_next",
                       disabled=after is None, on_click=_own_step, args=(after or step,),
                       icon=":material/arrow_forward:", width="stretch")


def _my_table(code: str, token: str, visitor: Prefs) -> None:
    """When the teacher has seated the class at tables: the phone moves to its seat once
    (the seat opens with the student's own class token), and a button goes there again."""
    where = Tables(db()).seat_of_student(code, token)
    if where is None:
        return
    table_id, seat = where
    query = {**visitor.query(), "table": table_id, "seat": str(seat), "token": token}
    if st.session_state.get(K + "seated") != table_id:
        st.session_state[K + "seated"] = table_id
        st.switch_page("pages/table.py", query_params=query)
    st.page_link("pages/table.py", label=t("live.tables.mine", visitor.lang,
                                           seat=seat_letter(seat)),
                 query_params=query, icon=":material/table_restaurant:")


@st.fragment(run_every=live.STUDENT_POLL_S)
def _watch(code: str, version: int) -> None:
    """Every second, one read of the class's row: when the teacher (or anyone) changed it,
    the whole page runs again with the new state. Between changes nothing else is sent, so
    40 phones cost 40 small reads a second, not 40 slides."""
    try:
        now = db().state(code)
    except store.Unavailable:
        return  # the page stays as it is; the next look tries again
    if now is None or now.version != version:
        st.rerun()


def _own_step(step: int) -> None:
    st.session_state[K + "own"] = step


def _student_question(state: store.ClassState, asked: store.Asked, code: str, token: str,
                      visitor: Prefs) -> None:
    lang = visitor.lang
    question = live_teacher.question_of(asked.ref, lang, visitor.four_colour)
    if question is None:
        return
    mine = db().answer_of(code, token, asked.seq)
    late = st.session_state.get(K + "late") == asked.seq
    with st.container(border=True, key=K + "question"):
        st.markdown(f"#### {t('live.question', lang, n=asked.seq)}")
        for fact in question.facts:
            st.markdown(f"- {escape_markdown(fact)}")
        if question.html:
            st.html(f'<div class="cl-big">{question.html}</div>')
        st.markdown(f"**{escape_markdown(question.prompt)}**")
        labels = {c: f"{LETTERS[i]}. {escape_markdown(label)}"
                  for i, (c, label) in enumerate(question.choices)}
        if mine is None and not state.revealed and not late:
            if asked.deadline_ms is not None:
                _countdown(asked.deadline_ms, lang)
            with st.form(K + f"answer{asked.seq}", border=False):
                if question.multiple:
                    kept = st.session_state.get(K + f"kept{asked.seq}")
                    for c, _ in question.choices:
                        box = K + f"pick{asked.seq}.{c}"
                        if isinstance(kept, list) and box not in st.session_state:
                            st.session_state[box] = c in kept
                        st.checkbox(labels[c], key=box)
                else:
                    ids = [c for c, _ in question.choices]
                    kept = st.session_state.get(K + f"kept{asked.seq}")
                    pick = K + f"pick{asked.seq}"
                    if isinstance(kept, list) and kept and kept[0] in ids and \
                            pick not in st.session_state:
                        st.session_state[pick] = kept[0]  # the choice that could not be sent
                    st.radio(question.prompt, ids, index=None,
                             format_func=labels.__getitem__, key=pick,
                             label_visibility="collapsed")
                st.form_submit_button(t("live.send", lang), type="primary",
                                      on_click=_send, args=(code, token, asked.seq, question),
                                      icon=":material/send:")
            if st.session_state.get(K + "empty") == asked.seq:
                st.warning(t("live.pick", lang), icon=":material/touch_app:")
            if K + f"kept{asked.seq}" in st.session_state:
                st.warning(t("live.unsaved", lang), icon=":material/cloud_off:")
            return
        if mine is not None:
            picked = ", ".join(labels[c] for c in mine.chosen if c in labels)
            st.markdown(t("live.sent", lang, answer=picked))
        if not state.revealed:
            st.caption(t("live.wait", lang))
            return
        if mine is None:
            st.warning(t("live.late", lang), icon=":material/timer_off:")
        elif mine.right:
            st.success(t("live.right", lang), icon=":material/check_circle:")
        else:
            st.error(t("live.wrong", lang), icon=":material/cancel:")
        if state.options.points and mine is not None:
            st.markdown(t("live.my-points", lang, points=live.points(asked, mine)))
        _reveal_text(question, visitor)


def _countdown(deadline_ms: int, lang: str) -> None:
    """The time left to answer: a bar that empties by itself (CSS, nothing polled) and the
    seconds as text; the store refuses an answer after the deadline."""
    left = max(0.0, (deadline_ms - store.core.now_ms()) / 1000)
    st.html(f'<div class="lv-clock" id="lv-clock" data-deadline="{deadline_ms}">'
            f'<div class="lv-clock-bar" style="animation-duration: {left:.1f}s"></div></div>'
            f'<p class="lv-clock-text">{escape_html(t("live.within", lang, seconds=round(left)))}'
            "</p>")


def _send(code: str, token: str, seq: int, question: live.LiveQuestion) -> None:
    """Callback of a student's answer: judged by the engine, stored once."""
    if question.multiple:
        chosen = [c for c, _ in question.choices if st.session_state.get(K + f"pick{seq}.{c}")]
    else:
        picked = st.session_state.get(K + f"pick{seq}")
        chosen = [picked] if isinstance(picked, str) else []
    if not chosen:
        st.session_state[K + "empty"] = seq
        return
    st.session_state.pop(K + "empty", None)
    try:
        outcome = db().answer(code, token, seq, chosen, question.judge(chosen))
    except store.Forbidden:
        return
    except store.Unavailable:
        st.session_state[K + f"kept{seq}"] = chosen  # shown again, to send once more
        return
    st.session_state.pop(K + f"kept{seq}", None)
    if outcome == "late":
        st.session_state[K + "late"] = seq


def _student_end(code: str, token: str, lang: str) -> None:
    st.success(t("live.ended", lang), icon=":material/flag:")
    me = db().student(code, token)
    if me is None:
        return
    state = db().state(code)
    right = answered = 0
    asked = state.question if state else 0
    for seq in range(1, asked + 1):
        mine = db().answer_of(code, token, seq)
        if mine is not None:
            answered += 1
            right += int(mine.right)
    st.markdown(t("live.my-score", lang, right=right, asked=asked, answered=answered))


def _reveal_text(question: live.LiveQuestion, visitor: Prefs) -> None:
    lang = visitor.lang
    right = ", ".join(f"{question.letter(c)}. {escape_markdown(label)}"
                      for c, label in question.choices if c in question.correct)
    st.markdown(f"**{t('live.answer', lang)}** {right}")
    st.markdown(escape_markdown(question.explanation))
    named = escape_markdown(live.rule_title(question.rule, lang))
    link = f"[{named}]({rule_href(question.rule, query=visitor.query())})"
    st.markdown(t("live.rule", lang, rule=link))


# -- teacher -------------------------------------------------------------------------------------
def teacher_view(code: str, key: str, visitor: Prefs) -> None:
    lang = visitor.lang
    if not db().is_teacher(code, key):
        st.error(t("live.not-teacher", lang), icon=":material/block:")
        return
    live_teacher.unsaved_notice(lang)
    state = db().state(code)
    if state is None:
        _gone(lang)
        return
    deck = _lesson_deck(state, visitor)
    if deck is None:
        return
    st.session_state[K + "seen"] = state.version  # what this tab shows
    if state.ended:
        live_teacher.results_view(code, key, visitor)
        return
    step = max(1, min(state.step, len(deck)))
    slide = deck[step - 1]
    where = live.public_base(st.context.url, os.environ.get(live.PUBLIC_URL_ENV),
                             live.lan_address())
    base = where.base
    link = live.join_link(base, code)
    main, side = st.columns([3, 1], gap="large")
    with side:
        if where.local_only:
            st.warning(t("live.local-only", lang), icon=":material/wifi_off:")
        st.markdown(t("live.join-at", lang))
        st.html(f'<div class="lv-code" id="lv-code">{escape_html(store.show_code(code))}</div>')
        st.html(live.qr_svg(link, t("live.qr", lang, link=link)))
        st.code(link, language=None, wrap_lines=True)
        roster = db().students(code, key)
        live_teacher.roster(code, key, lang, state.options.anonymous, tuple(s.id for s in roster))
        if state.options.leaderboard:
            live_teacher.leaderboard(code, key, state, lang)
    asked = db().question(code, state.question) if state.question else None
    here = asked is not None and live.asked_on(slide, asked.ref)
    question = live_teacher.question_of(asked.ref, lang, visitor.four_colour) if here and asked else None
    with main:
        if asked is not None and question is not None:
            # The question asked on this slide: only it and its choices while it is open
            # (the slide may tell the answer), then the answer.
            _question_box(question, asked.seq, lang)
            _live_panel(code, key, state.version, asked.seq, question, lang,
                        asked.deadline_ms)
            if state.revealed:
                _reveal_text(question, visitor)
                if question.verdicts:  # a your-move position: the class board
                    tally = db().tally(code, asked.seq)
                    st.markdown(f"#### {t('live.board.title', lang)}")
                    st.html(live.class_board(question, tally.counts, tally.students, lang))
                if slide.kind != "question":  # a your-move step: the move it shows
                    slide_view.draw(slide, lang, visitor.query(), note=True)
        else:
            _live_panel(code, key, state.version, 0, None, lang)
            slide_view.draw(slide, lang, visitor.query(), note=True)
        back, middle, forward = st.columns([2, 4, 2], vertical_alignment="center")
        back.button(t("classroom.back", lang), key=K + "back", on_click=_drive,
                    args=(code, key, step - 1, None), disabled=step <= 1, shortcut="Left",
                    width="stretch")  # the shortcut already shows as an arrow
        forward.button(t("classroom.next", lang), key=K + "next", on_click=_drive,
                       args=(code, key, step + 1, None), disabled=step >= len(deck),
                       shortcut="Right", type="primary",
                       width="stretch")
        middle.progress(step / len(deck), text=t("classroom.position", lang, step=step,
                                                  count=len(deck)))
        one, two, three = st.columns(3)
        if state.follow:
            one.button(t("live.free.go", lang), key=K + "free", on_click=_drive,
                       args=(code, key, None, False), icon=":material/explore:",
                       width="stretch")
        else:
            one.button(t("live.follow.go", lang), key=K + "follow", on_click=_drive,
                       args=(code, key, None, True), icon=":material/my_location:",
                       type="primary", width="stretch")
        ref = live.slide_question(slide)
        if ref:  # questions are offered on question slides only
            offered = live_teacher.question_of(ref, lang, visitor.four_colour)
            two.button(t("live.ask", lang), key=K + "ask", on_click=_ask,
                       args=(code, key, offered),
                       disabled=offered is None or (here and not state.revealed),
                       icon=":material/campaign:", width="stretch",
                       help=t("live.ask.help", lang))
        # Ending is two presses away, in its own corner: it shows the results to the room.
        with three.popover(t("live.end", lang), icon=":material/flag:", width="stretch"):
            st.caption(t("live.end.sure", lang))
            st.button(t("live.end.confirm", lang), key=K + "end", on_click=_end,
                      args=(code, key), icon=":material/flag:", type="primary")
    live_teacher.tables_board(code, key, visitor)
    live_teacher.manage(code, key, state, visitor, roster)
    live_teacher.tables_setup(code, key, visitor, roster)
    with st.expander(t("live.teacher-link", lang), icon=":material/key:",
                     expanded=bool(st.session_state.pop(K + "rotated", False))):
        st.caption(t("live.teacher-link.help", lang))
        st.code(f"{base}/live?class={code}&key={key}", language=None, wrap_lines=True)


def _drive(code: str, key: str, step: int | None, follow: bool | None) -> None:
    try:
        # This tab's own move: its page runs again anyway, its watch need not rerun it.
        st.session_state[K + "seen"] = db().drive(code, key, step=step,
                                                  follow=follow).version
    except (store.Forbidden, store.Refused):
        pass
    except store.Unavailable:
        live_teacher.saving()


def _ask(code: str, key: str, question: live.LiveQuestion | None) -> None:
    if question is None:
        return
    try:
        db().ask(code, key, question.ref, question.rule, [c for c, _ in question.choices],
                 question.correct)
    except (store.Forbidden, store.Refused):
        pass
    except store.Unavailable:
        live_teacher.saving()


def _end(code: str, key: str) -> None:
    try:
        db().end(code, key)
    except store.Forbidden:
        pass
    except store.Unavailable:
        live_teacher.saving()


def _question_box(question: live.LiveQuestion, seq: int, lang: str) -> None:
    """The question as the projector shows it: facts, the position, the prompt, the
    lettered choices (nothing that tells the answer)."""
    with st.container(border=True, key=K + "qbox"):
        st.markdown(f"#### {t('live.question', lang, n=seq)}")
        for fact in question.facts:
            st.markdown(f"- {escape_markdown(fact)}")
        if question.html:
            st.html(f'<div class="cl-big">{question.html}</div>')
        st.html(f'<div class="cl-body"><p><strong>{escape_html(question.prompt)}</strong></p>'
                '<ul class="cl-choices" id="lv-choices">' + "".join(
                    f"<li>{LETTERS[i]}. {escape_html(label)}</li>"
                    for i, (_, label) in enumerate(question.choices)) + "</ul></div>")


@st.fragment(run_every=live.TEACHER_POLL_S)
def _live_panel(code: str, key: str, version: int, seq: int,
                question: live.LiveQuestion | None, lang: str,
                deadline_ms: int | None = None) -> None:
    """Every half second: when the class changed (this or another of the teacher's tabs
    moved, asked, revealed) the whole page runs again; otherwise the answer count and the
    chart of the question on this slide are drawn afresh."""
    try:
        state = db().state(code)
        tally = db().tally(code, seq) if question is not None else None
    except store.Unavailable:
        return  # the page stays as it is; the next look tries again
    if state is None or state.version not in (version, st.session_state.get(K + "seen")):
        st.rerun()  # another tab (or the store) changed the class: follow it
    if question is None or state is None or tally is None:
        return
    with st.container(border=True, key=K + "panel"):
        st.html(f'<p class="lv-count" id="lv-count" data-answered="{tally.answered}">'
                f'{escape_html(t("live.count", lang, answered=tally.answered, count=tally.students))}'
                "</p>")
        st.plotly_chart(live.tally_figure(question, tally.counts, state.revealed, lang),
                        key=K + f"chart{seq}", config={"displayModeBar": False})
        if not state.revealed:
            if deadline_ms is not None:
                left = (deadline_ms - store.core.now_ms()) / 1000
                if left <= 0:  # the countdown ran out: the answer, on every screen
                    _reveal(code, key)
                    st.rerun()
                st.html(f'<p class="lv-count" id="lv-left">'
                        f'{escape_html(t("live.left", lang, seconds=max(0, round(left))))}</p>')
            st.button(t("live.reveal", lang), key=K + "reveal", on_click=_reveal,
                      args=(code, key), icon=":material/visibility:", type="primary")


def _reveal(code: str, key: str) -> None:
    try:
        db().reveal(code, key)
    except store.Forbidden:
        pass
    except store.Unavailable:
        live_teacher.saving()


