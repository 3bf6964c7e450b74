"""A game against the computer, without Streamlit: the session behind the play pages.

:class:`PlaySession` wraps an engine state (:class:`~engine.kachuful.KachufulState` or
:class:`~engine.krypkasino.KrypkasinoState`), the bots of the other seats and the history
of moves, so a page only reads it and calls its verbs in button callbacks:

* :meth:`PlaySession.next_move` — one bot move (only when the page asks: the player sets
  the pace); :meth:`PlaySession.until_my_turn` — bot moves until the player must act or a
  hand/deal ends.
* :meth:`PlaySession.bid`, :meth:`PlaySession.play_card` (Kachuful),
  :meth:`PlaySession.click_card` and :meth:`PlaySession.take` (Krypkasino) — the player's
  decisions. The engine checks them; a refusal is kept in :attr:`PlaySession.refusal`
  (its sentence in any language) and leaves the game unchanged.
* :meth:`PlaySession.undo` — back to just before the player's last decision, the bots'
  replies after it included (practice mode).
* :meth:`PlaySession.advice` — what the ``strong`` bot would do for the player, computed
  once per position and kept.

Nothing here decides legality or scores: the engine does. The reviews after a hand/deal
(:func:`kachuful_review`, :func:`krypkasino_review`) read the engine's results and events
and ask the engine's own functions (``playable_cards``, ``trick_winner``) what another card
would have done. Every bot decision is seeded from the game seed and the move number, so a
game replays identically from its setup and the player's choices.

>>> s = PlaySession.start(Setup("kachuful", 3, 0, ("human", "random", "random"),
...                             (("max_cards", 2),), seed=5))
>>> s.state.hand_count, s.human_turn or s.next_move() is not None
(3, True)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.bots import Decision, bot_move, make_bot
from engine.bots.kachuful import OWN_CARD, resolve
from engine.cards import Card
from engine.errors import IllegalActionError, RecordError, RulesLabError
from engine.game import Event
from engine.kachuful import Bid, HandResult, KachufulRules, KachufulState, playable_cards
from engine.kachuful import record as krecord
from engine.kachuful.events import HandScored, TrickWon
from engine.kachuful.rules import trick_winner
from engine.krypkasino import KrypkasinoRules, KrypkasinoState, Play
from engine.krypkasino import record as crecord
from engine.krypkasino.events import (
    Captured,
    DealScored,
    FaceCardsSetAside,
    LeftoversAwarded,
    NewLot,
    Swept,
)
from engine.krypkasino.state import DealResult
from engine.recordio import load_json

GAMES: tuple[str, ...] = ("kachuful", "krypkasino")
LEVELS: tuple[str, ...] = ("random", "basic", "strong")
HUMAN = "human"
#: Player counts each page offers.
PLAYERS: dict[str, tuple[int, ...]] = {"kachuful": tuple(range(3, 9)),
                                       "krypkasino": tuple(range(2, 7))}
MAX_SEED = 2**53 - 1

State = KachufulState | KrypkasinoState


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
        if self.game not in GAMES:
            raise ValueError(f"unknown game {self.game!r}")
        if self.players not in PLAYERS[self.game]:
            raise ValueError(f"{self.game} is played by {PLAYERS[self.game]} players")
        if not 0 <= self.seat < self.players or len(self.levels) != self.players:
            raise ValueError("one level per seat, the player's seat among them")
        for s, level in enumerate(self.levels):
            if level not in (HUMAN if s == self.seat else LEVELS):
                raise ValueError(f"seat {s}: level {level!r}")

    def rules(self) -> KachufulRules | KrypkasinoRules:
        """The engine's variant value (raises the engine's error for a bad option)."""
        if self.game == "kachuful":
            return KachufulRules.from_dict(dict(self.variant))
        return KrypkasinoRules.from_dict(dict(self.variant))

    @classmethod
    def default(cls, game: str, players: int | None = None, seat: int = 0,
                level: str = "basic", seed: int = 1) -> Setup:
        n = players if players is not None else (4 if game == "kachuful" else 2)
        return cls(game, n, seat, tuple(HUMAN if s == seat else level for s in range(n)),
                   (), seed)


def bot_seed(seed: int, move: int, seat: int) -> int:
    """The seed of the bot deciding move number ``move`` (from 0) for ``seat``: a bot is
    made fresh for each decision, so the game depends only on its setup and the moves.

    >>> bot_seed(1, 0, 2) != bot_seed(1, 1, 2)
    True
    """
    return (seed * 1_000_003 + move * 7_919 + seat * 104_729) % (2**62)


def new_state(setup: Setup) -> State:
    """The engine state of a new game of ``setup``."""
    rules = setup.rules()
    if isinstance(rules, KachufulRules):
        return KachufulState.new_game(setup.players, rules, seed=setup.seed)
    return KrypkasinoState.new(setup.players, setup.seed, rules)


# -- the moves -------------------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """One action applied to the game: who, what, why (a bot's decision), what happened.

    ``round`` is the Kachuful hand number (from 1) or the Krypkasino deal index (from 0)
    the move belongs to; ``table_before``/``table_after`` are Krypkasino's table around it.
    """

    index: int
    seat: int
    action: Any
    events: tuple[Event, ...]
    decision: Decision[Any] | None = None
    human: bool = False
    round: int = 0
    table_before: tuple[Card, ...] = ()
    table_after: tuple[Card, ...] = ()

    @property
    def ends_round(self) -> bool:
        """Whether this move finished a hand (Kachuful) or a deal (Krypkasino)."""
        return any(isinstance(e, (HandScored, DealScored)) for e in self.events)


def action_text(action: Any) -> str:
    """An action in short text: ``"2"``, ``"blind 1"``, ``"10♦"``, ``"7♠ takes 3♦ 4♣"``."""
    if isinstance(action, Play):
        if action.take:
            return f"{action.card} → {' '.join(str(c) for c in action.take)}"
        return str(action.card)
    return str(action)


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
    pending: Play | None = None
    choices: tuple[tuple[Card, ...], ...] = ()
    #: Kachuful blind bids: the hands (numbers) in which the player has looked at the cards.
    looked: set[int] = field(default_factory=set)
    _advice: dict[int, Decision[Any]] = field(default_factory=dict)

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
        if isinstance(self.state, KachufulState):
            return self.state.hand_number
        return self.state.deal_index

    @property
    def can_undo(self) -> bool:
        return self.setup.practice and bool(self.undo_stack)

    def may_look(self) -> bool:
        """Kachuful under blind bids: the player has not looked at this hand's cards yet
        and could still bid blind."""
        state = self.state
        return (isinstance(state, KachufulState) and state.rules.blind_bids
                and self.human_turn and state.bids[self.seat] is None
                and state.hand_number not in self.looked)

    def look(self) -> None:
        """The player looks at the cards (no blind bid in this hand any more)."""
        if isinstance(self.state, KachufulState):
            self.looked.add(self.state.hand_number)

    # -- applying --------------------------------------------------------------------------

    def _apply(self, action: Any, decision: Decision[Any] | None, human: bool,
               groups: Sequence[Sequence[Card]] | None = None) -> Move:
        state = self.state
        seat = state.current_player()
        assert seat is not None
        round_ = self.round
        before: tuple[Card, ...] = ()
        if isinstance(state, KrypkasinoState):
            before = state.table_cards()
            events: list[Any] = state.apply(action, groups)
            after = self._table_after(events)
        else:
            events = state.apply(action)
            after = ()
        move = Move(len(self.moves), seat, action, tuple(events), decision, human, round_,
                    before, after)
        self.moves.append(move)
        return move

    def _table_after(self, events: Sequence[Event]) -> tuple[Card, ...]:
        """The table right after the play: before a new lot's face cards leave it (C-11),
        or the leftovers taken at the end of the deal (C-12)."""
        state = self.state
        assert isinstance(state, KrypkasinoState)
        for e in events:
            if isinstance(e, (NewLot, DealScored)):
                faces = [f for f in events if isinstance(f, FaceCardsSetAside)]
                left = [f for f in events if isinstance(f, LeftoversAwarded)]
                if left:
                    return left[0].cards
                return (*state.table_cards(), *(c for f in faces for c in f.cards))
        return state.table_cards()

    def _human(self, action: Any, groups: Sequence[Sequence[Card]] | None = None) -> Move | None:
        """Apply the player's action, or keep the engine's refusal (nothing changes)."""
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
        self.pending = None
        self.choices = ()
        self.undo_stack.append((snapshot, count))
        return move

    def next_move(self) -> Move | None:
        """One bot move, when a bot is to act (``None`` otherwise)."""
        if not self.bot_turn:
            return None
        seat = self.to_act
        assert seat is not None
        index = len(self.moves)
        bot = make_bot(self.game, self.setup.levels[seat], seed=bot_seed(self.setup.seed,
                                                                         index, seat))
        action, decision = bot_move(self.state, bot)
        self.refusal = None
        return self._apply(action, decision, False)

    def until_my_turn(self, stop_at_round_end: bool = True, limit: int = 10_000,
                      stop_at_table: bool = False) -> list[Move]:
        """Bot moves until the player must act, the game is over, or (by default) a
        hand/deal has just ended, so the player sees its last trick and review. With
        ``stop_at_table``, also after a move that leaves something to look at on the table
        (:meth:`shows_table`: a finished Kachuful trick)."""
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

    @staticmethod
    def finished_trick(move: Move) -> TrickWon | None:
        """The engine's event of the Kachuful trick ``move`` completed, if it did."""
        return next((e for e in move.events if isinstance(e, TrickWon)), None)

    @staticmethod
    def capture(move: Move) -> Captured | None:
        """The engine's event of the Krypkasino capture ``move`` made, if it did."""
        return next((e for e in move.events if isinstance(e, Captured)), None)

    def shows_table(self, move: Move) -> bool:
        """Whether ``move`` leaves a result the player should see before play goes on: a
        finished trick (Kachuful, any seat), or the player's own capture (Krypkasino)."""
        if self.finished_trick(move) is not None:
            return True
        return move.human and self.capture(move) is not None

    def last_table(self) -> Move | None:
        """The latest move that finished a trick (Kachuful) or made a capture (Krypkasino),
        for "Last trick"/"Last play"."""
        for move in reversed(self.moves):
            if self.finished_trick(move) is not None or self.capture(move) is not None:
                return move
        return None

    def bid(self, n: int, blind: bool = False) -> Move | None:
        """Kachuful: the player bids ``n`` (refused bids are kept in :attr:`refusal`)."""
        if blind:
            return self._human(Bid(n, True))
        self.look()
        return self._human(Bid(n))

    def play_card(self, card: Card | None) -> Move | None:
        """Kachuful: the player plays ``card`` (``None``: the unseen card of a forehead
        hand, resolved by the engine's bot helper)."""
        if not isinstance(self.state, KachufulState) or not self.human_turn:
            return None
        if card is None:
            return self._human(resolve(self.state, OWN_CARD))
        return self._human(card)

    def click_card(self, card: Card) -> Move | None:
        """Krypkasino: the player clicks ``card``. One legal way to play it is applied;
        several (C-6) make it :attr:`pending` with its :attr:`choices`; a card the rules
        refuse (C-8) leaves the engine's refusal."""
        state = self.state
        if not isinstance(state, KrypkasinoState) or not self.human_turn:
            return None
        takes = tuple(dict.fromkeys(
            p.take for p in state.legal_actions() if p.card == card and p.take is not None))
        if len(takes) > 1:
            self.pending, self.choices, self.refusal = Play(card, None), takes, None
            return None
        return self._human(Play(card, takes[0] if takes else None))

    def take(self, index: int) -> Move | None:
        """Krypkasino: play the pending card taking its ``index``-th choice."""
        if self.pending is None or not 0 <= index < len(self.choices):
            return None
        return self._human(Play(self.pending.card, self.choices[index]))

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
        self.refusal = None
        self.cancel()
        return True

    # -- the coach -------------------------------------------------------------------------

    def advice(self) -> Decision[Any] | None:
        """What the ``strong`` bot would do in the player's seat now, and why (computed
        once per position; ``None`` when it is not the player's turn)."""
        if not self.human_turn:
            return None
        key = len(self.moves)
        cached = self._advice.get(key)
        if cached is None:
            bot = make_bot(self.game, "strong", seed=bot_seed(self.setup.seed, key, self.seat))
            _, cached = bot_move(self.state, bot)
            self._advice[key] = cached
        return cached

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
        if isinstance(self.state, KachufulState):
            return krecord.to_record(self.state)
        return crecord.to_record(self.state)

    def record_json(self) -> str:
        return json.dumps(self.record(), indent=1)

    def score_rows(self) -> list[tuple[int, ...]]:
        """Each finished hand's (deal's) scores, for the score chart."""
        if isinstance(self.state, KachufulState):
            return [r.scores for r in self.state.results if r.scores is not None]
        return [r.scores for r in self.state.results]


# -- the score sheets ----------------------------------------------------------------


@dataclass(frozen=True)
class KachufulSheetRow:
    hand: int
    size: int
    trump: str
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]


