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
* ``quiz`` — the quiz's question kinds of the game (:class:`engine.quiz.QuestionType`:
  kind, rule IDs, generator), which :data:`engine.quiz.TYPES` collects;
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
from typing import TYPE_CHECKING, Any, Protocol, Self

from engine.bots.common import Bot
from engine.cards import Card
from engine.errors import RulesLabError
from engine.game import Event
from engine.moves import FaceUp, Move, SheetRow
from engine.review import ReviewNote
from engine.sim.games import GameRecord

if TYPE_CHECKING:  # engine.quiz reads the registry, which reads this module
    from engine.quiz.model import QuestionType

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

    def playable_cards(self, state: Any) -> set[Card]:
        """The cards of the hand some legal action of the seat to act plays."""

    def take_action(self, action: Any, take: tuple[Card, ...] | None) -> Any:
        """``action`` (a card's play) taking ``take`` (a Krypkasino capture's choice)."""

    # how a play link writes the player's moves (a game in progress survives a reload)
    def link_token(self, action: Any) -> str:
        """The player's ``action`` as one token of the play link's ``moves`` value (ASCII
        letters, digits and ``-``, never ``.``): Kachuful's ``b3``, ``B1`` (a blind bid),
        ``AS``; Krypkasino's ``7S-3D4C`` (a card and the table cards it takes), ``7S-``
        (a trail), ``7S`` (the engine's one capture)."""

    def link_action(self, token: str) -> Any:
        """The action a play link's ``token`` names (:meth:`link_token` read back), or
        ``None`` when it names none of this game's (a link is hostile input)."""

    def log_step(self, move: Move, after: int | None) -> tuple[str, int, int | None]:
        """Where ``move`` goes in the play log: ``(kind, part, after)`` — its group's kind
        (``bids``, ``trick``, ``lot``), the part of the round (trick or lot; 0 the
        bidding) from ``after`` (the round's count so far, ``None`` at its start), and the
        count after the move (``None``: unchanged)."""

    # how the coach words one decision of the game (engine.coach)
    def action_words(self, action: Any) -> tuple[str, str, str | int]:
        """``(kind, field, value)``: the decision's kind (``k.bid``, ``k.card``,
        ``c.play``: the coach's keys ``coach.<kind>``, ``review.<kind>.*``; a drill's
        option shows the part after the dot), the sentence's field naming it and its
        value (a bid's number, a card, a play in the play page's notation)."""

    def same_action(self, a: Any, b: Any) -> bool:
        """Whether two actions are the same decision."""

    def drill_table(self, state: Any) -> tuple[tuple[Card, ...], str | None]:
        """The table a drill shows (the trick so far, or the table) and the trump code
        (``None`` when the game has none)."""


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
    """The analysis of the decision of the seat to act (:mod:`engine.analysis`), and what
    the analyst's command and review need to know of the game's actions: called, it is
    ``analyse(state, seat, *, samples, seed, exact) -> Analysis``."""

    #: Whether an exact analysis is all or nothing (Kachuful: can the seat force its
    #: bid), so the command prints ``make`` as ``true``/``false``.
    exact_is_forced: bool

    def __call__(self, state: Any, seat: int | None = None, *, samples: int | None = None,
                 seed: int = 0, exact: bool | None = None) -> Any: ...

    def decides(self, state: Any, seat: int) -> bool:
        """Whether ``seat`` has a decision to take in ``state`` (its turn to bid or
        play; not a deal or anything the rules do for it)."""

    def number(self, state: Any) -> int:
        """The hand (deal) of ``state``, counted from 1."""

    def matching(self, analysis: Any, action: Any) -> Any:
        """The :class:`~engine.analysis.types.Decision` of ``analysis`` that ``action``
        took (an engine action, or a record's form of one); ``KeyError`` when none."""

    def action_json(self, action: Any) -> Any:
        """A decision's action as the command prints it (docs/records.md)."""


@dataclass(frozen=True)
class GamePlugins:
    """A game's plug-ins (see the module's docstring)."""

    play: GamePlay
    bots: Mapping[str, Callable[..., Bot]]
    observe: Callable[[Any, int], Any]
    resolve: Callable[[Any, Any], Any]
    walkthrough: Callable[[Mapping[str, Any], Any], Any]
    scenario_keys: tuple[str, ...]
    quiz: tuple[QuestionType, ...]
    score_sheet: type[ScoreSheet]
    review: Callable[[SessionLike, int], list[ReviewNote]]
    #: A whole bots' game for the simulation lab: ``simulate(rules, lineup, seed,
    #: rotation)`` -> :class:`engine.sim.games.GameRecord`.
    simulate: Callable[[Any, Sequence[str], int, int], GameRecord]
    analyst: Analyst | None = None
