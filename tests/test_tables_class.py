"""A live class plays at tables (issue 31) through the entry script (AppTest): the teacher
seats the joined students at tables of a chosen size (bots fill the gaps; the timer off and
the coach off by default), the projector's board shows every table (seats, whose turn, no
hand) with a link that opens it with every hand for the teacher's key only, and each
student's phone moves to its own seat and can go back to the class; en, es, pt."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

import store
from engine.messages import card_name
from store.tables import Tables, state_of
from tutorials import lessons
from ui.apptest import open_site
from ui.classroom import live
from ui.i18n import t

LIVE = "pages/live.py"
HOSTILE = "<img src=x onerror=f()>"
LESSON = lessons.encode_link(lessons.load("kachuful-20"))


def html(at: AppTest) -> str:
    return "\n".join(h.proto.body for h in at.main.get("html"))


def links(at: AppTest) -> dict[str, str]:
    """Each link button's label -> its address; each page link's -> its page and query."""
    found = {str(e.proto.label): str(e.proto.url) for e in at.main.get("link_button")}
    return found | {str(e.proto.label): f"{e.proto.page}?{e.proto.query_string}"
                    for e in at.main.get("page_link")}


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_the_teacher_seats_the_class_at_tables_and_sees_them_all(lang: str) -> None:
    db = store.get()
    lesson = db.open_class(LESSON, lang)
    for name in ("Ana", HOSTILE, "Cy", "Di", "Ed"):
        db.join(lesson.code, name)
    at = open_site(LIVE, lang=lang, **{"class": lesson.code, "key": lesson.key})
    assert not at.exception, at.exception
    at.selectbox(key="lv_t_size.kachuful").set_value(3).run()
    at.selectbox(key="lv_t_opt.kachuful.max_cards.3").set_value(2).run()
    assert any(c.value == t("live.tables.count", lang, students=5, tables=2)
               for c in at.caption)
    at.button(key="lv_t_go").click().run()
    assert not at.exception, at.exception
    rows = Tables(db).of_class(lesson.code, lesson.key)
    assert [[s.kind for s in r.seats] for r in rows] == [["human"] * 3,
                                                          ["human", "human", "bot"]]
    assert all(r.timer_s == 0 and not r.learning and r.variant == {"max_cards": "2"}
               for r in rows)
    board = html(at)
    for n in (1, 2):
        assert f'data-table="{n}"' in board
        assert t("live.tables.open", lang, n=n) in links(at)
    assert HOSTILE not in board and "&lt;img" in board  # a name is text, never markup
    for row in rows:  # the board draws no hand
        state = state_of(row)
        assert not [c for s in range(row.players) for c in state.hand_of(s)
                    if f'"{card_name(c, lang)}"' in board]
    # the board's link opens the table with every hand, for the teacher's key
    url = links(at)[t("live.tables.open", lang, n=1)]
    assert f"table={rows[0].id}" in url and f"owner={lesson.key}" in url
    whole = open_site("pages/table.py", lang=lang, table=rows[0].id, owner=lesson.key)
    assert not whole.exception, whole.exception
    state = state_of(rows[0])
    assert all(card_name(c, lang) in html(whole) for s in range(3) for c in state.hand_of(s))


def test_each_phone_moves_to_its_seat_and_back() -> None:
    db = store.get()
    lesson = db.open_class(LESSON, "en")
    joined = [db.join(lesson.code, name) for name in ("Ana", "Bo")]
    Tables(db).open_class(lesson.code, lesson.key, "kachuful", {"max_cards": 2},
                          [j.student for j in joined], 4, seed=3)
    row = Tables(db).of_class(lesson.code, lesson.key)[0]
    phone = open_site(LIVE, **{"class": lesson.code, "s": joined[1].token})
    assert not phone.exception, phone.exception
    # the phone moved to its seat (the table page, its own hand)
    assert phone.session_state[live.K + "seated"] == row.id
    assert phone.query_params["table"] == row.id and phone.query_params["seat"] == "1"
    state = state_of(row)
    assert all(f'"{card_name(c, "en")}"' in html(phone) for c in state.hand_of(1))
    # back in the class, the phone is not moved again: a button goes to the seat
    phone.query_params.clear()
    phone.query_params.update({"class": lesson.code, "s": joined[1].token})
    phone.switch_page(LIVE).run()
    assert not phone.exception, phone.exception
    mine = links(phone)[t("live.tables.mine", "en", seat="B")]
    assert f"table={row.id}" in mine and "seat=1" in mine and \
        f"token={joined[1].token}" in mine
    seat = open_site("pages/table.py", table=row.id, seat="1", token=joined[1].token)
    assert not seat.exception, seat.exception
    assert not seat.warning
    back = links(seat)[t("table.back-class", "en")]
    assert f"class={lesson.code}" in back and f"s={joined[1].token}" in back
    assert all(f'"{card_name(c, "en")}"' in html(seat) for c in state.hand_of(1))
    assert not [c for c in state.hand_of(0) if f'"{card_name(c, "en")}"' in html(seat)]
    # another student's token does not open this seat
    other = open_site("pages/table.py", table=row.id, seat="1", token=joined[0].token)
    assert [w.value for w in other.warning] == [t("table.bad-link", "en")]
