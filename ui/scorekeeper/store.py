"""The scorekeeper pages' frame, shared by both games: the sheet kept in a page's
``st.session_state`` (:class:`SheetStore`: read once from the link, changed only through
the engine, mirrored back in the link), the setup form's names and first dealer, the entry
grid, the standings, the sheet section and the page's run. What each game enters lives in
:mod:`ui.scorekeeper.kachuful` and :mod:`ui.scorekeeper.krypkasino`; the link codec, CSV
and HTML in :mod:`ui.scorekeeper.sheet`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar, cast

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from engine.errors import RulesLabError
from engine.plugin import ScoreSheet
from engine.registry import GAMES
from ui.i18n import t
from ui.prefs import Prefs
from ui.safe import escape_markdown
from ui.scorekeeper.sheet import (
    PARAM,
    SheetProblem,
    chart_names,
    css,
    decode,
    encode,
    legend_below,
    standings_html,
)

Sheet = ScoreSheet
S = TypeVar("S", bound=ScoreSheet)


def grid(count: int, per_row: int) -> list[DeltaGenerator]:
    """Columns for ``count`` players: up to ``per_row`` a row (they stack on a phone)."""
    cells: list[DeltaGenerator] = []
    for start in range(0, count, per_row):
        cells += st.columns(per_row)[: min(per_row, count - start)]
    return cells


@dataclass(frozen=True)
class SheetStore:
    """One scorekeeper page's sheet in ``st.session_state``, under keys prefixed ``prefix``.

    The sheet is read once per session from the link; every change goes through
    :meth:`attempt`, which keeps the engine's refusal and leaves the sheet unchanged.
    """

    prefix: str
    game: Literal["kachuful", "krypkasino"]

    def load(self) -> None:
        """Once per session: the sheet from the link (or none, with the link's problem)."""
        if self.prefix + "loaded" in st.session_state:
            return
        decoded = decode(st.query_params.get(PARAM), self.game)
        st.session_state[self.prefix + "sheet"] = decoded.sheet
        st.session_state[self.prefix + "problem"] = decoded.problem
        st.session_state[self.prefix + "loaded"] = True

    def sheet(self) -> Sheet | None:
        value = st.session_state.get(self.prefix + "sheet")
        kind = GAMES[self.game].plugins.score_sheet
        return value if isinstance(value, kind) else None

    def attempt(self, change: Callable[[], Sheet]) -> None:
        """Keep the new sheet ``change()`` returns, or the engine's refusal (sheet unchanged)."""
        try:
            st.session_state[self.prefix + "sheet"] = change()
            st.session_state[self.prefix + "error"] = None
            st.session_state[self.prefix + "problem"] = None
        except RulesLabError as exc:
            st.session_state[self.prefix + "error"] = exc

    def typed_names(self) -> list[str]:
        text = st.session_state.get(self.prefix + "names", "")
        return [line.strip() for line in str(text).splitlines() if line.strip()]

    def chosen_dealer(self, names: Sequence[str]) -> int:
        """The seat of the first dealer picked in the setup form (the first seat if none)."""
        chosen = st.session_state.get(self.prefix + "dealer")
        return list(names).index(chosen) if isinstance(chosen, str) and chosen in names else 0

    def key(self, field: str, number: int, seat: int | None = None) -> str:
        """The key of an entry widget of round ``number`` (``<prefix><field>.<number>[.<seat>]``)."""
        return f"{self.prefix}{field}.{number}" + ("" if seat is None else f".{seat}")

    def numbers(self, field: str, number: int, players: int) -> list[int]:
        """Each seat's whole number in the ``field`` widgets of round ``number`` (0 if unset)."""
        return [int(st.session_state.get(self.key(field, number, s), 0)) for s in range(players)]

    def flags(self, field: str, number: int, players: int) -> list[bool]:
        """Each seat's checkbox in the ``field`` widgets of round ``number``."""
        return [bool(st.session_state.get(self.key(field, number, s), False))
                for s in range(players)]

    def names_form(self, lang: str, height: int) -> None:
        """The top of the setup form: the players' names, one a line in seating order,
        their count and who deals first."""
        st.header(t("scorekeeper.setup", lang), anchor=False)
        st.text_area(t("scorekeeper.names", lang), key=self.prefix + "names", height=height,
                     help=t("scorekeeper.names.help", lang),
                     placeholder=t("scorekeeper.names.placeholder", lang))
        names = self.typed_names()
        st.caption(t("scorekeeper.players-count", lang, count=len(names)))
        st.selectbox(t("scorekeeper.first-dealer", lang), options=names or ["—"],
                     key=self.prefix + "dealer",
                     help=t(f"scorekeeper.first-dealer.{self.game}", lang))

    def start_button(self, lang: str, query: dict[str, str], on_start: Callable[[], None]) -> None:
        """The end of the setup form: the start button, then the refusal of the last start."""
        st.button(t("scorekeeper.start", lang), type="primary", on_click=on_start,
                  key=self.prefix + "start")
        self.show_error(lang, query)

    def clear(self) -> None:
        """Back to the setup form, the same players already typed in."""
        old = self.sheet()
        st.session_state[self.prefix + "sheet"] = None
        st.session_state[self.prefix + "error"] = None
        if old is not None:
            st.session_state[self.prefix + "names"] = "\n".join(old.names)

    def show_error(self, lang: str, query: dict[str, str]) -> None:
        """The engine's refusal of the last change, with a link to its rule."""
        from ui.docs import rule_href

        exc = st.session_state.get(self.prefix + "error")
        if isinstance(exc, RulesLabError):
            # The sentence, then its rule once, as a link ("… — Rule K-1"), not "(K-1) — Rule K-1".
            text = escape_markdown(exc.localized_sentence(lang) if exc.rule else exc.localized(lang))
            if exc.rule:
                text += (f" — [{t('scorekeeper.rule', lang, rule=exc.rule)}]"
                         f"({rule_href(exc.rule, query=query)})")
            st.error(text, icon=":material/block:")

    def sheet_section(self, lang: str, table_html: str, legend: str, round_key: str,
                      points: Sequence[Sequence[int]], csv_text: str, undo_key: str,
                      on_undo: Callable[[], None]) -> None:
        """The sheet below the entry panel: the table (``table_html``) and its ``legend``,
        the score chart over the rounds (``points``, one row a hand or deal; the x axis is
        labelled by ``round_key``), the CSV download, undo of the last round, a new sheet."""
        from ui.charts import score_progression

        sheet = self.sheet()
        assert sheet is not None
        st.subheader(t("scorekeeper.sheet", lang), anchor=False)
        st.html(css() + table_html)
        st.caption(legend)
        if points:
            fig = score_progression(chart_names(sheet.names), [list(r) for r in points],
                                    t("scorekeeper.chart.title", lang), t(round_key, lang),
                                    t("scorekeeper.chart.total", lang))
            st.plotly_chart(legend_below(fig), width="stretch", key=self.prefix + "chart")
        left, right = st.columns(2)
        left.download_button(t("scorekeeper.csv.download", lang), data=csv_text,
                             file_name=f"{self.game}-sheet.csv", mime="text/csv",
                             key=self.prefix + "csv", width="stretch", on_click="ignore")
        right.button(t(undo_key, lang), key=self.prefix + "undo", on_click=on_undo,
                     disabled=not points, width="stretch")
        with st.expander(t("scorekeeper.new", lang)):
            st.button(t("scorekeeper.new.confirm", lang), key=self.prefix + "clear",
                      on_click=self.clear)

    def run_page(self, lang: str, query: dict[str, str], setup_form: Callable[[], None],
                 variant_text: Callable[[Any], str], results: Callable[[Any], None],
                 panel: Callable[[Any], None], section: Callable[[Any], None]) -> None:
        """The page itself: title and lead, the link's problem, then the setup form, or the
        sheet's variant, ``results``, the entry ``panel`` until the game is over (then the
        last refusal) and the sheet ``section``; last, the sheet mirrored in the link."""
        from ui.query import write_params

        self.load()
        st.title(t(f"scorekeeper.page.{self.game}", lang), anchor=False)
        st.caption(t(f"scorekeeper.{self.game}.lead", lang))
        problem = st.session_state.get(self.prefix + "problem")
        if isinstance(problem, SheetProblem):
            st.warning(problem.text(lang), icon=":material/warning:")
        sheet = self.sheet()
        if sheet is None:
            setup_form()
        else:
            st.caption(escape_markdown(t("scorekeeper.variant", lang) + ": "
                                       + variant_text(sheet.rules)))
            results(sheet)
            if not sheet.is_over:
                with st.container(border=True):
                    panel(sheet)
            else:
                self.show_error(lang, query)
            section(sheet)
        final = self.sheet()
        write_params(**{PARAM: encode(final) if final is not None else None})

    def standings(self, lang: str, next_dealer: Callable[[], int]) -> None:
        """The totals: once the game is over the winners, with a banner; before that the
        leaders and who deals next (``next_dealer()``)."""
        sheet = self.sheet()
        assert sheet is not None
        names, totals = sheet.names, sheet.totals()
        dealer: int | None
        if sheet.is_over:
            won = sheet.winners()
            key = "scorekeeper.over.one" if len(won) == 1 else "scorekeeper.over.shared"
            st.success(t(key, lang, names=", ".join(escape_markdown(names[s]) for s in won),
                         total=totals[won[0]]), icon=":material/trophy:")
            marked, mark, dealer = won, t("scorekeeper.winner", lang), None
        else:
            marked, mark = sheet.leaders(), t("scorekeeper.leader", lang)
            dealer = next_dealer()
        st.html(css() + standings_html(names, totals, marked, mark, dealer,
                                       t("scorekeeper.dealer", lang)))


@dataclass(frozen=True)
class Keeper(Generic[S]):
    """One game's scorekeeper for one visitor: the page's run over the game's forms
    (:meth:`setup_form`, :meth:`variant_text`, :meth:`results`, :meth:`panel`,
    :meth:`sheet_section`, given by :mod:`ui.scorekeeper.kachuful` and
    :mod:`ui.scorekeeper.krypkasino`) and the sheet in ``store``."""

    visitor: Prefs
    store: SheetStore

    @property
    def lang(self) -> str:
        return self.visitor.lang

    def sheet(self) -> S:
        """The sheet being kept (the store holds only this game's sheets)."""
        value = self.store.sheet()
        assert value is not None
        return cast(S, value)

    def show_error(self) -> None:
        self.store.show_error(self.lang, self.visitor.query())

    def on_start(self) -> None:
        """The start button: a sheet for the typed names and the first dealer chosen, under
        the variant chosen (:meth:`new_sheet`), or the engine's refusal."""
        names = self.store.typed_names()
        self.store.attempt(lambda: self.new_sheet(names, self.store.chosen_dealer(names)))

    def new_sheet(self, names: list[str], dealer: int) -> S:
        raise NotImplementedError

    def setup_form(self) -> None:
        raise NotImplementedError

    def variant_text(self, rules: Any) -> str:
        raise NotImplementedError

    def results(self, sheet: S) -> None:
        raise NotImplementedError

    def panel(self, sheet: S) -> None:
        raise NotImplementedError

    def sheet_section(self, sheet: S) -> None:
        raise NotImplementedError

    def run(self) -> None:
        """The whole page (see :meth:`SheetStore.run_page`)."""
        self.store.run_page(self.lang, self.visitor.query(), self.setup_form, self.variant_text,
                            self.results, self.panel, self.sheet_section)
