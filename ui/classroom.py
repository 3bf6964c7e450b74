"""A lesson as slides: what the projector view, the lesson page and the handouts show.

Pure (no Streamlit): :func:`slides` turns a :class:`~tutorials.lessons.Lesson` into a flat
list of :class:`Slide` values — a cover, then for each item a title slide followed by the
walkthrough steps it names, or, for a quiz set, a question slide and an answer slide per
question. Every fact comes from the walkthrough builders (:mod:`ui.walkthrough_kachuful`,
:mod:`ui.walkthrough_krypkasino`, which ask the engine) and from :mod:`engine.quiz`; cards
are static HTML from :mod:`ui.cards`. A slide's ``text`` is tutorial markdown whose rule
links are still ``rule:K-9`` (each renderer rewrites them for where it is shown).

Links: the projector view and the student view are the same page with the same query
(``lesson=<id>`` or ``l=<packed lesson>``, and ``step=<n>``, 1-based), so a shared link
opens the same slide. :func:`read_link` reads it and never fails.

>>> lesson = lessons.load("kachuful-20")
>>> deck = slides(lesson, "en")
>>> deck[0].kind, deck[1].kind, deck[2].kind
('cover', 'item', 'step')
>>> any('role="img"' in s.html for s in deck)
True
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from engine.cards import parse_cards
from engine.errors import RecordError, RulesLabError
from engine.kachuful import KachufulRules
from engine.messages import render
from engine.quiz import TYPES, Question, generate, question_set
from engine.registry import GAMES
from engine.rng import Rng
from engine.seats import LETTERS  # choice labels on a slide: the seats' letters
from engine.walkthrough import krypkasino as kwalk
from engine.walkthrough.model import Walkthrough as ModelWalk
from tutorials import lessons
from tutorials import scenarios as scenario_files
from tutorials.facts import krypkasino_facts
from tutorials.lessons import Lesson, LessonError, QuizItem, ScenarioItem
from ui import walkthrough_kachuful as wkach
from ui import walkthrough_krypkasino as wkryp
from ui import walkthrough_view as wv
from ui.cards import CardState, cards_html
from ui.i18n import t
from ui.query import Problem, parse_int
from ui.quiz import feedback_groups, group_states, spread, visible_groups
from ui.safe import clip, escape_html, escape_markdown

__all__ = [
    "LETTERS", "Link", "Slide", "ask_position_html", "item_steps", "item_summary", "item_title", "lesson_questions",
    "link_query", "opening_step", "query_string", "read_link", "scenario_slides",
    "slide_number", "slides", "step_ids",
]


@dataclass(frozen=True)
class Slide:
    """One screen of a lesson.

    ``kind``: ``cover`` (its ``lines`` are the items, in order), ``item`` (the title of a scenario or quiz set), ``step`` (a
    walkthrough step), ``question`` or ``answer``. ``lines`` are plain sentences (engine
    sentences, facts, choices); ``text`` teaching markdown with ``rule:`` links; ``html``
    the static cards; ``rules`` the rule IDs the slide shows; ``note`` the teacher's note
    (not for the student view); ``choices`` a question's lettered answers; ``ref`` what the slide comes from (``kachuful/renege#
    h16.score``, ``k-bids-1234``); ``item`` the item index (-1 for the cover)."""

    kind: str
    item: int
    title: str
    lines: tuple[str, ...] = ()
    text: str | None = None
    html: str = ""
    rules: tuple[str, ...] = ()
    note: str | None = None
    ref: str = ""
    subtitle: str = ""
    choices: tuple[str, ...] = ()
    ask: str = ""  # a "your move" step: the live question's ref (``move:…``, see ui.live)


# -- walkthroughs ------------------------------------------------------------------------------


def _index(ref: int | str | None, ids: Sequence[str], default: int, where: str) -> int:
    if ref is None:
        return default
    if isinstance(ref, int):
        if not 1 <= ref <= len(ids):
            raise LessonError(where, f"step {ref} is past the last step ({len(ids)})")
        return ref - 1
    if ref not in ids:
        raise LessonError(where, f"no step {ref!r} in this walkthrough")
    return list(ids).index(ref)


def _range(item: ScenarioItem, ids: Sequence[str], where: str) -> tuple[int, int]:
    first = _index(item.start, ids, 0, f"{where}.start")
    last = _index(item.end, ids, len(ids) - 1, f"{where}.end")
    if last < first:
        raise LessonError(f"{where}.end", "comes before the start")
    return first, last


def _kachuful_walk(item: ScenarioItem, lang: str) -> tuple[scenario_files.Scenario,
                                                           wkach.Walkthrough]:
    return _kachuful_built(item.scenario, item.variant, lang)


@lru_cache(maxsize=64)
def _kachuful_built(scenario_id: str, variant: tuple[tuple[str, Any], ...], lang: str
                    ) -> tuple[scenario_files.Scenario, wkach.Walkthrough]:
    """Built once per process and language (0.4 s each): the slides, a your-move question
    and its position all read the same walkthrough, so a teacher's step does not wait."""
    scenario = scenario_files.load("kachuful", scenario_id, wkach.SCENARIO_KEYS)
    rules = wkach.scenario_rules(scenario)
    if variant:
        rules = KachufulRules.from_dict({**rules.to_dict(), **dict(variant)})
    # A scenario's teaching texts describe its own variant: under other options they may
    # say what the engine no longer does, so only the engine's sentences are shown.
    texts = {} if variant else scenario.texts
    return scenario, wkach.build(wkach.scenario_source(scenario), rules, lang, texts)


