"""Kachuful questions (K-3..K-14), each made from a seeded random engine state.

Every generator plays a real :class:`~engine.kachuful.KachufulState` at random to a
position and reads the answer from the engine (``legal_actions``, the events of
``apply``, ``hand_sizes``, ``trump_for_hand``, ``winners``): no rule is decided here.
"""

from __future__ import annotations

from functools import partial

from engine.cards import Card, Suit
from engine.kachuful import (
    DEFAULT_RULES,
    KachufulRules,
    KachufulState,
    Phase,
    draw_first_dealer,
    hand_sizes,
)
from engine.kachuful.events import DrawCard, DrawTie, HandScored, KachufulEvent, TrickWon
from engine.kachuful.rules import (
    SCHEDULES,
    SCORINGS,
    TRUMP_CYCLE,
    TRUMP_CYCLE_NT,
    hook,
    max_hand_size,
    trump_for_hand,
)
from engine.quiz.common import (
    card_choices,
    number_choices,
    number_distractors,
    question,
    seat_choices,
    sorted_hand,
)
from engine.quiz.model import CardGroup, Question, QuizChoice, Text, text
from engine.rng import Rng
from engine.seats import seat_letter

GAME = "kachuful"


def _code(trump: Suit | None) -> str:
    return "NT" if trump is None else trump.value


def _new_game(rng: Rng, rules: KachufulRules = DEFAULT_RULES,
              players: int | None = None) -> KachufulState:
    n = 3 + rng.below(5) if players is None else players
    return KachufulState.new_game(n, rules, seed=rng.next_u64())


def _step(state: KachufulState, rng: Rng) -> list[KachufulEvent]:
    """One random legal action, checked (returns the events)."""
    return state.apply(rng.choice(state.legal_actions()))


def _fast_step(state: KachufulState, rng: Rng) -> None:
    state.apply_unchecked(rng.choice(state.legal_actions()))


def _to_hand(state: KachufulState, rng: Rng, index: int) -> None:
    """Play at random until hand ``index`` (from 0) is dealt."""
    while state.hand_number < index + 1 and not state.is_terminal():
        _fast_step(state, rng)


def _small_hand(state: KachufulState, rng: Rng, max_size: int = 6, min_size: int = 1) -> None:
    options = [i for i, s in enumerate(state.schedule) if min_size <= s <= max_size]
    _to_hand(state, rng, rng.choice(options))


def _bid_all(state: KachufulState, rng: Rng) -> None:
    while state.phase is Phase.BID:
        _fast_step(state, rng)


def _hand_fact(state: KachufulState) -> Text:
    return text("quiz.fact.k-hand", players=state.players, hand=state.hand_number,
                hands=state.hand_count, size=state.hand_size, trump=_code(state.trump),
                dealer=state.dealer)


def _bid_facts(state: KachufulState) -> tuple[Text, ...]:
    n = state.players
    order = [(state.dealer + 1 + i) % n for i in range(n)]
    return tuple(text("quiz.fact.k-bid", seat=s, bid=state.bids[s]) for s in order
                 if state.bids[s] is not None)


_question = partial(question, GAME)


# -- bidding ---------------------------------------------------------------------------


def bids(seed: int) -> Question:
    """K-8 / K-9: which bids may this player (usually the dealer) make?"""
    rng = Rng(seed)
    rules = KachufulRules(hook_rule=rng.below(8) != 0)
    state = _new_game(rng, rules)
    _small_hand(state, rng)
    n = state.players
    position = n - 1 if rng.below(4) else rng.below(n - 1)
    for _ in range(position):
        _fast_step(state, rng)
    seat = state.current_player()
    assert seat is not None
    dealer = seat == state.dealer
    legal = state.legal_bid_numbers()
    before = [b for b in state.bids if b is not None]
    size = state.hand_size
    if dealer and rules.hook_rule:
        arithmetic = hook(before, size)
        if arithmetic.forbidden is None:
            why = text("quiz.k-bids.explain.hook-free", others=arithmetic.others, size=size)
        else:
            why = text("quiz.k-bids.explain.hook", others=arithmetic.others, size=size,
                       forbidden=arithmetic.forbidden)
    elif dealer:
        why = text("quiz.k-bids.explain.no-hook", size=size)
    else:
        why = text("quiz.k-bids.explain.free", size=size)
    facts = [_hand_fact(state), *_bid_facts(state),
             text("quiz.fact.you-dealer" if dealer else "quiz.fact.you", seat=seat)]
    if not rules.hook_rule:
        facts.append(text("quiz.fact.k-no-hook"))
    hand = sorted_hand(state.hand_of(seat))
    return _question(
        "k-bids", seed, "K-9" if dealer else "K-8", text("quiz.k-bids.prompt", seat=seat),
        number_choices(range(size + 1)), {str(b) for b in legal}, why, multiple=True,
        facts=tuple(facts),
        groups=(CardGroup(text("quiz.group.your-hand", seat=seat), hand, "hand"),),
        size=size, bids_before=tuple(before), dealer=dealer, rules=rules, seat=seat)


