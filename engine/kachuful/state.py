"""A game of Kachuful in progress, with the OpenSpiel verbs of :mod:`engine.game`.

Actions are :class:`Bid` values (a plain ``int`` is accepted as a seen bid) and
:class:`~engine.cards.Card` values, and the chance step of :mod:`engine.game`: each hand is
dealt by a :class:`~engine.game.Deal` (``Phase.DEAL``, ``current_player()`` is
:data:`~engine.game.CHANCE`). A game built by :meth:`KachufulState.new_game` knows every
hand's deal seed (:mod:`engine.kachuful.deal`) and applies each deal itself unless
``explicit_deals``; one built by :meth:`KachufulState.from_hands` plays exactly the hands
it is given (records, scenarios, puzzles).

>>> setup = HandSetup.from_codes(dealer=3, deal=[["KH", "AS", "3D"], ["2C", "4S", "5D"],
...                              ["AH", "6S", "9D"], ["7H", "8S", "2D"]], trump="C")
>>> game = KachufulState.from_hands(4, [setup])
>>> for bid in (1, 0, 1):
...     _ = game.apply(bid)
>>> game.legal_actions()
[Bid(n=0, blind=False), Bid(n=2, blind=False), Bid(n=3, blind=False)]
>>> game.apply(1)
Traceback (most recent call last):
...
engine.errors.IllegalActionError: The dealer may not bid 1: the other bids add up to 2 and this hand has 3 tricks (K-9)
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import chain
from typing import Any, TypeAlias

from engine.cards import CARD_BY_CODE, DECK, SUITS, Card, Suit, parse_card
from engine.errors import IllegalActionError, InvalidActionError
from engine.game import CHANCE, Deal, Outcome, Ranking, outcome_of
from engine.kachuful.deal import deal_hand, draw_first_dealer, hand_seed
from engine.kachuful.events import (
    BidMade,
    CardPlayed,
    Dealt,
    GameOver,
    HandScored,
    KachufulEvent,
    TrickWon,
    TrumpAnnounced,
)
from engine.kachuful.rules import (
    DEFAULT_RULES,
    Hook,
    KachufulRules,
    check_players,
    hand_sizes,
    hook,
    is_renege,
    legal_bids,
    score_hand,
    trick_winner,
    trump_for_hand,
    winners,
)
from engine.kachuful.values import frozen, make, record


class Phase(enum.Enum):
    """Where the game is: a hand to deal (the chance step), bidding (K-8), playing tricks
    (K-10) or over (K-14)."""

    DEAL = "deal"
    BID = "bid"
    PLAY = "play"
    GAME_OVER = "game-over"


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid of ``n`` tricks; ``blind`` when made before looking at the cards."""

    n: int
    blind: bool = False

    def __str__(self) -> str:
        return f"blind {self.n}" if self.blind else str(self.n)


Action: TypeAlias = Bid | Card


_BID, _PLAY, _OVER = Phase.BID, Phase.PLAY, Phase.GAME_OVER
#: Kachuful's highest total wins (K-14).
RANKING: Ranking = "highest-total"
# Bids are values: legal_actions hands out these shared objects instead of new ones.
_SEEN_BIDS: tuple[Bid, ...] = tuple(Bid(n) for n in range(53))
_BLIND_BIDS: tuple[Bid, ...] = tuple(Bid(n, True) for n in range(53))
#: (hand size, sum of the other bids when the hook applies else -1, blind bids) -> the
#: legal bid actions, as legal_bids computed them the first time.
_BID_ACTIONS: dict[tuple[int, int, bool], list[Action]] = {}


def parse_action(text: str) -> Action:
    """A bid (``"2"``, ``"blind 2"``, ``"b2"``) or a card code (``"AS"``, ``"10h"``)."""
    if not isinstance(text, str):
        raise InvalidActionError("kachuful.bad-action", action=text)
    word = text.strip().lower()
    blind = word.startswith(("blind", "b"))
    digits = word.removeprefix("blind").removeprefix("b").strip() if blind else word
    if digits.isdigit() and len(digits) <= 2 and not (blind and not digits):
        return Bid(int(digits), blind)
    try:
        return parse_card(text)
    except InvalidActionError:
        raise InvalidActionError("kachuful.bad-action", action=text) from None


@frozen
class HandSetup:
    """One hand before bidding: the dealer, each seat's cards and the trump.

    ``trump_source`` says where the trump comes from (``cycle``, ``cycle-nt``,
    ``turned`` or ``given``); ``turned`` is the turned card under ``trumps: turned``;
    ``seed`` is the deal seed when the cards came from one.
    """

    dealer: int
    deal: tuple[tuple[Card, ...], ...]
    trump: Suit | None
    trump_source: str = "given"
    turned: Card | None = None
    seed: int | None = None

    @property
    def size(self) -> int:
        return len(self.deal[0])

    @classmethod
    def from_codes(cls, dealer: int, deal: Sequence[Sequence[str]], trump: str) -> HandSetup:
        """A setup from card codes and a trump code (``S H D C NT``), for scenarios."""
        suit = None if trump == "NT" else Suit(trump)
        cards = tuple(tuple(parse_card(code) for code in seat) for seat in deal)
        return cls(dealer=dealer, deal=cards, trump=suit)


