"""Krypkasino against an outside anchor: OpenSpiel's IS-MCTS, on duplicate deals.

The Krypkasino half of ``bench/bots_vs_ismcts.py`` (which imports this module and calls
``add_arguments`` and ``main_rows``); it also runs alone. The game is
``bench/spiel_krypkasino.py``: one four-player deal of Krypkasino behind pyspiel's game
interface. OpenSpiel's C++ ``ISMCTSBot`` cannot search a Python game (see that module:
pyspiel does not forward ``ResampleFromInfostate`` to Python), so the anchor is OpenSpiel's
own Python ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with the same settings as the
Kachuful half: a ``RandomRolloutEvaluator`` with one rollout, ``uct_c`` 2, ``N``
simulations, unlimited world samples (each simulation resamples the hidden cards, from
a seeded generator, so a run depends on its seeds only), final policy the most visited
action; its one rollout is played by the engine's ``random_playout`` (the same uniform
random play to the end of the deal, see ``_playout_evaluator``). Its rewards are the game's returns, minus the deal
scores (lowest wins, C-15).

Each deal (seeded: the dealer and the order of the 104 cards are fed to the chance nodes)
is played

* once with IS-MCTS in all four seats: the control, and
* once per level with our bot in one seat (seat ``deal % 4``, so every seat and every
  position relative to the dealer is ours equally often) and the same IS-MCTS bots (same
  seeds) in the other three.

Our bot plays through the engine state inside the pyspiel state; it sees only
``observe(state, seat)``, and its play goes back as the pyspiel action of that play.

Figures, per sims/level (``<deals>`` is the number of deals):

* ``diff_per_hand`` — the control's score in our seat minus our bot's score there, per
  deal (points; lower scores win, so a positive difference means our bot conceded fewer
  points than IS-MCTS in the same seat of the same deal), with its 95% interval
  ``ci_low`` / ``ci_high`` (normal approximation over deals);
* ``made_rate`` — the share of deals where our seat scored at or below the table's mean
  (a deal's scores add up to 42, so 10.5 with four players): "made" for Krypkasino is
  "did no worse than an average seat"; ``control.made_rate`` is the same for IS-MCTS in
  that seat;
* ``sec_per_decision`` — our bot's mean wall time per decision (every play, single legal
  plays included); ``ismcts_sec_per_decision`` the IS-MCTS bots' in the control.

Usage (alone): ``python bench/ismcts_krypkasino.py [--sims 200 1000] [--levels strong]
[--krypkasino-deals 12] [--seed 1] [--workers 1]``; ``--from-log FILE`` prints the
figures of the deals an earlier run (its stderr in FILE) had finished.
"""

from __future__ import annotations

import argparse
import math
import random
import re
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

