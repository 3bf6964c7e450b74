"""The tables' watcher (ui/table/push.py): a seat's page is woken when its table moves, once
per version, not for its own move; a timer table ticks; closed sessions are dropped; the
thread ends when nobody watches; the store's batch read (Tables.watch) on SQLite and
PostgreSQL."""

from __future__ import annotations

import time

from store.core import Store
from store.tables import SeatSpec, Tables, state_of
from ui.table import push
from ui.table.push import Watcher


class Fake:
    """Tables' versions and sessions, as the watcher sees them."""

    def __init__(self) -> None:
        self.tables: dict[str, tuple[int, bool]] = {}
        self.sessions: set[str] = set()
        self.woken: list[tuple[str, str]] = []
        self.reads: list[list[str]] = []

    def versions(self, ids: list[str]) -> dict[str, tuple[int, bool]]:
        self.reads.append(ids)
        return {i: self.tables[i] for i in ids if i in self.tables}

    def wake(self, session: str, fragment: str) -> bool:
        if session not in self.sessions:
            return False
        self.woken.append((session, fragment))
        return True

    def alive(self, session: str) -> bool:
        return session in self.sessions


def watcher(fake: Fake) -> Watcher:
    return Watcher(fake.versions, fake.wake, fake.alive, background=False)  # rounds by hand


def test_a_move_wakes_every_other_seat_once_and_not_the_mover() -> None:
    fake = Fake()
    fake.tables["T"] = (5, False)
    fake.sessions |= {"a", "b", "c"}
    w = watcher(fake)
    for session in ("a", "b", "c"):
        w.watch(session, "T", 5, f"frag-{session}")
    assert w.check() == [] and fake.reads == [["T"]]  # nothing moved: no run at all
    fake.tables["T"] = (6, False)  # seat a moved; its own run drew version 6
    w.saw("a", "T", 6)
    assert sorted(w.check()) == ["b", "c"]
    assert sorted(fake.woken) == [("b", "frag-b"), ("c", "frag-c")]
    assert w.check() == []  # once per version, even before the woken runs watch again
    assert len(fake.reads) == 3  # one read a round for every watched table


def test_a_session_watches_one_table_and_closed_sessions_are_dropped() -> None:
    fake = Fake()
    fake.tables.update({"T": (1, False), "U": (1, False)})
    fake.sessions |= {"a"}
    w = watcher(fake)
    w.watch("a", "T", 1, "f")
    w.watch("a", "U", 1, "f")  # the same session opened another table
    assert set(w.watched()) == {"a"} and w.watched()["a"].table_id == "U"
    w.watch("gone", "U", 1, "g")
    fake.tables["U"] = (2, False)
    assert w.check() == ["a"]  # "gone" could not be woken: dropped
    assert set(w.watched()) == {"a"}
    w.watch("quiet", "T", 1, "q")  # closed, and its table never moves
    w.check(now=time.monotonic() + push.PRUNE_S + 1)
    assert set(w.watched()) == {"a"}


def test_a_timer_table_ticks_every_second_and_an_expired_table_is_left_alone() -> None:
    fake = Fake()
    fake.tables["T"] = (1, True)  # playing, with a turn timer
    fake.sessions |= {"a"}
    w = watcher(fake)
    w.watch("a", "T", 1, "f")
    start = time.monotonic()
    assert w.check(now=start) == []  # the first tick comes a second after the watch
    assert w.check(now=start + push.TIMER_TICK_S + 0.01) == ["a"]
    w.watch("a", "T", 1, "f")  # the woken run watches again: the tick is not reset
    assert w.check(now=start + push.TIMER_TICK_S + 0.5) == []
    assert w.check(now=start + 2 * push.TIMER_TICK_S + 0.02) == ["a"]
    del fake.tables["T"]  # expired: nothing to wake (the page's own timer tells)
    assert w.check(now=start + 10) == []


def test_the_thread_runs_only_while_someone_watches() -> None:
    fake = Fake()
    fake.tables["T"] = (1, False)
    fake.sessions |= {"a"}
    w = Watcher(fake.versions, fake.wake, fake.alive, interval=0.01)
    w.watch("a", "T", 1, "f")
    fake.tables["T"] = (2, False)
    deadline = time.monotonic() + 5
    while not fake.woken and time.monotonic() < deadline:
        time.sleep(0.01)
    assert fake.woken == [("a", "f")]
    w.forget("a")
    deadline = time.monotonic() + 5
    while w.running and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not w.running  # ended with the last watch
    w.watch("a", "T", 2, "f")  # and starts again with the next one
    assert w.running
    w.forget("a")


def test_outside_a_served_run_watching_is_a_no_op() -> None:
    before = push.watcher().watched()
    push.watch("T", 1)  # no Streamlit runtime here (as under AppTest)
    push.saw("T", 2)
    assert push.watcher().watched() == before


def test_this_streamlit_has_the_hooks_the_watcher_uses() -> None:
    # pinned streamlit: if an upgrade removes them, seat pages fall back to polling, and
    # this test says so
    assert push.SUPPORTED


def test_the_store_reads_versions_and_running_timers_in_one_go(url: str) -> None:
    tables = Tables(Store(url))
    people = [SeatSpec("human", name=name) for name in "ABC"]
    plain = tables.open("kachuful", {"max_cards": 1}, people, seed=3)
    timed = tables.open("kachuful", {"max_cards": 1}, people, seed=4, timer_s=30)
    found = tables.watch([plain.id, timed.id, "nope", "x" * 400, 7])  # type: ignore[list-item]
    assert set(found) == {plain.id, timed.id}
    assert found[plain.id][1] is False and found[timed.id][1] is True
    row = tables.get(plain.id)
    assert row is not None and found[plain.id][0] == row.version
    state = state_of(row)
    seat = state.current_player()
    assert seat is not None
    moved = tables.act(plain.id, seat, plain.tokens[seat], state.legal_actions()[0], row.count)
    assert tables.watch([plain.id])[plain.id][0] == moved.version > row.version
    assert tables.watch([]) == {}