# -- playing a card ----------------------------------------------------------------------


def play(seed: int) -> Question:
    """K-10 / K-11: which cards may you play?"""
    rng = Rng(seed)
    state = _new_game(rng)
    _small_hand(state, rng, max_size=7, min_size=2)
    _bid_all(state, rng)
    n = state.players
    # Mostly in the middle of a trick, where following matters.
    # At least two cards left in every hand; mostly in the middle of a trick.
    last = (state.hand_size - 1) * n - 1
    plays = rng.below(last + 1)
    if plays % n == 0 and rng.below(3):
        plays = min(plays + 1 + rng.below(n - 1), last)
    for _ in range(plays):
        _fast_step(state, rng)
    seat = state.current_player()
    assert seat is not None
    hand = sorted_hand(state.hand_of(seat))
    legal_codes = {a.code for a in state.legal_actions() if isinstance(a, Card)}
    trick = state.current_trick
    if not trick:
        rule, why = "K-10", text("quiz.k-play.explain.lead")
    else:
        led = trick[0][1].suit
        following = [c for c in hand if c.code in legal_codes and c.suit is led]
        if following:
            rule, why = "K-11", text("quiz.k-play.explain.follow", suit=led.value,
                                     cards=following)
        else:
            rule, why = "K-11", text("quiz.k-play.explain.void", suit=led.value)
    facts = [_hand_fact(state), text("quiz.fact.you", seat=seat)]
    facts += [text("quiz.fact.k-played", seat=s, card=c) for s, c in trick]
    groups = []
    if trick:
        groups.append(CardGroup(text("quiz.group.trick", seat=trick[0][0]),
                                tuple(c for _, c in trick), "table"))
    groups.append(CardGroup(text("quiz.group.your-hand", seat=seat), hand, "hand",
                            answer=tuple(i for i, c in enumerate(hand) if c.code in legal_codes),
                            mark="legal"))
    return _question(
        "k-play", seed, rule, text("quiz.k-play.prompt"), card_choices(hand), legal_codes, why,
        multiple=True, facts=tuple(facts), groups=tuple(groups),
        hand=hand, led=trick[0][1].suit if trick else None, rules=state.rules)


def trick(seed: int) -> Question:
    """K-12 (and K-1's rank order): who wins this trick?"""
    rng = Rng(seed)
    state = _new_game(rng)
    _small_hand(state, rng, max_size=7)
    _bid_all(state, rng)
    n = state.players
    for _ in range(rng.below(state.hand_size) * n):
        _fast_step(state, rng)
    leader = state.leader
    trump = state.trump
    fact = _hand_fact(state)
    events: list[KachufulEvent] = []
    for _ in range(n):
        events += _step(state, rng)
    won = next(e for e in events if isinstance(e, TrickWon))
    cards = won.cards
    seats = [(leader + i) % n for i in range(n)]
    position = seats.index(won.seat)
    if won.reason == "trump":
        why = text("quiz.k-trick.explain.trump", card=won.card, seat=won.seat)
    else:
        why = text("quiz.k-trick.explain.led", card=won.card, seat=won.seat,
                   suit=cards[0].suit.value)
    choices = tuple(QuizChoice(str(s), text("quiz.choice.seat-card", seat=s, card=c))
                    for s, c in zip(seats, cards, strict=True))
    return _question(
        "k-trick", seed, "K-12", text("quiz.k-trick.prompt"), choices, {str(won.seat)}, why,
        facts=(fact, *(text("quiz.fact.k-played", seat=s, card=c)
                       for s, c in zip(seats, cards, strict=True))),
        groups=(CardGroup(text("quiz.group.trick", seat=leader), cards, "table",
                          answer=(position,)),),
        cards=cards, trump=trump, leader=leader, winner=won.seat)


