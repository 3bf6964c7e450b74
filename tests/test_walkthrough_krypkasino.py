"""The Krypkasino walkthrough builder (engine/walkthrough/krypkasino.py, its link and
outline in ui/walkthrough/krypkasino.py) and its scenarios:
exact figures of RULES.md's worked examples and of the two-player example deal, the board
kept in step with the engine, variants, links."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from engine.bots import bot_move, make_bot
from engine.cards import parse_card, parse_cards
from engine.errors import RecordError
from engine.krypkasino.rules import KrypkasinoRules
from engine.krypkasino.state import KrypkasinoState, Play
from engine.walkthrough import krypkasino as kw
from engine.walkthrough.model import Walkthrough
from tutorials import scenarios
from ui.query import LinkReader
from ui.walkthrough import krypkasino as wk

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT.parent / "shared" / "examples" / "krypkasino-two-players.record.json"


def scenario(sid: str) -> scenarios.Scenario:
    return scenarios.load("krypkasino", sid, wk.GAME_KEYS)


@dataclass(frozen=True)
class Walk:
    """An engine walkthrough read as these checks read it: the steps' views (each has its
    id, kind, board and play) and the walk's figures."""

    raw: Walkthrough[kw.View]

    @property
    def steps(self) -> tuple[kw.View, ...]:
        return tuple(s.view for s in self.raw.steps)

    @property
    def deal_scores(self) -> tuple[tuple[int, ...], ...]:
        return tuple(self.raw.get("deal_scores"))

    @property
    def deals(self) -> int:
        return int(self.raw.get("deals"))

    @property
    def players(self) -> int:
        return self.raw.players

    def index_of(self, step_id: str) -> int | None:
        return self.raw.find(step_id)


def build(data: dict[str, Any], rules: KrypkasinoRules) -> Walk:
    return Walk(kw.build(data, rules))


def walk(sid: str, **variant: Any) -> Walk:
    data = scenario(sid).data
    return build(data, kw.rules_from(kw.base_variant(data), variant))


def step(w: Walk, step_id: str) -> kw.View:
    index = w.index_of(step_id)
    assert index is not None, [s.id for s in w.steps]
    return w.steps[index]


# -- RULES.md's worked examples ---------------------------------------------------------------
def test_forced_sweep_marks_9d_as_sweeping_and_refuses_4c_with_c8() -> None:
    w = walk("forced-sweep")
    first = w.steps[0]
    assert (first.id, first.kind, first.seat) == ("position", "position", 1)
    assert first.table_before == ("2H", "7S") and first.hand_before == ("9D", "4C")
    assert first.sweepers == ("9D",)
    four, nine = first.choice("4C"), first.choice("9D")
    assert four is not None and nine is not None
    assert (nine.allowed, nine.sweeps, nine.collections) == (True, True, (("2H", "7S"),))
    assert (four.allowed, four.captures) == (False, False)
    assert len(first.refusals) == 1
    refusal = first.refusals[0]
    assert (refusal.card, refusal.rule, refusal.key) == ("4C", "C-8", "krypkasino.must-sweep")
    assert refusal.sentence("en") == ("9♦ takes the whole table, so you must play it or another "
                                      "card that sweeps (C-8)")
    assert refusal.sentence("es").startswith("9♦ se lleva toda la mesa")
    play = step(w, "play-0")
    assert (play.kind, play.seat, play.card, play.taken) == ("sweep", 1, "9D", ("2H", "7S"))
    # B takes three cards: 1 card point (7♠) + 5 for the sweep = 6; A, who played before, -5.
    assert play.board.card_points == (0, 1)
    assert play.board.sweep_points == (-5, 5)
    assert play.board.scores == (-5, 6)
    assert play.board.captured == (0, 3)
    assert play.board.point_cards == ((), ("7S",))
    # Then A trails 4♥ (the second your-move stop: it gives B a sweep, so A gets its minus
    # too), B's 4♣ must take it (C-8): 1 + 5 + 5 = 11 for B, -5 - 5 = -10 for A.
    gift = step(w, "play-2")
    assert (gift.kind, gift.seat, gift.card, gift.taken) == ("sweep", 1, "4C", ("4H",))
    assert w.steps[-1].kind == "score" and w.steps[-1].board.scores == (-10, 11)
    assert w.deal_scores == ((-10, 11),)


