"""Krypkasino questions (C-1..C-15), each made from a seeded random engine state.

Every generator plays a real :class:`~engine.krypkasino.state.KrypkasinoState` at random
to a position and reads the answer from the engine: ``legal_actions``, ``check``,
``sweeping_cards``, the events of ``apply``, ``deal_sizes``, ``capture_value``,
``card_points``, ``winners``. Wrong choices are confirmed wrong by ``check`` too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from engine.cards import DECK, SUITS, Card, Rank
from engine.errors import IllegalActionError
from engine.game import Deal
from engine.krypkasino import capture as cap
from engine.krypkasino.events import (
    Captured,
    FaceCardsSetAside,
    KrypkasinoEvent,
    LeftoversAwarded,
    NewLot,
    Swept,
    Trailed,
)
from engine.krypkasino.rules import (
    KrypkasinoRules,
    capture_value,
    card_point,
    card_points,
    deal_sizes,
)
from engine.krypkasino.state import KrypkasinoState, Phase, Play
from engine.quiz.common import (
    card_choices,
    number_choices,
    number_distractors,
    question,
    seat_choices,
)
from engine.quiz.model import CardGroup, Question, QuizChoice, Text, text
from engine.rng import Rng

GAME = "krypkasino"


class NoPosition(RuntimeError):
    """No random game reached the kind of position a generator asked for."""


_question = partial(question, GAME)


def _session(rng: Rng, players: int | None = None,
             rules: KrypkasinoRules | None = None) -> KrypkasinoState:
    n = 2 + rng.below(3) if players is None else players
    return KrypkasinoState.new_game(n, rules, rng.next_u64() >> 1)


def _step(state: KrypkasinoState, rng: Rng) -> None:
    state.apply_unchecked(rng.choice(state.legal_actions()))


def _position(rng: Rng, want: Callable[[KrypkasinoState], bool],
              players: int | None = None, attempts: int = 40,
              rules: KrypkasinoRules | None = None) -> KrypkasinoState:
    """A position of a random first deal where ``want`` holds (seeded choice among them)."""
    for _ in range(attempts):
        state = _session(rng, players, rules)
        found: list[KrypkasinoState] = []
        deal = state.deal_index
        while state.deal_index == deal and not state.is_terminal():
            if want(state):
                found.append(state.clone())
            _step(state, rng)
        if found:
            return rng.choice(found)
    raise NoPosition("no random deal reached the position asked for")


def _hand(state: KrypkasinoState) -> tuple[Card, ...]:
    seat = state.current_player()
    assert seat is not None
    return state.hand_of(seat)


def _position_fact(state: KrypkasinoState) -> Text:
    return text("quiz.fact.c-position", players=state.players, dealer=state.dealer,
                seat=state.turn, lot=state.lot, lots=state.sizes.lots)


def _key(take: Sequence[Card]) -> str:
    return "+".join(sorted(c.code for c in take)) or "trail"


def _positions_in(table: Sequence[Card], take: Sequence[Card]) -> tuple[int, ...]:
    """Positions of ``take``'s cards on ``table`` (each copy used once)."""
    used: list[int] = []
    for c in take:
        for i, t in enumerate(table):
            if t == c and i not in used:
                used.append(i)
                break
    return tuple(sorted(used))


def _refused(state: KrypkasinoState, play: Play) -> bool:
    try:
        state.check(play)
    except IllegalActionError:
        return True
    return False


def _base_groups(state: KrypkasinoState, *, hand_answer: tuple[int, ...] = (),
                 mark: str = "highlight") -> tuple[CardGroup, ...]:
    hand = _hand(state)
    return (
        CardGroup(text("quiz.group.table"), state.table_cards(), "table"),
        CardGroup(text("quiz.group.your-hand", seat=state.turn), hand, "hand",
                  answer=hand_answer, mark="legal" if mark == "legal" else "highlight"),
    )


# -- capturing -------------------------------------------------------------------------


def _capture_card(state: KrypkasinoState, least: int = 1) -> list[Card]:
    """Hand cards that capture at least ``least`` table cards, with one to four legal
    collections, while no sweep is forced."""
    if state.sweeping_cards() or len(state.table_cards()) < 3:
        return []
    out = []
    for card in dict.fromkeys(_hand(state)):
        options = state.card_options(card)
        if (options.captures and options.allowed and options.max_size >= least
                and 1 <= len(options.collections) <= 4):
            out.append(card)
    return out


