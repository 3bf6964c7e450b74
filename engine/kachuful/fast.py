"""The fast path: whole hands of uniformly random legal play, for simulations.

No events, no checks, no objects per card: a card is ``suit << 4 | rank`` (rank 0..12 =
2..A, suits in the order S H D C of :mod:`engine.cards`), a hand is four per-suit lists
of ranks, and each trick is resolved in one pass as its cards fall. Random numbers come
from :class:`random.Random` (Mersenne Twister, whose ``random()`` stream is stable
across Python versions), seeded, so a simulation is reproducible; it is *not* the deal of
:mod:`engine.kachuful.deal` (use :class:`~engine.kachuful.state.KachufulState` for that).

The rules are the same as the state's: following (K-11), the trick winner (K-12), the
hook (K-9, through :func:`~engine.kachuful.rules.hook_forbidden_bid`'s arithmetic) and
scoring (:func:`~engine.kachuful.rules.score_hand`). A test replays traced simulations
through the checked state and compares every trick and score.

>>> sim = FastSimulator(4, seed=5)
>>> totals = sim.play_game()
>>> len(totals), sim.hands_played
(4, 25)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.cards import DECK, SUITS, Card, Suit
from engine.kachuful.rules import (
    DEFAULT_RULES,
    TRUMP_CYCLE,
    TRUMP_CYCLE_NT,
    KachufulRules,
    check_players,
    hand_sizes,
    score_hand,
)

#: Fast card code -> Card, and back.
FAST_TO_CARD: dict[int, Card] = {SUITS.index(c.suit) << 4 | (int(c.rank) - 2): c for c in DECK}
CARD_TO_FAST: dict[Card, int] = {c: f for f, c in FAST_TO_CARD.items()}
_FULL_DECK: tuple[int, ...] = tuple(sorted(FAST_TO_CARD))
_SUIT_NUMBER: dict[Suit | None, int] = {s: i for i, s in enumerate(SUITS)}
_SUIT_NUMBER[None] = -1


@dataclass(frozen=True, slots=True)
class TracedHand:
    """One simulated hand written out for checking: deal, trump, bids and cards played
    (bids and play in the order they were made)."""

    dealer: int
    trump: Suit | None
    deal: tuple[tuple[Card, ...], ...]
    bids: tuple[int, ...]
    play: tuple[Card, ...]
    tricks: tuple[int, ...]
    scores: tuple[int, ...]


class FastSimulator:
    """Random legal play at speed. ``play_hand`` plays one hand, ``play_game`` a game.

    Every bid is uniform among the legal bids (never blind), every card uniform among
    the legal cards (under ``renege: penalized``, among all held cards, a renege scoring
    0 as in the state).
    """

    __slots__ = ("players", "rules", "random", "totals", "hands_played", "trace", "_orders",
                 "_follow", "_hook", "_score_cache")

    def __init__(self, players: int, rules: KachufulRules = DEFAULT_RULES, seed: int = 0,
                 trace: list[TracedHand] | None = None) -> None:
        self.players = check_players(players)
        self.rules = rules
        self.random = random.Random(seed)
        self.totals = [0] * players
        self.hands_played = 0
        self.trace = trace
        n = players
        self._orders = [tuple((lead + i) % n for i in range(1, n)) for lead in range(n)]
        self._follow = rules.renege == "forbidden"
        self._hook = rules.hook_rule
        self._score_cache: dict[tuple[int, int], int] = {}

    def trump_for(self, index: int) -> int:
        """The trump suit number (0..3, -1 = none) of hand ``index`` (from 0) under the
        cycle rules; ``turned`` is resolved in :meth:`play_hand` from the deck."""
        if self.rules.trumps == "cycle-nt":
            return _SUIT_NUMBER[TRUMP_CYCLE_NT[index % 5]]
        return _SUIT_NUMBER[TRUMP_CYCLE[index % 4]]

    def play_game(self, first_dealer: int = 0) -> list[int]:
        """A whole game on the variant's schedule; returns the totals."""
        for index, size in enumerate(hand_sizes(self.players, self.rules)):
            self.play_hand(size, (first_dealer + index) % self.players, self.trump_for(index))
        return list(self.totals)

    def play_hand(self, size: int, dealer: int, trump: int) -> list[int]:
        """Deal ``size`` cards each, bid, play every trick, score; returns the tricks
        taken. ``trump`` is a suit number (0..3 = S H D C) or -1 for no trump; under
        ``trumps: turned`` it is ignored and the next card of the deck decides."""
        n = self.players
        rnd = self.random.random
        dealt = n * size
        deck = list(_FULL_DECK)
        # Partial Fisher-Yates: only the dealt cards (and the turned one) are drawn.
        top = dealt + 1 if dealt < 52 else dealt
        for i in range(top):
            j = i + int(rnd() * (52 - i))
            deck[i], deck[j] = deck[j], deck[i]
        if self.rules.trumps == "turned":
            trump = deck[dealt] >> 4 if dealt < 52 else -1
        hands: list[list[list[int]]] = [[[], [], [], []] for _ in range(n)]
        seat = dealer
        for i in range(dealt):
            seat = seat + 1 if seat + 1 < n else 0
            c = deck[i]
            hands[seat][c >> 4].append(c & 15)
        trace = self.trace
        deal_copy = None
        if trace is not None:
            deal_copy = tuple(
                tuple(FAST_TO_CARD[deck[i]] for i in range(dealt) if (dealer + 1 + i) % n == s)
                for s in range(n))

        # Bidding (K-8, K-9): uniform among the legal bids, the dealer last.
        bids = [0] * n
        total = 0
        leader = dealer + 1 if dealer + 1 < n else 0
        for s in self._orders[dealer][:-1]:
            b = int(rnd() * (size + 1))
            bids[s] = b
            total += b
        forbidden = size - total
        if self._hook and 0 <= forbidden <= size:
            b = int(rnd() * size)
            if b >= forbidden:
                b += 1
        else:
            b = int(rnd() * (size + 1))
        bids[dealer] = b

        # Play (K-10..K-12): one pass per trick.
        tricks = [0] * n
        counts = [size] * n
        played: list[int] | None = [] if trace is not None else None
        orders = self._orders
        follow = self._follow
        reneged: list[bool] | None = None if follow else [False] * n
        for _ in range(size):
            hand = hands[leader]
            x = int(rnd() * counts[leader])
            for led in range(4):
                cards = hand[led]
                if x < len(cards):
                    break
                x -= len(cards)
            best = cards[x]
            cards[x] = cards[-1]
            cards.pop()
            counts[leader] -= 1
            if played is not None:
                played.append(led << 4 | best)
            best_suit = led
            winner = leader
            for p in orders[leader]:
                hand = hands[p]
                cards = hand[led]
                if cards and follow:
                    x = int(rnd() * len(cards))
                    r = cards[x]
                    cards[x] = cards[-1]
                    cards.pop()
                    counts[p] -= 1
                    if played is not None:
                        played.append(led << 4 | r)
                    if best_suit == led and r > best:
                        best = r
                        winner = p
                    continue
                x = int(rnd() * counts[p])
                for s in range(4):
                    cards = hand[s]
                    if x < len(cards):
                        break
                    x -= len(cards)
                r = cards[x]
                cards[x] = cards[-1]
                cards.pop()
                counts[p] -= 1
                if played is not None:
                    played.append(s << 4 | r)
                if s == best_suit:
                    if r > best:
                        best = r
                        winner = p
                elif s == trump:
                    best = r
                    best_suit = s
                    winner = p
                if reneged is not None and s != led and hand[led]:
                    reneged[p] = True
            tricks[winner] += 1
            leader = winner

        # Scoring (K-13), through the rules' one scoring function.
        totals = self.totals
        cache = self._score_cache
        scores = [0] * n
        for p in range(n):
            if reneged is not None and reneged[p]:
                points = score_hand(bids[p], tricks[p], self.rules, reneged=True)
            else:
                key = (bids[p], tricks[p])
                cached = cache.get(key)
                if cached is None:
                    cached = cache[key] = score_hand(bids[p], tricks[p], self.rules)
                points = cached
            scores[p] = points
            totals[p] += points
        self.hands_played += 1
        if trace is not None and deal_copy is not None and played is not None:
            order = [(dealer + 1 + k) % n for k in range(n)]
            trace.append(TracedHand(
                dealer=dealer, trump=None if trump < 0 else SUITS[trump], deal=deal_copy,
                bids=tuple(bids[s] for s in order), play=tuple(FAST_TO_CARD[c] for c in played),
                tricks=tuple(tricks), scores=tuple(scores)))
        return tricks


def play_random_hands(players: int, size: int, count: int, seed: int = 0,
                      rules: KachufulRules = DEFAULT_RULES) -> list[int]:
    """``count`` hands of ``size`` cards, the deal rotating and the trump following the
    variant's cycle; returns the totals (what the benchmark times)."""
    sim = FastSimulator(players, rules, seed)
    play = sim.play_hand
    trump_for = sim.trump_for
    for index in range(count):
        play(size, index % players, trump_for(index))
    return sim.totals
