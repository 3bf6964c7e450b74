"""Explore: Krypkasino sweep danger — each card of a hand against a table.

Inputs in the URL (players, hand, table, seen, next, rules, seed); the analysis is exact
(lab.studies.sweep_danger: the engine's capture solver and a hypergeometric chance).
"""

from __future__ import annotations

import secrets
from typing import Any

import streamlit as st

from engine.cards import Card
from engine.krypkasino.rules import KrypkasinoRules, deal_sizes
from engine.krypkasino.state import KrypkasinoState
from engine.registry import GAMES, MAX_SEED
from lab.studies.sweep_danger import copies_problem, sweep_danger
from ui import link
from ui.cards import show_cards
from ui.docs import rule_href
from ui.explore import common as ex
from ui.explore import rules_editor as editor
from ui.explore.deck_picker import deck_picker
from ui.explore.run import sync_widgets, widget_values
from ui.i18n import t
from ui.prefs import current
from ui.query import LinkReader, show_problems, write_params

P = "xsweep"
RULE_NAMES = ex.SWEEP_OPTIONS
PLAYERS = GAMES["krypkasino"].players

visitor = current()
lang = visitor.lang


def submit() -> None:
    values = widget_values(P, ("players", "hand", "table", "seen", "next", "seed"))
    options = editor.editor_options("krypkasino", f"{P}.r", st.session_state, RULE_NAMES)
    write_params(players=str(values["players"]), hand=values["hand"] or "",
                 table=values["table"] or "", seen=values["seen"] or "",
                 next=str(values["next"]), rules=link.rules_text("krypkasino", options),
                 seed=str(values["seed"]))


def deal() -> None:
    """A position from a fresh seeded deal: the first player's hand and the table."""
    players = int(st.session_state.get(f"{P}.players") or 4)
    seed = secrets.randbelow(MAX_SEED)
    state = KrypkasinoState.new_game(players, KrypkasinoRules(session=1), seed)
    seat = state.current_player()
    assert seat is not None
    st.session_state[f"{P}.hand"] = ex.encode_cards(state.hand_of(seat))
    st.session_state[f"{P}.table"] = ex.encode_cards(state.table_cards())
    st.session_state[f"{P}.seen"] = ""
    st.session_state[f"{P}.next"] = deal_sizes(players).hand
    st.session_state[f"{P}.seed"] = seed
    submit()


reader = LinkReader(lang)
inputs = ex.SweepInputs.read(reader)
options = inputs.options
rule_problem = ex.rules_problem("krypkasino", options, lang)
rules = KrypkasinoRules.from_dict(options) if rule_problem is None else KrypkasinoRules()

st.title(t("explore.page.sweep_danger", lang))
st.markdown(t("explore.sweep.lead", lang, points=rules.sweep_points, sweep=rule_href("C-9"),
              forced=rule_href("C-8")))
show_problems(reader.problems, lang)

state = {"players": inputs.players, "hand": inputs.hand, "table": inputs.table,
         "seen": inputs.seen, "next": inputs.next_hand, "seed": inputs.seed}
state.update(editor.editor_state("krypkasino", options, "r", RULE_NAMES))
sync_widgets(P, state)

def on_pick(field: str, cards: list[Card]) -> None:
    """Deck picker: the picked cards become the hand or the table, computed at once."""
    st.session_state[f"{P}.{field}"] = ex.encode_cards(cards)
    submit()


picked_hand, picked_table, _ = inputs.parsed()
pick_hand, pick_table = st.columns(2)
with pick_hand:
    deck_picker(f"{P}.pick.hand", list(picked_hand.cards), lang,
                on_pick=lambda cards: on_pick("hand", cards),
                label=t("picker.sweep.hand", lang), four_colour=visitor.four_colour)
with pick_table:
    deck_picker(f"{P}.pick.table", list(picked_table.cards), lang,
                on_pick=lambda cards: on_pick("table", cards),
                label=t("picker.sweep.table", lang), four_colour=visitor.four_colour)

