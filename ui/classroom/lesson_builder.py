"""The lesson builder of the lessons page (:mod:`pages.lessons`): a teacher copies a
lesson, starts an empty one or uploads a lesson file, then reorders and removes its parts
and adds walkthrough parts (a scenario, from one step to another), quiz parts (rules,
seed, count) and their own questions (a text, 2 to 6 choices, the right one and the rule it
tests; edited or removed later), each with a note; a lesson that :mod:`tutorials.lessons`
accepts can be used (its packed form goes in the link, ``l=``) or saved on the site
(:mod:`store.lessons`: a share link ``saved=<id>``, and the author's link with ``key=``
that saves changes over it). The lesson being built is plain data (the lesson's JSON
document) in ``st.session_state``. The teacher's text is shown only escaped.
"""

from __future__ import annotations

import json
from typing import Any

import streamlit as st

import store
from engine.errors import RecordError, RulesLabError
from engine.quiz import MAX_SEED, rules_of
from engine.recordio import load_json
from engine.registry import game_named
from store import lessons as saved_lessons
from tutorials import lessons
from tutorials import scenarios as scenario_files
from tutorials.lessons import ScenarioItem
from ui.classroom import deck as classroom
from ui.classroom import live, slide_view
from ui.classroom.deck import LETTERS
from ui.i18n import t
from ui.query import write_params
from ui.safe import echo, escape_markdown

K = "ls_"
DRAFT = K + "draft"
GAMES = lessons.GAMES
#: The session key of the saved lesson the author's link opened: ``(id, key)``.
AUTHOR = K + "author"
#: The preview of a step is a slide drawn small (the projector's sizes are for a wall).
PREVIEW_CSS = """<style>
.st-key-cl_b_preview h1.cl-title { font-size: 1.25rem; margin: 0.2rem 0; }
.st-key-cl_b_preview .cl-body, .st-key-cl_b_preview .cl-sub { font-size: 0.9rem; }
</style>"""


# -- cached data -------------------------------------------------------------------------------
@st.cache_data(show_spinner=False)
def step_ids(game: str, scenario_id: str) -> list[str]:
    return classroom.step_ids(game, scenario_id)


@st.cache_data(show_spinner=False, max_entries=64)
def step_slides(game: str, scenario_id: str, lang: str) -> dict[str, classroom.Slide]:
    """Each step of a scenario's walkthrough by id: its slide (title and preview)."""
    try:
        deck = classroom.scenario_slides(ScenarioItem(game, scenario_id), lang)
    except (RulesLabError, RecordError, scenario_files.ScenarioError, lessons.LessonError):
        return {}
    return {s.ref.rpartition("#")[2]: s for s in deck}


@st.cache_data(show_spinner=False)
def rule_names(game: str, lang: str) -> dict[str, str]:
    """The quiz's rules of ``game``, each as its ID and name (``K-9 · The dealer's hook``)."""
    return {r: live.rule_title(r, lang) for r in rules_of(game)}


@st.cache_data(show_spinner=False)
def scenario_titles(game: str, lang: str) -> dict[str, str]:
    keys = game_named(game).plugins.scenario_keys
    return {s.id: s.title_in(lang) for s in scenario_files.load_all(game, keys)}


# -- callbacks ---------------------------------------------------------------------------------
def draft() -> dict[str, Any]:
    doc: dict[str, Any] = st.session_state[DRAFT]
    return doc


def start_draft(doc: dict[str, Any]) -> None:
    st.session_state[DRAFT] = json.loads(json.dumps(doc))
    st.session_state[K + "b_title"] = lessons.localized(
        doc["title"] if isinstance(doc["title"], dict) else {"en": doc["title"]},
        st.session_state.get("rl.lang", "en"))
    st.session_state[K + "b_minutes"] = int(doc.get("minutes", 20))
    st.session_state.pop(K + "q_editing", None)


def on_title() -> None:
    title = str(st.session_state[K + "b_title"]).strip()
    draft()["title"] = title or "…"


