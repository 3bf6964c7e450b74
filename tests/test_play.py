"""The play session (engine/session.py) and the play link (ui/play/link.py) without Streamlit: bots move only when asked, undo restores
the state, refusals change nothing, the coach is cached, saved records replay to the same
outcome, reviews and score sheets come from the engine's results, links round-trip."""

from __future__ import annotations

import json
import random
import urllib.parse
from pathlib import Path

import pytest

from engine.cards import parse_card, parse_cards
from engine.errors import RecordError
from engine.kachuful import Bid, HandSetup, KachufulRules, KachufulState
from engine.kachuful import record as krecord
from engine.kachuful.review import kachuful_review
from engine.krypkasino import KrypkasinoRules, KrypkasinoState
from engine.krypkasino import record as crecord
from engine.krypkasino.review import krypkasino_review
from engine.session import HUMAN, PlaySession, Setup, load_record
from ui.play.link import read_setup, setup_params


def kachuful(seat: int = 1, players: int = 3, level: str = "random", seed: int = 7,
             **variant: object) -> PlaySession:
    levels = tuple(HUMAN if s == seat else level for s in range(players))
    return PlaySession.start(Setup("kachuful", players, seat, levels,
                                   tuple(variant.items()) or (("max_cards", 3),), seed))


def krypkasino(seat: int = 0, players: int = 2, level: str = "random", seed: int = 3,
               **variant: object) -> PlaySession:
    levels = tuple(HUMAN if s == seat else level for s in range(players))
    return PlaySession.start(Setup("krypkasino", players, seat, levels,
                                   tuple(variant.items()) or (("session", 1),), seed))


def play_out(session: PlaySession, rnd: random.Random, undo_every: int = 0) -> int:
    """Play the whole game: random legal choices for the player, bots when it is theirs."""
    decisions = 0
    while not session.over:
        if session.bot_turn:
            session.until_my_turn()
            continue
        state = session.state
        if isinstance(state, KachufulState):
            action = rnd.choice(state.legal_actions())
            if isinstance(action, Bid):
                session.bid(action.n, action.blind)
            else:
                session.play_card(action)
        else:
            card = rnd.choice(sorted({p.card for p in state.legal_actions()}, key=str))
            session.click_card(card)
            if session.pending is not None:
                session.take(rnd.randrange(len(session.choices)))
        assert session.refusal is None
        decisions += 1
        if undo_every and decisions % undo_every == 0:
            assert session.undo()
    return decisions


def second_seat(players: int = 3, seed: int = 7) -> int:
    """A seat that does not act first in hand 1 of a Kachuful game (max 3 cards)."""
    first = KachufulState.new_game(players, KachufulRules(max_cards=3), seed).current_player()
    assert first is not None
    return (first + 1) % players


def test_bots_move_only_when_asked() -> None:
    session = kachuful(seat=second_seat())
    assert session.bot_turn  # seat 2 is not first to bid here
    before = session.state.clone()
    assert session.moves == [] and session.state == before  # nothing happened on its own
    # What happened before the first move: the first-dealer draw, the deal, the trump.
    kinds = [e.kind for e in session.opening]
    assert kinds[-2:] == ["dealt", "trump"] and "dealer-chosen" in kinds
    move = session.next_move()
    assert move is not None and move.decision is not None and not move.human
    assert len(session.moves) == 1
    assert move.decision.explain("es")  # each bot move explains itself
    session.until_my_turn()
    assert session.human_turn and session.next_move() is None  # no bot moves for the player


def test_the_player_cannot_act_out_of_turn() -> None:
    session = kachuful(seat=second_seat())
    assert session.bot_turn
    assert session.bid(0) is None and session.moves == []


def test_undo_restores_the_state_before_the_last_decision_and_the_bot_replies() -> None:
    session = kachuful(seat=0)
    session.until_my_turn()
    assert session.human_turn
    before = session.state.clone()
    count = len(session.moves)
    session.bid(session.state.legal_bid_numbers()[0])
    session.until_my_turn()
    assert len(session.moves) > count + 1  # the bid and the bots' replies
    assert session.undo()
    assert session.state == before and len(session.moves) == count
    assert not session.undo()  # nothing more to undo
    # The same decision again gives the same bot replies (seeded per move).
    session.bid(session.state.legal_bid_numbers()[0])
    first = [m.action for m in session.until_my_turn()]
    session.undo()
    session.bid(session.state.legal_bid_numbers()[0])
    assert [m.action for m in session.until_my_turn()] == first


def test_no_undo_outside_practice_mode() -> None:
    setup = Setup("kachuful", 3, 0, (HUMAN, "random", "random"), (("max_cards", 2),), 4,
                  practice=False)
    session = PlaySession.start(setup)
    session.until_my_turn()
    session.bid(session.state.legal_bid_numbers()[0])
    assert not session.can_undo and not session.undo()


