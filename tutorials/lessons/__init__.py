"""Lessons: an ordered list of walkthrough scenarios and quiz sets a teacher shows a class.

A lesson is one small JSON file, ``tutorials/lessons/<id>.json`` (``<id>``: lower-case
letters, digits and ``-``), or the same document packed into a link (:func:`encode_link`).
This module reads and checks it with the standard library and the engine only; the steps a
scenario item names are checked against the built walkthrough by :mod:`ui.classroom.deck`.

The format, ``"format": "rules-lab-lesson/1"``::

    {
      "format": "rules-lab-lesson/1",
      "title": {"en": "Kachuful in 20 minutes", "es": "…", "pt": "…"},   # en required
      "summary": {"en": "…"},                          # optional
      "minutes": 20,                                   # optional, 1..240
      "order": 1,                                      # optional: position in menus
      "items": [                                       # 1..40 items, shown in this order
        {"scenario": "worked-example", "game": "kachuful",
         "start": "h11.deal", "end": 12,               # optional: step id or number (1-based)
         "variant": {"hook_rule": false},              # optional: options on top of the file's
         "note": {"en": "Ask who may not bid 1."}},    # optional: for the teacher
        {"quiz": "kachuful", "topics": ["K-9", "K-11"],  # rule IDs, or
         "kinds": ["k-bids"],                          # question kinds (one of the two)
         "seed": 7, "count": 3,                        # fixed seed; 1..20 questions
         "title": {"en": "…"}, "note": {"en": "…"}},
        {"ask": "Who may not bid 1 here?", "game": "kachuful",   # a teacher's question:
         "choices": ["The dealer", "Nobody"],          # 2..6 choices (each <= 120 chars)
         "right": 0, "rule": "K-9"}                    # the right choice (0-based), a rule ID
      ],
      "saved": "Xy3…"                                  # optional: its id in the site's store
    }

A teacher's question is the teacher's own words, shown as written (never as markdown):
``ask`` at most 300 characters, each choice at most 120, no line breaks or control
characters; ``rule`` is one of the game's rule IDs (:func:`engine.quiz.rules_of`).
``saved`` is set by the site when the lesson is kept in its store (:mod:`store.lessons`):
a live class or a homework finds a teacher's question by that id and
the item's index (``own:<saved>.<index>``, :mod:`ui.classroom.live`), never by its text.

A localized text is ``{"en": …, "es": …, "pt": …}`` with ``en`` required, or a plain string
(any language): a lesson built on the page carries the teacher's own words.

>>> doc = {"format": FORMAT, "title": "Hook", "items": [{"quiz": "kachuful",
...        "topics": ["K-9"], "seed": 7, "count": 2}]}
>>> lesson = check(doc, "shared")
>>> lesson.items[0].topics, decode_link(encode_link(lesson)) == lesson
(('K-9',), True)
>>> try:
...     decode_link("1.not-a-lesson")
... except LessonError as exc:
...     print(exc)
link: the lesson in this link is damaged or incomplete
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.errors import RecordError, RulesLabError
from engine.quiz import COVERAGE, MAX_SEED, TYPES, rules_of
from engine.recordio import join, load_json
from engine.registry import GAME_IDS, game_named
from tutorials import scenarios

__all__ = [
    "FORMAT", "GAMES", "LINK_VERSION", "Lesson", "LessonError", "QuestionItem", "QuizItem",
    "ScenarioItem",
    "check", "decode_link", "encode_link", "ids", "load", "load_all", "localized",
    "path_of", "to_doc",
]

FORMAT = "rules-lab-lesson/1"
#: The version written in front of every lesson link (``1.<data>``).
LINK_VERSION = "1"
GAMES: tuple[str, ...] = GAME_IDS  # the registry's
LANGS: tuple[str, ...] = scenarios.LANGS
ROOT = Path(__file__).resolve().parent
MAX_ITEMS = 40
MAX_QUESTIONS = 20
MAX_LINK = 6000  # characters: a link longer than this is not a lesson built on the page
MAX_FILE = 500_000  # characters of a lesson file or upload
_ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
_STEP_ID_RE = re.compile(r"^[A-Za-z0-9#._-]{1,40}$")
_SCENARIO_KEYS = ("scenario", "game", "start", "end", "variant", "note", "title")
_QUIZ_KEYS = ("quiz", "topics", "kinds", "seed", "count", "note", "title")
_QUESTION_KEYS = ("ask", "game", "choices", "right", "rule", "note", "title")
_TOP_KEYS = ("format", "title", "summary", "minutes", "order", "items", "saved")
MAX_ASK = 300
MAX_CHOICE = 120
MIN_CHOICES, MAX_CHOICES = 2, 6
#: A saved lesson's id in the store (:func:`store.lessons.new_id`: 16 URL-safe characters).
SAVED_RE = re.compile(r"^[A-Za-z0-9_-]{16}$")

Localized = Mapping[str, str]
StepRef = int | str | None


class LessonError(ValueError):
    """A lesson that cannot be used: ``where`` names the file or link and the field."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}")


