"""The live classroom at the protocol level: 40 students (threads) join one class, follow 10
of the teacher's steps and answer 5 live questions, through the store and the same functions
the pages call (not 40 browsers on two cores).

Each student polls the class's row every ``ui.classroom.live.STUDENT_POLL_S`` seconds (from a random
phase, as phones that joined at different moments), as its page's watching fragment does, and
when it changed makes the reads of a whole page run and looks up the slide it would draw; the teacher's chart polls the tally every ``ui.classroom.live.TEACHER_POLL_S``
seconds. A question is judged by the engine (``LiveQuestion.judge``) and stored with
``Store.answer``, after a think time of 0.3-3 s.

* ``classroom.answer_p95_ms``: an answer sent -> the teacher's chart counts it (the chart's
  polling interval included).
* ``classroom.follow_lag_p95_ms``: the teacher's step -> a student's page shows it (the
  students' polling interval included).
* ``classroom.teacher_step_p95_ms``: the server time of a teacher's Next, Back, Ask and
  Reveal: the teacher's page (``pages/live.py``, run by Streamlit's AppTest in this process,
  the whole script as the server runs it for that click) while the 40 students poll.

Targets: under 1,000 ms, under 3,000 ms and under 300 ms. Usage:
``python3 bench/classroom.py [--students 40] [--database-url postgresql://...]``
(default: a SQLite file in a temporary folder).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from typing import Any  # noqa: E402

from store import Store  # noqa: E402
from tutorials import lessons  # noqa: E402
from ui.classroom import live  # noqa: E402

LESSON = lessons.check({"format": lessons.FORMAT, "title": "Bench", "items": [
    {"scenario": "worked-example", "game": "kachuful", "end": 12},
    {"quiz": "kachuful", "topics": ["K-9", "K-11", "K-12"], "seed": 3, "count": 5}]}, "shared")


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


class Bench:
    def __init__(self, db: Store, students: int, steps: int, questions: int, seed: int) -> None:
        self.db = db
        self.n = students
        self.steps = steps
        self.questions = questions
        self.rng = random.Random(seed)
        self.packed = lessons.encode_link(LESSON)
        self.deck = live.deck_for(self.packed, "en", False)
        self.opened = db.open_class(self.packed, "en")
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.driven: dict[int, float] = {}  # step -> when the teacher moved there
        self.seen: list[float] = []  # follow lags, s
        self.sent: list[tuple[int, float]] = []  # (question, time the answer was sent)
        self.done: list[tuple[int, float]] = []  # (question, time Store.answer returned)
        self.counted: list[tuple[int, int, float]] = []  # (question, answered, poll time)
        self.errors: list[BaseException] = []
        self.clicks: dict[str, list[float]] = {}  # teacher's control -> server times, s
        self.desk: Any = None

    # -- a student's page ---------------------------------------------------------------
    def student(self, i: int) -> None:
        try:
            rng = random.Random(i)
            joined = self.db.join(self.opened.code, live.clean_name(f"Student {i}") or "?")
            questions: dict[str, live.LiveQuestion | None] = {}  # the page's cache
            shown = version = 0
            answered: set[int] = set()
            next_poll = time.monotonic() + rng.random() * live.STUDENT_POLL_S
            while not self.stop.is_set():
                time.sleep(max(0.0, next_poll - time.monotonic()))
                next_poll += live.STUDENT_POLL_S
                state = self.db.state(self.opened.code)  # the page's watching fragment
                if state is None:
                    return
                if state.version == version:
                    continue
                # Changed: the whole page runs again and reads what it draws.
                version = state.version
                state = self.db.state(self.opened.code)
                assert state is not None
                self.db.student(self.opened.code, joined.token)
                if state.question:
                    self.db.question(self.opened.code, state.question)
                    self.db.answer_of(self.opened.code, joined.token, state.question)
                slide = self.deck[state.step - 1]  # what the page draws
                now = time.monotonic()
                if state.step != shown and slide.title:
                    shown = state.step
                    with self.lock:
                        if state.step in self.driven:
                            self.seen.append(now - self.driven[state.step])
                if state.question and not state.revealed and state.question not in answered:
                    answered.add(state.question)
                    asked = self.db.question(self.opened.code, state.question)
                    assert asked is not None
                    if asked.ref not in questions:
                        questions[asked.ref] = live.resolve(asked.ref, "en")
                    question = questions[asked.ref]
                    assert question is not None
                    time.sleep(rng.uniform(0.3, 3.0))  # reading and thinking
                    ids = [c for c, _ in question.choices]
                    chosen = sorted(question.correct) if rng.random() < 0.6 else [rng.choice(ids)]
                    sent = time.monotonic()
                    outcome = self.db.answer(self.opened.code, joined.token, asked.seq, chosen,
                                             question.judge(chosen))
                    with self.lock:
                        if outcome == "counted":
                            self.sent.append((asked.seq, sent))
                            self.done.append((asked.seq, time.monotonic()))
                    next_poll = max(next_poll, time.monotonic())
        except BaseException as exc:  # noqa: BLE001 - reported at the end
            with self.lock:
                self.errors.append(exc)

    # -- the teacher's chart -----------------------------------------------------------
    def chart(self, seq: int, until: float) -> int:
        answered = 0
        while time.monotonic() < until:
            tally = self.db.tally(self.opened.code, seq)
            with self.lock:
                self.counted.append((seq, tally.answered, time.monotonic()))
            answered = tally.answered
            if answered >= self.n:
                break
            time.sleep(live.TEACHER_POLL_S)
        return answered

    # -- the teacher's page ----------------------------------------------------------------
    def teacher_page(self) -> Any:
        from ui.apptest import open_site

        desk = open_site("pages/live.py", timeout=60,
                         **{"class": self.opened.code, "key": self.opened.key})
        if desk.exception:
            raise RuntimeError(f"the teacher's page failed: {desk.exception[0].value}")
        return desk

    def click(self, name: str, key: str) -> None:
        """Press a teacher's control on the page and time the server's run of it."""
        started = time.perf_counter()
        self.desk.button(key=key).click().run()
        took = time.perf_counter() - started
        if self.desk.exception:
            raise RuntimeError(f"{name} failed: {self.desk.exception[0].value}")
        self.clicks.setdefault(name, []).append(took)

    def run(self) -> None:
        code, key = self.opened.code, self.opened.key
        threads = [threading.Thread(target=self.student, args=(i,), daemon=True)
                   for i in range(self.n)]
        for th in threads:
            th.start()
        deadline = time.monotonic() + 30
        while self.db.tally(code, 0).students < self.n and time.monotonic() < deadline:
            time.sleep(0.2)
        time.sleep(live.STUDENT_POLL_S * 1.5)
        self.desk = self.teacher_page()
        for step in range(2, self.steps + 2):
            with self.lock:
                self.driven[step] = time.monotonic()
            self.click("next", "lv_next")
            time.sleep(2.5)
        self.click("back", "lv_back")
        self.click("next", "lv_next")
        question_steps = [i for i, s in enumerate(self.deck, start=1) if s.kind == "question"]
        for step in question_steps[: self.questions]:
            ref = live.slide_question(self.deck[step - 1])
            question = live.resolve(ref or "", "en")
            assert question is not None
            with self.lock:
                self.driven[step] = time.monotonic()
            self.db.drive(code, key, step=step)
            self.desk.run()  # the teacher's tab follows the class
            before = self.db.state(code)
            self.click("ask", "lv_ask")
            now = self.db.state(code)
            assert before is not None and now is not None and now.question == before.question + 1
            self.chart(now.question, time.monotonic() + 10)
            self.click("reveal", "lv_reveal")
            time.sleep(1.0)
        self.stop.set()
        for th in threads:
            th.join(timeout=10)

    def answer_lags(self) -> list[float]:
        """For each answer: the first chart poll after it returned whose count includes it
        (answers of a question ranked in the order they were stored)."""
        lags = []
        for seq in {s for s, _ in self.sent}:
            sent = sorted(t for s, t in self.sent if s == seq)
            stored = sorted(t for s, t in self.done if s == seq)
            polls = [(n, t) for s, n, t in self.counted if s == seq]
            for rank, (start, end) in enumerate(zip(sent, stored, strict=True), start=1):
                seen = next((t for n, t in polls if n >= rank and t >= end), None)
                if seen is not None:
                    lags.append(seen - start)
        return lags


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--questions", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        os.environ["RULES_LAB_DATABASE_URL"] = url  # the teacher's page uses the same store
        db = Store(url)
        bench = Bench(db, args.students, args.steps, args.questions, args.seed)
        started = time.monotonic()
        bench.run()
        took = time.monotonic() - started
        db.close()
    if bench.errors:
        print(f"errors: {bench.errors[:3]}", file=sys.stderr)
        return 1
    answers = bench.answer_lags()
    follows = bench.seen
    expected_answers = args.students * args.questions
    print(f"# {db.kind}: {args.students} students, {len(follows)} follows "
          f"(of {args.students * (args.steps + args.questions)}), {len(answers)} answers counted "
          f"(of {expected_answers}), {took:.0f} s; polls: students "
          f"{live.STUDENT_POLL_S} s, teacher {live.TEACHER_POLL_S} s")
    if len(answers) < expected_answers or len(follows) < args.students * args.steps:
        print("missing answers or follows", file=sys.stderr)
        return 1
    steps = [x for xs in bench.clicks.values() for x in xs]
    print("# teacher's controls, server ms (median / max): " + ", ".join(
        f"{name} {1000 * sorted(xs)[len(xs) // 2]:.0f} / {1000 * max(xs):.0f} ({len(xs)})"
        for name, xs in bench.clicks.items()))
    print(f"BENCH classroom.teacher_step_p95_ms {1000 * p95(steps):.0f} ms")
    print(f"BENCH classroom.answer_p95_ms {1000 * p95(answers):.0f} ms")
    print(f"BENCH classroom.follow_lag_p95_ms {1000 * p95(follows):.0f} ms")
    print(f"BENCH classroom.answer_p50_ms {1000 * sorted(answers)[len(answers) // 2]:.0f} ms")
    print(f"BENCH classroom.follow_lag_p50_ms {1000 * sorted(follows)[len(follows) // 2]:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
