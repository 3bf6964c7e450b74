"""Kachuful's plug-ins (:class:`engine.plugin.GamePlugins`): what the registry hands the
play session, the bots, the walkthrough, the quiz, the score sheet and the review for
Kachuful. Only this game's states reach these functions."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from engine.analysis.kachuful import analyse as kachuful_analyse
from engine.analysis.types import Analysis, Decision
from engine.bots import kachuful as bots
from engine.bots.kachuful import OWN_CARD, resolve
from engine.cards import CARD_BY_CODE, Card
from engine.errors import IllegalActionError, RulesLabError
from engine.game import Event
from engine.kachuful import record as krecord
from engine.kachuful.review import kachuful_review
from engine.kachuful.rules import KachufulRules, trump_code
from engine.kachuful.state import Bid, KachufulState, parse_action
from engine.moves import FaceUp, Move, SheetRow, running_totals
from engine.plugin import GamePlugins, SessionLike
from engine.quiz import kachuful as quiz
from engine.quiz.model import QuestionType
from engine.review import ReviewNote
from engine.scoresheet.kachuful import KachufulSheet
from engine.sim.games import kachuful_game
from engine.walkthrough import kachuful as walkthrough

__all__ = ["PLUGINS", "QUIZ", "KachufulAnalyst", "KachufulPlay", "review"]


#: A bid's token in a play link (``b3``; ``B3`` blind).
_BID_TOKEN = re.compile(r"[bB]([0-9]{1,2})")


class KachufulPlay:
    """How a play session plays Kachuful (:class:`engine.plugin.GamePlay`)."""

    name = "kachuful"
    chooses_capture = False
    first: tuple[tuple[str, Any], ...] = (("max_cards", 5),)

    def round_of(self, state: KachufulState) -> int:
        return state.hand_number

    def card_action(self, card: Card) -> Any:
        return card

    def apply(self, state: KachufulState, action: Any, groups: Sequence[Sequence[Card]] | None
              ) -> tuple[list[Event], tuple[Card, ...], tuple[Card, ...]]:
        return list(state.apply(action)), (), ()

    def first_facts(self, state: KachufulState, full: KachufulState, players: int) -> dict[str, int]:
        return {"players": players, "hands": state.hand_count, "cards": max(state.schedule),
                "full_hands": full.hand_count, "full_cards": max(full.schedule)}

    def status(self, state: KachufulState, seat: int) -> dict[str, Any]:
        view = state.view(seat)
        return {"hand": view.hand_number, "count": view.hand_count, "size": view.hand_size,
                "trump": trump_code(view.trump), "dealer": view.dealer,
                "turned": view.turned}

    def seat_cells(self, state: KachufulState, viewer: int) -> list[tuple[tuple[str, str], ...]]:
        view = state.view(viewer)
        rows = []
        for seat, bid in enumerate(view.bids):
            cells = [("bid", "–" if bid is None else f"{bid}*" if view.blind[seat] else str(bid)),
                     ("tricks", str(view.tricks_won[seat])), ("total", str(view.totals[seat]))]
            if view.forehead:  # the one card each seat shows on its forehead
                seen = view.hands[seat]
                cells.append(("card", str(seen[0]) if seen else "?"))
            rows.append(tuple(cells))
        return rows

    def record(self, state: KachufulState) -> dict[str, Any]:
        return krecord.to_record(state)

    def score_rows(self, state: KachufulState) -> list[tuple[int, ...]]:
        return [r.scores for r in state.results if r.scores is not None]

    def sheet(self, state: KachufulState) -> list[SheetRow]:
        done = [r for r in state.results if r.scores is not None]
        rows = []
        for r, totals in zip(done, running_totals(self.score_rows(state)), strict=True):
            assert r.scores is not None
            cells = tuple({"bid": b if b is not None else 0, "tricks": r.tricks[s],
                           "points": r.scores[s], "total": totals[s]}
                          for s, b in enumerate(r.bids))
            rows.append(SheetRow((("hand", r.hand), ("cards", r.setup.size),
                                  ("trump", trump_code(r.setup.trump))), cells, totals))
        return rows

    def results(self, state: KachufulState) -> int:
        return len(state.results)

    def face_up(self, state: KachufulState) -> FaceUp | None:
        if state.is_terminal():
            return None
        return FaceUp(
            tuple(c for _, c in state.current_trick),
            ("face.trick", {"trick": len(state.tricks_played) + 1}),
            tuple(state.hand_of(s) for s in range(state.players)),
            tuple(("face.kachuful.seat",
                   {"seat": s, "bid": "–" if state.bids[s] is None else str(state.bids[s]),
                    "tricks": state.tricks_won[s]}) for s in range(state.players)),
            "hand")

    # the player's decisions that only Kachuful has
    def is_bidding(self, state: KachufulState, seat: int) -> bool:
        return state.current_player() == seat and state.bids[seat] is None

    def blind_bids(self, state: KachufulState) -> bool:
        return state.rules.blind_bids

    def legal_bids(self, state: KachufulState) -> list[int]:
        return state.legal_bid_numbers()

    def refused_bids(self, state: KachufulState) -> list[tuple[int, RulesLabError]]:
        allowed = set(state.legal_bid_numbers())
        out: list[tuple[int, RulesLabError]] = []
        for n in range(state.hand_size + 1):
            if n in allowed:
                continue
            try:
                state.check(Bid(n))
            except IllegalActionError as exc:
                out.append((n, exc))
        return out

    def bid_action(self, n: int, blind: bool) -> Any:
        return Bid(n, blind)

    def own_card_action(self, state: KachufulState) -> Any:
        return resolve(state, OWN_CARD)

    def capture_choices(self, state: KachufulState, card: Card) -> tuple[tuple[Card, ...], ...]:
        return ()

    def forced_sweep(self, state: KachufulState) -> tuple[str, dict[str, Any]] | None:
        return None

    def playable_cards(self, state: KachufulState) -> set[Card]:
        return {a for a in state.legal_actions() if isinstance(a, Card)}

    def take_action(self, action: Any, take: tuple[Card, ...] | None) -> Any:
        return action

    def link_token(self, action: Any) -> str:
        """>>> play = KachufulPlay()
        >>> play.link_token(Bid(3)), play.link_token(Bid(1, True)), play.link_token(CARD_BY_CODE["AS"])
        ('b3', 'B1', 'AS')
        """
        if isinstance(action, Bid):
            return f"{'B' if action.blind else 'b'}{action.n}"
        return str(action.code)

    def link_action(self, token: str) -> Any:
        """>>> play = KachufulPlay()
        >>> play.link_action("B2"), play.link_action("AS") == CARD_BY_CODE["AS"]
        (Bid(n=2, blind=True), True)
        >>> play.link_action("b100"), play.link_action("7S-3D"), play.link_action("as")
        (None, None, None)
        """
        bid = _BID_TOKEN.fullmatch(token)
        if bid is not None:
            return Bid(int(bid.group(1)), token[0] == "B")
        return CARD_BY_CODE.get(token)

    def log_step(self, move: Move, after: int | None) -> tuple[str, int, int | None]:
        if isinstance(move.action, Bid):
            return "bids", 0, None
        part = (after or 0) + 1
        return "trick", part, part if move.trick is not None else None

    def action_words(self, action: Any) -> tuple[str, str, str | int]:
        if isinstance(action, Bid):
            return "k.bid", "n", action.n
        return "k.card", "card", str(action)

    def same_action(self, a: Any, b: Any) -> bool:
        return bool(a == b)

    def drill_table(self, state: KachufulState) -> tuple[tuple[Card, ...], str | None]:
        trump = "NT" if state.trump is None else state.trump.value
        return tuple(c for _, c in state.current_trick), trump


class KachufulAnalyst:
    """Kachuful's analyst (:class:`engine.plugin.Analyst`): the analysis of
    :mod:`engine.analysis.kachuful` and how its command and review read the actions."""

    exact_is_forced = True

    def __call__(self, state: KachufulState, seat: int | None = None, *,
                 samples: int | None = None, seed: int = 0,
                 exact: bool | None = None) -> Analysis:
        return kachuful_analyse(state, seat, samples=samples, seed=seed, exact=exact)

    def decides(self, state: KachufulState, seat: int) -> bool:
        return state.current_player() == seat

    def number(self, state: KachufulState) -> int:
        return state.hand_number

    def matching(self, analysis: Analysis, action: Any) -> Decision:
        """A :class:`~engine.kachuful.state.Bid`, a bid's number or text, or a card."""
        if isinstance(action, str):
            action = parse_action(action)
        if isinstance(action, int) and not isinstance(action, bool):
            action = Bid(action)
        return analysis.of(action)

    def action_json(self, action: Any) -> Any:
        """A bid as its number (``"blind 2"`` for a blind bid), a card as its code."""
        if isinstance(action, Bid):
            return f"blind {action.n}" if action.blind else action.n
        if isinstance(action, Card):
            return action.code
        return str(action)