def _krypkasino_walk(item: ScenarioItem) -> tuple[scenario_files.Scenario,
                                                  ModelWalk[kwalk.View]]:
    return _krypkasino_built(item.scenario, item.variant)


@lru_cache(maxsize=32)
def _krypkasino_built(scenario_id: str, variant: tuple[tuple[str, Any], ...]
                      ) -> tuple[scenario_files.Scenario, ModelWalk[kwalk.View]]:
    """A Krypkasino walkthrough does not depend on the language: built once per process
    by the engine (:mod:`engine.walkthrough.krypkasino`)."""
    scenario = scenario_files.load("krypkasino", scenario_id, kwalk.GAME_KEYS)
    rules = kwalk.rules_from(kwalk.base_variant(scenario.data), dict(variant))
    return scenario, kwalk.build(scenario.data, rules)


def item_steps(item: ScenarioItem, lang: str = "en", where: str = "item") -> tuple[int, int, int]:
    """``(first, last, count)``: the 0-based step range an item shows and the walkthrough's
    length; :class:`LessonError` when a step it names does not exist or the scenario cannot
    be built under its variant."""
    try:
        if item.game == "kachuful":
            k_walk = _kachuful_walk(item, lang)[1]
            ids = [s.id for s in k_walk.steps]
        else:
            c_walk = _krypkasino_walk(item)[1]
            ids = [s.id for s in c_walk.steps]
    except (RulesLabError, RecordError, scenario_files.ScenarioError) as exc:
        raise LessonError(where, f"{item.game}/{item.scenario} cannot be built: {exc}") from None
    first, last = _range(item, ids, where)
    return first, last, len(ids)


def step_ids(game: str, scenario_id: str) -> list[str]:
    """The step ids of a scenario's walkthrough under its own variant (for the builder's
    first/last step menus); ``[]`` when it cannot be built."""
    item = ScenarioItem(game, scenario_id)
    try:
        if game == "kachuful":
            return [s.id for s in _kachuful_walk(item, "en")[1].steps]
        return [s.id for s in _krypkasino_walk(item)[1].steps]
    except (RulesLabError, RecordError, scenario_files.ScenarioError):
        return []


def _sheet_html(sheet: Sequence[tuple[int, int, int, int, int]], lang: str) -> str:
    head = "".join(f'<th scope="col">{escape_html(t(f"kwalk.sheet.{c}", lang))}</th>'
                   for c in ("seat", "bid", "tricks", "points", "total"))
    rows = "".join("<tr>" + "".join(f"<td>{v}</td>" for v in row) + "</tr>" for row in sheet)
    return f'<table class="cl-sheet"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'


