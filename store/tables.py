"""Tables where people play together (issue 31): :class:`Tables`, over the same database as
the live classes (:mod:`store.core`, migration 5).

A table is one row: its public id, the owner's key (its SHA-256 only), the game, the
variant (each option as a link writes it), the number of seats, the seed, the action list
and a status. Each seat is a row too: a **human** seat with a secret token (its SHA-256
only; 144 bits) and a name, or a **bot** seat with a level. A seat's token is derived from the owner's key
(:func:`seat_token`), so the owner's page can show the links again after a reload.

The game itself is never stored: it is rebuilt from the seed and the action list through
the one game interface (:attr:`engine.registry.Game.new_state`, then ``apply``). An action
is kept as its index in ``legal_actions()`` at that moment, so the store knows nothing of
any game's moves; the seed fixes every deal (the chance step) and every bot's decision
(:func:`engine.session.bot_seed`), so the same row always gives the same game.

Acting is checked on every call: the token must open that seat of that table, the seat must
be the one to act, and the caller names the number of actions it saw (``expected``): a
second tab or a double click that acts on an old position gets :class:`Stale` and changes
nothing. Bots in their seats act right after, in the same transaction. The seed never leaves
the server (the engine's views drop deal seeds for the same reason).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import sqlalchemy as sa

from engine.bots import bot_move, make_bot
from engine.game import GameState
from engine.registry import BOT_LEVELS, GAMES, MAX_SEED
from engine.session import bot_seed
from store.core import Forbidden, Refused, Store, guarded, now_ms

__all__ = ["MAX_ACTIONS", "STAND_IN", "TABLE_TTL_MS", "TIMERS", "OpenedTable", "SeatSpec", "Stale", "TableRow",
           "TableSeat", "Tables", "NotYourTurn"]

TABLE_TTL_MS = 7 * 24 * 3600 * 1000
#: The per-turn timers an owner may choose (seconds; 0: none).
TIMERS = (0, 30, 60, 120, 300)
#: The level of the bot that plays one move for a person whose time ran out.
STAND_IN = "basic"
MAX_NAME = 40
#: The longest game a table keeps (a whole 8-player Kachuful game is about 500 actions).
MAX_ACTIONS = 5_000
#: The most tables one :meth:`Tables.watch` read asks for (a process's watched tables).
MAX_WATCHED = 500
_ID_BYTES = 9  # 12 characters, 72 bits: public, in every seat's link
_TOKEN_BYTES = 18  # 24 characters, 144 bits: a seat's secret
_OWNER_BYTES = 24

Kind = Literal["human", "bot"]
Status = Literal["waiting", "playing", "over", "closed"]

_tables = sa.table(
    "game_tables", sa.column("id"), sa.column("owner_hash"), sa.column("game"),
    sa.column("variant"), sa.column("players"), sa.column("seed"), sa.column("actions"),
    sa.column("status"), sa.column("version"), sa.column("created_ms"),
    sa.column("changed_ms"), sa.column("expires_ms"), sa.column("timer_s"),
    sa.column("learning"), sa.column("class_code"))
_seats = sa.table(
    "table_seats", sa.column("table_id"), sa.column("seat"), sa.column("kind"),
    sa.column("level"), sa.column("name"), sa.column("token_hash"), sa.column("student"))
#: The live classes' students (store.core's table): a class seat opens with the student's
#: own token, so its seat row keeps the student's token hash.
_students = sa.table("students", sa.column("class_code"), sa.column("id"),
                     sa.column("token_hash"), sa.column("name"))


class Stale(Refused):
    """The position the caller acted on is not the table's any more (another tab, a double
    click, a bot or another player moved first)."""

    def __init__(self) -> None:
        super().__init__("expected", "the table has moved on")


class NotYourTurn(Refused):
    """The seat is not the one to act (or the game is over or the table closed)."""

    def __init__(self) -> None:
        super().__init__("seat", "it is not this seat's turn")


@dataclass(frozen=True)
class SeatSpec:
    """A seat as the owner opens it: a human (with a name, maybe empty) or a bot level;
    ``student``: the live class student who sits there (a class table)."""

    kind: Kind
    level: str = "basic"
    name: str = ""
    student: str = ""


@dataclass(frozen=True)
class TableSeat:
    seat: int
    kind: Kind
    level: str
    name: str
    student: str = ""  # a class student's public id (a class table)


@dataclass(frozen=True)
class OpenedTable:
    id: str
    owner_key: str  # shown once, in the owner's link
    tokens: dict[int, str]  # human seat -> its secret token, shown once in its link


@dataclass(frozen=True)
class TableRow:
    """What every seat's page polls (never the seed's value to a browser)."""

    id: str
    game: str
    variant: dict[str, str]
    players: int
    seed: int
    actions: tuple[int, ...]
    status: Status
    version: int
    seats: tuple[TableSeat, ...]
    created_ms: int
    expires_ms: int
    timer_s: int = 0  # a person's time for a move before a bot plays it (0: no timer)
    changed_ms: int = 0  # the last move: the current turn's start
    learning: bool = True  # the coach and the review for each person's seat
    class_code: str = ""  # the live class whose teacher drives this table ("" none)

    @property
    def count(self) -> int:
        return len(self.actions)

    def options(self) -> dict[str, Any]:
        spec = GAMES[self.game]
        return {name: spec.option(name).parse(code, self.players)
                for name, code in self.variant.items()}


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def seat_token(owner_key: str, table_id: str, seat: int) -> str:
    """A person's seat token: the HMAC-SHA256 of the table and seat under the owner's key
    (``secrets.token_urlsafe``, 192 bits), 144 bits of it in URL-safe base64. Unguessable
    without the owner's key, and the owner's page can show every seat's link again after a
    reload (the database keeps only its SHA-256, like the owner's key)."""
    digest = hmac.new(owner_key.encode("utf-8"), f"{table_id}:{seat}".encode(),
                      hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:_TOKEN_BYTES]).decode("ascii")


