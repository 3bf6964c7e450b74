"""Benchmark: complete Krypkasino deals of random legal play per second.

Whole sessions are played (every deal to its end, the deal passing to the left) by
picking uniformly among the legal plays, through the fast path (the state's
``random_playout``, which fuses ``legal_moves()`` and ``apply_move`` on card ids; on
commits older than issue 16, which lack them, ``legal_actions()`` and
``apply_unchecked``) and through the checked API
(``legal_actions()`` and ``apply``, which validates the action and builds the events).
Both lists hold the same plays in the same order, so a seed plays the same games either
way, and the script runs unchanged against an older checkout for a side-by-side figure. CPU time of this process is measured, so other work on the machine does not
inflate the figures. Prints ``BENCH <name> <value> <unit>`` lines, each the median of
several timed runs:

    python bench/krypkasino_random_play.py [--seconds 1.5] [--runs 5] [--players 2 4]
        [--paths fast checked]

Side by side with an older commit: ``git worktree add /tmp/old <commit>``, copy this
file into ``/tmp/old/bench/`` and run both copies alternately (each measures the engine
next to it).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.krypkasino.state import KrypkasinoState  # noqa: E402


def deals_per_second(players: int, checked: bool, seconds: float, seed: int) -> float:
    """Play whole sessions (one deal per player, the deal passing on) for about
    ``seconds`` of CPU time; return finished deals per second."""
    rnd = random.Random(seed)
    deals = 0
    start = time.process_time()
    session_seed = seed * 1_000_003
    while True:
        session_seed += 1
        state = KrypkasinoState.new_game(players, seed=session_seed)
        if not checked and hasattr(state, "random_playout"):
            # The fused playout of the fast path: the same choices as the loop below
            # over legal_moves/apply_move (tested), so the same games.
            state.random_playout(rnd)
            deals += state.deals_played
            if time.process_time() - start >= seconds:
                return deals / (time.process_time() - start)
            continue
        if checked:
            apply, legal = state.apply, state.legal_actions
        elif hasattr(state, "legal_moves"):  # the id-level fast path (since issue 16)
            apply, legal = state.apply_move, state.legal_moves
        else:  # older commits: the fast path was legal_actions + apply_unchecked
            apply, legal = state.apply_unchecked, state.legal_actions
        is_terminal = state.is_terminal
        while not is_terminal():
            actions = legal()
            apply(actions[int(rnd.random() * len(actions))])
        deals += state.deals_played
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return deals / elapsed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.5, help="length of one timed run")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per figure (median)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4],
                        help="player counts to measure")
    parser.add_argument("--paths", nargs="+", choices=["fast", "checked"],
                        default=["fast", "checked"], help="which API to measure")
    args = parser.parse_args(argv)
    # Warm-up: the capture solver keeps its answers per (value, table), as a game would.
    deals_per_second(4, False, args.seconds, seed=999)
    paths = [(checked, name) for checked, name, path in (
        (False, "deals_per_s", "fast"), (True, "checked_deals_per_s", "checked"))
        if path in args.paths]
    for players in args.players:
        for checked, name in paths:
            runs = [deals_per_second(players, checked, args.seconds, seed=r)
                    for r in range(args.runs)]
            print(f"BENCH krypkasino.{name}.{players} {statistics.median(runs):.0f} deals/s",
                  flush=True)


if __name__ == "__main__":
    main()
