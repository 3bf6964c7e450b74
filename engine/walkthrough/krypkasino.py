"""The Krypkasino walkthrough: a scenario (or a seeded session) -> language-free steps.

A walkthrough comes from a *source* (a seeded session, a ``krypkasino-record/1`` record, or a
position built by hand) played under a :class:`~engine.krypkasino.rules.KrypkasinoRules`
variant. Every fact comes from :class:`~engine.krypkasino.state.KrypkasinoState`: the legal
plays, what each card of the hand would take (``card_options``), the sweeping cards and the
refusals (C-8), the events, and the board after every step, read from the engine's own
copies of the state at each whole point of a play (``state.moments``: after the play, a
new lot, the leftovers, the score). The plays the scenario does not give are chosen by the
engine's basic computer player (:mod:`engine.bots`, seeded). Nothing here decides a rule
or holds a sentence in a language: a step is a :class:`~engine.walkthrough.model.Step`
whose ``view`` is a :class:`View` (card codes and numbers), and a your-move step carries a
serialisable :class:`~engine.walkthrough.model.YourMove`.

Steps and their ids (the keys of a scenario's ``texts``; deals count from 0 in step ids as
in records, the first deal has no prefix, later ones ``deal-1.``, ``deal-2.``…):

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
>>> w.steps[0].view.sweepers, w.steps[1].kind, w.steps[-1].view.board.scores
(('9D',), 'sweep', (-5, 6))
>>> move = w.steps[1].your_move
>>> move.rule, move.answer, [o.verdict for o in move.options]
('C-8', '9D:2H.7S', ['best', 'illegal', 'illegal'])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.analysis import Analysis, Decision, analyse
from engine.bots import bot_move, make_bot
from engine.cards import DECK, Card, parse_card
from engine.errors import IllegalActionError, RecordError, RulesLabError
from engine.game import Deal
from engine.krypkasino.events import (
    Captured,
    DealScored,
    DealStarted,
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
from engine.krypkasino.state import DealCards, KrypkasinoState, Phase, Play
from engine.recordio import (
    expect_card,
    expect_cards,
    expect_int,
    expect_list,
    expect_object,
    join,
)
from engine.walkthrough import verdict
from engine.walkthrough.model import Json, Note, Step, StepOption, Walkthrough, YourMove, facts

__all__ = [
    "GAME", "GAME_KEYS", "KIND_RULES", "MAX_OPTIONS", "Board", "CardChoice", "MoveOption",
    "Refusal", "CardTally", "View", "base_variant", "build", "codes", "hand_order",
    "move_options", "move_rule", "option_id", "read_source", "rules_from", "step_prefix",
]

GAME = "krypkasino"
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

    def note(self) -> Note:
        """The sentence as a language-free note (the rule stays apart)."""
        return Note(self.key, {k: _fact(v) for k, v in self.data.items()})


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

    ``take`` is the collection (``()`` a trail); ``verdict`` is ``legal`` or ``illegal``
    (then ``refusal`` is the engine's sentence); ``sweep`` and ``double`` say what a legal
    play does to the table (its label). The analyst judges the legal ones
    (:func:`your_move`)."""

    card: str
    take: tuple[str, ...]
    verdict: str
    refusal: Refusal | None = None
    sweep: bool = False
    double: bool = False


@dataclass(frozen=True)
class CardTally:
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
class View:
    """What a step shows, all from the engine: the board after it and, for a play,
    ``seat`` playing ``card`` from ``hand_before`` onto ``table_before`` and taking
    ``taken`` (``groups`` as the engine grouped them); ``choices`` say what every card of
    that hand could do (``sweepers`` the cards that clear the table), ``refusals`` the
    engine's refusal of each card C-8 forbids; ``recorded_refusal`` is set when the
    scenario's own play for this step is illegal under the variant in force (the
    walkthrough then goes on with the basic computer player's choice). ``id``, ``kind``,
    ``events``, ``chosen_by`` and ``reason`` repeat the step's, so a view alone can be
    drawn or turned into teaching facts."""

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
    tallies: tuple[CardTally, ...] = ()
    sweeps: tuple[Swept, ...] = ()

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


