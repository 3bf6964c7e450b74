"""Seeded games between line-ups of bots, seats rotated, with per-seat results.

A *line-up* names one bot level per seat position (``["strong", "basic", "basic",
"basic"]``). Game ``i`` of a tournament is dealt from a seed derived from the
tournament's seed and ``i``, and rotates the line-up by ``i`` seats, so every position
deals and leads equally often. Every result depends only on the seed (not on the number
of worker processes).

A Kachuful game is the whole schedule of the variant (choose ``max_cards`` for shorter
games); a Krypkasino game is a session as the variant defines it (``session=1`` makes a
game of one deal). Kachuful's highest total wins, Krypkasino's lowest; tied winners share
the win (each gets ``1/k``).

>>> r = run_tournament("kachuful", ["basic", "random", "random"], games=3, seed=1,
...                    rules={"max_cards": 2})
>>> [round(s.wins, 2) for s in r.seats] == [round(sum(g.shares[p] for g in r.results), 2)
...                                           for p in range(3)]
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from engine.bots import bot_move, make_bot
from engine.bots.common import Interval, mean_interval
from engine.registry import GAMES
from engine.rng import Rng

__all__ = ["GameResult", "SeatResult", "TournamentResult", "game_seed", "play_game",
           "run_tournament"]


@dataclass(frozen=True)
class GameResult:
    """One game: ``scores`` and win ``shares`` by line-up position (not by seat)."""

    index: int
    seed: int
    rotation: int
    scores: tuple[int, ...]
    shares: tuple[float, ...]


@dataclass(frozen=True)
class SeatResult:
    """A line-up position over the tournament: wins (ties shared), win rate and mean
    score, each rate with its 95% interval."""

    position: int
    level: str
    games: int
    wins: float
    win_rate: Interval
    score: Interval


@dataclass(frozen=True)
class TournamentResult:
    game: str
    lineup: tuple[str, ...]
    seed: int
    rules: Mapping[str, Any]
    results: tuple[GameResult, ...]
    seats: tuple[SeatResult, ...] = field(default=())


def game_seed(seed: int, index: int) -> int:
    """The deal seed of game ``index`` of the tournament ``seed``."""
    return Rng(seed * 0x100000001B3 + index).next_u64()


def _bot_seed(gseed: int, position: int) -> int:
    return Rng(gseed ^ (0x9E3779B97F4A7C15 * (position + 1))).next_u64()


def play_game(game: str, lineup: Sequence[str], seed: int, rules: Mapping[str, Any] | None = None,
              rotation: int = 0, index: int = 0,
              options: Mapping[str, Mapping[str, Any]] | None = None) -> GameResult:
    """Play one whole game: line-up position ``p`` sits in seat ``(p + rotation) % n``.

    ``options`` maps a level to the keyword options of its bots (e.g. sample counts).
    """
    n = len(lineup)
    opts = options or {}
    bots = {(p + rotation) % n: make_bot(game, level, _bot_seed(seed, p), **opts.get(level, {}))
            for p, level in enumerate(lineup)}
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}")
    spec = GAMES[game]
    state = spec.new_state(n, spec.rules(rules), seed)
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        action, _ = bot_move(state, bots[seat])
        state.apply(action)
    totals = state.scores()
    winners = list(spec.outcome(totals).winners)
    by_position = [(p + rotation) % n for p in range(n)]
    return GameResult(
        index=index, seed=seed, rotation=rotation,
        scores=tuple(totals[s] for s in by_position),
        shares=tuple(1.0 / len(winners) if s in winners else 0.0 for s in by_position))


def _play_indexed(args: tuple[str, tuple[str, ...], int, int, Mapping[str, Any] | None,
                              Mapping[str, Mapping[str, Any]] | None]) -> GameResult:
    game, lineup, seed, index, rules, options = args
    return play_game(game, lineup, game_seed(seed, index), rules, index % len(lineup), index,
                     options)


def summarize(game: str, lineup: Sequence[str], seed: int, rules: Mapping[str, Any] | None,
              results: Sequence[GameResult]) -> TournamentResult:
    """Per-position totals of a list of games."""
    seats = []
    for p, level in enumerate(lineup):
        shares = [g.shares[p] for g in results]
        scores = [float(g.scores[p]) for g in results]
        seats.append(SeatResult(p, level, len(results), sum(shares), mean_interval(shares),
                                mean_interval(scores)))
    return TournamentResult(game, tuple(lineup), seed, dict(rules or {}), tuple(results),
                            tuple(seats))


def run_tournament(game: str, lineup: Sequence[str], games: int, seed: int = 0,
                   rules: Mapping[str, Any] | None = None, workers: int = 1,
                   options: Mapping[str, Mapping[str, Any]] | None = None) -> TournamentResult:
    """``games`` seeded games of ``lineup`` (seats rotated each game), on ``workers``
    processes (1 = in this process); the same seed gives the same results."""
    if games < 1:
        raise ValueError("play at least one game")
    jobs = [(game, tuple(lineup), seed, i, rules, options) for i in range(games)]
    if workers <= 1:
        results = [_play_indexed(job) for job in jobs]
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(_play_indexed, jobs, chunksize=max(1, games // (8 * workers))))
    return summarize(game, lineup, seed, rules, results)
