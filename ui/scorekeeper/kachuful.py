"""What a table enters on the Kachuful scorekeeper: the setup form (names, first dealer,
variant), then per hand the bids (with the turned trump and the hook) and the tricks; each
entry goes to the engine's :class:`~engine.scoresheet.KachufulSheet`, which checks and
scores it. The shared frame (the sheet in the session, standings, sheet section) is
:mod:`ui.scorekeeper.store`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from engine.cards import SUITS
from engine.kachuful.rules import KachufulRules
from engine.messages import render, suit_name
from engine.registry import GAMES, Option, describe_rules
from engine.scoresheet import HandSpec, KachufulSheet
from ui.i18n import t
from ui.safe import escape_markdown
from ui.scorekeeper import sheet as sk
from ui.scorekeeper.store import Keeper, SheetStore, grid

P = "ksk."
#: The game's options, as the registry lists them (labels, values, defaults).
GAME = GAMES["kachuful"]


def option_key(option: Option) -> str:
    """The setup form's widget key of ``option`` (``ksk.opt.<name>``)."""
    return f"{P}opt.{option.name}"


def option_value(option: Option) -> object:
    """The value the setup form holds for ``option`` (its default before any choice); a
    flag is a toggle, any other option a choice among the codes of its values (whole
    numbers included: the engine refuses a hand larger than the table's deck allows)."""
    chosen = st.session_state.get(option_key(option))
    if chosen is None:
        return option.default
    if option.kind == "flag":
        return bool(chosen)
    return option.parse(str(chosen))


def label(name: str, *notes: str) -> str:
    """A widget label: the player's name as typed (markdown-escaped) and notes."""
    return " ".join([escape_markdown(name), *(f"({escape_markdown(n)})" for n in notes if n)])


def beside(with_flag: bool) -> tuple[DeltaGenerator, DeltaGenerator | None]:
    """Where a number goes and, if the variant needs one, its checkbox on the same row
    (also on a phone)."""
    if not with_flag:
        return st.container(), None
    box, flag = st.columns([3, 2], wrap=False, gap="xsmall", vertical_alignment="bottom")
    return box, flag


