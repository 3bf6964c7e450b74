"""Krypkasino walkthrough: a deal step by step on the engine's states (issue 4).

Thin: the link (scenario or seed, variant, step) is read with :mod:`ui.query`, the steps
come cached from :mod:`ui.walkthrough_krypkasino` (which asks the engine everything), and
this file only draws them. Widgets write the link in their callbacks; the link is the
page's state, so a shared link opens the same step.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import streamlit as st

import tutorials
from engine.cards import parse_cards
from engine.errors import RecordError, RulesLabError
from engine.krypkasino.rules import KrypkasinoRules
from tutorials import scenarios as scen
from tutorials.facts import krypkasino_facts
from ui import progress
from ui import walkthrough_krypkasino as wk
from ui import your_move as ym
from ui.cards import CardState, cards_html
from ui.charts import score_progression
from ui.docs import rule_href
from ui.i18n import t
from ui.prefs import current
from ui.query import LinkReader, Problem, clamp, show_problems, write_params
from ui.safe import clip, escape_html, escape_markdown

GAME = "krypkasino"
K = "kw."


# -- data (cached) -----------------------------------------------------------------------------
@st.cache_data(show_spinner=False)
def scenario_menu() -> tuple[list[scen.Scenario], list[tuple[str, str]]]:
    """The usable scenarios in menu order, and the files that cannot be used (id, why)."""
    good: list[scen.Scenario] = []
    broken: list[tuple[str, str]] = []
    for sid in scen.ids(GAME):
        try:
            scenario = scen.load(GAME, sid, wk.GAME_KEYS)
            wk.base_variant(scenario.data)
            good.append(scenario)
        except scen.ScenarioError as exc:
            broken.append((sid, exc.problem))
        except RecordError as exc:
            broken.append((sid, str(exc)))
    good.sort(key=lambda s: (s.order, s.id))
    return good, broken


@st.cache_data(show_spinner=False, max_entries=64)
def walkthrough(scenario: str, seed: int, players: int, variant: wk.VariantItems) -> wk.Walkthrough:
    """The steps of a scenario (or a seed) under a variant: computed once per process."""
    rules = KrypkasinoRules.from_dict(dict(variant))
    if scenario == wk.RANDOM:
        return wk.build({"seed": seed, "players": players}, rules)
    return wk.build(scen.load(GAME, scenario, wk.GAME_KEYS).data, rules)


# A run fetches only the outline and its one step: a whole session is large to copy out of
# the cache, a step is small.
@st.cache_data(show_spinner=False, max_entries=256)
def outline(scenario: str, seed: int, players: int, variant: wk.VariantItems) -> wk.Outline:
    return wk.outline(walkthrough(scenario, seed, players, variant))


@st.cache_data(show_spinner=False, max_entries=8192)
def step_at(scenario: str, seed: int, players: int, variant: wk.VariantItems,
            index: int) -> wk.Step:
    return walkthrough(scenario, seed, players, variant).steps[index]


# -- link and widgets --------------------------------------------------------------------------
def bases(menu: Sequence[scen.Scenario]) -> dict[str, dict[str, Any]]:
    return {s.id: wk.base_variant(s.data) for s in menu}


def widget_selection(menu: Sequence[scen.Scenario]) -> wk.Selection:
    """The selection the widgets hold now (in callbacks)."""
    ss = st.session_state
    session = ss[K + "session"]
    options = {
        "capture": ss[K + "capture"], "sweep_points": int(ss[K + "sweep_points"]),
        "double_sweep": bool(ss[K + "double_sweep"]), "forced_sweep": bool(ss[K + "forced_sweep"]),
        "session": session if session == "rotation" else int(session),
    }
    return wk.Selection(ss[K + "scenario"], int(ss.get(K + "seed", wk.DEFAULT_SEED)),
                        int(ss.get(K + "players", wk.DEFAULT_PLAYERS)),
                        tuple((k, options[k]) for k in wk.VARIANT_KEYS))


def count_of(selection: wk.Selection) -> int:
    try:
        return outline(selection.scenario, selection.seed, selection.players,
                       selection.variant).count
    except (RecordError, RulesLabError, scen.ScenarioError):
        return 1


def on_change(menu: Sequence[scen.Scenario], restart: bool) -> None:
    """A widget changed: the link follows (from step 1 for a new scenario, seed or player
    count; at the same step, if it still exists, for a new variant)."""
    selection = widget_selection(menu)
    step = 1 if restart else clamp(int(st.session_state.get(K + "at", 1)), 1,
                                   count_of(selection))
    base = bases(menu).get(selection.scenario, {})
    write_params(**wk.link_params(selection, base, step))


def on_reset(menu: Sequence[scen.Scenario]) -> None:
    selection = widget_selection(menu)
    base = KrypkasinoRules.from_dict(bases(menu).get(selection.scenario, {})).to_dict()
    selection = wk.Selection(selection.scenario, selection.seed, selection.players,
                             tuple((k, base[k]) for k in wk.VARIANT_KEYS))
    step = clamp(int(st.session_state.get(K + "at", 1)), 1, count_of(selection))
    write_params(**wk.link_params(selection, base, step))


def move(step: int) -> None:
    write_params(step=str(step))


def on_slider(groups: Sequence[tuple[int, int]]) -> None:
    """The slider counts the page's steps (folded trails are one): the link keeps the
    walkthrough's own step number, so links written before the folding still work."""
    view = clamp(int(st.session_state[K + "step"]), 1, len(groups))
    write_params(step=str(groups[view - 1][0] + 1))


