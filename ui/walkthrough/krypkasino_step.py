"""A step of the Krypkasino walkthrough, drawn in the layout both walkthroughs share.

The same arrangement as the Kachuful walkthrough (issue 12): the shared "what happened /
why" panel (:func:`ui.walkthrough.view.panel`) in the left column, with the reasons of the
step (the groups taken, the cards that sweep, the forced sweep and the engine's refusals,
the rules behind the step); the table and the hands in the right column (with the other
collections the card could have taken); under both, the seats' status table
(:func:`draw_status`), then the page's chart. A your-move stop (:func:`draw_your_move`)
shows the table and the hand beside the question until it is answered. Streamlit stacks
the columns on a phone.

The helpers that say and draw cards (:func:`~ui.walkthrough.krypkasino.cards`, the
refusal groups, the status table) are those of :mod:`ui.walkthrough.krypkasino`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.cards import parse_cards
from engine.walkthrough.krypkasino import View
from engine.walkthrough.model import Step
from ui.i18n import t
from ui.safe import escape_markdown
from ui.walkthrough.krypkasino import (
    OPTIONS,
    cards,
    collection_text,
    hand_states,
    marked,
    options_markdown,
    refusal_groups,
    seat_name,
    status_html,
    step_sentences,
    tally_text,
)
from ui.walkthrough.view import ask_of, panel

__all__ = ["draw_position", "draw_status", "draw_step", "draw_your_move", "why_lines"]

#: The caption of the table a step without a play shows (★ the cards that leave it).
TABLE_CAPTIONS = {"face-cards": "kw.table-dealt", "new-lot": "kw.table-lot",
                  "last-lot": "kw.table-lot", "leftovers": "kw.table-end"}


def where_text(view: View, lang: str) -> str:
    """Where the step is in the session: deal, lot, stock, dealer (the table's caption)."""
    board = view.board
    return t("kw.where", lang, deal=board.deal + 1, lot=board.lot, lots=board.lots,
             stock=board.stock, dealer=board.dealer)


def why_lines(view: View, options: Mapping[str, Any], lang: str) -> list[str]:
    """The reasons of a play, for the panel's "Why": the groups taken (and whether the card
    had another choice), then the cards that take the whole table and what C-8 makes of
    them (the engine's refusals follow the last line, which ends with a colon)."""
    lines = []
    if view.card and view.taken:
        lines.append(t("kw.groups", lang, groups=" · ".join(
            " + ".join(str(c) for c in parse_cards(list(g))) for g in view.groups)))
        if not view.alternatives:
            lines.append(t("kw.only-choice", lang, card=collection_text([view.card])))
    if view.sweepers:
        lines.append(t("kw.sweepers", lang, cards=collection_text(view.sweepers)))
        if view.refusals:
            lines.append(t("kw.forced", lang))
        elif not options["forced_sweep"]:
            lines.append(t("kw.not-forced", lang))
    elif view.kind == "position":
        lines.append(t("kw.no-sweepers", lang))
    return lines


def _draw_reasons(view: View, lang: str) -> None:
    """Under the panel's "Why": the engine's refusals (C-8) and what each card of the hand
    could do."""
    import streamlit as st

    if view.sweepers:
        for sentence, refused in refusal_groups(view, lang):
            st.error(f"**{collection_text(refused)}** — {sentence}",
                     icon=":material/block:")
    if view.hand_before:
        with st.expander(t("kw.options", lang)):
            st.markdown(options_markdown(view, lang))


def _draw_trails(trails: Sequence[View], lang: str, four: bool) -> None:
    """A run of plain trails folded into one step, each trail inside an expander."""
    import streamlit as st

    with st.expander(t("kw.trails.open", lang, n=len(trails))):
        for trail in trails:
            st.markdown(" ".join(escape_markdown(e.sentence(lang)) for e in trail.events))
            st.html(cards(trail.board.table, lang, four, marked(trail.board.table,
                                                                 [trail.card or ""]),
                          layout="table", caption=t("kw.table", lang)))


def draw_position(view: View, lang: str, four: bool) -> None:
    """A your-move step before the learner's choice: the table and the hand as they were."""
    import streamlit as st

    st.caption(where_text(view, lang))
    st.html(cards(view.table_before, lang, four, layout="table", caption=t("kw.table", lang)))
    st.html(cards(view.hand_before, lang, four,
                  caption=t("kw.hand-to-play", lang, seat=view.seat)))


def _draw_score(view: View, lang: str, four: bool, page_step: Callable[[int, int], int]) -> None:
    import streamlit as st

    board = view.board
    st.markdown(f"**{t('kw.tally', lang)}**")
    for tally in view.tallies:
        codes = [code for code, copies, _ in tally.cards for _ in range(copies)]
        title = t("kw.tally.seat", lang, seat=tally.seat, points=tally.total,
                  cards=tally.captured)
        if codes:
            st.html(cards(codes, lang, four, caption=title))
            st.caption(tally_text(tally))
        else:
            st.markdown(f"**{title}** — {t('kw.tally.none', lang)}")
    st.markdown(t("kw.tally.sum", lang, total=sum(x.total for x in view.tallies)))
    st.markdown(f"**{t('kw.sweeps', lang)}**")
    if view.sweeps:
        st.markdown("\n".join(
            "- " + t("kw.sweep.row", lang, step=page_step(view.deal, s.play), seat=s.seat,
                     victim=s.victim, points=s.points)
            + (f" {t('kw.sweep.double', lang)}" if s.double else "")
            for s in view.sweeps))
    else:
        st.caption(t("kw.sweeps.none", lang))
    st.markdown(t("kw.sweeps.sum", lang, points=", ".join(
        f"{seat_name(i, lang)} {p:+d}" for i, p in enumerate(board.sweep_points))))


def _draw_alternatives(view: View, options: Mapping[str, Any], lang: str, four: bool) -> None:
    """Under the table and the hand: the other collections the card could have taken (C-6;
    a scenario's text says they are listed below the table)."""
    import streamlit as st

    if not (view.card and view.taken and view.alternatives):
        return
    card_text = collection_text([view.card])
    if options["capture"] == "maximal":
        st.markdown(t("kw.alternatives.maximal", lang, card=card_text,
                      setting=OPTIONS.option("capture").setting_text("maximal", lang)))
    else:
        st.markdown(t("kw.alternatives", lang, card=card_text))
    columns = st.columns(min(len(view.alternatives), 3))
    for i, alt in enumerate(view.alternatives):
        columns[i % len(columns)].html(cards(alt, lang, four))


def _draw_table(view: View, options: Mapping[str, Any], lang: str, four: bool,
                viewer: int | None, page_step: Callable[[int, int], int]) -> None:
    """The right column: where the step is, the table and the hand before the play (or the
    table a lot, the deal or its end shows, or the tallies), then the table and the hands
    after it. With ``viewer`` a seat, the other hands are face down."""
    import streamlit as st

    st.caption(where_text(view, lang))
    if view.hand_before:  # a play, or the position before the first play
        if view.kind == "position":
            st.html(cards(view.table_before, lang, four, layout="table",
                          caption=t("kw.table", lang)))
        else:
            st.html(cards(view.table_before, lang, four, marked(view.table_before, view.taken),
                          layout="table", caption=t("kw.table-before", lang)))
        key = "kw.hand-to-play" if view.kind == "position" else "kw.hand-before"
        st.html(cards(view.hand_before, lang, four, hand_states(view),
                      caption=t(key, lang, seat=view.seat)))
        st.caption(t("kw.legend", lang))
        _draw_alternatives(view, options, lang, four)
    elif view.kind in TABLE_CAPTIONS:
        st.html(cards(view.table_before, lang, four, marked(view.table_before, view.taken),
                      layout="table", caption=t(TABLE_CAPTIONS[view.kind], lang)))
    elif view.kind == "score":
        _draw_score(view, lang, four, page_step)
    if view.kind != "position":
        _draw_board(view, lang, four, viewer)


def _draw_board(view: View, lang: str, four: bool, viewer: int | None) -> None:
    """The table and every hand after the step (the spade face cards beside the table)."""
    import streamlit as st

    board = view.board
    if not (board.table or any(board.hands) or board.spade_faces):
        return
    st.markdown(f"**{t('kw.board-after', lang)}**")
    table_col, spades_col = st.columns([3, 1]) if board.spade_faces else (st.container(), None)
    table_col.html(cards(board.table, lang, four, layout="table", caption=t("kw.table", lang)))
    if spades_col is not None:
        spades_col.html(cards(board.spade_faces, lang, four, caption=t("kw.spades", lang)))
    hand_cols = st.columns(min(board.players, 2))
    for seat in range(board.players):
        mark = f" ← {t('kw.to-play', lang)}" if seat == board.to_play else ""
        caption = (f"{seat_name(seat, lang)} · "
                   f"{t('kw.cards', lang, n=len(board.hands[seat]))}{mark}")
        hand_cols[seat % len(hand_cols)].html(cards(
            board.hands[seat], lang, four, layout="hand", caption=caption,
            hidden=viewer is not None and seat != viewer))


def draw_step(steps: Sequence[Step[View]], title: str, text: str | None, general: str,
              options: Mapping[str, Any], lang: str, four: bool, viewer: int | None,
              page_step: Callable[[int, int], int], query: Mapping[str, str]) -> None:
    """A page step (one walkthrough step, or a folded run of trails: ``steps``) as Kachuful
    draws one: the panel on the left (``text`` the scenario's teaching text, else
    ``general`` the rule's explanation under the variant), the table on the right."""
    import streamlit as st

    step = steps[-1]
    view = step.view
    one = len(steps) == 1
    happened, error = step_sentences(step, lang)
    rules = sorted({r for s in steps for r in s.rules}, key=lambda r: int(r.split("-")[1]))

    def extra() -> None:
        if one:
            _draw_reasons(view, lang)
        if not text:
            st.info(general, icon=":material/menu_book:")

    left, right = st.columns([2, 3], gap="large")
    with left:
        panel(lang=lang, title=title, happened=happened if one else [],
              why=why_lines(view, options, lang) if one else [], text=text, error=error,
              extra=extra, rules=rules, query=query)
    with right:
        if one:
            _draw_table(view, options, lang, four, viewer, page_step)
        else:
            st.caption(where_text(view, lang))
            _draw_trails([s.view for s in steps], lang, four)
            _draw_board(view, lang, four, viewer)


def draw_status(view: View, lang: str, four: bool) -> None:
    """Under the step: the seats' status after it (hand, captured, points, scores) and the
    cards worth points in each pile so far."""
    import streamlit as st

    board = view.board
    st.markdown(f"### {t('kw.after', lang)}")
    st.html(status_html(board, lang))
    st.caption(t("kw.status.note", lang))
    if any(board.point_cards) and view.kind != "score":
        with st.expander(t("kw.point-cards", lang)):
            for seat, pile in enumerate(board.point_cards):
                st.html(cards(pile, lang, four, caption=f"{seat_name(seat, lang)} · "
                              f"{t('kw.col.card-points', lang)}: {board.card_points[seat]}"))


def draw_your_move(step: Step[View], params: Mapping[str, str | None], heading: str,
                   lang: str, four: bool) -> bool:
    """A your-move stop: the engine's question and, until it is answered, the table and
    the hand as they were beside it (the play is not named yet). ``True`` while it waits."""
    import streamlit as st

    from ui.walkthrough import your_move as ym

    assert step.your_move is not None
    ask = ask_of(step.your_move, lang)
    answer_key = "krypkasino:" + ":".join(f"{k}={v}" for k, v in sorted(params.items())
                                          if v is not None and k != "step") + ":" + step.id
    if ym.settled(ask, ym.tried(st.session_state, answer_key)) is not None:
        ym.draw(ask, answer_key, lang, "krypkasino-walkthrough")
        st.caption(t("ym.then", lang))
        return False
    st.header(f"{heading} · {t('ym.title', lang)}", anchor=False)
    table_col, ask_col = st.columns([3, 2], gap="large")
    with table_col:
        draw_position(step.view, lang, four)
    with ask_col:
        ym.draw(ask, answer_key, lang, "krypkasino-walkthrough")
        st.caption(t("ym.recorded", lang))
    return True
