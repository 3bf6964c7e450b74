"""Progress that lasts: the quiz page keeps a learner's answers per rule under an anonymous
id (in the link and the browser), draws them, carries them to another device by link, and
erases them; your-move and live answers count in the same record."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

import store
from engine.quiz import make
from ui import progress
from ui.apptest import open_site
from ui.i18n import t
from ui.quiz import widget_key

QUIZ = "pages/quiz.py"
QID = "k-trump-7"


def answer(at: AppTest, choice: str) -> None:
    q = make(QID)
    at.radio(key=widget_key(q)).set_value(choice)
    next(b for b in at.button if b.label == t("quiz.ui.check", "en")).click().run()
    assert not at.exception, at.exception


def scripts(at: AppTest) -> str:
    return "\n".join(h.proto.body for h in at.html if "<script>" in h.proto.body)


def test_nothing_is_kept_until_the_learner_asks() -> None:
    at = open_site(QUIZ, q=QID)
    assert not at.exception
    assert at.button(key="progress.start") is not None and at.query_params.get("me") is None
    answer(at, sorted(make(QID).correct)[0])
    # The browser may hold an id from an earlier visit: the page asks it to put it back.
    assert "localStorage.getItem('rules-lab-learner')" in scripts(at)


def test_the_record_is_kept_drawn_carried_and_erased() -> None:
    at = open_site(QUIZ, q=QID)
    at.button(key="progress.start").click().run()
    me = str(at.query_params["me"])
    assert store.Store.valid_learner(me)
    assert f"localStorage.setItem('rules-lab-learner', '{me}')" in scripts(at)
    q = make(QID)
    answer(at, sorted(q.correct)[0])
    assert [(m.rule, m.asked, m.right) for m in store.get().mastery(me)] == [(q.rule, 1, 1)]
    assert len(at.get("plotly_chart")) == 1
    assert any(f"me={me}" in c.value for c in at.code)
    # Another device: the link alone brings the record.
    other = open_site(QUIZ, q="k-trump-8", me=me)
    assert not other.exception and len(other.get("plotly_chart")) == 1
    wrong = next(c.id for c in make("k-trump-8").choices if c.id not in make("k-trump-8").correct)
    other.radio(key=widget_key(make("k-trump-8"))).set_value(wrong)
    next(b for b in other.button if b.label == t("quiz.ui.check", "en")).click().run()
    assert {m.rule: (m.asked, m.right) for m in store.get().mastery(me)}[q.rule] == (2, 1)
    other.button(key="progress.erase").click().run()
    assert store.get().mastery(me) == [] and other.query_params.get("me") is None
    assert t("progress.erased", "en") in [s.value for s in other.success]
    assert "localStorage.removeItem('rules-lab-learner')" in scripts(other)


def test_walkthrough_and_live_answers_count_in_the_record() -> None:
    me = store.Store.new_learner_id()

    def app() -> None:
        import streamlit as st

        from ui import progress, your_move

        progress.listen()
        your_move.record_answer(st.session_state, "C-8", False, "walkthrough", "play-1")

    at = AppTest.from_function(app)
    at.query_params["me"] = me
    at.run()
    assert not at.exception, at.exception
    assert [(m.rule, m.asked, m.right) for m in store.get().mastery(me, ["walkthrough"])] == \
        [("C-8", 1, 0)]
    # A student who keeps a record joins a live class with it: live answers count there.
    opened = store.get().open_class("1.x", "en")
    pupil = store.get().join(opened.code, "Ana", learner=me)
    seq = store.get().ask(opened.code, opened.key, "quiz:k-trump-7", "K-7", ["a", "b"], ["a"])
    store.get().answer(opened.code, pupil.token, seq, ["a"], True)
    assert {m.rule: m.asked for m in store.get().mastery(me, ["live"])} == {"K-7": 1}


def test_the_chart_orders_rules_and_shows_counts() -> None:
    rows = [store.Mastery("C-8", 2, 1), store.Mastery("K-11", 3, 3), store.Mastery("K-9", 1, 0)]
    fig = progress.figure(rows, "es")
    bar = fig.data[0]
    assert list(bar.y) == ["C-8", "K-11", "K-9"]  # bottom to top: K-9 first on screen
    assert list(bar.x) == [50, 100, 0] and list(bar.text) == ["1/2", "3/3", "0/1"]
    assert fig.layout.xaxis.title.text == t("progress.axis", "es")


KACH = "pages/kachuful_walkthrough.py"
ANSWERING_PAGES = ("pages/quiz.py", KACH, "pages/krypkasino_walkthrough.py", "pages/live.py")
ASK_BROWSER = "localStorage.getItem('rules-lab-learner')"


def test_every_page_that_records_answers_asks_the_browser_for_its_kept_id() -> None:
    for page in ANSWERING_PAGES:
        at = open_site(page)
        assert not at.exception, (page, at.exception)
        assert ASK_BROWSER in scripts(at), page
    # A page that records no answer does not reload itself for it.
    assert ASK_BROWSER not in scripts(open_site("pages/glossary.py"))


def test_a_your_move_answer_after_the_id_is_restored_lands_in_its_record() -> None:
    me = store.Store.new_learner_id()
    # The browser put its kept id back into the link (the reload of progress.restore()).
    at = open_site(KACH, scenario="worked-example", step="h11.bid.s3", me=me)
    assert not at.exception, at.exception
    assert ASK_BROWSER not in scripts(at)  # known: no second reload
    assert f"localStorage.setItem('rules-lab-learner', '{me}')" in scripts(at)
    at.radio[0].set_value("bid-1")  # the dealer may not make the bids add up (K-9)
    next(b for b in at.button if b.label == "Check").click().run()
    assert not at.exception, at.exception
    assert [(m.rule, m.asked, m.right) for m in store.get().mastery(me, ["walkthrough"])] == \
        [("K-9", 1, 0)]
    # The same visit on the quiz page: the same record, drawn; then erased.
    at.switch_page("pages/quiz.py").run()
    assert not at.exception, at.exception
    assert len(at.get("plotly_chart")) == 1
    at.button(key="progress.erase").click().run()
    assert store.get().mastery(me) == [] and at.query_params.get("me") is None
    assert "localStorage.removeItem('rules-lab-learner')" in scripts(at)
    # Erased in this visit: no page asks the browser for the id again, nothing is counted.
    at.switch_page(KACH).run()
    assert not at.exception, at.exception
    assert ASK_BROWSER not in scripts(at)
    assert progress.SESSION not in at.session_state and store.get().mastery(me) == []


def test_the_quiz_works_when_progress_cannot_be_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    # PostgreSQL configured but not answering: every answer still gets its verdict.
    monkeypatch.setenv("RULES_LAB_DATABASE_URL", "postgresql://rl@127.0.0.1:9/rules")
    me = store.Store.new_learner_id()
    at = open_site(QUIZ, q=QID, me=me)
    assert not at.exception, at.exception
    assert t("progress.unavailable", "en") in [w.value for w in at.warning]
    answer(at, sorted(make(QID).correct)[0])
    assert at.success, "the verdict is shown"
    assert t("progress.unavailable", "en") in [w.value for w in at.warning]
    assert "127.0.0.1" not in "\n".join(str(e.value) for e in at.markdown)
