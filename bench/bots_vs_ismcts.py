"""Our bots against an outside anchor: OpenSpiel's IS-MCTS, on duplicate deals.

HOOK FOR THE KRYPKASINO HALF (another helper owns it): if ``bench/ismcts_krypkasino.py``
exists, this script imports it and, unless ``--games`` leaves ``krypkasino`` out, calls
its ``add_arguments(parser)`` (optional, to add its own flags; prefix them
``--krypkasino-``) before parsing and its ``main_rows(args)`` after the Kachuful part.
``main_rows`` returns ``(name, value, unit)`` triples, which are printed here as
``BENCH <name> <value> <unit>`` lines (names ``bots_vs_ismcts.krypkasino....``). The shared
flags it may read: ``args.sims``, ``args.levels``, ``args.deals``, ``args.seed``,
``args.workers``. Please keep the Kachuful part (this file) to its owner.

Kachuful: OpenSpiel's ``oh_hell`` (4 players, ``num_tricks_fixed`` 7 or 10,
``off_bid_penalty`` — 10 + bid when the bid is made, else -|tricks - bid|, which is our
``margin`` scoring; the bot is told so through its rules). Each deal (the dealer, the
cards, the turned trump card, all from OpenSpiel's chance nodes, seeded) is played

* once with OpenSpiel's ``ISMCTSBot`` (C++, ``RandomRolloutEvaluator`` with one rollout,
  ``uct_c`` 2, ``max_simulations`` N, final policy: the most visited action) in all four
  seats: the control, and
* once per level and seat with our bot in that seat and the same IS-MCTS bots (same
  seeds) in the other three.

A *hand* is one (deal, seat): its paired difference is our bot's score in that seat minus
the control's score in that seat on the same deal. The 95% interval of the mean
difference per hand is computed over deals (the mean of a deal's four seats is one
observation), so seats sharing a control game are not counted as independent. Our bot
plays through the engine: each OpenSpiel action is applied to a
:class:`~engine.kachuful.state.KachufulState` of the same deal (``trumps: turned``, the
turned card face up), the bot sees only ``observe(state, seat)``, and its move goes back
to OpenSpiel (checked legal there). ``sec_per_decision`` is our bot's mean wall time per
decision (bids and cards, one-legal-card plays included); ``cpu_per_decision`` the same
in CPU seconds of this process, and ``max_sec_per_decision`` the slowest decision.

Prints, for each cards/sims/level, ``BENCH bots_vs_ismcts.kachuful.<cards>.sims<N>.<level>
.diff_per_hand <v> points`` and ``.ci_low``, ``.ci_high`` (points), ``.made_rate`` (share
of our bids made), ``.sec_per_decision`` (s); and ``...sims<N>.control.made_rate`` and
``.mean_per_hand``, plus ``.<level>.mean_per_hand``.

Needs ``open-spiel`` (``pip install -r requirements-bench.txt``: 1.6.15, pinned because
the ``oh_hell`` sampler of 2.0 and later deals the others exactly the cards they hold; a
run against such a build stops unless ``--allow-leaky-control``). Seeded: the figures
depend on ``--seed`` and ``--deals`` only, not on ``--workers``.

Usage: ``python bench/bots_vs_ismcts.py [--cards 7 10] [--sims 200 1000]
[--levels basic strong] [--deals 75] [--seed 1] [--workers 1] [--games kachuful]
[--first-deal 0] [--dump FILE] [--merge FILE ...]`` (``--dump`` appends every deal as
it ends; ``--merge`` reports the deals of several such files, each (seed, deal) once).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.bots.kachuful import (  # noqa: E402
    BasicKachufulBot,
    RandomKachufulBot,
    StrongKachufulBot,
    observe,
    resolve,
)
from engine.cards import DECK, Card  # noqa: E402
from engine.kachuful.rules import KachufulRules, score_hand  # noqa: E402
from engine.kachuful.state import Bid, HandSetup, KachufulState  # noqa: E402

PLAYERS = 4
UCT_C = 2.0
#: The other seats' bots: OpenSpiel's C++ ``ISMCTSBot`` ("openspiel"), or ``replica``.
CONTROL = "openspiel"
#: OpenSpiel's suits are C D S H (card = rank * 4 + suit); ours S H D C (index = suit * 13
#: + rank).
_OS_SUIT_TO_OURS = (3, 2, 0, 1)
_LEVELS: dict[str, Any] = {"random": RandomKachufulBot, "basic": BasicKachufulBot,
                           "strong": StrongKachufulBot}


def os_card(action: int) -> Card:
    """Our card for an OpenSpiel ``oh_hell`` card action."""
    return DECK[_OS_SUIT_TO_OURS[action % 4] * 13 + action // 4]


def os_action(card: Card) -> int:
    """The OpenSpiel ``oh_hell`` card action for our card."""
    suit, rank = divmod(card.index, 13)
    return rank * 4 + _OS_SUIT_TO_OURS.index(suit)


def _pyspiel() -> Any:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        sys.exit("open-spiel is not installed: pip install -r requirements-bench.txt")
    return pyspiel


class _InPlayBot(StrongKachufulBot):
    """Diagnosis only (level suffix ``+known``): the strong bot told which of the cards
    it has not seen are in the others' hands (not which hand), as OpenSpiel 2.0.2's
    ``oh_hell`` resampler tells IS-MCTS: it deals the others exactly the cards they hold,
    shuffled among them, and never one of the cards left undealt (``_leak_check``)."""

    in_play: frozenset[int] = frozenset()

    def _draw(self, view: Any, k: Any, count: int) -> Any:
        k = replace(k, pool=[c for c in k.pool if c in self.in_play])
        return super()._draw(view, k, count)


def in_play_share(pyspiel: Any, game: Any, cards: int, positions: int = 20,
                  samples: int = 20, seed: int = 1) -> float:
    """The share of OpenSpiel's resampled worlds (``ResampleFromInfostate``, what its
    ISMCTSBot searches) in which the other seats hold exactly the cards they really hold,
    shuffled among them, over ``positions`` positions of seeded random play. A sampler that
    deals every card the seat has not seen (the cards left undealt too) gives well under
    1 % at 7 cards, and so does open-spiel 1.6.15 (0); 2.0 and later give 1.0 (OpenSpiel
    commit 3d8df25a): their IS-MCTS knows which cards are in play."""
    rnd = random.Random(seed)
    hits = total = 0
    for p in range(positions):
        state = game.new_initial_state()
        for a in _chance_actions(game, seed * 7919 + p):
            state.apply_action(a)
        for _ in range(4 + rnd.randrange(cards * PLAYERS - 4)):
            legal = state.legal_actions()
            state.apply_action(legal[int(rnd.random() * len(legal))])
        me = state.current_player()
        truth = _held(state)
        others = set().union(*(truth[s] for s in range(PLAYERS) if s != me))
        for _ in range(samples):
            world = _held(state.resample_from_infostate(
                me, pyspiel.UniformProbabilitySampler(0.0, 1.0)))
            hits += set().union(*(world[s] for s in range(PLAYERS) if s != me)) == others
            total += 1
    return hits / total


#: Above this ``in_play_share`` the control's worlds give the cards in play away (a fair
#: sampler gives well under 1 % at 7 cards).
LEAKY_SHARE = 0.5


def openspiel_version() -> str:
    """The installed open-spiel's version ("?" when its metadata is missing)."""
    from importlib import metadata
    try:
        return metadata.version("open_spiel")
    except metadata.PackageNotFoundError:
        return "?"


