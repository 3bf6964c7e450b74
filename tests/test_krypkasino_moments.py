"""The engine facts the Krypkasino walkthrough reads (issue 12): the lot count of a deal
(``KrypkasinoState.lots``, C-11) and the *moments* of a call (``state.moments``): a copy
of the state at each point where it is whole, so no page keeps a shadow state."""

from __future__ import annotations

from engine.cards import parse_cards
from engine.krypkasino.events import (
    Captured,
    DealScored,
    DealStarted,
    LeftoversAwarded,
    NewLot,
    Trailed,
)
from engine.krypkasino.rules import deal_sizes
from engine.krypkasino.state import KrypkasinoState


def test_lots_of_a_seeded_deal_and_of_a_position() -> None:
    for players in range(2, 7):
        state = KrypkasinoState.new_game(players, seed=11)
        assert state.lots == deal_sizes(players).lots
        assert state.view(0).lots == state.lots
    # A hand-made position: one lot in hand and one more in a stock of 8 cards (2 players).
    pos = KrypkasinoState.scenario(2, [parse_cards(["5H"]), parse_cards(["9D"])],
                                   parse_cards(["2H"]), stock=parse_cards(["2C"] * 4 + ["3C"] * 4))
    assert pos.lots == 2
    assert KrypkasinoState.scenario(2, [parse_cards(["5H"]), []], parse_cards(["2H"])).lots == 1


def test_moments_split_a_call_at_each_whole_state() -> None:
    state = KrypkasinoState.new_game(2, seed=3)
    seen = 0
    while not state.is_terminal():
        state.moments = []
        before_totals = list(state.totals)
        seat = state.current_player()
        events = state.apply(state.legal_actions()[0])
        moments = state.moments
        assert moments, "every play records at least the moment after it"
        first_count, after_play = moments[0]
        # The moment after the play: its events are the play's own, the table as it lay.
        assert isinstance(events[0], (Trailed, Captured)) and first_count >= 1
        assert after_play.table_cards() == state.table_after_play or first_count < len(events)
        assert after_play.previous == seat and after_play.moments is None
        counts = [k for k, _ in moments]
        assert counts == sorted(counts) and counts[-1] == len(events)
        for k, moment in moments[1:]:
            last = events[k - 1]
            if isinstance(last, NewLot):
                assert moment.lot == last.lot and moment.current_player() == last.first_player
                seen |= 1
            elif isinstance(last, LeftoversAwarded):
                assert not moment.table_cards() and moment.totals == before_totals
                assert set(last.cards) <= set(moment.captured_cards(last.seat))
                seen |= 2
            elif isinstance(last, DealScored):
                assert list(last.totals) == moment.totals
                seen |= 4
            elif isinstance(last, DealStarted):
                assert moment.deal_index == last.deal and moment.lot == 1
                seen |= 8
    assert seen == 15  # a new lot, leftovers, a score and the next deal were all seen
    assert state.moments is not None


def test_no_moments_unless_asked() -> None:
    state = KrypkasinoState.new_game(3, seed=4)
    assert state.moments is None
    state.apply(state.legal_actions()[0])
    assert state.moments is None and state.clone().moments is None
