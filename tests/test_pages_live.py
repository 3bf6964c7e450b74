"""The live classroom's pages through the entry script (AppTest): opening a class from a
lesson, joining by code, following the teacher, a live question (right, wrong, late), the
results and the CSV, deleting; who may do what; hostile names shown as text."""

from __future__ import annotations

import csv
import io

import pytest
from streamlit.testing.v1 import AppTest

import store
from tutorials import lessons
from ui.apptest import open_site
from ui.classroom import deck as classroom
from ui.classroom import live
from ui.i18n import t
from ui.safe import escape_markdown

LIVE = "pages/live.py"
HOSTILE = "<img src=x onerror=f()>"  # 23 characters: within the name's limit


def html_text(at: AppTest) -> str:
    return "\n".join(h.proto.body for h in at.html)


def everything(at: AppTest) -> str:
    parts = [html_text(at)]
    for kind in ("title", "subheader", "markdown", "caption", "success", "error", "warning", "info"):
        parts += [str(e.value) for e in getattr(at, kind)]
    return "\n".join(parts)


def first_question_step(lesson_id: str = "kachuful-20") -> int:
    deck = classroom.slides(lessons.load(lesson_id), "en")
    return next(i for i, s in enumerate(deck, start=1) if s.kind == "question")


@pytest.fixture
def opened() -> tuple[str, str]:
    """A class opened from the lessons page: (code, teacher's key)."""
    at = open_site("pages/lessons.py", lesson="kachuful-20")
    at.button(key="ls_live").click().run()
    assert not at.exception, at.exception
    code, key = at.query_params["class"], at.query_params["key"]
    assert store.normalise_code(code) == code and len(key) >= 30
    assert f'id="lv-code">{store.show_code(code)}<' in html_text(at)
    assert 'src="data:image/svg+xml' in html_text(at)
    return str(code), str(key)


def teacher(code: str, key: str) -> AppTest:
    at = open_site(LIVE, **{"class": code, "key": key})
    assert not at.exception, at.exception
    return at


def join(code: str, name: str) -> AppTest:
    at = open_site(LIVE, **{"class": code})
    at.text_input(key="lv_name").input(name)
    at.button(key="FormSubmitter:lv_join-" + t("live.join.go", "en")).click().run()
    assert not at.exception, at.exception
    assert at.query_params.get("s"), everything(at)
    return at


def test_the_classroom_view_opens_a_class_too() -> None:
    at = open_site("pages/classroom.py", lesson="krypkasino-20", step="3")
    at.button(key="cl_live").click().run()
    assert not at.exception and at.query_params.get("key")
    state = store.get().state(str(at.query_params["class"]))
    assert state is not None and state.step == 3
    assert lessons.to_doc(lessons.decode_link(state.lesson)) == \
        lessons.to_doc(lessons.load("krypkasino-20"))
    # The student view of the projector page has no such button.
    student = open_site("pages/classroom.py", lesson="krypkasino-20", view="student")
    assert not [b for b in student.button if b.key == "cl_live"]


