"""Tables where people play together (issue 31): what a seat's page shows and may do, as
facts (no Streamlit): the seat links, the seats' names, what one seat sees of the game.

Every fact comes from the engine through the game's registry entry: the seat's own view
(``state.view(seat)``), the play adapter's status and seat cells for that seat, its legal
actions. Nothing here reads another seat's hand, so nothing drawn from it can show one.

>>> seat_link("https://x.org/", "T1", 2, "tok en")
'https://x.org/table?table=T1&seat=2&token=tok+en'
>>> seat_label(TableSeat(1, "bot", "strong", ""), None, "en")
'B (strong)'
>>> seat_label(TableSeat(0, "human", "", "Ana"), 0, "en")
'A: Ana (you)'
"""

from __future__ import annotations

import threading
import urllib.parse
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from engine.cards import Card
from engine.coach import Advice
from engine.game import GameState
from engine.messages import suit_name
from engine.registry import GAMES, level_label
from engine.review import ReviewNote
from engine.seats import seat_letter
from engine.session import HUMAN, PlaySession, Setup, action_text
from store.tables import TableRow, TableSeat, state_of
from ui.i18n import t

_K = TypeVar("_K")
_V = TypeVar("_V")


class Kept(Generic[_K, _V]):
    """A bounded, thread-safe map kept per process (the oldest used go first): what the
    seats' polls share, so one move is worked out once, not once per screen."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[_K, _V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: _K) -> _V | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: _K, value: _V) -> _V:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        return len(self._items)

#: How often a seat's page reads the table (seconds) where Streamlit lacks the hooks of
#: :mod:`ui.table.push` (its watcher wakes the page otherwise), and half as often the
#: owner's watch. A poll that finds the table's version unchanged costs one indexed read
#: and a redraw from the seat's kept screen (docs/tables.md, "Speed").
POLL_S = 0.75
#: The longest a link's values are read.
MAX_PARAM = 100


def seat_link(origin: str, table_id: str, seat: int, token: str) -> str:
    """The link that opens ``seat`` of a table on any device."""
    query = urllib.parse.urlencode({"table": table_id, "seat": seat, "token": token})
    return f"{origin.rstrip('/')}/table?{query}"


def owner_link(origin: str, table_id: str, key: str) -> str:
    query = urllib.parse.urlencode({"table": table_id, "owner": key})
    return f"{origin.rstrip('/')}/table?{query}"


def read_seat(raw: object) -> int | None:
    """A link's seat number (``None`` for anything else).

    >>> read_seat("2"), read_seat("-1"), read_seat("x"), read_seat("9" * 400)
    (2, None, None, None)
    """
    text = str(raw or "")
    return int(text) if text.isdigit() and len(text) <= 2 else None


def seat_label(seat: TableSeat, viewer: int | None, lang: str) -> str:
    """``A: Ana (you)``, ``B (strong)``, ``C`` (a person without a name). The name is the
    person's own text: callers escape it (:mod:`ui.safe`)."""
    letter = seat_letter(seat.seat)
    if seat.kind == "bot":
        return t("play.seat.bot", lang, seat=seat.seat, level=level_label(seat.level, lang))
    shown = t("table.seat.named", lang, seat=letter, name=seat.name) if seat.name else letter
    return t("table.you", lang, seat=shown) if seat.seat == viewer else shown


@dataclass(frozen=True)
class Choice:
    """A way to play one card: its engine action and its text (``7♠ → 3♦ 4♣``)."""

    action: Any
    text: str


@dataclass(frozen=True)
class SeatScreen:
    """What one seat sees and may do now."""

    seat: int | None  # None: the owner's watch (no hand)
    to_act: int | None
    status: str
    rows: list[tuple[str, list[tuple[str, str]]]]  # (seat label, cells) per seat
    hand: tuple[Card, ...] | None  # None: unseen (a forehead hand) or the owner's watch
    on_table: list[tuple[str, Card]]
    last_trick: list[tuple[str, Card]]
    bids: list[int]
    cards: dict[str, list[Choice]]  # card code -> its legal plays (empty: not playable)
    unseen_card: Any  # the forehead hand's own card action, when it is to be played
    over: bool
    winners: list[str]


def status_line(game: str, state: GameState, seat: int, lang: str) -> str:
    status = dict(GAMES[game].plugins.play.status(state, seat))
    if "trump" in status:
        status["trump"] = suit_name(status["trump"], lang)
    return t(f"play.status.{game}", lang, **status)


