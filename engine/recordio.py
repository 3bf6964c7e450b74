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
import re
from collections.abc import Iterable
from typing import Any

from engine.cards import Card, parse_card
from engine.errors import InvalidActionError, RecordError

_NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_-]{0,39}")


def join(path: str, key: str | int) -> str:
    """The path of a child field: ``join("hands", 0) == "hands[0]"``. A key that is not a
    short plain name (a new line, a quote, a megabyte of text) is written as a clipped
    JSON string, so a message naming it stays one short line.

    >>> join("", "players"), join("hands", 0), join("deals", 'a\\nb')
    ('players', 'hands[0]', 'deals["a\\\\nb"]')
    """
    if isinstance(key, int):
        return f"{path}[{key}]"
    if _NAME_RE.fullmatch(key):
        return f"{path}.{key}" if path else key
    return f"{path}[{describe(key)}]"


def describe(value: Any) -> str:
    """A JSON-ish description of a value for messages (``true``, ``"x"``, a list...)."""
    if isinstance(value, str) and len(value) > 80:
        value = value[:80]  # the rest is cut below; no need to copy megabytes
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    text = CONTROL_CHARS.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
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
            raise RecordError(path, f"must be between {lo} and {hi}, not {describe(value)}")
        if lo is not None:
            raise RecordError(path, f"must be at least {lo}, not {describe(value)}")
        raise RecordError(path, f"must be at most {hi}, not {describe(value)}")
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


#: The most characters (or bytes) of JSON read from a link, an upload, a paste or a file.
MAX_JSON_CHARS = 2_000_000
#: The deepest nesting of arrays and objects accepted (the deepest shipped file has 8).
MAX_JSON_DEPTH = 32
_STRING_RE = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKET_RE = re.compile(r"[\[\]{}]")
#: Characters a one-line message must not hold as they are (escaped as ``\uXXXX``).
CONTROL_CHARS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def json_depth(text: str, stop: int | None = None) -> int:
    """How deeply ``text`` nests arrays and objects, counted without parsing (brackets
    inside strings are skipped), so that it is safe on any input; the count stops once it
    passes ``stop``.

    >>> json_depth('{"a": [1, [2]], "b": "[[["}'), json_depth("[" * 100_000, stop=32)
    (3, 33)
    """
    depth = deepest = 0
    for match in _BRACKET_RE.finditer(_STRING_RE.sub('""', text)):
        if match.group() in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if stop is not None and deepest > stop:
                    break
        else:
            depth -= 1
    return deepest


def load_json(text: str | bytes, *, max_chars: int = MAX_JSON_CHARS,
              max_depth: int = MAX_JSON_DEPTH) -> Any:
    """Parse JSON from outside (a link, an upload, a paste, a file) with limits: more than
    ``max_chars`` characters or more than ``max_depth`` levels of nesting is refused before
    anything walks it; a syntax error too. Every refusal is a :class:`RecordError`.

    >>> load_json('{"players": 4}')
    {'players': 4}
    >>> load_json("[" * 150_000)
    Traceback (most recent call last):
    ...
    engine.errors.RecordError: nested more than 32 levels deep
    """
    if len(text) > max_chars:
        raise RecordError("", f"too large: more than {max_chars:,} characters")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise RecordError("", f"not UTF-8 text (byte {exc.start})") from None
    if json_depth(text, stop=max_depth) > max_depth:
        raise RecordError("", f"nested more than {max_depth} levels deep")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError("", f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except (RecursionError, ValueError) as exc:
        raise RecordError("", f"not valid JSON ({type(exc).__name__})") from None
