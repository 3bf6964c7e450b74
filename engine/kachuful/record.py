"""``kachuful-record/1`` (FORMATS.md): read strictly, written back, replayed.

* :func:`read_record` checks a parsed JSON document and returns a :class:`KachufulRecord`
  (a malformed one raises :class:`~engine.errors.RecordError` naming the field).
* :func:`replay` plays it through :class:`~engine.kachuful.state.KachufulState` and
  returns ``(outcome, exit_code)``: 0 every action legal, 1 an illegal action.
* :func:`to_record` writes a state (finished or not) as a record document;
  :func:`outcome_of` gives the outcome a state's record replays to.
* :func:`start_of` and :func:`actions_of` are the record's action stream: the state
  before the first action, then every action in the order it was taken (the K-8 bids
  from the dealer's left, then the play); :func:`apply_action` applies one (checked).

>>> outcome, code = replay({"format": "kachuful-record/1", "players": 3, "hands": []})
>>> code, outcome["winners"]
(0, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import Card, Suit
from engine.errors import IllegalActionError, InvalidActionError, RecordError
from engine.kachuful.events import KachufulEvent
from engine.kachuful.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    KachufulRules,
    hand_sizes,
    largest_hand,
    max_hand_size,
    trump_code,
    winners,
)
from engine.kachuful.state import Bid, HandResult, HandSetup, KachufulState, setup_hand
from engine.messages import render
from engine.recordio import (
    describe,
    expect_card,
    expect_int,
    expect_list,
    expect_object,
    expect_str,
    join,
)

FORMAT = "kachuful-record/1"
EXIT_OK, EXIT_ILLEGAL = 0, 1
TRUMP_CODES: tuple[str, ...] = ("S", "H", "D", "C", "NT")


@dataclass(frozen=True, slots=True)
class RecordedHand:
    """One hand of a record: its setup and the decisions, as written."""

    setup: HandSetup
    bids: tuple[int | None, ...]
    blind: frozenset[int]
    play: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class KachufulRecord:
    """A checked record: players, variant and hands."""

    players: int
    rules: KachufulRules
    hands: tuple[RecordedHand, ...]


# -- reading -----------------------------------------------------------------------


def read_rules(value: Any, path: str, players: int) -> KachufulRules:
    """The ``variant`` object: every option checked on its own, named in errors."""
    obj = expect_object(value, path, optional=KachufulRules.__dataclass_fields__)
    for key, option in obj.items():
        try:
            KachufulRules(**{key: option})
        except InvalidActionError as exc:
            raise RecordError(join(path, key), exc.sentence) from None
    rules = KachufulRules(**obj)
    try:
        max_hand_size(players, rules)
    except InvalidActionError as exc:
        raise RecordError(join(path, "max_cards"), exc.sentence) from None
    return rules


def read_record(doc: Any) -> KachufulRecord:
    """Check a parsed ``kachuful-record/1`` document (RecordError names the field)."""
    obj = expect_object(doc, "", required=("format", "players", "hands"),
                        optional=("variant",))
    if expect_str(obj["format"], "format") != FORMAT:
        raise RecordError("format", f"must be {FORMAT!r}, not {describe(obj['format'])}")
    players = expect_int(obj["players"], "players", lo=MIN_PLAYERS, hi=MAX_PLAYERS)
    rules = read_rules(obj.get("variant", {}), "variant", players)
    sizes = hand_sizes(players, rules)
    raw_hands = expect_list(obj["hands"], "hands")
    if len(raw_hands) > len(sizes):
        raise RecordError("hands", f"a game of {players} players under schedule "
                          f"{rules.schedule!r} has {len(sizes)} hands, not {len(raw_hands)}")
    hands = []
    for i, raw in enumerate(raw_hands):
        last = i == len(raw_hands) - 1
        hands.append(_read_hand(raw, f"hands[{i}]", i, players, rules, sizes[i], last))
    return KachufulRecord(players, rules, tuple(hands))


def _read_hand(raw: Any, path: str, index: int, players: int, rules: KachufulRules,
               schedule_size: int, last: bool) -> RecordedHand:
    obj = expect_object(raw, path, required=("dealer", "bids", "play"),
                        optional=("deal", "seed", "trump", "blind"))
    dealer = expect_int(obj["dealer"], join(path, "dealer"), lo=0, hi=players - 1)
    trump: Suit | None | str = "rule"
    if "trump" in obj:
        code = expect_str(obj["trump"], join(path, "trump"), TRUMP_CODES)
        trump = None if code == "NT" else Suit(code)
    if "deal" in obj and "seed" in obj:
        raise RecordError(join(path, "seed"), "give either deal or seed, not both")
    if "seed" in obj:
        seed = expect_int(obj["seed"], join(path, "seed"), lo=0)
        setup = setup_hand(players, rules, index, dealer, seed=seed, trump=trump,
                           size=schedule_size)
    elif "deal" in obj:
        deal = _read_deal(obj["deal"], join(path, "deal"), players)
        if trump == "rule" and rules.trumps == "turned":
            raise RecordError(join(path, "trump"), "missing: under trumps 'turned' an "
                              "explicit deal must say its trump")
        setup = setup_hand(players, rules, index, dealer, deal=deal, trump=trump)
    else:
        raise RecordError(join(path, "deal"), "missing (give the deal, or a seed)")
    size = setup.size
    bids = _read_bids(obj["bids"], join(path, "bids"), players, dealer, last)
    blind = _read_blind(obj.get("blind", []), join(path, "blind"), players, bids)
    play_path = join(path, "play")
    play_raw = expect_list(obj["play"], play_path)
    play = tuple(expect_card(c, join(play_path, j)) for j, c in enumerate(play_raw))
    total = players * size
    if len(play) > total:
        raise RecordError(play_path, f"holds {len(play)} cards, but a hand of {size} "
                          f"cards for {players} players has {total} plays")
    if None in bids and play:
        raise RecordError(play_path, "must be empty while some bids are missing")
    if not last and len(play) < total:
        raise RecordError(play_path, f"holds {len(play)} of the hand's {total} cards: only "
                          "the last hand of a record may stop early")
    return RecordedHand(setup, bids, blind, play)


def _read_deal(value: Any, path: str, players: int) -> list[list[Card]]:
    seats = expect_list(value, path, length=players)
    seen: dict[Card, str] = {}
    deal: list[list[Card]] = []
    size = -1
    limit = largest_hand(players)
    for s, raw in enumerate(seats):
        seat_path = join(path, s)
        cards = expect_list(raw, seat_path)
        if s == 0:
            size = len(cards)
            if not 1 <= size <= limit:
                raise RecordError(seat_path, f"must hold 1 to {limit} cards for {players} "
                                  f"players, not {size}")
        elif len(cards) != size:
            raise RecordError(seat_path, f"must hold {size} cards like seat 0, not "
                              f"{len(cards)}")
        row = []
        for j, item in enumerate(cards):
            card_path = join(seat_path, j)
            card = expect_card(item, card_path)
            if card in seen:
                raise RecordError(card_path, f"{card.code} is dealt twice (also at "
                                  f"{seen[card]})")
            seen[card] = card_path
            row.append(card)
        deal.append(row)
    return deal


def _read_bids(value: Any, path: str, players: int, dealer: int,
               last: bool) -> tuple[int | None, ...]:
    raw = expect_list(value, path, length=players)
    bids: list[int | None] = []
    for s, item in enumerate(raw):
        if item is None:
            if not last:
                raise RecordError(join(path, s), "missing bid (null): only the last hand "
                                  "of a record may be unfinished")
            bids.append(None)
        else:
            bids.append(expect_int(item, join(path, s)))
    order = [(dealer + 1 + k) % players for k in range(players)]
    for k, seat in enumerate(order):
        if bids[seat] is None:
            later = [t for t in order[k + 1:] if bids[t] is not None]
            if later:
                raise RecordError(join(path, seat), f"null, but seat {later[0]} who bids "
                                  f"after seat {seat} has a bid")
    return tuple(bids)


def _read_blind(value: Any, path: str, players: int,
                bids: Sequence[int | None]) -> frozenset[int]:
    seats = expect_list(value, path)
    out: set[int] = set()
    for j, item in enumerate(seats):
        seat = expect_int(item, join(path, j), lo=0, hi=players - 1)
        if seat in out:
            raise RecordError(join(path, j), f"seat {seat} is listed twice")
        if bids[seat] is None:
            raise RecordError(join(path, j), f"seat {seat} has not bid yet")
        out.add(seat)
    return frozenset(out)


# -- the action stream -------------------------------------------------------------


def start_of(record: KachufulRecord) -> KachufulState:
    """The game before the record's first action: its hands as the record deals them.

    Raises :class:`RecordError` for a record with no hand (there is no game to start).
    """
    if not record.hands:
        raise RecordError("hands", "the record has no hand to replay")
    return KachufulState.from_hands(record.players, [h.setup for h in record.hands],
                                    record.rules)


def actions_of(record: KachufulRecord) -> list[Bid | Card]:
    """Every action of the record in the order it was taken: for each hand the bids from
    the dealer's left (K-8) up to the first missing one, then the cards played.

    >>> doc = {"format": FORMAT, "players": 3, "hands": [{"dealer": 2, "seed": 5,
    ...        "bids": [1, 0, None], "play": []}]}
    >>> actions_of(read_record(doc))
    [Bid(n=1, blind=False), Bid(n=0, blind=False)]
    """
    n = record.players
    actions: list[Bid | Card] = []
    for hand in record.hands:
        for k in range(n):
            seat = (hand.setup.dealer + 1 + k) % n
            bid = hand.bids[seat]
            if bid is None:
                break
            actions.append(Bid(bid, seat in hand.blind))
        actions.extend(hand.play)
    return actions


def apply_action(state: KachufulState, action: Bid | Card) -> list[KachufulEvent]:
    """Apply one action of :func:`actions_of` (checked: the engine refuses an illegal one)."""
    return state.apply(action)


# -- replaying ---------------------------------------------------------------------


def _hand_outcome(result: HandResult) -> dict[str, Any]:
    setup = result.setup
    return {
        "dealer": setup.dealer,
        "trump": trump_code(setup.trump),
        "cards": setup.size,
        "bids": list(result.bids),
        "finished": result.scores is not None,
        "trick_winners": list(result.trick_winners),
        "tricks": list(result.tricks),
        "scores": None if result.scores is None else list(result.scores),
    }


def _totals(results: Sequence[HandResult], players: int) -> list[int]:
    totals = [0] * players
    for result in results:
        if result.scores is not None:
            for seat, points in enumerate(result.scores):
                totals[seat] += points
    return totals


def _outcome(results: Sequence[HandResult], players: int) -> dict[str, Any]:
    totals = _totals(results, players)
    finished = any(r.scores is not None for r in results)
    return {"ok": True, "hands": [_hand_outcome(r) for r in results], "totals": totals,
            "winners": winners(totals) if finished else None}


def replay_record(record: KachufulRecord) -> tuple[dict[str, Any], int]:
    """Replay a checked record: ``(outcome, 0)``, or ``(outcome with error, 1)``."""
    if not record.hands:
        return _outcome([], record.players), EXIT_OK
    n = record.players
    state = KachufulState.from_hands(n, [h.setup for h in record.hands], record.rules)
    for index, hand in enumerate(record.hands):
        dealer = hand.setup.dealer
        for k in range(n):
            seat = (dealer + 1 + k) % n
            bid = hand.bids[seat]
            if bid is None:
                break
            action = Bid(bid, seat in hand.blind)
            try:
                state.apply(action)
            except IllegalActionError as exc:
                return _failed(state, index, seat, "bid", bid, exc), EXIT_ILLEGAL
        for card in hand.play:
            player = state.current_player()
            assert player is not None
            try:
                state.apply(card)
            except IllegalActionError as exc:
                return _failed(state, index, player, "play", card.code, exc), EXIT_ILLEGAL
    results = list(state.results)
    if len(results) < len(record.hands):
        results.append(state.current_hand())
    return _outcome(results, n), EXIT_OK


def _failed(state: KachufulState, hand: int, seat: int, action: str, value: Any,
            exc: IllegalActionError) -> dict[str, Any]:
    outcome = _outcome(state.results, state.players)
    outcome["ok"] = False
    outcome["error"] = {"hand": hand, "seat": seat, "action": action, "value": value,
                        "rule": exc.rule, "reason": _reason(exc)}
    return outcome


def _reason(exc: IllegalActionError) -> str:
    """The refusal spoken about the seat (the ``.seat`` form of the key when there is one)."""
    try:
        return render(exc.key + ".seat", "en", **exc.data)
    except KeyError:
        return exc.sentence


def replay(doc: Any) -> tuple[dict[str, Any], int]:
    """``python -m engine replay``'s entry point for this format (FORMATS.md)."""
    return replay_record(read_record(doc))


