"""Krypkasino bots: legal plays in every variant and player count, no peeking at hidden
hands or the stock, the basic evaluation, explanations in every language."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

import pytest
from testkit import play_explained

from engine.bots import bot_move, make_bot
from engine.bots.krypkasino import (
    BasicKrypkasinoBot,
    KrypkasinoObservation,
    StrongKrypkasinoBot,
    legal_actions,
    observe,
    unseen_counts,
)
from engine.cards import DECK, Card, double_deck, parse_card, parse_cards
from engine.krypkasino.rules import KrypkasinoRules
from engine.krypkasino.state import KrypkasinoState, Play

VARIANTS: list[dict[str, object]] = [
    {},
    {"capture": "maximal"},
    {"forced_sweep": False},
    {"double_sweep": False, "sweep_points": 3},
    {"sweep_points": 0},
]


def c(code: str) -> Card:
    return parse_card(code)


def play_deal(rules: KrypkasinoRules, players: int, levels: list[str], seed: int,
              strong: dict[str, object] | None = None) -> KrypkasinoState:
    """Whole deals through the checked ``apply``: an illegal bot play raises."""
    state = KrypkasinoState.new_game(players, rules, seed)
    bots = [make_bot("krypkasino", level, seed * 7 + s, **((strong or {}) if level == "strong"
                                                           else {}))
            for s, level in enumerate(levels)]
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        action, decision = bot_move(state, bots[seat])
        assert action in state.legal_actions()
        assert decision.action == action
        state.apply(action)
    return state


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: ",".join(
    f"{k}={v[k]}" for k in v) or "default")
def test_random_and_basic_bots_play_only_legal_moves(variant: dict[str, object]) -> None:
    rules = KrypkasinoRules(**{"session": 1, **variant})  # type: ignore[arg-type]
    for seed in range(16):
        players = 2 + seed % 5
        levels = [("random", "basic")[(seed + s) % 2] for s in range(players)]
        state = play_deal(rules, players, levels, seed)
        assert sum(state.scores()) == 42


def test_a_whole_session_of_basic_bots() -> None:
    state = play_deal(KrypkasinoRules(), 3, ["basic"] * 3, 12)
    assert state.deals_played == 3 and sum(state.scores()) == 3 * 42


@pytest.mark.parametrize("variant", VARIANTS[:3], ids=lambda v: ",".join(
    f"{k}={v[k]}" for k in v) or "default")
def test_strong_bot_plays_only_legal_moves(variant: dict[str, object]) -> None:
    rules = KrypkasinoRules(**{"session": 1, **variant})  # type: ignore[arg-type]
    for seed in range(3):
        players = 2 + 2 * seed
        levels = ["strong", "basic", "random", "strong", "basic", "random"][:players]
        play_deal(rules, players, levels, seed, {"samples": 3, "max_plays": 4})


def test_legal_actions_from_the_observation_match_the_engine() -> None:
    for variant in VARIANTS[:3]:
        rules = KrypkasinoRules(**{"session": 1, **variant})  # type: ignore[arg-type]
        state = KrypkasinoState.new_game(4, rules, 5)
        rng = random.Random(2)
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            mine = legal_actions(observe(state, seat))
            assert sorted(map(repr, mine)) == sorted(map(repr, state.legal_actions()))
            state.apply_unchecked(rng.choice(mine))


# -- no peeking ------------------------------------------------------------------------


def _two_worlds(seed: int) -> tuple[KrypkasinoState, KrypkasinoState, int]:
    """The same position for seat 0 (hand, table, captured piles) with the other hands
    and the stock dealt differently."""
    state = KrypkasinoState.new_game(3, KrypkasinoRules(session=1), seed)
    rng = random.Random(seed)
    for _ in range(7):  # a few plays, so that piles and the table have history
        state.apply_unchecked(rng.choice(state.legal_actions()))
    while state.current_player() != 0:
        state.apply_unchecked(rng.choice(state.legal_actions()))
    other = state.clone()
    hidden = [i for s in (1, 2) for i in other.hands[s]] + other.stock[other.stock_pos:]
    rng.shuffle(hidden)
    pos = 0
    for s in (1, 2):
        k = len(other.hands[s])
        other.hands[s] = hidden[pos:pos + k]
        pos += k
    other.stock = other.stock[:other.stock_pos] + hidden[pos:]
    other._legal = None
    return state, other, 0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_decisions_do_not_depend_on_hidden_hands_or_the_stock(seed: int) -> None:
    a, b, seat = _two_worlds(seed)
    assert [sorted(a.hands[s]) for s in (1, 2)] != [sorted(b.hands[s]) for s in (1, 2)]
    assert observe(a, seat) == observe(b, seat)
    for level in ("basic", "strong"):
        d1 = make_bot("krypkasino", level, 5).decide(observe(a, seat))
        d2 = make_bot("krypkasino", level, 5).decide(observe(b, seat))
        assert d1 == d2


def test_unseen_cards_are_the_other_hands_and_the_stock() -> None:
    a, _, seat = _two_worlds(4)
    counts = unseen_counts(observe(a, seat))
    hidden = [i for s in range(a.players) if s != seat for i in a.hands[s]]
    hidden += a.stock[a.stock_pos:]
    expected = [0] * 52
    for i in hidden:
        expected[i] += 1
    assert counts == expected


# -- the basic evaluation ----------------------------------------------------------------


def scenario(hand: str, table: str, nxt: str = "", players: int = 2,
             rules: KrypkasinoRules | None = None) -> KrypkasinoState:
    """Seat 0 to play ``hand`` on ``table``; the other seats hold ``nxt`` and the rest of
    the two decks is the stock (unseen by seat 0)."""
    mine = parse_cards(hand.split())
    on_table = parse_cards(table.split())
    others = parse_cards(nxt.split())
    rest = double_deck()
    for card in (*mine, *on_table, *others):
        rest.remove(card)
    random.Random(0).shuffle(rest)
    hands: list[list[Card]] = [mine, others]
    for _ in range(players - 2):
        hands.append(rest[:3])
        rest = rest[3:]
    return KrypkasinoState.scenario(players, hands, on_table, dealer=players - 1, turn=0,
                                    stock=rest, rules=rules)


def test_worked_example_forced_sweep_is_explained() -> None:
    state = scenario("9D 4C", "2H 7S", "3C 3D 5H")
    d = BasicKrypkasinoBot(0).decide(observe(state, 0))
    assert d.action.card == c("9D")
    assert d.key == "bots.krypkasino.forced-sweep"
    assert "9♦" in d.explain()


def test_basic_trails_rather_than_taking_points() -> None:
    # 5♠ would take 5♥ and cost a spade point; 8♦ takes nothing.
    state = scenario("5S 8D", "5H 9C", "2C 3C 4C")
    d = BasicKrypkasinoBot(0).decide(observe(state, 0))
    assert d.action == Play(c("8D"), ())
    assert d.key.startswith("bots.krypkasino.trail")


def test_basic_leaves_a_table_the_next_player_must_sweep() -> None:
    # Trailing 2♣ on 6♥ leaves 6+2: any of the eight unseen 8s sweeps it, and a sweep
    # by the next player gives us -5 (C-9). Trailing K♣ leaves 6+13: no card sweeps.
    state = scenario("2C KC", "6H", "4D 5D 7D 9D TC JC")
    d = BasicKrypkasinoBot(0).decide(observe(state, 0))
    assert d.action == Play(c("2C"), ())
    assert d.key == "bots.krypkasino.trail-set"
    assert "%" in d.explain("en") and "-5" in d.explain("en")


def test_strong_sets_up_the_next_players_sweep_too() -> None:
    state = scenario("2C KC", "6H", "4D 5D 7D 9D TC JC", players=3)
    bot = StrongKrypkasinoBot(0, samples=16)
    d = bot.decide(observe(state, 0))
    assert d.action == Play(c("2C"), ())
    assert d.key == "bots.krypkasino.strong-trail-win" and "16" in d.explain()
    assert f"{d.data['pct']}%" in d.explain()
    assert StrongKrypkasinoBot(0, samples=16).decide(observe(state, 0)) == d
    # The older two-round search in points (plan=0) sees it too.
    d = StrongKrypkasinoBot(0, samples=16, plan=0).decide(observe(state, 0))
    assert d.action == Play(c("2C"), ())
    assert d.key == "bots.krypkasino.strong-trail-2" and "16" in d.explain()


def test_one_round_strong_bot_keeps_its_sentence() -> None:
    state = scenario("2C KC", "6H", "4D 5D 7D 9D TC JC", players=3)
    d = StrongKrypkasinoBot(0, samples=16, depth=1, horizon="round", plan=0).decide(
        observe(state, 0))
    assert d.action == Play(c("2C"), ())
    assert d.key == "bots.krypkasino.strong-trail" and "one round" in d.explain()


# -- what the others showed they lack (C-8) ------------------------------------------


def test_a_player_who_did_not_sweep_lacks_the_sweeping_values() -> None:
    state = scenario("3C 4D", "9H", "5S 6H KD", players=3)
    assert observe(state, 0).lacks == ((), (), ())
    state.apply(Play(c("3C"), ()))  # seat 0 did not sweep 9♥: it holds no 9
    state.apply(Play(c("5S"), ()))  # seat 1 did not sweep 9+3: it holds no Q
    assert observe(state, 2).lacks == ((9,), (12,), ())
    off = scenario("3C 4D", "9H", "5S 6H KD", players=3,
                   rules=KrypkasinoRules(forced_sweep=False))
    off.apply(Play(c("3C"), ()))
    assert observe(off, 1).lacks == ((), (), ())


def basic_positions(seeds: Iterable[int]
                    ) -> Iterator[tuple[int, KrypkasinoState, int, KrypkasinoObservation]]:
    """Every position of one-deal four-player games of basic bots, one a seed: the seed,
    the state, the seat to act and its observation (the basic play is made when the next
    position is asked for)."""
    for seed in seeds:
        state = KrypkasinoState.new_game(4, KrypkasinoRules(session=1), seed)
        bots = [BasicKrypkasinoBot(s) for s in range(4)]
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            obs = observe(state, seat)
            yield seed, state, seat, obs
            state.apply(bots[seat].decide(obs).action)


def test_inferred_lacks_hold_and_the_samples_respect_them() -> None:
    bot = StrongKrypkasinoBot(3)
    checked = 0
    for _, state, seat, obs in basic_positions(range(4)):
        for s in range(4):
            held = {int(DECK[i].rank) for i in state.hands[s]}
            assert not held & set(obs.lacks[s])
        if any(obs.lacks) and state.play_index % 5 == 0:
            sample = bot._sample_position(obs, unseen_counts(obs))
            for s in range(4):
                if s != seat:
                    held = {int(DECK[i].rank) for i in sample.hands[s]}
                    assert not held & set(obs.lacks[s])
                    assert len(sample.hands[s]) == len(state.hands[s])
            checked += 1
    assert checked > 5


# -- explanations ----------------------------------------------------------------------


def test_every_decision_explains_itself_in_every_language() -> None:
    keys: set[str] = set()
    for seed in range(4):
        state = KrypkasinoState.new_game(3, KrypkasinoRules(session=1), seed)
        older = {"plan": 0} if seed == 3 else {}  # the round search keeps its sentences
        bots = [make_bot("krypkasino", "random", seed), make_bot("krypkasino", "basic", seed),
                make_bot("krypkasino", "strong", seed, samples=3, max_plays=4, **older)]
        play_explained(state, bots, keys)
    assert {"bots.random.play", "bots.krypkasino.strong-trail-win",
            "bots.krypkasino.strong-capture-win", "bots.krypkasino.strong-trail-2",
            "bots.krypkasino.strong-capture-2", "bots.krypkasino.strong-trail-end"} <= keys
    assert any(k.startswith("bots.krypkasino.trail") for k in keys)
    assert len(keys) >= 6


@pytest.mark.parametrize("variant", [{}, {"capture": "maximal"}, {"forced_sweep": False},
                                     {"double_sweep": False, "sweep_points": 3}])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_id_fast_path_plays_the_same_games_as_the_card_api(
        variant: dict[str, object], players: int) -> None:
    """``legal_moves``/``apply_move`` (card ids, what simulations use) list the plays of
    ``legal_actions`` in the same order and leave the same states as ``apply_unchecked``
    and the checked ``apply``."""
    rules = KrypkasinoRules(**variant)  # type: ignore[arg-type]
    for seed in range(3):
        fast = KrypkasinoState.new_game(players, rules, seed)
        cards = fast.clone()
        checked = fast.clone()
        rng = random.Random(seed)
        while not fast.is_terminal():
            moves = fast.legal_moves()
            plays = cards.legal_actions()
            assert [(p.card.index, tuple(c.index for c in p.take or ())) for p in plays] == moves
            k = int(rng.random() * len(moves))
            fast.apply_move(moves[k])
            cards.apply_unchecked(plays[k])
            checked.apply(checked.legal_actions()[k])
            assert fast == cards == checked
        assert fast.scores() == checked.scores()


@pytest.mark.parametrize("variant", [{}, {"capture": "maximal"}, {"forced_sweep": False}])
@pytest.mark.parametrize("players", [2, 4, 5])
def test_the_fused_random_playout_is_the_loop_it_replaces(variant: dict[str, object],
                                                          players: int) -> None:
    """``random_playout`` plays ``legal_moves()[int(rnd.random() * len)]`` each time, like
    the loop over ``legal_moves``/``apply_move``: the same states, the whole session or
    the rest of the deal."""
    rules = KrypkasinoRules(**variant)  # type: ignore[arg-type]
    for seed in range(3):
        loop = KrypkasinoState.new_game(players, rules, seed)
        fused = loop.clone()
        r1, r2 = random.Random(seed), random.Random(seed)
        while not loop.is_terminal():
            moves = loop.legal_moves()
            loop.apply_move(moves[int(r1.random() * len(moves))])
        assert fused.random_playout(r2) == sum(len(p) for p in loop.play_log)
        assert fused == loop
        part = KrypkasinoState.new_game(players, rules, seed + 10)
        for _ in range(9):
            part.apply_move(part.legal_moves()[0])
        rest = part.clone()
        r1, r2 = random.Random(seed), random.Random(seed)
        deal = part.deal_index
        while part.deal_index == deal and not part.is_terminal():
            moves = part.legal_moves()
            part.apply_move(moves[int(r1.random() * len(moves))])
        rest.random_playout(r2, to_end_of_deal=True)
        assert rest == part and rest.deal_index == deal + 1


@pytest.mark.parametrize("seed", range(4))
def test_the_rollouts_basic_move_on_ids_is_the_basic_play(seed: int) -> None:
    """The strong bot's rollouts choose the basic play on card ids: the same play as the
    basic bot's, from the observation, in every position of random deals."""
    from engine.bots.krypkasino import basic_move
    from engine.krypkasino.state import KrypkasinoState as S
    state = S.new_game(4, KrypkasinoRules(session=1), seed)
    rng = random.Random(seed)
    basic = BasicKrypkasinoBot(0)
    checked = 0
    while not state.is_terminal():
        public = [0] * 15
        for h in state.hands:
            for i in h:
                public[DECK[i].rank] += 1
        for i in state.stock[state.stock_pos:]:
            public[DECK[i].rank] += 1
        seat = state.current_player()
        assert seat is not None
        play = basic.decide(observe(state, seat)).action
        assert basic_move(state, list(public)) == (
            play.card.index, tuple(c.index for c in play.take or ()))
        checked += 1
        moves = state.legal_moves()
        state.apply_move(moves[int(rng.random() * len(moves))])
    assert checked > 90


