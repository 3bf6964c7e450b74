"""The capture solver against the plain brute-force enumeration, on thousands of tables."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cards import Card, double_deck, parse_cards
from engine.krypkasino import capture
from engine.krypkasino.bruteforce import brute_maximal, brute_maximum, brute_sweeps

DOUBLE = double_deck()


def as_codes(collections: object) -> list[tuple[str, ...]]:
    return sorted(tuple(sorted(c.code for c in col)) for col in collections)  # type: ignore[attr-defined]


def check_table(v: int, table: list[Card]) -> None:
    expected = brute_maximum(v, table)
    assert as_codes(capture.maximum_collections(v, table)) == expected
    assert as_codes(capture.maximal_collections(v, table)) == brute_maximal(v, table)
    assert capture.sweep_exists(v, table) == brute_sweeps(v, table)
    size = len(expected[0])
    assert capture.max_capture_size(v, table) == size
    assert capture.captures(v, table) == (size > 0)
    first = capture.first_maximum(v, table)
    assert tuple(sorted(c.code for c in first)) in expected
    groups = capture.group_collection(v, first)
    assert groups is not None
    assert sorted(c.code for g in groups for c in g) == sorted(c.code for c in first)
    assert all(sum(capture.value_of_table_card(c) for c in g) == v for g in groups)


tables = st.lists(st.sampled_from(DOUBLE), max_size=9).filter(
    lambda t: all(t.count(c) <= 2 for c in t))


@settings(max_examples=1200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(v=st.integers(min_value=2, max_value=14), table=tables)
def test_solver_matches_brute_force(v: int, table: list[Card]) -> None:
    check_table(v, table)


# Small values crowd the table with sums: the hard cases for the search.
low_tables = st.lists(st.sampled_from([c for c in DOUBLE if c.rank.value in (14, 2, 3, 4, 5)]),
                      min_size=5, max_size=9).filter(lambda t: all(t.count(c) <= 2 for c in t))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(v=st.integers(min_value=5, max_value=14), table=low_tables)
def test_solver_matches_brute_force_on_low_cards(v: int, table: list[Card]) -> None:
    check_table(v, table)


def test_solver_on_random_deals_every_value() -> None:
    rnd = random.Random(2026)
    for _ in range(150):
        table = rnd.sample(DOUBLE, rnd.randint(0, 8))
        for v in range(2, 15):
            check_table(v, table)


@pytest.mark.parametrize(("v", "table", "expected"), [
    (7, "AH 2C 3D 4S", [("2C", "4S", "AH")]),
    (14, "TD 4H KC AH", [("4H", "AH", "KC", "TD")]),
    (14, "AD", [()]),
    (9, "2C 2D 7H", [("2C", "7H"), ("2D", "7H")]),
    (9, "2C 7H 7H", [("2C", "7H")]),
    (6, "6H 6D 3C 3D", [("3C", "3D", "6D", "6H")]),
])
def test_known_tables(v: int, table: str, expected: list[tuple[str, ...]]) -> None:
    cards = parse_cards(table.split())
    assert as_codes(capture.maximum_collections(v, cards)) == expected
    assert brute_maximum(v, cards) == expected


def test_sweep_needs_every_card_and_a_non_empty_table() -> None:
    assert capture.sweep_exists(9, parse_cards(["2H", "7S"]))
    assert not capture.sweep_exists(9, parse_cards(["2H", "7S", "KD"]))
    assert not capture.sweep_exists(9, [])
    assert capture.is_valid_collection(12, parse_cards(["5C", "7D", "QH"]))
    assert not capture.is_valid_collection(12, parse_cards(["5C", "6D"]))


def test_large_tables_agree_with_themselves() -> None:
    """On 16..32 cards (too many for the brute force) the answers stay consistent."""
    rnd = random.Random(7)
    for _ in range(40):
        table = rnd.sample(DOUBLE, rnd.choice((16, 24, 32)))
        for v in range(2, 15):
            size = capture.max_capture_size(v, table)
            first = capture.first_maximum(v, table)
            assert len(first) == size and capture.is_valid_collection(v, first) or size == 0
            # no collection can beat the maximum: removing any card keeps the answer <= size
            if size:
                assert capture.max_capture_size(v, table[1:]) <= size
