"""The Kachuful bots' search: basic-play rollouts and the ``strong`` bot.

* :func:`rollout_coded` and :func:`rollout_variant` — the rest of a hand played out with
  the basic policy for every seat, on int-coded cards;
* :class:`StrongKachufulBot` — bids and plays by determinized sampling over the deals of
  :mod:`engine.bots.kachuful_inference`, with the information-set search of
  :mod:`engine.bots.kachuful_ismcts` as an option.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from engine.bots.common import BotDecision, percent
from engine.bots.kachuful_inference import (
    Knowledge,
    bid_weigher,
    fitting_deals,
    knowledge_of,
    pick_weighted,
    sample_deal,
)
from engine.bots.kachuful_ismcts import bid_values, random_playout, search_cards
from engine.bots.kachuful_policy import (
    OWN_CARD,
    BidThenPlay,
    KachufulAction,
    KachufulObservation,
    basic_card_coded,
    basic_play,
    closest_number,
    estimate_coded,
    forehead_bid,
    legal_actions,
    legal_numbers,
    trump_int,
)
from engine.cards import DECK, Card
from engine.kachuful.fast import (
    ALL_CARDS,
    BEATS,
    BIT,
    HIGHER,
    SUIT_MASK,
    playable_int,
    trick_winner_int,
)
from engine.kachuful.rules import (
    KachufulRules,
    legal_bids,
    score_hand,
)
from engine.kachuful.state import Bid, SeatView
from engine.rng import sim_random

__all__ = ["StrongKachufulBot", "hand_masks", "rollout_coded", "rollout_variant",
           "top_trump_count"]
def hand_masks(hands: Sequence[Sequence[int]]) -> list[int]:
    """Each hand of int-coded cards as a bit set (bit ``c`` for card ``c``)."""
    masks = []
    for h in hands:
        m = 0
        for c in h:
            m |= BIT[c]
        masks.append(m)
    return masks


def rollout_coded(hands: list[list[int]], played: int, bids: Sequence[int], won: list[int],
             leader: int, trick: list[int], trump: int, n: int) -> list[int]:
    """Play the rest of the hand with the basic policy for every seat; returns the
    tricks won. ``hands`` and ``won`` are consumed (pass copies)."""
    masks = hand_masks(hands)
    unplayed = ALL_CARDS & ~played
    beats = BEATS[trump + 1]
    count = len(trick)
    turn = (leader + count) % n
    last_pos = n - 1
    if trick:
        led = trick[0] // 13
        win = trick[trick_winner_int(trick, trump)]
        win_seat = (leader + trick.index(win)) % n
    else:
        led = win = win_seat = -1
    while True:
        hand = hands[turn]
        if not hand:
            return won
        c = basic_card_coded(hand, led, win, trump, bids[turn] - won[turn], unplayed & ~masks[turn],
                        count == last_pos)[0]
        hand.remove(c)
        bit = BIT[c]
        masks[turn] ^= bit
        unplayed ^= bit
        if led < 0:
            led = c // 13
            win = c
            win_seat = turn
        elif beats[win * 52 + c]:
            win = c
            win_seat = turn
        count += 1
        if count == n:
            won[win_seat] += 1
            turn = win_seat
            led = win = -1
            count = 0
        else:
            turn = turn + 1 if turn < last_pos else 0


def top_trump_count(hand: int, outside: int, trump: int) -> int:
    """How many trumps of ``hand`` (a bit set) rank above every trump of ``outside`` (the
    unplayed cards of the others): each of them wins whenever it is played."""
    suit = SUIT_MASK[trump]
    return ((hand & suit) >> (outside & suit).bit_length()).bit_count()


def _no_noise() -> float:
    return 1.0


def rollout_variant(hands: list[list[int]], played: int, bids: Sequence[int], won: list[int],
                    leader: int, trick: list[int], trump: int, n: int, eps: float = 0.0,
                    rnd: Callable[[], float] = _no_noise, seen: bool = False,
                    seers: int = 0, top_trumps: bool = False) -> list[int]:
    """:func:`rollout_coded` with the strong bot's rollout options (kept apart from the
    default loop, which the options' tests would slow by a few per cent).

    ``seen``: every seat sees the deal, the cards that can beat its card read from the
    hands of the seats still to play in the trick (not from every unplayed card), so a
    sure winner or a safe duck is seen as such (in a sampled deal the hands are known, and
    the players it stands for steer to their bids better than basic play guessing).
    ``eps``: noise, each card is with chance ``eps`` (drawn from ``rnd``) a uniformly
    random legal card instead of the basic policy's, the others as :func:`rollout_coded`
    plays them (``seen`` is not read). ``seers``: a bit set of the seats that see the deal
    that way when ``seen`` is off (the strong bot's own seat, whose search steers to its
    bid). ``top_trumps``: a seat that still needs tricks counts its top trumps (trumps no
    unplayed card beats: each wins whenever it is played) towards them, so one whose top
    trumps cover what it needs ducks the other suits instead of taking tricks it will
    then have too many of."""
    if seen:
        seers = (1 << n) - 1
    masks = hand_masks(hands)
    unplayed = ALL_CARDS & ~played
    beats = BEATS[trump + 1]
    count = len(trick)
    turn = (leader + count) % n
    last_pos = n - 1
    if trick:
        led = trick[0] // 13
        win = trick[trick_winner_int(trick, trump)]
        win_seat = (leader + trick.index(win)) % n
    else:
        led = win = win_seat = -1
    while True:
        hand = hands[turn]
        if not hand:
            return won
        if eps and rnd() < eps:
            options = playable_int(hand, led)
            c = options[int(rnd() * len(options))]
        else:
            if seers >> turn & 1 and not eps:
                later = 0
                s = turn
                for _ in range(last_pos - count):
                    s = s + 1 if s < last_pos else 0
                    later |= masks[s]
            else:
                later = unplayed & ~masks[turn]
            need = bids[turn] - won[turn]
            if top_trumps and need > 0 and trump >= 0:
                need -= top_trump_count(masks[turn], unplayed & ~masks[turn], trump)
            c = basic_card_coded(hand, led, win, trump, need, later, count == last_pos)[0]
        hand.remove(c)
        bit = BIT[c]
        masks[turn] ^= bit
        unplayed ^= bit
        if led < 0:
            led = c // 13
            win = c
            win_seat = turn
        elif beats[win * 52 + c]:
            win = c
            win_seat = turn
        count += 1
        if count == n:
            won[win_seat] += 1
            turn = win_seat
            led = win = -1
            count = 0
        else:
            turn = turn + 1 if turn < last_pos else 0



class _Node:
    """A node of the play search: per card, ``[visits, reward, available, made, child]``
    (``made``: at the root, visits in which our seat made its bid)."""

    __slots__ = ("kids",)

    def __init__(self) -> None:
        self.kids: dict[int, list[Any]] = {}


class StrongKachufulBot(BidThenPlay):
    """Bids and plays by searching deals that fit what the seat has seen.

    Deals of the unseen cards respect the voids shown and are weighted by how well they
    explain the bids already made (a bidder bids near the basic estimate of its hand,
    ``sigma`` tricks either way). Bid: every candidate bid is played out with basic play on
    the same ``bid_samples`` deals (drawn from three times as many by their weight), and
    the best average score for the variant's scoring wins; a playout that ends one trick
    off the bid counts as made with chance ``soft`` (the bot's own search steers to its
    bid better than basic play: with ``soft`` 0 its bids were too low and made 57-62% of
    the time against IS-MCTS, where it predicted about 40%). ``bid_search`` > 0 searches
    the bid with that many iterations of the play search instead (tried; not better).
    Decisions without a choice (one legal card, cards alike, the forehead card) are
    played out on ``forced_samples`` deals for the estimate they quote. Play: an information-set
    Monte Carlo tree search of ``play_samples`` iterations: each iteration draws a deal
    (by weight), walks a tree of the cards played from here (every seat choosing by UCB
    on its own score, exploration ``uct_c``), and plays the rest of the hand out with
    basic play; the card visited most is played.

    ``random_play=1`` plays the cards with the random-playout information-set search of
    :mod:`engine.bots.kachuful_ismcts` instead (OpenSpiel's IS-MCTS, on worlds that
    respect the voids shown: ``play_samples`` iterations, default 2000, exploration
    ``c`` on scores scaled to 0..1, ``raw=1`` on the raw scores as OpenSpiel does,
    ``voids=0`` ignoring the voids as OpenSpiel's ``oh_hell`` sampler does, ``flat=1``
    the root alone as the tree, ``weigh=1`` worlds drawn by bid weight from ``pool``
    deals) and prices the bids on random playouts too; ``random_bids=1`` prices the bids
    that way with this search's card play. Measured against OpenSpiel's IS-MCTS
    (docs/bots.md), neither is better than the default, so both are off.
    """

    level = "strong"

    def __init__(self, seed: int = 0, bid_samples: int | None = None,
                 play_samples: int | None = None,
                 blind_samples: int = 80, sigma: float = 1.0, uct_c: float = 0.6,
                 pool: int = 120, eps: float = 0.0, seen: int = 0,
                 forced_samples: int = 40, soft: float = 0.5, bid_search: int = 0,
                 bias: float = 0.0, steer: int = 0, bid_eps: float = 0.0,
                 top_trumps: int = 0, soft_over: float | None = None,
                 random_play: int = 0, c: float = 0.25, weigh: int = 0, raw: int = 0,
                 voids: int = 1, flat: int = 0, random_bids: int = 0) -> None:
        self.rng = sim_random(seed)
        self.raw = bool(raw)
        self.random_bids = bool(random_bids)
        self.flat = bool(flat)
        self.voids = bool(voids)
        self.random_play = bool(random_play)
        self.c = c
        self.weigh = bool(weigh)
        self.soft_over = soft if soft_over is None else soft_over
        self.top_trumps = bool(top_trumps)
        self.bid_eps = bid_eps
        self.steer = bool(steer)
        self.bias = bias
        self.bid_search = bid_search
        self.soft = soft
        self.seen = bool(seen)
        self.forced_samples = forced_samples
        #: Bid: deals played out per candidate, or (``random_bids``) random playouts in all;
        #: play: iterations of the card search.
        self.bid_samples = bid_samples or (2000 if random_play or random_bids else 100)
        self.play_samples = play_samples or (2000 if random_play else 600)
        self.blind_samples = blind_samples
        self.sigma = sigma
        self.uct_c = uct_c
        self.pool = pool
        self.eps = eps
        self._scores: dict[tuple[KachufulRules, int, int, bool], int] = {}

    def _rollout(self, hands: list[list[int]], played: int, bids: Sequence[int],
                 won: list[int], leader: int, trick: list[int], trump: int, n: int,
                 seers: int = 0) -> list[int]:
        """The rest of the hand played out (``seen``: every seat sees the deal; ``seers``:
        these seats do, see :func:`rollout_variant`)."""
        if self.seen or self.top_trumps or seers:
            return rollout_variant(hands, played, bids, won, leader, trick, trump, n,
                                   seen=self.seen, seers=seers, top_trumps=self.top_trumps)
        return rollout_coded(hands, played, bids, won, leader, trick, trump, n)

    def _score(self, rules: KachufulRules, bid: int, tricks: int, blind: bool) -> int:
        key = (rules, bid, tricks, blind)
        got = self._scores.get(key)
        if got is None:
            got = self._scores[key] = score_hand(bid, tricks, rules, blind)
        return got

    # bidding ---------------------------------------------------------------------------

    def _bids_after(self, view: SeatView, estimates: Sequence[float], my_bid: int,
                    rules: KachufulRules) -> list[int]:
        """Everyone's bid: those made, mine, and for the rest the bid closest to their
        basic estimate (``estimates``, by seat) that the rules allow."""
        n = view.players
        bids = [b if b is not None else -1 for b in view.bids]
        bids[view.seat] = my_bid
        total = sum(b for b in bids if b >= 0)
        size = view.hand_size
        for i in range(1, n + 1):
            s = (view.dealer + i) % n
            if bids[s] >= 0:
                continue
            numbers = legal_bids(size, (total,), dealer=s == view.dealer, rules=rules)
            bids[s] = closest_number(numbers, estimates[s] - self.bias)
            total += bids[s]
        return bids

    def _estimates(self, view: SeatView, hands: list[list[int]], trump: int) -> list[float]:
        n = view.players
        return [estimate_coded(hands[s], trump, view.hand_size, n)[0]
                if view.bids[s] is None and s != view.seat else 0.0 for s in range(n)]

    def _expected(self, obs: KachufulObservation, deals: list[list[list[int]]],
                  candidates: Sequence[int], blind: bool) -> dict[int, tuple[float, float]]:
        """For each candidate bid: the mean score and the share of exact hands."""
        view, rules = obs.view, obs.rules
        n = view.players
        trump = trump_int(view)
        leader = (view.dealer + 1) % n
        seat = view.seat
        estimates = [self._estimates(view, hands, trump) for hands in deals]
        under, over = self.soft, self.soft_over
        out: dict[int, tuple[float, float]] = {}
        for b in candidates:
            total = 0.0
            exact = 0.0
            for hands, est in zip(deals, estimates, strict=True):
                bids = self._bids_after(view, est, b, rules)
                won = self._rollout([list(h) for h in hands], 0, bids, [0] * n, leader, [],
                                    trump, n, seers=(1 << seat) if self.steer else 0)
                t = won[seat]
                soft = under if t == b - 1 else over if t == b + 1 else 0.0
                if t == b or not soft:
                    total += self._score(rules, b, t, blind)
                else:  # one trick off: better play than basic's would often make it
                    total += (soft * self._score(rules, b, b, blind)
                              + (1 - soft) * self._score(rules, b, t, blind))
                exact += 1.0 if t == b else soft
            out[b] = (total / len(deals), exact / len(deals))
        return out

    def bid(self, obs: KachufulObservation) -> BotDecision[KachufulAction]:
        view, rules = obs.view, obs.rules
        numbers = legal_numbers(view, rules)
        if rules.blind_bids and view.hand_size <= 5:
            blind = self._blind_choice(obs.without_own_hand(), numbers)
            if blind is not None:
                return blind
        if view.hand is None:
            return forehead_bid(obs)
        k = knowledge_of(obs)
        if self.random_play or self.random_bids:
            return self._bid_random(obs, k, numbers)
        weigh = bid_weigher(view, k, self.sigma, self.bias)
        count = self.bid_samples
        deals, weights = fitting_deals(k, weigh, self.rng, 3 * count)
        deals = pick_weighted(deals, weights, count, self.rng)
        est = estimate_coded(k.known[view.seat] or [], k.trump, k.size, k.players)[0]
        if view.hand_size <= 4:
            candidates = numbers
        else:
            near = sorted(numbers, key=lambda b: (abs(b - est), b))[:4]
            candidates = sorted(near)
        if self.bid_search:
            stats = self._search(obs, k, deals, [1.0] * len(deals), candidates, True,
                                 self.bid_search)
            best = max(candidates, key=lambda b: (stats[b][0], stats[b][1], -abs(b - est)))
            tried, ev, exact = stats[best]
            return BotDecision(Bid(best), "bots.kachuful.strong-bid-search",
                            {"bid": best, "samples": len(deals),
                             "playouts": self.bid_search, "tried": tried,
                             "pct": percent(exact), "ev": round(ev, 1)})
        results = self._expected(obs, deals, candidates, False)
        best = max(candidates, key=lambda b: (results[b][0], -abs(b - est)))
        ev, exact = results[best]
        return BotDecision(Bid(best), "bots.kachuful.strong-bid",
                        {"bid": best, "samples": len(deals), "pct": percent(exact),
                         "ev": round(ev, 1),
                         "steer": percent(self.soft),
                         "steer_over": percent(self.soft_over)})

    def _draw(self, view: SeatView, k: Knowledge, count: int
              ) -> Callable[[], list[list[int]]]:
        """The worlds the search deals from: a fresh deal of the unseen cards each time
        (voids respected), or with ``weigh`` one of ``count`` deals drawn in proportion
        to how well it explains the bids made."""
        rng = self.rng
        if not self.voids:
            k = replace(k, voids=[0] * k.players)
        if not self.weigh:
            return lambda: sample_deal(k, rng)
        deals, weights = fitting_deals(k, bid_weigher(view, k, self.sigma, self.bias), rng,
                                       count)
        if sum(weights) <= 0:
            weights = [1.0] * len(deals)
        cum = list(itertools.accumulate(weights))
        top = cum[-1]
        last = len(deals) - 1
        rnd = rng.random
        pick = bisect.bisect_right
        return lambda: deals[min(pick(cum, rnd() * top), last)]

    def _bid_random(self, obs: KachufulObservation, k: Knowledge, numbers: Sequence[int]
                    ) -> BotDecision[KachufulAction]:
        """Every legal bid priced on the same random playouts of the whole hand: the bid
        with the best average score for the variant's scoring."""
        view, rules = obs.view, obs.rules
        n, seat = view.players, view.seat
        draw = self._draw(view, k, min(self.pool, self.bid_samples))
        tricks = bid_values(draw, seat, (view.dealer + 1) % n, k.trump, n,
                            self.bid_samples, self.rng.random)
        counts = [0] * (k.size + 1)
        for t in tricks:
            counts[t] += 1
        total = len(tricks)
        est = estimate_coded(k.known[seat] or [], k.trump, k.size, n)[0]

        def value(b: int) -> float:
            return sum(counts[t] * self._score(rules, b, t, False)
                       for t in range(k.size + 1)) / total

        best = max(numbers, key=lambda b: (value(b), -abs(b - est)))
        return BotDecision(Bid(best), "bots.kachuful.strong-bid-random",
                        {"bid": best, "samples": total,
                         "pct": percent(counts[best] / total),
                         "ev": round(value(best), 1)})

    def _blind_choice(self, public: KachufulObservation, numbers: Sequence[int]
                      ) -> BotDecision[KachufulAction] | None:
        """Decide, before looking (``public`` hides the own hand), whether a blind bid
        beats looking: sampled deals give the own hand too; a seen bid is valued as the
        basic estimate of the sampled hand would bid it (a lower bound)."""
        view, rules = public.view, public.rules
        k = knowledge_of(public)
        deals = [sample_deal(k, self.rng) for _ in range(self.blind_samples)]
        n = view.players
        trump = trump_int(view)
        leader = (view.dealer + 1) % n
        seat = view.seat
        seen_total = 0
        for hands in deals:
            est = estimate_coded(hands[seat], trump, view.hand_size, n)[0]
            b = closest_number(numbers, est)
            bids = self._bids_after(view, self._estimates(view, hands, trump), b, rules)
            won = rollout_coded([list(h) for h in hands], 0, bids, [0] * n, leader, [],
                                trump, n)
            seen_total += self._score(rules, b, won[seat], False)
        seen_ev = seen_total / len(deals)
        candidates = [b for b in numbers if b <= 1]
        results = self._expected(public, deals, candidates, True)
        best = max(candidates, key=lambda b: (results[b][0], -b))
        ev, exact = results[best]
        if ev <= seen_ev:
            return None
        return BotDecision(Bid(best, True), "bots.kachuful.strong-bid-blind",
                        {"bid": best, "samples": len(deals), "pct": percent(exact),
                         "ev": round(ev, 1), "seen_ev": round(seen_ev, 1)})

    # playing ---------------------------------------------------------------------------

    def _forced(self, obs: KachufulObservation, k: Knowledge, card: int | None,
                key: str) -> BotDecision[KachufulAction]:
        """A play without a choice (one legal card, cards all alike, the forehead card),
        with the estimate it rests on: the weighted deals played out after ``card`` (in a
        forehead hand, ``None``: the seat's own card in each deal), the share in which the
        bid is made and the mean score."""
        view, rules = obs.view, obs.rules
        n, trump, seat = k.players, k.trump, k.seat
        bids = [b if b is not None else 0 for b in view.bids]
        weigh = bid_weigher(view, k, self.sigma, self.bias)
        count = min(self.pool, self.forced_samples)
        deals, weights = fitting_deals(k, weigh, self.rng, 2 * count)
        deals = pick_weighted(deals, weights, count, self.rng)
        trick0 = [c.index for _, c in view.current_trick]
        leader0 = view.current_trick[0][0] if view.current_trick else seat
        made = total = 0
        for world in deals:
            hands = [list(h) for h in world]
            c = hands[seat][0] if card is None else card
            hands[seat].remove(c)
            won = list(view.tricks_won)
            trick = trick0 + [c]
            leader = leader0
            if len(trick) == n:
                w = (leader + trick_winner_int(trick, trump)) % n
                won[w] += 1
                leader, trick = w, []
            if not self.random_play:
                won = self._rollout(hands, k.played | BIT[c], bids, won, leader, trick,
                                    trump, n)
            else:
                won = random_playout(hands, won, leader, trick, trump, n, self.rng.random)
            made += won[seat] == bids[seat]
            total += self._score(rules, bids[seat], won[seat], view.blind[seat])
        data: dict[str, Any] = {"bid": bids[seat], "won": view.tricks_won[seat],
                                "samples": len(deals), "pct": percent(made / len(deals)),
                                "ev": round(total / len(deals), 1)}
        if card is None:
            return BotDecision(OWN_CARD, key, data)
        data["card"] = DECK[card]
        return BotDecision(DECK[card], key, data)

    def play(self, obs: KachufulObservation) -> BotDecision[KachufulAction]:
        view = obs.view
        if view.hand is None:
            return self._forced(obs, knowledge_of(obs), None, "bots.kachuful.strong-own-card")
        legal = [c for c in legal_actions(obs) if isinstance(c, Card)]
        seat = view.seat
        bid = view.bids[seat]
        assert bid is not None
        won_now = view.tricks_won[seat]
        k = knowledge_of(obs)
        if len(legal) == 1:
            return self._forced(obs, k, legal[0].index, "bots.kachuful.strong-only")
        mine = 0
        for c in k.known[seat] or []:
            mine |= BIT[c]
        # Cards of the trick on the table separate ours as much as unplayed ones do: with
        # 10♥ on the table, 9♥ and J♥ are not alike (only one of them beats it).
        outside = ALL_CARDS & ~k.played & ~mine
        for _, on_table in view.current_trick:
            outside |= BIT[on_table.index]
        rep = _distinct(sorted(c.index for c in legal), outside)
        candidates = sorted(set(rep.values()))
        if len(candidates) == 1:
            basic = basic_play(obs).action
            assert isinstance(basic, Card)
            return self._forced(obs, k, basic.index, "bots.kachuful.strong-alike")
        if self.random_play:
            return self._play_search(obs, k, candidates)
        weigh = bid_weigher(view, k, self.sigma, self.bias)
        deals, weights = fitting_deals(k, weigh, self.rng, min(self.pool, self.play_samples))
        stats = self._search(obs, k, deals, weights, candidates)
        choice = max(candidates, key=lambda c: (stats[c][0], stats[c][1], -c))
        visits, ev, made = stats[choice]
        card = DECK[choice]
        return BotDecision(card, "bots.kachuful.strong-play",
                        {"card": card, "bid": bid, "won": won_now,
                         "samples": len(deals), "playouts": self.play_samples,
                         "tried": visits,
                         "pct": percent(made), "ev": round(ev, 1)})

    def _play_search(self, obs: KachufulObservation, k: Knowledge, candidates: list[int]
                     ) -> BotDecision[KachufulAction]:
        """The card with the most visits in the information-set search
        (:func:`engine.bots.kachuful_ismcts.search_cards`) over fresh worlds."""
        view, rules = obs.view, obs.rules
        n, seat, size = k.players, k.seat, k.size
        bids = [b if b is not None else 0 for b in view.bids]
        raw = [[self._score(rules, bids[s], t, view.blind[s]) for t in range(size + 1)]
               for s in range(n)]
        lo = min(min(r) for r in raw)
        span = max(max(r) for r in raw) - lo or 1
        scaled = [[(x - lo) / span for x in r] for r in raw]
        if self.raw:
            scaled, lo, span = [[float(x) for x in r] for r in raw], 0, 1
        trick0 = [c.index for _, c in view.current_trick]
        leader0 = view.current_trick[0][0] if view.current_trick else seat
        draw = self._draw(view, k, min(self.pool, self.play_samples))
        stats = search_cards(draw, seat, view.tricks_won, leader0, trick0, k.trump, n,
                             scaled, bids[seat], candidates, self.play_samples, self.c,
                             self.rng.random, self.flat)
        choice = max(candidates, key=lambda c: (stats[c][0], stats[c][1], -c))
        visits, mean, made = stats[choice]
        card = DECK[choice]
        return BotDecision(card, "bots.kachuful.strong-play-random",
                        {"card": card, "bid": bids[seat], "won": view.tricks_won[seat],
                         "samples": self.play_samples, "playouts": self.play_samples,
                         "tried": visits, "pct": percent(made),
                         "ev": round(lo + span * mean, 1)})

    def _search(self, obs: KachufulObservation, k: Knowledge, deals: list[list[list[int]]],
                weights: list[float], candidates: list[int], bidding: bool = False,
                iterations: int = 0) -> dict[int, tuple[int, float, float]]:
        """The search: per root choice (a card, or with ``bidding`` a bid), its visits,
        mean score and share of visits in which the seat made its bid. When bidding, each
        iteration picks our bid at the root, the later bidders bid their basic estimate of
        the deal (the dealer within the hook), and the cards are searched below it."""
        view, rules = obs.view, obs.rules
        n, trump, seat, size = k.players, k.trump, k.seat, k.size
        # Every (bid, blind)'s score for each number of tricks, scaled to 0..1 for the search.
        blinds = sorted(set(view.blind) | {False})
        raw = {(b, bl): [self._score(rules, b, t, bl) for t in range(size + 1)]
               for b in range(size + 1) for bl in blinds}
        lo = min(min(r) for r in raw.values())
        span = max(max(r) for r in raw.values()) - lo or 1
        scaled = {key: [(x - lo) / span for x in r] for key, r in raw.items()}
        fixed = [b if b is not None else 0 for b in view.bids]
        table = [scaled[(fixed[s], view.blind[s])] for s in range(n)]
        trick0 = [c.index for _, c in view.current_trick]
        leader0 = view.current_trick[0][0] if view.current_trick else seat
        if bidding:
            leader0 = (view.dealer + 1) % n
        base_won = list(view.tricks_won)
        total_w = sum(weights)
        if total_w <= 0:
            weights = [1.0] * len(deals)
        cum = list(itertools.accumulate(weights))
        top = cum[-1]
        pick = bisect.bisect_right
        rnd = self.rng.random
        log = math.log
        sqrt = math.sqrt
        c_uct = self.uct_c
        eps = self.bid_eps if bidding else self.eps
        allowed = set(candidates)
        root = _Node()
        root_made = dict.fromkeys(candidates, 0)
        estimates: dict[int, list[float]] = {}
        bid_cache: dict[tuple[int, int], tuple[list[int], list[list[float]]]] = {}
        for _ in range(iterations or self.play_samples):
            di = min(pick(cum, rnd() * top), len(deals) - 1)
            world = deals[di]
            hands = [list(h) for h in world]
            played = k.played
            won = list(base_won)
            trick = list(trick0)
            leader = leader0
            turn = (leader + len(trick)) % n
            node = root
            path: list[tuple[list[Any], int]] = []
            first = -1
            bids = fixed
            go = True
            if bidding:
                kids = root.kids
                untried = [b for b in candidates if b not in kids]
                if untried:
                    b = untried[int(rnd() * len(untried))]
                    entry = kids[b] = [0, 0.0, 0, 0, None]
                    go = False
                else:
                    best = -1.0
                    b = candidates[0]
                    for x in candidates:
                        e = kids[x]
                        v = e[1] / e[0] + c_uct * sqrt(log(e[2] + 1) / e[0])
                        if v > best:
                            best = v
                            b = x
                    entry = kids[b]
                for e in kids.values():
                    e[2] += 1
                got_bids = bid_cache.get((di, b))
                if got_bids is None:
                    est = estimates.get(di)
                    if est is None:
                        est = estimates[di] = self._estimates(view, world, trump)
                    these = self._bids_after(view, est, b, rules)
                    got_bids = bid_cache[(di, b)] = (
                        these, [scaled[(these[s], view.blind[s])] for s in range(n)])
                bids, table = got_bids
                path.append((entry, seat))
                first = b
                turn = leader
                if entry[4] is None:
                    entry[4] = _Node()
                node = entry[4]
            while go:
                hand = hands[turn]
                if not hand:
                    break
                legal = playable_int(hand, trick[0] // 13) if trick else hand
                if node is root:
                    legal = [c for c in legal if c in allowed]
                kids = node.kids
                untried = []
                for c in legal:
                    got = kids.get(c)
                    if got is None:
                        untried.append(c)
                    else:
                        got[2] += 1
                if untried:
                    c = untried[int(rnd() * len(untried))]
                    entry = kids[c] = [0, 0.0, 1, 0, None]
                    expand = True
                else:
                    best = -1.0
                    c = legal[0]
                    for x in legal:
                        e = kids[x]
                        v = e[1] / e[0] + c_uct * sqrt(log(e[2]) / e[0])
                        if v > best:
                            best = v
                            c = x
                    entry = kids[c]
                    expand = False
                path.append((entry, turn))
                if first < 0:
                    first = c
                hand.remove(c)
                played |= BIT[c]
                trick.append(c)
                if len(trick) == n:
                    w = trick[trick_winner_int(trick, trump)]
                    winner = (leader + trick.index(w)) % n
                    won[winner] += 1
                    leader = turn = winner
                    trick = []
                else:
                    turn = turn + 1 if turn < n - 1 else 0
                if expand:
                    break
                if entry[4] is None:
                    entry[4] = _Node()
                node = entry[4]
            if not hands[turn]:
                pass
            elif eps > 0:
                won = rollout_variant(hands, played, bids, won, leader, trick, trump, n, eps,
                                      rnd)
            else:
                won = self._rollout(hands, played, bids, won, leader, trick, trump, n)
            for entry, p in path:
                entry[0] += 1
                entry[1] += table[p][won[p]]
            if won[seat] == bids[seat]:
                root_made[first] += 1
        out: dict[int, tuple[int, float, float]] = {}
        for c in candidates:
            kid = root.kids.get(c)
            if kid is None or kid[0] == 0:
                out[c] = (0, float(lo), 0.0)
            else:
                out[c] = (kid[0], lo + span * kid[1] / kid[0], root_made[c] / kid[0])
        return out


def _distinct(cards: list[int], outside: int) -> dict[int, int]:
    """Each card's representative: the lowest card of its run of equivalent cards (same
    suit, no card held by anyone else between them: playing either gives the same
    tricks). ``cards`` sorted ascending."""
    rep: dict[int, int] = {}
    prev = -1
    for c in cards:
        if prev >= 0 and prev // 13 == c // 13:
            between = HIGHER[prev] & ~HIGHER[c - 1] if c - 1 > prev else 0
            if not between & outside:
                rep[c] = rep[prev]
                prev = c
                continue
        rep[c] = c
        prev = c
    return rep
