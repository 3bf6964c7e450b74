"""Explore: the dealer's hook (K-9) measured over many deals bid by basic bots.

Inputs in the URL (players, scoring, deals, seed); lab.studies.hook does the work, batch by
batch with a progress bar and a Stop button.
"""

from __future__ import annotations

import streamlit as st

from engine.registry import GAMES, MAX_SEED
from lab.stats import mean, proportion
from lab.studies.hook import HookStudy
from ui.docs import rule_href
from ui.explore import common as ex
from ui.explore.run import simulate, sync_widgets, widget_values
from ui.i18n import chart_separators, number, t
from ui.prefs import current
from ui.query import LinkReader, show_problems, write_params

P = "xhook"

visitor = current()
lang = visitor.lang


def submit() -> None:
    values = widget_values(P, ("players", "scoring", "deals", "seed"))
    players = sorted(values["players"] or [4])
    write_params(players=",".join(map(str, players)), scoring=values["scoring"],
                 deals=str(values["deals"]), seed=str(values["seed"]))


st.title(t("explore.page.hook", lang))
st.markdown(t("explore.hook.lead", lang, hook=rule_href("K-9")))

reader = LinkReader(lang)
inputs = ex.HookInputs.read(reader)
show_problems(reader.problems, lang)
sync_widgets(P, {"players": list(inputs.players), "scoring": inputs.scoring,
                    "deals": inputs.deals, "seed": inputs.seed})

with st.form(f"{P}.form"):
    c1, c2 = st.columns([2, 2])
    c1.multiselect(t("explore.hook.players", lang), ex.HOOK_PLAYERS, key=f"{P}.players")
    scoring = GAMES["kachuful"].option("scoring")
    c2.selectbox(scoring.label(lang), ex.SCORINGS, key=f"{P}.scoring", help=scoring.help(lang),
                 format_func=lambda s: scoring.value_label(s, lang))
    c3, c4 = st.columns(2)
    c3.number_input(t("explore.hook.deals", lang), *ex.HOOK_DEALS, step=50, key=f"{P}.deals")
    c4.number_input(t("explore.seed", lang), 0, MAX_SEED, key=f"{P}.seed",
                    help=t("explore.seed.help", lang))
    st.form_submit_button(t("explore.compute", lang), type="primary", on_click=submit)

study = HookStudy(inputs.players, None, inputs.seed, inputs.scoring)
units = len(study.cells()) * inputs.deals
if ex.refuse_over_budget(study, units, lang, t("explore.hook.deals", lang),
                         per=len(study.cells()), least=ex.HOOK_DEALS[0]):
    st.stop()
outcome = simulate(study, units, None, P, lang, t("explore.hook.running", lang))
cells = study.summarize(outcome.results)
if not cells:
    st.stop()

rows = outcome.results
st.info(t("explore.hook.summary", lang, deals=len(rows),
          bites=ex.fmt_estimate(proportion(sum(r[1] for r in rows), len(rows)), percent=True, lang=lang),
          with_=ex.fmt_estimate(mean([float(r[2]) for r in rows]), lang=lang),
          without=ex.fmt_estimate(mean([float(r[3]) for r in rows]), lang=lang)))

series = t("explore.hook.series", lang, players="{players}")
x_label = t("explore.hook.x", lang)
for metric, title, y in (("bites", "explore.hook.chart.bites", "explore.hook.share"),
                         ("misses_change", "explore.hook.chart.misses", "explore.hook.change"),
                         ("dealer_edge_with", "explore.hook.chart.edge", "explore.hook.points")):
    fig = ex.hook_chart(cells, metric, t(title, lang), x_label, t(y, lang), series)
    if metric == "bites":
        fig.update_yaxes(tickformat=".0%")
    fig.update_layout(separators=chart_separators(lang))
    st.plotly_chart(fig, width="stretch")

st.dataframe([{t("explore.players", lang): c.players, t("explore.hook.size", lang): c.size,
               t("explore.samples", lang): c.deals,
               t("explore.hook.bites", lang): ex.fmt_estimate(c.bites, percent=True, lang=lang),
               t("explore.hook.misses-with", lang): ex.fmt_estimate(c.misses_with, lang=lang),
               t("explore.hook.misses-without", lang): ex.fmt_estimate(c.misses_without, lang=lang),
               t("explore.hook.edge-with", lang): ex.fmt_estimate(c.dealer_edge_with, lang=lang),
               t("explore.hook.edge-without", lang): ex.fmt_estimate(c.dealer_edge_without, lang=lang)}
              for c in cells], hide_index=True, width="stretch")
st.caption(t("explore.interval.note", lang))
change = mean([float(r[2] - r[3]) for r in rows])  # misses per hand, with the hook less without
lead = t("explore.hook.takeaway." + ("more" if change.value >= 0 else "fewer"), lang,
         change=number(abs(change.value), lang, 2))
ex.draw_takeaway(ex.takeaway(lead, change, lang))
