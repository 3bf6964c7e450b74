"""The Kachuful walkthrough: a scenario (or a seeded game) -> language-free steps.

:func:`build` drives a :class:`~engine.kachuful.KachufulState` (a seeded game played by the
engine's basic computer player, or a ``kachuful-record/1`` of a scenario) and after every
event group records a :class:`~engine.walkthrough.model.Step` whose ``view`` is a
:class:`Table` (card codes and seat numbers, what ``state.view(seat)`` lets each seat
see). Every fact comes from the engine: whose turn, the legal bids and cards, the hook
arithmetic (``BidMade.others/forbidden``), how a card was played and who won the trick
(``CardPlayed.how``, ``TrickWon.reason``), the scores (``HandScored``). Sentences are
:class:`~engine.walkthrough.model.Note` values (message keys of the page's catalogue,
``kwalk.*`` and ``ym.k.*``) and the step's engine events; the page says them in its
language. Two things are not rules and are labelled so on the page: the bid advice
(:func:`advice_notes`: the analyst's distribution of the tricks the hand takes) and the
computer player's reason (``Step.bot_reason``). A your-move step's options are judged by
the analyst (:mod:`engine.walkthrough.verdict`).

Step ids (the keys of a scenario's ``texts``): ``draw.r1`` (draw round 1),
``h11.schedule``, ``h11.deal``, ``h11.bid.s0`` (seat 0's bid in hand 11; the dealer's
has kind ``hook``), ``h11.t1.c2`` (trick 1, second card), ``h11.t1.won``, ``h11.score``,
``illegal``. Hands are numbered by their place in the game.

>>> walk = build(RecordSource(EXAMPLE_DOC, first_hand=11))
>>> hook = walk.steps[walk.index_of("h11.bid.s3")]
>>> hook.kind, hook.fact("forbidden_bid"), hook.fact("others"), hook.your_move.answer
('hook', 1, 2, 'bid-0')
>>> walk.steps[-1].view.sheet[0]
(0, 1, 1, 11, 11)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from functools import lru_cache
from typing import Any

from engine.analysis import Decision, analyse
from engine.analysis import bid_advice as analysis_bid_advice
from engine.bots import bot_move, make_bot
from engine.cards import Card, Suit, parse_card
from engine.errors import IllegalActionError, InvalidActionError, RecordError
from engine.kachuful import (
    DEFAULT_RULES,
    Bid,
    KachufulRules,
    KachufulState,
    Phase,
    hand_sizes,
    playable_cards,
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
from engine.kachuful.rules import max_hand_size
from engine.kachuful.state import HandResult, HandSetup, setup_hand
from engine.messages import catalogue
from engine.registry import GAMES, MAX_SEED
from engine.walkthrough import verdict
from engine.walkthrough.model import Json, Note, Step, StepOption, Walkthrough, YourMove, facts

GAME = "kachuful"
#: The keys a Kachuful scenario file may hold besides the shared ones.
SCENARIO_KEYS: tuple[str, ...] = ("seed", "players", "hands", "record", "first_hand", "variant",
                                  "your_move", "keep")
#: The most your-move steps chosen in one hand when a scenario lists none: the hook, a
#: card that must follow suit, a card played without the suit led.
ASKS_PER_HAND = 3
#: The most your-move steps of one walkthrough (each plays the hand out once per option).
MAX_ASKS = 8

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


class SourceError(ValueError):
    """A scenario's game keys are wrong: ``where`` names the key, ``problem`` says why."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}")


# -- sources -------------------------------------------------------------------------


@dataclass(frozen=True)
class SeedSource:
    """A game dealt from ``seed`` (first dealer by the K-3 draw), walked for ``hands``."""

    seed: int
    players: int = 4
    hands: int = 1
    asks: tuple[str, ...] | None = None  # the scenario's your_move steps (None: chosen)
    #: The steps shown as they are; ``None``: every step. With a list, every run of other
    #: steps is folded into one (:mod:`engine.walkthrough.kachuful_fold`).
    keep: tuple[str, ...] | None = None


@dataclass(frozen=True)
class RecordSource:
    """A ``kachuful-record/1`` document; its first hand is hand ``first_hand`` of the
    game (so the trump follows the variant's rule for that place, unless stated)."""

    doc: Mapping[str, Any]
    first_hand: int = 1
    asks: tuple[str, ...] | None = None


Source = SeedSource | RecordSource


