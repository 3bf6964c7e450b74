"""The storage of live classes and learners' progress: :class:`Store`.

Everything is keyed by secrets the caller holds, never by who the caller says it is:

* a **class** has a public join code (:data:`CODE_LENGTH` characters of :data:`ALPHABET`, so
  ``31**7`` ≈ 2.75 × 10¹⁰ codes) and a teacher's key (192 random bits) that only its
  opener gets; the database keeps the key's SHA-256, and every call that drives, ends,
  deletes or reads the results of a class checks it (:class:`Forbidden` otherwise);
* a **student** gets a token (144 bits) when joining; answering checks it against that
  class;
* a **learner** (progress across visits) is an id of 120 random bits, which is the whole
  of their record's key: whoever holds the link holds the record, and can erase it.

A class expires :data:`CLASS_TTL_MS` after it was opened; :meth:`Store.expire` deletes it
with its students, questions and answers (run at most every :data:`EXPIRE_EVERY_MS` by
:meth:`Store.open_class` and :meth:`Store.join`). A learner's progress not touched for
:data:`LEARNER_TTL_MS` is deleted the same way. Everything is bounded: names
(:data:`MAX_NAME`), students per class (:data:`MAX_STUDENTS`), questions per class
(:data:`MAX_QUESTIONS`), choices per question.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import logging
import re
import secrets
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Concatenate, Literal, ParamSpec, TypeVar

import sqlalchemy as sa

from store import db, migrations

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # no 0/O, 1/I/L: read off a projector
CODE_LENGTH = 7
CODE_SPACE = len(ALPHABET) ** CODE_LENGTH
CLASS_TTL_MS = 24 * 3600 * 1000
LEARNER_TTL_MS = 365 * 24 * 3600 * 1000
EXPIRE_EVERY_MS = 5 * 60 * 1000
MAX_NAME = 40
MAX_STUDENTS = 200
MAX_QUESTIONS = 200
MAX_CHOICES = 26
MAX_REF = 200
MAX_LESSON = 8000
_LEARNER_RE = re.compile(r"^[A-Za-z0-9_-]{20}$")
_RULE_RE = re.compile(r"^[A-Z]-\d{1,3}$")
_SOURCE_RE = re.compile(r"^[a-z-]{1,20}$")

Outcome = Literal["counted", "already", "late", "unknown"]

_classes = sa.table(
    "classes", sa.column("code"), sa.column("teacher_hash"), sa.column("lesson"),
    sa.column("lang"), sa.column("step"), sa.column("follow"), sa.column("question"),
    sa.column("revealed"), sa.column("ended"), sa.column("version"), sa.column("created_ms"),
    sa.column("changed_ms"), sa.column("expires_ms"), sa.column("locked"), sa.column("options"))
_students = sa.table(
    "students", sa.column("class_code"), sa.column("id"), sa.column("token_hash"),
    sa.column("name"), sa.column("learner"), sa.column("joined_ms"))
_questions = sa.table(
    "questions", sa.column("class_code"), sa.column("seq"), sa.column("ref"),
    sa.column("rule"), sa.column("choices"), sa.column("correct"), sa.column("asked_ms"),
    sa.column("revealed_ms"), sa.column("deadline_ms"))
_answers = sa.table(
    "answers", sa.column("class_code"), sa.column("seq"), sa.column("student"),
    sa.column("chosen"), sa.column("is_right"), sa.column("answered_ms"))
_learners = sa.table("learners", sa.column("id"), sa.column("created_ms"), sa.column("seen_ms"))
_progress = sa.table(
    "progress", sa.column("learner"), sa.column("rule"), sa.column("source"),
    sa.column("asked"), sa.column("is_right"), sa.column("changed_ms"))


class Forbidden(PermissionError):
    """The key or token does not open this class (or the class is gone)."""


class Unavailable(RuntimeError):
    """The database cannot be reached or written right now (a locked or read-only SQLite
    file, a full disk, an unwritable folder, a stopped or hung PostgreSQL server). Pages say
    so in a sentence and try again; the cause goes to the server's log."""


