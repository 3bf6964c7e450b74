"""``python -m engine analyse`` (issue 27): one JSON object for the player to act at the
end of a record; ``--exact`` answers make as true/false; ``--review SEAT`` marks every
decision of a seat; hostile input gives exit 2 and exactly one short error line."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.__main__ import MAX_ERROR_LINE, main
from engine.bots import bot_move, make_bot
from engine.kachuful.record import to_record
from engine.kachuful.rules import KachufulRules
from engine.kachuful.state import KachufulState
from engine.krypkasino.record import to_record as krypkasino_record
from engine.krypkasino.rules import KrypkasinoRules
from engine.krypkasino.state import KrypkasinoState

ROOT = Path(__file__).resolve().parent.parent


def run(args: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["analyse", *args])
    finally:
        sys.stdin = old
    return code, out.getvalue(), err.getvalue()


def check_contract(code: int, stdout: str, stderr: str) -> dict[str, Any] | None:
    assert code in (0, 2)
    assert "Traceback" not in stdout + stderr
    if code == 2:
        assert stdout == ""
        assert stderr.endswith("\n") and stderr.count("\n") == 1, repr(stderr[:300])
        line = stderr[:-1]
        assert line.startswith("error: ") and len(line) <= MAX_ERROR_LINE
        assert not any(ord(c) < 32 or 0x7F <= ord(c) <= 0x9F for c in line)
        return None
    assert stderr == "" and stdout.count("\n") == 1
    doc = json.loads(stdout)
    assert isinstance(doc, dict)
    return doc


def kachuful_record(actions: int, seed: int = 3, cards: int = 5) -> dict[str, Any]:
    state = KachufulState.new_game(4, KachufulRules(max_cards=cards), seed=seed)
    bots = [make_bot("kachuful", "basic", s) for s in range(4)]
    for _ in range(actions):
        state.apply(bot_move(state, bots[state.current_player() or 0])[0])
    return to_record(state)


def krypkasino_record_of(plays: int) -> dict[str, Any]:
    state = KrypkasinoState.new_game(2, KrypkasinoRules(session=1), seed=6) if hasattr(
        KrypkasinoState, "new_game") else KrypkasinoState.new(2, 6, KrypkasinoRules(session=1))
    bots = [make_bot("krypkasino", "basic", s) for s in range(2)]
    for _ in range(plays):
        state.apply(bot_move(state, bots[state.current_player() or 0])[0])
    return krypkasino_record(state)


def test_analyse_a_kachuful_bid() -> None:
    doc = check_contract(*run(["-", "--samples", "40"], json.dumps(kachuful_record(2))))
    assert doc is not None
    assert doc["game"] == "kachuful" and doc["exact"] is False and doc["worlds"] == 40
    assert set(doc) == {"game", "seat", "exact", "objective", "worlds", "decisions"}
    first = doc["decisions"][0]
    assert first["mark"] == "best" and isinstance(first["action"], int)
    for d in doc["decisions"]:
        assert 0 <= d["make"] <= 1 and len(d["interval"]) == 2
        assert abs(sum(d["tricks"]) - 1) < 1e-3


def test_analyse_exact_gives_true_or_false(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(kachuful_record(12)), encoding="utf-8")
    doc = check_contract(*run([str(path), "--exact"]))
    assert doc is not None and doc["exact"] is True and doc["worlds"] == 1
    for d in doc["decisions"]:
        assert isinstance(d["make"], bool) and d["interval"] is None
        assert isinstance(d["action"], str)  # a card code


def test_analyse_krypkasino() -> None:
    doc = check_contract(*run(["-", "--samples", "6"], json.dumps(krypkasino_record_of(3))))
    assert doc is not None and doc["game"] == "krypkasino" and doc["objective"] == "session"
    assert all(set(d["action"]) == {"card", "take"} for d in doc["decisions"])


def test_review_marks_the_seats_decisions() -> None:
    record = kachuful_record(14)
    doc = check_contract(*run(["-", "--review", "2", "--samples", "20"], json.dumps(record)))
    assert doc is not None and doc["seat"] == 2
    assert doc["decisions"] and all({"index", "number", "action", "make", "mark", "better"}
                                    <= set(d) for d in doc["decisions"])


def test_the_same_seed_gives_the_same_output() -> None:
    text = json.dumps(kachuful_record(6))
    assert run(["-", "--samples", "30", "--seed", "5"], text) == \
        run(["-", "--samples", "30", "--seed", "5"], text)


@pytest.mark.parametrize("args", [
    ["--samples", "0"], ["--samples", "999999999"], ["--samples", "x"], ["--seed", "-1"],
    ["--seed", str(2**80)], ["--review", "9"], ["--review", "-1"], ["--bogus"], ["a", "b"],
])
def test_bad_options_are_one_line(args: list[str]) -> None:
    text = json.dumps(kachuful_record(2))
    code, out, err = run(["-", *args] if args != ["a", "b"] else args, text)
    check_contract(code, out, err)
    assert code == 2


def test_nothing_to_decide_is_one_line() -> None:
    state = KachufulState.new_game(3, KachufulRules(max_cards=1), seed=1)
    bots = [make_bot("kachuful", "basic", s) for s in range(3)]
    while not state.is_terminal():
        state.apply(bot_move(state, bots[state.current_player() or 0])[0])
    code, out, err = run(["-"], json.dumps(to_record(state)))
    check_contract(code, out, err)
    assert code == 2 and "nothing to analyse" in err


def test_an_illegal_action_is_one_line() -> None:
    record = kachuful_record(2)
    assert record["hands"][-1]["bids"][3] is not None
    record["hands"][-1]["bids"][3] = 9  # a bid above the hand's 5 cards (K-8)
    code, out, err = run(["-"], json.dumps(record))
    check_contract(code, out, err)
    assert code == 2 and "illegal action" in err and "K-8" in err


texts = st.text(max_size=40) | st.sampled_from(["a\nb", "\x00", "\u202e", "x" * 3000])
values = st.recursive(st.none() | st.booleans() | st.integers(-(2**70), 2**70) | texts,
                      lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(texts, inner, max_size=4), max_leaves=15)


@st.composite
def hostile(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["mutated", "random", "broken"]))
    if kind == "mutated":
        doc: Any = kachuful_record(draw(st.integers(0, 6)), seed=draw(st.integers(0, 3)),
                                   cards=2)
        node = doc
        for _ in range(draw(st.integers(0, 3))):
            kids = [v for v in (node.values() if isinstance(node, dict) else node)
                    if isinstance(v, dict | list) and v]
            if not kids:
                break
            node = draw(st.sampled_from(kids))
        if isinstance(node, dict):
            node[draw(st.sampled_from(sorted(node)) | texts)] = draw(values)
        elif node:
            node[draw(st.integers(0, len(node) - 1))] = draw(values)
        return json.dumps(doc)
    if kind == "random":
        d = draw(st.dictionaries(texts, values, max_size=5))
        d["format"] = draw(st.sampled_from(["kachuful-record/1", "krypkasino-record/1"]) | texts)
        return json.dumps(d)
    return draw(st.sampled_from(["", "{", "[" * 5000, "\ufeff{}", "nul\x00l", "1e99999"]))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile())
def test_analyse_keeps_the_contract_on_any_record(text: str) -> None:
    check_contract(*run(["-", "--samples", "5"], text))


def test_the_real_command_prints_one_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "kachuful-record/1", "a\\nb": 1}', encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "engine", "analyse", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    check_contract(done.returncode, done.stdout, done.stderr)
    assert done.returncode == 2
