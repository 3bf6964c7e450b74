"""The live classroom (issue 15): a teacher's screen drives the students' phones.

Pure parts (no Streamlit): the questions a class can be asked (:class:`LiveQuestion`, from a
quiz question id or, through :func:`register`, from any other kind such as a walkthrough's
"your move" step), the results per rule and per student, the CSV, the live chart, the QR
code, display names. The views (:func:`teacher_view`, :func:`student_view`,
:func:`join_view`) draw them; every value they show comes from :mod:`store` (the class, its
answers) and from the engine (questions, right answers, explanations).

Links of ``/live``: ``class=<code>&key=<teacher's secret>`` (the teacher: drives, ends,
deletes), ``class=<code>&s=<student's token>`` (one student), ``class=<code>`` (the join link
of the QR code). Everything a page shows is read from the store on each run, so a restarted
server or a second server shows the same class.

>>> q = resolve("quiz:k-trump-7")
>>> q.rule, q.judge(sorted(q.correct)), q.judge(["nope"])
('K-7', True, False)
>>> clean_name("  <b>Ana</b>\\n\\t  Lima  "), clean_name("   "), len(clean_name("x" * 99) or "")
('<b>Ana</b> Lima', None, 24)
"""

from __future__ import annotations

import csv
import io
import socket
import unicodedata
import urllib.parse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import plotly.graph_objects as go
import segno

import tutorials
from engine.quiz import check, make
from tutorials import lessons
from ui.cards import cards_html
from ui.classroom.deck import LETTERS, Slide, ask_position_html, slides, step_ask
from ui.i18n import t
from ui.quiz.marking import group_states, visible_groups
from ui.safe import clip, escape_html

#: Seconds between two looks at the store: a student's page (follows the teacher's step) and
#: the teacher's live chart.
STUDENT_POLL_S = 1.0
TEACHER_POLL_S = 0.5
NAME_LIMIT = 24
K = "lv_"


# -- questions ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class LiveQuestion:
    """A question as the class sees it, in one language: ``choices`` are ``(id, label)``,
    ``correct`` the engine's right ids, ``judge(chosen)`` the engine's verdict."""

    ref: str
    rule: str
    prompt: str
    choices: tuple[tuple[str, str], ...]
    correct: frozenset[str]
    multiple: bool
    explanation: str
    judge: Callable[[Sequence[str]], bool]
    facts: tuple[str, ...] = ()
    html: str = ""
    #: A your-move position's choices judged by the analyst (through the engine's your-move
    #: step): ``(choice id, verdict, the analyst's sentence)``, verdict ``best``, ``legal``
    #: or ``illegal``; empty for a quiz question.
    verdicts: tuple[tuple[str, str, str], ...] = ()

    def letter(self, choice_id: str) -> str:
        ids = [c for c, _ in self.choices]
        return LETTERS[ids.index(choice_id)] if choice_id in ids else "?"


#: ``provider(name, lang, four_colour)`` for a ref ``prefix:name``.
Provider = Callable[[str, str, bool], "LiveQuestion | None"]
_PROVIDERS: dict[str, Provider] = {}
#: Functions that find a live question in a slide that is not a quiz slide (a "your move"
#: step of a walkthrough): ``finder(slide) -> ref | None``.
_FINDERS: list[Callable[[Slide], str | None]] = []


def register(prefix: str, provider: Provider,
             finder: Callable[[Slide], str | None] | None = None) -> None:
    """Let the class be asked ``prefix:<name>`` questions (and find them on slides)."""
    _PROVIDERS[prefix] = provider
    if finder is not None and finder not in _FINDERS:
        _FINDERS.append(finder)


def resolve(ref: str, lang: str = "en", four: bool = False) -> LiveQuestion | None:
    """The question ``ref`` names (``None``: no provider knows it or it cannot be built)."""
    prefix, colon, name = str(ref).partition(":")
    provider = _PROVIDERS.get(prefix)
    if not colon or provider is None:
        return None
    try:
        return provider(name, lang, four)
    except (ValueError, KeyError, LookupError):
        return None