@dataclass(frozen=True)
class ScenarioItem:
    """A walkthrough scenario, from step ``start`` to ``end`` (ids or 1-based numbers;
    ``None``: the first / the last step), under the file's variant with ``variant`` on top."""

    game: str
    scenario: str
    start: StepRef = None
    end: StepRef = None
    variant: tuple[tuple[str, Any], ...] = ()
    note: Localized | None = None
    title: Localized | None = None

    kind = "scenario"


@dataclass(frozen=True)
class QuizItem:
    """A fixed quiz set: ``count`` questions of ``game`` on rule IDs ``topics`` or of the
    question ``kinds``, made from ``seed`` (the same questions every time)."""

    game: str
    seed: int
    count: int
    topics: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    note: Localized | None = None
    title: Localized | None = None

    kind = "quiz"


@dataclass(frozen=True)
class QuestionItem:
    """A teacher's own question: ``ask`` and ``choices`` as the teacher wrote them, the
    0-based ``right`` choice and the ``rule`` it tests."""

    game: str
    ask: str
    choices: tuple[str, ...]
    right: int
    rule: str
    note: Localized | None = None
    title: Localized | None = None

    kind = "question"


Item = ScenarioItem | QuizItem | QuestionItem


@dataclass(frozen=True)
class Lesson:
    """A checked lesson. ``id`` is the file name (``"shared"`` for a lesson from a link)."""

    id: str
    title: Localized
    items: tuple[Item, ...]
    summary: Localized | None = None
    minutes: int | None = None
    order: int = 100
    saved: str | None = None  # its id in the site's store (store.lessons), if kept there

    def title_in(self, lang: str) -> str:
        return localized(self.title, lang)

    def summary_in(self, lang: str) -> str:
        return localized(self.summary, lang) if self.summary else ""


def localized(text: Localized | str | None, lang: str) -> str:
    """``text`` in ``lang``, else English, else its first language; ``""`` for ``None``."""
    if text is None:
        return ""
    if isinstance(text, str):
        return text
    return text.get(lang) or text.get("en") or next(iter(text.values()), "")


# -- checking ------------------------------------------------------------------------------


