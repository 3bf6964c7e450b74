"""The table page (issue 31) through the entry script (AppTest): opening a table, the
owner's page with a link and a QR code per person's seat, a seat's page showing its own
hand and never another seat's unplayed cards, playing from the page to the end and the
record, hostile links (a sentence, never a seat), giving a seat to a bot, closing; in en,
es and pt."""

from __future__ import annotations

import json
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

import store
from engine.messages import card_name
from engine.registry import GAMES
from store.tables import SeatSpec, TableRow, Tables, state_of
from ui.apptest import open_site
from ui.i18n import t
from ui.safe import escape_html

PAGE = "pages/table.py"
HOSTILE = "<img src=x onerror=f()>"


def everything(at: AppTest) -> str:
    """Every text of the page's main area (the sidebar's sample cards are the deck
    picker's, the same on every page)."""
    main = at.main
    parts = [h.proto.body for h in main.get("html")]
    for kind in ("title", "subheader", "markdown", "caption", "success", "error", "warning",
                 "info", "code", "button"):
        parts += [str(getattr(e, "label", None) or getattr(e, "value", "")) for e in
                  main.get(kind)]
    return "\n".join(parts)


def tables() -> Tables:
    return Tables(store.get())


def open_table(game: str = "kachuful", options: dict[str, Any] | None = None,
               seed: int = 21) -> tuple[str, dict[int, str], str]:
    opened = tables().open(game, options if options is not None else {"max_cards": 2},
                           [SeatSpec("human", name="Ana"), SeatSpec("bot", "basic"),
                            SeatSpec("human", name=HOSTILE), SeatSpec("bot", "random")],
                           seed=seed)
    return opened.id, opened.tokens, opened.owner_key


def seat_page(table_id: str, seat: int, token: str, lang: str = "en") -> AppTest:
    at = open_site(PAGE, table=table_id, seat=str(seat), token=token, lang=lang)
    assert not at.exception, at.exception
    return at


def row_of(table_id: str) -> TableRow:
    row = tables().get(table_id)
    assert row is not None
    return row


def hidden_cards(row: TableRow, seat: int) -> set[str]:
    """The cards still in the other seats' hands, as codes and as drawn (``10♥``)."""
    state = state_of(row)
    out: set[str] = set()
    for other in range(row.players):
        if other != seat:
            for card in state.hand_of(other):
                out |= {f'"{card.code}"', f".{card.code}", str(card),
                        f'"{card_name(card, "en")}"'}
    return out


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_a_table_is_opened_from_the_form_and_its_owner_sees_every_seat_link(lang: str) -> None:
    at = open_site(PAGE, lang=lang)
    assert not at.exception, at.exception
    assert at.title[0].value == t("table.page", lang)
    at.selectbox(key="table.kind2").set_value("human").run()
    at.text_input(key="table.name0").input(HOSTILE).run()
    at.button(key="table.open").click().run()
    assert not at.exception, at.exception
    table_id, owner = at.query_params["table"], at.query_params["owner"]
    row = row_of(str(table_id))
    assert [s.kind for s in row.seats] == ["human", "bot", "human", "bot"]
    links = tables().links(str(table_id), str(owner))
    text = everything(at)
    for seat, token in links.items():
        assert f"seat={seat}&token={token}" in text
    assert text.count('src="data:image/svg+xml') == 2
    assert HOSTILE not in text and "&lt;img" in text  # the name is text, never markup


def test_a_seat_sees_its_own_hand_and_never_another_seats_cards() -> None:
    table_id, tokens, _ = open_table()
    for seat in tokens:
        row = row_of(table_id)
        at = seat_page(table_id, seat, tokens[seat])
        text = everything(at)
        own = state_of(row).hand_of(seat)
        assert own and all(f'"{card_name(c, "en")}"' in text for c in own)
        assert not [c for c in hidden_cards(row, seat) if c in text]


def test_whose_turn_is_said_and_a_move_from_the_page_moves_the_table() -> None:
    table_id, tokens, _ = open_table()
    row = row_of(table_id)
    seat = state_of(row).current_player()
    assert seat in tokens
    other = 2 if seat == 0 else 0
    waiting = seat_page(table_id, other, tokens[other])
    assert not waiting.button  # nothing to press out of turn
    at = seat_page(table_id, seat, tokens[seat])
    turn = f'{escape_html(t("play.turn.you", "en"))}</h3>'
    assert turn in everything(at) and turn not in everything(waiting)
    bids = [b for b in at.button if b.key and b.key.startswith("table.bid")]
    assert bids
    bids[0].click().run()
    assert not at.exception, at.exception
    assert row_of(table_id).count > row.count


def test_a_double_click_on_an_old_position_is_said_and_changes_nothing() -> None:
    table_id, tokens, _ = open_table()
    row = row_of(table_id)
    seat = state_of(row).current_player()
    assert seat is not None
    first = seat_page(table_id, seat, tokens[seat])
    second = seat_page(table_id, seat, tokens[seat])  # another tab on the same seat
    first.button(key="table.bid0").click().run()
    moved = row_of(table_id)
    second.button(key="table.bid0").click().run()
    assert not second.exception, second.exception
    assert row_of(table_id) == moved
    assert any(i.value == t("table.stale", "en") for i in second.info)