def test_without_the_forced_sweep_4c_may_be_trailed() -> None:
    w = walk("forced-sweep", forced_sweep=False)
    first = w.steps[0]
    four = first.choice("4C")
    assert four is not None and four.allowed and not four.captures
    assert first.refusals == ()
    assert first.sweepers == ("9D",)  # 9♦ still takes the whole table; it is not forced
    assert step(w, "play-0").chosen_by == "record"


def test_double_sweep_scores_ten_and_follows_the_variant() -> None:
    play = step(walk("double-sweep"), "play-0")
    assert play.kind == "double-sweep"
    swept = [e for e in play.events if e.kind == "double-sweep"]
    assert len(swept) == 1 and swept[0].message_data()["points"] == 10
    assert play.board.sweep_points == (-10, 10)
    # A's 9♥ then gives B an ordinary sweep: +10 + 5 for B, -15 for A.
    assert step(walk("double-sweep"), "score").board.scores == (-15, 15)
    plain = step(walk("double-sweep", double_sweep=False), "play-0")
    assert plain.kind == "sweep" and plain.board.sweep_points == (-5, 5)
    three = step(walk("double-sweep", sweep_points=3), "play-0")
    assert three.kind == "double-sweep" and three.board.sweep_points == (-6, 6)


def test_a_lone_ace_is_not_taken_by_the_other_ace() -> None:
    w = walk("lone-ace")
    first = w.steps[0]
    ace = first.choice("AD")
    assert ace is not None and not ace.captures and not ace.sweeps and ace.allowed
    assert first.sweepers == ()
    trail = step(w, "play-0")
    assert (trail.kind, trail.card, trail.taken) == ("trail", "AD", ())
    assert trail.board.table == ("AD", "AD")
    # 1 + 1 = 2: the two aces are one group for 2♥, which sweeps.
    two = step(w, "play-1")
    assert (two.kind, two.card, two.taken, two.groups) == ("sweep", "2H", ("AD", "AD"),
                                                            (("AD", "AD"),))
    assert step(w, "score").board.scores == (7, -5)


def test_four_players_deal_sizes_and_six_rounds() -> None:
    w = walk("four-players")
    deal = step(w, "deal")
    assert [len(h) for h in deal.board.hands] == [5, 5, 5, 5]
    assert len(deal.board.table) == 4 and deal.board.stock == 80
    assert deal.board.lots == 6
    faces = step(w, "face-cards")
    assert Counter(faces.taken) == Counter(["KS", "KD"])
    assert faces.board.spade_faces == ("KS",) and faces.board.out_of_play == 1
    lots = [s for s in w.steps if s.kind in ("new-lot", "last-lot")]
    assert [s.id for s in lots] == ["lot-2", "lot-3", "lot-4", "lot-5", "lot-6"]
    assert [s.board.stock for s in lots] == [64, 48, 32, 16, 0]
    assert [s.kind for s in lots][-1] == "last-lot"
    assert all([len(h) for h in s.board.hands] == [4, 4, 4, 4] for s in lots)
    score = w.steps[-1]
    assert score.kind == "score" and sum(score.board.card_points) == 42
    assert sum(score.board.scores) == 42 and sum(score.board.sweep_points) == 0
    assert w.deals == 1


def test_capture_alternatives_are_the_other_maximum_collections() -> None:
    play = step(walk("capture-choice"), "play-0")
    assert (play.kind, play.card, Counter(play.taken)) == ("capture", "7H",
                                                           Counter(["6H", "AC"]))
    assert [Counter(a) for a in play.alternatives] == [Counter(["6H", "AS"])]
    seven = play.choice("7H")
    assert seven is not None and len(seven.collections) == 2


def test_a_recorded_play_illegal_under_the_variant_shows_the_engines_sentence() -> None:
    house = step(walk("maximum-capture"), "play-0")
    assert house.recorded_refusal is None and Counter(house.taken) == Counter(["AH", "2C", "4S"])
    loose = step(walk("maximum-capture", capture="maximal"), "play-0")
    assert loose.recorded_card == "7C" and loose.chosen_by == "bot"
    refusal = loose.recorded_refusal
    assert refusal is not None and (refusal.rule, refusal.key) == ("C-6", "krypkasino.choose-take")
    assert "3♦ and 4♠" in refusal.sentence("en")
    assert loose.card in ("KH", "7C")  # the walkthrough goes on with a legal play
    assert walk("maximum-capture", capture="maximal").steps[-1].kind == "score"


