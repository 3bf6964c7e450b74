"""A game against the computer: one play session for both games (issue 12).

:class:`PlaySession` wraps an engine state (:class:`~engine.kachuful.KachufulState` or
:class:`~engine.krypkasino.KrypkasinoState`), the bots of the other seats and the history
of moves; a page only reads it and calls its verbs:

* :meth:`PlaySession.next_move` — one bot move; :meth:`PlaySession.until_my_turn` — bot
  moves until the player must act (or a hand/deal ends).
* :meth:`PlaySession.act` — the player's action, checked by the engine; the game's own
  verbs on top of it: :meth:`~PlaySession.bid`, :meth:`~PlaySession.play_card` (Kachuful),
  :meth:`~PlaySession.click_card`, :meth:`~PlaySession.take` (Krypkasino). A refusal is
  kept in :attr:`PlaySession.refusal` and leaves the game unchanged.
* :meth:`PlaySession.undo` — back to just before the player's last decision (practice).
* :meth:`PlaySession.advice` — the coach: the analyst's advice for the player
  (:mod:`engine.coach`); :meth:`PlaySession.reviews` marks the player's decisions with
  the same analyses, so the coach and the review never disagree.
* What a page shows, as facts: :meth:`~PlaySession.status`, :meth:`~PlaySession.seat_rows`,
  :meth:`~PlaySession.hand_choices`, :meth:`~PlaySession.refused_bids`,
  :meth:`~PlaySession.forced_sweep`, :meth:`~PlaySession.reviews`, :meth:`~PlaySession.sheet`,
  :func:`log_groups`; :func:`load_record` replays a record step by step.

What differs between the games goes through one :class:`GamePlay` per game
(:data:`PLAYS`); the session itself never asks which game it is playing. Nothing here
decides legality or scores: the engine does. Every bot decision is seeded from the game
seed and the move number, so a game replays identically from its setup and the moves.

>>> s = PlaySession.start(Setup("kachuful", 3, 0, ("human", "random", "random"),
...                             (("max_cards", 2),), seed=5))
>>> s.state.hand_count, s.human_turn or s.next_move() is not None
(3, True)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import coach
from engine.analysis import Analysis
from engine.bots import BotDecision, bot_move, make_bot
from engine.cards import Card
from engine.coach import Advice
from engine.errors import IllegalActionError, RecordError, RulesLabError
from engine.game import CHANCE, Event, GameState
from engine.moves import Move, SheetRow, taken_marks
from engine.plugin import GamePlay
from engine.recordio import load_json
from engine.registry import BOT_LEVELS, BY_FORMAT, GAMES, MAX_SEED
from engine.review import ReviewNote

__all__ = ["HUMAN", "PLAYS", "GamePlay",
           "HandChoice", "LogGroup", "Move", "PlaySession", "RecordReplay",
           "ReplayStep", "SeatRow", "Setup", "SheetRow", "action_text", "bot_seed",
           "load_record", "log_groups", "new_state", "taken_marks"]

#: The player's own seat in :attr:`Setup.levels` (the other seats hold a bot level).
HUMAN = "human"

State = GameState


# -- the setup -------------------------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    """Everything that fixes a game: game, players, the player's seat, a bot level per
    seat (:data:`HUMAN` at the player's seat), the variant (options that differ from the
    default, as ``(name, value)`` pairs), the seed, and whether undo is allowed."""

    game: str
    players: int
    seat: int
    levels: tuple[str, ...]
    variant: tuple[tuple[str, Any], ...] = ()
    seed: int = 1
    practice: bool = True

    def __post_init__(self) -> None:
        if self.game not in PLAYS:
            raise ValueError(f"unknown game {self.game!r}")
        players = GAMES[self.game].players
        if self.players not in players:
            raise ValueError(f"{self.game} is played by {players.min} to {players.max} players")
        if not 0 <= self.seat < self.players or len(self.levels) != self.players:
            raise ValueError("one level per seat, the player's seat among them")
        for s, level in enumerate(self.levels):
            if level not in ((HUMAN,) if s == self.seat else BOT_LEVELS):
                raise ValueError(f"seat {s}: level {level!r}")
        if not 0 <= self.seed <= MAX_SEED:
            raise ValueError(f"seed {self.seed} outside 0..{MAX_SEED}")

    @property
    def play(self) -> GamePlay:
        return PLAYS[self.game]

    def rules(self) -> Any:
        """The engine's variant value (raises the engine's error for a bad option)."""
        return GAMES[self.game].rules(dict(self.variant))

    def with_seed(self, seed: int) -> Setup:
        return Setup(self.game, self.players, self.seat, self.levels, self.variant, seed,
                     self.practice)

    def without(self, names: Sequence[str]) -> Setup:
        """``setup`` with the options ``names`` back at their defaults."""
        variant = tuple((k, v) for k, v in self.variant if k not in names)
        return Setup(self.game, self.players, self.seat, self.levels, variant, self.seed,
                     self.practice)

    @classmethod
    def default(cls, game: str, players: int | None = None, seat: int = 0,
                level: str = "basic", seed: int = 1) -> Setup:
        n = players if players is not None else GAMES[game].players.default
        return cls(game, n, seat, tuple(HUMAN if s == seat else level for s in range(n)),
                   (), seed)

    def is_first_game(self) -> bool:
        """Whether the setup plays the game's short first variant (:attr:`GamePlay.first`)."""
        first = self.play.first
        given = dict(self.variant)
        return all(k in given and given[k] == v for k, v in first)

    def full_game(self) -> Setup:
        """The setup with the rules' own length (the first game's short options dropped)."""
        return self.without([k for k, _ in self.play.first])


