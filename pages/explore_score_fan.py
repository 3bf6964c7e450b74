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
from ui.i18n import has, t
from ui.prefs import current
from ui.query import LinkReader, show_problems, write_params

P = "xfan"

visitor = current()
lang = visitor.lang


#: Seats offered per game (the engine's largest table); "—" leaves a seat empty.
SEATS = {"kachuful": 8, "krypkasino": 6}
EMPTY = "—"


def submit() -> None:
    game = st.session_state.get(f"{P}.game", "kachuful")
    seats = [st.session_state.get(f"{P}.seat{s}", EMPTY) for s in range(SEATS[game])]
    lineup = [x for x in seats if x and x != EMPTY]
    values = {name: st.session_state.get(f"{P}.r.{name}") for name in ex.options_of(game)}
    write_params(game=game, lineup=",".join(lineup),
                 rules=ex.encode_rules(ex.options_from_editor(game, values)),
                 games=str(st.session_state.get(f"{P}.games")),
                 seed=str(st.session_state.get(f"{P}.seed")),
                 position=str(st.session_state.get(f"{P}.position")))


def change_game() -> None:
    """A new game: its default line-up and rules."""
    game = st.session_state.get(f"{P}.game", "kachuful")
    lineup = ex.FanInputs().lineup if game == "kachuful" else ("basic", "basic")
    write_params(game=game, lineup=",".join(lineup), rules="", games=str(ex.FanInputs().games),
                 seed="1", position="1")


def option_label(game: str, name: str) -> str:
    """An option's name as the play pages' setup shows it."""
    return t(f"kwalk.opt.{name}" if game == "kachuful" else f"kw.opt.{name}", lang)


def value_label(name: str, value: object) -> str:
    if name == "max_cards" and value == 0:
        return t("explore.rules.max_cards.auto", lang)
    if name == "session" and value == 0:
        return t("explore.rules.session.rotation", lang)
    if name == "scoring":
        return t(f"scorekeeper.scoring.{value}", lang)
    if isinstance(value, bool):
        return t("picker.yes" if value else "picker.no", lang)
    for key in (f"kwalk.val.{name}.{value}", f"kw.opt.{name}.{value}"):
        if has(key):
            return t(key, lang)
    return str(value)


st.title(t("explore.page.score_fan", lang))
st.markdown(t("explore.fan.lead", lang))

reader = LinkReader(lang)
inputs = ex.FanInputs.read(reader)
show_problems(reader.problems, lang)
game = inputs.game
state: dict[str, object] = {"game": game, "games": inputs.games, "seed": inputs.seed,
                            "position": inputs.position}
for s in range(SEATS[game]):
    state[f"seat{s}"] = inputs.lineup[s] if s < len(inputs.lineup) else EMPTY
for name, value in ex.editor_values(game, ex.decode_rules(inputs.rules)).items():
    state[f"r.{name}"] = value
ex.sync_widgets(P, state)

st.selectbox(t("explore.game", lang), ex.GAMES, key=f"{P}.game", on_change=change_game,
             format_func=lambda g: t(f"explore.game.{g}", lang))
with st.form(f"{P}.form"):
    st.markdown(f"**{t('explore.lineup', lang)}**")
    seat_cols = st.columns(4)
    for s in range(SEATS[game]):
        seat_cols[s % 4].selectbox(
            t("explore.lineup.seat", lang, seat=s + 1), (EMPTY, *ex.LEVELS), key=f"{P}.seat{s}",
            format_func=lambda v: v if v == EMPTY else t(f"explore.level.{v}", lang))
    st.markdown(f"**{t('picker.fan.rules', lang)}**")
    rule_cols = st.columns(4)
    for i, (name, choices) in enumerate(ex.options_of(game).items()):
        col = rule_cols[i % 4]
        if choices is None:
            hint = {"session": t("explore.rules.session.rotation", lang),
                    "max_cards": t("explore.rules.max_cards.auto", lang)}.get(name)
            col.number_input(option_label(game, name), 0, ex.NUMBER_OPTIONS[name],
                             key=f"{P}.r.{name}", help=f"0 = {hint}" if hint else None)
        else:
            col.selectbox(option_label(game, name), choices, key=f"{P}.r.{name}",
                          format_func=lambda v, n=name: value_label(n, v))
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
