"""Tables where people play together (issue 31, store/tables.py), on SQLite and on a real
PostgreSQL server: a whole game to its record, seat tokens that open only their seat, turns
and double acts, the owner's powers, refusals at opening, restarts and expiry."""

from __future__ import annotations

import json
import threading

import pytest

from engine.errors import RulesLabError
from engine.registry import GAMES
from store import Forbidden, Refused, Store
from store.core import now_ms
from store.tables import (
    TABLE_TTL_MS,
    NotYourTurn,
    SeatSpec,
    Stale,
    TableRow,
    Tables,
    forget,
    state_of,
)

H, B = SeatSpec("human", name="Ana"), SeatSpec("bot", "basic")


def four(tables: Tables, seed: int = 5) -> tuple[str, dict[int, str], str]:
    opened = tables.open("kachuful", {"max_cards": 2},
                         [SeatSpec("human", name="Ana"), B, SeatSpec("human", name="Bo"),
                          SeatSpec("bot", "random")], seed=seed)
    return opened.id, opened.tokens, opened.owner_key


def play_to_end(tables: Tables, table_id: str, tokens: dict[int, str]) -> TableRow:
    row = tables.get(table_id)
    assert row is not None
    while row.status == "playing":
        state = state_of(row)
        seat = state.current_player()
        assert seat in tokens, "the bots act on their own: only a person's turn is left"
        row = tables.act(table_id, seat, tokens[seat], state.legal_actions()[-1], row.count)
    return row


def test_a_kachuful_table_is_played_to_the_end_and_is_a_valid_record(db: Store) -> None:
    tables = Tables(db)
    table_id, tokens, _ = four(tables)
    assert sorted(tokens) == [0, 2] and len(set(tokens.values())) == 2
    assert all(len(t) >= 24 for t in tokens.values())
    row = play_to_end(tables, table_id, tokens)
    assert row.status == "over" and state_of(row).is_terminal()
    record = tables.record(row)
    assert record["format"] == "kachuful-record/1" and record["variant"] == {"max_cards": 2}
    outcome, code = GAMES["kachuful"].replay(json.loads(json.dumps(record)))
    assert code == 0 and outcome


def test_a_krypkasino_table_with_a_bot_plays_through(db: Store) -> None:
    tables = Tables(db)
    opened = tables.open("krypkasino", {"session": 1}, [H, SeatSpec("bot", "random")], seed=3)
    row = play_to_end(tables, opened.id, opened.tokens)
    assert row.status == "over"
    _, code = GAMES["krypkasino"].replay(json.loads(json.dumps(tables.record(row))))
    assert code == 0


def test_the_same_row_gives_the_same_game_after_a_restart(url: str) -> None:
    first = Store(url)
    tables = Tables(first)
    table_id, tokens, _ = four(tables, seed=11)
    row = tables.get(table_id)
    assert row is not None
    state = state_of(row)
    seat = state.current_player()
    assert seat is not None
    row = tables.act(table_id, seat, tokens[seat], state.legal_actions()[0], row.count)
    seen = state_of(row).view(0)
    first.close()
    second = Store(url)  # another process: nothing kept in memory matters
    again = Tables(second).seat_of(table_id, 0, tokens[0])
    assert again.actions == row.actions and again.version == row.version
    forget()
    assert state_of(again).view(0) == seen
    second.close()


@pytest.mark.parametrize("token", ["", "x", "A" * 24, "A" * 5000, None, 3, "' OR 1=1 --"])
def test_a_wrong_token_opens_no_seat(db: Store, token: object) -> None:
    tables = Tables(db)
    table_id, _, _ = four(tables)
    with pytest.raises(Forbidden):
        tables.seat_of(table_id, 0, token)  # type: ignore[arg-type]


