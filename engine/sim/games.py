"""Whole games between bot line-ups, recorded round by round, for both games.

A *line-up* names a bot level per position; game ``i`` of a study seats position ``p`` at
seat ``(p + rotation) % n`` (``rotation = i % n``, as :mod:`engine.bots.tournament` does),
so every position deals and leads equally often. Everything in a :class:`GameRecord` is by
line-up *position*, not by seat.

* Kachuful (:func:`kachuful_game`): a round is a hand; random and basic bots play on the
  fast path of :mod:`engine.sim.kachuful_play`, strong bots through the public API.
* Krypkasino (:func:`krypkasino_game`): a round is a lot (C-11) — the running score after
  each lot is the finished deals' totals plus the current deal's card points captured so
  far and its sweep points; bots play through :func:`engine.bots.observe` and the
  engine's ``apply_unchecked``.

>>> from engine.kachuful.rules import KachufulRules
>>> g = kachuful_game(KachufulRules(max_cards=3), ["basic", "random", "random"], seed=5)
>>> len(g.rounds), sum(map(sum, g.rounds)) == sum(g.totals)
(5, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.bots import make_bot, observe
from engine.game import best_seats
from engine.kachuful.rules import KachufulRules
from engine.krypkasino.rules import KrypkasinoRules
from engine.krypkasino.state import KrypkasinoState
from engine.rng import Rng
from engine.sim.kachuful_play import play_game

__all__ = ["GameRecord", "bot_seeds", "kachuful_game", "krypkasino_game", "halftime_round"]


@dataclass(frozen=True)
class GameRecord:
    """One game by line-up position: each round's points, the totals, the winners (ties
    share), and game figures: ``exact`` (Kachuful: bids made / bids), ``sweeps`` and
    ``deal_scores`` (Krypkasino: per deal, scores by position relative to the dealer,
    0 = first to play, n-1 = the dealer), ``length`` (hands or deals) and ``plays``
    (cards played)."""

    rounds: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    length: int
    plays: int
    exact: tuple[int, int] = (0, 0)
    sweeps: int = 0
    deal_scores: tuple[tuple[int, ...], ...] = field(default=())

    def cumulative(self, position: int) -> list[int]:
        """The running total of ``position`` after each round."""
        out, total = [], 0
        for row in self.rounds:
            total += row[position]
            out.append(total)
        return out

    def leaders_after(self, rounds: int, lowest: bool) -> list[int]:
        """The positions leading after ``rounds`` rounds (several on a tie)."""
        n = len(self.totals)
        totals = [sum(row[p] for row in self.rounds[:rounds]) for p in range(n)]
        return list(best_seats(totals, "lowest-total" if lowest else "highest-total"))


def halftime_round(rounds: int) -> int:
    """The round after which the half-time leader is taken: half the rounds, rounded
    down, at least one."""
    return max(1, rounds // 2)


def bot_seeds(seed: int, players: int) -> list[int]:
    """One seed per line-up position, from the game's seed."""
    rng = Rng(seed ^ 0x5DEECE66D)
    return [rng.next_u64() for _ in range(players)]


def _winners(totals: Sequence[int], lowest: bool) -> tuple[int, ...]:
    return best_seats(totals, "lowest-total" if lowest else "highest-total")


def kachuful_game(rules: KachufulRules, lineup: Sequence[str], seed: int, rotation: int = 0,
                  fast: bool = True) -> GameRecord:
    """A whole Kachuful game (``KachufulState.new_game(n, rules, seed)``'s deals)."""
    n = len(lineup)
    seat_of = [(p + rotation) % n for p in range(n)]
    levels = [""] * n
    seeds = [0] * n
    for p, s in enumerate(bot_seeds(seed, n)):
        levels[seat_of[p]] = lineup[p]
        seeds[seat_of[p]] = s
    game = play_game(n, rules, seed, levels, seeds, fast=fast)
    rounds = tuple(tuple(h.scores[seat_of[p]] for p in range(n)) for h in game.hands)
    totals = tuple(game.totals[seat_of[p]] for p in range(n))
    made = sum(sum(h.exact) for h in game.hands)
    return GameRecord(rounds, totals, _winners(totals, lowest=False), len(game.hands),
                      sum(h.size for h in game.hands) * n, exact=(made, len(game.hands) * n))


def krypkasino_game(rules: KrypkasinoRules, lineup: Sequence[str], seed: int,
                    rotation: int = 0) -> GameRecord:
    """A Krypkasino session (``KrypkasinoState.new_game(n, rules, seed)``), a round per lot."""
    n = len(lineup)
    seat_of = [(p + rotation) % n for p in range(n)]
    bots = [make_bot("krypkasino", "basic")] * n
    for p, s in enumerate(bot_seeds(seed, n)):
        bots[seat_of[p]] = make_bot("krypkasino", lineup[p], s)
    state = KrypkasinoState.new_game(n, rules, seed)
    running = [0] * n
    rounds: list[tuple[int, ...]] = []
    where = (state.deal_index, state.lot)
    plays = 0

    def close_round() -> None:
        now = [state.totals[s] + (state.deal_result().scores[s]
                                  if not state.is_terminal() else 0) for s in range(n)]
        rounds.append(tuple(now[seat_of[p]] - running[seat_of[p]] for p in range(n)))
        running[:] = now

    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        state.apply_unchecked(bots[seat].decide(observe(state, seat)).action)
        plays += 1
        if state.is_terminal() or (state.deal_index, state.lot) != where:
            close_round()
            where = (state.deal_index, state.lot)
    totals = tuple(state.totals[seat_of[p]] for p in range(n))
    deal_scores = tuple(tuple(r.scores[(r.dealer + 1 + k) % n] for k in range(n))
                        for r in state.results)
    sweeps = sum(len(r.sweeps) for r in state.results)
    return GameRecord(tuple(rounds), totals, _winners(totals, lowest=True), len(state.results),
                      plays, sweeps=sweeps, deal_scores=deal_scores)
