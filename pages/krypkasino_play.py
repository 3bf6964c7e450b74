"""Play Krypkasino against the computer, with a coach (issue 5).

The session is a :class:`ui.play.PlaySession` in session state, started from the link's
setup; buttons change it in callbacks. A card with several maximum collections (C-6) asks
the player to choose one, each shown highlighted on the table; a forced sweep (C-8) is
explained with the engine's sentence.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from engine.cards import Card
from engine.errors import IllegalActionError
from engine.krypkasino import KrypkasinoState, Play
from engine.messages import render
from ui import play
from ui.cards import CardState, cards_html, sort_hand, trick_html
from ui.docs import rule_href
from ui.i18n import t
from ui.prefs import current
from ui.safe import escape_markdown

P = "cplay."
GAME = "krypkasino"

visitor = current()
lang = visitor.lang
session, problems = play.ensure_session(GAME, P, lang)


# -- callbacks -----------------------------------------------------------------------


def on_card(position: int) -> None:
    game = play.session_of(P)
    state = game.state
    assert isinstance(state, KrypkasinoState)
    hand = state.hand(game.seat)
    if 0 <= position < len(hand):
        game.click_card(hand[position])
        play.after_player_move(P)


def on_take(index: int) -> None:
    play.session_of(P).take(index)
    play.after_player_move(P)


def on_cancel() -> None:
    play.session_of(P).cancel()


def highlighted(table: Sequence[Card], take: Sequence[Card]) -> list[CardState]:
    """States by position: the cards of ``take`` highlighted (one table copy per card)."""
    wanted = list(take)
    states: list[CardState] = []
    for card in table:
        if card in wanted:
            wanted.remove(card)
            states.append("highlight")
        else:
            states.append("dimmed")
    return states


# -- drawing -------------------------------------------------------------------------

session, tab_play, tab_sheet, tab_record = play.open_page(GAME, P, lang, problems)
state = session.state
assert isinstance(state, KrypkasinoState)
setup = session.setup
me = setup.seat
view = state.view(me)

def draw_capture(move: play.Move) -> str:
    """A capture: the card played and the table before it, the taken cards marked, and the
    engine's sentence."""
    event = play.PlaySession.capture(move)
    assert event is not None
    return trick_html(play.capture_entries(move, setup, lang), lang=lang,
                      four_colour=visitor.four_colour, label=t("play.capture.label", lang),
                      caption=t("play.capture.caption", lang),
                      note=play.sentence(play.event_sentence(event, lang)))