def bot_seed(seed: int, move: int, seat: int) -> int:
    """The seed of the bot deciding move number ``move`` (from 0) for ``seat``: a bot is
    made fresh for each decision, so the game depends only on its setup and the moves.

    >>> bot_seed(1, 0, 2) != bot_seed(1, 1, 2)
    True
    """
    return (seed * 1_000_003 + move * 7_919 + seat * 104_729) % (2**62)


def new_state(setup: Setup) -> State:
    """The engine state of a new game of ``setup`` (the engine refuses a bad variant)."""
    return GAMES[setup.game].new_state(setup.players, setup.rules(), setup.seed)


# -- what a page shows, as facts -------------------------------------------------------


def action_text(action: Any) -> str:
    """An action in short text: ``"2"``, ``"blind 1"``, ``"10♦"``, ``"7♠ → 3♦ 4♣"`` (a
    Krypkasino play, or a record's play with its groups)."""
    return str(action)  # each game's actions say themselves


@dataclass(frozen=True)
class SeatRow:
    """One seat in the players' table: the figures the game shows for it, as
    ``(column key, value)`` pairs (``play.col.<key>`` names the column), and whether it
    is to act."""

    seat: int
    to_act: bool
    cells: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class HandChoice:
    """A card of the player's hand: playable now, or the engine's refusal of it."""

    card: Card
    legal: bool
    refusal: RulesLabError | None = None


@dataclass(frozen=True)
class ReplayStep:
    """One action of a loaded record: who, what, and the events it caused."""

    seat: int
    action: Any
    events: tuple[Event, ...]


@dataclass
class RecordReplay:
    """A loaded record played step by step: ``states[k]`` is the game after ``k`` actions.

    ``error`` is the engine's refusal of the action after the last step, if the record
    holds an illegal action (the replay stops there, as ``python -m engine replay`` does).
    """

    game: str
    players: int
    steps: list[ReplayStep]
    states: list[State]
    error: RulesLabError | None = None

    @property
    def count(self) -> int:
        return len(self.steps)


# -- what differs between the games ------------------------------------------------------


#: Each game's play adapter (:class:`engine.plugin.GamePlay`), by the game's id: the
#: registry's plug-ins.
PLAYS: dict[str, GamePlay] = {g.id: g.plugins.play for g in GAMES.values()}


# -- the session -------------------------------------------------------------------------


