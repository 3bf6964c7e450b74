"""Krypkasino's deal shuffle (:func:`engine.krypkasino.state.shuffled_ids`) is exactly
``Rng(seed).shuffle`` of the two decks: the packed computation of the 103 SplitMix64
outputs, its rejection fallback, and the sequential reference, on random and edge seeds
and on seeds built so that ``below()`` rejects an output (the stream then shifts)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.krypkasino import state as kstate
from engine.rng import Rng

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def reference(seed: int) -> list[int]:
    cards = list(range(52)) * 2
    Rng(seed).shuffle(cards)
    return cards


def _unshift(z: int, s: int) -> int:
    """The inverse of ``z ^ (z >> s)`` on 64 bits."""
    x = z
    for _ in range(64 // s + 1):
        x = z ^ (x >> s)
    return x


def unmix(z: int) -> int:
    """The SplitMix64 state whose output is ``z`` (the finaliser is a bijection)."""
    z = _unshift(z, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & MASK
    z = _unshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & MASK
    return _unshift(z, 30)


def rejecting_seed(draw: int, output: int = MASK) -> int:
    """A seed whose ``draw``-th output (from 1) is ``output``."""
    return (unmix(output) - draw * GOLDEN) & MASK


def test_unmix_inverts_splitmix() -> None:
    for seed in (0, 1, 12345, MASK):
        rng = Rng(seed)
        z = rng.next_u64()
        assert unmix(z) == (seed + GOLDEN) & MASK


@settings(max_examples=300, deadline=None)
@given(st.integers(0, MASK))
def test_the_packed_shuffle_is_rng_shuffle(seed: int) -> None:
    assert kstate.shuffled_ids(seed) == reference(seed)


@pytest.mark.parametrize("seed", [0, 1, 2, MASK, MASK - 1, 1 << 63, (1 << 63) - 1, GOLDEN,
                                  -1, 1 << 64, (1 << 70) + 5, 123456789])
def test_edge_seeds(seed: int) -> None:
    assert kstate.shuffled_ids(seed) == reference(seed)
    assert kstate.shuffled_ids_sequential(seed) == reference(seed)


@pytest.mark.parametrize("draw", [1, 2, 50, 100, 102])
def test_a_rejected_output_shifts_the_stream(draw: int) -> None:
    seed = rejecting_seed(draw)
    n = len(kstate.TWO_DECKS) + 1 - draw  # the draw asks below(n)
    assert MASK >= kstate.DRAW_LIMITS[n], "the built output must be one below() rejects"
    got = kstate.shuffled_ids(seed)
    assert got == reference(seed)
    # and the rejection did matter: the packed draws alone would deal otherwise
    x = Rng(seed)
    outs = [x.next_u64() for _ in range(103)]
    cards = list(range(52)) * 2
    for i, z in zip(range(103, 0, -1), outs, strict=True):
        j = z % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    assert cards != got


@settings(max_examples=100, deadline=None)
@given(st.integers(0, MASK))
def test_the_fallback_deals_as_the_packed_path(seed: int) -> None:
    assert kstate.shuffled_ids_sequential(seed) == kstate.shuffled_ids(seed)


def test_the_fallback_is_taken_when_a_draw_may_be_rejected(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # With a lower bound, about half the deals take the sequential path: the same cards.
    calls: list[int] = []
    sequential = kstate.shuffled_ids_sequential

    def spy(seed: int) -> list[int]:
        calls.append(seed)
        return sequential(seed)

    # Outputs from 2^63 up count as possibly rejected: each 128-bit lane gets 2^63 added,
    # which carries into its bit 64 exactly then.
    monkeypatch.setattr(kstate, "_LANE_REJECTS",
                        sum((1 << 63) << (128 * k) for k in range(len(kstate.TWO_DECKS) - 1)))
    monkeypatch.setattr(kstate, "shuffled_ids_sequential", spy)
    for seed in range(40):
        assert kstate.shuffled_ids(seed) == reference(seed)
    assert 0 < len(calls) <= 40