def test_a_refused_card_is_kept_and_changes_nothing() -> None:
    hand = HandSetup.from_codes(dealer=2, deal=[["KH", "2C", "3D"], ["AH", "4S", "5D"],
                                                ["7H", "8S", "2D"]], trump="C")
    session = kachuful(seat=1)
    session.state = KachufulState.from_hands(3, [hand])
    for bid in (1, 1, 0):
        session.state.apply(bid)  # seat 0 leads K♥; seat 1 holds A♥ and must follow
    session.state.apply(parse_card("KH"))
    before = session.state.clone()
    assert session.play_card(parse_card("4S")) is None
    assert session.refusal is not None and session.refusal.rule == "K-11"
    assert "must follow" in session.refusal.localized("en")
    assert session.refusal.localized("es") != session.refusal.localized("en")
    assert session.state == before and session.moves == []
    assert session.play_card(parse_card("AH")) is not None and session.refusal is None


def test_the_dealers_forbidden_bid_comes_with_the_engines_reason() -> None:
    hand = HandSetup.from_codes(dealer=3, deal=[["KH", "AS", "3D"], ["2C", "4S", "5D"],
                                                ["AH", "6S", "9D"], ["7H", "8S", "2D"]],
                                trump="C")
    state = KachufulState.from_hands(4, [hand])
    for bid in (1, 0, 1):
        state.apply(bid)
    session = kachuful(seat=3, players=4)
    session.state = state  # the dealer, seat 3, bids last
    refused = [(n, exc.localized("en")) for n, exc in session.refused_bids()]
    assert [n for n, _ in refused] == [1]
    assert "may not bid 1" in refused[0][1] and "(K-9)" in refused[0][1]
    session.state = KachufulState.from_hands(4, [hand], KachufulRules(hook_rule=False))
    assert session.refused_bids() == []  # seat 0 bids first: not the player's turn
    for bid in (1, 0, 1):
        session.state.apply(bid)
    assert session.bidding and session.refused_bids() == []


def test_the_coach_is_computed_once_per_position() -> None:
    session = kachuful(seat=0, seed=12)
    session.until_my_turn()
    assert not session.advice_ready()
    first = session.advice()
    assert first is not None and first.sentence.key.startswith("coach.k.")
    assert session.advice_ready() and session.advice() is first
    assert first.action in session.state.legal_actions()
    session.bid(session.state.legal_bid_numbers()[0])
    assert session.advice() is None or session.advice() is not first


@pytest.mark.parametrize("seed", [1, 2])
def test_a_kachuful_game_saved_replays_to_the_same_outcome(seed: int) -> None:
    session = kachuful(seat=1, level="basic", seed=seed)
    play_out(session, random.Random(seed), undo_every=5)
    assert session.over and len(session.state.results) == 5
    outcome, code = krecord.replay(json.loads(session.record_json()))
    assert code == 0
    assert outcome["totals"] == session.state.scores()
    assert [h["bids"] for h in outcome["hands"]] == [list(r.bids) for r in session.state.results]
    # and the site's loader replays it step by step to the same totals
    replay = load_record(session.record_json())
    assert replay.error is None and replay.count == len(session.moves)
    assert replay.states[-1].scores() == session.state.scores()


def test_a_krypkasino_deal_saved_replays_to_the_same_outcome() -> None:
    session = krypkasino(level="basic", seed=5)
    play_out(session, random.Random(5), undo_every=9)
    assert session.over
    outcome, code = crecord.replay(session.record())
    assert code == 0 and outcome["totals"] == session.state.scores()
    replay = load_record(session.record_json())
    assert replay.error is None and replay.states[-1].scores() == session.state.scores()


def test_every_variant_option_plays_a_whole_game() -> None:
    variants = [
        {"max_cards": 2, "schedule": "up-down", "trumps": "turned", "scoring": "margin"},
        {"max_cards": 2, "blind_bids": True, "one_card_forehead": True, "renege": "penalized",
         "hook_rule": False, "trumps": "cycle-nt", "scoring": "judgement"},
    ]
    for i, variant in enumerate(variants):
        session = kachuful(seat=0, seed=20 + i, **variant)
        play_out(session, random.Random(i))
        assert session.over
        assert krecord.replay(session.record())[1] == 0
    session = krypkasino(seed=9, session=1, capture="maximal", forced_sweep=False,
                         double_sweep=False, sweep_points=3)
    play_out(session, random.Random(9))
    assert session.over and crecord.replay(session.record())[1] == 0


def test_a_forehead_card_is_played_unseen() -> None:
    session = kachuful(seat=0, seed=3, max_cards=1, one_card_forehead=True)
    session.until_my_turn()
    assert session.state.view(0).hand is None
    session.bid(session.state.legal_bid_numbers()[0])
    session.until_my_turn()
    held = session.state.hand_of(0)
    move = session.play_card(None)
    assert move is not None and move.action == held[0]