def link_step(shape: wk.Outline, reader: LinkReader) -> int:
    """The walkthrough step (1-based) the link names: a number, or a step id such as
    ``play-27`` that a teacher can write by hand."""
    raw = st.query_params.get("step")
    if raw and raw in shape.ids:
        return shape.ids.index(raw) + 1
    return reader.step(shape.count)


def on_switch() -> None:
    st.session_state[ym.SWITCH] = bool(st.session_state[K + "yourmove"])


def sync(key: str, value: object) -> None:
    """Make a widget show the link's value (before the widget is drawn in this run)."""
    if st.session_state.get(K + key) != value:
        st.session_state[K + key] = value


# -- drawing helpers ---------------------------------------------------------------------------
def cards(codes: Sequence[str], lang: str, four: bool, states: Sequence[CardState] | None = None,
          layout: str = "row", caption: str | None = None, label: str | None = None) -> str:
    return cards_html(parse_cards(list(codes)), lang=lang, states=states, layout=layout,  # type: ignore[arg-type]
                      four_colour=four, caption=caption, label=label)


def marked(codes: Sequence[str], picked: Sequence[str], state: CardState = "highlight",
           other: CardState = "normal") -> list[CardState]:
    """States by position: the first copies of ``picked`` get ``state``, the rest ``other``."""
    left = Counter(picked)
    out: list[CardState] = []
    for code in codes:
        if left[code] > 0:
            left[code] -= 1
            out.append(state)
        else:
            out.append(other)
    return out


def seat_name(seat: int, lang: str) -> str:
    return t("kw.seat", lang, seat=seat)


def collection_text(codes: Sequence[str]) -> str:
    return ", ".join(str(c) for c in parse_cards(list(codes))) or "—"


def teaching_text(text: str, query: dict[str, str]) -> str:
    return tutorials.rewrite_rule_links(text, lambda rid: rule_href(rid, query=query))


def refusal_groups(refusals: Sequence[wk.Refusal], lang: str) -> list[tuple[str, list[str]]]:
    """The engine's refusals, one per distinct sentence, with the cards it refuses."""
    groups: dict[str, list[str]] = {}
    for refusal in refusals:
        groups.setdefault(refusal.sentence(lang), []).append(refusal.card or "")
    return list(groups.items())


def options_markdown(step: wk.Step, lang: str) -> str:
    """What each card of the hand could do (the engine's card options), as a list."""
    lines = []
    for choice in step.choices:
        if choice.captures:
            parts = [t("kw.option.takes", lang, choices=" / ".join(
                "{" + collection_text(c) + "}" for c in choice.collections))]
        else:
            parts = [t("kw.option.trail", lang)]
        if choice.sweeps:
            parts.append(t("kw.option.double" if choice.double else "kw.option.sweeps", lang))
        if not choice.allowed:
            parts.append(t("kw.option.refused", lang))
        lines.append(f"- **{collection_text([choice.card])}**: " + " · ".join(parts))
    return "\n".join(lines)


