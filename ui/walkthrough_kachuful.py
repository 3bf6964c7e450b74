"""The Kachuful walkthrough as plain data: a list of steps built on engine states.

Pure and cache-friendly: :func:`build` drives a :class:`~engine.kachuful.KachufulState`
(a seeded game, or a ``kachuful-record/1`` of a scenario) and after every event group
records a :class:`Step` made of strings, numbers and card codes only. Every fact shown
comes from the engine: whose turn, the legal bids and cards, the hook arithmetic
(``BidMade.others/forbidden``), how a card was played and who won the trick and why
(``CardPlayed.how``, ``TrickWon.reason``), the scores (``HandScored``); which hands a
seat may see comes from ``state.view(seat)``. This module decides no rule.

Two things here are not rules and are labelled so on the page:

* :func:`bid_advice` — a sure-trick count (aces and the trump king), advice only.
* In a *random deal* every seat is played by the engine's basic computer player
  (:mod:`engine.bots`, level ``basic``, seeded by the deal's seed); its one-sentence
  reason is kept with each step (``Step.bot``) and shown as the player's reasoning.

Step ids (the keys of a scenario's ``texts``, see :mod:`tutorials.scenarios`):
``draw.r1`` (draw round 1), ``h11.schedule``, ``h11.deal``, ``h11.bid.s0`` (seat 0's bid
in hand 11; the dealer's bid has kind ``hook``), ``h11.t1.c2`` (trick 1, second card),
``h11.t1.won``, ``h11.score``, ``illegal``. Hands are numbered by their place in the game.

>>> walk = build(record_source(EXAMPLE_DOC, first_hand=11), DEFAULT_RULES, "en")
>>> hook_step = walk.steps[walk.index_of("h11.bid.s3")]
>>> hook_step.kind, hook_step.lines[0]
('hook', 'Seat 3, the dealer, bids 0: the other bids add up to 2 and the hand has 3 tricks, so 1 was not allowed.')
>>> walk.steps[-1].sheet[0]
(0, 1, 1, 11, 11)
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.bots import bot_move, make_bot
from engine.cards import Card, Rank, Suit
from engine.errors import IllegalActionError, InvalidActionError, RecordError
from engine.kachuful import (
    DEFAULT_RULES,
    Bid,
    KachufulRules,
    KachufulState,
    Phase,
    hand_sizes,
    narrate,
    trump_for_hand,
)
from engine.kachuful.events import (
    BidMade,
    CardPlayed,
    Dealt,
    DrawCard,
    DrawTie,
    GameOver,
    HandScored,
    KachufulEvent,
    Redraw,
    TrickWon,
    TrumpAnnounced,
)
from engine.kachuful.record import read_record
from engine.kachuful.rules import (
    RENEGE_RULES,
    SCHEDULES,
    SCORINGS,
    TRUMP_RULES,
    max_hand_size,
)
from engine.kachuful.state import HandResult, HandSetup, setup_hand
from tutorials import scenarios as scenario_files
from tutorials.facts import fill_step_text as fill_facts
from tutorials.facts import kachuful_facts
from tutorials.scenarios import Scenario, ScenarioError
from ui.i18n import t
from ui.query import LinkReader, Problem
from ui.safe import clip, escape_html, escape_markdown
from ui.your_move import Ask
from ui.your_move import Choice as AskChoice

GAME = "kachuful"
#: The keys a Kachuful scenario file may hold besides the shared ones.
SCENARIO_KEYS: tuple[str, ...] = ("seed", "players", "hands", "record", "first_hand", "variant",
                                  "your_move")
#: The walkthrough of any seed ("random deal"), beside the scenario files.
RANDOM = "random"
#: Seeds up to the largest whole number a browser holds exactly (number inputs, links).
MAX_SEED = 2**53 - 1

#: The worked example of RULES.md (also ``tutorials/scenarios/kachuful/worked-example``).
EXAMPLE_DOC: dict[str, Any] = {
    "format": "kachuful-record/1", "players": 4,
    "hands": [{"dealer": 3,
               "deal": [["KH", "AS", "3D"], ["2C", "4S", "5D"], ["AH", "6S", "9D"],
                        ["7H", "8S", "2D"]],
               "bids": [1, 0, 1, 0],
               "play": ["KH", "2C", "AH", "7H", "4S", "6S", "8S", "AS", "3D", "5D", "9D",
                        "2D"]}],
}


# -- sources -------------------------------------------------------------------------


@dataclass(frozen=True)
class SeedSource:
    """A game dealt from ``seed`` (first dealer by the K-3 draw), walked for ``hands``."""

    seed: int
    players: int = 4
    hands: int = 1
    asks: tuple[str, ...] | None = None  # the scenario's your_move steps (None: chosen)


@dataclass(frozen=True)
class RecordSource:
    """A ``kachuful-record/1`` document; its first hand is hand ``first_hand`` of the
    game (so the trump follows the variant's rule for that place, unless the record
    states it)."""

    doc: Mapping[str, Any]
    first_hand: int = 1
    asks: tuple[str, ...] | None = None


Source = SeedSource | RecordSource


def record_source(doc: Mapping[str, Any], first_hand: int = 1) -> RecordSource:
    return RecordSource(doc, first_hand)


def _int(value: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ScenarioError(where, f"must be a whole number from {lo} to {hi}")
    return value


def scenario_rules(scenario: Scenario) -> KachufulRules:
    """The variant a scenario starts with (its ``variant``, else the defaults)."""
    raw = scenario.data.get("variant", {})
    try:
        return KachufulRules.from_dict(raw)
    except InvalidActionError as exc:
        raise ScenarioError(f"{GAME}/{scenario.id}: variant", exc.sentence) from None


def scenario_source(scenario: Scenario) -> Source:
    """The game a scenario walks through; raises :class:`ScenarioError` when its keys
    are wrong (exactly one of ``seed`` and ``record``; the record is read strictly)."""
    data = scenario.data
    where = f"{GAME}/{scenario.id}"
    if ("seed" in data) == ("record" in data):
        raise ScenarioError(where, "give exactly one of 'seed' and 'record'")
    rules = scenario_rules(scenario)
    if "seed" in data:
        for key in ("first_hand",):
            if key in data:
                raise ScenarioError(f"{where}: {key}", "only for a record scenario")
        seed = _int(data["seed"], f"{where}: seed", 0, MAX_SEED)
        players = _int(data.get("players", 4), f"{where}: players", 3, 8)
        count = len(hand_sizes(players, rules))
        hands = _int(data.get("hands", 1), f"{where}: hands", 1, count)
        return SeedSource(seed, players, hands, _asks(data, where))
    for key in ("players", "hands"):
        if key in data:
            raise ScenarioError(f"{where}: {key}", "only for a seed scenario (the record "
                                "says how many players and hands)")
    first = _int(data.get("first_hand", 1), f"{where}: first_hand", 1, 100)
    doc = data["record"]
    try:
        read_record(doc)
    except RecordError as exc:
        raise ScenarioError(f"{where}: record.{exc.field}", exc.problem) from None
    if not isinstance(doc, dict) or not doc.get("hands"):
        raise ScenarioError(f"{where}: record.hands", "the record needs at least one hand")
    return RecordSource(doc, first, _asks(data, where))


def _asks(data: Mapping[str, Any], where: str) -> tuple[str, ...] | None:
    """A scenario's ``your_move``: the step ids where the learner acts (checked against
    the built steps by the tests); absent, the builder chooses them."""
    if "your_move" not in data:
        return None
    raw = data["your_move"]
    if not isinstance(raw, list) or not all(isinstance(x, str) and x for x in raw):
        raise ScenarioError(f"{where}: your_move", "must be a list of step ids")
    return tuple(raw)


def load_scenarios() -> list[Scenario]:
    """Every Kachuful scenario file, checked, in menu order."""
    found = scenario_files.load_all(GAME, SCENARIO_KEYS)
    for scenario in found:
        scenario_source(scenario)
    return found


# -- steps ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """The table the engine produced at a step (card codes, seats as numbers).

    ``visible[v][s]``: may seat ``v`` see seat ``s``'s hand (``state.view(v)``).
    ``trick`` holds the cards on the table, ``(seat, code)`` in play order;
    ``trick_winner`` is set on the step that completes a trick.
    """

    hand: int
    size: int
    dealer: int
    trump: str
    turned: str | None
    hands: tuple[tuple[str, ...], ...]
    visible: tuple[tuple[bool, ...], ...]
    bids: tuple[int | None, ...]
    tricks_won: tuple[int, ...]
    trick: tuple[tuple[int, str], ...]
    trick_winner: int | None
    to_act: int | None
    legal_cards: tuple[str, ...]
    legal_bids: tuple[int, ...]
    blind_allowed: bool
    totals: tuple[int, ...]
    just_played: str | None = None


@dataclass(frozen=True)
class Step:
    """One step of the walkthrough: what happened (engine sentences in ``lines``), why
    (``explain``, ``advice``), the scenario's teaching ``text`` and the table after it.

    ``seat`` is the seat that acted (a bid or a card). ``advice``, ``bot`` (the computer
    player's reason) and ``private`` (e.g. the cards that seat could play) speak of that
    seat's hand: a page showing the table through another seat's eyes hides them when
    that seat may not see the actor's hand (:meth:`hides_private`).
    """

    id: str
    kind: str
    hand: int
    title: str
    lines: tuple[str, ...]
    explain: tuple[str, ...] = ()
    advice: str | None = None
    bot: str | None = None
    seat: int | None = None
    private: tuple[str, ...] = ()
    text: str | None = None
    rules: tuple[str, ...] = ()
    table: Table | None = None
    draw: tuple[tuple[int, str, bool], ...] = ()
    sheet: tuple[tuple[int, int, int, int, int], ...] = ()
    error: str | None = None
    hands_done: int = 0
    ask: Ask | None = None  # a "your move" step: the question on the table ``before``
    before: Table | None = None

    def hides_private(self, viewer: int | None) -> bool:
        """Whether ``viewer`` (``None``: the teaching view) may not see what the acting
        seat held, so the advice, reason and private lines must not be shown."""
        if viewer is None or self.seat is None or self.table is None:
            return False
        return not self.table.visible[viewer][self.seat]


@dataclass(frozen=True)
class Walkthrough:
    """Every step, the game's schedule under the variant, and the score rows."""

    players: int
    steps: tuple[Step, ...]
    schedule: tuple[int, ...]
    trumps: tuple[str, ...]
    hand_scores: tuple[tuple[int, tuple[int, ...]], ...]
    notes: tuple[str, ...] = ()
    by_bot: bool = False

    @property
    def illegal(self) -> bool:
        """Whether the walk stops at an action the variant forbids."""
        return bool(self.steps) and self.steps[-1].kind == "illegal"

    def index_of(self, step_id: str) -> int:
        for i, step in enumerate(self.steps):
            if step.id == step_id:
                return i
        raise KeyError(step_id)

    def scores_until(self, index: int) -> list[tuple[int, tuple[int, ...]]]:
        """The score rows of the hands finished at step ``index``."""
        done = self.steps[index].hands_done
        return list(self.hand_scores[:done])


def step_number(walk: Walkthrough, raw: str | None) -> int | None:
    """The 1-based step a link's ``step`` names by id (``h11.bid.s3``), or ``None`` when
    it is not a step id of this walkthrough (then it is read as a number).

    >>> walk = build(record_source(EXAMPLE_DOC, first_hand=11))
    >>> step_number(walk, "h11.t1.won"), step_number(walk, "11"), step_number(walk, "h2.deal")
    (11, None, None)
    """
    if not raw:
        return None
    try:
        return walk.index_of(raw) + 1
    except KeyError:
        return None


def trump_code(trump: Suit | None) -> str:
    return "NT" if trump is None else trump.value


def trump_words(code: str, lang: str) -> str:
    """``"clubs"`` / ``"no trump"`` / ``"?"`` (turned, not known before the deal)."""
    if code == "?":
        return t("kwalk.trump.unknown", lang)
    from engine.messages import suit_name

    return suit_name(code, lang)


def codes(cards: Sequence[Card]) -> str:
    return ", ".join(str(c) for c in cards)


# -- advice (not a rule) --------------------------------------------------------------


def bid_advice(hand: Sequence[Card], trump: Suit | None) -> tuple[int, tuple[Card, ...]]:
    """Advice, not a rule: count the aces and the trump king as sure tricks.

    >>> from engine.cards import parse_cards
    >>> bid_advice(parse_cards(["KH", "AS", "3D"]), Suit.CLUBS)[0]
    1
    """
    sure = tuple(c for c in hand
                 if c.rank is Rank.ACE or (trump is not None and c.suit is trump
                                           and c.rank is Rank.KING))
    return len(sure), sure


#: An action to apply, with the computer player's reason when a bot chose it.
Choice = tuple[Bid | Card, str | None]


# -- "your move" (issue 13) -----------------------------------------------------------
#: The most your-move steps chosen in one hand when a scenario lists none: the hook, a
#: card that must follow suit, a card played without the suit led.
ASKS_PER_HAND = 3
#: The most your-move steps of one walkthrough (each plays the hand out once per option,
#: so a whole random game stays quick to build).
MAX_ASKS = 8


def _outcome(state: KachufulState, action: Bid | Card, seat: int) -> HandScored:
    """``seat``'s line of the hand when ``action`` is played now and the basic computer
    player plays every later bid and card (on a copy of ``state``)."""
    twin = state.clone()
    index = twin.hand_number
    bot = make_bot(GAME, "basic", seed=0)
    events = list(twin.apply(action))
    while not any(isinstance(e, HandScored) for e in events):
        if twin.is_terminal() or twin.hand_number != index:
            break
        move, _ = bot_move(twin, bot)
        events.extend(twin.apply(move))
    return next(e for e in events if isinstance(e, HandScored) and e.seat == seat)


def ask_kind(state: KachufulState) -> str | None:
    """What the seat to act could be asked now: ``hook`` (the dealer's bid with a number
    forbidden, K-9), ``follow`` (a card while holding the suit led and another suit,
    K-11), ``void`` (no card of the suit led: trump or discard, K-11), else ``None``."""
    if state.phase is Phase.BID:
        last = sum(b is not None for b in state.bids) == state.players - 1
        if last and len(state.legal_bid_numbers()) < state.hand_size + 1:
            return "hook"
        return None
    if state.phase is not Phase.PLAY or not state.current_trick:
        return None
    seat = state.current_player()
    assert seat is not None
    hand = state.hand_of(seat)
    led = state.current_trick[0][1].suit
    suits = {c.suit for c in hand}
    if led in suits:
        return "follow" if len(suits) > 1 else None
    return "void" if len(hand) > 1 else None


@dataclass
class _Builder:
    state: KachufulState
    lang: str
    texts: Mapping[str, Mapping[str, str]]
    asks: frozenset[str] | None = None  # the scenario's your_move steps (None: chosen here)
    asked: dict[tuple[int, str], int] = field(default_factory=dict)
    steps: list[Step] = field(default_factory=list)
    scores: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)
    seen: dict[str, int] = field(default_factory=dict)
    offset: int = 0  # game position of the state's hand 1, minus 1
    game_over_shown: bool = True  # False when a record stops before the game's last hand

    def tr(self, key: str, **data: Any) -> str:
        return t(key, self.lang, **data)

    def say(self, event: KachufulEvent) -> str:
        return narrate(event, self.lang)

    def add(self, step: Step, facts: Mapping[str, Any] | None = None) -> None:
        nth = self.seen[step.kind] = self.seen.get(step.kind, 0) + 1
        key = step.id
        text = scenario_files.text_for(self.texts, step.id, step.kind, nth, self.lang)
        if text is None and not self.steps:
            key = "intro"
            text = scenario_files.text_for(self.texts, "intro", "intro", 1, self.lang)
        if text is not None:
            # The text's placeholders ({dealer}, {forbidden_bid}...) from this step's state.
            text = fill_facts(text, kachuful_facts(step, self.state.rules, facts), self.lang,
                              f"texts.{key}")  # None: a fact this variant lacks
        self.steps.append(replace(step, text=text, hands_done=len(self.scores)))

    @property
    def position(self) -> int:
        return self.state.hand_number + self.offset

    # -- the table -----------------------------------------------------------------

    def table(self) -> Table:
        """The table as the engine shows it now (within the current hand)."""
        s = self.state
        n = s.players
        views = [s.view(v) for v in range(n)]
        legal_cards: tuple[str, ...] = ()
        legal_bids: tuple[int, ...] = ()
        if s.phase is Phase.PLAY:
            legal_cards = tuple(a.code for a in s.legal_actions() if isinstance(a, Card))
        elif s.phase is Phase.BID:
            legal_bids = tuple(s.legal_bid_numbers())
        setup = s.setup
        return Table(
            hand=self.position, size=setup.size, dealer=setup.dealer,
            trump=trump_code(setup.trump),
            turned=None if setup.turned is None else setup.turned.code,
            hands=tuple(tuple(c.code for c in s.hand_of(seat)) for seat in range(n)),
            visible=tuple(tuple(v.hands[seat] is not None for seat in range(n))
                          for v in views),
            bids=s.bids, tricks_won=s.tricks_won,
            trick=tuple((seat, c.code) for seat, c in s.current_trick),
            trick_winner=None, to_act=s.current_player(), legal_cards=legal_cards,
            legal_bids=legal_bids, blind_allowed=s.rules.blind_bids and s.phase is Phase.BID,
            totals=tuple(s.scores()),
        )

    def finished_table(self, before: Table, result: HandResult) -> Table:
        """The table at the end of a hand (the state has moved on): every card played."""
        return replace(before, hands=tuple(() for _ in before.hands), bids=result.bids,
                       tricks_won=result.tricks, trick=(), trick_winner=None, to_act=None,
                       legal_cards=(), legal_bids=(), totals=tuple(self.totals()))

    def totals(self) -> list[int]:
        totals = [0] * self.state.players
        for _, row in self.scores:
            for seat, points in enumerate(row):
                totals[seat] += points
        return totals

    # -- the draw ------------------------------------------------------------------

    def draw_steps(self) -> None:
        events = self.state.draw_events
        rounds: dict[int, list[KachufulEvent]] = {}
        current = 1
        for event in events:
            if isinstance(event, (DrawCard, DrawTie)):
                current = event.round
            rounds.setdefault(current, []).append(event)
        for number, group in rounds.items():
            drawn = [e for e in group if isinstance(e, DrawCard)]
            if not drawn:
                continue
            top = max(int(e.card.rank) for e in drawn)
            lines = [self.say(e) for e in group if not isinstance(e, Redraw)]
            redraw = [e for e in group if isinstance(e, Redraw)]
            explain = [self.tr("kwalk.explain.draw")]
            tie = [e for e in group if isinstance(e, DrawTie)]
            if tie:
                explain.append(self.tr("kwalk.explain.draw-tie"))
            lines.extend(self.say(e) for e in redraw)
            title = self.tr("kwalk.title.draw", round=number)
            self.add(Step(
                id=f"draw.r{number}", kind="draw-tie" if tie else "draw", hand=0,
                title=title, lines=tuple(lines), explain=tuple(explain), rules=("K-3",),
                draw=tuple((e.seat, e.card.code, int(e.card.rank) == top) for e in drawn),
            ))

    # -- one hand ------------------------------------------------------------------

    def opening_steps(self, schedule: Sequence[int], trumps: Sequence[str]) -> None:
        s = self.state
        h = self.position
        dealt, trump_event = s.hand_events()
        assert isinstance(dealt, Dealt) and isinstance(trump_event, TrumpAnnounced)
        # Events count hands from the state's first; a scenario may start later in the game.
        dealt, trump_event = replace(dealt, hand=h), replace(trump_event, hand=h)
        table = self.table()
        size = s.hand_size
        count = len(schedule)
        explain = [self.tr(f"kwalk.explain.schedule.{s.rules.schedule}",
                           top=max(schedule) if schedule else size,
                           players=s.players, count=count)]
        if h <= count and schedule[h - 1] != size:
            explain.append(self.tr("kwalk.explain.schedule-mismatch", hand=h,
                                   size=size, scheduled=schedule[h - 1]))
        elif h > count:
            explain.append(self.tr("kwalk.explain.schedule-outside", hand=h, count=count))
        explain.append(self.tr(f"kwalk.explain.trumps.{trump_event.source}"))
        explain.append(self.tr("kwalk.explain.rotation", dealer=s.dealer))
        self.add(Step(
            id=f"h{h}.schedule", kind="schedule", hand=h,
            title=self.tr("kwalk.title.schedule", hand=h, count=count, size=size,
                          trump=trump_words(table.trump, self.lang)),
            lines=(self.say(trump_event),), explain=tuple(explain),
            rules=("K-4", "K-6", "K-7"), table=table,
        ))
        self.add(Step(
            id=f"h{h}.deal", kind="deal", hand=h,
            title=self.tr("kwalk.title.deal", hand=h),
            lines=(self.say(dealt),),
            explain=(self.tr("kwalk.explain.deal"), self.tr("kwalk.explain.face-up")),
            rules=("K-5",), table=table,
        ))

    def bid_step(self, event: BidMade, legal: Sequence[int], advice: int,
                 sure: Sequence[Card], reason: str | None) -> None:
        h = self.position
        explain: list[str] = []
        kind = "bid"
        if event.dealer:
            kind = "hook"
            if event.others is None:
                explain.append(self.tr("kwalk.explain.no-hook", size=event.size))
            elif event.forbidden is None:
                explain.append(self.tr("kwalk.explain.hook-free", others=event.others,
                                       size=event.size))
            else:
                explain.append(self.tr("kwalk.explain.hook", others=event.others,
                                       forbidden=event.forbidden, size=event.size,
                                       parts=self.bid_sum_words(event.seat)))
        else:
            explain.append(self.tr("kwalk.explain.bid-order", size=event.size))
        explain.append(self.tr("kwalk.explain.legal-bids", seat=event.seat,
                               bids=", ".join(str(b) for b in legal)))
        explain.append(self.tr("kwalk.explain.bid-total", total=event.total, size=event.size))
        if self.state.rules.blind_bids:
            explain.append(self.tr("kwalk.explain.blind-allowed"))
        advice_text = self.tr("kwalk.advice.bid", count=advice,
                              cards=codes(sure) if sure else self.tr("kwalk.advice.none"))
        if advice not in legal:
            advice_text += " " + self.tr("kwalk.advice.forbidden", advice=advice)
        self.add(Step(
            id=f"h{h}.bid.s{event.seat}", kind=kind, hand=h,
            title=self.tr("kwalk.title.hook" if event.dealer else "kwalk.title.bid",
                          seat=event.seat),
            lines=(self.say(event),), explain=tuple(explain), advice=advice_text, bot=reason,
            seat=event.seat,
            rules=("K-8", "K-9") if event.dealer else ("K-8",), table=self.table(),
        ), facts={"forbidden_bid": event.forbidden, "others": event.others,
                  "legal_bids": tuple(legal),
                  "bids_before": self.bid_sum_words(event.seat) if event.dealer else None})

    def bid_sum_words(self, dealer: int) -> str:
        """``"1 + 0 + 1"``: the bids before the dealer's, in bidding order."""
        s = self.state
        n = s.players
        order = [(dealer + 1 + k) % n for k in range(n - 1)]
        return " + ".join(str(s.bids[seat]) for seat in order)

    def card_steps(self, events: Sequence[KachufulEvent], before: Table,
                   legal: Sequence[str], hand_pos: int, reason: str | None) -> None:
        played = next(e for e in events if isinstance(e, CardPlayed))
        won = next((e for e in events if isinstance(e, TrickWon)), None)
        order = len(before.trick) + 1
        explain = [self.tr(f"kwalk.explain.card.{played.variant}",
                           led=trump_words(trump_code(played.led), self.lang)
                           if played.led else "",
                           trump=trump_words(trump_code(played.trump), self.lang))]
        private = (self.tr("kwalk.explain.legal-cards", seat=played.seat,
                           cards=", ".join(_show(c) for c in legal)),)
        finished = [e for e in events if isinstance(e, HandScored)]
        if won is None:
            table = replace(self.table(), just_played=played.card.code)
        else:
            hands = tuple(tuple(c for c in cards if c != played.card.code) if seat == played.seat
                          else cards for seat, cards in enumerate(before.hands))
            table = replace(before, hands=hands,
                            trick=(*before.trick, (played.seat, played.card.code)),
                            to_act=None, legal_cards=(), legal_bids=(),
                            just_played=played.card.code)
        self.add(Step(
            id=f"h{hand_pos}.t{played.trick}.c{order}", kind="card", hand=hand_pos,
            title=self.tr("kwalk.title.card", trick=played.trick, order=order,
                          seat=played.seat),
            lines=(self.say(played),), explain=tuple(explain), bot=reason, seat=played.seat,
            private=private,
            rules=("K-10", "K-11"), table=table,
        ))
        if won is None:
            return
        trick = tuple(((won.leader + i) % len(before.hands), c.code)
                      for i, c in enumerate(won.cards))
        if finished:
            result = self.state.results[-1]
            after = self.finished_table(table, result)
        else:
            after = self.table()
        after = replace(after, trick=trick, trick_winner=won.seat, just_played=None)
        explain = [self.tr(f"kwalk.explain.trick.{won.reason}"),
                   self.tr("kwalk.explain.trick-count", seat=won.seat, count=won.tricks_won)]
        if not finished:
            explain.append(self.tr("kwalk.explain.next-lead", seat=won.seat))
        self.add(Step(
            id=f"h{hand_pos}.t{won.trick}.won", kind="trick", hand=hand_pos,
            title=self.tr("kwalk.title.trick", trick=won.trick, seat=won.seat),
            lines=(self.say(won),), explain=tuple(explain), rules=("K-12",), table=after,
        ))
        if finished:
            self.score_step(events, after, hand_pos)

    def score_step(self, events: Sequence[KachufulEvent], after: Table, hand_pos: int) -> None:
        scored = [e for e in events if isinstance(e, HandScored)]
        over = [e for e in events if isinstance(e, GameOver)]
        self.scores.append((hand_pos, tuple(e.points for e in scored)))
        lines = [self.say(e) for e in scored]
        if self.game_over_shown:
            lines.extend(self.say(e) for e in over)
        rules = self.state.rules
        explain = [self.tr(f"kwalk.explain.scoring.{rules.scoring}")]
        if rules.blind_bids:
            explain.append(self.tr("kwalk.explain.blind-double"))
        if rules.renege == "penalized":
            explain.append(self.tr("kwalk.explain.renege-penalized"))
        self.add(Step(
            id=f"h{hand_pos}.score", kind="score", hand=hand_pos,
            title=self.tr("kwalk.title.score", hand=hand_pos),
            lines=tuple(lines), explain=tuple(explain), rules=("K-13", "K-14"),
            table=replace(after, trick=(), trick_winner=None, totals=tuple(self.totals())),
            sheet=tuple((e.seat, e.bid, e.tricks, e.points, e.total) for e in scored),
        ))

    def illegal_step(self, exc: IllegalActionError, seat: int | None, action: str,
                     hand_pos: int) -> None:
        self.add(Step(
            id="illegal", kind="illegal", hand=hand_pos,
            title=self.tr("kwalk.title.illegal", seat=seat, action=action),
            lines=(), explain=(self.tr("kwalk.explain.illegal"),),
            rules=(exc.rule,) if exc.rule else (), table=self.table(),
            error=refusal(exc, self.lang),
        ))

    def wants(self, step_id: str, kind: str | None) -> bool:
        """Whether the action about to be taken is a your-move step."""
        if self.asks is not None:
            return step_id in self.asks
        if kind is None or self.asked.get((self.position, kind)):
            return False
        if sum(self.asked.values()) >= MAX_ASKS:  # bounded: a whole game asks no more
            return False
        return sum(n for (h, _), n in self.asked.items() if h == self.position) < ASKS_PER_HAND

    def make_ask(self, step_id: str, kind: str | None, action: Bid | Card) -> Ask:
        """The your-move question at the current state: every bid (or every card of the
        hand), judged by the engine; a legal one is compared with the scenario's
        ``action`` by playing both out with the basic computer player."""
        s = self.state
        seat = s.current_player()
        assert seat is not None
        self.asked[(self.position, kind or "")] = self.asked.get((self.position, kind or ""), 0) + 1
        options: list[Bid | Card]
        if s.phase is Phase.BID:
            options = [Bid(n) for n in range(s.hand_size + 1)]
            bids = [b for b in s.bids if b is not None]
            prompt = self.tr("ym.k.prompt.hook" if kind == "hook" else "ym.k.prompt.bid",
                             seat=seat, others=sum(bids), size=s.hand_size)
            rule = "K-9" if kind == "hook" else "K-8"
        else:
            options = list(s.hand_of(seat))
            leader, led = s.current_trick[0] if s.current_trick else (None, None)
            prompt = self.tr("ym.k.prompt.card", seat=seat,
                             trump=trump_words(trump_code(s.trump), self.lang)) + " " + (
                self.tr("ym.k.prompt.led", leader=leader, card=led) if led is not None
                else self.tr("ym.k.prompt.lead"))
            rule = "K-11" if led is not None else "K-10"
        mine = _outcome(s, action, seat)
        choices = []
        answer = ""
        for option in options:
            cid = f"bid-{option.n}" if isinstance(option, Bid) else f"card-{option.code}"
            label = (self.tr("ym.k.bid", n=option.n) if isinstance(option, Bid)
                     else str(option))
            try:
                s.check(option)
            except IllegalActionError as exc:
                choices.append(AskChoice(cid, label, "illegal", refusal(exc, self.lang),
                                         exc.rule or rule))
                continue
            if option == action:
                answer = cid
                choices.append(AskChoice(cid, label, "best", self.tr(
                    "ym.k.best", seat=seat, tricks=mine.tricks, bid=mine.bid,
                    points=mine.points), rule))
                continue
            theirs = _outcome(s, option, seat)
            better = "better" if mine.points > theirs.points else \
                "same" if mine.points == theirs.points else "worse"
            choices.append(AskChoice(cid, label, "legal", self.tr(
                "ym.k.legal", seat=seat, tricks=theirs.tricks, bid=theirs.bid,
                points=theirs.points, move=str(action) if isinstance(action, Card)
                else self.tr("ym.k.bid", n=action.n),
                their_tricks=mine.tricks, their_bid=mine.bid, their_points=mine.points)
                + " " + self.tr(f"ym.k.{better}"), rule))
        return Ask(step_id, prompt, rule, tuple(choices), answer)

    def play_hand(self, choose: Callable[[KachufulState], Choice | None],
                  schedule: Sequence[int], trumps: Sequence[str]) -> bool:
        """Walk the current hand; ``False`` when the walk must stop (illegal or no more
        recorded actions)."""
        s = self.state
        hand_pos = self.position
        index = s.hand_number
        self.opening_steps(schedule, trumps)
        while s.phase is Phase.BID and s.hand_number == index:
            seat = s.current_player()
            assert seat is not None
            legal_bids = s.legal_bid_numbers()
            advice, sure = bid_advice(s.hand_of(seat), s.trump)
            choice = choose(s)
            if choice is None:
                return False
            action, reason = choice
            step_id = f"h{hand_pos}.bid.s{seat}"
            kind = ask_kind(s)
            ask = None
            before = self.table()
            if isinstance(action, Bid) and not action.blind and self.wants(step_id, kind):
                try:
                    s.check(action)
                    ask = self.make_ask(step_id, kind, action)
                except IllegalActionError:
                    ask = None
            try:
                events = s.apply(action)
            except IllegalActionError as exc:
                self.illegal_step(exc, seat, str(action), hand_pos)
                return False
            bid = next(e for e in events if isinstance(e, BidMade))
            self.bid_step(bid, legal_bids, advice, sure, reason)
            if ask is not None:
                self.steps[-1] = replace(self.steps[-1], ask=ask, before=before)
        while (s.phase is Phase.PLAY and s.hand_number == index):
            seat = s.current_player()
            assert seat is not None
            before = self.table()
            legal = list(before.legal_cards)
            choice = choose(s)
            if choice is None:
                return False
            action, reason = choice
            step_id = f"h{hand_pos}.t{len(s.tricks_played) + 1}.c{len(s.current_trick) + 1}"
            kind = ask_kind(s)
            ask = None
            if isinstance(action, Card) and self.wants(step_id, kind):
                try:
                    s.check(action)
                    ask = self.make_ask(step_id, kind, action)
                except IllegalActionError:
                    ask = None
            try:
                events = s.apply(action)
            except IllegalActionError as exc:
                self.illegal_step(exc, seat, _show(str(action)), hand_pos)
                return False
            self.card_steps(events, before, legal, hand_pos, reason)
            if ask is not None:
                at = next(i for i in range(len(self.steps) - 1, -1, -1)
                          if self.steps[i].id == step_id)
                self.steps[at] = replace(self.steps[at], ask=ask, before=before)
        return True