def screen(row: TableRow, state: GameState, seat: int | None, lang: str) -> SeatScreen:
    """What ``seat`` (``None``: the owner, who sees no hand) sees of the table now."""
    play = GAMES[row.game].plugins.play
    viewer = 0 if seat is None else seat
    view = state.view(viewer)
    to_act = state.current_player()
    labels = [seat_label(s, seat, lang) for s in row.seats]
    rows = [(labels[i], list(cells)) for i, cells in enumerate(play.seat_cells(state, viewer))]
    over = state.is_terminal()
    status = "" if over else status_line(row.game, state, viewer, lang)
    on_table: list[tuple[str, Card]] = []
    trick = getattr(view, "current_trick", None)  # a trick game: the cards of this trick
    if trick is not None:
        on_table = [(seat_letter(s), c) for s, c in trick]
    else:  # a fishing game: the cards on the table
        on_table = [("", c) for c in getattr(view, "table", ())]
    last: list[tuple[str, Card]] = []
    done = getattr(view, "tricks_played", ())
    if done and not trick:
        n = row.players
        last = [(seat_letter((done[-1].leader + i) % n), c)
                for i, c in enumerate(done[-1].cards)]
    hand = None if seat is None else view.hand
    mine = seat is not None and to_act == seat and row.status == "playing"
    bids: list[int] = []
    cards: dict[str, list[Choice]] = {}
    unseen: Any = None
    if mine and seat is not None:
        if play.is_bidding(state, seat):
            bids = list(play.legal_bids(state))
        elif hand is None:
            unseen = play.own_card_action(state)
        else:
            legal = list(state.legal_actions())
            for card in hand:
                cards[card.code] = [Choice(a, action_text(a)) for a in legal
                                    if getattr(a, "card", a) == card]
    winners: list[str] = []
    if over:
        outcome = state.outcome()
        if outcome is not None:
            winners = [labels[w] for w in outcome.winners]
    return SeatScreen(seat, to_act, status, rows, hand, on_table, last, bids, cards, unseen,
                      over, winners)


#: Each seat's screen of each position (table, version, seat, language): a seat's key
#: holds only what that seat sees, and a version names one position of one table with its
#: seats, names and status, so a kept screen can never be stale or another seat's.
_screens: Kept[tuple[str, int, int | None, str], SeatScreen] = Kept(512)


def seat_screen(row: TableRow, seat: int | None, lang: str) -> SeatScreen:
    """:func:`screen` of ``row`` for ``seat``, worked out once per position and seat in this
    process (every poll of every tab of that seat shares it)."""
    key = (row.id, row.version, seat, lang)
    found = _screens.get(key)
    if found is not None:
        return found
    return _screens.put(key, screen(row, state_of(row), seat, lang))


# -- learning at a table: the coach and the review, for one person's seat -----------------
_sessions: OrderedDict[tuple[str, int], tuple[PlaySession, threading.Lock]] = OrderedDict()
_sessions_lock = threading.Lock()
_SESSIONS = 128


def _seat_session(row: TableRow, seat: int) -> tuple[PlaySession, threading.Lock]:
    key = (row.id, seat)
    with _sessions_lock:
        found = _sessions.get(key)
        if found is not None:
            _sessions.move_to_end(key)
        else:
            found = _sessions[key] = (_new_session(row, seat), threading.Lock())
            while len(_sessions) > _SESSIONS:
                _sessions.popitem(last=False)
    return found


def _new_session(row: TableRow, seat: int) -> PlaySession:
    levels = tuple(HUMAN if s == seat else "basic" for s in range(row.players))
    setup = Setup(row.game, row.players, seat, levels, tuple(row.options().items()), row.seed,
                  practice=False)
    return PlaySession.start(setup)


def seat_session(row: TableRow, seat: int) -> PlaySession:
    """The table's game as a play session from ``seat``'s chair (the play page's engine
    object), so the coach and the analyst's review work as on the play page: the seat's
    own decisions are its moves, every other seat's are applied as they were made. Kept
    per process and extended with the moves made since (under its own lock, which
    :func:`advice` and :func:`reviews` hold while they read it)."""
    return _caught_up(row, seat)[0]


def _caught_up(row: TableRow, seat: int) -> tuple[PlaySession, threading.Lock]:
    session, lock = _seat_session(row, seat)
    with lock:
        if len(session.moves) > row.count:  # an older row than the one kept: start again
            session = _new_session(row, seat)
            with _sessions_lock:
                _sessions[(row.id, seat)] = (session, lock)
        for index in row.actions[len(session.moves):]:
            action = session.state.legal_actions()[index]
            if session.state.current_player() == seat:
                session.act(action)
            else:  # another seat's move (a person's or a bot's), as it was made
                session._apply(action, None, False)
    return session, lock


#: The coach's advice and the reviews per position and seat (table, version, seat): worked
#: out once, however often the seat's page polls.
_advice: Kept[tuple[str, int, int], tuple[Advice | None]] = Kept(256)
_reviews: Kept[tuple[str, int, int], list[tuple[int, list[ReviewNote]]]] = Kept(256)


def advice(row: TableRow, seat: int) -> Advice | None:
    """The coach's advice for ``seat`` when it is to act (the analyst sees only what that
    seat knows); ``None`` otherwise. Once per position and seat."""
    if row.status != "playing":
        return None
    key = (row.id, row.version, seat)
    found = _advice.get(key)
    if found is None:
        session, lock = _caught_up(row, seat)
        with lock:
            found = _advice.put(key, (session.advice() if len(session.moves) == row.count
                                      else None,))
    return found[0]


def reviews(row: TableRow, seat: int) -> list[tuple[int, list[ReviewNote]]]:
    """The review of each finished hand (deal) for ``seat``, newest first (the play page's
    :meth:`engine.session.PlaySession.reviews`). Once per position and seat."""
    key = (row.id, row.version, seat)
    found = _reviews.get(key)
    if found is None:
        session, lock = _caught_up(row, seat)
        with lock:
            found = _reviews.put(key, session.reviews())
    return found


def all_hands(row: TableRow, state: GameState, lang: str) -> list[tuple[str, tuple[Card, ...]]]:
    """Every seat's hand (its label, its cards): for the live class's teacher only (the
    page checks the teacher's key with :meth:`store.tables.Tables.is_teacher` first)."""
    return [(seat_label(s, None, lang), tuple(state.hand_of(s.seat))) for s in row.seats]
