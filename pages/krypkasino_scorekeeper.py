"""Krypkasino scorekeeper: a table playing with real cards enters names and the variant,
then per deal each player's card points and sweeps; the engine's score sheet checks the
42 card points, works out who lost each sweep (C-9) and keeps the session's totals.

The sheet (engine.scoresheet.KrypkasinoSheet) lives in st.session_state and is mirrored in
the link (?sheet=c1.…) after every run, so a reload or a shared link restores it.
"""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from engine.krypkasino.rules import MAX_PLAYERS, KrypkasinoRules
from engine.scoresheet import KrypkasinoSheet
from engine.scoresheet.krypkasino import DEAL_CARD_POINTS, plays_per_deal
from ui import scorekeeper as sk
from ui.i18n import t
from ui.prefs import current
from ui.safe import escape_markdown

P = "csk."

visitor = current()
lang = visitor.lang


# -- state -------------------------------------------------------------------------------


store = sk.SheetStore(P, "krypkasino")
attempt, typed_names = store.attempt, store.typed_names


def sheet() -> KrypkasinoSheet | None:
    value = store.sheet()
    return value if isinstance(value, KrypkasinoSheet) else None


def on_start() -> None:
    names = typed_names()
    ss = st.session_state

    def build() -> KrypkasinoSheet:
        session: str | int = "rotation" if ss[P + "session"] == "rotation" else int(ss[P + "deals"])
        rules = KrypkasinoRules(sweep_points=int(ss[P + "sweep"]),
                                double_sweep=bool(ss[P + "double"]), session=session)
        chosen = ss.get(P + "dealer")
        dealer = names.index(chosen) if chosen in names else 0
        return KrypkasinoSheet.new(names, rules, dealer)

    attempt(build)


def deal_values(number: int, players: int) -> tuple[list[int], list[int], list[int]]:
    ss = st.session_state
    seats = range(players)
    return ([int(ss.get(f"{P}points.{number}.{s}", 0)) for s in seats],
            [int(ss.get(f"{P}sweeps.{number}.{s}", 0)) for s in seats],
            [int(ss.get(f"{P}doubles.{number}.{s}", 0)) for s in seats])


def on_deal(number: int) -> None:
    current_sheet = sheet()
    assert current_sheet is not None
    points, sweeps, doubles = deal_values(number, current_sheet.players)
    attempt(lambda: current_sheet.with_deal(points, sweeps, doubles))


def on_undo() -> None:
    current_sheet = sheet()
    assert current_sheet is not None
    attempt(current_sheet.without_last_deal)


def variant_text(rules: KrypkasinoRules) -> str:
    """The variant in one line, for the table to check."""
    parts = [t("scorekeeper.sweep.points", lang, points=rules.sweep_points,
               double=rules.double_points())]
    parts.append(t("scorekeeper.session.rotation", lang) if rules.session == "rotation"
                 else t("scorekeeper.session.deals", lang, deals=rules.session))
    return " · ".join(parts)


# -- drawing -----------------------------------------------------------------------------


def show_error() -> None:
    store.show_error(lang, visitor.query())


def setup_form() -> None:
    st.header(t("scorekeeper.setup", lang), anchor=False)
    st.text_area(t("scorekeeper.names", lang), key=P + "names", height=120,
                 help=t("scorekeeper.names.help", lang), placeholder=t("scorekeeper.names.placeholder", lang))
    names = typed_names()
    st.caption(t("scorekeeper.players-count", lang, count=len(names)))
    st.selectbox(t("scorekeeper.first-dealer", lang), options=names or ["—"], key=P + "dealer",
                 help=t("scorekeeper.first-dealer.krypkasino", lang))
    with st.expander(t("scorekeeper.variant", lang), expanded=False):
        left, right = st.columns(2)
        with left:
            st.number_input(t("scorekeeper.opt.sweep_points", lang), min_value=0, max_value=50,
                            value=5, step=1, key=P + "sweep")
            st.toggle(t("scorekeeper.opt.double_sweep", lang), value=True, key=P + "double")
        with right:
            st.radio(t("scorekeeper.opt.session", lang), ("rotation", "fixed"), key=P + "session",
                     format_func=lambda v: t(f"scorekeeper.session.{v}", lang))
            st.number_input(t("scorekeeper.opt.deals", lang), min_value=1, max_value=4 * MAX_PLAYERS,
                            value=4, step=1, key=P + "deals",
                            disabled=st.session_state.get(P + "session", "rotation") == "rotation")
    st.button(t("scorekeeper.start", lang), type="primary", on_click=on_start, key=P + "start")
    show_error()


