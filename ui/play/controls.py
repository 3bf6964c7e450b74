"""The widgets both play pages share: the page's top, the hand as card buttons, the move
controls, whose turn it is and the coach, the end of the game, the first game's button,
the log, the reviews and the share link.

Each function takes the page's widget-key prefix (``kplay.`` or ``cplay.``) so keys stay
unique per page; the game is :func:`ui.play.session.session_of`, its facts from
:mod:`engine.session`, the HTML from :mod:`ui.play.table`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import streamlit as st

from engine.coach import Advice
from engine.messages import render
from engine.registry import level_label
from engine.review import ReviewNote
from engine.session import HandChoice, PlaySession
from ui import touch
from ui.cards import card_button_css, cards_html, sorted_positions
from ui.i18n import t
from ui.play import session as play
from ui.play.link import page_origin, share_url
from ui.play.setup import render_setup
from ui.play.table import event_sentence, log_html, standings
from ui.query import show_problems
from ui.safe import escape_markdown


def open_page(game: str, prefix: str, lang: str, problems: Sequence[Any]) -> tuple[PlaySession, Any, Any, Any]:
    """The top of a play page: title, lead, the link's ``problems`` (``ui.query.Problem``),
    the setup expander; returns the game's session and the tabs (play, sheet, record)."""
    st.title(t(f"play.page.{game}", lang), anchor="play")
    st.caption(t(f"play.lead.{game}", lang))
    show_problems(problems, lang)
    render_setup(game, prefix, lang)
    tab_play, tab_sheet, tab_record = st.tabs(
        [t("play.tab.play", lang), t("play.tab.sheet", lang), t("play.tab.record", lang)])
    return play.session_of(prefix), tab_play, tab_sheet, tab_record


def render_card_buttons(prefix: str, lang: str, choices: Sequence[HandChoice],
                        keys: Sequence[str], on_click: Callable[..., None],
                        args: Sequence[tuple[Any, ...]], four_colour: bool) -> None:
    """The player's hand as a row of buttons drawn as cards, sorted by suit and rank
    (:func:`ui.cards.sorted_positions`): a playable card raised, another greyed with the
    engine's refusal on hover; the button at ``keys[i]`` calls ``on_click(*args[i])``. A
    caption says how to play and, per reason, which cards it refuses."""
    cards = [c.card for c in choices]
    reasons = {i: c.refusal.localized(lang) for i, c in enumerate(choices)
               if c.refusal is not None}
    order = sorted_positions(cards)
    st.html(card_button_css([(keys[i], cards[i], "legal" if choices[i].legal else "dimmed")
                             for i in order], four_colour))
    with st.container(horizontal=True, key=prefix + "hand"):
        for i in order:
            st.button(str(cards[i]) + "\ufe0e", key=keys[i], on_click=on_click, args=args[i],
                      help=reasons.get(i), type="secondary")
    touch.caption(t("play.hand.legal", lang), t("play.hand.legal.touch", lang))
    notes: list[str] = []
    by_reason: dict[str, list[str]] = {}
    for i in order:
        if i in reasons:
            by_reason.setdefault(reasons[i], []).append(str(cards[i]))
    notes += [t("play.hand.dimmed", lang, cards=", ".join(c), reason=r)
              for r, c in by_reason.items()]
    if notes:
        st.caption("  \n".join(escape_markdown(n) for n in notes))


def render_controls(prefix: str, lang: str) -> None:
    """Next move, until my turn, the auto and coach switches, undo (practice mode)."""
    session = play.session_of(prefix)
    st.session_state.setdefault(prefix + "auto", True)
    st.session_state.setdefault(prefix + "coach", True)
    with st.container(horizontal=True, vertical_alignment="center", key=prefix + "controls"):
        st.button(t("play.next", lang), key=prefix + "next", on_click=play.on_next,
                  args=(prefix,), disabled=not session.bot_turn,
                  type="primary" if session.bot_turn else "secondary",
                  icon=":material/skip_next:")
        st.button(t("play.until", lang), key=prefix + "until", on_click=play.on_until,
                  args=(prefix,), disabled=not session.bot_turn,
                  icon=":material/fast_forward:")
        if session.setup.practice:
            st.button(t("play.undo", lang), key=prefix + "undo", on_click=play.on_undo,
                      args=(prefix,), disabled=not session.can_undo,
                      help=t("play.undo.help", lang), icon=":material/undo:")
        st.toggle(t("play.auto", lang), key=prefix + "auto", help=t("play.auto.help", lang))
        st.toggle(t("play.coach", lang), key=prefix + "coach", help=t("play.coach.help", lang))