def test_a_class_from_join_to_results(opened: tuple[str, str]) -> None:
    code, key = opened
    deck = classroom.slides(lessons.load("kachuful-20"), "en")
    ana, bo, cy = join(code, "Ana"), join(code, HOSTILE), join(code, "Cy")
    # The hostile name is text on the student's own page.
    assert "&lt;img src=x onerror=f()&gt;" in html_text(bo) and "<img" not in html_text(bo)
    # Follow: the teacher moves, the students' pages show the teacher's step.
    desk = teacher(code, key)
    assert t("live.joined", "en", count=3) in everything(desk)
    desk.button(key="lv_next").click().run()
    desk.button(key="lv_next").click().run()
    assert store.get().state(code).step == 3  # type: ignore[union-attr]
    ana.run()
    assert f'id="cl-slide-title">{deck[2].title}<' in html_text(ana)
    # Free, then called back.
    desk.button(key="lv_free").click().run()
    ana.run()
    ana.button(key="lv_s_next").click().run()
    assert f'id="cl-slide-title">{deck[3].title}<' in html_text(ana)
    desk.button(key="lv_follow").click().run()
    ana.run()
    assert f'id="cl-slide-title">{deck[2].title}<' in html_text(ana)
    assert not [b for b in ana.button if b.key == "lv_s_next"]
    # A live question on the lesson's first quiz question.
    step = first_question_step()
    store.get().drive(code, key, step=step)
    desk.run()
    assert not desk.button(key="lv_ask").disabled
    desk.button(key="lv_ask").click().run()
    question = live.resolve(f"quiz:{deck[step - 1].ref}")
    assert question is not None
    right = sorted(question.correct)[0]
    wrong = next(c for c, _ in question.choices if c not in question.correct)
    for page, choice in ((ana, right), (bo, wrong)):
        page.run()
        page.radio(key="lv_pick1").set_value(choice)
        page.button(key="FormSubmitter:lv_answer1-" + t("live.send", "en")).click().run()
        assert not page.exception
    cy.run()
    cy.radio(key="lv_pick1").set_value(right)
    desk.run()
    assert 'data-answered="2"' in html_text(desk)
    assert t("live.count", "en", answered=2, count=3) in html_text(desk)
    assert len(desk.get("plotly_chart")) == 1
    desk.button(key="lv_reveal").click().run()
    # Cy's form was drawn before the reveal: sending it now is late, and not counted.
    cy.button(key="FormSubmitter:lv_answer1-" + t("live.send", "en")).click().run()
    assert t("live.late", "en") in everything(cy)
    assert store.get().tally(code, 1).answered == 2
    ana.run()
    bo.run()
    assert t("live.right", "en") in everything(ana) and t("live.wrong", "en") in everything(bo)
    assert question.rule in everything(ana) and escape_markdown(question.explanation)[:30] in everything(bo)
    desk.run()
    assert escape_markdown(question.explanation)[:30] in everything(desk)
    # The end: per rule, per student, the CSV.
    desk.button(key="lv_end").click().run()
    assert t("live.results", "en") in everything(desk)
    frames = desk.dataframe
    rules = frames[0].value
    assert list(rules.iloc[0])[:3] == [live.rule_title(question.rule, "en"), 1, 2]  # named
    names = list(frames[1].value.iloc[:, 0])
    assert names == ["Ana", HOSTILE, "Cy"]
    rows = list(csv.reader(io.StringIO(live.results_csv(
        store.get().results(code, key), "en", {question.ref: question.prompt}))))
    assert rows[0] == ["student id", "student", "question", "question text", "rule", "answer",
                       "right", "time (UTC)"]
    ids = [s.id for s in store.get().results(code, key).students]
    assert [r[0] for r in rows[1:]] == ids and rows[1][1] == "Ana"
    assert rows[1][3] == question.prompt and rows[1][6] == "yes" and rows[3][6] == ""
    assert rows[1][7].endswith("Z") and rows[3][7] == ""
    ana.run()
    assert t("live.my-score", "en", right=1, asked=1, answered=1) in everything(ana)
    # Deleting: only with the confirmation, and then the class is gone for everyone.
    desk.checkbox(key="lv_sure").check().run()
    desk.button(key="lv_delete").click().run()
    assert store.get().state(code) is None and t("live.deleted", "en") in everything(desk)
    ana.run()
    assert t("live.not-student", "en") in everything(ana)


def test_a_students_link_cannot_drive_or_read_another_class(opened: tuple[str, str]) -> None:
    code, key = opened
    student = join(code, "Ana")
    token = str(student.query_params["s"])
    # The student's token as the teacher's key: refused, nothing to press.
    fake = open_site(LIVE, **{"class": code, "key": token})
    assert t("live.not-teacher", "en") in everything(fake) and not fake.button
    # Another class: the student's link opens nothing of it.
    other = store.get().open_class(lessons.encode_link(lessons.load("krypkasino-20")), "en")
    peek = open_site(LIVE, **{"class": other.code, "s": token})
    assert t("live.not-student", "en") in everything(peek)
    assert "cl-slide-title" not in html_text(peek)
    assert store.get().state(code).step == 1  # type: ignore[union-attr]