def review(session: SessionLike, index: int) -> list[ReviewNote]:
    """The notes of the player's finished hand (deal) ``index`` of ``session``."""
    state = session.state
    return kachuful_review(state.results[index], session.seat, state.rules)


def build_walkthrough(data: Mapping[str, Any], rules: KachufulRules) -> walkthrough.KWalk:
    """The walkthrough of a scenario document under ``rules``."""
    return walkthrough.build(walkthrough.source_of(data), rules)


#: The quiz's question kinds of the game, in the order of its rules: each kind, the
#: rule IDs it practises and its generator (engine.quiz.kachuful).
QUIZ: tuple[QuestionType, ...] = (
    QuestionType("k-first-dealer", "kachuful", ("K-3",), quiz.first_dealer),
    QuestionType("k-hand-size", "kachuful", ("K-4", "K-1"), quiz.hand_size),
    QuestionType("k-deal", "kachuful", ("K-5",), quiz.deal),
    QuestionType("k-dealer", "kachuful", ("K-6", "K-2"), quiz.dealer),
    QuestionType("k-trump", "kachuful", ("K-7",), quiz.trump),
    QuestionType("k-bids", "kachuful", ("K-9", "K-8"), quiz.bids),
    QuestionType("k-leader", "kachuful", ("K-8", "K-10", "K-12", "K-2"), quiz.leader),
    QuestionType("k-play", "kachuful", ("K-11", "K-10"), quiz.play),
    QuestionType("k-trick", "kachuful", ("K-12", "K-1"), quiz.trick),
    QuestionType("k-score", "kachuful", ("K-13",), quiz.score),
    QuestionType("k-winner", "kachuful", ("K-14",), quiz.winner),
)


PLUGINS = GamePlugins(
    play=KachufulPlay(),
    bots={"random": bots.RandomKachufulBot, "basic": bots.BasicKachufulBot,
          "strong": bots.StrongKachufulBot},
    observe=bots.observe,
    resolve=resolve,
    walkthrough=build_walkthrough,
    scenario_keys=walkthrough.SCENARIO_KEYS,
    quiz=QUIZ,
    score_sheet=KachufulSheet,
    review=review,
    simulate=kachuful_game,
    analyst=KachufulAnalyst(),
)