def leaky_control_message(version: str, share: float) -> str:
    """Why the bench refuses OpenSpiel's IS-MCTS as the control, and what to do."""
    return (f"open-spiel {version}: in {share:.0%} of the worlds its oh_hell resampler deals, "
            "the other seats hold exactly the cards they really hold, so its IS-MCTS knows "
            "which cards are in play and is not an honest anchor (OpenSpiel 2.0 and later, "
            "since commit 3d8df25a). Install the pinned open-spiel==1.6.15 "
            "(pip install -r requirements-bench.txt), or pass --allow-leaky-control to "
            "measure against it anyway.")


def _held(state: Any) -> list[set[str]]:
    """Each seat's cards now, read from OpenSpiel's ``oh_hell`` state string."""
    text = str(state)
    out = []
    for s in range(PLAYERS):
        block = text.split(f"Player: {s}\n")[1].split("\n\n")[0]
        held = set()
        for line in block.strip().split("\n"):
            suit, _, ranks = line.strip().partition(":")
            held.update(suit + r for r in ranks.strip())
        out.append(held)
    return out


def replica(sims: int, seed: int, voids: bool = False) -> Any:
    """IS-MCTS as OpenSpiel runs it (one random playout a simulation, ``uct_c`` 2 on raw
    scores, the most visited action; worlds dealt uniformly from every card the seat has
    not seen, voids ignored, as the ``oh_hell`` source describes its sampler), written
    over our engine: the fair control of ``--control replica``; ``voids`` (``--control
    replica-voids``): its worlds respect the voids shown, a stronger fair control."""
    return StrongKachufulBot(seed, random_play=1, raw=1, c=2.0, voids=int(voids),
                             play_samples=sims, bid_samples=sims)


