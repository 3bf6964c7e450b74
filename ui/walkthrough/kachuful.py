"""The Kachuful walkthrough in a language: the engine's steps said, and drawn as HTML.

The steps are built in the engine (:mod:`engine.walkthrough.kachuful`: language-free,
one :class:`~engine.walkthrough.model.Step` per event group, the state to show in its
``view``). This module reads the scenario files into the engine's sources, says each step
in the page's language (:func:`localize`: titles, the engine's event sentences, the
"why" notes, the scenario's teaching text filled from the step's facts) and draws the
table, the K-3 draw and the schedule as HTML. It decides no rule. The link of the page
(:class:`Config`, :func:`read_config`) is at the end.

>>> walk = build(record_source(EXAMPLE_DOC, first_hand=11), DEFAULT_RULES, "en")
>>> hook_step = walk.steps[walk.index_of("h11.bid.s3")]
>>> hook_step.kind, hook_step.title
('hook', 'Player D, the dealer, bids last')
>>> hook_step.explain[1]
'Player D could bid: 0, 2, 3.'
>>> walk.steps[-1].sheet[0]
(0, 1, 1, 11, 11)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from engine.cards import Card, parse_card
from engine.kachuful import DEFAULT_RULES, KachufulRules, hand_sizes, narrate
from engine.registry import GAMES, MAX_SEED
from engine.seats import seat_letter
from engine.walkthrough import kachuful as engine_walk
from engine.walkthrough.kachuful import (
    EXAMPLE_DOC,
    RecordSource,
    SeedSource,
    Source,
    SourceError,
    Table,
    trump_code,
)
from engine.walkthrough.model import Note
from tutorials import scenarios as scenario_files
from tutorials.facts import fill_step_text as fill_facts
from tutorials.facts import kachuful_facts
from tutorials.scenarios import Scenario, ScenarioError
from ui import link
from ui.i18n import t
from ui.query import LinkReader, Problem
from ui.safe import escape_html, escape_markdown
from ui.walkthrough.view import ask_of, refusal, say, say_all
from ui.walkthrough.your_move import Ask

__all__ = [
    "CSS", "EXAMPLE_DOC", "MAX_SEED", "RANDOM", "SCENARIO_KEYS", "Config", "RecordSource",
    "SeedSource", "Source", "SaidStep", "Table", "Walkthrough", "build", "changed",
    "config_params", "draw_html", "draw_scores", "draw_step", "draw_table", "load_scenarios",
    "localize", "random_inputs", "read_config", "record_source", "scenario_rules",
    "scenario_source", "schedule_html", "source_for", "step_number", "table_html", "trump_code",
    "trump_words", "variant_box"]

GAME = "kachuful"
#: The keys a Kachuful scenario file may hold besides the shared ones (the engine's).
SCENARIO_KEYS: tuple[str, ...] = engine_walk.SCENARIO_KEYS
#: The walkthrough of any seed ("random deal"), beside the scenario files.
RANDOM = "random"


def record_source(doc: Mapping[str, Any], first_hand: int = 1) -> RecordSource:
    return RecordSource(doc, first_hand)


def scenario_rules(scenario: Scenario) -> KachufulRules:
    """The variant a scenario starts with (its ``variant``, else the defaults)."""
    try:
        return engine_walk.rules_of(scenario.data, f"{GAME}/{scenario.id}")
    except SourceError as exc:
        raise ScenarioError(exc.where, exc.problem) from None


def scenario_source(scenario: Scenario) -> Source:
    """The game a scenario walks through (:func:`engine.walkthrough.kachuful.source_of`);
    raises :class:`ScenarioError` naming the key when its keys are wrong."""
    try:
        return engine_walk.source_of(scenario.data, f"{GAME}/{scenario.id}")
    except SourceError as exc:
        raise ScenarioError(exc.where, exc.problem) from None


def load_scenarios() -> list[Scenario]:
    """Every Kachuful scenario file, checked, in menu order."""
    found = scenario_files.load_all(GAME, SCENARIO_KEYS)
    for scenario in found:
        scenario_source(scenario)
    return found


# -- a step said in a language -------------------------------------------------------


@dataclass(frozen=True)
class SaidStep:
    """One engine step said in a language: ``title``, what happened (``lines``: the
    engine's event sentences), why (``explain``), the advice, the computer player's
    reason (``bot``), the lines that show the actor's hand (``private``), the scenario's
    teaching ``text``, the engine's refusal (``error``) and the table; ``ask`` the
    your-move question on the table ``before`` the move; ``model`` the engine's step."""

    id: str
    kind: str
    hand: int
    title: str
    lines: tuple[str, ...]
    explain: tuple[str, ...] = ()
    advice: str | None = None
    bot: str | None = None
    seat: int | None = None
    private: tuple[str, ...] = ()
    text: str | None = None
    rules: tuple[str, ...] = ()
    table: Table | None = None
    draw: tuple[tuple[int, str, bool], ...] = ()
    sheet: tuple[tuple[int, int, int, int, int], ...] = ()
    error: str | None = None
    hands_done: int = 0
    ask: Ask | None = None
    before: Table | None = None
    model: engine_walk.KStep | None = None

    def hides_private(self, viewer: int | None) -> bool:
        """Whether ``viewer`` (``None``: the teaching view) may not see what the acting
        seat held, so the advice, reason and private lines must not be shown."""
        if viewer is None or self.seat is None or self.table is None:
            return False
        return not self.table.visible[viewer][self.seat]


@dataclass(frozen=True)
class Walkthrough:
    """The steps said in one language, the schedule under the variant, the score rows
    and the engine's walkthrough (``model``)."""

    players: int
    steps: tuple[SaidStep, ...]
    schedule: tuple[int, ...]
    trumps: tuple[str, ...]
    hand_scores: tuple[tuple[int, tuple[int, ...]], ...]
    notes: tuple[str, ...] = ()
    by_bot: bool = False
    model: engine_walk.KWalk | None = None

    @property
    def illegal(self) -> bool:
        return bool(self.steps) and self.steps[-1].kind == "illegal"

    def index_of(self, step_id: str) -> int:
        for i, step in enumerate(self.steps):
            if step.id == step_id:
                return i
        raise KeyError(step_id)

    def scores_until(self, index: int) -> list[tuple[int, tuple[int, ...]]]:
        """The score rows of the hands finished at step ``index``."""
        return list(self.hand_scores[: self.steps[index].hands_done])


def step_number(walk: Walkthrough, raw: str | None) -> int | None:
    """The 1-based step a link's ``step`` names by id (``h11.bid.s3``), or ``None`` when
    it is not a step id of this walkthrough (then it is read as a number).

    >>> walk = build(record_source(EXAMPLE_DOC, first_hand=11))
    >>> step_number(walk, "h11.t1.won"), step_number(walk, "11"), step_number(walk, "h2.deal")
    (11, None, None)
    """
    if not raw:
        return None
    try:
        return walk.index_of(raw) + 1
    except KeyError:
        return None


def trump_words(code: str, lang: str) -> str:
    """``"clubs"`` / ``"no trump"`` / ``"?"`` (turned, not known before the deal)."""
    if code == "?":
        return t("kwalk.trump.unknown", lang)
    from engine.messages import suit_name

    return suit_name(code, lang)


def localize(walk: engine_walk.KWalk, rules: KachufulRules, lang: str = "en",
             texts: Mapping[str, Mapping[str, str]] | None = None) -> Walkthrough:
    """The engine's walkthrough said in ``lang``, with the scenario's ``texts`` filled
    from each step's facts (a text whose fact the step lacks is left out)."""
    texts = texts or {}
    seen: dict[str, int] = {}
    out: list[SaidStep] = []
    for step in walk.steps:
        view = step.view
        nth = seen[step.kind] = seen.get(step.kind, 0) + 1
        advice = " ".join(say(n, lang) for n in view.advice) or None
        said = SaidStep(
            id=step.id, kind=step.kind, hand=view.hand, title=say(view.title, lang),
            # A folded run (engine.walkthrough.kachuful_fold) says its summary as what happened.
            lines=say_all(step.why, lang) if step.kind == "fold"
            else tuple(narrate(e, lang) for e in step.events),
            explain=() if step.kind == "fold" else say_all(step.why, lang), advice=advice,
            bot=None if step.bot_reason is None else say(step.bot_reason, lang),
            seat=step.seat, private=say_all(view.private, lang), rules=step.rules,
            table=view.table, draw=view.draw, sheet=view.sheet,
            error=None if step.error is None else refusal_text(step.error, step.rules, lang),
            hands_done=view.hands_done,
            ask=None if step.your_move is None else ask_of(step.your_move, lang),
            before=view.before, model=step)
        key = step.id
        text = scenario_files.text_for(texts, step.id, step.kind, nth, lang)
        if text is None and not out:
            key = "intro"
            text = scenario_files.text_for(texts, "intro", "intro", 1, lang)
        if text is not None:
            text = fill_facts(text, kachuful_facts(said, rules, step.fact_dict()), lang,
                              f"texts.{key}")
        out.append(replace(said, text=text))
    return Walkthrough(
        walk.players, tuple(out), walk.get("schedule", ()), walk.get("trumps", ()),
        walk.get("hand_scores", ()), notes=say_all(walk.notes, lang),
        by_bot=bool(walk.get("by_bot", False)), model=walk)


def refusal_text(note: Note, rules: Sequence[str], lang: str) -> str:
    return refusal(note, rules[0] if rules else "", lang)


def build(source: Source, rules: KachufulRules = DEFAULT_RULES, lang: str = "en",
          texts: Mapping[str, Mapping[str, str]] | None = None) -> Walkthrough:
    """The engine's walkthrough of ``source`` under ``rules``, said in ``lang``
    (raises as :func:`engine.walkthrough.kachuful.build`)."""
    return localize(engine_walk.build_once(source, rules), rules, lang, texts)


# -- links: the page's settings as URL query values (the one codec, ui/link.py) ------------

#: The query keys this page reads and writes besides the variant's options.
LINK_KEYS: tuple[str, ...] = ("scenario", "seed", "players", "hands", "seat", "step",
                              *GAMES[GAME].option_names)


@dataclass(frozen=True)
class Config:
    """What the page shows, minus the step: a scenario (or ``random`` with a seed,
    players and hands), the variant in force, and whose eyes (``seat``: ``all`` or a
    seat number as text)."""

    scenario: str
    rules: KachufulRules
    seed: int = 1
    players: int = 4
    hands: int = 1
    seat: str = "all"


def read_config(params: Mapping[str, str], lang: str, scenario_ids: Sequence[str],
                base_rules: Callable[[str], KachufulRules], default: str
                ) -> tuple[Config, list[Problem]]:
    """The page's settings from a link (:mod:`ui.link`); every unusable value gives a
    :class:`Problem` naming it and the default (never an exception)."""
    reader = LinkReader(lang, params=params)
    scenario = reader.choice("scenario", (*scenario_ids, RANDOM), default)
    random = scenario == RANDOM
    seed = link.read_seed(reader, 1) if random else 1
    players = link.read_players(reader, GAME) if random else GAMES[GAME].players.default
    table = players if random else _scenario_players(scenario)
    base = GAMES[GAME].changed(base_rules(scenario))
    options = link.read_rules(reader, GAME, players=table, base=base)
    rules = GAMES[GAME].rules(options)
    hands = 1
    if random:
        hands = reader.int("hands", 1, lo=1, hi=len(hand_sizes(players, rules)))
    view = link.read_view_seat(reader, table)
    seat = "all" if view is None else str(view)
    return Config(scenario, rules, seed, players, hands, seat), reader.problems


def changed(config: Config, base_rules: Callable[[str], KachufulRules], name: str,
            value: Any) -> Config:
    """``config`` after the visitor set ``name`` (a setting or a variant option, as the
    widget holds it; ``reset``: the scenario's own variant) to ``value``; an option the new
    table does not allow goes back to its default, and a shorter game walks fewer hands.

    >>> c = changed(Config(RANDOM, KachufulRules(max_cards=13)), lambda s: DEFAULT_RULES,
    ...             "players", 5)
    >>> c.players, c.rules.max_cards
    (5, None)
    """
    spec = GAMES[GAME]
    if name == "scenario":
        return Config(str(value), base_rules(str(value)))
    if name == "seed":
        return replace(config, seed=int(value))
    if name == "hands":
        return replace(config, hands=int(value))
    players, rules = config.players, config.rules
    if name == "players":
        players = int(value)
        rules = replace(rules, **{o.name: o.default for o in spec.options
                                  if not o.allows(getattr(rules, o.name), players)})
    elif name == "reset":
        rules = base_rules(config.scenario)
    else:
        rules = replace(rules, **{name: value})
    hands = min(config.hands, len(hand_sizes(players, rules)))
    seat = "all" if name == "players" else config.seat
    return replace(config, players=players, rules=rules, hands=hands, seat=seat)


@cache
def _scenario_players(scenario_id: str) -> int:
    """How many players a scenario has (read once per process)."""
    return engine_walk.players_of(scenario_source(scenario_files.load(GAME, scenario_id,
                                                                      SCENARIO_KEYS)))


def config_params(config: Config, base: KachufulRules, step: int | str) -> dict[str, str | None]:
    """The query that reproduces ``config`` at ``step`` (a step id, or a 1-based number);
    ``None`` removes a key. Options equal to the scenario's own are left out."""
    random = config.scenario == RANDOM
    return {
        "scenario": config.scenario,
        **{k: str(getattr(config, k)) if random else None for k in ("seed", "players", "hands")},
        "seat": None if config.seat == "all" else config.seat,
        "step": str(step),
        **link.rules_params(GAME, config.rules, GAMES[GAME].changed(base)),
    }


def source_for(config: Config) -> tuple[Source, Mapping[str, Mapping[str, str]]]:
    """The game to walk through and the scenario's texts."""
    if config.scenario == RANDOM:
        return SeedSource(config.seed, config.players, config.hands), {}
    scenario = scenario_files.load(GAME, config.scenario, SCENARIO_KEYS)
    return scenario_source(scenario), scenario.texts


# -- drawing: pure HTML for the page (cards from ui.cards) ---------------------------

CSS = """<style>
.kw-seats { display: grid; grid-template-columns: repeat(auto-fill, minmax(190px, 1fr));
  gap: 0.6rem; margin-bottom: 0.6rem; }
.kw-seats.kw-wide { grid-template-columns: 1fr; }
.kw-seat { border: 1px solid #d1d5db; border-radius: 10px; padding: 0.45rem 0.6rem; }
.kw-seat.kw-act { border: 2px solid #2563eb; background: #eff6ff; color: #111827; }
.kw-head { font-weight: 700; }
.kw-tag { display: inline-block; font-size: 0.75rem; font-weight: 600; padding: 0 0.4rem;
  border-radius: 8px; margin-left: 0.3rem; background: #e5e7eb; color: #111827; }
.kw-tag.kw-tag-act { background: #2563eb; color: #ffffff; }
.kw-stats { font-size: 0.85rem; }
.kw-trick { display: flex; flex-wrap: wrap; gap: 0.8rem; }
.kw-play { display: flex; flex-direction: column; align-items: center; color: #e8f5ec;
  font-size: 0.8rem; gap: 0.25rem; }
.kw-play .kw-who { font-family: sans-serif; }
.kw-play .kw-who.kw-new { font-weight: 700; text-decoration: underline; color: #ffffff; }
.kw-sched { border-collapse: collapse; font-size: 0.8rem; margin: 0.3rem 0 0.8rem 0; }
.kw-sched th, .kw-sched td { border: 1px solid #d1d5db; padding: 0.1rem 0.35rem;
  text-align: center; min-width: 1.6rem; }
.kw-sched th[scope=row] { text-align: left; }
.kw-sched .kw-here { background: #fde68a; color: #111827; font-weight: 700;
  outline: 2px solid #b45309; }
.kw-note { font-size: 0.85rem; margin: 0.2rem 0; }
</style>"""


def _cards(codes_: Sequence[str]) -> list[Card]:

    return [parse_card(c) for c in codes_]


def table_html(table: Table, lang: str, viewer: int | None = None,
               four_colour: bool = False) -> str:
    """The seats (hands, bids, tricks, totals) and the cards on the table. ``viewer``
    ``None`` shows every hand face up (the teaching view); a seat number hides what
    that seat may not see (``Table.visible``, from ``state.view``)."""
    from ui.cards import card_html, cards_html, mark

    wide = table.size > 4  # long hands: one seat per row, cards overlapping as held
    parts = [CSS, f'<div class="kw-seats{" kw-wide" if wide else ""}">']
    for seat, hand in enumerate(table.hands):
        seen = viewer is None or table.visible[viewer][seat]
        acting = table.to_act == seat
        tags = []
        if table.dealer == seat:
            tags.append(f'<span class="kw-tag">{escape_html(t("kwalk.table.dealer", lang))}</span>')
        if acting:
            tags.append('<span class="kw-tag kw-tag-act">'
                        f'{escape_html(t("kwalk.table.to-act", lang))}</span>')
        bid = table.bids[seat]
        stats = [t("kwalk.table.no-bid", lang) if bid is None else t("kwalk.table.bid", lang, bid=bid),
                 t("kwalk.table.tricks", lang, tricks=table.tricks_won[seat]),
                 t("kwalk.table.total", lang, total=table.totals[seat])]
        name = t("kwalk.seat", lang, seat=seat)
        if seen:
            cards = sorted(_cards(hand), key=lambda c: (c.suit.index, -int(c.rank)))
            show_legal = acting and (viewer is None or viewer == seat)
            states = mark(cards, legal=_cards(table.legal_cards) if show_legal else ())
            body = cards_html(cards, lang=lang, states=states, layout="hand" if wide else "row",
                              four_colour=four_colour, label=name)
        else:
            body = cards_html([None] * len(hand), lang=lang, layout="hand",
                              label=t("kwalk.table.hidden", lang, seat=seat))
        parts.append(
            f'<div class="kw-seat{" kw-act" if acting else ""}">'
            f'<div class="kw-head">{escape_html(name)}{"".join(tags)}</div>'
            f'<div class="kw-stats">{escape_html(" · ".join(stats))}</div>{body}</div>')
    parts.append("</div>")
    if table.trick:
        plays = []
        for seat, code in table.trick:
            card = _cards([code])[0]
            state: Any = ("highlight" if table.trick_winner is not None
                          and seat == table.trick_winner else "normal")
            new = " kw-new" if code == table.just_played else ""
            plays.append(f'<div class="kw-play">{card_html(card, lang=lang, state=state, four_colour=four_colour)}'
                         f'<span class="kw-who{new}">{escape_html(t("kwalk.seat", lang, seat=seat))}</span></div>')
        caption = (t("kwalk.table.trick-won", lang, seat=table.trick_winner)
                   if table.trick_winner is not None else t("kwalk.table.trick", lang))
        label = escape_html(caption)
        parts.append(f'<div class="rl-cardblock"><div class="rl-caption">{label}</div>'
                     f'<div class="rl-cards rl-table kw-trick" role="group" aria-label="{label}">'
                     f'{"".join(plays)}</div></div>')
    if table.turned:
        parts.append(cards_html(_cards([table.turned]), lang=lang, four_colour=four_colour,
                                caption=t("kwalk.table.turned", lang)))
    return "".join(parts)


def draw_html(step: SaidStep, lang: str, four_colour: bool = False) -> str:
    """The cards of a draw round, each under its seat, the highest rank starred."""
    from ui.cards import card_html

    plays = []
    for seat, code, top in step.draw:
        card = _cards([code])[0]
        plays.append(f'<div class="kw-play">{card_html(card, lang=lang, state="highlight" if top else "normal", four_colour=four_colour)}'
                     f'<span class="kw-who">{escape_html(t("kwalk.seat", lang, seat=seat))}</span></div>')
    label = escape_html(t("kwalk.draw.cards", lang))
    return (f'{CSS}<div class="rl-cardblock"><div class="rl-caption">{label}</div>'
            f'<div class="rl-cards rl-table kw-trick" role="group" aria-label="{label}">'
            f'{"".join(plays)}</div></div>')


def schedule_html(schedule: Sequence[int], trumps: Sequence[str], here: int, lang: str) -> str:
    """The whole schedule as a small table (hand, cards, trump), hand ``here`` marked."""
    symbols = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "NT": "–", "?": "?"}

    def row(label: str, cells: Sequence[str]) -> str:
        tds = "".join(f'<td class="kw-here">{c}</td>' if i + 1 == here else f"<td>{c}</td>"
                      for i, c in enumerate(cells))
        return f'<tr><th scope="row">{escape_html(label)}</th>{tds}</tr>'

    hands = [str(i + 1) for i in range(len(schedule))]
    title = escape_html(t("kwalk.schedule.title", lang))
    return (f'{CSS}<div class="rl-caption">{title}</div>'
            f'<div style="overflow-x:auto" role="region" tabindex="0" aria-label="{title}">'
            f'<table class="kw-sched" aria-label="{title}">'
            + row(t("kwalk.schedule.hand", lang), hands)
            + row(t("kwalk.schedule.cards", lang), [str(s) for s in schedule])
            + row(t("kwalk.schedule.trump", lang), [symbols[c] + "\ufe0e" for c in trumps])
            + "</table></div>")


