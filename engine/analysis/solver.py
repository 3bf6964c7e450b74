"""An exact solver for the rest of a Kachuful hand when every hand is known.

The question it answers: can ``seat`` force the number of tricks it ends the hand with
into a target set (usually exactly its bid), whatever the other players play? The
others act as one side against it, so the hand is a two-sided game of perfect
information: the seat wins a line when the final count is in the target, the others
when it is not. The search is alpha-beta on that 0/1 value (a seat node is won as soon
as one card wins, an other node is lost as soon as one card loses), with the ideas of
the bridge double-dummy solvers (DDS, Haglund's partition search), re-derived here:

* **equivalent cards**: cards of one hand in one suit with no card between them that
  anybody else still holds (or that lies in the current trick) give the same tricks,
  so one of each run is tried;
* **a transposition table** at the start of each trick, keyed on every seat's remaining
  cards, the leader and the tricks the seat has won;
* **quick bounds** before searching a trick: the seat's trumps above every trump the
  others hold each win a trick whenever they are played (a floor on its final count);
  each other seat's trumps above all of the seat's trumps each win a trick the seat
  does not (a ceiling); and the count can only lie between the tricks won and those
  plus the tricks left. A target that this range misses is lost, one that covers it
  is won, without searching;
* **move ordering** by what the seat wants: while it needs tricks it tries winning
  cards first and the others try to take the trick from it; once it has enough, the
  other way round.

Cards are ints ``0..51`` (:attr:`engine.cards.Card.index`: suit ``c // 13`` in the order
S H D C, rank ``c % 13`` from 2 to ace); hands are bit sets. Players must follow suit
(K-11): the solver never reneges, as the bots never do.

>>> from engine.cards import parse_cards
>>> def mask(codes): return sum(1 << c.index for c in parse_cards(codes))
>>> hands = [mask(["AS", "2H"]), mask(["KS", "3H"]), mask(["QS", "4H"])]
>>> can_force(hands, seat=0, leader=0, won=0, goal=1 << 1, trump=-1)  # exactly 1: A♠ then 2♥
True
>>> can_force(hands, seat=0, leader=0, won=0, goal=1 << 2, trump=-1)  # 2♥ never wins
False
>>> can_force(hands, seat=0, leader=0, won=0, goal=1 << 0, trump=-1)  # A♠ always wins
False
>>> can_force(hands, seat=0, leader=0, won=0, goal=1 << 2, trump=1)   # 2♥ a trump: still low
False
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.kachuful.fast import BEATS

_BIT = tuple(1 << c for c in range(52))
_SUIT = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
#: Cards of the same suit strictly above ``c``.
_ABOVE = tuple(sum(1 << x for x in range(c + 1, (c // 13 + 1) * 13)) for c in range(52))


#: The default budget of a solve, in positions searched: about 10 s of CPU in CPython; a
#: 7-card four-player hand needs a few thousand, a 10-card one up to about a million.
MAX_NODES = 2_000_000


class TooLarge(ValueError):
    """The solve needed more positions than its budget (``Solver.max_nodes``)."""


def _cards(mask: int) -> list[int]:
    """The cards of a bit set, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def distinct_cards(moves: int, others: int) -> list[int]:
    """One card of each run of equivalent cards in ``moves`` (a bit set): consecutive
    cards of a suit with no card of ``others`` between them. The lowest of each run."""
    out: list[int] = []
    prev = -1
    for c in _cards(moves):
        if prev >= 0 and prev // 13 == c // 13 and not (_ABOVE[prev] & ~_ABOVE[c - 1]
                                                          & others if c - 1 > prev else 0):
            prev = c
            continue
        out.append(c)
        prev = c
    return out


def _top_count(mine: int, theirs: int, trump: int) -> int:
    """How many trumps of ``mine`` rank above every trump of ``theirs``."""
    suit = _SUIT[trump]
    return ((mine & suit) >> (theirs & suit).bit_length()).bit_count()


