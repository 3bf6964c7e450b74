"""Kachuful, step by step: a guided hand on engine states (issue 4).

The steps come from :mod:`ui.walkthrough_kachuful` (pure, cached per scenario/seed,
variant and language); this page keeps the settings and the step in session state,
changes them in callbacks, mirrors them in the URL, and draws the step.
"""

from __future__ import annotations

import urllib.parse
from dataclasses import replace
from typing import Any

import streamlit as st

from engine.errors import RecordError, RulesLabError
from engine.kachuful import DEFAULT_RULES, KachufulRules, hand_sizes
from tutorials.scenarios import ScenarioError
from ui import walkthrough_kachuful as wk
from ui import your_move as ym
from ui.charts import score_progression
from ui.docs import rule_href
from ui.i18n import t
from ui.prefs import current
from ui.query import LinkReader, clamp, show_problems, write_params
from ui.safe import escape_markdown

CFG, STEP, SENT = "kwalk.cfg", "kwalk.step", "kwalk.sent"
W = "kwalk.w."  # widget keys

visitor = current()
lang = visitor.lang


@st.cache_data(show_spinner=False)
def scenario_menu() -> list[tuple[str, dict[str, str], dict[str, str], dict[str, Any]]]:
    """(id, titles, summaries, variant) of every scenario, read once per process."""
    return [(s.id, dict(s.title), dict(s.summary), wk.scenario_rules(s).to_dict())
            for s in wk.load_scenarios()]


@st.cache_data(show_spinner=False, max_entries=48)
def walkthrough(scenario: str, seed: int, players: int, hands: int,
                variant: tuple[tuple[str, Any], ...], lang: str) -> wk.Walkthrough:
    """The steps of one configuration in ``lang`` (plain data, cached per process)."""
    config = wk.Config(scenario, KachufulRules.from_dict(dict(variant)), seed, players, hands)
    source, texts = wk.source_for(config)
    return wk.build(source, config.rules, lang, texts)


def steps_of(config: wk.Config) -> wk.Walkthrough:
    variant = tuple(sorted(config.rules.to_dict().items()))
    if config.scenario != wk.RANDOM:  # seed, players and hands belong to random deals
        return walkthrough(config.scenario, 0, 0, 0, variant, lang)
    return walkthrough(config.scenario, config.seed, config.players, config.hands, variant,
                       lang)


menu = scenario_menu()
ids = [m[0] for m in menu]
titles = {m[0]: m[1] for m in menu}
summaries = {m[0]: m[2] for m in menu}


def base_rules(scenario: str) -> wk.KachufulRules:
    for sid, _, _, variant in menu:
        if sid == scenario:
            return KachufulRules.from_dict(variant)
    return DEFAULT_RULES


def title_of(scenario: str) -> str:
    if scenario == wk.RANDOM:
        return t("kwalk.scenario.random", lang)
    names = titles[scenario]
    return names.get(lang) or names["en"]


# -- the settings: from the link on arrival, else from this session ---------------------

link = {k: st.query_params[k] for k in wk.LINK_KEYS if k in st.query_params}
problems = []
from_link = CFG not in st.session_state or (bool(link) and link != st.session_state.get(SENT))
if from_link:
    cfg, problems = wk.read_config(link, lang, ids, base_rules, ids[0])
else:
    cfg = st.session_state[CFG]

try:
    walk = steps_of(cfg)
except (RulesLabError, RecordError, ScenarioError) as exc:
    reason = exc.localized(lang) if isinstance(exc, RulesLabError) else str(exc)
    st.warning(t("kwalk.link.variant", lang, reason=escape_markdown(reason)), icon=":material/warning:")
    cfg = wk.Config(cfg.scenario, base_rules(cfg.scenario), cfg.seed, cfg.players, 1)
    walk = steps_of(cfg)
count = len(walk.steps)

if from_link:
    by_id = wk.step_number(walk, link.get("step"))  # a step id such as h11.bid.s3
    if by_id is not None:
        step = by_id
    else:
        reader = LinkReader(lang, params=link)
        step = reader.step(count)
        problems.extend(reader.problems)
else:
    step = clamp(int(st.session_state.get(STEP, 1)), 1, count)
st.session_state[CFG] = cfg
st.session_state[STEP] = step


# -- callbacks -----------------------------------------------------------------------


def _set(**changes: Any) -> None:
    old: wk.Config = st.session_state[CFG]
    st.session_state[CFG] = replace(old, **changes)


def go(delta: int | None = None, to: int | None = None) -> None:
    target = to if to is not None else st.session_state[STEP] + (delta or 0)
    st.session_state[STEP] = max(1, target)


def on_slider() -> None:
    go(to=int(st.session_state[W + "step"]))


def on_scenario() -> None:
    chosen = st.session_state[W + "scenario"]
    _set(scenario=chosen, rules=base_rules(chosen), seat="all")
    go(to=1)