def _fact(value: Any) -> Any:
    """Engine message data as a model fact (lists and tuples of cards stay cards)."""
    if isinstance(value, list):
        return tuple(_fact(v) for v in value)
    return value


def rules_from(base: Mapping[str, Any] | None, overrides: Mapping[str, Any] | None = None,
               ) -> KrypkasinoRules:
    """The variant in force: a scenario's ``variant`` object with the page's choices on top
    (raises the engine's ``InvalidActionError`` for a bad value)."""
    options = dict(base or {})
    options.update(overrides or {})
    return KrypkasinoRules.from_dict(options)


def _bot() -> Callable[[KrypkasinoState], tuple[Play, Refusal]]:
    """The engine's basic computer player (:mod:`engine.bots`, seeded through
    :mod:`engine.rng`) with its one-sentence reason: a walkthrough never changes."""
    player = make_bot(GAME, "basic", seed=0)

    def choose(state: KrypkasinoState) -> tuple[Play, Refusal]:
        action, decision = bot_move(state, player)
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


_Moments = list[tuple[int, KrypkasinoState]]
_Start = tuple[KrypkasinoState, list[KrypkasinoEvent], _Moments]


@dataclass
class _Source:
    """A scenario source read and checked: how to start, and the plays it prescribes."""

    players: int
    #: rules -> (the state, the events that opened it, the engine's moments of them)
    start: Callable[[KrypkasinoRules], tuple[KrypkasinoState, list[KrypkasinoEvent], _Moments]]
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

        def start_seed(rules: KrypkasinoRules) -> _Start:
            state = KrypkasinoState.new_game(players, rules, seed)
            # The session's first deal happened inside ``new``: deal the same cards on an
            # empty twin to hear its events and moments (C-2, C-3).
            dealer, deal_seed, _ = state.deals_dealt()[0]
            twin = KrypkasinoState(players, rules, first_dealer=dealer)
            twin.moments = []
            events = twin.apply(Deal(seed=deal_seed))
            return state, events, twin.moments

        return _Source(players, start_seed, [], [], max_deals)
    if kind == "record":
        if "plays" in data or "players" in data:
            raise RecordError("plays" if "plays" in data else "players",
                              "a record holds its own players and plays")
        record = read_record(data["record"])

        def start_record(rules: KrypkasinoRules) -> _Start:
            state = KrypkasinoState(record.players, rules, first_dealer=record.deals[0].dealer)
            state.moments = []
            events = _start_recorded(state, record.deals[0])
            moments, state.moments = state.moments, None
            return state, events, moments

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

    def start_position(rules: KrypkasinoRules) -> _Start:
        state = KrypkasinoState.scenario(players, hands, table, dealer=dealer, turn=turn,
                                         stock=stock, rules=rules)
        return state, [], []

    return _Source(players, start_position, [plays], [], 1, is_position=True)


def _dealing(state: KrypkasinoState) -> bool:
    """Whether the session waits for the cards of its next deal (``Phase.DEAL``)."""
    return state.phase is Phase.DEAL


def _start_recorded(state: KrypkasinoState, deal: Any) -> list[KrypkasinoEvent]:
    if deal.seed is not None:
        return state.apply(Deal(seed=deal.seed))
    return state.apply(Deal(cards=DealCards(deal.hands, deal.table, deal.stock)))