def _whole(value: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise LessonError(where, f"must be a whole number from {lo} to {hi}")
    return value


def _text(value: Any, where: str) -> Localized:
    if isinstance(value, str):
        if not value.strip() or len(value) > 2000:
            raise LessonError(where, "must be a non-empty text of at most 2000 characters")
        return {"*": value}
    if not isinstance(value, dict) or not value:
        raise LessonError(where, "must be a text or an object of texts by language")
    for lang, text in value.items():
        if lang not in LANGS:
            raise LessonError(join(where, str(lang)), f"unknown language (use {', '.join(LANGS)})")
        if not isinstance(text, str) or not text.strip() or len(text) > 2000:
            raise LessonError(f"{where}.{lang}", "must be a non-empty text of at most 2000 "
                              "characters")
    if "en" not in value:
        raise LessonError(where, "needs an English text ('en'), the fallback of every language")
    return dict(value)


def _plain(text: Localized) -> Localized:
    """A text read from a plain string is the same in every language."""
    if "*" in text:
        return {lang: text["*"] for lang in LANGS}
    return text


def _keys(doc: Mapping[str, Any], allowed: tuple[str, ...], where: str) -> None:
    for key in doc:
        if key not in allowed:
            raise LessonError(join(where, str(key)), f"unknown key (allowed: {', '.join(allowed)})")


def _step_ref(value: Any, where: str) -> StepRef:
    if value is None:
        return None
    if isinstance(value, str) and _STEP_ID_RE.match(value):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 5000:
        return value
    raise LessonError(where, "must be a step id (such as h11.deal) or a step number from 1")


def _variant(game: str, value: Any, where: str) -> tuple[tuple[str, Any], ...]:
    if not isinstance(value, dict):
        raise LessonError(where, "must be an object of variant options")
    try:
        game_named(game).rules(value)
    except RulesLabError as exc:
        raise LessonError(where, exc.sentence) from None
    return tuple(sorted(value.items()))


def _scenario_item(raw: Mapping[str, Any], where: str) -> ScenarioItem:
    _keys(raw, _SCENARIO_KEYS, where)
    game = raw.get("game")
    if game not in GAMES:
        raise LessonError(f"{where}.game", f"must be one of {', '.join(GAMES)}")
    sid = raw["scenario"]
    if not isinstance(sid, str) or sid not in scenarios.ids(game):
        raise LessonError(f"{where}.scenario", f"no scenario {str(sid)[:40]!r} for {game} "
                          f"(tutorials/scenarios/{game}/)")
    return ScenarioItem(
        game=game, scenario=sid,
        start=_step_ref(raw.get("start"), f"{where}.start"),
        end=_step_ref(raw.get("end"), f"{where}.end"),
        variant=_variant(game, raw.get("variant", {}), f"{where}.variant"),
        note=_plain(_text(raw["note"], f"{where}.note")) if "note" in raw else None,
        title=_plain(_text(raw["title"], f"{where}.title")) if "title" in raw else None,
    )


def _quiz_item(raw: Mapping[str, Any], where: str) -> QuizItem:
    _keys(raw, _QUIZ_KEYS, where)
    game = raw["quiz"]
    if game not in GAMES:
        raise LessonError(f"{where}.quiz", f"must be one of {', '.join(GAMES)} (the game)")
    prefix = game_named(game).rule_prefix
    topics = raw.get("topics", [])
    kinds = raw.get("kinds", [])
    if not isinstance(topics, list) or not isinstance(kinds, list):
        raise LessonError(where, "topics and kinds are lists")
    if bool(topics) == bool(kinds):
        raise LessonError(where, "give either topics (rule IDs) or kinds (question kinds)")
    for i, rule in enumerate(topics):
        if not isinstance(rule, str) or not rule.startswith(prefix) or rule not in COVERAGE:
            raise LessonError(f"{where}.topics[{i}]", f"not a {game} rule with questions "
                              f"({', '.join(r for r in COVERAGE if r.startswith(prefix))})")
    for i, kind in enumerate(kinds):
        if not isinstance(kind, str) or kind not in TYPES or TYPES[kind].game != game:
            raise LessonError(f"{where}.kinds[{i}]", f"not a {game} question kind "
                              f"({', '.join(k for k, v in TYPES.items() if v.game == game)})")
    return QuizItem(
        game=game,
        seed=_whole(raw.get("seed"), f"{where}.seed", 0, MAX_SEED),
        count=_whole(raw.get("count", 3), f"{where}.count", 1, MAX_QUESTIONS),
        topics=tuple(topics), kinds=tuple(kinds),
        note=_plain(_text(raw["note"], f"{where}.note")) if "note" in raw else None,
        title=_plain(_text(raw["title"], f"{where}.title")) if "title" in raw else None,
    )


def _own_text(value: Any, where: str, limit: int) -> str:
    """A teacher's one-line text: 1..``limit`` printable characters, kept as written."""
    if not isinstance(value, str) or not value.strip():
        raise LessonError(where, "must be a non-empty text")
    if len(value) > limit:
        raise LessonError(where, f"must be at most {limit} characters (it has {len(value)})")
    if not value.isprintable():
        raise LessonError(where, "must be one line without control characters")
    return value.strip()


def _question_item(raw: Mapping[str, Any], where: str) -> QuestionItem:
    _keys(raw, _QUESTION_KEYS, where)
    game = raw.get("game")
    if game not in GAMES:
        raise LessonError(f"{where}.game", f"must be one of {', '.join(GAMES)}")
    ask = _own_text(raw["ask"], f"{where}.ask", MAX_ASK)
    choices = raw.get("choices")
    if not isinstance(choices, list) or not MIN_CHOICES <= len(choices) <= MAX_CHOICES:
        raise LessonError(f"{where}.choices", f"must be a list of {MIN_CHOICES} to "
                          f"{MAX_CHOICES} choices")
    texts = tuple(_own_text(c, f"{where}.choices[{i}]", MAX_CHOICE)
                  for i, c in enumerate(choices))
    if len(set(texts)) != len(texts):
        raise LessonError(f"{where}.choices", "two choices are the same")
    right = _whole(raw.get("right"), f"{where}.right", 0, len(texts) - 1)
    rules = rules_of(game)
    rule = raw.get("rule")
    if not isinstance(rule, str) or rule not in rules:
        raise LessonError(f"{where}.rule", f"must be a {game} rule ID ({', '.join(rules)})")
    return QuestionItem(
        game=game, ask=ask, choices=texts, right=right, rule=rule,
        note=_plain(_text(raw["note"], f"{where}.note")) if "note" in raw else None,
        title=_plain(_text(raw["title"], f"{where}.title")) if "title" in raw else None,
    )


def check(doc: Any, lesson_id: str) -> Lesson:
    """Check a parsed lesson document (see the module docstring); raise
    :class:`LessonError` naming the field."""
    where = lesson_id
    if not isinstance(doc, dict):
        raise LessonError(where, "a lesson is one JSON object")
    _keys(doc, _TOP_KEYS, where)
    for key in ("format", "title", "items"):
        if key not in doc:
            raise LessonError(f"{where}.{key}", "missing")
    if doc["format"] != FORMAT:
        raise LessonError(f"{where}.format", f"must be {FORMAT!r}")
    raw_items = doc["items"]
    if not isinstance(raw_items, list) or not 1 <= len(raw_items) <= MAX_ITEMS:
        raise LessonError(f"{where}.items", f"must be a list of 1 to {MAX_ITEMS} items")
    items: list[Item] = []
    for i, raw in enumerate(raw_items):
        here = f"{where}.items[{i}]"
        if not isinstance(raw, dict):
            raise LessonError(here, "must be an object")
        if sum(k in raw for k in ("scenario", "quiz", "ask")) != 1:
            raise LessonError(here, "give one of scenario (with game), quiz (the game) or "
                              "ask (a question, with game)")
        if "ask" in raw:
            items.append(_question_item(raw, here))
        else:
            items.append(_scenario_item(raw, here) if "scenario" in raw
                         else _quiz_item(raw, here))
    minutes = doc.get("minutes")
    saved = doc.get("saved")
    if saved is not None and (not isinstance(saved, str) or not SAVED_RE.match(saved)):
        raise LessonError(f"{where}.saved", "must be a saved lesson's id (16 letters, digits, "
                          "- or _)")
    return Lesson(
        id=lesson_id,
        title=_plain(_text(doc["title"], f"{where}.title")),
        items=tuple(items),
        summary=_plain(_text(doc["summary"], f"{where}.summary")) if "summary" in doc else None,
        minutes=None if minutes is None else _whole(minutes, f"{where}.minutes", 1, 240),
        order=_whole(doc.get("order", 100), f"{where}.order", 0, 10_000),
        saved=saved,
    )


def _text_doc(text: Localized) -> Localized | str:
    values = set(text.values())
    if len(values) == 1 and set(text) == set(LANGS):
        return next(iter(values))
    return dict(text)


def to_doc(lesson: Lesson) -> dict[str, Any]:
    """The JSON document of ``lesson`` (what a file holds; :func:`check` reads it back)."""
    items: list[dict[str, Any]] = []
    for item in lesson.items:
        raw: dict[str, Any]
        if isinstance(item, ScenarioItem):
            raw = {"scenario": item.scenario, "game": item.game}
            for key in ("start", "end"):
                if getattr(item, key) is not None:
                    raw[key] = getattr(item, key)
            if item.variant:
                raw["variant"] = dict(item.variant)
        elif isinstance(item, QuestionItem):
            raw = {"ask": item.ask, "game": item.game, "choices": list(item.choices),
                   "right": item.right, "rule": item.rule}
        else:
            raw = {"quiz": item.game}
            if item.topics:
                raw["topics"] = list(item.topics)
            if item.kinds:
                raw["kinds"] = list(item.kinds)
            raw["seed"], raw["count"] = item.seed, item.count
        if item.title:
            raw["title"] = _text_doc(item.title)
        if item.note:
            raw["note"] = _text_doc(item.note)
        items.append(raw)
    doc: dict[str, Any] = {"format": FORMAT, "title": _text_doc(lesson.title)}
    if lesson.summary:
        doc["summary"] = _text_doc(lesson.summary)
    if lesson.minutes is not None:
        doc["minutes"] = lesson.minutes
    if lesson.order != 100:
        doc["order"] = lesson.order
    doc["items"] = items
    if lesson.saved:
        doc["saved"] = lesson.saved
    return doc


# -- files -----------------------------------------------------------------------------------


def path_of(lesson_id: str) -> Path:
    return ROOT / f"{lesson_id}.json"


def ids() -> list[str]:
    """The lesson ids (file names), sorted by name."""
    return sorted(p.stem for p in ROOT.glob("*.json") if _ID_RE.match(p.stem))


def load(lesson_id: str) -> Lesson:
    """Read and check ``tutorials/lessons/<lesson_id>.json``."""
    if not _ID_RE.match(lesson_id) or not path_of(lesson_id).is_file():
        raise LessonError(lesson_id, "no such lesson")
    return parse(path_of(lesson_id).read_bytes(), lesson_id)


def parse(data: str | bytes, lesson_id: str) -> Lesson:
    """A lesson from JSON text (a file, an upload): :func:`engine.recordio.load_json`'s
    limits (size, 32 levels of nesting) apply before it is read, then :func:`check`."""
    try:
        doc = load_json(data, max_chars=MAX_FILE)
    except RecordError as exc:
        raise LessonError(lesson_id, str(exc)) from None
    return check(doc, lesson_id)


def load_all() -> list[Lesson]:
    """Every lesson file, in menu order (``order``, then id)."""
    return sorted((load(i) for i in ids()), key=lambda lesson: (lesson.order, lesson.id))


# -- links -------------------------------------------------------------------------------------


def encode_link(lesson: Lesson) -> str:
    """The lesson packed for a link: ``1.`` then the compressed JSON in URL-safe base64
    (zlib's checksum makes a damaged link fail instead of showing another lesson)."""
    text = json.dumps(to_doc(lesson), ensure_ascii=False, separators=(",", ":"),
                      sort_keys=True)
    packed = base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii")
    return f"{LINK_VERSION}.{packed.rstrip('=')}"


def decode_link(value: str, lesson_id: str = "shared") -> Lesson:
    """The lesson of a link value made by :func:`encode_link`; :class:`LessonError`
    (``where`` = ``"link"``) for another version, a damaged value or a bad lesson."""
    version, dot, packed = value.strip().partition(".")
    if not dot or version != LINK_VERSION:
        raise LessonError("link", f"not a lesson link of version {LINK_VERSION}")
    if len(value) > MAX_LINK:
        raise LessonError("link", "the lesson in this link is too long")
    try:
        raw = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
        unpack = zlib.decompressobj()
        data = unpack.decompress(raw, 200_000)
        if unpack.unconsumed_tail or not unpack.eof:
            raise ValueError("too long or incomplete")
        doc = load_json(data, max_chars=200_000)
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError):
        raise LessonError("link", "the lesson in this link is damaged or incomplete") from None
    try:
        return check(doc, lesson_id)
    except LessonError as exc:
        raise LessonError("link", f"{exc.where}: {exc.problem}") from None