# -- the two-player example deal ----------------------------------------------------------------
def test_two_player_deal_ends_25_17_with_sweeps_10_and_scores_35_7() -> None:
    w = walk("two-players")
    kinds = Counter(s.kind for s in w.steps)
    assert kinds["sweep"] == 8 and kinds["double-sweep"] == 1
    assert kinds["new-lot"] == 10 and kinds["last-lot"] == 1
    assert kinds["trail"] + kinds["capture"] + kinds["sweep"] + kinds["double-sweep"] == 100
    score = w.steps[-1]
    assert score.id == "score"
    assert score.board.card_points == (25, 17)
    assert score.board.sweep_points == (10, -10)
    assert score.board.scores == (35, 7)
    assert [t.total for t in score.tallies] == [25, 17]
    assert sum(c * p for t in score.tallies for _, c, p in t.cards) == 42
    assert [(s.play, s.seat, s.points, s.double) for s in score.sweeps] == [
        (0, 0, 5, False), (2, 0, 5, False), (6, 0, 5, False), (12, 0, 5, False),
        (14, 0, 5, False), (21, 1, 5, False), (23, 1, 10, True), (38, 0, 5, False),
        (55, 1, 5, False)]
    assert w.deal_scores == ((35, 7),)
    # The same figures as the engine's own replay of the record.
    outcome = json.loads((EXAMPLE.parent / "krypkasino-two-players.outcome.json").read_text())
    assert list(score.board.card_points) == outcome["deals"][0]["card_points"]
    assert list(score.board.scores) == outcome["deals"][0]["scores"]


def test_two_player_deal_steps_in_detail() -> None:
    w = walk("two-players")
    deal = step(w, "deal")
    assert deal.board.table == ("AH", "KH", "7D", "QH") and deal.board.stock == 88
    faces = step(w, "face-cards")
    assert faces.table_before == ("AH", "KH", "7D", "QH")
    assert faces.taken == ("KH", "QH") and faces.board.table == ("AH", "7D")
    assert faces.board.spade_faces == () and faces.board.out_of_play == 2
    first = step(w, "play-0")
    assert first.sweepers == ("8C",) and {r.card for r in first.refusals} == {
        "AH", "TD", "QD", "AD", "4C"}
    # At the first play the player before is the dealer (seat 1), who pays the sweep.
    assert first.board.sweep_points == (5, -5)
    double = step(w, "play-23")
    assert (double.kind, double.seat, double.card, double.taken) == ("double-sweep", 1, "JD",
                                                                    ("JD",))
    groups = step(w, "play-21").groups
    assert sorted(map(sorted, groups)) == [["3S", "9C"], ["4S", "8D"]]
    lot = step(w, "lot-2")
    assert lot.taken == ("JS",) and lot.board.spade_faces == ("JS",) and lot.board.stock == 80
    last = step(w, "lot-12")
    assert last.kind == "last-lot" and last.board.stock == 0 and last.board.last_lot
    leftovers = step(w, "leftovers")
    assert leftovers.seat == 0 and leftovers.taken == ("KH", "5C", "JC")
    assert leftovers.board.table == () and leftovers.board.spade_faces == ()
    assert sum(leftovers.board.captured) + leftovers.board.out_of_play == 104


# -- the board follows the engine ------------------------------------------------------------------
def cards_on_board(board: kw.Board) -> int:
    return (sum(len(h) for h in board.hands) + len(board.table) + board.stock
            + sum(board.captured) + len(board.spade_faces) + board.out_of_play)


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (5, 3), (11, 4), (2, 5), (7, 6)])
def test_seeded_sessions_keep_every_card_and_score_42_a_deal(seed: int, players: int) -> None:
    w = build({"seed": seed, "players": players}, KrypkasinoRules())
    assert w.deals == players  # a rotation: each player deals once
    for s in w.steps:
        if s.kind != "score":
            assert cards_on_board(s.board) == 104, s.id
    assert len(w.deal_scores) == players
    for scores in w.deal_scores:
        assert sum(scores) == 42
    totals = [sum(col) for col in zip(*w.deal_scores, strict=True)]
    assert w.steps[-1].board.totals == tuple(totals)
    for s in w.steps:
        if s.kind == "score":
            assert [t.total for t in s.tallies] == list(s.board.card_points)
            assert sum(s.board.card_points) == 42