def status_html(board: wk.Board, lang: str) -> str:
    """The seats' status table as HTML in a labelled, focusable box that scrolls sideways
    on its own on a phone (seven columns do not fit 390 px)."""
    from ui.play_table import table_html

    head = [t(f"kw.col.{c}", lang) for c in ("seat", "hand", "captured", "card-points",
                                              "sweep-points", "score", "total")]
    rows = []
    for seat in range(board.players):
        name = seat_name(seat, lang)
        if seat == board.dealer:
            name += f" ({t('kw.dealer', lang)})"
        if seat == board.to_play:
            name = f"{name} ← {t('kw.to-play', lang)}"
        rows.append([name, str(len(board.hands[seat])), str(board.captured[seat]),
                     str(board.card_points[seat]), f"{board.sweep_points[seat]:+d}",
                     str(board.scores[seat]), str(board.totals[seat])])
    return table_html(head, rows, t("kw.col.score", lang))


def unusable(scenario_id: str, why: str, lang: str) -> Problem:
    """The message for a scenario file that cannot be played (a teacher's typo)."""
    return Problem("kw.bad-scenario", (("scenario", escape_markdown(clip(scenario_id, 40))),
                                       ("problem", escape_markdown(clip(why, 160))),
                                       ("default", t("kw.random", lang))))


def variant_summary(options: dict[str, Any], lang: str) -> str:
    on, off = t("kw.on", lang), t("kw.off", lang)
    session = options["session"]
    return t("kw.variant.summary", lang,
             capture=t(f"kw.capture.short.{options['capture']}", lang),
             sweep_points=options["sweep_points"],
             double_sweep=on if options["double_sweep"] else off,
             forced_sweep=on if options["forced_sweep"] else off,
             session=t("kw.opt.session.rotation", lang) if session == "rotation"
             else t("kw.opt.session.n", lang, n=session))


# -- the page ----------------------------------------------------------------------------------
visitor = current()
progress.restore()  # this browser's learner id: your-move answers land in its record
lang, four = visitor.lang, visitor.four_colour
st.title(t("page.krypkasino_walkthrough", lang), anchor=False)
st.caption(t("kw.lead", lang))

menu, broken = scenario_menu()
by_id = {s.id: s for s in menu}
ids = [s.id for s in menu]
reader = LinkReader(lang)
problems: list[Problem] = []
if not ids:  # no usable scenario file: the random mode still works
    ids = [wk.RANDOM]
selection = wk.read_link(reader, ids, bases(menu))


asked = st.query_params.get("scenario")
for sid, why in broken:
    if asked == sid:  # say why, instead of "not one of the scenarios"
        reader.problems = [p for p in reader.problems if dict(p.data).get("name") != "scenario"]
        problems.append(unusable(sid, why, lang))
        selection = wk.Selection(wk.RANDOM, selection.seed, selection.players,
                                 selection.variant)
try:
    steps_of = outline(selection.scenario, selection.seed, selection.players, selection.variant)
except (RecordError, RulesLabError, scen.ScenarioError) as exc:
    # The file reads but its cards or plays do not: the random mode always works.
    why = exc.localized(lang) if isinstance(exc, RulesLabError) else str(exc)
    problems.append(unusable(selection.scenario, why, lang))
    selection = wk.Selection(wk.RANDOM, selection.seed, selection.players, selection.variant)
    steps_of = outline(selection.scenario, selection.seed, selection.players, selection.variant)

count = steps_of.count
step_no = link_step(steps_of, reader)
show_problems([*reader.problems, *problems], lang)
base_variant = bases(menu).get(selection.scenario, {})

# Widgets show the link's values.
options = selection.options
sync("scenario", selection.scenario)
sync("seed", selection.seed)
sync("players", selection.players)
for name in ("capture", "sweep_points", "double_sweep", "forced_sweep"):
    sync(name, options[name])
