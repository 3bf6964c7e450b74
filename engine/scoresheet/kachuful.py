"""A Kachuful score sheet for a table playing with real cards.

The table gives names in seating order (clockwise), the variant and who deals first;
then, hand after hand, the bids and the tricks. The schedule (K-4), the trump (K-7 and the
``trumps`` variants), the dealer (K-6), the bidding order (K-8), the hook (K-9), the
scores (K-13 and the ``scoring`` variants) and the winners (K-14) all come from
:mod:`engine.kachuful.rules`.

Source 000's worked example, as hand 11 of a four-player game where D deals:

>>> sheet = KachufulSheet.new(["A", "B", "C", "D"], first_dealer=1)
>>> for _ in range(10):
...     spec = sheet.next_hand()
...     tricks = [spec.size if seat == spec.dealer else 0 for seat in range(4)]
...     sheet = sheet.with_bids([0, 0, 0, 0]).with_tricks(tricks)
>>> spec = sheet.next_hand()
>>> spec.number, spec.size, spec.trump.noun, sheet.names[spec.dealer]
(11, 3, 'clubs', 'D')
>>> sheet.with_bids([1, 0, 1, 1])
Traceback (most recent call last):
...
engine.errors.IllegalActionError: The dealer may not bid 1: the other bids add up to 2 and this hand has 3 tricks (K-9)
>>> sheet = sheet.with_bids([1, 0, 1, 0]).with_tricks([1, 1, 1, 0])
>>> sheet.hand_points()[-1]
[11, 0, 11, 10]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.cards import SUITS, Suit
from engine.errors import IllegalActionError, InvalidActionError, RecordError
from engine.kachuful.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    KachufulRules,
    hand_sizes,
    hook,
    score_hand,
    trump_for_hand,
    winners,
)
from engine.recordio import (
    expect_int,
    expect_list,
    expect_object,
    expect_str,
    join,
)
from engine.scoresheet.names import check_names, whole_numbers

FORMAT = "kachuful-sheet/1"
_SUIT_CODES = tuple(s.value for s in SUITS)


@dataclass(frozen=True, slots=True)
class HandSpec:
    """What the schedule says about a hand before anyone bids.

    ``order`` is the bidding order (left of the dealer first, the dealer last, K-8).
    ``trump`` is the suit, ``None`` for no trump; under ``trumps: turned`` it is only known
    once the table has entered the turned suit (``trump_known``); ``can_turn`` says whether
    any card is left to turn (a hand that deals all 52 cards has no trump).
    """

    number: int
    size: int
    dealer: int
    order: tuple[int, ...]
    trump: Suit | None
    trump_known: bool
    can_turn: bool


@dataclass(frozen=True, slots=True)
class HandEntry:
    """One hand as the table entered it; every tuple is indexed by seat."""

    bids: tuple[int, ...]
    tricks: tuple[int, ...] = ()
    blind: tuple[bool, ...] = ()
    reneged: tuple[bool, ...] = ()
    #: The turned card's suit under ``trumps: turned`` (``None``: no card left, or cycle).
    turned: Suit | None = None


@dataclass(frozen=True, slots=True)
class KachufulSheet:
    """The table's sheet: a frozen value; each entry returns a new sheet.

    ``hands`` are the finished hands; ``pending`` holds the bids of the hand being played
    (its ``tricks`` are still empty) until the tricks are entered.
    """

    names: tuple[str, ...]
    rules: KachufulRules = KachufulRules()
    first_dealer: int = 0
    hands: tuple[HandEntry, ...] = ()
    pending: HandEntry | None = None

    # -- building -------------------------------------------------------------------

    @classmethod
    def new(cls, names: Sequence[str], rules: KachufulRules | None = None,
            first_dealer: int = 0) -> KachufulSheet:
        """A sheet for ``names`` in seating order (3..8, K-1). ``first_dealer`` is the seat
        that won the draw (K-3). Raises when a name, the count, the dealer or the variant
        does not fit (e.g. ``max_cards`` larger than 52 / players)."""
        kept = check_names(names, "K-1", MIN_PLAYERS, MAX_PLAYERS)
        rules = rules or KachufulRules()
        if isinstance(first_dealer, bool) or not isinstance(first_dealer, int) or not (
                0 <= first_dealer < len(kept)):
            raise InvalidActionError("scoresheet.bad-dealer", players=len(kept), value=first_dealer)
        hand_sizes(len(kept), rules)  # refuses a max_cards the deck cannot deal
        return cls(kept, rules, first_dealer)

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def sizes(self) -> list[int]:
        """Every hand size of the game, in order (K-4 and ``schedule``/``max_cards``)."""
        return hand_sizes(self.players, self.rules)

    @property
    def is_over(self) -> bool:
        """True when every hand of the schedule has been entered (K-14)."""
        return len(self.hands) >= len(self.sizes)

    def spec(self, number: int, turned: Suit | None = None) -> HandSpec:
        """Hand ``number`` (from 1): size, dealer, bidding order and trump."""
        sizes = self.sizes
        if not 1 <= number <= len(sizes):
            raise ValueError(f"the game has hands 1 to {len(sizes)}, not {number}")
        size = sizes[number - 1]
        dealer = (self.first_dealer + number - 1) % self.players  # K-6
        order = tuple((dealer + 1 + i) % self.players for i in range(self.players))  # K-8
        can_turn = self.players * size < 52
        if self.rules.trumps == "turned":
            # ``turned``: the turned card's suit is trump; no trump when no card is left.
            known = turned is not None or not can_turn
            trump = turned if can_turn else None
        else:
            known = True
            trump = trump_for_hand(number, self.rules)
        return HandSpec(number, size, dealer, order, trump, known, can_turn)

    def next_hand(self) -> HandSpec:
        """The hand the table plays now (its trump known once the bids are in)."""
        if self.is_over:
            raise IllegalActionError("common.game-over", rule="K-14")
        turned = self.pending.turned if self.pending is not None else None
        return self.spec(len(self.hands) + 1, turned)

    def hook_for(self, bids: Sequence[int]) -> tuple[int, int, int | None]:
        """The dealer's arithmetic (K-9) for the next hand given the others' bids by seat
        (the dealer's own entry is ignored): ``(others, tricks, forbidden)``; ``forbidden``
        is ``None`` when the dealer may bid anything, or when the hook rule is off."""
        spec = self.next_hand()
        others = [bids[s] for s in spec.order[:-1]]
        arithmetic = hook(others, spec.size)
        return (arithmetic.others, arithmetic.tricks,
                arithmetic.forbidden if self.rules.hook_rule else None)

    def with_bids(self, bids: Sequence[int], blind: Sequence[bool] | None = None,
                  turned: Suit | str | None = None) -> KachufulSheet:
        """The sheet with the next hand's bids (by seat), replacing bids entered before.

        Checks, in bidding order: whole numbers 0..hand size (K-8), the dealer's hook
        (K-9), blind bids only under ``blind_bids``, and under ``trumps: turned`` the
        turned suit (required when a card is left to turn).
        """
        spec = self.next_hand()
        values = whole_numbers(bids, self.names)
        flags = self._flags(blind)
        for seat in spec.order:
            if not 0 <= values[seat] <= spec.size:
                raise IllegalActionError("scoresheet.bid-range", rule="K-8", name=self.names[seat],
                                         bid=values[seat], size=spec.size)
        if self.rules.hook_rule:
            others, size, forbidden = self.hook_for(values)
            if values[spec.dealer] == forbidden:
                raise IllegalActionError("K-9.hook", rule="K-9", bid=forbidden, others=others,
                                         size=size, name=self.names[spec.dealer])
        if any(flags) and not self.rules.blind_bids:
            raise IllegalActionError("K-8.no-blind", rule="K-8")
        suit = self._turned(spec, turned)
        entry = HandEntry(tuple(values), (), flags if any(flags) else (), (), suit)
        return replace(self, pending=entry)

    def with_tricks(self, tricks: Sequence[int],
                    reneged: Sequence[bool] | None = None) -> KachufulSheet:
        """The sheet with the next hand finished: tricks by seat (each 0..size, adding up to
        the hand size: every trick has one winner, K-12), and who reneged under
        ``renege: penalized`` (those score 0 for the hand)."""
        spec = self.next_hand()
        if self.pending is None:
            raise IllegalActionError("scoresheet.bids-first", rule="K-8", hand=spec.number)
        values = whole_numbers(tricks, self.names)
        flags = self._flags(reneged)
        for seat in spec.order:
            if not 0 <= values[seat] <= spec.size:
                raise IllegalActionError("scoresheet.tricks-range", rule="K-12",
                                         name=self.names[seat], tricks=values[seat],
                                         size=spec.size)
        if sum(values) != spec.size:
            raise IllegalActionError("scoresheet.tricks-total", rule="K-12", total=sum(values),
                                     size=spec.size)
        if any(flags) and self.rules.renege != "penalized":
            raise IllegalActionError("scoresheet.no-renege", rule="K-11")
        entry = replace(self.pending, tricks=tuple(values), reneged=flags if any(flags) else ())
        return replace(self, hands=(*self.hands, entry), pending=None)

    def without_bids(self) -> KachufulSheet:
        """The sheet with the bids of the hand in progress removed (to enter them again)."""
        return replace(self, pending=None)

    def without_last_hand(self) -> KachufulSheet:
        """Undo the last finished hand (and the bids of the hand after it, if entered)."""
        if not self.hands:
            raise InvalidActionError("scoresheet.nothing-to-undo")
        return replace(self, hands=self.hands[:-1], pending=None)

    def _flags(self, values: Sequence[bool] | None) -> tuple[bool, ...]:
        if values is None:
            return (False,) * self.players
        if len(values) != self.players:
            raise InvalidActionError("scoresheet.count", players=self.players, count=len(values))
        return tuple(bool(v) for v in values)

    def _turned(self, spec: HandSpec, turned: Suit | str | None) -> Suit | None:
        suit: Suit | None = None
        if isinstance(turned, Suit):
            suit = turned
        elif isinstance(turned, str) and turned in _SUIT_CODES:
            suit = Suit(turned)
        elif turned is not None:
            raise InvalidActionError("common.bad-option", option="turned", value=turned,
                                     choices=", ".join(_SUIT_CODES))
        if self.rules.trumps != "turned":
            if suit is not None:
                raise IllegalActionError("scoresheet.turned-not-played", rule="K-7")
            return None
        if not spec.can_turn:
            if suit is not None:
                raise IllegalActionError("scoresheet.turned-none-left", rule="K-7",
                                         hand=spec.number)
            return None
        if suit is None:
            raise IllegalActionError("scoresheet.turned-missing", rule="K-7", hand=spec.number)
        return suit

    # -- reading ----------------------------------------------------------------------

    def hand_specs(self) -> list[HandSpec]:
        """The spec of every finished hand (with the trump the table played)."""
        return [self.spec(k + 1, h.turned) for k, h in enumerate(self.hands)]

    def hand_points(self) -> list[list[int]]:
        """Points per finished hand, by seat (K-13 and the ``scoring``, ``blind_bids`` and
        ``renege`` variants, through :func:`engine.kachuful.rules.score_hand`)."""
        rows: list[list[int]] = []
        for hand in self.hands:
            blind = hand.blind or (False,) * self.players
            reneged = hand.reneged or (False,) * self.players
            rows.append([score_hand(hand.bids[s], hand.tricks[s], self.rules, blind=blind[s],
                                    reneged=reneged[s]) for s in range(self.players)])
        return rows

    def totals(self) -> list[int]:
        """Each seat's total after the finished hands."""
        totals = [0] * self.players
        for row in self.hand_points():
            for seat, points in enumerate(row):
                totals[seat] += points
        return totals

    def winners(self) -> list[int]:
        """The seats with the highest total (K-14; equal totals share). Empty until the
        game is over."""
        return winners(self.totals()) if self.is_over else []

    def leaders(self) -> list[int]:
        """The seats with the highest total so far (empty before the first hand)."""
        return winners(self.totals()) if self.hands else []

    # -- compact form ------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A compact JSON-ready form (read back by :meth:`from_dict`)."""
        out: dict[str, Any] = {"f": FORMAT, "n": list(self.names)}
        if self.rules != KachufulRules():
            out["v"] = self.rules.to_dict()
        if self.first_dealer:
            out["d"] = self.first_dealer
        out["h"] = [_hand_dict(h) for h in self.hands]
        if self.pending is not None:
            out["p"] = _hand_dict(self.pending)
        return out

    @classmethod
    def from_dict(cls, doc: Mapping[str, Any]) -> KachufulSheet:
        """The sheet of :meth:`to_dict`, every hand checked again by the rules.

        Raises :class:`RecordError` for a malformed form and the rules' own errors for an
        entry they refuse (a tampered link)."""
        obj = expect_object(doc, "", required=("f", "n", "h"), optional=("v", "d", "p"))
        expect_str(obj["f"], "f", (FORMAT,))
        names = [expect_str(n, join("n", i)) for i, n in enumerate(expect_list(obj["n"], "n"))]
        variant = expect_object(obj.get("v", {}), "v",
                                optional=KachufulRules().__dataclass_fields__.keys())
        dealer = expect_int(obj.get("d", 0), "d", lo=0)
        sheet = cls.new(names, KachufulRules.from_dict(variant), dealer)
        for i, raw in enumerate(expect_list(obj["h"], "h")):
            hand = _read_hand(raw, join("h", i), sheet.players, finished=True)
            sheet = sheet.with_bids(hand.bids, hand.blind or None, hand.turned)
            sheet = sheet.with_tricks(hand.tricks, hand.reneged or None)
        if "p" in obj:
            hand = _read_hand(obj["p"], "p", sheet.players, finished=False)
            sheet = sheet.with_bids(hand.bids, hand.blind or None, hand.turned)
        return sheet


def _hand_dict(hand: HandEntry) -> dict[str, Any]:
    out: dict[str, Any] = {"b": list(hand.bids)}
    if hand.tricks:
        out["t"] = list(hand.tricks)
    if hand.blind:
        out["x"] = [s for s, flag in enumerate(hand.blind) if flag]
    if hand.reneged:
        out["r"] = [s for s, flag in enumerate(hand.reneged) if flag]
    if hand.turned is not None:
        out["s"] = hand.turned.value
    return out


def _read_hand(raw: Any, path: str, players: int, finished: bool) -> HandEntry:
    required = ("b", "t") if finished else ("b",)
    optional = ("x", "r", "s") if finished else ("x", "s")
    obj = expect_object(raw, path, required=required, optional=optional)
    bids = tuple(expect_int(b, join(join(path, "b"), i))
                 for i, b in enumerate(expect_list(obj["b"], join(path, "b"), players)))
    tricks: tuple[int, ...] = ()
    if finished:
        tricks = tuple(expect_int(t, join(join(path, "t"), i))
                       for i, t in enumerate(expect_list(obj["t"], join(path, "t"), players)))
    return HandEntry(bids, tricks, _seat_flags(obj.get("x"), join(path, "x"), players),
                     _seat_flags(obj.get("r"), join(path, "r"), players),
                     Suit(expect_str(obj["s"], join(path, "s"), _SUIT_CODES)) if "s" in obj else None)


def _seat_flags(raw: Any, path: str, players: int) -> tuple[bool, ...]:
    if raw is None:
        return ()
    seats = {expect_int(s, join(path, i), lo=0, hi=players - 1)
             for i, s in enumerate(expect_list(raw, path))}
    if not seats:
        raise RecordError(path, "must name at least one seat (leave it out instead)")
    return tuple(s in seats for s in range(players))


__all__ = ["FORMAT", "HandEntry", "HandSpec", "KachufulSheet"]
