"""The Kachuful walkthrough builder in the engine (engine/walkthrough/kachuful.py): steps
are language-free, records are read as written, your-move steps survive JSON."""

from __future__ import annotations

import copy
import json

from engine.kachuful import KachufulRules
from engine.walkthrough import kachuful as kw
from engine.walkthrough.model import Note, YourMove


def _notes(step: kw.KStep) -> list[Note]:
    view = step.view
    out = [view.title, *step.why, *view.advice, *view.private]
    if step.bot_reason is not None:
        out.append(step.bot_reason)
    return out


def test_steps_hold_no_sentence_only_keys_and_facts() -> None:
    walk = kw.build(kw.SeedSource(seed=7, players=4, hands=2))
    assert walk.game == "kachuful" and walk.get("by_bot") is True
    for step in walk.steps:
        for note in _notes(step):
            assert note.key and " " not in note.key, (step.id, note)
        assert step.view.title.key.startswith("kwalk.title."), step.id
    ids = [s.id for s in walk.steps]
    assert ids[0].startswith("draw.r1") and "h1.schedule" in ids and "h2.score" in ids


def test_the_record_is_never_edited_and_turned_trumps_come_from_the_engine() -> None:
    doc = copy.deepcopy(kw.EXAMPLE_DOC)
    before = json.dumps(doc, sort_keys=True)
    turned = kw.build(kw.RecordSource(doc, first_hand=11), KachufulRules(trumps="turned"))
    assert json.dumps(doc, sort_keys=True) == before
    assert [n.key for n in turned.notes] == ["kwalk.note.turned-fixed"]
    # Hand 11 of the default cycle (S H D C NT... per RULES.md K-7) is the trump kept.
    from engine.kachuful import DEFAULT_RULES, trump_for_hand

    expected = kw.trump_code(trump_for_hand(11, DEFAULT_RULES))
    first = turned.steps[0].view.table
    assert first is not None and first.trump == expected
    plain = kw.build(kw.RecordSource(doc, first_hand=11))
    assert plain.notes == () and plain.steps[0].view.table is not None


def test_hook_step_facts_come_from_the_engine_event() -> None:
    walk = kw.build(kw.RecordSource(kw.EXAMPLE_DOC, first_hand=11))
    hook = walk.steps[walk.index_of("h11.bid.s3")]
    assert hook.kind == "hook" and hook.seat == 3 and hook.chosen_by == "record"
    assert hook.fact("forbidden_bid") == 1 and hook.fact("others") == 2
    assert hook.fact("legal_bids") == (0, 2, 3) and hook.fact("bids_before") == "1 + 0 + 1"
    assert hook.rules == ("K-8", "K-9")
    assert [e.kind for e in hook.events] == ["bid"]


def test_your_move_steps_round_trip_and_carry_the_position_before_the_move() -> None:
    walk = kw.build(kw.RecordSource(kw.EXAMPLE_DOC, first_hand=11))
    moves = walk.your_moves()
    assert len(moves) >= 2
    for move in moves:
        back = YourMove.from_json(move.to_json())
        assert back == move
        table = kw.Table.from_dict(back.position)
        step = walk.steps[walk.index_of(move.step_id)]
        assert step.view.before == table
        assert table.to_act == move.seat
        right = [o.id for o in move.options if o.verdict == "best"]  # the analyst's
        assert move.answer in right and move.option(move.scenario) is not None
    hook = walk.your_move("h11.bid.s3")
    assert hook is not None
    assert {o.id: o.verdict for o in hook.options} == {
        "bid-0": "best", "bid-1": "illegal", "bid-2": "legal", "bid-3": "legal"}
    refused = hook.option("bid-1")
    assert refused is not None and refused.rule == "K-9"


def test_an_illegal_recorded_action_is_the_last_step() -> None:
    doc = copy.deepcopy(kw.EXAMPLE_DOC)
    doc["hands"][0]["play"][1] = "4S"  # 4♠ played early: in trick 2 seat 1 no longer holds it
    walk = kw.build(kw.RecordSource(doc, first_hand=11))
    assert kw.is_illegal(walk)
    last = walk.steps[-1]
    assert last.error is not None and last.rules and last.rules[0].startswith("K-")
