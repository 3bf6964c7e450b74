"""Kachuful bot-against-bot play on a fast path: cards as ints, no checks, no events.

The deals, trumps (the cycle, no-trump hands, the turned card), the legal bids (K-8, K-9)
and the scores (K-13 and its variants) come from the engine (:func:`setup_hand`,
:func:`legal_bids`, :func:`score_hand`); the bots' decisions are those of
:mod:`engine.bots.kachuful` (``random`` and ``basic``), made on ints with the bots' own
policy functions instead of through a :class:`SeatView` per decision. Tests replay these
games through the checked :class:`KachufulState` and compare every bid, trick and score
with the bots playing through the public API.

``strong`` seats are played through the public API (:func:`play_game_public`), as are
games asked for with ``fast=False``.

Cards are the engine's fast ints ``0..51`` (:mod:`engine.kachuful.fast`: the
:attr:`engine.cards.Card.index`, suit-major S H D C, ranks 2..A); a trump is a suit number
0..3 or -1 for no trump; tricks are resolved by the one fast K-12,
:func:`engine.kachuful.fast.trick_winner_int` (re-exported here).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.bots import bot_move, make_bot
from engine.bots import kachuful as kb
from engine.cards import Suit
from engine.kachuful.deal import draw_first_dealer, hand_seed
from engine.kachuful.fast import BEATS, playable_int, suit_int, trick_winner_int
from engine.kachuful.rules import KachufulRules, hand_sizes, legal_bids, score_hand
from engine.kachuful.state import HandSetup, KachufulState, setup_hand
from engine.rng import SimRandom, sim_random

__all__ = [
    "FAST_LEVELS", "GameOutcome", "HandOutcome", "basic_estimate", "basic_rollout",
    "closest_bid", "play_game", "play_game_public", "play_hand", "trick_winner_int",
    "trump_int",
]

#: Levels played on the fast path; any other level goes through the public API.
FAST_LEVELS = ("random", "basic")
_ALL = (1 << 52) - 1
_BIT = tuple(1 << c for c in range(52))


@dataclass(frozen=True)
class HandOutcome:
    """One hand as played: bids, blind flags, tricks and scores by seat."""

    dealer: int
    size: int
    trump: int
    bids: tuple[int, ...]
    blind: tuple[bool, ...]
    tricks: tuple[int, ...]
    scores: tuple[int, ...]

    @property
    def exact(self) -> tuple[bool, ...]:
        """Whether each seat took exactly its bid."""
        return tuple(b == t for b, t in zip(self.bids, self.tricks, strict=True))


@dataclass(frozen=True)
class GameOutcome:
    """A whole game: every hand, and the totals by seat."""

    hands: tuple[HandOutcome, ...]
    totals: tuple[int, ...]


def trump_int(trump: Suit | None) -> int:
    """A suit as its number 0..3 (S H D C), no trump as -1 (:func:`~engine.kachuful.fast.suit_int`)."""
    return suit_int(trump)


def basic_estimate(hand: Sequence[int], trump: int, size: int, players: int) -> float:
    """The basic bot's expected tricks for ``hand`` (its bidding count)."""
    return kb.estimate_coded(list(hand), trump, size, players)[0]


def closest_bid(numbers: Sequence[int], estimate: float) -> int:
    """The bid of ``numbers`` (ascending) the basic bot makes for ``estimate``."""
    return kb.closest_number(numbers, estimate)


def basic_rollout(hands: list[list[int]], bids: Sequence[int], leader: int, trump: int,
                  players: int) -> list[int]:
    """Play a whole hand from its start with the basic policy for every seat; returns the
    tricks by seat (``hands`` is consumed: pass copies)."""
    return kb.rollout_coded(hands, 0, bids, [0] * players, leader, [], trump, players)


def _forehead_basic_bid(hands: Sequence[Sequence[int]], seat: int, dealer: int, trump: int,
                        turned: int, numbers: Sequence[int], rules: KachufulRules,
                        score: dict[tuple[int, int], int]) -> int:
    """The basic bot's bid in a one-card forehead hand: how often an unseen card would
    beat the cards the seat sees, and the bid with the better average score."""
    n = len(hands)
    seen = {s: hands[s][0] for s in range(n) if s != seat}
    gone = set(seen.values())
    pool = [c for c in range(52) if c not in gone and c != turned]
    leader = (dealer + 1) % n
    wins = 0
    for mine in pool:
        trick = [mine if (leader + i) % n == seat else seen[(leader + i) % n] for i in range(n)]
        if (leader + trick_winner_int(trick, trump)) % n == seat:
            wins += 1
    p = wins / len(pool)

    def value(b: int) -> tuple[float, int]:
        return (p * _score(score, rules, b, 1) + (1 - p) * _score(score, rules, b, 0), -b)

    return max(numbers, key=value)