def capture(seed: int) -> Question:
    """C-5 / C-6 (C-4 for aces): which cards may this card take?"""
    rng = Rng(seed)
    least = 1 if rng.below(3) == 0 else 2
    # One question in six reads C-6 the looser way (variant ``capture: maximal``).
    rules = KrypkasinoRules(capture="maximal") if rng.below(6) == 0 else None
    state = _position(rng, lambda s: bool(_capture_card(s, least)), rules=rules)
    card = rng.choice(_capture_card(state, least))
    table = state.table_cards()
    legal = [p.take for p in state.legal_actions() if p.card == card and p.take is not None]
    correct = {_key(t): t for t in legal}
    v = int(card.rank)
    wrong: dict[str, tuple[Card, ...]] = {}

    def consider(take: Sequence[Card]) -> None:
        k = _key(take)
        if k not in correct and k not in wrong and _refused(state, Play(card, tuple(take))):
            wrong[k] = tuple(take)

    for t in cap.maximal_collections(v, table):
        consider(t)
    for t in legal:
        split = cap.group_collection(v, t) or ()
        if len(split) > 1:
            for g in split:
                consider(g)
        rest = [c for c in table if c not in t or t.count(c) < table.count(c)]
        if rest:
            consider((*t, rest[0]))
        if len(t) > 1:
            consider(t[:-1])
    consider(())
    wrong_keys = list(wrong)
    rng.shuffle(wrong_keys)
    wrong_keys = wrong_keys[: max(2, 6 - len(correct))]
    keys = list(correct) + wrong_keys
    rng.shuffle(keys)
    everything = {**correct, **wrong}
    choices = tuple(QuizChoice(k, text("quiz.choice.trail") if not everything[k]
                           else text("quiz.choice.take", cards=everything[k])) for k in keys)
    size = len(legal[0])
    single = len(legal) == 1 and len(cap.group_collection(v, legal[0]) or ()) <= 1
    rule = "C-5" if single else "C-6"
    shown = tuple(tuple(t) for t in legal)  # said in words by the catalogue
    if state.rules.maximal:
        rule = "C-6"
        why = text("quiz.c-capture.explain.maximal", card=card, value=v, choices=shown)
    else:
        why = text("quiz.c-capture.explain.ace" if card.rank is Rank.ACE
                   else "quiz.c-capture.explain", card=card, value=v, size=size, choices=shown)
    facts = (_position_fact(state),) + (
        (text("quiz.fact.c-maximal"),) if state.rules.maximal else ())
    hand = _hand(state)
    groups = (
        CardGroup(text("quiz.group.table"), table, "table"),
        CardGroup(text("quiz.group.your-hand", seat=state.turn), hand, "hand",
                  focus=(hand.index(card),)),
        *(CardGroup(text("quiz.group.take", card=card, cards=t), table, "table",
                    answer=_positions_in(table, t), show="answer") for t in legal),
    )
    return _question("c-capture", seed, rule, text("quiz.c-capture.prompt", card=card), choices,
                     set(correct), why, multiple=True, facts=facts,
                     groups=groups, card=card, table=table, legal=tuple(legal),
                     rules=state.rules)


def sweep(seed: int) -> Question:
    """C-8 (forced sweep) or C-7 (trailing is allowed): which cards may you play?"""
    rng = Rng(seed)
    forced = rng.below(2) == 0
    # A few forced-sweep positions are played under the variant without the forced sweep.
    rules = KrypkasinoRules(forced_sweep=False) if forced and rng.below(5) == 0 else None

    def want(s: KrypkasinoState) -> bool:
        hand = set(_hand(s))
        if len(hand) < 2:
            return False
        sweepers = set(s.sweeping_cards())
        if forced:
            return bool(sweepers) and len(sweepers) < len(hand)
        takes = [s.card_options(c).captures for c in hand]
        return not sweepers and any(takes) and not all(takes)

    state = _position(rng, want, rules=rules)
    hand = _hand(state)
    legal = {p.card.code for p in state.legal_actions()}
    sweepers = state.sweeping_cards()
    facts = [_position_fact(state)]
    if not state.rules.forced_sweep:
        facts.append(text("quiz.fact.c-no-forced-sweep"))
        rule, why = "C-8", text("quiz.c-sweep.explain.not-forced", cards=sweepers)
    elif sweepers:
        rule, why = "C-8", text("quiz.c-sweep.explain.forced", cards=sweepers)
    else:
        rule, why = "C-7", text("quiz.c-sweep.explain.free")
    answer = tuple(i for i, c in enumerate(hand) if c.code in legal)
    return _question("c-sweep", seed, rule, text("quiz.c-sweep.prompt"), card_choices(hand),
                     legal, why, multiple=True, facts=tuple(facts),
                     groups=_base_groups(state, hand_answer=answer, mark="legal"),
                     hand=hand, table=state.table_cards(), sweepers=tuple(sweepers),
                     rules=state.rules)


