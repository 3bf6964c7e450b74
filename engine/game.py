"""What the two games' states share: the OpenSpiel-style verbs and the event base.

A state owns everything about a game in progress. Pages and bots use only these verbs:

* ``phase`` — where the game is (each game has its own ``Phase`` enum).
* ``current_player()`` — the seat to act, or ``None`` when the game is over.
* ``legal_actions()`` — the actions the rules allow now.
* ``apply(action)`` — checked: raises :class:`~engine.errors.InvalidActionError` or
  :class:`~engine.errors.IllegalActionError` and leaves the state unchanged, otherwise
  applies the action and returns the events it caused.
* ``apply_unchecked(action)`` — the fast path for simulations: no checks, no events.
* ``is_terminal()``, ``scores()``, ``clone()``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

A = TypeVar("A")
S = TypeVar("S", bound="GameState[Any]")


@dataclass(frozen=True)
class Event:
    """Something that happened, with the data a page needs to narrate it.

    ``kind`` is stable (``"dealt"``, ``"bid"``, ``"trick-won"`` ...); the sentence comes
    from the catalogue key ``event.<game>.<kind>`` filled with :meth:`message_data`.
    """

    @property
    def kind(self) -> str:  # pragma: no cover - overridden
        raise NotImplementedError

    def message_data(self) -> dict[str, Any]:
        """The fields a catalogue template may use."""
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


class GameState(Protocol, Generic[A]):
    def current_player(self) -> int | None: ...

    def legal_actions(self) -> list[A]: ...

    def apply(self, action: A) -> list[Event]: ...

    def apply_unchecked(self, action: A) -> None: ...

    def is_terminal(self) -> bool: ...

    def scores(self) -> list[int]: ...

    def clone(self: S) -> S: ...
