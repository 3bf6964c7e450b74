"""What every game's state shares: one :class:`GameState` Protocol (the OpenSpiel
verbs), the chance step (:data:`CHANCE`, :class:`Deal`), one :class:`Outcome` and the event
base. ``mypy --strict`` holds both games' states to the Protocol: the registry types
:attr:`engine.registry.Game.new_state` with it (each game's ``new_state`` returns its
own state as a :class:`GameState`).

A state owns everything about a game in progress. Pages, bots and tools use only these
verbs:

* ``new_game(players, rules, seed)`` — the one constructor (a classmethod), the same in
  every game; ``explicit_deals=True`` stops at each deal (see *the chance step*).
* ``phase`` — where the game is (a property; each game has its own ``Phase`` enum).
* ``current_player()`` — the seat to act, :data:`CHANCE` when a deal is due, ``None``
  when the game is over.
* ``legal_actions()`` — the actions the rules allow now (``[]`` at a chance node).
* ``chance_outcomes()`` — at a chance node, the one :class:`Deal` the game's seed fixes
  (``[]`` when the cards must be given, and away from a chance node).
* ``apply(action)`` — checked: raises :class:`~engine.errors.InvalidActionError` or
  :class:`~engine.errors.IllegalActionError` and leaves the state unchanged, otherwise
  applies the action and returns the events it caused.
* ``apply_unchecked(action)`` — the fast path for simulations: no checks, no events.
* ``check(action)`` — the refusal ``apply`` would raise, without applying anything.
* ``view(seat)`` — what ``seat`` may see (each game's own ``SeatView``).
* ``is_terminal()``, ``scores()`` (the game's own totals), ``returns()`` (the totals
  oriented so that higher is better in every game), ``outcome()``, ``winners()``,
  ``hand_of(seat)``, ``opening_events()``, ``clone()``.

The chance step
---------------
Dealing is a chance action: :class:`Deal`, applied through ``apply`` like any move.
When a deal is due the state's ``current_player()`` is :data:`CHANCE` (OpenSpiel's
``kChancePlayerId``, -1). A :class:`Deal` names its outcome either by a *deal seed*
(``Deal(seed=...)``: the cards the game's shuffle gives for that seed) or by the cards
themselves (``Deal(cards=...)``: a record's or a scenario's deal, checked).

A seeded game (``new_game(players, rules, seed)``) knows its chance outcomes: at each
chance node ``chance_outcomes()`` is the one ``Deal(seed=...)`` derived from the game seed.
By default the state applies that deal itself, through the same code as ``apply(Deal)``,
so a caller sees the game from the first decision, and the deal's events come with the
action that ended the previous hand or deal (the first deal's in ``opening_events()``).
With ``explicit_deals=True`` it stops instead: ``current_player()`` is :data:`CHANCE`
until the caller applies a :class:`Deal` (the one offered, or any other seed or cards).
Both ways give the same game for the same deals.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, TypeVar

__all__ = ["CHANCE", "Deal", "Event", "GameState", "Outcome", "best_seats", "outcome_of"]

#: ``current_player()`` at a chance node: a deal is due (OpenSpiel's chance player, -1).
CHANCE = -1

S = TypeVar("S", bound="GameState")


@dataclass(frozen=True)
class Event:
    """Something that happened, with the data a page needs to narrate it.

    ``kind`` is stable (``"dealt"``, ``"bid"``, ``"trick-won"`` ...); the sentence comes
    from the catalogue key ``event.<game>.<kind>`` filled with :meth:`message_data`.

    Three marks tell the code around the game what an event closes without asking which
    game it is (:class:`engine.moves.Move` reads them): ``ends_round`` (a hand or a deal
    was scored), ``wins_trick`` (a trick was won) and ``captures`` (a card took table
    cards). Each game's event classes set theirs.
    """

    # (no annotations: a game's dataclass events would take them for fields)
    ends_round = False
    wins_trick = False
    captures = False

    @property
    def kind(self) -> str:  # pragma: no cover - overridden
        raise NotImplementedError

    def message_data(self) -> dict[str, Any]:
        """The fields a catalogue template may use."""
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


@dataclass(frozen=True)
class Deal:
    """The chance action: the next deal, from a deal ``seed`` or from explicit ``cards``
    (the game's own value: a Kachuful ``HandSetup``, a Krypkasino ``DealCards``)."""

    seed: int | None = None
    cards: Any = None


#: How a game ranks totals: Kachuful's highest total wins (K-14), Krypkasino's lowest
#: (C-15).
Ranking = Literal["highest-total", "lowest-total"]


def best_seats(totals: Sequence[int], ranking: Ranking) -> tuple[int, ...]:
    """The seats whose total is best under ``ranking`` (equal totals share it).

    >>> best_seats([3, 7, 7], "highest-total"), best_seats([3, 7, 3], "lowest-total")
    ((1, 2), (0, 2))
    """
    best = max(totals) if ranking == "highest-total" else min(totals)
    return tuple(s for s, t in enumerate(totals) if t == best)


@dataclass(frozen=True)
class Outcome:
    """How a game ended (python-chess's ``Outcome``): who won and why.

    ``winners`` are the seats with the best total (more than one: they share the win);
    ``reason`` is the game's ranking rule (``"highest-total"`` or ``"lowest-total"``);
    ``totals`` the final totals; ``returns`` the totals oriented so that higher is better.
    """

    winners: tuple[int, ...]
    reason: Ranking
    totals: tuple[int, ...]

    @property
    def shared(self) -> bool:
        """Several seats share the win."""
        return len(self.winners) > 1

    @property
    def returns(self) -> tuple[int, ...]:
        return self.totals if self.reason == "highest-total" else tuple(-t for t in self.totals)

    def result(self, seat: int) -> str:
        """``"win"``, ``"shared"`` or ``"loss"`` for ``seat``."""
        if seat not in self.winners:
            return "loss"
        return "shared" if self.shared else "win"


def outcome_of(totals: Sequence[int], ranking: Ranking) -> Outcome:
    """The outcome of a game that ended on ``totals``.

    >>> outcome_of([12, 30, 30], "highest-total")
    Outcome(winners=(1, 2), reason='highest-total', totals=(12, 30, 30))
    >>> outcome_of([12, 30], "lowest-total").returns
    (-12, -30)
    """
    return Outcome(best_seats(totals, ranking), ranking, tuple(totals))


class GameState(Protocol):
    """The verbs every game's state has (see the module's docstring)."""

    players: int
    #: The game's rules value (each game's own type).
    rules: Any

    @property
    def phase(self) -> enum.Enum: ...

    def current_player(self) -> int | None: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def chance_outcomes(self) -> Sequence[Deal]: ...

    def apply(self, action: Any) -> Sequence[Event]: ...

    def apply_unchecked(self, action: Any) -> None: ...

    def check(self, action: Any) -> None: ...

    def view(self, seat: int) -> Any: ...

    def is_terminal(self) -> bool: ...

    def scores(self) -> list[int]: ...

    def returns(self) -> list[int]: ...

    def outcome(self) -> Outcome | None: ...

    def winners(self) -> list[int]: ...

    def hand_of(self, seat: int) -> tuple[Any, ...]: ...

    def opening_events(self) -> Sequence[Event]: ...

    def clone(self: S) -> S: ...

