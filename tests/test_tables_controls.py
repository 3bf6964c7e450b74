"""Tables (issue 31), the new controls through the entry script (AppTest): a play page's
"play this with people" link carries its setup to the table form (every option, the seat
count, each bot's level; the timer on), the table waits for its owner, who changes seats
and starts it; the coach and review at a person's seat, switched by the owner; a live
class's teacher sees every hand of a class table, nobody else does."""

from __future__ import annotations

import urllib.parse

import pytest
from streamlit.testing.v1 import AppTest

import store
from engine.messages import card_name
from store.tables import SeatSpec, Tables, state_of
from ui.apptest import open_site
from ui.i18n import t

PAGE = "pages/table.py"


def tables() -> Tables:
    return Tables(store.get())


def link_url(at: AppTest) -> str:
    found = [e for e in at.main.get("link_button")
             if e.proto.label == t("play.table.open", "en")]
    assert len(found) == 1
    return str(found[0].proto.url)


@pytest.mark.parametrize("game,prefix,params", [
    ("kachuful", "kplay.", {"players": "5", "seat": "2", "bots": "strong,random,you,basic,strong",
                            "max_cards": "3", "seed": "9"}),
    ("krypkasino", "cplay.", {"players": "2", "seat": "0", "bots": "you,strong",
                              "seed": "4"}),
])
def test_the_play_page_opens_a_table_of_its_setup(game: str, prefix: str,
                                                  params: dict[str, str]) -> None:
    play = open_site(f"pages/{game}_play.py", **params)
    assert not play.exception, play.exception
    url = urllib.parse.urlsplit(link_url(play))
    assert url.path.endswith("table")
    query = dict(urllib.parse.parse_qsl(url.query))
    assert query["game"] == game and "seed" not in query  # the table's seed is its own
    form = open_site(PAGE, **query)
    assert not form.exception, form.exception
    players = int(params["players"])
    assert form.selectbox(key="table.game").value == game
    assert form.selectbox(key=f"table.{game}.players").value == players
    bots = params["bots"].split(",")
    for i, level in enumerate(bots):
        assert form.selectbox(key=f"table.kind{i}").value == ("human" if level == "you"
                                                              else level)
    if "max_cards" in params:
        assert form.selectbox(key=f"table.{game}.max_cards.{players}").value == 3
    assert form.selectbox(key="table.timer").value == 60  # strangers: the timer is on
    form.button(key="table.open").click().run()
    assert not form.exception, form.exception
    row = tables().get(str(form.query_params["table"]))
    assert row is not None and row.status == "waiting" and row.timer_s == 60 and row.learning
    assert [s.kind for s in row.seats] == ["human" if b == "you" else "bot" for b in bots]
    if "max_cards" in params:
        assert row.variant == {"max_cards": "3"}


def test_a_hostile_play_link_falls_back_to_defaults() -> None:
    form = open_site(PAGE, game="kachuful", players="99", bots="<b>x</b>", max_cards="-1")
    assert not form.exception, form.exception
    assert form.selectbox(key="table.kachuful.players").value in range(3, 9)
    unknown = open_site(PAGE, game="poker", players="4")
    assert not unknown.exception and unknown.selectbox(key="table.game").value == "kachuful"


def test_the_owner_changes_seats_before_the_start_then_starts() -> None:
    opened = tables().open("kachuful", {"max_cards": 2},
                           [SeatSpec("human", name="Ana"), SeatSpec("bot", "basic"),
                            SeatSpec("bot", "basic")], seed=3, start=False)
    at = open_site(PAGE, table=opened.id, owner=opened.owner_key, lang="es")
    assert not at.exception, at.exception
    assert any(i.value == t("table.waiting.owner", "es") for i in at.info)
    assert sum('src="data:image/svg+xml' in h.proto.body for h in at.main.get("html")) == 1
    at.selectbox(key="table.set1").set_value("strong").run()
    at.selectbox(key="table.set2").set_value("human").run()
    assert not at.exception, at.exception
    row = tables().get(opened.id)
    assert row is not None and row.seats[1].level == "strong" and row.seats[2].kind == "human"
    assert sum('src="data:image/svg+xml' in h.proto.body for h in at.main.get("html")) == 2
    seat = open_site(PAGE, table=opened.id, seat="0", token=opened.tokens[0], lang="pt")
    assert any(i.value == t("table.waiting", "pt") for i in seat.info)
    assert not [b for b in seat.button if b.key and b.key.startswith("table.")]
    at.button(key="table.start").click().run()
    assert not at.exception, at.exception
    row = tables().get(opened.id)
    assert row is not None and row.status == "playing"
    assert not [s for s in at.selectbox if s.key and s.key.startswith("table.set")]


