"""krypkasino-record/1: the shared example, round trips, illegal plays and malformed records."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.errors import RecordError
from engine.game import Deal
from engine.krypkasino.record import outcome_of, read_record, replay, to_record
from engine.krypkasino.rules import KrypkasinoRules
from engine.krypkasino.state import DECK, KrypkasinoState, Play, deal_from_seed
from engine.replay import replay_document

EXAMPLES = Path(__file__).resolve().parent / "data" / "examples"  # the contract's examples
EXAMPLE = EXAMPLES / "krypkasino-two-players.record.json"


def example() -> dict[str, Any]:
    return json.loads(EXAMPLE.read_text())  # type: ignore[no-any-return]


def run_cli(doc: object) -> subprocess.CompletedProcess[str]:
    text = doc if isinstance(doc, str) else json.dumps(doc)
    return subprocess.run([sys.executable, "-m", "engine", "replay", "-"], input=text,
                          capture_output=True, text=True, timeout=60,
                          cwd=Path(__file__).resolve().parents[1])


def play_some(players: int, seed: int, plays: int | None, rules: KrypkasinoRules | None = None,
              ) -> KrypkasinoState:
    rnd = random.Random(seed)
    s = KrypkasinoState.new_game(players, rules, seed)
    n = 0
    while not s.is_terminal() and (plays is None or n < plays):
        legal = s.legal_actions()
        s.apply(legal[rnd.randrange(len(legal))])
        n += 1
    return s


# -- the shared example ---------------------------------------------------------------------
def test_example_replays_to_its_outcome() -> None:
    expected = json.loads((EXAMPLES / "krypkasino-two-players.outcome.json").read_text())
    assert replay(example()) == (expected, 0)
    assert replay_document(example()) == (expected, 0)
    result = subprocess.run([sys.executable, "-m", "engine", "replay", str(EXAMPLE)],
                            capture_output=True, text=True, timeout=60,
                            cwd=Path(__file__).resolve().parents[1])
    assert result.returncode == 0 and json.loads(result.stdout) == expected


def test_example_written_back_replays_the_same() -> None:
    record = read_record(example())
    deal = record.deals[0]
    assert deal.hands is not None
    s = KrypkasinoState.from_cards(2, deal.dealer, deal.hands, deal.table or (), deal.stock or ())
    for p in deal.plays:
        if p.groups is None:
            s.apply(Play(p.card, None))
        else:
            s.apply(Play(p.card, ()), groups=p.groups)
    written = to_record(s)
    assert written["deals"][0]["hands"] == example()["deals"][0]["hands"]
    assert replay(written) == replay(example())


# -- round trips --------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "plays"), [(2, None), (3, 40), (4, 230), (5, None), (6, 7)])
def test_round_trip_with_seeds_and_with_explicit_cards(players: int, plays: int | None) -> None:
    rules = KrypkasinoRules(session=2) if plays is None else None
    s = play_some(players, seed=players * 10, plays=plays, rules=rules)
    expected = outcome_of(s)
    for explicit in (False, True):
        doc = to_record(s, explicit=explicit)
        json.loads(json.dumps(doc))
        assert replay(doc) == (expected, 0)
        assert ("seed" in doc["deals"][0]) != explicit
    if plays is None:
        assert expected["winners"] is not None and all(d["finished"] for d in expected["deals"])


def test_seed_in_a_record_deals_like_the_engine() -> None:
    cards = deal_from_seed(3, 2, 99)
    s = KrypkasinoState(3, first_dealer=2)
    s.apply(Deal(seed=99))
    assert Counter(s.hand_of(0)) == Counter(cards.hands[0])
    assert s.table_cards() == tuple(c for c in cards.table if not c.rank.is_face)
    doc = {"format": "krypkasino-record/1", "players": 3,
           "deals": [{"dealer": 2, "seed": 99, "plays": []}]}
    outcome, code = replay(doc)
    assert code == 0 and outcome["deals"][0]["finished"] is False and outcome["winners"] is None


# -- illegal plays (exit 1) ------------------------------------------------------------------------
def choice_record() -> dict[str, Any]:
    """A two-player deal whose first play, 9♠ on 2♣ 2♦ 7♥ 8♠, has two maximum collections."""
    hands = [["9S", "3C", "4C", "5C", "6C", "TC"], ["3D", "4D", "5D", "6D", "TD", "TH"]]
    table = ["2C", "2D", "7H", "8S"]
    counts = {c.code: 2 for c in DECK}
    for code in [*hands[0], *hands[1], *table]:
        counts[code] -= 1
    stock = [c.code for c in DECK for _ in range(counts[c.code])]
    return {"format": "krypkasino-record/1", "players": 2,
            "deals": [{"dealer": 1, "hands": hands, "table": table, "stock": stock,
                       "plays": [{"card": "9S"}]}]}


def test_missing_take_with_several_choices_is_illegal_and_lists_them() -> None:
    doc = choice_record()
    outcome, code = replay(doc)
    assert code == 1 and outcome["ok"] is False
    assert outcome["error"] == {
        "deal": 0, "play": 0, "seat": 0, "card": "9S", "rule": "C-6",
        "reason": "9♠ can take 2 table cards in more than one way, so say which: "
                  "2♦ and 7♥, or 2♣ and 7♥"}
    assert outcome["deals"] == [] and outcome["winners"] is None and outcome["totals"] == [0, 0]
    doc["deals"][0]["plays"][0]["take"] = [["7H", "2C"]]
    outcome, code = replay(doc)
    assert code == 0 and outcome["deals"][0]["finished"] is False
    doc["deals"][0]["plays"][0]["take"] = [["8S"]]
    outcome, code = replay(doc)
    assert code == 1 and outcome["error"]["rule"] == "C-5"


def test_choice_and_trail_take_forms() -> None:
    doc = example()
    # "take": [] is a trail; play 1 (10♣) captures nothing
    doc["deals"][0]["plays"][1]["take"] = []
    assert replay(doc)[1] == 0
    # an empty take for a capturing card is illegal (C-6)
    doc = example()
    doc["deals"][0]["plays"][2] = {"card": "TD", "take": []}
    outcome, code = replay(doc)
    assert code == 1 and outcome["error"]["rule"] == "C-6" and outcome["error"]["seat"] == 0
    # a missing take is fine when the collection is unique
    doc = example()
    for p in doc["deals"][0]["plays"]:
        if p["card"] == "QC" and p.get("take") == [["8H", "4D"]]:
            del p["take"]
    assert replay(doc)[1] == 0


@pytest.mark.parametrize(("index", "play", "rule"), [
    (0, {"card": "4C"}, "C-8"),  # 8♣ sweeps (7♦ + A♥): the 4♣ may not be played
    (0, {"card": "9S"}, "C-1"),
    (0, {"card": "8C", "take": [["7D"]]}, "C-5"),
    (0, {"card": "8C", "take": [["7D", "AH", "AH"]]}, "C-5"),
])
def test_illegal_plays_name_their_rule(index: int, play: dict[str, Any], rule: str) -> None:
    doc = example()
    doc["deals"][0]["plays"][index] = play
    outcome, code = replay(doc)
    assert code == 1, outcome
    assert outcome["error"]["rule"] == rule and outcome["error"]["deal"] == 0
    assert outcome["error"]["card"] == play["card"] and outcome["error"]["reason"]
    result = run_cli(doc)
    assert result.returncode == 1 and json.loads(result.stdout)["error"]["rule"] == rule


# -- malformed records (exit 2) --------------------------------------------------------------------
def _mutations() -> list[tuple[str, Any]]:
    cases: list[tuple[str, Any]] = []

    def case(field: str, change: Any) -> None:
        cases.append((field, change))

    case("players", lambda d: d.update(players=7))
    case("variant.sweep_points", lambda d: d.update(variant={"sweep_points": -2}))
    case("variant.sweeps", lambda d: d.update(variant={"sweeps": 5}))
    case("deals", lambda d: d.update(deals=[]))
    case("deals[0].dealer", lambda d: d["deals"][0].update(dealer=2))
    case("deals[0].stock", lambda d: d["deals"][0]["stock"].pop())
    case("deals[0].table[0]", lambda d: d["deals"][0]["table"].__setitem__(0, "XX"))
    case("deals[0].stock[26]", lambda d: d["deals"][0]["stock"].__setitem__(0, "9D"))
    case("deals[0].hands[1]", lambda d: d["deals"][0]["hands"][1].pop())
    case("deals[0].plays[100]", lambda d: d["deals"][0]["plays"].append({"card": "2C"}))
    case("deals[0].plays[3].card", lambda d: d["deals"][0]["plays"][3].update(card=5))
    case("deals[0].plays[3].tak", lambda d: d["deals"][0]["plays"][3].update(tak=[]))
    case("deals[0].plays[0].take[0]", lambda d: d["deals"][0]["plays"][0].update(take=[[]]))
    case("deals[0].plays[0].take", lambda d: d["deals"][0]["plays"][0].update(take="7D"))
    case("deals[0].hands", lambda d: d["deals"][0].update(seed=4))
    case("deals[0].seed", lambda d: [d["deals"][0].pop(k) for k in ("hands", "table", "stock")]
         and d["deals"][0].update(seed="x"))
    case("deals[0].stock", lambda d: d["deals"][0].pop("stock"))
    return cases


@pytest.mark.parametrize(("field", "change"), _mutations())
def test_malformed_records_name_the_field(field: str, change: Any) -> None:
    doc = example()
    change(doc)
    with pytest.raises(RecordError) as info:
        replay(doc)
    assert info.value.field == field, str(info.value)


def test_partial_plays_only_in_the_last_deal() -> None:
    s = play_some(2, seed=3, plays=None)
    doc = to_record(s)
    first = copy.deepcopy(doc)
    first["deals"][0]["plays"].pop()
    with pytest.raises(RecordError) as info:
        replay(first)
    assert info.value.field == "deals[0].plays" and "only the last deal" in info.value.problem
    last = copy.deepcopy(doc)
    del last["deals"][1]["plays"][5:]
    outcome, code = replay(last)
    assert code == 0 and [d["finished"] for d in outcome["deals"]] == [True, False]
    assert outcome["totals"] == outcome["deals"][0]["scores"]
    too_many = copy.deepcopy(doc)
    too_many["deals"].append(copy.deepcopy(doc["deals"][0]))
    with pytest.raises(RecordError) as info:
        replay(too_many)
    assert info.value.field == "deals"


def test_cli_malformed_prints_one_line_and_exits_2() -> None:
    doc = example()
    doc["deals"][0]["stock"][0] = "9D"
    result = run_cli(doc)
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert lines[0].startswith("error: deals[0].stock[26]: 9D is dealt a third time")


def test_dealers_must_rotate() -> None:
    s = play_some(3, seed=8, plays=None, rules=KrypkasinoRules(session=2))
    doc = to_record(s)
    assert replay(doc)[1] == 0
    doc["deals"][1]["dealer"] = doc["deals"][0]["dealer"]
    with pytest.raises(RecordError) as info:
        replay(doc)
    assert info.value.field == "deals[1].dealer" and "C-1" in info.value.problem