def kachuful_sheet(results: Sequence[HandResult]) -> list[KachufulSheetRow]:
    """One row per finished hand: bids, tricks, points and running totals."""
    from engine.kachuful import trump_code

    rows: list[KachufulSheetRow] = []
    totals: list[int] = []
    for r in results:
        if r.scores is None:
            continue
        totals = [a + b for a, b in zip(totals or [0] * len(r.scores), r.scores, strict=True)]
        rows.append(KachufulSheetRow(r.hand, r.setup.size, trump_code(r.setup.trump),
                                     tuple(b if b is not None else 0 for b in r.bids),
                                     r.tricks, r.scores, tuple(totals)))
    return rows


@dataclass(frozen=True)
class KrypkasinoSheetRow:
    deal: int
    dealer: int
    card_points: tuple[int, ...]
    sweeps: tuple[int, ...]
    sweep_points: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]


def krypkasino_sheet(results: Sequence[DealResult]) -> list[KrypkasinoSheetRow]:
    """One row per finished deal: card points, sweeps made, sweep points, score, totals."""
    rows: list[KrypkasinoSheetRow] = []
    totals: list[int] = []
    for r in results:
        n = len(r.scores)
        totals = [a + b for a, b in zip(totals or [0] * n, r.scores, strict=True)]
        made = tuple(sum(1 for s in r.sweeps if s.seat == seat) for seat in range(n))
        rows.append(KrypkasinoSheetRow(r.deal, r.dealer, r.card_points, made, r.sweep_points,
                                       r.scores, tuple(totals)))
    return rows


# -- the reviews ---------------------------------------------------------------------


@dataclass(frozen=True)
class Note:
    """One line of a review: a UI string key (``play.review.*``) and its data (cards
    already written as text)."""

    key: str
    data: tuple[tuple[str, Any], ...] = ()

    @property
    def fields(self) -> dict[str, Any]:
        return dict(self.data)


def _note(key: str, **data: Any) -> Note:
    return Note(key, tuple(data.items()))


@dataclass(frozen=True)
class Trick:
    number: int
    leader: int
    cards: tuple[Card, ...]  # in play order
    winner: int

    def card_of(self, seat: int, players: int) -> Card:
        return self.cards[(seat - self.leader) % players]