class Solver:
    """The solver for one hand's cards: :meth:`force` answers the question for a
    position; its transposition table is kept between calls with the same seat and
    target (answers for other positions of the same hand come faster).

    ``nodes`` counts the positions searched (for the benchmark); past ``max_nodes`` a
    question raises :class:`TooLarge` (the tables keep what was learnt).
    """

    def __init__(self, players: int, trump: int, seat: int,
                 max_nodes: int = MAX_NODES) -> None:
        self.players = players
        self.trump = trump
        self.seat = seat
        self.nodes = 0
        self.max_nodes = max_nodes
        self._tables: dict[int, dict[tuple[int, ...], bool]] = {}

    def force(self, hands: Sequence[int], leader: int, trick: Sequence[int], won: int,
              goal: int) -> bool:
        """Whether the seat can force its final number of tricks into ``goal`` (a bit
        set: bit ``t`` for ``t`` tricks). ``hands``: each seat's remaining cards (bit
        sets); ``trick``: the cards on the table, played from ``leader`` on; ``won``: the
        tricks the seat has taken so far."""
        n, trump, seat = self.players, self.trump, self.seat
        table = self._tables.setdefault(goal, {})
        hs = list(hands)
        state = self  # for the node counter

        beaten = BEATS[trump + 1]  # K-12's one fast twin (engine.kachuful.fast)

        def beats(c: int, w: int) -> bool:
            return beaten[w * 52 + c] == 1

        def trick_start(leader: int, won: int) -> bool:
            left = hs[seat].bit_count()
            span = ((1 << (left + 1)) - 1) << won
            if not goal & span:
                return False
            if not span & ~goal:
                return True
            if left == 1:  # the last trick: no choice for anybody
                cards = [hs[(leader + i) % n] for i in range(n)]
                w = 0
                best = cards[0].bit_length() - 1
                for i in range(1, n):
                    c = cards[i].bit_length() - 1
                    if beats(c, best):
                        w, best = i, c
                final = won + ((leader + w) % n == seat)
                return bool(goal >> final & 1)
            key = (*hs, leader, won)
            got = table.get(key)
            if got is not None:
                return got
            if trump >= 0:
                mine = hs[seat]
                others = 0
                for s in range(n):
                    if s != seat:
                        others |= hs[s]
                lo = won + _top_count(mine, others, trump)
                lost = 0
                for s in range(n):
                    if s != seat:
                        lost = max(lost, _top_count(hs[s], mine, trump))
                hi = won + left - lost
                span = ((1 << (hi - lo + 1)) - 1) << lo if hi >= lo else 0
                if not goal & span:
                    table[key] = False
                    return False
                if not span & ~goal:
                    table[key] = True
                    return True
            result = play(leader, leader, 0, -1, -1, -1, won)
            table[key] = result
            return result

        def play(turn: int, leader: int, count: int, led: int, win: int, win_seat: int,
                 won: int) -> bool:
            state.nodes += 1
            if state.nodes > state.max_nodes:
                raise TooLarge(f"more than {state.max_nodes:,} positions to search")
            hand = hs[turn]
            moves = hand & _SUIT[led] if led >= 0 else 0
            if not moves:
                moves = hand
            others = 0
            for s in range(n):
                if s != turn:
                    others |= hs[s]
            if win >= 0:  # the cards on the table separate ours too
                others |= _BIT[win]
            options = distinct_cards(moves, others)
            me = turn == seat
            # Does the seat want more tricks than it has? (for the ordering only)
            more = bool(goal >> (won + 1))
            if len(options) > 1:
                def winning(c: int) -> bool:
                    return win < 0 or beats(c, win)
                if me:
                    # needing tricks: winners first, highest first; else losers, highest.
                    options.sort(key=lambda c: (winning(c) != more, -c))
                else:
                    seat_winning = win_seat == seat
                    take = more or not seat_winning
                    options.sort(key=lambda c: (winning(c) != take, c if take else -c))
            last = count == n - 1
            nxt = turn + 1 if turn + 1 < n else 0
            for c in options:
                bit = _BIT[c]
                hs[turn] = hand ^ bit
                if led < 0:
                    w, ws = c, turn
                elif beats(c, win):
                    w, ws = c, turn
                else:
                    w, ws = win, win_seat
                if last:
                    result = trick_start(ws, won + (ws == seat))
                else:
                    result = play(nxt, leader, count + 1, c // 13 if led < 0 else led, w, ws,
                                  won)
                hs[turn] = hand
                if result == me:  # the seat found a way / the others found a refutation
                    return me
            return not me

        if not trick:
            return trick_start(leader, won)
        led = trick[0] // 13
        win = trick[0]
        win_seat = leader
        for i in range(1, len(trick)):
            if beats(trick[i], win):
                win, win_seat = trick[i], (leader + i) % n
        if len(trick) == n:  # a full trick on the table: score it first
            return trick_start(win_seat, won + (win_seat == seat))
        return play((leader + len(trick)) % n, leader, len(trick), led, win, win_seat, won)


def can_force(hands: Sequence[int], seat: int, leader: int, won: int, goal: int,
              trump: int, trick: Sequence[int] = ()) -> bool:
    """One question to a fresh :class:`Solver` (see :meth:`Solver.force`)."""
    return Solver(len(hands), trump, seat).force(hands, leader, trick, won, goal)
