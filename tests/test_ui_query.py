"""Reading link values: defaults, clear messages for bad values, clamping, no exceptions."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ui.query import LinkReader, changed_params, clamp, parse_choice, parse_int, parse_step


def test_missing_or_empty_gives_the_default_without_a_problem() -> None:
    assert parse_int(None, "seed", 7) == parse_int("", "seed", 7) == parse_int("  ", "seed", 7)
    assert parse_int(None, "seed", 7).value == 7 and parse_int(None, "seed", 7).ok


def test_a_seed_that_is_not_a_number_explains_itself_in_each_language() -> None:
    parsed = parse_int("12abc", "seed", 1)
    assert parsed.value == 1 and not parsed.ok
    assert parsed.problem is not None
    assert parsed.problem.text("en") == (
        "The link's seed is 12abc, which is not a whole number; showing 1 instead.")
    assert parsed.problem.text("es").startswith("El enlace da seed = 12abc")
    assert "não é um número inteiro" in parsed.problem.text("pt")


def test_numbers_are_parsed_with_spaces_and_signs() -> None:
    assert parse_int(" -3 ", "x", 0).value == -3
    assert parse_int(["5", "6"], "x", 0).value == 5  # a repeated key: the first wins


def test_out_of_range_is_clamped_with_a_message() -> None:
    low = parse_int("0", "players", 4, lo=3, hi=7)
    high = parse_int("12", "players", 4, lo=3, hi=7)
    assert (low.value, high.value) == (3, 7)
    assert high.problem is not None
    assert high.problem.text("en") == "The link's players is 12, outside 3 to 7; showing 7 instead."
    assert parse_int("5", "players", 4, lo=3, hi=7).ok


def test_steps_are_one_based_and_a_step_past_the_end_shows_the_last() -> None:
    assert parse_step(None, 10).value == 1
    assert parse_step("10", 10).value == 10 and parse_step("10", 10).ok
    past = parse_step("11", 10)
    assert past.value == 10 and not past.ok
    assert parse_step("-2", 10).value == 1
    assert parse_step("two", 10).value == 1
    with pytest.raises(ValueError):
        parse_step("1", 0)


def test_choices_are_exact_and_unknown_values_name_the_allowed_ones() -> None:
    assert parse_choice("up", "schedule", ("down-up", "up"), "down-up").value == "up"
    bad = parse_choice("UP", "schedule", ("down-up", "up"), "down-up")
    assert bad.value == "down-up" and bad.problem is not None
    assert "not one of down-up, up" in bad.problem.text("en")
    with pytest.raises(ValueError):
        parse_choice("x", "n", ("a",), "b")


def test_link_text_in_messages_is_markdown_escaped_and_clipped() -> None:
    parsed = parse_int("**<img src=x onerror=alert(1)>**" + "9" * 80, "seed", 0)
    assert parsed.problem is not None
    text = parsed.problem.text("en")
    assert re.search(r"(?<!\\)[<>*]", text) is None  # every < > * is backslash-escaped
    assert "\\<img" in text
    assert "…" in text and len(text) < 200


def test_link_reader_collects_problems_once_per_bad_value() -> None:
    reader = LinkReader("es", params={"seed": "x", "step": "99", "variant": "nope"})
    assert reader.int("seed", default=3) == 3
    assert reader.step(count=5) == 5
    assert reader.choice("variant", ("a", "b"), "a") == "a"
    assert reader.text("name", "—") == "—"
    assert len(reader.problems) == 3 and all(m.startswith("El enlace") for m in reader.messages())


def test_changed_params_touches_only_what_changes() -> None:
    assert changed_params({"lang": "es", "seed": "4"}, {"lang": "es", "seed": 5, "step": None}) == (
        {"seed": "5"}, [])
    assert changed_params({"step": "2"}, {"step": None}) == ({}, ["step"])


def test_clamp() -> None:
    assert (clamp(-1, 0, 4), clamp(9, 0, 4), clamp(2, 0, 4)) == (0, 4, 2)


@given(st.text(max_size=30), st.integers(-5, 5), st.integers(0, 10))
def test_parse_int_never_raises_and_stays_in_range(raw: str, lo: int, span: int) -> None:
    parsed = parse_int(raw, "n", lo, lo=lo, hi=lo + span)
    assert lo <= parsed.value <= lo + span
    if parsed.problem is not None:
        parsed.problem.text("pt")
