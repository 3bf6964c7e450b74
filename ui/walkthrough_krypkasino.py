"""The Krypkasino walkthrough as data: a list of steps, each what the engine produced.

A walkthrough comes from a *source* (a seeded session, a ``krypkasino-record/1`` record, or a
position built by hand) played under a :class:`~engine.krypkasino.rules.KrypkasinoRules`
variant. Every card comes from :class:`~engine.krypkasino.state.KrypkasinoState`: the legal
plays, what each card of the hand would take (``card_options``), the sweeping cards and the
sentence refusing the others (C-8), the events and the scores. This module decides no rule:
it only records, step by step, what the engine did (pure, no Streamlit).

Steps and their ids (the keys of a scenario's ``texts``; deals count from 0 in step ids as in records (pages show them from 1),
the first deal has no prefix, later ones ``deal-1.``, ``deal-2.``…):

==============  =======================  ==============================================
id              kind                     what happened
==============  =======================  ==============================================
``position``    ``position``             a position built by hand, before any play
``deal``        ``deal``                 the cards dealt (C-2), table before C-3
``face-cards``  ``face-cards``           J Q K off the initial table (C-3)
``play-N``      ``trail`` / ``capture``  play N of the deal (0-based, as in records);
                / ``sweep`` /            ``sweep`` and ``double-sweep`` when it clears
                ``double-sweep``         the table (C-9, C-10)
``lot-K``       ``new-lot`` /            lot K dealt (C-11), face cards off first;
                ``last-lot``             ``last-lot`` when it empties the stock
``leftovers``   ``leftovers``            the table and spade faces to the last capturer
``score``       ``score``                the 42 card points by card, sweep transfers
==============  =======================  ==============================================

>>> from engine.krypkasino.rules import KrypkasinoRules
>>> w = build({"position": {"players": 2, "dealer": 0, "turn": 1, "hands": [["5H"], ["9D", "4C"]],
...            "table": ["2H", "7S"]}}, KrypkasinoRules())
>>> [s.id for s in w.steps]
['position', 'play-0', 'play-1', 'play-2', 'leftovers', 'score']
>>> w.steps[0].sweepers, w.steps[1].kind, w.steps[-1].board.scores
(('9D',), 'sweep', (-5, 6))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import DECK, Card
from engine.errors import IllegalActionError, RecordError, RulesLabError
from engine.krypkasino.events import (
    Captured,
    DealScored,
    Dealt,
    FaceCardsSetAside,
    KrypkasinoEvent,
    LastLot,
    LeftoversAwarded,
    NewLot,
    SessionOver,
    Swept,
    Trailed,
)
from engine.krypkasino.record import read_record
from engine.krypkasino.rules import KrypkasinoRules, card_point, card_points, check_players
from engine.krypkasino.state import KrypkasinoState, Phase, Play
from engine.recordio import (
    expect_card,
    expect_cards,
    expect_int,
    expect_list,
    expect_object,
    join,
)
from ui.cards import CardState

__all__ = [
    "GAME_KEYS", "RANDOM", "VARIANT_KEYS", "Board", "CardChoice", "Refusal", "Tally", "Step",
    "Walkthrough", "Outline", "Selection", "basic_play", "build", "read_source", "rules_from",
    "base_variant", "read_link", "link_params", "outline", "finished_scores", "hand_states",
    "tally_text", "step_prefix", "hand_order", "Move", "MoveOption", "ask_of", "move_rule",
    "move_options", "make_move", "option_id", "option_label", "fold", "view_of", "KIND_RULES",
]

#: The scenario keys this game reads (besides the shared ones of ``tutorials.scenarios``).
GAME_KEYS: tuple[str, ...] = ("players", "seed", "deals", "record", "position", "plays",
                              "variant", "your_move", "next")
#: The most steps a walkthrough holds (a 6-player session of 6 deals stays far below it).
MAX_STEPS = 2000


def hand_order(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Cards as a hand is held on screen: by suit (♠ ♥ ♦ ♣), then rank."""
    return tuple(sorted(cards, key=lambda c: c.index))


#: Card codes by card index, shared by every step (small, fast pickles).
_CODES: tuple[str, ...] = tuple(c.code for c in DECK)


#: Card points by card index (C-13, from the engine's rules).
_POINTS: tuple[int, ...] = tuple(card_point(c) for c in DECK)


def codes(cards: Sequence[Card]) -> tuple[str, ...]:
    return tuple(_CODES[c.index] for c in cards)


@dataclass(frozen=True)
class Refusal:
    """An engine sentence (a refusal, or a bot's reason when ``rule`` is ``None``) kept as
    its message key, rule and data, rendered in any language."""

    key: str
    rule: str | None
    data: Mapping[str, Any]
    card: str | None = None

    @classmethod
    def of(cls, exc: RulesLabError, card: Card | None = None) -> Refusal:
        return cls(exc.key, exc.rule, dict(exc.data), None if card is None else card.code)

    def sentence(self, lang: str = "en") -> str:
        """The engine's sentence in ``lang`` followed by the rule ID: "… (C-8)"."""
        from engine.messages import render

        text = render(self.key, lang, **self.data)
        return text if self.rule is None else f"{text} ({self.rule})"


@dataclass(frozen=True)
class CardChoice:
    """What one card of the hand could do before the play (the engine's ``card_options``):
    ``collections`` are the distinct legal collections (``()`` for a trail)."""

    card: str
    captures: bool
    sweeps: bool
    double: bool
    allowed: bool
    collections: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class MoveOption:
    """One option of a "your move" step, judged by the engine on the state before the play.

    ``take`` is the collection (``()`` a trail); ``verdict`` is ``best`` (the scenario's own
    play), ``legal`` or ``illegal`` (then ``refusal`` is the engine's sentence). For a legal
    option ``cost`` is what the play adds to the player's deal score (card points taken,
    sweep points, leftovers: lowest wins) and ``gift`` whether it leaves the next player a
    card that sweeps the table."""

    card: str
    take: tuple[str, ...]
    verdict: str
    refusal: Refusal | None = None
    cost: int = 0
    gift: bool = False
    sweep: bool = False
    double: bool = False


