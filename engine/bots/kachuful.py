"""Kachuful bots: ``random``, ``basic`` and ``strong``.

A bot sees a :class:`KachufulObservation` — the variant and the seat's
:class:`~engine.kachuful.state.SeatView` — and nothing else: :func:`observe` builds it from
a state, and no bot holds a reference to the state. Hidden cards are therefore out of
reach by construction; the ``strong`` bot *samples* them, consistent with what its seat
has seen (cards played, voids shown by not following suit, the cards of others in a
forehead hand).

* ``random`` — uniform among the legal actions (blind bids included when allowed).
* ``basic`` — counts likely tricks (high trumps, side aces and guarded kings, voids with
  trumps to ruff) to bid; plays to its bid: wins a trick while it still needs tricks
  (cheapest winning card, a sure winner when it leads), ducks and sheds high cards once it
  has enough.
* ``strong`` — bids and plays by determinized sampling: deals the unseen cards to the
  other seats many times, plays each deal out with ``basic`` play for every seat, and
  takes the bid (or card) with the best average score for the variant's scoring.

Bots never renege, even under ``renege: penalized``. In a forehead hand (one card, the
player sees every card but their own) the bot plays its one card without seeing it:
the decision's action is :data:`OWN_CARD`, which :func:`resolve` turns into the card at
the moment it is applied. Cards inside the hot loops are ints ``0..51``
(:attr:`engine.cards.Card.index`: suit-major S H D C, ranks 2..A).

>>> from engine.kachuful import KachufulRules, KachufulState
>>> state = KachufulState.new_game(4, KachufulRules(max_cards=3), seed=11)
>>> bots = [BasicKachufulBot(seed) for seed in range(4)]
>>> while not state.is_terminal():
...     seat = state.current_player()
...     decision = bots[seat].decide(observe(state, seat))
...     _ = state.apply(resolve(state, decision.action))
>>> len(state.results)
5
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeAlias

from engine.bots.common import Decision, percent
from engine.cards import DECK, SUITS, Card, Suit
from engine.kachuful.rules import KachufulRules, legal_bids, score_hand
from engine.kachuful.state import Bid, KachufulState, Phase, SeatView

# The ``*_coded`` functions and ``closest_number`` are the basic policy on int-coded cards
# (``Card.index``, suit = index // 13, trump -1 for none): the strong bot's rollouts and the
# simulator (engine.sim) use them to play many hands without Card objects.
__all__ = [
    "OWN_CARD", "BasicKachufulBot", "HiddenCard", "KachufulAction", "KachufulObservation",
    "RandomKachufulBot", "StrongKachufulBot", "basic_card_coded", "closest_number",
    "estimate_coded", "estimate_tricks", "legal_actions", "observe", "resolve",
    "rollout_coded",
]


class HiddenCard:
    """The one card a forehead player holds but cannot see (see :data:`OWN_CARD`)."""

    _instance: HiddenCard | None = None

    def __new__(cls) -> HiddenCard:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "OWN_CARD"


#: "Play the card I hold" — the only play of a forehead hand, where the bot cannot see it.
OWN_CARD = HiddenCard()

KachufulAction: TypeAlias = Bid | Card | HiddenCard


@dataclass(frozen=True)
class KachufulObservation:
    """What one seat knows: the public variant and its :class:`SeatView`."""

    view: SeatView
    rules: KachufulRules

    @property
    def seat(self) -> int:
        return self.view.seat

    def without_own_hand(self) -> KachufulObservation:
        """The same observation with the seat's own cards hidden (for blind bids)."""
        hands = tuple(None if s == self.view.seat else h for s, h in enumerate(self.view.hands))
        return KachufulObservation(replace(self.view, hands=hands), self.rules)


def observe(state: KachufulState, seat: int) -> KachufulObservation:
    """The observation ``seat`` is entitled to: the variant and ``state.view(seat)``."""
    return KachufulObservation(state.view(seat), state.rules)


def resolve(state: KachufulState, action: KachufulAction) -> Bid | Card:
    """The engine action for a bot's action (:data:`OWN_CARD` becomes the card held)."""
    if isinstance(action, HiddenCard):
        seat = state.current_player()
        assert seat is not None
        held = state.hand_of(seat)
        if len(held) != 1:
            raise ValueError("OWN_CARD is only played in a one-card hand")
        return held[0]
    return action