def _board(state: KrypkasinoState) -> Board:
    """The board of an engine state (a moment of a play, or the state between plays)."""
    n = state.players
    piles = [state.captured_cards(s) for s in range(n)]
    hands = [state.hand_of(s) for s in range(n)]
    return Board(
        players=n, deal=max(state.deal_index, 0), dealer=state.dealer, lot=state.lot,
        lots=state.lots, last_lot=state.last_lot, stock=state.stock_size(),
        hands=tuple(codes(hand_order(h)) for h in hands), table=codes(state.table_cards()),
        captured=tuple(len(p) for p in piles),
        point_cards=tuple(codes(hand_order([c for c in p if _POINTS[c.index]])) for p in piles),
        spade_faces=tuple(_CODES[i] for i in state.spade_pile), out_of_play=len(state.out_of_play),
        card_points=tuple(card_points(p) for p in piles),
        sweep_points=tuple(state.sweep_points), totals=tuple(state.totals),
        to_play=state.current_player() if any(hands) else None,
        last_capturer=state.last_capturer,
    )


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


#: The most options a your-move step offers (the scenario's play and every legal play
#: first, then refused ones).
MAX_OPTIONS = 8


def move_rule(choices: Sequence[CardChoice], refusals: Sequence[Refusal],
              lone_ace: bool = False) -> str | None:
    """The rule a position teaches when the learner plays it, or ``None`` when there is
    nothing to choose: C-4 (the hand holds the twin of a lone ace on the table, which an
    ace never captures: 14 in the hand, 1 on the table), C-10 (a double is there), C-8 (a
    sweep is forced), C-6 (a choice of collections, or a capturing card that may not be
    trailed), C-7 (a trail is chosen); a double comes before the forced sweep it is part of.

    >>> move_rule([CardChoice("5H", False, False, False, True, ((),))], [])
    """
    if len(choices) < 2 and not any(len(c.collections) > 1 for c in choices):
        return None
    if lone_ace:
        return "C-4"
    if any(c.double for c in choices):
        return "C-10"
    if refusals:
        return "C-8"
    if any(c.captures for c in choices):
        return "C-6"
    return "C-7"


def _judge(state: KrypkasinoState, card: Card, take: tuple[Card, ...]) -> MoveOption:
    """Whether the engine lets ``card`` take ``take`` (``()`` a trail), and whether that
    sweeps the table (on a copy)."""
    try:
        state.check(Play(card, take))
    except IllegalActionError as exc:
        return MoveOption(card.code, codes(take), "illegal", Refusal.of(exc, card))
    twin = state.clone()
    seat = twin.current_player()
    assert seat is not None
    events = twin.apply(Play(card, take))
    swept = [e for e in events if isinstance(e, Swept) and e.seat == seat]
    return MoveOption(card.code, codes(take), "legal", None, bool(swept),
                      bool(swept) and swept[0].double)


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


def option_id(option: MoveOption) -> str:
    """A stable id of an option: ``9D:2H.7S`` (a take), ``4C:`` (a trail)."""
    return f"{option.card}:{'.'.join(option.take)}"


def _label(option: MoveOption) -> Note:
    """``9♦ takes 2♥ + 7♠: the whole table`` / ``4♣: trail it``; a refused card by itself."""
    card = parse_card(option.card)
    if option.verdict == "illegal" and option.refusal is not None \
            and option.refusal.rule == "C-8":
        return Note("ym.c.play", {"card": card})
    if not option.take:
        return Note("ym.c.trail", {"card": card})
    key = "ym.c.double" if option.double else "ym.c.sweep" if option.sweep else "ym.c.take"
    return Note(key, {"card": card,
                      "cards": " + ".join(str(parse_card(c)) for c in option.take)})


def play_of(option: MoveOption) -> Play:
    """The engine's play of a legal option (a trail takes nothing)."""
    return Play(parse_card(option.card), tuple(parse_card(c) for c in option.take))


def value_note(decision: Decision, seat: int) -> Note:
    """One play's figures in plain words: the chance of the lowest session total (about N
    times in 10) and the points of the deal it leads to on average (lowest wins)."""
    play = decision.action
    data: dict[str, Any] = {"card": play.card, "seat": seat,
                            "tenths": verdict.tenths(decision.make),
                            "points": round(decision.points)}
    if not play.take:
        return Note("ym.c.value.trail", data)
    return Note("ym.c.value.take", {**data, "cards": " + ".join(str(c) for c in play.take)})


