"""The quiz page's pure helpers (ui/quiz/marking.py): score, missed rules, marks, widget values."""

from __future__ import annotations

from engine.quiz import check, generate
from ui.quiz.marking import (
    chosen_ids,
    feedback_groups,
    group_states,
    mark_choices,
    missed_rules,
    new_board,
    record,
    rule_label,
    spread,
    visible_groups,
    widget_key,
)


def test_the_board_counts_answers_and_misses_per_rule() -> None:
    board = new_board()
    trick = generate("k-trick", 1)
    capture = next(q for q in (generate("c-capture", s) for s in range(30)) if q.rule == "C-6")
    after = record(board, check(trick, trick.correct))
    assert board == new_board()  # unchanged
    after = record(after, check(capture, []))
    after = record(after, check(capture, []))
    after = record(after, check(trick, []))
    assert (after["asked"], after["right"]) == (4, 1)
    assert missed_rules(after) == [("C-6", 2), ("K-12", 1)]
    assert missed_rules(after, limit=1) == [("C-6", 2)]


def test_missed_rules_tie_in_rule_order() -> None:
    board = {"asked": 3, "right": 0, "misses": {"K-12": 1, "K-9": 1, "C-8": 1}}
    assert [r for r, _ in missed_rules(board)] == ["C-8", "K-9", "K-12"]


def test_marks_after_the_answer() -> None:
    q = next(q for q in (generate("k-play", s) for s in range(40))
             if 0 < len(q.correct) < len(q.choices))
    hand = q.groups[-1]
    assert group_states(hand, False) == ["normal"] * len(hand.cards)
    states = group_states(hand, True)
    assert [i for i, s in enumerate(states) if s == "legal"] == list(hand.answer)
    wrong = next(c.id for c in q.choices if c.id not in q.correct)
    right = sorted(q.correct)[0]
    marks = {m.choice.id: m.mark for m in mark_choices(q, check(q, [wrong, right]))}
    assert marks[wrong] == "wrong" and marks[right] == "right"
    assert all(marks[c] == "missed" for c in q.correct - {right})


def test_feedback_only_groups_appear_after_the_answer() -> None:
    q = generate("c-capture", 5)
    before, after = visible_groups(q, False), visible_groups(q, True)
    assert len(after) == len(before) + len(q.data["legal"])
    assert all(g.show == "always" for g in before)
    again = feedback_groups(q)
    assert q.groups[0] not in again  # the plain table is not repeated
    assert all(g.answer for g in again)


def test_widget_values_become_choice_ids() -> None:
    multi = generate("k-bids", 2)
    values = {widget_key(multi, "0"): True, widget_key(multi, "1"): False}
    assert chosen_ids(multi, values) == ["0"]
    single = generate("k-trump", 2)
    assert chosen_ids(single, {widget_key(single): "S"}) == ["S"]
    assert chosen_ids(single, {}) == []
    assert len({widget_key(multi, c.id) for c in multi.choices}) == len(multi.choices)


def test_rule_label_falls_back_to_the_id() -> None:
    assert rule_label("K-9", [("K-9", "K-9 · Hook rule")]) == "K-9 · Hook rule"
    assert rule_label("C-3", []) == "C-3"


def test_the_card_asked_about_is_highlighted_from_the_start() -> None:
    q = generate("c-ace", 4)
    focused = [g for g in q.groups if g.focus]
    assert len(focused) == 1
    group = focused[0]
    states = group_states(group, False)
    assert [i for i, s in enumerate(states) if s == "highlight"] == list(group.focus)
    assert group.cards[group.focus[0]] == q.data["card"]
    assert spread("hand") == "row" and spread("table") == "table"