sync("session", wk.variant_text("session", options["session"]))

pick, extra = st.columns([3, 2])
with pick:
    st.selectbox(
        t("kw.scenario", lang), [*[s.id for s in menu], wk.RANDOM], key=K + "scenario",
        format_func=lambda sid: t("kw.random", lang) if sid == wk.RANDOM
        else by_id[sid].title_in(lang),
        on_change=on_change, args=(menu, True),
    )
with extra:
    if selection.scenario == wk.RANDOM:
        seed_col, players_col = st.columns(2)
        seed_col.number_input(t("kw.seed", lang), min_value=0, max_value=wk.MAX_SEED, step=1,
                              key=K + "seed", help=t("kw.seed.help", lang),
                              on_change=on_change, args=(menu, True))
        players_col.selectbox(t("kw.players", lang), [2, 3, 4, 5, 6], key=K + "players",
                              on_change=on_change, args=(menu, True))
if selection.scenario in by_id and by_id[selection.scenario].summary:
    st.caption(by_id[selection.scenario].summary_in(lang))

with st.expander(f"{t('kw.variant', lang)}: {variant_summary(options, lang)}"):
    st.caption(t("kw.variant.help", lang))
    c1, c2, c3 = st.columns(3)
    c1.selectbox(t("kw.opt.capture", lang), wk.CAPTURE_CHOICES, key=K + "capture",
                 format_func=lambda v: t(f"kw.opt.capture.{v}", lang),
                 on_change=on_change, args=(menu, False))
    c1.number_input(t("kw.opt.sweep_points", lang), min_value=0, max_value=wk.MAX_SWEEP_POINTS,
                    step=1, key=K + "sweep_points", on_change=on_change, args=(menu, False))
    c2.toggle(t("kw.opt.double_sweep", lang), key=K + "double_sweep",
              on_change=on_change, args=(menu, False))
    c2.toggle(t("kw.opt.forced_sweep", lang), key=K + "forced_sweep",
              on_change=on_change, args=(menu, False))
    c3.selectbox(t("kw.opt.session", lang), wk.SESSION_CHOICES, key=K + "session",
                 format_func=lambda v: t("kw.opt.session.rotation", lang) if v == "rotation"
                 else t("kw.opt.session.n", lang, n=v),
                 on_change=on_change, args=(menu, False))
    c3.button(t("kw.variant.reset", lang), key=K + "reset", on_click=on_reset, args=(menu,))



# The stepper is a fragment: Back, Next and the slider rerun only this part of the page
# (not the frame, the sidebar and the settings above), which is what a visitor does most.
# A change above is a full run, so the selection is fixed here; the step is the link's.
if ym.SWITCH not in st.session_state:  # a projector's link says yourmove=off: no stops
    st.session_state[ym.SWITCH] = st.query_params.get("yourmove") != "off"
sync("yourmove", st.session_state[ym.SWITCH])
st.toggle(t("ym.switch", lang), key=K + "yourmove", on_change=on_switch,
          help=t("ym.switch.help", lang))
_scenario = by_id.get(selection.scenario)
GROUPS = wk.fold(steps_of, lambda i: _scenario is not None and _scenario.text(
    steps_of.ids[i], steps_of.kinds[i], steps_of.nths[i], lang) is not None)


def page_step_of(deal: int, play: int) -> int:
    """The page's step number (as the heading shows it) of play ``play`` of ``deal``."""
    sid = wk.step_prefix(deal) + f"play-{play}"
    index = steps_of.ids.index(sid) if sid in steps_of.ids else 0
    return wk.view_of(GROUPS, index) + 1


def step_of(index: int) -> wk.Step:
    return step_at(selection.scenario, selection.seed, selection.players, selection.variant,
                   index)


def draw_trails(first: int, last: int) -> None:
    """A run of plain trails folded into one step, each trail inside an expander."""
    n = last - first + 1
    st.info(teaching_text(t("kw.explain.trail", lang), visitor.query()),
            icon=":material/menu_book:")
    with st.expander(t("kw.trails.open", lang, n=n)):
        for i in range(first, last + 1):
            trail = step_of(i)
            st.markdown(" ".join(escape_markdown(e.sentence(lang)) for e in trail.events))
            st.html(cards(trail.board.table, lang, four, marked(trail.board.table,
                                                                 [trail.card or ""]),
                          layout="table", caption=t("kw.table", lang)))


