"""Kachuful, step by step: a guided hand on engine states (issue 4). The steps come from the
engine (:mod:`engine.walkthrough.kachuful`), said by :mod:`ui.walkthrough.kachuful` (cached
per scenario/seed, variant, language). The page's state is its URL (scenario, seed, players,
hands, variant, seat, step); the controls are :mod:`ui.walkthrough.view`'s."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import streamlit as st

from engine.errors import RecordError, RulesLabError
from engine.kachuful import DEFAULT_RULES, KachufulRules
from tutorials.scenarios import ScenarioError
from ui import progress
from ui.i18n import t
from ui.prefs import current
from ui.query import LinkReader, show_problems
from ui.safe import escape_markdown
from ui.walkthrough import kachuful as wk
from ui.walkthrough import view as wv
from ui.walkthrough import your_move as ym

W = "kwalk.w"  # widget keys
visitor = current()
lang = visitor.lang
progress.restore()  # this browser's learner id: your-move answers land in its record


@st.cache_data(show_spinner=False)
def scenario_menu() -> list[tuple[str, dict[str, str], dict[str, str], dict[str, Any]]]:
    """(id, titles, summaries, variant) of every scenario, read once per process."""
    return [(s.id, dict(s.title), dict(s.summary), wk.scenario_rules(s).to_dict())
            for s in wk.load_scenarios()]


@st.cache_data(show_spinner=False, max_entries=48)
def walkthrough(scenario: str, seed: int, players: int, hands: int,
                variant: tuple[tuple[str, Any], ...], lang: str) -> wk.Walkthrough:
    config = wk.Config(scenario, KachufulRules.from_dict(dict(variant)), seed, players, hands)
    source, texts = wk.source_for(config)
    return wk.build(source, config.rules, lang, texts)


def steps_of(config: wk.Config) -> wk.Walkthrough:
    variant = tuple(sorted(config.rules.to_dict().items()))
    deal = (config.seed, config.players, config.hands) if config.scenario == wk.RANDOM else (0,) * 3
    with st.spinner(t("kwalk.building", lang)):  # past 0.5 s only: a whole game's first build
        return walkthrough(config.scenario, *deal, variant, lang)


menu = scenario_menu()
ids = [m[0] for m in menu]
bases = {m[0]: KachufulRules.from_dict(m[3]) for m in menu}


def base_rules(scenario: str) -> KachufulRules:
    return bases.get(scenario, DEFAULT_RULES)


def title_of(scenario: str) -> str:
    if scenario == wk.RANDOM:
        return t("kwalk.scenario.random", lang)
    names = next(m[1] for m in menu if m[0] == scenario)
    return names.get(lang) or names["en"]


# -- the state: the URL --------------------------------------------------------------------
link = {k: st.query_params[k] for k in wk.LINK_KEYS if k in st.query_params}
cfg, problems = wk.read_config(link, lang, ids, base_rules, ids[0])
try:
    walk = steps_of(cfg)
except (RulesLabError, RecordError, ScenarioError) as exc:
    reason = exc.localized(lang) if isinstance(exc, RulesLabError) else str(exc)
    st.warning(t("kwalk.link.variant", lang, reason=escape_markdown(reason)), icon=":material/warning:")
    cfg = wk.Config(cfg.scenario, base_rules(cfg.scenario), cfg.seed, cfg.players, 1)
    walk = steps_of(cfg)
step_ids = [s.id for s in walk.steps]
found = wv.step_index(link.get("step"), step_ids)
if found is None:  # not a step id: a number, clamped, with a message when out of range
    reader = LinkReader(lang, params=link)
    found = reader.step(len(step_ids)) - 1
    problems.extend(reader.problems)
index: int = found
base = base_rules(cfg.scenario)


def show(config: wk.Config, at: int | None = 0) -> None:
    """Put a configuration and a step in the URL; the rerun draws it. ``at`` is a 0-based
    step, ``None`` keeps the step shown (by its id, else its place)."""
    params = wk.config_params(config, base_rules(config.scenario), 1)
    try:
        new_ids = [s.id for s in steps_of(config).steps]
        here = step_ids[index]
        where = at if at is not None else new_ids.index(here) if here in new_ids else index
        params["step"] = new_ids[max(0, min(where, len(new_ids) - 1))]
    except (RulesLabError, RecordError, ScenarioError):
        pass  # the rerun says why this configuration cannot be walked
    wv.write_query(params)


def answer_key(step_id: str) -> str:
    """Where the answers of the your-move stop ``step_id`` of this configuration are kept."""
    query = wk.config_params(cfg, base, 1)
    return "kachuful:" + ":".join(f"{k}={v}" for k, v in sorted(query.items())
                                  if v is not None and k != "step") + ":" + step_id


def pending(at: int) -> bool:
    """Whether step ``at`` is a your-move stop still waiting for the learner's answer."""
    if not st.session_state.get(ym.SWITCH, True) or not 0 <= at < len(walk.steps):
        return False
    asked = walk.steps[at].ask
    return asked is not None and ym.waiting(st.session_state, asked,
                                           answer_key(walk.steps[at].id))