def refusal(exc: IllegalActionError, lang: str) -> str:
    """The engine's refusal spoken about the seat ("Seat 2 does not hold 4♠ (K-10)"),
    as in a replayed record's ``reason``; the plain sentence when there is no such form."""
    from engine.messages import render

    try:
        text = render(exc.key + ".seat", lang, **exc.data)
    except KeyError:
        return exc.localized(lang)
    text = text[:1].upper() + text[1:]
    return f"{text} ({exc.rule})" if exc.rule else text


def _show(code: str) -> str:
    """A card code as ``10♦``."""
    from engine.cards import parse_card

    try:
        return str(parse_card(code))
    except (InvalidActionError, ValueError):
        return code


def _schedule(players: int, rules: KachufulRules) -> tuple[tuple[int, ...], tuple[str, ...]]:
    sizes = tuple(hand_sizes(players, rules))
    if rules.trumps == "turned":
        trumps = tuple("?" for _ in sizes)
    else:
        trumps = tuple(trump_code(trump_for_hand(k, rules)) for k in range(1, len(sizes) + 1))
    return sizes, trumps


def build(source: Source, rules: KachufulRules = DEFAULT_RULES, lang: str = "en",
          texts: Mapping[str, Mapping[str, str]] | None = None) -> Walkthrough:
    """Every step of the walkthrough of ``source`` under ``rules``, in ``lang``.

    Raises :class:`~engine.errors.InvalidActionError` when the variant does not fit the
    game (``max_cards`` too big for the players) and :class:`RecordError` for a bad
    record; an illegal recorded action is *not* raised: it becomes the last step.
    """
    walk = _build_seed(source, rules, lang, texts or {}) if isinstance(source, SeedSource) \
        else _build_record(source, rules, lang, texts or {})
    if source.asks is None and sum(s.ask is not None for s in walk.steps) < 2:
        # Too few places chosen: also ask each hand's first bid (K-8).
        asks = [s.id for s in walk.steps if s.ask is not None]
        asks += [s.id for s in walk.steps if s.kind == "bid" and s.id.endswith(
            f".bid.s{(s.table.dealer + 1) % walk.players}" if s.table else "")]
        source = replace(source, asks=tuple(asks))
        walk = _build_seed(source, rules, lang, texts or {}) if isinstance(source, SeedSource) \
            else _build_record(source, rules, lang, texts or {})
    return walk


