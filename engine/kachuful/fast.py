"""The fast path: whole hands of uniformly random legal play, for simulations.

No events, no checks, no objects per card. This module also holds the engine's one *int
encoding* of cards, shared by every fast path (this simulator, the bots' searches in
:mod:`engine.bots.kachuful`, :mod:`engine.sim.kachuful_play`): a card is its
:attr:`engine.cards.Card.index`, ``0..51`` (suit-major S H D C, ranks 2..A, so
``card // 13`` is the suit and two cards of one suit compare by rank), a suit is its number
``0..3`` and no trump is ``-1`` (:func:`suit_int`). :func:`trick_winner_int` is the one fast
K-12, tested against :func:`engine.kachuful.rules.trick_winner` (the reference).

A hand is four per-suit lists of cards. Random numbers come from
:func:`engine.rng.sim_random` (a Mersenne Twister, whose ``random()`` stream is stable across
Python versions), seeded, so a simulation is reproducible; it is *not* the deal of
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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import cycle, islice

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
from engine.rng import sim_random

__all__ = ["ALL_CARDS", "BEATS", "BIT", "HIGHER", "SUIT_MASK", "FastSimulator", "TracedHand",
           "beats_int", "card_int", "int_card", "play_random_hands", "playable_int", "suit_int",
           "trick_winner_int"]

_FULL_DECK: tuple[int, ...] = tuple(range(52))
#: Each card's suit number (``card // 13``) by table, for the deal's loop.
_SUIT_OF: tuple[int, ...] = tuple(card // 13 for card in range(52))
_SUIT_NUMBER: dict[Suit | None, int] = {s: i for i, s in enumerate(SUITS)}
_SUIT_NUMBER[None] = -1


#: Sets of cards as bit masks (bit ``c`` for card ``c``): one card, every card, the cards
#: of a suit, and the cards of ``c``'s suit ranked above ``c``.
BIT: tuple[int, ...] = tuple(1 << c for c in range(52))
ALL_CARDS = (1 << 52) - 1
SUIT_MASK: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
HIGHER: tuple[int, ...] = tuple(sum(1 << x for x in range(c + 1, (c // 13 + 1) * 13))
                                for c in range(52))


def card_int(card: Card) -> int:
    """A card as the fast paths' int, ``0..51`` (its :attr:`~engine.cards.Card.index`)."""
    return card.index


def int_card(code: int) -> Card:
    """The card of a fast int (``int_card(card_int(c)) == c``)."""
    return DECK[code]


def suit_int(suit: Suit | None) -> int:
    """A suit as its number ``0..3`` (S H D C, ``card // 13``), no trump as ``-1``."""
    return _SUIT_NUMBER[suit]


def trick_winner_int(cards: Sequence[int], trump: int) -> int:
    """K-12 on ints: the position in ``cards`` (a trick, whole or so far, in play order) of
    the card that wins it: the highest trump, else the highest card of the led suit.
    ``trump`` is a suit number, or -1 for no trump. The fast twin of
    :func:`engine.kachuful.rules.trick_winner` (a property test holds them equal).

    >>> trick_winner_int([12, 0, 51, 25], trump=-1)   # A♠ led, 2♠, A♣, A♥
    0
    >>> trick_winner_int([12, 0, 51, 25], trump=3)    # clubs are trumps: A♣
    2
    """
    win = 0
    best = cards[0]
    best_suit = best // 13
    for i in range(1, len(cards)):
        c = cards[i]
        s = c // 13
        if s == best_suit:
            if c > best:
                best, win = c, i
        elif s == trump:
            best, best_suit, win = c, s, i
    return win


def beats_int(card: int, best: int, trump: int) -> bool:
    """K-12 one card at a time: whether ``card``, played to a trick that ``best`` is
    winning so far, takes the lead (a higher card of ``best``'s suit, or a trump on a
    card that is not one). :func:`trick_winner_int` folds this over a trick.

    >>> beats_int(25, 24, trump=-1), beats_int(0, 25, trump=0), beats_int(51, 25, trump=0)
    (True, True, False)
    """
    s = card // 13
    return s == trump and best // 13 != trump if s != best // 13 else card > best


