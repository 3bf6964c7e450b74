"""Explore: what a Kachuful hand is worth.

Inputs live in the URL (hand, size, trump, players, position, scoring, hook, level,
samples, seed); the form writes them there, and the numbers are computed for what the URL
says (lab.studies.hand_odds), batch by batch with a progress bar and a Stop button.
"""

from __future__ import annotations

import secrets
import zlib

import streamlit as st

from engine.cards import DECK, SUITS, Card
from engine.messages import suit_name
from engine.registry import GAMES, MAX_SEED, level_label
from engine.rng import shuffled
from lab.studies.hand_odds import HandOdds, HandOddsStudy
from ui.cards import show_cards
from ui.charts import bars
from ui.docs import rule_href
from ui.explore import common as ex
from ui.explore.deck_picker import deck_picker
from ui.explore.run import simulate, sync_widgets, widget_values
from ui.i18n import chart_separators, number, t
from ui.prefs import current
from ui.query import LinkReader, show_problems, write_params

P = "xodds"
KACHUFUL = GAMES["kachuful"]
NAMES = ("hand", "size", "trump", "players", "position", "scoring", "hook", "level", "samples",
         "seed")

visitor = current()
lang = visitor.lang


def submit() -> None:
    """Form callback: the inputs go to the URL (a hand typed with spaces is kept as typed;
    the page checks it)."""
    values = widget_values(P, NAMES)
    values["hook"] = "on" if values["hook"] else "off"
    write_params(**{k: str(v) for k, v in values.items()})


def deal() -> None:
    """Deal button: a random hand of the chosen size and a fresh seed."""
    size = int(st.session_state.get(f"{P}.size") or 5)
    seed = secrets.randbelow(MAX_SEED)
    hand = sorted(shuffled(DECK, seed)[:size], key=lambda c: (c.suit.index, -int(c.rank)))
    st.session_state[f"{P}.hand"] = ex.encode_cards(hand)
    submit()


st.title(t("explore.page.hand_odds", lang))
st.markdown(t("explore.odds.lead", lang, hook=rule_href("K-9"), scoring=rule_href("K-13")))

reader = LinkReader(lang)
inputs = ex.OddsInputs.read(reader)
show_problems(reader.problems, lang)
state = dict(inputs.__dict__)
state["hook"] = inputs.hook == "on"
sync_widgets(P, state)

def on_pick(cards: list[Card]) -> None:
    """Deck picker: the picked cards become the hand (its size follows) and compute."""
    st.session_state[f"{P}.hand"] = ex.encode_cards(cards)
    if cards:
        st.session_state[f"{P}.size"] = min(len(cards), 17)
    submit()


deck_picker(f"{P}.pick", list(inputs.cards(t("explore.name.hand", lang)).cards), lang,
            on_pick=on_pick, label=t("picker.odds", lang), four_colour=visitor.four_colour)

with st.form(f"{P}.form"):
    st.text_input(t("explore.odds.hand", lang), key=f"{P}.hand",
                  help=t("explore.cards.help", lang))
    c1, c2, c3, c4 = st.columns(4)
    c1.number_input(t("explore.odds.size", lang), 1, 17, key=f"{P}.size")
    c2.selectbox(t("explore.odds.trump", lang), ex.TRUMPS, key=f"{P}.trump",
                 format_func=lambda c: t("explore.odds.no-trump", lang) if c == "NT"
                 else suit_name(SUITS[["S", "H", "D", "C"].index(c)], lang).capitalize())
    c3.number_input(t("explore.players", lang), KACHUFUL.players.min, KACHUFUL.players.max,
                    key=f"{P}.players")
    c4.number_input(t("explore.odds.position", lang), 1, KACHUFUL.players.max, key=f"{P}.position",
                    help=t("explore.odds.position.help", lang))
    c5, c6, c7 = st.columns([2, 1, 1])
    scoring = KACHUFUL.option("scoring")
    c5.selectbox(scoring.label(lang), ex.SCORINGS, key=f"{P}.scoring", help=scoring.help(lang),
                 format_func=lambda s: scoring.value_label(s, lang))
    c6.checkbox(KACHUFUL.option("hook_rule").label(lang), key=f"{P}.hook",
                help=KACHUFUL.option("hook_rule").help(lang))
    c7.radio(t("explore.odds.level", lang), ex.ODDS_LEVELS, key=f"{P}.level",
             format_func=lambda v: level_label(v, lang), horizontal=True)
    c8, c9 = st.columns(2)
    c8.number_input(t("explore.samples", lang), *ex.SAMPLES, step=100, key=f"{P}.samples")
    c9.number_input(t("explore.seed", lang), 0, MAX_SEED, key=f"{P}.seed",
                    help=t("explore.seed.help", lang))
    st.form_submit_button(t("explore.compute", lang), type="primary", on_click=submit)