def _actions_text(actions: Sequence[int]) -> str:
    return ".".join(str(a) for a in actions)


def _actions_of(text: str) -> tuple[int, ...]:
    return tuple(int(a) for a in text.split(".")) if text else ()


_cache: OrderedDict[tuple[str, int, str], GameState] = OrderedDict()
_cache_lock = threading.Lock()
_CACHE_SIZE = 256


def _fresh(row: TableRow) -> GameState:
    spec = GAMES[row.game]
    return spec.new_state(row.players, spec.rules(row.options()), row.seed)


def state_of(row: TableRow) -> GameState:
    """The table's game, rebuilt from its seed and its actions (kept per process for the
    positions seen last, a copy handed out each time)."""
    key = (row.id, row.count, row.game)
    with _cache_lock:
        found = _cache.get(key)
        if found is not None:
            _cache.move_to_end(key)
            return found.clone()
    state = None
    with _cache_lock:  # a shorter position of the same table: replay only the rest
        for count in range(row.count - 1, max(-1, row.count - 8), -1):
            base = _cache.get((row.id, count, row.game))
            if base is not None:
                state = base.clone()
                rest = row.actions[count:]
                break
    if state is None:
        state, rest = _fresh(row), row.actions
    for index in rest:
        state.apply(state.legal_actions()[index])
    _remember(row.id, row.count, row.game, state)
    return state.clone()


def forget() -> None:
    """Drop the positions kept in this process (as a restart does)."""
    with _cache_lock:
        _cache.clear()


def _remember(table: str, count: int, game: str, state: GameState) -> None:
    with _cache_lock:
        _cache[(table, count, game)] = state.clone()
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)


def _index_of(state: GameState, action: Any) -> int:
    legal = list(state.legal_actions())
    for i, candidate in enumerate(legal):
        if candidate == action:
            return i
    state.check(action)  # the engine's own refusal, when it has one
    raise Refused("action", "not one of the moves the rules allow now")