def setup_hand(players: int, rules: KachufulRules, index: int, dealer: int, *,
               seed: int | None = None, deal: Sequence[Sequence[Card]] | None = None,
               trump: Suit | None | str = "rule", size: int | None = None) -> HandSetup:
    """The setup of hand ``index`` (from 0) of a game: cards from ``seed`` (``size``
    defaults to the schedule's) or from ``deal``; ``trump="rule"`` takes the variant's
    trump for that position (K-7), anything else is used as given."""
    turned: Card | None = None
    if deal is None:
        if seed is None:
            raise ValueError("give a seed or a deal")
        if size is None:
            size = hand_sizes(players, rules)[index]
        dealt, turned = deal_hand(seed, players, size, dealer)
        cards = tuple(tuple(seat) for seat in dealt)
    else:
        cards = tuple(tuple(seat) for seat in deal)
    if trump != "rule":
        assert not isinstance(trump, str)
        return HandSetup(dealer, cards, trump, "given", turned if deal is None else None, seed)
    if rules.trumps == "turned":
        if deal is not None:
            raise ValueError("an explicit deal under trumps: turned needs its trump")
        return HandSetup(dealer, cards, trump_for_hand(index + 1, rules, turned), "turned",
                         turned, seed)
    return HandSetup(dealer, cards, trump_for_hand(index + 1, rules), rules.trumps, None, seed)


@record
class HandResult:
    """A hand as played: setup, bids (index = seat), tricks and scores.

    ``scores`` is ``None`` while the hand is unfinished (see :meth:`KachufulState.current_hand`).
    """

    hand: int
    setup: HandSetup
    bids: tuple[int | None, ...]
    blind: tuple[bool, ...]
    play: tuple[Card, ...]
    trick_winners: tuple[int, ...]
    tricks: tuple[int, ...]
    reneged: tuple[bool, ...]
    scores: tuple[int, ...] | None

    @property
    def finished(self) -> bool:
        return self.scores is not None

    def played_tricks(self) -> tuple[PlayedTrick, ...]:
        """The hand's complete tricks: the seat left of the dealer leads the first (K-10),
        each trick's winner the next; the cards in play order (K-12's winners as played)."""
        n = len(self.setup.deal)
        leader = (self.setup.dealer + 1) % n
        out: list[PlayedTrick] = []
        for k, winner in enumerate(self.trick_winners):
            cards = self.play[k * n:(k + 1) * n]
            if len(cards) < n:
                break
            out.append(PlayedTrick(leader, tuple(cards), winner))
            leader = winner
        return tuple(out)


@record
class PlayedTrick:
    """A finished trick of the current hand: who led, the cards in order, the winner."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


#: PlayedTrick.cards's own getter (the record's C-level field accessor).
_CARDS: Callable[[PlayedTrick], tuple[Card, ...]] = vars(PlayedTrick)["cards"].fget


@dataclass(frozen=True, slots=True)
class SeatView:
    """What ``seat`` may see, so a page never leaks a hidden card.

    ``hands[s]`` is seat ``s``'s cards when ``seat`` may see them, else ``None``: a
    seat sees only its own hand, except in a one-card hand under ``one_card_forehead``
    where it sees everyone's card but its own. ``cards_held`` counts every seat's cards.
    """

    seat: int
    players: int
    phase: Phase
    hand_number: int
    hand_count: int
    hand_size: int
    dealer: int
    trump: Suit | None
    turned: Card | None
    hands: tuple[tuple[Card, ...] | None, ...]
    cards_held: tuple[int, ...]
    bids: tuple[int | None, ...]
    blind: tuple[bool, ...]
    tricks_won: tuple[int, ...]
    current_trick: tuple[tuple[int, Card], ...]
    tricks_played: tuple[PlayedTrick, ...]
    current_player: int | None
    totals: tuple[int, ...]
    results: tuple[HandResult, ...]
    #: A one-card hand under ``one_card_forehead``: each seat sees the others' card only.
    forehead: bool = False

    @property
    def hand(self) -> tuple[Card, ...] | None:
        """This seat's own cards, or ``None`` when hidden from it (forehead hand)."""
        return self.hands[self.seat]


#: Per scoring variant: K-13's points by bid and tricks taken, with no blind bid and no
#: renege, as :func:`~engine.kachuful.rules.score_hand` gives them (hands hold at most 52
#: cards).
_POINTS: dict[str, tuple[tuple[int, ...], ...]] = {}


def _points_table(rules: KachufulRules) -> tuple[tuple[int, ...], ...]:
    """score_hand's points for every bid and number of tricks under ``rules``' scoring."""
    table = _POINTS[rules.scoring] = tuple(
        tuple(score_hand(bid, taken, rules) for taken in range(53)) for bid in range(53))
    return table