@dataclass(frozen=True)
class Move:
    """A "your move" step: the seat to play, the rule the step teaches, and the options in
    the order shown (``best`` is the index of the scenario's own play)."""

    seat: int
    rule: str
    options: tuple[MoveOption, ...]
    best: int

    @property
    def scenario_option(self) -> MoveOption:
        return self.options[self.best]


@dataclass(frozen=True)
class Tally:
    """One player's card points at the end of a deal, by card (C-13)."""

    seat: int
    cards: tuple[tuple[str, int, int], ...]  # (card code, copies, points each), points > 0
    total: int
    captured: int  # how many cards the pile holds


@dataclass(frozen=True)
class Board:
    """Everything on the table after a step: hands (index = seat), the table in the order
    laid, stock, captured piles, spade faces kept apart, and the running figures."""

    players: int
    deal: int
    dealer: int
    lot: int
    lots: int
    last_lot: bool
    stock: int
    hands: tuple[tuple[str, ...], ...]
    table: tuple[str, ...]
    captured: tuple[int, ...]  # cards in each captured pile
    point_cards: tuple[tuple[str, ...], ...]  # the cards of each pile worth points (C-13)
    spade_faces: tuple[str, ...]
    out_of_play: int
    card_points: tuple[int, ...]
    sweep_points: tuple[int, ...]
    totals: tuple[int, ...]
    to_play: int | None
    last_capturer: int | None

    @property
    def scores(self) -> tuple[int, ...]:
        """The deal's running scores: card points + sweep points (C-14)."""
        return tuple(a + b for a, b in zip(self.card_points, self.sweep_points, strict=True))


@dataclass(frozen=True)
class Step:
    """One moment of the walkthrough: what the engine did and the board after it.

    For a play: ``seat`` played ``card`` from ``hand_before`` onto ``table_before`` and took
    ``taken`` (highlighted); ``choices`` say what every card of that hand could do
    (``sweepers`` the cards that clear the table), ``refusals`` the engine's sentence for
    each card C-8 forbids; ``recorded_refusal`` is set when the scenario's own play for
    this step is illegal under the variant in force (the walkthrough then goes on with the
    basic player's choice).
    """

    id: str
    kind: str
    nth: int
    deal: int
    board: Board
    events: tuple[KrypkasinoEvent, ...] = ()
    seat: int | None = None
    card: str | None = None
    taken: tuple[str, ...] = ()
    groups: tuple[tuple[str, ...], ...] = ()
    hand_before: tuple[str, ...] = ()
    table_before: tuple[str, ...] = ()
    choices: tuple[CardChoice, ...] = ()
    sweepers: tuple[str, ...] = ()
    refusals: tuple[Refusal, ...] = ()
    recorded_refusal: Refusal | None = None
    recorded_card: str | None = None
    chosen_by: str = "record"  # "record" (the scenario's play) or "bot"
    reason: Refusal | None = None  # the bot's one-sentence reason for its play
    tallies: tuple[Tally, ...] = ()
    sweeps: tuple[Swept, ...] = ()
    move: Move | None = None  # a "your move" step: the options judged on the state before

    def choice(self, card: str) -> CardChoice | None:
        for c in self.choices:
            if c.card == card:
                return c
        return None

    @property
    def alternatives(self) -> tuple[tuple[str, ...], ...]:
        """The other collections the played card could have taken (C-6 choices)."""
        mine = self.choice(self.card) if self.card else None
        if mine is None:
            return ()
        chosen = Counter(self.taken)
        return tuple(c for c in mine.collections if Counter(c) != chosen)


@dataclass(frozen=True)
class Walkthrough:
    """The steps of a walkthrough and the deals it finished (for the score chart)."""

    players: int
    rules: KrypkasinoRules
    steps: tuple[Step, ...]
    deal_scores: tuple[tuple[int, ...], ...] = ()
    deals: int = 1
    truncated: bool = False

    def index_of(self, step_id: str) -> int | None:
        for i, s in enumerate(self.steps):
            if s.id == step_id:
                return i
        return None


def rules_from(base: Mapping[str, Any] | None, overrides: Mapping[str, Any] | None = None,
               ) -> KrypkasinoRules:
    """The variant in force: a scenario's ``variant`` object with the page's choices on top
    (raises the engine's ``InvalidActionError`` for a bad value)."""
    options = dict(base or {})
    options.update(overrides or {})
    return KrypkasinoRules.from_dict(options)


def basic_play(state: KrypkasinoState) -> Play:
    """A simple deterministic legal play: the one that costs the player least right now.

    Lowest total wins, so the cost of a play is the card points it takes plus the points a
    sweep gives its player; trails cost nothing. Ties go to the first play in the engine's
    order. Every candidate is one of ``state.legal_actions()``.
    """
    legal = state.legal_actions()
    if not legal:
        raise IllegalActionError("common.game-over", rule="C-15")
    rules = state.rules
    best: tuple[int, int, int] | None = None
    chosen = legal[0]
    options: dict[Card, Any] = {}
    for i, play in enumerate(legal):
        take = play.take or ()
        cost = 0
        if take:
            opt = options.get(play.card)
            if opt is None:
                opt = options[play.card] = state.card_options(play.card)
            cost = card_points(take) + card_point(play.card)
            if opt.sweeps and len(take) == len(state.table_cards()):
                cost += rules.double_points() if opt.double else rules.sweep_points
        key = (cost, 1 if take else 0, i)
        if best is None or key < best:
            best, chosen = key, play
    return chosen


Chooser = Callable[[KrypkasinoState], tuple[Play, "Refusal | None"]]


def _bot() -> Chooser:
    """The engine's basic bot (:mod:`engine.bots`, with its one-sentence reason), seeded,
    so a walkthrough never changes."""
    from engine.bots import bot_move, make_bot

    bot = make_bot("krypkasino", "basic", seed=0)

    def choose(state: KrypkasinoState) -> tuple[Play, Refusal | None]:
        action, decision = bot_move(state, bot)
        return action, Refusal(decision.key, None, dict(decision.data))

    return choose


def step_prefix(deal: int) -> str:
    """The id prefix of a deal's steps: ``""`` for the first, ``"deal-2."`` for deal 2."""
    return "" if deal == 0 else f"deal-{deal}."


# -- reading a scenario's source ----------------------------------------------------------
@dataclass(frozen=True)
class _PlaySpec:
    card: Card
    groups: tuple[tuple[Card, ...], ...] | None