def your_move(options: Sequence[MoveOption], rule: str, seat: int, analysis: Analysis,
              card: str, taken: Sequence[str], step_id: str,
              position: Mapping[str, Json]) -> YourMove:
    """The your-move step once the scenario's play (``card`` taking ``taken``) is known:
    every legal option judged by the analyst's ``analysis`` of the position before the play
    (:mod:`engine.walkthrough.verdict`: right when the analyst marks it best or good), the
    refused ones with the engine's refusal. ``answer`` is the analyst's best play, the
    scenario's play is kept (``scenario``) and judged in the remark; the list is cut to
    :data:`MAX_OPTIONS`, keeping both."""
    want = Counter(taken)
    out = list(options)
    mine = next((i for i, o in enumerate(out)
                 if o.card == card and o.verdict != "illegal" and Counter(o.take) == want), None)
    if mine is None:  # not offered (cannot happen for a legal play): add it
        out.insert(0, MoveOption(card, tuple(taken), "legal"))
        mine = 0
    best_play = verdict.answer_action(analysis, lambda _: False)
    top = next((i for i, o in enumerate(out)
                if o.verdict != "illegal" and play_of(o) == best_play), mine)
    must = sorted({mine, top})
    keep = [i for i, o in enumerate(out) if o.verdict != "illegal" and i not in must]
    keep = must + keep[:MAX_OPTIONS - 2 - len(must)]
    room = MAX_OPTIONS - len(keep)
    keep += [i for i, o in enumerate(out) if o.verdict == "illegal"][:max(room, 1)]
    keep.sort()

    def value(decision: Decision, exact: bool) -> Note:
        return value_note(decision, seat)

    judged: list[StepOption] = []
    for i in keep:
        option = out[i]
        label = _label(option)
        if option.verdict == "illegal":
            assert option.refusal is not None
            judged.append(StepOption(option_id(option), label, "illegal",
                                 (option.refusal.note(),), option.refusal.rule or rule))
            continue
        decision = analysis.of(play_of(option))
        judged.append(StepOption(option_id(option), label, verdict.verdict_of(decision, False),
                             verdict.option_notes(analysis, decision, value, False, None,
                                                  best_play), rule, decision.mark))
    basis = Note("ym.c.basis", {"seat": seat, "worlds": analysis.worlds})
    notes = verdict.remark(analysis, play_of(out[mine]), value, False, best_play, basis, seat)
    return YourMove(GAME, step_id, seat, position, Note("ym.c.prompt", {"seat": seat}), rule,
                    tuple(judged), option_id(out[top]), option_id(out[mine]), notes)


def _lone_ace(state: KrypkasinoState, hand: Sequence[Card]) -> bool:
    """The table is one ace and the hand holds its twin (C-4: it does not capture it)."""
    table = state.table_cards()
    return len(table) == 1 and table[0].rank.name == "ACE" and table[0] in hand