@dataclass
class PlaySession:
    """A game in progress against bots; mutated only through its verbs."""

    setup: Setup
    state: State
    moves: list[Move] = field(default_factory=list)
    #: (state before a decision of the player, number of moves then), newest last.
    undo_stack: list[tuple[State, int]] = field(default_factory=list)
    #: The last refusal of the player's action (cleared by the next accepted action).
    refusal: RulesLabError | None = None
    #: Krypkasino: the card clicked whose capture must be chosen, and the choices.
    pending: Any = None
    choices: tuple[tuple[Card, ...], ...] = ()
    #: Kachuful blind bids: the hands (numbers) in which the player has looked at the cards.
    looked: set[int] = field(default_factory=set)
    #: The coach's advice (the analysis of the player's position), by move number.
    _advice: dict[int, Advice] = field(default_factory=dict)
    #: The state before each decision of the player, by move number (for the review).
    _before: dict[int, State] = field(default_factory=dict)
    #: What happened before the first move: the first-dealer draw (Kachuful), the first
    #: deal and its trump or its face cards set aside (the engine's opening events).
    opening: tuple[Event, ...] = ()

    @classmethod
    def start(cls, setup: Setup) -> PlaySession:
        state = new_state(setup)
        return cls(setup, state, opening=tuple(state.opening_events()))

    # -- reading -------------------------------------------------------------------------

    @property
    def game(self) -> str:
        return self.setup.game

    @property
    def play(self) -> GamePlay:
        return self.setup.play

    @property
    def seat(self) -> int:
        """The player's seat."""
        return self.setup.seat

    @property
    def to_act(self) -> int | None:
        return self.state.current_player()

    @property
    def over(self) -> bool:
        return self.state.is_terminal()

    @property
    def human_turn(self) -> bool:
        return self.to_act == self.seat

    @property
    def bot_turn(self) -> bool:
        return self.to_act is not None and self.to_act != self.seat

    @property
    def round(self) -> int:
        """The current hand number (Kachuful, from 1) or deal index (Krypkasino, from 0)."""
        return self.play.round_of(self.state)

    @property
    def can_undo(self) -> bool:
        return self.setup.practice and bool(self.undo_stack)

    @property
    def bidding(self) -> bool:
        """Kachuful: the player is to bid now."""
        return self.human_turn and self.play.is_bidding(self.state, self.seat)

    @property
    def playing(self) -> bool:
        """The player is to play a card now (and, Krypkasino, no capture is pending)."""
        return self.human_turn and not self.bidding and self.pending is None

    def may_look(self) -> bool:
        """Kachuful under blind bids: the player has not looked at this hand's cards yet
        and could still bid blind."""
        return (self.play.blind_bids(self.state) and self.bidding
                and self.round not in self.looked)

    def look(self) -> None:
        """The player looks at the cards (no blind bid in this hand any more)."""
        if self.play.blind_bids(self.state):
            self.looked.add(self.round)

    def status(self) -> dict[str, Any]:
        """The status line's figures (``play.status.<game>`` fills them): Kachuful's hand,
        count, size, trump (its code, ``trump_code``), dealer, turned (the card turned up or
        ``None``); Krypkasino's deal (from 1), count,
        lot, lots, stock, dealer, last_lot."""
        return self.play.status(self.state, self.seat)

    def seat_rows(self) -> list[SeatRow]:
        """Each seat's figures as the player may see them (bids, tricks, totals and, in a
        forehead hand, the card seen; or cards, captured, sweeps, the deal, totals)."""
        to_act = self.to_act
        return [SeatRow(s, s == to_act, cells)
                for s, cells in enumerate(self.play.seat_cells(self.state, self.seat))]

    def hand_choices(self) -> list[HandChoice]:
        """The player's cards (hand order), each playable or with the engine's refusal.
        Empty when the player cannot see them (a forehead hand)."""
        state = self.state
        hand = state.view(self.seat).hand
        if not hand:
            return []
        legal = self.play.playable_cards(state) if self.human_turn else set()
        out = []
        for card in hand:
            action = self.play.card_action(card)
            ok = card in legal
            refusal: RulesLabError | None = None
            if not ok and self.human_turn:
                try:
                    state.check(action)
                except IllegalActionError as exc:
                    refusal = exc
            out.append(HandChoice(card, ok, refusal))
        return out

    def legal_bids(self) -> list[int]:
        """Kachuful: the numbers the player may bid now (empty when not bidding)."""
        if not self.bidding:
            return []
        return self.play.legal_bids(self.state)

    def refused_bids(self) -> list[tuple[int, RulesLabError]]:
        """Kachuful: the numbers 0..hand size the player may not bid now, each with the
        engine's refusal (K-9 for the dealer under the hook rule)."""
        if not self.bidding:
            return []
        return self.play.refused_bids(self.state)

    def forced_sweep(self) -> tuple[str, dict[str, Any]] | None:
        """Krypkasino under C-8, on the player's turn: the engine's message (key, data)
        that one of the player's sweeping cards must be played, else ``None``."""
        if not self.human_turn:
            return None
        return self.play.forced_sweep(self.state)

    # -- applying --------------------------------------------------------------------------

    def _apply(self, action: Any, decision: BotDecision[Any] | None, human: bool,
               groups: Sequence[Sequence[Card]] | None = None) -> Move:
        state = self.state
        seat = state.current_player()
        assert seat is not None
        round_ = self.round
        events, before, after = self.play.apply(state, action, groups)
        move = Move(len(self.moves), seat, action, tuple(events), decision, human, round_,
                    before, after)
        self.moves.append(move)
        return move

    def act(self, action: Any, groups: Sequence[Sequence[Card]] | None = None) -> Move | None:
        """Apply the player's engine action, or keep the engine's refusal (nothing
        changes). ``None`` when refused or not the player's turn."""
        if not self.human_turn:
            return None
        snapshot = self.state.clone()
        count = len(self.moves)
        try:
            move = self._apply(action, None, True, groups)
        except RulesLabError as exc:
            self.refusal = exc
            return None
        self.refusal = None
        self.cancel()
        self.undo_stack.append((snapshot, count))
        self._before[count] = snapshot
        return move

    def next_move(self) -> Move | None:
        """One bot move, when a bot is to act (``None`` otherwise)."""
        if not self.bot_turn:
            return None
        seat = self.to_act
        assert seat is not None
        index = len(self.moves)
        bot = make_bot(self.game, self.setup.levels[seat],
                       seed=bot_seed(self.setup.seed, index, seat))
        action, decision = bot_move(self.state, bot)
        self.refusal = None
        return self._apply(action, decision, False)

    def until_my_turn(self, stop_at_round_end: bool = True, limit: int = 10_000,
                      stop_at_table: bool = False) -> list[Move]:
        """Bot moves until the player must act, the game is over, or (by default) a
        hand/deal has just ended. With ``stop_at_table``, also after a move that leaves
        something to look at on the table (:meth:`shows_table`)."""
        done: list[Move] = []
        while self.bot_turn and len(done) < limit:
            move = self.next_move()
            assert move is not None
            done.append(move)
            if stop_at_round_end and move.ends_round:
                break
            if stop_at_table and self.shows_table(move):
                break
        return done

    def shows_table(self, move: Move) -> bool:
        """Whether ``move`` leaves a result the player should see before play goes on: a
        finished trick (Kachuful, any seat), or the player's own capture (Krypkasino)."""
        return move.trick is not None or (move.human and move.capture is not None)

    def last_table(self) -> Move | None:
        """The latest move that finished a trick or made a capture ("Last trick/play")."""
        for move in reversed(self.moves):
            if move.trick is not None or move.capture is not None:
                return move
        return None

    def bid(self, n: int, blind: bool = False) -> Move | None:
        """Kachuful: the player bids ``n`` (refused bids are kept in :attr:`refusal`)."""
        action = self.play.bid_action(n, blind)
        if action is None:
            return None
        if not blind:
            self.look()
        return self.act(action)

    def play_card(self, card: Card | None) -> Move | None:
        """Kachuful: the player plays ``card`` (``None``: the unseen card of a forehead
        hand, resolved by the engine's bot helper)."""
        if self.play.chooses_capture or not self.human_turn:
            return None
        if card is None:
            return self.act(self.play.own_card_action(self.state))
        return self.act(self.play.card_action(card))

    def click_card(self, card: Card) -> Move | None:
        """Krypkasino: the player clicks ``card``. One legal way to play it is applied;
        several (C-6) make it :attr:`pending` with its :attr:`choices`; a card the rules
        refuse (C-8) leaves the engine's refusal."""
        if not self.play.chooses_capture or not self.human_turn:
            return None
        takes = self.play.capture_choices(self.state, card)
        if len(takes) > 1:
            self.pending, self.choices, self.refusal = self.play.card_action(card), takes, None
            return None
        return self.act(self.play.take_action(self.play.card_action(card),
                                              takes[0] if takes else None))

    def take(self, index: int) -> Move | None:
        """Krypkasino: play the pending card taking its ``index``-th choice."""
        if self.pending is None or not 0 <= index < len(self.choices):
            return None
        return self.act(self.play.take_action(self.pending, self.choices[index]))

    def cancel(self) -> None:
        self.pending, self.choices = None, ()

    def undo(self) -> bool:
        """Back to just before the player's last decision (its bot replies included)."""
        if not self.can_undo:
            return False
        state, count = self.undo_stack.pop()
        self.state = state.clone()
        del self.moves[count:]
        self._advice = {k: v for k, v in self._advice.items() if k <= count}
        self._before = {k: v for k, v in self._before.items() if k < count}
        self.refusal = None
        self.cancel()
        return True

    # -- the coach -------------------------------------------------------------------------

    def advice(self) -> Advice | None:
        """The coach's advice in the player's seat now (:mod:`engine.coach`: the analyst's
        best decision in one sentence, the figures of every decision), computed once per
        position; ``None`` when it is not the player's turn."""
        if not self.human_turn:
            return None
        key = len(self.moves)
        cached = self._advice.get(key)
        if cached is None:
            cached = coach.advise(self.state, self.seat,
                                  seed=bot_seed(self.setup.seed, key, self.seat))
            self._advice[key] = cached
        return cached

    def analysis_at(self, index: int) -> Analysis | None:
        """The analysis of the player's position before move ``index`` (the coach's, the
        same one whether or not the coach was shown); ``None`` when that move was not the
        player's decision."""
        cached = self._advice.get(index)
        if cached is None:
            before = self._before.get(index)
            if before is None:
                return None
            cached = coach.advise(before, self.seat,
                                  seed=bot_seed(self.setup.seed, index, self.seat))
            self._advice[index] = cached
        return cached.analysis

    def decision_review(self, round_: int) -> list[ReviewNote]:
        """Every decision the player took in hand (deal) ``round_``, marked by the analyst
        with the better choice and its figures (:func:`engine.coach.review_notes`)."""
        taken = []
        trick = 0
        for move in self.moves_of_round(round_):
            if move.human and move.seat == self.seat:
                analysis = self.analysis_at(move.index)
                if analysis is not None:
                    taken.append((move.action, analysis, trick + 1))
            if move.trick is not None:
                trick += 1
        return coach.review_notes(taken)

    def drills(self, number: int) -> list[coach.Drill]:
        """"Learn from your mistakes": the player's decisions of finished hand (deal)
        ``number`` (from 1) that the review marked worse than right, each position as it
        was, to play again and be judged by the same analysis."""
        ended = [m.round for m in self.moves if m.ends_round]
        if not 1 <= number <= len(ended):
            return []
        out = []
        trick = 0
        for move in self.moves_of_round(ended[number - 1]):
            if move.human and move.seat == self.seat:
                analysis = self.analysis_at(move.index)
                taken = None if analysis is None else coach.decision_of(analysis, move.action)
                if analysis is not None and taken is not None and taken.mark not in coach.RIGHT:
                    out.append(coach.drill(move.index, self._before[move.index], self.seat,
                                           analysis, trick + 1))
            if move.trick is not None:
                trick += 1
        return out

    def advice_ready(self) -> bool:
        return len(self.moves) in self._advice

    # -- what pages show -------------------------------------------------------------------

    def recent(self, count: int = 8) -> list[Move]:
        """The last ``count`` moves, newest first."""
        return self.moves[::-1][:count]

    def moves_of_round(self, round_: int) -> list[Move]:
        return [m for m in self.moves if m.round == round_]

    def record(self) -> dict[str, Any]:
        """The game so far as a record of FORMATS.md (the engine's writer)."""
        return self.play.record(self.state)

    def record_json(self) -> str:
        return json.dumps(self.record(), indent=1)

    def score_rows(self) -> list[tuple[int, ...]]:
        """Each finished hand's (deal's) scores, for the score chart."""
        return self.play.score_rows(self.state)

    def sheet(self) -> list[SheetRow]:
        """The score sheet: one row per finished hand (deal), with running totals."""
        return self.play.sheet(self.state)

    def reviews(self) -> list[tuple[int, list[ReviewNote]]]:
        """Every finished hand's (deal's) review for the player, newest first, as
        (hand number from 1 or deal number from 1, notes)."""
        count = self.play.results(self.state)
        ended = [m.round for m in self.moves if m.ends_round]
        return [(k + 1, [*GAMES[self.game].plugins.review(self, k),
                         *(self.decision_review(ended[k]) if k < len(ended) else [])])
                for k in reversed(range(count))]

    def end_event(self) -> Event | None:
        """The engine's end-of-game event, once the game is over."""
        if not self.over:
            return None
        return next((e for m in self.moves[-1:] for e in m.events
                     if e.kind in ("game-over", "session-over")), None)

    def first_game_facts(self) -> dict[str, int] | None:
        """Under the short first game: its length and the full game's (hands and most
        cards, or deals), else ``None``."""
        if not self.setup.is_first_game():
            return None
        full = new_state(self.setup.full_game())
        return self.play.first_facts(self.state, full, self.setup.players)