def _bidding_position(view: SeatView) -> tuple[int, bool]:
    """The sum of the bids made so far and whether the bidder is the last (the dealer)."""
    made = [b for b in view.bids if b is not None]
    return sum(made), len(made) == view.players - 1


def legal_actions(obs: KachufulObservation) -> list[KachufulAction]:
    """The actions a bot may take, computed from the observation alone.

    Bids as the rules allow (K-8, K-9, blind bids under ``blind_bids``); cards that follow
    suit when the seat can (K-11) — bots never renege, even when the variant only
    penalizes it; :data:`OWN_CARD` in a forehead hand.
    """
    view = obs.view
    if view.current_player != view.seat:
        return []
    if view.phase is Phase.BID:
        total, last = _bidding_position(view)
        numbers = legal_bids(view.hand_size, (total,), dealer=last, rules=obs.rules)
        actions: list[KachufulAction] = [Bid(n) for n in numbers]
        if obs.rules.blind_bids:
            actions.extend(Bid(n, True) for n in numbers)
        return actions
    if view.phase is Phase.PLAY:
        hand = view.hand
        if hand is None:
            return [OWN_CARD]
        if view.current_trick:
            led = view.current_trick[0][1].suit
            following = [c for c in hand if c.suit is led]
            if following:
                return list(following)
        return list(hand)
    return []


# -- cards as ints -----------------------------------------------------------------------

