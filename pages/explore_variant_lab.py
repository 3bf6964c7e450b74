"""Explore: the variant lab — the same seeded games under two rule sets, side by side.

Inputs in the URL (game, lineup, a, b, games, seed; a rule set as ``name:value,…``);
engine.sim.variant_lab plays and summarises, batch by batch with a progress bar.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from engine.sim.variant_lab import Figure, VariantLabStudy
from ui import explore as ex
from ui.charts import histogram
from ui.i18n import t
from ui.prefs import current
from ui.query import LinkReader, show_problems, write_params

P = "xlab"
EMPTY = "-"
SEATS = {"kachuful": 8, "krypkasino": 6}

visitor = current()
lang = visitor.lang


def submit() -> None:
    game = st.session_state.get(f"{P}.game", "kachuful")
    seats = [st.session_state.get(f"{P}.seat{s}", EMPTY) for s in range(SEATS[game])]
    lineup = [x for x in seats if x and x != EMPTY]
    sets = {}
    for side in ("a", "b"):
        values = {name: st.session_state.get(f"{P}.{side}.{name}")
                  for name in ex.options_of(game)}
        sets[side] = ex.encode_rules(ex.options_from_editor(game, values))
    write_params(game=game, lineup=",".join(lineup), a=sets["a"], b=sets["b"],
                 games=str(st.session_state.get(f"{P}.games")),
                 seed=str(st.session_state.get(f"{P}.seed")))


def change_game() -> None:
    """A new game: its default line-up and rule sets."""
    game = st.session_state.get(f"{P}.game", "kachuful")
    defaults = ex.LabInputs()
    if game == "krypkasino":
        write_params(game=game, lineup="basic,basic,basic,basic", a="session:1",
                     b="forced_sweep:false,session:1", games="100", seed="1")
    else:
        write_params(game=game, lineup=",".join(defaults.lineup), a="", b=defaults.rules_b,
                     games=str(defaults.games), seed="1")


def shown(name: str, value: Any) -> str:
    if name == "max_cards" and value == 0:
        return t("explore.rules.max_cards.auto", lang)
    if name == "scoring":
        return t(f"scorekeeper.scoring.{value}", lang)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


st.title(t("explore.page.variant_lab", lang))
st.markdown(t("explore.lab.lead", lang))

reader = LinkReader(lang)
inputs = ex.LabInputs.read(reader)
show_problems(reader.problems, lang)
game = inputs.game
opts_a = ex.decode_rules(inputs.rules_a)
opts_b = ex.decode_rules(inputs.rules_b)
state: dict[str, Any] = {"game": game, "games": inputs.games, "seed": inputs.seed}
for s in range(SEATS[game]):
    state[f"seat{s}"] = inputs.lineup[s] if s < len(inputs.lineup) else EMPTY
for side, opts in (("a", opts_a), ("b", opts_b)):
    for name, value in ex.editor_values(game, opts).items():
        state[f"{side}.{name}"] = value
ex.sync_widgets(P, state)

st.selectbox(t("explore.game", lang), ex.GAMES, key=f"{P}.game", on_change=change_game,
             format_func=lambda g: t(f"explore.game.{g}", lang))
with st.form(f"{P}.form"):
    st.markdown(f"**{t('explore.lineup', lang)}**")
    cols = st.columns(SEATS[game])
    for s, col in enumerate(cols):
        col.selectbox(t("explore.lineup.seat", lang, seat=s + 1), (EMPTY, *ex.LEVELS),
                      key=f"{P}.seat{s}",
                      format_func=lambda v: v if v == EMPTY else t(f"explore.level.{v}", lang))
    left, right = st.columns(2)
    for side, col in (("a", left), ("b", right)):
        col.markdown(f"**{t(f'explore.rules.{side}', lang)}**")
        for name, choices in ex.options_of(game).items():
            key = f"{P}.{side}.{name}"
            if choices is None:
                hint = {"session": t("explore.rules.session.rotation", lang),
                        "max_cards": t("explore.rules.max_cards.auto", lang)}.get(name)
                col.number_input(name, 0, ex.NUMBER_OPTIONS[name], key=key,
                                 help=f"0 = {hint}" if hint else None)
            else:
                col.selectbox(name, choices, key=key,
                              format_func=lambda v, n=name: shown(n, v))
    c1, c2 = st.columns(2)
    c1.number_input(t("explore.games", lang), *ex.GAMES_RANGE, step=50, key=f"{P}.games")
    c2.number_input(t("explore.seed", lang), 0, ex.MAX_SEED, key=f"{P}.seed",
                    help=t("explore.seed.help", lang))
    st.form_submit_button(t("explore.compute", lang), type="primary", on_click=submit)

players = len(inputs.lineup)
problems = [(name, ex.rules_problem(game, opts, lang, players))
            for name, opts in (("A", opts_a), ("B", opts_b))]
bad = [(name, reason) for name, reason in problems if reason]
if bad:
    for name, reason in bad:
        st.error(t("explore.bad-rules", lang, name=name, reason=reason))
    st.stop()
if "strong" in inputs.lineup:
    st.caption(t("explore.strong.note", lang))

study = VariantLabStudy(game, inputs.lineup, opts_a, opts_b, inputs.seed)
if ex.refuse_over_budget(study, inputs.games, lang, t("explore.games", lang),
                         least=ex.GAMES_RANGE[0]):
    st.stop()
outcome = ex.simulate(study, inputs.games, None, P, lang, t("explore.lab.running", lang))
if len(outcome.results) < 2:
    st.stop()
summary = study.summarize(outcome.results)
st.caption(t("explore.lab.games-done", lang, n=summary.games))

percent = {"halftime_leader_wins", "exact_rate"}


def row(label: str, f: Figure) -> dict[str, str]:
    pc = f.key in percent
    return {t("explore.lab.figure", lang): label, t("explore.lab.a", lang): ex.fmt_estimate(f.a, pc),
            t("explore.lab.b", lang): ex.fmt_estimate(f.b, pc),
            t("explore.lab.diff", lang): ex.fmt_estimate(f.diff, pc)}


st.dataframe([row(t(f"explore.lab.fig.{f.key}", lang), f) for f in summary.figures],
             hide_index=True, width="stretch")
st.plotly_chart(histogram({t("explore.lab.a", lang): summary.finals_a,
                           t("explore.lab.b", lang): summary.finals_b},
                          t("explore.lab.chart.finals", lang), t("explore.lab.chart.x", lang),
                          t("explore.lab.chart.y", lang)), width="stretch")
st.header(t("explore.lab.per-seat", lang))
seat_rows = []
for f in summary.seat_figures:
    kind, _, number = f.key.rpartition("_")
    k = int(number)
    if kind == "position":
        label = t("explore.lab.fig.position", lang, seat=k + 1,
                  level=t(f"explore.level.{f.label}", lang))
    elif k == players - 1:
        label = t("explore.lab.fig.dealer", lang)
    else:
        label = t("explore.lab.fig.dealer_offset", lang, k=k + 1, n=players)
    seat_rows.append(row(label, f))
st.dataframe(seat_rows, hide_index=True, width="stretch")
st.caption(t("explore.interval.note", lang))
