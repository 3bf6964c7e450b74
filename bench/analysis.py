"""The analyst's speed and calibration (issue 27; docs/analysis.md).

* ``analysis.exact_k7_median_s`` / ``.max_s`` — the exact Kachuful analysis
  (``analyse(state, exact=True)``: every legal card of the first lead, can the seat force
  exactly its bid, and the points it can guarantee) of 4-player hands with 7 cards in
  every hand, the bids made by basic bots; ``analysis.exact_k7_bids_median_s`` the same
  for every legal bid before the play; ``analysis.exact_k5_max_s`` the slowest of every
  position (each card decision) of 5-card hands played out.
* ``analysis.seat_decision_median_s`` / ``.p95_s`` — one decision (a bid or a card of a
  7-card hand) analysed from the seat's information at the default budget.
* ``analysis.review_k7_median_s`` / ``.max_s`` — the review of one seat's decisions in a
  whole 7-card hand (its bid and its seven cards).
* ``analysis.krypkasino_decision_median_s`` / ``.p95_s`` — one Krypkasino play analysed
  from the seat's information at the default budget (four players, basic bots, the
  first ``--plays`` plays of seeded sessions).
* ``analysis.calibration_max_gap`` — over ``--decisions`` seeded decisions of 4 strong
  bots (every bid and card with a choice, hands of 3 to 7 cards): the predicted chance
  that the deciding seat ends the hand with exactly its bid, after the action the bot
  took, against the observed frequency, by decile of the prediction (each decile is
  printed: its decisions, mean prediction, observed share and gap); the largest gap over
  every decile that holds a decision (an empty decile has no observed share: it is
  printed as empty and skipped), and ``analysis.calibration_max_gap_min_bin`` the
  largest over deciles of at least ``--min-bin`` decisions. ``--dump PATH`` writes each
  decision (predicted, made, hand, seat) as it goes: the training data of
  :data:`engine.analysis.kachuful.CALIBRATION`.

Times are CPU seconds of this process (``time.process_time``). Deals are seeded
(:class:`random.Random`), so a run is repeatable. Run it with ``nice``.

Usage: ``nice -n 10 python bench/analysis.py [--positions 40] [--decisions 2000]
[--skip-calibration] [--only-calibration] [--seed S] [--dump PATH]``;
``python bench/analysis.py --from-dumps DUMP...`` reports dumps pooled.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.analysis import analyse, review  # noqa: E402
from engine.bots import bot_move, make_bot  # noqa: E402
from engine.cards import DECK, Card  # noqa: E402
from engine.kachuful.rules import TRUMP_CYCLE  # noqa: E402
from engine.kachuful.state import HandSetup, KachufulState, Phase  # noqa: E402

PLAYERS = 4


def deal(rng: random.Random, size: int, index: int) -> KachufulState:
    cards = list(DECK)
    rng.shuffle(cards)
    hands = tuple(tuple(cards[s * size:(s + 1) * size]) for s in range(PLAYERS))
    return KachufulState.from_hands(
        PLAYERS, [HandSetup(index % PLAYERS, hands, TRUMP_CYCLE[index % 4])])


def bid_out(state: KachufulState, seed: int) -> None:
    bots = [make_bot("kachuful", "basic", seed + s) for s in range(PLAYERS)]
    while state.phase is Phase.BID:
        state.apply(bot_move(state, bots[state.current_player() or 0])[0])


def timed(fn: Callable[[], object]) -> float:
    """The CPU seconds of ``fn()``."""
    t = time.process_time()
    fn()
    return time.process_time() - t


def exact_figures(positions: int, seed: int) -> None:
    rng = random.Random(seed)
    leads, bids, k5 = [], [], []
    for i in range(positions):
        state = deal(rng, 7, i)
        bids.append(timed(partial(analyse, state, exact=True)))
        bid_out(state, i)
        leads.append(timed(partial(analyse, state, exact=True)))
    for i in range(positions):
        state = deal(rng, 5, i)
        bid_out(state, i)
        while state.phase is Phase.PLAY:
            t = time.process_time()
            a = analyse(state, exact=True)
            k5.append(time.process_time() - t)
            state.apply(a.best.action)
    print(f"BENCH analysis.exact_k7_median_s {statistics.median(leads):.4f} s")
    print(f"BENCH analysis.exact_k7_max_s {max(leads):.4f} s")
    print(f"BENCH analysis.exact_k7_bids_median_s {statistics.median(bids):.4f} s")
    print(f"BENCH analysis.exact_k7_bids_max_s {max(bids):.4f} s")
    print(f"BENCH analysis.exact_k5_max_s {max(k5):.4f} s  # over {len(k5)} positions")


def seat_figures(hands: int, seed: int) -> None:
    rng = random.Random(seed)
    times: list[float] = []
    reviews: list[float] = []
    for i in range(hands):
        state = deal(rng, 7, i)
        bots = [make_bot("kachuful", "basic", i + s) for s in range(PLAYERS)]
        pairs = []
        while not state.is_terminal():
            times.append(timed(partial(analyse, state, seed=i)))
            action, _ = bot_move(state, bots[state.current_player() or 0])
            pairs.append((state.clone(), action))
            state.apply(action)
        seat = i % PLAYERS
        reviews.append(timed(partial(review, pairs, seat)))
    times.sort()
    print(f"BENCH analysis.seat_decision_median_s {statistics.median(times):.4f} s")
    print(f"BENCH analysis.seat_decision_p95_s {times[int(0.95 * (len(times) - 1))]:.4f} s")
    print(f"BENCH analysis.seat_decision_max_s {times[-1]:.4f} s  # over {len(times)}")
    print(f"BENCH analysis.review_k7_median_s {statistics.median(reviews):.4f} s")
    print(f"BENCH analysis.review_k7_max_s {max(reviews):.4f} s")


def krypkasino_figures(plays: int, seed: int) -> None:
    from engine.krypkasino.rules import KrypkasinoRules
    from engine.krypkasino.state import KrypkasinoState

    times: list[float] = []
    session = 0
    while len(times) < plays:
        state = _krypkasino_session(KrypkasinoState, KrypkasinoRules, seed + session)
        bots = [make_bot("krypkasino", "basic", seed + s) for s in range(PLAYERS)]
        while not state.is_terminal() and len(times) < plays and state.deal_index == 0:
            times.append(timed(partial(analyse, state, seed=len(times))))
            state.apply(bot_move(state, bots[state.current_player() or 0])[0])
        session += 1
    times.sort()
    print(f"BENCH analysis.krypkasino_decision_median_s {statistics.median(times):.4f} s")
    print(f"BENCH analysis.krypkasino_decision_p95_s "
          f"{times[int(0.95 * (len(times) - 1))]:.4f} s  # over {len(times)}")


def _krypkasino_session(cls: Any, rules: Any, seed: int) -> Any:
    """A seeded four-player session (``new_game``, or ``new`` before it was renamed)."""
    make = getattr(cls, "new_game", None)
    if make is not None:
        return make(PLAYERS, rules(), seed)
    return cls.new(PLAYERS, seed, rules())


def calibration(decisions: int, seed: int, min_bin: int, dump: str | None = None) -> None:
    rng = random.Random(seed)
    rows: list[tuple[float, int, int]] = []  # (predicted, hand id, seat)
    made: dict[tuple[int, int], bool] = {}
    out = open(dump, "w", encoding="utf-8") if dump else None  # noqa: SIM115
    index = 0
    while len(rows) < decisions:
        size = 3 + index % 5
        state = deal(rng, size, index)
        bots = [make_bot("kachuful", "strong", seed * 1000 + index * 8 + s)
                for s in range(PLAYERS)]
        first = len(rows)
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            action, _ = bot_move(state, bots[seat])
            if len(state.legal_actions()) > 1:
                a = analyse(state, seed=index * 64 + len(rows))
                key = action if not isinstance(action, int) else action
                taken = a.of(key) if isinstance(key, Card) else next(
                    d for d in a.decisions if d.action == key)
                rows.append((taken.make, index, seat))
            state.apply(action)
        result = state.results[-1]
        for s in range(PLAYERS):
            made[(index, s)] = result.bids[s] == result.tricks[s]
        if out is not None:  # one line per decision: predicted, made, hand, seat
            for p, hand, seat in rows[first:]:
                out.write(f"{p!r} {int(made[(hand, seat)])} {hand} {seat}\n")
            out.flush()
        index += 1
    if out is not None:
        out.close()
    report([(p, made[(hand, seat)]) for p, hand, seat in rows], min_bin, index)


def report(pairs: list[tuple[float, bool]], min_bin: int, hands: int) -> None:
    """Per decile of the prediction: decisions, mean predicted, observed share, gap.
    ``analysis.calibration_max_gap`` is the largest gap over every decile holding a
    decision (an empty decile has no observed share: it is listed as empty and skipped);
    ``analysis.calibration_max_gap_min_bin`` the largest over deciles of at least
    ``min_bin`` decisions."""
    bins: list[list[tuple[float, bool]]] = [[] for _ in range(10)]
    for p, m in pairs:
        bins[min(9, max(0, int(p * 10)))].append((p, m))
    gap = gap_min = 0.0
    for k, items in enumerate(bins):
        if not items:
            print(f"# decile {k}: empty (skipped)")
            continue
        predicted = sum(p for p, _ in items) / len(items)
        observed = sum(m for _, m in items) / len(items)
        print(f"# decile {k}: {len(items)} decisions, predicted {predicted:.3f}, "
              f"observed {observed:.3f}, gap {observed - predicted:+.3f}")
        gap = max(gap, abs(observed - predicted))
        if len(items) >= min_bin:
            gap_min = max(gap_min, abs(observed - predicted))
    print(f"BENCH analysis.calibration_max_gap {gap:.4f} share  # {len(pairs)} decisions, "
          f"{hands} hands, every non-empty decile")
    print(f"BENCH analysis.calibration_max_gap_min_bin {gap_min:.4f} share  # deciles of "
          f"at least {min_bin} decisions")


def pooled(paths: list[str], min_bin: int) -> None:
    """The calibration report of ``--dump`` files together (each file's hands apart)."""
    pairs: list[tuple[float, bool]] = []
    hands: set[tuple[int, str]] = set()
    for i, path in enumerate(paths):
        with open(path, encoding="utf-8") as f:
            for line in f:
                p, m, hand, _ = line.split()
                pairs.append((float(p), m == "1"))
                hands.add((i, hand))
    report(pairs, min_bin, len(hands))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--hands", type=int, default=8)
    ap.add_argument("--decisions", type=int, default=2000)
    ap.add_argument("--plays", type=int, default=100)
    ap.add_argument("--min-bin", type=int, default=50)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--skip-calibration", action="store_true")
    ap.add_argument("--only-calibration", action="store_true")
    ap.add_argument("--dump", default=None,
                    help="write each calibration decision (predicted, made, hand, seat)")
    ap.add_argument("--from-dumps", nargs="+", default=None, metavar="DUMP",
                    help="report the calibration of earlier --dump files pooled, playing "
                         "nothing")
    args = ap.parse_args()
    if args.from_dumps:
        pooled(args.from_dumps, args.min_bin)
        return
    if not args.only_calibration:
        exact_figures(args.positions, args.seed)
        seat_figures(args.hands, args.seed)
        krypkasino_figures(args.plays, args.seed)
    if not args.skip_calibration:
        calibration(args.decisions, args.seed, args.min_bin, args.dump)


if __name__ == "__main__":
    main()