# -- drawing with Streamlit: the step, the variant box, the scores -------------------------


def draw_table(table: Table, lang: str, viewer: int | None, four_colour: bool,
               forehead: bool) -> None:
    """The table's caption, whose eyes it is seen through, and the table."""
    import streamlit as st

    st.caption(t("kwalk.table.caption", lang, hand=table.hand, size=table.size,
                 trump=table.trump))
    if viewer is None:
        st.caption(t("kwalk.view.note.all", lang))
    elif table.size == 1 and forehead:
        st.caption(t("kwalk.view.note.forehead", lang, seat=viewer))
    else:
        st.caption(t("kwalk.view.note.seat", lang, seat=viewer))
    st.html(table_html(table, lang, viewer, four_colour))
    if table.to_act is not None and (viewer is None or viewer == table.to_act):
        if table.legal_cards:
            st.caption(t("kwalk.table.legal-cards", lang, seat=table.to_act))
        elif table.legal_bids:
            st.caption(t("kwalk.table.legal-bids", lang, seat=table.to_act,
                         bids=", ".join(str(b) for b in table.legal_bids)))


def draw_step(step: SaidStep, walk: Walkthrough, viewer: int | None, lang: str, four_colour: bool,
              query: Mapping[str, str], forehead: bool) -> None:
    """The step as the scenario played it: the shared "what happened / why" panel on the
    left, the table (or the draw, the schedule, the score sheet) on the right."""
    import streamlit as st

    from ui.walkthrough.view import panel

    hidden = step.hides_private(viewer)

    def extra() -> None:
        if not hidden and step.advice:
            st.success(f"**{t('kwalk.advice', lang)}:** {escape_markdown(step.advice)}",
                       icon=":material/lightbulb:")
        if not hidden and step.bot:
            st.info(f"**{t('kwalk.bot', lang)}:** {escape_markdown(step.bot)}",
                    icon=":material/smart_toy:")

    left, right = st.columns([2, 3], gap="large")
    with left:
        panel(lang=lang, title=step.title, happened=step.lines,
              why=[*step.explain, *(() if hidden else step.private)], text=step.text,
              error=step.error, extra=extra, rules=step.rules, query=query,
              hidden_note=t("kwalk.view.private", lang, seat=viewer, actor=step.seat)
              if hidden else None)
    with right:
        if step.draw:
            st.html(draw_html(step, lang, four_colour))
        if step.kind == "schedule":
            st.html(schedule_html(walk.schedule, walk.trumps, step.hand, lang))
        if step.table is not None and not step.sheet:  # the sheet replaces the empty hands
            draw_table(step.table, lang, viewer, four_colour, forehead)
        if step.sheet:
            st.dataframe(
                {t("kwalk.sheet.seat", lang): [seat_letter(r[0]) for r in step.sheet],
                 t("kwalk.sheet.bid", lang): [r[1] for r in step.sheet],
                 t("kwalk.sheet.tricks", lang): [r[2] for r in step.sheet],
                 t("kwalk.sheet.points", lang): [r[3] for r in step.sheet],
                 t("kwalk.sheet.total", lang): [r[4] for r in step.sheet]},
                hide_index=True, width="stretch")


