"""What a Kachuful hand is worth: the chance of taking exactly 0..n tricks and the
expected score of every bid, by sampling the unseen cards and playing them out.

The table: seat ``players - 1`` deals, seat 0 bids first and leads the first trick, and
the hand studied sits at ``position`` (0 = first to bid, ``players - 1`` = the dealer).
For every sample the unseen cards are dealt at random to the other seats; then, for each
bid ``b`` the hand could make, the hand is played out with the hand bidding ``b`` and
playing to it, the others bidding as the basic bot does (the dealer within the hook,
K-9) and everyone playing basic play (``level="strong"``: the studied seat plays the
strong bot, through the public API, on the bids nearest its estimate). So each bid's
chance of being made is that of a player who *tries* to make it.

A bid the hook forbids the dealer in a sample is not played in that sample; its share is
reported (``forbidden``) and its estimates rest on the other samples.

One-card hands (when the hook cannot bind the studied seat, i.e. it is not the dealer
under the hook rule) are computed exactly: every card the leader may hold, and the
chance that none of the other cards beats the studied card (see :func:`one_card_exact`).

>>> from engine.cards import parse_card
>>> study = HandOddsStudy((parse_card("AS").index,), trump=0, players=4, position=0,
...                       rules=KachufulRules(), seed=1)
>>> odds = study.exact_odds()
>>> odds.exact, odds.bids[1].make.value
(True, 1.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.bots import bot_move, make_bot
from engine.cards import DECK, SUITS
from engine.kachuful.rules import KachufulRules, legal_bids, score_hand
from engine.kachuful.state import Bid, HandSetup, KachufulState, Phase
from engine.rng import SimRandom, sim_random
from engine.sim.hand_odds import one_card_exact
from engine.sim.kachuful_play import basic_estimate, closest_bid, tricks_for_bids
from lab.cost import hand_odds_seconds
from lab.runner import unit_seed
from lab.stats import Estimate, exact, mean, proportion

__all__ = ["BidOdds", "FORBIDDEN", "HandOdds", "HandOddsStudy", "NOT_TRIED", "one_card_exact"]

#: A sample's entry for a bid the hook forbade the studied dealer.
FORBIDDEN = -1
#: A sample's entry for a bid the strong study did not play out.
NOT_TRIED = -2
LEVELS = ("basic", "strong")


@dataclass(frozen=True)
class BidOdds:
    """One bid: how often it can be made (``make``), its expected score, the chance of
    each number of tricks when playing to it, and how often the hook forbade it."""

    bid: int
    samples: int
    make: Estimate | None
    score: Estimate | None
    tricks: tuple[Estimate, ...]
    forbidden: Estimate | None = None


@dataclass(frozen=True)
class HandOdds:
    size: int
    samples: int
    exact: bool
    bids: tuple[BidOdds, ...]
    best: int | None
    estimate: float = 0.0
    natural: int = 0
    extra: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class HandOddsStudy:
    """A picklable study of one hand (see the module docstring); ``hand`` and trump as
    ints (card index 0..51, suit 0..3 S H D C or -1 = no trump)."""

    hand: tuple[int, ...]
    trump: int
    players: int
    position: int
    rules: KachufulRules
    seed: int
    level: str = "basic"
    strong_play_samples: int = 16

    def __post_init__(self) -> None:
        if not 3 <= self.players <= 8:
            raise ValueError("Kachuful has 3 to 8 players")
        if not 0 <= self.position < self.players:
            raise ValueError("the position is a seat of the table")
        if len(set(self.hand)) != len(self.hand) or not self.hand:
            raise ValueError("a hand of distinct cards")
        if len(self.hand) * self.players > 52:
            raise ValueError("not enough cards for every seat")
        if self.level not in LEVELS:
            raise ValueError(f"level is one of {LEVELS}")

    @property
    def size(self) -> int:
        return len(self.hand)

    @property
    def dealer(self) -> int:
        return self.players - 1

    @property
    def can_be_exact(self) -> bool:
        """One card and no hook on the studied seat: :meth:`exact_odds` applies."""
        hooked = self.position == self.dealer and self.rules.hook_rule
        return self.size == 1 and not hooked

    def unit_seconds(self) -> float:
        """CPU seconds of one sampled deal, by :mod:`lab.cost`."""
        return hand_odds_seconds(self.players, self.size, self.level)

    def my_estimate(self) -> float:
        return basic_estimate(self.hand, self.trump, self.size, self.players)

    def candidates(self) -> list[int]:
        """The bids played out: all of them (basic), or for ``strong`` the three nearest
        the basic estimate (all of them in hands of four cards or fewer)."""
        every = list(range(self.size + 1))
        if self.level == "basic" or self.size <= 4:
            return every
        est = self.my_estimate()
        return sorted(sorted(every, key=lambda b: (abs(b - est), b))[:3])

    # -- sampling ----------------------------------------------------------------------

    def _deal(self, rng: SimRandom) -> list[list[int]]:
        mine = set(self.hand)
        pool = [c for c in range(52) if c not in mine]
        rng.shuffle(pool)
        hands: list[list[int]] = []
        pos = 0
        for seat in range(self.players):
            if seat == self.position:
                hands.append(list(self.hand))
            else:
                hands.append(pool[pos:pos + self.size])
                pos += self.size
        return hands

    def _bids(self, estimates: Sequence[float], my_bid: int) -> list[int] | None:
        """Everyone's bids in order (seat 0 first, the dealer last) with the studied
        seat bidding ``my_bid``; ``None`` when the hook forbids it."""
        total = 0
        bids = [0] * self.players
        for seat in range(self.players):
            numbers = legal_bids(self.size, (total,), dealer=seat == self.dealer,
                                 rules=self.rules)
            if seat == self.position:
                if my_bid not in numbers:
                    return None
                b = my_bid
            else:
                b = closest_bid(numbers, estimates[seat])
            bids[seat] = b
            total += b
        return bids

    def simulate(self, start: int, count: int) -> list[tuple[int, ...]]:
        """Per sample: the studied seat's tricks for each bid 0..size (or
        :data:`FORBIDDEN` / :data:`NOT_TRIED`)."""
        out = []
        tried = set(self.candidates())
        for i in range(start, start + count):
            rng = sim_random(unit_seed(self.seed, i))
            hands = self._deal(rng)
            estimates = [basic_estimate(h, self.trump, self.size, self.players)
                         for h in hands]
            row = [NOT_TRIED] * (self.size + 1)
            groups: dict[tuple[int, ...], list[int]] = {}
            for b in range(self.size + 1):
                if b not in tried:
                    continue
                bids = self._bids(estimates, b)
                if bids is None:
                    row[b] = FORBIDDEN
                elif self.level == "basic":
                    bids[self.position] = 0
                    groups.setdefault(tuple(bids), []).append(b)
                else:
                    row[b] = self._strong_tricks(hands, b, rng.getrandbits(32))
            for others, my_bids in groups.items():
                got = tricks_for_bids(hands, others, self.position, my_bids, 0, self.trump)
                for b in my_bids:
                    row[b] = got[b]
            out.append(tuple(row))
        return out

    def _strong_tricks(self, hands: list[list[int]], my_bid: int, bot_seed: int) -> int:
        """The studied seat's tricks when it bids ``my_bid`` and plays the strong bot, the
        others basic bots, through the public API."""
        trump = None if self.trump < 0 else SUITS[self.trump]
        setup = HandSetup(self.dealer, tuple(tuple(DECK[c] for c in h) for h in hands), trump)
        state = KachufulState.from_hands(self.players, [setup], self.rules)
        bots = [make_bot("kachuful", "strong" if s == self.position else "basic", bot_seed + s,
                         **({"play_samples": self.strong_play_samples}
                            if s == self.position else {}))
                for s in range(self.players)]
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            if seat == self.position and state.phase is Phase.BID:
                state.apply_unchecked(Bid(my_bid))
                continue
            action, _ = bot_move(state, bots[seat])
            state.apply_unchecked(action)
        result = state.results[-1]
        return result.tricks[self.position]

    # -- summaries ---------------------------------------------------------------------

    def _score(self, bid: int, tricks: int) -> int:
        return score_hand(bid, tricks, self.rules)

    def summarize(self, rows: Sequence[Sequence[int]]) -> HandOdds:
        """The estimates from sampled rows (one per sample, as :meth:`simulate` gives)."""
        n = len(rows)
        if n == 0:
            raise ValueError("no samples")
        size = self.size
        bids = []
        for b in range(size + 1):
            column = [row[b] for row in rows]
            if all(v == NOT_TRIED for v in column):
                bids.append(BidOdds(b, 0, None, None, ()))
                continue
            played = [v for v in column if v >= 0]
            forbidden = sum(1 for v in column if v == FORBIDDEN)
            forbid = proportion(forbidden, n) if self.position == self.dealer and \
                self.rules.hook_rule else None
            if not played:
                bids.append(BidOdds(b, 0, None, None, (), forbid))
                continue
            k = len(played)
            make = proportion(sum(1 for v in played if v == b), k)
            score = mean([float(self._score(b, v)) for v in played])
            tricks = tuple(proportion(sum(1 for v in played if v == t), k)
                           for t in range(size + 1))
            bids.append(BidOdds(b, k, make, score, tricks, forbid))
        return self._finish(bids, n, False)

    def _finish(self, bids: list[BidOdds], n: int, is_exact: bool) -> HandOdds:
        scored = [b for b in bids if b.score is not None]
        best = max(scored, key=lambda b: (b.score.value if b.score else 0.0, -b.bid)).bid \
            if scored else None
        est = self.my_estimate()
        natural = closest_bid(list(range(self.size + 1)), est)
        return HandOdds(self.size, n, is_exact, tuple(bids), best, est, natural)

    def exact_odds(self) -> HandOdds:
        """Exact odds of a one-card hand (see :func:`one_card_exact`)."""
        if not self.can_be_exact:
            raise ValueError("exact odds need one card, and no hook on the studied seat")
        p, cases = one_card_exact(self.hand[0], self.trump, self.players, self.position)
        dist = (exact(1.0 - p, cases), exact(p, cases))
        bids = []
        for b in (0, 1):
            value = p * self._score(b, 1) + (1.0 - p) * self._score(b, 0)
            bids.append(BidOdds(b, cases, dist[b], exact(value, cases), dist))
        return self._finish(bids, cases, True)
