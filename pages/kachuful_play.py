"""Play Kachuful against the computer, with a coach (issue 5).

The game is an :class:`engine.session.PlaySession` (:mod:`ui.play.session`), started from the
link's setup; buttons change it in callbacks. The engine decides what is legal and gives
every fact drawn here; this page lays out the table and offers the moves.
"""

from __future__ import annotations

from typing import cast

import streamlit as st

from engine.kachuful import KachufulState
from engine.kachuful.events import TrickWon
from engine.messages import suit_name
from ui.cards import cards_html, sort_hand, trick_html
from ui.i18n import t
from ui.play import controls as play_controls
from ui.play import page as play_page
from ui.play import session as play
from ui.play.table import event_sentence, sentence, short_seat, trick_entries
from ui.prefs import current
from ui.safe import escape_markdown

P = "kplay."
GAME = "kachuful"

visitor = current()
lang = visitor.lang
page = play_page.open_play_page(GAME, P, visitor)
session = page.session
state = cast(KachufulState, session.state)  # this page plays only its game
setup = session.setup
view = state.view(setup.seat)
four = visitor.four_colour


def draw_trick(event: TrickWon, caption: str) -> str:
    """A finished trick on the cloth: the winner's card marked, the engine's sentence."""
    return trick_html(trick_entries(event, setup, lang), lang=lang, four_colour=four,
                      label=t("play.trick.label", lang), caption=caption,
                      note=sentence(event_sentence(event, lang)))


def draw_hand() -> None:
    """The player's hand: face down until a look (blind bids), unseen in a forehead hand,
    clickable cards when it is time to play one."""
    if session.may_look():
        st.caption(t("play.blind.prompt", lang))
        st.html(cards_html([None] * view.hand_size, lang=lang, layout="hand"))
    elif view.hand is None:
        st.caption(t("play.forehead", lang))
        if session.playing:
            st.button(t("play.forehead.button", lang), key=P + "own",
                      on_click=play.on_card_code, args=(P, None), type="primary")
    elif view.hand and session.playing:
        st.markdown(f"**{t('play.hand', lang)}**")
        choices = session.hand_choices()
        play_controls.render_card_buttons(
            P, lang, choices, [P + f"card.{c.card.code}" for c in choices], play.on_card_code,
            [(P, c.card.code) for c in choices], four)
    elif view.hand:
        st.html(cards_html(sort_hand(view.hand), lang=lang, layout="row", four_colour=four,
                           caption=t("play.hand", lang)))
        if not session.human_turn:
            st.caption(t("play.hand.wait", lang))


def draw_bids() -> None:
    """The player's bid: blind bids before a look, else every number, the engine's
    forbidden ones disabled with its reason."""
    if not session.bidding:
        return
    if session.may_look():
        with st.container(horizontal=True, key=P + "blind"):
            for n in session.legal_bids():
                st.button(t("play.blind.button", lang, bid=n), key=P + f"blind.{n}",
                          on_click=play.on_bid, args=(P, n, True))
        st.button(t("play.blind.look", lang), key=P + "look", on_click=play.on_look,
                  args=(P,), type="primary", icon=":material/visibility:")
        return
    st.markdown(f"**{t('play.bid.prompt', lang)}**")
    refused = {n: exc.localized(lang) for n, exc in session.refused_bids()}
    with st.container(horizontal=True, key=P + "bids"):
        for n in range(view.hand_size + 1):
            st.button(str(n), key=P + f"bid.{n}", on_click=play.on_bid, args=(P, n),
                      disabled=n in refused,
                      type="secondary" if n in refused else "primary")
    for n, reason in refused.items():
        st.warning(t("play.bid.forbidden", lang, bid=n, reason=escape_markdown(reason)),
                   icon=":material/block:")


def draw_status() -> None:
    status = session.status()
    st.markdown("**" + t("play.status.kachuful", lang,
                         **{**status, "trump": suit_name(status["trump"], lang)}) + "**")
    if status["turned"] is not None:
        st.caption(t("play.turned", lang, card=str(status["turned"])))


def draw_table() -> TrickWon | None:
    """The trick being played, else the one just finished (the engine's TrickWon, its
    winner marked) until play goes on; the hand and the bids. Returns the finished
    trick."""
    last = session.last_table()
    finished = None if last is None else last.trick
    if view.current_trick:
        st.html(trick_html([(short_seat(s, setup, lang), c, "normal")
                            for s, c in view.current_trick],
                           lang=lang, four_colour=four, label=t("play.trick.label", lang),
                           caption=t("play.trick", lang, trick=len(view.tricks_played) + 1)))
    elif finished is not None:
        st.html(draw_trick(finished, t("play.trick.done", lang, trick=finished.trick)))
        if last is session.moves[-1] and not session.over:
            st.caption(t("play.trick.goon", lang))
    else:
        st.caption(t("play.trick.empty", lang))
    draw_hand()
    draw_bids()
    return finished


def draw_marks(finished: TrickWon | None) -> None:
    """Under the seats: what a blind bid's mark means, the last trick while the next is
    played."""
    if any(view.blind):
        st.caption(t("play.blind.mark", lang))
    if view.current_trick and finished is not None:
        with st.popover(t("play.last.trick", lang), icon=":material/history:"):
            st.html(draw_trick(finished, t("play.last.trick", lang)))


play_page.lay_out(page, draw_status, draw_table, draw_marks, "K-1…K-14", "K-8")