def make_level(spec: str, seed: int) -> Any:
    """A bot from a level spec: ``basic``, ``strong`` or, for tuning, options after a
    colon (``strong:play_samples=600,uct_c=1.0``). (A level may end in ``@bids`` or
    ``@cards``: our bot makes only the bid or only the card plays, IS-MCTS the rest. The
    level ``ismcts`` is no bot of ours: OpenSpiel's IS-MCTS itself, with another seed,
    played on OpenSpiel's state, the check that the harness favours no seat: its
    difference must be 0 within the interval.)"""
    spec, known, _ = spec.partition("+known")
    level, _, opts = spec.partition(":")
    options: dict[str, Any] = {}
    for item in filter(None, opts.split(",")):
        key, _, value = item.partition("=")
        options[key] = float(value) if "." in value else int(value)
    if known:
        return _InPlayBot(seed, **options)
    return _LEVELS[level](seed, **options)


@dataclass
class DealOutcome:
    """One deal: the control's score per seat, and per level our score and made flag per
    seat and the decision times."""

    control: list[float]
    control_made: list[bool]
    ours: dict[str, list[float]] = field(default_factory=dict)
    made: dict[str, list[bool]] = field(default_factory=dict)
    times: dict[str, list[float]] = field(default_factory=dict)
    cpu: dict[str, list[float]] = field(default_factory=dict)
    #: Bids and tricks per seat: the control's, and per level ours (for diagnosis).
    control_bids: list[int] = field(default_factory=list)
    control_tricks: list[int] = field(default_factory=list)
    bids: dict[str, list[int]] = field(default_factory=dict)
    tricks: dict[str, list[int]] = field(default_factory=dict)


def _chance_actions(game: Any, seed: int) -> list[int]:
    """The chance actions of one deal (tricks, dealer, cards, trump card), seeded."""
    rnd = random.Random(seed)
    state = game.new_initial_state()
    actions = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        a = outcomes[int(rnd.random() * len(outcomes))][0]
        actions.append(a)
        state.apply_action(a)
    return actions


def _ismcts(pyspiel: Any, game: Any, sims: int, seed: int) -> Any:
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    return pyspiel.ISMCTSBot(seed, evaluator, UCT_C, sims, -1,
                             pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)