@pytest.mark.parametrize("variant", [{}, {"capture": "maximal"}, {"forced_sweep": False},
                                     {"double_sweep": False, "sweep_points": 2}])
def test_every_play_step_matches_an_independent_engine_replay(variant: dict[str, Any]) -> None:
    """Replay the walkthrough's plays on a fresh engine state: between lots, the board of
    each play step is exactly the engine's state."""
    rules = KrypkasinoRules.from_dict({**variant, "session": 1})
    w = build({"seed": 42, "players": 3}, rules)
    state = KrypkasinoState.new_game(3, rules, 42)
    plays = [s for s in w.steps if s.card is not None]
    for i, s in enumerate(w.steps):
        if s.card is None:
            continue
        assert state.current_player() == s.seat
        assert Counter(c.code for c in state.hand_of(s.seat)) == Counter(s.hand_before)
        assert tuple(c.code for c in state.table_cards()) == s.table_before
        state.apply(Play(parse_card(s.card), tuple(parse_cards(list(s.taken)))))
        following = w.steps[i + 1] if i + 1 < len(w.steps) else None
        if following is not None and following.card is not None:
            b = s.board
            assert Counter(b.table) == Counter(c.code for c in state.table_cards())
            assert b.stock == state.stock_size()
            assert b.captured == tuple(len(state.captured_cards(k)) for k in range(3))
            assert b.sweep_points == tuple(state.sweep_points)
            assert b.card_points == state.deal_result().card_points
            for k in range(3):
                assert Counter(b.hands[k]) == Counter(c.code for c in state.hand_of(k))
    assert len(plays) == 104 - 5
    assert state.results[0].scores == w.deal_scores[0]


def test_the_engine_bot_plays_legal_and_deterministic() -> None:
    state = KrypkasinoState.new_game(4, seed=9)
    for _ in range(30):
        play, _ = bot_move(state, make_bot("krypkasino", "basic", seed=0))
        assert play in state.legal_actions()
        assert bot_move(state.clone(), make_bot("krypkasino", "basic", seed=0))[0] == play
        state.apply(play)


# -- scenario files ---------------------------------------------------------------------------------
def test_every_scenario_loads_builds_and_its_texts_name_real_steps() -> None:
    found = scenarios.load_all("krypkasino", wk.GAME_KEYS)
    assert {"two-players", "forced-sweep", "double-sweep", "lone-ace", "four-players",
            "capture-choice", "maximum-capture"} <= {s.id for s in found}
    for sc in found:
        w = build(sc.data, kw.rules_from(wk.base_variant(sc.data)))
        ids = {s.id for s in w.steps}
        kinds = {s.kind for s in w.steps}
        for key in sc.texts:
            assert key in ids or key.split("#")[0] in kinds, (sc.id, key)
            for lang in ("en", "es", "pt"):
                assert sc.texts[key].get(lang), (sc.id, key, lang)
        assert w.steps[-1].kind == "score"


def test_bad_sources_name_the_field() -> None:
    with pytest.raises(RecordError, match="exactly one"):
        kw.read_source({"seed": 1, "record": {}})
    with pytest.raises(RecordError) as exc:
        kw.read_source({"position": {"players": 2, "hands": [["9D"], ["2C"]], "table": ["XX"]}})
    assert exc.value.field == "position.table[0]"
    with pytest.raises(RecordError) as exc:
        kw.read_source({"position": {"players": 2, "hands": [["9D"], ["2C"]], "table": [],
                                     "stock": ["2H"]}})
    assert exc.value.field == "position.stock"
    with pytest.raises(RecordError) as exc:
        kw.read_source({"seed": "abc"})
    assert exc.value.field == "seed"
    with pytest.raises(RecordError):
        wk.base_variant({"variant": {"capture": "most"}})


