"""Explore: score progression of simulated games — a sample game's running totals and
the fan of many games for one seat.

Inputs in the URL (game, lineup, rules, games, seed, position); engine.sim.progression
plays the games, batch by batch with a progress bar.
"""

from __future__ import annotations

import streamlit as st

from engine.sim.progression import ProgressionStudy, lines
from ui import explore as ex
from ui.charts import score_fan, score_progression
from ui.i18n import t
from ui.prefs import current
from ui.query import LinkReader, show_problems, write_params

P = "xfan"

visitor = current()
lang = visitor.lang


def submit() -> None:
    values = ex.widget_values(P, ("game", "lineup", "rules", "games", "seed", "position"))
    lineup = [x.strip() for x in (values["lineup"] or "").split(",") if x.strip()]
    write_params(game=values["game"], lineup=",".join(lineup), rules=values["rules"] or "",
                 games=str(values["games"]), seed=str(values["seed"]),
                 position=str(values["position"]))


st.title(t("explore.page.score_fan", lang))
st.markdown(t("explore.fan.lead", lang))

reader = LinkReader(lang)
inputs = ex.FanInputs.read(reader)
show_problems(reader.problems, lang)
ex.sync_widgets(P, {"game": inputs.game, "lineup": ",".join(inputs.lineup),
                    "rules": inputs.rules, "games": inputs.games, "seed": inputs.seed,
                    "position": inputs.position})

with st.form(f"{P}.form"):
    c1, c2 = st.columns(2)
    c1.selectbox(t("explore.game", lang), ex.GAMES, key=f"{P}.game",
                 format_func=lambda g: t(f"explore.game.{g}", lang))
    c2.text_input(t("explore.lineup", lang), key=f"{P}.lineup",
                  help="random, basic, strong")
    st.text_input(t("explore.rules", lang), key=f"{P}.rules",
                  help="schedule:up,max_cards:5 · session:2,forced_sweep:false")
    c3, c4, c5 = st.columns(3)
    c3.number_input(t("explore.fan.games", lang), *ex.GAMES_RANGE, step=50, key=f"{P}.games")
    c4.number_input(t("explore.seed", lang), 0, ex.MAX_SEED, key=f"{P}.seed",
                    help=t("explore.seed.help", lang))
    c5.number_input(t("explore.fan.position", lang), 1, 8, key=f"{P}.position")
    st.form_submit_button(t("explore.compute", lang), type="primary", on_click=submit)

options = ex.decode_rules(inputs.rules)
reason = ex.rules_problem(inputs.game, options, lang, len(inputs.lineup))
if reason is not None:
    st.error(t("explore.bad-rules", lang, name="", reason=reason))
    st.stop()
if "strong" in inputs.lineup:
    st.caption(t("explore.strong.note", lang))

study = ProgressionStudy(inputs.game, inputs.lineup, options, inputs.seed)
if ex.refuse_over_budget(study, inputs.games, lang, t("explore.fan.games", lang),
                         least=ex.GAMES_RANGE[0]):
    st.stop()
outcome = ex.simulate(study, inputs.games, None, P, lang, t("explore.fan.running", lang))
if not outcome.results:
    st.stop()
games = outcome.results
names = [t("explore.fan.seat", lang, seat=p + 1, level=t(f"explore.level.{lvl}", lang))
         for p, lvl in enumerate(inputs.lineup)]
x_label = t(f"explore.fan.round.{inputs.game}", lang)
sample = games[0]
st.plotly_chart(score_progression(names, [list(r) for r in sample.rounds],
                                  t("explore.fan.sample", lang), x_label,
                                  t("explore.fan.total", lang)), width="stretch")
position = inputs.position - 1
fan_lines = lines(games, position)
st.plotly_chart(score_fan(fan_lines, t("explore.fan.fan", lang, seat=inputs.position,
                                        level=t(f"explore.level.{inputs.lineup[position]}",
                                                lang), n=len(games)),
                          x_label, t("explore.fan.total", lang),
                          median_label=t("explore.fan.median", lang),
                          band_label=t("explore.fan.band", lang, pct="{pct}"),
                          samples={names[position]: fan_lines[0]}), width="stretch")
if inputs.game == "krypkasino":
    st.caption(t("explore.fan.lower", lang))