def ask_for(step: wk.Step) -> ym.Ask:
    rules_in_force = KrypkasinoRules.from_dict(options)
    return wk.ask_of(step, steps_of.players, rules_in_force.sweep_points, lang)  # type: ignore[no-any-return]


def draw_move(step: wk.Step, ask: ym.Ask, key: str) -> bool:
    """A your-move step before the learner's legal choice: the table and the hand as they
    were, the question, the engine's verdicts. ``True`` once answered (the page then
    shows the scenario's play)."""
    picks = ym.tried(st.session_state, key)
    if ym.settled(ask, picks) is not None:
        ym.draw(ask, key, lang, "krypkasino-walkthrough")
        st.caption(t("ym.then", lang))
        return True
    # The cards first (on a phone the columns stack), the question beside them.
    board_col, ask_col = st.columns(2, gap="large")
    with board_col:
        st.html(cards(step.table_before, lang, four, layout="table", caption=t("kw.table", lang)))
        st.html(cards(step.hand_before, lang, four,
                      caption=t("kw.hand-to-play", lang, seat=step.seat)))
    with ask_col:
        ym.draw(ask, key, lang, "krypkasino-walkthrough")
        st.caption(t("ym.recorded", lang))
    return False


def where_next() -> None:
    position = ids.index(selection.scenario) if selection.scenario in ids else None
    following = ids[position + 1] if position is not None and position + 1 < len(ids) else None
    seed = selection.seed if selection.scenario == wk.RANDOM else None
    if seed is None and _scenario is not None and "seed" in _scenario.data:
        seed = int(_scenario.data["seed"])
    ym.draw_next(ym.where_next(
        "krypkasino", steps_of.players, dict(selection.variant), seed, steps_of.rules,
        (following, by_id[following].title_in(lang)) if following else None,
        "krypkasino_walkthrough"), lang,
        "&".join(f"{k}={v}" for k, v in visitor.query().items()))


