"""Homework (issue 29): a lesson that students do at their own pace before a due time, and
the teacher's results, kept in the site's store (:class:`store.core.Store`, SQLite or
PostgreSQL; schema: migration 8 of :mod:`store.migrations`).

Keys, as for a live class: a homework has a public code (the students' link) and a
teacher's key (192 random bits, only its SHA-256 kept); a student gets a token when giving
their name. Every answer names the question (``ref``: ``quiz:<id>``, ``move:<step>``), its
rule and its text as the student saw it; the first answer to a question stands.

After the due time the link still opens and answers are still kept, each marked late by its
time (docs/DECISIONS.md: teachers want to see late work, told apart). A homework is deleted
:data:`KEEP_AFTER_DUE_MS` after its due time with its students and answers.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import sqlalchemy as sa

from store.core import (
    ALPHABET,
    CODE_LENGTH,
    MAX_LESSON,
    MAX_NAME,
    MAX_STUDENTS,
    Forbidden,
    Joined,
    Opened,
    Refused,
    Store,
    guarded,
    now_ms,
)

__all__ = ["DAY_MS", "KEEP_AFTER_DUE_MS", "MAX_DUE_DAYS", "MAX_QUESTIONS", "Homework",
           "HomeworkAnswer", "HomeworkResults", "HomeworkStudent", "answer", "answers_of",
           "create", "expire", "get", "join", "results", "student"]

DAY_MS = 24 * 3600 * 1000
MAX_DUE_DAYS = 90
KEEP_AFTER_DUE_MS = 30 * DAY_MS
MAX_QUESTIONS = 200
MAX_REF = 200
MAX_PROMPT = 1000
MAX_ANSWER = 500
MAX_CHOSEN = 26

Outcome = Literal["counted", "already"]

_homework = sa.table(
    "homework", sa.column("code"), sa.column("teacher_hash"), sa.column("lesson"),
    sa.column("lang"), sa.column("due_ms"), sa.column("created_ms"), sa.column("expires_ms"))
_students = sa.table(
    "homework_students", sa.column("homework"), sa.column("id"), sa.column("token_hash"),
    sa.column("name"), sa.column("joined_ms"))
_answers = sa.table(
    "homework_answers", sa.column("homework"), sa.column("student"), sa.column("ref"),
    sa.column("rule"), sa.column("prompt"), sa.column("chosen"), sa.column("answer_text"),
    sa.column("is_right"), sa.column("answered_ms"))


@dataclass(frozen=True)
class Homework:
    code: str
    lesson: str  # the packed lesson (tutorials.lessons.encode_link)
    lang: str
    due_ms: int
    created_ms: int

    def is_past(self, now: int | None = None) -> bool:
        return (now_ms() if now is None else now) > self.due_ms


@dataclass(frozen=True)
class HomeworkStudent:
    homework: str
    id: str
    name: str
    joined_ms: int


@dataclass(frozen=True)
class HomeworkAnswer:
    student: str
    ref: str
    rule: str
    prompt: str
    chosen: tuple[str, ...]
    answer_text: str
    right: bool
    answered_ms: int
    late: bool


@dataclass(frozen=True)
class HomeworkResults:
    homework: Homework
    students: tuple[HomeworkStudent, ...]  # in the order they joined
    answers: tuple[HomeworkAnswer, ...]  # in the order they were given


def hash_secret(secret: str) -> str:
    """What is kept of a key or token: its SHA-256."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def _row_homework(row: sa.Row[object]) -> Homework:
    m = row._mapping
    return Homework(str(m["code"]), str(m["lesson"]), str(m["lang"]), int(m["due_ms"]),
                    int(m["created_ms"]))


