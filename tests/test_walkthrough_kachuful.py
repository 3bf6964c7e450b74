"""The Kachuful walkthrough's step builder, links and scenario files (no Streamlit).

The worked example of RULES.md must come out step by step: the dealer's forbidden 1 with
its arithmetic, B trumping the heart lead and winning, the hand scoring 11/0/11/10.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

import tutorials.scenarios as scenarios
from engine.cards import parse_card
from engine.kachuful import DEFAULT_RULES, KachufulRules, KachufulState, hand_sizes
from engine.kachuful.record import replay
from engine.registry import GAMES
from tutorials.scenarios import ScenarioError
from ui.walkthrough import kachuful as wk
from ui.walkthrough.kachuful import (
    EXAMPLE_DOC,
    RANDOM,
    Config,
    SeedSource,
    build,
    config_params,
    read_config,
    record_source,
)

ROOT = Path(__file__).resolve().parent.parent
SHARED_EXAMPLE = ROOT.parent / "shared" / "examples" / "kachuful-seed-example.record.json"


@pytest.fixture(scope="module")
def example() -> wk.Walkthrough:
    return build(record_source(EXAMPLE_DOC, first_hand=11), DEFAULT_RULES, "en")


def step(walk: wk.Walkthrough, step_id: str) -> wk.SaidStep:
    return walk.steps[walk.index_of(step_id)]


# -- the worked example --------------------------------------------------------------


def test_example_matches_the_shared_record() -> None:
    if not SHARED_EXAMPLE.is_file():
        pytest.skip("../shared is not next to the repository")
    shared = json.loads(SHARED_EXAMPLE.read_text(encoding="utf-8"))
    hand = dict(shared["hands"][0])
    assert hand.pop("trump") == "C"  # the scenario lets the variant give the trump
    assert {**shared, "hands": [hand]} == EXAMPLE_DOC
    scenario = scenarios.load("kachuful", "worked-example", wk.SCENARIO_KEYS)
    assert scenario.data["record"] == EXAMPLE_DOC


def test_example_step_order(example: wk.Walkthrough) -> None:
    kinds = [s.kind for s in example.steps]
    assert kinds[:6] == ["schedule", "deal", "bid", "bid", "bid", "hook"]
    assert Counter(kinds) == {"schedule": 1, "deal": 1, "bid": 3, "hook": 1, "card": 12,
                              "trick": 3, "score": 1}
    assert [s.id for s in example.steps][:3] == ["h11.schedule", "h11.deal", "h11.bid.s0"]
    assert len({s.id for s in example.steps}) == len(example.steps)


def test_schedule_step_shows_hand_11_of_25_with_clubs(example: wk.Walkthrough) -> None:
    first = example.steps[0]
    assert first.title == "Hand 11 of 25: 3 cards each, trump clubs"
    assert first.lines == ("Hand 11: clubs are trumps.",)
    assert example.schedule == tuple(hand_sizes(4, DEFAULT_RULES))
    assert example.schedule[10] == 3 and example.trumps[10] == "C"
    assert example.trumps[:5] == ("S", "D", "C", "H", "S")
    html = wk.schedule_html(example.schedule, example.trumps, first.hand, "en")
    assert html.count('class="kw-here"') == 3  # hand, cards and trump of hand 11


def test_the_dealers_forbidden_bid_with_the_arithmetic(example: wk.Walkthrough) -> None:
    hook = step(example, "h11.bid.s3")
    assert hook.kind == "hook"
    assert hook.lines == ("Player D, the dealer, bids 0: the other bids add up to 2 and the "
                          "hand has 3 tricks, so 1 was not allowed.",)
    arithmetic = hook.explain[0]
    assert "1 + 0 + 1 = 2" in arithmetic and "a bid of 1" in arithmetic
    assert "Player D could bid: 0, 2, 3." in hook.explain
    assert hook.rules == ("K-8", "K-9")
    # The table before the hook: seat 3 to act with the engine's legal bids.
    before = step(example, "h11.bid.s2").table
    assert before is not None and before.to_act == 3 and before.legal_bids == (0, 2, 3)


def test_bids_carry_advice_labelled_as_advice(example: wk.Walkthrough) -> None:
    """The bid advice is the analyst's distribution of the tricks the hand takes (issue 27),
    not a rule of thumb: each count with its chance in tenths, from the seat's view."""
    from engine.analysis import bid_advice
    from engine.kachuful.state import setup_hand
    from engine.walkthrough import kachuful as engine_walk

    a = step(example, "h11.bid.s0")
    assert a.lines == ("Player A bids 1.",)
    assert a.advice is not None
    assert a.advice.startswith(f"Over {engine_walk.ADVICE_SAMPLES} deals of the cards player A "
                               "cannot see, this hand takes:")
    assert "Count the cards" not in a.advice
    deal = [[parse_card(c) for c in h] for h in wk.EXAMPLE_DOC["hands"][0]["deal"]]
    state = KachufulState.from_hands(4, [setup_hand(4, DEFAULT_RULES, 10, 3, deal=deal)],
                                     DEFAULT_RULES)
    spread = bid_advice(state, 0, samples=engine_walk.ADVICE_SAMPLES, seed=0)
    for tricks, chance in enumerate(spread.chances):
        tenths = round(chance * 10)
        if tenths:
            word = "trick" if tricks == 1 else "tricks"
            assert f"{tricks} {word} about {tenths} time" in a.advice, (tricks, a.advice)
    assert step(example, "h11.bid.s1").advice is not None


