"""kachuful-record/1: the shared example, malformed records (exit 2), illegal actions
(exit 1), partial hands, seeds, round trips and the command line."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from engine.errors import IllegalActionError, RecordError
from engine.kachuful.deal import hand_seed
from engine.kachuful.record import outcome_of, read_record, replay, state_from_record, to_record
from engine.kachuful.rules import KachufulRules, hand_sizes, trump_for_hand
from engine.kachuful.state import KachufulState
from engine.replay import replay_document

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES: Path | None = ROOT / "tests" / "data" / "examples"  # the contract's examples
#: The shared example's outcome, as FORMATS.md prints it (also checked against the file).
EXAMPLE_OUTCOME: dict[str, Any] = {
    "ok": True,
    "hands": [{"dealer": 3, "trump": "C", "cards": 3, "bids": [1, 0, 1, 0], "finished": True,
               "trick_winners": [1, 0, 2], "tricks": [1, 1, 1, 0], "scores": [11, 0, 11, 10]}],
    "totals": [11, 0, 11, 10],
    "winners": [0, 2],
}


def example_doc() -> dict[str, Any]:
    return {
        "format": "kachuful-record/1",
        "players": 4,
        "hands": [{
            "dealer": 3, "trump": "C",
            "deal": [["KH", "AS", "3D"], ["2C", "4S", "5D"], ["AH", "6S", "9D"],
                     ["7H", "8S", "2D"]],
            "bids": [1, 0, 1, 0],
            "play": ["KH", "2C", "AH", "7H", "4S", "6S", "8S", "AS", "3D", "5D", "9D", "2D"],
        }],
    }


def test_worked_example_record_replays_to_its_outcome() -> None:
    assert replay(example_doc()) == (EXAMPLE_OUTCOME, 0)
    assert replay_document(example_doc()) == (EXAMPLE_OUTCOME, 0)


@pytest.mark.skipif(EXAMPLES is None, reason="../shared/examples is not next to the repository")
def test_shared_example_file_replays_to_its_outcome_file() -> None:
    assert EXAMPLES is not None
    doc = json.loads((EXAMPLES / "kachuful-seed-example.record.json").read_text("utf-8"))
    expected = json.loads((EXAMPLES / "kachuful-seed-example.outcome.json").read_text("utf-8"))
    assert expected == EXAMPLE_OUTCOME and doc == example_doc()
    assert replay(doc) == (expected, 0)
    result = run_cli([str(EXAMPLES / "kachuful-seed-example.record.json")])
    assert result.returncode == 0 and result.stderr == ""
    assert json.loads(result.stdout) == expected


# -- malformed records: exit 2, naming the field ------------------------------------

def edit(change: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    doc = example_doc()
    change(doc)
    return doc


def second_hand(doc: dict[str, Any]) -> dict[str, Any]:
    hand = copy.deepcopy(doc["hands"][0])
    hand["dealer"] = 0
    doc["hands"].append(hand)
    return hand


MALFORMED: list[tuple[str, Callable[[dict[str, Any]], Any], str]] = [
    ("unknown top key", lambda d: d.update(varaint={}), "varaint: unknown key"),
    ("wrong format", lambda d: d.update(format="kachuful-record/2"), "format: must be"),
    ("players text", lambda d: d.update(players="4"), "players: must be a whole number"),
    ("two players", lambda d: d.update(players=2), "players: must be between 3 and 8, not 2"),
    ("nine players", lambda d: d.update(players=9), "players: must be between 3 and 8, not 9"),
    ("missing hands", lambda d: d.pop("hands"), "hands: missing"),
    ("hands not a list", lambda d: d.update(hands={}), "hands: must be a list"),
    ("variant not object", lambda d: d.update(variant=[]), "variant: variant must be a JSON"),
    ("variant unknown option", lambda d: d.update(variant={"colour": 1}),
     "variant.colour: unknown key"),
    ("variant bad scoring", lambda d: d.update(variant={"scoring": "double"}),
     "variant.scoring: scoring cannot be 'double': choose one of exact, ten-times"),
    ("variant bad bool", lambda d: d.update(variant={"hook_rule": "yes"}),
     "variant.hook_rule: hook_rule cannot be 'yes'"),
    ("variant max_cards too big", lambda d: d.update(variant={"max_cards": 14}),
     "variant.max_cards: the largest hand cannot be 14 cards with 4 players"),
    ("variant bad schedule", lambda d: d.update(variant={"schedule": 3}),
     "variant.schedule: schedule cannot be 3"),
    ("hand not object", lambda d: d.update(hands=[[]]), "hands[0]: hands[0] must be a JSON"),
    ("hand unknown key", lambda d: d["hands"][0].update(deals=[]),
     "hands[0].deals: unknown key"),
    ("dealer missing", lambda d: d["hands"][0].pop("dealer"), "hands[0].dealer: missing"),
    ("dealer out of range", lambda d: d["hands"][0].update(dealer=4),
     "hands[0].dealer: must be between 0 and 3, not 4"),
    ("dealer text", lambda d: d["hands"][0].update(dealer="3"),
     "hands[0].dealer: must be a whole number"),
    ("bad trump", lambda d: d["hands"][0].update(trump="X"),
     "hands[0].trump: must be one of S, H, D, C, NT"),
    ("no deal", lambda d: d["hands"][0].pop("deal"), "hands[0].deal: missing"),
    ("deal and seed", lambda d: d["hands"][0].update(seed=3), "hands[0].seed: give either"),
    ("seed text", lambda d: (d["hands"][0].pop("deal"), d["hands"][0].update(seed="3")),
     "hands[0].seed: must be a whole number"),
    ("seed negative", lambda d: (d["hands"][0].pop("deal"), d["hands"][0].update(seed=-1)),
     "hands[0].seed: must be at least 0"),
    ("deal seats", lambda d: d["hands"][0]["deal"].pop(), "hands[0].deal: must hold 4 items"),
    ("deal seat not list", lambda d: d["hands"][0]["deal"].__setitem__(1, "2C"),
     "hands[0].deal[1]: must be a list"),
    ("short hand", lambda d: d["hands"][0]["deal"][2].pop(),
     "hands[0].deal[2]: must hold 3 cards like seat 0, not 2"),
    ("empty hands", lambda d: d["hands"][0].update(deal=[[], [], [], []]),
     "hands[0].deal[0]: must hold 1 to 13 cards for 4 players, not 0"),
    ("duplicate card", lambda d: d["hands"][0]["deal"][1].__setitem__(0, "KH"),
     "hands[0].deal[1][0]: KH is dealt twice (also at hands[0].deal[0][0])"),
    ("duplicate via 10", lambda d: d["hands"][0]["deal"].__setitem__(
        1, ["TD", "10d", "5D"]), "hands[0].deal[1][1]: TD is dealt twice"),
    ("bad card code", lambda d: d["hands"][0]["deal"][0].__setitem__(1, "ZZ"),
     "hands[0].deal[0][1]: 'ZZ' is not a card code"),
    ("card not text", lambda d: d["hands"][0]["deal"][0].__setitem__(1, 14),
     "hands[0].deal[0][1]: 14 is not a card code"),
    ("bids length", lambda d: d["hands"][0]["bids"].pop(), "hands[0].bids: must hold 4 items"),
    ("bid text", lambda d: d["hands"][0]["bids"].__setitem__(0, "1"),
     "hands[0].bids[0]: must be a whole number"),
    ("bid float", lambda d: d["hands"][0]["bids"].__setitem__(0, 1.5),
     "hands[0].bids[0]: must be a whole number"),
    ("bid bool", lambda d: d["hands"][0]["bids"].__setitem__(0, True),
     "hands[0].bids[0]: must be a whole number"),
    ("null out of order", lambda d: d["hands"][0].update(bids=[None, 0, 1, 0], play=[]),
     "hands[0].bids[0]: null, but seat 1 who bids after seat 0 has a bid"),
    ("null with play", lambda d: d["hands"][0].update(bids=[1, 0, 1, None]),
     "hands[0].play: must be empty while some bids are missing"),
    ("null in an earlier hand", lambda d: (
        d["hands"][0].update(bids=[1, 0, 1, None], play=[]), second_hand(d)),
     "hands[0].bids[3]: missing bid (null): only the last hand"),
    ("partial play in an earlier hand", lambda d: (
        d["hands"][0]["play"].pop(), second_hand(d)),
     "hands[0].play: holds 11 of the hand's 12 cards: only the last hand"),
    ("play too long", lambda d: d["hands"][0]["play"].append("QC"),
     "hands[0].play: holds 13 cards, but a hand of 3 cards for 4 players has 12 plays"),
    ("play not list", lambda d: d["hands"][0].update(play="KH"),
     "hands[0].play: must be a list"),
    ("play bad code", lambda d: d["hands"][0]["play"].__setitem__(3, "7X"),
     "hands[0].play[3]: '7X' is not a card code"),
    ("blind not list", lambda d: d["hands"][0].update(blind=2), "hands[0].blind: must be a list"),
    ("blind seat range", lambda d: d["hands"][0].update(blind=[4]),
     "hands[0].blind[0]: must be between 0 and 3"),
    ("blind twice", lambda d: d["hands"][0].update(blind=[1, 1]),
     "hands[0].blind[1]: seat 1 is listed twice"),
    ("too many hands", lambda d: (d.update(variant={"schedule": "down", "max_cards": 1}),
                                  second_hand(d)),
     "hands: a game of 4 players under schedule 'down' has 1 hands, not 2"),
    ("turned without trump", lambda d: (d.update(variant={"trumps": "turned"}),
                                        d["hands"][0].pop("trump")),
     "hands[0].trump: missing: under trumps 'turned'"),
    ("not an object", lambda d: d.clear() or d.update(format="kachuful-record/1"),
     "players: missing"),
]


@pytest.mark.parametrize(("change", "message"), [(c, m) for _, c, m in MALFORMED],
                         ids=[name for name, _, _ in MALFORMED])
def test_malformed_records_name_the_field(change: Callable[[dict[str, Any]], Any],
                                          message: str) -> None:
    doc = edit(change)
    with pytest.raises(RecordError) as info:
        replay(doc)
    assert str(info.value).startswith(message), str(info.value)


def test_record_must_be_an_object() -> None:
    with pytest.raises(RecordError, match="must be a JSON object"):
        read_record([1, 2])


# -- illegal actions: exit 1 with the error object ----------------------------------

ILLEGAL: list[tuple[str, Callable[[dict[str, Any]], Any], dict[str, Any]]] = [
    ("hook", lambda d: d["hands"][0].update(bids=[1, 0, 1, 1]),
     {"hand": 0, "seat": 3, "action": "bid", "value": 1, "rule": "K-9",
      "reason": "player D, the dealer, may not bid 1: the other bids add up to 2 and this "
                "hand has 3 tricks"}),
    ("bid above the hand size", lambda d: d["hands"][0].update(bids=[4, 0, 1, 0]),
     {"hand": 0, "seat": 0, "action": "bid", "value": 4, "rule": "K-8",
      "reason": "player A bid 4, but in a hand of 3 cards a bid goes from 0 to 3"}),
    ("negative bid", lambda d: d["hands"][0].update(bids=[1, -1, 1, 0]),
     {"hand": 0, "seat": 1, "action": "bid", "value": -1, "rule": "K-8",
      "reason": "player B bid -1, but in a hand of 3 cards a bid goes from 0 to 3"}),
    ("blind without the variant", lambda d: d["hands"][0].update(blind=[2]),
     {"hand": 0, "seat": 2, "action": "bid", "value": 1, "rule": "K-8",
      "reason": "player C bid blind, but blind bids are not played under these rules"}),
    ("card not held", lambda d: d["hands"][0]["play"].__setitem__(1, "3C"),
     {"hand": 0, "seat": 1, "action": "play", "value": "3C", "rule": "K-10",
      "reason": "player B does not hold 3♣"}),
    ("card of another seat", lambda d: d["hands"][0]["play"].__setitem__(0, "2C"),
     {"hand": 0, "seat": 0, "action": "play", "value": "2C", "rule": "K-10",
      "reason": "player A does not hold 2♣"}),
    ("revoke", lambda d: d["hands"][0]["play"].__setitem__(2, "6S"),
     {"hand": 0, "seat": 2, "action": "play", "value": "6S", "rule": "K-11",
      "reason": "player C holds hearts (A♥) and must follow hearts"}),
]


@pytest.mark.parametrize(("change", "error"), [(c, e) for _, c, e in ILLEGAL],
                         ids=[name for name, _, _ in ILLEGAL])
def test_illegal_actions_exit_1_with_the_error(change: Callable[[dict[str, Any]], Any],
                                               error: dict[str, Any]) -> None:
    outcome, code = replay(edit(change))
    assert code == 1
    assert outcome == {"ok": False, "hands": [], "totals": [0, 0, 0, 0], "winners": None,
                       "error": error}


def test_illegal_action_in_a_later_hand_keeps_the_finished_hands() -> None:
    doc = example_doc()
    hand = second_hand(doc)
    hand["bids"] = [0, 1, 1, 1]  # seats 1..3 bid 3 in all: the dealer (seat 0) may not bid 0
    hand["play"] = []
    outcome, code = replay(doc)
    assert code == 1
    assert outcome["hands"] == EXAMPLE_OUTCOME["hands"]
    assert outcome["totals"] == [11, 0, 11, 10] and outcome["winners"] == [0, 2]
    assert outcome["error"]["hand"] == 1 and outcome["error"]["seat"] == 0
    assert outcome["error"]["rule"] == "K-9"


# -- partial hands and seeds -------------------------------------------------------

def test_partial_bidding_in_the_last_hand() -> None:
    doc = edit(lambda d: d["hands"][0].update(bids=[1, 0, None, None], play=[]))
    outcome, code = replay(doc)
    assert code == 0
    assert outcome == {"ok": True, "totals": [0, 0, 0, 0], "winners": None, "hands": [
        {"dealer": 3, "trump": "C", "cards": 3, "bids": [1, 0, None, None],
         "finished": False, "trick_winners": [], "tricks": [0, 0, 0, 0], "scores": None}]}


def test_partial_play_in_the_last_hand() -> None:
    doc = edit(lambda d: d["hands"][0].update(play=d["hands"][0]["play"][:9]))
    outcome, code = replay(doc)
    assert code == 0
    assert outcome["hands"][0]["finished"] is False
    assert outcome["hands"][0]["trick_winners"] == [1, 0]
    assert outcome["hands"][0]["tricks"] == [1, 1, 0, 0]
    assert outcome["hands"][0]["scores"] is None and outcome["winners"] is None


def test_seed_hands_follow_the_schedule_and_the_trump_rule() -> None:
    doc = {"format": "kachuful-record/1", "players": 4,
           "hands": [{"dealer": 0, "seed": 11, "bids": [None] * 4, "play": []}]}
    outcome, code = replay(doc)
    assert code == 0 and outcome["hands"][0]["cards"] == 13
    assert outcome["hands"][0]["trump"] == "S"
    game = KachufulState.new_game(4, seed=500, first_dealer=2)
    state = game.clone()
    rng = random.Random(1)
    while not state.is_terminal() and state.hand_number < 4:
        state.apply(rng.choice(state.legal_actions()))
    written = to_record(state, use_seeds=True)
    assert [h["seed"] for h in written["hands"][:3]] == [hand_seed(500, k) for k in range(3)]
    assert replay(written) == (outcome_of(state), 0)


def test_given_trump_overrides_the_rule() -> None:
    doc = {"format": "kachuful-record/1", "players": 3, "variant": {"trumps": "cycle-nt"},
           "hands": [{"dealer": 1, "seed": 4, "trump": "NT", "bids": [0, 0, 0],
                      "play": []}]}
    outcome, _ = replay(doc)
    assert outcome["hands"][0]["trump"] == "NT" and outcome["hands"][0]["cards"] == 17
    doc["hands"][0].pop("trump")  # type: ignore[attr-defined]
    assert replay(doc)[0]["hands"][0]["trump"] == trump_for_hand(1).value  # type: ignore[union-attr]


def test_blind_bids_in_records() -> None:
    doc = edit(lambda d: (d.update(variant={"blind_bids": True}),
                          d["hands"][0].update(blind=[0])))
    outcome, code = replay(doc)
    assert code == 0 and outcome["hands"][0]["scores"] == [22, 0, 11, 10]


# -- round trips -------------------------------------------------------------------

VARIANTS = [
    {}, {"scoring": "margin", "schedule": "up"}, {"trumps": "turned", "blind_bids": True},
    {"renege": "penalized", "trumps": "cycle-nt", "max_cards": 4},
    {"schedule": "down-up-twice", "max_cards": 2, "scoring": "judgement", "hook_rule": False},
    {"max_cards": "classic", "one_card_forehead": True, "scoring": "per-trick"},
]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [3, 5, 8])
def test_engine_records_replay_to_the_same_outcome(variant: dict[str, Any],
                                                   players: int) -> None:
    rules = KachufulRules.from_dict(variant)
    state = KachufulState.new_game(players, rules, seed=players * 31 + len(variant))
    rng = random.Random(players)
    steps = 0
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
        if steps in (5, 37):  # partial records on the way
            for seeds in (False, True):
                doc = json.loads(json.dumps(to_record(state, use_seeds=seeds)))
                assert replay(doc) == (outcome_of(state), 0)
    for seeds in (False, True):
        doc = json.loads(json.dumps(to_record(state, use_seeds=seeds)))
        outcome, code = replay(doc)
        assert code == 0 and outcome == outcome_of(state)
        assert outcome["totals"] == state.scores() and outcome["winners"] == state.winners()
        assert len(outcome["hands"]) == len(hand_sizes(players, rules))
        assert doc.get("variant", {}) == variant
    loaded = state_from_record(to_record(state))
    assert outcome_of(loaded) == outcome_of(state) and loaded.is_terminal()


def test_state_from_record_raises_on_illegal() -> None:
    with pytest.raises(IllegalActionError):
        state_from_record(edit(lambda d: d["hands"][0].update(bids=[1, 0, 1, 1])))
    state = state_from_record(example_doc())
    assert state.is_terminal() and state.scores() == [11, 0, 11, 10]


# -- the command line --------------------------------------------------------------

def run_cli(args: list[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", "replay", *args], input=stdin,
                          capture_output=True, text=True, timeout=60, cwd=ROOT)


def test_cli_replays_a_record_file(tmp_path: Path) -> None:
    path = tmp_path / "example.json"
    path.write_text(json.dumps(example_doc()), encoding="utf-8")
    result = run_cli([str(path)])
    assert result.returncode == 0 and result.stderr == ""
    assert json.loads(result.stdout) == EXAMPLE_OUTCOME


def test_cli_illegal_and_malformed() -> None:
    illegal = edit(lambda d: d["hands"][0]["play"].__setitem__(2, "6S"))
    result = run_cli(["-"], json.dumps(illegal))
    assert result.returncode == 1
    assert json.loads(result.stdout)["error"]["rule"] == "K-11"
    malformed = edit(lambda d: d["hands"][0]["deal"][1].__setitem__(0, "KH"))
    result = run_cli(["-"], json.dumps(malformed))
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "hands[0].deal[1][0]" in lines[0]
    assert "Traceback" not in result.stderr
    result = run_cli(["-"], '{"format": "kachuful-record/1", "players": 4, "hands": [{]}')
    assert result.returncode == 2 and "not valid JSON" in result.stderr


# -- fuzzing: any JSON is either replayed or refused with RecordError ---------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.floats(allow_nan=False)
    | st.sampled_from(["KH", "2C", "10d", "ZZ", "NT", "S", "exact", "down", "", "turned"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["dealer", "deal", "seed", "bids", "play", "trump", "blind", "x",
                         "scoring", "max_cards", "renege"]), inner, max_size=4),
    max_leaves=12)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*prefix, index))
    return found


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_any_mutation_is_replayed_or_refused_with_a_named_field(data: st.DataObject) -> None:
    doc: Any = example_doc()
    doc["variant"] = {"blind_bids": True}
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(paths(doc)))
        replacement = data.draw(JSON)
        if not where:
            doc = replacement
            continue
        parent = doc
        for key in where[:-1]:
            parent = parent[key]
        parent[where[-1]] = replacement
    try:
        outcome, code = replay(doc)
    except RecordError as exc:
        assert str(exc)
        event("malformed")
        return
    event(f"exit {code}")
    assert code in (0, 1) and outcome["ok"] is (code == 0)
    assert json.loads(json.dumps(outcome)) == outcome