def _read_plays(value: Any, path: str) -> list[_PlaySpec]:
    out = []
    for i, raw in enumerate(expect_list(value, path)):
        p = join(path, i)
        obj = expect_object(raw, p, required=("card",), optional=("take",))
        card = expect_card(obj["card"], join(p, "card"))
        groups = None
        if "take" in obj:
            tp = join(p, "take")
            groups = tuple(tuple(expect_cards(g, join(tp, k)))
                           for k, g in enumerate(expect_list(obj["take"], tp)))
        out.append(_PlaySpec(card, groups))
    return out


@dataclass
class _Source:
    """A scenario source read and checked: how to start, and the plays it prescribes."""

    players: int
    start: Callable[[KrypkasinoRules], tuple[KrypkasinoState, list[KrypkasinoEvent]]]
    plays: list[list[_PlaySpec]]  # per deal
    deal_cards: list[Any]  # per deal after the first: the record's deal, or None (seeded)
    max_deals: int | None
    is_position: bool = False


def read_source(data: Mapping[str, Any]) -> _Source:
    """Check a scenario's game keys (``seed`` + ``players``, ``record``, or ``position``
    with ``plays``); raise :class:`RecordError` naming the field."""
    kinds = [k for k in ("seed", "record", "position") if k in data]
    if len(kinds) != 1:
        raise RecordError("source", "give exactly one of seed, record, position")
    kind = kinds[0]
    deals = data.get("deals")
    max_deals = None if deals is None else expect_int(deals, "deals", lo=1, hi=12)
    if kind == "seed":
        seed = expect_int(data["seed"], "seed")
        players = expect_int(data.get("players", 2), "players", lo=2, hi=6)
        if "plays" in data:
            raise RecordError("plays", "a seeded walkthrough is played by the basic player")

        def start_seed(rules: KrypkasinoRules) -> tuple[KrypkasinoState, list[KrypkasinoEvent]]:
            state = KrypkasinoState.new(players, seed, rules)
            # The session's first deal happened inside ``new``: deal the same cards on an
            # empty twin to hear its events (C-2, C-3).
            dealer, deal_seed, _ = state.deals_dealt()[0]
            twin = KrypkasinoState(players, rules, first_dealer=dealer)
            events = twin.start_deal(seed=deal_seed)
            return state, events

        return _Source(players, start_seed, [], [], max_deals)
    if kind == "record":
        if "plays" in data or "players" in data:
            raise RecordError("plays" if "plays" in data else "players",
                              "a record holds its own players and plays")
        record = read_record(data["record"])

        def start_record(rules: KrypkasinoRules) -> tuple[KrypkasinoState, list[KrypkasinoEvent]]:
            state = KrypkasinoState(record.players, rules, first_dealer=record.deals[0].dealer)
            return state, _start_recorded(state, record.deals[0])

        return _Source(record.players, start_record,
                       [[_PlaySpec(p.card, p.groups) for p in d.plays] for d in record.deals],
                       list(record.deals), max_deals)
    pos = expect_object(data["position"], "position",
                        required=("players", "hands", "table"),
                        optional=("dealer", "turn", "stock"))
    players = expect_int(pos["players"], "position.players", lo=2, hi=6)
    check_players(players)
    hands = [expect_cards(h, join("position.hands", i))
             for i, h in enumerate(expect_list(pos["hands"], "position.hands", players))]
    table = expect_cards(pos["table"], "position.table")
    stock = expect_cards(pos.get("stock", []), "position.stock")
    dealer = expect_int(pos.get("dealer", 0), "position.dealer", lo=0, hi=players - 1)
    turn = expect_int(pos.get("turn", (dealer + 1) % players), "position.turn", lo=0,
                      hi=players - 1)
    if not any(hands):
        raise RecordError("position.hands", "somebody must hold a card")
    if len(stock) % (4 * players):
        raise RecordError("position.stock", f"later lots give 4 cards to each of {players} "
                                            f"players: the stock must hold a multiple of "
                                            f"{4 * players} cards")
    plays = _read_plays(data.get("plays", []), "plays")

    def start_position(rules: KrypkasinoRules) -> tuple[KrypkasinoState, list[KrypkasinoEvent]]:
        state = KrypkasinoState.scenario(players, hands, table, dealer=dealer, turn=turn,
                                         stock=stock, rules=rules)
        return state, []

    return _Source(players, start_position, [plays], [], 1, is_position=True)


def _waiting_for_cards(state: KrypkasinoState) -> bool:
    """Whether the session waits for the cards of its next deal (``Phase.DEAL``)."""
    return state.phase is Phase.DEAL


def _start_recorded(state: KrypkasinoState, deal: Any) -> list[KrypkasinoEvent]:
    if deal.seed is not None:
        return state.start_deal(seed=deal.seed)
    return state.start_deal(deal.hands, deal.table, deal.stock)