def test_b_trumps_the_heart_lead_and_wins(example: wk.Walkthrough) -> None:
    lead = step(example, "h11.t1.c1")
    assert lead.lines == ("Player A leads K♥.",)
    trump = step(example, "h11.t1.c2")
    assert trump.lines == ("Player B has no hearts and trumps with 2♣.",)
    assert "trump (clubs) beats every card" in trump.explain[0]
    assert trump.private == ("Player B could play: 2♣, 4♠, 5♦.",) and trump.seat == 1
    # Seen as player A, player B's choice is private; seen as player B (or by everyone) it is not.
    assert trump.hides_private(0) and not trump.hides_private(1)
    assert not trump.hides_private(None)
    won = step(example, "h11.t1.won")
    assert won.lines == ("Player B wins trick 1 with 2♣, the highest trump.",)
    assert won.table is not None
    assert won.table.trick == ((0, "KH"), (1, "2C"), (2, "AH"), (3, "7H"))
    assert won.table.trick_winner == 1 and won.table.tricks_won == (0, 1, 0, 0)
    assert won.table.to_act == 1  # the winner leads the next trick
    # Player C following with the A♥ is followed, and it was made to follow.
    follow = step(example, "h11.t1.c3")
    assert follow.lines == ("Player C follows with A♥.",)
    assert follow.private == ("Player C could play: A♥.",)


def test_final_scores_11_0_11_10(example: wk.Walkthrough) -> None:
    last = example.steps[-1]
    assert last.kind == "score"
    assert [row[3] for row in last.sheet] == [11, 0, 11, 10]
    assert last.sheet == ((0, 1, 1, 11, 11), (1, 0, 1, 0, 0), (2, 1, 1, 11, 11),
                          (3, 0, 0, 10, 10))
    assert example.hand_scores == ((11, (11, 0, 11, 10)),)
    # The score sheet agrees with the engine's own replay of the record.
    outcome, code = replay({**EXAMPLE_DOC, "hands": [{**EXAMPLE_DOC["hands"][0],
                                                       "trump": "C"}]})
    assert code == 0 and outcome["totals"] == [11, 0, 11, 10]
    # One hand of a longer game: no "game over" sentence.
    assert not any("game is over" in line for line in last.lines)