def test_a_token_opens_only_its_own_seat_of_its_own_table(db: Store) -> None:
    tables = Tables(db)
    table_id, tokens, owner = four(tables)
    other_id, other_tokens, _ = four(tables)
    assert tables.seat_of(table_id, 0, tokens[0]).id == table_id
    for seat, token in ((2, tokens[0]), (0, tokens[2]), (1, tokens[0]), (0, other_tokens[0]),
                        (0, owner), (-1, tokens[0]), (True, tokens[0])):
        with pytest.raises(Forbidden):
            tables.seat_of(table_id, seat, token)
    with pytest.raises(Forbidden):
        tables.seat_of(other_id, 0, tokens[0])
    with pytest.raises(Forbidden):
        tables.seat_of("no-such-table", 0, tokens[0])


def test_a_seat_acts_only_on_its_turn_and_only_once(db: Store) -> None:
    tables = Tables(db)
    table_id, tokens, _ = four(tables)
    row = tables.get(table_id)
    assert row is not None
    state = state_of(row)
    seat = state.current_player()
    assert seat in (0, 2)
    other = 2 if seat == 0 else 0
    action = state.legal_actions()[0]
    with pytest.raises(NotYourTurn):
        tables.act(table_id, other, tokens[other], action, row.count)
    with pytest.raises(Forbidden):
        tables.act(table_id, seat, tokens[other], action, row.count)
    after = tables.act(table_id, seat, tokens[seat], action, row.count)
    assert after.count > row.count and after.version == row.version + 1
    # the same click again (a second tab, a double click): the table has moved on
    with pytest.raises((Stale, NotYourTurn)):
        tables.act(table_id, seat, tokens[seat], action, row.count)
    assert tables.get(table_id) == after