with tab_play:
    st.markdown("**" + t("play.status.krypkasino", lang, deal=min(view.deal + 1,
                                                                  state.session_length),
                         count=state.session_length, lot=view.lot, lots=view.lots,
                         stock=view.stock, dealer=view.dealer) + "**")
    if view.last_lot:
        st.caption(t("play.status.last-lot", lang))

    left, right = st.columns([3, 2], gap="large")
    with left:
        table = view.table
        last = session.last_table()
        latest = session.moves[-1] if session.moves else None
        if latest is not None and last is latest:
            # The capture just made stays in view (the engine's Captured event and the
            # table before it) until the next move.
            st.html(draw_capture(latest))
            if latest.human and session.bot_turn:
                st.caption(t("play.capture.goon", lang))
        if session.pending is not None:
            # Several maximum collections (C-6): each choice shown highlighted on the table.
            st.warning(t("play.pick", lang, card=str(session.pending.card)),
                       icon=":material/call_split:")
            for i, take in enumerate(session.choices):
                st.html(cards_html(table, lang=lang, layout="table",
                                   four_colour=visitor.four_colour,
                                   states=highlighted(table, take)))
                st.button(t("play.pick.option", lang, cards=" + ".join(str(c) for c in take)),
                          key=P + f"take.{i}", on_click=on_take, args=(i,), type="primary")
            st.button(t("play.pick.cancel", lang), key=P + "cancel", on_click=on_cancel)
        else:
            st.html(cards_html(table, lang=lang, layout="table", four_colour=visitor.four_colour,
                               caption=t("play.table", lang)))
        if view.spade_faces:
            st.caption(t("play.spades", lang, cards=", ".join(str(c) for c in view.spade_faces)))

        if session.human_turn:
            sweepers = play.forced_sweep(state)
            if sweepers:
                key = "krypkasino.must-sweep" if len(sweepers) == 1 else \
                    "krypkasino.must-sweep-any"
                reason = render(key, lang, sweeper=sweepers[0], sweepers=tuple(sweepers))
                st.warning(t("play.forced", lang, reason=escape_markdown(reason)),
                           icon=":material/cleaning_services:")

        hand = view.hand
        my_turn = session.human_turn and session.pending is None
        if hand and my_turn:
            st.markdown(f"**{t('play.hand', lang)}**")
            legal = {p.card for p in state.legal_actions()}
            reasons = {}
            for i, card in enumerate(hand):
                if card not in legal:
                    try:
                        state.check(Play(card, None))
                    except IllegalActionError as exc:
                        reasons[i] = exc.localized(lang)
            play.render_card_buttons(
                P, lang, hand, [P + f"card.{i}" for i in range(len(hand))],
                ["legal" if c in legal else "dimmed" for c in hand], reasons, on_card,
                [(i,) for i in range(len(hand))], visitor.four_colour)
        elif hand:
            st.html(cards_html(sort_hand(hand), lang=lang, layout="row",
                               four_colour=visitor.four_colour, caption=t("play.hand", lang)))
            if not session.human_turn:
                st.caption(t("play.hand.wait", lang))

        play.render_controls(P, lang)
        play.render_turn(P, lang)
        play.render_game_over(P, lang)

        head = [t("play.col.player", lang), t("play.col.cards", lang),
                t("play.col.captured", lang), t("play.col.sweeps", lang),
                t("play.col.deal", lang), t("play.col.total", lang)]
        so_far = state.results[-1].scores if state.is_terminal() else state.deal_result().scores
        rows = []
        for s in range(setup.players):
            marker = "▶ " if view.current_player == s else ""
            rows.append([marker + play.seat_name(s, setup, lang), str(view.hand_sizes[s]),
                         str(view.captured_counts[s]), str(view.sweep_points[s]),
                         str(so_far[s]), str(view.totals[s])])
        st.html(play.table_html(head, rows, t("play.seats", lang)))
        if last is not None and last is not latest:
            with st.popover(t("play.last.play", lang), icon=":material/history:"):
                st.html(draw_capture(last))
        play.render_first_game(P, lang)

    with right:
        play.render_log(P, lang)
        if st.session_state.get(P + "coach", True) and state.results:
            result = state.results[-1]
            with st.expander(t("play.review.title.krypkasino", lang, deal=result.deal + 1),
                             expanded=True, icon=":material/rate_review:"):
                notes = play.krypkasino_review(session.moves_of_round(result.deal), me, result)
                for note in notes:
                    st.markdown("- " + escape_markdown(t(note.key, lang, **note.fields)))
        st.markdown(t("play.rules", lang,
                      link=f"[C-1…C-15]({rule_href('C-8', query=visitor.query())})"))

with tab_sheet:
    play.render_sheet(P, lang)
    for result in reversed(state.results):  # every deal's review, newest first
        with st.expander(t("play.review.title.krypkasino", lang, deal=result.deal + 1),
                         icon=":material/rate_review:"):
            for note in play.krypkasino_review(session.moves_of_round(result.deal), me, result):
                st.markdown("- " + escape_markdown(t(note.key, lang, **note.fields)))

with tab_record:
    play.render_record(P, lang, visitor.four_colour)
    play.render_share(P, lang, "krypkasino_play", visitor.query())

play.write_link(setup, P)