def test_every_table_conserves_the_cards(example: wk.Walkthrough) -> None:
    deal = {seat: set(cards) for seat, cards in enumerate(EXAMPLE_DOC["hands"][0]["deal"])}
    played: set[str] = set()
    for s in example.steps:
        if s.kind == "card":
            played.add(s.table.just_played)  # type: ignore[union-attr]
        table = s.table
        assert table is not None
        for seat, hand in enumerate(table.hands):
            assert set(hand) == deal[seat] - played, (s.id, seat)
        if table.legal_cards:
            assert table.to_act is not None
            assert set(table.legal_cards) <= set(table.hands[table.to_act])
    assert len(played) == 12


def test_languages_and_scenario_texts() -> None:
    source, texts = wk.source_for(Config("worked-example", DEFAULT_RULES))
    es = build(source, DEFAULT_RULES, "es", texts)
    assert es.steps[0].text is not None and es.steps[0].text.startswith("Este es el ejemplo")
    assert step(es, "h11.bid.s3").text is not None  # by kind: "hook"
    assert step(es, "h11.t1.c2").lines == ("El jugador B no tiene corazones y juega el triunfo 2♣.",)
    assert step(es, "h11.bid.s3").explain[0].startswith("Las demás apuestas suman 1 + 0 + 1 = 2")
    assert step(es, "h11.t1.c1").text is None  # no text for that step


# -- variants ------------------------------------------------------------------------


def test_a_variant_that_breaks_the_record_stops_with_the_engines_sentence() -> None:
    walk = build(record_source(EXAMPLE_DOC, 11), KachufulRules(trumps="cycle-nt"), "en")
    # Hand 11 is spades under cycle-nt: B's 2♣ is a discard, C's A♥ wins, C leads next,
    # so the recorded 4♠ (B's card) is not C's to play.
    assert walk.steps[0].title.endswith("trump spades")
    assert step(walk, "h11.t1.c2").lines == ("Player B has no hearts and discards 2♣.",)
    assert step(walk, "h11.t1.won").lines[0].startswith("Player C wins trick 1 with A♥")
    assert walk.illegal
    last = walk.steps[-1]
    assert last.kind == "illegal" and last.error == "Player C does not hold 4♠ (K-10)"
    assert last.rules == ("K-10",)


def test_variants_change_what_is_shown() -> None:
    free = build(record_source(EXAMPLE_DOC, 11), KachufulRules(hook_rule=False), "en")
    assert step(free, "h11.bid.s3").explain[0].startswith("This variant has no hook rule")
    assert "Player D could bid: 0, 1, 2, 3." in step(free, "h11.bid.s3").explain
    margin = build(record_source(EXAMPLE_DOC, 11), KachufulRules(scoring="margin"), "en")
    assert margin.hand_scores == ((11, (11, -1, 11, 10)),)
    turned = build(record_source(EXAMPLE_DOC, 11), KachufulRules(trumps="turned"), "en")
    assert turned.notes and turned.steps[0].title.endswith("trump clubs")
    assert not turned.illegal
    short = build(record_source(EXAMPLE_DOC, 11), KachufulRules(max_cards=2), "en")
    assert "Under this variant the game has only 3 hands" in " ".join(short.steps[0].explain)
    up = build(record_source(EXAMPLE_DOC, 11), KachufulRules(schedule="up"), "en")
    assert ("hand 11 would have 11 cards; this scenario keeps its own deal "
            "of 3 cards") in " ".join(up.steps[0].explain)


def test_forehead_view_comes_from_the_engine() -> None:
    walk = build(SeedSource(3, 4, 1), KachufulRules(schedule="up", one_card_forehead=True))
    table = step(walk, "h1.deal").table
    assert table is not None and table.size == 1
    for viewer in range(4):
        assert table.visible[viewer] == tuple(seat != viewer for seat in range(4))
    plain = step(build(SeedSource(3, 4, 1), KachufulRules(schedule="up")), "h1.deal").table
    assert plain is not None
    assert plain.visible[2] == (False, False, True, False)
    html = wk.table_html(table, "en", viewer=1)
    assert html.count('aria-label="face-down card"') == 1


