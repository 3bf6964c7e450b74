"""Kachuful scorekeeper: a table playing with real cards enters names, the variant, then
each hand's bids and tricks; the engine's score sheet checks and scores them.

The sheet (engine.scoresheet.KachufulSheet) lives in st.session_state and is mirrored in
the link (?sheet=k1.…) after every run, so a reload or a shared link restores it.
"""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from engine.cards import SUITS
from engine.kachuful.rules import (
    MIN_PLAYERS,
    RENEGE_RULES,
    SCHEDULES,
    SCORINGS,
    TRUMP_RULES,
    KachufulRules,
)
from engine.messages import render, suit_name
from engine.scoresheet import KachufulSheet
from ui import scorekeeper as sk
from ui.i18n import t
from ui.prefs import current
from ui.safe import escape_markdown

P = "ksk."

visitor = current()
lang = visitor.lang


# -- state -------------------------------------------------------------------------------


store = sk.SheetStore(P, "kachuful")
attempt, typed_names = store.attempt, store.typed_names


def sheet() -> KachufulSheet | None:
    value = store.sheet()
    return value if isinstance(value, KachufulSheet) else None


def max_cards_value(choice: object) -> int | str | None:
    """The ``max_cards`` option of a choice of :data:`MAX_CHOICES`."""
    if choice == "classic":
        return "classic"
    return int(choice) if isinstance(choice, str) and choice.isdigit() else None


def on_start() -> None:
    names = typed_names()
    ss = st.session_state

    def build() -> KachufulSheet:
        rules = KachufulRules(schedule=ss[P + "schedule"], max_cards=max_cards_value(ss[P + "max"]),
                              trumps=ss[P + "trumps"], hook_rule=bool(ss[P + "hook"]),
                              scoring=ss[P + "scoring"], blind_bids=bool(ss[P + "blind"]),
                              renege=ss[P + "renege"])
        chosen = ss.get(P + "dealer")
        dealer = names.index(chosen) if chosen in names else 0
        return KachufulSheet.new(names, rules, dealer)

    attempt(build)


def on_bids(number: int) -> None:
    current_sheet = sheet()
    assert current_sheet is not None
    ss = st.session_state
    seats = range(current_sheet.players)
    bids = [int(ss.get(f"{P}bid.{number}.{s}", 0)) for s in seats]
    blind = [bool(ss.get(f"{P}blindbid.{number}.{s}", False)) for s in seats]
    turned = ss.get(f"{P}turned.{number}")
    attempt(lambda: current_sheet.with_bids(bids, blind, turned or None))


def on_tricks(number: int) -> None:
    current_sheet = sheet()
    assert current_sheet is not None
    ss = st.session_state
    seats = range(current_sheet.players)
    tricks = [int(ss.get(f"{P}tricks.{number}.{s}", 0)) for s in seats]
    reneged = [bool(ss.get(f"{P}renege.{number}.{s}", False)) for s in seats]
    attempt(lambda: current_sheet.with_tricks(tricks, reneged))


def on_edit_bids() -> None:
    current_sheet = sheet()
    assert current_sheet is not None
    attempt(current_sheet.without_bids)


def on_undo() -> None:
    current_sheet = sheet()
    assert current_sheet is not None
    attempt(current_sheet.without_last_hand)


def variant_text(rules: KachufulRules) -> str:
    """The variant in one line, for the table to check."""
    parts = [t(f"scorekeeper.schedule.{rules.schedule}", lang),
             max_label("all" if rules.max_cards is None else str(rules.max_cards)),
             t(f"scorekeeper.trumps.{rules.trumps}", lang),
             t(f"scorekeeper.scoring.{rules.scoring}", lang)]
    if rules.hook_rule:
        parts.append(t("scorekeeper.opt.hook_rule", lang))
    if rules.blind_bids:
        parts.append(t("scorekeeper.opt.blind_bids", lang))
    if rules.renege == "penalized":
        parts.append(t("scorekeeper.opt.renege", lang) + ": "
                     + t("scorekeeper.renege.penalized", lang))
    return " · ".join(parts)


