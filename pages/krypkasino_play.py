"""Play Krypkasino against the computer, with a coach (issue 5).

The game is an :class:`engine.session.PlaySession` (:mod:`ui.play.session`), started from the
link's setup; buttons change it in callbacks. A card with several maximum collections
(C-6) asks the player to choose one, each shown highlighted on the table; a forced sweep
(C-8) is explained with the engine's sentence.
"""

from __future__ import annotations

from typing import cast

import streamlit as st

from engine.krypkasino import KrypkasinoState
from engine.messages import render
from engine.session import Move, taken_marks
from ui.cards import CardState, cards_html, sort_hand, trick_html
from ui.i18n import t
from ui.play import controls as play_controls
from ui.play import page as play_page
from ui.play import session as play
from ui.play.table import capture_entries, event_sentence, sentence
from ui.prefs import current
from ui.safe import escape_markdown

P = "cplay."
GAME = "krypkasino"

visitor = current()
lang = visitor.lang
page = play_page.open_play_page(GAME, P, visitor)
session = page.session
state = cast(KrypkasinoState, session.state)  # this page plays only its game
setup = session.setup
view = state.view(setup.seat)
four = visitor.four_colour


def draw_capture(move: Move) -> str:
    """A capture: the card played and the table before it, the taken cards marked, and the
    engine's sentence."""
    event = move.capture
    assert event is not None
    return trick_html(capture_entries(move, setup, lang), lang=lang, four_colour=four,
                      label=t("play.capture.label", lang),
                      caption=t("play.capture.caption", lang),
                      note=sentence(event_sentence(event, lang)))


def draw_choices() -> None:
    """Several maximum collections (C-6): each choice shown highlighted on the table."""
    assert session.pending is not None
    st.warning(t("play.pick", lang, card=str(session.pending.card)),
               icon=":material/call_split:")
    for i, take in enumerate(session.choices):
        states: list[CardState] = ["highlight" if m else "dimmed"
                                   for m in taken_marks(view.table, take)]
        st.html(cards_html(view.table, lang=lang, layout="table", four_colour=four,
                           states=states))
        st.button(t("play.pick.option", lang, cards=" + ".join(str(c) for c in take)),
                  key=P + f"take.{i}", on_click=play.on_take, args=(P, i), type="primary")
    st.button(t("play.pick.cancel", lang), key=P + "cancel", on_click=play.on_cancel,
              args=(P,))


def draw_hand() -> None:
    """The player's hand: clickable cards on the player's turn (the engine's refusals on
    the others), a plain row otherwise."""
    hand = view.hand
    if hand and session.playing:
        st.markdown(f"**{t('play.hand', lang)}**")
        choices = session.hand_choices()
        play_controls.render_card_buttons(
            P, lang, choices, [P + f"card.{i}" for i in range(len(choices))],
            play.on_card_position, [(P, i) for i in range(len(choices))], four)
    elif hand:
        st.html(cards_html(sort_hand(hand), lang=lang, layout="row", four_colour=four,
                           caption=t("play.hand", lang)))
        if not session.human_turn:
            st.caption(t("play.hand.wait", lang))


def draw_status() -> None:
    status = session.status()
    st.markdown("**" + t("play.status.krypkasino", lang, **status) + "**")
    if status["last_lot"]:
        st.caption(t("play.status.last-lot", lang))


def draw_table() -> tuple[Move | None, Move | None]:
    """The capture just made (it stays in view until the next move), the table or the
    choice of collections, the spade faces set aside, a forced sweep's reason and the
    hand. Returns the last move shown on the table and the latest move."""
    last = session.last_table()
    latest = session.moves[-1] if session.moves else None
    if latest is not None and last is latest:
        st.html(draw_capture(latest))
        if latest.human and session.bot_turn:
            st.caption(t("play.capture.goon", lang))
    if session.pending is not None:
        draw_choices()
    else:
        st.html(cards_html(view.table, lang=lang, layout="table", four_colour=four,
                           caption=t("play.table", lang)))
    if view.spade_faces:
        st.caption(t("play.spades", lang, cards=", ".join(str(c) for c in view.spade_faces)))
    forced = session.forced_sweep()
    if forced is not None:
        reason = render(forced[0], lang, **forced[1])
        st.warning(t("play.forced", lang, reason=escape_markdown(reason)),
                   icon=":material/cleaning_services:")
    draw_hand()
    return last, latest


def draw_marks(moves: tuple[Move | None, Move | None]) -> None:
    """Under the seats: the last capture while it is no longer on the table."""
    last, latest = moves
    if last is not None and last is not latest:
        with st.popover(t("play.last.play", lang), icon=":material/history:"):
            st.html(draw_capture(last))


play_page.lay_out(page, draw_status, draw_table, draw_marks, "C-1…C-15", "C-8")