class Tables:
    """The tables of one :class:`~store.core.Store` (its engine and its guards)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # -- reading -----------------------------------------------------------------------
    def _row(self, conn: sa.Connection, table_id: str) -> TableRow | None:
        if not isinstance(table_id, str) or not 1 <= len(table_id) <= 40:
            return None
        row = conn.execute(sa.select(_tables).where(_tables.c.id == table_id)).first()
        if row is None:
            return None
        m = row._mapping
        seats = conn.execute(sa.select(_seats).where(_seats.c.table_id == table_id)
                             .order_by(_seats.c.seat)).all()
        return TableRow(
            id=m["id"], game=m["game"], variant=json.loads(m["variant"]),
            players=int(m["players"]), seed=int(m["seed"]), actions=_actions_of(m["actions"]),
            status=m["status"], version=int(m["version"]),
            seats=tuple(TableSeat(int(s._mapping["seat"]), s._mapping["kind"],
                                  s._mapping["level"], s._mapping["name"],
                                  s._mapping["student"]) for s in seats),
            created_ms=int(m["created_ms"]), expires_ms=int(m["expires_ms"]),
            timer_s=int(m["timer_s"]), changed_ms=int(m["changed_ms"]),
            learning=bool(m["learning"]), class_code=m["class_code"])

    @guarded
    def get(self, table_id: str) -> TableRow | None:
        """The table (``None`` when there is none by that id, or it has expired)."""
        with self.store._read() as conn:
            row = self._row(conn, table_id)
        if row is None or row.expires_ms < now_ms():
            return None
        return row

    @guarded
    def version(self, table_id: str) -> int | None:
        """The table's version (one indexed read: every change of the table, its seats or
        its status writes a new one), ``None`` when there is no such table or it has
        expired. A seat's page polls this and reads the whole table only when it moved."""
        if not isinstance(table_id, str) or not 1 <= len(table_id) <= 40:
            return None
        with self.store._read() as conn:
            found = conn.execute(sa.select(_tables.c.version, _tables.c.expires_ms).where(
                _tables.c.id == table_id)).first()
        if found is None or int(found.expires_ms) < now_ms():
            return None
        return int(found.version)

    def watch(self, table_ids: list[str]) -> dict[str, tuple[int, bool]]:
        """Per table id (at most :data:`MAX_WATCHED`, malformed ids ignored): its version and
        whether a turn timer is running (playing, with a timer), in one indexed read. A
        process's watcher (:mod:`ui.table.push`) calls this a few times a second for every
        table its seats show; an expired or unknown table is left out."""
        ids = sorted({i for i in table_ids if isinstance(i, str) and 1 <= len(i) <= 40})
        if not ids:
            return {}
        ids = ids[:MAX_WATCHED]
        with self.store._read() as conn:
            found = conn.execute(sa.select(
                _tables.c.id, _tables.c.version, _tables.c.expires_ms, _tables.c.status,
                _tables.c.timer_s).where(_tables.c.id.in_(ids))).all()
        now = now_ms()
        return {str(r.id): (int(r.version), r.status == "playing" and bool(r.timer_s))
                for r in found if int(r.expires_ms) >= now}

    @guarded
    def seat_of(self, table_id: str, seat: int, token: str) -> TableRow:
        """The table when ``token`` opens ``seat`` of it; :class:`Forbidden` otherwise (a
        wrong, old or removed token, another table's, a bot seat)."""
        with self.store._read() as conn:
            return self._human(conn, table_id, seat, token)

    def _human(self, conn: sa.Connection, table_id: str, seat: object,
               token: object) -> TableRow:
        if not isinstance(seat, int) or isinstance(seat, bool) or not isinstance(token, str) \
                or not token or len(token) > 100:
            raise Forbidden("this link opens no seat")
        found = conn.execute(sa.select(_seats.c.token_hash, _seats.c.kind).where(
            (_seats.c.table_id == table_id) & (_seats.c.seat == seat))).first()
        if found is None or found.kind != "human" or not found.token_hash \
                or not hmac.compare_digest(found.token_hash, _hash(token)):
            raise Forbidden("this link opens no seat")
        row = self._row(conn, table_id)
        if row is None or row.expires_ms < now_ms():
            raise Forbidden("this table is gone")
        return row

    @guarded
    def is_owner(self, table_id: str, key: str) -> bool:
        with self.store._read() as conn:
            return self._owner_hash(conn, table_id, key)

    def _owner_hash(self, conn: sa.Connection, table_id: str, key: object) -> bool:
        if not isinstance(key, str) or not key or len(key) > 100:
            return False
        found = conn.execute(sa.select(_tables.c.owner_hash).where(
            _tables.c.id == table_id)).scalar()
        return found is not None and hmac.compare_digest(found, _hash(key))

    # -- opening -----------------------------------------------------------------------
    @guarded
    def open(self, game: str, options: Mapping[str, Any], seats: Sequence[SeatSpec],
             seed: int | None = None, now: int | None = None, timer_s: int = 0,
             start: bool = True, learning: bool = False) -> OpenedTable:
        """A new table. Refuses (naming the field) an unknown game, a seat count the game
        does not take, an option value it does not allow, a bot level that is none, a
        table with no human seat. ``start``: the game starts at once (its first bots'
        moves made); otherwise the table waits for its owner (:meth:`start`), who may change
        its seats meanwhile (:meth:`set_seat`). ``learning``: the coach and the review at each
        person's seat (the table form turns it on; off here, as before it existed)."""
        now = now_ms() if now is None else now
        draft, owner, tokens = self._draft(game, options, seats, seed, now, timer_s)
        with self.store._write() as conn, conn.begin():
            self._insert(conn, draft, owner, tokens, start, learning, "")
        return OpenedTable(draft.id, owner, tokens)

    def _draft(self, game: str, options: Mapping[str, Any], seats: Sequence[SeatSpec],
               seed: int | None, now: int, timer_s: int
               ) -> tuple[TableRow, str, dict[int, str]]:
        spec = GAMES.get(game) if isinstance(game, str) else None
        if spec is None:
            raise Refused("game", f"must be one of {', '.join(GAMES)}")
        players = len(seats)
        if players not in spec.players:
            raise Refused("seats", f"{game} takes {spec.players.min} to {spec.players.max}")
        variant: dict[str, str] = {}
        for name, value in options.items():
            try:
                option = spec.option(name)
            except KeyError:
                raise Refused("variant", f"{game} has no option {name!r}") from None
            if not option.allows(value, players):
                raise Refused(name, "not an allowed value for this table")
            if value != option.default or type(value) is not type(option.default):
                variant[name] = option.code(value)
        if not any(s.kind == "human" for s in seats):
            raise Refused("seats", "at least one seat is a person's")
        for s in seats:
            if s.kind not in ("human", "bot") or (s.kind == "bot" and s.level not in BOT_LEVELS):
                raise Refused("seats", f"a seat is a person or a bot of level {BOT_LEVELS}")
        rules = spec.rules({n: spec.option(n).parse(c, players) for n, c in variant.items()})
        try:
            spec.check_table(players, rules)
        except Exception as exc:  # the engine's refusal of this table (a hand too large)
            raise Refused("variant", str(exc)) from exc
        if timer_s not in TIMERS:
            raise Refused("timer", f"one of {TIMERS} seconds")
        seed = secrets.randbelow(MAX_SEED) + 1 if seed is None else seed
        if not 0 <= seed <= MAX_SEED:
            raise Refused("seed", f"must be 0..{MAX_SEED}")
        table_id = secrets.token_urlsafe(_ID_BYTES)
        owner = secrets.token_urlsafe(_OWNER_BYTES)
        tokens = {i: seat_token(owner, table_id, i) for i, s in enumerate(seats)
                  if s.kind == "human" and not s.student}
        draft = TableRow(table_id, game, variant, players, seed, (), "playing", 1,
                         tuple(TableSeat(i, s.kind, s.level if s.kind == "bot" else "",
                                         s.name.strip()[:MAX_NAME],
                                         s.student if s.kind == "human" else "")
                               for i, s in enumerate(seats)), now, now + TABLE_TTL_MS,
                         timer_s, now)
        return draft, owner, tokens

    def _insert(self, conn: sa.Connection, draft: TableRow, owner: str,
                tokens: Mapping[int, str], start: bool, learning: bool, class_code: str,
                student_hashes: Mapping[str, str] | None = None) -> None:
        actions: list[int] = []
        status: Status = "waiting"
        if start:
            actions, status = self._bots(draft, _fresh(draft), [])
        conn.execute(sa.insert(_tables).values(
            id=draft.id, owner_hash=_hash(owner), game=draft.game,
            variant=json.dumps(draft.variant, sort_keys=True), players=draft.players,
            seed=draft.seed, actions=_actions_text(actions), status=status, version=1,
            created_ms=draft.created_ms, changed_ms=draft.created_ms,
            expires_ms=draft.expires_ms, timer_s=draft.timer_s, learning=int(learning),
            class_code=class_code))
        hashes = student_hashes or {}
        for seat in draft.seats:
            token_hash = _hash(tokens[seat.seat]) if seat.seat in tokens else \
                hashes.get(seat.student, "")
            conn.execute(sa.insert(_seats).values(
                table_id=draft.id, seat=seat.seat, kind=seat.kind, level=seat.level,
                name=seat.name, token_hash=token_hash, student=seat.student))

    @guarded
    def open_class(self, code: str, key: str, game: str, options: Mapping[str, Any],
                   students: Sequence[str], size: int, level: str = "basic",
                   timer_s: int = 0, learning: bool = False, seed: int | None = None,
                   now: int | None = None) -> list[str]:
        """The teacher of live class ``code`` seats its ``students`` (their public ids, in
        order) at tables of ``size`` seats, bots of ``level`` filling the gaps; each
        student's seat opens with the student's own class token (their phone's link). The
        class's earlier tables are closed. Returns the new tables' ids. :class:`Forbidden`
        for a key that is not the class teacher's."""
        now = now_ms() if now is None else now
        if level not in BOT_LEVELS:
            raise Refused("level", f"one of {BOT_LEVELS}")
        spec = GAMES.get(game) if isinstance(game, str) else None
        if spec is None:
            raise Refused("game", f"must be one of {', '.join(GAMES)}")
        if size not in spec.players:
            raise Refused("size", f"{game} takes {spec.players.min} to {spec.players.max}")
        with self.store._write() as conn, conn.begin():
            self.store._teacher(conn, code, key)
            known = {r.id: (r.token_hash, r.name) for r in conn.execute(
                sa.select(_students).where(_students.c.class_code == code))}
            chosen = [s for s in dict.fromkeys(students) if s in known]
            if not chosen:
                raise Refused("students", "no student of this class is chosen")
            groups = [chosen[i:i + size] for i in range(0, len(chosen), size)]
            for old in conn.execute(sa.select(_tables).where(
                    (_tables.c.class_code == code) & (_tables.c.status.in_(
                        ("waiting", "playing"))))).all():
                conn.execute(sa.update(_tables).where(_tables.c.id == old.id).values(
                    status="closed", version=old.version + 1, changed_ms=now))
            opened: list[str] = []
            for group in groups:
                seats = [SeatSpec("human", name=known[s][1], student=s) for s in group]
                seats += [SeatSpec("bot", level) for _ in range(size - len(group))]
                # a millisecond apart: the class's tables keep the order of the split
                draft, owner, _ = self._draft(game, options, seats, seed, now + len(opened),
                                              timer_s)
                self._insert(conn, draft, owner, {}, True, learning, code,
                             {s: known[s][0] for s in group})
                opened.append(draft.id)
            self.store._change(conn, code, now)  # the phones notice, and move to their seats
        return opened

    @guarded
    def of_class(self, code: str, key: str) -> list[TableRow]:
        """The live class's tables still open (waiting, playing or over), oldest first, for
        its teacher only."""
        with self.store._read() as conn:
            self.store._teacher(conn, code, key)
            ids = [r[0] for r in conn.execute(sa.select(_tables.c.id).where(
                (_tables.c.class_code == code) & (_tables.c.status != "closed")
                & (_tables.c.expires_ms >= now_ms())).order_by(_tables.c.created_ms,
                                                               _tables.c.id))]
            rows = [self._row(conn, i) for i in ids]
        return [r for r in rows if r is not None]

    @guarded
    def seat_of_student(self, code: str, token: str) -> tuple[str, int] | None:
        """The table and seat of the class student whose class token this is (the newest
        table of the class still open that seats them), else ``None``."""
        if not isinstance(token, str) or not token or len(token) > 100:
            return None
        with self.store._read() as conn:
            found = conn.execute(
                sa.select(_seats.c.table_id, _seats.c.seat).select_from(
                    _seats.join(_tables, _tables.c.id == _seats.c.table_id)).where(
                    (_tables.c.class_code == code) & (_seats.c.token_hash == _hash(token))
                    & (_seats.c.kind == "human") & (_tables.c.status != "closed")
                    & (_tables.c.expires_ms >= now_ms()))
                .order_by(_tables.c.created_ms.desc())).first()
        return None if found is None else (str(found.table_id), int(found.seat))

    # -- playing -----------------------------------------------------------------------
    def _bot_move(self, row: TableRow, state: GameState, actions: list[int], seat: int,
                  level: str) -> None:
        bot = make_bot(row.game, level, seed=bot_seed(row.seed, len(actions), seat))
        action, _ = bot_move(state, bot)
        index = _index_of(state, action)
        state.apply(state.legal_actions()[index])
        actions.append(index)
        _remember(row.id, len(actions), row.game, state)

    @guarded
    def time_out(self, table_id: str, now: int | None = None) -> TableRow | None:
        """When the table has a timer and the person to act has let it run out, a bot
        (:data:`STAND_IN`) plays that one move for them and the bots in their seats follow;
        the seat stays the person's (their next turn is theirs again). Any page of the table
        may call this as it polls; ``None`` when nothing was due."""
        now = now_ms() if now is None else now
        with self.store._read() as conn:
            row = self._row(conn, table_id)
        if row is None or row.status != "playing" or not row.timer_s \
                or now - row.changed_ms < row.timer_s * 1000:
            return None
        try:
            with self.store._write() as conn, conn.begin():
                fresh = self._row(conn, table_id)
                if fresh is None or fresh.version != row.version:
                    return None  # someone moved meanwhile
                state = state_of(fresh)
                seat = state.current_player()
                if seat is None or seat < 0:
                    return None
                actions = list(fresh.actions)
                self._bot_move(fresh, state, actions, seat, STAND_IN)
                actions, status = self._bots(fresh, state, actions)
                self._save(conn, fresh, actions, status, now)
                return self._row(conn, table_id)
        except Stale:
            return None

    def _bots(self, row: TableRow, state: GameState, actions: list[int]
              ) -> tuple[list[int], Status]:
        """Let the bots in their seats act until a person's turn or the end; ``actions``
        (the row's so far) grow; the status after."""
        kinds = {s.seat: s for s in row.seats}
        actions = list(row.actions) if not actions else actions
        while not state.is_terminal() and len(actions) < MAX_ACTIONS:
            seat = state.current_player()
            if seat is None or seat < 0 or kinds[seat].kind != "bot":
                break
            self._bot_move(row, state, actions, seat, kinds[seat].level)
        return actions, "over" if state.is_terminal() else "playing"

    @guarded
    def act(self, table_id: str, seat: int, token: str, action: Any, expected: int,
            now: int | None = None) -> TableRow:
        """``seat`` takes the engine ``action`` on the position of ``expected`` actions;
        the bots in their seats follow. Refusals change nothing: :class:`Forbidden` (the
        token), :class:`Stale` (the table moved on), :class:`NotYourTurn`, the engine's
        refusal of the move (its :class:`~engine.errors.RulesLabError`)."""
        now = now_ms() if now is None else now
        with self.store._write() as conn, conn.begin():
            row = self._human(conn, table_id, seat, token)
            if row.status != "playing":
                raise NotYourTurn()
            if expected != row.count:
                raise Stale()
            state = state_of(row)
            if state.current_player() != seat:
                raise NotYourTurn()
            index = _index_of(state, action)
            state.apply(state.legal_actions()[index])
            actions = [*row.actions, index]
            _remember(row.id, len(actions), row.game, state)
            actions, status = self._bots(row, state, actions)
            self._save(conn, row, actions, status, now)
            found = self._row(conn, table_id)
        assert found is not None
        return found

    def _save(self, conn: sa.Connection, row: TableRow, actions: Sequence[int],
              status: Status, now: int, **more: object) -> None:
        done = conn.execute(sa.update(_tables).where(
            (_tables.c.id == row.id) & (_tables.c.version == row.version)).values(
            actions=_actions_text(actions), status=status, version=row.version + 1,
            changed_ms=now, **more))
        if done.rowcount != 1:  # another server wrote first (PostgreSQL, read committed)
            raise Stale()

    # -- the owner ---------------------------------------------------------------------
    def _owned(self, conn: sa.Connection, table_id: str, key: str) -> TableRow:
        """The table when ``key`` is its owner's, or (a class table) its class teacher's."""
        row = self._row(conn, table_id) if isinstance(table_id, str) else None
        if row is None or not (self._owner_hash(conn, table_id, key)
                               or self._teaches(conn, row, key)):
            raise Forbidden("this link does not own this table")
        return row

    def _teaches(self, conn: sa.Connection, row: TableRow, key: object) -> bool:
        if not row.class_code or not isinstance(key, str) or not key or len(key) > 100:
            return False
        try:
            self.store._teacher(conn, row.class_code, key)
        except Forbidden:
            return False
        return True

    @guarded
    def is_teacher(self, table_id: str, key: str) -> bool:
        """Whether ``key`` is the teacher's of the live class this table belongs to (the one
        key that may see every hand of it)."""
        with self.store._read() as conn:
            row = self._row(conn, table_id)
            return row is not None and self._teaches(conn, row, key)

    @guarded
    def set_seat(self, table_id: str, key: str, seat: int, spec: SeatSpec,
                 now: int | None = None) -> TableRow:
        """Before the start, the owner makes ``seat`` a bot of another level, a bot a
        person's seat (its link: :meth:`links`) or a person's seat a bot."""
        now = now_ms() if now is None else now
        if spec.kind not in ("human", "bot") or (spec.kind == "bot"
                                                 and spec.level not in BOT_LEVELS):
            raise Refused("level", f"a person or one of {BOT_LEVELS}")
        with self.store._write() as conn, conn.begin():
            row = self._owned(conn, table_id, key)
            if row.status != "waiting":
                raise Refused("status", "the game has started")
            if not isinstance(seat, int) or not 0 <= seat < row.players:
                raise Refused("seat", "not a seat of this table")
            if spec.kind == "bot" and sum(s.kind == "human" for s in row.seats
                                          if s.seat != seat) == 0:
                raise Refused("seats", "at least one seat is a person's")
            old = row.seats[seat]
            if spec.kind == "human":
                token_hash = _hash(seat_token(key, table_id, seat)) \
                    if old.kind != "human" or not old.student else None
                values: dict[str, object] = {"kind": "human", "level": "",
                                             "name": spec.name.strip()[:MAX_NAME]}
                if token_hash is not None:
                    values["token_hash"] = token_hash
            else:
                values = {"kind": "bot", "level": spec.level, "token_hash": "",
                          "student": "", "name": ""}
            conn.execute(sa.update(_seats).where(
                (_seats.c.table_id == table_id) & (_seats.c.seat == seat)).values(**values))
            self._save(conn, row, row.actions, "waiting", now)
            found = self._row(conn, table_id)
        assert found is not None
        return found

    @guarded
    def start(self, table_id: str, key: str, now: int | None = None) -> TableRow:
        """The owner starts a waiting table: the bots before the first person move."""
        now = now_ms() if now is None else now
        with self.store._write() as conn, conn.begin():
            row = self._owned(conn, table_id, key)
            if row.status != "waiting":
                raise Refused("status", "the game has started")
            actions, status = self._bots(row, _fresh(row), [])
            self._save(conn, row, actions, status, now)
            found = self._row(conn, table_id)
        assert found is not None
        return found

    @guarded
    def set_learning(self, table_id: str, key: str, on: bool,
                     now: int | None = None) -> TableRow:
        """The owner turns the coach and the review on or off for every person's seat."""
        now = now_ms() if now is None else now
        with self.store._write() as conn, conn.begin():
            row = self._owned(conn, table_id, key)
            # the turn's start stays (the switch does not give the person to act more time)
            self._save(conn, row, row.actions, row.status,
                       row.changed_ms if row.status == "playing" else now,
                       learning=int(bool(on)))
            found = self._row(conn, table_id)
        assert found is not None
        return found

    @guarded
    def remove_player(self, table_id: str, key: str, seat: int, level: str = "basic",
                      now: int | None = None) -> TableRow:
        """The owner gives a person's seat to a bot of ``level``: the seat's link stops
        opening it, and the bot plays on (at once, when it is that seat's turn)."""
        if level not in BOT_LEVELS:
            raise Refused("level", f"one of {BOT_LEVELS}")
        now = now_ms() if now is None else now
        with self.store._write() as conn, conn.begin():
            row = self._owned(conn, table_id, key)
            if not any(s.seat == seat and s.kind == "human" for s in row.seats):
                raise Refused("seat", "not a person's seat of this table")
            conn.execute(sa.update(_seats).where(
                (_seats.c.table_id == table_id) & (_seats.c.seat == seat)).values(
                kind="bot", level=level, token_hash=""))
            changed = self._row(conn, table_id)
            assert changed is not None
            row = changed
            actions, status = list(row.actions), row.status
            if status == "playing":
                actions, status = self._bots(row, state_of(row), actions)
            self._save(conn, row, actions, status, now)
            found = self._row(conn, table_id)
        assert found is not None
        return found

    @guarded
    def close(self, table_id: str, key: str, now: int | None = None) -> TableRow:
        """The owner closes the table: nobody acts any more; the seats still see it."""
        now = now_ms() if now is None else now
        with self.store._write() as conn, conn.begin():
            row = self._owned(conn, table_id, key)
            if row.status in ("playing", "waiting"):
                self._save(conn, row, row.actions, "closed", now)
            found = self._row(conn, table_id)
        assert found is not None
        return found

    @guarded
    def links(self, table_id: str, key: str) -> dict[int, str]:
        """The owner's view of the seat tokens: each person's seat still held by a person
        -> its token (:func:`seat_token`). :class:`Forbidden` for any other key."""
        with self.store._read() as conn:
            row = self._owned(conn, table_id, key)
        return {s.seat: seat_token(key, table_id, s.seat) for s in row.seats
                if s.kind == "human" and not s.student}

    # -- records and expiry ------------------------------------------------------------
    @staticmethod
    def record(row: TableRow) -> dict[str, Any]:
        """The game in the records format (docs/records.md): the game's record writer."""
        return GAMES[row.game].plugins.play.record(state_of(row))

    @guarded
    def expire(self, now: int | None = None) -> int:
        """Delete the tables past their time (their seats with them); how many."""
        now = now_ms() if now is None else now
        with self.store._write() as conn, conn.begin():
            old = [r[0] for r in conn.execute(sa.select(_tables.c.id).where(
                _tables.c.expires_ms < now))]
            if old:
                conn.execute(sa.delete(_seats).where(_seats.c.table_id.in_(old)))
                conn.execute(sa.delete(_tables).where(_tables.c.id.in_(old)))
        return len(old)