# -- the log, by trick or lot --------------------------------------------------------


@dataclass(frozen=True)
class LogGroup:
    """Moves of one trick (Kachuful; part 0 is the bidding) or one lot (Krypkasino, from
    1) of a hand or deal, oldest first; ``kind`` is ``bids``, ``trick`` or ``lot`` (the
    UI key ``play.log.<kind>`` titles it)."""

    round: int
    part: int
    moves: tuple[Move, ...]
    kind: str

    @property
    def fields(self) -> dict[str, int]:
        """The title's numbers: hand and trick (from 1), or deal and lot (from 1)."""
        if self.kind == "lot":
            return {"deal": self.round + 1, "lot": self.part}
        return {"hand": self.round, "trick": self.part}


def log_groups(moves: Sequence[Move], play: GamePlay) -> list[LogGroup]:
    """The moves of a game played through ``play`` grouped by trick or lot, oldest first,
    from the engine's events (:meth:`GamePlay.log_step`): a Kachuful card belongs to the
    trick after the last ``TrickWon`` of its hand; a Krypkasino play to the lot after the
    last ``NewLot`` of its deal (lot 1 first)."""
    groups: list[LogGroup] = []
    current: list[Move] = []
    key: tuple[int, int, str] | None = None
    after: dict[int, int] = {}  # per hand/deal: tricks finished, or the lot now played
    for move in moves:
        kind, part, now = play.log_step(move, after.get(move.round))
        if (move.round, part, kind) != key:
            if current and key is not None:
                groups.append(LogGroup(key[0], key[1], tuple(current), key[2]))
            current, key = [], (move.round, part, kind)
        current.append(move)
        if now is not None:
            after[move.round] = now
    if current and key is not None:
        groups.append(LogGroup(key[0], key[1], tuple(current), key[2]))
    return groups


