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
  decision (predicted, made, hand, seat) as it goes. Each decile's gap is printed with
  its standard error, by a cluster bootstrap over hands (a hand's decisions share its
  outcome).
* ``--record PATH`` plays the same seeded hands of four strong bots and writes them (the
  deal, each action's index among the legal actions, bids and tricks) as JSON lines,
  analysing nothing; ``--from-records PATH...`` then analyses those hands' decisions
  (the action taken valued alone, :func:`engine.analysis.kachuful.value_of`) and reports
  the calibration. The play does not depend on the analyst, so the slow part (the strong
  bots' search) is run once per seed and several processes can share the work.

Times are CPU seconds of this process (``time.process_time``). Deals are seeded
(:class:`random.Random`), so a run is repeatable. Run it with ``nice``.

Usage: ``nice -n 10 python bench/analysis.py [--positions 40] [--decisions 2000]
[--skip-calibration] [--only-calibration] [--seed S] [--dump PATH]``;
``python bench/analysis.py --from-dumps DUMP...`` reports dumps pooled;
``python bench/analysis.py --record PATH --seed S --hands-to-record H [--start I]`` and
``python bench/analysis.py --from-records PATH... [--dump PATH]``.
"""

from __future__ import annotations

import argparse
import json
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
from engine.analysis.kachuful import value_of  # noqa: E402
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
    report([(p, made[(hand, seat)], hand) for p, hand, seat in rows], min_bin)


def record(hands: int, seed: int, path: str, start: int = 0) -> None:
    """Play ``hands`` seeded hands of four strong bots (hands ``start``.. of ``seed``, the
    deals and bots of :func:`calibration`) and write each as one JSON line: the deal, the
    index of each action among the legal actions, the bids and the tricks. The play does
    not depend on the analyst, so :func:`from_records` can analyse the same hands again
    after the analyst changes."""
    rng = random.Random(seed)
    with open(path, "a", encoding="utf-8") as out:
        for index in range(start + hands):
            size = 3 + index % 5
            state = deal(rng, size, index)
            if index < start:
                continue
            setup = state.clone()
            bots = [make_bot("kachuful", "strong", seed * 1000 + index * 8 + s)
                    for s in range(PLAYERS)]
            moves: list[int] = []
            while not state.is_terminal():
                action, _ = bot_move(state, bots[state.current_player() or 0])
                moves.append(state.legal_actions().index(action))
                state.apply(action)
            result = state.results[-1]
            out.write(json.dumps({
                "seed": seed, "index": index, "size": size,
                "hands": [[c.index for c in setup.hand_of(s)] for s in range(PLAYERS)],
                "moves": moves, "bids": list(result.bids),
                "tricks": list(result.tricks)}) + "\n")
            out.flush()


def from_records(paths: list[str], min_bin: int, dump: str | None = None,
                 samples: int | None = None) -> None:
    """The calibration of the hands :func:`record` wrote: each decision with a choice
    analysed from the deciding seat's view (seed ``index * 64 + k``, the hand's ``k``-th
    decision), the action taken set against whether that seat made its bid. The action
    taken is valued alone (:func:`engine.analysis.kachuful.value_of`: the numbers
    ``analyse`` gives it, without valuing the others)."""
    pairs: list[tuple[float, bool, object]] = []
    out = open(dump, "w", encoding="utf-8") if dump else None  # noqa: SIM115
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                hand = json.loads(line)
                index = hand["index"]
                cards = tuple(tuple(DECK[c] for c in h) for h in hand["hands"])
                state = KachufulState.from_hands(
                    PLAYERS, [HandSetup(index % PLAYERS, cards, TRUMP_CYCLE[index % 4])])
                k = 0
                for move in hand["moves"]:
                    legal = state.legal_actions()
                    action = legal[move]
                    if len(legal) > 1:
                        seat = state.current_player()
                        assert seat is not None
                        taken = value_of(state, action, seed=index * 64 + k,
                                         samples=samples)
                        made = hand["bids"][seat] == hand["tricks"][seat]
                        pairs.append((taken.make, made, (path, index)))
                        if out is not None:
                            out.write(f"{taken.make!r} {int(made)} {index} {seat}\n")
                        k += 1
                    state.apply(action)
                assert state.is_terminal()
    if out is not None:
        out.close()
    report(pairs, min_bin)


def decile(p: float) -> int:
    return min(9, max(0, int(p * 10)))


def standard_errors(triples: list[tuple[float, bool, object]], resamples: int = 200
                    ) -> list[float | None]:
    """Each decile's standard error of the gap, by a cluster bootstrap over hands (the
    decisions of one hand share its outcome: the hands are the independent units)."""
    by_hand: dict[object, list[tuple[int, float, bool]]] = {}
    for p, m, hand in triples:
        by_hand.setdefault(hand, []).append((decile(p), p, m))
    units = list(by_hand.values())
    rng = random.Random(0)
    gaps: list[list[float]] = [[] for _ in range(10)]
    for _ in range(resamples):
        sums = [[0.0, 0.0, 0] for _ in range(10)]
        for _ in range(len(units)):
            for k, p, m in units[rng.randrange(len(units))]:
                sums[k][0] += p
                sums[k][1] += m
                sums[k][2] += 1
        for k, (sp, sm, c) in enumerate(sums):
            if c:
                gaps[k].append((sm - sp) / c)
    return [statistics.pstdev(g) if len(g) > 1 else None for g in gaps]


def report(triples: list[tuple[float, bool, object]], min_bin: int) -> None:
    """Per decile of the prediction: decisions, mean predicted, observed share, gap and
    the gap's standard error (cluster bootstrap over hands).
    ``analysis.calibration_max_gap`` is the largest gap over every decile holding a
    decision (an empty decile has no observed share: it is listed as empty and skipped);
    ``analysis.calibration_max_gap_min_bin`` the largest over deciles of at least
    ``min_bin`` decisions. ``triples``: (predicted, made, the hand it belongs to)."""
    pairs = [(p, m) for p, m, _ in triples]
    hands = len({hand for _, _, hand in triples})
    errors = standard_errors(triples)
    bins: list[list[tuple[float, bool]]] = [[] for _ in range(10)]
    for p, m in pairs:
        bins[decile(p)].append((p, m))
    gap = gap_min = 0.0
    for k, items in enumerate(bins):
        if not items:
            print(f"# decile {k}: empty (skipped)")
            continue
        predicted = sum(p for p, _ in items) / len(items)
        observed = sum(m for _, m in items) / len(items)
        se = errors[k]
        print(f"# decile {k}: {len(items)} decisions, predicted {predicted:.3f}, "
              f"observed {observed:.3f}, gap {observed - predicted:+.3f}"
              + (f" (standard error {se:.3f})" if se is not None else ""))
        gap = max(gap, abs(observed - predicted))
        if len(items) >= min_bin:
            gap_min = max(gap_min, abs(observed - predicted))
    print(f"BENCH analysis.calibration_max_gap {gap:.4f} share  # {len(pairs)} decisions, "
          f"{hands} hands, every non-empty decile")
    print(f"BENCH analysis.calibration_max_gap_min_bin {gap_min:.4f} share  # deciles of "
          f"at least {min_bin} decisions")


def pooled(paths: list[str], min_bin: int) -> None:
    """The calibration report of ``--dump`` files together (each file's hands apart)."""
    triples: list[tuple[float, bool, object]] = []
    for i, path in enumerate(paths):
        with open(path, encoding="utf-8") as f:
            for line in f:
                p, m, hand, _ = line.split()
                triples.append((float(p), m == "1", (i, hand)))
    report(triples, min_bin)


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
    ap.add_argument("--record", default=None, metavar="PATH",
                    help="play --hands-to-record hands of four strong bots (seed --seed) "
                         "and append them to PATH as JSON lines, analysing nothing")
    ap.add_argument("--hands-to-record", type=int, default=100)
    ap.add_argument("--start", type=int, default=0,
                    help="with --record: the first hand's index")
    ap.add_argument("--from-records", nargs="+", default=None, metavar="RECORDS",
                    help="the calibration over hands written by --record")
    ap.add_argument("--samples", type=int, default=None,
                    help="with --from-records: sampled deals per decision (default: the "
                         "analyst's)")
    args = ap.parse_args()
    if args.record:
        record(args.hands_to_record, args.seed, args.record, args.start)
        return
    if args.from_records:
        from_records(args.from_records, args.min_bin, args.dump, args.samples)
        return
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