_BIT = tuple(1 << c for c in range(52))
#: Cards of the same suit ranked above ``c``, as a bit mask.
_HIGHER = tuple(sum(1 << x for x in range(c + 1, (c // 13 + 1) * 13)) for c in range(52))
_SUIT_MASK = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
#: _STRENGTH[trump + 1][c]: rank 0..12, plus 13 for a trump (trump -1 = no trump).
_STRENGTH = tuple(tuple(c % 13 + (13 if c // 13 == t else 0) for c in range(52))
                  for t in range(-1, 4))
_ALL = (1 << 52) - 1

# Why a card was chosen (the basic policy's branches), for explanations.
_LEAD_SURE, _LEAD_LOW_NEED, _LEAD_LOW, _WIN_LAST, _WIN_SURE, _WIN_HIGH, _WIN_TRUMP, \
    _DISCARD, _DUCK, _SHED, _CHEAP_WIN = range(11)
_REASON_KEYS = {
    _LEAD_SURE: "bots.kachuful.lead-sure", _LEAD_LOW_NEED: "bots.kachuful.lead-low-need",
    _LEAD_LOW: "bots.kachuful.lead-low", _WIN_LAST: "bots.kachuful.win-last",
    _WIN_SURE: "bots.kachuful.win-sure", _WIN_HIGH: "bots.kachuful.win-high",
    _WIN_TRUMP: "bots.kachuful.win-trump", _DISCARD: "bots.kachuful.discard",
    _DUCK: "bots.kachuful.duck", _SHED: "bots.kachuful.shed",
    _CHEAP_WIN: "bots.kachuful.cheap-win",
}


def _trump_int(view: SeatView) -> int:
    return -1 if view.trump is None else SUITS.index(view.trump)


def _winner_card(trick: Sequence[int], trump: int) -> int:
    """The card winning the (partial) trick so far (K-12)."""
    win = trick[0]
    ws = win // 13
    for i in range(1, len(trick)):
        c = trick[i]
        s = c // 13
        if s == ws:
            if c > win:
                win = c
        elif s == trump:
            win = c
            ws = s
    return win


def basic_card_coded(hand: list[int], led: int, win: int, trump: int, need: int, outside: int,
                last: bool) -> tuple[int, int]:
    """The basic policy's card and the reason: ``led`` = the led suit (-1 when leading),
    ``win`` = the card winning the trick so far; ``need`` = bid - tricks taken;
    ``outside`` = unplayed cards not in this hand (a bit mask); ``last`` = plays last."""
    st = _STRENGTH[trump + 1].__getitem__
    if led < 0:
        if need > 0:
            sure = [c for c in hand if not outside & _HIGHER[c]]
            if sure:
                return max(sure, key=st), _LEAD_SURE
            return min(hand, key=st), _LEAD_LOW_NEED
        beatable = [c for c in hand if outside & _HIGHER[c]]
        return min(beatable or hand, key=st), _LEAD_LOW
    ws = win // 13
    options = [c for c in hand if c // 13 == led] or hand
    beat = []
    lose = []
    for c in options:
        s = c // 13
        if (s == ws and c > win) or (s == trump and ws != trump):
            beat.append(c)
        else:
            lose.append(c)
    if need > 0:
        if beat:
            if last:
                return min(beat), _WIN_LAST  # one suit: ints order by rank
            if beat[0] // 13 == led:
                sure = [c for c in beat if not outside & _HIGHER[c]]
                if sure:
                    return min(sure), _WIN_SURE
                return max(beat), _WIN_HIGH
            return min(beat), _WIN_TRUMP
        return min(options, key=st), _DISCARD
    if lose:
        return max(lose, key=st), _DUCK
    if last:
        return max(beat), _SHED
    return min(beat), _CHEAP_WIN


def estimate_coded(hand: Sequence[int], trump: int, size: int, players: int
              ) -> tuple[float, list[int]]:
    """Expected tricks of ``hand`` by counting (the basic bid) and the cards counted
    as likely winners (probability at least one half).

    Each card wins with the chance that no higher card of its suit sits in another hand
    (``q``: the share of the unseen cards dealt to others), discounted for a side card by
    the chance that its suit is led while it is alive and not trumped; trumps gain from
    length, low trumps from side voids (ruffs).
    """
    n = players
    unseen = 52 - size
    q = min(1.0, (n - 1) * size / unseen) if unseen else 1.0
    mine = 0
    for c in hand:
        mine |= _BIT[c]
    lengths = [0, 0, 0, 0]
    for c in hand:
        lengths[c // 13] += 1
    # A side suit is led (by me or another) at least once while the card lives.
    led = 1.0 - (1.0 - 1.0 / n) * (0.75 ** size) if size > 1 else 1.0 / n + (n - 1) / (4 * n)
    est = 0.0
    counted: list[int] = []
    low_trumps = 0
    for c in hand:
        s = c // 13
        higher_out = (_HIGHER[c] & ~mine).bit_count()
        higher_mine = (_HIGHER[c] & mine).bit_count()
        clear = (1.0 - q) ** higher_out
        if s == trump:
            p = (1.0 - q) ** max(0, higher_out - higher_mine)
            if higher_mine >= 2 and size >= 5:
                p = max(p, 0.5 + 0.1 * min(higher_mine, 4))  # length: others run out
        else:
            p = clear + (1.0 - clear) * 0.35 ** higher_out * min(1.0, 0.4 * lengths[s])
            p *= led
            if trump >= 0:
                p *= max(0.3, 1.0 - (0.05 + 0.3 * size / 13) * (higher_mine + 0.5 * max(
                    0, lengths[s] - 3)))
        est += p
        if p >= 0.5:
            counted.append(c)
        elif s == trump:
            low_trumps += 1
    if trump >= 0 and size >= 3:
        voids = sum(1 for s in range(4) if s != trump and lengths[s] == 0)
        short = sum(1 for s in range(4) if s != trump and lengths[s] == 1)
        ruffs = min(voids * 2 + short, low_trumps)
        est += 0.55 * ruffs
    return est, counted


def estimate_tricks(hand: Sequence[Card], trump: Suit | None, size: int,
                    players: int) -> float:
    """The basic bot's expected number of tricks for ``hand`` (``trump`` a Suit or None)."""
    t = -1 if trump is None else SUITS.index(trump)
    return estimate_coded([c.index for c in hand], t, size, players)[0]


def closest_number(numbers: Sequence[int], target: float) -> int:
    """The number of ``numbers`` (ascending) nearest to ``target``, ties to the lower."""
    r = min(max(math.ceil(target - 0.5), numbers[0]), numbers[-1])
    if r in numbers:
        return r
    return min(numbers, key=lambda n: (abs(n - target), n))


def _legal_numbers(view: SeatView, rules: KachufulRules) -> list[int]:
    total, last = _bidding_position(view)
    return legal_bids(view.hand_size, (total,), dealer=last, rules=rules)


def _forbidden(view: SeatView, rules: KachufulRules) -> int | None:
    total, last = _bidding_position(view)
    if not last or not rules.hook_rule:
        return None
    gap = view.hand_size - total
    return gap if 0 <= gap <= view.hand_size else None


def _forehead_bid(obs: KachufulObservation) -> Decision[KachufulAction]:
    """A one-card forehead hand: the own card is any unseen card; count how often it
    wins against the cards the seat sees, and take the bid with the better average."""
    view = obs.view
    n = view.players
    seen = {s: h[0].index for s, h in enumerate(view.hands) if h is not None and s != view.seat}
    gone = set(seen.values())
    pool = [c for c in range(52) if c not in gone
            and (view.turned is None or c != view.turned.index)]
    trump = _trump_int(view)
    leader = (view.dealer + 1) % n
    wins = 0
    for mine in pool:
        trick = [mine if (leader + i) % n == view.seat else seen[(leader + i) % n]
                 for i in range(n)]
        pos = trick.index(_winner_card(trick, trump))
        if (leader + pos) % n == view.seat:
            wins += 1
    p = wins / len(pool)
    rules = obs.rules
    numbers = _legal_numbers(view, rules)
    best = max(numbers, key=lambda b: (p * score_hand(b, 1, rules)
                                       + (1 - p) * score_hand(b, 0, rules), -b))
    cards = [DECK[c] for c in sorted(gone)]
    return Decision(Bid(best), "bots.kachuful.bid-forehead",
                    {"bid": best, "cards": cards, "pct": percent(p)})


# -- random ----------------------------------------------------------------------------


class RandomKachufulBot:
    """Uniform among the legal actions (never a renege)."""

    game = "kachuful"
    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, observation: KachufulObservation) -> Decision[KachufulAction]:
        actions = legal_actions(observation)
        if not actions:
            raise ValueError("it is not this seat's turn")
        action = actions[int(self.rng.random() * len(actions))]
        if isinstance(action, Bid):
            key = "bots.random.bid-blind" if action.blind else "bots.random.bid"
            return Decision(action, key, {"bid": action.n})
        if isinstance(action, HiddenCard):
            return Decision(action, "bots.kachuful.own-card", {})
        return Decision(action, "bots.random.card", {"card": action})


# -- basic -----------------------------------------------------------------------------


def _played_mask(view: SeatView) -> int:
    mask = 0
    for trick in view.tricks_played:
        for c in trick.cards:
            mask |= _BIT[c.index]
    for _, c in view.current_trick:
        mask |= _BIT[c.index]
    return mask


def _blind_zero_pays(size: int) -> bool:
    """The basic bot's blind rule: with one or two cards each, a bid of 0 is made
    often enough that doubling it beats looking first."""
    return size <= 2


class BasicKachufulBot:
    """Counts likely tricks to bid; plays to hit its bid."""

    game = "kachuful"
    level = "basic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, observation: KachufulObservation) -> Decision[KachufulAction]:
        view = observation.view
        if view.current_player != view.seat:
            raise ValueError("it is not this seat's turn")
        if view.phase is Phase.BID:
            return self.bid(observation)
        return basic_play(observation)

    def bid(self, obs: KachufulObservation) -> Decision[KachufulAction]:
        view, rules = obs.view, obs.rules
        numbers = _legal_numbers(view, rules)
        if rules.blind_bids and 0 in numbers and _blind_zero_pays(view.hand_size):
            return Decision(Bid(0, True), "bots.kachuful.bid-blind-small",
                            {"bid": 0, "size": view.hand_size})
        if view.hand is None:
            return _forehead_bid(obs)
        est, counted = estimate_coded([c.index for c in view.hand], _trump_int(view),
                                 view.hand_size, view.players)
        bid = closest_number(numbers, est)
        cards = [DECK[c] for c in sorted(counted, key=lambda c: (-(c % 13), c))]
        data: dict[str, Any] = {"bid": bid, "cards": cards, "estimate": round(est, 1)}
        forbidden = _forbidden(view, rules)
        if forbidden is not None and closest_number(range(view.hand_size + 1), est) == forbidden:
            data["forbidden"] = forbidden
            key = "bots.kachuful.bid-hook" if cards else "bots.kachuful.bid-hook-none"
        else:
            key = "bots.kachuful.bid" if cards else "bots.kachuful.bid-none"
        return Decision(Bid(bid), key, data)


def basic_play(obs: KachufulObservation) -> Decision[KachufulAction]:
    """The basic policy's card for the seat to play, with its reason."""
    view = obs.view
    hand = view.hand
    if hand is None:
        return Decision(OWN_CARD, "bots.kachuful.own-card", {})
    legal = legal_actions(obs)
    seat = view.seat
    bid = view.bids[seat]
    assert bid is not None
    won = view.tricks_won[seat]
    if len(legal) == 1:
        return Decision(legal[0], "bots.kachuful.only", {"card": legal[0], "bid": bid,
                                                         "won": won})
    mine = [c.index for c in hand]
    mask = 0
    for c in mine:
        mask |= _BIT[c]
    outside = _ALL & ~_played_mask(view) & ~mask
    trick = [c.index for _, c in view.current_trick]
    trump = _trump_int(view)
    led, win = (trick[0] // 13, _winner_card(trick, trump)) if trick else (-1, -1)
    card, reason = basic_card_coded(mine, led, win, trump, bid - won, outside,
                               len(trick) == view.players - 1)
    return Decision(DECK[card], _REASON_KEYS[reason], {"card": DECK[card], "bid": bid,
                                                       "won": won})


# -- strong: determinized sampling -----------------------------------------------------


@dataclass
class _Knowledge:
    """The seat's information set in ints: the pool of unseen cards and, per seat,
    the cards it holds when known, how many it holds, and the suits it is void in."""

    seat: int
    players: int
    trump: int
    size: int
    known: list[list[int] | None]
    counts: list[int]
    voids: list[int]
    pool: list[int]
    played: int


def _knowledge(obs: KachufulObservation) -> _Knowledge:
    view = obs.view
    n = view.players
    known: list[list[int] | None] = [None if h is None else [c.index for c in h]
                                     for h in view.hands]
    played = _played_mask(view)
    voids = [0] * n
    if obs.rules.renege == "forbidden":
        tricks = [(t.leader, t.cards) for t in view.tricks_played]
        if view.current_trick:
            tricks.append((view.current_trick[0][0], tuple(c for _, c in view.current_trick)))
        for leader, cards in tricks:
            led = cards[0].suit
            for i in range(1, len(cards)):
                if cards[i].suit is not led:
                    voids[(leader + i) % n] |= 1 << SUITS.index(led)
    taken = played
    if view.turned is not None:  # the turned card lies face up: in nobody's hand
        taken |= _BIT[view.turned.index]
    for h in known:
        if h is not None:
            for c in h:
                taken |= _BIT[c]
    pool = [c for c in range(52) if not taken & _BIT[c]]
    return _Knowledge(view.seat, n, _trump_int(view), view.hand_size, known,
                      list(view.cards_held), voids, pool, played)


def _sample(k: _Knowledge, rnd: random.Random) -> list[list[int]]:
    """Every seat's cards: the known ones, the others dealt at random from the pool,
    respecting the voids shown (retried, then relaxed if they cannot all be met)."""
    hidden = [s for s in range(k.players) if k.known[s] is None]
    hidden.sort(key=lambda s: -k.voids[s].bit_count())
    pool = k.pool
    for attempt in range(12):
        cards = list(pool)
        rnd.shuffle(cards)
        hands: list[list[int]] = [list(h) if h is not None else [] for h in k.known]
        ok = True
        for s in hidden:
            want = k.counts[s]
            void = k.voids[s] if attempt < 11 else 0
            if void:
                take = [c for c in cards if not (void >> (c // 13)) & 1][:want]
                if len(take) < want:
                    ok = False
                    break
                chosen = set(take)
                cards = [c for c in cards if c not in chosen]
            else:
                take = cards[:want]
                cards = cards[want:]
            hands[s] = take
        if ok:
            return hands
    raise AssertionError("unreachable: the last attempt ignores voids")  # pragma: no cover


def rollout_coded(hands: list[list[int]], played: int, bids: Sequence[int], won: list[int],
             leader: int, trick: list[int], trump: int, n: int) -> list[int]:
    """Play the rest of the hand with the basic policy for every seat; returns the
    tricks won. ``hands`` and ``won`` are consumed (pass copies)."""
    masks = []
    for h in hands:
        m = 0
        for c in h:
            m |= _BIT[c]
        masks.append(m)
    unplayed = _ALL & ~played
    count = len(trick)
    turn = (leader + count) % n
    last_pos = n - 1
    if trick:
        led = trick[0] // 13
        win = _winner_card(trick, trump)
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
        bit = _BIT[c]
        masks[turn] ^= bit
        unplayed ^= bit
        if led < 0:
            led = c // 13
            win = c
            win_seat = turn
        else:
            s = c // 13
            ws = win // 13
            if (s == ws and c > win) or (s == trump and ws != trump):
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


class StrongKachufulBot:
    """Bids and plays by sampling the hidden cards and playing each deal out.

    ``bid_samples`` deals are sampled for a bid (every candidate bid is tried on the same
    deals), ``play_samples`` for a card (every distinct card on the same deals). The
    defaults keep a 13-card decision well under a second (``bench/bots.py``).
    """

    game = "kachuful"
    level = "strong"

    def __init__(self, seed: int = 0, bid_samples: int = 120, play_samples: int = 60,
                 blind_samples: int = 80) -> None:
        self.rng = random.Random(seed)
        self.bid_samples = bid_samples
        self.play_samples = play_samples
        self.blind_samples = blind_samples
        self._scores: dict[tuple[KachufulRules, int, int, bool], int] = {}

    def _score(self, rules: KachufulRules, bid: int, tricks: int, blind: bool) -> int:
        key = (rules, bid, tricks, blind)
        got = self._scores.get(key)
        if got is None:
            got = self._scores[key] = score_hand(bid, tricks, rules, blind)
        return got

    def decide(self, observation: KachufulObservation) -> Decision[KachufulAction]:
        view = observation.view
        if view.current_player != view.seat:
            raise ValueError("it is not this seat's turn")
        if view.phase is Phase.BID:
            return self.bid(observation)
        return self.play(observation)

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
            bids[s] = closest_number(numbers, estimates[s])
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
        trump = _trump_int(view)
        leader = (view.dealer + 1) % n
        seat = view.seat
        estimates = [self._estimates(view, hands, trump) for hands in deals]
        out: dict[int, tuple[float, float]] = {}
        for b in candidates:
            total = 0
            exact = 0
            for hands, est in zip(deals, estimates, strict=True):
                bids = self._bids_after(view, est, b, rules)
                won = rollout_coded([list(h) for h in hands], 0, bids, [0] * n, leader, [], trump, n)
                t = won[seat]
                total += self._score(rules, b, t, blind)
                exact += t == b
            out[b] = (total / len(deals), exact / len(deals))
        return out

    def bid(self, obs: KachufulObservation) -> Decision[KachufulAction]:
        view, rules = obs.view, obs.rules
        numbers = _legal_numbers(view, rules)
        if rules.blind_bids and view.hand_size <= 5:
            blind = self._blind_choice(obs.without_own_hand(), numbers)
            if blind is not None:
                return blind
        if view.hand is None:
            return _forehead_bid(obs)
        k = _knowledge(obs)
        deals = [_sample(k, self.rng) for _ in range(self.bid_samples)]
        est = estimate_coded(k.known[view.seat] or [], k.trump, k.size, k.players)[0]
        if view.hand_size <= 4:
            candidates = numbers
        else:
            near = sorted(numbers, key=lambda b: (abs(b - est), b))[:5]
            candidates = sorted(near)
        results = self._expected(obs, deals, candidates, False)
        best = max(candidates, key=lambda b: (results[b][0], -abs(b - est)))
        ev, exact = results[best]
        return Decision(Bid(best), "bots.kachuful.strong-bid",
                        {"bid": best, "samples": len(deals), "pct": percent(exact),
                         "ev": round(ev, 1)})

    def _blind_choice(self, public: KachufulObservation, numbers: Sequence[int]
                      ) -> Decision[KachufulAction] | None:
        """Decide, before looking (``public`` hides the own hand), whether a blind bid
        beats looking: sampled deals give the own hand too; a seen bid is valued as the
        basic estimate of the sampled hand would bid it (a lower bound)."""
        view, rules = public.view, public.rules
        k = _knowledge(public)
        deals = [_sample(k, self.rng) for _ in range(self.blind_samples)]
        n = view.players
        trump = _trump_int(view)
        leader = (view.dealer + 1) % n
        seat = view.seat
        seen_total = 0
        for hands in deals:
            est = estimate_coded(hands[seat], trump, view.hand_size, n)[0]
            b = closest_number(numbers, est)
            bids = self._bids_after(view, self._estimates(view, hands, trump), b, rules)
            won = rollout_coded([list(h) for h in hands], 0, bids, [0] * n, leader, [], trump, n)
            seen_total += self._score(rules, b, won[seat], False)
        seen_ev = seen_total / len(deals)
        candidates = [b for b in numbers if b <= 1]
        results = self._expected(public, deals, candidates, True)
        best = max(candidates, key=lambda b: (results[b][0], -b))
        ev, exact = results[best]
        if ev <= seen_ev:
            return None
        return Decision(Bid(best, True), "bots.kachuful.strong-bid-blind",
                        {"bid": best, "samples": len(deals), "pct": percent(exact),
                         "ev": round(ev, 1), "seen_ev": round(seen_ev, 1)})

    # playing ---------------------------------------------------------------------------

    def play(self, obs: KachufulObservation) -> Decision[KachufulAction]:
        view, rules = obs.view, obs.rules
        if view.hand is None:
            return Decision(OWN_CARD, "bots.kachuful.own-card", {})
        legal = [c for c in legal_actions(obs) if isinstance(c, Card)]
        seat = view.seat
        bid = view.bids[seat]
        assert bid is not None
        won_now = view.tricks_won[seat]
        if len(legal) == 1:
            return Decision(legal[0], "bots.kachuful.only",
                            {"card": legal[0], "bid": bid, "won": won_now})
        k = _knowledge(obs)
        mine = 0
        for c in k.known[seat] or []:
            mine |= _BIT[c]
        outside = _ALL & ~k.played & ~mine
        rep = _distinct(sorted(c.index for c in legal), outside)
        candidates = sorted(set(rep.values()))
        fallback = basic_play(obs)
        if len(candidates) == 1:
            return fallback
        n = k.players
        trump = k.trump
        bids = [b if b is not None else 0 for b in view.bids]
        blind = view.blind[seat]
        trick0 = [c.index for _, c in view.current_trick]
        leader = view.current_trick[0][0] if view.current_trick else seat
        totals = dict.fromkeys(candidates, 0)
        exact = dict.fromkeys(candidates, 0)
        samples = self.play_samples
        base_won = list(view.tricks_won)
        for _ in range(samples):
            hands = _sample(k, self.rng)
            for c in candidates:
                hs = [list(h) for h in hands]
                hs[seat].remove(c)
                trick = [*trick0, c]
                played = k.played | _BIT[c]
                won = list(base_won)
                if len(trick) == n:
                    w = _winner_card(trick, trump)
                    winner = (leader + trick.index(w)) % n
                    won[winner] += 1
                    won = rollout_coded(hs, played, bids, won, winner, [], trump, n)
                else:
                    won = rollout_coded(hs, played, bids, won, leader, trick, trump, n)
                t = won[seat]
                totals[c] += self._score(rules, bid, t, blind)
                exact[c] += t == bid
        best_ev = max(totals.values())
        basic_card = fallback.action
        assert isinstance(basic_card, Card)
        if totals[rep[basic_card.index]] == best_ev:
            choice, card = rep[basic_card.index], basic_card
        else:
            choice = max(candidates, key=lambda c: (totals[c], -c))
            card = DECK[choice]
        return Decision(card, "bots.kachuful.strong-play",
                        {"card": card, "bid": bid, "won": won_now, "samples": samples,
                         "pct": percent(exact[choice] / samples),
                         "ev": round(totals[choice] / samples, 1)})


def _distinct(cards: list[int], outside: int) -> dict[int, int]:
    """Each card's representative: the lowest card of its run of equivalent cards (same
    suit, no card held by anyone else between them: playing either gives the same
    tricks). ``cards`` sorted ascending."""
    rep: dict[int, int] = {}
    prev = -1
    for c in cards:
        if prev >= 0 and prev // 13 == c // 13:
            between = _HIGHER[prev] & ~_HIGHER[c - 1] if c - 1 > prev else 0
            if not between & outside:
                rep[c] = rep[prev]
                prev = c
                continue
        rep[c] = c
        prev = c
    return rep
