"""Explore: the variant lab — the same seeded games under two rule sets, side by side.

Inputs in the URL (game, lineup, a, b, games, seed; a rule set as ``name:value,…``, read
and written by ui/link.py); lab.studies.variant_lab plays and summarises, batch by batch
with a progress bar. Options, values and bot levels are shown with their labels.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from engine.messages import render
from engine.registry import GAME_IDS, GAMES, MAX_SEED, describe_rules, level_label
from engine.seats import seat_letter
from lab import library
from lab.studies.variant_lab import Figure, VariantLabStudy
from ui import link
from ui.charts import histogram
from ui.explore import common as ex
from ui.explore import rules_editor as editor
from ui.explore.lineup_picker import chosen_lineup, draw_lineup, lineup_state, seats_of
from ui.explore.run import simulate, sync_widgets
from ui.i18n import t
from ui.prefs import current
from ui.query import LinkReader, show_problems, write_params

P = "xlab"

visitor = current()
lang = visitor.lang


def submit() -> None:
    game = st.session_state.get(f"{P}.game", "kachuful")
    lineup = chosen_lineup(P, game)
    sets = {side: link.rules_text(game, editor.editor_options(game, f"{P}.{side}",
                                                              st.session_state))
            for side in ("a", "b")}
    write_params(game=game, lineup=",".join(lineup), a=sets["a"], b=sets["b"],
                 games=str(st.session_state.get(f"{P}.games")),
                 seed=str(st.session_state.get(f"{P}.seed")))


def change_game() -> None:
    """A new game: its default line-up and rule sets."""
    game = st.session_state.get(f"{P}.game", "kachuful")
    lineup, a, b = ex.LAB_START[game]
    write_params(game=game, lineup=",".join(lineup), a=a, b=b,
                 games=str(ex.LabInputs.games), seed="1")


st.title(t("explore.page.variant_lab", lang))
st.markdown(t("explore.lab.lead", lang))

reader = LinkReader(lang)
inputs = ex.LabInputs.read(reader)
show_problems(reader.problems, lang)
game = inputs.game
opts_a, opts_b = inputs.options_a, inputs.options_b
state: dict[str, Any] = {"game": game, "games": inputs.games, "seed": inputs.seed}
state.update(lineup_state(game, inputs.lineup))
for side, opts in (("a", opts_a), ("b", opts_b)):
    for key, value in editor.editor_state(game, opts, side).items():
        state[key] = value
sync_widgets(P, state)

st.selectbox(t("explore.game", lang), GAME_IDS, key=f"{P}.game", on_change=change_game,
             format_func=lambda g: GAMES[g].name(lang))
with st.form(f"{P}.form"):
    draw_lineup(P, game, lang, seats_of(game))
    left, right = st.columns(2)
    for side, col in (("a", left), ("b", right)):
        col.markdown(f"**{t(f'explore.rules.{side}', lang)}**")
        editor.draw_editor(game, f"{P}.{side}", lang, [col])
    c1, c2 = st.columns(2)
    c1.number_input(t("explore.games", lang), *ex.GAMES_RANGE, step=50, key=f"{P}.games")
    c2.number_input(t("explore.seed", lang), 0, MAX_SEED, key=f"{P}.seed",
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
for side, opts in (("a", opts_a), ("b", opts_b)):
    settings = describe_rules(game, GAMES[game].rules(opts), lang)
    st.caption(t(f"explore.rules.{side}", lang) + ": "
               + ("; ".join(settings) if settings else render("option.usual-rules", lang)))
if "strong" in inputs.lineup:
    st.caption(t("explore.strong.note", lang))

study = VariantLabStudy(game, inputs.lineup, opts_a, opts_b, inputs.seed)
stored = library.lookup(study, inputs.games)  # a studied question: answered at once
if stored is not None:
    summary = stored.summary
    st.caption(t("explore.lab.stored", lang, n=stored.units, seed=stored.seed))
else:
    if ex.refuse_over_budget(study, inputs.games, lang, t("explore.games", lang),
                             least=ex.GAMES_RANGE[0]):
        st.stop()
    outcome = simulate(study, inputs.games, None, P, lang, t("explore.lab.running", lang))
    if len(outcome.results) < 2:
        st.stop()
    summary = study.summarize(outcome.results)
    if not outcome.stopped:
        library.keep(study, summary)
    st.caption(t("explore.lab.games-done", lang, n=summary.games))

percent = {"halftime_leader_wins", "exact_rate"}


def row(label: str, f: Figure) -> dict[str, str]:
    pc = f.key in percent
    return {t("explore.lab.figure", lang): label, t("explore.lab.a", lang): ex.fmt_estimate(f.a, pc, lang=lang),
            t("explore.lab.b", lang): ex.fmt_estimate(f.b, pc, lang=lang),
            t("explore.lab.diff", lang): ex.fmt_estimate(f.diff, pc, lang=lang)}


st.dataframe([row(t(f"explore.lab.fig.{f.key}", lang), f) for f in summary.figures],
             hide_index=True, width="stretch")
finals = {t("explore.lab.a", lang): summary.finals_a, t("explore.lab.b", lang): summary.finals_b}
st.plotly_chart(histogram({k: [v for v, _ in c] for k, c in finals.items()},
                          t("explore.lab.chart.finals", lang), t("explore.lab.chart.x", lang),
                          t("explore.lab.chart.y", lang),
                          counts={k: [n for _, n in c] for k, c in finals.items()}),
                width="stretch")
st.header(t("explore.lab.per-seat", lang))
seat_rows = []
for f in summary.seat_figures:
    kind, _, number = f.key.rpartition("_")
    k = int(number)
    if kind == "position":
        label = t("explore.lab.fig.position", lang, seat=seat_letter(k),
                  level=level_label(f.label, lang))
    elif k == players - 1:
        label = t("explore.lab.fig.dealer", lang)
    else:
        label = t("explore.lab.fig.dealer_offset", lang, k=k + 1, n=players)
    seat_rows.append(row(label, f))
st.dataframe(seat_rows, hide_index=True, width="stretch")
st.caption(t("explore.interval.note", lang))
if (sentence := ex.lab_takeaway(summary.figures, percent, lang)) is not None:
    ex.draw_takeaway(sentence)  # what it all means, from the numbers above
