"""``python -m engine analyse RECORD.json|- [--exact] [--samples N] [--seed S] [--review SEAT]``.

Analyses the position at the end of a record (a Kachuful record whose last hand stops
part-way, a Krypkasino record whose last deal does) for the player to act and prints one
JSON object (docs/records.md): ``{"game", "seat", "exact", "objective", "worlds",
"decisions": [{"action", "make", "points", "interval", "mark"}, ...]}``. ``--review
SEAT`` instead marks every decision that seat took in the record.

Exit codes: 0 the analysis was printed; 2 nothing was analysed — the record is not
valid, holds an illegal action, ends where nobody is to decide, or an option is bad —
with one line on standard error (the replay command's contract: at most 200
characters, control characters escaped, nothing on standard output).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any, NoReturn

from engine.analysis.review import end_of_record, review
from engine.analysis.solver import TooLarge
from engine.analysis.types import Analysis, Decision, ReviewedDecision
from engine.errors import IllegalActionError, InvalidActionError, RecordError
from engine.plugin import Analyst
from engine.recordio import load_json
from engine.registry import game_named, game_of_state

#: The largest ``--samples`` accepted (hostile input must not buy minutes of CPU).
MAX_SAMPLES = 2000
#: The largest ``--seed`` (a browser's exact integers, as engine.registry.MAX_SEED).
MAX_SEED = 2**53 - 1


class _Refused(Exception):
    """A bad option: the message is the error line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _Refused(message)


def _parser() -> _Parser:
    p = _Parser(prog="python -m engine analyse", description=__doc__.splitlines()[0],
                exit_on_error=False)
    p.add_argument("record", help="path of a record JSON file, or - to read standard input")
    p.add_argument("--exact", action="store_true",
                   help="solve with every hand of the record known (Kachuful: can the seat "
                        "force exactly its bid)")
    p.add_argument("--samples", type=int, default=None,
                   help=f"sampled worlds per decision (1..{MAX_SAMPLES}; default: the game's)")
    p.add_argument("--seed", type=int, default=0, help="the seed of the sampled worlds")
    p.add_argument("--review", type=int, default=None, metavar="SEAT",
                   help="mark every decision SEAT took in the record instead")
    return p


def _analyst(game: str) -> Analyst:
    analyst = game_named(game).plugins.analyst
    assert analyst is not None  # an analysis of the game was made
    return analyst


def decision_json(d: Decision, analyst: Analyst, exact: bool) -> dict[str, Any]:
    """One decision as the command prints it (``make`` ``true``/``false`` when
    ``exact`` and the game's exact answers are all or nothing)."""
    out: dict[str, Any] = {
        "action": analyst.action_json(d.action),
        "make": d.forced if exact and analyst.exact_is_forced else round(d.make, 4),
        "points": round(d.points, 2),
        "interval": None if d.interval is None else [round(x, 4) for x in d.interval],
        "mark": d.mark,
    }
    if d.tricks is not None:
        out["tricks"] = [round(p, 4) for p in d.tricks.chances]
    return out


def analysis_json(a: Analysis) -> dict[str, Any]:
    """The JSON object the command prints for an analysis."""
    analyst = _analyst(a.game)
    return {"game": a.game, "seat": a.seat, "exact": a.exact, "objective": a.objective,
            "worlds": a.worlds, "decisions": [decision_json(d, analyst, a.exact)
                                              for d in a.decisions]}


def review_json(game: str, seat: int, reviewed: list[ReviewedDecision]) -> dict[str, Any]:
    """The JSON object the command prints for ``--review``."""
    analyst = _analyst(game)
    rows = []
    for r in reviewed:
        exact = r.analysis.exact
        row = decision_json(r.taken, analyst, exact)
        row = {"index": r.index, "number": r.number, **row,
               "better": decision_json(r.better, analyst, exact)}
        rows.append(row)
    return {"game": game, "seat": seat, "decisions": rows}


def run(argv: list[str], read: Callable[[str], str], fail: Callable[[str], int],
        write: Callable[[str], None]) -> int:
    """The command: ``read`` a source's text, ``fail`` with one error line (returns the
    exit code 2), ``write`` the JSON line (the helpers of :mod:`engine.__main__`)."""
    try:
        args = _parser().parse_args(argv)
    except _Refused as exc:
        return fail(str(exc))
    except argparse.ArgumentError as exc:
        return fail(str(exc))
    if args.samples is not None and not 1 <= args.samples <= MAX_SAMPLES:
        return fail(f"--samples: {args.samples} is not a whole number from 1 to {MAX_SAMPLES}")
    if not 0 <= args.seed <= MAX_SEED:
        return fail(f"--seed: {args.seed} is not a whole number from 0 to {MAX_SEED}")
    try:
        text = read(args.record)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        return fail(f"cannot read {args.record}: {exc}")
    try:
        doc = load_json(text)
        state = end_of_record(doc)
    except RecordError as exc:
        return fail(str(exc))
    except (IllegalActionError, InvalidActionError) as exc:
        return fail(f"the record holds an illegal action: {exc.localized('en')}")
    except RecursionError:
        return fail("the record is nested too deeply")
    except ValueError as exc:
        return fail(f"the record cannot be played: {exc}")
    game = game_of_state(state).id
    exact = True if args.exact else None
    if args.review is not None:
        if not 0 <= args.review < state.players:
            return fail(f"--review: {args.review} is not a seat of this record "
                        f"(0 to {state.players - 1})")
        try:
            reviewed = review(doc, args.review, samples=args.samples, seed=args.seed,
                              exact=exact)
        except TooLarge as exc:
            return fail(f"--exact: a position is too large to solve ({exc}): review "
                        "without --exact")
        except (KeyError, ValueError) as exc:
            return fail(f"the record cannot be reviewed: {exc}")
        write(json.dumps(review_json(game, args.review, reviewed), ensure_ascii=False))
        return 0
    from engine.analysis import analyse
    try:
        analysis = analyse(state, samples=args.samples, seed=args.seed, exact=exact)
    except TooLarge as exc:
        return fail(f"--exact: the position is too large to solve ({exc}): analyse it "
                    "without --exact")
    except ValueError as exc:
        return fail(f"nothing to analyse at the end of the record: {exc}")
    write(json.dumps(analysis_json(analysis), ensure_ascii=False))
    return 0