def _play(pyspiel: Any, game: Any, chance: list[int], cards: int, sims: int, seed: int,
          our_seat: int | None, level: str | None) -> tuple[list[float], list[int],
                                                            list[int], list[float],
                                                            list[float]]:
    """Play one deal; returns the returns, bids, tricks won and our decision times."""
    state = game.new_initial_state()
    for a in chance:
        state.apply_action(a)
    dealer = chance[1]
    dealt = chance[2:2 + PLAYERS * cards]
    hands = tuple(tuple(os_card(a) for i, a in enumerate(dealt) if i % PLAYERS == s)
                  for s in range(PLAYERS))
    turned = os_card(chance[-1])
    rules = KachufulRules(max_cards=cards, trumps="turned", scoring="margin")
    setup = HandSetup(dealer, hands, turned.suit, trump_source="turned", turned=turned)
    ours = KachufulState.from_hands(PLAYERS, [setup], rules)
    if CONTROL.startswith("replica"):
        bots: list[Any] = [replica(sims, seed * 10 + s, CONTROL == "replica-voids")
                           for s in range(PLAYERS)]
    else:
        bots = [_ismcts(pyspiel, game, sims, seed * 10 + s) for s in range(PLAYERS)]
    mine = None
    part = "all"
    if our_seat is not None and level is not None:
        spec, _, part = level.partition("@")
        part = part or "all"
        mine = (_ismcts(pyspiel, game, sims, seed * 10 + our_seat + 7919) if spec == "ismcts"
                else make_level(spec, seed * 10 + our_seat))
    times: list[float] = []
    cpus: list[float] = []
    ncards = 52
    while not state.is_terminal():
        seat = state.current_player()
        bidding = state.legal_actions()[0] >= ncards
        if seat == our_seat and mine is not None and part in ("all", "bids" if bidding
                                                               else "cards"):
            start, cpu = time.perf_counter(), time.process_time()
            if spec == "ismcts":  # the harness check: IS-MCTS itself, another seed
                a = mine.step(state)
                times.append(time.perf_counter() - start)
                cpus.append(time.process_time() - cpu)
                ours.apply(Bid(a - ncards) if a >= ncards else os_card(a))
                state.apply_action(a)
                continue
            if isinstance(mine, _InPlayBot):
                mine.in_play = frozenset(c.index for s in range(PLAYERS) if s != seat
                                         for c in ours.view(s).hand or ())
            decision = mine.decide(observe(ours, seat))
            times.append(time.perf_counter() - start)
            cpus.append(time.process_time() - cpu)
            action = resolve(ours, decision.action)
            a = ncards + action.n if isinstance(action, Bid) else os_action(action)
            if a not in state.legal_actions():
                raise AssertionError(f"our bot's move {action} is illegal in OpenSpiel")
        elif CONTROL.startswith("replica"):
            move = resolve(ours, bots[seat].decide(observe(ours, seat)).action)
            a = ncards + move.n if isinstance(move, Bid) else os_action(move)
        else:
            a = bots[seat].step(state)
        if a >= ncards:
            ours.apply(Bid(a - ncards))
        else:
            ours.apply(os_card(a))
        state.apply_action(a)
    returns = list(state.returns())
    result = ours.results[-1]
    for s in range(PLAYERS):  # the two engines agree on the score
        expected = score_hand(result.bids[s], result.tricks[s], rules)
        if expected != returns[s]:
            raise AssertionError(f"scores differ: ours {expected}, OpenSpiel {returns[s]}")
    return returns, list(result.bids), list(result.tricks), times, cpus