# -- the builder ----------------------------------------------------------------------------
class _Tracker:
    """The board kept in step with the engine's events (between two engine states, e.g.
    after the last play of a lot and before the next lot is dealt)."""

    def __init__(self, state: KrypkasinoState) -> None:
        self.players = state.players
        self.lots = state.sizes.lots
        self.totals = list(state.totals)
        self.sync(state)

    def sync(self, state: KrypkasinoState) -> None:
        """Take everything from an engine state (between plays)."""
        n = self.players
        self.deal = max(state.deal_index, 0)
        self.dealer = state.dealer
        self.lot = state.lot
        self.last_lot = state.last_lot
        self.stock = state.stock_size()
        self.hands = [list(state.hand(s)) for s in range(n)]
        self.table = list(state.table_cards())
        self.captured = [list(state.captured_cards(s)) for s in range(n)]
        view = state.view(0)
        self.spade_faces = list(view.spade_faces)
        self.out_of_play = len(state.out_of_play)
        self.sweep_points = list(state.sweep_points)
        self.totals = list(state.totals)
        self.to_play = state.current_player()
        self.last_capturer = state.last_capturer

    def board(self) -> Board:
        return Board(
            players=self.players, deal=self.deal, dealer=self.dealer, lot=self.lot,
            lots=self.lots, last_lot=self.last_lot, stock=self.stock,
            hands=tuple(codes(hand_order(h)) for h in self.hands), table=codes(self.table),
            captured=tuple(len(p) for p in self.captured),
            point_cards=tuple(codes(hand_order([c for c in p if _POINTS[c.index]]))
                              for p in self.captured),
            spade_faces=codes(self.spade_faces),
            out_of_play=self.out_of_play,
            card_points=tuple(card_points(p) for p in self.captured),
            sweep_points=tuple(self.sweep_points), totals=tuple(self.totals),
            to_play=self.to_play, last_capturer=self.last_capturer,
        )

    def apply(self, event: KrypkasinoEvent, state: KrypkasinoState) -> None:
        """Move the board on by one event (``state`` is the engine after the whole call)."""
        n = self.players
        if isinstance(event, Dealt):
            self.deal, self.dealer, self.lot = event.deal, event.dealer, 1
            self.hands = [list(h) for h in event.hands]
            self.table = list(event.table)
            self.stock = event.stock
            self.captured = [[] for _ in range(n)]
            self.spade_faces, self.out_of_play = [], 0
            self.sweep_points = [0] * n
            self.last_capturer = None
            self.last_lot = event.stock == 0
            self.to_play = (event.dealer + 1) % n
        elif isinstance(event, FaceCardsSetAside):
            _remove(self.table, event.cards)
            self.spade_faces.extend(event.spade_faces)
            self.out_of_play += len(event.discarded)
        elif isinstance(event, Trailed):
            _remove(self.hands[event.seat], [event.card])
            self.table.append(event.card)
            self.to_play = (event.seat + 1) % n
        elif isinstance(event, Captured):
            _remove(self.hands[event.seat], [event.card])
            _remove(self.table, event.cards)
            self.captured[event.seat].extend([*event.cards, event.card])
            self.last_capturer = event.seat
            self.to_play = (event.seat + 1) % n
        elif isinstance(event, Swept):
            self.sweep_points[event.seat] += event.points
            self.sweep_points[event.victim] -= event.points
        elif isinstance(event, NewLot):
            self.lot = event.lot
            self.stock = event.stock_left
            self.last_lot = event.last
            self.hands = [list(state.hand(s)) for s in range(n)]
            self.to_play = event.first_player
        elif isinstance(event, LeftoversAwarded):
            self.captured[event.seat].extend([*event.cards, *event.spade_faces])
            self.table, self.spade_faces = [], []
            self.to_play = None
        elif isinstance(event, DealScored):
            self.totals = list(event.totals)


def _remove(pile: list[Card], cards: Sequence[Card]) -> None:
    for c in cards:
        pile.remove(c)


def _choices(state: KrypkasinoState, hand: Sequence[Card]) -> tuple[CardChoice, ...]:
    out = []
    for card in dict.fromkeys(hand_order(hand)):
        opt = state.card_options(card)
        out.append(CardChoice(card.code, opt.captures, opt.sweeps, opt.double, opt.allowed,
                              tuple(codes(c) for c in opt.collections)))
    return tuple(out)


def _refusals(state: KrypkasinoState, hand: Sequence[Card],
              choices: Sequence[CardChoice]) -> tuple[Refusal, ...]:
    """The engine's sentence for every card of the hand it would not let be played."""
    out = []
    for card in dict.fromkeys(hand_order(hand)):
        if all(c.allowed for c in choices if c.card == card.code):
            continue
        try:
            state.check(Play(card, None))
        except IllegalActionError as exc:
            if exc.rule == "C-8":
                out.append(Refusal.of(exc, card))
    return tuple(out)


# -- "your move" ---------------------------------------------------------------------------
#: The most options a your-move step offers (the scenario's play and every legal play
#: first, then refused ones).
MAX_OPTIONS = 8


def move_rule(choices: Sequence[CardChoice], refusals: Sequence[Refusal]) -> str | None:
    """The rule a position teaches when the learner plays it, or ``None`` when there is
    nothing to choose: C-8 (a sweep is forced), C-10 (a double is there), C-6 (a choice
    of collections, or a capturing card that may not be trailed), C-7 (a trail is chosen);
    a double comes before the forced sweep it is part of.

    >>> move_rule([CardChoice("5H", False, False, False, True, ((),))], [])
    """
    if len(choices) < 2 and not any(len(c.collections) > 1 for c in choices):
        return None
    if any(c.double for c in choices):
        return "C-10"
    if refusals:
        return "C-8"
    if any(c.captures for c in choices):
        return "C-6"
    return "C-7"


def _cost(events: Sequence[KrypkasinoEvent], seat: int) -> int:
    """What a play's events add to ``seat``'s deal score (C-13, C-9, C-10, C-12)."""
    cost = 0
    for e in events:
        if isinstance(e, Captured) and e.seat == seat:
            cost += card_points([*e.cards, e.card])
        elif isinstance(e, Swept):
            cost += e.points if e.seat == seat else -e.points if e.victim == seat else 0
        elif isinstance(e, LeftoversAwarded) and e.seat == seat:
            cost += card_points([*e.cards, *e.spade_faces])
    return cost


def _judge(state: KrypkasinoState, card: Card, take: tuple[Card, ...]) -> MoveOption:
    """The engine's verdict on playing ``card`` taking ``take`` (``()`` a trail), on a copy."""
    try:
        state.check(Play(card, take))
    except IllegalActionError as exc:
        return MoveOption(card.code, codes(take), "illegal", Refusal.of(exc, card))
    twin = state.clone()
    seat = twin.current_player()
    assert seat is not None
    events = twin.apply(Play(card, take))
    swept = [e for e in events if isinstance(e, Swept) and e.seat == seat]
    nxt = twin.current_player()
    gift = (twin.phase is Phase.PLAY and nxt is not None and bool(twin.table_cards())
            and bool(twin.sweeping_cards(nxt)))
    return MoveOption(card.code, codes(take), "legal", None, _cost(events, seat), gift,
                      bool(swept), bool(swept) and swept[0].double)