def test_the_true_hands_explain_every_basic_play_and_fitted_worlds_explain_more() -> None:
    """Against basic players the fit is exact: in the real deal no public play of the lot
    is a play a basic player would not have made (0 misfits), and the worlds the strong
    bot keeps (``fit`` 4) misfit less often than worlds drawn without fitting."""
    from engine.bots.krypkasino import misfit_count, position_of
    fitted = drawn = 0
    checked = 0
    for seed, state, seat, obs in basic_positions(range(3)):
        if obs.plays:
            assert misfit_count(state.hands, state.stock[state.stock_pos:], seat, obs.plays,
                                position_of(obs)) == 0
            if state.play_index % 4 == 0:
                counts = unseen_counts(obs)
                for fit in (1, 4):
                    bot = StrongKrypkasinoBot(seed, samples=8, fit=fit)
                    for world in bot._worlds(obs, counts, bot.rng):
                        assert world.hands[seat] == state.hands[seat]
                        m = misfit_count(world.hands, world.stock[world.stock_pos:], seat,
                                         obs.plays, position_of(obs))
                        if fit == 1:
                            drawn += m
                        else:
                            fitted += m
                checked += 1
    assert checked > 10
    assert fitted < drawn / 2


# -- the lot search and the session objective (issue 16) -------------------------------