def coach_on(prefix: str) -> bool:
    return bool(st.session_state.get(prefix + "coach", True))


def render_turn(prefix: str, lang: str) -> None:
    """Whose move it is, the refusal of the player's last attempt, the coach's advice."""
    session = play.session_of(prefix)
    if session.refusal is not None:
        st.error(t("play.refused", lang, reason=escape_markdown(session.refusal.localized(lang))),
                 icon=":material/block:")
    if session.human_turn:
        st.success(t("play.turn.you", lang), icon=":material/touch_app:")
        if coach_on(prefix) and not session.may_look():
            with st.spinner(t("play.coach", lang) + "…"):
                advice = session.advice()
            if advice is not None:
                render_coach(advice, session.game, lang)
    elif session.bot_turn:
        seat = session.to_act
        assert seat is not None
        st.info(t("play.turn.bot", lang, seat=seat,
                  level=level_label(session.setup.levels[seat], lang)),
                icon=":material/smart_toy:")


def _say(note: ReviewNote, lang: str) -> str:
    return render(note.key, lang, **note.fields)


def render_coach(advice: Advice, game: str, lang: str) -> None:
    """The coach: one sentence (the analyst's best decision and its chance, the next
    one's), the tricks the hand takes when bidding, and the figures folded below."""
    st.info(t("play.coach.says", lang, text=escape_markdown(_say(advice.sentence, lang))),
            icon=":material/school:")
    if advice.tricks:
        st.caption(escape_markdown(" ".join(_say(n, lang) for n in advice.tricks)))
    with st.expander(t("play.coach.detail", lang), icon=":material/analytics:"):
        def pct(x: float) -> str:
            return f"{round(100 * x)}%"

        rows = advice.detail  # the chance with its 95% interval in one column (phones)
        st.dataframe({
            t("play.coach.col.move", lang): [r.action for r in rows],
            t(f"play.coach.col.chance.{game}", lang): [
                pct(r.make) if r.interval is None
                else f"{pct(r.make)} ({pct(r.interval[0])}–{pct(r.interval[1])})"
                for r in rows],
            t("play.coach.col.points", lang): [f"{r.points:.1f}" for r in rows],
            t("play.coach.col.mark", lang): [t(f"play.coach.mark.{r.mark}", lang)
                                             for r in rows]},
            hide_index=True)
        st.caption(escape_markdown(_say(advice.basis, lang)))


def render_game_over(prefix: str, lang: str) -> None:
    """The engine's end-of-game sentence and a button for another game like this one."""
    session = play.session_of(prefix)
    if not session.over:
        return
    end = session.end_event()
    if end is not None:
        st.success(escape_markdown(event_sentence(end, lang)), icon=":material/emoji_events:")
        st.markdown(f"**{t('play.standings', lang)}**")
        st.dataframe(standings(session, lang), hide_index=True, width="stretch")
    st.button(t("play.again", lang), key=prefix + "again", on_click=play.on_again,
              args=(prefix,), type="primary", icon=":material/replay:")


def render_first_game(prefix: str, lang: str) -> None:
    """Under a first game: what it is, and the button to the full game (its length from
    the engine)."""
    session = play.session_of(prefix)
    facts = session.first_game_facts()
    if facts is None:
        return
    game = session.game
    st.caption(t(f"play.first.{game}", lang, **facts))
    st.button(t(f"play.full.{game}", lang, hands=facts.get("full_hands", 0),
                cards=facts.get("full_cards", 0), deals=facts.get("full_deals", 0)),
              key=prefix + "full", on_click=play.on_full_game, args=(prefix,),
              icon=":material/playing_cards:")