def _int(value: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise SourceError(where, f"must be a whole number from {lo} to {hi}")
    return value


def rules_of(data: Mapping[str, Any], where: str = "scenario") -> KachufulRules:
    """The variant a scenario's data starts with (its ``variant``, else the defaults)."""
    try:
        return KachufulRules.from_dict(data.get("variant", {}))
    except InvalidActionError as exc:
        raise SourceError(f"{where}: variant", exc.sentence) from None


def source_of(data: Mapping[str, Any], where: str = "scenario") -> Source:
    """The game a scenario's data walks through; raises :class:`SourceError` when its keys
    are wrong (exactly one of ``seed`` and ``record``; the record is read strictly)."""
    if ("seed" in data) == ("record" in data):
        raise SourceError(where, "give exactly one of 'seed' and 'record'")
    rules = rules_of(data, where)
    asks = _asks(data, where)
    if "seed" in data:
        if "first_hand" in data:
            raise SourceError(f"{where}: first_hand", "only for a record scenario")
        seed = _int(data["seed"], f"{where}: seed", 0, MAX_SEED)
        span = GAMES[GAME].players
        players = _int(data.get("players", span.default), f"{where}: players", span.min, span.max)
        count = len(hand_sizes(players, rules))
        hands = _int(data.get("hands", 1), f"{where}: hands", 1, count)
        return SeedSource(seed, players, hands, asks, _keep(data, where))
    for key in ("players", "hands", "keep"):
        if key in data:
            raise SourceError(f"{where}: {key}", "only for a seed scenario (the record "
                              "says how many players and hands)")
    first = _int(data.get("first_hand", 1), f"{where}: first_hand", 1, 100)
    doc = data["record"]
    try:
        read_record(doc)
    except RecordError as exc:
        raise SourceError(f"{where}: record.{exc.field}", exc.problem) from None
    if not isinstance(doc, dict) or not doc.get("hands"):
        raise SourceError(f"{where}: record.hands", "the record needs at least one hand")
    return RecordSource(doc, first, asks)


def players_of(source: Source) -> int:
    return source.players if isinstance(source, SeedSource) else int(source.doc["players"])


def _keep(data: Mapping[str, Any], where: str) -> tuple[str, ...] | None:
    """A seed scenario's ``keep``: the step ids shown unfolded (at most 200)."""
    if "keep" not in data:
        return None
    raw = data["keep"]
    if not isinstance(raw, list) or len(raw) > 200 or \
            not all(isinstance(x, str) and 0 < len(x) <= 80 for x in raw):
        raise SourceError(f"{where}: keep", "must be a list of at most 200 step ids")
    return tuple(raw)


def _asks(data: Mapping[str, Any], where: str) -> tuple[str, ...] | None:
    if "your_move" not in data:
        return None
    raw = data["your_move"]
    if not isinstance(raw, list) or not all(isinstance(x, str) and x for x in raw):
        raise SourceError(f"{where}: your_move", "must be a list of step ids")
    return tuple(raw)


# -- the view of a step --------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """The table the engine produced at a step (card codes, seats as numbers).

    ``visible[v][s]``: may seat ``v`` see seat ``s``'s hand (``state.view(v)``);
    ``trick`` the cards on the table, ``(seat, code)`` in play order; ``trick_winner``
    is set on the step that completes a trick; ``draw`` the cards of a K-3 draw round
    ``(seat, code, highest)``; ``sheet`` the score rows ``(seat, bid, tricks, points,
    total)`` of a score step.
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

    def to_dict(self) -> dict[str, Json]:
        """Plain JSON data (a your-move step's ``position``)."""
        def plain(value: Any) -> Json:
            if isinstance(value, tuple):
                return [plain(v) for v in value]
            return value  # type: ignore[no-any-return]

        return {f.name: plain(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Table:
        """The table :meth:`to_dict` wrote (``KeyError``/``TypeError`` when it is not)."""
        def tup(value: Any) -> Any:
            return tuple(tup(v) for v in value) if isinstance(value, list) else value

        return cls(**{f.name: tup(raw[f.name]) for f in fields(cls) if f.name in raw})


@dataclass(frozen=True)
class KView:
    """What a step shows: the ``table`` (``None`` for a draw), the K-3 ``draw`` cards,
    the score ``sheet``, the hand's place and, for a your-move step, the table
    ``before`` the move."""

    hand: int
    table: Table | None = None
    draw: tuple[tuple[int, str, bool], ...] = ()
    sheet: tuple[tuple[int, int, int, int, int], ...] = ()
    hands_done: int = 0
    title: Note = Note("")
    before: Table | None = None
    advice: tuple[Note, ...] = ()
    private: tuple[Note, ...] = ()


KStep = Step[KView]
KWalk = Walkthrough[KView]


def trump_code(trump: Suit | None) -> str:
    return "NT" if trump is None else trump.value


def refusal_note(exc: IllegalActionError) -> Note:
    """The engine's refusal spoken about the seat (``<key>.seat``) when the catalogue has
    that form, else the plain sentence; the page adds the rule ID."""
    key = exc.key + ".seat"
    if key not in catalogue()["en"]:
        key = exc.key
    return Note(key, {k: _fact(v) for k, v in exc.data.items()})


def _fact(value: Any) -> Any:
    if isinstance(value, (list, tuple, set, frozenset)):
        return tuple(_fact(v) for v in value)
    if value is None or isinstance(value, (bool, int, str, Card, Suit)):
        return value
    return str(value)


def option_id(option: Bid | Card) -> str:
    """A your-move option's id: ``bid-2``, ``card-KH``."""
    return f"bid-{option.n}" if isinstance(option, Bid) else f"card-{option.code}"


def value_note(decision: Decision, exact: bool, seat: int) -> Note:
    """One decision's figures in plain words: the chance of making the bid (about N times
    in 10) and the points it brings on average, or, solved with every card known, whether
    the seat can still force exactly its bid."""
    action = decision.action
    what: dict[str, Any] = ({"n": action.n} if isinstance(action, Bid) else {"card": action})
    kind = "bid" if isinstance(action, Bid) else "card"
    if exact:
        key = "sure" if decision.forced else "unsure"
        return Note(f"ym.k.{key}.{kind}", {**what, "seat": seat,
                                           "points": round(decision.points)})
    return Note(f"ym.k.value.{kind}", {**what, "seat": seat,
                                       "tenths": verdict.tenths(decision.make),
                                       "points": round(decision.points)})


#: The deals of the unseen cards behind each bid's advice (every bid of a walk has one: a
#: whole game walks a hundred bids, so fewer than the analyst's default).
ADVICE_SAMPLES = 48


def advice_notes(state: KachufulState, seat: int) -> tuple[Note, ...]:
    """Bid advice from the analyst: how many tricks this hand takes, with the chance of
    each count (about N times in 10), over the deals of the cards the seat cannot see."""
    spread = analysis_bid_advice(state, seat, samples=ADVICE_SAMPLES, seed=0)
    parts = [Note("kwalk.advice.tricks", {"seat": seat, "worlds": spread.worlds})]
    counts = [(t, verdict.tenths(p)) for t, p in enumerate(spread.chances)
              if verdict.tenths(p) > 0]
    parts += [Note("kwalk.advice.tricks-last" if i == len(counts) - 1
                   else "kwalk.advice.tricks-part", {"tricks": t, "tenths": n})
              for i, (t, n) in enumerate(counts)]
    return tuple(parts)


#: An action to apply, with the computer player's reason when a bot chose it.
Choice = tuple[Bid | Card, Note | None]


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
    asks: frozenset[str] | None = None
    asked: dict[tuple[int, str], int] = field(default_factory=dict)
    steps: list[KStep] = field(default_factory=list)
    scores: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)
    offset: int = 0
    game_over_shown: bool = True
    schedule: tuple[int, ...] = ()
    #: When folding: the bid steps whose advice is shown (the others' is never seen).
    advised: frozenset[str] | None = None

    def add(self, step: KStep) -> None:
        self.steps.append(replace(step, view=replace(step.view, hands_done=len(self.scores))))

    @property
    def position(self) -> int:
        return self.state.hand_number + self.offset

    def table(self) -> Table:
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
            visible=tuple(tuple(v.hands[seat] is not None for seat in range(n)) for v in views),
            bids=s.bids, tricks_won=s.tricks_won,
            trick=tuple((seat, c.code) for seat, c in s.current_trick),
            trick_winner=None, to_act=s.current_player(), legal_cards=legal_cards,
            legal_bids=legal_bids, blind_allowed=s.rules.blind_bids and s.phase is Phase.BID,
            totals=tuple(s.scores()))

    def totals(self) -> tuple[int, ...]:
        totals = [0] * self.state.players
        for _, row in self.scores:
            for seat, points in enumerate(row):
                totals[seat] += points
        return tuple(totals)

    def draw_steps(self) -> None:
        rounds: dict[int, list[KachufulEvent]] = {}
        current = 1
        for event in self.state.draw_events:
            if isinstance(event, (DrawCard, DrawTie)):
                current = event.round
            rounds.setdefault(current, []).append(event)
        for number, group in rounds.items():
            drawn = [e for e in group if isinstance(e, DrawCard)]
            if not drawn:
                continue
            top = max(int(e.card.rank) for e in drawn)
            said = [e for e in group if not isinstance(e, Redraw)]
            said += [e for e in group if isinstance(e, Redraw)]
            tie = any(isinstance(e, DrawTie) for e in group)
            why = [Note("kwalk.explain.draw")]
            if tie:
                why.append(Note("kwalk.explain.draw-tie"))
            draw = tuple((e.seat, e.card.code, int(e.card.rank) == top) for e in drawn)
            self.add(Step(
                id=f"draw.r{number}", kind="draw-tie" if tie else "draw",
                view=KView(0, draw=draw, title=Note("kwalk.title.draw", {"round": number})),
                events=tuple(said), why=tuple(why), rules=("K-3",),
                facts=facts(round=number)))

    def opening_steps(self) -> None:
        s = self.state
        h = self.position
        dealt, trump_event = s.hand_events()
        assert isinstance(dealt, Dealt) and isinstance(trump_event, TrumpAnnounced)
        # Events count hands from the state's first; a scenario may start later in the game.
        dealt, trump_event = replace(dealt, hand=h), replace(trump_event, hand=h)
        table = self.table()
        size = s.hand_size
        schedule = self.schedule
        count = len(schedule)
        why = [Note(f"kwalk.explain.schedule.{s.rules.schedule}",
                    {"top": max(schedule) if schedule else size, "players": s.players,
                     "count": count})]
        if h <= count and schedule[h - 1] != size:
            why.append(Note("kwalk.explain.schedule-mismatch",
                            {"hand": h, "size": size, "scheduled": schedule[h - 1]}))
        elif h > count:
            why.append(Note("kwalk.explain.schedule-outside", {"hand": h, "count": count}))
        why.append(Note(f"kwalk.explain.trumps.{trump_event.source}"))
        why.append(Note("kwalk.explain.rotation", {"dealer": s.dealer}))
        title = Note("kwalk.title.schedule", {"hand": h, "count": count, "size": size,
                                              "trump": table.trump})
        self.add(Step(id=f"h{h}.schedule", kind="schedule", view=KView(h, table, title=title),
                      events=(trump_event,), why=tuple(why), rules=("K-4", "K-6", "K-7"),
                      facts=facts(count=count or None, top=max(schedule) if schedule else None)))
        self.add(Step(id=f"h{h}.deal", kind="deal",
                      view=KView(h, table, title=Note("kwalk.title.deal", {"hand": h})),
                      events=(dealt,),
                      why=(Note("kwalk.explain.deal"), Note("kwalk.explain.face-up")),
                      rules=("K-5",)))

    def bid_sum(self, dealer: int) -> str:
        """``"1 + 0 + 1"``: the bids before the dealer's, in bidding order."""
        s = self.state
        n = s.players
        return " + ".join(str(s.bids[(dealer + 1 + k) % n]) for k in range(n - 1))

    def bid_step(self, event: BidMade, legal: Sequence[int], advice: tuple[Note, ...],
                 reason: Note | None) -> None:
        h = self.position
        why: list[Note] = []
        kind = "bid"
        parts = self.bid_sum(event.seat) if event.dealer else None
        if event.dealer:
            kind = "hook"
            if event.others is None:
                why.append(Note("kwalk.explain.no-hook", {"size": event.size}))
            elif event.forbidden is None:
                why.append(Note("kwalk.explain.hook-free",
                                {"others": event.others, "size": event.size}))
            else:
                why.append(Note("kwalk.explain.hook", {
                    "others": event.others, "forbidden": event.forbidden, "size": event.size,
                    "parts": parts}))
        else:
            why.append(Note("kwalk.explain.bid-order", {"size": event.size}))
        why.append(Note("kwalk.explain.legal-bids", {"seat": event.seat, "bids": tuple(legal)}))
        why.append(Note("kwalk.explain.bid-total", {"total": event.total, "size": event.size}))
        if self.state.rules.blind_bids:
            why.append(Note("kwalk.explain.blind-allowed"))
        title = Note("kwalk.title.hook" if event.dealer else "kwalk.title.bid", {"seat": event.seat})
        self.add(Step(
            id=f"h{h}.bid.s{event.seat}", kind=kind,
            view=KView(h, self.table(), title=title, advice=advice),
            events=(event,), why=tuple(why), seat=event.seat, bot_reason=reason,
            chosen_by="bot" if reason is not None else "record",
            rules=("K-8", "K-9") if event.dealer else ("K-8",),
            facts=facts(forbidden_bid=event.forbidden, others=event.others,
                        legal_bids=tuple(legal), bids_before=parts)))

    def card_steps(self, events: Sequence[KachufulEvent], before: Table,
                   legal: Sequence[str], hand_pos: int, reason: Note | None) -> None:
        played = next(e for e in events if isinstance(e, CardPlayed))
        won = next((e for e in events if isinstance(e, TrickWon)), None)
        order = len(before.trick) + 1
        why = (Note(f"kwalk.explain.card.{played.variant}",
                    {"led": trump_code(played.led) if played.led else "",
                     "trump": trump_code(played.trump)}),)
        private = (Note("kwalk.explain.legal-cards",
                        {"seat": played.seat, "cards": tuple(parse_card(c) for c in legal)}),)
        finished = any(isinstance(e, HandScored) for e in events)
        if won is None:
            table = replace(self.table(), just_played=played.card.code)
        else:
            hands = tuple(tuple(c for c in cards if c != played.card.code)
                          if seat == played.seat else cards
                          for seat, cards in enumerate(before.hands))
            table = replace(before, hands=hands,
                            trick=(*before.trick, (played.seat, played.card.code)),
                            to_act=None, legal_cards=(), legal_bids=(),
                            just_played=played.card.code)
        title = Note("kwalk.title.card", {"trick": played.trick, "order": order,
                                          "seat": played.seat})
        self.add(Step(
            id=f"h{hand_pos}.t{played.trick}.c{order}", kind="card",
            view=KView(hand_pos, table, title=title, private=private),
            events=(played,), why=why, seat=played.seat, bot_reason=reason,
            chosen_by="bot" if reason is not None else "record", rules=("K-10", "K-11"),
            facts=facts(legal_cards=tuple(parse_card(c) for c in legal))))
        if won is None:
            return
        trick = tuple(((won.leader + i) % len(before.hands), c.code)
                      for i, c in enumerate(won.cards))
        if finished:
            result: HandResult = self.state.results[-1]
            after = replace(table, hands=tuple(() for _ in table.hands), bids=result.bids,
                            tricks_won=result.tricks, to_act=None, legal_cards=(),
                            legal_bids=(), totals=self.totals())
        else:
            after = self.table()
        after = replace(after, trick=trick, trick_winner=won.seat, just_played=None)
        why_won = [Note(f"kwalk.explain.trick.{won.reason}"),
                   Note("kwalk.explain.trick-count", {"seat": won.seat, "count": won.tricks_won})]
        if not finished:
            why_won.append(Note("kwalk.explain.next-lead", {"seat": won.seat}))
        self.add(Step(
            id=f"h{hand_pos}.t{won.trick}.won", kind="trick",
            view=KView(hand_pos, after, title=Note("kwalk.title.trick",
                                                  {"trick": won.trick, "seat": won.seat})),
            events=(won,), why=tuple(why_won), rules=("K-12",), seat=None))
        if finished:
            self.score_step(events, after, hand_pos)

    def score_step(self, events: Sequence[KachufulEvent], after: Table, hand_pos: int) -> None:
        scored = [e for e in events if isinstance(e, HandScored)]
        self.scores.append((hand_pos, tuple(e.points for e in scored)))
        said: list[KachufulEvent] = list(scored)
        if self.game_over_shown:
            said.extend(e for e in events if isinstance(e, GameOver))
        rules = self.state.rules
        why = [Note(f"kwalk.explain.scoring.{rules.scoring}")]
        if rules.blind_bids:
            why.append(Note("kwalk.explain.blind-double"))
        if rules.renege == "penalized":
            why.append(Note("kwalk.explain.renege-penalized"))
        sheet = tuple((e.seat, e.bid, e.tricks, e.points, e.total) for e in scored)
        over = next((e for e in said if isinstance(e, GameOver)), None)
        end = {} if over is None else {  # K-14: the final standings
            "winners": over.winners, "best": over.best, "shared": over.shared,
            "totals": over.totals, "hands_played": len(self.scores)}
        table = replace(after, trick=(), trick_winner=None, totals=self.totals())
        self.add(Step(
            id=f"h{hand_pos}.score", kind="score",
            view=KView(hand_pos, table, sheet=sheet,
                      title=Note("kwalk.title.score", {"hand": hand_pos})),
            events=tuple(said), why=tuple(why), rules=("K-13", "K-14"), facts=facts(**end)))

    def illegal_step(self, exc: IllegalActionError, seat: int | None, action: Bid | Card,
                     hand_pos: int) -> None:
        shown: Any = action if isinstance(action, Card) else action.n
        self.add(Step(
            id="illegal", kind="illegal",
            view=KView(hand_pos, self.table(),
                      title=Note("kwalk.title.illegal", {"seat": seat, "action": shown})),
            why=(Note("kwalk.explain.illegal"),), seat=seat,
            rules=(exc.rule,) if exc.rule else (), error=refusal_note(exc)))

    def wants(self, step_id: str, kind: str | None) -> bool:
        """Whether the action about to be taken is a your-move step."""
        if self.asks is not None:
            return step_id in self.asks
        if kind is None or self.asked.get((self.position, kind)):
            return False
        if sum(self.asked.values()) >= MAX_ASKS:  # bounded: a whole game asks no more
            return False
        return sum(n for (h, _), n in self.asked.items() if h == self.position) < ASKS_PER_HAND

    def make_ask(self, step_id: str, kind: str | None, action: Bid | Card,
                 before: Table) -> YourMove:
        """The your-move question at the current state: every bid (or every card of the
        hand), each judged by the analyst (:mod:`engine.walkthrough.verdict`) from the
        seat's own information; an illegal one carries the engine's refusal. The
        scenario's ``action`` is judged too (the step's remark)."""
        s = self.state
        seat = s.current_player()
        assert seat is not None
        place = (self.position, kind or "")
        self.asked[place] = self.asked.get(place, 0) + 1
        options: list[Bid | Card]
        if s.phase is Phase.BID:
            options = [Bid(n) for n in range(s.hand_size + 1)]
            others = sum(b for b in s.bids if b is not None)
            prompt = Note("ym.k.prompt.hook" if kind == "hook" else "ym.k.prompt.bid",
                          {"seat": seat, "others": others, "size": s.hand_size})
            rule = "K-9" if kind == "hook" else "K-8"
        else:
            options = list(s.hand_of(seat))
            trump = trump_code(s.trump)
            if s.current_trick:
                leader, led = s.current_trick[0]
                prompt = Note("ym.k.prompt.card-led",
                              {"seat": seat, "trump": trump, "leader": leader, "card": led})
            else:
                prompt = Note("ym.k.prompt.card-lead", {"seat": seat, "trump": trump})
            rule = "K-11" if s.current_trick else "K-10"
        analysis = analyse(s, seat, seed=0)
        led_suit = s.current_trick[0][1].suit if s.current_trick else None
        follows = set(playable_cards(s.hand_of(seat), led_suit)) \
            if s.phase is Phase.PLAY else set()

        def breaks(option: Any) -> bool:
            """A card that does not follow suit though the hand could (K-11): the rule the
            step teaches, even when the variant lets the card stand."""
            return isinstance(option, Card) and option not in follows

        def value(decision: Decision, exact: bool) -> Note:
            return value_note(decision, exact, seat)

        best = verdict.answer_action(analysis, breaks)
        out: list[StepOption] = []
        for option in options:
            cid = option_id(option)
            label = (Note("ym.k.bid", {"n": option.n}) if isinstance(option, Bid)
                     else Note("ym.k.card", {"card": option}))
            try:
                s.check(option)
            except IllegalActionError as exc:
                out.append(StepOption(cid, label, "illegal", (refusal_note(exc),), exc.rule or rule))
                continue
            decision = analysis.of(option)
            broken = breaks(option)
            out.append(StepOption(cid, label, verdict.verdict_of(decision, broken),
                              verdict.option_notes(analysis, decision, value, broken,
                                                   Note("ym.k.breaks", {"seat": seat}), best),
                              rule, decision.mark))
        basis = (Note("ym.k.basis.exact", {"seat": seat}) if analysis.exact
                 else Note("ym.k.basis", {"seat": seat, "worlds": analysis.worlds}))
        notes = verdict.remark(analysis, action, value, breaks(action), best, basis, seat)
        return YourMove(GAME, step_id, seat, before.to_dict(), prompt, rule, tuple(out),
                        option_id(best), option_id(action), notes)

    def attach(self, step_id: str, move: YourMove | None) -> None:
        if move is None:
            return
        at = next(i for i in range(len(self.steps) - 1, -1, -1) if self.steps[i].id == step_id)
        step = self.steps[at]
        self.steps[at] = replace(step, your_move=move,
                                 view=replace(step.view, before=Table.from_dict(move.position)))

    def ask_if_wanted(self, step_id: str, action: Bid | Card, before: Table) -> YourMove | None:
        s = self.state
        if isinstance(action, Bid) and action.blind:
            return None
        kind = ask_kind(s)
        if not self.wants(step_id, kind):
            return None
        try:
            s.check(action)
        except IllegalActionError:
            return None
        return self.make_ask(step_id, kind, action, before)

    def play_hand(self, choose: Callable[[KachufulState], Choice | None]) -> bool:
        """Walk the current hand; ``False`` when the walk must stop (illegal or no more
        recorded actions)."""
        s = self.state
        hand_pos = self.position
        index = s.hand_number
        self.opening_steps()
        while s.phase is Phase.BID and s.hand_number == index:
            seat = s.current_player()
            assert seat is not None
            legal_bids = s.legal_bid_numbers()
            step_id = f"h{hand_pos}.bid.s{seat}"
            advice = advice_notes(s, seat) \
                if self.advised is None or step_id in self.advised else ()
            choice = choose(s)
            if choice is None:
                return False
            action, reason = choice
            move = self.ask_if_wanted(step_id, action, self.table())
            try:
                events = s.apply(action)
            except IllegalActionError as exc:
                self.illegal_step(exc, seat, action, hand_pos)
                return False
            bid = next(e for e in events if isinstance(e, BidMade))
            self.bid_step(bid, legal_bids, advice, reason)
            self.attach(step_id, move)
        while s.phase is Phase.PLAY and s.hand_number == index:
            seat = s.current_player()
            assert seat is not None
            before = self.table()
            choice = choose(s)
            if choice is None:
                return False
            action, reason = choice
            step_id = f"h{hand_pos}.t{len(s.tricks_played) + 1}.c{len(s.current_trick) + 1}"
            move = self.ask_if_wanted(step_id, action, before)
            try:
                events = s.apply(action)
            except IllegalActionError as exc:
                self.illegal_step(exc, seat, action, hand_pos)
                return False
            self.card_steps(events, before, before.legal_cards, hand_pos, reason)
            self.attach(step_id, move)
        return True


def schedule_of(players: int, rules: KachufulRules) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The hand sizes of a game and each hand's trump code (``?``: turned at the deal)."""
    sizes = tuple(hand_sizes(players, rules))
    if rules.trumps == "turned":
        return sizes, tuple("?" for _ in sizes)
    return sizes, tuple(trump_code(trump_for_hand(k, rules)) for k in range(1, len(sizes) + 1))


def build(source: Source, rules: KachufulRules = DEFAULT_RULES) -> KWalk:
    """Every step of the walkthrough of ``source`` under ``rules``.

    Raises :class:`~engine.errors.InvalidActionError` when the variant does not fit the
    game (``max_cards`` too big for the players) and :class:`RecordError` for a bad
    record; an illegal recorded action is *not* raised: it becomes the last step.
    ``extra`` holds ``schedule``, ``trumps``, ``hand_scores`` and ``by_bot``.
    """
    if isinstance(source, SeedSource) and source.keep is not None:
        return _folded(source, rules)
    walk = _build(source, rules)
    if source.asks is None and len(walk.your_moves()) < 2:
        # Too few places chosen: also ask each hand's first bid (K-8).
        asks = [s.id for s in walk.steps if s.your_move is not None]
        for s in walk.steps:
            table = s.view.table
            if s.kind == "bid" and table is not None and \
                    s.id.endswith(f".bid.s{(table.dealer + 1) % walk.players}"):
                asks.append(s.id)
        walk = _build(replace(source, asks=tuple(asks)), rules)
    return walk


def build_once(source: Source, rules: KachufulRules = DEFAULT_RULES) -> KWalk:
    """:func:`build`, kept once per process for a folded seed scenario (a whole game:
    seconds of analysis), so each language says the same steps without building again."""
    if isinstance(source, SeedSource) and source.keep is not None:
        return _folded_once(source, rules)
    return build(source, rules)


def _folded(source: SeedSource, rules: KachufulRules) -> KWalk:
    """A seed scenario with a ``keep`` list: walked, then every other run folded."""
    from engine.walkthrough.kachuful_fold import fold

    return fold(_build(source, rules), source.keep or ())


_folded_once = lru_cache(maxsize=4)(_folded)


def unfolded(source: Source, rules: KachufulRules = DEFAULT_RULES) -> KWalk:
    """Every step of ``source`` as walked, before a ``keep`` list folds any of them."""
    return _build(source, rules)


def _build(source: Source, rules: KachufulRules) -> KWalk:
    return _build_seed(source, rules) if isinstance(source, SeedSource) \
        else _build_record(source, rules)


def _walk(players: int, b: _Builder, trumps: tuple[str, ...], notes: tuple[Note, ...] = (),
          by_bot: bool = False) -> KWalk:
    return Walkthrough(GAME, players, tuple(b.steps), notes, extra=(
        ("schedule", b.schedule), ("trumps", trumps), ("hand_scores", tuple(b.scores)),
        ("by_bot", by_bot)))


def _frozen(asks: tuple[str, ...] | None) -> frozenset[str] | None:
    return None if asks is None else frozenset(asks)


def _build_seed(source: SeedSource, rules: KachufulRules) -> KWalk:
    max_hand_size(source.players, rules)  # raises for max_cards too big
    state = KachufulState.new_game(source.players, rules, seed=source.seed)
    schedule, trumps = schedule_of(source.players, rules)
    b = _Builder(state, asks=_frozen(source.asks), schedule=schedule,
                 advised=None if source.keep is None
                 else frozenset((*source.keep, *(source.asks or ()))))
    bot = make_bot(GAME, "basic", seed=source.seed)

    def choose(current: KachufulState) -> Choice:
        action, decision = bot_move(current, bot)
        return action, Note(decision.key, {k: _fact(v) for k, v in decision.data.items()})

    b.draw_steps()
    for _ in range(min(source.hands, state.hand_count)):
        b.play_hand(choose)
        if state.is_terminal():
            break
    return _walk(source.players, b, trumps, by_bot=True)


def _build_record(source: RecordSource, rules: KachufulRules) -> KWalk:
    """The record read as written (never edited): each hand's setup rebuilt under
    ``rules`` from its deal; a hand whose trump the record states keeps it. Under
    ``trumps: turned`` a fixed deal has no next card to turn, so a hand without a stated
    trump keeps the default cycle's (a ruling of this page, docs/walkthrough-kachuful.md)."""
    record = read_record(source.doc)
    notes: list[Note] = []
    setups: list[HandSetup] = []
    for i, hand in enumerate(record.hands):
        place = source.first_hand - 1 + i
        if hand.setup.trump_source == "given":
            setups.append(hand.setup)
            continue
        trump: Suit | None | str = "rule"
        if rules.trumps == "turned":
            trump = trump_for_hand(place + 1, DEFAULT_RULES)
            if not notes:
                notes.append(Note("kwalk.note.turned-fixed"))
        setups.append(setup_hand(record.players, rules, place, hand.setup.dealer,
                                 deal=hand.setup.deal, trump=trump))
    state = KachufulState.from_hands(record.players, setups, rules)
    schedule, trumps = schedule_of(record.players, rules)
    last = source.first_hand - 1 + len(record.hands) == len(schedule)
    b = _Builder(state, asks=_frozen(source.asks), offset=source.first_hand - 1,
                 game_over_shown=last, schedule=schedule)
    for hand in record.hands:
        n = record.players
        order = [(hand.setup.dealer + 1 + k) % n for k in range(n)]
        actions: list[Bid | Card] = [Bid(bid, seat in hand.blind) for seat in order
                                     if (bid := hand.bids[seat]) is not None]
        actions.extend(hand.play)

        def choose(_: KachufulState, queue: list[Bid | Card] = actions) -> Choice | None:
            return (queue.pop(0), None) if queue else None

        if not b.play_hand(choose) or state.is_terminal():
            break
    return _walk(record.players, b, trumps, tuple(notes))


def scores_until(walk: KWalk, index: int) -> list[tuple[int, tuple[int, ...]]]:
    """The score rows of the hands finished at step ``index`` (0-based)."""
    rows: tuple[tuple[int, tuple[int, ...]], ...] = walk.get("hand_scores", ())
    return list(rows[: walk.steps[index].view.hands_done])


def is_illegal(walk: KWalk) -> bool:
    """Whether the walk stops at an action the variant forbids."""
    return bool(walk.steps) and walk.steps[-1].kind == "illegal"