def leader(seed: int) -> Question:
    """K-8, K-10, K-12 (with K-2's "left of"): who bids first, who leads, who leads next?"""
    rng = Rng(seed)
    state = _new_game(rng)
    _small_hand(state, rng, max_size=7, min_size=2)
    flavour = rng.below(3)
    groups: tuple[CardGroup, ...] = ()
    facts = [_hand_fact(state)]
    if flavour == 0:
        rule, prompt = "K-8", text("quiz.k-leader.prompt.bid")
        answer = state.current_player()
        why = text("quiz.k-leader.explain.bid", dealer=state.dealer, seat=answer)
    elif flavour == 1:
        _bid_all(state, rng)
        rule, prompt = "K-10", text("quiz.k-leader.prompt.lead")
        answer = state.current_player()
        why = text("quiz.k-leader.explain.lead", dealer=state.dealer, seat=answer)
        facts += _bid_facts(state)
    else:
        _bid_all(state, rng)
        for _ in range((1 + rng.below(state.hand_size - 1)) * state.players):
            _fast_step(state, rng)
        done = state.tricks_played[-1]
        answer = state.current_player()
        n = state.players
        position = (done.winner - done.leader) % n
        rule, prompt = "K-12", text("quiz.k-leader.prompt.next")
        why = text("quiz.k-leader.explain.next", seat=answer, card=done.cards[position])
        facts += [text("quiz.fact.k-played", seat=(done.leader + i) % n, card=c)
                  for i, c in enumerate(done.cards)]
        groups = (CardGroup(text("quiz.group.last-trick", seat=done.leader), done.cards,
                            "table", answer=(position,)),)
    assert answer is not None
    return _question("k-leader", seed, rule, prompt, seat_choices(state.players), {str(answer)},
                     why, facts=tuple(facts), groups=groups, flavour=flavour,
                     dealer=state.dealer, players=state.players, answer=answer,
                     trump=state.trump)


# -- scoring and the end ---------------------------------------------------------------


def score(seed: int) -> Question:
    """K-13 and the scoring variants: what does this hand score?"""
    rng = Rng(seed)
    scoring = SCORINGS[rng.below(len(SCORINGS))]
    rules = KachufulRules(scoring=scoring, blind_bids=rng.below(4) == 0)
    state = _new_game(rng, rules, players=3 + rng.below(3))
    _small_hand(state, rng, max_size=5)
    hand_number = state.hand_number
    events: list[KachufulEvent] = []
    while state.hand_number == hand_number and not state.is_terminal():
        events += _step(state, rng)
    scored = [e for e in events if isinstance(e, HandScored)]
    blind = [e for e in scored if e.blind]
    me = rng.choice(blind) if blind and rng.below(2) else scored[rng.below(len(scored))]
    if me.blind and me.exact:
        why = text("quiz.k-score.explain.blind", bid=me.bid, tricks=me.tricks,
                   points=me.points)
    else:
        why = text(f"quiz.k-score.explain.{scoring}.{'exact' if me.exact else 'miss'}",
                   bid=me.bid, tricks=me.tricks, points=me.points, by=abs(me.diff))
    facts = (text(f"quiz.scoring.{scoring}"),
             *((text("quiz.fact.k-blind-bids"),) if rules.blind_bids else ()),
             *(text("quiz.fact.k-bid-took-blind" if e.blind else "quiz.fact.k-bid-took",
                    seat=e.seat, bid=e.bid, tricks=e.tricks) for e in scored))
    candidates = [me.points // 2 if me.blind else 2 * me.points, 10 + me.bid,
                  10 * me.bid + 10, me.tricks + 10, me.tricks, 0,
                  -abs(me.bid - me.tricks), 10, -10, me.bid, 10 + me.tricks]
    values = number_distractors(rng, me.points, candidates)
    return _question(
        "k-score", seed, "K-13", text("quiz.k-score.prompt", seat=me.seat),
        number_choices(values), {str(me.points)}, why, facts=facts,
        bid=me.bid, tricks=me.tricks, rules=rules, points=me.points, blind=me.blind)