def on_seed() -> None:
    _set(seed=int(st.session_state[W + "seed"]))
    go(to=1)


def on_players() -> None:
    players = int(st.session_state[W + "players"])
    old: wk.Config = st.session_state[CFG]
    rules = old.rules
    if isinstance(rules.max_cards, int) and rules.max_cards > 52 // players:
        rules = replace(rules, max_cards=None)
    most = len(hand_sizes(players, rules))
    _set(players=players, rules=rules, hands=min(old.hands, most), seat="all")
    go(to=1)


def on_hands() -> None:
    _set(hands=int(st.session_state[W + "hands"]))


def on_option(name: str) -> None:
    value = st.session_state[W + "opt." + name]
    text = ("true" if value else "false") if isinstance(value, bool) else str(value)
    old: wk.Config = st.session_state[CFG]
    rules = wk.with_option(old.rules, name, text)
    most = len(hand_sizes(old.players, rules))  # a shorter schedule: walk fewer hands
    _set(rules=rules, hands=min(old.hands, most))


def on_reset() -> None:
    old: wk.Config = st.session_state[CFG]
    _set(rules=base_rules(old.scenario))


def on_seat() -> None:
    _set(seat=str(st.session_state[W + "seat"]))


def sync(key: str, value: Any) -> None:
    """Give a widget the page's value before it is drawn (the page owns the value)."""
    if st.session_state.get(W + key) != value:
        st.session_state[W + key] = value


# -- drawing -------------------------------------------------------------------------

st.title(t("kwalk.page.title", lang), anchor="walkthrough")
st.caption(t("kwalk.page.lead", lang))
show_problems(problems, lang)

random_mode = cfg.scenario == wk.RANDOM
players = cfg.players if random_mode else walk.players
top = st.columns([3, 1, 1, 1]) if random_mode else st.columns([3, 3])
with top[0]:
    sync("scenario", cfg.scenario)
    st.selectbox(t("kwalk.scenario", lang), [*ids, wk.RANDOM], format_func=title_of,
                 key=W + "scenario", on_change=on_scenario)
if random_mode:
    with top[1]:
        sync("seed", cfg.seed)
        st.number_input(t("kwalk.seed", lang), min_value=0, max_value=wk.MAX_SEED, step=1,
                        key=W + "seed", on_change=on_seed, help=t("kwalk.seed.help", lang))
    with top[2]:
        sync("players", cfg.players)
        st.selectbox(t("kwalk.players", lang), list(range(3, 9)), key=W + "players",
                     on_change=on_players)
    with top[3]:
        sync("hands", cfg.hands)
        st.number_input(t("kwalk.hands", lang), min_value=1, max_value=len(walk.schedule),
                        step=1, key=W + "hands", on_change=on_hands,
                        help=t("kwalk.hands.help", lang))
else:
    with top[1]:
        summary = summaries[cfg.scenario]
        if summary:
            st.caption(summary.get(lang) or summary["en"])

base = base_rules(cfg.scenario)
changed = sum(wk.option_text(cfg.rules, n) != wk.option_text(base, n) for n in wk.OPTIONS)
label = t("kwalk.variant", lang) + ": " + (t("kwalk.variant.changed", lang, count=changed)
                                          if changed else t("kwalk.variant.default", lang))
with st.expander(label, expanded=bool(changed), icon=":material/tune:"):
    cols = st.columns(4)
    for i, name in enumerate(wk.OPTIONS):
        with cols[i % 4]:
            text = wk.option_text(cfg.rules, name)
            if name in ("hook_rule", "blind_bids", "one_card_forehead"):
                sync("opt." + name, text == "true")
                st.toggle(t(f"kwalk.opt.{name}", lang), key=W + "opt." + name,
                          on_change=on_option, args=(name,))
            else:
                choices = wk.option_choices(name, players)

                def shown(value: str, name: str = name) -> str:
                    key = f"kwalk.val.{name}.{value}"
                    return value if name == "max_cards" and value.isdigit() else t(key, lang)

                sync("opt." + name, text)
                st.selectbox(t(f"kwalk.opt.{name}", lang), choices, format_func=shown,
                             key=W + "opt." + name, on_change=on_option, args=(name,))
    st.button(t("kwalk.variant.reset", lang), key=W + "reset", on_click=on_reset,
              disabled=not changed)

if ym.SWITCH not in st.session_state:  # a projector's link says yourmove=off: no stops
    st.session_state[ym.SWITCH] = st.query_params.get("yourmove") != "off"
if st.session_state.get(W + "yourmove") != st.session_state[ym.SWITCH]:
    st.session_state[W + "yourmove"] = st.session_state[ym.SWITCH]


def on_switch() -> None:
    st.session_state[ym.SWITCH] = bool(st.session_state[W + "yourmove"])