def _score(cache: dict[tuple[int, int], int], rules: KachufulRules, bid: int, tricks: int
           ) -> int:
    key = (bid, tricks)
    got = cache.get(key)
    if got is None:
        got = cache[key] = score_hand(bid, tricks, rules)
    return got


def play_hand(setup: HandSetup, levels: Sequence[str], rules: KachufulRules,
              rngs: Sequence[SimRandom], score_cache: dict[tuple[int, int], int] | None = None
              ) -> HandOutcome:
    """Bid and play one hand with a ``random`` or ``basic`` bot in each seat (``rngs``:
    each seat's generator, used by random bots only, as the bots use theirs)."""
    n = len(levels)
    size = setup.size
    dealer = setup.dealer
    trump = trump_int(setup.trump)
    turned = setup.turned.index if setup.turned is not None else -1
    hands = [[c.index for c in seat] for seat in setup.deal]
    score = score_cache if score_cache is not None else {}
    forehead = rules.one_card_forehead and size == 1

    bids = [0] * n
    blind = [False] * n
    total = 0
    for i in range(1, n + 1):
        seat = (dealer + i) % n
        last = i == n
        numbers = legal_bids(size, (total,), dealer=last, rules=rules)
        if levels[seat] == "random":
            count = len(numbers) * (2 if rules.blind_bids else 1)
            k = int(rngs[seat].random() * count)
            b, is_blind = numbers[k % len(numbers)], k >= len(numbers)
        elif rules.blind_bids and 0 in numbers and size <= 2:
            b, is_blind = 0, True
        elif forehead:
            b, is_blind = _forehead_basic_bid(hands, seat, dealer, trump, turned, numbers,
                                              rules, score), False
        else:
            b = kb.closest_number(numbers, kb.estimate_coded(hands[seat], trump, size, n)[0])
            is_blind = False
        bids[seat] = b
        blind[seat] = is_blind
        total += b

    tricks = [0] * n
    played = 0
    leader = (dealer + 1) % n
    basic_card = kb.basic_card_coded
    beats = BEATS[trump + 1]
    for _ in range(size):
        trick: list[int] = []
        led = -1
        win = -1
        for i in range(n):
            seat = (leader + i) % n
            hand = hands[seat]
            legal = playable_int(hand, led)
            if levels[seat] == "random":  # the random bot draws even for one card
                card = legal[int(rngs[seat].random() * len(legal))]
            elif len(legal) == 1:
                card = legal[0]
            else:
                mine = 0
                for c in hand:
                    mine |= _BIT[c]
                card = basic_card(hand, led, win, trump, bids[seat] - tricks[seat],
                                  _ALL & ~played & ~mine, i == n - 1)[0]
            hand.remove(card)
            played |= _BIT[card]
            trick.append(card)
            if led < 0:
                led, win = card // 13, card
            elif beats[win * 52 + card]:
                win = card
        leader = (leader + trick.index(win)) % n
        tricks[leader] += 1
    scores = tuple(score_hand(bids[s], tricks[s], rules, blind[s]) if blind[s]
                   else _score(score, rules, bids[s], tricks[s]) for s in range(n))
    return HandOutcome(dealer, size, trump, tuple(bids), tuple(blind), tuple(tricks), scores)


def _seat_rngs(bot_seeds: Sequence[int]) -> list[SimRandom]:
    return [sim_random(s) for s in bot_seeds]