def _frozen(asks: tuple[str, ...] | None) -> frozenset[str] | None:
    return None if asks is None else frozenset(asks)


def _build_seed(source: SeedSource, rules: KachufulRules, lang: str,
                texts: Mapping[str, Mapping[str, str]]) -> Walkthrough:
    max_hand_size(source.players, rules)  # raises for max_cards too big
    state = KachufulState.new_game(source.players, rules, seed=source.seed)
    schedule, trumps = _schedule(source.players, rules)
    b = _Builder(state, lang, texts, asks=_frozen(source.asks))
    bot = make_bot(GAME, "basic", seed=source.seed)

    def choose(current: KachufulState) -> Choice:
        action, decision = bot_move(current, bot)
        return action, decision.explain(lang)

    b.draw_steps()
    hands = min(source.hands, state.hand_count)
    for _ in range(hands):
        b.play_hand(choose, schedule, trumps)
        if state.is_terminal():
            break
    return Walkthrough(source.players, tuple(b.steps), schedule, trumps, tuple(b.scores),
                       by_bot=True)


def _build_record(source: RecordSource, rules: KachufulRules, lang: str,
                  texts: Mapping[str, Mapping[str, str]]) -> Walkthrough:
    doc = copy.deepcopy(dict(source.doc))
    doc["variant"] = rules.to_dict()
    raw_hands = doc.get("hands", [])
    notes: list[str] = []
    stated = [isinstance(raw, dict) and "trump" in raw for raw in raw_hands]
    if rules.trumps == "turned" and not all(stated):
        # A fixed deal has no next card to turn: keep the default cycle's trump (a ruling
        # of this page, docs/walkthrough-kachuful.md).
        for i, raw in enumerate(raw_hands):
            if isinstance(raw, dict) and not stated[i]:
                raw["trump"] = trump_code(trump_for_hand(source.first_hand + i, DEFAULT_RULES))
        notes.append(t("kwalk.note.turned-fixed", lang))
    record = read_record(doc)
    setups: list[HandSetup] = []
    for i, hand in enumerate(record.hands):
        if stated[i] or rules.trumps == "turned":
            setups.append(hand.setup)
        else:
            setups.append(setup_hand(record.players, rules, source.first_hand - 1 + i,
                                     hand.setup.dealer, deal=hand.setup.deal))
    state = KachufulState.from_hands(record.players, setups, rules)
    schedule, trumps = _schedule(record.players, rules)
    last = source.first_hand - 1 + len(record.hands) == len(schedule)
    b = _Builder(state, lang, texts, asks=_frozen(source.asks), offset=source.first_hand - 1,
                 game_over_shown=last)
    for hand in record.hands:
        order = [(hand.setup.dealer + 1 + k) % record.players for k in range(record.players)]
        bids = [Bid(b_, seat in hand.blind) for seat in order
                if (b_ := hand.bids[seat]) is not None]
        actions: list[Bid | Card] = [*bids, *hand.play]

        def choose(_: KachufulState, queue: list[Bid | Card] = actions) -> Choice | None:
            return (queue.pop(0), None) if queue else None

        if not b.play_hand(choose, schedule, trumps):
            break
        if state.is_terminal():
            break
    return Walkthrough(record.players, tuple(b.steps), schedule, trumps, tuple(b.scores),
                       notes=tuple(notes))


