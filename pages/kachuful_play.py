"""Play Kachuful against the computer, with a coach (issue 5).

The game is a :class:`ui.play.PlaySession` in session state, started from the link's setup
(players, seat, bot levels, variant, seed); buttons change it in callbacks. The engine
decides what is legal; this page draws the table and offers the moves.
"""

from __future__ import annotations

import streamlit as st

from engine.cards import Card
from engine.errors import IllegalActionError
from engine.kachuful import KachufulState, trump_code
from engine.kachuful.events import TrickWon
from ui import play
from ui.cards import cards_html, sort_hand, trick_html
from ui.docs import rule_href
from ui.i18n import t
from ui.prefs import current
from ui.safe import escape_markdown
from ui.walkthrough_kachuful import trump_words

P = "kplay."
GAME = "kachuful"

visitor = current()
lang = visitor.lang
session, problems = play.ensure_session(GAME, P, lang)


# -- callbacks -----------------------------------------------------------------------


def on_bid(n: int, blind: bool = False) -> None:
    play.session_of(P).bid(n, blind)
    play.after_player_move(P)


def on_card(code: str | None) -> None:
    from engine.cards import parse_card

    play.session_of(P).play_card(None if code is None else parse_card(code))
    play.after_player_move(P)


def on_look() -> None:
    play.session_of(P).look()


# -- drawing -------------------------------------------------------------------------

session, tab_play, tab_sheet, tab_record = play.open_page(GAME, P, lang, problems)
state = session.state
assert isinstance(state, KachufulState)
setup = session.setup
me = setup.seat
view = state.view(me)

def draw_trick(event: TrickWon, caption: str) -> str:
    """A finished trick on the cloth: the winner's card marked, the engine's sentence."""
    return trick_html(play.trick_entries(event, setup, lang), lang=lang,
                      four_colour=visitor.four_colour, label=t("play.trick.label", lang),
                      caption=caption, note=play.sentence(play.event_sentence(event, lang)))