def test_the_coach_and_review_at_a_seat_follow_the_owners_switch() -> None:
    opened = tables().open("kachuful", {"max_cards": 1},
                           [SeatSpec("human", name="Ana"), SeatSpec("bot", "basic"),
                            SeatSpec("bot", "basic")], seed=11, learning=True)
    row = tables().get(opened.id)
    assert row is not None and state_of(row).current_player() == 0
    seat = open_site(PAGE, table=opened.id, seat="0", token=opened.tokens[0])
    assert not seat.exception, seat.exception
    says = t("play.coach.says", "en", text="")[:10]
    assert any(i.value.startswith(says) for i in seat.info)
    owner = open_site(PAGE, table=opened.id, owner=opened.owner_key)
    owner.toggle(key="table.coach").set_value(False).run()
    assert not owner.exception, owner.exception
    off = tables().get(opened.id)
    assert off is not None and not off.learning
    seat.run()
    assert not any(i.value.startswith(says) for i in seat.info)
    owner.toggle(key="table.coach").set_value(True).run()
    # a whole hand played from the seat: its review is there, for this seat
    for _ in range(20):
        row = tables().get(opened.id)
        assert row is not None
        if row.status != "playing":
            break
        tables().act(opened.id, 0, opened.tokens[0], state_of(row).legal_actions()[0],
                     row.count)
    seat.run()
    assert not seat.exception, seat.exception
    titles = [e.label for e in seat.expander]
    assert t("play.review.title.kachuful", "en", hand=1, deal=1) in titles


def test_only_the_class_teacher_sees_every_hand() -> None:
    db = store.get()
    lesson = db.open_class("kachuful-basics", "en")
    joined = [db.join(lesson.code, name) for name in ("Ana", "Bo")]
    table_id = tables().open_class(lesson.code, lesson.key, "kachuful", {"max_cards": 2},
                                   [j.student for j in joined], 3, seed=5)[0]
    row = tables().get(table_id)
    assert row is not None
    state = state_of(row)
    teacher = open_site(PAGE, table=table_id, owner=lesson.key)
    assert not teacher.exception, teacher.exception
    body = "\n".join(h.proto.body for h in teacher.main.get("html"))
    assert all(card_name(c, "en") in body for s in range(3) for c in state.hand_of(s))
    assert any(m.value == "**" + t("table.hands", "en") + "**" for m in teacher.markdown)
    student = open_site(PAGE, table=table_id, owner=joined[0].token)
    assert [w.value for w in student.warning] == [t("table.bad-owner", "en")]
    seat = open_site(PAGE, table=table_id, seat="0", token=joined[0].token)
    assert not seat.exception, seat.exception
    body = "\n".join(h.proto.body for h in seat.main.get("html"))
    assert not any(card_name(c, "en") in body for c in state.hand_of(1))
    assert not any(m.value == "**" + t("table.hands", "en") + "**" for m in seat.markdown)


@pytest.mark.parametrize("game,options,players", [("kachuful", {"max_cards": 2}, 4),
                                                  ("krypkasino", {"session": 1}, 3)])
def test_the_coach_and_review_name_only_the_seats_own_cards(
        game: str, options: dict[str, object], players: int) -> None:
    """Over a whole game of people only: at each move the coach's words for the seat to
    act name no card of another hand, and every card a review names is one that seat
    played itself."""
    from ui.table import seats as tb

    opened = tables().open(game, options, [SeatSpec("human")] * players, seed=4)
    seen_advice = seen_review = 0
    for _ in range(400):
        row = tables().get(opened.id)
        assert row is not None
        if row.status != "playing":
            break
        state = state_of(row)
        seat = state.current_player()
        assert seat is not None
        # (a card also in this seat's hand or on the table is seen: Krypkasino's deck
        # may hold two of a card)
        seen = {str(c) for c in state.hand_of(seat)} | \
            {str(c) for c in getattr(state.view(seat), "table", ())}
        hidden = {str(c) for o in range(players) if o != seat
                  for c in state.hand_of(o)} - seen
        advice = tb.advice(row, seat)
        assert advice is not None
        words = repr((advice.sentence, advice.tricks, [d.action for d in advice.detail],
                      advice.basis))
        assert not [c for c in hidden if c in words]
        seen_advice += 1
        played = {str(getattr(m.action, "card", m.action)) for m in tb.seat_session(row, seat).moves
                  if m.seat == seat}
        for _, notes in tb.reviews(row, seat):
            for note in notes:
                named = [str(v) for k, v in note.data if k == "card"]
                assert set(named) <= played, (note, played)
                seen_review += len(named)
        tables().act(opened.id, seat, opened.tokens[seat], state.legal_actions()[0],
                     row.count)
    assert seen_advice > 4 and (seen_review > 0 or game == "krypkasino")