def _kachuful_slides(item: ScenarioItem, index: int, lang: str, four: bool) -> list[Slide]:
    scenario, walk = _kachuful_walk(item, lang)
    first, last = _range(item, [s.id for s in walk.steps], f"items[{index}]")
    out = []
    for i in range(first, last + 1):
        step = walk.steps[i]
        parts = []
        if step.draw:
            parts.append(wkach.draw_html(step, lang, four))
        if step.kind == "schedule":
            parts.append(wkach.schedule_html(walk.schedule, walk.trumps, step.hand, lang))
        if step.table is not None and not step.sheet:
            parts.append(wkach.table_html(step.table, lang, None, four))
        if step.sheet:
            parts.append(_sheet_html(step.sheet, lang))
        # The walkthrough page's hint about its seat selector means nothing here.
        explain = tuple(x for x in step.explain if x != render("kwalk.explain.face-up", lang))
        lines = (*step.lines, *explain, *((step.error,) if step.error else ()))
        out.append(Slide(
            kind="step", item=index, title=step.title, lines=lines, text=step.text,
            html="".join(parts), rules=step.rules, note=None,
            ref=f"kachuful/{scenario.id}#{step.id}",
            ask=move_ref(item, step.id) if step.ask is not None else "",
            subtitle=t("classroom.step-of", lang, step=i + 1, count=len(walk.steps),
                       scenario=scenario.title_in(lang))))
    return out


def move_ref(item: ScenarioItem, step_id: str) -> str:
    """``kachuful/<scenario>#<step>`` (``~<variant JSON>`` before ``#`` when the item has one):
    names a your-move step of a lesson's walkthrough for :func:`step_ask`."""
    variant = ("~" + json.dumps(dict(item.variant), separators=(",", ":"), sort_keys=True)
               if item.variant else "")
    return f"{item.game}/{item.scenario}{variant}#{step_id}"


def _move_item(ref: str) -> tuple[ScenarioItem, str] | None:
    """The scenario item and step id a :func:`move_ref` names (``None``: not one)."""
    where, _, step_id = ref.partition("#")
    where, _, variant = where.partition("~")
    game, _, scenario = where.partition("/")
    if game not in GAMES or not step_id:
        return None
    try:
        options = json.loads(variant) if variant else {}
    except ValueError:
        return None
    if not isinstance(options, dict):
        return None
    try:
        return ScenarioItem(game, scenario, variant=tuple(sorted(options.items()))), step_id
    except TypeError:
        return None


def ask_position_html(ref: str, lang: str = "en", four: bool = False) -> str:
    """The position of a :func:`move_ref` step *before* its move, with nothing of the move:
    what a class sees while the question is open (the step's own slide tells the move).
    Kachuful: the table seen by the seat to move (as the walkthrough page asks it);
    Krypkasino: the table and the hand, no card marked. ``""`` when it cannot be built."""
    found = _move_item(ref)
    if found is None:
        return ""
    item, step_id = found
    try:
        if item.game == "krypkasino":
            view = next((s.view for s in _krypkasino_walk(item)[1].steps
                         if s.view.id == step_id), None)
            if view is None or not view.hand_before:
                return ""
            return (_cards(view.table_before, lang, four, layout="table",
                           caption=t("kw.table", lang))
                    + _cards(view.hand_before, lang, four, layout="row",
                             caption=t("kw.hand-to-play", lang, seat=view.seat)))
        step = next((s for s in _kachuful_walk(item, lang)[1].steps if s.id == step_id), None)
    except (ValueError, TypeError, RulesLabError, RecordError, scenario_files.ScenarioError):
        return ""
    if step is None or step.before is None:
        return ""
    # No card marked as playable: which cards may be played is the answer.
    return wkach.table_html(replace(step.before, legal_cards=()), lang, step.seat, four)


def step_ask(ref: str, lang: str = "en") -> Any:
    """The your-move question (``ui.your_move.Ask``) of a :func:`move_ref`, or ``None``."""
    found = _move_item(ref)
    if found is None:
        return None
    item, step_id = found
    try:
        if item.game == "krypkasino":  # the engine's your-move step, said in ``lang``
            move = _krypkasino_walk(item)[1].your_move(step_id)
            return wv.ask_of(move, lang) if move is not None else None
        walk = _kachuful_walk(item, lang)[1]
    except (ValueError, TypeError, RulesLabError, RecordError, scenario_files.ScenarioError):
        return None
    return next((s.ask for s in walk.steps if s.id == step_id), None)