def tricks_of(result: HandResult, players: int) -> list[Trick]:
    """The tricks of a hand from its play list and trick winners (K-10, K-12)."""
    leader = (result.setup.dealer + 1) % players
    tricks = []
    for k, winner in enumerate(result.trick_winners):
        cards = result.play[k * players:(k + 1) * players]
        if len(cards) < players:
            break
        tricks.append(Trick(k + 1, leader, tuple(cards), winner))
        leader = winner
    return tricks


def kachuful_review(result: HandResult, seat: int, players: int,
                    rules: KachufulRules) -> list[Note]:
    """After a hand: the bid against the tricks, and where the bid went wrong.

    Taking too many: each trick the seat won, with a card it could have played instead
    that would have lost it (the others' cards as they were played). Too few: each trick
    it lost that another legal card would have won. Both found with the engine's
    ``playable_cards`` and ``trick_winner``; hindsight, since the others might have
    played differently.
    """
    bid = result.bids[seat]
    taken = result.tricks[seat]
    assert bid is not None and result.scores is not None
    notes = [_note("play.review.k.summary", bid=bid, tricks=taken, points=result.scores[seat])]
    if result.reneged[seat]:
        notes.append(_note("play.review.k.reneged"))
    if bid == taken:
        notes.append(_note("play.review.k.made"))
        return notes
    trump = result.setup.trump
    hand = list(result.setup.deal[seat])
    over = taken > bid
    found = False
    for trick in tricks_of(result, players):
        mine = trick.card_of(seat, players)
        led = None if trick.leader == seat else trick.cards[0].suit
        # Alternatives that follow suit (K-11), even under ``renege: penalized``.
        options = [c for c in playable_cards(hand, led) if c != mine]
        hand.remove(mine)
        won = trick.winner == seat
        if won != over:
            continue
        position = (seat - trick.leader) % players
        better = []
        for other in options:
            cards = list(trick.cards)
            cards[position] = other
            wins = trick_winner(cards, trump)[0] == position
            if wins != won:
                better.append(other)
        if better:
            found = True
            key = "play.review.k.could-duck" if over else "play.review.k.could-win"
            notes.append(_note(key, trick=trick.number, card=str(mine),
                               others=", ".join(str(c) for c in better[:4])))
        elif over:
            notes.append(_note("play.review.k.had-to-win", trick=trick.number, card=str(mine)))
    if not found:
        notes.append(_note("play.review.k.bid-high" if not over else "play.review.k.bid-low",
                           bid=bid, tricks=taken))
    return notes


def krypkasino_review(moves: Sequence[Move], seat: int, result: DealResult | None) -> list[Note]:
    """After a deal (or so far): the seat's sweeps, the sweeps against it and which of its
    plays (a trail or a capture) left the table that was swept (C-9), then its figures."""
    notes: list[Note] = []
    for i, move in enumerate(moves):
        for event in move.events:
            if not isinstance(event, Swept):
                continue
            double = "double" if event.double else "single"
            if event.seat == seat:
                notes.append(_note(f"play.review.c.swept.{double}", card=str(event.card),
                                   points=event.points, victim=event.victim))
            elif event.victim == seat:
                before = moves[i - 1] if i > 0 else None
                fresh = before is None or before.seat != seat or any(
                    isinstance(e, NewLot) for e in before.events)
                if fresh:
                    notes.append(_note("play.review.c.dealer-paid", card=str(event.card),
                                       sweeper=event.seat, points=event.points))
                else:
                    assert before is not None
                    kind = "capture" if before.action.take else "trail"
                    left = ", ".join(str(c) for c in before.table_after)
                    notes.append(_note(f"play.review.c.left.{kind}",
                                       card=str(before.action.card), table=left,
                                       sweeper=event.seat, sweeper_card=str(event.card),
                                       points=event.points))
    if not notes:
        notes.append(_note("play.review.c.no-sweeps"))
    if result is not None:
        notes.append(_note("play.review.c.summary", cards=result.card_points[seat],
                           sweeps=result.sweep_points[seat], score=result.scores[seat]))
    return notes


# -- the dealer's forbidden bid and the forced sweep, in the engine's words ------------


def refused_bids(state: KachufulState, lang: str) -> list[tuple[int, str]]:
    """The numbers 0..hand size the current bidder may not bid, each with the engine's
    refusal (K-9 for the dealer under the hook rule)."""
    if state.current_player() is None or state.bids.count(None) == 0:
        return []
    out = []
    allowed = set(state.legal_bid_numbers())
    for n in range(state.hand_size + 1):
        if n in allowed:
            continue
        try:
            state.check(Bid(n))
        except IllegalActionError as exc:
            out.append((n, exc.localized(lang)))
    return out


def forced_sweep(state: KrypkasinoState) -> list[Card]:
    """The cards of the player to act that take the whole table when C-8 forces one of
    them (empty when no sweep is forced)."""
    if not state.rules.forced_sweep or state.current_player() is None:
        return []
    return state.sweeping_cards()


# -- loading a record to replay it step by step --------------------------------------


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


def load_record(text: str | bytes) -> RecordReplay:
    """Read an uploaded record (JSON text). Raises :class:`RecordError` naming the field
    when it is not a valid record (the text is never shown as HTML)."""
    doc = load_json(text)  # size and nesting limits before anything walks it
    if not isinstance(doc, dict):
        raise RecordError("", "a record is a JSON object")
    fmt = doc.get("format")
    if fmt == krecord.FORMAT:
        return _kachuful_replay(doc)
    if fmt == crecord.FORMAT:
        return _krypkasino_replay(doc)
    raise RecordError("format", f"must be {krecord.FORMAT!r} or {crecord.FORMAT!r}")


def _kachuful_replay(doc: Mapping[str, Any]) -> RecordReplay:
    record = krecord.read_record(doc)
    if not record.hands:
        raise RecordError("hands", "the record has no hand to replay")
    n = record.players
    state = KachufulState.from_hands(n, [h.setup for h in record.hands], record.rules)
    actions: list[Bid | Card] = []
    for hand in record.hands:
        for k in range(n):
            s = (hand.setup.dealer + 1 + k) % n
            b = hand.bids[s]
            if b is None:
                break
            actions.append(Bid(b, s in hand.blind))
        actions.extend(hand.play)
    replay = RecordReplay("kachuful", n, [], [state.clone()])
    for action in actions:
        seat = state.current_player()
        assert seat is not None
        try:
            events = state.apply(action)
        except RulesLabError as exc:
            replay.error = exc
            break
        replay.steps.append(ReplayStep(seat, action, tuple(events)))
        replay.states.append(state.clone())
    return replay


def _krypkasino_replay(doc: Mapping[str, Any]) -> RecordReplay:
    record = crecord.read_record(doc)
    state = KrypkasinoState(record.players, record.rules, first_dealer=record.deals[0].dealer)
    replay = RecordReplay("krypkasino", record.players, [], [])
    for deal in record.deals:
        if deal.seed is not None:
            state.start_deal(seed=deal.seed)
        else:
            assert deal.hands is not None and deal.table is not None and deal.stock is not None
            state.start_deal(deal.hands, deal.table, deal.stock)
        if not replay.states:
            replay.states.append(state.clone())
        for rp in deal.plays:
            seat = state.current_player()
            assert seat is not None
            try:
                if rp.groups is None:
                    action = Play(rp.card, None)
                    events = state.apply(action)
                else:
                    action = Play(rp.card, tuple(c for g in rp.groups for c in g))
                    events = state.apply(Play(rp.card, ()), groups=rp.groups)
            except RulesLabError as exc:
                replay.error = exc
                return replay
            replay.steps.append(ReplayStep(seat, action, tuple(events)))
            replay.states.append(state.clone())
    return replay


# -- the link: a game's setup in the URL ---------------------------------------------

#: Kachuful's variant options (RULES.md's table order), and Krypkasino's.
KACHUFUL_OPTIONS: tuple[str, ...] = ("schedule", "max_cards", "trumps", "hook_rule", "scoring",
                                     "blind_bids", "one_card_forehead", "renege")