def _beats_table(trump: int) -> bytes:
    return bytes(beats_int(card, best, trump) for best in range(52) for card in range(52))


#: ``BEATS[trump + 1][best * 52 + card]``: :func:`beats_int` as a table, for the hot loops
#: (trump -1 = no trump).
BEATS: tuple[bytes, ...] = tuple(_beats_table(t) for t in range(-1, 4))


def playable_int(hand: list[int], led: int) -> list[int]:
    """K-11 on ints: the cards of ``hand`` that may be played to a trick whose led suit is
    ``led`` (-1 when leading: the hand itself): the cards of the led suit, in hand order,
    else the whole hand. The fast twin of :func:`engine.kachuful.rules.playable_cards`
    when reneging is forbidden (the bots never renege).

    >>> playable_int([25, 3, 20], led=1), playable_int([25, 3], led=2)
    ([25, 20], [25, 3])
    """
    if led < 0:
        return hand
    return [c for c in hand if c // 13 == led] or hand


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


def _take_nth(hand: list[list[int]], x: int) -> tuple[int, int]:
    """Remove the ``x``-th card of ``hand`` counted suit by suit (its four per-suit
    lists); return its suit number and the card. The four tests are written out: a loop
    over ``range(4)`` costs more on the simulator's path."""
    cards = hand[0]
    if x < len(cards):
        return 0, cards.pop(x)
    x -= len(cards)
    cards = hand[1]
    if x < len(cards):
        return 1, cards.pop(x)
    x -= len(cards)
    cards = hand[2]
    if x < len(cards):
        return 2, cards.pop(x)
    return 3, hand[3].pop(x - len(cards))


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
        self.random = sim_random(seed)
        self.totals = [0] * players
        self.hands_played = 0
        self.trace = trace
        n = players
        self._orders = [tuple((lead + i) % n for i in range(1, n)) for lead in range(n)]
        self._follow = rules.renege == "forbidden"
        self._hook = rules.hook_rule
        self._score_cache: dict[int, list[int]] = {}

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
        return self.play_hands(size, ((dealer, trump),))

    def play_hands(self, size: int, deals: Iterable[tuple[int, int]]) -> list[int]:
        """:meth:`play_hand` for each ``(dealer, trump)`` of ``deals`` in turn, in one loop
        (the per-hand set-up done once); returns the last hand's tricks."""
        n = self.players
        rnd = self.random.random
        rules = self.rules
        dealt = n * size
        # Every hand's four per-suit lists are made once: each is empty again when its
        # hand is over. ``by_place[k]`` is the hand of the k-th seat from the dealer's left,
        # which takes the k-th dealt card and every n-th after it.
        by_place: list[list[list[int]]] = [[[], [], [], []] for _ in range(n)]
        rotated = [[by_place[(s - d - 1) % n] for s in range(n)] for d in range(n)]
        # Partial Fisher-Yates: only the dealt cards (and the turned one) are drawn, each
        # going to its hand as it is drawn. Two draws share one ``random()``: an int
        # uniform below ``a * b`` is one uniform below ``a`` (``r // b``) and an
        # independent one below ``b`` (``r % b``); an odd last card is drawn alone.
        pairs = [(i, 51 - i, (52 - i) * (51 - i), by_place[i % n], by_place[(i + 1) % n])
                 for i in range(0, dealt - 1, 2)]
        last = dealt - 1 if dealt % 2 else -1
        last_hand = by_place[last % n]
        suit_of = _SUIT_OF
        _int = int
        turned = rules.trumps == "turned"
        trace = self.trace
        orders = self._orders
        firsts = [orders[d][0] for d in range(n)]  # the seat after the dealer leads
        follow = self._follow
        hook = self._hook
        wide = size + 1
        table = self._score_table(size)
        totals = self.totals
        tricks = [0] * n
        count = 0
        for dealer, trump in deals:
            count += 1
            deck = list(_FULL_DECK)
            for i, b, ab, hand, next_hand in pairs:
                r = _int(rnd() * ab)
                j = i + r // b
                c = deck[j]
                deck[j] = deck[i]
                deck[i] = c
                hand[suit_of[c]].append(c)
                i += 1
                j = i + r % b
                c = deck[j]
                deck[j] = deck[i]
                deck[i] = c
                next_hand[suit_of[c]].append(c)
            if last >= 0:
                j = last + _int(rnd() * (52 - last))
                c = deck[j]
                deck[j] = deck[last]
                deck[last] = c
                last_hand[suit_of[c]].append(c)
            if dealt < 52:  # the card turned up (drawn under every trump rule)
                turn = deck[dealt + _int(rnd() * (52 - dealt))]
                if turned:
                    trump = turn // 13
            elif turned:
                trump = -1
            hands = rotated[dealer]
            deal_copy = None
            if trace is not None:
                deal_copy = tuple(
                    tuple(DECK[deck[i]] for i in range(dealt) if (dealer + 1 + i) % n == s)
                    for s in range(n))

            # Bidding (K-8, K-9): uniform among the legal bids, the dealer last.
            bids = [0] * n
            total = 0
            for s in orders[dealer]:  # every seat but the dealer, from the dealer's left
                b = _int(rnd() * wide)
                bids[s] = b
                total += b
            forbidden = size - total
            if hook and 0 <= forbidden <= size:
                b = _int(rnd() * size)
                if b >= forbidden:
                    b += 1
            else:
                b = _int(rnd() * wide)
            bids[dealer] = b

            # Play (K-10..K-12): each seat's card at random among its legal cards, then
            # the trick's winner by the one fast K-12.
            tricks = [0] * n
            leader = firsts[dealer]
            played: list[int] | None = [] if trace is not None else None
            reneged: list[bool] | None = None if follow else [False] * n
            beats = BEATS[trump + 1]  # the one fast K-12, a card at a time
            for left in range(size, 0, -1):  # every hand holds ``left`` cards now
                hand = hands[leader]
                led, best = _take_nth(hand, _int(rnd() * left))
                if played is not None:
                    played.append(best)
                at = best * 52
                winner = leader
                for p in orders[leader]:
                    hand = hands[p]
                    cards = hand[led]
                    if cards and follow:
                        c = cards.pop(_int(rnd() * len(cards)))
                    else:
                        s, c = _take_nth(hand, _int(rnd() * left))  # any card
                        if reneged is not None and s != led and hand[led]:
                            reneged[p] = True
                    if played is not None:
                        played.append(c)
                    if beats[at + c]:
                        at = c * 52
                        winner = p
                tricks[winner] += 1
                leader = winner

            # Scoring (K-13), through the rules' one scoring function (as a table).
            scores = [table[bids[p] * wide + tricks[p]] for p in range(n)]
            if reneged is not None:
                for p in range(n):
                    if reneged[p]:
                        scores[p] = score_hand(bids[p], tricks[p], rules, reneged=True)
            for p in range(n):
                totals[p] += scores[p]
            if trace is not None and deal_copy is not None and played is not None:
                order = [(dealer + 1 + k) % n for k in range(n)]
                trace.append(TracedHand(
                    dealer=dealer, trump=None if trump < 0 else SUITS[trump], deal=deal_copy,
                    bids=tuple(bids[s] for s in order), play=tuple(DECK[c] for c in played),
                    tricks=tuple(tricks), scores=tuple(scores)))
        self.hands_played += count
        return tricks

    def _score_table(self, size: int) -> list[int]:
        """``score_hand(bid, tricks)`` at ``bid * (size + 1) + tricks`` (no renege)."""
        table = self._score_cache.get(size)
        if table is None:
            table = self._score_cache[size] = [
                score_hand(b, t, self.rules) for b in range(size + 1) for t in range(size + 1)]
        return table


def play_random_hands(players: int, size: int, count: int, seed: int = 0,
                      rules: KachufulRules = DEFAULT_RULES) -> list[int]:
    """``count`` hands of ``size`` cards, the deal rotating and the trump following the
    variant's cycle; returns the totals (what the benchmark times)."""
    sim = FastSimulator(players, rules, seed)
    cycle_length = 20 * players  # the deal repeats every ``players`` hands, both trump
    # cycles every 20
    deals = [(index % players, sim.trump_for(index)) for index in range(cycle_length)]
    sim.play_hands(size, islice(cycle(deals), count))
    return sim.totals