def test_joining_refuses_bad_codes_and_empty_names(opened: tuple[str, str]) -> None:
    code, _ = opened
    at = open_site(LIVE)
    at.text_input(key="lv_code").input("nope")
    at.text_input(key="lv_name").input("Ana")
    submit = "FormSubmitter:lv_join-" + t("live.join.go", "en")
    at.button(key=submit).click().run()
    assert t("live.join.bad-code", "en") in everything(at)
    at.text_input(key="lv_code").input("ZZZ-ZZZZ")
    at.button(key=submit).click().run()
    assert t("live.join.no-class", "en") in everything(at)
    at.text_input(key="lv_code").input(code.lower())
    at.text_input(key="lv_name").input(" \t ")
    at.button(key=submit).click().run()
    assert t("live.join.need-name", "en") in everything(at)
    bad = open_site(LIVE, **{"class": "<script>alert(9)</script>"})
    assert t("live.bad-code", "en") in everything(bad) and "alert(9)" not in everything(bad)


def test_the_join_page_speaks_every_language() -> None:
    for lang in ("es", "pt"):
        at = open_site(LIVE, lang=lang)
        assert not at.exception
        assert t("live.join.title", lang) in [h.value for h in at.title]


def test_a_your_move_step_is_asked_live(opened: tuple[str, str]) -> None:
    code, key = opened
    deck = classroom.slides(lessons.load("kachuful-20"), "en")
    step = next(i for i, s in enumerate(deck, start=1) if s.ask)
    question = live.resolve(live.slide_question(deck[step - 1]) or "")
    assert question is not None and question.ref.startswith("move:kachuful/")
    refused = [c for c, _ in question.choices if c not in question.correct]
    assert refused and not question.judge(refused[:1]) and question.judge(sorted(question.correct))
    pupil = join(code, "Ana")
    store.get().drive(code, key, step=step)
    desk = teacher(code, key)
    desk.button(key="lv_ask").click().run()
    asked = store.get().question(code, 1)
    assert asked is not None and asked.ref == question.ref and asked.rule == question.rule
    pupil.run()
    pupil.radio(key="lv_pick1").set_value(refused[0])
    pupil.button(key="FormSubmitter:lv_answer1-" + t("live.send", "en")).click().run()
    desk.button(key="lv_reveal").click().run()
    pupil.run()
    assert t("live.wrong", "en") in everything(pupil)
    assert escape_markdown(question.explanation)[:30] in everything(pupil)
    # The class board: each choice with how many played it and the analyst's verdict, the
    # best first (verdicts from the engine's your-move step, never judged here).
    board = html_text(desk)
    assert 'id="lv-classboard"' in board
    verdicts = {c: v for c, v, _ in question.verdicts}
    assert set(verdicts) == {c for c, _ in question.choices} and "best" in verdicts.values()
    tiles = board.split('class="lv-tile ')[1:]
    assert tiles[0].startswith("lv-best")
    mine = next(x for x in tiles if f'data-choice="{refused[0]}"' in x)
    assert 'data-count="1"' in mine and t(f"live.verdict.{verdicts[refused[0]]}", "en") in mine
    assert t("live.board.count", "en", n=1, count=1) in mine


def send(page: AppTest, seq: int, choice: str) -> None:
    page.run()
    page.radio(key=f"lv_pick{seq}").set_value(choice)
    page.button(key=f"FormSubmitter:lv_answer{seq}-" + t("live.send", "en")).click().run()
    assert not page.exception, page.exception