st.toggle(t("ym.switch", lang), key=W + "yourmove", on_change=on_switch,
          help=t("ym.switch.help", lang))
if random_mode:
    st.caption(t("kwalk.policy", lang))
for note in walk.notes:
    st.info(note, icon=":material/info:")
if walk.illegal:
    st.warning(t("kwalk.illegal.banner", lang, step=count), icon=":material/block:")

# The stepper is a fragment: Back, Next, the slider and the seat to see the table as rerun
# only this part of the page (not the frame, the sidebar and the settings above), which is
# what a visitor does most. A change above is a full run, so the settings (scenario,
# variant) are fixed here; the step and the seat are read from the session.
@st.fragment
def stepper() -> None:
    cfg: wk.Config = st.session_state[CFG]
    walk = steps_of(cfg)
    step = clamp(int(st.session_state[STEP]), 1, count)
    st.session_state[STEP] = step

    # Navigation: start, back, next, whose eyes; the slider below.
    nav = st.columns([1, 1, 1, 2], vertical_alignment="bottom")
    nav[0].button(t("kwalk.first", lang), key=W + "first", on_click=go, kwargs={"to": 1},
                  disabled=step == 1, width="stretch", icon=":material/first_page:")
    nav[1].button(t("kwalk.back", lang), key=W + "back", on_click=go, args=(-1,),
                  disabled=step == 1, width="stretch", icon=":material/arrow_back:")
    nav[2].button(t("kwalk.next", lang), key=W + "next", on_click=go, args=(1,),
                  disabled=step == count, type="primary", width="stretch",
                  icon=":material/arrow_forward:")
    with nav[3]:
        seats = ["all", *(str(s) for s in range(walk.players))]
        sync("seat", cfg.seat if cfg.seat in seats else "all")
        st.selectbox(t("kwalk.view", lang), seats, key=W + "seat", on_change=on_seat,
                     format_func=lambda s: t("kwalk.view.all", lang) if s == "all"
                     else t("kwalk.view.seat", lang, seat=int(s)))
    if count > 1:
        sync("step", step)
        st.slider(t("kwalk.step.of", lang, step=step, count=count), min_value=1, max_value=count,
                  key=W + "step", on_change=on_slider)

    current_step = walk.steps[step - 1]
    if step == count:
        st.caption(t("kwalk.end", lang))
    viewer = None if cfg.seat == "all" else int(cfg.seat)
    ask = current_step.ask if st.session_state.get(ym.SWITCH, True) else None
    if ask is not None and current_step.before is not None:
        # A "your move" step: the question on the table before the move; the scenario's
        # move is shown once the learner has made a legal one.
        answer_key = "kachuful:" + ":".join(f"{k}={v}" for k, v in sorted(
            wk.config_params(cfg, base, 1).items()) if v is not None and k != "step") \
            + ":" + current_step.id
        st.header(f"{t('ym.title', lang)} · {current_step.title}", anchor=False)
        if ym.settled(ask, ym.tried(st.session_state, answer_key)) is not None:
            ym.draw(ask, answer_key, lang, "kachuful-walkthrough")
            st.caption(t("ym.then", lang))
            ask_done = True
        else:
            # The table first (on a phone the columns stack), the question beside it.
            table_col, ask_col = st.columns([3, 2], gap="large")
            with table_col:
                before = current_step.before
                st.caption(t("kwalk.table.caption", lang, hand=before.hand, size=before.size,
                             trump=before.trump))
                # Seen as the seat that moves: its own hand, the others face down.
                st.caption(t("kwalk.view.note.seat", lang, seat=current_step.seat))
                st.html(wk.table_html(before, lang, current_step.seat, visitor.four_colour))
            with ask_col:
                ym.draw(ask, answer_key, lang, "kachuful-walkthrough")
                st.caption(t("ym.recorded", lang))
            ask_done = False
    else:
        ask_done = True
    if ask_done:
        show_step(current_step, viewer)
    if step == count:
        rules_seen = sorted({r for s in walk.steps for r in s.rules})
        position = ids.index(cfg.scenario) if cfg.scenario in ids else None
        following = ids[position + 1] if position is not None and position + 1 < len(ids) \
            else None
        ym.draw_next(ym.where_next(
            "kachuful", walk.players, cfg.rules.to_dict(),
            cfg.seed if random_mode else None, rules_seen,
            (following, title_of(following)) if following else None, "kachuful_walkthrough"),
            lang, "&".join(f"{k}={v}" for k, v in visitor.query().items()))
    footer(current_step, cfg, walk, step)