def _smaller_groups(state: KrypkasinoState, card: Card,
                    legal: Sequence[tuple[Card, ...]]) -> list[tuple[Card, ...]]:
    """Single groups of ``card``'s value on the table that are not a legal collection (C-6
    refuses them): the learner's likely mistake of taking less than the maximum."""
    from itertools import combinations

    from engine.krypkasino.capture import value_of_table_card

    table = list(state.table_cards())
    value = int(card.rank)
    known = {tuple(sorted(c.index for c in t)) for t in legal}
    out: list[tuple[Card, ...]] = []
    for size in (1, 2, 3):
        for group in combinations(table, size):
            key = tuple(sorted(c.index for c in group))
            if key in known or sum(value_of_table_card(c) for c in group) != value:
                continue
            known.add(key)
            out.append(tuple(group))
            if len(out) >= 2:
                return out
    return out


def move_options(state: KrypkasinoState, choices: Sequence[CardChoice]) -> list[MoveOption]:
    """Every option of the hand, judged: each card's legal collections (or its trail),
    the trail of a card that must capture, smaller takes, and the cards C-8 refuses."""
    from engine.cards import parse_card

    legal: list[MoveOption] = []
    refused: list[MoveOption] = []
    for choice in choices:
        card = parse_card(choice.card)
        collections = [tuple(parse_card(c) for c in col) for col in choice.collections]
        if not choice.allowed:
            refused.append(_judge(state, card, collections[0] if choice.captures else ()))
            continue
        if not choice.captures:
            legal.append(_judge(state, card, ()))
            continue
        legal.extend(_judge(state, card, col) for col in collections)
        refused.append(_judge(state, card, ()))
        refused.extend(_judge(state, card, g) for g in _smaller_groups(state, card, collections))
    return [*legal, *refused]


def make_move(options: Sequence[MoveOption], rule: str, seat: int, card: str,
              taken: Sequence[str]) -> Move:
    """The your-move step once the scenario's play (``card`` taking ``taken``) is known:
    that option becomes ``best``; the list is cut to :data:`MAX_OPTIONS`, keeping it."""
    want = Counter(taken)
    out = list(options)
    best = next((i for i, o in enumerate(out)
                 if o.card == card and o.verdict != "illegal" and Counter(o.take) == want), None)
    if best is None:  # not offered (cannot happen for a legal play): add it
        out.insert(0, MoveOption(card, tuple(taken), "legal"))
        best = 0
    out[best] = MoveOption(**{**out[best].__dict__, "verdict": "best"})
    keep = [i for i, o in enumerate(out) if o.verdict != "illegal"][:MAX_OPTIONS - 2]
    if best not in keep:
        keep = [best, *keep[:MAX_OPTIONS - 3]]
    room = MAX_OPTIONS - len(keep)
    keep += [i for i, o in enumerate(out) if o.verdict == "illegal"][:max(room, 1)]
    keep.sort()
    return Move(seat, rule, tuple(out[i] for i in keep), keep.index(best))


def option_id(option: MoveOption) -> str:
    """A stable id of an option: ``9D:2H.7S`` (a take), ``4C:`` (a trail)."""
    return f"{option.card}:{'.'.join(option.take)}"


def option_label(option: MoveOption, lang: str) -> str:
    """``9♦ takes 2♥, 7♠: the whole table`` / ``4♣: trail it``; a refused card by itself."""
    from engine.cards import parse_card, parse_cards
    from ui.i18n import t

    card = parse_card(option.card)
    if option.verdict == "illegal" and option.refusal is not None \
            and option.refusal.rule == "C-8":
        return t("ym.c.play", lang, card=card)
    if not option.take:
        return t("ym.c.trail", lang, card=card)
    key = "ym.c.double" if option.double else "ym.c.sweep" if option.sweep else "ym.c.take"
    return t(key, lang, card=card, cards=" + ".join(str(c) for c in parse_cards(list(option.take))))


def ask_of(step: Step, players: int, sweep_points: int, lang: str) -> Any:
    """The your-move question of a play step in ``lang`` (:class:`ui.your_move.Ask`), or
    ``None`` when the step has none. Every verdict is the engine's, made when the
    walkthrough was built; a legal option is compared with the scenario's play by what
    each adds to the player's deal score (lowest wins) and whether it leaves the next
    player a sweep (which gives this player the minus)."""
    from ui.i18n import t
    from ui.your_move import Ask, Choice

    move = step.move
    if move is None:
        return None
    seat, nxt = move.seat, (move.seat + 1) % players
    best = move.scenario_option
    best_label = option_label(best, lang)
    choices = []
    for option in move.options:
        label = option_label(option, lang)
        if option.verdict == "illegal":
            assert option.refusal is not None
            choices.append(Choice(option_id(option), label, "illegal",
                                  option.refusal.sentence(lang), option.refusal.rule or move.rule))
            continue
        gift = t("ym.c.gift", lang, next=nxt, seat=seat, points=sweep_points)
        if option.verdict == "best":
            text = t("ym.c.best", lang, points=option.cost, seat=seat)
            choices.append(Choice(option_id(option), label, "best",
                                  text + (" " + gift if option.gift else ""), move.rule))
            continue
        parts = [t("ym.c.legal", lang, points=option.cost, seat=seat, theirs=best_label,
                   their_points=best.cost)]
        if option.gift:
            parts.append(gift)
        if best.gift:
            parts.append(t("ym.c.gift.theirs", lang, next=nxt, seat=seat, points=sweep_points))
        ours = (option.cost, 0 if option.gift else 1)
        scen = (best.cost, 0 if best.gift else 1)
        verdict = "better" if scen < ours else "same" if scen == ours else "worse"
        parts.append(t(f"ym.c.{verdict}", lang, seat=seat))
        choices.append(Choice(option_id(option), label, "legal", " ".join(parts), move.rule))
    return Ask(step.id, t("ym.c.prompt", lang, seat=seat), move.rule, tuple(choices),
               option_id(best))


def _tallies(piles: Sequence[Sequence[Card]]) -> tuple[Tally, ...]:
    """Each captured pile's card points, card by card (C-13): only cards worth points."""
    out = []
    for seat, pile in enumerate(piles):
        count = Counter(pile)
        cards = [(_CODES[c.index], count[c], card_point(c))
                 for c in sorted(count, key=lambda c: (-card_point(c), c.index))
                 if card_point(c)]
        out.append(Tally(seat, tuple(cards), card_points(pile), len(pile)))
    return tuple(out)


#: The most your-move steps chosen in one deal of a seeded or recorded walkthrough (one
#: of each kind: a forced sweep, a double, a choice of collections).
ASKS_PER_DEAL = 3