class KachufulState:
    """A whole game: hands dealt in turn, bids, tricks, scores (K-1..K-14)."""

    __slots__ = (
        "players", "rules", "draw_events", "_seed", "_plan", "_sizes", "_first_dealer",
        "_index", "_setup", "_hands", "_bids", "_blind", "_bid_count", "_tricks", "_trick",
        "_leader", "_turn", "_phase", "_totals", "_results", "_winners_of_tricks",
        "_reneged", "_done_tricks", "_penalize", "_size", "_trump", "_bid_sum", "_auto_deal",
        "_by_suit", "_led", "_trick_no", "_last_scores",
    )

    def __init__(self, players: int, rules: KachufulRules = DEFAULT_RULES, *,
                 seed: int | None = None, first_dealer: int | None = None,
                 hands: Sequence[HandSetup] | None = None,
                 explicit_deals: bool = False) -> None:
        """Prefer :meth:`new_game` or :meth:`from_hands`."""
        self.players = check_players(players)
        self.rules = rules
        self._penalize = rules.renege == "penalized"
        self.draw_events: tuple[KachufulEvent, ...] = ()
        self._seed = seed
        self._plan: list[HandSetup] | None = None
        if hands is not None:
            # One plain loop, not two comprehensions: a scenario or a benchmark builds a
            # state per hand, and each comprehension is a function call of its own.
            plan: list[HandSetup] = []
            sizes: list[int] = []
            first: _Split | None = None
            for setup in hands:
                if plan:
                    setup = _checked_setup(players, setup, len(plan) + 1)
                else:  # the first hand starts at once: split it, and check the split
                    first = _split_if_whole(players, setup)
                    if first is None:  # _checked_setup says why, or swaps in DECK's cards
                        setup = _checked_setup(players, setup, 1)
                        first = _split_deal(setup.deal)
                plan.append(setup)
                sizes.append(len(setup.deal[0]))
            if not plan:
                raise ValueError("a game needs at least one hand")
            self._plan = plan
            self._sizes = sizes
            self._first_dealer = plan[0].dealer
        else:
            if seed is None:
                raise ValueError("give a seed or the hands")
            self._sizes = hand_sizes(players, rules)
            if first_dealer is None:
                draw = draw_first_dealer(players, seed)
                self.draw_events = draw.events
                first_dealer = draw.dealer
            self._first_dealer = first_dealer
        self._totals = [0] * players
        self._results: list[HandResult] = []
        self._last_scores: list[int] | None = None
        self._index = -1
        self._auto_deal = not explicit_deals
        if explicit_deals:  # nothing dealt yet: empty hands until the first Deal
            self._start_hand(-1, HandSetup(self._first_dealer - 1, ((),) * players, None))
        elif self._plan is not None:  # _await_deal's own step, without its two calls
            self._start_hand(0, self._plan[0], first)
            return
        self._await_deal(None)

    @classmethod
    def new_game(cls, players: int, rules: KachufulRules = DEFAULT_RULES, seed: int = 0,
                 first_dealer: int | None = None, *,
                 explicit_deals: bool = False) -> KachufulState:
        """A whole game from ``seed``: the first dealer by the K-3 draw (unless given),
        the schedule's hands dealt from seeds derived from ``seed``. With
        ``explicit_deals`` it stops before each hand (``current_player()`` is
        :data:`~engine.game.CHANCE`) until a :class:`~engine.game.Deal` is applied."""
        if first_dealer is not None and not 0 <= first_dealer < players:
            raise InvalidActionError("common.bad-seat", seat=first_dealer,
                                     players_minus_one=players - 1)
        return cls(players, rules, seed=seed, first_dealer=first_dealer,
                   explicit_deals=explicit_deals)

    @classmethod
    def from_hands(cls, players: int, hands: Sequence[HandSetup],
                   rules: KachufulRules = DEFAULT_RULES) -> KachufulState:
        """A game of exactly these hands (a record, a scenario, a puzzle)."""
        return cls(players, rules, hands=hands)

    # -- the hand ------------------------------------------------------------------

    def _await_deal(self, events: list[KachufulEvent] | None) -> None:
        """The next hand is due: the chance node, resolved at once unless the deals are
        explicit."""
        self._phase = Phase.DEAL
        self._turn = CHANCE
        if self._auto_deal:
            if self._plan is not None:  # the game's own next hand, checked when built
                self._dealt(self._index + 1, self._plan[self._index + 1], events)
            else:
                self._deal(self.chance_outcomes()[0], events)

    def chance_outcomes(self) -> list[Deal]:
        """At a chance node: the next hand's deal the game fixes (its deal seed, or the
        given hand's cards); ``[]`` elsewhere."""
        if self._phase is not Phase.DEAL:
            return []
        index = self._index + 1
        if self._plan is not None:
            return [Deal(cards=self._plan[index])]
        assert self._seed is not None
        return [Deal(seed=hand_seed(self._seed, index))]

    def _deal(self, deal: Deal, events: list[KachufulEvent] | None) -> None:
        """The chance step: deal the next hand from ``deal``'s seed or its cards (a
        :class:`HandSetup` of the schedule's size, checked)."""
        if self._phase is not Phase.DEAL:
            raise IllegalActionError("krypkasino.not-dealing", rule="K-5")
        index = self._index + 1
        dealer = (self._first_dealer + index) % self.players
        if deal.seed is not None and self._plan is None:
            seed = deal.seed
            if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
                raise InvalidActionError("kachuful.bad-action", action=deal)
            setup = setup_hand(self.players, self.rules, index, dealer, seed=seed)
        elif self._plan is not None and deal.cards is self._plan[index]:
            setup = deal.cards  # the game's own hand, checked when the game was built
        elif isinstance(deal.cards, HandSetup):
            try:
                setup = _checked_setup(self.players, deal.cards, index + 1)
            except ValueError as error:
                raise InvalidActionError("kachuful.bad-action", action=deal) from error
            if setup.size != self._sizes[index] or (self._plan is None
                                                    and setup.dealer != dealer):
                raise InvalidActionError("kachuful.bad-action", action=deal)
        else:
            raise InvalidActionError("kachuful.bad-action", action=deal)
        self._dealt(index, setup, events)

    def _dealt(self, index: int, setup: HandSetup, events: list[KachufulEvent] | None
               ) -> None:
        """Hand ``index`` (from 0) is dealt as ``setup``, with its events."""
        self._start_hand(index, setup)
        if events is not None:
            if index == 0:
                events.extend(self.draw_events)
            events.extend(self.hand_events())

    def _start_hand(self, index: int, setup: HandSetup, split: _Split | None = None) -> None:
        n = self.players
        self._index = index
        self._setup = setup
        # Each hand maps id(card) -> card over the canonical cards of engine.cards.DECK,
        # so holding a card is one C-level lookup (Card.__eq__ is Python code).
        # (setups hold the DECK objects: _checked_setup and deal_hand see to it).
        # The same cards split by suit number (0..3 = S H D C: id(card) -> card, in deal
        # order), so following suit (K-11) reads one dict instead of filtering the hand.
        # Both are built in one pass over the dealt cards.
        # (_split_deal builds both; a game's first hand comes already split, see __init__)
        self._hands, self._by_suit = _split_deal(setup.deal) if split is None else split
        self._size = len(setup.deal[0]) if setup.deal else 0
        self._trump = setup.trump
        self._bid_sum = 0
        self._bids: list[int | None] = [None] * n
        self._blind = [False] * n
        self._bid_count = 0
        self._tricks = [0] * n
        self._trick: list[Card] = []
        self._led = -1
        self._trick_no = 1  # the number of the trick being played, from 1
        self._leader = self._turn = (setup.dealer + 1) % n
        self._phase = _BID
        self._winners_of_tricks: list[int] = []
        self._reneged = [False] * n
        self._done_tricks: list[PlayedTrick] = []

    def hand_events(self) -> list[KachufulEvent]:
        """The events that open the current hand: dealt, trump announced."""
        s = self._setup
        n = self.players
        number, size = self._index + 1, self._size
        return [Dealt(number, s.dealer, size, (s.dealer + 1) % n, n, 52 - n * size),
                TrumpAnnounced(number, s.trump, s.turned, s.trump_source)]

    def opening_events(self) -> list[KachufulEvent]:
        """Everything before the first bid: the first-dealer draw (when there was one),
        then the first hand's deal and trump."""
        return [*self.draw_events, *self.hand_events()] if self._index == 0 else \
            self.hand_events()

    # -- OpenSpiel verbs -----------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._phase

    def current_player(self) -> int | None:
        return None if self._phase is Phase.GAME_OVER else self._turn

    def is_terminal(self) -> bool:
        return self._phase is _OVER

    def returns(self) -> list[int]:
        """The totals, oriented so that higher is better (they already are: K-14)."""
        return list(self._totals)

    def outcome(self) -> Outcome | None:
        """Who won and why, once the game is over (``None`` before)."""
        if self._phase is not Phase.GAME_OVER:
            return None
        return outcome_of(self._totals, RANKING)

    def scores(self) -> list[int]:
        """The totals after the finished hands (K-13)."""
        return list(self._totals)

    def legal_actions(self) -> list[Action]:
        """The bids or cards the rules allow the current player now (empty when over)."""
        if self._phase is _PLAY:
            # playable_cards (K-10, K-11), read from the hand split by suit: the cards of
            # the led suit in hand order when the seat holds any, else the whole hand.
            # ([*...] rather than list(...): no name to look up and call, once per card.)
            seat = self._turn
            led = self._led
            if led >= 0 and not self._penalize:
                following = self._by_suit[seat][led]
                if following:
                    return [*following.values()]
            return [*self._hands[seat].values()]
        if self._phase is _BID:
            rules = self.rules
            last = self._bid_count == self.players - 1
            key = (self._size, self._bid_sum if last and rules.hook_rule else -1,
                   rules.blind_bids)
            cached = _BID_ACTIONS.get(key)
            if cached is None:
                numbers = self.legal_bid_numbers()
                cached = [_SEEN_BIDS[n] for n in numbers]
                if rules.blind_bids:
                    cached.extend(_BLIND_BIDS[n] for n in numbers)
                _BID_ACTIONS[key] = cached
            return cached.copy()  # the caller's own list: the cache stays as it is
        return []

    def legal_bid_numbers(self) -> list[int]:
        """The numbers the current bidder may bid (K-8, K-9)."""
        if self._phase is not Phase.BID:
            return []
        last = self._bid_count == self.players - 1
        return legal_bids(self._size, (self._bid_sum,), dealer=last, rules=self.rules)

    def apply(self, action: Action | int | Deal) -> list[KachufulEvent]:
        """Check ``action`` and apply it; return the events it caused.

        Raises :class:`InvalidActionError` (not a bid or a card) or
        :class:`IllegalActionError` (rule ID + sentence); a refusal changes nothing.
        """
        if isinstance(action, Card):
            # The checked play of a card, refused before anything changes (K-10, K-11):
            # _play's steps with the CardPlayed event, written out here rather than
            # called (a call per card, and the event tests, on the path every card takes).
            seat = self._turn
            hand = self._hands[seat]
            key = id(action)
            if key not in hand or self._phase is not _PLAY:
                # not held, or an equal card that is not the DECK object, or not playing
                action = canonical(action)
                key = id(action)
                if self._phase is not _PLAY or key not in hand:
                    self._refuse_card(action)  # raises
            number = _SUIT_OF_CARD[key]
            led = self._led
            suits = self._by_suit[seat]
            if led < 0:
                self._led = number
                events: list[KachufulEvent] = [make(CardPlayed, (
                    seat, action, self._trick_no, "led", None, self._trump, False))]
            elif number == led:
                events = [make(CardPlayed, (seat, action, self._trick_no, "followed",
                                            SUITS[led], self._trump, False))]
            else:  # is_renege (K-11): off the led suit while holding it
                reneged = False
                if suits[led]:
                    if self._penalize:
                        reneged = self._reneged[seat] = True
                    else:
                        self._refuse_card(action)  # raises
                trump = self._trump
                events = [make(CardPlayed, (
                    seat, action, self._trick_no,
                    "trumped" if action.suit is trump else "discarded", SUITS[led], trump,
                    reneged))]
            del hand[key]
            del suits[number][key]
            self._trick.append(action)
            following = seat + 1
            if following == self.players:
                following = 0
            if following != self._leader:  # the trick is complete when its leader is next
                self._turn = following
            else:
                self._end_trick(events)
            return events
        if action.__class__ is Bid and self._phase is _BID:
            n = action.n
            if n.__class__ is int and 0 <= n <= self._size and not action.blind:
                # A seen bid in range: _bid's steps with its BidMade, written out here
                # (one call less per bid); only the dealer's can be refused (K-9's hook).
                seat = self._turn
                total = self._bid_sum + n
                if self._bid_count != self.players - 1:
                    event = make(BidMade, (seat, n, False, False, self._size, None, None,
                                           total))
                    following = seat + 1
                    self._turn = following if following < self.players else 0
                else:
                    others: int | None = None
                    forbidden: int | None = None
                    if self.rules.hook_rule:
                        arithmetic = _hook(self._bid_sum, self._size)
                        others, forbidden = arithmetic.others, arithmetic.forbidden
                        if forbidden == n:
                            self._check_bid(action)  # raises
                    event = make(BidMade, (seat, n, False, True, self._size, others,
                                           forbidden, total))
                    self._phase = _PLAY
                    self._turn = self._leader
                self._bid_sum = total
                self._bids[seat] = n
                self._blind[seat] = False
                self._bid_count += 1
                return [event]
        if isinstance(action, Deal):
            dealt: list[KachufulEvent] = []
            self._deal(action, dealt)
            return dealt
        if self._phase is _OVER:
            raise IllegalActionError("common.game-over", rule="K-14")
        if isinstance(action, int) and not isinstance(action, bool):
            action = Bid(action)
        if isinstance(action, Bid):
            n = action.n
            if (self._phase is not _BID or n.__class__ is not int or not 0 <= n <= self._size
                    or action.blind or self._bid_count == self.players - 1):
                self._check_bid(action)  # raises when the bid is refused
            return self._bid(n, action.blind, [])
        raise InvalidActionError("kachuful.bad-action", action=action)

    def apply_unchecked(self, action: Action | int | Deal) -> None:
        """The fast path: apply a legal action without checks or events."""
        if isinstance(action, Card):
            self._play(action)
        elif isinstance(action, Bid):
            self._bid(action.n, action.blind, None)
        elif isinstance(action, Deal):
            self._deal(action, None)
        else:
            self._bid(action, False, None)

    def check(self, action: Action | int) -> None:
        """Raise the refusal ``apply`` would raise, without applying anything."""
        if self._phase is Phase.GAME_OVER:
            raise IllegalActionError("common.game-over", rule="K-14")
        if isinstance(action, int) and not isinstance(action, bool):
            action = Bid(action)
        if isinstance(action, Bid):
            self._check_bid(action)
        elif isinstance(action, Card):
            self._refuse_card(action)
        else:
            raise InvalidActionError("kachuful.bad-action", action=action)

    def clone(self) -> KachufulState:
        other = KachufulState.__new__(KachufulState)
        for name in ("players", "rules", "_penalize", "_size", "_trump", "_bid_sum",
                     "draw_events", "_seed", "_plan", "_sizes", "_auto_deal",
                     "_first_dealer", "_index", "_setup", "_bid_count", "_leader", "_turn",
                     "_phase", "_led", "_trick_no"):
            object.__setattr__(other, name, getattr(self, name))
        other._results = list(self._finished_results())
        other._last_scores = None
        other._hands = [dict(h) for h in self._hands]
        other._by_suit = [[dict(cards) for cards in seat] for seat in self._by_suit]
        for name in ("_bids", "_blind", "_tricks", "_trick", "_totals",
                     "_winners_of_tricks", "_reneged", "_done_tricks"):
            object.__setattr__(other, name, list(getattr(self, name)))
        return other

    def _snapshot(self) -> tuple[Any, ...]:
        return (self.players, self.rules, self._seed, self._sizes, self._first_dealer,
                self._index, self._setup, self._hands,
                self._bids, self._blind, self._bid_count, self._tricks, self._trick,
                self._leader, self._turn, self._phase, self._totals,
                self._finished_results(),
                self._winners_of_tricks, self._reneged, self._done_tricks)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, KachufulState):
            return NotImplemented
        return self._snapshot() == other._snapshot()

    __hash__ = None  # type: ignore[assignment]

    # -- checks (refusals) -----------------------------------------------------------

    def _check_bid(self, bid: Bid) -> None:
        n = bid.n
        if isinstance(n, bool) or not isinstance(n, int) or not isinstance(bid.blind, bool):
            raise InvalidActionError("kachuful.bad-bid", value=n)
        if self._phase is Phase.DEAL:
            raise IllegalActionError("krypkasino.no-deal", rule="K-5")
        if self._phase is not Phase.BID:
            raise IllegalActionError("K-8.bidding-over", rule="K-8", seat=self._turn)
        size = self._size
        if not 0 <= n <= size:
            raise IllegalActionError("K-8.bid-range", rule="K-8", seat=self._turn, bid=n,
                                     size=size)
        if bid.blind and not self.rules.blind_bids:
            raise IllegalActionError("K-8.no-blind", rule="K-8", seat=self._turn, bid=n)
        if self._bid_count == self.players - 1 and self.rules.hook_rule:
            arithmetic = _hook(self._bid_sum, size)
            if arithmetic.forbidden == n:
                raise IllegalActionError("K-9.hook", rule="K-9", seat=self._turn, bid=n,
                                         others=arithmetic.others, size=size)

    def _refuse_card(self, card: Card) -> None:
        """Raise the refusal of ``card`` (K-14, K-10, K-11); return when it is legal."""
        seat = self._turn
        if self._phase is _OVER:
            raise IllegalActionError("common.game-over", rule="K-14")
        if self._phase is Phase.DEAL:
            raise IllegalActionError("krypkasino.no-deal", rule="K-5")
        if self._phase is not _PLAY:
            raise IllegalActionError("K-10.bidding-first", rule="K-10", seat=seat, card=card)
        card = canonical(card)
        hand = self._hands[seat]
        if id(card) not in hand:
            raise IllegalActionError("K-10.not-held", rule="K-10", seat=seat, card=card)
        if self._trick and not self._penalize:
            led = self._trick[0].suit
            if is_renege(hand.values(), card, led):
                following = [c for c in hand.values() if c.suit is led]
                raise IllegalActionError("K-11.follow", rule="K-11", seat=seat,
                                         card=card, suit=led, cards=following)

    # -- transitions (shared by the checked and the fast path) ----------------------

    def _bid(self, n: int, blind: bool, events: list[KachufulEvent] | None
             ) -> list[KachufulEvent]:
        seat = self._turn
        last = self._bid_count == self.players - 1
        if events is not None:
            others: int | None = None
            forbidden: int | None = None
            if last and self.rules.hook_rule:
                arithmetic = _hook(self._bid_sum, self._size)
                others, forbidden = arithmetic.others, arithmetic.forbidden
            events.append(make(BidMade, (seat, n, blind, last, self._size, others, forbidden,
                                         self._bid_sum + n)))
        self._bid_sum += n
        self._bids[seat] = n
        self._blind[seat] = blind
        self._bid_count += 1
        if last:
            self._phase = _PLAY
            self._turn = self._leader
        else:
            self._turn = (seat + 1) % self.players
        return events if events is not None else []

    def _play(self, card: Card) -> None:
        """Play ``card`` unchecked (apply_unchecked; apply writes the checked play out)."""
        seat = self._turn
        hand = self._hands[seat]
        key = id(card)
        if key not in hand:  # an equal card that is not the DECK object
            card = canonical(card)
            key = id(card)
        suits = self._by_suit[seat]
        number = _SUIT_OF_CARD[key]
        led = self._led
        if led < 0:
            self._led = number
        elif number != led and suits[led] and self._penalize:  # K-11's renege, penalized
            self._reneged[seat] = True
        del hand[key]
        del suits[number][key]
        self._trick.append(card)
        following = seat + 1
        if following == self.players:
            following = 0
        if following != self._leader:  # the trick is complete when its leader is next
            self._turn = following
        else:
            self._end_trick(None)

    def _end_trick(self, events: list[KachufulEvent] | None) -> None:
        """The current trick's cards are all down: its winner (K-12) takes it and leads
        the next, or the hand is over."""
        trick = self._trick
        leader = self._leader
        position, reason = trick_winner(trick, self._trump)
        winner = leader + position
        if winner >= self.players:
            winner -= self.players
        tricks = self._tricks
        tricks[winner] += 1
        self._winners_of_tricks.append(winner)
        cards = tuple(trick)
        done = self._trick_no
        self._done_tricks.append(make(PlayedTrick, (leader, cards, winner)))
        if events is not None:
            events.append(make(TrickWon, (winner, trick[position], done, reason, cards, leader,
                                          tricks[winner])))
        self._trick = []
        self._led = -1
        self._leader = self._turn = winner
        self._trick_no = done + 1
        if done == self._size:
            self._finish_hand(events)

    def _finish_hand(self, events: list[KachufulEvent] | None) -> None:
        rules = self.rules
        bids, tricks, blind, reneged = self._bids, self._tricks, self._blind, self._reneged
        totals = self._totals
        number = self._index + 1
        scores: list[int] = []
        if not any(blind) and not any(reneged):
            # K-13 with no blind bid and no renege (the usual hand): score_hand's answers
            # read from its table for the scoring (_points_table), without a call per
            # seat; each HandScored's blind and reneged are False.
            points_of = _POINTS.get(rules.scoring) or _points_table(rules)
            seat = 0
            for bid in bids:
                taken = tricks[seat]
                assert bid is not None
                points = points_of[bid][taken]
                total = totals[seat] = totals[seat] + points
                if events is not None:
                    events.append(make(HandScored, (number, seat, bid, taken, bid == taken,
                                                    taken - bid, points, False, False,
                                                    total)))
                scores.append(points)
                seat += 1
        else:
            for seat in range(self.players):  # K-13, then each seat's HandScored
                bid = bids[seat]
                taken = tricks[seat]
                assert bid is not None
                points = score_hand(bid, taken, rules, blind[seat], reneged[seat])
                scores.append(points)
                total = totals[seat] = totals[seat] + points
                if events is not None:
                    events.append(make(HandScored, (number, seat, bid, taken, bid == taken,
                                                    taken - bid, points, blind[seat],
                                                    reneged[seat], total)))
        if number < len(self._sizes):
            self._results.append(self._result(tuple(scores)))
            self._await_deal(events)
        else:
            # The last hand's HandResult is made when something reads the results
            # (_finished_results): nothing changes once the game is over, and a game
            # played to its end without looking back (a benchmark's) never needs it.
            self._last_scores = scores
            self._phase = _OVER
            if events is not None:  # K-14: the highest total wins; a tie shares it
                best = max(totals)
                if totals.count(best) == 1:  # one winner, the usual case: found in C
                    won: tuple[int, ...] = (totals.index(best),)
                else:  # the tied seats, in seat order
                    won = tuple([seat for seat, total in enumerate(totals) if total == best])
                events.append(make(GameOver, (tuple(totals), won, best, len(won) > 1)))

    def _finished_results(self) -> list[HandResult]:
        """``_results`` with the last hand's HandResult once the game is over."""
        if self._last_scores is not None:
            self._results.append(self._result(tuple(self._last_scores)))
            self._last_scores = None
        return self._results

    def _result(self, scores: tuple[int, ...] | None) -> HandResult:
        # The play: every card of the hand in order (tricks, then the table), read in C
        # end to end: each PlayedTrick's cards by its own field getter, joined by sum (at
        # most 13 short tuples: quicker than a chain or a comprehension, and every
        # finished hand pays for it).
        play = sum(map(_CARDS, self._done_tricks), ()) + tuple(self._trick)
        return make(HandResult, (self._index + 1, self._setup, tuple(self._bids),
                                 tuple(self._blind), play,
                                 tuple(self._winners_of_tricks), tuple(self._tricks),
                                 tuple(self._reneged), scores))

    # -- what pages read -----------------------------------------------------------

    @property
    def hand_number(self) -> int:
        """The current hand, counted from 1 (the last hand once the game is over)."""
        return self._index + 1

    @property
    def hand_count(self) -> int:
        """How many hands the game has."""
        return len(self._sizes)

    @property
    def schedule(self) -> tuple[int, ...]:
        """The size of every hand of the game."""
        return tuple(self._sizes)

    @property
    def hand_size(self) -> int:
        return self._setup.size

    @property
    def setup(self) -> HandSetup:
        """The current hand's dealer, deal and trump."""
        return self._setup

    @property
    def trump(self) -> Suit | None:
        return self._setup.trump

    @property
    def dealer(self) -> int:
        return self._setup.dealer

    @property
    def leader(self) -> int:
        """Who led (or leads) the current trick."""
        return self._leader

    @property
    def bids(self) -> tuple[int | None, ...]:
        return tuple(self._bids)

    @property
    def blind(self) -> tuple[bool, ...]:
        return tuple(self._blind)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        return tuple(self._tricks)

    @property
    def current_trick(self) -> tuple[tuple[int, Card], ...]:
        """The cards on the table, with who played each, in play order."""
        n = self.players
        return tuple(((self._leader + i) % n, c) for i, c in enumerate(self._trick))

    @property
    def tricks_played(self) -> tuple[PlayedTrick, ...]:
        """The finished tricks of the current hand."""
        return tuple(self._done_tricks)

    @property
    def results(self) -> tuple[HandResult, ...]:
        """Every finished hand, in order."""
        return tuple(self._finished_results())

    def current_hand(self) -> HandResult:
        """The current hand so far (``scores`` is ``None``; after the game is over, the
        last hand)."""
        if self._phase is Phase.GAME_OVER:
            return self._finished_results()[-1]
        return self._result(None)

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        """Every card ``seat`` holds (no hiding: for engines and tests; pages use
        :meth:`view`)."""
        return tuple(self._hands[seat].values())

    def winners(self) -> list[int]:
        """The seats with the best total so far (K-14; every seat before the first hand
        is scored)."""
        return winners(self._totals)

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see now (see :class:`SeatView`)."""
        if not 0 <= seat < self.players:
            raise InvalidActionError("common.bad-seat", seat=seat,
                                     players_minus_one=self.players - 1)
        forehead = self.rules.one_card_forehead and self._setup.size == 1
        hands: list[tuple[Card, ...] | None] = []
        for other in range(self.players):
            visible = (other != seat) if forehead else (other == seat)
            hands.append(tuple(self._hands[other].values()) if visible else None)
        # Finished hands were played face up, but their deal seeds would let a reader
        # work out the game seed (SplitMix64 can be inverted), so views drop them.
        results = tuple(replace(r, setup=replace(r.setup, seed=None)) if r.setup.seed
                        is not None else r for r in self._finished_results())
        return SeatView(
            seat=seat, players=self.players, phase=self._phase,
            hand_number=self._index + 1, hand_count=len(self._sizes),
            hand_size=self._setup.size, dealer=self._setup.dealer, trump=self._setup.trump,
            turned=self._setup.turned, hands=tuple(hands),
            cards_held=tuple(len(h) for h in self._hands), bids=tuple(self._bids),
            blind=tuple(self._blind), tricks_won=tuple(self._tricks),
            current_trick=self.current_trick, tricks_played=tuple(self._done_tricks),
            current_player=self.current_player(), totals=tuple(self._totals),
            results=results, forehead=forehead)

    def __repr__(self) -> str:
        return (f"<KachufulState players={self.players} hand={self._index + 1}/"
                f"{len(self._sizes)} phase={self._phase.value} turn={self.current_player()}>")


def _checked_setup(players: int, setup: HandSetup, number: int) -> HandSetup:
    """A scenario's hand must be a real deal (``ValueError`` says what is wrong); the
    setup is returned holding the shared card objects of ``engine.cards.DECK``."""
    deal = setup.deal
    where = f"hand {number}"
    try:
        size = len(deal[0]) if deal else 0
        dealt = set(map(id, chain.from_iterable(deal)))
        if not _CANONICAL_IDS.issuperset(dealt):  # cards made elsewhere: the DECK objects
            deal = tuple(tuple(map(canonical, cards)) for cards in deal)
            setup = replace(setup, deal=deal)
            dealt = set(map(id, chain.from_iterable(deal)))
        if setup.turned is not None:
            canonical(setup.turned)
    except (AttributeError, KeyError, TypeError):  # not a card, or not seats of cards
        raise ValueError(f"{where}: the deal and the turned card must be playing cards"
                         ) from None
    if setup.dealer.__class__ is not int:
        raise ValueError(f"{where}: dealer {setup.dealer!r} is not a seat of {players}")
    if (0 <= setup.dealer < players and len(deal) == players and 1 <= size <= 52 // players
            and len(set(map(len, deal))) == 1 and len(dealt) == players * size
            and (setup.turned is None or id(canonical(setup.turned)) not in dealt)):
        return setup
    if not 0 <= setup.dealer < players:
        raise ValueError(f"{where}: dealer {setup.dealer} is not a seat of {players}")
    if len(deal) != players:
        raise ValueError(f"{where}: the deal has {len(deal)} seats, not {players}")
    if not 1 <= size <= 52 // players or any(len(cards) != size for cards in deal):
        raise ValueError(f"{where}: every seat needs the same 1..{52 // players} cards")
    if len(dealt) != players * size:
        raise ValueError(f"{where}: a card is dealt twice")
    raise ValueError(f"{where}: the turned card {setup.turned} was also dealt")


#: A hand's cards as a game keeps them: each seat's cards by id, and split by suit number.
_Split: TypeAlias = tuple[list[dict[int, Card]], list[list[dict[int, Card]]]]


def _split_deal(deal: Sequence[Sequence[Card]]) -> _Split:
    """Each seat's cards keyed by id, and the same cards split by suit number (0..3 =
    S H D C), both in deal order and built in one pass. Raises ``KeyError`` for a card
    that is not one of the objects of ``engine.cards.DECK``."""
    hands: list[dict[int, Card]] = []
    by_suit: list[list[dict[int, Card]]] = []
    suit_of = _SUIT_OF_CARD
    for cards in deal:
        hand: dict[int, Card] = {}
        suits: list[dict[int, Card]] = [{}, {}, {}, {}]
        for card in cards:
            key = id(card)
            hand[key] = suits[suit_of[key]][key] = card
        hands.append(hand)
        by_suit.append(suits)
    return hands, by_suit


def _split_if_whole(players: int, setup: HandSetup) -> _Split | None:
    """``setup``'s deal split (:func:`_split_deal`) when :func:`_checked_setup` would
    accept it unchanged (the DECK objects, each dealt once, every seat the same 1..52 //
    players cards, the turned card not dealt); ``None`` otherwise.

    A game's first hand is split at once, so its check reads the split instead of
    making a set of every dealt card as :func:`_checked_setup` does (a second pass over
    the cards that a one-hand game, one per deal in a benchmark, pays every time)."""
    deal = setup.deal
    # _split_deal's loop, with every dealt card also kept in one dict: as many
    # different cards (ids) as the players * size dealt means no card twice.
    hands: list[dict[int, Card]] = []
    by_suit: list[list[dict[int, Card]]] = []
    dealt: dict[int, Card] = {}
    suit_of = _SUIT_OF_CARD
    try:  # (anything that is not seats of DECK's cards: _checked_setup says what)
        if not (0 <= setup.dealer < players and len(deal) == players):
            return None
        size = len(deal[0])
        if not 1 <= size <= 52 // players:
            return None
        for cards in deal:
            if len(cards) != size:  # every seat the same number of cards
                return None
            hand: dict[int, Card] = {}
            suits: list[dict[int, Card]] = [{}, {}, {}, {}]
            for card in cards:
                key = id(card)
                dealt[key] = hand[key] = suits[suit_of[key]][key] = card
            hands.append(hand)
            by_suit.append(suits)
        if len(dealt) != players * size:
            return None
        if setup.turned is not None and id(canonical(setup.turned)) in dealt:
            return None
    except (KeyError, TypeError, AttributeError):  # e.g. a card not one of DECK's objects
        return None
    return hands, by_suit


_CANONICAL: dict[int, Card] = {id(c): c for c in DECK}
_CANONICAL_IDS: frozenset[int] = frozenset(_CANONICAL)
#: (sum of the other bids, hand size) -> rules.hook's answer, computed once.
_HOOKS: dict[tuple[int, int], Hook] = {}


def _hook(others: int, size: int) -> Hook:
    """:func:`engine.kachuful.rules.hook` for the dealer (K-9), kept per (others, size)."""
    found = _HOOKS.get((others, size))
    if found is None:
        found = _HOOKS[others, size] = hook((others,), size)
    return found
#: id(card) -> its suit's number 0..3 (S H D C), for the canonical DECK cards.
_SUIT_OF_CARD: dict[int, int] = {id(c): SUITS.index(c.suit) for c in DECK}


def canonical(card: Card) -> Card:
    """The one shared object of ``engine.cards.DECK`` equal to ``card``."""
    found = _CANONICAL.get(id(card))
    return found if found is not None else CARD_BY_CODE[card.code]