def winner(seed: int) -> Question:
    """K-14: who wins the game? (several seats share a tie)

    The game is a whole game on the taught rules (the default hand sizes, down to one card
    and back up: K-4), played at random to its last hand; the question says so and gives
    each seat's total after the last hand.
    """
    rng = Rng(seed)
    rules = DEFAULT_RULES
    state = _new_game(rng, rules, players=3 + rng.below(3))
    while not state.is_terminal():
        _fast_step(state, rng)
    n = state.players
    hands = len(state.results)
    totals = state.scores()
    facts = (text("quiz.fact.k-game", players=n, hands=len(hand_sizes(n, rules))),
             text(f"quiz.schedule.{rules.schedule}"),
             *(text("quiz.fact.k-total", seat=s, total=totals[s], hands=hands)
               for s in range(n)))
    best = state.winners()
    key = "quiz.k-winner.explain.shared" if len(best) > 1 else "quiz.k-winner.explain.one"
    why = text(key, totals=totals, winners=best, best=totals[best[0]])
    return _question("k-winner", seed, "K-14", text("quiz.k-winner.prompt", hands=hands),
                     seat_choices(n), {str(s) for s in best}, why, multiple=True, facts=facts,
                     totals=totals, rules=rules, players=n, hands=hands)


# -- the shape of the game ---------------------------------------------------------------


def trump(seed: int) -> Question:
    """K-7 (and the ``cycle-nt`` and ``turned`` variants): what is trump in hand k?"""
    rng = Rng(seed)
    roll = rng.below(6)
    if roll == 0:
        return _turned_trump(seed, rng)
    trumps = "cycle-nt" if roll <= 2 else "cycle"
    rules = KachufulRules(trumps=trumps)
    players = 3 + rng.below(5)
    count = len(hand_sizes(players, rules))
    k = 1 + rng.below(count)
    answer = trump_for_hand(k, rules)
    cycle: tuple[Suit | None, ...] = TRUMP_CYCLE_NT if trumps == "cycle-nt" else TRUMP_CYCLE
    choices = tuple(QuizChoice(_code(s), text("quiz.choice.no-trump") if s is None
                           else text("quiz.choice.suit", suit=s.value)) for s in cycle)
    place = (k - 1) % len(cycle) + 1
    why = text(f"quiz.k-trump.explain.{trumps}", k=k, place=place, trump=_code(answer))
    return _question("k-trump", seed, "K-7", text("quiz.k-trump.prompt", k=k), choices,
                     {_code(answer)}, why,
                     facts=(text("quiz.fact.k-game", players=players, hands=count),
                            text(f"quiz.trumps.{trumps}")),
                     k=k, rules=rules, players=players, trump=answer)


def _turned_trump(seed: int, rng: Rng) -> Question:
    """``trumps: turned``: the card after the deal is turned; none left, no trump."""
    rules = KachufulRules(trumps="turned")
    state = _new_game(rng, rules)
    _to_hand(state, rng, 0 if rng.below(3) == 0 else rng.below(min(state.hand_count, 10)))
    answer, turned = state.trump, state.setup.turned
    choices = tuple(QuizChoice(_code(s), text("quiz.choice.no-trump") if s is None
                           else text("quiz.choice.suit", suit=s.value)) for s in TRUMP_CYCLE_NT)
    if turned is None:
        why = text("quiz.k-trump.explain.turned-none", players=state.players,
                   size=state.hand_size)
        groups: tuple[CardGroup, ...] = ()
    else:
        why = text("quiz.k-trump.explain.turned", card=turned, trump=_code(answer))
        groups = (CardGroup(text("quiz.group.turned"), (turned,), "row", answer=(0,)),)
    facts = (text("quiz.fact.k-deal", players=state.players, hand=state.hand_number,
                  size=state.hand_size, dealer=state.dealer), text("quiz.trumps.turned"))
    return _question("k-trump", seed, "K-7", text("quiz.k-trump.prompt", k=state.hand_number),
                     choices, {_code(answer)}, why, facts=facts, groups=groups,
                     k=state.hand_number, rules=rules, players=state.players, trump=answer,
                     turned=turned)