def _quiz(name: str, lang: str, four: bool) -> LiveQuestion:
    question = make(name)  # ValueError for a name that is not a question id
    html = "".join(cards_html(g.cards, lang=lang, layout=g.layout,
                              states=group_states(g, False), four_colour=four,
                              caption=g.caption.render(lang), label=g.caption.render(lang))
                   for g in visible_groups(question, False))
    return LiveQuestion(
        ref=f"quiz:{question.id}", rule=question.rule, prompt=question.prompt.render(lang),
        choices=tuple((c.id, c.label.render(lang)) for c in question.choices),
        correct=frozenset(question.correct), multiple=question.multiple,
        explanation=question.explanation.render(lang),
        judge=lambda chosen: check(question, chosen).right,
        facts=tuple(f.render(lang) for f in question.facts), html=html)


def _quiz_slide(slide: Slide) -> str | None:
    # Only the question slide asks: its answer slide already shows the answer.
    if slide.kind == "question" and slide.ref and not slide.ref.startswith("own:"):
        return f"quiz:{slide.ref}"
    return None


register("quiz", _quiz, _quiz_slide)


def _own(name: str, lang: str, four: bool) -> LiveQuestion | None:
    """A teacher's own question, ``<saved lesson id>.<item index>``, read from the saved
    lesson in the store (:mod:`store.lessons`): judged by the teacher's right choice."""
    import store
    from store import lessons as saved_lessons

    saved, _, index = name.rpartition(".")
    if not saved_lessons.valid_id(saved) or not index.isdigit() or len(index) > 3:
        return None
    try:
        found = saved_lessons.get(store.get(), saved)
        item = lessons.decode_link(found.lesson).items[int(index)] if found else None
    except (store.Unavailable, lessons.LessonError, IndexError):
        return None
    if not isinstance(item, lessons.QuestionItem):
        return None
    ids = tuple("abcdef"[: len(item.choices)])
    right = frozenset({ids[item.right]})
    return LiveQuestion(
        ref=f"own:{name}", rule=item.rule, prompt=item.ask,
        choices=tuple(zip(ids, item.choices, strict=True)), correct=right, multiple=False,
        explanation="", judge=lambda chosen: bool(chosen) and set(chosen) == right)


def _own_slide(slide: Slide) -> str | None:
    return slide.ref if slide.kind == "question" and slide.ref.startswith("own:") else None


register("own", _own, _own_slide)


def from_ask(ask: Any, ref: str, html: str = "") -> LiveQuestion:
    """A "your move" step (an object with ``prompt``, ``rule``, ``answer`` and ``choices``
    of ``id``, ``label``, ``verdict`` and ``feedback``) as a live question, with the
    walkthrough's verdicts (the analyst's, :mod:`engine.walkthrough.verdict`): a choice is
    right when its verdict is ``best`` (the best move or within the "good" margin); the
    explanation is the feedback of the analyst's best move and the step's remark.
    ``html``: the position before the move (:func:`ui.classroom.deck.ask_position_html`)."""
    choices = tuple(ask.choices)
    right = frozenset(c.id for c in choices if c.verdict == "best")
    best = next((c for c in choices if c.id == ask.answer), None)
    explanation = " ".join(x for x in (best.feedback if best is not None else "",
                                       getattr(ask, "remark", "")) if x)
    return LiveQuestion(
        ref=ref, rule=ask.rule, prompt=ask.prompt,
        choices=tuple((c.id, c.label) for c in choices), correct=right, multiple=False,
        explanation=explanation,
        judge=lambda chosen: bool(chosen) and set(chosen) <= right, html=html,
        verdicts=tuple((c.id, str(c.verdict), str(c.feedback)) for c in choices))


def _move(name: str, lang: str, four: bool) -> LiveQuestion | None:
    ask = step_ask(name, lang)
    if ask is None:
        return None
    return from_ask(ask, f"move:{name}", ask_position_html(name, lang, four))


def _move_slide(slide: Slide) -> str | None:
    return f"move:{slide.ask}" if slide.ask and len(slide.ask) <= 190 else None


register("move", _move, _move_slide)


def slide_question(slide: Slide) -> str | None:
    """The live question a slide can push (a quiz question's, or a registered finder's)."""
    for finder in _FINDERS:
        ref = finder(slide)
        if ref:
            return ref
    return None


# -- what a slide may show while the class is live ---------------------------------------------
def tells_answer(slide: Slide) -> bool:
    """Whether ``slide`` shows the answer of a question: a quiz answer slide, or a
    walkthrough step with a "your move" question (its lines say the move)."""
    return slide.kind == "answer" or bool(slide.ask)