def on_minutes() -> None:
    draft()["minutes"] = int(st.session_state[K + "b_minutes"])


def move_item(index: int, delta: int) -> None:
    items = draft()["items"]
    other = index + delta
    if 0 <= other < len(items):
        items[index], items[other] = items[other], items[index]


def remove_item(index: int) -> None:
    del draft()["items"][index]


def add_item(item: dict[str, Any]) -> None:
    """Append the part ``item`` to the draft, with the note typed (if any)."""
    note = str(st.session_state.get(K + "b_note", "")).strip()
    if note:
        item["note"] = note
    draft()["items"].append(item)
    st.session_state[K + "b_problem"] = None


def add_scenario(lang: str) -> None:
    game = st.session_state[K + "b_game"]
    sid = st.session_state[K + "b_scenario"]
    ids = step_ids(game, sid)
    start, end = st.session_state[K + "b_start"], st.session_state[K + "b_end"]
    if start in ids and end in ids and ids.index(end) < ids.index(start):
        st.session_state[K + "b_problem"] = t("classroom.builder.order", lang)
        return
    item: dict[str, Any] = {"scenario": sid, "game": game}
    if ids and start != ids[0]:
        item["start"] = start
    if ids and end != ids[-1]:
        item["end"] = end
    add_item(item)


def add_quiz(lang: str) -> None:
    game = st.session_state[K + "b_game"]
    topics = list(st.session_state.get(K + "b_topics", []))
    if not topics:
        st.session_state[K + "b_problem"] = t("classroom.builder.need-topic", lang)
        return
    item: dict[str, Any] = {"quiz": game, "topics": topics,
                            "seed": int(st.session_state[K + "b_seed"]),
                            "count": int(st.session_state[K + "b_count"])}
    add_item(item)


def use_draft(packed: str) -> None:
    write_params(l=packed, lesson=None, saved=None, key=None)
    st.session_state.pop(K + "lesson", None)


def _own_fields() -> tuple[str, list[str], int | None, str]:
    """The question form's text, filled choices, the right one's index among them (``None``
    when the right choice is empty) and rule."""
    ask = str(st.session_state.get(K + "q_ask", "")).strip()
    raw = [str(st.session_state.get(f"{K}q_c{i}", "")).strip()
           for i in range(lessons.MAX_CHOICES)]
    picked = int(st.session_state.get(K + "q_right", 0) or 0)
    right = None if not raw[picked] else len([c for c in raw[:picked] if c])
    return ask, [c for c in raw if c], right, str(st.session_state.get(K + "q_rule", ""))


def add_question(lang: str) -> None:
    """Add (or, when one is being edited, replace) a teacher's question; a refusal names
    the field."""
    game = st.session_state[K + "b_game"]
    ask, choices, right, rule = _own_fields()
    problem = None
    if not ask:
        problem = t("classroom.own.need-ask", lang)
    elif len(choices) < lessons.MIN_CHOICES:
        problem = t("classroom.own.need-choices", lang)
    elif right is None:
        problem = t("classroom.own.need-right", lang)
    item: dict[str, Any] = {"ask": ask, "game": game, "choices": choices, "right": right,
                            "rule": rule}
    if problem is None:
        try:
            lessons.check({"format": lessons.FORMAT, "title": "-", "items": [item]}, "question")
        except lessons.LessonError as exc:
            problem = t("classroom.own.refused", lang,
                        field=exc.where.removeprefix("question.items[0]."),
                        problem=echo(exc.problem, 200))
    if problem is not None:
        st.session_state[K + "q_problem"] = problem
        return
    editing = st.session_state.pop(K + "q_editing", None)
    if isinstance(editing, int) and 0 <= editing < len(draft()["items"]):
        draft()["items"][editing] = item
    else:
        add_item(item)
    for key in ("q_ask", *(f"q_c{i}" for i in range(lessons.MAX_CHOICES))):
        st.session_state[K + key] = ""
    st.session_state[K + "q_problem"] = None