# -- links ---------------------------------------------------------------------------------------
IDS = ["two-players", "forced-sweep"]


def test_a_link_round_trips() -> None:
    selection = wk.Selection(wk.RANDOM, 77, 3, (("capture", "maximal"), ("sweep_points", 4),
                                                ("double_sweep", False), ("forced_sweep", True),
                                                ("session", 2)))
    params = wk.link_params(selection, {}, 12)
    assert params == {"scenario": "random", "seed": "77", "players": "3", "capture": "maximal",
                      "sweep_points": "4", "double_sweep": "false", "forced_sweep": None,
                      "session": "2", "step": "12"}
    reader = LinkReader("en", params={k: v for k, v in params.items() if v is not None})
    assert wk.read_link(reader, IDS, {}) == selection
    assert reader.problems == [] and reader.step(count=40) == 12


def test_bad_link_values_give_defaults_and_sentences() -> None:
    reader = LinkReader("en", params={"scenario": "<b>x</b>", "seed": "abc", "capture": "most",
                                      "double_sweep": "maybe", "session": "0",
                                      "sweep_points": "999"})
    selection = wk.read_link(reader, IDS, {})
    assert selection.scenario == "two-players"
    assert selection.options == KrypkasinoRules(sweep_points=wk.MAX_SWEEP_POINTS).to_dict()
    texts = reader.messages()
    assert len(texts) == 5
    assert any("<b>" not in m and "scenario" in m for m in texts)
    random = wk.read_link(LinkReader("en", params={"scenario": "random", "seed": "x",
                                                   "players": "9"}), IDS, {})
    assert (random.seed, random.players) == (wk.DEFAULT_SEED, 6)


def test_variant_values_are_relative_to_the_scenarios_own() -> None:
    base = {"forced_sweep": False}
    selection = wk.read_link(LinkReader("en", params={"scenario": "forced-sweep"}), IDS,
                             {"forced-sweep": base})
    assert selection.options["forced_sweep"] is False
    params = wk.link_params(selection, base, 1)
    assert params["forced_sweep"] is None
    house = wk.Selection("forced-sweep", 1, 2, tuple(
        (k, v) for k, v in KrypkasinoRules().to_dict().items()))
    assert wk.link_params(house, base, 1)["forced_sweep"] == "true"


def test_finished_scores_grow_with_the_steps() -> None:
    w = build({"seed": 3, "players": 2}, KrypkasinoRules())
    first_score = next(i for i, s in enumerate(w.steps) if s.kind == "score")
    assert wk.finished_scores(w.raw, first_score - 1) == []
    assert wk.finished_scores(w.raw, first_score) == [w.deal_scores[0]]
    assert wk.finished_scores(w.raw, len(w.steps) - 1) == list(w.deal_scores)


def test_the_scenarios_teach_in_the_order_a_beginner_needs() -> None:
    """Issue 28: the deal and the face cards first, then capturing (with trailing, where it
    first matters), the largest capture, the choice, the sweep and the forced sweep, the
    double sweep, the lone ace, the 42 points, the new lot and the last lot; whole deals
    after them. Every scenario before the 42 points that counts card points links C-13."""
    from tutorials import scenarios as scen

    loaded = sorted((scen.load("krypkasino", sid, wk.GAME_KEYS) for sid in scen.ids("krypkasino")),
                    key=lambda s: (s.order, s.id))
    assert [s.id for s in loaded] == [
        "four-players", "trail", "maximum-capture", "capture-choice", "forced-sweep",
        "double-sweep", "lone-ace", "the-42-points", "new-lot", "last-lot-leftovers",
        "strategy-trail", "two-players", "session"]
    first = loaded[0]
    assert {"deal", "face-cards"} <= set(first.texts)
    before = loaded[:[x.id for x in loaded].index("the-42-points")]
    words = ("card point", "puntos de carta", "pontos de carta", "punto|# puntos} de carta",
             "ponto|# pontos} de carta")
    for s in before:
        for key, texts in s.texts.items():
            for lang, text in texts.items():
                if any(w in text for w in words):
                    assert "rule:C-13" in text, (s.id, key, lang)
