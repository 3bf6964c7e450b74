"""K-12 is written once for Card objects (:func:`engine.kachuful.rules.trick_winner`, the
reference) and once on the fast paths' ints (:func:`engine.kachuful.fast.trick_winner_int`,
used by the fast simulator, the bots and :mod:`engine.sim.kachuful_play`): they agree on
every trick, whole or partial, under every trump."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.cards import DECK, SUITS, Card, Suit, parse_cards
from engine.kachuful import fast
from engine.kachuful.rules import trick_winner
from engine.sim import kachuful_play

TRUMPS: list[Suit | None] = [None, *SUITS]


@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=10, unique=True),
       st.sampled_from(TRUMPS))
def test_fast_winner_is_the_reference_winner(cards: list[Card], trump: Suit | None) -> None:
    codes = [fast.card_int(c) for c in cards]
    assert fast.trick_winner_int(codes, fast.suit_int(trump)) == trick_winner(cards, trump)[0]


@given(st.sampled_from(DECK))
def test_the_int_encoding_round_trips_and_keeps_suit_and_rank(card: Card) -> None:
    code = fast.card_int(card)
    assert 0 <= code < 52 and fast.int_card(code) == card
    assert SUITS[code // 13] is card.suit and fast.suit_int(card.suit) == code // 13
    assert code % 13 == int(card.rank) - 2


def test_the_cases_a_player_meets() -> None:
    trick = parse_cards(["KH", "2C", "AH", "7H"])
    codes = [fast.card_int(c) for c in trick]
    assert fast.trick_winner_int(codes, fast.suit_int(Suit.CLUBS)) == 1   # the lone trump
    assert fast.trick_winner_int(codes, fast.suit_int(None)) == 2         # the led suit's ace
    assert fast.trick_winner_int(codes, fast.suit_int(Suit.SPADES)) == 2  # no spade played
    over = [fast.card_int(c) for c in parse_cards(["5D", "3S", "9S", "AD"])]
    assert fast.trick_winner_int(over, fast.suit_int(Suit.SPADES)) == 2   # over-trumped


def test_one_fast_implementation() -> None:
    """The simulator and the bot games use the same function, not a copy."""
    assert kachuful_play.trick_winner_int is fast.trick_winner_int