def play_deal(job: tuple[int, int, int, tuple[str, ...], int]) -> DealOutcome:
    """One deal (``job`` = index, cards, sims, levels, seed): the control game and a game
    per level and seat."""
    index, cards, sims, levels, seed = job
    pyspiel = _pyspiel()
    game = pyspiel.load_game("oh_hell", {"players": PLAYERS, "num_tricks_fixed": cards,
                                         "off_bid_penalty": True})
    deal_seed = seed * 1_000_003 + cards * 10_007 + index
    chance = _chance_actions(game, deal_seed)
    control, bids, tricks, _, _ = _play(pyspiel, game, chance, cards, sims, deal_seed, None, None)
    out = DealOutcome(control, [b == t for b, t in zip(bids, tricks, strict=True)],
                      control_bids=bids, control_tricks=tricks)
    for level in levels:
        scores, made, times, cpus = [], [], [], []
        our_bids, our_tricks = [], []
        for seat in range(PLAYERS):
            ret, bids, tricks, t, c = _play(pyspiel, game, chance, cards, sims, deal_seed,
                                            seat, level)
            scores.append(ret[seat])
            made.append(bids[seat] == tricks[seat])
            our_bids.append(bids[seat])
            our_tricks.append(tricks[seat])
            times.extend(t)
            cpus.extend(c)
        out.ours[level], out.made[level], out.times[level] = scores, made, times
        out.cpu[level] = cpus
        out.bids[level], out.tricks[level] = our_bids, our_tricks
    return out


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and 95% interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.959964 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def kachuful_rows(args: argparse.Namespace) -> list[tuple[str, float, str]]:
    rows: list[tuple[str, float, str]] = []
    levels = tuple(args.levels)
    for cards in args.cards:
        if CONTROL == "openspiel" and not args.merge:
            pyspiel = _pyspiel()
            game = pyspiel.load_game("oh_hell", {"players": PLAYERS, "num_tricks_fixed": cards,
                                                 "off_bid_penalty": True})
            share = in_play_share(pyspiel, game, cards)
            row = (f"bots_vs_ismcts.kachuful.{cards}.openspiel_in_play_share", share, "share")
            rows.append(row)
            print(_line(row), flush=True)
            if share > LEAKY_SHARE and not getattr(args, "allow_leaky_control", False):
                sys.exit(leaky_control_message(openspiel_version(), share))
        for sims in args.sims:
            first = args.first_deal
            jobs = [(i, cards, sims, levels, args.seed)
                    for i in range(first, first + args.deals)]
            deals: list[DealOutcome] = []
            if args.merge:
                deals = _load(args.merge, cards, sims, levels, args.seed)
            elif args.workers > 1:
                import multiprocessing

                with multiprocessing.Pool(args.workers) as pool:
                    for job, d in zip(jobs, pool.imap(play_deal, jobs, chunksize=1),
                                      strict=True):
                        deals.append(d)
                        _dump(args.dump, job, d)
                        _progress(cards, sims, len(deals), len(jobs))
            else:
                for j in jobs:
                    deals.append(play_deal(j))
                    _dump(args.dump, j, deals[-1])
                    _progress(cards, sims, len(deals), len(jobs))
            if not deals:
                continue
            prefix = (f"bots_vs_ismcts.kachuful.{cards}.sims{sims}" if CONTROL == "openspiel"
                      else f"bots_vs_ismcts.kachuful.{cards}.{CONTROL}{sims}")
            control = [x for d in deals for x in d.control]
            rows.append((f"{prefix}.control.mean_per_hand", sum(control) / len(control),
                         "points"))
            rows.append((f"{prefix}.control.made_rate",
                         sum(m for d in deals for m in d.control_made) / len(control),
                         "share"))
            for level in levels:
                per_deal = [sum(o - c for o, c in zip(d.ours[level], d.control, strict=True))
                            / PLAYERS for d in deals]
                mean, low, high = interval(per_deal)
                ours = [x for d in deals for x in d.ours[level]]
                made = [m for d in deals for m in d.made[level]]
                times = [t for d in deals for t in d.times[level]]
                cpus = [t for d in deals for t in d.cpu[level]]
                name = f"{prefix}.{level}"
                rows += [
                    (f"{name}.mean_per_hand", sum(ours) / len(ours), "points"),
                    (f"{name}.diff_per_hand", mean, "points"),
                    (f"{name}.ci_low", low, "points"),
                    (f"{name}.ci_high", high, "points"),
                    (f"{name}.made_rate", sum(made) / len(made), "share"),
                    (f"{name}.sec_per_decision", sum(times) / len(times), "s"),
                    (f"{name}.cpu_per_decision", sum(cpus) / len(cpus), "s"),
                    (f"{name}.max_sec_per_decision", max(times), "s"),
                    (f"{name}.hands", float(len(ours)), "hands"),
                ]
            for row in rows[-(2 + 9 * len(levels)):]:
                print(_line(row), flush=True)
    return rows