KRYPKASINO_OPTIONS: tuple[str, ...] = ("capture", "sweep_points", "double_sweep",
                                       "forced_sweep", "session")
SETUP_KEYS: tuple[str, ...] = ("players", "seat", "bots", "seed", "practice")
YOU = "you"


def options_of(game: str) -> tuple[str, ...]:
    return KACHUFUL_OPTIONS if game == "kachuful" else KRYPKASINO_OPTIONS


def link_keys(game: str) -> tuple[str, ...]:
    """Every query key the play page of ``game`` reads."""
    return (*SETUP_KEYS, *options_of(game))


def option_choices(game: str, name: str, players: int) -> tuple[str, ...]:
    """The values an option may take, as written in links and offered by the page."""
    if game == "kachuful":
        from ui.walkthrough_kachuful import option_choices as kachuful_choices

        return kachuful_choices(name, players)
    from ui.walkthrough_krypkasino import (
        BOOL_CHOICES,
        CAPTURE_CHOICES,
        MAX_SWEEP_POINTS,
        SESSION_CHOICES,
    )

    choices: dict[str, tuple[str, ...]] = {
        "capture": CAPTURE_CHOICES, "double_sweep": BOOL_CHOICES,
        "forced_sweep": BOOL_CHOICES, "session": SESSION_CHOICES,
        "sweep_points": tuple(str(n) for n in range(0, MAX_SWEEP_POINTS + 1)),
    }
    return choices[name]


def option_text(rules: KachufulRules | KrypkasinoRules, name: str) -> str:
    """An option of ``rules`` as a link writes it (``true``, ``auto``, ``5``, ``rotation``)."""
    value = getattr(rules, name)
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "auto"
    return str(value)


def option_value(game: str, name: str, text: str) -> Any:
    """The engine's value of an option written as :func:`option_text` writes it."""
    if text in ("true", "false"):
        return text == "true"
    if name == "max_cards":
        return None if text == "auto" else text if text == "classic" else int(text)
    if name == "sweep_points" or (name == "session" and text != "rotation"):
        return int(text)
    return text


def read_setup(game: str, params: Mapping[str, str], lang: str = "en",
               seed: int = 1) -> tuple[Setup, list[Any]]:
    """The setup a link asks for, and the problems with its values (each bad value falls
    back to a default with a :class:`ui.query.Problem`). ``seed`` is used when the link
    has none.

    >>> s, problems = read_setup("kachuful", {"players": "3", "seat": "1",
    ...                          "bots": "strong,you,nobody", "max_cards": "3"})
    >>> s.levels, s.variant, len(problems)
    (('strong', 'human', 'basic'), (('max_cards', 3),), 1)
    """
    from ui.query import LinkReader, Problem
    from ui.safe import echo

    reader = LinkReader(lang, params=params)
    counts = PLAYERS[game]
    default_players = 4 if game == "kachuful" else 2
    players = reader.int("players", default_players, lo=counts[0], hi=counts[-1])
    raw_bots = reader.text("bots", "")
    words = raw_bots.split(",") if raw_bots else []
    named = [i for i, w in enumerate(words[:players]) if w.strip() == YOU]
    seat = reader.int("seat", named[0] if named else 0, lo=0, hi=players - 1)
    levels: list[str] = []
    for s in range(players):
        word = words[s].strip() if s < len(words) else ""
        if s == seat:
            levels.append(HUMAN)
        elif word in LEVELS:
            levels.append(word)
        else:
            if word and word != YOU:
                reader.problems.append(Problem("query.bad-choice", (
                    ("name", "bots"), ("value", echo(word)), ("choices", ", ".join(LEVELS)),
                    ("default", "basic"))))
            levels.append("basic")
    chosen_seed = reader.int("seed", seed, lo=0, hi=MAX_SEED)
    practice = reader.choice("practice", ("true", "false"), "true") == "true"
    variant: dict[str, Any] = {}
    for name in options_of(game):
        choices = option_choices(game, name, players)
        default = option_text(KachufulRules() if game == "kachuful" else KrypkasinoRules(),
                              name)
        text = reader.choice(name, choices, default if default in choices else choices[0])
        if text != default:
            variant[name] = option_value(game, name, text)
    setup = Setup(game, players, seat, tuple(levels), tuple(variant.items()), chosen_seed,
                  practice)
    try:
        new_state(setup)
    except (RulesLabError, ValueError):
        setup = Setup(game, players, seat, tuple(levels), (), chosen_seed, practice)
    return setup, list(reader.problems)


def setup_params(setup: Setup) -> dict[str, str | None]:
    """The query that reproduces ``setup`` (default variant options are left out)."""
    out: dict[str, str | None] = {
        "players": str(setup.players), "seat": str(setup.seat),
        "bots": ",".join(YOU if level == HUMAN else level for level in setup.levels),
        "seed": str(setup.seed), "practice": None if setup.practice else "false",
    }
    given = dict(setup.variant)
    for name in options_of(setup.game):
        out[name] = None
        if name in given:
            rules = setup.rules()
            out[name] = option_text(rules, name)
    return out


# -- drawing: the parts both play pages share (Streamlit is imported inside) ------------
# The functions above are pure; these put a session on the page. Each page passes its
# widget-key prefix (``kplay.`` or ``cplay.``), so keys stay unique per page.

SUIT_COLOURS = {"H": "red", "D": "red", "S": "", "C": ""}
FOUR_COLOURS = {"H": "red", "D": "blue", "S": "", "C": "green"}


def button_label(card: Card, four_colour: bool = False, filled: bool = False) -> str:
    """A card as a button label (markdown): ``":red[10♥]"``; black suits plain, and every
    suit plain on a ``filled`` (primary: playable) button, where coloured text would be hard
    to read. A playable card also carries a ✓, so the fill is not its only sign (and a screen
    reader says it).

    >>> from engine.cards import parse_card
    >>> button_label(parse_card("TH")), button_label(parse_card("2C"), True)
    (':red[10♥]', ':green[2♣]')
    >>> button_label(parse_card("TH"), filled=True)
    '✓ 10♥'
    """
    colour = "" if filled else (FOUR_COLOURS if four_colour else SUIT_COLOURS)[card.suit.value]
    text = str(card)
    if filled:
        return f"✓ {text}"
    return f":{colour}[{text}]" if colour else text


def signed(points: int) -> str:
    """Points added in a sum: ``"+ 5"``, ``"− 5"``.

    >>> signed(5), signed(-10), signed(0)
    ('+ 5', '− 10', '+ 0')
    """
    return f"− {-points}" if points < 0 else f"+ {points}"


def seat_name(seat: int, setup: Setup, lang: str) -> str:
    """``Seat 2 (you)`` or ``Seat 1 (strong)`` in ``lang``."""
    from ui.i18n import t

    if seat == setup.seat:
        return t("play.seat.you", lang, seat=seat)
    return t("play.seat.bot", lang, seat=seat, level=t(f"play.level.{setup.levels[seat]}", lang))


def event_sentence(event: Event, lang: str) -> str:
    """An engine event in words (the engine's catalogue: each game's events have a key)."""
    from engine.messages import render

    key: str = getattr(event, "key")  # noqa: B009 - the base Event has no key
    return render(key, lang, **event.message_data())


def session_of(prefix: str) -> PlaySession:
    import streamlit as st

    session: PlaySession = st.session_state[prefix + "session"]
    return session


