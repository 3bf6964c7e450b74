"""Player names and typed numbers on a score sheet: what a table may type, checked once
for both games.

>>> check_names([" Ana ", "Bo", "<img src=x onerror=alert(1)>"], "K-1", 3, 8)
('Ana', 'Bo', '<img src=x onerror=alert(1)>')
>>> check_names(["Ana", "ana", "Bo"], "K-1", 3, 8)
Traceback (most recent call last):
...
engine.errors.InvalidActionError: Two players are called "ana": give each player a different name so the sheet can tell them apart
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.errors import IllegalActionError, InvalidActionError

#: The longest name a sheet keeps (it must fit a column on a phone).
MAX_NAME_LENGTH = 32


def check_names(names: Sequence[object], rule: str, lo: int, hi: int) -> tuple[str, ...]:
    """The names with surrounding spaces removed, in seating order (clockwise).

    Refuses a player count outside ``lo..hi`` (``rule``: K-1 or C-1), an empty name, a
    name longer than :data:`MAX_NAME_LENGTH`, a name with control characters and two
    names equal apart from letter case. Any other text is kept as typed; pages escape it.
    """
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise InvalidActionError("scoresheet.names-not-list", value=names)
    if not lo <= len(names) <= hi:
        raise IllegalActionError("scoresheet.players", rule=rule, count=len(names), lo=lo, hi=hi)
    kept: list[str] = []
    seen: dict[str, int] = {}
    for seat, raw in enumerate(names):
        if not isinstance(raw, str):
            raise InvalidActionError("scoresheet.name-not-text", seat=seat, value=raw)
        name = raw.strip()
        if not name:
            raise InvalidActionError("scoresheet.name-empty", seat=seat)
        if len(name) > MAX_NAME_LENGTH:
            raise InvalidActionError("scoresheet.name-too-long", seat=seat,
                                     length=len(name), limit=MAX_NAME_LENGTH)
        if any(ord(ch) < 32 or 127 <= ord(ch) < 160 for ch in name):
            raise InvalidActionError("scoresheet.name-control", seat=seat)
        folded = name.casefold()
        if folded in seen:
            raise InvalidActionError("scoresheet.name-twice", name=name)
        seen[folded] = seat
        kept.append(name)
    return tuple(kept)


def whole_numbers(values: Sequence[object], names: Sequence[str]) -> list[int]:
    """One whole number a player (``names`` in seating order), as typed for a hand or deal.

    >>> whole_numbers([2, 0], ["Ana", "Bo"])
    [2, 0]
    >>> whole_numbers([2, "x"], ["Ana", "Bo"])
    Traceback (most recent call last):
    ...
    engine.errors.InvalidActionError: Bo: 'x' is not a whole number
    """
    players = len(names)
    if isinstance(values, str) or not isinstance(values, Sequence) or len(values) != players:
        count = len(values) if isinstance(values, Sequence) else values
        raise InvalidActionError("scoresheet.count", players=players, count=count)
    out: list[int] = []
    for seat, value in enumerate(values):
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidActionError("scoresheet.not-whole", name=names[seat], value=value)
        out.append(value)
    return out