def edit_question(index: int) -> None:
    """Put a teacher's question of the draft back in the form, to be changed."""
    item = draft()["items"][index]
    st.session_state[K + "b_game"] = item["game"]
    st.session_state[K + "q_ask"] = item["ask"]
    for i in range(lessons.MAX_CHOICES):
        st.session_state[f"{K}q_c{i}"] = item["choices"][i] if i < len(item["choices"]) else ""
    st.session_state[K + "q_right"] = item["right"]
    st.session_state[K + "q_rule"] = item["rule"]
    st.session_state[K + "q_editing"] = index


def save_draft(checked: lessons.Lesson, lang: str) -> None:
    """Keep the draft on the site: over the saved lesson when its author's key opened it,
    else under a new id (the author's link, with the key, is shown once)."""
    import dataclasses

    author = st.session_state.get(AUTHOR)
    try:
        db = store.get()
        if author is not None and saved_lessons.is_author(db, author[0], author[1]):
            packed = lessons.encode_link(dataclasses.replace(checked, saved=author[0]))
            saved_lessons.update(db, author[0], author[1], packed)
            saved_id, key = author
        else:
            saved_id = saved_lessons.new_id()
            packed = lessons.encode_link(dataclasses.replace(checked, saved=saved_id))
            made = saved_lessons.create(db, saved_id, packed)
            saved_id, key = made.id, made.key
    except store.Unavailable:
        st.session_state[K + "b_problem"] = t("classroom.own.cannot-save", lang)
        return
    except saved_lessons.TooMany:
        st.session_state[K + "b_problem"] = t("classroom.own.busy", lang)
        return
    except (store.Refused, store.Forbidden) as exc:
        st.session_state[K + "b_problem"] = t("classroom.own.refused", lang,
                                              field=getattr(exc, "field", "key"),
                                              problem=echo(exc, 200))
        return
    st.session_state[AUTHOR] = (saved_id, key)
    st.session_state[K + "b_problem"] = None
    write_params(saved=saved_id, key=key, l=None, lesson=None)
    st.session_state.pop(K + "lesson", None)


# -- the builder -------------------------------------------------------------------------------
def builder(lesson: lessons.Lesson, lang: str) -> None:
    """The builder, in an expander (open while a lesson is being built); ``lesson`` is the
    one shown, which "copy" starts from."""
    with st.expander(t("classroom.builder", lang), icon=":material/construction:",
                     expanded=DRAFT in st.session_state):
        st.caption(t("classroom.builder.help", lang))
        sources(lesson, lang)
        if DRAFT not in st.session_state:
            return
        checked = draft_parts(lang)
        game = st.segmented_control(t("classroom.builder.game", lang), GAMES, key=K + "b_game",
                                    default=GAMES[0], required=True,
                                    format_func=lambda g: t(f"quiz.ui.game.{g}", lang))
        game = game or GAMES[0]
        st.text_input(t("classroom.builder.note", lang), key=K + "b_note", max_chars=500)
        left, right = st.columns(2, gap="large")
        with left:
            scenario_form(game, lang)
        with right:
            quiz_form(game, lang)
        question_form(game, lang)
        if st.session_state.get(K + "b_problem"):
            st.warning(st.session_state[K + "b_problem"])
        if checked is not None:
            use, save = st.columns(2)
            use.button(t("classroom.builder.use", lang), key=K + "b_use", type="primary",
                       on_click=use_draft, args=(lessons.encode_link(checked),),
                       icon=":material/check:")
            save.button(t("classroom.own.save", lang), key=K + "b_save", on_click=save_draft,
                        args=(checked, lang), icon=":material/cloud_upload:",
                        help=t("classroom.own.save.help", lang))