def ensure_session(game: str, prefix: str, lang: str) -> tuple[PlaySession, list[Any]]:
    """The page's game: started from the link on arrival (or when the link changes),
    otherwise the one in this browser session. Returns it with the link's problems."""
    import random

    import streamlit as st

    link = {k: st.query_params[k] for k in link_keys(game) if k in st.query_params}
    key = prefix + "session"
    problems: list[Any] = []
    if key not in st.session_state or (link and link != st.session_state.get(prefix + "sent")):
        # A visitor without a link starts with the short first game (FIRST_GAME).
        setup, problems = read_setup(game, link or FIRST_GAME[game], lang,
                                     seed=random.randrange(1, 1_000_000))
        st.session_state[key] = PlaySession.start(setup)
    return session_of(prefix), problems


#: The first game a visitor without a link gets: short, with the coach (on by default).
#: The full game (the rules' own defaults) is one click away (:func:`render_first_game`).
FIRST_GAME: dict[str, dict[str, str]] = {
    "kachuful": {"players": "4", "max_cards": "5"},
    "krypkasino": {"players": "2", "session": "1"},
}
#: The options the first game sets, dropped for the full game.
_FIRST_OPTIONS = {"kachuful": ("max_cards",), "krypkasino": ("session",)}


def is_first_game(setup: Setup) -> bool:
    """Whether ``setup`` plays the first game's short variant."""
    wanted = {k: v for k, v in FIRST_GAME[setup.game].items() if k in _FIRST_OPTIONS[setup.game]}
    given = {k: option_text(setup.rules(), k) for k in wanted}
    return given == wanted


def full_game(setup: Setup) -> Setup:
    """``setup`` with the rules' own length (the first game's short options dropped)."""
    variant = tuple((k, v) for k, v in setup.variant if k not in _FIRST_OPTIONS[setup.game])
    return Setup(setup.game, setup.players, setup.seat, setup.levels, variant, setup.seed,
                 setup.practice)


def on_full_game(prefix: str) -> None:
    import streamlit as st

    st.session_state[prefix + "session"] = PlaySession.start(full_game(session_of(prefix).setup))


def render_first_game(prefix: str, lang: str) -> None:
    """Under a first game: what it is, and the button to the full game (its length from
    the engine)."""
    import streamlit as st

    from ui.i18n import t

    session = session_of(prefix)
    setup = session.setup
    if not is_first_game(setup):
        return
    state = session.state
    full = new_state(full_game(setup))
    if isinstance(state, KachufulState) and isinstance(full, KachufulState):
        st.caption(t("play.first.kachuful", lang, players=setup.players, hands=state.hand_count,
                     cards=max(state.schedule)))
        label = t("play.full.kachuful", lang, hands=full.hand_count, cards=max(full.schedule))
    else:
        assert isinstance(full, KrypkasinoState)
        st.caption(t("play.first.krypkasino", lang, players=setup.players))
        label = t("play.full.krypkasino", lang, deals=full.session_length)
    st.button(label, key=prefix + "full", on_click=on_full_game, args=(prefix,),
              icon=":material/playing_cards:")


def write_link(setup: Setup, prefix: str) -> None:
    """Mirror the setup in the URL (and remember what was written)."""
    import streamlit as st

    from ui.query import write_params

    params = setup_params(setup)
    write_params(**params)
    st.session_state[prefix + "sent"] = {k: v for k, v in params.items() if v is not None}


def after_player_move(prefix: str) -> None:
    """After the player's accepted move: the bots answer at once when the auto switch is on."""
    import streamlit as st

    session = session_of(prefix)
    if session.refusal is None and st.session_state.get(prefix + "auto", True):
        if session.moves and session.moves[-1].human and session.shows_table(session.moves[-1]):
            return  # the trick the player finished, or the capture, stays on the table
        session.until_my_turn(stop_at_table=True)


def on_next(prefix: str) -> None:
    session_of(prefix).next_move()


def on_until(prefix: str) -> None:
    session_of(prefix).until_my_turn(stop_at_table=True)


def on_undo(prefix: str) -> None:
    session_of(prefix).undo()


def on_again(prefix: str) -> None:
    """The same setup again with a new seed (new cards)."""
    import random

    import streamlit as st

    old = session_of(prefix).setup
    setup = Setup(old.game, old.players, old.seat, old.levels, old.variant,
                  random.randrange(1, 1_000_000), old.practice)
    st.session_state[prefix + "session"] = PlaySession.start(setup)


def render_game_over(prefix: str, lang: str) -> None:
    """The engine's end-of-game sentence and a button for another game like this one."""
    import streamlit as st

    from ui.i18n import t
    from ui.safe import escape_markdown

    session = session_of(prefix)
    if not session.over:
        return
    ends = [e for m in session.moves[-1:] for e in m.events
            if e.kind in ("game-over", "session-over")]
    if ends:
        st.success(escape_markdown(event_sentence(ends[0], lang)),
                   icon=":material/emoji_events:")
    st.button(t("play.again", lang), key=prefix + "again", on_click=on_again, args=(prefix,),
              type="primary", icon=":material/replay:")


def share_url(setup: Setup, page: str, origin: str, extra: Mapping[str, str]) -> str:
    """The address that restarts this game: ``origin`` + ``page`` + the setup's query.

    >>> share_url(Setup.default("kachuful", 3, seed=4), "kachuful_play", "http://x/", {})
    'http://x/kachuful_play?players=3&seat=0&bots=you%2Cbasic%2Cbasic&seed=4'
    """
    import urllib.parse

    query = {**extra, **{k: v for k, v in setup_params(setup).items() if v is not None}}
    return f"{origin}{page}?{urllib.parse.urlencode(query)}"


def render_share(prefix: str, lang: str, page: str, extra: Mapping[str, str]) -> None:
    """The link to this game (same setup, same seed), ready to copy."""
    import urllib.parse

    import streamlit as st

    from ui.i18n import t

    try:
        parts = urllib.parse.urlsplit(str(st.context.url or ""))
        origin = f"{parts.scheme}://{parts.netloc}/" if parts.scheme and parts.netloc else "/"
    except Exception:  # noqa: BLE001 - no URL outside a browser session (tests)
        origin = "/"
    with st.expander(t("play.share", lang), icon=":material/link:"):
        st.code(share_url(session_of(prefix).setup, page, origin, extra), language=None)


def render_card_buttons(prefix: str, lang: str, cards: Sequence[Card], keys: Sequence[str],
                        states: Sequence[Any], reasons: Mapping[int, str], on_click: Any,
                        args: Sequence[tuple[Any, ...]], four_colour: bool) -> None:
    """The player's hand as a row of buttons drawn as cards, sorted by suit and rank
    (:func:`ui.cards.sorted_positions`): ``states[i]`` is ``"legal"`` (raised) or
    ``"dimmed"`` (greyed, ``reasons[i]`` on hover: the engine's refusal), the button at
    ``keys[i]`` calls ``on_click(*args[i])``. A caption says how to play and, per reason,
    which cards it refuses."""
    import streamlit as st

    from ui.cards import card_button_css, sorted_positions
    from ui.i18n import t

    order = sorted_positions(cards)
    st.html(card_button_css([(keys[i], cards[i], states[i]) for i in order], four_colour))
    with st.container(horizontal=True, key=prefix + "hand"):
        for i in order:
            st.button(str(cards[i]) + "\ufe0e", key=keys[i], on_click=on_click, args=args[i],
                      help=reasons.get(i), type="secondary")
    notes = [t("play.hand.legal", lang)]
    by_reason: dict[str, list[str]] = {}
    for i in order:
        if i in reasons:
            by_reason.setdefault(reasons[i], []).append(str(cards[i]))
    notes += [t("play.hand.dimmed", lang, cards=", ".join(c), reason=r)
              for r, c in by_reason.items()]
    st.caption("  \n".join(escape_md(n) for n in notes))