st.button(t("explore.odds.deal", lang), key=f"{P}.deal", on_click=deal)

parsed = inputs.cards(t("explore.name.hand", lang))
problem = parsed.problem
if problem is None and inputs.position > inputs.players:
    problem = ex.problem("explore.odds.bad-position", position=inputs.position,
                         players=inputs.players)
if problem is None and inputs.size * inputs.players > 52:
    problem = ex.problem("explore.odds.too-big", size=inputs.size, players=inputs.players)
if problem is not None:
    st.error(problem.text(lang))
    st.stop()

show_cards(list(parsed.cards), layout="hand")
trump = -1 if inputs.trump == "NT" else ["S", "H", "D", "C"].index(inputs.trump)
study = HandOddsStudy(tuple(c.index for c in parsed.cards), trump, inputs.players,
                      inputs.position - 1,
                      inputs.rules(),
                      inputs.seed, inputs.level)

odds: HandOdds
if study.can_be_exact:
    odds = study.exact_odds()
    st.success(t("explore.odds.exact", lang, cases=odds.samples))
else:
    if ex.refuse_over_budget(study, inputs.samples, lang, t("explore.samples", lang),
                             least=ex.SAMPLES[0]):
        st.stop()
    outcome = simulate(study, inputs.samples, None, P, lang, t("explore.odds.running", lang))
    if not outcome.results:
        st.stop()
    odds = study.summarize(outcome.results)
    st.caption(t(f"explore.odds.sampled.{inputs.level}", lang, n=odds.samples))
    if inputs.size == 1:
        st.caption(t("explore.odds.not-exact", lang))

if odds.best is not None:
    best = odds.bids[odds.best]
    st.header(t("explore.odds.best", lang, bid=odds.best,
                   score=ex.fmt_estimate(best.score, digits=2, lang=lang)))
st.caption(t("explore.odds.estimate", lang, est=number(odds.estimate, lang, 1), bid=odds.natural))

shown = [b.bid for b in odds.bids if b.score is not None]
view_bid = st.selectbox(t("explore.odds.view-bid", lang), shown,
                        key=f"{P}.view.{zlib.crc32(repr(study).encode())}",
                        index=shown.index(odds.best) if odds.best in shown else 0)
chosen = odds.bids[view_bid]
values = [e.value for e in chosen.tricks]
tricks_chart = bars(list(range(odds.size + 1)), {t("explore.odds.chance", lang): values},
                     t("explore.odds.chart.tricks", lang, bid=view_bid),
                     t("explore.odds.tricks", lang), t("explore.odds.chance", lang),
                     intervals={t("explore.odds.chance", lang): [(e.low, e.high)
                                                                 for e in chosen.tricks]},
                     highlight=view_bid)
tricks_chart.update_yaxes(tickformat=".0%")
tricks_chart.update_layout(separators=chart_separators(lang))
st.plotly_chart(tricks_chart, width="stretch")

scored = [b for b in odds.bids if b.score is not None]
st.plotly_chart(bars([b.bid for b in scored],
                     {t("explore.odds.score", lang): [b.score.value for b in scored
                                                      if b.score is not None]},
                     t("explore.odds.chart.scores", lang), t("explore.odds.bid", lang),
                     t("explore.odds.score", lang),
                     intervals={t("explore.odds.score", lang): [(b.score.low, b.score.high)
                                                                for b in scored
                                                                if b.score is not None]},
                     highlight=odds.best), width="stretch")

rows = []
for b in odds.bids:
    row = {t("explore.odds.bid", lang): b.bid,
           t("explore.odds.make", lang): ex.fmt_estimate(b.make, percent=True, lang=lang),
           t("explore.odds.score", lang): ex.fmt_estimate(b.score, lang=lang),
           t("explore.samples", lang): b.samples}
    if b.forbidden is not None:
        row[t("explore.odds.forbidden", lang)] = ex.fmt_estimate(b.forbidden, percent=True, lang=lang)
    rows.append(row)
st.dataframe(rows, hide_index=True, width="stretch")
st.caption(t("explore.interval.note", lang))
if (sentence := ex.odds_takeaway(odds.bids, odds.best, lang)) is not None:
    ex.draw_takeaway(sentence)  # what the numbers above mean
