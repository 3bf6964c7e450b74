"""bench/bots_vs_ismcts.py: the card mapping to OpenSpiel's oh_hell, and (when open-spiel is
installed, a benchmark-only dependency) one tiny duplicate deal played end to end."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from engine.cards import DECK, Suit

_PATH = Path(__file__).resolve().parent.parent / "bench" / "bots_vs_ismcts.py"
_spec = importlib.util.spec_from_file_location("bots_vs_ismcts", _PATH)
assert _spec is not None and _spec.loader is not None
bench = importlib.util.module_from_spec(_spec)
sys.modules["bots_vs_ismcts"] = bench
_spec.loader.exec_module(bench)


def test_card_actions_map_both_ways() -> None:
    assert sorted(bench.os_action(c) for c in DECK) == list(range(52))
    for card in DECK:
        assert bench.os_card(bench.os_action(card)) is card
    # OpenSpiel: card = rank * 4 + suit, suits C D S H, ranks 2..A.
    assert (bench.os_card(0).suit, int(bench.os_card(0).rank)) == (Suit.CLUBS, 2)
    assert (bench.os_card(3).suit, int(bench.os_card(3).rank)) == (Suit.HEARTS, 2)
    assert (bench.os_card(50).suit, int(bench.os_card(50).rank)) == (Suit.SPADES, 14)


def test_interval() -> None:
    mean, low, high = bench.interval([1.0, 3.0] * 50)
    assert mean == 2.0 and low < 2.0 < high and round(high - low, 2) == 0.39


def test_one_deal_against_openspiel() -> None:
    pytest.importorskip("pyspiel")
    out = bench.play_deal((0, 3, 5, ("basic",), 1))
    assert len(out.control) == len(out.ours["basic"]) == 4
    assert all(isinstance(x, float) for x in out.ours["basic"])


def test_the_dump_keeps_bids_and_tricks_and_the_diagnosis_reads_it(tmp_path: Path) -> None:
    pytest.importorskip("pyspiel")
    import subprocess

    job = (0, 3, 5, ("basic",), 1)
    out = bench.play_deal(job)
    for seat in range(4):
        made = out.bids["basic"][seat] == out.tricks["basic"][seat]
        assert made == out.made["basic"][seat]
        assert (out.control_bids[seat] == out.control_tricks[seat]) == out.control_made[seat]
    assert sum(out.tricks["basic"]) <= 3 * 4 and sum(out.control_tricks) == 3
    dump = tmp_path / "deals.jsonl"
    bench._dump(str(dump), job, out)
    script = _PATH.parent / "ismcts_diagnosis.py"
    result = subprocess.run([sys.executable, str(script), "--cards", "3", "--level", "basic",
                             "--rollouts", str(dump)], capture_output=True, text=True,
                            timeout=120, check=True)
    assert result.stdout.startswith("1 deals, 4 hands, level basic")
    assert "by trumps held" in result.stdout and "our bid playouts" in result.stdout
    assert "our bid against the control's" in result.stdout


def test_the_known_cards_bot_deals_only_the_cards_in_play() -> None:
    """The diagnosis level ``+known`` deals the others only the cards they hold (as
    OpenSpiel's resampler does for IS-MCTS), shuffled among them."""
    from engine.bots.kachuful import knowledge_of, observe
    from engine.kachuful.rules import KachufulRules
    from engine.kachuful.state import KachufulState

    state = KachufulState.new_game(4, KachufulRules(max_cards=7), seed=3)
    seat = state.current_player()
    assert seat is not None
    bot = bench.make_level("strong:random_play=1+known", 1)
    assert isinstance(bot, bench._InPlayBot)
    bot.in_play = frozenset(c.index for s in range(4) if s != seat
                            for c in state.view(s).hand or ())
    obs = observe(state, seat)
    draw = bot._draw(obs.view, knowledge_of(obs), 10)
    seen = set()
    for _ in range(30):
        hands = draw()
        others = {c for s in range(4) if s != seat for c in hands[s]}
        assert others == bot.in_play
        seen.add(tuple(sorted(hands[(seat + 1) % 4])))
    assert len(seen) > 1  # shuffled among the others


def test_openspiel_resampler_gives_the_cards_in_play_away_from_2_0_on() -> None:
    """The figures docs/bots.md quotes: OpenSpiel's oh_hell resampler, which its IS-MCTS
    searches, deals the others exactly their cards from 2.0 on (commit 3d8df25a) and
    never before (the pinned 1.6.15 deals every card the seat has not seen)."""
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 7,
                                         "off_bid_penalty": True})
    share = bench.in_play_share(pyspiel, game, 7, positions=4, samples=5)
    major = int(bench.openspiel_version().split(".")[0])
    assert share == (1.0 if major >= 2 else 0.0)


def test_the_bench_refuses_a_control_that_sees_the_cards_in_play(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With a leaky resampler the run stops before any deal, with a sentence that says
    why and what to install; --allow-leaky-control goes on."""
    class FakeSpiel:
        @staticmethod
        def load_game(name: str, params: dict[str, object]) -> object:
            return object()

    monkeypatch.setattr(bench, "_pyspiel", lambda: FakeSpiel)
    monkeypatch.setattr(bench, "in_play_share", lambda *a, **k: 1.0)
    monkeypatch.setattr(bench, "openspiel_version", lambda: "2.0.2")
    played: list[object] = []
    monkeypatch.setattr(bench, "play_deal", played.append)
    with pytest.raises(SystemExit) as stop:
        bench.main(["--games", "kachuful", "--cards", "3", "--sims", "5", "--deals", "1"])
    message = str(stop.value.code)
    assert "open-spiel 2.0.2" in message and "100%" in message
    assert "requirements-bench.txt" in message and "--allow-leaky-control" in message
    assert played == []

    class Played(Exception):
        pass

    def first_deal(job: object) -> None:
        raise Played(job)

    monkeypatch.setattr(bench, "play_deal", first_deal)
    with pytest.raises(Played):
        bench.main(["--games", "kachuful", "--cards", "3", "--sims", "5", "--deals", "1",
                    "--allow-leaky-control"])


@pytest.mark.parametrize("control", ["replica", "replica-voids"])
def test_a_deal_against_the_replica_control(control: str) -> None:
    pytest.importorskip("pyspiel")
    bench.CONTROL = control
    try:
        out = bench.play_deal((0, 3, 40, ("basic",), 1))
    finally:
        bench.CONTROL = "openspiel"
    assert len(out.control) == len(out.ours["basic"]) == 4
    assert sum(out.control_tricks) == 3