def table_html(head: Sequence[str], rows: Sequence[Sequence[str]], label: str) -> str:
    """A small table (every cell escaped) in a labelled, focusable box that scrolls
    sideways on its own when the screen is too narrow (the page never does)."""
    from ui.safe import escape_html

    cells = "".join(f'<th scope="col">{escape_html(h)}</th>' for h in head)
    body = "".join("<tr>" + "".join(f"<td>{escape_html(c)}</td>" for c in row) + "</tr>"
                   for row in rows)
    name = escape_html(label)
    return (f'<div class="rl-scroll" role="region" tabindex="0" aria-label="{name}">'
            f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table></div>")


def escape_md(text: str) -> str:
    from ui.safe import escape_markdown

    return escape_markdown(text)


def trick_entries(event: TrickWon, setup: Setup, lang: str) -> list[tuple[str, Card, Any]]:
    """A finished trick from the engine's ``TrickWon``: each card with the seat that played
    it (from the leader on), the winner's card highlighted."""
    out: list[tuple[str, Card, Any]] = []
    for i, card in enumerate(event.cards):
        seat = (event.leader + i) % setup.players
        out.append((short_seat(seat, setup, lang), card,
                    "highlight" if seat == event.seat else "normal"))
    return out


def short_seat(seat: int, setup: Setup, lang: str) -> str:
    """``Seat 2 (you)`` for the player, ``Seat 1`` for a bot (under a card on the table)."""
    from ui.i18n import t

    return t("play.seat.you", lang, seat=seat) if seat == setup.seat else \
        t("play.seat", lang, seat=seat)


def capture_entries(move: Move, setup: Setup, lang: str) -> list[tuple[str, Card, Any]]:
    """A capture from the engine's ``Captured`` event and the table before it: the card
    played first, then the table, the taken cards highlighted (one copy per taken card)."""
    from ui.i18n import t

    event = PlaySession.capture(move)
    assert event is not None
    wanted = list(event.cards)
    out: list[tuple[str, Card, Any]] = [
        (t("play.capture.played", lang, seat=short_seat(move.seat, setup, lang)), event.card,
         "highlight")]
    for card in move.table_before:
        if card in wanted:
            wanted.remove(card)
            out.append((t("play.capture.taken", lang), card, "highlight"))
        else:
            out.append(("", card, "normal"))
    return out


def render_controls(prefix: str, lang: str) -> None:
    """Next move, until my turn, the auto and coach switches, undo (practice mode)."""
    import streamlit as st

    from ui.i18n import t

    session = session_of(prefix)
    st.session_state.setdefault(prefix + "auto", True)
    st.session_state.setdefault(prefix + "coach", True)
    with st.container(horizontal=True, vertical_alignment="center", key=prefix + "controls"):
        st.button(t("play.next", lang), key=prefix + "next", on_click=on_next, args=(prefix,),
                  disabled=not session.bot_turn, type="primary" if session.bot_turn else
                  "secondary", icon=":material/skip_next:")
        st.button(t("play.until", lang), key=prefix + "until", on_click=on_until,
                  args=(prefix,), disabled=not session.bot_turn,
                  icon=":material/fast_forward:")
        if session.setup.practice:
            st.button(t("play.undo", lang), key=prefix + "undo", on_click=on_undo,
                      args=(prefix,), disabled=not session.can_undo,
                      help=t("play.undo.help", lang), icon=":material/undo:")
        st.toggle(t("play.auto", lang), key=prefix + "auto", help=t("play.auto.help", lang))
        st.toggle(t("play.coach", lang), key=prefix + "coach", help=t("play.coach.help", lang))


def render_turn(prefix: str, lang: str) -> None:
    """Whose move it is, the refusal of the player's last attempt, the coach's advice."""
    import streamlit as st

    from ui.i18n import t
    from ui.safe import escape_markdown

    session = session_of(prefix)
    if session.refusal is not None:
        st.error(t("play.refused", lang, reason=escape_markdown(session.refusal.localized(lang))),
                 icon=":material/block:")
    if session.human_turn:
        st.success(t("play.turn.you", lang), icon=":material/touch_app:")
        if st.session_state.get(prefix + "coach", True) and not session.may_look():
            with st.spinner(t("play.coach", lang) + "…"):
                advice = session.advice()
            if advice is not None:
                st.info(t("play.coach.says", lang, text=escape_markdown(advice.explain(lang))),
                        icon=":material/school:")
    elif session.bot_turn:
        seat = session.to_act
        assert seat is not None
        st.info(t("play.turn.bot", lang, seat=seat,
                  level=t(f"play.level.{session.setup.levels[seat]}", lang)),
                icon=":material/smart_toy:")


def sentence(text: str) -> str:
    """A log line as a sentence: a capital first letter, a full stop at the end.

    >>> sentence("seat 2 trails 7♠"), sentence("Bid 3."), sentence("")
    ('Seat 2 trails 7♠.', 'Bid 3.', '')
    """
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?…)" else text + "."


@dataclass(frozen=True)
class LogGroup:
    """Moves of one trick (Kachuful; trick 0 is the bidding) or one lot (Krypkasino) of a
    hand or deal, oldest first."""

    round: int
    part: int
    moves: tuple[Move, ...]


def log_groups(moves: Sequence[Move]) -> list[LogGroup]:
    """The moves grouped by trick or lot, oldest first, from the engine's events: a
    Kachuful card belongs to the trick after the last ``TrickWon`` of its hand; a
    Krypkasino play to the lot after the last ``NewLot`` of its deal (lot 1 first)."""
    groups: list[LogGroup] = []
    current: list[Move] = []
    key: tuple[int, int] | None = None
    after: dict[int, int] = {}  # per hand/deal: tricks finished, or the lot now played
    for move in moves:
        if isinstance(move.action, Play):
            part = after.get(move.round, 1)
        elif isinstance(move.action, Bid):
            part = 0
        else:
            part = after.get(move.round, 0) + 1
        if (move.round, part) != key:
            if current and key is not None:
                groups.append(LogGroup(key[0], key[1], tuple(current)))
            current, key = [], (move.round, part)
        current.append(move)
        lots = [e for e in move.events if isinstance(e, NewLot)]
        if lots:
            after[move.round] = lots[-1].lot
        elif PlaySession.finished_trick(move) is not None:
            after[move.round] = part
    if current and key is not None:
        groups.append(LogGroup(key[0], key[1], tuple(current)))
    return groups


def log_html(session: PlaySession, lang: str, count: int = 60) -> str:
    """The log as a labelled, focusable scroll box (it opens scrolled to the newest line):
    the opening events, then the last ``count`` moves by trick or lot, oldest first, each
    line an engine sentence; a bot's move says why."""
    from ui.i18n import t
    from ui.safe import escape_html

    parts: list[str] = []
    shown = session.moves[-count:]
    if session.opening and len(session.moves) <= count:
        parts.append('<p class="rl-log-group">' + escape_html(t("play.log.start", lang)) + "</p><ol>"
                     + "".join(f"<li>{escape_html(sentence(event_sentence(e, lang)))}</li>"
                               for e in session.opening) + "</ol>")
    for group in log_groups(shown):
        if session.game == "kachuful":
            title = t("play.log.bids", lang, hand=group.round) if group.part == 0 else \
                t("play.log.trick", lang, hand=group.round, trick=group.part)
        else:
            title = t("play.log.lot", lang, deal=group.round + 1, lot=group.part)
        items = []
        for move in group.moves:
            lines = [sentence(event_sentence(e, lang)) for e in move.events] or \
                [sentence(action_text(move.action))]
            who = escape_html(seat_name(move.seat, session.setup, lang))
            text = f"<strong>{who}</strong>: " + " ".join(escape_html(x) for x in lines)
            if move.decision is not None:
                text += '<span class="rl-why">' + escape_html(
                    t("play.log.why", lang, text=sentence(move.decision.explain(lang)))) + "</span>"
            items.append(f"<li>{text}</li>")
        parts.append(f'<p class="rl-log-group">{escape_html(title)}</p><ol>{"".join(items)}</ol>')
    if not parts:
        parts.append(f"<p>{escape_html(t('play.log.empty', lang))}</p>")
    label = escape_html(t("play.log", lang))
    return (f'<div class="rl-log" role="region" tabindex="0" aria-label="{label}">'
            f'<div>{"".join(parts)}</div></div>')