def test_two_tabs_acting_at_once_move_the_table_once(db: Store) -> None:
    tables = Tables(db)
    table_id, tokens, _ = four(tables)
    row = tables.get(table_id)
    assert row is not None
    state = state_of(row)
    seat = state.current_player()
    assert seat is not None
    results: list[object] = []

    def click(action: object) -> None:
        try:
            results.append(tables.act(table_id, seat, tokens[seat], action, row.count))
        except Refused as exc:
            results.append(exc)

    legal = state.legal_actions()
    threads = [threading.Thread(target=click, args=(legal[i % len(legal)],)) for i in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    moved = [r for r in results if isinstance(r, TableRow)]
    assert len(moved) == 1 and all(isinstance(r, Stale | NotYourTurn) for r in results
                                   if r not in moved)
    final = tables.get(table_id)
    assert final is not None and final.version == row.version + 1


def test_an_illegal_move_is_the_engines_refusal_and_changes_nothing(db: Store) -> None:
    tables = Tables(db)
    table_id, tokens, _ = four(tables)
    row = tables.get(table_id)
    assert row is not None
    seat = state_of(row).current_player()
    assert seat is not None
    from engine.kachuful.state import Bid
    with pytest.raises(RulesLabError):
        tables.act(table_id, seat, tokens[seat], Bid(9), row.count)
    with pytest.raises(RulesLabError):
        tables.act(table_id, seat, tokens[seat], "not a move", row.count)
    assert tables.get(table_id) == row


def test_the_owner_removes_a_player_and_closes_the_table(db: Store) -> None:
    tables = Tables(db)
    table_id, tokens, owner = four(tables)
    with pytest.raises(Forbidden):
        tables.remove_player(table_id, tokens[0], 2)
    with pytest.raises(Forbidden):
        tables.close(table_id, "wrong")
    with pytest.raises(Refused):
        tables.remove_player(table_id, owner, 1)  # a bot seat
    row = tables.remove_player(table_id, owner, 2, "random")
    assert row.seats[2].kind == "bot" and row.seats[2].level == "random"
    with pytest.raises(Forbidden):
        tables.seat_of(table_id, 2, tokens[2])  # the old link opens nothing now
    assert state_of(row).current_player() in (0, None)  # only seat 0 waits for a person
    closed = tables.close(table_id, owner)
    assert closed.status == "closed"
    state = state_of(closed)
    if state.current_player() == 0:
        with pytest.raises(NotYourTurn):
            tables.act(table_id, 0, tokens[0], state.legal_actions()[0], closed.count)
    assert tables.is_owner(table_id, owner) and not tables.is_owner(table_id, tokens[0])


@pytest.mark.parametrize(("game", "options", "seats", "field"), [
    ("chess", {}, [H, B, B], "game"),
    ("kachuful", {}, [H, B], "seats"),
    ("kachuful", {}, [B, B, B], "seats"),
    ("kachuful", {"max_cards": 99}, [H, B, B], "max_cards"),
    ("kachuful", {"colour": "red"}, [H, B, B], "variant"),
    ("kachuful", {}, [H, SeatSpec("bot", "genius"), B], "seats"),
    ("krypkasino", {"sweep_points": -1}, [H, B], "sweep_points"),
])
def test_a_table_that_cannot_be_opened_is_refused_naming_the_field(
        db: Store, game: str, options: dict[str, object], seats: list[SeatSpec],
        field: str) -> None:
    with pytest.raises(Refused) as caught:
        Tables(db).open(game, options, seats)
    assert caught.value.field == field


def test_names_are_bounded_and_old_tables_expire(db: Store) -> None:
    tables = Tables(db)
    opened = tables.open("kachuful", {}, [SeatSpec("human", name="x" * 500), B, B], now=1000)
    row = tables.get(opened.id)
    assert row is None  # opened long ago: already past its time
    assert tables.expire(now=1000 + TABLE_TTL_MS + 1) == 1
    fresh = tables.open("kachuful", {}, [SeatSpec("human", name="  Zé " + "y" * 80), B, B])
    got = tables.get(fresh.id)
    assert got is not None and got.seats[0].name.startswith("Zé") and \
        len(got.seats[0].name) == 40


def test_the_owner_sees_the_seat_links_again_and_nobody_else_does(db: Store) -> None:
    tables = Tables(db)
    table_id, tokens, owner = four(tables)
    assert tables.links(table_id, owner) == tokens
    for key in ("", tokens[0], owner[:-1] + ("A" if owner[-1] != "A" else "B")):
        with pytest.raises(Forbidden):
            tables.links(table_id, key)
    tables.remove_player(table_id, owner, 2)
    assert tables.links(table_id, owner) == {0: tokens[0]}


def test_a_bot_plays_one_move_for_a_person_whose_time_ran_out(db: Store) -> None:
    tables = Tables(db)
    start = now_ms()
    opened = tables.open("kachuful", {"max_cards": 2},
                         [SeatSpec("human", name="Ana"), B, SeatSpec("human", name="Bo"), B],
                         seed=5, now=start, timer_s=30)
    row = tables.get(opened.id)
    assert row is not None and row.timer_s == 30
    seat = state_of(row).current_player()
    assert seat in opened.tokens
    assert tables.time_out(opened.id, now=start + 29_000) is None  # still their time
    assert tables.get(opened.id) == row
    after = tables.time_out(opened.id, now=start + 31_000)
    assert after is not None and after.count > row.count
    assert after.seats[seat].kind == "human"  # the seat stays theirs
    assert tables.seat_of(opened.id, seat, opened.tokens[seat]).id == opened.id
    to_act = state_of(after).current_player()
    assert to_act in opened.tokens  # a person's turn again: the bots followed
    assert tables.time_out(opened.id, now=start + 32_000) is None  # a new turn, a new time
    back = tables.act(opened.id, to_act, opened.tokens[to_act],
                      state_of(after).legal_actions()[0], after.count)
    assert back.count > after.count
    # no timer: nobody is ever played for
    plain = tables.open("kachuful", {}, [H, B, B], now=start)
    assert tables.time_out(plain.id, now=start + 10**9) is None
    with pytest.raises(Refused) as caught:
        tables.open("kachuful", {}, [H, B, B], timer_s=7)
    assert caught.value.field == "timer"
