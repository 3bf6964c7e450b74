"""The simulation lab's finished studies (table ``lab_studies``, migration 2).

One row per question, keyed by (game, variant, players, bots, engine version); the row
holds how many units (games) were run, the seed, where it came from (``shipped``: the
studies of ``lab/studies/*.json``; ``computed``: run on this server or a cluster) and the
summary as JSON text (its shape is the lab's business: :mod:`lab.library`). A row is
replaced only by a study of more units. Plain SQLAlchemy Core over the store's engine, so
SQLite and PostgreSQL alike.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import sqlalchemy as sa

__all__ = ["Engine", "MAX_SUMMARY", "StudyKey", "StudyRow", "count", "load", "save"]

#: The store's database engine (what :func:`load` and :func:`save` take).
Engine = sa.Engine
#: The largest summary kept (characters of JSON): a row is a summary, not raw results.
MAX_SUMMARY = 2_000_000

_TABLE = sa.table(
    "lab_studies", sa.column("game"), sa.column("variant"), sa.column("players"),
    sa.column("bots"), sa.column("engine_version"), sa.column("units"), sa.column("seed"),
    sa.column("summary"), sa.column("source"), sa.column("created_ms"))


@dataclass(frozen=True)
class StudyKey:
    game: str
    variant: str
    players: int
    bots: str
    engine_version: str


@dataclass(frozen=True)
class StudyRow:
    key: StudyKey
    units: int
    seed: int
    summary: str
    source: str
    created_ms: int


def _where(key: StudyKey) -> sa.ColumnElement[bool]:
    c = _TABLE.c
    return sa.and_(c.game == key.game, c.variant == key.variant, c.players == key.players,
                   c.bots == key.bots, c.engine_version == key.engine_version)


def load(engine: sa.Engine, key: StudyKey) -> StudyRow | None:
    """The stored study of ``key``, if any."""
    c = _TABLE.c
    with engine.connect() as conn:
        row = conn.execute(sa.select(c.units, c.seed, c.summary, c.source, c.created_ms)
                           .where(_where(key))).first()
    if row is None:
        return None
    m = row._mapping
    return StudyRow(key, int(m["units"]), int(m["seed"]), str(m["summary"]), str(m["source"]),
                    int(m["created_ms"]))


def save(engine: sa.Engine, key: StudyKey, units: int, seed: int, summary: str,
         source: str) -> bool:
    """Keep a finished study; a stored one of as many units or more stays (returns
    False then)."""
    if len(summary) > MAX_SUMMARY:
        raise ValueError("a study's summary is too long to keep")
    with engine.connect() as conn:
        conn.execution_options(write=True)  # SQLite: BEGIN IMMEDIATE (see store.db)
        with conn.begin():
            have = conn.execute(sa.select(_TABLE.c.units).where(_where(key))).scalar()
            if have is not None and int(have) >= units:
                return False
            if have is not None:
                conn.execute(sa.delete(_TABLE).where(_where(key)))
            conn.execute(sa.insert(_TABLE).values(
                game=key.game, variant=key.variant, players=key.players, bots=key.bots,
                engine_version=key.engine_version, units=units, seed=seed, summary=summary,
                source=source, created_ms=int(time.time() * 1000)))
    return True


def count(engine: sa.Engine, engine_version: str | None = None) -> int:
    """Studies stored (of one engine version when given)."""
    query = sa.select(sa.func.count()).select_from(_TABLE)
    if engine_version is not None:
        query = query.where(_TABLE.c.engine_version == engine_version)
    with engine.connect() as conn:
        return int(conn.execute(query).scalar() or 0)