# -- drawing -----------------------------------------------------------------------------


def show_error() -> None:
    store.show_error(lang, visitor.query())


def label(name: str, *notes: str) -> str:
    """A widget label: the player's name as typed (markdown-escaped) and notes."""
    return " ".join([escape_markdown(name), *(f"({escape_markdown(n)})" for n in notes if n)])


def grid(count: int) -> list[DeltaGenerator]:
    """Columns for ``count`` players: up to 4 a row (they stack on a phone)."""
    cells: list[DeltaGenerator] = []
    for start in range(0, count, 4):
        cells += st.columns(4)[: min(4, count - start)]
    return cells


def beside(with_flag: bool) -> tuple[DeltaGenerator, DeltaGenerator | None]:
    """Where a number goes and, if the variant needs one, its checkbox on the same row
    (also on a phone)."""
    if not with_flag:
        return st.container(), None
    box, flag = st.columns([3, 2], wrap=False, gap="xsmall", vertical_alignment="bottom")
    return box, flag


def setup_form() -> None:
    st.header(t("scorekeeper.setup", lang), anchor=False)
    st.text_area(t("scorekeeper.names", lang), key=P + "names", height=140,
                 help=t("scorekeeper.names.help", lang), placeholder=t("scorekeeper.names.placeholder", lang))
    names = typed_names()
    st.caption(t("scorekeeper.players-count", lang, count=len(names)))
    st.selectbox(t("scorekeeper.first-dealer", lang), options=names or ["—"], key=P + "dealer",
                 help=t("scorekeeper.first-dealer.kachuful", lang))
    with st.expander(t("scorekeeper.variant", lang), expanded=False):
        left, right = st.columns(2)
        with left:
            st.selectbox(t("scorekeeper.opt.schedule", lang), SCHEDULES, key=P + "schedule",
                         format_func=lambda v: t(f"scorekeeper.schedule.{v}", lang))
            st.selectbox(t("scorekeeper.opt.max_cards", lang), MAX_CHOICES, key=P + "max",
                         format_func=max_label)
            st.selectbox(t("scorekeeper.opt.trumps", lang), TRUMP_RULES, key=P + "trumps",
                         format_func=lambda v: t(f"scorekeeper.trumps.{v}", lang))
        with right:
            st.selectbox(t("scorekeeper.opt.scoring", lang), SCORINGS, key=P + "scoring",
                         format_func=lambda v: t(f"scorekeeper.scoring.{v}", lang))
            st.selectbox(t("scorekeeper.opt.renege", lang), RENEGE_RULES, key=P + "renege",
                         format_func=lambda v: t(f"scorekeeper.renege.{v}", lang))
            st.toggle(t("scorekeeper.opt.hook_rule", lang), value=True, key=P + "hook",
                      help=t("scorekeeper.opt.hook_rule.help", lang))
            st.toggle(t("scorekeeper.opt.blind_bids", lang), value=False, key=P + "blind")
    st.button(t("scorekeeper.start", lang), type="primary", on_click=on_start, key=P + "start")
    show_error()


