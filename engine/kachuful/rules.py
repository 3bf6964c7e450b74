"""Kachuful's rules as data and pure functions: the one place every rule lives.

The state (:mod:`engine.kachuful.state`), the records, the fast simulator's tests, the
pages, the quizzes and the scorekeeper all call these functions; none re-implements a
rule. Rule IDs are those of the rules pages (``tutorials/en/kachuful-rules.md``).

>>> rules = KachufulRules()
>>> sizes = hand_sizes(4, rules)
>>> len(sizes), sizes[:3], sizes[10]
(25, [13, 12, 11], 3)
>>> trump_for_hand(11, rules).noun
'clubs'
>>> hook_forbidden_bid([1, 0, 1], 3)
1
>>> score_hand(3, 3, KachufulRules(scoring="ten-times")), score_hand(1, 3, KachufulRules(scoring="margin"))
(40, -2)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Literal

from engine.cards import Card, Suit
from engine.errors import InvalidActionError
from engine.game import best_seats

MIN_PLAYERS, MAX_PLAYERS = 3, 8
#: The usual range of K-1; 8 is allowed as an extension.
USUAL_MAX_PLAYERS = 7

SCHEDULES: tuple[str, ...] = ("down-up", "up-down", "down", "up", "down-up-twice")
TRUMP_RULES: tuple[str, ...] = ("cycle", "cycle-nt", "turned")
SCORINGS: tuple[str, ...] = ("exact", "ten-times", "margin", "per-trick", "judgement")
RENEGE_RULES: tuple[str, ...] = ("forbidden", "penalized")

#: K-7: spades, diamonds, clubs, hearts ("Ka-Chu-Fu-L").
TRUMP_CYCLE: tuple[Suit, ...] = (Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS)
#: ``cycle-nt``: the same cycle with a no-trump fifth hand (``None`` = no trump).
TRUMP_CYCLE_NT: tuple[Suit | None, ...] = (*TRUMP_CYCLE, None)
#: The ``classic`` preset of ``max_cards`` (source 003): players -> first hand size.
CLASSIC_MAX_CARDS: dict[int, int] = {3: 10, 4: 10, 5: 10, 6: 8, 7: 7, 8: 6}

PlayKind = Literal["led", "followed", "discarded", "trumped"]
WinReason = Literal["trump", "led-suit"]


def _bad_option(option: str, value: object, choices: Iterable[object]) -> InvalidActionError:
    shown = ", ".join(_show(c) for c in choices)
    return InvalidActionError("common.bad-option", option=option, value=value, choices=shown)


def _show(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@dataclass(frozen=True, slots=True)
class KachufulRules:
    """A variant of Kachuful: every option of RULES.md's table, defaults first.

    ``max_cards`` is ``None`` (floor(52 / players)), a whole number, or ``"classic"``
    (10 cards for 3-5 players, 8 for 6, 7 for 7, 6 for 8). Construction validates every
    value and raises :class:`InvalidActionError` naming the option and the choices.
    """

    schedule: str = "down-up"
    max_cards: int | str | None = None
    trumps: str = "cycle"
    hook_rule: bool = True
    scoring: str = "exact"
    blind_bids: bool = False
    one_card_forehead: bool = False
    renege: str = "forbidden"

    def __post_init__(self) -> None:
        _check_choice("schedule", self.schedule, SCHEDULES)
        _check_choice("trumps", self.trumps, TRUMP_RULES)
        _check_choice("scoring", self.scoring, SCORINGS)
        _check_choice("renege", self.renege, RENEGE_RULES)
        for name in ("hook_rule", "blind_bids", "one_card_forehead"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise _bad_option(name, value, (True, False))
        mc = self.max_cards
        if mc is None or mc == "classic":
            return
        top = largest_hand(MIN_PLAYERS)
        if isinstance(mc, bool) or not isinstance(mc, int) or not 1 <= mc <= top:
            raise _bad_option("max_cards", mc, (None, "classic", f"1 to {top}"))

    @classmethod
    def from_dict(cls, options: Mapping[str, Any]) -> KachufulRules:
        """Rules from a ``variant`` object of a record (missing options take the default).

        >>> KachufulRules.from_dict({"scoring": "margin"}).scoring
        'margin'
        """
        if not isinstance(options, Mapping):
            raise InvalidActionError("kachuful.bad-variant", value=options)
        known = {f.name for f in fields(cls)}
        for key in options:
            if key not in known:
                raise InvalidActionError("kachuful.unknown-option", option=key,
                                         choices=", ".join(sorted(known)))
        return cls(**dict(options))

    def to_dict(self) -> dict[str, Any]:
        """The options that differ from the default (``from_dict`` reads it back)."""
        default = _DEFAULT
        return {f.name: getattr(self, f.name) for f in fields(self)
                if getattr(self, f.name) != getattr(default, f.name)}


def _check_choice(option: str, value: object, choices: tuple[str, ...]) -> None:
    if not isinstance(value, str) or value not in choices:
        raise _bad_option(option, value, choices)


_DEFAULT = KachufulRules()
DEFAULT_RULES = _DEFAULT


def check_players(players: object) -> int:
    """K-1: 3 to 8 players (8 as an extension). Raises :class:`InvalidActionError`."""
    if isinstance(players, bool) or not isinstance(players, int) or not (
            MIN_PLAYERS <= players <= MAX_PLAYERS):
        raise InvalidActionError("kachuful.bad-players", players=players)
    return players


def largest_hand(players: int) -> int:
    """The most cards each of ``players`` players can hold from one deck of 52 (K-4): the
    first hand of the usual game, and the limit of any ``max_cards``.

    >>> largest_hand(3), largest_hand(4), largest_hand(8)
    (17, 13, 6)
    """
    return 52 // check_players(players)


def max_hand_size(players: int, rules: KachufulRules = _DEFAULT) -> int:
    """H, the largest hand of the game (K-4 and ``max_cards``).

    >>> max_hand_size(4), max_hand_size(6, KachufulRules(max_cards="classic"))
    (13, 8)
    """
    limit = largest_hand(players)
    mc = rules.max_cards
    if mc is None:
        return limit
    if mc == "classic":
        return min(CLASSIC_MAX_CARDS[players], limit)
    assert isinstance(mc, int)
    if mc > limit:
        raise InvalidActionError("kachuful.max-cards-too-big", max_cards=mc, players=players,
                                 limit=limit)
    return mc


def hand_sizes(players: int, rules: KachufulRules = _DEFAULT) -> list[int]:
    """The number of cards in each hand of the game, in order (K-4, ``schedule``).

    >>> hand_sizes(3, KachufulRules(max_cards=3, schedule="up-down"))
    [1, 2, 3, 2, 1]
    >>> hand_sizes(3, KachufulRules(max_cards=2, schedule="down-up-twice"))
    [2, 1, 2, 2, 1, 2]
    """
    top = max_hand_size(players, rules)
    down = list(range(top, 0, -1))
    up = list(range(1, top + 1))
    schedule = rules.schedule
    if schedule == "down-up":
        return down + up[1:]
    if schedule == "up-down":
        return up + down[1:]
    if schedule == "down":
        return down
    if schedule == "up":
        return up
    return (down + up[1:]) * 2  # down-up-twice: 4H - 2 hands


def trump_for_hand(k: int, rules: KachufulRules = _DEFAULT,
                   turned: Card | None = None) -> Suit | None:
    """The trump of hand ``k``, counted from **1** as in RULES.md; ``None`` = no trump.

    ``cycle`` (K-7) and ``cycle-nt`` depend only on ``k``; ``turned`` is the suit of the
    turned card, and no trump when no card was left to turn (pass ``turned=None``).

    >>> [trump_for_hand(k).value for k in (1, 2, 3, 4, 5)]
    ['S', 'D', 'C', 'H', 'S']
    >>> trump_for_hand(5, KachufulRules(trumps="cycle-nt")) is None
    True
    """
    if k < 1:
        raise ValueError("hands are counted from 1")
    if rules.trumps == "cycle":
        return TRUMP_CYCLE[(k - 1) % 4]
    if rules.trumps == "cycle-nt":
        return TRUMP_CYCLE_NT[(k - 1) % 5]
    return None if turned is None else turned.suit


@dataclass(frozen=True, slots=True)
class Hook:
    """The dealer's arithmetic under the hook rule (K-9), ready for narration.

    ``others`` is the sum of the bids before the dealer, ``tricks`` the hand size and
    ``forbidden`` the one bid that would make the sum equal the tricks, or ``None``
    when that number is outside 0..tricks (the dealer may then bid anything).
    """

    others: int
    tricks: int
    forbidden: int | None


def hook(bids_before_dealer: Iterable[int], hand_size: int) -> Hook:
    """The hook arithmetic for the dealer (K-9).

    >>> hook([1, 0, 1], 3)
    Hook(others=2, tricks=3, forbidden=1)
    >>> hook([3, 2], 3).forbidden is None
    True
    """
    others = sum(bids_before_dealer)
    gap = hand_size - others
    return Hook(others, hand_size, gap if 0 <= gap <= hand_size else None)


def hook_forbidden_bid(bids_before_dealer: Iterable[int], hand_size: int) -> int | None:
    """The bid the dealer may not make (K-9), or ``None`` when every bid is allowed."""
    return hook(bids_before_dealer, hand_size).forbidden


def legal_bids(hand_size: int, bids_before: Sequence[int], dealer: bool,
               rules: KachufulRules = _DEFAULT) -> list[int]:
    """The bids the next bidder may make (K-8, K-9). ``dealer``: is the bidder the dealer.

    >>> legal_bids(3, [1, 0, 1], dealer=True)
    [0, 2, 3]
    """
    bids = list(range(hand_size + 1))
    if dealer and rules.hook_rule:
        forbidden = hook_forbidden_bid(bids_before, hand_size)
        if forbidden is not None:
            bids.remove(forbidden)
    return bids


def score_hand(bid: int, tricks: int, rules: KachufulRules = _DEFAULT, blind: bool = False,
               reneged: bool = False) -> int:
    """One player's points for a hand (K-13 and the ``scoring`` variants).

    An exact blind bid doubles the hand's score (a missed blind bid scores as usual);
    under ``renege: penalized`` a player who reneged scores 0 whatever the tricks.

    >>> [score_hand(2, 2, KachufulRules(scoring=s)) for s in SCORINGS]
    [12, 30, 12, 12, 10]
    >>> [score_hand(2, 4, KachufulRules(scoring=s)) for s in SCORINGS]
    [0, 0, -2, 4, -10]
    >>> score_hand(0, 0, blind=True), score_hand(2, 2, reneged=True)
    (20, 0)
    """
    if reneged:
        return 0
    exact = bid == tricks
    scoring = rules.scoring
    if scoring == "exact":
        points = 10 + bid if exact else 0
    elif scoring == "ten-times":
        points = 10 * bid + 10 if exact else 0
    elif scoring == "margin":
        points = 10 + bid if exact else -abs(bid - tricks)
    elif scoring == "per-trick":
        points = tricks + (10 if exact else 0)
    else:  # judgement
        points = 10 if exact else -10
    return points * 2 if blind and exact else points


def trump_code(trump: Suit | None) -> str:
    """The trump as records write it: ``S H D C``, or ``NT`` for no trump."""
    return "NT" if trump is None else trump.value


def winners(totals: Sequence[int]) -> list[int]:
    """The seats with the highest total (K-14); several share the win on a tie."""
    return list(best_seats(totals, "highest-total"))


# -- playing a card ------------------------------------------------------------------


def playable_cards(hand: Iterable[Card], led: Suit | None,
                   rules: KachufulRules = _DEFAULT) -> list[Card]:
    """The cards of ``hand`` that may be played on a trick whose led suit is ``led``
    (``None`` when leading: any card, K-10). K-11: a player holding the led suit must
    play one; under ``renege: penalized`` every card is accepted (see :func:`is_renege`).

    >>> from engine.cards import parse_cards
    >>> [c.code for c in playable_cards(parse_cards(["KH", "2C", "4H"]), Suit.HEARTS)]
    ['KH', '4H']
    """
    if led is None or rules.renege == "penalized":
        return list(hand)
    following = [card for card in hand if card.suit is led]
    return following if following else list(hand)


def is_renege(hand: Iterable[Card], card: Card, led: Suit | None) -> bool:
    """True when ``card`` is off the led suit although ``hand`` holds the led suit."""
    if led is None or card.suit is led:
        return False
    for held in hand:
        if held.suit is led:
            return True
    return False


def play_kind(card: Card, led: Suit | None, trump: Suit | None) -> PlayKind:
    """How a card was played: ``led``, ``followed``, ``trumped`` or ``discarded``."""
    if led is None:
        return "led"
    if card.suit is led:
        return "followed"
    return "trumped" if card.suit is trump else "discarded"


def trick_winner(cards: Sequence[Card], trump: Suit | None) -> tuple[int, WinReason]:
    """K-12: the position (in play order) of the winning card and why it wins.

    The highest trump wins; if none was played, the highest card of the led suit.

    >>> from engine.cards import parse_cards
    >>> trick_winner(parse_cards(["KH", "2C", "AH", "7H"]), Suit.CLUBS)
    (1, 'trump')
    >>> trick_winner(parse_cards(["KH", "2C", "AH", "7H"]), None)
    (2, 'led-suit')
    """
    best_card = cards[0]
    best = 0
    reason: WinReason = "trump" if best_card.suit is trump else "led-suit"
    # Called once per trick by every checked game: a plain loop over the cards with a
    # counter beats indexing by range. The first card meets itself and changes nothing.
    i = 0
    for card in cards:
        if card.suit is best_card.suit:
            if card.rank > best_card.rank:
                best, best_card = i, card
        elif card.suit is trump:
            best, best_card, reason = i, card, "trump"
        i += 1
    return best, reason
