"""Where the strong Kachuful bot loses points to IS-MCTS: tables read from the dumps of
``bench/bots_vs_ismcts.py --dump`` (runs that kept bids and tricks, commit 55ecd2a on).

For one level (``--level strong``) and the deals of the dump files given, it prints

* by bid: how often our bot and the control (IS-MCTS in the same seat) bid it, the share
  made and the mean score;
* by how our bid compares with the control's in the same seat (same, higher, lower): the
  tricks taken minus the bid and the share made for each, and the points lost (when the
  bids agree, what is left is card play; where they differ, both the bid and the play of
  a hand on the margin);
* by the seat's number of trumps (and of trumps jack or higher): our bid minus the
  control's, the tricks taken minus the bid for each, and the share made;
* with ``--rollouts``, for the same trump buckets, what the strong bot's own bid playouts
  predicted for the bid it made (mean tricks minus the bid, the chance of exactly the bid)
  and for one trick less, next to what happened. The bidding position is rebuilt with the
  control's bids for the seats before ours (IS-MCTS bids vary run to run, so this is an
  approximation of the position our bot saw).

The deals are rebuilt from the seed, the number of cards and the deal index, as
``bots_vs_ismcts`` deals them. Needs ``open-spiel``. Usage: ``python
bench/ismcts_diagnosis.py --cards 7 [--level strong] [--rollouts] FILE...``
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bots_vs_ismcts import PLAYERS, _chance_actions, _pyspiel, os_card  # noqa: E402

from engine.bots.kachuful import (  # noqa: E402
    StrongKachufulBot,
    bid_weigher,
    fitting_deals,
    knowledge_of,
    observe,
    pick_weighted,
    rollout_coded,
)
from engine.kachuful.rules import KachufulRules  # noqa: E402
from engine.kachuful.state import Bid, HandSetup, KachufulState  # noqa: E402


def _rows(paths: list[str], cards: int, level: str) -> list[dict[str, Any]]:
    seen: dict[tuple[int, int], dict[str, Any]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as src:
            for line in src:
                row = json.loads(line)
                out = row["outcome"]
                if row["cards"] == cards and level in out.get("bids", {}):
                    seen.setdefault((row["seed"], row["index"]), row)
    return list(seen.values())


def _predicted(bot: StrongKachufulBot, state: KachufulState, seat: int, bid: int
               ) -> tuple[float, float]:
    """The bid playouts' mean tricks minus ``bid`` and their share of exactly ``bid``."""
    obs = observe(state, seat)
    view = obs.view
    k = knowledge_of(obs)
    deals, weights = fitting_deals(k, bid_weigher(view, k, bot.sigma), bot.rng,
                                   3 * bot.bid_samples)
    deals = pick_weighted(deals, weights, bot.bid_samples, bot.rng)
    leader = (view.dealer + 1) % PLAYERS
    rules = state.rules
    over = exact = 0.0
    for hands in deals:
        bids = bot._bids_after(view, bot._estimates(view, hands, k.trump), bid, rules)
        won = rollout_coded([list(h) for h in hands], 0, bids, [0] * PLAYERS, leader, [],
                            k.trump, PLAYERS)
        over += won[seat] - bid
        exact += won[seat] == bid
    return over / len(deals), exact / len(deals)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--cards", type=int, default=7)
    parser.add_argument("--level", default="strong")
    parser.add_argument("--rollouts", action="store_true")
    args = parser.parse_args()
    pyspiel = _pyspiel()
    game = pyspiel.load_game("oh_hell", {"players": PLAYERS, "num_tricks_fixed": args.cards,
                                         "off_bid_penalty": True})
    rules = KachufulRules(max_cards=args.cards, trumps="turned", scoring="margin")
    rows = _rows(args.files, args.cards, args.level)
    print(f"{len(rows)} deals, {len(rows) * PLAYERS} hands, level {args.level}")
    by_bid: dict[int, list[float]] = defaultdict(lambda: [0.0] * 6)
    by_trumps: dict[tuple[int, int], list[float]] = defaultdict(lambda: [0.0] * 7)
    predicted: dict[int, list[float]] = defaultdict(lambda: [0.0] * 6)
    versus: dict[str, list[float]] = defaultdict(lambda: [0.0] * 8)
    bot = StrongKachufulBot(5)
    for row in rows:
        out = row["outcome"]
        chance = _chance_actions(game, row["seed"] * 1_000_003 + args.cards * 10_007
                                 + row["index"])
        dealer = chance[1]
        dealt = chance[2:2 + PLAYERS * args.cards]
        turned = os_card(chance[-1])
        trump = turned.index // 13
        hands = tuple(tuple(os_card(a) for i, a in enumerate(dealt) if i % PLAYERS == s)
                      for s in range(PLAYERS))
        for seat in range(PLAYERS):
            bid, took = out["bids"][args.level][seat], out["tricks"][args.level][seat]
            cbid, ctook = out["control_bids"][seat], out["control_tricks"][seat]
            for b, made, score, k in ((bid, bid == took, out["ours"][args.level][seat], 0),
                                      (cbid, cbid == ctook, out["control"][seat], 3)):
                cell = by_bid[b]
                cell[k] += 1
                cell[k + 1] += made
                cell[k + 2] += score
            side = "same" if bid == cbid else "higher" if bid > cbid else "lower"
            cell = versus[side]
            for i, v in enumerate((1, took - bid, bid == took, took < bid, ctook - cbid,
                                   cbid == ctook, ctook < cbid,
                                   out["ours"][args.level][seat] - out["control"][seat])):
                cell[i] += v
            trumps = sum(c.index // 13 == trump for c in hands[seat])
            high = sum(c.index // 13 == trump and c.index % 13 >= 9 for c in hands[seat])
            cell = by_trumps[(min(trumps, 4), min(high, 2))]
            for i, v in enumerate((1, bid - cbid, took - bid, bid == took, ctook - cbid,
                                   cbid == ctook, 0)):
                cell[i] += v
            if args.rollouts:
                state = KachufulState.from_hands(PLAYERS, [HandSetup(
                    dealer, hands, turned.suit, trump_source="turned", turned=turned)], rules)
                s = (dealer + 1) % PLAYERS
                while s != seat:
                    state.apply(Bid(out["control_bids"][s]))
                    s = (s + 1) % PLAYERS
                over, exact = _predicted(bot, state, seat, bid)
                lower = _predicted(bot, state, seat, bid - 1)[1] if bid > 0 else 0.0
                cell = predicted[min(trumps, 4)]
                for i, v in enumerate((1, over, took - bid, exact, bid == took, lower)):
                    cell[i] += v
    print("\nby bid: bid | ours: hands, made, mean score | control: hands, made, mean score")
    for b in sorted(by_bid):
        c = by_bid[b]
        print(f"{b:3d} | {c[0]:5.0f} {c[1] / max(1, c[0]):5.2f} {c[2] / max(1, c[0]):6.2f} | "
              f"{c[3]:5.0f} {c[4] / max(1, c[3]):5.2f} {c[5] / max(1, c[3]):6.2f}")
    print("\nour bid against the control's: hands | ours: tricks - bid, made, short | "
          "control: tricks - bid, made, short | our score - control's")
    for side in ("same", "higher", "lower"):
        c = versus[side]
        n = c[0]
        if n:
            print(f"{side:6s} | {n:4.0f} | {c[1] / n:+.2f} {c[2] / n:.2f} {c[3] / n:.2f} | "
                  f"{c[4] / n:+.2f} {c[5] / n:.2f} {c[6] / n:.2f} | {c[7] / n:+.2f}")
    print("\nby trumps held (trumps, of them J or higher): hands | our bid - control bid | "
          "ours: tricks - bid, made | control: tricks - bid, made")
    for key in sorted(by_trumps):
        c = by_trumps[key]
        n = c[0]
        print(f"{key} | {n:4.0f} | {c[1] / n:+.2f} | {c[2] / n:+.2f} {c[3] / n:.2f} | "
              f"{c[4] / n:+.2f} {c[5] / n:.2f}")
    if args.rollouts:
        print("\nour bid playouts by trumps held: hands | predicted tricks - bid, actual | "
              "predicted P(exactly the bid), actual made | predicted P(exactly one less, "
              "bidding one less)")
        for t in sorted(predicted):
            c = predicted[t]
            n = c[0]
            print(f"{t} | {n:4.0f} | {c[1] / n:+.2f} {c[2] / n:+.2f} | {c[3] / n:.2f} "
                  f"{c[4] / n:.2f} | {c[5] / n:.2f}")


if __name__ == "__main__":
    main()