# -- seeded games (random deal and the dealer-tie scenario) ---------------------------


def test_dealer_draw_with_a_tie() -> None:
    scenario = scenarios.load("kachuful", "dealer-tie", wk.SCENARIO_KEYS)
    walk = build(wk.scenario_source(scenario), wk.scenario_rules(scenario), "en",
                 scenario.texts)
    first, second = walk.steps[0], walk.steps[1]
    assert first.kind == "draw-tie" and first.id == "draw.r1"
    assert "Players A, B tie with the highest rank (J)." in first.lines
    assert [(seat, top) for seat, _, top in first.draw] == [(0, True), (1, True), (2, False),
                                                            (3, False)]
    assert second.kind == "draw" and [seat for seat, _, _ in second.draw] == [0, 1]
    assert second.lines[-1] == "Player A drew the highest card (8♠) and deals first."
    assert first.text and second.text  # intro, then draw.r2
    assert step(walk, "h1.deal").table.dealer == 0  # type: ignore[union-attr]
    # Three hands of the up-down schedule: 1, 2, 3 cards; the chart has three rows.
    assert [walk.steps[walk.index_of(f"h{h}.deal")].table.size for h in (1, 2, 3)] == [1, 2, 3]  # type: ignore[union-attr]
    assert [h for h, _ in walk.hand_scores] == [1, 2, 3]
    assert walk.scores_until(walk.index_of("h2.deal")) == [walk.hand_scores[0]]
    totals = [sum(row[seat] for _, row in walk.hand_scores) for seat in range(4)]
    assert list(walk.steps[-1].table.totals) == totals  # type: ignore[union-attr]


def test_random_deal_is_deterministic_legal_and_follows_the_schedule() -> None:
    rules = KachufulRules(max_cards=4)
    one = build(SeedSource(42, 5, 3), rules, "en")
    two = build(SeedSource(42, 5, 3), rules, "en")
    assert one == two and one.by_bot
    sizes = [s.table.size for s in one.steps if s.kind == "deal"]  # type: ignore[union-attr]
    assert sizes == hand_sizes(5, rules)[:3]
    for s in one.steps:
        if s.kind in ("bid", "hook"):
            bid = int(s.lines[0].split("bids ")[1].split(":")[0].rstrip("."))
            legal = s.explain[-2] if s.kind == "bid" else s.explain[1]
            assert str(bid) in legal.split(": ")[1]
        if s.kind == "card":
            card = s.lines[0].rstrip(".").split(" ")[-1]
            assert card in s.private[0].split(": ")[1]
    assert not one.illegal and len(one.hand_scores) == 3
    # Every bid and card of a random deal carries the computer player's reason.
    chosen = [s for s in one.steps if s.kind in ("bid", "hook", "card")]
    assert chosen and all(s.bot and s.bot.startswith("I ") for s in chosen)
    assert all(s.bot is None for s in one.steps if s.kind not in ("bid", "hook", "card"))
    assert build(SeedSource(43, 5, 3), rules, "en") != one


def test_a_whole_game_ends_with_game_over() -> None:
    walk = build(SeedSource(7, 3, 100), KachufulRules(max_cards=2), "en")
    assert len(walk.hand_scores) == len(hand_sizes(3, KachufulRules(max_cards=2))) == 3
    assert any("The game is over" in line for line in walk.steps[-1].lines)




# -- links ---------------------------------------------------------------------------


IDS = ["worked-example", "dealer-tie"]


def base(scenario: str) -> KachufulRules:
    return KachufulRules(schedule="up-down") if scenario == "dealer-tie" else DEFAULT_RULES