def sweep_points(seed: int) -> Question:
    """C-9 / C-10: who gets the -5 (or the -10)?"""
    rng = Rng(seed)
    lone = rng.below(3) == 0
    variant = rng.below(6)
    variant_rules = (KrypkasinoRules(sweep_points=3) if variant == 0 else
                     KrypkasinoRules(double_sweep=False) if variant == 1 else None)
    if lone:
        base = _position(rng, lambda s: any(c.rank is not Rank.ACE for c in _hand(s)),
                         rules=variant_rules)
        seat = base.turn
        hands = [base.hand_of(s) for s in range(base.players)]
        card = rng.choice([c for c in hands[seat] if c.rank is not Rank.ACE])
        others = [suit for suit in SUITS if suit is not card.suit]
        lone_card = card if rng.below(2) else Card(card.rank, rng.choice(others))
        # The same seats and hands, with a lone card of the played rank on the table.
        state = KrypkasinoState.scenario(base.players, hands, [lone_card], dealer=base.dealer,
                                         turn=seat, rules=base.rules)
        play = Play(card, (lone_card,))
        facts: tuple[Text, ...] = (_position_fact(base),)
    else:
        state = _position(rng, lambda s: bool(s.sweeping_cards()), rules=variant_rules)
        card = rng.choice(state.sweeping_cards())
        play = next(p for p in state.legal_actions() if p.card == card)
        facts = (_position_fact(state),)
    if not state.rules.double_sweep:
        facts += (text("quiz.fact.c-no-double"),)
    elif state.rules.sweep_points != 5:
        facts += (text("quiz.fact.c-sweep-points", points=state.rules.sweep_points,
                       double=state.rules.double_points()),)
    table = state.table_cards()
    seat = state.turn
    swept = next(e for e in state.clone().apply(play) if isinstance(e, Swept))
    n = state.players
    rules = state.rules
    victims = dict.fromkeys([(seat - 1) % n, (seat + 1) % n, state.dealer])
    victims.pop(seat, None)
    points = dict.fromkeys([rules.sweep_points, rules.double_points(), 2 * rules.sweep_points])
    choices = tuple(QuizChoice(f"{v}:{p}", text("quiz.choice.sweep-points", seat=seat, victim=v,
                                            points=p))
                    for v in victims for p in points) + (
        QuizChoice("none", text("quiz.choice.nobody", seat=seat, points=rules.sweep_points)),)
    twin = len(table) == 1 and table[0] == card
    key = ("quiz.c-sweep-points.explain.double" if swept.double else
           "quiz.c-sweep-points.explain.no-double" if twin else
           "quiz.c-sweep-points.explain.sweep")
    why = text(key, seat=seat, victim=swept.victim, points=swept.points, card=card)
    return _question(
        "c-sweep-points", seed, "C-10" if twin else "C-9",
        text("quiz.c-sweep-points.prompt", seat=seat, card=card), choices,
        {f"{swept.victim}:{swept.points}"}, why, facts=facts,
        groups=(CardGroup(text("quiz.group.table"), table, "table",
                          answer=tuple(range(len(table)))),
                CardGroup(text("quiz.group.played", seat=seat), (card,), "row")),
        seat=seat, victim=swept.victim, points=swept.points, double=swept.double,
        table=table, card=card, players=n, dealer=state.dealer, rules=rules)


# -- the table between lots ----------------------------------------------------------------


