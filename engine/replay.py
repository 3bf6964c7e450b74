"""Replay a game record of either game: the logic behind ``python -m engine replay``.

The record's ``format`` picks its game in the registry (:data:`engine.registry.BY_FORMAT`),
whose ``replay(doc) -> (outcome, exit_code)`` reads the record strictly (raising
:class:`~engine.errors.RecordError` for a malformed one) and plays its action stream.
docs/records.md describes the outcome JSON and the exit codes: 0 every action legal, 1 an
illegal action, 2 not a valid record.

>>> replay_document({"format": "chess-pgn/1"})
Traceback (most recent call last):
...
engine.errors.RecordError: format: unknown format 'chess-pgn/1': expected one of kachuful-record/1, krypkasino-record/1
"""

from __future__ import annotations

from typing import Any

from engine.errors import RecordError
from engine.recordio import expect_object, expect_str, load_json
from engine.registry import BY_FORMAT

EXIT_OK, EXIT_ILLEGAL, EXIT_INVALID = 0, 1, 2


def replay_document(doc: Any) -> tuple[dict[str, Any], int]:
    """Replay a parsed record. Raises :class:`RecordError` when it is not valid."""
    obj = expect_object(doc, "", required=("format",), optional=_any_key(doc))
    fmt = expect_str(obj["format"], "format")
    game = BY_FORMAT.get(fmt)
    if game is None:
        raise RecordError("format", f"unknown format {fmt!r}: expected one of {', '.join(BY_FORMAT)}")
    return game.replay(doc)


def replay_text(text: str) -> tuple[dict[str, Any], int]:
    return replay_document(load_json(text))


def _any_key(doc: Any) -> tuple[str, ...]:
    # The format's own module checks the other keys strictly.
    return tuple(k for k in doc if isinstance(k, str)) if isinstance(doc, dict) else ()