def hand_size(seed: int) -> Question:
    """K-4 (with K-1's 52 cards and the schedule variants): how many cards in hand k?"""
    rng = Rng(seed)
    schedule = SCHEDULES[rng.below(len(SCHEDULES))] if rng.below(2) else "down-up"
    max_cards: int | str | None = None
    if rng.below(4) == 0:
        max_cards = "classic"
    rules = KachufulRules(schedule=schedule, max_cards=max_cards)
    players = 3 + rng.below(5)
    sizes = hand_sizes(players, rules)
    top = max_hand_size(players, rules)
    k = 1 + rng.below(len(sizes))
    answer = sizes[k - 1]
    values = number_distractors(rng, answer, [top - k + 1, k, top, answer + 1, answer - 1],
                                lo=1)
    facts = [text("quiz.fact.k-players", players=players), text(f"quiz.schedule.{schedule}")]
    if max_cards == "classic":
        facts.append(text("quiz.fact.k-classic"))
    why = text("quiz.k-hand-size.explain", players=players, top=top, sizes=sizes, k=k,
               size=answer)
    return _question("k-hand-size", seed, "K-4", text("quiz.k-hand-size.prompt", k=k),
                     number_choices(values), {str(answer)}, why, facts=tuple(facts),
                     k=k, rules=rules, players=players, size=answer)


def deal(seed: int) -> Question:
    """K-5: who receives the first card, or how many cards are set aside unseen?"""
    rng = Rng(seed)
    state = _new_game(rng)
    _to_hand(state, rng, rng.below(min(state.hand_count, 8)))
    dealt = state.hand_events()[0]
    data = dealt.message_data()
    n, size = state.players, state.hand_size
    facts = (text("quiz.fact.k-deal", players=n, hand=state.hand_number, size=size,
                  dealer=state.dealer),)
    if rng.below(2):
        undealt = int(data["undealt"])
        values = number_distractors(rng, undealt, [52 - size, 52 - (n - 1) * size, 0,
                                                   n * size], lo=0)
        return _question("k-deal", seed, "K-5", text("quiz.k-deal.prompt.aside"),
                         number_choices(values), {str(undealt)},
                         text("quiz.k-deal.explain.aside", players=n, size=size,
                              undealt=undealt), facts=facts,
                         players=n, size=size, undealt=undealt)
    first = int(data["leader"])
    return _question("k-deal", seed, "K-5", text("quiz.k-deal.prompt.first"), seat_choices(n),
                     {str(first)}, text("quiz.k-deal.explain.first", dealer=state.dealer,
                                        seat=first), facts=facts,
                     players=n, dealer=state.dealer, first=first)


def dealer(seed: int) -> Question:
    """K-6: who deals hand k?"""
    rng = Rng(seed)
    state = _new_game(rng)
    first = state.dealer
    k = 2 + rng.below(min(state.hand_count - 1, 9))
    _to_hand(state, rng, k - 1)
    dealers = [r.setup.dealer for r in state.results] + [state.dealer]
    why = text("quiz.k-dealer.explain", k=k, seat=state.dealer,
               dealers=[seat_letter(d) for d in dealers])
    return _question("k-dealer", seed, "K-6", text("quiz.k-dealer.prompt", first=first, k=k),
                     seat_choices(state.players), {str(state.dealer)}, why,
                     facts=(text("quiz.fact.k-players", players=state.players),),
                     first=first, k=k, players=state.players, dealer=state.dealer)


def first_dealer(seed: int) -> Question:
    """K-3: who deals first — or do the tied players draw again?"""
    rng = Rng(seed)
    players = 3 + rng.below(5)
    draw = draw_first_dealer(players, rng.next_u64())
    first_round = [e for e in draw.events if isinstance(e, DrawCard) and e.round == 1]
    tie = next((e for e in draw.events if isinstance(e, DrawTie) and e.round == 1), None)
    cards = tuple(e.card for e in first_round)
    top = max(int(c.rank) for c in cards)
    marked = tuple(i for i, c in enumerate(cards) if int(c.rank) == top)
    if tie is not None:
        correct = {"redraw"}
        why = text("quiz.k-first-dealer.explain.tie", seats=list(tie.seats),
                   card=cards[marked[0]])
    else:
        correct = {str(draw.dealer)}
        why = text("quiz.k-first-dealer.explain.high", seat=draw.dealer, card=cards[marked[0]])
    choices = (*seat_choices(players), QuizChoice("redraw", text("quiz.choice.redraw")))
    return _question(
        "k-first-dealer", seed, "K-3", text("quiz.k-first-dealer.prompt"), choices, correct, why,
        facts=tuple(text("quiz.fact.k-drew", seat=e.seat, card=e.card) for e in first_round),
        groups=(CardGroup(text("quiz.group.draw"), cards, "row", answer=marked),),
        cards=cards, players=players, dealer=draw.dealer, tie=tie is not None)
