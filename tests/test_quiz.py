"""The quiz: every answer is the engine's, for many seeds of every question type; the
coverage table names every rule of RULES.md; the catalogue speaks three languages."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Rank, Suit
from engine.kachuful import hand_sizes, legal_bids, playable_cards, score_hand, trick_winner
from engine.kachuful.rules import trump_for_hand, winners
from engine.krypkasino.bruteforce import brute_maximal, brute_maximum, brute_sweeps
from engine.messages import LANGUAGES, catalogue, missing_keys
from engine.quiz import (
    COVERAGE,
    MAX_SEED,
    TYPES,
    Question,
    check,
    generate,
    kinds_for,
    make,
    parse_id,
    pick,
    question_set,
    rules_of,
)

ROOT = Path(__file__).resolve().parent.parent
RULES_MD = ROOT.parent / "shared" / "RULES.md"
SEEDS = range(60)


def contract_rule_ids() -> list[str]:
    text = RULES_MD.read_text(encoding="utf-8")
    return re.findall(r"^- \*\*([KC]-\d+) ", text, re.M)


def questions(kind: str) -> list[Question]:
    return [generate(kind, seed) for seed in SEEDS]


# -- coverage --------------------------------------------------------------------------


@pytest.mark.skipif(not RULES_MD.is_file(), reason="the rules contract is not beside the repo")
def test_every_rule_of_the_contract_has_a_question_type() -> None:
    ids = contract_rule_ids()
    assert len(ids) == 29  # K-1..K-14, C-1..C-15
    missing = [rule for rule in ids if not COVERAGE.get(rule)]
    assert missing == []
    assert set(COVERAGE) == set(ids), "the coverage table names a rule the contract lacks"


def test_the_coverage_table_matches_the_types() -> None:
    for rule, kinds in COVERAGE.items():
        for kind in kinds:
            assert rule in TYPES[kind].rules
            assert TYPES[kind].game == ("kachuful" if rule.startswith("K-") else "krypkasino")


@pytest.mark.parametrize("kind", list(TYPES))
def test_each_question_names_a_rule_of_its_type_and_is_well_formed(kind: str) -> None:
    named = set()
    for q in questions(kind):
        assert q.rule in TYPES[kind].rules
        named.add(q.rule)
        ids = [c.id for c in q.choices]
        assert len(ids) == len(set(ids)) >= 2
        assert q.correct and q.correct <= set(ids)
        assert q.multiple or len(q.correct) == 1
        for group in q.groups:
            assert all(0 <= i < len(group.cards) for i in group.answer)
    assert named, kind


def test_every_rule_is_named_by_some_question() -> None:
    """Not only listed: for each rule a generated question's feedback names it, except
    K-1 and K-2 (rank order and seat numbering), which every Kachuful question uses."""
    named = {generate(kind, seed).rule for kind in TYPES for seed in range(80)}
    assert set(COVERAGE) - named == {"K-1", "K-2"}


# -- reproducible, checked -------------------------------------------------------------


@pytest.mark.parametrize("kind", list(TYPES))
def test_a_seed_gives_the_same_question(kind: str) -> None:
    for seed in (0, 17, MAX_SEED):
        a, b = generate(kind, seed), generate(kind, seed)
        assert a == b
        assert make(a.id) == a


def test_check_marks_exactly_the_correct_choices() -> None:
    q = next(q for q in map(lambda s: generate("k-bids", s), SEEDS) if q.rule == "K-9")
    assert check(q, q.correct).right
    wrong = next(c.id for c in q.choices if c.id not in q.correct)
    verdict = check(q, [*q.correct, wrong])
    assert not verdict.right and verdict.wrong == {wrong} and not verdict.missed
    assert verdict.rule == q.rule
    assert not check(q, []).right and check(q, []).missed == q.correct
    assert check(q, [*q.correct, "no-such-choice"]).right  # stale ids are ignored


def test_question_ids_are_parsed_strictly() -> None:
    assert parse_id("k-bids-12") == ("k-bids", 12)
    assert parse_id(" c-capture-0 ") == ("c-capture", 0)
    for bad in ("k-bids", "k-bids-", "k-bids--1", "k-bids-1e3", "x-1", "", None, 12,
                f"k-bids-{MAX_SEED + 1}", "k-bids-" + "9" * 40):
        assert parse_id(bad) is None, bad
    with pytest.raises(ValueError):
        make("k-bids-x")


def test_question_sets_are_reproducible_lessons() -> None:
    a = question_set("krypkasino", ["C-6", "C-8"], seed=5, count=6)
    assert [q.id for q in a] == [q.id for q in question_set("krypkasino", ["C-6", "C-8"], 5, 6)]
    assert len({q.id for q in a}) == 6
    assert {q.kind for q in a} <= {"c-capture", "c-sweep"}


def test_missed_rules_come_up_more_often() -> None:
    plain = sum(pick("kachuful", [], s).kind == "k-bids" for s in range(200))
    weighted = sum(pick("kachuful", [], s, misses={"K-9": 5}).kind == "k-bids"
                   for s in range(200))
    assert weighted > 2 * plain > 0


def test_pick_follows_the_topics() -> None:
    assert set(kinds_for("krypkasino", ["C-8"])) == {"c-sweep"}
    assert rules_of("kachuful")[0] == "K-1" and rules_of("krypkasino")[-1] == "C-15"
    for seed in range(20):
        q = pick("kachuful", ["K-9"], seed)
        assert q.kind == "k-bids" and q.rule == "K-9"
        assert pick("krypkasino", [], seed).game == "krypkasino"


# -- the answers are the engine's -------------------------------------------------------


def test_k_bids_are_the_engines_legal_bids() -> None:
    for q in questions("k-bids"):
        d = q.data
        legal = legal_bids(d["size"], d["bids_before"], dealer=d["dealer"], rules=d["rules"])
        assert q.correct == {str(b) for b in legal}
        assert [c.id for c in q.choices] == [str(n) for n in range(d["size"] + 1)]


def test_k_play_is_the_engines_playable_cards() -> None:
    for q in questions("k-play"):
        d = q.data
        assert q.correct == {c.code for c in playable_cards(d["hand"], d["led"], d["rules"])}
        assert q.rule == ("K-10" if d["led"] is None else "K-11")


def test_k_trick_is_the_engines_trick_winner() -> None:
    for q in questions("k-trick"):
        d = q.data
        position, _ = trick_winner(d["cards"], d["trump"])
        seat = (d["leader"] + position) % len(d["cards"])
        assert q.correct == {str(seat)}
        assert q.groups[0].answer == (position,)


def test_k_score_is_the_engines_score() -> None:
    seen = set()
    blinds = 0
    for q in questions("k-score"):
        d = q.data
        seen.add(d["rules"].scoring)
        blinds += d["blind"]
        assert q.correct == {str(score_hand(d["bid"], d["tricks"], d["rules"], d["blind"]))}
    assert len(seen) == 5  # every scoring variant comes up
    assert blinds > 0  # and blind bids


def test_k_trump_and_hand_size_are_the_engines() -> None:
    turned = 0
    for q in questions("k-trump"):
        turned += q.data["rules"].trumps == "turned"
        trump = trump_for_hand(q.data["k"], q.data["rules"], q.data.get("turned"))
        assert q.correct == {"NT" if trump is None else trump.value}
    assert turned > 0
    for q in questions("k-hand-size"):
        d = q.data
        assert q.correct == {str(hand_sizes(d["players"], d["rules"])[d["k"] - 1])}


def test_k_deal_dealer_and_leader_follow_k2_k5_k6_k8_k10() -> None:
    for q in questions("k-deal"):
        d = q.data
        if "undealt" in d:
            assert q.correct == {str(52 - d["players"] * d["size"])}
        else:
            assert q.correct == {str((d["dealer"] + 1) % d["players"])}
    for q in questions("k-dealer"):
        d = q.data
        assert q.correct == {str((d["first"] + d["k"] - 1) % d["players"])}
    for q in questions("k-leader"):
        d = q.data
        if d["flavour"] < 2:
            assert q.correct == {str((d["dealer"] + 1) % d["players"])}
        else:
            group = q.groups[0]
            position, _ = trick_winner(group.cards, d["trump"])
            assert group.answer == (position,)


def test_k_first_dealer_is_the_highest_rank_or_a_redraw() -> None:
    ties = 0
    for q in questions("k-first-dealer"):
        ranks = [int(c.rank) for c in q.data["cards"]]
        top = max(ranks)
        if ranks.count(top) > 1:
            ties += 1
            assert q.correct == {"redraw"}
        else:
            assert q.correct == {str(ranks.index(top))}
    assert ties > 0


def test_k_winner_is_the_highest_total() -> None:
    shared = 0
    for q in questions("k-winner"):
        best = winners(q.data["totals"])
        shared += len(best) > 1
        assert q.correct == {str(s) for s in best}


def _key(codes: tuple[str, ...]) -> str:
    return "+".join(sorted(codes)) or "trail"


def test_c_capture_is_the_brute_force_maximum_or_maximal() -> None:
    maximal = 0
    for q in questions("c-capture"):
        d = q.data
        brute = brute_maximal if d["rules"].maximal else brute_maximum
        maximal += d["rules"].maximal
        expected = {_key(t) for t in brute(int(d["card"].rank), d["table"])}
        assert q.correct == expected
        assert {c.id for c in q.choices} - q.correct  # wrong collections to choose from
    assert maximal > 0


def test_c_sweep_forces_exactly_the_sweeping_cards() -> None:
    forced = 0
    for q in questions("c-sweep"):
        d = q.data
        sweepers = {c.code for c in d["hand"] if brute_sweeps(int(c.rank), d["table"])}
        if not d["rules"].forced_sweep:
            assert sweepers and q.correct == {c.code for c in d["hand"]} and q.rule == "C-8"
        elif sweepers:
            forced += 1
            assert q.correct == sweepers and q.rule == "C-8"
        else:
            assert q.correct == {c.code for c in d["hand"]} and q.rule == "C-7"
    assert 0 < forced < len(SEEDS)


def test_c_sweep_points_go_to_the_player_before() -> None:
    doubles = 0
    for q in questions("c-sweep-points"):
        d = q.data
        rules = d["rules"]
        lone_twin = len(d["table"]) == 1 and d["table"][0] == d["card"]
        double = lone_twin and rules.double_sweep
        doubles += double
        assert d["double"] == double
        points = rules.sweep_points * (2 if double else 1)
        assert q.correct == {f"{(d['seat'] - 1) % d['players']}:{points}"}
    assert doubles > 0


def test_c_faces_are_the_jacks_queens_and_kings() -> None:
    for q in questions("c-faces"):
        table = q.data["table"]
        assert q.correct == {str(i) for i, c in enumerate(table) if c.rank.is_face}


def test_c_ace_values() -> None:
    for q in questions("c-ace"):
        card, from_hand = q.data["card"], q.data["from_hand"]
        if card.rank is Rank.ACE:
            expected = 14 if from_hand else 1
        else:
            assert not from_hand
            expected = int(card.rank)
        assert q.correct == {str(expected)}


def test_c_starts_and_deal_shape() -> None:
    for q in questions("c-starts"):
        d = q.data
        assert q.correct == {str((d["dealer"] + 1) % d["players"])}
    table = {2: (6, 4), 3: (5, 5), 4: (5, 4), 5: (4, 4), 6: (5, 2)}
    for q in questions("c-deal-shape"):
        n = q.data["players"]
        hand, on_table = table[n]
        assert q.correct == {f"{hand}/{on_table}/{104 - n * hand - on_table}"}


def test_c_leftovers_go_to_the_last_capturer_or_the_dealer() -> None:
    nobody = 0
    for q in questions("c-leftovers"):
        last = None
        for fact in q.facts:
            if fact.key in ("event.krypkasino.captured", "event.krypkasino.captured.one",
                            "quiz.fact.c-captured-before"):
                last = dict(fact.data)["seat"]
        if last is None:
            nobody += 1
            last = q.data["dealer"]
        assert q.correct == {str(last)}
    assert nobody > 0


def _c13(card_code: str) -> int:
    if card_code == "TD":
        return 3
    if card_code in ("2S", "AS"):
        return 2
    return 1 if card_code[1] == "S" or card_code[0] == "A" else 0


def test_c_points_deal_score_and_session() -> None:
    for q in questions("c-points"):
        assert q.correct == {str(sum(_c13(c.code) for c in q.data["cards"]))}
    for q in questions("c-deal-score"):
        d = q.data
        assert q.correct == {str(d["card_points"] + d["sweep_points"])}
    for q in questions("c-session"):
        totals = q.data["totals"]
        assert q.correct == {str(s) for s, t in enumerate(totals) if t == min(totals)}


# -- the catalogue -----------------------------------------------------------------------


def test_every_quiz_key_is_in_every_language_with_the_same_fields() -> None:
    messages = {lang: {k: v for k, v in entries.items() if k.startswith("quiz.")}
                for lang, entries in catalogue().items()}
    assert set(messages) == set(LANGUAGES)
    english = messages["en"]
    for lang in LANGUAGES:
        assert set(messages[lang]) == set(english), lang
        for key, template in messages[lang].items():
            fields = {f for _, f, _, _ in string.Formatter().parse(template) if f}
            english_fields = {f for _, f, _, _ in string.Formatter().parse(english[key]) if f}
            assert fields == english_fields, (lang, key)
    assert not any(k.startswith("quiz.") for keys in missing_keys().values() for k in keys)
    for kind in TYPES:
        assert f"quiz.type.{kind}" in english


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_question_renders_in_every_language(lang: str) -> None:
    for kind in TYPES:
        for seed in range(12):
            q = generate(kind, seed)
            texts = [q.prompt, q.explanation, *q.facts, *(c.label for c in q.choices),
                     *(g.caption for g in q.groups), TYPES[kind].title]
            for t in texts:
                sentence = t.render(lang)
                assert sentence and "{" not in sentence and "}" not in sentence, \
                    (kind, seed, t.key)


def test_spanish_and_portuguese_questions_are_translated() -> None:
    q = generate("k-trick", 1)
    assert q.prompt.render("es") != q.prompt.render("en") != q.prompt.render("pt")
    assert "Suit" not in q.explanation.render("pt")
    assert Suit.HEARTS.symbol in generate("k-trump", 3).choices[3].label.render("es")


# -- any seed --------------------------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(kind=st.sampled_from(sorted(TYPES)), seed=st.integers(0, MAX_SEED))
def test_any_seed_makes_a_sound_question(kind: str, seed: int) -> None:
    q = generate(kind, seed)
    assert q.id == f"{kind}-{seed}" and make(q.id) == q
    assert check(q, q.correct).right
    assert q.rule in TYPES[kind].rules
    wrong = [c.id for c in q.choices if c.id not in q.correct]
    if wrong:
        assert not check(q, [*q.correct, wrong[0]]).right
    for text in (q.prompt, q.explanation, *q.facts, *(c.label for c in q.choices)):
        assert "{" not in text.render("pt")