LOG = logging.getLogger("rules_lab.store")
_P = ParamSpec("_P")
_R = TypeVar("_R")
_S = TypeVar("_S")
#: What a database that is down, locked, full or read-only raises through SQLAlchemy
#: (an ``IntegrityError`` is a bug or a race the store handles itself: not one of these).
DOWN_ERRORS: tuple[type[BaseException], ...] = (sa.exc.OperationalError, sa.exc.InterfaceError,
                                          sa.exc.InternalError, sa.exc.TimeoutError, OSError)


def guarded(method: Callable[Concatenate[_S, _P], _R]) -> Callable[Concatenate[_S, _P], _R]:
    """Turn a database failure inside ``method`` into :class:`Unavailable` (logged with its
    traceback); the store's own refusals pass through."""

    @functools.wraps(method)
    def wrapper(self: _S, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return method(self, *args, **kwargs)
        except (Forbidden, Refused):  # (Forbidden is a PermissionError, an OSError)
            raise
        except DOWN_ERRORS as exc:
            LOG.warning("store.%s failed: %s", method.__name__, exc, exc_info=True)
            raise Unavailable(f"the database cannot be used right now ({type(exc).__name__})"
                              ) from exc

    return wrapper


class Refused(ValueError):
    """A value the store does not keep (``field`` names it)."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(f"{field}: {problem}")


def now_ms() -> int:
    return int(time.time() * 1000)


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def normalise_code(raw: object) -> str | None:
    """A join code as typed (any case, spaces or dashes) in its stored form, or ``None``
    when it cannot be one.

    >>> normalise_code(" abc-defg "), normalise_code("ABC"), normalise_code("ABCDEF0")
    ('ABCDEFG', None, None)
    """
    text = re.sub(r"[\s-]", "", str(raw or ""))[:20].upper()
    if len(text) != CODE_LENGTH or any(c not in ALPHABET for c in text):
        return None
    return text


def show_code(code: str) -> str:
    """The code as projected: ``ABC-DEFG``."""
    return f"{code[:3]}-{code[3:]}"


COUNTDOWNS = (0, 10, 20, 30, 60, 90, 120)


@dataclass(frozen=True)
class Options:
    """How a class asks (Kahoot-like, each optional): ``countdown_s`` seconds to answer
    (0: until the teacher reveals), ``points`` for right and quick answers, a
    ``leaderboard`` on the projector, ``anonymous`` (no names on the projector)."""

    countdown_s: int = 0
    points: bool = False
    leaderboard: bool = False
    anonymous: bool = False

    @staticmethod
    def from_json(text: object) -> Options:
        try:
            data = json.loads(str(text or "{}"))
        except ValueError:
            return Options()
        if not isinstance(data, dict):
            return Options()
        countdown = data.get("countdown_s", 0)
        return Options(countdown_s=countdown if countdown in COUNTDOWNS else 0,
                       points=data.get("points") is True,
                       leaderboard=data.get("leaderboard") is True,
                       anonymous=data.get("anonymous") is True)

    def to_json(self) -> str:
        return json.dumps({"countdown_s": self.countdown_s, "points": self.points,
                           "leaderboard": self.leaderboard, "anonymous": self.anonymous},
                          sort_keys=True)


@dataclass(frozen=True)
class Opened:
    code: str
    key: str  # the teacher's secret: shown once, in the teacher's link


@dataclass(frozen=True)
class Joined:
    student: str  # public id inside the class
    token: str  # the student's secret, in the student's link


@dataclass(frozen=True)
class ClassState:
    """What every page of a class polls: one row, a version that changes on every move."""

    code: str
    lesson: str
    lang: str
    step: int
    follow: bool
    question: int  # the seq of the question asked (0: none yet)
    revealed: bool
    ended: bool
    version: int
    created_ms: int
    expires_ms: int
    locked: bool = False  # joining is closed by the teacher
    options: Options = field(default_factory=lambda: Options())


@dataclass(frozen=True)
class Student:
    code: str
    id: str
    name: str
    learner: str | None
    joined_ms: int


@dataclass(frozen=True)
class Asked:
    """A question pushed to the class: ``ref`` names it (``quiz:k-bids-12``), ``choices``
    are its choice ids in order, ``correct`` the engine's right ones."""

    seq: int
    ref: str
    rule: str
    choices: tuple[str, ...]
    correct: frozenset[str]
    asked_ms: int
    revealed_ms: int | None
    deadline_ms: int | None = None  # the countdown's end: later answers are late


@dataclass(frozen=True)
class Answer:
    seq: int
    student: str
    chosen: tuple[str, ...]
    right: bool
    answered_ms: int


@dataclass(frozen=True)
class Tally:
    """The live chart: how often each choice was picked, how many answered, how many are in
    the class, how many were right."""

    seq: int
    counts: dict[str, int]
    answered: int
    students: int
    right: int


@dataclass(frozen=True)
class Results:
    """All of a class (for the teacher's results and the CSV)."""

    state: ClassState
    students: tuple[Student, ...]
    questions: tuple[Asked, ...]
    answers: tuple[Answer, ...]


@dataclass(frozen=True)
class Mastery:
    rule: str
    asked: int
    right: int


def _state(row: sa.Row[object]) -> ClassState:
    m = row._mapping
    return ClassState(code=m["code"], lesson=m["lesson"], lang=m["lang"], step=int(m["step"]),
                      follow=bool(m["follow"]), question=int(m["question"]),
                      revealed=bool(m["revealed"]), ended=bool(m["ended"]),
                      version=int(m["version"]), created_ms=int(m["created_ms"]),
                      expires_ms=int(m["expires_ms"]), locked=bool(m["locked"]),
                      options=Options.from_json(m["options"]))


def _asked(row: sa.Row[object]) -> Asked:
    m = row._mapping
    return Asked(seq=int(m["seq"]), ref=m["ref"], rule=m["rule"],
                 choices=tuple(json.loads(m["choices"])),
                 correct=frozenset(json.loads(m["correct"])), asked_ms=int(m["asked_ms"]),
                 revealed_ms=None if m["revealed_ms"] is None else int(m["revealed_ms"]),
                 deadline_ms=None if m["deadline_ms"] is None else int(m["deadline_ms"]))


class Store:
    """The one storage interface of the site (classes and progress). Thread-safe: each call
    takes a pooled connection for one transaction."""

    def __init__(self, url: str | None = None) -> None:
        self.url = db.normalise(url or db.default_url())
        self.engine = db.make_engine(self.url)
        migrations.upgrade(self.engine)
        self._last_expire = 0
        self._lock = threading.Lock()

    @property
    def kind(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.engine.dialect.name

    def close(self) -> None:
        self.engine.dispose()

    def _read(self) -> sa.Connection:
        return self.engine.connect()

    def _write(self) -> sa.Connection:
        conn = self.engine.connect()
        conn.execution_options(write=True)
        return conn

    # -- classes (teacher) ---------------------------------------------------------------
    @guarded
    def open_class(self, lesson: str, lang: str, now: int | None = None,
                   step: int = 1) -> Opened:
        """A new class on ``lesson`` (a packed lesson link value), at ``step``, following."""
        if not lesson or len(lesson) > MAX_LESSON:
            raise Refused("lesson", f"must be a packed lesson of at most {MAX_LESSON} characters")
        if not 1 <= step <= 10_000:
            raise Refused("step", "must be a step number from 1")
        now = now_ms() if now is None else now
        self.maybe_expire(now)
        key = secrets.token_urlsafe(24)
        for _ in range(8):
            code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
            try:
                with self._write() as conn, conn.begin():
                    conn.execute(sa.insert(_classes).values(
                        code=code, teacher_hash=_hash(key), lesson=lesson, lang=lang[:5], step=step,
                        follow=1, question=0, revealed=0, ended=0, version=1, created_ms=now,
                        changed_ms=now, expires_ms=now + CLASS_TTL_MS))
                return Opened(code, key)
            except sa.exc.IntegrityError:
                continue  # the code is taken: draw another
        raise RuntimeError("no free join code after 8 draws")

    def _teacher(self, conn: sa.Connection, code: str, key: str) -> ClassState:
        row = conn.execute(sa.select(_classes).where(_classes.c.code == code)).first()
        if row is None or not key or not hmac.compare_digest(row._mapping["teacher_hash"],
                                                             _hash(key)):
            raise Forbidden("this link does not drive this class")
        return _state(row)

    @guarded
    def is_teacher(self, code: str, key: str) -> bool:
        try:
            with self._read() as conn:
                self._teacher(conn, code, key)
            return True
        except Forbidden:
            return False

    def _change(self, conn: sa.Connection, code: str, now: int, **values: object) -> None:
        conn.execute(sa.update(_classes).where(_classes.c.code == code).values(
            version=_classes.c.version + 1, changed_ms=now, **values))

    @guarded
    def drive(self, code: str, key: str, *, step: int | None = None,
              follow: bool | None = None, now: int | None = None) -> ClassState:
        """Move the class to ``step`` and/or turn follow mode on or off. Moving to another
        step closes a question still open (as :meth:`reveal`): the question belongs to the
        slide it was asked on, and the next slides may show its answer."""
        now = now_ms() if now is None else now
        values: dict[str, object] = {}
        if step is not None:
            if not 1 <= step <= 10_000:
                raise Refused("step", "must be a step number from 1")
            values["step"] = step
        if follow is not None:
            values["follow"] = int(follow)
        with self._write() as conn, conn.begin():
            state = self._teacher(conn, code, key)
            if step is not None and step != state.step and state.question \
                    and not state.revealed:
                conn.execute(sa.update(_questions).where(
                    (_questions.c.class_code == code) & (_questions.c.seq == state.question)
                ).values(revealed_ms=now))
                values["revealed"] = 1
            if values:
                self._change(conn, code, now, **values)
            row = conn.execute(sa.select(_classes).where(_classes.c.code == code)).one()
        return _state(row)

    @guarded
    def ask(self, code: str, key: str, ref: str, rule: str, choices: Sequence[str],
            correct: Iterable[str], now: int | None = None) -> int:
        """Push a question to the class (the one before it closes); returns its number."""
        now = now_ms() if now is None else now
        choices = tuple(choices)
        right = sorted(set(correct))
        if not ref or len(ref) > MAX_REF:
            raise Refused("ref", f"must name the question in at most {MAX_REF} characters")
        if not _RULE_RE.match(rule):
            raise Refused("rule", "must be a rule ID such as K-9")
        if not 1 <= len(choices) <= MAX_CHOICES or len(set(choices)) != len(choices) or \
                any(not isinstance(c, str) or not 0 < len(c) <= 40 for c in choices):
            raise Refused("choices", f"must be 1 to {MAX_CHOICES} different short ids")
        if not set(right) <= set(choices):
            raise Refused("correct", "must be among the choices")
        with self._write() as conn, conn.begin():
            state = self._teacher(conn, code, key)
            if state.ended:
                raise Refused("class", "has ended")
            seq = state.question + 1
            if seq > MAX_QUESTIONS:
                raise Refused("question", f"a class asks at most {MAX_QUESTIONS} questions")
            countdown = state.options.countdown_s
            conn.execute(sa.insert(_questions).values(
                class_code=code, seq=seq, ref=ref, rule=rule, choices=json.dumps(list(choices)),
                correct=json.dumps(right), asked_ms=now, revealed_ms=None,
                deadline_ms=now + 1000 * countdown if countdown else None))
            self._change(conn, code, now, question=seq, revealed=0)
        return seq

    @guarded
    def reveal(self, code: str, key: str, now: int | None = None) -> None:
        """Show the answer of the current question: later answers are late."""
        now = now_ms() if now is None else now
        with self._write() as conn, conn.begin():
            state = self._teacher(conn, code, key)
            if state.question == 0 or state.revealed:
                return
            conn.execute(sa.update(_questions).where(
                (_questions.c.class_code == code) & (_questions.c.seq == state.question)
            ).values(revealed_ms=now))
            self._change(conn, code, now, revealed=1)

    @guarded
    def end(self, code: str, key: str, now: int | None = None) -> None:
        """End the class: no more answers; the results stay until it expires."""
        now = now_ms() if now is None else now
        with self._write() as conn, conn.begin():
            state = self._teacher(conn, code, key)
            if state.question and not state.revealed:
                conn.execute(sa.update(_questions).where(
                    (_questions.c.class_code == code) & (_questions.c.seq == state.question)
                ).values(revealed_ms=now))
            self._change(conn, code, now, ended=1, revealed=1)

    @guarded
    def delete(self, code: str, key: str) -> None:
        """Delete the class and all it holds (its students' own progress records stay theirs)."""
        with self._write() as conn, conn.begin():
            self._teacher(conn, code, key)
            self._delete(conn, [code])

    @guarded
    def reopen(self, code: str, key: str, now: int | None = None) -> None:
        """Open an ended class again (until it expires): the students carry on."""
        now = now_ms() if now is None else now
        with self._write() as conn, conn.begin():
            state = self._teacher(conn, code, key)
            if state.ended:
                self._change(conn, code, now, ended=0)

    @guarded
    def lock(self, code: str, key: str, locked: bool, now: int | None = None) -> None:
        """Close joining (``locked``) or open it again; the students in the class stay."""
        now = now_ms() if now is None else now
        with self._write() as conn, conn.begin():
            self._teacher(conn, code, key)
            conn.execute(sa.update(_classes).where(_classes.c.code == code).values(
                locked=int(locked), changed_ms=now))

    @guarded
    def students(self, code: str, key: str) -> tuple[Student, ...]:
        """The class's students in the order they joined (the teacher's roster)."""
        with self._read() as conn:
            self._teacher(conn, code, key)
            return tuple(
                Student(code, r.id, r.name, r.learner, int(r.joined_ms)) for r in conn.execute(
                    sa.select(_students).where(_students.c.class_code == code)
                    .order_by(_students.c.joined_ms, _students.c.id)))

    @guarded
    def remove(self, code: str, key: str, student: str, now: int | None = None) -> bool:
        """Take a student out of the class with their answers: their link stops working.
        ``False`` when no such student is in it."""
        now = now_ms() if now is None else now
        with self._write() as conn, conn.begin():
            self._teacher(conn, code, key)
            conn.execute(sa.delete(_answers).where(
                (_answers.c.class_code == code) & (_answers.c.student == student)))
            gone = conn.execute(sa.delete(_students).where(
                (_students.c.class_code == code) & (_students.c.id == student))).rowcount
            if gone:
                self._change(conn, code, now)  # the removed student's page notices
        return bool(gone)

    @guarded
    def rotate_key(self, code: str, key: str, now: int | None = None) -> str:
        """A new teacher's key for the class; the old one stops working at once."""
        now = now_ms() if now is None else now
        fresh = secrets.token_urlsafe(24)
        with self._write() as conn, conn.begin():
            self._teacher(conn, code, key)
            conn.execute(sa.update(_classes).where(_classes.c.code == code).values(
                teacher_hash=_hash(fresh), changed_ms=now))
        return fresh

    @guarded
    def set_options(self, code: str, key: str, options: Options,
                    now: int | None = None) -> None:
        """The class's live-question options (the next question asked uses the countdown)."""
        now = now_ms() if now is None else now
        if options.countdown_s not in COUNTDOWNS:
            raise Refused("countdown_s", f"must be one of {', '.join(map(str, COUNTDOWNS))}")
        with self._write() as conn, conn.begin():
            self._teacher(conn, code, key)
            self._change(conn, code, now, options=options.to_json())

    @staticmethod
    def _delete(conn: sa.Connection, codes: Sequence[str]) -> None:
        if not codes:
            return
        for table in (_answers, _questions, _students):
            conn.execute(sa.delete(table).where(table.c.class_code.in_(codes)))
        conn.execute(sa.delete(_classes).where(_classes.c.code.in_(codes)))

    @guarded
    def results(self, code: str, key: str) -> Results:
        """Everything of the class, for its teacher only."""
        with self._read() as conn:
            state = self._teacher(conn, code, key)
            students = tuple(
                Student(code, r.id, r.name, r.learner, int(r.joined_ms)) for r in conn.execute(
                    sa.select(_students).where(_students.c.class_code == code)
                    .order_by(_students.c.joined_ms, _students.c.id)))
            questions = tuple(_asked(r) for r in conn.execute(
                sa.select(_questions).where(_questions.c.class_code == code)
                .order_by(_questions.c.seq)))
            answers = tuple(
                Answer(int(r.seq), r.student, tuple(json.loads(r.chosen)), bool(r.is_right),
                       int(r.answered_ms)) for r in conn.execute(
                    sa.select(_answers).where(_answers.c.class_code == code)
                    .order_by(_answers.c.seq, _answers.c.answered_ms)))
        return Results(state, students, questions, answers)

    # -- classes (everyone in it) -------------------------------------------------------
    @guarded
    def state(self, code: str, now: int | None = None) -> ClassState | None:
        """The class's public state (``None``: no such class, or it has expired)."""
        now = now_ms() if now is None else now
        with self._read() as conn:
            row = conn.execute(sa.select(
                *[c for c in _classes.c if c.name != "teacher_hash"]
            ).where(_classes.c.code == code)).first()
        if row is None or int(row._mapping["expires_ms"]) < now:
            return None
        return _state(row)

    @guarded
    def question(self, code: str, seq: int) -> Asked | None:
        with self._read() as conn:
            row = conn.execute(sa.select(_questions).where(
                (_questions.c.class_code == code) & (_questions.c.seq == seq))).first()
        return None if row is None else _asked(row)

    @guarded
    def tally(self, code: str, seq: int) -> Tally:
        """The answers to question ``seq`` so far (what the teacher's chart draws)."""
        counts: dict[str, int] = {}
        answered = right = 0
        with self._read() as conn:
            for chosen, is_right in conn.execute(sa.select(_answers.c.chosen, _answers.c.is_right)
                                                 .where((_answers.c.class_code == code)
                                                        & (_answers.c.seq == seq))):
                answered += 1
                right += int(is_right)
                for choice in json.loads(chosen):
                    counts[choice] = counts.get(choice, 0) + 1
            students = conn.execute(sa.select(sa.func.count()).select_from(_students)
                                    .where(_students.c.class_code == code)).scalar_one()
        return Tally(seq, counts, answered, int(students), right)

    @guarded
    def join(self, code: str, name: str, learner: str | None = None,
             now: int | None = None) -> Joined:
        """Join a class with a display name (already cleaned by the page; bounded here)."""
        now = now_ms() if now is None else now
        if not name or len(name) > MAX_NAME or not name.isprintable():
            raise Refused("name", f"must be 1 to {MAX_NAME} printable characters")
        if learner is not None and not _LEARNER_RE.match(learner):
            learner = None
        self.maybe_expire(now)
        token = secrets.token_urlsafe(18)
        student = secrets.token_hex(6)
        with self._write() as conn, conn.begin():
            state = self._open_state(conn, code, now)
            if state is None:
                raise Forbidden("no class has this code")
            if state.ended:
                raise Refused("class", "has ended")
            if state.locked:
                raise Refused("locked", "is locked by the teacher")
            count = conn.execute(sa.select(sa.func.count()).select_from(_students)
                                 .where(_students.c.class_code == code)).scalar_one()
            if count >= MAX_STUDENTS:
                raise Refused("class", f"is full ({MAX_STUDENTS} students)")
            conn.execute(sa.insert(_students).values(
                class_code=code, id=student, token_hash=_hash(token), name=name,
                learner=learner, joined_ms=now))
            # The class's version does not change: the phones have nothing new to draw (the
            # teacher's roster reads the students by itself).
        return Joined(student, token)

    @staticmethod
    def _open_state(conn: sa.Connection, code: str, now: int) -> ClassState | None:
        row = conn.execute(sa.select(_classes).where(_classes.c.code == code)).first()
        if row is None or int(row._mapping["expires_ms"]) < now:
            return None
        return _state(row)

    @guarded
    def student(self, code: str, token: str) -> Student | None:
        """The student whose token this is, if they are in class ``code``."""
        if not token or len(token) > 64:
            return None
        with self._read() as conn:
            row = conn.execute(sa.select(_students).where(
                _students.c.token_hash == _hash(token))).first()
        if row is None or row.class_code != code:
            return None
        return Student(code, row.id, row.name, row.learner, int(row.joined_ms))

    @guarded
    def answer(self, code: str, token: str, seq: int, chosen: Sequence[str], right: bool,
               now: int | None = None) -> Outcome:
        """A student's answer to question ``seq``: ``counted`` (the first), ``already``
        (they answered it before; the first answer stands), ``late`` (the answer is shown, or
        another question is asked), ``unknown`` (not a choice of the question). The
        student's learner record (if they joined with one) counts it too."""
        now = now_ms() if now is None else now
        me = self.student(code, token)
        if me is None:
            raise Forbidden("this link is not a student of this class")
        with self._write() as conn, conn.begin():
            state = self._open_state(conn, code, now)
            if state is None:
                raise Forbidden("no class has this code")
            if state.ended or state.question != seq or state.revealed:
                return "late"
            row = conn.execute(sa.select(_questions.c.choices, _questions.c.rule,
                                         _questions.c.deadline_ms).where(
                (_questions.c.class_code == code) & (_questions.c.seq == seq))).one()
            if row.deadline_ms is not None and now > int(row.deadline_ms):
                return "late"  # the countdown ran out
            if not chosen or not set(chosen) <= set(json.loads(row.choices)):
                return "unknown"
            have = conn.execute(sa.select(_answers.c.student).where(
                (_answers.c.class_code == code) & (_answers.c.seq == seq)
                & (_answers.c.student == me.id))).first()
            if have is not None:
                return "already"
            conn.execute(sa.insert(_answers).values(
                class_code=code, seq=seq, student=me.id, chosen=json.dumps(list(chosen)),
                is_right=int(right), answered_ms=now))
            if me.learner:
                self._record(conn, me.learner, row.rule, right, "live", now)
        return "counted"

    @guarded
    def answer_of(self, code: str, token: str, seq: int) -> Answer | None:
        """The student's own answer to ``seq`` (to show it back after a reload)."""
        me = self.student(code, token)
        if me is None:
            return None
        with self._read() as conn:
            r = conn.execute(sa.select(_answers).where(
                (_answers.c.class_code == code) & (_answers.c.seq == seq)
                & (_answers.c.student == me.id))).first()
        if r is None:
            return None
        return Answer(int(r.seq), r.student, tuple(json.loads(r.chosen)), bool(r.is_right),
                      int(r.answered_ms))

    # -- expiry --------------------------------------------------------------------------
    @guarded
    def maybe_expire(self, now: int | None = None) -> int:
        """:meth:`expire`, at most once every :data:`EXPIRE_EVERY_MS` per process."""
        now = now_ms() if now is None else now
        with self._lock:
            if now - self._last_expire < EXPIRE_EVERY_MS:
                return 0
            self._last_expire = now
        return self.expire(now)

    @guarded
    def expire(self, now: int | None = None) -> int:
        """Delete every class past its expiry time (and all it holds) and every learner not
        seen for a year; returns how many classes went."""
        now = now_ms() if now is None else now
        with self._write() as conn, conn.begin():
            codes = [r.code for r in conn.execute(
                sa.select(_classes.c.code).where(_classes.c.expires_ms < now))]
            self._delete(conn, codes)
            old = sa.select(_learners.c.id).where(_learners.c.seen_ms < now - LEARNER_TTL_MS)
            conn.execute(sa.delete(_progress).where(_progress.c.learner.in_(old)))
            conn.execute(sa.delete(_learners).where(_learners.c.seen_ms < now - LEARNER_TTL_MS))
        return len(codes)

    # -- progress ------------------------------------------------------------------------
    @staticmethod
    def new_learner_id() -> str:
        """A fresh anonymous learner id (nothing is stored until the first answer)."""
        return secrets.token_urlsafe(15)

    @staticmethod
    def valid_learner(learner: object) -> bool:
        return isinstance(learner, str) and bool(_LEARNER_RE.match(learner))

    @guarded
    def record(self, learner: str, rule: str, right: bool, source: str,
               now: int | None = None) -> None:
        """Count one answer on ``rule`` from ``source`` (``quiz``, ``walkthrough``, ``live``)."""
        now = now_ms() if now is None else now
        if not self.valid_learner(learner):
            raise Refused("learner", "is not a learner id")
        with self._write() as conn, conn.begin():
            self._record(conn, learner, rule, right, source, now)

    def _record(self, conn: sa.Connection, learner: str, rule: str, right: bool, source: str,
                now: int) -> None:
        if not _RULE_RE.match(rule):
            raise Refused("rule", "must be a rule ID such as K-9")
        if not _SOURCE_RE.match(source):
            raise Refused("source", "must be a short lower-case word")
        seen = conn.execute(sa.update(_learners).where(_learners.c.id == learner)
                            .values(seen_ms=now)).rowcount
        if not seen:
            conn.execute(sa.insert(_learners).values(id=learner, created_ms=now, seen_ms=now))
        where = ((_progress.c.learner == learner) & (_progress.c.rule == rule)
                 & (_progress.c.source == source))
        done = conn.execute(sa.update(_progress).where(where).values(
            asked=_progress.c.asked + 1, is_right=_progress.c.is_right + int(right),
            changed_ms=now)).rowcount
        if not done:
            conn.execute(sa.insert(_progress).values(
                learner=learner, rule=rule, source=source, asked=1, is_right=int(right),
                changed_ms=now))

    @guarded
    def mastery(self, learner: str, sources: Sequence[str] | None = None) -> list[Mastery]:
        """The learner's answers per rule (all sources, or ``sources``), in no set order."""
        if not self.valid_learner(learner):
            return []
        query = sa.select(_progress.c.rule, sa.func.sum(_progress.c.asked),
                          sa.func.sum(_progress.c.is_right)).where(
            _progress.c.learner == learner).group_by(_progress.c.rule)
        if sources is not None:
            query = query.where(_progress.c.source.in_(list(sources)))
        with self._read() as conn:
            return [Mastery(r[0], int(r[1]), int(r[2])) for r in conn.execute(query)]

    @guarded
    def erase(self, learner: str) -> int:
        """Delete the learner's whole record; returns how many rule counts went. (A class
        they were in keeps their answers until the class expires: that is the teacher's.)"""
        if not self.valid_learner(learner):
            return 0
        with self._write() as conn, conn.begin():
            gone = conn.execute(sa.delete(_progress).where(_progress.c.learner == learner)).rowcount
            conn.execute(sa.delete(_learners).where(_learners.c.id == learner))
            conn.execute(sa.update(_students).where(_students.c.learner == learner)
                         .values(learner=None))
        return int(gone)
