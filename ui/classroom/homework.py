"""Homework (issue 29), the parts without Streamlit: which questions a lesson sets, the
link's fields read as hostile input, the due time, the teacher's table per student and
rule, and the CSV.

A homework is a lesson (a shipped one or one built on the lessons page, packed) with a due
time; its questions are those a live class could be asked on its slides
(:func:`ui.classroom.live.slide_question`: the quiz questions, the walkthroughs' "your move" steps),
each judged by the engine (:func:`ui.classroom.live.resolve`). Links of ``/homework``:
``hw=<code>`` (a student's start), ``hw=<code>&s=<student's token>`` (their own work),
``hw=<code>&key=<teacher's key>`` (the results).

>>> read_code("abc-defg"), read_code("<script>"), read_secret("x" * 65), read_secret("Ab_-9")
('ABCDEFG', None, None, 'Ab_-9')
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from babel.dates import format_date, format_time

from store.core import normalise_code
from ui.classroom import live
from ui.classroom.deck import Slide
from ui.i18n import t

__all__ = ["Cell", "Task", "due_ms", "due_text", "grid", "read_code", "read_secret",
           "results_csv", "tasks", "zone"]

_SECRET_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


@dataclass(frozen=True)
class Task:
    """One question of a homework: its ref (the live question's), its slide's place in
    the lesson (1-based) and its rule."""

    ref: str
    slide: int
    rule: str


def tasks(deck: Sequence[Slide], lang: str = "en") -> list[Task]:
    """The questions a lesson's slides set, in order, each once."""
    out: list[Task] = []
    seen: set[str] = set()
    for n, slide in enumerate(deck, start=1):
        ref = live.slide_question(slide)
        if not ref or ref in seen:
            continue
        question = live.resolve(ref, lang)
        if question is None:
            continue
        seen.add(ref)
        out.append(Task(ref, n, question.rule))
    return out


def read_code(raw: object) -> str | None:
    """A homework code from a link (any case, dashes), or ``None``."""
    return normalise_code(raw) if isinstance(raw, str) and len(raw) <= 20 else None


def read_secret(raw: object) -> str | None:
    """A key or token from a link: URL-safe characters, at most 64, or ``None``."""
    return raw if isinstance(raw, str) and _SECRET_RE.match(raw) else None


def zone(name: str | None) -> dt.tzinfo:
    """The browser's time zone (``st.context.timezone``), UTC when unknown or not a zone."""
    if not name or len(name) > 64:
        return dt.UTC
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return dt.UTC


def due_ms(day: dt.date, time: dt.time, tz: dt.tzinfo) -> int:
    """The epoch milliseconds of ``day`` at ``time`` in ``tz``.

    >>> due_ms(dt.date(2027, 1, 2), dt.time(0, 0), dt.UTC)
    1798848000000
    """
    return int(dt.datetime.combine(day, time, tzinfo=tz).timestamp() * 1000)


def due_text(ms: int, tz: dt.tzinfo, lang: str) -> str:
    """A due time as people read it, in their language and zone.

    >>> due_text(1798848000000, dt.UTC, "es")
    '2 ene 2027, 0:00 (UTC)'
    """
    when = dt.datetime.fromtimestamp(ms / 1000, tz)
    name = when.tzname() or "UTC"
    return f"{format_date(when, 'medium', locale=lang)}, {format_time(when, 'short', locale=lang)} ({name})"


@dataclass(frozen=True)
class Cell:
    """One student's answers on one rule: right, answered, late (answered after the due
    time), of ``asked`` questions on that rule."""

    right: int
    answered: int
    late: int
    asked: int

    def text(self) -> str:
        return f"{self.right}/{self.asked}" if self.answered else "–"


def grid(results: Any, task_list: Sequence[Task]) -> tuple[list[str], list[tuple[Any, dict[str,
                                                                                   Cell]]]]:
    """The rules the homework asks about (in order of first question) and, per student who
    started (in the order they joined), a :class:`Cell` per rule."""
    rules = list(dict.fromkeys(task.rule for task in task_list))
    asked = {r: sum(1 for task in task_list if task.rule == r) for r in rules}
    rule_of = {task.ref: task.rule for task in task_list}
    rows = []
    for s in results.students:
        mine = [a for a in results.answers if a.student == s.id and a.ref in rule_of]
        cells = {}
        for r in rules:
            on = [a for a in mine if rule_of[a.ref] == r]
            cells[r] = Cell(sum(a.right for a in on), len(on), sum(a.late for a in on), asked[r])
        rows.append((s, cells))
    return rules, rows


def _cell(text: str) -> str:
    # A student's or teacher's text: a spreadsheet must not read it as a formula.
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def results_csv(results: Any, lang: str) -> str:
    """One row per answer, and one for each student who started and answered nothing:
    student id, name, question text, rule, answer, right, the answer's time (UTC,
    ISO 8601), late."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([t(f"homework.csv.{c}", lang) for c in (
        "id", "student", "text", "rule", "answer", "right", "time", "late")])
    names = live.display_names(results.students)
    yes, no = t("live.csv.yes", lang), t("live.csv.no", lang)
    for s in results.students:
        mine = [a for a in results.answers if a.student == s.id]
        if not mine:
            writer.writerow([s.id, _cell(names[s.id]), "", "", "", "", "", ""])
        for a in mine:
            when = dt.datetime.fromtimestamp(a.answered_ms / 1000, dt.UTC).isoformat(
                timespec="seconds").replace("+00:00", "Z")
            writer.writerow([s.id, _cell(names[s.id]), _cell(a.prompt), a.rule,
                             _cell(a.answer_text), yes if a.right else no, when,
                             yes if a.late else no])
    return out.getvalue()