def test_hermite_nodes_integrate_the_normal_moments() -> None:
    from engine.bots.krypkasino import NORMAL_NODES
    moments = [sum(w * z ** k for z, w in NORMAL_NODES) for k in range(7)]
    assert moments == pytest.approx([1, 0, 1, 0, 3, 0, 15], abs=1e-9)


def test_win_chance_against_a_simulation() -> None:
    from engine.bots.krypkasino import win_chance
    assert win_chance([5, 5, 5, 5], 2, 10.0) == pytest.approx(0.25, abs=1e-6)
    assert win_chance([0, 3, 3, 9], 0, 0.0) == 1.0
    assert win_chance([3, 3, 0, 9], 0, 0.0) == 0.0
    assert win_chance([3, 3, 7, 9], 1, 0.0) == 0.5
    rng = random.Random(16)
    totals, spread = [0.0, 8.0, -4.0, 15.0], 12.0
    runs = 40_000
    for seat in range(4):
        wins = 0
        for _ in range(runs):
            finals = [t + rng.gauss(0.0, spread) for t in totals]
            wins += finals[seat] == min(finals)
        assert win_chance(totals, seat, spread) == pytest.approx(wins / runs, abs=0.01)
    assert sum(win_chance(totals, s, spread) for s in range(4)) == pytest.approx(1, abs=1e-4)
    # A lead is worth more the less of the session is left.
    assert win_chance([0, 10, 10, 10], 0, 5.0) > win_chance([0, 10, 10, 10], 0, 20.0) > 0.25


