""""Your move": a walkthrough step that stops and lets the learner choose (issue 13).

Both walkthroughs (:mod:`ui.walkthrough.kachuful`, :mod:`ui.walkthrough.krypkasino`)
build, at chosen steps, an :class:`Ask`: the options drawn from the live engine state
before the scenario's own move (legal and illegal ones), each already judged by the
engine when the walkthrough was built:

* ``best`` — a right answer: the analyst's best move or one within its "good" margin
  (:mod:`engine.analysis`); ``feedback`` gives its numbers;
* ``legal`` — a legal move the analyst finds clearly worse (or one that breaks the rule
  the step teaches); ``feedback`` names it so, with its numbers and the best move's;
* ``illegal`` — the engine refused it; ``feedback`` is its refusal sentence with the
  rule ID, and the learner tries again (nothing was applied).

``answer`` is the analyst's best move (what "show me" reveals: the learner may skip a
stop only that way, and it counts as a miss). The walkthrough then goes on from the
scenario's own move. Answers are recorded like
the quiz's questions (:func:`record_answer`: the score and the "rules you keep missing"
of :mod:`pages.quiz`); other parts of the site (a live classroom) may follow them
with :func:`add_listener`.

>>> ask = Ask("h1.bid.s3", "Bid?", "K-9", (
...     MoveChoice("bid-0", "0", "best", "Yes.", "K-9"),
...     MoveChoice("bid-1", "1", "illegal", "Seat 3 may not bid 1 (K-9)", "K-9")), "bid-0")
>>> board = {}
>>> answer(board, ask, "bid-1").verdict, answer(board, ask, "bid-0").verdict
('illegal', 'best')
>>> board["quiz.board"]["asked"], board["quiz.board"]["misses"]
(1, {'K-9': 1})
>>> shown = {}
>>> answer(shown, ask, SHOW).id, waiting(shown, ask, "h1.bid.s3"), shown["quiz.board"]["right"]
('bid-0', False, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ui.quiz import marking as quiz_helpers

Verdict = Literal["best", "legal", "illegal"]

#: Where the quiz page keeps its score (``pages.quiz``: ``quiz.board``).
BOARD = "quiz.board"
#: Where the answers of this session's your-move steps are kept (step key -> choice ids).
ANSWERS = "yourmove.answers"
#: The switch that turns the your-move steps off (projector use); shared by both pages.
SWITCH = "yourmove.on"
#: The pick that stands for "show me": the learner skipped the stop (a miss of its rule).
SHOW = "?show"


@dataclass(frozen=True)
class MoveChoice:
    """One option of a your-move step, judged by the engine: ``rule`` is the rule an
    illegal choice breaks (its refusal's), else the rule the step teaches."""

    id: str
    label: str
    verdict: Verdict
    feedback: str
    rule: str


@dataclass(frozen=True)
class Ask:
    """A your-move step: the question, the rule it teaches, the judged options (in the
    order shown), the id of the analyst's best move (``answer``) and the ``remark`` said
    once the step is answered (the scenario's own move when it is not the best, and what
    the judgement rests on)."""

    step_id: str
    prompt: str
    rule: str
    choices: tuple[MoveChoice, ...]
    answer: str
    remark: str = ""

    def choice(self, choice_id: str) -> MoveChoice | None:
        for c in self.choices:
            if c.id == choice_id:
                return c
        return None

    @property
    def has_illegal(self) -> bool:
        return any(c.verdict == "illegal" for c in self.choices)


Listener = Callable[[str, str, bool, str], None]
_LISTENERS: list[Listener] = []


def add_listener(listener: Listener) -> None:
    """Call ``listener(source, rule, right, step_id)`` after every recorded answer (for
    example a live classroom that stores its pupils' answers)."""
    if listener not in _LISTENERS:
        _LISTENERS.append(listener)


def remove_listener(listener: Listener) -> None:
    """Stop calling ``listener`` (one added by :func:`add_listener`)."""
    if listener in _LISTENERS:
        _LISTENERS.remove(listener)


def record_answer(session: Any, rule: str, right: bool,
                  source: str = "walkthrough", step_id: str = "") -> None:
    """Count one answer on ``rule`` in the quiz's score kept in ``session`` (the page's
    ``st.session_state``): a wrong one is a miss of that rule in "rules you keep
    missing", as a quiz question is.

    >>> s = {}
    >>> record_answer(s, "C-8", False); record_answer(s, "C-8", True)
    >>> s["quiz.board"]
    {'asked': 2, 'right': 1, 'misses': {'C-8': 1}}
    """
    from engine.quiz import Verdict as QuizVerdict

    verdict = QuizVerdict(right=right, chosen=frozenset(), missed=frozenset(),
                          wrong=frozenset(), rule=rule)
    session[BOARD] = quiz_helpers.record(session.get(BOARD, quiz_helpers.new_board()), verdict)
    for listener in list(_LISTENERS):
        listener(source, rule, right, step_id)


def answer(session: Any, ask: Ask, choice_id: str,
           key: str | None = None, source: str = "walkthrough") -> MoveChoice:
    """The learner picked ``choice_id`` at ``ask`` (:data:`SHOW`: "show me"): keep it under
    ``key`` (default the step id) and record the first answer of the step in the quiz's
    score (later tries are practice, as the quiz counts one answer per question). Right
    means a ``best`` choice (the analyst's best or within its "good" margin); "show me"
    and a clearly worse move are misses of the rule the step teaches, an illegal one a
    miss of the rule it breaks. Returns the choice (for "show me": the answer)."""
    choice = ask.choice(ask.answer if choice_id == SHOW else choice_id)
    if choice is None:
        raise KeyError(choice_id)
    key = key or ask.step_id
    answers: dict[str, list[str]] = dict(session.get(ANSWERS, {}))
    tried = list(answers.get(key, []))
    if not tried:
        right = choice_id != SHOW and choice.verdict == "best"
        record_answer(session, choice.rule if choice.verdict == "illegal" else ask.rule,
                      right, source, ask.step_id)
    tried.append(choice_id)
    answers[key] = tried
    session[ANSWERS] = answers
    return choice


def tried(session: Any, key: str) -> list[str]:
    """The choices already picked at a step (in order)."""
    return list(session.get(ANSWERS, {}).get(key, []))


def settled(ask: Ask, picks: Sequence[str]) -> MoveChoice | None:
    """The legal choice that ends the step (the first one picked; after "show me", the
    answer), if any."""
    for pick in picks:
        c = ask.choice(ask.answer if pick == SHOW else pick)
        if c is not None and c.verdict != "illegal":
            return c
    return None


def was_shown(ask: Ask, picks: Sequence[str]) -> bool:
    """Whether the step was ended by "show me" (not by a legal choice of the learner)."""
    for pick in picks:
        if pick == SHOW:
            return True
        c = ask.choice(pick)
        if c is not None and c.verdict != "illegal":
            return False
    return False


def waiting(session: Any, ask: Ask, key: str) -> bool:
    """Whether the stop ``key`` still waits for the learner (no legal choice, no "show
    me"): until then nothing on the page may give its answer away, and Next stops here."""
    return settled(ask, tried(session, key)) is None


def clamp(index: int, to: int, pending: Callable[[int], bool]) -> int:
    """Where a move from step ``index`` to ``to`` may land: never past a stop that waits
    for an answer (``pending(i)``), the current one included; backwards is free.

    >>> clamp(2, 6, lambda i: i == 4), clamp(4, 6, lambda i: i == 4), clamp(5, 1, bool)
    (4, 4, 1)
    """
    if to <= index:
        return to
    for i in range(index, to):
        if pending(i):
            return i
    return to


def last_refused(ask: Ask, picks: Sequence[str]) -> MoveChoice | None:
    """The last choice, when the engine refused it (to show its sentence)."""
    if not picks:
        return None
    c = ask.choice(picks[-1])
    return c if c is not None and c.verdict == "illegal" else None


# -- drawing (Streamlit) ------------------------------------------------------------------
def draw(ask: Ask, key: str, lang: str, source: str) -> MoveChoice | None:
    """Draw the question (a radio of the options and a Check button, in a form: arrows
    choose, Enter or Space checks), the engine's refusal of the last try, and return the
    settled legal choice once there is one (the page then shows the scenario's move)."""
    import streamlit as st

    from ui import touch
    from ui.i18n import t
    from ui.safe import escape_markdown

    session = st.session_state
    picks = tried(session, key)
    done = settled(ask, picks)
    if done is not None:
        good = done.verdict == "best"
        said = "ym.shown" if was_shown(ask, picks) else "ym.you-chose"
        body = f"**{t(said, lang, choice=escape_markdown(done.label))}** " \
               f"{escape_markdown(done.feedback)}"
        if said == "ym.shown":
            st.info(body, icon=":material/visibility:")
        elif good:
            st.success(body, icon=":material/check_circle:")
        else:  # legal, but clearly worse than the best move (or breaking the rule taught)
            st.warning(body, icon=":material/trending_down:")
        if ask.remark:
            st.caption(escape_markdown(ask.remark))
        return done
    widget = f"ym.pick.{key}"

    def on_check() -> None:
        picked = session.get(widget)
        if isinstance(picked, str) and ask.choice(picked) is not None:
            answer(session, ask, picked, key, source)
            session[f"ym.empty.{key}"] = False
        else:
            session[f"ym.empty.{key}"] = True

    def on_show() -> None:
        answer(session, ask, SHOW, key, source)
        session[f"ym.empty.{key}"] = False

    refused = last_refused(ask, picks)
    with st.container(border=True, key=f"ym-box-{abs(hash(key)) % 10**8}"):
        st.markdown(f"**{escape_markdown(ask.prompt)}**")
        if refused is not None:
            st.error(f"**{t('ym.refused', lang, choice=escape_markdown(refused.label))}** "
                     f"{escape_markdown(refused.feedback)} {t('ym.try-again', lang)}",
                     icon=":material/block:")
        with st.form(f"ym.form.{key}", border=False, enter_to_submit=True):
            labels = {c.id: c.label for c in ask.choices}
            st.radio(ask.prompt, [c.id for c in ask.choices], index=None, key=widget,
                     format_func=labels.__getitem__, label_visibility="collapsed")
            if session.get(f"ym.empty.{key}"):
                st.warning(t("ym.pick-one", lang), icon=":material/touch_app:")
            else:
                touch.caption(t("ym.hint", lang), t("ym.hint.touch", lang))
            buttons = st.columns(2)
            buttons[0].form_submit_button(t("ym.check", lang), type="primary",
                                          on_click=on_check, width="stretch")
            buttons[1].form_submit_button(t("ym.skip", lang), on_click=on_show,
                                          width="stretch")
        st.caption(t("ym.locked", lang))
    return None


# -- where next ------------------------------------------------------------------------------
@dataclass(frozen=True)
class NextLink:
    """One "where next" link: a key of ``ui/strings/your_move.py`` with its data, and the
    relative address."""

    key: str
    data: tuple[tuple[str, Any], ...]
    href: str


def where_next(game: str, players: int, variant: dict[str, Any], seed: int | None,
               rules: Sequence[str], next_scenario: tuple[str, str] | None,
               walkthrough_page: str) -> list[NextLink]:
    """The links that end a walkthrough: the play page with the same players, variant
    (and seed, for a seeded deal), the quiz on the rules the walkthrough showed (those
    the quiz has questions on), and the next scenario (``(id, title)``) when there is one.

    >>> [n.href for n in where_next("krypkasino", 2, {"sweep_points": 3}, None, ["C-8", "C-99"],
    ...                             ("lone-ace", "A lone ace"), "krypkasino_walkthrough")]
    ['krypkasino_play?players=2&seat=0&bots=you%2Cbasic&seed=1&sweep_points=3', 'quiz?game=krypkasino&topics=C-8', 'krypkasino_walkthrough?scenario=lone-ace']
    """
    import urllib.parse

    from engine import session as play
    from engine.quiz import rules_of
    from engine.registry import GAMES
    from ui.play.link import setup_params

    counts = GAMES[game].players
    n = min(max(players, counts.min), counts.max)
    default = GAMES[game].default_rules().to_dict()
    given = tuple((k, v) for k, v in variant.items()
                  if k in GAMES[game].option_names and default.get(k) != v)
    setup = play.Setup(game, n, 0, tuple(play.HUMAN if s == 0 else "basic" for s in range(n)),
                       given, seed if seed is not None else 1)
    try:
        play.new_state(setup)
    except Exception:  # noqa: BLE001 - a variant the play page cannot deal: its default
        setup = play.Setup(game, n, 0, setup.levels, (), setup.seed)
    query = {k: v for k, v in setup_params(setup).items() if v is not None}
    page = f"{game}_play"  # pages/<game>_play.py
    out = [NextLink("ym.next.play", (), f"{page}?{urllib.parse.urlencode(query)}")]
    known = rules_of(game)
    topics = [r for r in known if r in set(rules)]
    if topics:
        out.append(NextLink("ym.next.quiz", (("rules", ", ".join(topics)),),
                            "quiz?" + urllib.parse.urlencode({"game": game,
                                                              "topics": ",".join(topics)})))
    if next_scenario is not None:
        out.append(NextLink("ym.next.scenario", (("title", next_scenario[1]),),
                            f"{walkthrough_page}?scenario={urllib.parse.quote(next_scenario[0])}"))
    return out


def draw_next(links: Sequence[NextLink], lang: str, extra_query: str = "") -> None:
    """The "where next" box at the end of a walkthrough."""
    import streamlit as st

    from ui.i18n import t
    from ui.safe import escape_markdown

    lines = []
    for link in links:
        text = t(link.key, lang, **{k: escape_markdown(str(v)) for k, v in link.data})
        href = link.href + (("&" if "?" in link.href else "?") + extra_query if extra_query else "")
        lines.append(f"- [{text}]({href})")
    if not any(link.key == "ym.next.scenario" for link in links):
        lines.append(f"- {t('ym.next.last', lang)}")
    with st.container(border=True):
        st.markdown(f"#### {t('ym.next', lang)}")
        st.markdown("\n".join(lines))


def draw_switch(lang: str, key: str) -> bool:
    """The "your move" switch both walkthroughs show (a projector's link says
    ``yourmove=off``: no stops); returns whether the stops are on."""
    import streamlit as st

    from ui.i18n import t

    session = st.session_state
    if SWITCH not in session:
        session[SWITCH] = st.query_params.get("yourmove") != "off"
    if session.get(key) != session[SWITCH]:
        session[key] = session[SWITCH]

    def flipped() -> None:
        session[SWITCH] = bool(session[key])

    st.toggle(t("ym.switch", lang), key=key, on_change=flipped, help=t("ym.switch.help", lang))
    return bool(session[SWITCH])
