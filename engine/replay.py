"""Replay a game record of either game: the logic behind ``python -m engine replay``.

Each game's record module provides ``replay(doc) -> (outcome, exit_code)`` and raises
:class:`~engine.errors.RecordError` for a malformed record. FORMATS.md fixes the outcome
JSON and the exit codes: 0 every action legal, 1 an illegal action, 2 not a valid record.
"""

from __future__ import annotations

import importlib
from typing import Any

from engine.errors import RecordError
from engine.recordio import expect_object, expect_str, load_json

#: record format -> module providing ``replay(doc)``.
FORMATS: dict[str, str] = {
    "kachuful-record/1": "engine.kachuful.record",
    "krypkasino-record/1": "engine.krypkasino.record",
}

EXIT_OK, EXIT_ILLEGAL, EXIT_INVALID = 0, 1, 2


def replay_document(doc: Any) -> tuple[dict[str, Any], int]:
    """Replay a parsed record. Raises :class:`RecordError` when it is not valid."""
    obj = expect_object(doc, "", required=("format",), optional=_any_key(doc))
    fmt = expect_str(obj["format"], "format")
    if fmt not in FORMATS:
        raise RecordError("format", f"unknown format {fmt!r}: expected one of {', '.join(FORMATS)}")
    module = importlib.import_module(FORMATS[fmt])
    outcome, code = module.replay(doc)
    return outcome, code


def replay_text(text: str) -> tuple[dict[str, Any], int]:
    return replay_document(load_json(text))


def _any_key(doc: Any) -> tuple[str, ...]:
    # The format's own module checks the other keys strictly.
    return tuple(k for k in doc if isinstance(k, str)) if isinstance(doc, dict) else ()