with tab_play:
    trump = trump_words(trump_code(view.trump), lang)
    st.markdown("**" + t("play.status.kachuful", lang, hand=view.hand_number,
                         count=view.hand_count, size=view.hand_size, trump=trump,
                         dealer=view.dealer) + "**")
    if view.turned is not None:
        st.caption(t("play.turned", lang, card=str(view.turned)))

    left, right = st.columns([3, 2], gap="large")
    with left:
        # The table: the trick being played, else the trick just finished (the engine's
        # TrickWon, its winner marked) until play goes on.
        trick = view.current_trick
        last = session.last_table()
        finished = None if last is None else play.PlaySession.finished_trick(last)
        if trick:
            st.html(trick_html([(play.short_seat(s, setup, lang), c, "normal") for s, c in trick],
                               lang=lang, four_colour=visitor.four_colour,
                               label=t("play.trick.label", lang),
                               caption=t("play.trick", lang, trick=len(view.tricks_played) + 1)))
        elif finished is not None:
            st.html(draw_trick(finished, t("play.trick.done", lang, trick=finished.trick)))
            if last is session.moves[-1] and not state.is_terminal():
                st.caption(t("play.trick.goon", lang))
        else:
            st.caption(t("play.trick.empty", lang))

        # The player's hand (face down until a look under blind bids, unseen in a
        # forehead hand): cards, raised and clickable when it is time to play one.
        hand: tuple[Card, ...] | None = view.hand
        my_turn_to_play = session.human_turn and state.phase.value == "play"
        if session.may_look():
            st.caption(t("play.blind.prompt", lang))
            st.html(cards_html([None] * view.hand_size, lang=lang, layout="hand"))
        elif hand is None:
            st.caption(t("play.forehead", lang))
            if my_turn_to_play:
                st.button(t("play.forehead.button", lang), key=P + "own", on_click=on_card,
                          args=(None,), type="primary")
        elif hand and my_turn_to_play:
            st.markdown(f"**{t('play.hand', lang)}**")
            legal = set(state.legal_actions())
            reasons = {}
            for i, card in enumerate(hand):
                if card not in legal:
                    try:
                        state.check(card)
                    except IllegalActionError as exc:
                        reasons[i] = exc.localized(lang)
            play.render_card_buttons(
                P, lang, hand, [P + f"card.{c.code}" for c in hand],
                ["legal" if c in legal else "dimmed" for c in hand], reasons, on_card,
                [(c.code,) for c in hand], visitor.four_colour)
        elif hand:
            st.html(cards_html(sort_hand(hand), lang=lang, layout="row",
                               four_colour=visitor.four_colour, caption=t("play.hand", lang)))
            if not session.human_turn:
                st.caption(t("play.hand.wait", lang))

        # The player's bid: only the engine's legal bids are enabled.
        if session.human_turn and state.phase.value == "bid":
            if session.may_look():
                with st.container(horizontal=True, key=P + "blind"):
                    for n in state.legal_bid_numbers():
                        st.button(t("play.blind.button", lang, bid=n), key=P + f"blind.{n}",
                                  on_click=on_bid, args=(n, True))
                st.button(t("play.blind.look", lang), key=P + "look", on_click=on_look,
                          type="primary", icon=":material/visibility:")
            else:
                st.markdown(f"**{t('play.bid.prompt', lang)}**")
                refused = dict(play.refused_bids(state, lang))
                with st.container(horizontal=True, key=P + "bids"):
                    for n in range(view.hand_size + 1):
                        st.button(str(n), key=P + f"bid.{n}", on_click=on_bid, args=(n,),
                                  disabled=n in refused, type="primary" if n not in refused
                                  else "secondary")
                for n, reason in refused.items():
                    st.warning(t("play.bid.forbidden", lang, bid=n,
                                 reason=escape_markdown(reason)), icon=":material/block:")

        play.render_controls(P, lang)
        play.render_turn(P, lang)
        play.render_game_over(P, lang)

        # The seats: bids, tricks and totals (a forehead hand shows the cards one may see).
        rows = []
        forehead = view.hand_size == 1 and state.rules.one_card_forehead
        for s in range(setup.players):
            bid = view.bids[s]
            marker = "▶ " if view.current_player == s else ""
            cells = [marker + play.seat_name(s, setup, lang),
                     "–" if bid is None else (f"{bid}*" if view.blind[s] else str(bid)),
                     str(view.tricks_won[s]), str(view.totals[s])]
            if forehead:
                seen = view.hands[s]
                cells.append(str(seen[0]) if seen else "?")
            rows.append(cells)
        head = [t("play.col.player", lang), t("play.col.bid", lang), t("play.col.tricks", lang),
                t("play.col.total", lang)] + ([t("play.col.card", lang)] if forehead else [])
        st.html(play.table_html(head, rows, t("play.seats", lang)))
        if any(view.blind):
            st.caption(t("play.blind.mark", lang))
        if trick and finished is not None:
            with st.popover(t("play.last.trick", lang), icon=":material/history:"):
                st.html(draw_trick(finished, t("play.last.trick", lang)))
        play.render_first_game(P, lang)

    with right:
        play.render_log(P, lang)
        # The review of the last finished hand (coach on).
        if st.session_state.get(P + "coach", True) and state.results:
            result = state.results[-1]
            with st.expander(t("play.review.title.kachuful", lang, hand=result.hand),
                             expanded=True, icon=":material/rate_review:"):
                for note in play.kachuful_review(result, me, setup.players, state.rules):
                    st.markdown("- " + escape_markdown(t(note.key, lang, **note.fields)))
        st.markdown(t("play.rules", lang, link=f"[K-1…K-14]({rule_href('K-8', query=visitor.query())})"))

with tab_sheet:
    play.render_sheet(P, lang)
    for result in reversed(state.results):  # every hand's review, newest first
        with st.expander(t("play.review.title.kachuful", lang, hand=result.hand),
                         icon=":material/rate_review:"):
            for note in play.kachuful_review(result, me, setup.players, state.rules):
                st.markdown("- " + escape_markdown(t(note.key, lang, **note.fields)))

with tab_record:
    play.render_record(P, lang, visitor.four_colour)
    play.render_share(P, lang, "kachuful_play", visitor.query())

play.write_link(setup, P)