def test_links_round_trip() -> None:
    cfg = Config(RANDOM, KachufulRules(scoring="margin", max_cards=5, hook_rule=False),
                 seed=99, players=5, hands=3, seat="2")
    params = {k: v for k, v in config_params(cfg, DEFAULT_RULES, 7).items() if v is not None}
    assert params == {"scenario": "random", "seed": "99", "players": "5", "hands": "3",
                      "seat": "2", "step": "7", "max_cards": "5", "hook_rule": "false",
                      "scoring": "margin"}
    back, problems = read_config(params, "en", IDS, base, IDS[0])
    assert back == cfg and problems == []
    tie = Config("dealer-tie", KachufulRules(schedule="up-down", trumps="cycle-nt"))
    params = config_params(tie, base("dealer-tie"), 1)
    assert params["schedule"] is None and params["trumps"] == "cycle-nt"
    assert params["seed"] is None
    back, problems = read_config({k: v for k, v in params.items() if v}, "en", IDS, base,
                                 IDS[0])
    assert back == tie and not problems


@pytest.mark.parametrize(("params", "expected", "needle"), [
    ({"scenario": "nope"}, Config("worked-example", DEFAULT_RULES), "scenario is nope"),
    ({"scenario": "random", "seed": "abc"}, Config(RANDOM, DEFAULT_RULES, seed=1),
     "seed is abc, which is not a whole number"),
    ({"scenario": "random", "players": "12"}, Config(RANDOM, DEFAULT_RULES, players=4),
     "Kachuful is played by 3 to 8; using 4"),
    ({"schedule": "sideways"}, Config("worked-example", DEFAULT_RULES), "“Hand sizes” as sideways, which is not one of: down to one, then back up"),
    ({"hook_rule": "maybe"}, Config("worked-example", DEFAULT_RULES), "“The dealer's hook” as maybe, which is not one of: on, off"),
    ({"max_cards": "15"}, Config("worked-example", DEFAULT_RULES),
     "a table of 4 players allows a whole number from 1 to 13"),
    ({"seat": "9"}, Config("worked-example", DEFAULT_RULES), "seat 9 is not at this table of 4 players"),
])
def test_bad_link_values_give_a_message_and_the_default(params: dict[str, str],
                                                        expected: Config, needle: str) -> None:
    cfg, problems = read_config(params, "en", IDS, base, IDS[0])
    assert cfg == expected
    assert len(problems) == 1
    assert needle in problems[0].text("en"), problems[0].text("en")


def test_bad_hands_value_is_clamped_to_the_game() -> None:
    cfg, problems = read_config({"scenario": "random", "hands": "99", "max_cards": "3"}, "en",
                                IDS, base, IDS[0])
    assert cfg.hands == 5 and cfg.rules.max_cards == 3 and len(problems) == 1


# -- scenario files and the shared loader --------------------------------------------


def test_every_kachuful_scenario_file_is_valid_and_builds() -> None:
    found = wk.load_scenarios()
    assert [s.id for s in found][:2] == IDS
    for scenario in found:
        assert scenario.title_in("pt") and scenario.summary_in("es")
        source = wk.scenario_source(scenario)
        walk = build(source, wk.scenario_rules(scenario), "en", scenario.texts)
        assert not walk.illegal
        ids = {s.id for s in walk.steps} | {"intro"}
        kinds = {s.kind for s in walk.steps}
        for key in scenario.texts:
            assert key in ids or key.split("#")[0] in kinds, (scenario.id, key)
            assert set(scenario.texts[key]) == {"en", "es", "pt"}, (scenario.id, key)


def write(tmp: Path, doc: object) -> None:
    folder = tmp / "kachuful"
    folder.mkdir(exist_ok=True)
    (folder / "x.json").write_text(json.dumps(doc) if not isinstance(doc, str) else doc,
                                   encoding="utf-8")


GOOD = {"format": "rules-lab-scenario/1", "game": "kachuful", "title": {"en": "T"},
        "seed": 1}


