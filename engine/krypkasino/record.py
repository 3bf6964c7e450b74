"""``krypkasino-record/1`` (FORMATS.md): read, write and replay Krypkasino records.

:func:`read_record` checks a parsed JSON document completely before anything is played
(every problem is a :class:`~engine.errors.RecordError` naming its field: exit 2);
:func:`replay` then plays it through the checked API and returns the outcome JSON and the
exit code (0 all legal, 1 an illegal play); :func:`to_record` writes a state's history.
:func:`start_of` and :func:`actions_of` are the record's action stream: the session before
its first deal, then each deal (a :class:`StartDeal`) followed by its plays (a
:class:`RecordedPlay`); :func:`apply_action` applies one (checked).

>>> from engine.krypkasino.state import KrypkasinoState
>>> s = KrypkasinoState.new_game(players=3, seed=11)
>>> for _ in range(10):
...     s.apply(s.legal_actions()[-1]) and None
>>> outcome, code = replay(to_record(s))
>>> code, outcome["deals"][0]["finished"], len(outcome["deals"])
(0, False, 1)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from engine.cards import Card
from engine.errors import IllegalActionError, InvalidActionError, RecordError
from engine.game import Deal
from engine.krypkasino.events import KrypkasinoEvent
from engine.krypkasino.rules import KrypkasinoRules, check_players, deal_sizes
from engine.krypkasino.state import DealCards, DealResult, KrypkasinoState, Phase, Play, winners_of
from engine.recordio import (
    describe,
    expect_card,
    expect_cards,
    expect_int,
    expect_list,
    expect_object,
    expect_str,
    join,
)

__all__ = ["FORMAT", "RecordedPlay", "RecordedDeal", "KrypkasinoRecord", "StartDeal",
           "actions_of", "apply_action", "read_record", "replay", "start_of", "to_record",
           "outcome_of"]

FORMAT = "krypkasino-record/1"


@dataclass(frozen=True)
class RecordedPlay:
    """One play as written: the card and its groups (``None`` when ``take`` is absent)."""

    card: Card
    groups: tuple[tuple[Card, ...], ...] | None

    def __str__(self) -> str:
        """The play with its groups' cards (``7♠ → 3♦ 4♣``), as :class:`Play` says it."""
        taken = [c for g in self.groups or () for c in g]
        return f"{self.card} → {' '.join(str(c) for c in taken)}" if taken else str(self.card)


@dataclass(frozen=True)
class RecordedDeal:
    dealer: int
    seed: int | None
    hands: tuple[tuple[Card, ...], ...] | None
    table: tuple[Card, ...] | None
    stock: tuple[Card, ...] | None
    plays: tuple[RecordedPlay, ...]


@dataclass(frozen=True)
class KrypkasinoRecord:
    players: int
    rules: KrypkasinoRules
    deals: tuple[RecordedDeal, ...]


def _read_rules(value: Any) -> KrypkasinoRules:
    obj = expect_object(value, "variant", optional=tuple(KrypkasinoRules.__dataclass_fields__))
    try:
        return KrypkasinoRules.from_dict(obj)
    except InvalidActionError as exc:
        raise RecordError(join("variant", str(exc.data.get("option", ""))), exc.sentence) from None


