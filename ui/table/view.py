"""The table page's screens (issue 31): open a table, the owner's page (seat links with QR
codes, give a seat to a bot, close the table, watch it), and a seat's page, which reads the
table from the store when the process's watcher (:mod:`ui.table.push`) wakes it and shows
only what that seat may see (:func:`ui.table.seats.screen`).

A link is hostile: the table id, seat and token are checked by the store; anything wrong
gets one sentence, never another seat.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import streamlit as st

import store
from engine.errors import RulesLabError
from engine.messages import render
from engine.registry import BOT_LEVELS, GAME_IDS, GAMES, Option, level_label
from engine.seats import seat_letter
from engine.session import HandChoice
from store.core import now_ms
from store.tables import TIMERS, NotYourTurn, SeatSpec, Stale, TableRow, Tables, state_of
from ui.cards import CSS as CARD_CSS
from ui.cards import cards_html, sort_hand, trick_html
from ui.classroom.live import qr_svg
from ui.i18n import t
from ui.play.controls import render_card_buttons, render_coach
from ui.play.link import page_origin, read_setup
from ui.play.table import table_html
from ui.prefs import Prefs
from ui.safe import escape_html, escape_markdown
from ui.table import push
from ui.table import seats as tb

K = "table."
HUMAN = "human"


def _hand_css() -> str:
    """The play pages' card-button look (the site CSS of their hands), for this page's."""
    start = CARD_CSS.index(".st-key-kplay-hand, .st-key-cplay-hand {")
    block = CARD_CSS[start:CARD_CSS.index(".rl-log {", start)]
    return "<style>" + block.replace(".st-key-kplay-hand", ".st-key-table-hand").replace(
        ".st-key-cplay-hand", ".st-key-table-hand") + "</style>"


HAND_CSS = _hand_css()


def tables() -> Tables:
    return Tables(store.get())


def page(visitor: Prefs) -> None:
    """``/table``: a seat's page (``table=&seat=&token=``), the owner's page
    (``table=&owner=``), or the form that opens a table."""
    lang = visitor.lang
    params = st.query_params
    table_id = str(params.get("table", ""))[:tb.MAX_PARAM]
    try:
        if table_id and params.get("owner"):
            owner_view(table_id, str(params.get("owner"))[:tb.MAX_PARAM], visitor)
        elif table_id:
            seat = tb.read_seat(params.get("seat"))
            token = str(params.get("token", ""))[:tb.MAX_PARAM]
            if seat is None or not token:
                st.warning(t("table.bad-link", lang), icon=":material/link_off:")
                return
            st.session_state[K + "where"] = (table_id, seat, token)
            seat_view(visitor)
        else:
            open_form(visitor)
    except store.Unavailable:
        st.error(t("table.unavailable", lang), icon=":material/cloud_off:")


# -- opening -------------------------------------------------------------------------------
def prefill(params: dict[str, str], lang: str) -> None:
    """The form takes the setup of the play page that links here (``game=`` and the play
    link's keys: players, the player's seat, a level per bot, every variant option): the
    player's seat is a person's, the others bots of their levels. Each bad value falls back
    to its default (the play link's own reader), once per link."""
    game = params.get("game", "")
    if game not in GAMES or st.session_state.get(K + "prefilled") == params:
        return
    st.session_state[K + "prefilled"] = params
    setup, _ = read_setup(game, params, lang)
    st.session_state[K + "game"] = game
    st.session_state[K + f"{game}.players"] = setup.players
    for i, level in enumerate(setup.levels):
        st.session_state[K + f"kind{i}"] = HUMAN if i == setup.seat else level
    given = dict(setup.variant)
    spec = GAMES[game]
    for option in spec.options:
        values = option.values(setup.players)
        value = given.get(option.name, option.default)
        if value in values:
            st.session_state[K + f"{game}.{option.name}.{setup.players}"] = value


def open_form(visitor: Prefs) -> None:
    lang = visitor.lang
    st.title(t("table.page", lang))
    st.markdown(t("table.intro", lang))
    prefill({k: str(v)[:tb.MAX_PARAM] for k, v in st.query_params.items()}, lang)
    game_id = st.selectbox(t("table.game", lang), GAME_IDS, key=K + "game",
                           format_func=lambda g: GAMES[g].name(lang))
    spec = GAMES[game_id]
    players = st.selectbox(t("table.players", lang), spec.players.values,
                           index=spec.players.values.index(spec.players.default),
                           key=K + f"{game_id}.players")
    kinds = (HUMAN, *BOT_LEVELS)
    seats: list[SeatSpec] = []
    for i in range(players):
        with st.container(horizontal=True, key=K + f"seat{i}"):
            kind = st.selectbox(
                t("table.seat", lang, seat=seat_letter(i)), kinds, key=K + f"kind{i}",
                index=0 if i == 0 else kinds.index("basic"),
                format_func=lambda k: t("table.person", lang) if k == HUMAN else
                t("table.bot", lang, level=level_label(k, lang)))
            name = ""
            if kind == HUMAN:
                name = st.text_input(t("table.name", lang), key=K + f"name{i}", max_chars=40)
            seats.append(SeatSpec("human", name=name) if kind == HUMAN else
                         SeatSpec("bot", kind))
    with st.expander(t("table.rules", lang)):
        options = option_widgets(game_id, players, lang, K)
    # a table by link is among strangers: the timer is on unless the owner turns it off
    timer = st.selectbox(t("table.timer", lang), TIMERS, key=K + "timer",
                         index=TIMERS.index(60), help=t("table.timer.help", lang),
                         format_func=lambda n: t("table.timer.off", lang) if not n else
                         t("table.timer.seconds", lang, n=n))
    learning = st.toggle(t("table.learning", lang), value=True, key=K + "learning",
                         help=t("table.learning.help", lang))
    if st.button(t("table.open", lang), type="primary", key=K + "open",
                 icon=":material/table_restaurant:"):
        try:
            opened = tables().open(game_id, options, seats, timer_s=timer, start=False,
                                   learning=learning)
        except store.Refused as exc:
            field = exc.field
            named = spec.option(field).label(lang) if field in spec.option_names else \
                t("table.rules", lang) if field == "variant" else t("table.players", lang)
            st.warning(t("table.refused", lang, field=named), icon=":material/warning:")
            return
        st.query_params.from_dict({**visitor.query(), "table": opened.id,
                                   "owner": opened.owner_key})
        st.rerun()


def option_widgets(game_id: str, players: int, lang: str, prefix: str) -> dict[str, Any]:
    """A select box per option of the game (each value this seat count allows, the
    game's default first chosen); the values chosen. Keys ``<prefix><game>.<option>.<n>``."""
    options: dict[str, Any] = {}
    for option in GAMES[game_id].options:
        values = option.values(players)
        default = values.index(option.default) if option.default in values else 0
        options[option.name] = st.selectbox(
            option.label(lang), values, index=default, help=option.help(lang),
            key=prefix + f"{game_id}.{option.name}.{players}",
            format_func=functools.partial(_value_label, option, lang))
    return options


def _value_label(option: Option, lang: str, value: Any) -> str:
    return option.value_label(value, lang)


# -- the owner's page ------------------------------------------------------------------------
def owner_view(table_id: str, key: str, visitor: Prefs) -> None:
    lang = visitor.lang
    db = tables()
    try:
        links = db.links(table_id, key)
    except store.Forbidden:
        st.warning(t("table.bad-owner", lang), icon=":material/link_off:")
        return
    row = db.get(table_id)
    if row is None:
        st.warning(t("table.bad-owner", lang), icon=":material/link_off:")
        return
    teacher = db.is_teacher(table_id, key)
    st.title(t("table.page", lang))
    st.markdown(t("table.opened", lang))
    origin = page_origin()
    waiting = row.status == "waiting"
    if waiting:
        st.info(t("table.waiting.owner", lang), icon=":material/hourglass_top:")
        st.button(t("table.start", lang), key=K + "start", type="primary", on_click=_start,
                  args=(table_id, key), icon=":material/play_arrow:")
    kinds = (HUMAN, *BOT_LEVELS)
    for seat in row.seats:
        label = tb.seat_label(seat, None, lang)
        with st.container(border=True, key=K + f"link{seat.seat}"):
            st.markdown("**" + escape_markdown(label) + "**")
            if waiting and not seat.student:
                current = HUMAN if seat.kind == "human" else seat.level
                st.session_state[K + f"set{seat.seat}"] = current
                st.selectbox(t("table.seat", lang, seat=seat_letter(seat.seat)), kinds,
                             key=K + f"set{seat.seat}", on_change=_set_seat,
                             args=(table_id, key, seat.seat),
                             format_func=functools.partial(_kind_label, lang))
            if seat.seat in links:
                url = tb.seat_link(origin, table_id, seat.seat, links[seat.seat])
                st.code(url, language=None, wrap_lines=True)
                st.html(qr_svg(url, t("table.qr", lang, seat=label)))
            if row.status == "playing" and seat.kind == "human":
                st.button(t("table.remove", lang, seat=seat_letter(seat.seat)),
                          key=K + f"remove{seat.seat}", on_click=_remove,
                          args=(table_id, key, seat.seat), icon=":material/smart_toy:")
    st.session_state[K + "coach"] = row.learning
    st.toggle(t("table.learning", lang), key=K + "coach", on_change=_learning,
              args=(table_id, key), help=t("table.learning.help", lang))
    if row.status in ("playing", "waiting"):
        st.button(t("table.close", lang), key=K + "close", on_click=_close,
                  args=(table_id, key), icon=":material/close:")
    _watch(table_id, visitor, key if teacher else None)


def _kind_label(lang: str, kind: str) -> str:
    return t("table.person", lang) if kind == HUMAN else \
        t("table.bot", lang, level=level_label(kind, lang))


def _set_seat(table_id: str, key: str, seat: int) -> None:
    kind = str(st.session_state.get(K + f"set{seat}", HUMAN))
    spec = SeatSpec("human") if kind == HUMAN else SeatSpec("bot", kind)
    try:
        tables().set_seat(table_id, key, seat, spec)
    except (store.Refused, store.Forbidden, store.Unavailable):
        st.session_state[K + "notice"] = "table.not-done"


def _start(table_id: str, key: str) -> None:
    try:
        tables().start(table_id, key)
    except (store.Refused, store.Forbidden, store.Unavailable):
        st.session_state[K + "notice"] = "table.not-done"


def _learning(table_id: str, key: str) -> None:
    try:
        tables().set_learning(table_id, key, bool(st.session_state.get(K + "coach")))
    except (store.Forbidden, store.Unavailable):
        st.session_state[K + "notice"] = "table.not-done"


def _remove(table_id: str, key: str, seat: int) -> None:
    try:
        tables().remove_player(table_id, key, seat)
    except (store.Refused, store.Forbidden, store.Unavailable):
        st.session_state[K + "notice"] = "table.not-done"


def _close(table_id: str, key: str) -> None:
    try:
        tables().close(table_id, key)
    except (store.Forbidden, store.Unavailable):
        st.session_state[K + "notice"] = "table.not-done"


@st.fragment(run_every=tb.POLL_S * 2)
def _watch(table_id: str, visitor: Prefs, teacher: str | None = None) -> None:
    """The owner's view of the table: whose turn, the seats, the cards on the table (no
    hand); a live class's teacher (``teacher``: the key, checked again here) sees every
    hand too."""
    db = tables()
    row = db.time_out(table_id) or db.get(table_id)
    if row is None:
        return
    lang = visitor.lang
    st.subheader(t("table.now", lang))
    _draw(row, tb.seat_screen(row, None, lang), visitor)
    if teacher is not None and db.is_teacher(table_id, teacher):
        st.markdown("**" + t("table.hands", lang) + "**")
        for label, hand in tb.all_hands(row, state_of(row), lang):
            st.html(cards_html(sort_hand(hand), lang=lang, layout="row",
                               four_colour=visitor.four_colour,
                               caption=label))


# -- a seat's page -------------------------------------------------------------------------
@st.fragment(run_every=push.SAFETY_S if push.SUPPORTED else tb.POLL_S)
def seat_view(visitor: Prefs) -> None:
    """A seat's screen. The process's watcher (:mod:`ui.table.push`) runs it again when the
    table moves; its own timer is only a safety net (or, where Streamlit lacks the hooks the
    watcher needs, the poll every ``POLL_S``)."""
    lang = visitor.lang
    where = st.session_state[K + "where"]
    try:
        row, view = _seat_now(where, lang)
    except store.Forbidden:
        st.session_state.pop(K + "seen", None)
        st.warning(t("table.bad-link", lang), icon=":material/link_off:")
        return
    except store.Unavailable:
        st.error(t("table.unavailable", lang), icon=":material/cloud_off:")
        return
    seat, token = where[1], where[2]
    push.watch(row.id, row.version)
    playing_cards = bool(view.cards) and row.status == "playing"
    hand = ""
    if view.hand and not playing_cards:
        hand = cards_html(sort_hand(view.hand), lang=lang, layout="row",
                          four_colour=visitor.four_colour, caption=t("play.hand", lang))
    _draw(row, view, visitor, hand)
    if view.hand is None and not view.over and view.unseen_card is None:
        st.caption(t("play.forehead", lang))
    if row.status == "playing" and view.to_act == seat:
        _controls(row, view, visitor)
    if row.learning and row.status != "waiting":
        _learning_view(row, seat, view, lang)
    if row.class_code:  # a class table: the seat's token is the student's class token
        # in this tab and session, so the class page does not move the phone here again
        st.page_link("pages/live.py", label=t("table.back-class", lang),
                     query_params={**visitor.query(), "class": row.class_code, "s": token},
                     icon=":material/groups:")
    if view.over:
        st.download_button(t("table.record", lang), key=K + "record",
                           data=json.dumps(Tables.record(row), indent=1),
                           file_name=f"table-{row.game}.json", mime="application/json",
                           icon=":material/download:")


def _seat_now(where: tuple[str, int, str], lang: str) -> tuple[TableRow, tb.SeatScreen]:
    """The seat's table and screen now. The session keeps the last ones it drew, with the
    link that opened them: while the table's version (one indexed read) is the same, the
    poll redraws them as they are (the token was checked for that version: removing a
    person or changing a seat writes a new one); otherwise the seat is read again, its
    token checked, and its screen taken from the process's (:func:`ui.table.seats.seat_screen`).
    A turn whose time has run out is handed to a bot first (:meth:`Tables.time_out`)."""
    table_id, seat, token = where
    db = tables()
    kept = st.session_state.get(K + "seen")
    if kept is not None and kept[0] == (where, lang):
        row: TableRow = kept[1]
        due = row.status == "playing" and row.timer_s > 0 and \
            now_ms() - row.changed_ms >= row.timer_s * 1000
        if not due and db.version(table_id) == row.version:
            return row, kept[2]
    if kept is None or kept[1].timer_s:  # a person away too long: a bot plays that move
        db.time_out(table_id)
    row = db.seat_of(table_id, seat, token)
    view = tb.seat_screen(row, seat, lang)
    st.session_state[K + "seen"] = ((where, lang), row, view)
    return row, view


def _learning_view(row: TableRow, seat: int, view: tb.SeatScreen, lang: str) -> None:
    """The coach when it is this seat's move, and the analyst's review of its finished
    hands (deals), newest first (the latest open), as on the play page."""
    if row.status == "playing" and view.to_act == seat:
        with st.spinner(t("play.coach", lang) + "…"):
            advice = tb.advice(row, seat)
        if advice is not None:
            render_coach(advice, row.game, lang)
    for i, (number, notes) in enumerate(tb.reviews(row, seat)):
        with st.expander(t(f"play.review.title.{row.game}", lang, hand=number, deal=number),
                         expanded=i == 0, icon=":material/rate_review:"):
            for note in notes:
                st.markdown("- " + escape_markdown(render(note.key, lang, **note.fields)))


def _draw(row: TableRow, view: tb.SeatScreen, visitor: Prefs, extra: str = "") -> None:
    """Whose turn (always first), the status, the players, the cards on the table (and
    ``extra``, HTML to show after them: a seat's hand). The turn, the status, the players,
    the table and ``extra`` are one HTML element: a seat's page runs after every move, and
    each element of a run costs the server its own delta."""
    lang = visitor.lang
    notice = st.session_state.pop(K + "notice", None)
    if notice:
        st.info(t(notice, lang), icon=":material/info:")
    if row.status == "closed":
        st.warning(t("table.closed", lang), icon=":material/block:")
    if row.status == "waiting":
        st.info(t("table.waiting", lang), icon=":material/hourglass_top:")
    parts: list[str] = []
    if view.over:
        st.success(t("table.over", lang, names=", ".join(view.winners)),
                   icon=":material/emoji_events:")
    elif row.status == "playing" and view.to_act is not None and view.to_act >= 0:
        if view.to_act == view.seat:
            turn = t("play.turn.you", lang)
        else:
            name = tb.seat_label(row.seats[view.to_act], view.seat, lang)
            turn = t("table.turn.wait", lang, name=name)
        parts.append(f'<h3 class="rl-turn" style="font-size:1.5rem;margin:0 0 .75rem">'
                     f'{escape_html(turn)}</h3>')
    if view.status:
        parts.append(f'<p class="rl-status"><strong>{escape_html(view.status)}</strong></p>')
    keys = [k for k, _ in view.rows[0][1]] if view.rows else []
    head = [t("play.col.player", lang)] + [t(f"play.col.{k}", lang) for k in keys]
    body = [[("▶ " if i == view.to_act else "") + name] + [v for _, v in cells]
            for i, (name, cells) in enumerate(view.rows)]
    parts.append(table_html(head, body, t("play.seats", lang)))
    four = visitor.four_colour
    if view.on_table:
        parts.append(trick_html([(n, c, "normal") for n, c in view.on_table], lang=lang,
                                four_colour=four, label=t("play.trick.label", lang),
                                caption=t("table.on-table", lang)))
    elif view.last_trick:
        parts.append(trick_html([(n, c, "normal") for n, c in view.last_trick], lang=lang,
                                four_colour=four, label=t("play.trick.label", lang),
                                caption=t("table.last-trick", lang)))
    st.html("".join(parts) + extra)
    if row.timer_s and row.status == "playing" and not view.over:
        left = max(0, row.timer_s - (now_ms() - row.changed_ms) // 1000)
        st.caption(t("table.timer.left", lang, n=left, timer=row.timer_s))


def _controls(row: TableRow, view: tb.SeatScreen, visitor: Prefs) -> None:
    """The seat's move: a bid, a card (and, when a card can take several ways, which)."""
    lang = visitor.lang
    play = GAMES[row.game].plugins.play
    if view.bids:
        st.markdown(t("play.bid.prompt", lang))
        with st.container(horizontal=True, key=K + "bids"):
            for n in view.bids:
                st.button(str(n), key=K + f"bid{n}", on_click=_act,
                          args=(row.count, play.bid_action(n, False)))
        return
    if view.unseen_card is not None:
        st.caption(t("play.forehead", lang))
        st.button(t("play.forehead.button", lang), key=K + "own", type="primary",
                  on_click=_act, args=(row.count, view.unseen_card))
        return
    if view.hand is None:
        return
    pending = st.session_state.get(K + "pending")
    if pending is not None and pending[0] == row.count and pending[1] in view.cards:
        st.markdown(t("table.choose", lang))
        for i, choice in enumerate(view.cards[pending[1]]):
            st.button(choice.text, key=K + f"take{i}", on_click=_act,
                      args=(row.count, choice.action))
        return
    choices = [HandChoice(card, bool(view.cards.get(card.code)), None) for card in view.hand]
    st.html(HAND_CSS)
    render_card_buttons(K, lang, choices, [K + f"card.{c.card.code}" for c in choices],
                        _card, [(row.count, c.card.code, view) for c in choices],
                        visitor.four_colour)


def _card(expected: int, code: str, view: tb.SeatScreen) -> None:
    plays = view.cards.get(code, [])
    if len(plays) == 1:
        _act(expected, plays[0].action)
    elif len(plays) > 1:
        st.session_state[K + "pending"] = (expected, code)
    else:
        st.session_state[K + "notice"] = "table.not-playable"


def _act(expected: int, action: Any) -> None:
    """The seat's move, checked by the store (token, turn, the position it was made on)."""
    st.session_state.pop(K + "pending", None)
    table_id, seat, token = st.session_state[K + "where"]
    try:
        row = tables().act(table_id, seat, token, action, expected)
        push.saw(table_id, row.version)  # this run draws it: no wake for its own move
    except (Stale, NotYourTurn):
        st.session_state[K + "notice"] = "table.stale"
    except store.Forbidden:
        st.session_state[K + "notice"] = "table.bad-link"
    except store.Unavailable:
        st.session_state[K + "notice"] = "table.unavailable"
    except (store.Refused, RulesLabError):
        st.session_state[K + "notice"] = "table.not-playable"
