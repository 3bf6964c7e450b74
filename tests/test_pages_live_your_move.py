"""A walkthrough's your-move step pushed to a live class (issue 15), for both games: the
step comes from the engine's one walkthrough model (``Walkthrough.your_move``), the
students answer on their own pages, the projector shows the live chart and then the
engine's explanation and rule ID, and the answers count per rule and in the learners'
mastery records like quiz answers. The store part runs on SQLite and PostgreSQL."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from pg_server import fresh_database
from streamlit.testing.v1 import AppTest

import store
from engine.walkthrough import krypkasino as kwalk
from store import Store
from tutorials import lessons
from tutorials import scenarios as scen
from ui.apptest import open_site
from ui.classroom import deck as classroom
from ui.classroom import live
from ui.i18n import t
from ui.safe import escape_markdown
from ui.walkthrough.view import refusal, say

LIVE = "pages/live.py"


def everything(at: AppTest) -> str:
    parts = [h.proto.body for h in at.html]
    for kind in ("title", "subheader", "markdown", "caption", "success", "error", "warning", "info"):
        parts += [str(e.value) for e in getattr(at, kind)]
    return "\n".join(parts)


def engine_move(scenario: str, step_id: str) -> kwalk.YourMove:
    data = scen.load("krypkasino", scenario, kwalk.GAME_KEYS).data
    move = kwalk.build(data, kwalk.rules_from(kwalk.base_variant(data))).your_move(step_id)
    assert move is not None
    return move


def test_a_krypkasino_slide_pushes_the_engine_s_your_move_step() -> None:
    deck = classroom.slides(lessons.load("krypkasino-20"), "es")
    asks = [s for s in deck if s.ask]
    assert {s.ask.partition("#")[0] for s in asks} >= {"krypkasino/forced-sweep",
                                                      "krypkasino/lone-ace"}
    slide = next(s for s in asks if s.ask == "krypkasino/forced-sweep#play-0")
    question = live.resolve(live.slide_question(slide) or "", "es")
    move = engine_move("forced-sweep", "play-0")
    assert question is not None and question.rule == move.rule == "C-8"
    assert [c for c, _ in question.choices] == [o.id for o in move.options]
    # Right as in the walkthrough: the analyst's best or within its "good" margin (issue 27).
    assert question.correct == frozenset(o.id for o in move.options if o.verdict == "best")
    assert question.prompt == say(move.prompt, "es")
    best = move.option(move.answer)
    assert best is not None and question.explanation == " ".join(
        [*(say(n, "es") for n in best.feedback), *(say(n, "es") for n in move.remark)])
    illegal = next(o for o in move.options if o.verdict == "illegal")
    assert not question.judge([illegal.id]) and question.judge([move.answer])
    assert refusal(illegal.feedback[0], illegal.rule, "es").endswith(f"({illegal.rule})")
    # The lone ace teaches C-4 (14 in the hand, 1 on the table), live too.
    lone = live.resolve("move:krypkasino/lone-ace#play-0")
    assert lone is not None and lone.rule == "C-4"
    # A step that is not a your-move step, or a made-up one, is no question.
    assert live.resolve("move:krypkasino/forced-sweep#score") is None
    assert live.resolve("move:krypkasino/nope#play-0") is None
    assert live.resolve('move:krypkasino/forced-sweep~{"sweep_points":"x"}#play-0') is None


@pytest.mark.parametrize("game,lesson", [("krypkasino", "krypkasino-20"),
                                         ("kachuful", "kachuful-20")])
def test_a_your_move_step_asked_live_counts_per_rule_and_in_mastery(game: str,
                                                                     lesson: str) -> None:
    deck = classroom.slides(lessons.load(lesson), "en")
    step = next(i for i, s in enumerate(deck, start=1) if s.ask.startswith(f"{game}/"))
    question = live.resolve(live.slide_question(deck[step - 1]) or "")
    assert question is not None
    at = open_site("pages/classroom.py", lesson=lesson, step=str(step))
    at.button(key="cl_live").click().run()
    assert not at.exception, at.exception
    code, key = str(at.query_params["class"]), str(at.query_params["key"])
    me = store.get().new_learner_id()
    pupils = []
    for name, learner in (("Ana", me), ("Bo", None)):
        page = open_site(LIVE, **{"class": code, **({"kept": learner} if learner else {})})
        page.text_input(key="lv_name").input(name)
        page.button(key="FormSubmitter:lv_join-" + t("live.join.go", "en")).click().run()
        assert not page.exception and page.query_params.get("s")
        pupils.append(page)
    desk = open_site(LIVE, **{"class": code, "key": key})
    desk.button(key="lv_ask").click().run()
    asked = store.get().question(code, 1)
    assert asked is not None and asked.ref == question.ref and asked.rule == question.rule
    right = sorted(question.correct)[0]
    wrong = next(c for c, _ in question.choices if c not in question.correct)
    for page, choice in zip(pupils, (right, wrong), strict=True):
        page.run()
        assert escape_markdown(question.prompt)[:20] in everything(page)
        page.radio(key="lv_pick1").set_value(choice)
        page.button(key="FormSubmitter:lv_answer1-" + t("live.send", "en")).click().run()
        assert not page.exception
    desk.run()
    assert t("live.count", "en", answered=2, count=2) in everything(desk)
    assert len(desk.get("plotly_chart")) == 1
    desk.button(key="lv_reveal").click().run()
    shown = everything(desk)
    assert escape_markdown(question.explanation)[:30] in shown and question.rule in shown
    pupils[1].run()
    assert t("live.wrong", "en") in everything(pupils[1])
    desk.button(key="lv_end").click().run()
    rules = desk.dataframe[0].value
    assert list(rules.iloc[0])[:3] == [live.rule_title(question.rule, "en"), 1, 2]
    assert {m.rule: (m.asked, m.right) for m in store.get().mastery(me)}[question.rule] == (1, 1)


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    else:
        url = fresh_database(request.getfixturevalue("postgres_url"), f"t_{uuid.uuid4().hex[:12]}")
    s = Store(url)
    yield s
    s.close()


def test_the_store_keeps_a_your_move_question_like_a_quiz_one(db: Store) -> None:
    question = live.resolve("move:krypkasino/double-sweep#play-0")
    assert question is not None and question.rule == "C-10"
    opened = db.open_class("1.packed-lesson", "en")
    me = db.new_learner_id()
    ana, bo = db.join(opened.code, "Ana", learner=me), db.join(opened.code, "Bo")
    seq = db.ask(opened.code, opened.key, question.ref, question.rule,
                 [c for c, _ in question.choices], sorted(question.correct))
    wrong = next(c for c, _ in question.choices if c not in question.correct)
    assert db.answer(opened.code, ana.token, seq, [wrong], question.judge([wrong])) == "counted"
    right = sorted(question.correct)[0]
    assert db.answer(opened.code, bo.token, seq, [right], question.judge([right])) == "counted"
    assert db.question(opened.code, seq).ref == question.ref  # type: ignore[union-attr]
    tally = db.tally(opened.code, seq)
    assert (tally.answered, tally.right) == (2, 1)
    rows = live.rule_results(db.results(opened.code, opened.key))
    assert [(r.rule, r.right, r.asked) for r in rows] == [("C-10", 1, 2)]
    assert {m.rule: (m.asked, m.right) for m in db.mastery(me)} == {"C-10": (1, 0)}