def _dump(path: str | None, job: tuple[int, int, int, tuple[str, ...], int],
          deal: DealOutcome) -> None:
    """Append one deal's outcome as a JSON line (``--dump``), so a long run can be read
    before it ends and runs over other deals merged (``--merge``)."""
    if path is None:
        return
    index, cards, sims, levels, seed = job
    with open(path, "a", encoding="utf-8") as out:
        out.write(json.dumps({"index": index, "cards": cards, "sims": sims, "seed": seed,
                              "outcome": asdict(deal)}) + "\n")


def _load(paths: list[str], cards: int, sims: int, levels: tuple[str, ...],
          seed: int) -> list[DealOutcome]:
    """The dumped deals of ``cards``/``sims`` (each deal index once) that hold every
    level asked."""
    seen: dict[tuple[int, int], DealOutcome] = {}
    for path in paths:
        with open(path, encoding="utf-8") as src:
            for line in src:
                row = json.loads(line)
                if row["cards"] != cards or row["sims"] != sims:
                    continue
                d = DealOutcome(**row["outcome"])
                if all(level in d.ours for level in levels):
                    seen.setdefault((row["seed"], row["index"]), d)
    return list(seen.values())


def _progress(cards: int, sims: int, done: int, total: int) -> None:
    if done % 10 == 0 or done == total:
        print(f"# kachuful {cards} cards, sims {sims}: {done}/{total} deals", file=sys.stderr,
              flush=True)


def _line(row: tuple[str, float, str]) -> str:
    name, value, unit = row
    text = f"{value:.0f}" if unit == "hands" else f"{value:.4g}"
    return f"BENCH {name} {text} {unit}"


def _krypkasino_module() -> Any | None:
    path = Path(__file__).resolve().parent / "ismcts_krypkasino.py"
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location("ismcts_krypkasino", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ismcts_krypkasino"] = module
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=["kachuful", "krypkasino"],
                        choices=["kachuful", "krypkasino"])
    parser.add_argument("--cards", type=int, nargs="+", default=[7, 10],
                        help="Kachuful hand sizes (num_tricks_fixed)")
    parser.add_argument("--sims", type=int, nargs="+", default=[200, 1000],
                        help="IS-MCTS simulations per decision")
    parser.add_argument("--levels", nargs="+", default=["basic", "strong"],
                        help="random, basic, strong; for tuning a strong bot with options: "
                        "strong:play_samples=600,uct_c=1.0; a suffix @bids or @cards lets "
                        "our bot make only the bids or only the card plays")
    parser.add_argument("--deals", type=int, default=75,
                        help="deals per line (Kachuful: 4 hands each, one per seat)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="processes")
    parser.add_argument("--first-deal", type=int, default=0,
                        help="index of the first deal (to split a run over processes)")
    parser.add_argument("--control", choices=["openspiel", "replica", "replica-voids"],
                        default="openspiel",
                        help="the other seats: OpenSpiel's C++ ISMCTSBot, or replica (the same "
                        "search over our engine with a fair sampler; see replica()), or "
                        "replica-voids (the same, its worlds respecting the voids shown)")
    parser.add_argument("--allow-leaky-control", action="store_true",
                        help="measure against OpenSpiel's IS-MCTS even when its oh_hell "
                        "resampler gives the cards in play away (open-spiel 2.0 and later)")
    parser.add_argument("--dump", help="append each deal's outcome to this JSON-lines file")
    parser.add_argument("--merge", nargs="+",
                        help="play nothing: report the deals in these --dump files")
    krypkasino = _krypkasino_module()
    if krypkasino is not None and hasattr(krypkasino, "add_arguments"):
        krypkasino.add_arguments(parser)
    args = parser.parse_args(argv)
    global CONTROL
    CONTROL = args.control
    if "kachuful" in args.games:
        if CONTROL == "openspiel" and not args.merge:
            print(f"# open-spiel {openspiel_version()}", flush=True)
        kachuful_rows(args)
    if "krypkasino" in args.games:
        if krypkasino is None:
            print("# bench/ismcts_krypkasino.py is not there: no Krypkasino figures",
                  file=sys.stderr)
        else:
            for row in krypkasino.main_rows(args):
                print(_line(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