def test_an_open_question_shows_only_the_question_and_its_choices(
        opened: tuple[str, str]) -> None:
    code, key = opened
    deck = classroom.slides(lessons.load("kachuful-20"), "en")
    # The dealer's-hook step: its slide says what D bid and why 1 was not allowed.
    step = next(i for i, s in enumerate(deck, start=1) if s.ask and "bid" in s.ask)
    slide = deck[step - 1]
    telling = [line for line in slide.lines if "not allowed" in line]
    assert telling
    follower, explorer = join(code, "Ana"), join(code, "Bo")
    store.get().drive(code, key, step=step)
    desk = teacher(code, key)
    assert f'id="cl-slide-title">{slide.title}<' in html_text(desk)
    desk.button(key="lv_free").click().run()
    desk.button(key="lv_ask").click().run()
    question = live.resolve(live.slide_question(slide) or "")
    assert question is not None and question.html and "rl-legal" not in question.html
    for page in (desk, follower, explorer):
        page.run()
        shown = everything(page)
        assert "cl-slide-title" not in shown, "the slide under an open question"
        assert not any(line[:40] in shown for line in slide.lines), "a line of the slide"
        assert escape_markdown(question.explanation)[:30] not in shown
        assert escape_markdown(question.prompt) in shown or question.prompt in shown
    # The projector lists the choices once; the phones offer them in one form, no slide.
    assert all(label in html_text(desk) for _, label in question.choices)
    assert desk.button(key="lv_ask").disabled  # asked already
    for page in (follower, explorer):
        assert len(page.radio) == 1 and not [b for b in page.button if b.key == "lv_s_next"]
        prompt = escape_markdown(question.prompt)
        assert len([m for m in page.markdown if prompt in str(m.value)]) == 1  # once
    send(follower, 1, sorted(question.correct)[0])
    desk.button(key="lv_reveal").click().run()
    # Revealed: now the answer, and the step's own slide with the move.
    follower.run()
    assert t("live.right", "en") in everything(follower)
    assert telling[0][:40] in everything(follower) and telling[0][:40] in everything(desk)


def test_free_mode_cannot_step_onto_an_answer_not_shown(opened: tuple[str, str]) -> None:
    code, key = opened
    deck = classroom.slides(lessons.load("kachuful-20"), "en")
    step = first_question_step()
    assert deck[step].kind == "answer"
    pupil = join(code, "Ana")
    store.get().drive(code, key, step=step - 1, follow=False)
    pupil.run()
    pupil.button(key="lv_s_next").click().run()
    assert f'id="cl-slide-title">{deck[step - 1].title}<' in html_text(pupil)
    # Next skips the answer slide the teacher has not shown: the slide after it.
    pupil.button(key="lv_s_next").click().run()
    assert f'id="cl-slide-title">{deck[step + 1].title}<' in html_text(pupil)
    assert "✓" not in everything(pupil)
    # A your-move step ahead of the teacher tells its move: skipped too.
    ahead = [i for i, s in enumerate(deck, start=1) if s.ask and i > step]
    assert all(not live.may_visit(deck, i, step) for i in ahead)
    # Once the teacher has shown the answer slide, it can be visited.
    store.get().drive(code, key, step=step + 1)
    pupil.run()
    pupil.button(key="lv_s_back").click().run()
    assert f'id="cl-slide-title">{deck[step].title}<' in html_text(pupil)


def test_questions_are_offered_on_question_slides_only_and_never_stale(
        opened: tuple[str, str]) -> None:
    code, key = opened
    deck = classroom.slides(lessons.load("kachuful-20"), "en")
    step = first_question_step()
    pupil = join(code, "Ana")
    desk = teacher(code, key)
    assert not [b for b in desk.button if b.key == "lv_ask"]  # the cover asks nothing
    store.get().drive(code, key, step=step + 1)  # the answer slide
    desk.run()
    assert not [b for b in desk.button if b.key == "lv_ask"]
    assert all(not live.slide_question(s) for s in deck if s.kind in ("answer", "cover", "item"))
    store.get().drive(code, key, step=step)
    desk.run()
    desk.button(key="lv_ask").click().run()
    assert 'id="lv-choices"' in html_text(desk)
    # Next closes the question: the answer slide alone, no old panel over it, no form.
    desk.button(key="lv_next").click().run()
    state = store.get().state(code)
    assert state is not None and state.revealed and state.step == step + 1
    pupil.run()
    for page in (desk, pupil):
        assert f'id="cl-slide-title">{deck[step].title}<' in html_text(page)
        assert 'id="lv-choices"' not in html_text(page) and 'id="lv-count"' not in html_text(page)
        assert t("live.question", "en", n=1) not in everything(page)
    assert not pupil.radio


