"""A lesson as slides: what the projector view, the lesson page and the handouts show.

Pure (no Streamlit): :func:`slides` turns a :class:`~tutorials.lessons.Lesson` into a flat
list of :class:`Slide` values — a cover, then for each item a title slide followed by the
walkthrough steps it names, or, for a quiz set, a question slide and an answer slide per
question. Every fact comes from the walkthrough builders (:mod:`ui.walkthrough.kachuful`,
:mod:`ui.walkthrough.krypkasino`, which ask the engine) and from :mod:`engine.quiz`; cards
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

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import RecordError, RulesLabError
from engine.quiz import TYPES, Question, generate, question_set
from engine.registry import GAMES
from engine.rng import Rng
from engine.seats import LETTERS  # choice labels on a slide: the seats' letters
from tutorials import lessons
from tutorials import scenarios as scenario_files
from tutorials.lessons import Lesson, LessonError, QuestionItem, QuizItem, ScenarioItem
from ui.cards import cards_html
from ui.classroom.lesson_slides import Slide, game_slides, move_item, move_ref, step_range
from ui.i18n import t
from ui.query import Problem, parse_int
from ui.quiz.marking import feedback_groups, group_states, spread, visible_groups
from ui.safe import clip, escape_markdown
from ui.walkthrough import krypkasino as wkryp

__all__ = [
    "LETTERS", "Link", "Slide", "ask_position_html", "item_steps", "move_ref", "own_ref",
    "step_ask", "item_summary", "item_title", "lesson_questions",
    "link_query", "opening_step", "query_string", "read_link", "scenario_slides",
    "slide_number", "slides", "step_ids",
]


# -- walkthroughs ------------------------------------------------------------------------------
# Each game's steps become slides in its own module (ui.lesson_slides_<game>), found through
# the registry by :func:`ui.classroom.lesson_slides.game_slides`.
_BUILD_ERRORS = (ValueError, TypeError, RulesLabError, RecordError, scenario_files.ScenarioError)


def item_steps(item: ScenarioItem, lang: str = "en", where: str = "item") -> tuple[int, int, int]:
    """``(first, last, count)``: the 0-based step range an item shows and the walkthrough's
    length; :class:`LessonError` when a step it names does not exist or the scenario cannot
    be built under its variant."""
    try:
        ids = game_slides(item.game).step_ids(item, lang)
    except (RulesLabError, RecordError, scenario_files.ScenarioError) as exc:
        raise LessonError(where, f"{item.game}/{item.scenario} cannot be built: {exc}") from None
    first, last = step_range(item, ids, where)
    return first, last, len(ids)


def step_ids(game: str, scenario_id: str) -> list[str]:
    """The step ids of a scenario's walkthrough under its own variant (for the builder's
    first/last step menus); ``[]`` when it cannot be built."""
    try:
        return game_slides(game).step_ids(ScenarioItem(game, scenario_id), "en")
    except (KeyError, *_BUILD_ERRORS):
        return []


def ask_position_html(ref: str, lang: str = "en", four: bool = False) -> str:
    """The position of a :func:`move_ref` step *before* its move, with nothing of the move:
    what a class sees while the question is open (the step's own slide tells the move).
    ``""`` when it cannot be built."""
    found = move_item(ref)
    if found is None:
        return ""
    item, step_id = found
    try:
        return game_slides(item.game).ask_position_html(item, step_id, lang, four)
    except _BUILD_ERRORS:
        return ""


def step_ask(ref: str, lang: str = "en") -> Any:
    """The your-move question (``ui.walkthrough.your_move.Ask``) of a :func:`move_ref`, or ``None``."""
    found = move_item(ref)
    if found is None:
        return None
    item, step_id = found
    try:
        return game_slides(item.game).step_ask(item, step_id, lang)
    except _BUILD_ERRORS:
        return None


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


# -- a teacher's own questions -----------------------------------------------------------------


def own_ref(saved: str | None, index: int) -> str:
    """The live question's ref of a teacher's question: ``own:<saved id>.<item index>``
    (the class finds it in the store by that, never by its text); ``""`` for a lesson that
    is not saved (its question is shown but cannot be asked live or set as homework)."""
    return f"own:{saved}.{index}" if saved else ""


def _own_slides(item: QuestionItem, index: int, saved: str | None, lang: str) -> list[Slide]:
    """A teacher's question (its text as written; every renderer escapes it) and its
    answer slide."""
    ref = own_ref(saved, index)
    choices = tuple(f"{LETTERS[i]}. {c}" for i, c in enumerate(item.choices))
    title = t("classroom.question", lang, n=1, count=1)
    return [
        Slide(kind="question", item=index, title=title, lines=(item.ask,), ref=ref,
              subtitle=t("quiz.ui.pick-one", lang), choices=choices),
        Slide(kind="answer", item=index, title=t("classroom.answer", lang, n=1, count=1),
              lines=(f"✓ {choices[item.right]}",),
              text=t("classroom.answer.rule", lang, rule=item.rule), rules=(item.rule,),
              ref=ref),
    ]


# -- the deck ----------------------------------------------------------------------------------


def item_title(item: lessons.Item, lang: str) -> str:
    """A heading for an item: its own title, else the scenario's title or the quiz set."""
    if item.title:
        return lessons.localized(item.title, lang)
    if isinstance(item, ScenarioItem):
        scenario = scenario_files.load(item.game, item.scenario,
                                       GAMES[item.game].plugins.scenario_keys)
        return scenario.title_in(lang)
    if isinstance(item, QuestionItem):
        return t("classroom.own.title", lang, game=t(f"quiz.ui.game.{item.game}", lang))
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
    if isinstance(item, QuestionItem):
        return t("classroom.own.summary", lang, choices=len(item.choices), rule=item.rule)
    return t("classroom.summary.quiz", lang, count=item.count, seed=item.seed)


def scenario_slides(item: ScenarioItem, lang: str = "en", four_colour: bool = False,
                    index: int = 0) -> list[Slide]:
    """The step slides of one scenario item (its range only, no title slide)."""
    return game_slides(item.game).slides(item, index, lang, four_colour)


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
            elif isinstance(item, QuestionItem):
                deck.extend(_own_slides(item, index, lesson.saved, lang))
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