def show_step(current_step: wk.Step, viewer: int | None) -> None:
    """The step as the scenario played it."""
    cfg: wk.Config = st.session_state[CFG]
    walk = steps_of(cfg)
    st.header(current_step.title, anchor=False)
    hidden = current_step.hides_private(viewer)
    left, right = st.columns([2, 3], gap="large")
    with left:
        if current_step.text:
            st.info(f"**{t('kwalk.teacher', lang)}:** {current_step.text}", icon=":material/school:")
        if current_step.lines:
            st.markdown(f"**{t('kwalk.what', lang)}**\n\n"
                        + "\n".join(f"- {escape_markdown(line)}" for line in current_step.lines))
        if current_step.error:
            st.error(f"**{t('kwalk.refused', lang)}:** {escape_markdown(current_step.error)}",
                     icon=":material/block:")
        why = [*current_step.explain, *(() if hidden else current_step.private)]
        if why:
            st.markdown(f"**{t('kwalk.why', lang)}**\n\n"
                        + "\n".join(f"- {escape_markdown(line)}" for line in why))
        if hidden:
            st.caption(t("kwalk.view.private", lang, seat=viewer, actor=current_step.seat))
        else:
            if current_step.advice:
                st.success(f"**{t('kwalk.advice', lang)}:** {escape_markdown(current_step.advice)}",
                           icon=":material/lightbulb:")
            if current_step.bot:
                st.info(f"**{t('kwalk.bot', lang)}:** {escape_markdown(current_step.bot)}",
                        icon=":material/smart_toy:")
        if current_step.rules:
            links = ", ".join(f"[{r}]({rule_href(r, query=visitor.query())})"
                              for r in current_step.rules)
            st.markdown(t("kwalk.rules", lang, links=links))

    with right:
        table = current_step.table
        if current_step.draw:
            st.html(wk.draw_html(current_step, lang, visitor.four_colour))
        if current_step.kind == "schedule":
            st.html(wk.schedule_html(walk.schedule, walk.trumps, current_step.hand, lang))
        if table is not None and not current_step.sheet:  # the score sheet replaces empty hands
            st.caption(t("kwalk.table.caption", lang, hand=table.hand, size=table.size,
                         trump=table.trump))
            if viewer is None:
                st.caption(t("kwalk.view.note.all", lang))
            elif table.size == 1 and cfg.rules.one_card_forehead:
                st.caption(t("kwalk.view.note.forehead", lang, seat=viewer))
            else:
                st.caption(t("kwalk.view.note.seat", lang, seat=viewer))
            st.html(wk.table_html(table, lang, viewer, visitor.four_colour))
            if table.to_act is not None and (viewer is None or viewer == table.to_act):
                if table.legal_cards:
                    st.caption(t("kwalk.table.legal-cards", lang, seat=table.to_act))
                elif table.legal_bids:
                    st.caption(t("kwalk.table.legal-bids", lang, seat=table.to_act,
                                 bids=", ".join(str(b) for b in table.legal_bids)))
        if current_step.sheet:
            st.dataframe(
                {t("kwalk.sheet.seat", lang): [r[0] for r in current_step.sheet],
                 t("kwalk.sheet.bid", lang): [r[1] for r in current_step.sheet],
                 t("kwalk.sheet.tricks", lang): [r[2] for r in current_step.sheet],
                 t("kwalk.sheet.points", lang): [r[3] for r in current_step.sheet],
                 t("kwalk.sheet.total", lang): [r[4] for r in current_step.sheet]},
                hide_index=True, width="stretch")



def footer(current_step: wk.Step, cfg: wk.Config, walk: wk.Walkthrough, step: int) -> None:
    """The score chart and the link of the step."""
    # The score chart, for a walkthrough that goes past one hand.
    if len(walk.hand_scores) > 1:
        rows = walk.scores_until(step - 1)
        if rows:
            names = [t("kwalk.seat", lang, seat=s) for s in range(walk.players)]
            fig = score_progression(names, [r[1] for r in rows], t("kwalk.chart.title", lang),
                                    t("chart.hand", lang), t("chart.total", lang))
            st.plotly_chart(fig, width="stretch", key=W + "chart")
        else:
            st.caption(t("kwalk.chart.wait", lang))

    # The link that reproduces this step, mirrored in the address bar.
    params = wk.config_params(cfg, base, step)
    write_params(**params)
    st.session_state[SENT] = {k: v for k, v in params.items() if v is not None}
    query = {**visitor.query(), **st.session_state[SENT]}
    path = "kachuful_walkthrough?" + urllib.parse.urlencode(query)
    try:
        parts = urllib.parse.urlsplit(str(st.context.url or ""))
        origin = f"{parts.scheme}://{parts.netloc}/" if parts.scheme and parts.netloc else "/"
    except Exception:  # noqa: BLE001 - no URL outside a browser session (tests)
        origin = "/"
    with st.expander(t("kwalk.share", lang).split(":")[0], icon=":material/link:"):
        st.caption(t("kwalk.share", lang))
        st.code(origin + path, language=None)


stepper()