def _tallies(piles: Sequence[Sequence[Card]]) -> tuple[CardTally, ...]:
    """Each captured pile's card points, card by card (C-13): only cards worth points."""
    out = []
    for seat, pile in enumerate(piles):
        count = Counter(pile)
        cards = [(_CODES[c.index], count[c], card_point(c))
                 for c in sorted(count, key=lambda c: (-card_point(c), c.index))
                 if card_point(c)]
        out.append(CardTally(seat, tuple(cards), card_points(pile), len(pile)))
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
        self.steps: list[Step[View]] = []
        self.kinds: Counter[str] = Counter()
        self.deal_sweeps: list[Swept] = []
        self.deal_scores: list[tuple[int, ...]] = []
        self.deal = 0

    def add(self, step_id: str, kind: str, board: Board, *, move: YourMove | None = None,
            **fields: Any) -> None:
        self.kinds[kind] += 1
        view = View(step_id, kind, self.kinds[kind], board.deal, board, **fields)
        rules = set(KIND_RULES.get(kind, ()))
        rules |= {r.rule for r in view.refusals if r.rule}
        if move is not None:
            rules.add(move.rule)
        reason = view.reason.note() if view.reason is not None else None
        self.steps.append(Step(
            step_id, kind, view, events=view.events,
            rules=tuple(sorted(rules, key=lambda r: int(r.split("-")[1]))),
            facts=facts(deal=board.deal, lot=board.lot, lots=board.lots, stock=board.stock,
                        dealer=board.dealer, to_play=board.to_play),
            seat=view.seat, your_move=move,
            chosen_by=view.chosen_by if view.card is not None else "",
            bot_reason=reason if view.chosen_by == "bot" else None,
            error=view.recorded_refusal.note() if view.recorded_refusal is not None else None))

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

    def moments(self, events: Sequence[KrypkasinoEvent],
                moments: Sequence[tuple[int, KrypkasinoState]], limit: int) -> None:
        """Steps for the whole moments of one engine call (after its play, if any): a deal,
        its face cards, a new lot, the leftovers, the score. ``moments`` are the engine's
        copies of the state at each (``state.moments``)."""
        done = 0
        before: KrypkasinoState | None = None
        for count, moment in moments:
            group = list(events[done:count])
            done = count
            if not group:
                before = moment
                continue
            first = group[0]
            board = _board(moment)
            table_before = codes(before.table_cards()) if before is not None else ()
            if isinstance(first, DealStarted):
                if len(self.deal_scores) >= limit:
                    return
                self.deal = first.deal
                self.deal_sweeps = []
                self.add(step_prefix(first.deal) + "deal", "deal", board, events=(first,))
            elif isinstance(first, FaceCardsSetAside) and not any(
                    isinstance(e, NewLot) for e in group):
                self.add(step_prefix(self.deal) + "face-cards", "face-cards", board,
                         events=tuple(group), table_before=table_before,
                         taken=codes(first.cards))
            elif isinstance(first, (FaceCardsSetAside, NewLot, LastLot)):
                lot = next(e for e in group if isinstance(e, NewLot))
                faces = [c for e in group if isinstance(e, FaceCardsSetAside) for c in e.cards]
                self.add(step_prefix(self.deal) + f"lot-{lot.lot}",
                         "last-lot" if lot.last else "new-lot", board, events=tuple(group),
                         table_before=table_before, taken=codes(faces))
            elif isinstance(first, LeftoversAwarded):
                self.add(step_prefix(self.deal) + "leftovers", "leftovers", board,
                         events=(first,), seat=first.seat, taken=codes(first.cards),
                         table_before=table_before)
            elif isinstance(first, DealScored):
                self.deal_scores.append(tuple(first.scores))
                piles = [moment.captured_cards(s) for s in range(moment.players)]
                self.add(step_prefix(self.deal) + "score", "score", board,
                         events=tuple(e for e in group if isinstance(e, (DealScored,
                                                                         SessionOver))),
                         tallies=_tallies(piles), sweeps=tuple(self.deal_sweeps))
            before = moment

    def run(self) -> Walkthrough[View]:
        source, rules = self.source, self.rules
        state, opening, opening_moments = source.start(rules)
        limit = source.max_deals or state.session_length
        if source.is_position:
            seat = state.current_player()
            assert seat is not None
            hand = state.hand_of(seat)
            choices = _choices(state, hand)
            self.add("position", "position", _board(state), seat=seat,
                     hand_before=codes(hand_order(hand)), table_before=codes(state.table_cards()),
                     choices=choices, sweepers=codes(state.sweeping_cards()),
                     refusals=_refusals(state, hand, choices))
        else:
            self.moments(opening, opening_moments, limit)
        bot = _bot()
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
            hand = state.hand_of(seat)
            table = state.table_cards()
            choices = _choices(state, hand)
            sweepers = tuple(state.sweeping_cards())
            refusals = _refusals(state, hand, choices)
            step_id = step_prefix(self.deal) + f"play-{index}"
            options: list[MoveOption] | None = None
            rule = move_rule(choices, refusals, _lone_ace(state, hand))
            position: dict[str, Json] = {}
            analysis: Analysis | None = None
            if self.wants(step_id, rule, self.deal):
                assert rule is not None
                options = move_options(state, choices)
                analysis = analyse(state, seat, seed=0)
                self.asked[(self.deal, rule)] += 1
                position = {"players": state.players, "seat": seat, "dealer": state.dealer,
                            "hand": list(codes(hand_order(hand))), "table": list(codes(table)),
                            "stock": state.stock_size(), "lot": state.lot, "lots": state.lots}
            refused: Refusal | None = None
            recorded_card: str | None = None
            chosen_by = "bot"
            events: list[KrypkasinoEvent] | None = None
            state.moments = []
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
                events = state.apply(action)
            moments, state.moments = state.moments, None
            first_count, after = moments[0]
            play_events = events[:first_count]
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
            move = None if options is None or rule is None or analysis is None else your_move(
                options, rule, seat, analysis, played.card.code, codes(taken), step_id,
                position)
            self.add(step_id, kind, _board(after), move=move,
                     events=tuple(play_events), seat=seat, card=played.card.code,
                     taken=codes(taken), groups=tuple(codes(g) for g in groups),
                     hand_before=codes(hand_order(hand)), table_before=codes(table),
                     choices=choices, sweepers=codes(sweepers), refusals=refusals,
                     recorded_refusal=refused, recorded_card=recorded_card,
                     chosen_by=chosen_by, reason=reason)
            finished = len(self.deal_scores)
            self.moments(events, moments, limit)
            if len(self.deal_scores) == finished:  # the deal goes on
                continue
            # The deal is over (a seeded session has dealt the next one already).
            done = len(self.deal_scores)
            if done >= limit or state.is_terminal():
                break
            if _dealing(state):  # a record: its next deal
                if done >= len(source.deal_cards):
                    break
                state.moments = []
                opening = _start_recorded(state, source.deal_cards[done])
                moments, state.moments = state.moments, None
                self.moments(opening, moments, limit)
                recorded = source.plays[done]
                following = True
        deals = 1 + max((s.view.deal for s in self.steps), default=0)
        return Walkthrough(GAME, source.players, tuple(self.steps), extra=(
            ("deal_scores", tuple(self.deal_scores)), ("deals", deals),
            ("truncated", truncated), ("rules", tuple(sorted(rules.to_dict().items())))))


def build(data: Mapping[str, Any], rules: KrypkasinoRules) -> Walkthrough[View]:
    """The walkthrough of a scenario's game keys under ``rules``.

    ``your_move`` (optional) lists the play steps that stop for the learner's move;
    without it they are chosen from the engine's positions (:meth:`_Builder.wants`).
    Raises :class:`RecordError` (naming the field) when the source is not valid.
    """
    asks = None
    if "your_move" in data:
        asks = [str(x) for x in expect_list(data["your_move"], "your_move")]
    return _Builder(read_source(data), rules, asks).run()


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


#: The rule each kind of step shows (for the quiz link at the end of a walkthrough).
KIND_RULES: dict[str, tuple[str, ...]] = {
    "deal": ("C-2",), "face-cards": ("C-3",), "trail": ("C-7",), "capture": ("C-5", "C-6"),
    "sweep": ("C-9",), "double-sweep": ("C-10",), "new-lot": ("C-11",),
    "last-lot": ("C-11",), "leftovers": ("C-12",), "score": ("C-13", "C-14"),
}