def read_record(doc: Any) -> KrypkasinoRecord:
    """Check a parsed record completely; raise :class:`RecordError` naming the bad field."""
    obj = expect_object(doc, "", required=("format", "players", "deals"), optional=("variant",))
    expect_str(obj["format"], "format", choices=(FORMAT,))
    players = expect_int(obj["players"], "players", lo=2, hi=6)
    check_players(players)
    rules = _read_rules(obj["variant"]) if "variant" in obj else KrypkasinoRules()
    sizes = deal_sizes(players)
    raw_deals = expect_list(obj["deals"], "deals")
    if not raw_deals:
        raise RecordError("deals", "a record holds at least one deal")
    limit = rules.session_length(players)
    if len(raw_deals) > limit:
        raise RecordError("deals", f"the session has {limit} deals (C-15), not {len(raw_deals)}")
    plays_per_deal = 104 - sizes.table
    deals: list[RecordedDeal] = []
    first_dealer = 0
    for d, raw in enumerate(raw_deals):
        path = join("deals", d)
        deal = expect_object(raw, path, required=("dealer", "plays"),
                             optional=("seed", "hands", "table", "stock"))
        dealer = expect_int(deal["dealer"], join(path, "dealer"), lo=0, hi=players - 1)
        if d == 0:
            first_dealer = dealer
        elif dealer != (first_dealer + d) % players:
            raise RecordError(join(path, "dealer"),
                              f"must be {(first_dealer + d) % players}: the deal passes to the "
                              f"left after every deal (C-1), not {dealer}")
        seed: int | None = None
        hands = table = stock = None
        explicit = [k for k in ("hands", "table", "stock") if k in deal]
        if "seed" in deal:
            if explicit:
                raise RecordError(join(path, explicit[0]), "give either seed or the cards, not both")
            seed = expect_int(deal["seed"], join(path, "seed"))
        else:
            for k in ("hands", "table", "stock"):
                if k not in deal:
                    raise RecordError(join(path, k), "missing (or give a seed instead)")
            hp = join(path, "hands")
            hands = tuple(
                tuple(expect_cards(h, join(hp, s), sizes.hand))
                for s, h in enumerate(expect_list(deal["hands"], hp, players))
            )
            table = tuple(expect_cards(deal["table"], join(path, "table"), sizes.table))
            stock = tuple(expect_cards(deal["stock"], join(path, "stock"), sizes.stock))
            _check_copies(path, hands, table, stock)
        pp = join(path, "plays")
        raw_plays = expect_list(deal["plays"], pp)
        if len(raw_plays) > plays_per_deal:
            raise RecordError(join(pp, plays_per_deal),
                              f"the deal is over after {plays_per_deal} plays: this list has "
                              f"{len(raw_plays)}")
        if len(raw_plays) < plays_per_deal and d < len(raw_deals) - 1:
            raise RecordError(pp, f"only the last deal may stop early: this deal has "
                                  f"{len(raw_plays)} of its {plays_per_deal} plays")
        plays = tuple(_read_play(p, join(pp, i)) for i, p in enumerate(raw_plays))
        deals.append(RecordedDeal(dealer, seed, hands, table, stock, plays))
    return KrypkasinoRecord(players, rules, tuple(deals))


def _read_play(value: Any, path: str) -> RecordedPlay:
    play = expect_object(value, path, required=("card",), optional=("take",))
    card = expect_card(play["card"], join(path, "card"))
    if "take" not in play:
        return RecordedPlay(card, None)
    tp = join(path, "take")
    groups = []
    for g, raw in enumerate(expect_list(play["take"], tp)):
        group = expect_cards(raw, join(tp, g))
        if not group:
            raise RecordError(join(tp, g), "a group holds at least one card")
        groups.append(tuple(group))
    return RecordedPlay(card, tuple(groups))


def _check_copies(path: str, hands: tuple[tuple[Card, ...], ...], table: tuple[Card, ...],
                  stock: tuple[Card, ...]) -> None:
    counts: Counter[str] = Counter()
    places: list[tuple[str, Card]] = []
    for s, hand in enumerate(hands):
        places += [(join(join(join(path, "hands"), s), i), c) for i, c in enumerate(hand)]
    places += [(join(join(path, "table"), i), c) for i, c in enumerate(table)]
    places += [(join(join(path, "stock"), i), c) for i, c in enumerate(stock)]
    for where, card in places:
        counts[card.code] += 1
        if counts[card.code] > 2:
            raise RecordError(where, f"{card.code} is dealt a third time: the two decks hold "
                                     f"every card exactly twice")
    # 104 places and no card more than twice: every card is there exactly twice.


# -- the action stream -------------------------------------------------------------------


@dataclass(frozen=True)
class StartDeal:
    """The action that deals the next deal of a record: from ``seed``, or these cards."""

    seed: int | None
    hands: tuple[tuple[Card, ...], ...] | None = None
    table: tuple[Card, ...] | None = None
    stock: tuple[Card, ...] | None = None


def start_of(record: KrypkasinoRecord) -> KrypkasinoState:
    """The session before the record's first deal (waiting for a :class:`StartDeal`)."""
    return KrypkasinoState(record.players, record.rules, first_dealer=record.deals[0].dealer)