def test_blind_bids_wait_for_the_player_to_look() -> None:
    session = kachuful(seat=0, seed=3, max_cards=2, blind_bids=True)
    session.until_my_turn()
    assert session.may_look()
    session.look()
    assert not session.may_look()
    move = session.bid(session.state.legal_bid_numbers()[0])
    assert move is not None and not session.state.blind[0]


def test_krypkasino_choice_between_collections_and_forced_sweep() -> None:
    session = krypkasino()
    # 9 takes 4♥+5♠ or 4♥+5♦: two different maximum collections, so C-6 makes the
    # player choose.
    session.state = KrypkasinoState.scenario(
        2, [parse_cards(["9D", "3C"]), parse_cards(["2S"])], parse_cards(["4H", "5S", "5D",
                                                                         "2C"]),
        dealer=1, turn=0)
    assert session.click_card(parse_card("9D")) is None
    assert session.pending is not None and len(session.choices) == 2
    chosen = session.choices[1]
    move = session.take(1)
    assert move is not None and move.action.take == chosen
    # A forced sweep: the engine refuses the other card, with C-8.
    session.state = KrypkasinoState.scenario(
        2, [parse_cards(["9D", "4C"]), parse_cards(["2S"])], parse_cards(["2H", "7S"]),
        dealer=1, turn=0, rules=KrypkasinoRules())
    assert session.forced_sweep() == ("krypkasino.must-sweep", {
        "sweeper": parse_card("9D"), "sweepers": (parse_card("9D"),)})
    before = session.state.clone()
    assert session.click_card(parse_card("4C")) is None
    assert session.refusal is not None and session.refusal.rule == "C-8"
    assert session.state == before
    assert session.click_card(parse_card("9D")) is not None


def test_kachuful_review_states_the_bid_against_the_tricks() -> None:
    # The worked example of RULES.md, with seat 0 bidding 0 and seat 3 bidding 1.
    hand = HandSetup.from_codes(dealer=3, deal=[["KH", "AS", "3D"], ["2C", "4S", "5D"],
                                                ["AH", "6S", "9D"], ["7H", "8S", "2D"]],
                                trump="C")
    state = KachufulState.from_hands(4, [hand])
    for bid in (0, 0, 1, 1):
        state.apply(bid)
    for code in ["KH", "2C", "AH", "7H", "4S", "6S", "8S", "AS", "3D", "5D", "9D", "2D"]:
        state.apply(parse_card(code))
    result = state.results[0]
    assert result.tricks == (1, 1, 1, 0)
    # Seat 0 bid 0 and won trick 2 with A♠: spades were led and A♠ was its only spade.
    notes = kachuful_review(result, 0, state.rules)
    assert notes[0].key == "play.review.k.summary" and notes[0].fields["tricks"] == 1
    # The facts only: how good each decision was is the analyst's (tests/test_coach.py).
    assert [n.key for n in notes[1:]] == []
    assert [n.key for n in kachuful_review(result, 2, state.rules)][-1] == \
        "play.review.k.made"
    assert [n.key for n in kachuful_review(result, 3, state.rules)][1:] == []
    session = kachuful(players=4)
    session.state = state
    sheet = session.sheet()
    assert tuple(c["points"] for c in sheet[0].cells) == (0, 0, 11, 0)
    assert sheet[0].totals == (0, 0, 11, 0) and dict(sheet[0].first)["hand"] == 1


def test_krypkasino_review_names_the_play_that_left_a_sweep() -> None:
    session = krypkasino(seat=1)
    # The player (seat 1) trails 7♠ next to 2♥; seat 0 then sweeps with 9♦.
    session.state = KrypkasinoState.scenario(
        2, [parse_cards(["9D", "3S"]), parse_cards(["7S", "4C"])], parse_cards(["2H"]),
        dealer=0, turn=1)
    assert session.click_card(parse_card("7S")) is not None
    move = session.next_move()  # 9♦ takes 2♥ + 7♠: a sweep the bot must make (C-8)
    assert move is not None and any(e.kind == "sweep" for e in move.events)
    notes = krypkasino_review(session.moves, 1, session.state.deal_result())
    keys = [n.key for n in notes]
    assert "play.review.c.left.trail" in keys
    left = notes[keys.index("play.review.c.left.trail")].fields
    assert left["card"] == "7♠" and left["sweeper_card"] == "9♦"
    assert set(left["table"].split(", ")) == {"2♥", "7♠"}
    assert keys[-1] == "play.review.c.summary"


