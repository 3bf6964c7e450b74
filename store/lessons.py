"""Lessons a teacher saved on the site (issue 29), kept in the site's store
(:class:`store.core.Store`, SQLite or PostgreSQL; schema: migration 9 of
:mod:`store.migrations`), so a lesson with the teacher's own questions is shared without
touching the repository.

A saved lesson is its packed form (:func:`tutorials.lessons.encode_link`) under an id of
16 URL-safe characters (96 random bits: the share link, ``lessons?saved=<id>``, cannot be
guessed); its author gets a key (192 random bits, only its SHA-256 kept) that lets them
change it. Anyone with the id can read it (and save a copy under a new id).

Saving is open to every visitor, so the store's growth is bounded: at most
:data:`MAX_NEW_PER_HOUR` new lessons a site-wide hour (each at most ``MAX_LESSON``
characters, about a megabyte an hour at worst); past it :func:`create` raises
:class:`TooMany` and the builder says "try again later" (changes to a saved lesson by its
author are not counted).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

import sqlalchemy as sa

from store.core import MAX_LESSON, Forbidden, Refused, Store, guarded, now_ms

__all__ = ["MAX_NEW_PER_HOUR", "Saved", "SavedLesson", "TooMany", "create", "get", "new_id",
           "update", "valid_id"]

#: New saved lessons a site-wide hour (the bound on what anonymous visitors can store).
MAX_NEW_PER_HOUR = 120
_HOUR_MS = 3_600_000

_ID_RE = re.compile(r"^[A-Za-z0-9_-]{16}$")
_lessons = sa.table(
    "saved_lessons", sa.column("id"), sa.column("author_hash"), sa.column("lesson"),
    sa.column("created_ms"), sa.column("changed_ms"))


class TooMany(Refused):
    """More than :data:`MAX_NEW_PER_HOUR` lessons were saved in the last hour."""

    def __init__(self) -> None:
        super().__init__("lesson", f"more than {MAX_NEW_PER_HOUR} lessons were saved on this "
                                   "site in the last hour")


@dataclass(frozen=True)
class Saved:
    """A lesson just saved: its id (the share link's) and its author's key."""

    id: str
    key: str


@dataclass(frozen=True)
class SavedLesson:
    id: str
    lesson: str  # the packed lesson
    created_ms: int
    changed_ms: int


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def new_id() -> str:
    """A fresh id for a lesson about to be saved (the packed lesson carries it)."""
    return secrets.token_urlsafe(12)


def valid_id(value: object) -> bool:
    return isinstance(value, str) and bool(_ID_RE.match(value))


def _check(lesson_id: str, lesson: str) -> None:
    if not valid_id(lesson_id):
        raise Refused("id", "must be 16 letters, digits, - or _")
    if not isinstance(lesson, str) or not lesson or len(lesson) > MAX_LESSON:
        raise Refused("lesson", f"must be a packed lesson of at most {MAX_LESSON} characters")


@guarded
def create(store: Store, lesson_id: str, lesson: str, now: int | None = None) -> Saved:
    """Keep ``lesson`` (packed) under ``lesson_id`` (from :func:`new_id`); the author's key
    is returned once. :class:`Refused` (field ``id``) if the id is taken."""
    now = now_ms() if now is None else now
    _check(lesson_id, lesson)
    key = secrets.token_urlsafe(24)
    try:
        with store.engine.connect() as conn:
            conn.execution_options(write=True)
            with conn.begin():
                recent = conn.execute(sa.select(sa.func.count()).select_from(_lessons).where(
                    _lessons.c.created_ms > now - _HOUR_MS)).scalar()
                if int(recent or 0) >= MAX_NEW_PER_HOUR:
                    raise TooMany()
                conn.execute(sa.insert(_lessons).values(
                    id=lesson_id, author_hash=_hash(key), lesson=lesson, created_ms=now,
                    changed_ms=now))
    except sa.exc.IntegrityError:
        raise Refused("id", "is taken by another saved lesson") from None
    return Saved(lesson_id, key)


@guarded
def get(store: Store, lesson_id: str) -> SavedLesson | None:
    """The saved lesson ``lesson_id`` (``None``: no such lesson, or not an id)."""
    if not valid_id(lesson_id):
        return None
    with store.engine.connect() as conn:
        row = conn.execute(sa.select(_lessons).where(_lessons.c.id == lesson_id)).first()
    if row is None:
        return None
    return SavedLesson(str(row.id), str(row.lesson), int(row.created_ms), int(row.changed_ms))


@guarded
def is_author(store: Store, lesson_id: str, key: str) -> bool:
    """Whether ``key`` is the author's key of ``lesson_id``."""
    if not valid_id(lesson_id) or not isinstance(key, str) or not 1 <= len(key) <= 64:
        return False
    with store.engine.connect() as conn:
        found = conn.execute(sa.select(_lessons.c.author_hash).where(
            _lessons.c.id == lesson_id)).scalar()
    return found is not None and hmac.compare_digest(str(found), _hash(key))


@guarded
def update(store: Store, lesson_id: str, key: str, lesson: str,
           now: int | None = None) -> None:
    """Replace the saved lesson (its author's ``key`` only: :class:`Forbidden` otherwise)."""
    now = now_ms() if now is None else now
    _check(lesson_id, lesson)
    if not is_author(store, lesson_id, key):
        raise Forbidden("this key does not open this saved lesson")
    with store.engine.connect() as conn:
        conn.execution_options(write=True)
        with conn.begin():
            conn.execute(sa.update(_lessons).where(_lessons.c.id == lesson_id).values(
                lesson=lesson, changed_ms=now))
