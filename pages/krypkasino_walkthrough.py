"""Krypkasino, step by step: a deal on the engine's states (issue 4). The steps come from the
engine (:mod:`engine.walkthrough.krypkasino`, cached per scenario or seed and variant);
:mod:`ui.walkthrough.krypkasino` reads the link and draws a step; the controls, the panel and
the share link are :mod:`ui.walkthrough.view`'s. The page's state is its URL."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import streamlit as st

import tutorials
from engine.errors import RecordError, RulesLabError
from engine.walkthrough import krypkasino as kw
from tutorials import scenarios as scen
from tutorials.facts import krypkasino_facts
from ui import progress
from ui.docs import rule_href
from ui.i18n import t
from ui.prefs import current
from ui.query import LinkReader, Problem, show_problems
from ui.safe import clip, escape_markdown
from ui.walkthrough import krypkasino as wk
from ui.walkthrough import krypkasino_step as ws
from ui.walkthrough import view as wv
from ui.walkthrough import your_move as ym

GAME, K = "krypkasino", "kw"
Items = tuple[tuple[str, Any], ...]


scenario_menu = st.cache_data(show_spinner=False)(wk.scenario_menu)


@st.cache_data(show_spinner=False, max_entries=64)
def walkthrough(scenario: str, seed: int, players: int, variant: Items) -> wk.KWalk:
    rules = kw.rules_from(dict(variant))
    data = {"seed": seed, "players": players} if scenario == wk.RANDOM \
        else scen.load(GAME, scenario, kw.GAME_KEYS).data
    return kw.build(data, rules)


@st.cache_data(show_spinner=False, max_entries=256)
def outline(scenario: str, seed: int, players: int, variant: Items) -> wk.Outline:
    return wk.outline(walkthrough(scenario, seed, players, variant))


def unusable(sid: str, why: str) -> Problem:
    return Problem("kw.bad-scenario", (("scenario", escape_markdown(clip(sid, 40))),
                                       ("problem", escape_markdown(clip(why, 160))),
                                       ("default", t("kw.random", lang))))


visitor = current()
lang, four = visitor.lang, visitor.four_colour
progress.restore()
st.title(t("page.krypkasino_walkthrough", lang), anchor=False)
st.caption(t("kw.lead", lang))
menu, broken = scenario_menu()
by_id = {s.id: s for s in menu}
ids = [s.id for s in menu] or [wk.RANDOM]
bases = {s.id: kw.base_variant(s.data) for s in menu}
reader = LinkReader(lang)
problems: list[Problem] = []
sel = wk.read_link(reader, ids, bases)
for sid, why in broken:
    if st.query_params.get("scenario") == sid:  # say why, not "not one of the scenarios"
        reader.problems = [p for p in reader.problems if dict(p.data).get("name") != "scenario"]
        problems.append(unusable(sid, why))
        sel = wk.Selection(wk.RANDOM, sel.seed, sel.players, sel.variant)
try:
    shape = outline(sel.scenario, sel.seed, sel.players, sel.variant)
except (RecordError, RulesLabError, scen.ScenarioError) as exc:  # the random mode works
    problems.append(unusable(sel.scenario, exc.localized(lang) if isinstance(exc, RulesLabError)
                             else str(exc)))
    sel = wk.Selection(wk.RANDOM, sel.seed, sel.players, sel.variant)
    shape = outline(sel.scenario, sel.seed, sel.players, sel.variant)
walk = walkthrough(sel.scenario, sel.seed, sel.players, sel.variant)
found = wv.step_index(st.query_params.get("step"), shape.ids)
index = found if found is not None else reader.step(shape.count) - 1
show_problems([*reader.problems, *problems], lang)
base, options, scenario = bases.get(sel.scenario, {}), sel.options, by_id.get(sel.scenario)
rules = kw.rules_from(options)
seat = st.query_params.get("seat", wv.ALL)
seat = seat if seat in wv.seat_choice(shape.players) else wv.ALL


def write(new: wk.Selection, at: int, at_id: str | None = None) -> None:
    """Put a selection and a step in the URL (the step by its id when it has one)."""
    params = wk.link_params(new, bases.get(new.scenario, {}), at + 1)
    if at_id is not None:
        params["step"] = at_id
    wv.write_query(params)


def on_change(restart: bool) -> None:
    """A widget changed: from the first step for a new scenario, seed or player count; at
    the same step (by id) for a new variant."""
    write(wk.selection_from(st.session_state, K), 0, None if restart else shape.ids[index])


def on_reset() -> None:
    own = kw.rules_from(base).to_dict()
    write(wk.Selection(sel.scenario, sel.seed, sel.players,
                       tuple((k, own[k]) for k in wk.VARIANT_KEYS)), 0, shape.ids[index])


def sync(name: str, value: object) -> str:
    return wv.sync(f"{K}.{name}", value)


top = st.columns([3, 1, 1]) if sel.scenario == wk.RANDOM else st.columns([3, 3])
top[0].selectbox(t("kw.scenario", lang), [*[s.id for s in menu], wk.RANDOM],
                 key=sync("scenario", sel.scenario), on_change=on_change, args=(True,),
                 format_func=lambda s: t("kw.random", lang) if s == wk.RANDOM
                 else by_id[s].title_in(lang))
if sel.scenario == wk.RANDOM:
    wk.random_inputs(top[1:], sel, lang, sync, on_change)
else:
    summary_slot = top[1].empty()  # filled once the step is known not to wait (issue 28)
wk.variant_box(options, base, lang, sync, on_change, on_reset)
stops = ym.draw_switch(lang, f"{K}.yourmove")  # a projector's link says yourmove=off

# -- the step: the controls both walkthroughs share (folded trails are one page step) -------
groups = wk.fold(shape, lambda i: scenario is not None and scenario.text(
    shape.ids[i], shape.kinds[i], shape.nths[i], lang) is not None)
view = wk.view_of(groups, index)
first, last = groups[view]


def answer_key(step_id: str) -> str:
    """Where the answers of the your-move stop ``step_id`` of this selection are kept (the
    key :func:`ui.walkthrough.krypkasino_step.draw_your_move` uses)."""
    query = wk.link_params(sel, base, 1)
    return "krypkasino:" + ":".join(f"{k}={v}" for k, v in sorted(query.items())
                                    if v is not None and k != "step") + ":" + step_id


def pending(at: int) -> bool:
    """Whether page step ``at`` is a your-move stop still waiting for the learner."""
    if not st.session_state.get(ym.SWITCH, True) or not 0 <= at < len(groups):
        return False
    asked = walk.steps[groups[at][1]]
    return asked.your_move is not None and ym.waiting(
        st.session_state, wv.ask_of(asked.your_move, lang), answer_key(asked.id))


def go(v: int) -> None:
    v = ym.clamp(view, v, pending)
    write(sel, groups[v][0], shape.ids[groups[v][0]])


hold = pending(view)  # a stop that waits: no Next (issue 28)
# The summary tells the scenario's moves: shown once no stop of it waits (issue 28).
if sel.scenario != wk.RANDOM and scenario is not None and scenario.summary \
        and not any(map(pending, range(len(groups)))):
    summary_slot.caption(scenario.summary_in(lang))  # beside the menu, as on Kachuful's page
wv.controls(key=K, lang=lang, index=view, count=len(groups), go=go, hold=hold,
            players=shape.players, seat=seat,
            on_seat=lambda s: wv.write_query({"seat": None if s == wv.ALL else s}))
step = walk.steps[last]
here = step.view
title = t(f"kw.kind.{step.kind}", lang) if last == first \
    else t("kw.kind.trails", lang, n=last - first + 1)
params = {**wk.link_params(sel, base, first + 1), "step": shape.ids[first]}
heading = t("kw.step-of", lang, step=view + 1, count=len(groups))
waiting = False
if step.your_move is not None and stops:
    waiting = ws.draw_your_move(step, params, heading, lang, four)
    title = f"{t('ym.title', lang)} · {title}"  # until answered, the play is not named
if not waiting:  # the panel on the left, the table on the right; the status under both
    text = scenario.text(step.id, step.kind, here.nth, lang, facts=krypkasino_facts(
        here, rules)) if scenario is not None and last == first else None

    def link_rules(x: str) -> str:
        return tutorials.rewrite_rule_links(x, lambda r: rule_href(r, query=visitor.query()))

    shown = list(walk.steps[first:last + 1])
    if pending(view + 1):  # what the next stop's hand could do stays hidden until answered
        shown[-1] = replace(shown[-1], view=replace(shown[-1].view, sweepers=(), refusals=(),
                                                    choices=()))
    ws.draw_step(shown, f"{heading} · {title}", link_rules(text) if text else None,
                 link_rules(t(f"kw.explain.{step.kind}", lang, points=rules.sweep_points,
                              double=rules.double_points())),
                 options, lang, four, None if seat == wv.ALL else int(seat),
                 lambda deal, play: wk.view_of(groups, shape.ids.index(
                     kw.step_prefix(deal) + f"play-{play}")) + 1, visitor.query())
    ws.draw_status(here, lang, four)
wv.bottom_controls(key=K, lang=lang, index=view, count=len(groups), go=go, hold=hold)
if last == shape.count - 1:
    wk.draw_where_next(sel, shape, menu, lang, "&".join(f"{k}={v}" for k, v in
                                                        visitor.query().items()))
wk.draw_chart(shape, last, lang, f"{K}.chart")
if shape.truncated:
    st.caption(t("kw.truncated", lang, count=shape.count))
wv.write_query(params)
wv.share(lang=lang, page="krypkasino_walkthrough",
         query={**visitor.query(), **{k: v for k, v in params.items() if v is not None}})