def _cards(codes: Sequence[str], lang: str, four: bool, states: Sequence[CardState] | None = None,
           layout: str = "row", caption: str | None = None) -> str:
    return cards_html(parse_cards(list(codes)), lang=lang, states=states,
                      layout=layout, four_colour=four, caption=caption)  # type: ignore[arg-type]


def _marked(codes: Sequence[str], picked: Sequence[str]) -> list[CardState]:
    left = Counter(picked)
    out: list[CardState] = []
    for code in codes:
        if left[code] > 0:
            left[code] -= 1
            out.append("highlight")
        else:
            out.append("normal")
    return out


def _krypkasino_html(step: kwalk.View, lang: str, four: bool) -> str:
    board = step.board
    seat = t("kw.seat", lang, seat=step.seat) if step.seat is not None else ""
    if step.hand_before:
        key = "kw.table" if step.kind == "position" else "kw.table-before"
        return (_cards(step.table_before, lang, four, _marked(step.table_before, step.taken),
                       "table", t(key, lang))
                + _cards(step.hand_before, lang, four, wkryp.hand_states(step), "row",
                         t("kw.hand-to-play" if step.kind == "position" else "kw.hand-before",
                           lang, seat=step.seat))
                + (f'<p class="cl-legend">{escape_html(t("kw.legend", lang))}</p>' if seat
                   else ""))
    if step.kind in ("face-cards", "new-lot", "last-lot", "leftovers"):
        caption = {"face-cards": "kw.table-dealt", "new-lot": "kw.table-lot",
                   "last-lot": "kw.table-lot", "leftovers": "kw.table-end"}[step.kind]
        return _cards(step.table_before, lang, four, _marked(step.table_before, step.taken),
                      "table", t(caption, lang))
    if step.kind == "score":
        parts = []
        for tally in step.tallies:
            codes = [code for code, copies, _ in tally.cards for _ in range(copies)]
            title = t("kw.tally.seat", lang, seat=tally.seat, points=tally.total,
                      cards=tally.captured)
            parts.append(_cards(codes, lang, four, caption=title) if codes
                         else f"<p><strong>{escape_html(title)}</strong></p>")
        return "".join(parts)
    parts = [_cards(board.table, lang, four, layout="table", caption=t("kw.table", lang))]
    for s in range(board.players):
        parts.append(_cards(board.hands[s], lang, four, layout="hand",
                            caption=f"{t('kw.seat', lang, seat=s)} · "
                                    f"{t('kw.cards', lang, n=len(board.hands[s]))}"))
    return "".join(parts)


def _krypkasino_slides(item: ScenarioItem, index: int, lang: str, four: bool) -> list[Slide]:
    scenario, walk = _krypkasino_walk(item)
    first, last = _range(item, [s.id for s in walk.steps], f"items[{index}]")
    rules = kwalk.rules_from(dict(walk.get("rules")))
    out = []
    for i in range(first, last + 1):
        step = walk.steps[i].view
        lines = [e.sentence(lang) for e in step.events]
        if step.sweepers:
            lines.append(t("kw.sweepers", lang, cards=", ".join(
                str(c) for c in parse_cards(list(step.sweepers)))).replace("**", ""))
            seen: set[str] = set()
            for refusal in step.refusals:
                sentence = refusal.sentence(lang)
                if sentence not in seen:
                    seen.add(sentence)
                    lines.append(sentence)
        own = None if item.variant else scenario.text(step.id, step.kind, step.nth, lang,
                                                      facts=krypkasino_facts(step, rules))
        text = own or t(
            f"kw.explain.{step.kind}", lang, points=rules.sweep_points,
            double=rules.double_points())
        cited = [r.rule for r in step.refusals if r.rule]
        out.append(Slide(
            kind="step", item=index, title=t(f"kw.kind.{step.kind}", lang), lines=tuple(lines),
            text=text, html=_krypkasino_html(step, lang, four),
            rules=tuple(dict.fromkeys(cited)), ref=f"krypkasino/{scenario.id}#{step.id}",
            ask=move_ref(item, step.id) if walk.steps[i].your_move is not None else "",
            subtitle=t("classroom.step-of", lang, step=i + 1, count=len(walk.steps),
                       scenario=scenario.title_in(lang))))
    return out