def _initial_faces(rng: Rng) -> tuple[tuple[Card, ...], FaceCardsSetAside, int, int]:
    for _ in range(60):
        n = 2 + rng.below(5)
        dealer = rng.below(n)
        state = KrypkasinoState(n, first_dealer=dealer)
        events = state.apply(Deal(seed=rng.next_u64() >> 1))
        faces = next((e for e in events if isinstance(e, FaceCardsSetAside)), None)
        if faces is not None and len(state.table_cards()) + len(faces.cards) >= 3:
            table = list(state.table_cards()) + list(faces.cards)
            rng.shuffle(table)
            return tuple(table), faces, n, dealer
    raise NoPosition("no initial table with a face card")


def _lot_faces(rng: Rng) -> tuple[tuple[Card, ...], FaceCardsSetAside, int, int] | None:
    state = _session(rng)
    deal = state.deal_index
    while state.deal_index == deal and not state.is_terminal():
        events = state.apply(rng.choice(state.legal_actions()))
        faces = next((e for e in events if isinstance(e, FaceCardsSetAside)), None)
        if faces is not None and faces.lot > 1 and len(state.table_cards()) + len(faces.cards) >= 3:
            table = list(state.table_cards()) + list(faces.cards)
            rng.shuffle(table)
            return tuple(table), faces, state.players, state.dealer
    return None


def faces(seed: int) -> Question:
    """C-3 (the initial table) / C-11 (before a new lot): which face cards leave the table?"""
    rng = Rng(seed)
    found = _lot_faces(rng) if rng.below(2) else None
    later = found is not None
    table, event, players, dealer = found if found is not None else _initial_faces(rng)
    answer = _positions_in(table, event.cards)
    prompt = "quiz.c-faces.prompt.lot" if later else "quiz.c-faces.prompt.initial"
    spades = "spades" if event.spade_faces else "no-spades"
    why = text(f"quiz.c-faces.explain.{spades}", cards=event.cards, spades=event.spade_faces,
               others=event.discarded)
    return _question(
        "c-faces", seed, "C-11" if later else "C-3", text(prompt, lot=event.lot),
        tuple(QuizChoice(str(i), text("quiz.choice.card", card=c)) for i, c in enumerate(table)),
        {str(i) for i in answer}, why, multiple=True,
        facts=(text("quiz.fact.c-deal", players=players, dealer=dealer),),
        groups=(CardGroup(text("quiz.group.table"), table, "table", answer=answer),),
        table=table, removed=event.cards, spade_faces=event.spade_faces, later=later)


def _finds(find: Callable[[KrypkasinoState], list[Card]]) -> Callable[[KrypkasinoState], bool]:
    def want(state: KrypkasinoState) -> bool:
        return bool(find(state))
    return want


def ace(seed: int) -> Question:
    """C-4: what is this card worth here (an ace from the hand or on the table, a face card
    trailed during a lot)?"""
    rng = Rng(seed)
    flavour = rng.below(3)
    tests: list[tuple[str, Callable[[KrypkasinoState], list[Card]]]] = [
        ("hand", lambda s: [c for c in _hand(s) if c.rank is Rank.ACE]),
        ("table", lambda s: [c for c in s.table_cards() if c.rank is Rank.ACE]),
        ("face", lambda s: [c for c in s.table_cards() if c.rank.is_face]),
    ]
    found: tuple[str, KrypkasinoState, Card] | None = None
    for where, find in tests[flavour:] + tests[:flavour]:
        try:
            position = _position(rng, _finds(find), attempts=12)
        except NoPosition:
            continue
        found = (where, position, rng.choice(find(position)))
        break
    if found is None:  # pragma: no cover - aces in hands are common
        raise NoPosition("no ace anywhere")
    where, state, card = found
    from_hand = where == "hand"
    value = capture_value(card, from_hand=from_hand)
    hand, table = _hand(state), state.table_cards()
    groups = (
        CardGroup(text("quiz.group.table"), table, "table",
                  focus=() if from_hand else (table.index(card),)),
        CardGroup(text("quiz.group.your-hand", seat=state.turn), hand, "hand",
                  focus=(hand.index(card),) if from_hand else ()),
    )
    return _question(
        "c-ace", seed, "C-4", text(f"quiz.c-ace.prompt.{where}", card=card),
        number_choices([1, 11, 12, 13, 14]), {str(value)},
        text(f"quiz.c-ace.explain.{where}", card=card, value=value),
        facts=(_position_fact(state),), groups=groups, card=card, from_hand=from_hand,
        value=value)