def asked_on(slide: Slide, ref: str) -> bool:
    """Whether the question ``ref`` (an asked question's) is the one ``slide`` asks."""
    return bool(ref) and slide_question(slide) == ref


def may_visit(deck: Sequence[Slide], step: int, teacher_step: int) -> bool:
    """In free mode a student may look at any slide up to the teacher's, and beyond it
    at any slide that does not tell an answer the class has not been shown.

    >>> deck = [Slide("step", 0, "a"), Slide("answer", 0, "b"), Slide("step", 0, "c")]
    >>> [may_visit(deck, n, 1) for n in (1, 2, 3)], may_visit(deck, 2, 2)
    ([True, False, True], True)
    """
    if not 1 <= step <= len(deck):
        return False
    return step <= teacher_step or not tells_answer(deck[step - 1])


def free_move(deck: Sequence[Slide], step: int, delta: int, teacher_step: int) -> int | None:
    """The next slide a student in free mode reaches from ``step`` going ``delta`` (±1),
    past the ones they may not see yet; ``None`` when there is none."""
    at = step + delta
    while 1 <= at <= len(deck):
        if may_visit(deck, at, teacher_step):
            return at
        at += delta
    return None


# -- names, links, QR ----------------------------------------------------------------------------
def clean_name(raw: object) -> str | None:
    """A display name as typed, made safe to keep: control and format characters dropped,
    spaces collapsed, clipped to :data:`NAME_LIMIT`; ``None`` when nothing is left. (It is
    shown escaped everywhere: markup stays text.)"""
    text = "".join(" " if c.isspace() else c for c in str(raw or "")[:200]
                   if c.isspace() or unicodedata.category(c)[0] != "C")
    text = " ".join(text.split())
    return clip(text, NAME_LIMIT) if text else None


def site_base(url: str | None) -> str:
    """``scheme://host[:port]`` plus any path prefix before the page, from the page URL."""
    parts = urllib.parse.urlsplit(url or "")
    if not parts.scheme or not parts.netloc:
        return ""
    path = parts.path.rsplit("/", 1)[0]
    return f"{parts.scheme}://{parts.netloc}{path}"


#: The address phones use to reach the site (``https://class.example.org``, or
#: ``http://192.168.1.20:8501``): join links and QR codes use it when set.
PUBLIC_URL_ENV = "RULES_LAB_PUBLIC_URL"
_LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "0.0.0.0", "::"})


@dataclass(frozen=True)
class JoinBase:
    """Where the join link points: ``base`` (``scheme://host[:port][/prefix]``) and whether
    it is a local-only address that phones cannot open (the teacher is warned)."""

    base: str
    local_only: bool


def _clean_public(value: str | None) -> str | None:
    text = (value or "").strip().rstrip("/")
    parts = urllib.parse.urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or \
            parts.fragment or len(text) > 200:
        return None
    return text


def _is_local(host: str | None) -> bool:
    return not host or host in _LOCAL_HOSTS or host.startswith("127.") or \
        host.endswith(".localhost")


def public_base(page_url: str | None, public: str | None, lan: str | None) -> JoinBase:
    """The join address: ``public`` (:data:`PUBLIC_URL_ENV`) when it is an http(s) address;
    else the page's own address, with a local host (``localhost``, ``127.0.0.1``) replaced by
    the machine's network address ``lan``; local-only when there is none.

    >>> public_base("http://localhost:8501/live?x=1", None, "192.168.1.20")
    JoinBase(base='http://192.168.1.20:8501', local_only=False)
    >>> public_base("http://localhost:8501/live", "https://rules.example.org/", None)
    JoinBase(base='https://rules.example.org', local_only=False)
    >>> public_base("http://127.0.0.1:8501/live", "ftp://x", None).local_only
    True
    """
    chosen = _clean_public(public)
    if chosen:
        return JoinBase(chosen, False)
    base = site_base(page_url)
    parts = urllib.parse.urlsplit(base)
    if not _is_local(parts.hostname):
        return JoinBase(base, False)
    if lan and not _is_local(lan):
        host = f"[{lan}]" if ":" in lan else lan
        netloc = f"{host}:{parts.port}" if parts.port else host
        return JoinBase(urllib.parse.urlunsplit((parts.scheme or "http", netloc, parts.path,
                                                 "", "")), False)
    return JoinBase(base, True)