def outcome_of(state: KachufulState) -> dict[str, Any]:
    """The outcome of FORMATS.md for a state: its finished hands, then the current one
    when it has started (a bid made). ``to_record(state)`` replays to exactly this."""
    results = list(state.results)
    if not state.is_terminal() and any(b is not None for b in state.bids):
        results.append(state.current_hand())
    return _outcome(results, state.players)


# -- writing -----------------------------------------------------------------------


def _hand_doc(result: HandResult, players: int, use_seed: bool,
              schedule_size: int) -> dict[str, Any]:
    setup = result.setup
    doc: dict[str, Any] = {"dealer": setup.dealer, "trump": trump_code(setup.trump)}
    if use_seed and setup.seed is not None and setup.size == schedule_size:
        doc["seed"] = setup.seed
    else:
        doc["deal"] = [[c.code for c in seat] for seat in setup.deal]
    doc["bids"] = list(result.bids)
    doc["play"] = [c.code for c in result.play]
    blind = [s for s in range(players) if result.blind[s]]
    if blind:
        doc["blind"] = blind
    return doc


def to_record(state: KachufulState, use_seeds: bool = False) -> dict[str, Any]:
    """The record of a game so far: finished hands, then the current one if a bid was
    made. ``use_seeds`` writes ``seed`` instead of the cards for hands dealt from a seed
    (shorter, and shareable as a link; other programs need the cards)."""
    results = list(state.results)
    if not state.is_terminal() and any(b is not None for b in state.bids):
        results.append(state.current_hand())
    doc: dict[str, Any] = {"format": FORMAT, "players": state.players}
    variant = state.rules.to_dict()
    if variant:
        doc["variant"] = variant
    sizes = hand_sizes(state.players, state.rules)
    doc["hands"] = [_hand_doc(r, state.players, use_seeds, sizes[i])
                    for i, r in enumerate(results)]
    return doc


def state_from_record(doc: Any) -> KachufulState:
    """A state that has played every action of a record (for the site's record loader).

    Raises :class:`RecordError` (malformed) or :class:`IllegalActionError` (illegal).
    """
    record = read_record(doc)
    if not record.hands:
        raise RecordError("hands", "the record has no hand to load")
    state = KachufulState.from_hands(record.players, [h.setup for h in record.hands],
                                     record.rules)
    for action in actions_of(record):
        state.apply(action)
    return state