@guarded
def create(store: Store, lesson: str, lang: str, due_ms: int,
           now: int | None = None) -> Opened:
    """New homework on ``lesson`` (a packed lesson), due at ``due_ms`` (epoch ms): after now,
    within :data:`MAX_DUE_DAYS` days."""
    now = now_ms() if now is None else now
    if not lesson or len(lesson) > MAX_LESSON:
        raise Refused("lesson", f"must be a packed lesson of at most {MAX_LESSON} characters")
    if not isinstance(due_ms, int) or not now < due_ms <= now + MAX_DUE_DAYS * DAY_MS:
        raise Refused("due", f"must be after now and within {MAX_DUE_DAYS} days")
    expire(store, now)
    key = secrets.token_urlsafe(24)
    for _ in range(8):
        code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
        try:
            with store.engine.connect() as conn:
                conn.execution_options(write=True)
                with conn.begin():
                    conn.execute(sa.insert(_homework).values(
                        code=code, teacher_hash=hash_secret(key), lesson=lesson,
                        lang=lang[:5], due_ms=due_ms, created_ms=now,
                        expires_ms=due_ms + KEEP_AFTER_DUE_MS))
            return Opened(code, key)
        except sa.exc.IntegrityError:
            continue  # the code is taken: draw another
    raise RuntimeError("no free homework code after 8 draws")


def _open(conn: sa.Connection, code: str, now: int) -> Homework | None:
    row = conn.execute(sa.select(_homework).where(_homework.c.code == code)).first()
    if row is None or int(row._mapping["expires_ms"]) < now:
        return None
    return _row_homework(row)


@guarded
def get(store: Store, code: str, now: int | None = None) -> Homework | None:
    """The homework of ``code`` (``None``: no such homework, or it was deleted)."""
    now = now_ms() if now is None else now
    with store.engine.connect() as conn:
        return _open(conn, code, now)


@guarded
def join(store: Store, code: str, name: str, now: int | None = None) -> Joined:
    """A student starts the homework under a display name (cleaned by the page)."""
    now = now_ms() if now is None else now
    if not name or len(name) > MAX_NAME or not name.isprintable():
        raise Refused("name", f"must be 1 to {MAX_NAME} printable characters")
    token = secrets.token_urlsafe(18)
    sid = secrets.token_hex(6)
    with store.engine.connect() as conn:
        conn.execution_options(write=True)
        with conn.begin():
            if _open(conn, code, now) is None:
                raise Forbidden("no homework has this code")
            count = conn.execute(sa.select(sa.func.count()).select_from(_students)
                                 .where(_students.c.homework == code)).scalar_one()
            if count >= MAX_STUDENTS:
                raise Refused("homework", f"is full ({MAX_STUDENTS} students)")
            conn.execute(sa.insert(_students).values(
                homework=code, id=sid, token_hash=hash_secret(token), name=name, joined_ms=now))
    return Joined(sid, token)


@guarded
def student(store: Store, code: str, token: str) -> HomeworkStudent | None:
    """The student whose token this is, if they do homework ``code``."""
    if not token or len(token) > 64:
        return None
    with store.engine.connect() as conn:
        row = conn.execute(sa.select(_students).where(
            _students.c.token_hash == hash_secret(token))).first()
    if row is None or row.homework != code:
        return None
    return HomeworkStudent(code, str(row.id), str(row.name), int(row.joined_ms))


