"""The play pages' score sheet and records: the sheet and its chart after every hand or
deal, saving the game (the engine's record writer), loading a record and replaying it one
action at a time (:func:`engine.session.load_record`), every hand face up."""

from __future__ import annotations

from typing import Any

import streamlit as st

from engine.errors import RecordError
from engine.messages import render
from engine.registry import GAMES
from engine.seats import seat_letter
from engine.session import RecordReplay, action_text, load_record
from ui.cards import cards_html
from ui.charts import score_progression
from ui.i18n import t
from ui.play import session as play
from ui.play.table import event_sentence, seat_name, signed
from ui.safe import escape_markdown

#: Sheet figures shown as a signed sum ("+ 5", "− 10") and columns that name a seat.
_SIGNED = ("sweeps",)
_SEATS = ("dealer",)


def render_sheet(prefix: str, lang: str) -> None:
    """The score sheet (one row per finished hand or deal, running totals in each cell)
    and the score-progression chart."""
    session = play.session_of(prefix)
    rows = session.sheet()
    if not rows:
        st.caption(t("play.sheet.empty", lang))
        return
    game = session.game
    names = [seat_name(s, session.setup, lang) for s in range(session.setup.players)]
    st.caption(t(f"play.sheet.{game}.note", lang))
    table: dict[str, list[Any]] = {}
    for key, _ in rows[0].first:
        table[t(f"play.sheet.{key}", lang)] = [
            seat_letter(v) if key in _SEATS else v for r in rows for k, v in r.first if k == key]
    for s, name in enumerate(names):
        table[name] = [t(f"play.sheet.{game}.cell", lang,
                         **{k: signed(v) if k in _SIGNED else v for k, v in r.cells[s].items()})
                       for r in rows]
    st.dataframe(table, hide_index=True, width="stretch", key=prefix + "sheet")
    x_label = t(f"chart.{rows[0].first[0][0]}", lang)
    fig = score_progression(names, session.score_rows(), t("play.chart.title", lang), x_label,
                            t("chart.total", lang))
    st.plotly_chart(fig, width="stretch", key=prefix + "chart")


# -- records ---------------------------------------------------------------------------


def _load(prefix: str, text: str | bytes) -> None:
    try:
        st.session_state[prefix + "replay"] = load_record(text)
        st.session_state[prefix + "replay.step"] = 0
        st.session_state[prefix + "replay.error"] = None
    except RecordError as exc:
        st.session_state[prefix + "replay"] = None
        st.session_state[prefix + "replay.error"] = str(exc)


def on_upload(prefix: str) -> None:
    upload = st.session_state.get(prefix + "upload")
    if upload is not None:
        _load(prefix, upload.getvalue())


def on_paste(prefix: str) -> None:
    _load(prefix, st.session_state.get(prefix + "paste", ""))


def on_replay_step(prefix: str, delta: int | None = None, to: int | None = None) -> None:
    replay: RecordReplay | None = st.session_state.get(prefix + "replay")
    if replay is None:
        return
    step = st.session_state.get(prefix + "replay.step", 0)
    target = to if to is not None else step + (delta or 0)
    st.session_state[prefix + "replay.step"] = min(max(target, 0), replay.count)


def on_replay_close(prefix: str) -> None:
    st.session_state[prefix + "replay"] = None


def render_record(prefix: str, lang: str, four_colour: bool) -> None:
    """Save the game (the engine's record writer) and load a record to replay it."""
    session = play.session_of(prefix)
    st.download_button(t("play.record.save", lang), data=session.record_json(),
                       file_name=f"{session.game}-seed{session.setup.seed}.json",
                       mime="application/json", key=prefix + "save",
                       help=t("play.record.save.help", lang), icon=":material/download:")
    st.file_uploader(t("play.record.load", lang), type=["json"], key=prefix + "upload",
                     on_change=on_upload, args=(prefix,))
    with st.expander(t("play.record.paste", lang), icon=":material/content_paste:"):
        st.text_area(t("play.record.paste", lang), key=prefix + "paste", height=120,
                     label_visibility="collapsed")
        st.button(t("play.record.paste.load", lang), key=prefix + "paste.load",
                  on_click=on_paste, args=(prefix,))
    error = st.session_state.get(prefix + "replay.error")
    if error:
        st.error(t("play.record.bad", lang, reason=escape_markdown(error)),
                 icon=":material/error:")
    replay: RecordReplay | None = st.session_state.get(prefix + "replay")
    if replay is not None:
        render_replay(prefix, replay, lang, four_colour)


def face_up_blocks(game: str, state: Any, lang: str, four_colour: bool) -> list[str]:
    """A replayed state drawn face up: the table, then every seat's hand (the engine's
    :meth:`~engine.plugin.GamePlay.face_up`)."""
    face = GAMES[game].plugins.play.face_up(state)
    if face is None:
        return []
    key, data = face.table_caption
    blocks = [cards_html(list(face.table), lang=lang, layout="table",
                         four_colour=four_colour, caption=render(key, lang, **data))]
    blocks += [cards_html(list(cards), lang=lang, layout=face.hand_layout,
                          four_colour=four_colour, caption=render(k, lang, **d))
               for cards, (k, d) in zip(face.hands, face.hand_captions, strict=True)]
    return blocks


def render_replay(prefix: str, replay: RecordReplay, lang: str, four_colour: bool) -> None:
    """A loaded record, one action at a time (Back / Next), every hand face up."""
    step = min(int(st.session_state.get(prefix + "replay.step", 0)), replay.count)
    st.info(t("play.record.loaded", lang, game=t(f"play.game.{replay.game}", lang),
              players=replay.players, count=replay.count), icon=":material/history:")
    with st.container(horizontal=True, key=prefix + "replay.nav"):
        st.button(t("play.record.first", lang), key=prefix + "replay.first",
                  on_click=on_replay_step, args=(prefix,), kwargs={"to": 0}, disabled=step == 0)
        st.button(t("play.record.back", lang), key=prefix + "replay.back",
                  on_click=on_replay_step, args=(prefix, -1), disabled=step == 0,
                  icon=":material/arrow_back:")
        st.button(t("play.record.next", lang), key=prefix + "replay.next",
                  on_click=on_replay_step, args=(prefix, 1), disabled=step >= replay.count,
                  type="primary", icon=":material/arrow_forward:")
        st.button(t("play.record.close", lang), key=prefix + "replay.close",
                  on_click=on_replay_close, args=(prefix,))
    st.caption(t("play.record.step", lang, step=step, count=replay.count))
    if step == 0:
        st.markdown(t("play.record.start", lang))
    else:
        done = replay.steps[step - 1]
        by = t("play.record.by", lang, seat=t("play.seat", lang, seat=done.seat),
               action=action_text(done.action))
        lines = [escape_markdown(event_sentence(e, lang)) for e in done.events]
        st.markdown(f"**{escape_markdown(by)}**  \n" + "  \n".join(lines))
    if step == replay.count and replay.error is not None:
        st.warning(t("play.record.illegal", lang, step=step,
                     reason=escape_markdown(replay.error.localized(lang))),
                   icon=":material/block:")
    state = replay.states[step]
    blocks = face_up_blocks(replay.game, state, lang, four_colour)
    if blocks:
        st.html("".join(blocks))
    st.caption(" · ".join(f"{seat_letter(s)}: {v}" for s, v in enumerate(state.scores())))