class _Builder:
    def __init__(self, source: _Source, rules: KrypkasinoRules,
                 asks: Sequence[str] | None = None) -> None:
        self.source = source
        self.rules = rules
        self.asks = None if asks is None else set(asks)
        self.asked: Counter[tuple[int, str]] = Counter()
        self.steps: list[Step] = []
        self.kinds: Counter[str] = Counter()
        self.deal_sweeps: list[Swept] = []
        self.deal_scores: list[tuple[int, ...]] = []

    def add(self, step_id: str, kind: str, board: Board, **fields: Any) -> None:
        self.kinds[kind] += 1
        self.steps.append(Step(step_id, kind, self.kinds[kind], board.deal, board, **fields))

    def wants(self, step_id: str, rule: str | None, deal: int) -> bool:
        """Whether the play ``step_id`` is a your-move step: listed by the scenario, else
        (none listed) every choice of a hand-made position, and in whole deals the first
        forced sweep, double and choice of collections of each deal."""
        if rule is None:
            return False
        if self.asks is not None:
            return step_id in self.asks
        if self.source.is_position:
            return True
        if rule == "C-7" or self.asked[(deal, rule)]:
            return False
        return sum(n for (d, _), n in self.asked.items() if d == deal) < ASKS_PER_DEAL

    def opening(self, tracker: _Tracker, events: Sequence[KrypkasinoEvent],
                state: KrypkasinoState) -> None:
        """Steps for the start of a deal: the deal, then the face cards off the table."""
        for event in events:
            if isinstance(event, Dealt):
                tracker.apply(event, state)
                self.deal_sweeps = []
                self.add(step_prefix(event.deal) + "deal", "deal", tracker.board(),
                         events=(event,))
            elif isinstance(event, FaceCardsSetAside):
                table_before = codes(tracker.table)
                tracker.apply(event, state)
                self.add(step_prefix(tracker.deal) + "face-cards", "face-cards", tracker.board(),
                         events=(event,), table_before=table_before, taken=codes(event.cards))

    def run(self) -> Walkthrough:
        source, rules = self.source, self.rules
        state, opening = source.start(rules)
        tracker = _Tracker(state)
        if source.is_position:
            # A hand-made position has only the lots its own stock makes (C-11).
            tracker.lots = 1 + state.stock_size() // (4 * state.players)
            seat = state.current_player()
            assert seat is not None
            hand = state.hand(seat)
            choices = _choices(state, hand)
            self.add("position", "position", tracker.board(), seat=seat,
                     hand_before=codes(hand_order(hand)), table_before=codes(state.table_cards()),
                     choices=choices, sweepers=codes(state.sweeping_cards()),
                     refusals=_refusals(state, hand, choices))
        else:
            self.opening(tracker, opening, state)
            tracker.sync(state)
        bot = _bot()
        limit = source.max_deals or state.session_length
        recorded: list[_PlaySpec] = source.plays[0] if source.plays else []
        following = True  # still on the scenario's own plays
        truncated = False
        while state.phase is Phase.PLAY:
            if len(self.steps) >= MAX_STEPS:
                truncated = True
                break
            seat = state.current_player()
            assert seat is not None
            index = state.play_index
            hand = state.hand(seat)
            table = state.table_cards()
            choices = _choices(state, hand)
            sweepers = tuple(state.sweeping_cards())
            refusals = _refusals(state, hand, choices)
            step_id = step_prefix(tracker.deal) + f"play-{index}"
            options: list[MoveOption] | None = None
            rule = move_rule(choices, refusals)
            if self.wants(step_id, rule, tracker.deal):
                assert rule is not None
                options = move_options(state, choices)
                self.asked[(tracker.deal, rule)] += 1
            refused: Refusal | None = None
            recorded_card: str | None = None
            chosen_by = "bot"
            events: list[KrypkasinoEvent] | None = None
            if following and index < len(recorded):
                spec = recorded[index]
                recorded_card = spec.card.code
                try:
                    if spec.groups is None:
                        events = state.apply(Play(spec.card, None))
                    else:
                        events = state.apply(Play(spec.card, ()), groups=spec.groups)
                    chosen_by = "record"
                except RulesLabError as exc:
                    refused = Refusal.of(exc, spec.card)
                    following = False
            reason: Refusal | None = None
            if events is None:
                action, reason = bot(state)
                try:
                    events = state.apply(action)
                except RulesLabError:  # a bot that errs: the simple legal policy instead
                    reason = None
                    events = state.apply(basic_play(state))
            play_events = [e for e in events if isinstance(e, (Trailed, Captured, Swept))]
            for e in play_events:
                tracker.apply(e, state)
            played = play_events[0]
            assert isinstance(played, (Trailed, Captured))
            swept = [e for e in play_events if isinstance(e, Swept)]
            self.deal_sweeps.extend(swept)
            if swept:
                kind = "double-sweep" if swept[0].double else "sweep"
            else:
                kind = "capture" if isinstance(played, Captured) else "trail"
            taken = played.cards if isinstance(played, Captured) else ()
            groups = played.groups if isinstance(played, Captured) else ()
            move = None if options is None or rule is None else make_move(
                options, rule, seat, played.card.code, codes(taken))
            self.add(step_id, kind, tracker.board(), move=move,
                     events=tuple(play_events), seat=seat, card=played.card.code,
                     taken=codes(taken), groups=tuple(codes(g) for g in groups),
                     hand_before=codes(hand_order(hand)), table_before=codes(table),
                     choices=choices, sweepers=codes(sweepers), refusals=refusals,
                     recorded_refusal=refused, recorded_card=recorded_card,
                     chosen_by=chosen_by, reason=reason)
            finished = len(self.deal_scores)
            self._after_play(tracker, events[len(play_events):], state, limit)
            if len(self.deal_scores) == finished:  # the deal goes on
                tracker.sync(state)
                continue
            # The deal is over (a seeded session has dealt the next one already).
            done = len(self.deal_scores)
            if done >= limit or state.is_terminal():
                break
            if _waiting_for_cards(state):
                if done >= len(source.deal_cards):
                    break
                opening = _start_recorded(state, source.deal_cards[done])
                self.opening(tracker, opening, state)
                recorded = source.plays[done]
                following = True
            tracker.sync(state)
        deals = 1 + max((s.deal for s in self.steps), default=0)
        return Walkthrough(source.players, rules, tuple(self.steps), tuple(self.deal_scores),
                           deals, truncated)

    def _after_play(self, tracker: _Tracker, events: Sequence[KrypkasinoEvent],
                    state: KrypkasinoState, limit: int) -> None:
        """Steps for what follows a play: a new lot, or the end of the deal and its score
        (and, in a seeded session, the next deal)."""
        i = 0
        while i < len(events):
            event = events[i]
            if isinstance(event, FaceCardsSetAside) or isinstance(event, NewLot):
                group: list[KrypkasinoEvent] = []
                table_before = codes(tracker.table)
                while i < len(events) and isinstance(events[i],
                                                     (FaceCardsSetAside, NewLot, LastLot)):
                    tracker.apply(events[i], state)
                    group.append(events[i])
                    i += 1
                lot = next(e for e in group if isinstance(e, NewLot))
                kind = "last-lot" if lot.last else "new-lot"
                faces = [c for e in group if isinstance(e, FaceCardsSetAside) for c in e.cards]
                self.add(step_prefix(tracker.deal) + f"lot-{lot.lot}", kind, tracker.board(),
                         events=tuple(group), table_before=table_before, taken=codes(faces))
                continue
            if isinstance(event, LeftoversAwarded):
                table_before = codes(tracker.table)
                tracker.apply(event, state)
                self.add(step_prefix(tracker.deal) + "leftovers", "leftovers", tracker.board(),
                         events=(event,), seat=event.seat, taken=codes(event.cards),
                         table_before=table_before)
                i += 1
                continue
            if isinstance(event, DealScored):
                group = [event]
                tracker.apply(event, state)
                i += 1
                if i < len(events) and isinstance(events[i], SessionOver):
                    group.append(events[i])
                    i += 1
                board = tracker.board()
                self.deal_scores.append(tuple(event.scores))
                self.add(step_prefix(tracker.deal) + "score", "score", board,
                         events=tuple(group), tallies=_tallies(tracker.captured),
                         sweeps=tuple(self.deal_sweeps))
                continue
            if isinstance(event, Dealt):
                # A seeded session deals the next deal at once.
                if len(self.deal_scores) >= limit:
                    return
                self.opening(tracker, events[i:], state)
                return
            i += 1


