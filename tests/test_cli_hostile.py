"""``python -m engine replay`` on hostile input (issue 11): whatever the record holds, the
exit code is 0, 1 or 2; on 2 standard error is exactly one line of at most 200 characters
with no control character; on 0 and 1 standard output is the outcome JSON; never a
traceback. A reader that closes the pipe early changes nothing.

The fuzz test calls :func:`engine.__main__.main` in-process (hypothesis runs hundreds of
records); the process-level cases run the real command.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.__main__ import MAX_ERROR_LINE, error_line, main
from engine.recordio import MAX_JSON_DEPTH, RecordError, json_depth, load_json

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "tests" / "data" / "examples"
RECORDS = sorted(EXAMPLES.glob("*.record.json")) if EXAMPLES.is_dir() else []
FORMATS = ["kachuful-record/1", "krypkasino-record/1"]


def replay_in_process(text: str) -> tuple[int, str, str]:
    """``main(["replay", "-"])`` with ``text`` on standard input: (code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(text)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["replay", "-"])
    finally:
        sys.stdin = old_stdin
    return code, out.getvalue(), err.getvalue()


def check_contract(code: int, stdout: str, stderr: str) -> None:
    assert code in (0, 1, 2)
    assert "Traceback" not in stdout + stderr
    if code == 2:
        assert stdout == ""
        assert stderr.endswith("\n") and stderr.count("\n") == 1, repr(stderr[:300])
        line = stderr[:-1]
        assert line.startswith("error: ") and len(line) <= MAX_ERROR_LINE, repr(line[:300])
        assert not any(ord(c) < 32 or 0x7F <= ord(c) <= 0x9F or c in "\u2028\u2029" for c in line)
    else:
        assert stderr == ""
        outcome = json.loads(stdout)
        assert isinstance(outcome, dict)
        assert ("error" in outcome) == (code == 1)


# -- strategies ------------------------------------------------------------------------------

texts = st.text(alphabet=st.characters(codec="utf-8"), max_size=60) | st.sampled_from([
    "a\nb", "\x00", "\u202e", "x" * 5000, "[x](https://evil.example)", "AS", "10H", "K-9"])
scalars = st.none() | st.booleans() | st.integers(-(2**70), 2**70) | texts | st.floats(allow_nan=False)
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=5)
                           | st.dictionaries(texts, inner, max_size=5), max_leaves=25)


@st.composite
def records(draw: st.DrawFn) -> str:
    """A JSON text: a real example record with one value replaced or one key added, a
    random document with a format, or text that is not quite JSON."""
    kind = draw(st.sampled_from(["mutated", "random", "broken"] if RECORDS else ["random", "broken"]))
    if kind == "mutated":
        doc = json.loads(draw(st.sampled_from(RECORDS)).read_text(encoding="utf-8"))
        node: Any = doc
        for _ in range(draw(st.integers(0, 4))):  # walk down to a random container
            children = list(node.items()) if isinstance(node, dict) else list(enumerate(node))
            children = [(k, v) for k, v in children if isinstance(v, dict | list) and v]
            if not children:
                break
            node = draw(st.sampled_from(children))[1]
        if isinstance(node, dict) and (not node or draw(st.booleans())):
            node[draw(texts)] = draw(json_values)
        elif isinstance(node, dict):
            node[draw(st.sampled_from(sorted(node)))] = draw(json_values)
        elif node:
            node[draw(st.integers(0, len(node) - 1))] = draw(json_values)
        return json.dumps(doc, ensure_ascii=draw(st.booleans()))
    if kind == "random":
        doc = draw(st.dictionaries(texts, json_values, max_size=6))
        if draw(st.booleans()):
            doc["format"] = draw(st.sampled_from(FORMATS) | texts)
        return json.dumps(doc)
    return draw(st.sampled_from(["", "{", "[" * 5000, "{\"format\": \"kachuful-record/1\"",
                                 "\ufeff{}", "nul\x00l", "1e999999", "[" * 40 + "]" * 40]))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records())
def test_replay_keeps_its_contract_on_any_record(text: str) -> None:
    check_contract(*replay_in_process(text))


# -- the cases the issue names ---------------------------------------------------------------


def run_cli(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", "replay", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("doc", [
    {"format": "kachuful-record/1", "a\nb\nc": 1},                       # a new line in a key
    {"format": "x" * 1_000_000},                                         # a long value
    {"format": "kachuful-record/1", "players": "\x1b[31m" + "y" * 500},  # control characters
], ids=["newline-key", "long-value", "control"])
def test_one_short_error_line(tmp_path: Path, doc: dict[str, Any]) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    done = run_cli(path)
    check_contract(done.returncode, done.stdout, done.stderr)
    assert done.returncode == 2


@pytest.mark.parametrize("text", ["[" * 150_000, '{"format": "' + "z" * 10_000_000 + '"}'],
                         ids=["deep", "10MB"])
def test_deep_and_huge_files_are_refused_in_one_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    done = run_cli(path)
    check_contract(done.returncode, done.stdout, done.stderr)
    assert done.returncode == 2
    assert "nested more than 32" in done.stderr or "too large" in done.stderr


@pytest.mark.skipif(not RECORDS, reason="needs tests/data/examples")
@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.name)
def test_a_closed_output_pipe_ends_quietly_with_the_replays_code(record: Path) -> None:
    """``replay FILE | head -c 1`` (the reader may go away before the outcome is written),
    and an output pipe whose reader is already gone (every write fails)."""
    expected = run_cli(record).returncode
    shell = subprocess.run(
        ["bash", "-c", f'"{sys.executable}" -m engine replay "{record}" | head -c 1 >/dev/null;'
                       ' exit "${PIPESTATUS[0]}"'],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert (shell.returncode, shell.stderr) == (expected, "")
    read_end, write_end = os.pipe()
    os.close(read_end)  # nobody will ever read: the first write gets EPIPE
    try:
        done = subprocess.run([sys.executable, "-m", "engine", "replay", str(record)], cwd=ROOT,
                              stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write_end)
    assert (done.returncode, done.stderr) == (expected, "")


def test_error_line_escapes_and_clips() -> None:
    line = error_line("deals[0].\u202e\x00" + "q" * 500)
    assert len(line) == MAX_ERROR_LINE and line.endswith("...")
    assert "\\u202e" in line and "\\u0000" in line


def test_load_json_limits_come_before_any_walk() -> None:
    assert json_depth("[" * 1_000_000, stop=MAX_JSON_DEPTH) == MAX_JSON_DEPTH + 1
    assert json_depth('["[[[[", {"a": "]]]"}]') == 2
    assert load_json("[" * 32 + "]" * 32) is not None
    for text in ("[" * 33 + "]" * 33, "x" * 2_000_001, b"\xff\xfe"):
        with pytest.raises(RecordError):
            load_json(text)