def starts(seed: int) -> Question:
    """C-1 (a deal) / C-11 (a later lot): who plays first?"""
    rng = Rng(seed)
    state = _session(rng)
    n = state.players
    if rng.below(2) == 0:
        answer = state.current_player()
        assert answer is not None
        return _question("c-starts", seed, "C-1", text("quiz.c-starts.prompt.deal",
                                                       dealer=state.dealer),
                         seat_choices(n), {str(answer)},
                         text("quiz.c-starts.explain.deal", dealer=state.dealer, seat=answer),
                         facts=(text("quiz.fact.c-deal", players=n, dealer=state.dealer),),
                         players=n, dealer=state.dealer, first=answer)
    last_seat = state.turn
    while True:
        last_seat = state.turn
        events = state.apply(rng.choice(state.legal_actions()))
        lot = next((e for e in events if isinstance(e, NewLot)), None)
        if lot is not None:
            break
    facts = (text("quiz.fact.c-deal", players=n, dealer=state.dealer),
             text("quiz.fact.c-last-card", seat=last_seat, lot=lot.lot - 1))
    return _question("c-starts", seed, "C-11", text("quiz.c-starts.prompt.lot", lot=lot.lot),
                     seat_choices(n), {str(lot.first_player)},
                     text("quiz.c-starts.explain.lot", dealer=state.dealer,
                          seat=lot.first_player), facts=facts,
                     players=n, dealer=state.dealer, first=lot.first_player)


def deal_shape(seed: int) -> Question:
    """C-2: how many cards in each hand, on the table and in the stock?"""
    rng = Rng(seed)
    n = 2 + rng.below(5)
    state = KrypkasinoState.new_game(n, seed=rng.next_u64() >> 1)
    sizes = state.sizes
    options = {}
    for m in range(2, 7):
        s = deal_sizes(m)
        options[f"{s.hand}/{s.table}/{s.stock}"] = s
    keys = list(options)
    rng.shuffle(keys)
    choices = tuple(QuizChoice(k, text("quiz.choice.deal-sizes", hand=options[k].hand,
                                   table=options[k].table, stock=options[k].stock))
                    for k in keys)
    return _question(
        "c-deal-shape", seed, "C-2", text("quiz.c-deal-shape.prompt", players=n), choices,
        {f"{sizes.hand}/{sizes.table}/{sizes.stock}"},
        text("quiz.c-deal-shape.explain", players=n, hand=sizes.hand, table=sizes.table,
             stock=sizes.stock, packets="+".join(map(str, sizes.packets)), lots=sizes.lots),
        players=n, sizes=sizes)


# -- the end of a deal ---------------------------------------------------------------------


def _event_text(event: KrypkasinoEvent) -> Text:
    return Text(event.key, tuple(event.message_data().items()))


def leftovers(seed: int) -> Question:
    """C-12: who takes the cards left on the table at the end of the deal?"""
    rng = Rng(seed)
    if rng.below(5) == 0:
        state = _nobody_captures(rng)
    else:
        state = _session(rng)
        while not state.last_lot:
            _step(state, rng)
    dealer = state.dealer
    before = state.last_capturer
    plays: list[Text] = []
    award: LeftoversAwarded | None = None
    while award is None:
        for e in state.apply(rng.choice(state.legal_actions())):
            if isinstance(e, (Trailed, Captured, Swept)):
                plays.append(_event_text(e))
            elif isinstance(e, LeftoversAwarded):
                award = e
    facts = [text("quiz.fact.c-deal", players=state.players, dealer=dealer)]
    facts.append(text("quiz.fact.c-last-lot") if before is None else
                 text("quiz.fact.c-captured-before", seat=before))
    facts.extend(plays)
    key = "quiz.c-leftovers.explain.last" if award.reason == "last-capturer" else \
        "quiz.c-leftovers.explain.nobody"
    groups = [CardGroup(text("quiz.group.leftovers"), award.cards, "table")]
    if award.spade_faces:
        groups.append(CardGroup(text("quiz.group.spade-pile"), award.spade_faces, "row"))
    return _question("c-leftovers", seed, "C-12", text("quiz.c-leftovers.prompt"),
                     seat_choices(state.players), {str(award.seat)},
                     text(key, seat=award.seat), facts=tuple(facts), groups=tuple(groups),
                     seat=award.seat, reason=award.reason, dealer=dealer)


