"""Each int-coded twin of a rule (``engine/<game>/fast.py``) against its reference.

Kachuful: K-12 one card at a time (:func:`engine.kachuful.fast.beats_int` and its table
``BEATS``) against :func:`engine.kachuful.rules.trick_winner`; K-11
(:func:`~engine.kachuful.fast.playable_int`) against
:func:`~engine.kachuful.rules.playable_cards`. Krypkasino: the one move generation
(:func:`engine.krypkasino.fast.legal_moves`) against the reference captures
(:func:`engine.krypkasino.capture.collections`, C-5 to C-7) with C-8 (a sweep is
compulsory), on random tables and on positions reached by play; the fused random playout
against the loop of ``legal_moves`` and ``apply_move``.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import DECK, SUITS, Card, Suit
from engine.kachuful import fast as kfast
from engine.kachuful.rules import KachufulRules, playable_cards, trick_winner
from engine.krypkasino import capture
from engine.krypkasino import fast as cfast
from engine.krypkasino.rules import KrypkasinoRules
from engine.krypkasino.state import KrypkasinoState

TRUMPS: list[Suit | None] = [None, *SUITS]


@given(st.lists(st.sampled_from(DECK), min_size=2, max_size=8, unique=True),
       st.sampled_from(TRUMPS))
def test_beats_folds_to_the_reference_winner(cards: list[Card], trump: Suit | None) -> None:
    t = kfast.suit_int(trump)
    table = kfast.BEATS[t + 1]
    win = 0
    for i in range(1, len(cards)):
        best, card = cards[win].index, cards[i].index
        assert table[best * 52 + card] == kfast.beats_int(card, best, t)
        if kfast.beats_int(card, best, t):
            win = i
        # after each card, the fold names the reference's winner of the trick so far
        assert win == trick_winner(cards[:i + 1], trump)[0]


@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=13, unique=True),
       st.sampled_from(TRUMPS))
def test_playable_is_the_reference_following(hand: list[Card], led: Suit | None) -> None:
    ints = [c.index for c in hand]
    got = kfast.playable_int(ints, kfast.suit_int(led))
    want = playable_cards(hand, led, KachufulRules(renege="forbidden"))
    assert [DECK[c] for c in got] == want


def _reference_moves(hand: list[int], table: list[int],
                     rules: KrypkasinoRules) -> set[tuple[int, tuple[int, ...]]]:
    cards = [DECK[i] for i in table]
    whole = tuple(sorted(table))
    plays: dict[int, list[tuple[int, ...]]] = {}
    for cid in set(hand):
        takes = [tuple(sorted(c.index for c in t))
                 for t in capture.collections(int(DECK[cid].rank), cards, rules.maximal)]
        plays[cid] = takes or [()]
    sweepers = [cid for cid, takes in plays.items() if table and whole in takes]
    if rules.forced_sweep and sweepers:  # C-8: a sweep is compulsory
        return {(cid, whole) for cid in sweepers}
    return {(cid, t) for cid, takes in plays.items() for t in takes}


def _fast_moves(hand: list[int], table: list[int],
                rules: KrypkasinoRules) -> list[tuple[int, tuple[int, ...]]]:
    cols: list[list[int]] = [[] for _ in range(15)]
    for i in sorted(table):
        cols[cfast.TABLE_VALUE[i]].append(i)
    return cfast.legal_moves(sorted(hand), cfast.table_key(table), cols, table, rules)


RULES = st.builds(KrypkasinoRules, capture=st.sampled_from(["maximum", "maximal"]),
                  forced_sweep=st.booleans())
NUMBERS = [i for i in range(52) if not DECK[i].rank.is_face]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(range(52)), min_size=1, max_size=6),
       st.lists(st.sampled_from(NUMBERS), min_size=0, max_size=9), RULES)
def test_krypkasino_moves_are_the_reference_captures(hand: list[int], table: list[int],
                                                    rules: KrypkasinoRules) -> None:
    got = _fast_moves(hand, table, rules)
    assert len(got) == len(set(got)), "a play is listed twice"
    assert {(c, tuple(sorted(t))) for c, t in got} == _reference_moves(hand, table, rules)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60), st.sampled_from([2, 3, 4]), RULES)
def test_krypkasino_moves_in_played_positions(seed: int, steps: int, players: int,
                                             rules: KrypkasinoRules) -> None:
    state = KrypkasinoState.new_game(players, rules, seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        moves = state.legal_moves()
        hand, table = state.hands[state.turn], state.table
        assert ({(c, tuple(sorted(t))) for c, t in moves}
                == _reference_moves(hand, table, rules))
        state.apply_move(moves[int(rnd.random() * len(moves))])


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([2, 3, 4]), RULES)
def test_the_fused_playout_is_the_move_loop(seed: int, players: int,
                                            rules: KrypkasinoRules) -> None:
    fused = KrypkasinoState.new_game(players, rules, seed)
    looped = fused.clone()
    plays = fused.random_playout(random.Random(seed))
    rnd = random.Random(seed)
    count = 0
    while not looped.is_terminal():
        moves = looped.legal_moves()
        looped.apply_move(moves[int(rnd.random() * len(moves))])
        count += 1
    assert plays == count
    assert fused.scores() == looped.scores() and fused == looped


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 120), st.sampled_from([2, 3, 4, 5, 6]), RULES,
       st.booleans())
def test_the_fused_playout_from_any_position(seed: int, steps: int, players: int,
                                             rules: KrypkasinoRules, to_end: bool) -> None:
    # From a position reached by play (mid-lot, mid-deal), to the end of the deal or of
    # the session: the counted plays and the listed ones pick what the loop picks.
    state = KrypkasinoState.new_game(players, rules, seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        moves = state.legal_moves()
        state.apply_move(moves[int(rnd.random() * len(moves))])
    looped = state.clone()
    deal = state.deal_index
    plays = state.random_playout(random.Random(seed + 1), to_end_of_deal=to_end)
    rnd = random.Random(seed + 1)
    count = 0
    while not looped.is_terminal() and not (to_end and looped.deal_index != deal):
        moves = looped.legal_moves()
        looped.apply_move(moves[int(rnd.random() * len(moves))])
        count += 1
    assert plays == count
    assert state == looped
    assert state.last_capturer == looped.last_capturer and state.previous == looped.previous
    # the playout's shared trail entries (one per card) are still (id, [])
    assert cfast.TRAIL_LOGS == tuple((i, []) for i in range(52))