# -- loading a record to replay it step by step --------------------------------------


def load_record(text: str | bytes) -> RecordReplay:
    """Read an uploaded record (JSON text) and replay it through the engine, one action
    of the registry's action stream at a time (a Krypkasino deal is dealt between steps).
    Raises :class:`RecordError` naming the field when it is not a valid record; an
    illegal action ends the replay with the engine's refusal in :attr:`RecordReplay.error`."""
    doc = load_json(text)  # size and nesting limits before anything walks it
    if not isinstance(doc, dict):
        raise RecordError("", "a record is a JSON object")
    fmt = doc.get("format")
    game = BY_FORMAT.get(fmt) if isinstance(fmt, str) else None
    if game is None:
        raise RecordError("format", "must be " + " or ".join(repr(f) for f in BY_FORMAT))
    record = game.read_record(doc)
    state: State = game.start_of(record)
    replay = RecordReplay(game.id, record.players, [], [])
    for action in game.actions_of(record):
        seat = state.current_player()
        player = seat is not None and seat != CHANCE  # not the dealing of a deal
        if player and not replay.states:
            replay.states.append(state.clone())
        try:
            events = game.apply_action(state, action)
        except RulesLabError as exc:
            replay.error = exc
            break
        if player:
            assert seat is not None
            replay.steps.append(ReplayStep(seat, action, tuple(events)))
            replay.states.append(state.clone())
    if not replay.states:
        replay.states.append(state.clone())
    return replay
