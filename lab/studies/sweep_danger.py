"""Krypkasino sweep danger: what each card of a hand does to the table, and the chance
that the next player then holds a card that takes the whole table.

Every rule decision is the engine's: the position is a
:meth:`KrypkasinoState.scenario` with the hand to play, and each card's collections,
whether it sweeps and whether C-8 allows it come from :meth:`KrypkasinoState.card_options`;
the values that would sweep the table left behind come from the capture solver
(:func:`engine.krypkasino.capture.sweep_exists`, an ace from the hand counting 14).

The chance is exact (hypergeometric): the next player's hand is ``next_hand`` cards drawn
from the cards this player has not seen — two decks minus the hand, the table and any
cards named as seen (captured piles, face cards set aside).

Lowest score wins (C-15) and a sweep gives the player before the sweeper minus the sweep
points (C-9), so a table the next player must sweep (C-8) is *good* for the player who
leaves it; a *quiet* trail (``kind == "trail"`` and chance 0) changes nobody's score.

>>> from engine.cards import parse_cards
>>> d = sweep_danger(4, parse_cards(["9D", "4C"]), parse_cards(["2H", "7S"]))
>>> [(o.card.code, o.kind, o.allowed) for o in d.options]
[('9D', 'sweep', True), ('4C', 'trail', False)]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Card
from engine.krypkasino import capture
from engine.krypkasino.rules import KrypkasinoRules, card_points, deal_sizes
from engine.krypkasino.state import KrypkasinoState

__all__ = ["Danger", "Option", "copies_problem", "next_sweep_chance", "sweep_danger",
           "sweeping_values", "unseen_cards"]


@dataclass(frozen=True)
class Option:
    """One way to play a card: ``kind`` is ``trail``, ``capture`` or ``sweep``; ``take``
    the table cards taken; ``points`` the card points taken (the played card included);
    ``sweep`` the sweep points scored by it (double under C-10); ``allowed``: C-8 lets it
    be played; ``sweepers``: the hand values (2..14) that would take the whole table it
    leaves; ``chance``: that the next player holds one."""

    card: Card
    kind: str
    take: tuple[Card, ...]
    points: int
    sweep: int
    allowed: bool
    table_after: tuple[Card, ...]
    sweepers: tuple[int, ...]
    chance: float
    sweep_value: int = 5

    @property
    def expected(self) -> float:
        """Points this play costs on average now: points and sweep taken, minus the
        sweep the next player is forced into times its chance (lower is better)."""
        return float(self.points + self.sweep) - self.chance * self.sweep_value


@dataclass(frozen=True)
class Danger:
    options: tuple[Option, ...]
    unseen: int
    next_hand: int
    forced: bool


def sweeping_values(table: Sequence[Card]) -> tuple[int, ...]:
    """The hand values (2..14, an ace 14) that take the whole of ``table`` (none when it
    is empty)."""
    if not table:
        return ()
    return tuple(v for v in range(2, 15) if capture.sweep_exists(v, table))


def _hand_value(card: Card) -> int:
    return int(card.rank)


def next_sweep_chance(values: Sequence[int], unseen: Sequence[Card], hand: int) -> float:
    """The chance that ``hand`` cards drawn from ``unseen`` include one of hand value in
    ``values`` (hypergeometric).

    >>> from engine.cards import parse_cards
    >>> next_sweep_chance([9], parse_cards(["9D", "2C"]), 1)
    0.5
    """
    total = len(unseen)
    if not values or hand <= 0 or total == 0:
        return 0.0
    wanted = set(values)
    good = sum(1 for c in unseen if _hand_value(c) in wanted)
    hand = min(hand, total)
    return 1.0 - math.comb(total - good, hand) / math.comb(total, hand)


def copies_problem(groups: Sequence[Sequence[Card]]) -> Card | None:
    """A card named more than twice over ``groups`` (two decks hold two of each)."""
    seen: dict[Card, int] = {}
    for group in groups:
        for c in group:
            seen[c] = seen.get(c, 0) + 1
            if seen[c] > 2:
                return c
    return None


def unseen_cards(hand: Sequence[Card], table: Sequence[Card], seen: Sequence[Card]) -> list[Card]:
    """The cards of the two decks not in ``hand``, on ``table`` or ``seen`` (each card as
    often as it is left: twice, once or not at all)."""
    from engine.cards import DECK

    counts = {c: 2 for c in DECK}
    for c in (*hand, *table, *seen):
        counts[c] -= 1
    return [c for c in DECK for _ in range(counts[c])]


def sweep_danger(players: int, hand: Sequence[Card], table: Sequence[Card],
                 seen: Sequence[Card] = (), next_hand: int | None = None,
                 rules: KrypkasinoRules | None = None) -> Danger:
    """Every option of every distinct card of ``hand`` on ``table`` (see :class:`Option`);
    ``next_hand`` defaults to the first hand size of the table (C-2)."""
    rules = rules or KrypkasinoRules()
    if copies_problem([hand, table, seen]) is not None:
        raise ValueError("a card is named more than twice")
    if not hand:
        raise ValueError("the hand is empty")
    if next_hand is None:
        next_hand = deal_sizes(players).hand
    hands: list[Sequence[Card]] = [list(hand)]
    hands.extend([] for _ in range(players - 1))
    state = KrypkasinoState.scenario(players, hands, list(table), dealer=players - 1, turn=0,
                                     rules=rules)
    unseen = unseen_cards(hand, table, seen)
    forced = bool(state.sweeping_cards(0)) and rules.forced_sweep
    options: list[Option] = []
    for card in dict.fromkeys(hand):
        info = state.card_options(card)
        if not info.captures:
            after = (*table, card)
            values = sweeping_values(after)
            options.append(Option(card, "trail", (), 0, 0, info.allowed, tuple(after), values,
                                  next_sweep_chance(values, unseen, next_hand),
                                  rules.sweep_points))
            continue
        for take in info.collections:
            rest = list(table)
            for c in take:
                rest.remove(c)
            kind = "sweep" if not rest else "capture"
            points = card_points([card, *take])
            sweep = 0
            if not rest:
                sweep = rules.double_points() if info.double else rules.sweep_points
            values = sweeping_values(rest)
            options.append(Option(card, kind, tuple(take), points, sweep, info.allowed,
                                  tuple(rest), values,
                                  next_sweep_chance(values, unseen, next_hand),
                                  rules.sweep_points))
    return Danger(tuple(options), len(unseen), next_hand, forced)