@pytest.mark.parametrize(("doc", "needle"), [
    ({**GOOD, "sed": 3}, "sed: unknown key"),
    ({**GOOD, "title": {"es": "T"}}, "needs an English text"),
    ({**GOOD, "game": "krypkasino"}, "game: must be 'kachuful'"),
    ({**GOOD, "format": "v2"}, "format: must be"),
    ({**GOOD, "texts": {"intro": {"xx": "?"}}}, "unknown language"),
    ("{not json", "not valid JSON"),
])
def test_loader_refuses_bad_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                  doc: object, needle: str) -> None:
    monkeypatch.setattr(scenarios, "ROOT", tmp_path)
    write(tmp_path, doc)
    with pytest.raises(ScenarioError, match=needle):
        scenarios.load("kachuful", "x", wk.SCENARIO_KEYS)


@pytest.mark.parametrize(("extra", "needle"), [
    ({"record": EXAMPLE_DOC}, "exactly one of 'seed' and 'record'"),
    ({"players": 2}, "players: must be a whole number from 3 to 8"),
    ({"variant": {"scoring": "lots"}}, "variant"),
    ({"first_hand": 3}, "only for a record scenario"),
])
def test_kachuful_keys_are_checked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                   extra: dict[str, object], needle: str) -> None:
    monkeypatch.setattr(scenarios, "ROOT", tmp_path)
    write(tmp_path, {**GOOD, **extra})
    scenario = scenarios.load("kachuful", "x", wk.SCENARIO_KEYS)
    with pytest.raises(ScenarioError, match=needle):
        wk.scenario_source(scenario)


def test_a_bad_record_names_its_field(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scenarios, "ROOT", tmp_path)
    record = json.loads(json.dumps(EXAMPLE_DOC))
    record["hands"][0]["deal"][1][0] = "KH"
    doc = {k: v for k, v in GOOD.items() if k != "seed"}
    write(tmp_path, {**doc, "record": record})
    scenario = scenarios.load("kachuful", "x", wk.SCENARIO_KEYS)
    with pytest.raises(ScenarioError, match=r"record\.hands\[0\]\.deal\[1\]\[0\]"):
        wk.scenario_source(scenario)


def test_unknown_scenario_and_text_fallback() -> None:
    with pytest.raises(ScenarioError, match="no such scenario"):
        scenarios.load("kachuful", "does-not-exist")
    with pytest.raises(ScenarioError, match="no such scenario"):
        scenarios.load("kachuful", "../secrets")
    texts = {"card": {"en": "any card"}, "card#2": {"en": "second", "es": "segunda"}}
    assert scenarios.text_for(texts, "h1.t1.c2", "card", 2, "es") == "segunda"
    assert scenarios.text_for(texts, "h1.t1.c2", "card", 2, "pt") == "second"
    assert scenarios.text_for(texts, "h1.t1.c1", "card", 1, "pt") == "any card"
    assert scenarios.text_for(texts, "h1.score", "score", 1, "en") is None


def test_dealer_free_scenario_hook_free_trump_and_discard() -> None:
    scenario = scenarios.load("kachuful", "dealer-free", wk.SCENARIO_KEYS)
    walk = build(wk.scenario_source(scenario), wk.scenario_rules(scenario), "en",
                 scenario.texts)
    assert walk.steps[0].title == "Hand 16 of 33: 2 cards each, trump hearts"
    hook = step(walk, "h16.bid.s2")
    assert hook.kind == "hook" and "every bid was allowed" in hook.lines[0]
    assert hook.explain[0].startswith("The other bids already add up to 3")
    assert "Player C could bid: 0, 1, 2." in hook.explain
    assert step(walk, "h16.t2.c2").lines == ("Player C has no clubs and discards 3♦.",)
    assert step(walk, "h16.t2.won").explain[0].startswith("No trump was played")
    assert walk.hand_scores == ((16, (0, 0, 10)),)