def test_two_people_play_a_whole_game_from_their_pages_and_get_the_record() -> None:
    table_id, tokens, _ = open_table(options={"max_cards": 1})
    pages = {seat: seat_page(table_id, seat, token) for seat, token in tokens.items()}
    for _ in range(200):
        row = row_of(table_id)
        if row.status != "playing":
            break
        seat = state_of(row).current_player()
        assert seat in pages
        at = pages[seat]
        at.run()
        text = everything(at)
        assert not [c for c in hidden_cards(row, seat) if c in text]
        buttons = [b for b in at.button if b.key and b.key.startswith(("table.bid",
                                                                        "table.card."))
                   and not b.disabled]
        legal = {a.code if hasattr(a, "code") else None for a in state_of(row).legal_actions()}
        playable = [b for b in buttons if str(b.key).startswith("table.bid")
                    or str(b.key).removeprefix("table.card.") in legal]
        assert playable, [b.key for b in at.button]
        playable[0].click().run()
        assert not at.exception, at.exception
    row = row_of(table_id)
    assert row.status == "over"
    at = pages[0]
    at.run()
    assert at.success and at.success[0].value.startswith(t("table.over", "en", names="")[:20])
    record = Tables.record(row)
    assert GAMES["kachuful"].replay(json.loads(json.dumps(record)))[1] == 0


@pytest.mark.parametrize("query", [
    {"seat": "0", "token": "wrong"},
    {"seat": "2"},  # the right token of seat 0 below is given for seat 2
    {"seat": "1"},  # a bot's seat
    {"seat": "zero", "token": "x"},
    {"seat": "0", "token": "A" * 5000},
    {"seat": "0"},
])
def test_a_wrong_or_old_link_gets_a_sentence_never_a_seat(query: dict[str, str]) -> None:
    table_id, tokens, _ = open_table()
    query = dict(query)
    if query.get("seat") in ("1", "2") and "token" not in query:
        query["token"] = tokens[0]
    at = open_site(PAGE, table=table_id, seat=query.get("seat", ""),
                   token=query.get("token", ""))
    assert not at.exception, at.exception
    assert [w.value for w in at.warning] == [t("table.bad-link", "en")]
    assert not at.button and not at.html or "rl-cards" not in everything(at)


def test_the_owner_gives_a_seat_to_a_bot_and_closes_the_table() -> None:
    table_id, tokens, owner = open_table()
    bad = open_site(PAGE, table=table_id, owner=tokens[0])
    assert [w.value for w in bad.warning] == [t("table.bad-owner", "en")]
    at = open_site(PAGE, table=table_id, owner=owner, lang="pt")
    assert not at.exception, at.exception
    at.button(key="table.remove2").click().run()
    assert not at.exception, at.exception
    assert row_of(table_id).seats[2].kind == "bot"
    gone = seat_page(table_id, 2, tokens[2])
    assert [w.value for w in gone.warning] == [t("table.bad-link", "en")]
    at.button(key="table.close").click().run()
    assert row_of(table_id).status == "closed"
    seat0 = seat_page(table_id, 0, tokens[0], "es")
    assert any(w.value == t("table.closed", "es") for w in seat0.warning)
    assert not [b for b in seat0.button if b.key and b.key.startswith("table.")]


def test_a_reload_reopens_the_same_position() -> None:
    table_id, tokens, _ = open_table(game="krypkasino", options={"session": 1})
    row = row_of(table_id)
    seat = state_of(row).current_player()
    assert seat is not None
    before = seat_page(table_id, seat, tokens[seat])
    again = seat_page(table_id, seat, tokens[seat])  # a reload: a new session, same link
    assert [h.proto.body for h in before.html] == [h.proto.body for h in again.html]


def test_with_a_timer_a_bot_plays_for_a_person_who_is_away() -> None:
    from store.core import now_ms

    opened = tables().open("kachuful", {"max_cards": 2},
                           [SeatSpec("human", name="Ana"), SeatSpec("bot", "basic"),
                            SeatSpec("human", name="Bo"), SeatSpec("bot", "random")],
                           seed=21, timer_s=30, now=now_ms() - 40_000)
    row = row_of(opened.id)
    away = state_of(row).current_player()
    assert away in opened.tokens
    other = 2 if away == 0 else 0
    at = seat_page(opened.id, other, opened.tokens[other], "pt")  # the other seat's poll
    moved = row_of(opened.id)
    assert moved.count > row.count and moved.seats[away].kind == "human"
    assert any(c.value.startswith(t("table.timer.left", "pt", n=0, timer=30)[:5])
               for c in at.caption)
    form = open_site(PAGE, lang="es")
    form.selectbox(key="table.timer").set_value(60).run()
    form.button(key="table.open").click().run()
    assert not form.exception, form.exception
    assert row_of(str(form.query_params["table"])).timer_s == 60


def test_a_card_that_captures_in_several_ways_asks_which() -> None:
    """Krypkasino (C-6): a card with more than one legal capture offers each one."""
    db = tables()
    for seed in range(1, 60):
        opened = db.open("krypkasino", {"session": 1},
                         [SeatSpec("human"), SeatSpec("bot", "random")], seed=seed)
        row = row_of(opened.id)
        while row.status == "playing":
            state = state_of(row)
            legal = state.legal_actions()
            cards = [getattr(a, "card", None) for a in legal]
            several = [c for c in set(cards) if c is not None and cards.count(c) > 1]
            if several:
                break
            row = db.act(opened.id, 0, opened.tokens[0], legal[0], row.count)
        else:
            continue
        card = several[0]
        at = seat_page(opened.id, 0, opened.tokens[0])
        at.button(key=f"table.card.{card.code}").click().run()
        assert not at.exception, at.exception
        assert row_of(opened.id).count == row.count  # nothing played yet: a choice first
        takes = [b for b in at.button if b.key and b.key.startswith("table.take")]
        assert len(takes) == cards.count(card)
        assert any(i.value == t("table.choose", "en") for i in at.markdown)
        takes[-1].click().run()
        assert not at.exception, at.exception
        assert row_of(opened.id).count > row.count
        return
    pytest.fail("no seed gave a card with several captures")
