"""The quiz page through the entry script (AppTest): a linked question, right and wrong
answers with feedback naming the rule, the score and missed rules, Next, bad links."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from engine.quiz import TYPES, generate, make
from ui.apptest import open_site
from ui.i18n import LANGS, t
from ui.quiz.marking import widget_key
from ui.safe import escape_markdown

PAGE = "pages/quiz.py"


def open_quiz(**query: str) -> AppTest:
    at = open_site(PAGE, **query)
    assert not at.exception, at.exception
    return at


def answer(at: AppTest, qid: str, choice_ids: list[str]) -> AppTest:
    q = make(qid)
    if q.multiple:
        for c in q.choices:
            at.checkbox(key=widget_key(q, c.id)).set_value(c.id in choice_ids)
    elif choice_ids:
        at.radio(key=widget_key(q)).set_value(choice_ids[0])
    labels = {t("quiz.ui.check", lang) for lang in LANGS}
    submit = next(b for b in at.button if b.label in labels)
    submit.click().run()
    assert not at.exception, at.exception
    return at


def page_text(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [e.value for e in at.success] + \
        [e.value for e in at.error] + [c.value for c in at.caption]
    return "\n".join(str(p) for p in parts)


def test_a_right_answer_shows_the_rule_and_counts() -> None:
    qid = "k-bids-5"
    q = make(qid)
    assert q.rule == "K-9"
    at = open_quiz(q=qid)
    assert at.query_params["q"] == [qid] or at.query_params["q"] == qid
    answer(at, qid, sorted(q.correct))
    assert len(at.success) == 1 and not at.error
    assert t("quiz.ui.right", "en") in at.success[0].value
    text = page_text(at)
    assert "kachuful_rules#K-9" in text  # the link to the rule
    assert "K-9" in text and q.explanation.render("en").split(":")[0] in text
    assert "1 right out of 1" in text


def test_a_wrong_answer_names_the_rule_and_is_remembered() -> None:
    qid = next(f"k-trick-{s}" for s in range(50) if generate("k-trick", s).rule == "K-12")
    q = make(qid)
    wrong = next(c.id for c in q.choices if c.id not in q.correct)
    at = open_quiz(q=qid)
    answer(at, qid, [wrong])
    assert len(at.error) == 1 and not at.success
    assert t("quiz.ui.wrong", "en") in at.error[0].value
    text = page_text(at)
    assert "kachuful_rules#K-12" in text
    assert "0 right out of 1" in text
    assert "missed: 1" in text  # the rules you keep missing
    # The position again, with the winning card marked.
    html = " ".join(h.proto.body for h in at.main.get("html"))
    assert "rl-highlight" in html
    # ... and a button to practise it: the next question names K-12.
    at.button(key="quiz.practise.K-12").click().run()
    assert not at.exception
    assert at.multiselect(key="quiz.topics").value == ["K-12"]
    assert make(at.session_state["quiz.qid"]).rule == "K-12"


def test_krypkasino_feedback_marks_the_legal_cards_and_links_the_rule() -> None:
    qid = next(f"c-sweep-{s}" for s in range(50) if generate("c-sweep", s).rule == "C-8")
    q = make(qid)
    at = open_quiz(q=qid)
    answer(at, qid, sorted(q.correct))
    assert at.success
    assert "krypkasino_rules#C-8" in page_text(at)
    html = " ".join(h.proto.body for h in at.main.get("html"))
    assert html.count("rl-legal") >= len(q.correct)


def test_next_question_changes_the_link_and_keeps_the_score() -> None:
    at = open_quiz(q="c-points-3")
    q = make("c-points-3")
    answer(at, "c-points-3", sorted(q.correct))
    next_button = at.button(key="quiz.next")
    next_button.click().run()
    assert not at.exception
    new_id = at.session_state["quiz.qid"]
    assert new_id != "c-points-3" and new_id.startswith("c-")  # same game
    assert "1 right out of 1" in page_text(at)
    assert at.session_state["quiz.answer"] is None


def test_topics_choose_the_next_question() -> None:
    at = open_quiz(q="k-trump-1")
    at.multiselect(key="quiz.topics").set_value(["K-11"]).run()
    assert not at.exception
    assert at.session_state["quiz.qid"].startswith("k-play-")
    at.selectbox(key="quiz.game").set_value("krypkasino").run()
    assert at.session_state["quiz.qid"].startswith("c-")
    assert at.multiselect(key="quiz.topics").value == []


def test_a_bad_link_gives_a_message_and_a_question() -> None:
    at = open_quiz(q="k-bids-<b>x")
    assert any("k\\-bids" in w.value or "k-bids" in w.value for w in at.warning)
    assert at.session_state["quiz.qid"] is not None
    assert "<b>" not in " ".join(w.value for w in at.warning)


@pytest.mark.parametrize("lang", LANGS)
def test_the_quiz_speaks_the_language(lang: str) -> None:
    at = open_quiz(q="c-capture-2", lang=lang)
    q = make("c-capture-2")
    assert at.title[0].value == t("page.quiz", lang)
    assert at.header[0].value == TYPES[q.kind].title.render(lang)
    assert q.prompt.render(lang).split(" ")[0] in page_text(at)
    assert at.button(key="quiz.next").label == t("quiz.ui.next", lang)


def test_checking_without_an_answer_asks_for_one() -> None:
    at = open_quiz(q="k-trump-4")
    answer(at, "k-trump-4", [])
    assert not at.success and not at.error
    assert at.session_state["quiz.answer"] is None
    assert any(t("quiz.ui.pick-one", "en") in w.value for w in at.warning)
    assert "No answers yet." in page_text(at)


def visible_strings(at: AppTest) -> str:
    parts: list[str] = []
    for kind in ("title", "header", "subheader", "markdown", "caption", "success", "error",
                 "warning"):
        parts += [str(e.value) for e in at.get(kind)]
    parts += [b.label for b in at.button] + [c.label for c in at.checkbox]
    parts += [r.label for r in at.radio] + [m.label for m in at.multiselect]
    parts += [s.label for s in at.selectbox]
    parts += [m.placeholder for m in at.multiselect]
    return "\n".join(parts)


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_no_english_is_left_on_a_translated_quiz_page(lang: str) -> None:
    from ui.i18n import strings

    STRINGS = {lang: {k: v for k, v in entries.items() if k.startswith(("quiz.", "page.quiz"))}
               for lang, entries in strings().items()}
    qid = "k-score-6"
    q = make(qid)
    at = open_quiz(q=qid, lang=lang)
    answer(at, qid, [next(c.id for c in q.choices if c.id not in q.correct)])
    shown = visible_strings(at)
    english = [v for k, v in STRINGS["en"].items() if v != STRINGS[lang][k] and "{" not in v]
    left = [v for v in english if v in shown]
    assert left == [], left
    for text in (q.prompt, q.explanation, *q.facts, TYPES[q.kind].title):
        assert text.render(lang) in shown.replace("\\", "") or \
            escape_markdown(text.render(lang)) in shown
        assert text.render("en") not in shown.replace("\\", "")


def test_a_link_can_choose_the_game_and_the_topics() -> None:
    at = open_quiz(game="krypkasino", topics="C-8,C-99")
    assert at.session_state["quiz.game"] == "krypkasino"
    assert at.multiselect(key="quiz.topics").value == ["C-8"]
    assert at.session_state["quiz.qid"].startswith("c-sweep-")
    assert any("C\\-99" in w.value or "C-99" in w.value for w in at.warning)
    at.button(key="quiz.next").click().run()
    assert at.session_state["quiz.qid"].startswith("c-sweep-")
    assert at.query_params["topics"] in ("C-8", ["C-8"])
    assert at.query_params["game"] in ("krypkasino", ["krypkasino"])


def test_the_question_of_a_link_wins_over_its_game() -> None:
    at = open_quiz(q="k-trump-9", game="krypkasino")
    assert at.session_state["quiz.qid"] == "k-trump-9"
    assert at.session_state["quiz.game"] == "kachuful"