def render_log(prefix: str, lang: str, count: int = 60) -> None:
    """What happened: :func:`log_html` under its heading."""
    import streamlit as st

    from ui.i18n import t

    st.markdown(f"**{t('play.log', lang)}**")
    st.html(log_html(session_of(prefix), lang, count))


def render_sheet(prefix: str, lang: str) -> None:
    """The score sheet and the score-progression chart (after every hand or deal)."""
    import streamlit as st

    from ui.charts import score_progression
    from ui.i18n import t

    session = session_of(prefix)
    state = session.state
    names = [seat_name(s, session.setup, lang) for s in range(session.setup.players)]
    table: dict[str, list[Any]] = {}
    if isinstance(state, KachufulState):
        krows = kachuful_sheet(state.results)
        if krows:
            st.caption(t("play.sheet.kachuful.note", lang))
            table[t("play.sheet.hand", lang)] = [r.hand for r in krows]
            table[t("play.sheet.cards", lang)] = [r.size for r in krows]
            table[t("play.sheet.trump", lang)] = [r.trump for r in krows]
            for s, name in enumerate(names):
                table[name] = [t("play.sheet.kachuful.cell", lang, bid=r.bids[s],
                                 tricks=r.tricks[s], points=r.points[s], total=r.totals[s])
                               for r in krows]
    else:
        crows = krypkasino_sheet(state.results)
        if crows:
            st.caption(t("play.sheet.krypkasino.note", lang))
            table[t("play.sheet.deal", lang)] = [r.deal + 1 for r in crows]
            table[t("play.sheet.dealer", lang)] = [r.dealer for r in crows]
            for s, name in enumerate(names):
                table[name] = [t("play.sheet.krypkasino.cell", lang, cards=r.card_points[s],
                                 sweeps=signed(r.sweep_points[s]), score=r.scores[s],
                                 total=r.totals[s])
                               for r in crows]
    if not table:
        st.caption(t("play.sheet.empty", lang))
        return
    st.dataframe(table, hide_index=True, width="stretch", key=prefix + "sheet")
    x_label = t("chart.hand" if session.game == "kachuful" else "chart.deal", lang)
    fig = score_progression(names, session.score_rows(), t("play.chart.title", lang), x_label,
                            t("chart.total", lang))
    st.plotly_chart(fig, width="stretch", key=prefix + "chart")


def _load(prefix: str, text: str | bytes) -> None:
    import streamlit as st

    try:
        st.session_state[prefix + "replay"] = load_record(text)
        st.session_state[prefix + "replay.step"] = 0
        st.session_state[prefix + "replay.error"] = None
    except RecordError as exc:
        st.session_state[prefix + "replay"] = None
        st.session_state[prefix + "replay.error"] = str(exc)


def on_upload(prefix: str) -> None:
    import streamlit as st

    upload = st.session_state.get(prefix + "upload")
    if upload is not None:
        _load(prefix, upload.getvalue())


def on_paste(prefix: str) -> None:
    import streamlit as st

    _load(prefix, st.session_state.get(prefix + "paste", ""))


def on_replay_step(prefix: str, delta: int | None = None, to: int | None = None) -> None:
    import streamlit as st

    replay: RecordReplay | None = st.session_state.get(prefix + "replay")
    if replay is None:
        return
    step = st.session_state.get(prefix + "replay.step", 0)
    target = to if to is not None else step + (delta or 0)
    st.session_state[prefix + "replay.step"] = min(max(target, 0), replay.count)


def on_replay_close(prefix: str) -> None:
    import streamlit as st

    st.session_state[prefix + "replay"] = None


def render_record(prefix: str, lang: str, four_colour: bool) -> None:
    """Save the game (the engine's record writer) and load a record to replay it."""
    import streamlit as st

    from ui.i18n import t
    from ui.safe import escape_markdown

    session = session_of(prefix)
    st.download_button(t("play.record.save", lang), data=session.record_json(),
                       file_name=f"{session.game}-seed{session.setup.seed}.json",
                       mime="application/json", key=prefix + "save",
                       help=t("play.record.save.help", lang), icon=":material/download:")
    st.file_uploader(t("play.record.load", lang), type=["json"], key=prefix + "upload",
                     on_change=on_upload, args=(prefix,))
    with st.expander(t("play.record.paste", lang), icon=":material/content_paste:"):
        st.text_area(t("play.record.paste", lang), key=prefix + "paste", height=120,
                     label_visibility="collapsed")
        st.button(t("play.record.paste.load", lang), key=prefix + "paste.load",
                  on_click=on_paste, args=(prefix,))
    error = st.session_state.get(prefix + "replay.error")
    if error:
        st.error(t("play.record.bad", lang, reason=escape_markdown(error)),
                 icon=":material/error:")
    replay: RecordReplay | None = st.session_state.get(prefix + "replay")
    if replay is not None:
        render_replay(prefix, replay, lang, four_colour)


def render_replay(prefix: str, replay: RecordReplay, lang: str, four_colour: bool) -> None:
    """A loaded record, one action at a time (Back / Next), every hand face up."""
    import streamlit as st

    from ui.cards import cards_html
    from ui.i18n import t
    from ui.safe import escape_markdown

    step = min(int(st.session_state.get(prefix + "replay.step", 0)), replay.count)
    st.info(t("play.record.loaded", lang, game=replay.game.capitalize(), players=replay.players,
              count=replay.count), icon=":material/history:")
    with st.container(horizontal=True, key=prefix + "replay.nav"):
        st.button(t("play.record.first", lang), key=prefix + "replay.first",
                  on_click=on_replay_step, args=(prefix,), kwargs={"to": 0}, disabled=step == 0)
        st.button(t("play.record.back", lang), key=prefix + "replay.back",
                  on_click=on_replay_step, args=(prefix, -1), disabled=step == 0,
                  icon=":material/arrow_back:")
        st.button(t("play.record.next", lang), key=prefix + "replay.next",
                  on_click=on_replay_step, args=(prefix, 1), disabled=step >= replay.count,
                  type="primary", icon=":material/arrow_forward:")
        st.button(t("play.record.close", lang), key=prefix + "replay.close",
                  on_click=on_replay_close, args=(prefix,))
    st.caption(t("play.record.step", lang, step=step, count=replay.count))
    if step == 0:
        st.markdown(t("play.record.start", lang))
    else:
        done = replay.steps[step - 1]
        lines = [escape_markdown(event_sentence(e, lang)) for e in done.events]
        st.markdown(f"**{escape_markdown(t('play.record.by', lang, seat=t('play.seat', lang, seat=done.seat), action=action_text(done.action)))}**  \n"
                    + "  \n".join(lines))
    if step == replay.count and replay.error is not None:
        st.warning(t("play.record.illegal", lang, step=step,
                     reason=escape_markdown(replay.error.localized(lang))),
                   icon=":material/block:")
    state = replay.states[step]
    blocks = []
    if isinstance(state, KachufulState):
        if not state.is_terminal():
            cards = [c for _, c in state.current_trick]
            blocks.append(cards_html(cards, lang=lang, layout="table", four_colour=four_colour,
                                     caption=t("play.trick", lang,
                                               trick=len(state.tricks_played) + 1)))
            for s in range(state.players):
                bid = state.bids[s]
                caption = f"{t('play.seat', lang, seat=s)} · {t('play.col.bid', lang)} " \
                    f"{'–' if bid is None else bid} · {t('play.col.tricks', lang)} " \
                    f"{state.tricks_won[s]}"
                blocks.append(cards_html(state.hand_of(s), lang=lang, layout="hand",
                                         four_colour=four_colour, caption=caption))
    elif state.current_player() is not None:
        blocks.append(cards_html(state.table_cards(), lang=lang, layout="table",
                                 four_colour=four_colour, caption=t("play.table", lang)))
        for s in range(state.players):
            blocks.append(cards_html(state.hand(s), lang=lang, layout="row",
                                     four_colour=four_colour,
                                     caption=t("play.seat", lang, seat=s)))
    if blocks:
        st.html("".join(blocks))
    totals = state.scores()
    st.caption(" · ".join(f"{t('play.seat', lang, seat=s)}: {v}" for s, v in enumerate(totals)))