# -- quiz sets ---------------------------------------------------------------------------------


def lesson_questions(item: QuizItem) -> list[Question]:
    """The questions of a quiz set: :func:`engine.quiz.question_set` for topics; for kinds,
    one question per kind in turn, each from a seed drawn from the item's seed."""
    if item.topics:
        return question_set(item.game, item.topics, item.seed, item.count)
    rng = Rng(item.seed)
    return [generate(item.kinds[i % len(item.kinds)], rng.below(10**9))
            for i in range(item.count)]


def _groups_html(question: Question, answered: bool, lang: str, four: bool) -> str:
    groups = feedback_groups(question) if answered else visible_groups(question, False)
    return "".join(
        cards_html(g.cards, lang=lang, states=group_states(g, answered),
                   layout=spread(g.layout) if answered else g.layout, four_colour=four,
                   caption=g.caption.render(lang))
        for g in groups)


def _quiz_slides(item: QuizItem, index: int, lang: str, four: bool) -> list[Slide]:
    questions = lesson_questions(item)
    out = []
    for n, q in enumerate(questions, start=1):
        facts = tuple(f.render(lang) for f in q.facts)
        choices = tuple(f"{LETTERS[i]}. {c.label.render(lang)}" for i, c in enumerate(q.choices))
        title = t("classroom.question", lang, n=n, count=len(questions))
        ask = t("quiz.ui.pick-all" if q.multiple else "quiz.ui.pick-one", lang)
        out.append(Slide(
            kind="question", item=index, title=title, lines=(*facts, q.prompt.render(lang)),
            text=None, html=_groups_html(q, False, lang, four), ref=q.id,
            subtitle=ask, choices=choices))
        right = tuple(f"✓ {LETTERS[i]}. {c.label.render(lang)}"
                      for i, c in enumerate(q.choices) if c.id in q.correct)
        out.append(Slide(
            kind="answer", item=index, title=t("classroom.answer", lang, n=n,
                                                count=len(questions)),
            lines=(*right, q.explanation.render(lang)),
            text=t("classroom.answer.rule", lang, rule=q.rule),
            html=_groups_html(q, True, lang, four) or _groups_html(q, False, lang, four),
            rules=(q.rule,), ref=q.id))
    return out


# -- the deck ----------------------------------------------------------------------------------


def item_title(item: lessons.Item, lang: str) -> str:
    """A heading for an item: its own title, else the scenario's title or the quiz set."""
    if item.title:
        return lessons.localized(item.title, lang)
    if isinstance(item, ScenarioItem):
        scenario = scenario_files.load(item.game, item.scenario,
                                       GAMES[item.game].plugins.scenario_keys)
        return scenario.title_in(lang)
    what = ", ".join(item.topics or tuple(TYPES[k].title.render(lang) for k in item.kinds))
    return t("classroom.quiz-set", lang, game=t(f"quiz.ui.game.{item.game}", lang), what=what)


def _setting(game: str, name: str, value: Any, lang: str) -> str:
    """An option of a lesson's variant as people read it ("Hand sizes: up from one, then
    back down"), never its code name; the link's own words if the game has no such option."""
    try:
        return GAMES[game].option(name).setting_text(value, lang)
    except (KeyError, TypeError, ValueError):
        return f"{name}: {wkryp.variant_text(name, value)}"


def item_summary(item: lessons.Item, lang: str) -> str:
    """What an item holds, in a few words (for the cover and the outline)."""
    if isinstance(item, ScenarioItem):
        game = t(f"quiz.ui.game.{item.game}", lang)
        if item.variant:
            options = ", ".join(_setting(item.game, k, v, lang) for k, v in item.variant)
            return t("classroom.summary.variant", lang, game=game, options=options)
        return t("classroom.summary.scenario", lang, game=game)
    return t("classroom.summary.quiz", lang, count=item.count, seed=item.seed)


def scenario_slides(item: ScenarioItem, lang: str = "en", four_colour: bool = False,
                    index: int = 0) -> list[Slide]:
    """The step slides of one scenario item (its range only, no title slide)."""
    if item.game == "kachuful":
        return _kachuful_slides(item, index, lang, four_colour)
    return _krypkasino_slides(item, index, lang, four_colour)