def _nobody_captures(rng: Rng) -> KrypkasinoState:
    """The last lot of a deal in which nobody has captured, and nobody will: a small
    position built with :meth:`KrypkasinoState.scenario` (random deals almost always have
    a capture), kept only when the engine's own play of it captures nothing."""
    numbers = [c for c in DECK if not c.rank.is_face]
    for _ in range(400):
        n = 2 + rng.below(2)
        cards = [rng.choice(numbers) for _ in range(2 * n + 2)]
        hands = [cards[2 * s:2 * s + 2] for s in range(n)]
        state = KrypkasinoState.scenario(n, hands, cards[2 * n:], dealer=rng.below(n))
        trial = state.clone()
        while trial.phase is Phase.PLAY and trial.last_capturer is None:
            trial.apply_unchecked(rng.choice(trial.legal_actions()))
        if trial.last_capturer is None:
            return state
    raise NoPosition("every small deal had a capture")


def points(seed: int) -> Question:
    """C-13: what are these captured cards worth?"""
    rng = Rng(seed)
    state = _position(rng, lambda s: max(len(s.captured_cards(x)) for x in range(s.players)) >= 6)
    seat = max(range(state.players), key=lambda x: len(state.captured_cards(x)))
    pile = list(state.captured_cards(seat))
    rng.shuffle(pile)
    cards = tuple(pile[: min(len(pile), 6 + rng.below(5))])
    total = card_points(cards)
    spades = sum(1 for c in cards if c.suit.value == "S")
    aces = sum(1 for c in cards if c.rank is Rank.ACE)
    values = number_distractors(rng, total, [spades, aces, spades + aces, total + 2, total - 2,
                                             len(cards)], lo=0)
    scoring = [c for c in cards if card_point(c)]
    parts = " + ".join(f"{c} {card_point(c)}" for c in scoring)
    why = text("quiz.c-points.explain" if scoring else "quiz.c-points.explain.none",
               parts=parts, total=total)
    return _question("c-points", seed, "C-13", text("quiz.c-points.prompt"),
                     number_choices(values), {str(total)}, why,
                     groups=(CardGroup(text("quiz.group.captured"), cards, "row",
                                       answer=tuple(i for i, c in enumerate(cards)
                                                    if card_point(c))),),
                     cards=cards, total=total)


def deal_score(seed: int) -> Question:
    """C-14: a player's score for the deal (card points + sweep points)."""
    rng = Rng(seed)
    state = _session(rng)
    while not state.results:
        _step(state, rng)
    result = state.results[0]
    swept = [s for s in range(state.players) if result.sweep_points[s]]
    seat = rng.choice(swept) if swept and rng.below(4) else rng.below(state.players)
    facts = [text("quiz.fact.c-card-points", seat=s, points=result.card_points[s])
             for s in range(state.players)]
    facts += [text("quiz.fact.c-double" if r.double else "quiz.fact.c-sweep", seat=r.seat,
                   victim=r.victim, points=r.points) for r in result.sweeps]
    if not result.sweeps:
        facts.append(text("quiz.fact.c-no-sweeps"))
    cp, sp, score = result.card_points[seat], result.sweep_points[seat], result.scores[seat]
    values = number_distractors(rng, score, [cp, cp - sp, sp, cp + abs(sp), 42 - score, cp + 1])
    return _question("c-deal-score", seed, "C-14", text("quiz.c-deal-score.prompt", seat=seat),
                     number_choices(values), {str(score)},
                     text("quiz.c-deal-score.explain", seat=seat, cards=cp, sweeps=sp,
                          score=score), facts=tuple(facts),
                     seat=seat, card_points=cp, sweep_points=sp, score=score)


def session(seed: int) -> Question:
    """C-15: who wins the session (lowest total; ties share)?"""
    rng = Rng(seed)
    state = _session(rng, players=2 + rng.below(2))
    while not state.is_terminal():
        _step(state, rng)
    n = state.players
    facts = tuple(text("quiz.fact.c-deal-scores", seat=s,
                       scores=[r.scores[s] for r in state.results]) for s in range(n))
    best = state.winners()
    totals = state.scores()
    key = "quiz.c-session.explain.shared" if len(best) > 1 else "quiz.c-session.explain.one"
    return _question("c-session", seed, "C-15", text("quiz.c-session.prompt"), seat_choices(n),
                     {str(s) for s in best},
                     text(key, totals=totals, winners=best, best=totals[best[0]]),
                     multiple=True, facts=facts, totals=totals)
