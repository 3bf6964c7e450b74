"""Progress that lasts: the quiz page keeps a learner's answers per rule under an anonymous
id (in the link and the browser), draws them, carries them to another device by link, and
erases them; your-move and live answers count in the same record."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

import store
from engine.quiz import make
from tutorials import lessons
from ui import progress
from ui.apptest import open_site
from ui.i18n import t
from ui.quiz.marking import widget_key

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
    assert at.button(key="quiz.progress.start") is not None and at.query_params.get("me") is None
    answer(at, sorted(make(QID).correct)[0])
    # The browser may hold an id from an earlier visit: the page asks it to put it back.
    assert "localStorage.getItem('rules-lab-learner')" in scripts(at)


def test_the_record_is_kept_drawn_carried_and_erased() -> None:
    at = open_site(QUIZ, q=QID)
    at.button(key="quiz.progress.start").click().run()
    me = str(at.session_state[progress.SESSION])
    assert store.Store.valid_learner(me)
    assert at.query_params.get("me") is None  # never in the address bar
    assert f"localStorage.setItem('rules-lab-learner', '{me}')" in scripts(at)
    q = make(QID)
    answer(at, sorted(q.correct)[0])
    assert [(m.rule, m.asked, m.right) for m in store.get().mastery(me)] == [(q.rule, 1, 1)]
    assert len(at.get("plotly_chart")) == 1
    assert at.query_params.get("me") is None
    # The one place with the id: the explicit "move my progress" link.
    assert [c.value for c in at.code if "me=" in c.value] == [f"?me={me}"]
    # Another device with no record: the move link brings it (after asking the browser).
    other = open_site(QUIZ, q="k-trump-8", me=me)
    assert not other.exception and "searchParams.set('kept'" in scripts(other)
    other.query_params["kept"] = "-"  # the browser's answer: it keeps none
    other.run()
    assert not other.exception and len(other.get("plotly_chart")) == 1
    assert other.query_params.get("me") is None and other.query_params.get("kept") is None
    assert t("progress.moved", "en") in [s.value for s in other.success]
    wrong = next(c.id for c in make("k-trump-8").choices if c.id not in make("k-trump-8").correct)
    other.radio(key=widget_key(make("k-trump-8"))).set_value(wrong)
    next(b for b in other.button if b.label == t("quiz.ui.check", "en")).click().run()
    assert {m.rule: (m.asked, m.right) for m in store.get().mastery(me)}[q.rule] == (2, 1)
    other.button(key="quiz.progress.erase").click().run()
    assert store.get().mastery(me) == [] and other.query_params.get("me") is None
    assert t("progress.erased", "en") in [s.value for s in other.success]
    assert "localStorage.removeItem('rules-lab-learner')" in scripts(other)


def test_a_move_link_for_another_record_asks_and_never_drops_the_old_one() -> None:
    mine, theirs = store.Store.new_learner_id(), store.Store.new_learner_id()
    store.get().record(mine, "K-9", True, "quiz")
    store.get().record(theirs, "K-7", False, "quiz")
    # A copied move link opened in a browser that keeps its own record.
    at = open_site(QUIZ, q=QID, me=theirs)
    at.query_params["kept"] = mine  # what the browser answers
    at.run()
    assert not at.exception, at.exception
    assert at.session_state[progress.SESSION] == mine  # nothing taken silently
    assert t("progress.offer", "en") in [w.value for w in at.warning]
    assert at.query_params.get("me") is None and at.query_params.get("kept") is None
    # "Keep this device's record": nothing changes.
    at.button(key="rl.progress.keep").click().run()
    assert at.session_state[progress.SESSION] == mine
    assert t("progress.offer", "en") not in [w.value for w in at.warning]
    # The link again, and this time taken: the old id stays, to switch back.
    again = open_site(QUIZ, q=QID, me=theirs)
    again.query_params["kept"] = mine
    again.run()
    again.button(key="rl.progress.take").click().run()
    assert again.session_state[progress.SESSION] == theirs
    assert again.session_state[progress.PREVIOUS] == mine
    assert f"localStorage.setItem('rules-lab-learner', '{theirs}')" in scripts(again)
    assert f"localStorage.setItem('rules-lab-learner-previous', '{mine}')" in scripts(again)
    assert t("progress.previous", "en") in [c.value for c in again.caption]
    again.button(key="quiz.progress.back").click().run()
    assert again.session_state[progress.SESSION] == mine
    assert [m.rule for m in store.get().mastery(mine)] == ["K-9"]  # both records are there
    assert [m.rule for m in store.get().mastery(theirs)] == ["K-7"]


def test_a_page_link_never_carries_the_id() -> None:
    me = store.Store.new_learner_id()
    # The browser's own id comes back with kept= and leaves the address at once.
    at = open_site(QUIZ, q=QID, kept=me)
    assert not at.exception, at.exception
    assert at.session_state[progress.SESSION] == me and "kept" not in at.query_params
    answer(at, sorted(make(QID).correct)[0])
    assert "me" not in at.query_params and "kept" not in at.query_params
    # Joining a live class with a record: the student's link has no id either.
    opened = store.get().open_class(lessons.encode_link(lessons.load("kachuful-20")), "en")
    live = open_site("pages/live.py", **{"class": opened.code, "kept": me})
    live.text_input(key="lv_name").input("Ana")
    live.button(key="FormSubmitter:lv_join-" + t("live.join.go", "en")).click().run()
    assert live.query_params.get("s") and "me" not in live.query_params
    student = store.get().student(opened.code, str(live.query_params["s"]))
    assert student is not None and student.learner == me


def test_walkthrough_and_live_answers_count_in_the_record() -> None:
    me = store.Store.new_learner_id()

    def app() -> None:
        import streamlit as st

        from ui import progress
        from ui.walkthrough import your_move

        progress.listen()
        your_move.record_answer(st.session_state, "C-8", False, "walkthrough", "play-1")

    at = AppTest.from_function(app)
    at.session_state[progress.SESSION] = me  # the visit's id (progress.restore)
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
    # The browser gave back its kept id (the reload of progress.restore()).
    at = open_site(KACH, scenario="worked-example", step="h11.bid.s3", kept=me)
    assert not at.exception, at.exception
    assert ASK_BROWSER not in scripts(at)  # known: no second reload
    assert "kept" not in at.query_params and "me" not in at.query_params
    at.radio[0].set_value("bid-1")  # the dealer may not make the bids add up (K-9)
    next(b for b in at.button if b.label == "Check").click().run()
    assert not at.exception, at.exception
    assert [(m.rule, m.asked, m.right) for m in store.get().mastery(me, ["walkthrough"])] == \
        [("K-9", 1, 0)]
    # The same visit on the quiz page: the same record, drawn; then erased.
    at.switch_page("pages/quiz.py").run()
    assert not at.exception, at.exception
    assert len(at.get("plotly_chart")) == 1
    at.button(key="quiz.progress.erase").click().run()
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
    at = open_site(QUIZ, q=QID, kept=me)
    assert not at.exception, at.exception
    assert t("progress.unavailable", "en") in [w.value for w in at.warning]
    answer(at, sorted(make(QID).correct)[0])
    assert at.success, "the verdict is shown"
    assert t("progress.unavailable", "en") in [w.value for w in at.warning]
    assert "127.0.0.1" not in "\n".join(str(e.value) for e in at.markdown)