def opening_step(game: str, scenario_id: str) -> str | None:
    """The step that shows a scenario's position best on paper: its hand-built position or
    its deal (else its first step); ``None`` when it cannot be built."""
    ids = step_ids(game, scenario_id)
    for step_id in ids:
        if step_id == "position" or step_id == "deal" or step_id.endswith(".deal"):
            return step_id
    return ids[0] if ids else None


def slides(lesson: Lesson, lang: str = "en", four_colour: bool = False) -> list[Slide]:
    """Every slide of ``lesson`` in ``lang``; :class:`LessonError` when an item names a
    step that does not exist (the tests keep the shipped lessons free of that)."""
    outline = tuple(f"{item_title(item, lang)} — {item_summary(item, lang)}"
                    for item in lesson.items)
    minutes = (t("classroom.minutes", lang, minutes=lesson.minutes)
               if lesson.minutes else "")
    deck = [Slide(kind="cover", item=-1, title=lesson.title_in(lang), lines=outline,
                  text=lesson.summary_in(lang) or None, subtitle=minutes)]
    for index, item in enumerate(lesson.items):
        note = lessons.localized(item.note, lang) or None
        deck.append(Slide(kind="item", item=index, title=item_title(item, lang),
                          lines=(item_summary(item, lang),), note=note,
                          subtitle=t("classroom.part", lang, n=index + 1,
                                     count=len(lesson.items))))
        try:
            if isinstance(item, QuizItem):
                deck.extend(_quiz_slides(item, index, lang, four_colour))
            else:
                deck.extend(scenario_slides(item, lang, four_colour, index))
        except (RulesLabError, RecordError, scenario_files.ScenarioError) as exc:
            raise LessonError(f"items[{index}]", str(exc)) from None
    return deck


# -- links -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Link:
    """What a classroom link asks for: a lesson (``None`` when none could be read), the
    1-based slide (checked against the deck later), the view, and the problems."""

    lesson: Lesson | None
    slide_raw: str | None
    student: bool
    problems: tuple[Problem, ...]
    shared: str | None = None  # the packed lesson of an ``l=`` link, to write back


def read_link(params: Mapping[str, str], default: str | None) -> Link:
    """The lesson of ``lesson=<id>`` or ``l=<packed>`` (``l`` wins), else ``default``.
    A tampered packed lesson or an unknown id gives a problem and the default lesson."""
    problems: list[Problem] = []
    lesson: Lesson | None = None
    shared = params.get("l")
    if shared:
        try:
            lesson = lessons.decode_link(shared)
        except LessonError as exc:
            problems.append(Problem("classroom.bad-link", (
                ("problem", escape_markdown(clip(exc.problem, 160))),)))
            shared = None
    else:
        shared = None
    asked = params.get("lesson")
    if lesson is None and asked:
        try:
            lesson = lessons.load(asked)
        except LessonError:
            problems.append(Problem("classroom.bad-lesson", (
                ("value", escape_markdown(clip(asked, 40))),)))
    if lesson is None and default is not None:
        lesson = lessons.load(default)
    student = params.get("view") == "student"
    return Link(lesson, params.get("step"), student, tuple(problems), shared)


def slide_number(raw: str | None, count: int) -> tuple[int, Problem | None]:
    """The 1-based slide a link asks for, within ``1..count`` (with a problem otherwise)."""
    parsed = parse_int(raw, "step", default=1, lo=1, hi=max(count, 1))
    return parsed.value, parsed.problem


def link_query(lesson: Lesson, slide: int, student: bool = False,
               extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The query of a classroom link: a shipped lesson by id, any other packed whole."""
    query: dict[str, str] = dict(extra or {})
    if lesson.id in lessons.ids() and lesson == _shipped(lesson.id):
        query["lesson"] = lesson.id
    else:
        query["l"] = lessons.encode_link(lesson)
    query["step"] = str(slide)
    if student:
        query["view"] = "student"
    return query


def _shipped(lesson_id: str) -> Lesson | None:
    try:
        return lessons.load(lesson_id)
    except LessonError:
        return None


def query_string(query: Mapping[str, Any]) -> str:
    """``k=v&…`` (the packed lesson is URL-safe base64, the rest plain words)."""
    return "&".join(f"{k}={v}" for k, v in query.items())