def test_krypkasino_sheet_counts_sweeps() -> None:
    session = krypkasino(level="basic", seed=2)
    play_out(session, random.Random(2))
    rows = session.sheet()
    assert len(rows) == 1 and sum(c["cards"] for c in rows[0].cells) == 42
    result = session.state.results[0]
    assert sum(c["made"] for c in rows[0].cells) == len(result.sweeps)
    assert rows[0].totals == tuple(session.state.scores())


def test_load_record_refuses_malformed_input_naming_the_field() -> None:
    with pytest.raises(RecordError) as bad:
        load_record("{not json")
    assert "not valid JSON" in str(bad.value)
    with pytest.raises(RecordError) as bad:
        load_record(json.dumps({"format": "kachuful-record/1", "players": 4,
                                "hands": [{"dealer": 0, "bids": [0, 0, 0], "play": [],
                                           "seed": 1}]}))
    assert bad.value.field == "hands[0].bids"
    with pytest.raises(RecordError) as bad:
        load_record(json.dumps({"format": "chess"}))
    assert bad.value.field == "format"


def test_load_record_stops_at_an_illegal_action() -> None:
    doc = {
        "format": "kachuful-record/1", "players": 4,
        "hands": [{"dealer": 3, "trump": "C",
                   "deal": [["KH", "AS", "3D"], ["2C", "4S", "5D"], ["AH", "6S", "9D"],
                            ["7H", "8S", "2D"]],
                   "bids": [1, 0, 1, 1], "play": []}]}
    replay = load_record(json.dumps(doc))
    assert replay.count == 3 and replay.error is not None and replay.error.rule == "K-9"


def test_links_round_trip_and_bad_values_fall_back() -> None:
    setup = Setup("kachuful", 5, 2, ("basic", "strong", HUMAN, "random", "basic"),
                  (("max_cards", 4), ("scoring", "margin"), ("hook_rule", False)), 99, False)
    params = {k: v for k, v in setup_params(setup).items() if v is not None}
    again, problems = read_setup("kachuful", params)
    assert again == Setup("kachuful", 5, 2, setup.levels, tuple(sorted(
        setup.variant, key=lambda kv: ["schedule", "max_cards", "trumps", "hook_rule",
                                       "scoring"].index(kv[0]))), 99, False)
    assert problems == []
    setup = Setup("krypkasino", 3, 0, (HUMAN, "strong", "basic"),
                  (("sweep_points", 3), ("session", 1)), 5)
    params = {k: v for k, v in setup_params(setup).items() if v is not None}
    assert read_setup("krypkasino", params) == (setup, [])
    bad, problems = read_setup("kachuful", {"players": "2", "max_cards": "40", "seed": "-3"})
    # The link codec (ui/link.py) uses the default for each bad value, naming it.
    assert bad.players == 4 and bad.variant == () and bad.seed == 1 and len(problems) == 3
    said = " ".join(p.text("en") for p in problems)
    assert "Largest hand" in said and "players" in said and "-3" in said


def test_a_whole_krypkasino_session_replays_deal_by_deal() -> None:
    session = krypkasino(level="random", seed=8, session="rotation")
    play_out(session, random.Random(8))
    assert session.over and len(session.state.results) == 2  # two players: two deals
    assert [m.round for m in session.moves][0] == 0 and session.moves[-1].round == 1
    outcome, code = crecord.replay(session.record())
    assert code == 0 and outcome["totals"] == session.state.scores()
    replay = load_record(session.record_json())
    assert replay.count == len(session.moves) == 200
    assert replay.states[-1].scores() == session.state.scores()
    # the review of each deal reads that deal's moves only
    for result in session.state.results:
        notes = krypkasino_review(session.moves_of_round(result.deal), 0, result)
        assert notes[-1].fields["score"] == result.scores[0]


SAVED_LINKS = Path(__file__).parent / "data" / "saved_links.txt"


def saved_play_links() -> list[tuple[str, dict[str, str], dict[str, object]]]:
    rows = []
    for line in SAVED_LINKS.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        page, query, expected = line.split("\t")
        if page.endswith("_play"):
            rows.append((page, dict(urllib.parse.parse_qsl(query)), json.loads(expected)))
    return rows


def test_saved_play_links_read_as_they_did_before_issue_12() -> None:
    rows = saved_play_links()
    assert len(rows) >= 14 and {p for p, _, _ in rows} == {"kachuful_play", "krypkasino_play"}
    for page, params, expected in rows:
        game = page.removesuffix("_play")
        setup, problems = read_setup(game, params, seed=1)
        assert problems == [], (page, params)
        got = {"game": setup.game, "players": setup.players, "seat": setup.seat,
               "levels": list(setup.levels), "seed": setup.seed,
               "variant": dict(setup.variant)}
        assert got == expected, (page, params)
        # and the link the page writes back reads to the same setup
        again = {k: v for k, v in setup_params(setup).items() if v is not None}
        assert read_setup(game, again) == (setup, [])