def sources(lesson: lessons.Lesson, lang: str) -> None:
    """Where a draft starts: a copy of ``lesson``, an empty lesson or an uploaded file."""
    a, b, c = st.columns([2, 2, 3])
    a.button(t("classroom.builder.copy", lang), key=K + "b_copy", on_click=start_draft,
             args=(lessons.to_doc(lesson),))
    b.button(t("classroom.builder.empty", lang), key=K + "b_empty", on_click=start_draft,
             args=({"format": lessons.FORMAT, "title": t("classroom.builder.title.default", lang),
                    "minutes": 20, "items": []},))
    uploaded = c.file_uploader(t("classroom.builder.upload", lang), type=["json"],
                               key=K + "b_upload")
    if uploaded is not None and st.session_state.get(K + "b_loaded") != uploaded.file_id:
        try:
            doc = load_json(uploaded.getvalue(), max_chars=lessons.MAX_FILE)
            lessons.check(doc, "upload")
            start_draft(doc)
            st.session_state[K + "b_loaded"] = uploaded.file_id
        except (lessons.LessonError, ValueError) as exc:
            st.error(t("classroom.builder.bad-file", lang,
                       problem=echo(exc, 300)))


def draft_parts(lang: str) -> lessons.Lesson | None:
    """The draft's title, minutes and parts (each moved up or down or removed); the draft
    as a lesson when :mod:`tutorials.lessons` accepts it, else its refusal shown."""
    work = draft()
    t1, t2 = st.columns([4, 1])
    t1.text_input(t("classroom.builder.title", lang), key=K + "b_title", on_change=on_title,
                  max_chars=200)
    t2.number_input(t("classroom.builder.minutes", lang), 1, 240, key=K + "b_minutes",
                    on_change=on_minutes)
    st.markdown(f"**{t('classroom.builder.items', lang)}**")
    if not work["items"]:
        st.caption(t("classroom.builder.none", lang))
    checked: lessons.Lesson | None = None
    try:
        if work["items"]:
            checked = lessons.check(work, "shared")
    except lessons.LessonError as exc:
        st.error(t("classroom.builder.bad-file", lang, problem=escape_markdown(str(exc))))
    if checked is not None:
        for i, item in enumerate(checked.items):
            row, up, down, rm = st.columns([8, 1, 1, 1], vertical_alignment="center")
            row.markdown(f"{i + 1}. {escape_markdown(classroom.item_title(item, lang))} — "
                         f"{escape_markdown(classroom.item_summary(item, lang))}")
            up.button("↑", key=f"{K}b_up{i}", on_click=move_item, args=(i, -1),
                      disabled=i == 0, help=t("classroom.builder.up", lang))
            down.button("↓", key=f"{K}b_down{i}", on_click=move_item, args=(i, 1),
                        disabled=i == len(checked.items) - 1,
                        help=t("classroom.builder.down", lang))
            rm.button("✕", key=f"{K}b_rm{i}", on_click=remove_item, args=(i,),
                      help=t("classroom.builder.remove", lang))
            if isinstance(item, lessons.QuestionItem):
                # The teacher's own words, escaped; the right choice marked.
                row.markdown("  \n".join([f"> {escape_markdown(item.ask)}", *(
                    f"> {'✓' if n == item.right else '·'} {LETTERS[n]}. {escape_markdown(c)}"
                    for n, c in enumerate(item.choices))]))
                row.button(t("classroom.own.edit", lang), key=f"{K}b_edit{i}",
                           on_click=edit_question, args=(i,), icon=":material/edit:")
    return checked


