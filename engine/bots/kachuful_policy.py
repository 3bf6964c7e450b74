"""The Kachuful bots' policies: what a seat sees, what it may do, and the ``random`` and
``basic`` players.

A bot sees a :class:`KachufulObservation` — the variant and the seat's
:class:`~engine.kachuful.state.SeatView` — and nothing else: :func:`observe` builds it from
a state. :func:`legal_actions` asks the rules what the seat may do (K-8, K-9, K-11).

The basic policy is written once, on int-coded cards (``Card.index``: suit = index // 13,
trump -1 for none; the encoding and the K-11/K-12 twins are :mod:`engine.kachuful.fast`),
so the strong bot's rollouts (:mod:`engine.bots.kachuful_search`) and the simulator
(:mod:`engine.sim.kachuful_play`) play many hands without Card objects:
:func:`estimate_coded` (the expected tricks of a hand, the basic bid),
:func:`closest_number` and :func:`basic_card_coded` (the basic card and why).

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
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeAlias

from engine.bots.common import BotDecision, percent
from engine.cards import DECK, SUITS, Card, Suit
from engine.kachuful.fast import (
    ALL_CARDS,
    BEATS,
    BIT,
    HIGHER,
    playable_int,
    trick_winner_int,
)
from engine.kachuful.rules import (
    KachufulRules,
    hook_forbidden_bid,
    legal_bids,
    playable_cards,
    score_hand,
)
from engine.kachuful.state import Bid, KachufulState, Phase, SeatView
from engine.rng import sim_random

__all__ = [
    "OWN_CARD", "BasicKachufulBot", "BidThenPlay", "HiddenCard", "KachufulAction",
    "KachufulObservation", "RandomKachufulBot", "basic_card_coded", "basic_play",
    "basic_bid_reason", "closest_number", "estimate_coded", "estimate_tricks", "forehead_bid", "legal_actions",
    "legal_numbers", "observe", "played_mask", "resolve", "trump_int",
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
        led = view.current_trick[0][1].suit if view.current_trick else None
        return list(playable_cards(hand, led, _NEVER_RENEGE))
    return []


#: The rules the bots play by when they choose a card: they never renege (K-11), even
#: when the variant only penalizes it.
_NEVER_RENEGE = KachufulRules(renege="forbidden")


# -- cards as ints -----------------------------------------------------------------------

#: _STRENGTH[trump + 1][c]: rank 0..12, plus 13 for a trump (trump -1 = no trump).
_STRENGTH = tuple(tuple(c % 13 + (13 if c // 13 == t else 0) for c in range(52))
                  for t in range(-1, 4))

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


def trump_int(view: SeatView) -> int:
    return -1 if view.trump is None else SUITS.index(view.trump)


def basic_card_coded(hand: list[int], led: int, win: int, trump: int, need: int, outside: int,
                last: bool) -> tuple[int, int]:
    """The basic policy's card and the reason: ``led`` = the led suit (-1 when leading),
    ``win`` = the card winning the trick so far; ``need`` = bid - tricks taken;
    ``outside`` = unplayed cards not in this hand (a bit mask); ``last`` = plays last."""
    st = _STRENGTH[trump + 1].__getitem__
    if led < 0:
        if need > 0:
            sure = [c for c in hand if not outside & HIGHER[c]]
            if sure:
                return max(sure, key=st), _LEAD_SURE
            return min(hand, key=st), _LEAD_LOW_NEED
        beatable = [c for c in hand if outside & HIGHER[c]]
        return min(beatable or hand, key=st), _LEAD_LOW
    options = playable_int(hand, led)
    beats = BEATS[trump + 1]
    at = win * 52
    beat = []
    lose = []
    for c in options:
        if beats[at + c]:
            beat.append(c)
        else:
            lose.append(c)
    if need > 0:
        if beat:
            if last:
                return min(beat), _WIN_LAST  # one suit: ints order by rank
            if beat[0] // 13 == led:
                sure = [c for c in beat if not outside & HIGHER[c]]
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
        mine |= BIT[c]
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
        higher_out = (HIGHER[c] & ~mine).bit_count()
        higher_mine = (HIGHER[c] & mine).bit_count()
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


def legal_numbers(view: SeatView, rules: KachufulRules) -> list[int]:
    total, last = _bidding_position(view)
    return legal_bids(view.hand_size, (total,), dealer=last, rules=rules)


def _forbidden(view: SeatView, rules: KachufulRules) -> int | None:
    total, last = _bidding_position(view)
    if not last or not rules.hook_rule:
        return None
    return hook_forbidden_bid((total,), view.hand_size)


def forehead_bid(obs: KachufulObservation) -> BotDecision[KachufulAction]:
    """A one-card forehead hand: the own card is any unseen card; count how often it
    wins against the cards the seat sees, and take the bid with the better average."""
    view = obs.view
    n = view.players
    seen = {s: h[0].index for s, h in enumerate(view.hands) if h is not None and s != view.seat}
    gone = set(seen.values())
    pool = [c for c in range(52) if c not in gone
            and (view.turned is None or c != view.turned.index)]
    trump = trump_int(view)
    leader = (view.dealer + 1) % n
    wins = 0
    for mine in pool:
        trick = [mine if (leader + i) % n == view.seat else seen[(leader + i) % n]
                 for i in range(n)]
        pos = trick_winner_int(trick, trump)
        if (leader + pos) % n == view.seat:
            wins += 1
    p = wins / len(pool)
    rules = obs.rules
    numbers = legal_numbers(view, rules)
    best = max(numbers, key=lambda b: (p * score_hand(b, 1, rules)
                                       + (1 - p) * score_hand(b, 0, rules), -b))
    cards = [DECK[c] for c in sorted(gone)]
    return BotDecision(Bid(best), "bots.kachuful.bid-forehead",
                    {"bid": best, "cards": cards, "pct": percent(p)})


# -- random ----------------------------------------------------------------------------


class _SeededBot:
    """What the bots share: the game and the seeded generator."""

    game = "kachuful"

    def __init__(self, seed: int = 0) -> None:
        self.rng = sim_random(seed)


class BidThenPlay(_SeededBot):
    """A bot that decides its bid with :meth:`bid` and its cards with :meth:`play`."""

    def bid(self, obs: KachufulObservation) -> BotDecision[KachufulAction]:
        raise NotImplementedError

    def play(self, obs: KachufulObservation) -> BotDecision[KachufulAction]:
        raise NotImplementedError

    def decide(self, observation: KachufulObservation) -> BotDecision[KachufulAction]:
        view = observation.view
        if view.current_player != view.seat:
            raise ValueError("it is not this seat's turn")
        if view.phase is Phase.BID:
            return self.bid(observation)
        return self.play(observation)


class RandomKachufulBot(_SeededBot):
    """Uniform among the legal actions (never a renege)."""

    level = "random"

    def decide(self, observation: KachufulObservation) -> BotDecision[KachufulAction]:
        actions = legal_actions(observation)
        if not actions:
            raise ValueError("it is not this seat's turn")
        action = actions[int(self.rng.random() * len(actions))]
        if isinstance(action, Bid):
            key = "bots.random.bid-blind" if action.blind else "bots.random.bid"
            return BotDecision(action, key, {"bid": action.n})
        if isinstance(action, HiddenCard):
            return BotDecision(action, "bots.kachuful.own-card", {})
        return BotDecision(action, "bots.random.card", {"card": action})


# -- basic -----------------------------------------------------------------------------


def played_mask(view: SeatView) -> int:
    mask = 0
    for trick in view.tricks_played:
        for c in trick.cards:
            mask |= BIT[c.index]
    for _, c in view.current_trick:
        mask |= BIT[c.index]
    return mask


def _blind_zero_pays(size: int) -> bool:
    """The basic bot's blind rule: with one or two cards each, a bid of 0 is made
    often enough that doubling it beats looking first."""
    return size <= 2


class BasicKachufulBot(BidThenPlay):
    """Counts likely tricks to bid; plays to hit its bid."""

    level = "basic"

    def play(self, obs: KachufulObservation) -> BotDecision[KachufulAction]:
        return basic_play(obs)

    def bid(self, obs: KachufulObservation) -> BotDecision[KachufulAction]:
        view, rules = obs.view, obs.rules
        numbers = legal_numbers(view, rules)
        if rules.blind_bids and 0 in numbers and _blind_zero_pays(view.hand_size):
            return BotDecision(Bid(0, True), "bots.kachuful.bid-blind-small",
                            {"bid": 0, "size": view.hand_size})
        if view.hand is None:
            return forehead_bid(obs)
        est, counted = estimate_coded([c.index for c in view.hand], trump_int(view),
                                 view.hand_size, view.players)
        bid = closest_number(numbers, est)
        cards = [DECK[c] for c in sorted(counted, key=lambda c: (-(c % 13), c))]
        return BotDecision(Bid(bid), *basic_bid_reason(bid, est, cards, _forbidden(view, rules),
                                                    view.hand_size))


def basic_bid_reason(bid: int, estimate: float, likely: Sequence[Card], forbidden: int | None,
                     size: int) -> tuple[str, dict[str, Any]]:
    """The key and data of the basic bid's reason, from the numbers the bid came from:
    the bid is the legal number nearest to ``estimate`` (the sum of every card's chance
    of taking a trick), and ``likely`` are the cards whose own chance is at least one
    half. The sentence quotes the estimate and says why the bid differs from the count
    of likely cards when it does (the other cards' chances add up, or the likely ones are
    not sure), or that the hook rule (K-9) took the nearest bid away.

    >>> from engine.cards import parse_cards
    >>> basic_bid_reason(2, 1.6, [], None, 5)[0]
    'bots.kachuful.bid-none'
    >>> basic_bid_reason(1, 1.3, parse_cards(["JD", "8D"]), None, 5)[0]
    'bots.kachuful.bid-fewer'
    """
    data: dict[str, Any] = {"bid": bid, "cards": list(likely), "estimate": round(estimate, 1)}
    if forbidden is not None and closest_number(range(size + 1), estimate) == forbidden:
        data["forbidden"] = forbidden
        return "bots.kachuful.bid-hook", data
    if not likely:
        return "bots.kachuful.bid-none", data
    if len(likely) == bid:
        return "bots.kachuful.bid", data
    return ("bots.kachuful.bid-fewer" if len(likely) > bid else "bots.kachuful.bid-more"), data


def basic_play(obs: KachufulObservation) -> BotDecision[KachufulAction]:
    """The basic policy's card for the seat to play, with its reason."""
    view = obs.view
    hand = view.hand
    if hand is None:
        return BotDecision(OWN_CARD, "bots.kachuful.own-card", {})
    legal = legal_actions(obs)
    seat = view.seat
    bid = view.bids[seat]
    assert bid is not None
    won = view.tricks_won[seat]
    if len(legal) == 1:
        return BotDecision(legal[0], "bots.kachuful.only", {"card": legal[0], "bid": bid,
                                                         "won": won})
    mine = [c.index for c in hand]
    mask = 0
    for c in mine:
        mask |= BIT[c]
    outside = ALL_CARDS & ~played_mask(view) & ~mask
    trick = [c.index for _, c in view.current_trick]
    trump = trump_int(view)
    led, win = (trick[0] // 13, trick[trick_winner_int(trick, trump)]) if trick else (-1, -1)
    card, reason = basic_card_coded(mine, led, win, trump, bid - won, outside,
                               len(trick) == view.players - 1)
    return BotDecision(DECK[card], _REASON_KEYS[reason], {"card": DECK[card], "bid": bid,
                                                       "won": won})

