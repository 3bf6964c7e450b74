"""How the site names a seat: one letter per seat, ``A`` for seat 0, ``B`` for seat 1 ...

Records, actions and events keep 0-based seat numbers (FORMATS.md); every sentence,
table, chart, log, score sheet and CSV a person reads names the seat by its letter
(docs/DECISIONS.md, "Seats are letters"). Templates write ``{seat:seat}`` for one seat
and ``{seats:letters}`` for a list (:mod:`engine.messages`).

>>> seat_letter(0), seat_letter(3), seat_letters([2, 0])
('A', 'D', 'A, C')
"""

from __future__ import annotations

from collections.abc import Iterable

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def seat_letter(seat: int) -> str:
    """The letter of a 0-based seat (``0`` -> ``"A"``); refuses a seat with no letter."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(LETTERS):
        raise ValueError(f"no letter for seat {seat!r}")
    return LETTERS[seat]


def seat_letters(seats: Iterable[int]) -> str:
    """Letters of several seats, in seat order, joined with commas."""
    return ", ".join(seat_letter(s) for s in sorted(seats))


def seat_of_letter(letter: str) -> int | None:
    """The 0-based seat of a letter (``"c"`` or ``"C"`` -> 2), or ``None``."""
    if isinstance(letter, str) and len(letter) == 1 and letter.upper() in LETTERS:
        return LETTERS.index(letter.upper())
    return None
