"""What a table enters on the Krypkasino scorekeeper: the setup form (names, first dealer,
variant), then per deal each player's card points and sweeps; each deal goes to the
engine's :class:`~engine.scoresheet.KrypkasinoSheet`, which checks the 42 card points,
works out who lost each sweep (C-9) and keeps the session's totals. The shared frame (the
sheet in the session, standings, sheet section) is :mod:`ui.scorekeeper.store`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import streamlit as st

from engine.krypkasino.rules import KrypkasinoRules
from engine.registry import GAMES
from engine.scoresheet import KrypkasinoSheet
from engine.scoresheet.krypkasino import DEAL_CARD_POINTS, plays_per_deal
from ui.i18n import t
from ui.safe import escape_markdown
from ui.scorekeeper import sheet as sk
from ui.scorekeeper.store import Keeper, SheetStore, grid

P = "csk."
#: The game's options, as the registry lists them (labels, helps, ranges, defaults).
GAME = GAMES["krypkasino"]


@dataclass(frozen=True)
class KrypkasinoKeeper(Keeper[KrypkasinoSheet]):
    """The Krypkasino scorekeeper of one visitor: its forms, callbacks and drawing."""

    store: SheetStore = field(default_factory=lambda: SheetStore(P, "krypkasino"))

    # -- callbacks ---------------------------------------------------------------------

    def new_sheet(self, names: list[str], dealer: int) -> KrypkasinoSheet:
        """A sheet under the variant chosen in the setup form."""
        ss = st.session_state
        session: str | int = "rotation" if ss[P + "session"] == "rotation" else int(ss[P + "deals"])
        rules = KrypkasinoRules(sweep_points=int(ss[P + "sweep"]),
                                double_sweep=bool(ss[P + "double"]), session=session)
        return KrypkasinoSheet.new(names, rules, dealer)

    def on_deal(self, number: int) -> None:
        sheet, store = self.sheet(), self.store
        points = store.numbers("points", number, sheet.players)
        sweeps = store.numbers("sweeps", number, sheet.players)
        doubles = store.numbers("doubles", number, sheet.players)
        store.attempt(lambda: sheet.with_deal(points, sweeps, doubles))

    def on_undo(self) -> None:
        self.store.attempt(self.sheet().without_last_deal)

    # -- drawing -----------------------------------------------------------------------

    def variant_text(self, rules: KrypkasinoRules) -> str:
        """The variant in one line, for the table to check."""
        lang = self.lang
        parts = [t("scorekeeper.sweep.points", lang, points=rules.sweep_points,
                   double=rules.double_points())]
        parts.append(t("scorekeeper.session.rotation", lang) if rules.session == "rotation"
                     else t("scorekeeper.session.deals", lang, deals=rules.session))
        return " · ".join(parts)

    def setup_form(self) -> None:
        lang = self.lang
        self.store.names_form(lang, 120)
        # The options a score sheet needs (how a sweep scores, how long the session is),
        # labelled and bounded by the registry; the others do not change the scores.
        sweep, double, session = (GAME.option(n) for n in ("sweep_points", "double_sweep",
                                                             "session"))
        sweep_range, session_range = sweep.number_range(), session.number_range()
        assert sweep_range is not None and session_range is not None
        with st.expander(t("scorekeeper.variant", lang), expanded=False):
            left, right = st.columns(2)
            with left:
                st.number_input(sweep.label(lang), min_value=sweep_range[0],
                                max_value=sweep_range[1], value=int(sweep.default), step=1,
                                key=P + "sweep", help=sweep.help(lang))
                st.toggle(double.label(lang), value=bool(double.default), key=P + "double",
                          help=double.help(lang))
            with right:
                st.radio(session.label(lang), ("rotation", "fixed"), key=P + "session",
                         help=session.help(lang),
                         format_func=lambda v: t(f"scorekeeper.session.{v}", lang))
                st.number_input(t("scorekeeper.opt.deals", lang), min_value=session_range[0],
                                max_value=session_range[1], value=4, step=1, key=P + "deals",
                                disabled=st.session_state.get(P + "session", "rotation")
                                == "rotation")
        self.store.start_button(lang, self.visitor.query(), self.on_start)

    def panel(self, sheet: KrypkasinoSheet) -> None:
        """The deal in progress: its dealer and who plays first, then each player's card
        points and sweeps in playing order (double sweeps apart, when the variant has them)."""
        lang, store, names = self.lang, self.store, sheet.names
        spec = sheet.next_deal()
        number = spec.number
        st.header(t("scorekeeper.deal.title", lang, number=number,
                    count=sheet.session_length), anchor=False)
        st.markdown("### " + t("scorekeeper.deal.info", lang,
                               dealer=escape_markdown(names[spec.dealer]),
                               first=escape_markdown(names[spec.first])))
        st.caption(t("scorekeeper.deal.help", lang))
        sweeps_top = plays_per_deal(sheet.players)
        headings = (t("scorekeeper.col.card-points", lang), t("scorekeeper.col.sweeps", lang))
        for cell, heading in zip(st.columns(2, wrap=False, gap="xsmall"), headings, strict=True):
            cell.markdown(f"**{heading}**")
        for seat in spec.order:
            note = (f" \\({escape_markdown(t('scorekeeper.dealer', lang))}\\)"
                    if seat == spec.dealer else "")
            st.markdown(f"**{escape_markdown(names[seat])}**{note}")
            points_cell, sweeps_cell = st.columns(2, wrap=False, gap="xsmall")
            points_cell.number_input(f"{escape_markdown(names[seat])}: {headings[0]}",
                                     min_value=0, max_value=DEAL_CARD_POINTS, value=0, step=1,
                                     label_visibility="collapsed",
                                     key=store.key("points", number, seat))
            sweeps_cell.number_input(f"{escape_markdown(names[seat])}: {headings[1]}",
                                     min_value=0, max_value=sweeps_top, value=0, step=1,
                                     label_visibility="collapsed",
                                     key=store.key("sweeps", number, seat))
        if sheet.rules.double_sweep:
            with st.expander(t("scorekeeper.col.doubles", lang) + " (C-10)"):
                st.caption(t("scorekeeper.doubles.help", lang))
                for cell, seat in zip(grid(len(spec.order), 3), spec.order, strict=True):
                    cell.number_input(escape_markdown(names[seat]), min_value=0,
                                      max_value=sweeps_top, value=0, step=1,
                                      key=store.key("doubles", number, seat))
        points = store.numbers("points", number, sheet.players)
        st.caption(t("scorekeeper.deal.sum", lang, total=sum(points), expected=DEAL_CARD_POINTS))
        self.show_error()
        st.button(t("scorekeeper.deal.save", lang), type="primary", key=f"{P}savedeal.{number}",
                  on_click=self.on_deal, args=(number,), width="stretch")

    def results(self, sheet: KrypkasinoSheet) -> None:
        self.store.standings(self.lang, lambda: sheet.next_dealer)

    def sheet_section(self, sheet: KrypkasinoSheet) -> None:
        lang = self.lang
        self.store.sheet_section(lang, sk.krypkasino_table_html(sheet, lang),
                                 t("scorekeeper.sheet.legend.krypkasino", lang),
                                 "scorekeeper.chart.deal", sheet.deal_points(),
                                 sk.krypkasino_csv(sheet, lang), "scorekeeper.undo.deal",
                                 self.on_undo)
