"""Numbered schema migrations, recorded in the ``schema_version`` table.

Each migration is a list of SQL statements that both SQLite and PostgreSQL accept (``TEXT``,
``INTEGER``, ``BIGINT``, composite primary keys; times are epoch milliseconds in ``BIGINT``).
A migration is never edited once shipped: a change of the schema is a new number at the end
of :data:`MIGRATIONS`. :func:`upgrade` applies the missing ones in order, each in its own
transaction together with the row that records it, so a crash leaves the database at a known
version. Two processes starting at once (two site servers) are serialised by a lock:
``pg_advisory_xact_lock`` on PostgreSQL, ``BEGIN IMMEDIATE`` (SQLite's write lock) on SQLite.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa

#: The lock id of the migrations on PostgreSQL (any fixed 64-bit number).
LOCK_ID = 7_413_015

MIGRATIONS: Sequence[Sequence[str]] = (
    # 1: live classes, their students, questions and answers; learners' progress.
    (
        """CREATE TABLE classes (
            code TEXT PRIMARY KEY,
            teacher_hash TEXT NOT NULL,
            lesson TEXT NOT NULL,
            lang TEXT NOT NULL,
            step INTEGER NOT NULL,
            follow INTEGER NOT NULL,
            question INTEGER NOT NULL,
            revealed INTEGER NOT NULL,
            ended INTEGER NOT NULL,
            version INTEGER NOT NULL,
            created_ms BIGINT NOT NULL,
            changed_ms BIGINT NOT NULL,
            expires_ms BIGINT NOT NULL)""",
        "CREATE INDEX classes_expires ON classes (expires_ms)",
        """CREATE TABLE students (
            class_code TEXT NOT NULL REFERENCES classes (code) ON DELETE CASCADE,
            id TEXT NOT NULL,
            token_hash TEXT NOT NULL,
            name TEXT NOT NULL,
            learner TEXT,
            joined_ms BIGINT NOT NULL,
            PRIMARY KEY (class_code, id))""",
        "CREATE UNIQUE INDEX students_token ON students (token_hash)",
        """CREATE TABLE questions (
            class_code TEXT NOT NULL REFERENCES classes (code) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            ref TEXT NOT NULL,
            rule TEXT NOT NULL,
            choices TEXT NOT NULL,
            correct TEXT NOT NULL,
            asked_ms BIGINT NOT NULL,
            revealed_ms BIGINT,
            PRIMARY KEY (class_code, seq))""",
        """CREATE TABLE answers (
            class_code TEXT NOT NULL,
            seq INTEGER NOT NULL,
            student TEXT NOT NULL,
            chosen TEXT NOT NULL,
            is_right INTEGER NOT NULL,
            answered_ms BIGINT NOT NULL,
            PRIMARY KEY (class_code, seq, student),
            FOREIGN KEY (class_code, seq) REFERENCES questions (class_code, seq)
                ON DELETE CASCADE)""",
        """CREATE TABLE learners (
            id TEXT PRIMARY KEY,
            created_ms BIGINT NOT NULL,
            seen_ms BIGINT NOT NULL)""",
        "CREATE INDEX learners_seen ON learners (seen_ms)",
        """CREATE TABLE progress (
            learner TEXT NOT NULL REFERENCES learners (id) ON DELETE CASCADE,
            rule TEXT NOT NULL,
            source TEXT NOT NULL,
            asked INTEGER NOT NULL,
            is_right INTEGER NOT NULL,
            changed_ms BIGINT NOT NULL,
            PRIMARY KEY (learner, rule, source))""",
    ),
    # 2: the simulation lab's finished studies (lab/library.py, store/studies.py), one row
    # per question: game, variant (the canonical JSON of the rule sets compared), players,
    # bots (the line-up) and the engine version (the fingerprint of its seeded play).
    (
        """CREATE TABLE lab_studies (
            game TEXT NOT NULL,
            variant TEXT NOT NULL,
            players INTEGER NOT NULL,
            bots TEXT NOT NULL,
            engine_version TEXT NOT NULL,
            units INTEGER NOT NULL,
            seed BIGINT NOT NULL,
            summary TEXT NOT NULL,
            source TEXT NOT NULL,
            created_ms BIGINT NOT NULL,
            PRIMARY KEY (game, variant, players, bots, engine_version))""",
    ),
    # 3: a teacher can lock joining (issue 29).
    (
        "ALTER TABLE classes ADD COLUMN locked INTEGER NOT NULL DEFAULT 0",
    ),
    # 4: live-question options (countdown, points, leaderboard, anonymous) and a question's
    # deadline (issue 29).
    (
        "ALTER TABLE classes ADD COLUMN options TEXT NOT NULL DEFAULT '{}'",
        "ALTER TABLE questions ADD COLUMN deadline_ms BIGINT",
    ),
    # 5: tables where people play together (issue 31, store/tables.py): the game is rebuilt
    # from the seed and the actions (indices into legal_actions); seats hold token hashes.
    (
        """CREATE TABLE game_tables (
            id TEXT PRIMARY KEY,
            owner_hash TEXT NOT NULL,
            game TEXT NOT NULL,
            variant TEXT NOT NULL,
            players INTEGER NOT NULL,
            seed BIGINT NOT NULL,
            actions TEXT NOT NULL,
            status TEXT NOT NULL,
            version INTEGER NOT NULL,
            created_ms BIGINT NOT NULL,
            changed_ms BIGINT NOT NULL,
            expires_ms BIGINT NOT NULL)""",
        "CREATE INDEX game_tables_expires ON game_tables (expires_ms)",
        """CREATE TABLE table_seats (
            table_id TEXT NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            kind TEXT NOT NULL,
            level TEXT NOT NULL,
            name TEXT NOT NULL,
            token_hash TEXT NOT NULL,
            PRIMARY KEY (table_id, seat))""",
    ),
    # 6: a table's per-turn timer (issue 31): seconds a person has before a bot plays that
    # one move for them (0: no timer).
    (
        "ALTER TABLE game_tables ADD COLUMN timer_s INTEGER NOT NULL DEFAULT 0",
    ),
    # 7: tables (issue 31): the coach and review switch, the live class a table belongs to
    # (its teacher may drive it), and the class student a seat belongs to.
    (
        "ALTER TABLE game_tables ADD COLUMN learning INTEGER NOT NULL DEFAULT 1",
        "ALTER TABLE game_tables ADD COLUMN class_code TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE table_seats ADD COLUMN student TEXT NOT NULL DEFAULT ''",
    ),
    # 8: homework (issue 29, store/homework.py): a lesson students do at their own pace
    # before a due time; its students (a token each) and their answers, the first per
    # question standing, with the question's text and rule as the student saw them.
    (
        """CREATE TABLE homework (
            code TEXT PRIMARY KEY,
            teacher_hash TEXT NOT NULL,
            lesson TEXT NOT NULL,
            lang TEXT NOT NULL,
            due_ms BIGINT NOT NULL,
            created_ms BIGINT NOT NULL,
            expires_ms BIGINT NOT NULL)""",
        "CREATE INDEX homework_expires ON homework (expires_ms)",
        """CREATE TABLE homework_students (
            homework TEXT NOT NULL REFERENCES homework (code) ON DELETE CASCADE,
            id TEXT NOT NULL,
            token_hash TEXT NOT NULL,
            name TEXT NOT NULL,
            joined_ms BIGINT NOT NULL,
            PRIMARY KEY (homework, id))""",
        "CREATE UNIQUE INDEX homework_students_token ON homework_students (token_hash)",
        """CREATE TABLE homework_answers (
            homework TEXT NOT NULL,
            student TEXT NOT NULL,
            ref TEXT NOT NULL,
            rule TEXT NOT NULL,
            prompt TEXT NOT NULL,
            chosen TEXT NOT NULL,
            answer_text TEXT NOT NULL,
            is_right INTEGER NOT NULL,
            answered_ms BIGINT NOT NULL,
            PRIMARY KEY (homework, student, ref),
            FOREIGN KEY (homework, student) REFERENCES homework_students (homework, id)
                ON DELETE CASCADE)""",
    ),
    # 9: lessons a teacher saved on the site (store.lessons): the packed lesson under a
    # short unguessable id, editable with its author's key (only its SHA-256 kept).
    (
        """CREATE TABLE saved_lessons (
            id TEXT PRIMARY KEY,
            author_hash TEXT NOT NULL,
            lesson TEXT NOT NULL,
            created_ms BIGINT NOT NULL,
            changed_ms BIGINT NOT NULL)""",
    ),
)

#: The schema version this code reads and writes.
VERSION = len(MIGRATIONS)


def current(conn: sa.Connection) -> int:
    """The version recorded in the database (0: an empty database)."""
    if not sa.inspect(conn).has_table("schema_version"):
        return 0
    value = conn.execute(sa.text("SELECT MAX(version) FROM schema_version")).scalar()
    return int(value or 0)


def upgrade(engine: sa.Engine) -> int:
    """Apply every missing migration; returns the version now in the database. A database
    newer than this code (written by a later release) is refused rather than misread."""
    with engine.connect() as conn:
        conn.execution_options(write=True)  # SQLite: BEGIN IMMEDIATE (see store.db)
        conn.begin()
        if engine.dialect.name == "postgresql":
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(:id)"), {"id": LOCK_ID})
        conn.exec_driver_sql(
            "CREATE TABLE IF NOT EXISTS schema_version ("
            "version INTEGER PRIMARY KEY, applied_ms BIGINT NOT NULL)")
        have = current(conn)
        if have > VERSION:
            conn.rollback()
            raise RuntimeError(f"the database is at schema version {have}; this code knows "
                               f"{VERSION} (a newer release wrote it)")
        import time

        for number in range(have + 1, VERSION + 1):
            for statement in MIGRATIONS[number - 1]:
                conn.exec_driver_sql(statement)
            conn.execute(sa.text("INSERT INTO schema_version (version, applied_ms) "
                                 "VALUES (:v, :t)"), {"v": number, "t": int(time.time() * 1000)})
        conn.commit()
    return VERSION