def scenario_form(game: str, lang: str) -> None:
    """Add a walkthrough part: a scenario of ``game``, from one step to another."""
    st.markdown(f"**{t('classroom.builder.add-scenario', lang)}**")
    titles = scenario_titles(game, lang)
    if st.session_state.get(K + "b_scenario") not in titles:
        st.session_state[K + "b_scenario"] = next(iter(titles))
    sid = st.selectbox(t("classroom.builder.scenario", lang), list(titles),
                       key=K + "b_scenario", format_func=lambda s: titles[s])
    ids = step_ids(game, sid) or ["?"]
    steps = step_slides(game, sid, lang)
    for key, default in (("b_start", ids[0]), ("b_end", ids[-1])):
        if st.session_state.get(K + key) not in ids:
            st.session_state[K + key] = default

    def named(step_id: str) -> str:  # a step by its number and title, never its id
        found = steps.get(step_id)
        number = ids.index(step_id) + 1 if step_id in ids else 0
        return f"{number}. {found.title}" if found is not None else step_id

    # One under the other: a step's title needs the column's width.
    start = st.selectbox(t("classroom.builder.start", lang), ids, key=K + "b_start",
                         format_func=named)
    st.selectbox(t("classroom.builder.end", lang), ids, key=K + "b_end", format_func=named)
    first = steps.get(start)
    if first is not None:
        with st.container(border=True, key=K + "b_preview", height=360):
            st.caption(t("classroom.builder.preview", lang))
            st.html(PREVIEW_CSS)
            slide_view.draw(first, lang, {}, note=False)
    st.button(t("classroom.builder.add", lang), key=K + "b_add_scenario",
              on_click=add_scenario, args=(lang,), icon=":material/add:")


def quiz_form(game: str, lang: str) -> None:
    """Add a quiz part: questions of ``game`` on some rules, from a seed."""
    st.markdown(f"**{t('classroom.builder.add-quiz', lang)}**")
    rules = rules_of(game)
    if any(r not in rules for r in st.session_state.get(K + "b_topics", [])):
        st.session_state[K + "b_topics"] = []
    names = rule_names(game, lang)
    st.multiselect(t("classroom.builder.topics", lang), rules, key=K + "b_topics",
                   format_func=lambda r: names.get(r, r))
    q1, q2 = st.columns(2)
    q1.number_input(t("classroom.builder.seed", lang), 0, MAX_SEED, value=1, step=1,
                    key=K + "b_seed")
    q2.number_input(t("classroom.builder.count", lang), 1, lessons.MAX_QUESTIONS,
                    value=3, step=1, key=K + "b_count")
    st.button(t("classroom.builder.add", lang), key=K + "b_add_quiz", on_click=add_quiz,
              args=(lang,), icon=":material/add:")


def question_form(game: str, lang: str) -> None:
    """Add (or change) a teacher's own question: its text, 2 to 6 choices, the right one
    and the rule of ``game`` it tests."""
    editing = st.session_state.get(K + "q_editing")
    with st.container(border=True, key=K + "q_form"):
        st.markdown(f"**{t('classroom.own.add', lang)}**")
        st.caption(t("classroom.own.help", lang, ask=lessons.MAX_ASK,
                     choice=lessons.MAX_CHOICE))
        st.text_input(t("classroom.own.ask", lang), key=K + "q_ask", max_chars=lessons.MAX_ASK)
        for i in range(lessons.MAX_CHOICES):
            if i % 2 == 0:  # a row of two: on a phone they stack A, B, C… in order
                cols = st.columns(2)
            cols[i % 2].text_input(t("classroom.own.choice", lang, letter=LETTERS[i]),
                                   key=f"{K}q_c{i}", max_chars=lessons.MAX_CHOICE)
        rules = rules_of(game)
        if st.session_state.get(K + "q_rule") not in rules:
            st.session_state[K + "q_rule"] = rules[0]
        names = rule_names(game, lang)
        a, b = st.columns(2)
        a.segmented_control(t("classroom.own.right", lang), list(range(lessons.MAX_CHOICES)),
                            key=K + "q_right", default=0, required=True,
                            format_func=lambda n: LETTERS[n])
        b.selectbox(t("classroom.own.rule", lang), rules, key=K + "q_rule",
                    format_func=lambda r: names.get(r, r))
        if st.session_state.get(K + "q_problem"):
            st.warning(st.session_state[K + "q_problem"])
        label = "classroom.own.replace" if isinstance(editing, int) else "classroom.builder.add"
        st.button(t(label, lang), key=K + "q_add", on_click=add_question, args=(lang,),
                  icon=":material/add:")