with st.form(f"{P}.form"):
    st.text_input(t("explore.sweep.hand", lang), key=f"{P}.hand", help=t("explore.cards.help", lang))
    st.text_input(t("explore.sweep.table", lang), key=f"{P}.table")
    st.text_input(t("explore.sweep.seen", lang), key=f"{P}.seen")
    c1, c2 = st.columns(2)
    c1.number_input(t("explore.players", lang), PLAYERS.min, PLAYERS.max, key=f"{P}.players")
    c2.number_input(t("explore.sweep.next", lang), 1, ex.NEXT_MOST, key=f"{P}.next")
    editor.draw_editor("krypkasino", f"{P}.r", lang, st.columns(len(RULE_NAMES)), RULE_NAMES)
    st.form_submit_button(t("explore.compute", lang), type="primary", on_click=submit)
st.button(t("explore.sweep.deal", lang), key=f"{P}.deal", on_click=deal)

if rule_problem is not None:
    st.error(t("explore.bad-rules", lang, name="", reason=rule_problem))
    st.stop()
labels = (t("explore.name.hand", lang), t("explore.name.table", lang),
          t("explore.name.seen", lang))
hand, table, seen = inputs.parsed(labels)
for parsed in (hand, table, seen):
    if parsed.problem is not None:
        st.error(parsed.problem.text(lang))
        st.stop()
twice = copies_problem([hand.cards, table.cards, seen.cards])
if twice is not None:
    st.error(t("explore.cards.copies-all", lang, card=str(twice)))
    st.stop()

danger = sweep_danger(inputs.players, hand.cards, table.cards, seen.cards, inputs.next_hand,
                      rules)
c1, c2 = st.columns(2)
with c1:
    st.markdown(f"**{t('explore.sweep.hand', lang)}**")
    show_cards(list(hand.cards), layout="hand")
with c2:
    st.markdown(f"**{t('explore.sweep.table', lang)}**")
    show_cards(list(table.cards), layout="table")
if danger.forced:
    st.warning(t("explore.sweep.forced", lang))
st.caption(t("explore.sweep.unseen", lang, unseen=danger.unseen, hand=danger.next_hand))

by_card: dict[str, list[Any]] = {}
for option in danger.options:
    by_card.setdefault(option.card.code, []).append(option)
kind_labels = {kind: t(f"explore.sweep.kind-name.{kind}", lang)
               for kind in ("trail", "capture", "sweep")}
for code, card_options in by_card.items():
    card = card_options[0].card
    st.markdown(f"## {card}")
    left, right = st.columns([3, 2])
    lines = []
    for o in card_options:
        if o.kind == "trail":
            key = "explore.sweep.kind.trail" if o.chance > 0 else "explore.sweep.kind.trail-quiet"
        else:
            key = f"explore.sweep.kind.{o.kind}"
        text = t(key, lang, pct=ex.pct(o.chance, lang), cards=" ".join(str(c) for c in o.take),
                 points=o.points + o.sweep)
        if not o.allowed:
            text += f" — **{t('explore.sweep.not-allowed', lang)}**"
        values = ", ".join(str(v) for v in o.sweepers)
        note = t("explore.sweep.sweepers", lang, values=values) if o.sweepers else t(
            "explore.sweep.sweepers-none", lang)
        lines.append(f"- {ex.option_label(o)}: {text}. {note}")
    left.markdown("\n".join(lines))
    right.plotly_chart(ex.sweep_chart(card, card_options, str(card),
                                      t("explore.sweep.chance", lang),
                                      t("explore.sweep.cost-short", lang), kind_labels, lang),
                       width="stretch", key=f"{P}.chart.{code}")
    right.caption(t("picker.sweep.measures", lang, points=rules.sweep_points))
st.caption(t("explore.sweep.cost.help", lang))
if (sentence := ex.sweep_takeaway(danger.options, lang)) is not None:
    ex.draw_takeaway(sentence)  # what the chances above mean
