"""The quiz page's drawing (:mod:`pages.quiz`): the question with its cards and answer
form, the verdict with the position and the choices marked, and the score board with the
rules to practise. The page keeps the state and the callbacks; the marking helpers are
:mod:`ui.quiz.marking`'s, the questions and verdicts :mod:`engine.quiz`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import streamlit as st

import tutorials
from engine.quiz import TYPES, Question, check
from ui.cards import cards_html
from ui.docs import rule_href, sections
from ui.focus import move_focus
from ui.i18n import t
from ui.prefs import Prefs
from ui.quiz import marking as helpers
from ui.safe import escape_markdown


def rule_label(rule: str, lang: str) -> str:
    """``"K-9 · Hook rule"``: the rule's title on its rules page."""
    items = sections(tutorials.rule_doc(rule), lang)
    return helpers.rule_label(rule, [(s.anchor, s.title) for s in items])


def rule_link(rule: str, visitor: Prefs) -> str:
    """The rule's title as a markdown link to its section of the rules page."""
    return (f"[{escape_markdown(rule_label(rule, visitor.lang))}]"
            f"({rule_href(rule, query=visitor.query())})")


def draw_groups(question: Question, visitor: Prefs, after: bool) -> None:
    """The question's cards: before the answer the groups always shown, after it the
    groups that mark the answer (a held hand spread out so every mark shows)."""
    lang = visitor.lang
    groups = helpers.feedback_groups(question) if after else \
        helpers.visible_groups(question, False)
    for group in groups:
        caption = group.caption.render(lang)
        st.html(cards_html(group.cards, lang=lang,
                           layout=helpers.spread(group.layout)
                           if after or group.focus else group.layout,
                           states=helpers.group_states(group, after),
                           four_colour=visitor.four_colour, caption=caption, label=caption))


def answer_form(question: Question, lang: str, labels: dict[str, str], empty: bool,
                on_check: Callable[[str], None]) -> None:
    """The choices (check boxes, or one radio) and "Check my answer"; ``empty`` when the
    last check had nothing picked (the hint is then a warning)."""
    with st.form(f"quiz.form.{question.id}"):
        hint = t("quiz.ui.pick-all" if question.multiple else "quiz.ui.pick-one", lang)
        if empty:
            st.warning(hint, icon=":material/touch_app:")
        else:
            st.caption(hint)
        if question.multiple:
            for c in question.choices:
                st.checkbox(labels[c.id], key=helpers.widget_key(question, c.id))
        else:
            st.radio(question.prompt.render(lang), [c.id for c in question.choices],
                     index=None, format_func=labels.__getitem__,
                     key=helpers.widget_key(question), label_visibility="collapsed")
        st.form_submit_button(t("quiz.ui.check", lang), type="primary",
                              on_click=on_check, args=(question.id,))


def feedback(question: Question, answer: Sequence[str], visitor: Prefs,
             labels: dict[str, str]) -> None:
    """The engine's verdict and explanation, the rule, the position marked again and
    every choice marked right, missed, wrong or neither."""
    lang = visitor.lang
    verdict = check(question, list(answer))
    sentence = escape_markdown(question.explanation.render(lang))
    with st.container(key="quiz.result"):
        if verdict.right:
            st.success(f"**{t('quiz.ui.right', lang)}** {sentence}",
                       icon=":material/check_circle:")
        else:
            st.error(f"**{t('quiz.ui.wrong', lang)}** {sentence}", icon=":material/cancel:")
    st.markdown(t("quiz.ui.rule", lang, rule=rule_link(question.rule, visitor)))
    if helpers.feedback_groups(question):
        st.markdown(f"**{t('quiz.ui.again', lang)}**")
        draw_groups(question, visitor, True)
    st.markdown(f"**{t('quiz.ui.choices', lang)}**")
    st.markdown("\n".join(
        f"- {helpers.SIGNS[m.mark]} {labels[m.choice.id]} — {t(f'quiz.ui.mark.{m.mark}', lang)}"
        for m in helpers.mark_choices(question, verdict)))


def question_panel(question: Question, answer: Sequence[str] | None, visitor: Prefs, *,
                   empty: bool, focus: str | None, on_check: Callable[[str], None],
                   on_next: Callable[[], None]) -> None:
    """The question, its form or (``answer`` given) its feedback, and Next; then the
    keyboard focus where the last button sent it (``focus``: "result" or "question")."""
    lang = visitor.lang
    st.header(TYPES[question.kind].title.render(lang), anchor="question")
    st.caption(t("quiz.ui.id", lang))  # the id itself is the link's, not a reader's
    if question.facts:
        st.markdown("\n".join(f"- {escape_markdown(f.render(lang))}" for f in question.facts))
    draw_groups(question, visitor, False)
    st.markdown(f"**{escape_markdown(question.prompt.render(lang))}**")
    labels = {c.id: escape_markdown(c.label.render(lang)) for c in question.choices}
    if answer is None:
        answer_form(question, lang, labels, empty, on_check)
    else:
        feedback(question, answer, visitor, labels)
    st.button(t("quiz.ui.next", lang), key="quiz.next", on_click=on_next,
              type="primary" if answer is not None else "secondary")
    # After "Check my answer" the focus goes to the verdict (or the hint asking for an
    # answer), after "Next" to the new question's heading.
    if focus == "result":
        move_focus("[data-testid='stMain'] .st-key-quiz-result [data-testid='stAlert'],"
                   " [data-testid='stMain'] [data-testid='stForm'] [data-testid='stAlert']",
                   f"{question.id}.{answer}")
    elif focus == "question":
        move_focus("[data-testid='stMain'] h2#question", question.id)


def score_panel(board: helpers.Board, visitor: Prefs,
                practise: Callable[[str], None]) -> None:
    """The score so far and the rules missed most, each with a button to practise it."""
    lang = visitor.lang
    st.markdown(f"### {t('quiz.ui.score', lang)}")
    if board["asked"]:
        st.markdown(t("quiz.ui.score.value", lang, right=board["right"], asked=board["asked"]))
        st.progress(board["right"] / board["asked"])
    else:
        st.caption(t("quiz.ui.score.none", lang))
    st.markdown(f"### {t('quiz.ui.missing', lang)}")
    missed = helpers.missed_rules(board)
    for rule, count in missed:
        st.markdown(t("quiz.ui.missing.item", lang, rule=rule_link(rule, visitor), count=count))
        st.button(t("quiz.ui.practise", lang, rule=rule), key=f"quiz.practise.{rule}",
                  on_click=practise, args=(rule,), icon=":material/replay:")
    if not missed:
        st.caption(t("quiz.ui.missing.none", lang))
