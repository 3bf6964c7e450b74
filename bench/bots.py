"""How strong the bots are, and how fast the strong Kachuful bot decides.

For each game, two tournaments of seeded games with the seats rotated every game
(:mod:`engine.bots.tournament`):

* ``basic_vs_random`` — one ``basic`` bot against three ``random`` bots;
* ``strong_vs_basic`` — one ``strong`` bot against three ``basic`` bots.

It prints the first position's win rate (ties shared) and mean score, each with its 95%
interval (normal approximation over the games). A seat's fair share is 1/4; the target is
an interval whose low end is above it, and for the strong Krypkasino line-up above 0.30
(issue 16). What a "game" is, printed as ``# game:`` lines:

* Kachuful: a whole game on a short schedule, ``max_cards`` 5 by default (hands of
  5, 4, 3, 2, 1, 2, 3, 4, 5 cards: nine hands, four players), so that 500 games with a
  strong bot fit in a few minutes; ``--max-cards`` changes it.
* Krypkasino: a whole session as C-15 defines the game (four players, four deals of
  104 cards, each player dealing once; lowest total wins); ``--deals`` makes a game of
  one deal instead (faster, but one deal is mostly luck). The strong line-up plays 1,000
  sessions (``--krypkasino-strong-games``), not 500: a session is decided by much besides
  skill (a deal's score has a standard deviation of about 19 points), and at 500 the
  interval of a win rate near 0.29 is about ±0.04, so whether its low end clears 0.25
  depends on the seed (0.2525 with seed 2024, 0.244 with seed 7).

Then the decision time of the strong Kachuful bot in 13-card hands (the first hand of a
default four-player game, the other seats ``basic``): every decision it makes in those
hands (its bid and each card), median and worst. And the same for the strong
Krypkasino bot over whole deals.

Prints ``BENCH <name> <value> <unit>`` lines. Usage:
``python bench/bots.py [--games 500] [--krypkasino-strong-games 1000] [--workers 2]
[--max-cards 5] [--timing-hands 12] [--only kachuful|krypkasino|krypkasino-strong|timing]``
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.bots import bot_move, make_bot  # noqa: E402
from engine.bots.tournament import TournamentResult, run_tournament  # noqa: E402
from engine.kachuful.rules import KachufulRules, hand_sizes  # noqa: E402
from engine.kachuful.state import KachufulState  # noqa: E402
from engine.krypkasino.rules import KrypkasinoRules  # noqa: E402
from engine.krypkasino.state import KrypkasinoState  # noqa: E402
from lab.pool import die_with_parent  # noqa: E402

PLAYERS = 4


#: Issue 16's target for the strong Krypkasino bot against three basic bots: the low end
#: of its win rate's interval above this (the fair share is 0.25).
KRYPKASINO_STRONG_TARGET = 0.30


def report(name: str, result: TournamentResult, elapsed: float, target: float | None = None
           ) -> bool:
    """Print the BENCH lines of position 0; True when the interval clears ``target`` (by
    default the fair share)."""
    seat = result.seats[0]
    bar = 1 / len(result.lineup) if target is None else target
    wr, sc = seat.win_rate, seat.score
    print(f"BENCH {name}.win_rate {wr.mean:.4f} share")
    print(f"BENCH {name}.win_rate.ci_low {wr.low:.4f} share")
    print(f"BENCH {name}.win_rate.ci_high {wr.high:.4f} share")
    print(f"BENCH {name}.mean_score {sc.mean:.2f} points")
    print(f"BENCH {name}.mean_score.ci_low {sc.low:.2f} points")
    print(f"BENCH {name}.mean_score.ci_high {sc.high:.2f} points")
    others = [s.score.mean for s in result.seats[1:]]
    print(f"BENCH {name}.others_mean_score {statistics.mean(others):.2f} points")
    print(f"BENCH {name}.games {seat.games} games")
    print(f"BENCH {name}.elapsed_s {elapsed:.1f} s")
    ok = wr.low > bar
    what = "fair share" if target is None else "target"
    print(f"# {name}: win rate {wr.mean:.3f} [{wr.low:.3f}, {wr.high:.3f}] vs {what} "
          f"{bar:.3f}: {'target met' if ok else 'TARGET MISSED'}", flush=True)
    return ok


def tournaments(game: str, rules: dict[str, object], games: int, workers: int,
                seed: int, strong_games: int | None = None, only: str | None = None) -> bool:
    """Both line-ups of ``game`` (``only``: one of them), ``games`` games each (the strong
    line-up ``strong_games`` when given)."""
    ok = True
    for name, lineup in (("basic_vs_random", ["basic", "random", "random", "random"]),
                         ("strong_vs_basic", ["strong", "basic", "basic", "basic"])):
        if only is not None and name != only:
            continue
        if name == "strong_vs_basic" and strong_games is not None:
            games = strong_games
        print(f"# {game} {name}: {games} games", flush=True)
        start = time.perf_counter()
        result = run_tournament(game, lineup, games, seed=seed, rules=rules, workers=workers)
        target = (KRYPKASINO_STRONG_TARGET if (game, name) == ("krypkasino", "strong_vs_basic")
                  else None)
        ok = report(f"bots.{game}.{name}", result, time.perf_counter() - start, target) and ok
    return ok


def kachuful_decision_times(hands: int, seed: int
                            ) -> tuple[list[float], list[float], list[float]]:
    """Seconds per strong decision over ``hands`` 13-card hands: bids, every decision
    (wall clock), every decision (process CPU time, which other programs' load on the
    machine does not inflate)."""
    bids: list[float] = []
    every: list[float] = []
    cpu: list[float] = []
    for k in range(hands):
        state = KachufulState.new_game(PLAYERS, KachufulRules(), seed=seed + k)
        strong_seat = k % PLAYERS
        bots = [make_bot("kachuful", "strong" if s == strong_seat else "basic", seed + s)
                for s in range(PLAYERS)]
        while state.hand_number == 1 and not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            bidding = state.bids[seat] is None
            start = time.perf_counter()
            start_cpu = time.process_time()
            action, _ = bot_move(state, bots[seat])
            elapsed = time.perf_counter() - start
            if seat == strong_seat:
                every.append(elapsed)
                cpu.append(time.process_time() - start_cpu)
                if bidding:
                    bids.append(elapsed)
            state.apply(action)
    return bids, every, cpu


def krypkasino_decision_times(deals: int, seed: int) -> list[float]:
    times: list[float] = []
    for k in range(deals):
        state = KrypkasinoState.new_game(PLAYERS, KrypkasinoRules(session=1), seed + k)
        bots = [make_bot("krypkasino", "strong" if s == 0 else "basic", seed + s)
                for s in range(PLAYERS)]
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            start = time.perf_counter()
            action, _ = bot_move(state, bots[seat])
            if seat == 0:
                times.append(time.perf_counter() - start)
            state.apply(action)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="games per tournament")
    parser.add_argument("--workers", type=int, default=2, help="worker processes")
    parser.add_argument("--max-cards", type=int, default=5, help="Kachuful's largest hand")
    parser.add_argument("--deals", action="store_true",
                        help="Krypkasino games are single deals, not whole sessions")
    parser.add_argument("--timing-hands", type=int, default=12,
                        help="13-card hands timed for the strong Kachuful bot")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--krypkasino-strong-games", type=int, default=1000,
                        help="sessions for Krypkasino's strong line-up (see the docstring)")
    parser.add_argument("--only", choices=["kachuful", "krypkasino", "krypkasino-strong",
                                           "timing"], default=None)
    args = parser.parse_args(argv)
    # The tournaments' worker processes (forked by run_tournament's pool) exit when this
    # process is killed, instead of playing on as orphans.
    os.register_at_fork(after_in_child=die_with_parent)

    ok = True
    if args.only in (None, "timing"):
        load = os.getloadavg()[0]
        bids, every, cpu = kachuful_decision_times(args.timing_hands, args.seed)
        print(f"# timing: {len(every)} strong decisions in {args.timing_hands} 13-card hands "
              f"(4 players), {len(bids)} of them bids; load average {load:.1f} on "
              f"{os.cpu_count()} cores")
        median, worst = statistics.median(every), max(every)
        print(f"BENCH bots.kachuful.strong.decision_s.median {median:.4f} s")
        print(f"BENCH bots.kachuful.strong.decision_s.worst {worst:.4f} s")
        print(f"BENCH bots.kachuful.strong.decision_s.bid_median {statistics.median(bids):.4f} s")
        print(f"BENCH bots.kachuful.strong.decision_cpu_s.median {statistics.median(cpu):.4f} s")
        print(f"BENCH bots.kachuful.strong.decision_cpu_s.worst {max(cpu):.4f} s")
        fine = median < 1.0 and worst < 2.0
        print(f"# strong Kachuful decision: median {median:.3f} s (target < 1), worst "
              f"{worst:.3f} s (target < 2): {'target met' if fine else 'TARGET MISSED'}")
        ok = ok and fine
        times = krypkasino_decision_times(2, args.seed)
        print(f"BENCH bots.krypkasino.strong.decision_s.median {statistics.median(times):.4f} s")
        print(f"BENCH bots.krypkasino.strong.decision_s.worst {max(times):.4f} s", flush=True)
    if args.only in (None, "kachuful"):
        rules: dict[str, object] = {"max_cards": args.max_cards}
        sizes = KachufulRules(max_cards=args.max_cards)
        print(f"# game: Kachuful, 4 players, max_cards {args.max_cards}: hands "
              f"{hand_sizes(PLAYERS, sizes)}, {args.games} games per line-up", flush=True)
        ok = tournaments("kachuful", rules, args.games, args.workers, args.seed) and ok
    if args.only in (None, "krypkasino", "krypkasino-strong"):
        kr: dict[str, object] = {"session": 1} if args.deals else {}
        what = "one deal of 104 cards" if args.deals else "a session of 4 deals (C-15)"
        print(f"# game: Krypkasino, 4 players, {what}", flush=True)
        ok = tournaments("krypkasino", kr, args.games, args.workers, args.seed,
                         strong_games=args.krypkasino_strong_games,
                         only="strong_vs_basic" if args.only == "krypkasino-strong"
                         else None) and ok
    print(f"# overall: {'every target met' if ok else 'some target missed'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