def build(data: Mapping[str, Any], rules: KrypkasinoRules) -> Walkthrough:
    """The walkthrough of a scenario's game keys under ``rules``.

    ``your_move`` (optional) lists the play steps that stop for the learner's move;
    without it they are chosen from the engine's positions (:meth:`_Builder.wants`).
    Raises :class:`RecordError` (naming the field) when the source is not valid.
    """
    asks = None
    if "your_move" in data:
        asks = [str(x) for x in expect_list(data["your_move"], "your_move")]
    return _Builder(read_source(data), rules, asks).run()



# -- the page's link: scenario or seed, variant and step in the URL --------------------------
#: The scenario id of the random-deal mode (any seed, played by the basic player).
RANDOM = "random"
#: The variant options of RULES.md, in the order the page shows them.
VARIANT_KEYS: tuple[str, ...] = ("capture", "sweep_points", "double_sweep", "forced_sweep",
                                 "session")
CAPTURE_CHOICES: tuple[str, ...] = ("maximum", "maximal")
BOOL_CHOICES: tuple[str, ...] = ("true", "false")
SESSION_CHOICES: tuple[str, ...] = ("rotation", *(str(n) for n in range(1, 13)))
MAX_SWEEP_POINTS = 100
MAX_SEED = 2**53 - 1  # the largest whole number a browser number field holds exactly
DEFAULT_SEED = 1
DEFAULT_PLAYERS = 2

VariantItems = tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class Selection:
    """What the page shows: a scenario (or :data:`RANDOM` with ``seed`` and ``players``)
    and the full variant in force (hashable, for the cache)."""

    scenario: str
    seed: int
    players: int
    variant: VariantItems

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.variant)


def variant_text(name: str, value: Any) -> str:
    """An option as the link writes it: ``true``/``false``, numbers, ``rotation``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def read_link(reader: Any, scenario_ids: Sequence[str],
              base_variants: Mapping[str, Mapping[str, Any]]) -> Selection:
    """The selection a link asks for; every bad value becomes its default and a problem
    in ``reader.problems`` (``reader`` is a :class:`ui.query.LinkReader`).

    >>> from ui.query import LinkReader
    >>> r = LinkReader("en", params={"scenario": "nope", "forced_sweep": "false",
    ...                              "sweep_points": "x"})
    >>> s = read_link(r, ["a", "b"], {})
    >>> s.scenario, s.options["forced_sweep"], s.options["sweep_points"], len(r.problems)
    ('a', False, 5, 2)
    """
    scenario = reader.choice("scenario", (*scenario_ids, RANDOM), scenario_ids[0])
    seed = reader.int("seed", DEFAULT_SEED, lo=0, hi=MAX_SEED) if scenario == RANDOM \
        else DEFAULT_SEED
    players = reader.int("players", DEFAULT_PLAYERS, lo=2, hi=6) if scenario == RANDOM \
        else DEFAULT_PLAYERS
    base = KrypkasinoRules.from_dict(dict(base_variants.get(scenario, {}))).to_dict()
    options = dict(base)
    options["capture"] = reader.choice("capture", CAPTURE_CHOICES, base["capture"])
    options["sweep_points"] = reader.int("sweep_points", base["sweep_points"], lo=0,
                                         hi=MAX_SWEEP_POINTS)
    for name in ("double_sweep", "forced_sweep"):
        options[name] = reader.choice(name, BOOL_CHOICES, variant_text(name, base[name])) == "true"
    session = reader.choice("session", SESSION_CHOICES, variant_text("session", base["session"]))
    options["session"] = session if session == "rotation" else int(session)
    return Selection(scenario, seed, players, tuple((k, options[k]) for k in VARIANT_KEYS))


def base_variant(data: Mapping[str, Any]) -> dict[str, Any]:
    """A scenario's own variant (its ``variant``, else its record's), checked by the engine;
    raises :class:`RecordError` naming ``variant`` when it is not a valid variant.

    >>> base_variant({"variant": {"sweep_points": 3}}), base_variant({"seed": 1})
    ({'sweep_points': 3}, {})
    """
    raw = data.get("variant")
    if raw is None and isinstance(data.get("record"), dict):
        raw = data["record"].get("variant")
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise RecordError("variant", "must be an object of options")
    try:
        KrypkasinoRules.from_dict(raw)
    except RulesLabError as exc:
        raise RecordError("variant", exc.sentence) from None
    return dict(raw)


def link_params(selection: Selection, base_variant: Mapping[str, Any],
                step: int) -> dict[str, str | None]:
    """The query that reproduces ``selection`` at ``step`` (1-based): variant options only
    where they differ from the scenario's own (``None`` removes a key)."""
    base = KrypkasinoRules.from_dict(dict(base_variant)).to_dict()
    random = selection.scenario == RANDOM
    out: dict[str, str | None] = {
        "scenario": selection.scenario,
        "seed": str(selection.seed) if random else None,
        "players": str(selection.players) if random else None,
    }
    for name, value in selection.variant:
        out[name] = None if value == base[name] else variant_text(name, value)
    out["step"] = str(step)
    return out


