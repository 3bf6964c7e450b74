"""``python -m engine replay FILE|-``: replay a game record and print its outcome as JSON.

Exit codes (FORMATS.md): 0 every action legal, 1 an illegal action (the outcome holds an
``error`` object), 2 not a valid record (one line on standard error naming the field).
"""

from __future__ import annotations

import argparse
import json
import sys

from engine.errors import RecordError
from engine.replay import EXIT_INVALID, replay_text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a game record (a file, or - for standard input)")
    rp.add_argument("record", help="path of a record JSON file, or - to read standard input")
    args = parser.parse_args(argv)

    try:
        if args.record == "-":
            text = sys.stdin.read()
        else:
            with open(args.record, encoding="utf-8") as fh:
                text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        print(f"error: cannot read {args.record}: {exc}", file=sys.stderr)
        return EXIT_INVALID

    try:
        outcome, code = replay_text(text)
    except RecordError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_INVALID
    except RecursionError:
        print("error: the record is nested too deeply", file=sys.stderr)
        return EXIT_INVALID
    print(json.dumps(outcome, ensure_ascii=False))
    return code


if __name__ == "__main__":
    sys.exit(main())
