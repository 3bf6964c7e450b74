"""A seat's poll is cheap (issue 31, docs/tables.md "Speed"): the table's version is one
read; a seat's screen, the coach's advice and the reviews are worked out once per position
and seat in a process and shared by every poll; a kept screen is never another seat's, nor
served after the table changed (a move, a person removed, the table closed)."""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa

import store
from store.tables import SeatSpec, Tables, state_of
from tests.test_tables_page import everything, hidden_cards, row_of, seat_page
from ui.i18n import t
from ui.table import seats as tb


def tables() -> Tables:
    return Tables(store.get())


def open_two(learning: bool = False, seed: int = 5) -> Any:
    return tables().open("kachuful", {"max_cards": 3},
                         [SeatSpec("human", name="Ana"), SeatSpec("bot", "basic"),
                          SeatSpec("human", name="Rui"), SeatSpec("bot", "basic")],
                         seed=seed, learning=learning)


def play_once(opened: Any) -> None:
    row = row_of(opened.id)
    state = state_of(row)
    seat = state.current_player()
    tables().act(opened.id, seat, opened.tokens[seat], state.legal_actions()[0], row.count)


def test_the_version_is_the_tables_and_moves_with_it() -> None:
    opened = open_two()
    before = tables().version(opened.id)
    assert before == row_of(opened.id).version
    play_once(opened)
    after = tables().version(opened.id)
    assert after == row_of(opened.id).version and after != before
    assert tables().version("nope") is None and tables().version("x" * 400) is None
    assert tables().version(opened.id) is not None
    with store.get()._write() as conn, conn.begin():  # past its time: no table
        conn.execute(sa.text("UPDATE game_tables SET expires_ms = 1 WHERE id = :i"),
                     {"i": opened.id})
    assert tables().version(opened.id) is None


def test_a_seats_screen_is_worked_out_once_per_position_and_is_only_that_seats() -> None:
    opened = open_two()
    row = row_of(opened.id)
    mine = tb.seat_screen(row, 0, "en")
    assert tb.seat_screen(row, 0, "en") is mine  # the second poll: the same screen
    theirs = tb.seat_screen(row, 2, "en")
    assert theirs is not mine and theirs.seat == 2
    state = state_of(row)
    assert mine.hand == tuple(state.hand_of(0)) and theirs.hand == tuple(state.hand_of(2))
    assert not set(mine.hand or ()) & set(theirs.hand or ())
    assert tb.seat_screen(row, 0, "es") is not mine  # each language its own
    assert tb.seat_screen(row, None, "en").hand is None  # the owner's watch: no hand
    play_once(opened)
    moved = row_of(opened.id)
    assert tb.seat_screen(moved, 0, "en") is not mine  # a new position, a new screen


def test_the_kept_map_is_bounded_and_drops_the_oldest() -> None:
    kept: tb.Kept[int, str] = tb.Kept(3)
    for i in range(5):
        kept.put(i, str(i))
    assert len(kept) == 3 and kept.get(0) is None and kept.get(4) == "4"
    kept.get(2)  # used: kept over 3
    kept.put(5, "5")
    assert kept.get(2) == "2" and kept.get(3) is None


def test_the_coach_and_the_review_are_worked_out_once_per_position() -> None:
    opened = open_two(learning=True)
    row = row_of(opened.id)
    seat = state_of(row).current_player()
    assert seat in (0, 2)
    first = tb.advice(row, seat)
    assert first is not None and tb.advice(row, seat) is first
    assert tb.reviews(row, seat) is tb.reviews(row, seat)


def test_a_poll_of_an_unchanged_table_reads_only_its_version(
        monkeypatch: pytest.MonkeyPatch) -> None:
    opened = open_two()
    at = seat_page(opened.id, 0, opened.tokens[0])
    drawn = everything(at)
    calls: list[str] = []
    real = Tables.seat_of

    def counted(self: Tables, *args: Any) -> Any:
        calls.append("seat_of")
        return real(self, *args)

    monkeypatch.setattr(Tables, "seat_of", counted)
    at.run()
    assert not at.exception and calls == [] and everything(at) == drawn
    tables().close(opened.id, opened.owner_key)  # a new version: the seat is read again
    at.run()
    assert calls == ["seat_of"] and t("table.closed", "en") in [w.value for w in at.warning]


def test_a_removed_person_is_not_served_the_kept_screen() -> None:
    opened = open_two()
    at = seat_page(opened.id, 2, opened.tokens[2])
    assert t("table.bad-link", "en") not in [w.value for w in at.warning] and at.html
    tables().remove_player(opened.id, opened.owner_key, 2)
    at.run()
    assert not at.exception
    assert t("table.bad-link", "en") in [w.value for w in at.warning]
    assert not at.button and not any(c in everything(at) for c in
                                     hidden_cards(row_of(opened.id), 0))


def test_two_seats_polling_in_one_process_each_see_only_their_own_hand() -> None:
    opened = open_two()
    one = seat_page(opened.id, 0, opened.tokens[0])
    two = seat_page(opened.id, 2, opened.tokens[2])
    for _ in range(2):  # polls served from the kept screens
        one.run()
        two.run()
        row = row_of(opened.id)
        assert not any(c in everything(one) for c in hidden_cards(row, 0))
        assert not any(c in everything(two) for c in hidden_cards(row, 2))