@guarded
def answer(store: Store, code: str, token: str, ref: str, rule: str, prompt: str,
           chosen: Sequence[str], answer_text: str, right: bool,
           now: int | None = None) -> Outcome:
    """A student's answer: ``counted`` (the first) or ``already`` (the first stands)."""
    now = now_ms() if now is None else now
    me = student(store, code, token)
    if me is None:
        raise Forbidden("this link is not a student of this homework")
    if not ref or len(ref) > MAX_REF:
        raise Refused("ref", f"must be 1 to {MAX_REF} characters")
    if not rule or len(rule) > 12:
        raise Refused("rule", "must be a rule ID")
    if not chosen or len(chosen) > MAX_CHOSEN or any(len(c) > 64 for c in chosen):
        raise Refused("chosen", f"must be 1 to {MAX_CHOSEN} choices")
    with store.engine.connect() as conn:
        conn.execution_options(write=True)
        with conn.begin():
            if _open(conn, code, now) is None:
                raise Forbidden("no homework has this code")
            have = conn.execute(sa.select(_answers.c.ref).where(
                (_answers.c.homework == code) & (_answers.c.student == me.id)
                & (_answers.c.ref == ref))).first()
            if have is not None:
                return "already"
            count = conn.execute(sa.select(sa.func.count()).select_from(_answers).where(
                (_answers.c.homework == code) & (_answers.c.student == me.id))).scalar_one()
            if count >= MAX_QUESTIONS:
                raise Refused("ref", f"at most {MAX_QUESTIONS} answers per student")
            conn.execute(sa.insert(_answers).values(
                homework=code, student=me.id, ref=ref, rule=rule, prompt=prompt[:MAX_PROMPT],
                chosen=json.dumps(list(chosen)), answer_text=answer_text[:MAX_ANSWER],
                is_right=int(right), answered_ms=now))
    return "counted"


def _answers_of(conn: sa.Connection, hw: Homework, where: sa.ColumnElement[bool]
                ) -> tuple[HomeworkAnswer, ...]:
    rows = conn.execute(sa.select(_answers).where(where).order_by(
        _answers.c.answered_ms, _answers.c.student, _answers.c.ref)).all()
    return tuple(HomeworkAnswer(
        str(r.student), str(r.ref), str(r.rule), str(r.prompt), tuple(json.loads(r.chosen)),
        str(r.answer_text), bool(r.is_right), int(r.answered_ms),
        int(r.answered_ms) > hw.due_ms) for r in rows)


@guarded
def answers_of(store: Store, code: str, token: str,
               now: int | None = None) -> dict[str, HomeworkAnswer]:
    """The student's own answers by question ref (``{}`` for a token not of ``code``)."""
    now = now_ms() if now is None else now
    me = student(store, code, token)
    if me is None:
        return {}
    with store.engine.connect() as conn:
        hw = _open(conn, code, now)
        if hw is None:
            return {}
        found = _answers_of(conn, hw, (_answers.c.homework == code)
                            & (_answers.c.student == me.id))
    return {a.ref: a for a in found}


@guarded
def results(store: Store, code: str, key: str, now: int | None = None) -> HomeworkResults:
    """Every student and answer of the homework (the teacher's key opens them)."""
    now = now_ms() if now is None else now
    with store.engine.connect() as conn:
        row = conn.execute(sa.select(_homework).where(_homework.c.code == code)).first()
        if row is None or int(row._mapping["expires_ms"]) < now or not key or \
                not hmac.compare_digest(str(row._mapping["teacher_hash"]), hash_secret(key)):
            raise Forbidden("this link does not open the results of this homework")
        hw = _row_homework(row)
        people = conn.execute(sa.select(_students).where(_students.c.homework == code)
                              .order_by(_students.c.joined_ms, _students.c.id)).all()
        found = _answers_of(conn, hw, _answers.c.homework == code)
    return HomeworkResults(hw, tuple(HomeworkStudent(code, str(p.id), str(p.name),
                                                     int(p.joined_ms)) for p in people), found)


@guarded
def expire(store: Store, now: int | None = None) -> int:
    """Delete the homework kept past its time (with its students and answers)."""
    now = now_ms() if now is None else now
    with store.engine.connect() as conn:
        conn.execution_options(write=True)
        with conn.begin():
            codes = [r.code for r in conn.execute(sa.select(_homework.c.code).where(
                _homework.c.expires_ms < now)).all()]
            if codes:
                conn.execute(sa.delete(_answers).where(_answers.c.homework.in_(codes)))
                conn.execute(sa.delete(_students).where(_students.c.homework.in_(codes)))
                conn.execute(sa.delete(_homework).where(_homework.c.code.in_(codes)))
    return len(codes)