@st.fragment
def stepper() -> None:
    step_no = link_step(steps_of, LinkReader(lang))  # its problems were shown by the full run
    view = wk.view_of(GROUPS, step_no - 1)
    first, last = GROUPS[view]
    views = len(GROUPS)
    sync("step", view + 1)

    back, slider, forward = st.columns([1.4, 5, 1.4], vertical_alignment="bottom")
    back.button(t("kw.back", lang), key=K + "back", disabled=view <= 0, on_click=move,
                args=(GROUPS[max(view - 1, 0)][0] + 1,), width="stretch")
    slider.slider(t("kw.step", lang), 1, max(views, 2), key=K + "step", on_change=on_slider,
                  args=(GROUPS,), disabled=views < 2)
    forward.button(t("kw.next", lang), key=K + "next", disabled=view >= views - 1, on_click=move,
                   args=(GROUPS[min(view + 1, views - 1)][0] + 1,), width="stretch")

    index = last
    step_no = first + 1  # the link names the first step a page step shows
    # The walkthrough's own step (the slider counts the page's): a variant change keeps it.
    st.session_state[K + "at"] = step_no
    step = step_of(index)
    board = step.board
    scenario = _scenario
    folded = last > first
    title = t("kw.kind.trails", lang, n=last - first + 1) if folded \
        else t(f"kw.kind.{step.kind}", lang)
    asking = step.move is not None and bool(st.session_state.get(ym.SWITCH, True))
    ask: ym.Ask | None = ask_for(step) if asking else None
    answer_key = ""
    if ask is not None:
        params = wk.link_params(selection, base_variant, step_no)
        answer_key = "krypkasino:" + ":".join(f"{k}={v}" for k, v in sorted(params.items())
                                              if v is not None and k != "step") + ":" + step.id
        # Until the learner has moved, the title does not say what the play was.
        done = ym.settled(ask, ym.tried(st.session_state, answer_key))
        title = f"{t('ym.title', lang)} · {title}" if done else t("ym.title", lang)
    st.header(f"{t('kw.step-of', lang, step=view + 1, count=views)} · {title}", anchor=False)
    st.caption(t("kw.where", lang, deal=board.deal + 1, lot=board.lot, lots=board.lots,
                 stock=board.stock, dealer=board.dealer))
    answered = True
    if ask is not None:
        answered = draw_move(step, ask, answer_key)
    if folded:
        draw_trails(first, last)
    if not answered or folded:
        finish(step_no, index, board)
        return

    # The scenario's text, its placeholders ({dealer}, {taken:cards}) filled from this step.
    text = (scenario.text(step.id, step.kind, step.nth, lang,
                          facts=krypkasino_facts(step, KrypkasinoRules.from_dict(dict(selection.variant))))
            if scenario is not None else None)
    if text:
        st.info(teaching_text(text, visitor.query()), icon=":material/school:")
    else:  # no lesson text for this step: the rule it shows, in general
        rules_in_force = KrypkasinoRules.from_dict(options)
        st.info(teaching_text(t(f"kw.explain.{step.kind}", lang, points=rules_in_force.sweep_points,
                                double=rules_in_force.double_points()), visitor.query()),
                icon=":material/menu_book:")

    if step.recorded_refusal is not None:
        st.warning(
            t("kw.recorded-refused", lang, card=collection_text([step.recorded_card or ""]))
            + " " + step.recorded_refusal.sentence(lang) + " "
            + t("kw.recorded-refused.after", lang), icon=":material/warning:")

    sentences = [e.sentence(lang) for e in step.events]
    if sentences:
        st.markdown(f"**{t('kw.engine', lang)}**")
        st.html("<ul class='kw-events'>" + "".join(f"<li>{escape_html(s)}</li>" for s in sentences)
                + "</ul>")
    if step.chosen_by == "bot" and step.card is not None:
        reason = f" «{step.reason.sentence(lang)}»" if step.reason is not None else ""
        st.caption(t("kw.bot", lang) + reason)

    if step.hand_before:  # a play, or the position before the first play
        left, right = st.columns(2, gap="large")
        if step.kind == "position":
            left.html(cards(step.table_before, lang, four, layout="table",
                            caption=t("kw.table", lang)))
        else:
            left.html(cards(step.table_before, lang, four, marked(step.table_before, step.taken),
                            layout="table", caption=t("kw.table-before", lang)))
        with right:
            key = "kw.hand-to-play" if step.kind == "position" else "kw.hand-before"
            st.html(cards(step.hand_before, lang, four, wk.hand_states(step),
                          caption=t(key, lang, seat=step.seat)))
            st.caption(t("kw.legend", lang))
        if step.sweepers:
            st.markdown(t("kw.sweepers", lang, cards=collection_text(step.sweepers)))
            if step.refusals:
                st.markdown(t("kw.forced", lang))
                for sentence, refused in refusal_groups(step.refusals, lang):
                    st.error(f"**{collection_text(refused)}** — {sentence}",
                             icon=":material/block:")
            elif not options["forced_sweep"]:
                st.caption(t("kw.not-forced", lang))
        elif step.kind == "position":
            st.caption(t("kw.no-sweepers", lang))
        if step.card and step.taken:
            st.markdown(t("kw.groups", lang, groups=" · ".join(
                " + ".join(str(c) for c in parse_cards(list(g))) for g in step.groups)))
            alternatives = step.alternatives
            card_text = collection_text([step.card])
            if alternatives:
                key = "kw.alternatives.maximal" if options["capture"] == "maximal" \
                    else "kw.alternatives"
                st.markdown(t(key, lang, card=card_text))
                columns = st.columns(min(len(alternatives), 3))
                for i, alt in enumerate(alternatives):
                    columns[i % len(columns)].html(cards(alt, lang, four))
            else:
                st.caption(t("kw.only-choice", lang, card=card_text))
        with st.expander(t("kw.options", lang)):
            st.markdown(options_markdown(step, lang))
    elif step.kind in ("face-cards", "new-lot", "last-lot", "leftovers"):
        caption = {"face-cards": "kw.table-dealt", "new-lot": "kw.table-lot",
                   "last-lot": "kw.table-lot", "leftovers": "kw.table-end"}[step.kind]
        st.html(cards(step.table_before, lang, four, marked(step.table_before, step.taken),
                      layout="table", caption=t(caption, lang)))
    elif step.kind == "score":
        st.markdown(f"**{t('kw.tally', lang)}**")
        for tally in step.tallies:
            codes = [code for code, copies, _ in tally.cards for _ in range(copies)]
            title = t("kw.tally.seat", lang, seat=tally.seat, points=tally.total,
                      cards=tally.captured)
            if codes:
                st.html(cards(codes, lang, four, caption=title))
                st.caption(wk.tally_text(tally))
            else:
                st.markdown(f"**{title}** — {t('kw.tally.none', lang)}")
        st.markdown(t("kw.tally.sum", lang, total=sum(x.total for x in step.tallies)))
        st.markdown(f"**{t('kw.sweeps', lang)}**")
        if step.sweeps:
            st.markdown("\n".join(
                "- " + t("kw.sweep.row", lang, step=page_step_of(step.deal, s.play), seat=s.seat,
                         victim=s.victim, points=s.points)
                + (f" {t('kw.sweep.double', lang)}" if s.double else "")
                for s in step.sweeps))
        else:
            st.caption(t("kw.sweeps.none", lang))
        st.markdown(t("kw.sweeps.sum", lang, points=", ".join(
            f"{seat_name(i, lang)} {p:+d}" for i, p in enumerate(board.sweep_points))))

    st.markdown(f"### {t('kw.after', lang)}")
    st.html(status_html(board, lang))
    st.caption(t("kw.status.note", lang))
    if any(board.point_cards) and step.kind != "score":
        with st.expander(t("kw.point-cards", lang)):
            for seat, pile in enumerate(board.point_cards):
                st.html(cards(pile, lang, four, caption=f"{seat_name(seat, lang)} · "
                              f"{t('kw.col.card-points', lang)}: {board.card_points[seat]}"))
    if board.table or any(board.hands) or board.spade_faces:
        table_col, spades_col = st.columns([3, 1]) if board.spade_faces else (st.container(), None)
        table_col.html(cards(board.table, lang, four, layout="table", caption=t("kw.table", lang)))
        if spades_col is not None:
            spades_col.html(cards(board.spade_faces, lang, four, caption=t("kw.spades", lang)))
        hand_cols = st.columns(min(board.players, 3))
        for seat in range(board.players):
            mark = f" ← {t('kw.to-play', lang)}" if seat == board.to_play else ""
            caption = (f"{seat_name(seat, lang)} · "
                       f"{t('kw.cards', lang, n=len(board.hands[seat]))}{mark}")
            hand_cols[seat % len(hand_cols)].html(cards(board.hands[seat], lang, four,
                                                        layout="hand", caption=caption))

    finish(step_no, index, board)


def finish(step_no: int, index: int, board: wk.Board) -> None:
    """The end of every step: the board, the score chart, where next, and the link."""
    if index == count - 1:
        where_next()
    if steps_of.deals > 1:
        finished = wk.finished_scores(steps_of, index)
        if finished:
            fig = score_progression([seat_name(s, lang) for s in range(steps_of.players)], finished,
                                    t("kw.chart.title", lang), t("chart.deal", lang),
                                    t("chart.total", lang))
            st.plotly_chart(fig, width="stretch", key=K + "chart")
        else:
            st.caption(t("kw.chart.wait", lang))
    if steps_of.truncated:
        st.caption(t("kw.truncated", lang, count=count))

    # The link that reproduces this step, mirrored in the address bar (written last).
    params = wk.link_params(selection, base_variant, step_no)
    write_params(**params)
    query = {**visitor.query(), **{k: v for k, v in params.items() if v}}
    address = (st.context.url or "").split("?")[0] or "krypkasino_walkthrough"
    st.markdown(f"**{t('kw.share', lang)}**")
    st.code(address + "?" + "&".join(f"{k}={v}" for k, v in query.items()), language=None)


stepper()