@dataclass(frozen=True)
class KachufulKeeper(Keeper[KachufulSheet]):
    """The Kachuful scorekeeper of one visitor: its forms, callbacks and drawing."""

    store: SheetStore = field(default_factory=lambda: SheetStore(P, "kachuful"))

    # -- callbacks ---------------------------------------------------------------------

    def new_sheet(self, names: list[str], dealer: int) -> KachufulSheet:
        """A sheet under the variant chosen in the setup form."""
        rules = GAME.rules({o.name: option_value(o) for o in GAME.options})
        return KachufulSheet.new(names, rules, dealer)

    def on_bids(self, number: int) -> None:
        sheet, store = self.sheet(), self.store
        bids = store.numbers("bid", number, sheet.players)
        blind = store.flags("blindbid", number, sheet.players)
        turned = st.session_state.get(store.key("turned", number))
        store.attempt(lambda: sheet.with_bids(bids, blind, turned or None))

    def on_tricks(self, number: int) -> None:
        sheet, store = self.sheet(), self.store
        tricks = store.numbers("tricks", number, sheet.players)
        reneged = store.flags("renege", number, sheet.players)
        store.attempt(lambda: sheet.with_tricks(tricks, reneged))

    def on_edit_bids(self) -> None:
        self.store.attempt(self.sheet().without_bids)

    def on_undo(self) -> None:
        self.store.attempt(self.sheet().without_last_hand)

    # -- words -------------------------------------------------------------------------

    def variant_text(self, rules: KachufulRules) -> str:
        """The variant in one line, for the table to check: the options that differ from
        the usual rules (the registry's labels), or the usual rules."""
        changed = describe_rules(GAME.id, rules, self.lang)
        return " · ".join(changed) if changed else render("option.usual-rules", self.lang)

    def option_choice(self, option: Option) -> None:
        """A choice among the option's values (as codes), labelled by the registry."""
        lang = self.lang
        codes = [option.code(v) for v in option.values()]
        st.selectbox(option.label(lang), codes, index=codes.index(option.code(option.default)),
                     key=option_key(option), help=option.help(lang),
                     format_func=lambda code: option.value_label(option.parse(code), lang))

    def trump_words(self, trump: object, known: bool) -> str:
        if not known:
            return t("scorekeeper.trump.turned-pending", self.lang)
        return suit_name(getattr(trump, "value", None) or "NT", self.lang) + (
            f" {trump.symbol}" if hasattr(trump, "symbol") else "")

    # -- drawing -----------------------------------------------------------------------

    def setup_form(self) -> None:
        lang = self.lang
        self.store.names_form(lang, 140)
        with st.expander(t("scorekeeper.variant", lang), expanded=False):
            columns = st.columns(2)
            choices = [o for o in GAME.options if o.kind != "flag"]
            flags = [o for o in GAME.options if o.kind == "flag"]
            for k, option in enumerate(choices):
                with columns[k % 2]:
                    self.option_choice(option)
            with columns[len(choices) % 2]:
                for option in flags:
                    st.toggle(option.label(lang), value=bool(option.default),
                              key=option_key(option), help=option.help(lang))
        self.store.start_button(lang, self.visitor.query(), self.on_start)

    def panel(self, sheet: KachufulSheet) -> None:
        """The hand in progress: its size, trump and dealer, then the bids or the tricks."""
        spec = sheet.next_hand()
        st.header(t("scorekeeper.hand.title", self.lang, number=spec.number,
                    count=len(sheet.sizes)), anchor=False)
        st.markdown("### " + t("scorekeeper.hand.info", self.lang, size=spec.size,
                               trump=self.trump_words(spec.trump, spec.trump_known),
                               dealer=escape_markdown(sheet.names[spec.dealer])))
        if sheet.pending is None:
            self.bids_form(sheet, spec)
        else:
            self.tricks_form(sheet, spec)

    def bids_form(self, sheet: KachufulSheet, spec: HandSpec) -> None:
        lang, store, number, names = self.lang, self.store, spec.number, sheet.names
        st.markdown(f"**{t('scorekeeper.bids.title', lang)}**")
        if sheet.rules.trumps == "turned":
            if spec.can_turn:
                st.radio(t("scorekeeper.turned", lang), [s.value for s in SUITS], horizontal=True,
                         index=None, key=store.key("turned", number),
                         format_func=lambda c: f"{suit_name(c, lang)}")
            else:
                st.caption(t("scorekeeper.turned.none", lang))
        for cell, seat in zip(grid(len(spec.order), 4), spec.order, strict=True):
            with cell:
                box, flag = beside(sheet.rules.blind_bids)
                is_dealer = seat == spec.dealer
                box.number_input(label(names[seat], t("scorekeeper.dealer", lang) if is_dealer else ""),
                                 min_value=0, max_value=spec.size, value=0, step=1,
                                 key=store.key("bid", number, seat))
                if flag is not None:
                    flag.checkbox(t("scorekeeper.blind", lang),
                                  key=store.key("blindbid", number, seat))
        bids = store.numbers("bid", number, len(names))
        others, size, forbidden = sheet.hook_for(bids)
        if not sheet.rules.hook_rule:
            st.caption(t("scorekeeper.hook.off", lang))
        elif forbidden is None:
            st.info(t("scorekeeper.hook.free", lang, others=others, size=size),
                    icon=":material/check_circle:")
        else:
            hint = escape_markdown(render("K-9.hook", lang, bid=forbidden, others=others,
                                          size=size)) + " (K-9)"
            # A warning as soon as the dealer's entry is the forbidden bid, else a reminder.
            show = st.warning if bids[spec.dealer] == forbidden else st.info
            show(hint, icon=":material/front_hand:")
        st.caption(t("scorekeeper.bids.sum", lang, total=sum(bids), size=spec.size))
        self.show_error()
        st.button(t("scorekeeper.bids.save", lang), type="primary", key=f"{P}savebids.{number}",
                  on_click=self.on_bids, args=(number,), width="stretch")

    def tricks_form(self, sheet: KachufulSheet, spec: HandSpec) -> None:
        lang, store, number, names = self.lang, self.store, spec.number, sheet.names
        pending = sheet.pending
        assert pending is not None
        shown = ", ".join(f"{escape_markdown(names[s])} {pending.bids[s]}" for s in spec.order)
        st.markdown(t("scorekeeper.bids.saved", lang, bids=shown))
        st.markdown(f"**{t('scorekeeper.tricks.title', lang)}**")
        for cell, seat in zip(grid(len(spec.order), 4), spec.order, strict=True):
            with cell:
                box, flag = beside(sheet.rules.renege == "penalized")
                note = t("scorekeeper.bid", lang) + f" {pending.bids[seat]}"
                box.number_input(label(names[seat], note), min_value=0, max_value=spec.size,
                                 value=0, step=1, key=store.key("tricks", number, seat))
                if flag is not None:
                    flag.checkbox(t("scorekeeper.reneged", lang),
                                  key=store.key("renege", number, seat))
        total = sum(store.numbers("tricks", number, len(names)))
        st.caption(t("scorekeeper.tricks.sum", lang, total=total, size=spec.size))
        self.show_error()
        save, edit = st.columns(2)
        save.button(t("scorekeeper.tricks.save", lang), type="primary",
                    key=f"{P}savetricks.{number}", on_click=self.on_tricks, args=(number,),
                    width="stretch")
        edit.button(t("scorekeeper.bids.edit", lang), key=f"{P}editbids.{number}",
                    on_click=self.on_edit_bids, width="stretch")

    def results(self, sheet: KachufulSheet) -> None:
        self.store.standings(self.lang, lambda: sheet.next_hand().dealer)

    def sheet_section(self, sheet: KachufulSheet) -> None:
        lang = self.lang
        self.store.sheet_section(lang, sk.kachuful_table_html(sheet, lang),
                                 t("scorekeeper.sheet.legend", lang), "scorekeeper.chart.hand",
                                 sheet.hand_points(), sk.kachuful_csv(sheet, lang),
                                 "scorekeeper.undo.hand", self.on_undo)