PLAYERS = 4
UCT_C = 2.0
_MEAN = 42 / PLAYERS


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of the Krypkasino half (the shared ones are ``--sims``, ``--levels``,
    ``--seed``, ``--workers``)."""
    parser.add_argument("--krypkasino-deals", type=int, default=12,
                        help="Krypkasino deals per sims/level (each also plays a control)")
    parser.add_argument("--krypkasino-sims", type=int, nargs="+", default=None,
                        help="IS-MCTS simulations for Krypkasino (default: --sims)")
    parser.add_argument("--krypkasino-levels", nargs="+", default=None,
                        choices=["random", "basic", "strong"],
                        help="our levels for Krypkasino (default: --levels)")


def _bot(level: str, seed: int) -> Any:
    from engine.bots import make_bot
    return make_bot("krypkasino", level, seed=seed)


def _playout_evaluator(seed: int) -> Any:
    """OpenSpiel's ``RandomRolloutEvaluator`` with one rollout, for this game: the same
    uniform random play to the end of the deal from the leaf, but played by the engine's
    ``random_playout`` in one call instead of step by step through pyspiel (the
    rollouts are most of IS-MCTS's time). Its prior is uniform, as OpenSpiel's is."""
    import numpy as np
    from open_spiel.python.algorithms import mcts

    class RandomPlayoutEvaluator(mcts.Evaluator):  # type: ignore[misc]
        def __init__(self) -> None:
            self.rng = random.Random(seed)

        def evaluate(self, state: Any) -> Any:
            if state.is_terminal():
                return np.array(state.returns())
            world = state.engine.clone()
            world.random_playout(self.rng, to_end_of_deal=True)
            return np.array([-float(x) for x in world.scores()])

        def prior(self, state: Any) -> list[tuple[int, float]]:
            legal = state.legal_actions(state.current_player())
            return [(a, 1.0 / len(legal)) for a in legal]

    return RandomPlayoutEvaluator()


def _ismcts(game: Any, sims: int, seed: int, fast: bool = True) -> Any:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts
    evaluator = (_playout_evaluator(seed) if fast
                 else mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)))
    bot = ismcts.ISMCTSBot(game, evaluator, UCT_C, sims,
                           random_state=np.random.RandomState(seed + 1),
                           final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    # The worlds from a seeded generator (by default the Python IS-MCTS hands the state
    # a pyspiel.UniformProbabilitySampler, which seeds itself at random): a run then
    # depends on its seeds only.
    worlds = random.Random(seed + 2)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, worlds.random))
    return bot


def _deal(seed: int) -> tuple[int, list[int]]:
    """The dealer and the card order of deal ``seed`` (our engine's shuffle)."""
    from engine.krypkasino.state import shuffled_ids
    return random.Random(seed).randrange(PLAYERS), shuffled_ids(seed)


def play_deal(seed: int, sims: int, ours: int | None, level: str | None
              ) -> tuple[list[int], list[float], list[float]]:
    """One deal: IS-MCTS everywhere, or our ``level`` bot in seat ``ours``. Returns the
    scores, our decision times and the IS-MCTS decision times."""
    import pyspiel
    import spiel_krypkasino as sk

    from engine.bots.krypkasino import observe
    game = pyspiel.load_game(sk.SHORT_NAME, {"players": PLAYERS})
    state = game.new_initial_state()
    dealer, order = _deal(seed)
    state.apply_action(dealer)
    for c in order:
        state.apply_action(c)
    searchers = [_ismcts(game, sims, seed * 101 + 7 * s + 3) for s in range(PLAYERS)]
    bot = _bot(level, seed) if level is not None else None
    mine: list[float] = []
    theirs: list[float] = []
    while not state.is_terminal():
        seat = state.current_player()
        engine = state.engine
        if seat == ours and bot is not None:
            t = time.perf_counter()
            play = bot.decide(observe(engine, seat)).action
            mine.append(time.perf_counter() - t)
            move = (play.card.index, tuple(c.index for c in play.take or ()))
            legal = engine.legal_moves()
            if move not in legal:  # same cards, another copy order: match as sets
                move = next(m for m in legal if m[0] == move[0]
                            and sorted(m[1]) == sorted(move[1]))
            action = sk.encode(legal, move)
        else:
            t = time.perf_counter()
            action = searchers[seat].step(state)
            theirs.append(time.perf_counter() - t)
        state.apply_action(int(action))
    return [-int(r) for r in state.returns()], mine, theirs


def _task(job: tuple[int, int, int | None, str | None]) -> tuple[Any, ...]:
    seed, sims, ours, level = job
    return (job, *play_deal(seed, sims, ours, level))


def _progress(result: tuple[Any, ...]) -> None:
    """One finished game on stderr (a long run can be read before it ends)."""
    (seed, sims, ours, level), scores, mine, theirs = result
    print(f"krypkasino deal {seed} sims{sims} {level or 'control'} seat {ours}: scores "
          f"{scores}, {len(mine)} decisions of ours, {len(theirs)} of IS-MCTS",
          file=sys.stderr, flush=True)


def _interval(values: Sequence[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean, mean
    half = 1.959964 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def main_rows(args: argparse.Namespace) -> list[tuple[str, float, str]]:
    """Play the deals and return ``(name, value, unit)`` rows for ``BENCH`` lines."""
    deals = int(getattr(args, "krypkasino_deals", None) or 12)
    sims_list = getattr(args, "krypkasino_sims", None) or getattr(args, "sims", None) or [200]
    # The shared --levels may hold Kachuful option specs ("strong@bids", "strong:..."):
    # only plain level names apply here.
    levels = getattr(args, "krypkasino_levels", None) or [
        lv for lv in (getattr(args, "levels", None) or []) if lv in ("random", "basic", "strong")
    ] or ["strong"]
    seed0 = int(getattr(args, "seed", 1) or 1)
    workers = int(getattr(args, "workers", 1) or 1)
    seeds = [seed0 * 1_000_003 + 17 * d for d in range(deals)]
    jobs: list[tuple[int, int, int | None, str | None]] = []
    for sims in sims_list:
        for d, seed in enumerate(seeds):
            jobs.append((seed, sims, None, None))
            jobs.extend((seed, sims, d % PLAYERS, level) for level in levels)
    if workers > 1:
        import multiprocessing
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            results = []
            for r in pool.imap_unordered(_task, jobs):
                results.append(r)
                _progress(r)
    else:
        results = []
        for j in jobs:
            results.append(_task(j))
            _progress(results[-1])
    by_job = {r[0]: r[1:] for r in results}
    rows: list[tuple[str, float, str]] = []
    for sims in sims_list:
        base = f"bots_vs_ismcts.krypkasino.{deals}.sims{sims}"
        control_made = []
        control_times: list[float] = []
        for d, seed in enumerate(seeds):
            scores, _, times = by_job[(seed, sims, None, None)]
            control_made.append(1.0 if scores[d % PLAYERS] <= _MEAN else 0.0)
            control_times.extend(times)
        rows.append((f"{base}.control.made_rate", round(statistics.fmean(control_made), 3), "share"))
        rows.append((f"{base}.control.mean_per_hand", round(statistics.fmean(
            by_job[(seed, sims, None, None)][0][d % PLAYERS] for d, seed in enumerate(seeds)),
            2), "points"))
        rows.append((f"{base}.ismcts_sec_per_decision",
                     round(statistics.fmean(control_times), 4), "s"))
        for level in levels:
            diffs, made, times, mine = [], [], [], []
            for d, seed in enumerate(seeds):
                seat = d % PLAYERS
                control = by_job[(seed, sims, None, None)][0][seat]
                scores, ours_times, _ = by_job[(seed, sims, seat, level)]
                diffs.append(control - scores[seat])
                made.append(1.0 if scores[seat] <= _MEAN else 0.0)
                mine.append(scores[seat])
                times.extend(ours_times)
            mean, low, high = _interval(diffs)
            name = f"{base}.{level}"
            rows += [(f"{name}.diff_per_hand", round(mean, 2), "points"),
                     (f"{name}.ci_low", round(low, 2), "points"),
                     (f"{name}.ci_high", round(high, 2), "points"),
                     (f"{name}.made_rate", round(statistics.fmean(made), 3), "share"),
                     (f"{name}.mean_per_hand", round(statistics.fmean(mine), 2), "points"),
                     (f"{name}.sec_per_decision", round(statistics.fmean(times), 4), "s")]
    return rows


_LOG_LINE = re.compile(r"krypkasino deal (\d+) sims(\d+) (\w+) seat (\w+): scores \[([-\d, ]+)\]")


def rows_from_log(lines: Sequence[str]) -> list[tuple[str, float, str]]:
    """The rows of the deals a run has finished so far, read from its stderr progress
    lines (a long run stopped early still counts its complete deals; no timings)."""
    games: dict[tuple[int, int, str], tuple[int | None, list[int]]] = {}
    for line in lines:
        m = _LOG_LINE.search(line)
        if m:
            seat = None if m.group(4) == "None" else int(m.group(4))
            games[(int(m.group(1)), int(m.group(2)), m.group(3))] = (
                seat, [int(x) for x in m.group(5).split(",")])
    rows: list[tuple[str, float, str]] = []
    for sims in sorted({k[1] for k in games}):
        levels = sorted({k[2] for k in games if k[1] == sims and k[2] != "control"})
        for level in levels:
            diffs, made = [], []
            for (seed, n, lv), (seat, scores) in sorted(games.items()):
                control = games.get((seed, n, "control"))
                if n != sims or lv != level or control is None or seat is None:
                    continue
                diffs.append(control[1][seat] - scores[seat])
                made.append(1.0 if scores[seat] <= _MEAN else 0.0)
            if not diffs:
                continue
            mean, low, high = _interval(diffs)
            name = f"bots_vs_ismcts.krypkasino.{len(diffs)}.sims{sims}.{level}"
            rows += [(f"{name}.diff_per_hand", round(mean, 2), "points"),
                     (f"{name}.ci_low", round(low, 2), "points"),
                     (f"{name}.ci_high", round(high, 2), "points"),
                     (f"{name}.made_rate", round(statistics.fmean(made), 3), "share")]
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, nargs="+", default=[200, 1000])
    parser.add_argument("--levels", nargs="+", default=["strong"],
                        choices=["random", "basic", "strong"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--from-log", type=Path, default=None,
                        help="only read the progress lines of an earlier run's stderr")
    add_arguments(parser)
    args = parser.parse_args(argv)
    rows = (rows_from_log(args.from_log.read_text().splitlines()) if args.from_log
            else main_rows(args))
    for name, value, unit in rows:
        print(f"BENCH {name} {value} {unit}".rstrip(), flush=True)


if __name__ == "__main__":
    main()