#: ``max_cards`` choices, the same whatever the player count (the engine refuses a hand
#: larger than 52 / players): all the cards, the classic preset, or a number.
MAX_CHOICES: tuple[str, ...] = ("all", "classic",
                                *(str(n) for n in range(52 // MIN_PLAYERS - 1, 0, -1)))


def max_label(value: str) -> str:
    if value in ("all", "classic"):
        return t(f"scorekeeper.max.{value}", lang)
    return t("scorekeeper.max.n", lang, cards=value)


def trump_words(trump: object, known: bool) -> str:
    if not known:
        return t("scorekeeper.trump.turned-pending", lang)
    return suit_name(getattr(trump, "value", None) or "NT", lang) + (
        f" {trump.symbol}" if hasattr(trump, "symbol") else "")


def hand_panel(current_sheet: KachufulSheet) -> None:
    spec = current_sheet.next_hand()
    names = current_sheet.names
    st.header(t("scorekeeper.hand.title", lang, number=spec.number,
                count=len(current_sheet.sizes)), anchor=False)
    st.markdown("### " + t("scorekeeper.hand.info", lang, size=spec.size,
                           trump=trump_words(spec.trump, spec.trump_known),
                           dealer=escape_markdown(names[spec.dealer])))
    number = spec.number
    pending = current_sheet.pending
    if pending is None:
        st.markdown(f"**{t('scorekeeper.bids.title', lang)}**")
        if current_sheet.rules.trumps == "turned":
            if spec.can_turn:
                st.radio(t("scorekeeper.turned", lang), [s.value for s in SUITS], horizontal=True,
                         index=None, key=f"{P}turned.{number}",
                         format_func=lambda c: f"{suit_name(c, lang)}")
            else:
                st.caption(t("scorekeeper.turned.none", lang))
        for cell, seat in zip(grid(len(spec.order)), spec.order, strict=True):
            with cell:
                box, flag = beside(current_sheet.rules.blind_bids)
                is_dealer = seat == spec.dealer
                box.number_input(label(names[seat], t("scorekeeper.dealer", lang) if is_dealer else ""),
                                 min_value=0, max_value=spec.size, value=0, step=1,
                                 key=f"{P}bid.{number}.{seat}")
                if flag is not None:
                    flag.checkbox(t("scorekeeper.blind", lang), key=f"{P}blindbid.{number}.{seat}")
        bids = [int(st.session_state.get(f"{P}bid.{number}.{s}", 0)) for s in range(len(names))]
        others, size, forbidden = current_sheet.hook_for(bids)
        if not current_sheet.rules.hook_rule:
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
        show_error()
        st.button(t("scorekeeper.bids.save", lang), type="primary", key=f"{P}savebids.{number}",
                  on_click=on_bids, args=(number,), width="stretch")
        return
    shown = ", ".join(f"{escape_markdown(names[s])} {pending.bids[s]}" for s in spec.order)
    st.markdown(t("scorekeeper.bids.saved", lang, bids=shown))
    st.markdown(f"**{t('scorekeeper.tricks.title', lang)}**")
    for cell, seat in zip(grid(len(spec.order)), spec.order, strict=True):
        with cell:
            box, flag = beside(current_sheet.rules.renege == "penalized")
            note = t("scorekeeper.bid", lang) + f" {pending.bids[seat]}"
            box.number_input(label(names[seat], note), min_value=0, max_value=spec.size, value=0,
                             step=1, key=f"{P}tricks.{number}.{seat}")
            if flag is not None:
                flag.checkbox(t("scorekeeper.reneged", lang), key=f"{P}renege.{number}.{seat}")
    total = sum(int(st.session_state.get(f"{P}tricks.{number}.{s}", 0)) for s in range(len(names)))
    st.caption(t("scorekeeper.tricks.sum", lang, total=total, size=spec.size))
    show_error()
    save, edit = st.columns(2)
    save.button(t("scorekeeper.tricks.save", lang), type="primary", key=f"{P}savetricks.{number}",
                on_click=on_tricks, args=(number,), width="stretch")
    edit.button(t("scorekeeper.bids.edit", lang), key=f"{P}editbids.{number}",
                on_click=on_edit_bids, width="stretch")


def results(current_sheet: KachufulSheet) -> None:
    store.standings(lang, lambda: current_sheet.next_hand().dealer)


def sheet_section(current_sheet: KachufulSheet) -> None:
    store.sheet_section(lang, sk.kachuful_table_html(current_sheet, lang),
                        t("scorekeeper.sheet.legend", lang), "scorekeeper.chart.hand",
                        current_sheet.hand_points(), sk.kachuful_csv(current_sheet, lang),
                        "scorekeeper.undo.hand", on_undo)


# -- page --------------------------------------------------------------------------------

store.run_page(lang, visitor.query(), setup_form, variant_text, results, hand_panel,
               sheet_section)