def _option_label(game: str, name: str, value: str, lang: str) -> str:
    """How the setup shows an option's value (the walkthrough pages' own strings)."""
    from ui.i18n import t

    if game == "kachuful":
        if name == "max_cards" and value.isdigit():
            return value
        return t(f"kwalk.val.{name}.{value}", lang)
    if name == "capture":
        return t(f"kw.opt.capture.{value}", lang)
    if name == "session":
        return t("kw.opt.session.rotation", lang) if value == "rotation" else \
            t("kw.opt.session.n", lang, n=value)
    return value


_BOOL_OPTIONS = ("hook_rule", "blind_bids", "one_card_forehead", "double_sweep", "forced_sweep")


def _drafts_from(setup: Setup, prefix: str) -> None:
    """Give the setup widgets the values of ``setup`` (a new game was started)."""
    import streamlit as st

    w = prefix + "w."
    st.session_state[w + "players"] = setup.players
    st.session_state[w + "seat"] = setup.seat
    for s, level in enumerate(setup.levels):
        st.session_state[w + f"level.{s}"] = "basic" if level == HUMAN else level
    st.session_state[w + "seed"] = setup.seed
    st.session_state[w + "practice"] = setup.practice
    rules = setup.rules()
    for name in options_of(setup.game):
        text = option_text(rules, name)
        st.session_state[w + f"opt.{name}"] = text == "true" if name in _BOOL_OPTIONS else text
    st.session_state[prefix + "drafted"] = setup


def draft_setup(game: str, prefix: str) -> Setup:
    """The setup the widgets describe (raises ``ValueError``/the engine's error if bad)."""
    import streamlit as st

    w = prefix + "w."
    players = int(st.session_state[w + "players"])
    seat = min(int(st.session_state[w + "seat"]), players - 1)
    levels = tuple(HUMAN if s == seat else str(st.session_state.get(w + f"level.{s}", "basic"))
                   for s in range(players))
    default = KachufulRules() if game == "kachuful" else KrypkasinoRules()
    variant = []
    for name in options_of(game):
        raw = st.session_state.get(w + f"opt.{name}")
        text = ("true" if raw else "false") if name in _BOOL_OPTIONS else str(raw)
        if text != option_text(default, name):
            variant.append((name, option_value(game, name, text)))
    setup = Setup(game, players, seat, levels, tuple(variant),
                  int(st.session_state[w + "seed"]), bool(st.session_state[w + "practice"]))
    new_state(setup)  # the engine checks the variant for this number of players
    return setup


def on_start(game: str, prefix: str) -> None:
    """Start a new game with the drafted setup (an unplayable one leaves a message)."""
    import streamlit as st

    try:
        setup = draft_setup(game, prefix)
    except RulesLabError as exc:
        st.session_state[prefix + "setup.error"] = exc
        return
    st.session_state[prefix + "setup.error"] = None
    st.session_state[prefix + "session"] = PlaySession.start(setup)
    st.session_state[prefix + "drafted"] = setup


def on_new_seed(prefix: str) -> None:
    import random

    import streamlit as st

    st.session_state[prefix + "w.seed"] = random.randrange(1, 1_000_000)


def open_page(game: str, prefix: str, lang: str, problems: Sequence[Any]) -> tuple[PlaySession, Any, Any, Any]:
    """The top of a play page: title, lead, the link's ``problems`` (``ui.query.Problem``),
    the setup expander; returns the game's session and the tabs (play, sheet, record)."""
    import streamlit as st

    from ui.i18n import t
    from ui.query import show_problems

    st.title(t(f"play.page.{game}", lang), anchor="play")
    st.caption(t(f"play.lead.{game}", lang))
    show_problems(problems, lang)
    render_setup(game, prefix, lang)
    tab_play, tab_sheet, tab_record = st.tabs(
        [t("play.tab.play", lang), t("play.tab.sheet", lang), t("play.tab.record", lang)])
    return session_of(prefix), tab_play, tab_sheet, tab_record


def render_setup(game: str, prefix: str, lang: str) -> None:
    """The setup expander: players, seat, a level per bot, seed, practice, every variant
    option, and the button that starts a new game."""
    import streamlit as st

    from ui.i18n import t
    from ui.safe import escape_markdown

    session = session_of(prefix)
    w = prefix + "w."
    if st.session_state.get(prefix + "drafted") != session.setup:
        _drafts_from(session.setup, prefix)
    players = int(st.session_state[w + "players"])
    if int(st.session_state.get(w + "seat", 0)) >= players:
        st.session_state[w + "seat"] = 0
    for name in options_of(game):
        if name not in _BOOL_OPTIONS and st.session_state.get(w + f"opt.{name}") not in \
                option_choices(game, name, players):
            st.session_state[w + f"opt.{name}"] = option_choices(game, name, players)[0]
    with st.expander(t("play.setup", lang), icon=":material/tune:", expanded=False):
        st.caption(t("play.setup.note", lang))
        top = st.columns(3)
        top[0].selectbox(t("play.setup.players", lang), PLAYERS[game], key=w + "players")
        top[1].selectbox(t("play.setup.seat", lang), list(range(players)), key=w + "seat")
        with top[2]:
            st.number_input(t("play.setup.seed", lang), min_value=0, max_value=MAX_SEED, step=1,
                            key=w + "seed", help=t("play.setup.seed.help", lang))
            st.button(t("play.setup.new-seed", lang), key=prefix + "newseed",
                      on_click=on_new_seed, args=(prefix,), icon=":material/casino:")
        seat = int(st.session_state[w + "seat"])
        bots = [s for s in range(players) if s != seat]

        def level_name(level: str) -> str:
            return t(f"play.level.{level}", lang)

        cols = st.columns(min(len(bots), 4))
        for i, s in enumerate(bots):
            st.session_state.setdefault(w + f"level.{s}", "basic")
            cols[i % len(cols)].selectbox(t("play.setup.level", lang, seat=s), list(LEVELS),
                                          key=w + f"level.{s}", format_func=level_name)
        st.markdown(f"**{t('play.setup.variant', lang)}**")
        option_cols = st.columns(4)
        for i, name in enumerate(options_of(game)):
            label = t(f"kwalk.opt.{name}" if game == "kachuful" else f"kw.opt.{name}", lang)
            with option_cols[i % 4]:
                if name in _BOOL_OPTIONS:
                    st.toggle(label, key=w + f"opt.{name}")
                else:
                    choices: list[str] = list(option_choices(game, name, players))

                    def shown(value: str, name: str = name) -> str:
                        return _option_label(game, name, value, lang)

                    st.selectbox(label, choices, key=w + f"opt.{name}", format_func=shown)
        st.toggle(t("play.setup.practice", lang), key=w + "practice")
        st.button(t("play.setup.start", lang), key=prefix + "start", on_click=on_start,
                  args=(game, prefix), type="primary", icon=":material/play_arrow:")
        error = st.session_state.get(prefix + "setup.error")
        if error is not None:
            st.error(t("play.setup.bad", lang, reason=escape_markdown(error.localized(lang))))