def test_renege_scenario_is_penalized_and_refused_under_the_default() -> None:
    scenario = scenarios.load("kachuful", "renege", wk.SCENARIO_KEYS)
    rules = wk.scenario_rules(scenario)
    assert rules.renege == "penalized"
    walk = build(wk.scenario_source(scenario), rules, "en", scenario.texts)
    renege = step(walk, "h16.t1.c2")
    assert renege.lines == ("Player B plays A♥ while holding spades: a renege, so player B "
                            "scores 0 this hand.",)
    assert step(walk, "h16.score").sheet[1] == (1, 2, 2, 0, 0)  # exact, but 0
    assert "Player B reneged this hand and scores 0." in step(walk, "h16.score").lines
    refused = build(wk.scenario_source(scenario), DEFAULT_RULES, "en", scenario.texts)
    assert refused.illegal and refused.steps[-1].id == "illegal"
    assert refused.steps[-1].error == "Player B holds spades (9♠) and must follow spades (K-11)"
    assert [s.kind for s in refused.steps][-3:] == ["hook", "card", "illegal"]


def test_loader_docstring_examples() -> None:
    import doctest

    result = doctest.testmod(scenarios)
    assert result.attempted >= 2 and result.failed == 0


OPTION_VALUES = [(o.name, v) for o in GAMES["kachuful"].options for v in o.values(4)
                 if o.name != "max_cards" or v in (None, "classic", 1, 13)]


@pytest.mark.parametrize(("name", "value"), OPTION_VALUES)
def test_every_option_value_builds_in_every_language(name: str, value: object) -> None:
    rules = replace(DEFAULT_RULES, **{name: value})
    for lang in ("en", "es", "pt"):
        for source in (record_source(EXAMPLE_DOC, 11), SeedSource(5, 4, 2)):
            walk = build(source, rules, lang)
            assert walk.steps and all(s.title for s in walk.steps)
            last = walk.steps[-1].table
            if last is not None:
                assert "kw-seats" in wk.table_html(last, lang, viewer=0)
            if isinstance(source, SeedSource):
                assert not walk.illegal and len(walk.hand_scores) == min(2, len(walk.schedule))


# -- links saved before the one codec (tests/data/saved_links.txt) -------------------------


def own_rules(scenario: str) -> KachufulRules:
    """A scenario's own variant, as the page reads it from its file."""
    if scenario == RANDOM:
        return DEFAULT_RULES
    return wk.scenario_rules(scenarios.load("kachuful", scenario, wk.SCENARIO_KEYS))


def _saved_walkthrough_links() -> list[tuple[dict[str, str], dict[str, object]]]:
    import urllib.parse

    path = Path(__file__).parent / "data" / "saved_links.txt"
    rows = []
    for line in path.read_text("utf-8").splitlines():
        if line.startswith("kachuful_walkthrough\t"):
            _, query, expected = line.split("\t")
            rows.append((dict(urllib.parse.parse_qsl(query)), json.loads(expected)))
    return rows


@pytest.mark.parametrize(("params", "expected"), _saved_walkthrough_links())
def test_an_old_walkthrough_link_opens_the_same_walk(params: dict[str, str],
                                                     expected: dict[str, object]) -> None:
    every = [s.id for s in wk.load_scenarios()]
    cfg, problems = read_config(params, "en", every, own_rules, every[0])
    assert not problems, [p.text("en") for p in problems]
    assert cfg.scenario == expected["scenario"]
    assert GAMES["kachuful"].changed(cfg.rules) == {**expected["base"], **expected["variant"]}
    assert cfg.seat == ("all" if expected["seat"] is None else str(expected["seat"]))
    if cfg.scenario == RANDOM:
        assert (cfg.seed, cfg.players, cfg.hands) == (
            expected["seed"], expected["players"], expected["hands"])
    source, _ = wk.source_for(cfg)
    walk = build(source, cfg.rules)
    assert wk.step_number(walk, params["step"]) is None  # an old numbered step
    assert len(walk.steps) >= int(params["step"])
    written = config_params(cfg, own_rules(cfg.scenario), walk.steps[2].id)
    again, problems = read_config({k: v for k, v in written.items() if v is not None}, "en",
                                  every, own_rules, every[0])
    assert again == cfg and not problems and written["step"] == walk.steps[2].id
