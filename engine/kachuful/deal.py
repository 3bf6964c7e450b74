"""Chance in Kachuful, made reproducible: seeds, the deal (K-5) and the first-dealer
draw (K-3). The same seed gives the same cards on every machine (:mod:`engine.rng`).

* A game seed gives the draw seed and one seed per hand: :func:`draw_seed`,
  :func:`hand_seed` (the stream of ``Rng(game_seed)``: first number for the draw, then
  one number per hand).
* A hand seed gives the deal: ``shuffled_deck(seed)`` dealt one card at a time
  clockwise, starting left of the dealer; under ``trumps: turned`` the next card of the
  deck is the turned card (none when every card was dealt).

>>> hands, turned = deal_hand(7, players=4, size=3, dealer=3)
>>> [len(h) for h in hands], turned is not None
([3, 3, 3, 3], True)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.kachuful.events import DealerChosen, DrawCard, DrawTie, KachufulEvent, Redraw
from engine.kachuful.rules import check_players
from engine.rng import Rng, shuffled_deck


def draw_seed(game_seed: int) -> int:
    """The seed of the first-dealer draw of the game ``game_seed``."""
    return Rng(game_seed).next_u64()


def hand_seed(game_seed: int, index: int) -> int:
    """The deal seed of hand ``index`` (counted from 0) of the game ``game_seed``."""
    rng = Rng(game_seed)
    for _ in range(index + 1):
        rng.next_u64()
    return rng.next_u64()


def deal_hand(seed: int, players: int, size: int,
              dealer: int) -> tuple[list[list[Card]], Card | None]:
    """K-5: each seat's cards (index = seat, in the order received) and the card that
    would be turned next (``None`` when the whole deck was dealt)."""
    deck = shuffled_deck(seed)
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i in range(players * size):
        hands[(dealer + 1 + i) % players].append(deck[i])
    turned = deck[players * size] if players * size < len(deck) else None
    return hands, turned


@dataclass(frozen=True, slots=True)
class DealerDraw:
    """The result of the first-dealer draw: the dealer and the events, card by card."""

    dealer: int
    events: tuple[KachufulEvent, ...]


def draw_first_dealer(players: int, seed: int) -> DealerDraw:
    """K-3: everyone draws a card from a deck shuffled under ``seed``; the highest rank
    deals (suits do not rank). Tied players draw again, among themselves only, from the
    rest of the same deck (a fresh deck under a derived seed if it ever ran out).

    >>> draw = draw_first_dealer(4, 1)
    >>> draw.events[-1].kind, 0 <= draw.dealer < 4
    ('dealer-chosen', True)
    """
    check_players(players)
    rng = Rng(seed)
    deck = shuffled_deck(rng.next_u64())
    events: list[KachufulEvent] = []
    drawing = list(range(players))
    round_no = 1
    while True:
        drawn: list[tuple[int, Card]] = []
        for seat in drawing:
            if not deck:
                deck = shuffled_deck(rng.next_u64())
            card = deck.pop(0)
            drawn.append((seat, card))
            events.append(DrawCard(round=round_no, seat=seat, card=card))
        top = max(card.rank for _, card in drawn)
        tied = tuple(seat for seat, card in drawn if card.rank == top)
        if len(tied) == 1:
            card = next(c for s, c in drawn if s == tied[0])
            events.append(DealerChosen(seat=tied[0], card=card))
            return DealerDraw(dealer=tied[0], events=tuple(events))
        events.append(DrawTie(round=round_no, seats=tied, rank=top))
        round_no += 1
        events.append(Redraw(round=round_no, seats=tied))
        drawing = list(tied)