def render_log(prefix: str, lang: str, count: int = 60) -> None:
    """What happened: :func:`ui.play.table.log_html` under its heading."""
    st.markdown(f"**{t('play.log', lang)}**")
    st.html(log_html(play.session_of(prefix), lang, count))


def _notes(notes: Sequence[ReviewNote], lang: str) -> None:
    for note in notes:
        st.markdown("- " + escape_markdown(render(note.key, lang, **note.fields)))


def render_reviews(prefix: str, lang: str, latest_only: bool = False) -> None:
    """The reviews of the finished hands (deals), newest first: only the latest, open,
    when ``latest_only`` (beside the table, coach on)."""
    session = play.session_of(prefix)
    reviews = session.reviews()
    if latest_only:
        if not coach_on(prefix):
            return
        reviews = reviews[:1]
    for number, notes in reviews:
        with st.expander(t(f"play.review.title.{session.game}", lang, hand=number, deal=number),
                         expanded=latest_only or _drilling(prefix) == number,
                         icon=":material/rate_review:"):
            _notes(notes, lang)
            if not latest_only:  # the full list, drawn once per run: its drill widgets
                render_drill(prefix, lang, number)


DRILL = "drill"


def _drilling(prefix: str) -> int | None:
    """The hand (deal) whose marked positions are being played again, if any."""
    at = st.session_state.get(prefix + DRILL)
    return int(at[0]) if isinstance(at, tuple) else None


def render_drill(prefix: str, lang: str, number: int) -> None:
    """"Learn from your mistakes": each position the review of hand (deal) ``number``
    marked worse, as it was, to play again; the answer is judged by the same analysis
    (:meth:`engine.session.PlaySession.drills`)."""
    session = play.session_of(prefix)
    drills = session.drills(number)
    if not drills:
        return
    state_key = prefix + DRILL

    def start() -> None:
        st.session_state[state_key] = (number, 0)

    at = st.session_state.get(state_key)
    if not isinstance(at, tuple) or at[0] != number:
        st.button(t("play.drill.start", lang, n=len(drills)), key=f"{prefix}drill.go.{number}",
                  on_click=start, icon=":material/fitness_center:")
        return
    pos = int(at[1])
    if pos >= len(drills):
        st.success(t("play.drill.done", lang), icon=":material/task_alt:")
        return
    drill = drills[pos]
    st.markdown(f"**{t('play.drill.title', lang, i=pos + 1, n=len(drills))}**")
    if drill.trump is not None:
        st.caption(t("play.drill.trump", lang, trump=drill.trump))
    if drill.table:
        st.html(cards_html(drill.table, lang=lang, layout="table",
                           caption=t("play.drill.table", lang)))
    st.html(cards_html(drill.hand, lang=lang, caption=t("play.drill.hand", lang)))
    labels = {o.id: t("play.drill.bid", lang, n=o.n) if o.kind == "bid" else o.text
              for o in drill.options}
    answer_key = f"{prefix}drill.answer.{number}.{pos}"
    widget = f"{prefix}drill.pick.{number}.{pos}"

    def check() -> None:
        st.session_state[answer_key] = st.session_state.get(widget)

    def advance() -> None:
        st.session_state[state_key] = (number, pos + 1)

    with st.form(f"{prefix}drill.form.{number}.{pos}", border=False):
        st.radio(t("play.drill.ask", lang), list(labels), format_func=labels.__getitem__,
                 index=None, key=widget, horizontal=True)
        st.form_submit_button(t("play.drill.check", lang), on_click=check, type="primary")
    chosen = next((o for o in drill.options if o.id == st.session_state.get(answer_key)), None)
    if chosen is not None:
        text = escape_markdown(_say(chosen.verdict, lang))
        if chosen.right:
            st.success(text, icon=":material/check_circle:")
        else:
            st.warning(text, icon=":material/trending_down:")
        st.button(t("play.drill.next", lang), key=f"{prefix}drill.next.{number}.{pos}",
                  on_click=advance)


def render_share(prefix: str, lang: str, page: str, extra: Mapping[str, str]) -> None:
    """The link to this game (same setup, same seed), ready to copy."""
    with st.expander(t("play.share", lang), icon=":material/link:"):
        st.code(share_url(play.session_of(prefix).setup, page, page_origin(), extra),
                language=None)