def test_storage_down_is_a_sentence_on_every_live_page(
        opened: tuple[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, key = opened
    pupil = join(code, "Ana")
    token = str(pupil.query_params["s"])
    # PostgreSQL configured but not answering (nothing listens on port 9).
    monkeypatch.setenv("RULES_LAB_DATABASE_URL", "postgresql://rl@127.0.0.1:9/rules")
    for page in (open_site(LIVE, **{"class": code, "key": key}),
                 open_site(LIVE, **{"class": code, "s": token}), open_site(LIVE)):
        assert not page.exception, page.exception
        shown = everything(page)
        assert t("live.unavailable", "en") in shown or not page.error
        assert "127.0.0.1" not in shown and "Traceback" not in shown
    at = open_site(LIVE, **{"class": code, "key": key})
    assert [e.value for e in at.error] == [t("live.unavailable", "en")]


def test_an_answer_that_cannot_be_saved_keeps_the_choice_for_a_retry(
        opened: tuple[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    import sqlite3

    from store import db as dbmod

    code, key = opened
    step = first_question_step()
    deck = classroom.slides(lessons.load("kachuful-20"), "en")
    question = live.resolve(f"quiz:{deck[step - 1].ref}")
    assert question is not None
    pupil = join(code, "Ana")
    store.get().drive(code, key, step=step)
    store.get().ask(code, key, question.ref, question.rule,
                    [c for c, _ in question.choices], question.correct)
    path = store.get().engine.url.database
    monkeypatch.setattr(dbmod, "SQLITE_BUSY_S", 0.3)
    quick = store.Store(store.get().url)  # the same file, a short wait for the lock
    monkeypatch.setattr(store, "get", lambda url=None: quick)
    right = sorted(question.correct)[0]
    other = sqlite3.connect(str(path), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
    try:
        send(pupil, 1, right)
        assert t("live.unsaved", "en") in everything(pupil)
        assert pupil.radio(key="lv_pick1").value == right  # kept
        assert store.get().tally(code, 1).answered == 0
    finally:
        other.execute("ROLLBACK")
        other.close()
    pupil.button(key="FormSubmitter:lv_answer1-" + t("live.send", "en")).click().run()
    assert t("live.unsaved", "en") not in everything(pupil)
    assert store.get().tally(code, 1).answered == 1
    quick.close()


def qr_matrix(page_html: str) -> list[list[int]]:
    """The QR code's modules read back from the teacher page's SVG image (segno's path:
    ``M x y`` then runs ``h n`` of dark modules and relative moves ``m dx dy``)."""
    import re
    import urllib.parse

    found = re.search(r'<div class="lv-qr"><img src="data:image/svg\+xml[^,]*,([^"]+)"',
                      page_html)
    assert found, "no QR image"
    svg = urllib.parse.unquote(found.group(1).replace("&amp;", "&"))
    size = int(re.search(r"width=[\"'](\d+)", svg).group(1)) // 6  # type: ignore[union-attr]
    path = re.search(r"class=[\"']qrline[\"'][^>]*d=[\"']([^\"']+)",  # type: ignore[union-attr]
                     svg).group(1)
    grid = [[0] * size for _ in range(size)]
    x = y = 0.0
    for op, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", path):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        else:
            for k in range(int(float(a))):
                grid[int(y)][int(x) + k] = 1
            x += float(a)
    return [row[2:-2] for row in grid[2:-2]]  # without the quiet zone (border=2)


def test_the_join_link_and_qr_code_carry_the_public_address(
        opened: tuple[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    import segno

    code, key = opened
    monkeypatch.setenv(live.PUBLIC_URL_ENV, "https://rules.example.org/school/")
    desk = teacher(code, key)
    expected = f"https://rules.example.org/school/live?class={code}"
    assert expected in [c.value for c in desk.code]
    want = [list(row) for row in segno.make(expected, error="m").matrix]
    assert qr_matrix(html_text(desk)) == want
    assert qr_matrix(html_text(desk)) != [list(r) for r in segno.make(
        f"http://localhost:8501/live?class={code}", error="m").matrix]
    assert t("live.local-only", "en") not in [w.value for w in desk.warning]
    # No public address and no network: the teacher is told what to do.
    monkeypatch.delenv(live.PUBLIC_URL_ENV)
    monkeypatch.setattr(live, "lan_address", lambda: None)
    desk = teacher(code, key)
    assert t("live.local-only", "en") in [w.value for w in desk.warning]


def test_a_local_address_becomes_the_machines_network_address() -> None:
    lan = "192.168.1.20"
    assert live.public_base("http://localhost:8501/live?class=X", None, lan) == \
        live.JoinBase("http://192.168.1.20:8501", False)
    assert live.public_base("http://127.0.0.1:8600/app/live", "", lan).base == \
        "http://192.168.1.20:8600/app"
    assert live.public_base("http://[::1]:8501/live", None, lan).base == \
        "http://192.168.1.20:8501"
    # Only loopback: kept, and flagged (the teacher sees the warning).
    assert live.public_base("http://localhost:8501/live", None, None).local_only
    assert live.public_base("http://localhost:8501/live", None, "127.0.1.1").local_only
    # A page already opened at a network or public address keeps it.
    assert live.public_base("http://10.0.0.5:8501/live", None, lan) == \
        live.JoinBase("http://10.0.0.5:8501", False)
    # RULES_LAB_PUBLIC_URL wins when it is an http(s) address; anything else is ignored.
    assert live.public_base("http://localhost:8501/live", "https://r.example.org", lan).base \
        == "https://r.example.org"
    for bad in ("javascript:alert(1)", "r.example.org", "https://r.example.org/?x=1"):
        assert live.public_base("http://localhost:8501/live", bad, lan).base == \
            "http://192.168.1.20:8501"
    address = live.lan_address()
    assert address is None or not address.startswith("127.")


def test_run_sh_listens_where_phones_reach_it() -> None:
    from pathlib import Path

    run = (Path(__file__).resolve().parents[1] / "scripts" / "run.sh").read_text()
    command = next(line for line in run.splitlines() if line.startswith("exec "))
    assert "--server.address 0.0.0.0" in command and command.endswith('"$@"')
    assert "exposes" in run  # says what listening on the network exposes


def test_visitors_are_never_shown_a_traceback() -> None:
    import tomllib
    from pathlib import Path

    config = tomllib.loads((Path(__file__).resolve().parents[1] / ".streamlit" / "config.toml")
                           .read_text())
    assert config["client"]["showErrorDetails"] == "none"  # the traceback goes to the log


def test_the_class_is_the_teachers(opened: tuple[str, str]) -> None:
    code, key = opened
    ana, _, ana2 = join(code, "Ana"), join(code, "Bo"), join(code, "ana")
    desk = teacher(code, key)
    # Names on the projector as they join, duplicates told apart.
    assert '<ul class="lv-names" id="lv-names"><li>Ana</li><li>Bo</li><li>ana (2)</li></ul>' \
        in html_text(desk)
    # Remove a student: their page says so, the roster shrinks.
    removed = store.get().students(code, key)[2]
    desk.selectbox(key="lv_who").set_value(removed.id).run()
    desk.button(key="lv_remove").click().run()
    assert t("live.removed", "en", name=escape_markdown("ana (2)")) in everything(desk)
    assert "<li>ana (2)</li>" not in html_text(desk)
    ana2.run()
    assert t("live.not-student", "en") in everything(ana2)
    # Lock joining: a new student is refused in a sentence; unlock, and they get in.
    desk.toggle(key="lv_lock").set_value(True).run()
    at = open_site(LIVE, **{"class": code})
    at.text_input(key="lv_name").input("Cy")
    submit = "FormSubmitter:lv_join-" + t("live.join.go", "en")
    at.button(key=submit).click().run()
    assert t("live.join.locked", "en") in everything(at) and not at.query_params.get("s")
    desk.toggle(key="lv_lock").set_value(False).run()
    at.button(key=submit).click().run()
    assert at.query_params.get("s")
    # Ending asks first: the button is inside its own confirmation.
    assert desk.button(key="lv_end").label == t("live.end.confirm", "en")
    desk.button(key="lv_end").click().run()
    assert t("live.results", "en") in everything(desk)
    ana.run()
    assert t("live.ended", "en") in everything(ana)
    # Reopen: the students carry on where the class was.
    desk.button(key="lv_reopen").click().run()
    assert t("live.results", "en") not in everything(desk)
    ana.run()
    assert "cl-slide-title" in html_text(ana)
    # A new teacher's key: this tab carries it, the old link stops driving the class.
    desk.button(key="lv_rotate").click().run()
    fresh = str(desk.query_params["key"])
    assert fresh != key and store.get().is_teacher(code, fresh)
    assert any(fresh in c.value for c in desk.code)
    old = open_site(LIVE, **{"class": code, "key": key})
    assert t("live.not-teacher", "en") in everything(old)


def test_joins_are_rate_limited_per_connection(opened: tuple[str, str]) -> None:
    code, _ = opened
    at = open_site(LIVE, **{"class": code})
    submit = "FormSubmitter:lv_join-" + t("live.join.go", "en")
    for n in range(3):
        at.query_params.clear()
        at.query_params["class"] = code
        at.run()
        at.text_input(key="lv_name").input(f"Bot {n}")
        at.button(key=submit).click().run()
        assert at.query_params.get("s"), n
    at.query_params.clear()
    at.query_params["class"] = code
    at.run()
    at.text_input(key="lv_name").input("Bot 4")
    at.button(key=submit).click().run()
    assert t("live.join.slow", "en") in everything(at) and not at.query_params.get("s")
    assert store.get().tally(code, 0).students == 3


def test_the_csv_keeps_attendance_when_nothing_was_asked(opened: tuple[str, str]) -> None:
    code, key = opened
    join(code, "=SUM(A1)")
    join(code, "Bo")
    rows = list(csv.reader(io.StringIO(live.results_csv(store.get().results(code, key),
                                                        "en"))))
    assert [r[1] for r in rows[1:]] == ["'=SUM(A1)", "Bo"]  # no formula for a spreadsheet
    assert all(len(r) == 8 and r[0] for r in rows[1:])


def test_countdown_points_leaderboard_and_anonymous_mode(opened: tuple[str, str]) -> None:
    code, key = opened
    deck = classroom.slides(lessons.load("kachuful-20"), "en")
    step = first_question_step()
    question = live.resolve(f"quiz:{deck[step - 1].ref}")
    assert question is not None
    ana, bo = join(code, "Ana"), join(code, "Bo")
    store.get().drive(code, key, step=step)
    desk = teacher(code, key)
    desk.selectbox(key="lv_opt_countdown").set_value(30).run()
    desk.toggle(key="lv_opt_points").set_value(True).run()
    desk.toggle(key="lv_opt_leaderboard").set_value(True).run()
    options = store.get().state(code).options  # type: ignore[union-attr]
    assert (options.countdown_s, options.points, options.leaderboard) == (30, True, True)
    desk.button(key="lv_ask").click().run()
    assert 'id="lv-left"' in html_text(desk)
    ana.run()
    assert 'id="lv-clock"' in html_text(ana)
    assert t("live.within", "en", seconds=30) in html_text(ana) or \
        t("live.within", "en", seconds=29) in html_text(ana)
    right = sorted(question.correct)[0]
    wrong = next(c for c, _ in question.choices if c not in question.correct)
    send(ana, 1, right)
    send(bo, 1, wrong)
    desk.button(key="lv_reveal").click().run()
    ana.run()
    asked = store.get().question(code, 1)
    mine = store.get().answer_of(code, str(ana.query_params["s"]), 1)
    assert asked is not None and mine is not None
    gained = live.points(asked, mine)
    assert 500 <= gained <= 1000
    assert t("live.my-points", "en", points=gained) in everything(ana)
    board = html_text(desk)
    assert f"<li>Ana · {gained}</li><li>Bo · 0</li>" in board
    # Anonymous: no names on the projector, the board says "Student n".
    desk.toggle(key="lv_opt_anonymous").set_value(True).run()
    shown = html_text(desk)
    assert 'id="lv-names"' not in shown and "Ana" not in shown
    assert f"<li>{t('live.anon-name', 'en', n=1)} · {gained}</li>" in shown
    # A countdown that ran out: the projector shows the answer by itself.
    from store.core import now_ms

    store.get().ask(code, key, question.ref, question.rule, [c for c, _ in question.choices],
                    question.correct, now=now_ms() - 31_000)
    assert not store.get().state(code).revealed  # type: ignore[union-attr]
    desk.run()
    assert store.get().state(code).revealed  # type: ignore[union-attr]
    assert escape_markdown(question.explanation)[:30] in everything(desk)