def _plan_oracle(state: KrypkasinoState, seat: int, before: list[int],
                 bounds: tuple[int, int] | None = None) -> float:
    """The lot search's value by brute force through the checked API: the others are the
    real basic bots deciding from their observations, the seat tries every legal play,
    and the value is the seat's points minus the others' average at the end of the lot
    (of the deal in the last lot)."""
    deal, lot = bounds or (state.deal_index, state.lot)
    while state.phase.name == "PLAY" and state.deal_index == deal and state.lot == lot:
        turn = state.current_player()
        assert turn is not None
        if turn == seat:
            values = []
            for play in state.legal_actions():
                branch = state.clone()
                branch.apply(play)
                values.append(_plan_oracle(branch, seat, before, (deal, lot)))
            return min(values)
        state.apply(BasicKrypkasinoBot(0).decide(observe(state, turn)).action)
    after = (list(state.results[-1].scores) if state.results
             else list(state.deal_result().scores))
    delta = [a - b for a, b in zip(after, before, strict=True)]
    return delta[seat] - (sum(delta) - delta[seat]) / (len(delta) - 1)


@pytest.mark.parametrize("seed", range(3))
def test_the_lot_search_is_the_best_sequence_of_plays_against_basic_answers(seed: int) -> None:
    """With ``width`` at least the hand, the lot search (``plan_cost`` on ids) is the
    brute-force best of every sequence of the seat's plays in the rest of the lot, the
    others answering as the basic bot does from what it sees."""
    from engine.bots.krypkasino import plan_cost, point_margin
    checked = 0
    for _, state, seat, _obs in basic_positions([seed]):
        if len(state.hands[seat]) > 3 or state.play_index % 3:
            continue
        before = list(state.deal_result().scores)
        best = min(plan_cost(state.clone(), seat, play, 9, point_margin(seat))
                   for play in state.legal_actions())
        assert best == pytest.approx(_plan_oracle(state.clone(), seat, before))
        checked += 1
    assert checked >= 5