# -- links: the page's settings as URL query values ----------------------------------

#: The variant options, in the order of RULES.md's table.
OPTIONS: tuple[str, ...] = ("schedule", "max_cards", "trumps", "hook_rule", "scoring",
                            "blind_bids", "one_card_forehead", "renege")
_CHOICES: dict[str, tuple[str, ...]] = {
    "schedule": SCHEDULES, "trumps": TRUMP_RULES, "scoring": SCORINGS,
    "renege": RENEGE_RULES, "hook_rule": ("true", "false"), "blind_bids": ("false", "true"),
    "one_card_forehead": ("false", "true"),
}
#: The other query keys this page reads and writes.
LINK_KEYS: tuple[str, ...] = ("scenario", "seed", "players", "hands", "seat", "step", *OPTIONS)


def option_choices(name: str, players: int = 4) -> tuple[str, ...]:
    """The values an option may take in a link (``max_cards``: ``auto``, ``classic``,
    ``1``..52 ÷ players)."""
    if name == "max_cards":
        return ("auto", "classic", *(str(n) for n in range(1, 52 // players + 1)))
    return _CHOICES[name]


def option_text(rules: KachufulRules, name: str) -> str:
    """An option of ``rules`` as written in links (``true``, ``auto``, ``7``, ``up``)."""
    value = getattr(rules, name)
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "auto"
    return str(value)


def option_value(name: str, text: str) -> Any:
    """The option value of a link text (inverse of :func:`option_text`)."""
    if name in ("hook_rule", "blind_bids", "one_card_forehead"):
        return text == "true"
    if name == "max_cards":
        return None if text == "auto" else "classic" if text == "classic" else int(text)
    return text


def with_option(rules: KachufulRules, name: str, text: str) -> KachufulRules:
    return replace(rules, **{name: option_value(name, text)})


@dataclass(frozen=True)
class Config:
    """What the page shows, minus the step: a scenario (or ``random`` with a seed,
    players and hands), the variant in force, and whose eyes (``seat``: ``all`` or a
    seat number as text)."""

    scenario: str
    rules: KachufulRules
    seed: int = 1
    players: int = 4
    hands: int = 1
    seat: str = "all"

    def key(self) -> tuple[Any, ...]:
        """What the steps depend on (the cache key, without the language)."""
        source = (self.seed, self.players, self.hands) if self.scenario == RANDOM else ()
        return (self.scenario, *source, tuple(sorted(self.rules.to_dict().items())))


def read_config(params: Mapping[str, str], lang: str, scenario_ids: Sequence[str],
                base_rules: Callable[[str], KachufulRules], default: str
                ) -> tuple[Config, list[Problem]]:
    """The page's settings from a link; every unusable value gives a :class:`Problem`
    and the default (never an exception)."""
    reader = LinkReader(lang, params=params)
    choices = (*scenario_ids, RANDOM)
    scenario = reader.choice("scenario", choices, default)
    problems = reader.problems
    players, seed, hands = 4, 1, 1
    if scenario == RANDOM:
        seed = reader.int("seed", 1, lo=0, hi=MAX_SEED)
        players = reader.int("players", 4, lo=3, hi=8)
    base = base_rules(scenario)
    rules = base
    for name in OPTIONS:
        raw = params.get(name)
        if raw is None or raw == "":
            continue
        allowed = option_choices(name, 3)
        if raw not in allowed:
            problems.append(Problem("query.bad-choice", (
                ("name", name), ("value", escape_markdown(clip(raw, 40))),
                ("choices", ", ".join(allowed if name != "max_cards"
                                      else (*allowed[:3], "…", allowed[-1]))),
                ("default", option_text(base, name)))))
            continue
        candidate = with_option(rules, name, raw)
        if name == "max_cards":
            players_now = players if scenario == RANDOM else _scenario_players(scenario)
            try:
                max_hand_size(players_now, candidate)
            except InvalidActionError as exc:
                problems.append(Problem("kwalk.link.max-cards", (
                    ("value", escape_markdown(clip(raw, 40))),
                    ("reason", exc.localized_sentence(lang)),
                    ("default", option_text(base, name)))))
                continue
        rules = candidate
    if scenario == RANDOM:
        count = len(hand_sizes(players, rules))
        hands = reader.int("hands", 1, lo=1, hi=count)
    n = players if scenario == RANDOM else _scenario_players(scenario)
    seat = reader.choice("seat", ("all", *(str(s) for s in range(n))), "all")
    return Config(scenario, rules, seed, players, hands, seat), problems


_PLAYERS_OF: dict[str, int] = {}


def _scenario_players(scenario_id: str) -> int:
    """How many players a scenario has (read once per process)."""
    if scenario_id not in _PLAYERS_OF:
        scenario = scenario_files.load(GAME, scenario_id, SCENARIO_KEYS)
        source = scenario_source(scenario)
        _PLAYERS_OF[scenario_id] = (source.players if isinstance(source, SeedSource)
                                    else int(source.doc["players"]))
    return _PLAYERS_OF[scenario_id]


def config_params(config: Config, base: KachufulRules, step: int) -> dict[str, str | None]:
    """The query that reproduces ``config`` at ``step`` (1-based); ``None`` removes a key.
    Options equal to the scenario's own are left out, so links stay short."""
    random = config.scenario == RANDOM
    params: dict[str, str | None] = {
        "scenario": config.scenario,
        "seed": str(config.seed) if random else None,
        "players": str(config.players) if random else None,
        "hands": str(config.hands) if random else None,
        "seat": None if config.seat == "all" else config.seat,
        "step": str(step),
    }
    for name in OPTIONS:
        text = option_text(config.rules, name)
        params[name] = None if text == option_text(base, name) else text
    return params


def source_for(config: Config) -> tuple[Source, Mapping[str, Mapping[str, str]]]:
    """The game to walk through and the scenario's texts."""
    if config.scenario == RANDOM:
        return SeedSource(config.seed, config.players, config.hands), {}
    scenario = scenario_files.load(GAME, config.scenario, SCENARIO_KEYS)
    return scenario_source(scenario), scenario.texts


# -- drawing: pure HTML for the page (cards from ui.cards) ---------------------------

_CSS = """<style>
.kw-seats { display: grid; grid-template-columns: repeat(auto-fill, minmax(190px, 1fr));
  gap: 0.6rem; margin-bottom: 0.6rem; }
.kw-seats.kw-wide { grid-template-columns: 1fr; }
.kw-seat { border: 1px solid #d1d5db; border-radius: 10px; padding: 0.45rem 0.6rem; }
.kw-seat.kw-act { border: 2px solid #2563eb; background: #eff6ff; color: #111827; }
.kw-head { font-weight: 700; }
.kw-tag { display: inline-block; font-size: 0.75rem; font-weight: 600; padding: 0 0.4rem;
  border-radius: 8px; margin-left: 0.3rem; background: #e5e7eb; color: #111827; }
.kw-tag.kw-tag-act { background: #2563eb; color: #ffffff; }
.kw-stats { font-size: 0.85rem; }
.kw-trick { display: flex; flex-wrap: wrap; gap: 0.8rem; }
.kw-play { display: flex; flex-direction: column; align-items: center; color: #e8f5ec;
  font-size: 0.8rem; gap: 0.25rem; }
.kw-play .kw-who { font-family: sans-serif; }
.kw-play .kw-who.kw-new { font-weight: 700; text-decoration: underline; color: #ffffff; }
.kw-sched { border-collapse: collapse; font-size: 0.8rem; margin: 0.3rem 0 0.8rem 0; }
.kw-sched th, .kw-sched td { border: 1px solid #d1d5db; padding: 0.1rem 0.35rem;
  text-align: center; min-width: 1.6rem; }
.kw-sched th[scope=row] { text-align: left; }
.kw-sched .kw-here { background: #fde68a; color: #111827; font-weight: 700;
  outline: 2px solid #b45309; }
.kw-note { font-size: 0.85rem; margin: 0.2rem 0; }
</style>"""


def _cards(codes_: Sequence[str]) -> list[Card]:
    from engine.cards import parse_card

    return [parse_card(c) for c in codes_]


def table_html(table: Table, lang: str, viewer: int | None = None,
               four_colour: bool = False) -> str:
    """The seats (hands, bids, tricks, totals) and the cards on the table. ``viewer``
    ``None`` shows every hand face up (the teaching view); a seat number hides what
    that seat may not see (``Table.visible``, from ``state.view``)."""
    from ui.cards import card_html, cards_html, mark

    wide = table.size > 4  # long hands: one seat per row, cards overlapping as held
    parts = [_CSS, f'<div class="kw-seats{" kw-wide" if wide else ""}">']
    for seat, hand in enumerate(table.hands):
        seen = viewer is None or table.visible[viewer][seat]
        acting = table.to_act == seat
        tags = []
        if table.dealer == seat:
            tags.append(f'<span class="kw-tag">{escape_html(t("kwalk.table.dealer", lang))}</span>')
        if acting:
            tags.append('<span class="kw-tag kw-tag-act">'
                        f'{escape_html(t("kwalk.table.to-act", lang))}</span>')
        bid = table.bids[seat]
        stats = [t("kwalk.table.no-bid", lang) if bid is None else t("kwalk.table.bid", lang, bid=bid),
                 t("kwalk.table.tricks", lang, tricks=table.tricks_won[seat]),
                 t("kwalk.table.total", lang, total=table.totals[seat])]
        name = t("kwalk.seat", lang, seat=seat)
        if seen:
            cards = sorted(_cards(hand), key=lambda c: (c.suit.index, -int(c.rank)))
            show_legal = acting and (viewer is None or viewer == seat)
            states = mark(cards, legal=_cards(table.legal_cards) if show_legal else ())
            body = cards_html(cards, lang=lang, states=states, layout="hand" if wide else "row",
                              four_colour=four_colour, label=name)
        else:
            body = cards_html([None] * len(hand), lang=lang, layout="hand",
                              label=t("kwalk.table.hidden", lang, seat=seat))
        parts.append(
            f'<div class="kw-seat{" kw-act" if acting else ""}">'
            f'<div class="kw-head">{escape_html(name)}{"".join(tags)}</div>'
            f'<div class="kw-stats">{escape_html(" · ".join(stats))}</div>{body}</div>')
    parts.append("</div>")
    if table.trick:
        plays = []
        for seat, code in table.trick:
            card = _cards([code])[0]
            state: Any = ("highlight" if table.trick_winner is not None
                          and seat == table.trick_winner else "normal")
            new = " kw-new" if code == table.just_played else ""
            plays.append(f'<div class="kw-play">{card_html(card, lang=lang, state=state, four_colour=four_colour)}'
                         f'<span class="kw-who{new}">{escape_html(t("kwalk.seat", lang, seat=seat))}</span></div>')
        caption = (t("kwalk.table.trick-won", lang, seat=table.trick_winner)
                   if table.trick_winner is not None else t("kwalk.table.trick", lang))
        label = escape_html(caption)
        parts.append(f'<div class="rl-cardblock"><div class="rl-caption">{label}</div>'
                     f'<div class="rl-cards rl-table kw-trick" role="group" aria-label="{label}">'
                     f'{"".join(plays)}</div></div>')
    if table.turned:
        parts.append(cards_html(_cards([table.turned]), lang=lang, four_colour=four_colour,
                                caption=t("kwalk.table.turned", lang)))
    return "".join(parts)


def draw_html(step: Step, lang: str, four_colour: bool = False) -> str:
    """The cards of a draw round, each under its seat, the highest rank starred."""
    from ui.cards import card_html

    plays = []
    for seat, code, top in step.draw:
        card = _cards([code])[0]
        plays.append(f'<div class="kw-play">{card_html(card, lang=lang, state="highlight" if top else "normal", four_colour=four_colour)}'
                     f'<span class="kw-who">{escape_html(t("kwalk.seat", lang, seat=seat))}</span></div>')
    label = escape_html(t("kwalk.draw.cards", lang))
    return (f'{_CSS}<div class="rl-cardblock"><div class="rl-caption">{label}</div>'
            f'<div class="rl-cards rl-table kw-trick" role="group" aria-label="{label}">'
            f'{"".join(plays)}</div></div>')


def schedule_html(schedule: Sequence[int], trumps: Sequence[str], here: int, lang: str) -> str:
    """The whole schedule as a small table (hand, cards, trump), hand ``here`` marked."""
    symbols = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "NT": "–", "?": "?"}

    def row(label: str, cells: Sequence[str]) -> str:
        tds = "".join(f'<td class="kw-here">{c}</td>' if i + 1 == here else f"<td>{c}</td>"
                      for i, c in enumerate(cells))
        return f'<tr><th scope="row">{escape_html(label)}</th>{tds}</tr>'

    hands = [str(i + 1) for i in range(len(schedule))]
    title = escape_html(t("kwalk.schedule.title", lang))
    return (f'{_CSS}<div class="rl-caption">{title}</div>'
            f'<div style="overflow-x:auto" role="region" tabindex="0" aria-label="{title}">'
            f'<table class="kw-sched" aria-label="{title}">'
            + row(t("kwalk.schedule.hand", lang), hands)
            + row(t("kwalk.schedule.cards", lang), [str(s) for s in schedule])
            + row(t("kwalk.schedule.trump", lang), [symbols[c] + "\ufe0e" for c in trumps])
            + "</table></div>")
