"""What a game plugs into the site beside its rules: the types of the plug-in slots each
registry entry carries (:attr:`engine.registry.Game.plugins`).

A game's package fills one :class:`GamePlugins` in ``engine/<game>/plugin.py``:

* ``play`` — its :class:`GamePlay`: how a play session (:mod:`engine.session`) applies,
  counts and shows that game's moves;
* ``bots`` — a bot class per level (``random``, ``basic``, ``strong``), ``observe`` (what
  one seat may see: all a bot receives) and ``resolve`` (a bot's decision -> the engine
  action);
* ``walkthrough`` — the walkthrough builder (a scenario document and the rules -> the
  engine's :class:`~engine.walkthrough.model.Walkthrough`), and ``scenario_keys``, the
  keys a scenario document may have;
* ``quiz_kinds`` — the quiz's question kinds of the game;
* ``score_sheet`` — the score sheet type of games played with real cards;
* ``review`` — the notes of a finished hand (deal) of a session;
* ``simulate`` — a whole game between bots, for the simulation lab;
* ``analyst`` — the analysis of a position (filled by :mod:`engine.analysis`; ``None``
  while a game has none).

The adapters take their own game's state (``Any`` here): the registry hands each game's
plug-ins only that game's states, so nothing outside the game's package asks which game
a state belongs to.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, Self

from engine.bots.common import Bot
from engine.cards import Card
from engine.errors import RulesLabError
from engine.game import Event
from engine.moves import FaceUp, Move, SheetRow
from engine.review import Note
from engine.sim.games import GameRecord

__all__ = ["Analyst", "GamePlay", "GamePlugins", "ScoreSheet", "SessionLike"]


class SessionLike(Protocol):
    """What a review reads of a play session."""

    @property
    def state(self) -> Any: ...

    @property
    def seat(self) -> int: ...

    def moves_of_round(self, round_: int) -> list[Move]: ...


class GamePlay(Protocol):
    """How a session plays one game: the engine calls, nothing drawn."""

    name: str
    #: The first game a visitor without a link gets (short), as variant options.
    first: tuple[tuple[str, Any], ...]
    #: Whether the player's card may need a choice beyond it (a Krypkasino capture).
    chooses_capture: bool

    def round_of(self, state: Any) -> int: ...

    def card_action(self, card: Card) -> Any: ...

    def apply(self, state: Any, action: Any, groups: Sequence[Sequence[Card]] | None
              ) -> tuple[list[Event], tuple[Card, ...], tuple[Card, ...]]: ...

    def first_facts(self, state: Any, full: Any, players: int) -> dict[str, int]: ...

    def status(self, state: Any, seat: int) -> dict[str, Any]: ...

    def seat_cells(self, state: Any, viewer: int) -> list[tuple[tuple[str, str], ...]]: ...

    def record(self, state: Any) -> dict[str, Any]: ...

    def score_rows(self, state: Any) -> list[tuple[int, ...]]: ...

    def sheet(self, state: Any) -> list[SheetRow]: ...

    def results(self, state: Any) -> int: ...

    def face_up(self, state: Any) -> FaceUp | None:
        """The position with every hand face up (``None`` when there is nothing to draw:
        the game is over, or a deal is due)."""

    # the player's decisions one game has and the other not (bids; captures to choose)
    def is_bidding(self, state: Any, seat: int) -> bool: ...

    def blind_bids(self, state: Any) -> bool: ...

    def legal_bids(self, state: Any) -> list[int]: ...

    def refused_bids(self, state: Any) -> list[tuple[int, RulesLabError]]: ...

    def bid_action(self, n: int, blind: bool) -> Any: ...

    def own_card_action(self, state: Any) -> Any: ...

    def capture_choices(self, state: Any, card: Card) -> tuple[tuple[Card, ...], ...]: ...

    def forced_sweep(self, state: Any) -> tuple[str, dict[str, Any]] | None: ...


class ScoreSheet(Protocol):
    """A score sheet of a game played with real cards (:mod:`engine.scoresheet`)."""

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def rules(self) -> Any: ...

    @property
    def players(self) -> int: ...

    @property
    def first_dealer(self) -> int: ...

    def leaders(self) -> list[int]: ...

    @property
    def is_over(self) -> bool: ...

    def totals(self) -> list[int]: ...

    def winners(self) -> list[int]: ...

    def to_dict(self) -> dict[str, Any]: ...

    @classmethod
    def from_dict(cls, doc: Mapping[str, Any]) -> Self: ...


class Analyst(Protocol):
    """The analysis of the decision of the seat to act (:mod:`engine.analysis`)."""

    def __call__(self, state: Any, seat: int | None = None, *, samples: int | None = None,
                 seed: int = 0, exact: bool | None = None) -> Any: ...


@dataclass(frozen=True)
class GamePlugins:
    """A game's plug-ins (see the module's docstring)."""

    play: GamePlay
    bots: Mapping[str, Callable[..., Bot]]
    observe: Callable[[Any, int], Any]
    resolve: Callable[[Any, Any], Any]
    walkthrough: Callable[[Mapping[str, Any], Any], Any]
    scenario_keys: tuple[str, ...]
    quiz_kinds: tuple[str, ...]
    score_sheet: type[ScoreSheet]
    review: Callable[[SessionLike, int], list[Note]]
    #: A whole bots' game for the simulation lab: ``simulate(rules, lineup, seed,
    #: rotation)`` -> :class:`engine.sim.games.GameRecord`.
    simulate: Callable[[Any, Sequence[str], int, int], GameRecord]
    analyst: Analyst | None = None
