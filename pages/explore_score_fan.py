"""Explore: score progression of simulated games — a sample game's running totals and
the fan of many games for one seat.

Inputs in the URL (game, lineup, rules, games, seed, seat from 0; older links' position
from 1 still read), through ui/link.py; lab.studies.progression plays the games, batch by
batch with a progress bar. Seats are named by letter, options by their labels.
"""

from __future__ import annotations

import streamlit as st

from engine.registry import GAME_IDS, GAMES, MAX_SEED, level_label
from engine.seats import seat_letter
from lab.studies.progression import ProgressionStudy, lines
from ui import link
from ui.charts import score_fan, score_progression
from ui.explore import common as ex
from ui.explore import rules_editor as editor
from ui.explore.lineup_picker import chosen_lineup, draw_lineup, lineup_state, seats_of
from ui.explore.run import simulate, sync_widgets
from ui.i18n import chart_separators, t
from ui.prefs import current
from ui.query import LinkReader, show_problems, write_params

P = "xfan"

visitor = current()
lang = visitor.lang


def submit() -> None:
    game = st.session_state.get(f"{P}.game", "kachuful")
    lineup = chosen_lineup(P, game)
    options = editor.editor_options(game, f"{P}.r", st.session_state)
    seat = st.session_state.get(f"{P}.seat", 0)
    write_params(game=game, lineup=",".join(lineup), rules=link.rules_text(game, options),
                 games=str(st.session_state.get(f"{P}.games")),
                 seed=str(st.session_state.get(f"{P}.seed")),
                 seat=str(seat if isinstance(seat, int) and seat < len(lineup) else 0),
                 position=None)


def change_game() -> None:
    """A new game: its default line-up and rules."""
    game = st.session_state.get(f"{P}.game", "kachuful")
    write_params(game=game, lineup=",".join(ex.FAN_LINEUPS[game]), rules="",
                 games=str(ex.FanInputs.games), seed="1", seat="0", position=None)


st.title(t("explore.page.score_fan", lang))
st.markdown(t("explore.fan.lead", lang))

reader = LinkReader(lang)
inputs = ex.FanInputs.read(reader)
show_problems(reader.problems, lang)
game = inputs.game
state: dict[str, object] = {"game": game, "games": inputs.games, "seed": inputs.seed,
                            "seat": inputs.seat}
state.update(lineup_state(game, inputs.lineup))
state.update(editor.editor_state(game, inputs.options, "r"))
sync_widgets(P, state)

st.selectbox(t("explore.game", lang), GAME_IDS, key=f"{P}.game", on_change=change_game,
             format_func=lambda g: GAMES[g].name(lang))
with st.form(f"{P}.form"):
    draw_lineup(P, game, lang, 4)
    st.markdown(f"**{t('picker.fan.rules', lang)}**")
    editor.draw_editor(game, f"{P}.r", lang, st.columns(4))
    c3, c4, c5 = st.columns(3)
    c3.number_input(t("explore.fan.games", lang), *ex.GAMES_RANGE, step=50, key=f"{P}.games")
    c4.number_input(t("explore.seed", lang), 0, MAX_SEED, key=f"{P}.seed",
                    help=t("explore.seed.help", lang))
    c5.selectbox(t("explore.fan.position", lang), range(seats_of(game)), key=f"{P}.seat",
                 format_func=seat_letter)
    st.form_submit_button(t("explore.compute", lang), type="primary", on_click=submit)

options = inputs.options
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
outcome = simulate(study, inputs.games, None, P, lang, t("explore.fan.running", lang))
if not outcome.results:
    st.stop()
games = outcome.results
names = [t("explore.fan.seat", lang, seat=seat_letter(p), level=level_label(lvl, lang))
         for p, lvl in enumerate(inputs.lineup)]
x_label = t(f"explore.fan.round.{inputs.game}", lang)
sample = games[0]
st.plotly_chart(score_progression(names, [list(r) for r in sample.rounds],
                                  t("explore.fan.sample", lang), x_label,
                                  t("explore.fan.total", lang)), width="stretch")
position = inputs.seat
fan_lines = lines(games, position)
fan = score_fan(fan_lines, t("explore.fan.fan", lang, seat=seat_letter(position),
                                level=level_label(inputs.lineup[position], lang), n=len(games)),
                x_label, t("explore.fan.total", lang),
                median_label=t("explore.fan.median", lang),
                band_label=t("explore.fan.band", lang, pct="{pct}"),
                samples={names[position]: fan_lines[0]})
fan.update_layout(separators=chart_separators(lang))  # a band's "12,5" in es and pt
st.plotly_chart(fan, width="stretch")
if GAMES[inputs.game].lowest_wins:
    st.caption(t("explore.fan.lower", lang))
if (sentence := ex.fan_takeaway(fan_lines, seat_letter(position), lang)) is not None:
    ex.draw_takeaway(sentence)  # what the spread above means