def go(to: int) -> None:
    show(cfg, ym.clamp(index, max(0, min(to, len(step_ids) - 1)), pending))


def on_settings(name: str) -> None:
    key = f"{W}.{name}" if name in ("scenario", "seed", "players", "hands") else f"{W}.opt.{name}"
    show(wk.changed(cfg, base_rules, name, st.session_state.get(key)),
         0 if name in ("scenario", "seed", "players") else None)


def sync(name: str, current_value: Any) -> str:
    return wv.sync(f"{W}.{name}", current_value)


# -- the settings ---------------------------------------------------------------------------
st.title(t("page.kachuful_walkthrough", lang), anchor=False)
st.caption(t("kwalk.page.lead", lang))
show_problems(problems, lang)
random_mode = cfg.scenario == wk.RANDOM
top = st.columns([3, 1, 1, 1]) if random_mode else st.columns([3, 3])
top[0].selectbox(t("kwalk.scenario", lang), [*ids, wk.RANDOM], format_func=title_of,
                 key=sync("scenario", cfg.scenario), on_change=on_settings, args=("scenario",))
if random_mode:
    wk.random_inputs(top[1:], cfg, len(walk.schedule), lang, sync, on_settings)
else:
    summary_slot = top[1].empty()  # filled once the step is known not to wait (issue 28)
wk.variant_box(cfg.rules, base, walk.players, lang, sync, on_settings, f"{W}.reset")

stops = ym.draw_switch(lang, f"{W}.yourmove")
if random_mode:
    st.caption(t("kwalk.policy", lang))
for note in walk.notes:
    st.info(note, icon=":material/info:")
if walk.illegal:
    st.warning(t("kwalk.illegal.banner", lang, step=len(step_ids)), icon=":material/block:")


# -- the step: the controls both walkthroughs share ------------------------------------------
hold = pending(index)  # a stop that waits: no Next (issue 28)
# The summary tells the scenario's moves: shown once no stop of it waits (issue 28).
summary = {} if random_mode else next(m[2] for m in menu if m[0] == cfg.scenario)
if summary and not any(map(pending, range(len(step_ids)))):
    summary_slot.caption(summary.get(lang) or summary["en"])  # beside the menu
wv.controls(key=W, lang=lang, index=index, count=len(step_ids), go=go, players=walk.players,
            hold=hold, seat=cfg.seat, on_seat=lambda s: wv.write_query({"seat": None if s == wv.ALL else s}))
step = walk.steps[index]
viewer = None if cfg.seat == wv.ALL else int(cfg.seat)
params = wk.config_params(cfg, base, 1) | {"step": step.id}
ask = step.ask if stops else None
if ask is not None and step.before is not None:
    st.header(f"{t('ym.title', lang)} · {step.title}", anchor=False)
    waiting = hold
    if waiting:
        table_col, ask_col = st.columns([3, 2], gap="large")
        with table_col:  # seen as the seat that moves, the legal moves not marked
            wk.draw_table(replace(step.before, legal_cards=(), legal_bids=()), lang,
                          step.seat, visitor.four_colour, forehead=False)
        with ask_col:
            ym.draw(ask, answer_key(step.id), lang, "kachuful-walkthrough")
            st.caption(t("ym.recorded", lang))
    else:
        ym.draw(ask, answer_key(step.id), lang, "kachuful-walkthrough")
        st.caption(t("ym.then", lang))
else:
    waiting = False
if not waiting:
    shown = step
    if pending(index + 1) and step.table is not None:  # the next stop's legal moves hidden
        shown = replace(step, table=replace(step.table, legal_cards=(), legal_bids=()))
    wk.draw_step(shown, walk, viewer, lang, visitor.four_colour, visitor.query(),
                 forehead=cfg.rules.one_card_forehead)
wv.bottom_controls(key=W, lang=lang, index=index, count=len(step_ids), go=go, hold=hold)
if index == len(step_ids) - 1:
    wv.end_links("kachuful", scenario=cfg.scenario, scenarios=ids, title_of=title_of,
                 players=walk.players, variant=cfg.rules.to_dict(), lang=lang,
                 seed=cfg.seed if random_mode else None, rules=(r for s in walk.steps for r in s.rules),
                 page="kachuful_walkthrough", query=visitor.query())
wk.draw_scores(walk, index, lang, f"{W}.chart")
wv.write_query(params)
wv.share(lang=lang, page="kachuful_walkthrough",
         query={**visitor.query(), **{k: v for k, v in params.items() if v is not None}})