def tally_text(tally: Tally) -> str:
    """The count of one pile as arithmetic: ``"3 (10♦) + 2 (2♠) + 5 × 1 = 10"``.

    >>> tally_text(Tally(0, (("TD", 1, 3), ("AS", 2, 2), ("5S", 2, 1), ("AH", 1, 1)), 10, 20))
    '3 (10♦) + 2 × 2 (A♠) + 3 × 1 = 10'
    """
    from engine.cards import parse_card

    parts = []
    ones = 0
    for code, copies, points in tally.cards:
        if points == 1:
            ones += copies
        else:
            card = str(parse_card(code))
            parts.append(f"{points} ({card})" if copies == 1 else f"{copies} × {points} ({card})")
    if ones:
        parts.append(f"{ones} × 1")
    return f"{' + '.join(parts) or '0'} = {tally.total}"


@dataclass(frozen=True)
class Outline:
    """What a page needs of a whole walkthrough besides the step it shows: small enough to
    fetch from a cache on every run."""

    count: int
    players: int
    deals: int
    truncated: bool
    deal_scores: tuple[tuple[int, ...], ...]
    score_steps: tuple[int, ...]  # the indices of the score steps
    ids: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    nths: tuple[int, ...] = ()
    asks: tuple[bool, ...] = ()
    rules: tuple[str, ...] = ()  # the rules the steps show (asked, refused, played)


#: The rule each kind of step shows (for the quiz link at the end of a walkthrough).
KIND_RULES: dict[str, tuple[str, ...]] = {
    "deal": ("C-2",), "face-cards": ("C-3",), "trail": ("C-7",), "capture": ("C-5", "C-6"),
    "sweep": ("C-9",), "double-sweep": ("C-10",), "new-lot": ("C-11",),
    "last-lot": ("C-11",), "leftovers": ("C-12",), "score": ("C-13", "C-14"),
}


def outline(walkthrough: Walkthrough) -> Outline:
    steps = walkthrough.steps
    rules = {r for s in steps for r in KIND_RULES.get(s.kind, ())}
    rules |= {s.move.rule for s in steps if s.move is not None}
    rules |= {r.rule for s in steps for r in s.refusals if r.rule}
    return Outline(len(steps), walkthrough.players, walkthrough.deals,
                   walkthrough.truncated, walkthrough.deal_scores,
                   tuple(i for i, s in enumerate(steps) if s.kind == "score"),
                   tuple(s.id for s in steps), tuple(s.kind for s in steps),
                   tuple(s.nth for s in steps), tuple(s.move is not None for s in steps),
                   tuple(sorted(rules, key=lambda r: int(r.split("-")[1]))))


#: The fewest plain trails in a row that the page folds into one step.
FOLD_AT = 3


def fold(shape: Outline, has_text: Callable[[int], bool]) -> tuple[tuple[int, int], ...]:
    """The steps as the page numbers them: ``(first, last)`` indices (0-based, inclusive).
    A run of at least :data:`FOLD_AT` plain trails (no your-move question, no lesson text:
    ``has_text(i)``) becomes one step that the page can open; every other step is its own.

    >>> shape = Outline(6, 2, 1, False, (), (), ("a",) * 6,
    ...                 ("deal", "trail", "trail", "trail", "capture", "trail"), (1,) * 6,
    ...                 (False,) * 6)
    >>> fold(shape, lambda i: False)
    ((0, 0), (1, 3), (4, 4), (5, 5))
    """
    out: list[tuple[int, int]] = []
    i = 0
    n = shape.count

    def plain(k: int) -> bool:
        return (k < len(shape.kinds) and shape.kinds[k] == "trail"
                and not (shape.asks and shape.asks[k]) and not has_text(k))

    while i < n:
        j = i
        while j < n and plain(j):
            j += 1
        if j - i >= FOLD_AT:
            out.append((i, j - 1))
            i = j
            continue
        out.append((i, i))
        i += 1
    return tuple(out)


def view_of(groups: Sequence[tuple[int, int]], index: int) -> int:
    """The page's step (0-based) that shows the walkthrough's step ``index``."""
    for v, (first, last) in enumerate(groups):
        if first <= index <= last:
            return v
    return len(groups) - 1


def hand_states(step: Step) -> list[CardState]:
    """How each card of the hand before a play is drawn: ★ (highlight) the card played, ✓
    (legal) a card that may be played, faded (dimmed) a card C-8 forbids."""
    left = Counter([step.card] if step.card else [])
    out: list[CardState] = []
    for code in step.hand_before:
        choice = step.choice(code)
        if left[code] > 0:
            left[code] -= 1
            out.append("highlight")
        elif choice is not None and choice.allowed:
            out.append("legal")
        else:
            out.append("dimmed")
    return out


def finished_scores(walkthrough: Walkthrough | Outline, index: int) -> list[tuple[int, ...]]:
    """The scores of the deals finished at step ``index`` (0-based), for the chart."""
    shape = walkthrough if isinstance(walkthrough, Outline) else outline(walkthrough)
    done = sum(1 for i in shape.score_steps if i <= index)
    return [tuple(s) for s in shape.deal_scores[:done]]