def play_game(players: int, rules: KachufulRules, seed: int, levels: Sequence[str],
              bot_seeds: Sequence[int] | None = None, fast: bool = True) -> GameOutcome:
    """A whole game dealt as ``KachufulState.new_game(players, rules, seed)`` deals it,
    with the bot ``levels[seat]`` in each seat. Random and basic bots play on the fast
    path; a strong bot (or ``fast=False``) sends the game through the public API."""
    if len(levels) != players:
        raise ValueError(f"{len(levels)} bot levels for {players} players")
    seeds = list(bot_seeds) if bot_seeds is not None else [seed + 1 + s for s in range(players)]
    if not fast or any(level not in FAST_LEVELS for level in levels):
        return play_game_public(players, rules, seed, levels, seeds)
    first = draw_first_dealer(players, seed).dealer
    rngs = _seat_rngs(seeds)
    cache: dict[tuple[int, int], int] = {}
    totals = [0] * players
    hands = []
    for index, _size in enumerate(hand_sizes(players, rules)):
        dealer = (first + index) % players
        setup = setup_hand(players, rules, index, dealer, seed=hand_seed(seed, index))
        outcome = play_hand(setup, levels, rules, rngs, cache)
        for s in range(players):
            totals[s] += outcome.scores[s]
        hands.append(outcome)
    return GameOutcome(tuple(hands), tuple(totals))


def play_game_public(players: int, rules: KachufulRules, seed: int, levels: Sequence[str],
                     bot_seeds: Sequence[int], checked: bool = False) -> GameOutcome:
    """The same game through the public API: :class:`KachufulState`, the bots'
    ``decide`` on each seat's observation, and ``apply_unchecked`` (``apply`` when
    ``checked``)."""
    state = KachufulState.new_game(players, rules, seed=seed)
    bots = [make_bot("kachuful", level, s) for level, s in zip(levels, bot_seeds, strict=True)]
    step = state.apply if checked else state.apply_unchecked
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        action, _ = bot_move(state, bots[seat])
        step(action)
    hands = []
    for r in state.results:
        assert r.scores is not None
        hands.append(HandOutcome(
            r.setup.dealer, r.setup.size, trump_int(r.setup.trump),
            tuple(b if b is not None else 0 for b in r.bids), tuple(r.blind), tuple(r.tricks),
            tuple(r.scores)))
    return GameOutcome(tuple(hands), tuple(state.scores()))


def tricks_for_bids(hands: Sequence[Sequence[int]], bids: Sequence[int], me: int,
                    my_bids: Sequence[int], leader: int, trump: int) -> dict[int, int]:
    """The tricks ``me`` takes when it bids each of ``my_bids`` (the other seats' bids as
    in ``bids``), everyone playing basic play from the hand's start — what
    :func:`basic_rollout` gives for each bid, with the shared part played once.

    Basic play looks at its own bid only through "do I still need tricks?", so every
    bid of 1 or more plays like bidding them all until it has its tricks: one *greedy*
    play-out (never satisfied) is run, and from the end of the trick where ``me`` reaches
    ``k`` tricks a play-out with bid ``k`` continues; a bid never reached ends as the
    greedy one did. A bid of 0 is a play-out of its own.
    """
    n = len(hands)
    size = len(hands[0])
    out: dict[int, int] = {}
    wanted = set(my_bids)
    if 0 in wanted:
        b0 = list(bids)
        b0[me] = 0
        out[0] = basic_rollout([list(h) for h in hands], b0, leader, trump, n)[me]
    positive = sorted(b for b in wanted if b > 0)
    if not positive:
        return out
    greedy = list(bids)
    greedy[me] = size + 1
    cur = [list(h) for h in hands]
    masks = kb.hand_masks(cur)
    unplayed = _ALL
    won = [0] * n
    turn = leader
    basic_card = kb.basic_card_coded
    beats = BEATS[trump + 1]
    pending = set(positive)
    for _trick in range(size):
        led = win = win_seat = -1
        for i in range(n):
            hand = cur[turn]
            c = basic_card(hand, led, win, trump, greedy[turn] - won[turn],
                           unplayed & ~masks[turn], i == n - 1)[0]
            hand.remove(c)
            bit = _BIT[c]
            masks[turn] ^= bit
            unplayed ^= bit
            if led < 0:
                led, win, win_seat = c // 13, c, turn
            elif beats[win * 52 + c]:
                win, win_seat = c, turn
            turn = turn + 1 if turn < n - 1 else 0
        won[win_seat] += 1
        turn = win_seat
        if win_seat == me and won[me] in pending:
            k = won[me]
            pending.discard(k)
            rest = list(bids)
            rest[me] = k
            if cur[0]:
                after = kb.rollout_coded([list(h) for h in cur], _ALL & ~unplayed, rest,
                                     list(won), turn, [], trump, n)
                out[k] = after[me]
            else:
                out[k] = won[me]
    for k in pending:
        out[k] = won[me]
    return out