def actions_of(record: KrypkasinoRecord) -> list[StartDeal | RecordedPlay]:
    """Every action of the record in order: each deal, then the plays of that deal.

    >>> from engine.krypkasino.state import KrypkasinoState
    >>> s = KrypkasinoState.new_game(players=2, seed=3)
    >>> s.apply(s.legal_actions()[0]) and None
    >>> [type(a).__name__ for a in actions_of(read_record(to_record(s)))]
    ['StartDeal', 'RecordedPlay']
    """
    actions: list[StartDeal | RecordedPlay] = []
    for deal in record.deals:
        actions.append(StartDeal(deal.seed, deal.hands, deal.table, deal.stock))
        actions.extend(deal.plays)
    return actions


def apply_action(state: KrypkasinoState, action: StartDeal | RecordedPlay) -> list[KrypkasinoEvent]:
    """Apply one action of :func:`actions_of` (checked: the engine refuses an illegal one)."""
    if isinstance(action, StartDeal):
        if action.seed is not None:
            return state.apply(Deal(seed=action.seed))
        assert action.hands is not None and action.table is not None and action.stock is not None
        return state.apply(Deal(cards=DealCards(action.hands, action.table, action.stock)))
    if action.groups is None:
        return state.apply(Play(action.card, None))
    return state.apply(Play(action.card, ()), groups=action.groups)


def outcome_of(state: KrypkasinoState, error: dict[str, Any] | None = None) -> dict[str, Any]:
    """The outcome JSON of FORMATS.md for a state (plus ``error`` after an illegal play)."""
    results: list[DealResult] = list(state.results)
    if error is None and state.phase is Phase.PLAY:
        results.append(state.deal_result(finished=False))
    out: dict[str, Any] = {
        "ok": error is None,
        "deals": [r.to_dict() for r in results],
        "totals": list(state.totals),
        "winners": winners_of(state.totals) if state.results else None,
    }
    if error is not None:
        out["error"] = error
    return out


def replay(doc: Any) -> tuple[dict[str, Any], int]:
    """Replay a parsed record: ``(outcome, 0)``, ``(outcome with error, 1)``, or raise
    :class:`RecordError` when the record is not valid (exit 2)."""
    record = read_record(doc)
    state = KrypkasinoState(record.players, record.rules, first_dealer=record.deals[0].dealer)
    for d, deal in enumerate(record.deals):
        if deal.seed is not None:
            state.apply(Deal(seed=deal.seed))
        else:
            assert deal.hands is not None and deal.table is not None and deal.stock is not None
            state.apply(Deal(cards=DealCards(deal.hands, deal.table, deal.stock)))
        for i, rp in enumerate(deal.plays):
            seat = state.current_player()
            assert seat is not None
            try:
                if rp.groups is None:
                    state.apply(Play(rp.card, None))
                else:
                    state.apply(Play(rp.card, ()), groups=rp.groups)
            except IllegalActionError as exc:
                error = {"deal": d, "play": i, "seat": seat, "card": rp.card.code,
                         "rule": exc.rule, "reason": exc.sentence}
                return outcome_of(state, error), 1
    return outcome_of(state), 0


def to_record(state: KrypkasinoState, explicit: bool = False) -> dict[str, Any]:
    """A record of everything played in ``state`` (seeded deals keep their ``seed`` unless
    ``explicit``). Every ``take`` is written out as groups; trails have none."""
    from engine.krypkasino.capture import group_collection

    defaults = KrypkasinoRules().to_dict()
    variant = {k: v for k, v in state.rules.to_dict().items() if defaults[k] != v}
    doc: dict[str, Any] = {"format": FORMAT, "players": state.players}
    if variant:
        doc["variant"] = variant
    deals = []
    for (dealer, seed, cards), plays in zip(state.deals_dealt(), state.play_log, strict=True):
        deal: dict[str, Any] = {"dealer": dealer}
        if seed is not None and not explicit:
            deal["seed"] = seed
        else:
            deal["hands"] = [[c.code for c in h] for h in cards.hands]
            deal["table"] = [c.code for c in cards.table]
            deal["stock"] = [c.code for c in cards.stock]
        written = []
        from engine.cards import DECK

        for cid, take in plays:
            entry: dict[str, Any] = {"card": DECK[cid].code}
            if take:
                groups = group_collection(int(DECK[cid].rank), [DECK[j] for j in take])
                assert groups is not None, describe(take)
                entry["take"] = [[c.code for c in g] for g in groups]
            written.append(entry)
        deal["plays"] = written
        deals.append(deal)
    doc["deals"] = deals
    return doc
