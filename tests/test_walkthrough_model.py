"""The one walkthrough model (engine/walkthrough/model.py): step lookup by id or index,
language-free notes, and your-move steps that survive JSON (a class store carries them)."""

from __future__ import annotations

import json

import pytest

from engine.cards import Suit, parse_card
from engine.walkthrough.model import (
    ModelError,
    Note,
    Step,
    StepOption,
    Walkthrough,
    YourMove,
    fact_from_json,
    fact_to_json,
    facts,
)


def _move(answer: str = "card-AS") -> YourMove:
    return YourMove(
        game="kachuful", step_id="h1.t1.c2", seat=1,
        position={"hands": [["KH"], ["AS", "2C"]], "trick": [[0, "KH"]]},
        prompt=Note("ym.k.prompt.card", {"seat": 1, "trump": Suit.CLUBS}), rule="K-11",
        options=(
            StepOption("card-AS", Note("ym.k.card", {"card": parse_card("AS")}), "best",
                   (Note("ym.k.best", {"seat": 1, "tricks": 1, "bid": 1, "points": 11}),), "K-11"),
            StepOption("card-2C", Note("ym.k.card", {"card": parse_card("2C")}), "illegal",
                   (Note("kachuful.must-follow", {"seat": 1, "suit": Suit.HEARTS,
                                                  "cards": (parse_card("AS"),)}),), "K-11"),
        ),
        answer=answer)


def test_your_move_round_trips_through_json_text() -> None:
    move = _move()
    text = move.to_json()
    assert json.loads(text)["format"] == "walkthrough-your-move/1"
    back = YourMove.from_json(text)
    assert back == move
    assert back.option("card-2C") is not None and back.option("card-2C").verdict == "illegal"
    assert back.legal_ids == ("card-AS",) and back.has_illegal
    assert back.options[1].feedback[0].args()["cards"] == (parse_card("AS"),)


@pytest.mark.parametrize(("mutate", "field"), [
    (lambda d: d.update(format="x"), "your_move.format"),
    (lambda d: d.update(seat=-1), "your_move.seat"),
    (lambda d: d.update(seat=True), "your_move.seat"),
    (lambda d: d.update(options=[]), "your_move.options"),
    (lambda d: d.update(answer="card-9Z"), "your_move.answer"),
    (lambda d: d["options"][0].update(verdict="great"), "your_move.options[0].verdict"),
    (lambda d: d["prompt"]["data"].update(trump={"suit": "X"}), "your_move.prompt.data.trump"),
    (lambda d: d["options"][1].update(id="card-AS"), "your_move.options"),
])
def test_a_damaged_your_move_is_refused_naming_the_field(mutate, field) -> None:  # type: ignore[no-untyped-def]
    raw = _move().to_dict()
    mutate(raw)
    with pytest.raises(ModelError) as caught:
        YourMove.from_dict(raw)
    assert caught.value.field == field


def test_oversized_or_non_json_text_is_refused() -> None:
    with pytest.raises(ModelError):
        YourMove.from_json("{" * 10)
    with pytest.raises(ModelError):
        YourMove.from_json(" " * 300_000)


def test_facts_encode_cards_and_suits_and_refuse_junk() -> None:
    value = (parse_card("TD"), Suit.SPADES, 0, "NT", None, (1, 2))
    assert fact_from_json(fact_to_json(value)) == value
    with pytest.raises(ModelError):
        fact_from_json({"card": "ZZ"})
    with pytest.raises(ModelError):
        fact_from_json({"what": 1})
    nested: object = 1
    for _ in range(12):
        nested = [nested]
    with pytest.raises(ModelError):
        fact_from_json(nested)  # type: ignore[arg-type]


def test_steps_are_found_by_id_or_by_old_1_based_number() -> None:
    steps = tuple(Step(f"s{i}", "k", i, facts=facts(n=i, gone=None)) for i in range(5))
    walk = Walkthrough("g", 2, steps)
    assert walk.find("s3") == 3
    assert walk.find("1") == 0 and walk.find("5") == 4
    assert walk.find("0") is None and walk.find("6") is None
    assert walk.find("") is None and walk.find(None) is None and walk.find("x" * 200) is None
    assert walk.steps[2].fact("n") == 2 and walk.steps[2].fact("gone") is None
    assert len(walk) == 5 and [s.view for s in walk] == [0, 1, 2, 3, 4]


def test_step_ids_are_unique_and_steps_bounded() -> None:
    with pytest.raises(ValueError, match="s1"):
        Walkthrough("g", 2, (Step("s1", "k", None), Step("s1", "k", None)))


def test_your_moves_and_rules_seen() -> None:
    move = _move()
    walk = Walkthrough("kachuful", 2, (
        Step("a", "deal", None, rules=("K-5",)),
        Step("h1.t1.c2", "card", None, rules=("K-10", "K-11"), your_move=move),
        Step("c", "trick", None, rules=("K-12",))))
    assert walk.your_moves() == (move,)
    assert walk.your_move("h1.t1.c2") is move and walk.your_move("a") is None
    assert walk.rules_seen(1) == ("K-10", "K-11", "K-5")
    assert walk.rules_seen() == ("K-10", "K-11", "K-12", "K-5")


def test_note_data_is_order_free_and_lists_freeze() -> None:
    a = Note("k", {"b": [1, 2], "a": 1})
    b = Note("k", (("a", 1), ("b", (1, 2))))
    assert a == b and hash(a) == hash(b)
    assert Note.from_dict(a.to_dict()) == a
