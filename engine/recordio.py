"""Strict reading of JSON game records: every problem names its field.

Records are checked as they are read: unknown keys, wrong types and bad card codes raise
:class:`~engine.errors.RecordError` with the path of the field (``deals[0].plays[3].card``)
so ``python -m engine replay`` can print one line and exit 2.

>>> obj = expect_object({"players": 4}, "", required=("players",))
>>> expect_int(obj["players"], "players", lo=3, hi=8)
4
>>> expect_int(True, "players")
Traceback (most recent call last):
...
engine.errors.RecordError: players: must be a whole number, not true
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from engine.cards import Card, parse_card
from engine.errors import InvalidActionError, RecordError


def join(path: str, key: str | int) -> str:
    """The path of a child field: ``join("hands", 0) == "hands[0]"``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def describe(value: Any) -> str:
    """A JSON-ish description of a value for messages (``true``, ``"x"``, a list...)."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def expect_object(
    value: Any,
    path: str,
    required: Iterable[str] = (),
    optional: Iterable[str] = (),
) -> dict[str, Any]:
    """A JSON object with exactly the allowed keys (all of ``required`` present)."""
    where = path or "record"
    if not isinstance(value, dict):
        raise RecordError(path, f"{where} must be a JSON object, not {describe(value)}")
    required = tuple(required)
    allowed = set(required) | set(optional)
    for key in value:
        if key not in allowed:
            raise RecordError(join(path, str(key)), "unknown key (check its spelling)")
    for key in required:
        if key not in value:
            raise RecordError(join(path, key), "missing")
    return value


def expect_int(value: Any, path: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(path, f"must be a whole number, not {describe(value)}")
    if lo is not None and value < lo or hi is not None and value > hi:
        if lo is not None and hi is not None:
            raise RecordError(path, f"must be between {lo} and {hi}, not {value}")
        if lo is not None:
            raise RecordError(path, f"must be at least {lo}, not {value}")
        raise RecordError(path, f"must be at most {hi}, not {value}")
    return value


def expect_bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise RecordError(path, f"must be true or false, not {describe(value)}")
    return value


def expect_str(value: Any, path: str, choices: Iterable[str] | None = None) -> str:
    if not isinstance(value, str):
        raise RecordError(path, f"must be a text, not {describe(value)}")
    if choices is not None:
        options = tuple(choices)
        if value not in options:
            raise RecordError(path, f"must be one of {', '.join(options)}, not {describe(value)}")
    return value


def expect_list(value: Any, path: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(path, f"must be a list, not {describe(value)}")
    if length is not None and len(value) != length:
        raise RecordError(path, f"must hold {length} items, not {len(value)}")
    return value


def expect_card(value: Any, path: str) -> Card:
    try:
        return parse_card(value)
    except InvalidActionError as exc:
        raise RecordError(path, exc.sentence) from None


def expect_cards(value: Any, path: str, length: int | None = None) -> list[Card]:
    items = expect_list(value, path, length)
    return [expect_card(item, join(path, i)) for i, item in enumerate(items)]


def load_json(text: str) -> Any:
    """Parse JSON text, turning a syntax error into a :class:`RecordError`."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError("", f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except (RecursionError, ValueError) as exc:
        raise RecordError("", f"not valid JSON ({exc})") from None