def lan_address() -> str | None:
    """This machine's address on its network (the interface of its default route), or
    ``None`` when it has only loopback. No packet is sent: a UDP socket's ``connect`` only
    picks the route."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere for real
        address = str(probe.getsockname()[0])
    except OSError:
        return None
    finally:
        probe.close()
    return None if _is_local(address) else address


def join_link(base: str, code: str) -> str:
    return f"{base}/live?class={code}"


def qr_svg(data: str, label: str) -> str:
    """The QR code of ``data`` as an SVG image (a ``data:`` URI made here by segno: no image
    service, nothing fetched), with ``label`` as its text alternative."""
    uri = segno.make(data, error="m").svg_data_uri(scale=6, border=2, dark="#111827",
                                                    light="#ffffff")
    return (f'<div class="lv-qr"><img src="{escape_html(uri)}" alt="{escape_html(label)}">'
            "</div>")


# -- results -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RuleRow:
    rule: str
    asked: int  # answers given on questions of this rule
    right: int

    @property
    def share(self) -> float:
        return self.right / self.asked if self.asked else 0.0


@dataclass(frozen=True)
class ScoreRow:
    name: str
    right: int
    answered: int
    asked: int  # questions the class was asked


@lru_cache(maxsize=256)
def rule_title(rule: str, lang: str = "en") -> str:
    """A rule as people read it: its ID and its name from the rules page
    (``K-9 · The dealer's hook``); the ID alone if the page has no such section.

    >>> rule_title("K-9"), rule_title("C-8", "pt"), rule_title("K-999")
    ("K-9 · The dealer's hook", 'C-8 · Varredura obrigatória', 'K-999')
    """
    try:
        doc = tutorials.rule_doc(rule)
        sections = tutorials.split_sections(tutorials.load_markdown(doc, lang))
    except (ValueError, OSError):
        return rule
    return next((s.title for s in sections if s.anchor == rule), rule)


def rule_results(results: Any) -> list[RuleRow]:
    """Per rule: answers and right answers; the rules the class missed most first."""
    rule_of = {q.seq: q.rule for q in results.questions}
    rows: dict[str, list[int]] = {q.rule: [0, 0] for q in results.questions}
    for a in results.answers:
        rule = rule_of.get(a.seq)
        if rule is not None:
            rows[rule][0] += 1
            rows[rule][1] += int(a.right)
    out = [RuleRow(r, n, k) for r, (n, k) in rows.items()]
    return sorted(out, key=lambda r: (r.share if r.asked else 2.0, r.rule))


def student_scores(results: Any) -> list[ScoreRow]:
    """Per student (in the order they joined): right answers, answers, questions asked."""
    asked = len(results.questions)
    right: dict[str, int] = {}
    answered: dict[str, int] = {}
    for a in results.answers:
        answered[a.student] = answered.get(a.student, 0) + 1
        right[a.student] = right.get(a.student, 0) + int(a.right)
    names = display_names(results.students)
    return [ScoreRow(names[s.id], right.get(s.id, 0), answered.get(s.id, 0), asked)
            for s in results.students]


def display_names(students: Sequence[Any]) -> dict[str, str]:
    """Each student's name as the teacher sees it, duplicates told apart by join order
    (``Ana``, ``Ana (2)``), keyed by the student's id.

    >>> from types import SimpleNamespace as S
    >>> display_names([S(id="a", name="Ana"), S(id="b", name="Bo"), S(id="c", name="ana")])
    {'a': 'Ana', 'b': 'Bo', 'c': 'ana (2)'}
    """
    seen: dict[str, int] = {}
    out = {}
    for s in students:
        folded = s.name.casefold()
        seen[folded] = seen.get(folded, 0) + 1
        out[s.id] = s.name if seen[folded] == 1 else f"{s.name} ({seen[folded]})"
    return out


def _cell(text: str) -> str:
    # A student's or teacher's text: a spreadsheet must not read it as a formula.
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def results_csv(results: Any, lang: str, texts: dict[str, str] | None = None) -> str:
    """One row per student and question (and one row for a student of a class that asked
    nothing, so attendance is kept): student id, name, question number, question text
    (``texts`` by ref), rule, answer letters, right (``yes``/``no``; empty when not
    answered), the answer's time (UTC, ISO 8601)."""
    import datetime as dt

    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([t(f"live.csv.{c}", lang) for c in (
        "id", "student", "question", "text", "rule", "answer", "right", "time")])
    given = {(a.seq, a.student): a for a in results.answers}
    names = display_names(results.students)
    texts = texts or {}
    for s in results.students:
        name = _cell(names[s.id])
        if not results.questions:
            writer.writerow([s.id, name, "", "", "", "", "", ""])
        for q in results.questions:
            a = given.get((q.seq, s.id))
            letters = "" if a is None else ",".join(
                LETTERS[q.choices.index(c)] for c in a.chosen if c in q.choices)
            right = "" if a is None else t("live.csv.yes" if a.right else "live.csv.no", lang)
            when = "" if a is None else dt.datetime.fromtimestamp(
                a.answered_ms / 1000, dt.UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
            writer.writerow([s.id, name, q.seq, _cell(texts.get(q.ref, "")), q.rule, letters,
                             right, when])
    return out.getvalue()


def tally_figure(question: LiveQuestion, counts: dict[str, int], revealed: bool,
                 lang: str) -> go.Figure:
    """The live bar chart: one bar per choice (letter), right ones marked once revealed."""
    ids = [c for c, _ in question.choices]
    letters = [LETTERS[i] for i in range(len(ids))]
    values = [counts.get(c, 0) for c in ids]
    colours = ["#16a34a" if revealed and c in question.correct else "#2563eb" for c in ids]
    labels = [f"{v} ✓" if revealed and c in question.correct else str(v)
              for c, v in zip(ids, values, strict=True)]
    fig = go.Figure(go.Bar(x=letters, y=values, marker_color=colours, text=labels,
                           textposition="outside", cliponaxis=False,
                           hovertext=[lbl for _, lbl in question.choices],
                           hovertemplate="%{x}: %{y}<extra>%{hovertext}</extra>"))
    fig.update_layout(height=300, margin={"l": 30, "r": 10, "t": 30, "b": 30},
                      yaxis={"title": t("live.chart.answers", lang), "rangemode": "tozero",
                             "dtick": 1 if max(values, default=0) < 10 else None},
                      xaxis={"title": t("live.chart.choice", lang), "type": "category"},
                      showlegend=False, font={"size": 18})
    return fig


def deck_for(packed: str, lang: str, four: bool) -> list[Slide]:
    """The slides of a class's lesson (raises :class:`~tutorials.lessons.LessonError`)."""
    return slides(lessons.decode_link(packed), lang, four)


# -- points and the leaderboard (the class's options) --------------------------------------------
#: Without a countdown, a right answer's speed is counted over this many ms.
POINTS_WINDOW_MS = 30_000


def points(asked: Any, answer: Any) -> int:
    """Kahoot-like points of one answer: 0 when wrong; a right one 500, plus up to 500 the
    quicker it came (over the countdown, else :data:`POINTS_WINDOW_MS`).

    >>> from types import SimpleNamespace as S
    >>> q = S(asked_ms=0, deadline_ms=20_000)
    >>> [points(q, S(right=r, answered_ms=ms)) for r, ms in ((True, 0), (True, 10_000),
    ...                                                       (True, 25_000), (False, 0))]
    [1000, 750, 500, 0]
    """
    if not answer.right:
        return 0
    window = (asked.deadline_ms - asked.asked_ms) if asked.deadline_ms else POINTS_WINDOW_MS
    taken = max(0, answer.answered_ms - asked.asked_ms)
    return 500 + round(500 * max(0.0, 1 - float(taken) / max(int(window), 1)))


def public_names(students: Sequence[Any], anonymous: bool, lang: str) -> dict[str, str]:
    """The names the projector may show: the students' own (told apart), or in anonymous
    mode "Student 1", "Student 2"… in join order."""
    if not anonymous:
        return display_names(students)
    return {s.id: t("live.anon-name", lang, n=n) for n, s in enumerate(students, start=1)}


def leaderboard(results: Any, anonymous: bool, lang: str,
                top: int = 5) -> list[tuple[str, int]]:
    """The ``top`` students by points (ties in join order), as the projector shows them."""
    asked = {q.seq: q for q in results.questions}
    total: dict[str, int] = {s.id: 0 for s in results.students}
    for a in results.answers:
        if a.student in total and a.seq in asked:
            total[a.student] += points(asked[a.seq], a)
    names = public_names(results.students, anonymous, lang)
    order = sorted(results.students, key=lambda s: -total[s.id])
    return [(names[s.id], total[s.id]) for s in order[:top]]


def class_board(question: LiveQuestion, counts: dict[str, int], students: int,
                lang: str) -> str:
    """The class board of a your-move position (after the reveal): each choice as the
    class played it (the move, how many chose it) and the analyst's verdict on it, the
    best first. Every text is escaped."""
    order = {"best": 0, "legal": 1, "illegal": 2}
    judged = {c: (v, note) for c, v, note in question.verdicts}
    tiles = []
    ranked = sorted(enumerate(question.choices), key=lambda item: (
        order.get(judged.get(item[1][0], ("legal", ""))[0], 1), item[0]))
    for n, (choice, label) in ranked:
        verdict, note = judged.get(choice, ("legal", ""))
        picked = counts.get(choice, 0)
        share = round(100 * picked / students) if students else 0
        tiles.append(
            f'<div class="lv-tile lv-{escape_html(verdict)}" role="listitem"'
            f' data-choice="{escape_html(choice)}" data-count="{picked}">'
            f'<div class="lv-tile-move">{LETTERS[n]}. {escape_html(label)}</div>'
            '<div class="lv-tile-count">'
            f'{escape_html(t("live.board.count", lang, n=picked, count=students))}</div>'
            f'<div class="lv-tile-bar"><span style="width: {share}%"></span></div>'
            f'<div class="lv-tile-verdict">{escape_html(t(f"live.verdict.{verdict}", lang))}'
            f'</div><div class="lv-tile-note">{escape_html(note)}</div></div>')
    return ('<div class="lv-classboard" id="lv-classboard" role="list">'
            + "".join(tiles) + "</div>")


def table_tile(number: int, row: Any, view: Any, lang: str, four: bool = False) -> str:
    """One class table on the projector (issue 31): its number, whose turn (or the end),
    the seats with their figures (the play adapter's cells), the cards on the table or the
    last trick. ``view`` is the table's screen without a hand (:func:`ui.table.seats.screen` for
    seat ``None``), so no hand can be drawn here; names are escaped.

    >>> from store.tables import TableRow, TableSeat
    >>> from ui.table.seats import SeatScreen
    >>> row = TableRow("T", "kachuful", {}, 3, 1, (), "playing", 1,
    ...                (TableSeat(0, "human", "", "<b>Ana</b>"),), 0, 0)
    >>> view = SeatScreen(None, 0, "Hand 1", [("A: <b>Ana</b>", [("bid", "1")])], None, [],
    ...                   [], [], {}, None, False, [])
    >>> html = table_tile(2, row, view, "en")
    >>> "&lt;b&gt;Ana" in html and "<b>Ana" not in html and "Table 2" in html
    True
    """
    from ui.cards import trick_html
    from ui.play.table import table_html

    if view.over:
        turn = t("table.over", lang, names=", ".join(view.winners))
    elif row.status == "closed":
        turn = t("table.closed", lang)
    elif view.to_act is not None and 0 <= view.to_act < len(view.rows):
        turn = t("live.tables.turn", lang, name=view.rows[view.to_act][0])
    else:
        turn = ""
    keys = [k for k, _ in view.rows[0][1]] if view.rows else []
    head = [t("play.col.player", lang)] + [t(f"play.col.{k}", lang) for k in keys]
    body = [[("▶ " if i == view.to_act else "") + name] + [v for _, v in cells]
            for i, (name, cells) in enumerate(view.rows)]
    cards = view.on_table or view.last_trick
    caption = t("table.on-table", lang) if view.on_table else t("table.last-trick", lang)
    trick = trick_html([(n, c, "normal") for n, c in cards], lang=lang, four_colour=four,
                       label=t("play.trick.label", lang), caption=caption) if cards else ""
    return (f'<div class="lv-table" data-table="{number}">'
            f'<p class="lv-tile-move">{escape_html(t("live.tables.n", lang, n=number))}</p>'
            f'<p class="lv-tile-verdict">{escape_html(turn)}</p>'
            f'<p class="lv-tile-note">{escape_html(view.status)}</p>'
            + table_html(head, body, t("play.seats", lang)) + trick + "</div>")