def _last_play_of_the_session() -> tuple[KrypkasinoState, int]:
    """A one-deal session of basic bots played up to its last play."""
    state = KrypkasinoState.new_game(4, KrypkasinoRules(session=1), 21)
    bots = [BasicKrypkasinoBot(s) for s in range(4)]
    while state.in_hands + state.stock_size() > 1:
        seat = state.current_player()
        assert seat is not None
        state.apply(bots[seat].decide(observe(state, seat)).action)
    seat = state.current_player()
    assert seat is not None
    return state, seat


def test_the_session_estimate_is_exact_on_the_last_play() -> None:
    """On the session's last play nothing is left to chance: the quoted chance of the
    lowest total is the share of the win the play really gives (0 or 100% alone)."""
    state, seat = _last_play_of_the_session()
    bot = StrongKrypkasinoBot(4, samples=4, plan=2, objective="session")
    d = bot.decide(observe(state, seat))
    assert d.key in ("bots.krypkasino.strong-only-win", "bots.krypkasino.strong-forced-sweep-win")
    state.apply(d.action)
    share = 1 / len(state.winners() or []) if seat in (state.winners() or []) else 0.0
    assert d.data["pct"] == round(100 * share)
    for lang, sign in (("en", "%"), ("es", "\xa0%"), ("pt", "\xa0%")):  # "50 %" in es, pt
        assert f"{d.data['pct']}{sign}" in d.explain(lang)


