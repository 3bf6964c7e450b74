"""Practice quiz: endless questions from seeded engine states, each answer the engine's.

State: the current question id, the learner's answer and the score live in
``st.session_state`` (keys ``quiz.*``), changed in callbacks; the question id is also in
the URL (``?q=k-bids-1234``) so a question can be shared. The questions, their answers
and their explanations come from :mod:`engine.quiz`; the marking helpers from :mod:`ui.quiz.marking`,
the drawing of the question, the feedback and the score from :mod:`ui.quiz.view`.
"""

from __future__ import annotations

import secrets

import streamlit as st

from engine.errors import RulesLabError
from engine.quiz import GAMES, MAX_SEED, TYPES, Question, check, generate, parse_id, pick, rules_of
from engine.quiz.krypkasino import NoPosition
from ui import progress
from ui.i18n import t
from ui.prefs import current
from ui.query import LinkReader, write_params
from ui.quiz import marking as helpers
from ui.quiz import view as quiz_view
from ui.safe import clip, escape_markdown

QID, ANSWER, BOARD, GAME, TOPICS = "quiz.qid", "quiz.answer", "quiz.board", "quiz.game", "quiz.topics"
EMPTY = "quiz.empty"
#: Where the keyboard focus goes after the run a button caused ("result", "question").
FOCUS = "quiz.focus"

visitor = current()
progress.restore()  # this browser's learner id: the answers land in its record
lang = visitor.lang


@st.cache_data(max_entries=256, show_spinner=False)
def load(question_id: str) -> Question:
    """The question a (checked) id names (kept: the page redraws it on every rerun)."""
    parsed = parse_id(question_id)
    if parsed is None:
        raise ValueError(question_id)
    return generate(*parsed)


def fresh(game: str, topics: list[str]) -> Question:
    """A new question on ``topics`` from a random seed (another seed if one fails)."""
    for _ in range(5):
        try:
            return pick(game, topics, secrets.randbelow(MAX_SEED + 1),
                        misses=st.session_state.get(BOARD, {}).get("misses"))
        except (NoPosition, RulesLabError):
            continue
    return pick(game, [], 0)


def new_question() -> None:
    """Callback of Next (and of the game and topic widgets): a fresh question."""
    game = st.session_state.get(GAME, GAMES[0])
    topics = [r for r in st.session_state.get(TOPICS, []) if r in rules_of(game)]
    question = fresh(game, topics)
    st.session_state[QID] = question.id
    st.session_state[ANSWER] = None
    st.session_state[EMPTY] = False
    write_params(q=question.id, game=game, topics=",".join(topics) or None)


def on_next() -> None:
    """Callback of Next: a fresh question, and the focus on it."""
    new_question()
    st.session_state[FOCUS] = "question"


def practise(rule: str) -> None:
    """Callback of "Practise K-9": the next questions on that rule alone."""
    st.session_state[GAME] = helpers.game_of(rule)
    st.session_state[TOPICS] = [rule]
    new_question()


def on_game_change() -> None:
    st.session_state[TOPICS] = []
    new_question()


def on_check(question_id: str) -> None:
    """Callback of the answer form: mark the answer once and count it."""
    if st.session_state.get(ANSWER) is not None or st.session_state.get(QID) != question_id:
        return
    question = load(question_id)
    values = {key: st.session_state.get(key) for key in
              [helpers.widget_key(question)] + [helpers.widget_key(question, c.id)
                                                for c in question.choices]}
    chosen = helpers.chosen_ids(question, values)
    st.session_state[EMPTY] = not chosen
    st.session_state[FOCUS] = "result"
    if not chosen:  # nothing picked: ask for an answer rather than count a miss
        return
    verdict = check(question, chosen)
    st.session_state[ANSWER] = sorted(verdict.chosen)
    st.session_state[BOARD] = helpers.record(st.session_state.get(BOARD, helpers.new_board()),
                                             verdict)
    progress.record(verdict.rule, verdict.right, "quiz")


# -- which question: the link's, the session's, or a new one ------------------------------
st.session_state.setdefault(BOARD, helpers.new_board())
raw = st.query_params.get("q")
parsed = parse_id(raw) if raw else None
if raw and parsed is None:
    st.warning(t("quiz.ui.bad-link", lang, value=escape_markdown(clip(raw, 40))),
               icon=":material/warning:")
# A link without a question (a walkthrough's "take the quiz on these rules") chooses the
# topics even for a visitor who has used the quiz before.
from_topics_link = raw is None and "topics" in st.query_params
if QID not in st.session_state or from_topics_link:
    # A new visitor: the link may also choose the game and the topics (?game=&topics=K-9,K-11).
    st.session_state.pop(QID, None)
    reader = LinkReader(lang)
    linked_game = reader.choice("game", GAMES, GAMES[0])
    topics, unknown = helpers.parse_topics(st.query_params.get("topics"),
                                           rules_of(linked_game))
    reader.warn()
    if unknown:
        st.warning(t("quiz.ui.bad-topics", lang, value=escape_markdown(clip(",".join(unknown), 40))),
                   icon=":material/warning:")
    st.session_state[GAME] = linked_game
    st.session_state[TOPICS] = topics
if parsed is not None and f"{parsed[0]}-{parsed[1]}" != st.session_state.get(QID):
    st.session_state[QID] = f"{parsed[0]}-{parsed[1]}"
    st.session_state[ANSWER] = None
    st.session_state[GAME] = TYPES[parsed[0]].game
current_id = st.session_state.get(QID)
question: Question | None = None
if current_id is not None and parse_id(current_id) is not None:
    try:
        question = load(current_id)
    except (NoPosition, RulesLabError) as exc:
        st.warning(t("quiz.ui.failed", lang, reason=escape_markdown(str(exc))),
                   icon=":material/warning:")
if question is None:
    new_question()
    question = load(st.session_state[QID])
if st.session_state.get(GAME) not in GAMES:
    st.session_state[GAME] = question.game
st.session_state[TOPICS] = [r for r in st.session_state.get(TOPICS, [])
                            if r in rules_of(st.session_state[GAME])]
write_params(q=question.id, game=st.session_state[GAME],
             topics=",".join(st.session_state[TOPICS]) or None)

# -- the page -------------------------------------------------------------------------------
st.title(t("page.quiz", lang), anchor="quiz")
st.caption(t("quiz.ui.lead", lang))
pick_game, pick_topics = st.columns([1, 3])
# A select box, not a radio: arrowing through a radio chose each game in turn (a new
# question at every key); the question changes only once a game is chosen.
pick_game.selectbox(t("quiz.ui.game", lang), GAMES, key=GAME,
                    format_func=lambda g: t(f"quiz.ui.game.{g}", lang), on_change=on_game_change)
pick_topics.multiselect(t("quiz.ui.topics", lang), rules_of(st.session_state[GAME]),
                        key=TOPICS, format_func=lambda r: quiz_view.rule_label(r, lang),
                        on_change=new_question,
                        help=t("quiz.ui.topics.help", lang),
                        placeholder=t("quiz.ui.topics.placeholder", lang))

main, side = st.columns([3, 1], gap="large")
with main:
    quiz_view.question_panel(question, st.session_state.get(ANSWER), visitor,
                             empty=bool(st.session_state.get(EMPTY)),
                             focus=st.session_state.pop(FOCUS, None), on_check=on_check,
                             on_next=on_next)
with side:
    quiz_view.score_panel(st.session_state[BOARD], visitor, practise)
    progress.panel(lang)
