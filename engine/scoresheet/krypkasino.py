"""A Krypkasino score sheet for a table playing with real cards (C-9, C-10, C-13..C-15).

Per deal the table enters, for each player, the card points of their captured cards and
the sweeps they made (ordinary and double). A sweep costs the player who played
immediately before the sweeper (C-9); play goes clockwise and the dealer sits just before
the player who starts every lot, so that is always the player on the sweeper's right: the
sheet works out every loss itself, and the sweep points of a deal cancel out.

Worked example 1 of RULES.md, in a deal of two players where B's 9♦ sweeps A's table:

>>> sheet = KrypkasinoSheet.new(["A", "B"])
>>> sheet = sheet.with_deal([20, 22], sweeps=[0, 1])
>>> score = sheet.deal_scores()[0]
>>> score.sweep_points, score.scores
((-5, 5), (15, 27))
>>> sheet.with_deal([20, 20])
Traceback (most recent call last):
...
engine.errors.IllegalActionError: The card points add up to 40, but the two decks hold exactly 42 card points: count the captured cards again (C-13)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.cards import double_deck
from engine.errors import IllegalActionError, InvalidActionError, RecordError
from engine.krypkasino.rules import (
    LOT_CARDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    KrypkasinoRules,
    card_points,
    deal_sizes,
)
from engine.krypkasino.state import winners_of
from engine.recordio import expect_int, expect_list, expect_object, expect_str, join
from engine.scoresheet.names import check_names, whole_numbers

FORMAT = "krypkasino-sheet/1"
#: C-13: the card points of both decks, which every deal's captured cards share.
DEAL_CARD_POINTS = card_points(double_deck())


def victim_of(sweeper: int, players: int) -> int:
    """The seat that loses a sweep's points: the one that played just before (C-9).

    >>> victim_of(0, 4), victim_of(2, 4)
    (3, 1)
    """
    return (sweeper - 1) % players


def plays_per_deal(players: int) -> int:
    """How many cards each player plays in a deal: the first hand plus 4 in every later
    lot (C-2, C-11). A player makes at most this many sweeps.

    >>> [plays_per_deal(n) for n in range(2, 7)]
    [50, 33, 25, 20, 17]
    """
    sizes = deal_sizes(players)
    return sizes.hand + LOT_CARDS * (sizes.lots - 1)


@dataclass(frozen=True, slots=True)
class DealSpec:
    """Deal ``number`` (from 1) of a session: its dealer and the seats in playing order
    (the dealer's left starts, C-1; the dealer plays last)."""

    number: int
    dealer: int
    order: tuple[int, ...]

    @property
    def first(self) -> int:
        """The seat that plays first in every lot of the deal (C-1, C-11)."""
        return self.order[0]


@dataclass(frozen=True, slots=True)
class DealEntry:
    """One deal as the table entered it, by seat: card points, sweeps, double sweeps."""

    card_points: tuple[int, ...]
    sweeps: tuple[int, ...]
    doubles: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DealScore:
    """A deal worked out by seat: sweeps suffered, sweep points and the deal score
    (card points + sweep points, C-14)."""

    dealer: int
    card_points: tuple[int, ...]
    sweeps: tuple[int, ...]
    doubles: tuple[int, ...]
    suffered: tuple[int, ...]
    doubles_suffered: tuple[int, ...]
    sweep_points: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class KrypkasinoSheet:
    """The table's session sheet: a frozen value; each entry returns a new sheet."""

    names: tuple[str, ...]
    rules: KrypkasinoRules = KrypkasinoRules()
    first_dealer: int = 0
    deals: tuple[DealEntry, ...] = ()

    @classmethod
    def new(cls, names: Sequence[str], rules: KrypkasinoRules | None = None,
            first_dealer: int = 0) -> KrypkasinoSheet:
        """A sheet for ``names`` in seating order (2..6, C-1); ``first_dealer`` is the seat
        chosen to deal first."""
        kept = check_names(names, "C-1", MIN_PLAYERS, MAX_PLAYERS)
        if isinstance(first_dealer, bool) or not isinstance(first_dealer, int) or not (
                0 <= first_dealer < len(kept)):
            raise InvalidActionError("scoresheet.bad-dealer", players=len(kept), value=first_dealer)
        return cls(kept, rules or KrypkasinoRules(), first_dealer)

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def session_length(self) -> int:
        """Deals in the session (C-15 and the ``session`` variant)."""
        return self.rules.session_length(self.players)

    @property
    def is_over(self) -> bool:
        return len(self.deals) >= self.session_length

    def dealer_of(self, deal: int) -> int:
        """The dealer of deal ``deal`` (from 1): the deal passes clockwise (C-1)."""
        return (self.first_dealer + deal - 1) % self.players

    @property
    def next_dealer(self) -> int:
        return self.next_deal().dealer

    def spec(self, number: int) -> DealSpec:
        """Deal ``number`` (from 1): its dealer and playing order."""
        dealer = self.dealer_of(number)
        return DealSpec(number, dealer,
                        tuple((dealer + 1 + i) % self.players for i in range(self.players)))

    def next_deal(self) -> DealSpec:
        """The deal the table enters next (refused once the session is over, C-15)."""
        if self.is_over:
            raise IllegalActionError("common.game-over", rule="C-15")
        return self.spec(len(self.deals) + 1)

    def score(self, entry: DealEntry, dealer: int = 0) -> DealScore:
        """The deal worked out: each sweep scores for the sweeper and against the player
        on the sweeper's right (C-9), a double twice (C-10, ``sweep_points``)."""
        n = self.players
        suffered = [0] * n
        doubles_suffered = [0] * n
        for sweeper in range(n):
            suffered[victim_of(sweeper, n)] += entry.sweeps[sweeper]
            doubles_suffered[victim_of(sweeper, n)] += entry.doubles[sweeper]
        single, double = self.rules.sweep_points, self.rules.double_points()
        sweep_points = tuple(single * (entry.sweeps[s] - suffered[s])
                             + double * (entry.doubles[s] - doubles_suffered[s]) for s in range(n))
        scores = tuple(p + q for p, q in zip(entry.card_points, sweep_points, strict=True))
        return DealScore(dealer, entry.card_points, entry.sweeps, entry.doubles, tuple(suffered),
                         tuple(doubles_suffered), sweep_points, scores)

    def check_deal(self, card_points: Sequence[int], sweeps: Sequence[int] | None = None,
                   doubles: Sequence[int] | None = None) -> DealEntry:
        """The entry for the next deal, checked: whole numbers, no negative card points,
        card points adding up to 42 (C-13), sweeps no more than the cards a player plays,
        no double sweeps when ``double_sweep`` is off (C-10)."""
        if self.is_over:
            raise IllegalActionError("common.game-over", rule="C-15")
        points = whole_numbers(card_points, self.names)
        made = whole_numbers(sweeps if sweeps is not None else [0] * self.players, self.names)
        twice = whole_numbers(doubles if doubles is not None else [0] * self.players, self.names)
        for seat, value in enumerate(points):
            if value < 0:
                raise IllegalActionError("scoresheet.points-negative", rule="C-13",
                                         name=self.names[seat], points=value)
        if sum(points) != DEAL_CARD_POINTS:
            raise IllegalActionError("scoresheet.points-total", rule="C-13", total=sum(points),
                                     expected=DEAL_CARD_POINTS)
        limit = plays_per_deal(self.players)
        for seat in range(self.players):
            for count in (made[seat], twice[seat]):
                if count < 0:
                    raise IllegalActionError("scoresheet.sweeps-negative", rule="C-9",
                                             name=self.names[seat], count=count)
            if twice[seat] and not self.rules.double_sweep:
                raise IllegalActionError("scoresheet.no-double", rule="C-10",
                                         name=self.names[seat])
            if made[seat] + twice[seat] > limit:
                raise IllegalActionError("scoresheet.sweeps-too-many", rule="C-9",
                                         name=self.names[seat], count=made[seat] + twice[seat],
                                         plays=limit, players=self.players)
        return DealEntry(tuple(points), tuple(made), tuple(twice))

    def with_deal(self, card_points: Sequence[int], sweeps: Sequence[int] | None = None,
                  doubles: Sequence[int] | None = None) -> KrypkasinoSheet:
        """The sheet with the next deal entered (see :meth:`check_deal`)."""
        entry = self.check_deal(card_points, sweeps, doubles)
        return replace(self, deals=(*self.deals, entry))

    def without_last_deal(self) -> KrypkasinoSheet:
        """Undo the last deal."""
        if not self.deals:
            raise InvalidActionError("scoresheet.nothing-to-undo")
        return replace(self, deals=self.deals[:-1])

    # -- reading ----------------------------------------------------------------------

    def deal_scores(self) -> list[DealScore]:
        return [self.score(d, self.dealer_of(k + 1)) for k, d in enumerate(self.deals)]

    def deal_points(self) -> list[list[int]]:
        """Each deal's scores by seat (rows for the score-progression chart)."""
        return [list(s.scores) for s in self.deal_scores()]

    def totals(self) -> list[int]:
        totals = [0] * self.players
        for row in self.deal_points():
            for seat, points in enumerate(row):
                totals[seat] += points
        return totals

    def winners(self) -> list[int]:
        """The seats with the lowest total once the session is over (C-15; ties share)."""
        return winners_of(self.totals()) if self.is_over else []

    def leaders(self) -> list[int]:
        """The seats with the lowest total so far (empty before the first deal)."""
        return winners_of(self.totals()) if self.deals else []

    # -- compact form ------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A compact JSON-ready form (read back by :meth:`from_dict`)."""
        out: dict[str, Any] = {"f": FORMAT, "n": list(self.names)}
        variant = {k: v for k, v in self.rules.to_dict().items()
                   if v != KrypkasinoRules().to_dict()[k]}
        if variant:
            out["v"] = variant
        if self.first_dealer:
            out["d"] = self.first_dealer
        deals: list[list[Any]] = []
        for deal in self.deals:
            row: list[Any] = [list(deal.card_points)]
            if any(deal.sweeps) or any(deal.doubles):
                row.append(list(deal.sweeps))
            if any(deal.doubles):
                row.append(list(deal.doubles))
            deals.append(row)
        out["h"] = deals
        return out

    @classmethod
    def from_dict(cls, doc: Mapping[str, Any]) -> KrypkasinoSheet:
        """The sheet of :meth:`to_dict`, every deal checked again by the rules."""
        obj = expect_object(doc, "", required=("f", "n", "h"), optional=("v", "d"))
        expect_str(obj["f"], "f", (FORMAT,))
        names = [expect_str(n, join("n", i)) for i, n in enumerate(expect_list(obj["n"], "n"))]
        variant = expect_object(obj.get("v", {}), "v", optional=KrypkasinoRules().to_dict().keys())
        dealer = expect_int(obj.get("d", 0), "d", lo=0)
        sheet = cls.new(names, KrypkasinoRules.from_dict(variant), dealer)
        for i, raw in enumerate(expect_list(obj["h"], "h")):
            path = join("h", i)
            row = expect_list(raw, path)
            if not 1 <= len(row) <= 3:
                raise RecordError(path, "must hold 1 to 3 lists: card points, sweeps, doubles")
            columns = [[expect_int(x, join(join(path, c), k))
                        for k, x in enumerate(expect_list(col, join(path, c), sheet.players))]
                       for c, col in enumerate(row)]
            sheet = sheet.with_deal(*columns)
        return sheet


__all__ = ["DEAL_CARD_POINTS", "FORMAT", "DealEntry", "DealScore", "DealSpec", "KrypkasinoSheet",
           "plays_per_deal", "victim_of"]
