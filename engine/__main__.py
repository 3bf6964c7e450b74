"""``python -m engine replay FILE|-``: replay a game record and print its outcome as JSON.

``python -m engine analyse FILE|- [--exact] [--samples N] [--seed S] [--review SEAT]``
analyses the position at the end of a record (:mod:`engine.analysis.cli`; exit 0 with
one JSON object, or 2 with one error line as below).

Exit codes (FORMATS.md): 0 every action legal, 1 an illegal action (the outcome holds an
``error`` object), 2 not a valid record (one line on standard error naming the field: at
most 200 characters, control characters escaped). A reader that closes the output early
(``| head -c 1``) does not change the exit code: the replay's own code is returned and
nothing is printed on standard error.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from engine.errors import RecordError
from engine.recordio import CONTROL_CHARS, MAX_JSON_CHARS
from engine.replay import EXIT_INVALID, replay_text

#: The longest error line written on standard error (with its ``error: `` prefix).
MAX_ERROR_LINE = 200


def error_line(message: str) -> str:
    """``error: message`` as one line: control characters (new lines too) escaped as
    ``\\uXXXX``, clipped to :data:`MAX_ERROR_LINE` characters with ``...``.

    >>> error_line("hands.a\\nb: unknown key")
    'error: hands.a\\\\u000ab: unknown key'
    >>> len(error_line("x" * 10_000))
    200
    """
    line = "error: " + CONTROL_CHARS.sub(lambda m: f"\\u{ord(m.group()):04x}", message[:1000])
    return line if len(line) <= MAX_ERROR_LINE else line[: MAX_ERROR_LINE - 3] + "..."


def _fail(message: str) -> int:
    try:
        print(error_line(message), file=sys.stderr, flush=True)
    except (BrokenPipeError, OSError):
        pass
    return EXIT_INVALID


def _write_quietly(text: str) -> None:
    """Print ``text`` on standard output; a reader that went away is not an error."""
    try:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # Python would report the failed flush at exit: point stdout at /dev/null first.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def _read(source: str) -> str:
    limit = MAX_JSON_CHARS + 1  # one more than allowed, so "too large" is still seen
    if source == "-":
        return sys.stdin.read(limit)
    with open(source, encoding="utf-8") as fh:
        return fh.read(limit)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a game record (a file, or - for standard input)")
    rp.add_argument("record", help="path of a record JSON file, or - to read standard input")
    sub.add_parser("analyse", add_help=False,
                   help="analyse the position at the end of a record (analyse --help)")
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["analyse"]:  # its own parser: a bad option is one error line too
        from engine.analysis.cli import run
        return run(argv[1:], _read, _fail, _write_quietly)
    args = parser.parse_args(argv)

    try:
        text = _read(args.record)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        return _fail(f"cannot read {args.record}: {exc}")

    try:
        outcome, code = replay_text(text)
    except RecordError as exc:
        return _fail(str(exc))
    except RecursionError:
        return _fail("the record is nested too deeply")
    _write_quietly(json.dumps(outcome, ensure_ascii=False))
    return code


if __name__ == "__main__":
    sys.exit(main())