def grid(count: int) -> list[DeltaGenerator]:
    """Columns for ``count`` players: up to 3 a row (they stack on a phone)."""
    cells: list[DeltaGenerator] = []
    for start in range(0, count, 3):
        cells += st.columns(3)[: min(3, count - start)]
    return cells


def deal_panel(current_sheet: KrypkasinoSheet) -> None:
    number = len(current_sheet.deals) + 1
    dealer = current_sheet.next_dealer
    names = current_sheet.names
    first = (dealer + 1) % current_sheet.players
    rules = current_sheet.rules
    st.header(t("scorekeeper.deal.title", lang, number=number,
                count=current_sheet.session_length), anchor=False)
    st.markdown("### " + t("scorekeeper.deal.info", lang, dealer=escape_markdown(names[dealer]),
                           first=escape_markdown(names[first])))
    st.caption(t("scorekeeper.deal.help", lang))
    sweeps_top = plays_per_deal(current_sheet.players)
    seats = [(first + offset) % current_sheet.players for offset in range(current_sheet.players)]
    headings = (t("scorekeeper.col.card-points", lang), t("scorekeeper.col.sweeps", lang))
    for cell, heading in zip(st.columns(2, wrap=False, gap="xsmall"), headings, strict=True):
        cell.markdown(f"**{heading}**")
    for seat in seats:
        note = f" \\({escape_markdown(t('scorekeeper.dealer', lang))}\\)" if seat == dealer else ""
        st.markdown(f"**{escape_markdown(names[seat])}**{note}")
        points_cell, sweeps_cell = st.columns(2, wrap=False, gap="xsmall")
        points_cell.number_input(f"{escape_markdown(names[seat])}: {headings[0]}", min_value=0,
                                 max_value=DEAL_CARD_POINTS, value=0, step=1,
                                 label_visibility="collapsed", key=f"{P}points.{number}.{seat}")
        sweeps_cell.number_input(f"{escape_markdown(names[seat])}: {headings[1]}", min_value=0,
                                 max_value=sweeps_top, value=0, step=1,
                                 label_visibility="collapsed", key=f"{P}sweeps.{number}.{seat}")
    if rules.double_sweep:
        with st.expander(t("scorekeeper.col.doubles", lang) + " (C-10)"):
            st.caption(t("scorekeeper.doubles.help", lang))
            for cell, seat in zip(grid(len(seats)), seats, strict=True):
                cell.number_input(escape_markdown(names[seat]), min_value=0, max_value=sweeps_top,
                                  value=0, step=1, key=f"{P}doubles.{number}.{seat}")
    points, _, _ = deal_values(number, current_sheet.players)
    st.caption(t("scorekeeper.deal.sum", lang, total=sum(points), expected=DEAL_CARD_POINTS))
    show_error()
    st.button(t("scorekeeper.deal.save", lang), type="primary", key=f"{P}savedeal.{number}",
              on_click=on_deal, args=(number,), width="stretch")


def results(current_sheet: KrypkasinoSheet) -> None:
    store.standings(lang, lambda: current_sheet.next_dealer)


def sheet_section(current_sheet: KrypkasinoSheet) -> None:
    store.sheet_section(lang, sk.krypkasino_table_html(current_sheet, lang),
                        t("scorekeeper.sheet.legend.krypkasino", lang), "scorekeeper.chart.deal",
                        current_sheet.deal_points(), sk.krypkasino_csv(current_sheet, lang),
                        "scorekeeper.undo.deal", on_undo)


# -- page --------------------------------------------------------------------------------

store.run_page(lang, visitor.query(), setup_form, variant_text, results, deal_panel,
               sheet_section)