def draw_scores(walk: Walkthrough, index: int, lang: str, key: str) -> None:
    """The running totals, for a walkthrough that goes past one hand."""
    import streamlit as st

    from ui.charts import score_progression

    if len(walk.hand_scores) <= 1:
        return
    rows = walk.scores_until(index)
    if not rows:
        st.caption(t("kwalk.chart.wait", lang))
        return
    names = [seat_letter(s) for s in range(walk.players)]
    fig = score_progression(names, [r[1] for r in rows], t("kwalk.chart.title", lang),
                            t("chart.hand", lang), t("chart.total", lang))
    st.plotly_chart(fig, width="stretch", key=key)


def variant_box(rules: KachufulRules, base: KachufulRules, players: int, lang: str,
                sync: Callable[[str, Any], str], on_change: Callable[[str], None],
                reset_key: str) -> None:
    """The variant in force, each option with the registry's label, help and value
    labels, in an expander (open when the variant differs from the scenario's own)."""
    import streamlit as st

    spec = GAMES[GAME]
    now = {n: getattr(rules, n) for n in spec.option_names}
    own = {n: getattr(base, n) for n in spec.option_names}
    changed = sum(now[n] != own[n] for n in spec.option_names)
    label = t("kwalk.variant", lang) + ": " + (t("kwalk.variant.changed", lang, count=changed)
                                              if changed else t("kwalk.variant.default", lang))
    with st.expander(label, expanded=bool(changed), icon=":material/tune:"):
        cols = st.columns(4)
        for i, option in enumerate(spec.options):
            key = sync("opt." + option.name, now[option.name])
            with cols[i % 4]:
                if option.kind == "flag":
                    st.toggle(option.label(lang), key=key, help=option.help(lang),
                              on_change=on_change, args=(option.name,))
                    continue

                def shown(value: Any, o: Any = option) -> str:
                    return str(o.value_label(value, lang))

                st.selectbox(option.label(lang), list(option.values(players)), key=key,
                             format_func=shown,
                             help=option.help(lang), on_change=on_change, args=(option.name,))
        st.button(t("kwalk.variant.reset", lang), key=reset_key, on_click=on_change,
                  args=("reset",), disabled=not changed)


def random_inputs(columns: Sequence[Any], config: Config, hands: int, lang: str,
                  sync: Callable[[str, Any], str], on_change: Callable[[str], None]) -> None:
    """A random deal's seed, players and hands, in three columns of the settings row."""
    for column, name, top, help_key in ((columns[0], "seed", MAX_SEED, "kwalk.seed.help"),
                                        (columns[2], "hands", hands, "kwalk.hands.help")):
        column.number_input(t(f"kwalk.{name}", lang), min_value=0 if name == "seed" else 1,
                            max_value=top, step=1, key=sync(name, getattr(config, name)),
                            on_change=on_change, args=(name,), help=t(help_key, lang))
    columns[1].selectbox(t("kwalk.players", lang), list(GAMES[GAME].players.values),
                         key=sync("players", config.players), on_change=on_change,
                         args=("players",))