def test_the_lot_search_sentences_name_the_search_and_its_estimate() -> None:
    keys: set[str] = set()
    for seed, objective in ((0, "session"), (1, "points")):
        state = KrypkasinoState.new_game(3, KrypkasinoRules(session=2), seed)
        bots = [make_bot("krypkasino", "basic", seed), make_bot("krypkasino", "basic", seed),
                make_bot("krypkasino", "strong", seed, samples=3, max_plays=4, plan=2,
                         objective=objective)]
        play_explained(state, bots, keys)
    assert {"bots.krypkasino.strong-trail-win", "bots.krypkasino.strong-capture-win",
            "bots.krypkasino.strong-trail-lot", "bots.krypkasino.strong-capture-lot"} <= keys
    with pytest.raises(ValueError):
        StrongKrypkasinoBot(0, objective="wins")


def test_the_strong_bot_chooses_by_the_session_chance_of_its_worlds() -> None:
    """The default bot's play and its quoted chance are those of the session objective
    over its own worlds: the play with the highest average chance of the lowest total,
    from the session totals and this deal's points (not the points margin)."""
    from engine.bots.krypkasino import plan_cost, session_chance
    state = KrypkasinoState.new_game(4, KrypkasinoRules(session=2), 30)
    bots = [BasicKrypkasinoBot(s) for s in range(4)]
    checked = 0
    while not state.is_terminal() and checked < 6:
        seat = state.current_player()
        assert seat is not None
        obs = observe(state, seat)
        if state.deal_index == 1 and len(state.legal_actions()) > 1 and state.play_index % 4 == 0:
            assert obs.deal_points == state.deal_result().scores
            decision = StrongKrypkasinoBot(9, samples=6).decide(obs)
            twin = StrongKrypkasinoBot(9, samples=6)
            counts = unseen_counts(obs)
            start = [t + p for t, p in zip(state.totals, obs.deal_points, strict=True)]
            goal = session_chance(seat, start, 0, state.rules)
            plays = state.legal_actions()
            assert len(plays) <= 10  # the bot's shortlist holds every play
            totals = [0.0] * len(plays)
            for world in twin._worlds(obs, counts, twin.rng):
                for k, play in enumerate(plays):
                    totals[k] += plan_cost(world.clone(), seat, play, 2, goal)
            chosen = totals[plays.index(decision.action)]
            assert chosen == pytest.approx(min(totals))
            assert decision.data["pct"] == round(-100 * chosen / 6)
            checked += 1
        state.apply(bots[seat].decide(obs).action)
    assert checked == 6
