"""Krypkasino's plug-ins (:class:`engine.plugin.GamePlugins`): what the registry hands the
play session, the bots, the walkthrough, the quiz, the score sheet and the review for
Krypkasino. Only this game's states reach these functions."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engine.analysis.krypkasino import analyse as krypkasino_analyse
from engine.analysis.types import Analysis, Decision
from engine.bots import krypkasino as bots
from engine.cards import CARD_BY_CODE, Card
from engine.errors import RulesLabError
from engine.game import CHANCE, Event
from engine.krypkasino import record as crecord
from engine.krypkasino.events import NewLot
from engine.krypkasino.review import krypkasino_review
from engine.krypkasino.state import KrypkasinoState, Phase, Play
from engine.moves import FaceUp, Move, SheetRow, running_totals
from engine.plugin import GamePlugins, SessionLike
from engine.quiz import krypkasino as quiz
from engine.quiz.model import QuestionType
from engine.review import ReviewNote
from engine.scoresheet.krypkasino import KrypkasinoSheet
from engine.sim.games import krypkasino_game
from engine.walkthrough import krypkasino as walkthrough

__all__ = ["PLUGINS", "QUIZ", "KrypkasinoAnalyst", "KrypkasinoPlay", "review"]


#: A play's token in a play link: the card, then ``-`` and the table cards it takes.
_CARD = "[2-9TJQKA][SHDC]"
_PLAY_TOKEN = re.compile(f"({_CARD})(?:-((?:{_CARD}){{0,20}}))?")


class KrypkasinoPlay:
    """How a play session plays Krypkasino (:class:`engine.plugin.GamePlay`)."""

    name = "krypkasino"
    chooses_capture = True
    first: tuple[tuple[str, Any], ...] = (("session", 1),)

    def round_of(self, state: KrypkasinoState) -> int:
        return state.deal_index

    def card_action(self, card: Card) -> Any:
        return Play(card, None)

    def apply(self, state: KrypkasinoState, action: Any, groups: Sequence[Sequence[Card]] | None
              ) -> tuple[list[Event], tuple[Card, ...], tuple[Card, ...]]:
        before = state.table_cards()
        events: list[Event] = list(state.apply(action, groups))
        return events, before, state.table_after_play

    def first_facts(self, state: KrypkasinoState, full: KrypkasinoState, players: int) -> dict[str, int]:
        return {"players": players, "full_deals": full.session_length}

    def status(self, state: KrypkasinoState, seat: int) -> dict[str, Any]:
        view = state.view(seat)
        return {"deal": min(view.deal + 1, state.session_length),
                "count": state.session_length, "lot": view.lot, "lots": view.lots,
                "stock": view.stock, "dealer": view.dealer, "last_lot": view.last_lot}

    def seat_cells(self, state: KrypkasinoState, viewer: int) -> list[tuple[tuple[str, str], ...]]:
        view = state.view(viewer)
        so_far = state.results[-1].scores if state.is_terminal() else state.deal_result().scores
        return [(("cards", str(view.hand_sizes[seat])),
                 ("captured", str(view.captured_counts[seat])),
                 ("sweeps", str(view.sweep_points[seat])), ("deal", str(so_far[seat])),
                 ("total", str(view.totals[seat]))) for seat in range(state.players)]

    def record(self, state: KrypkasinoState) -> dict[str, Any]:
        return crecord.to_record(state)

    def score_rows(self, state: KrypkasinoState) -> list[tuple[int, ...]]:
        return [r.scores for r in state.results]

    def sheet(self, state: KrypkasinoState) -> list[SheetRow]:
        rows = []
        for r, totals in zip(state.results, running_totals(self.score_rows(state)), strict=True):
            cells = tuple({"cards": r.card_points[s], "sweeps": r.sweep_points[s],
                           "made": sum(1 for w in r.sweeps if w.seat == s),
                           "score": r.scores[s], "total": totals[s]}
                          for s in range(len(r.scores)))
            rows.append(SheetRow((("deal", r.deal + 1), ("dealer", r.dealer)), cells, totals))
        return rows

    def results(self, state: KrypkasinoState) -> int:
        return len(state.results)

    def face_up(self, state: KrypkasinoState) -> FaceUp | None:
        if state.current_player() in (None, CHANCE):  # over, or a deal is due
            return None
        return FaceUp(state.table_cards(), ("face.table", {}),
                      tuple(state.hand_of(s) for s in range(state.players)),
                      tuple(("face.seat", {"seat": s}) for s in range(state.players)), "row")

    # the player's decisions that only Krypkasino has
    def is_bidding(self, state: KrypkasinoState, seat: int) -> bool:
        return False

    def blind_bids(self, state: KrypkasinoState) -> bool:
        return False

    def legal_bids(self, state: KrypkasinoState) -> list[int]:
        return []

    def refused_bids(self, state: KrypkasinoState) -> list[tuple[int, RulesLabError]]:
        return []

    def bid_action(self, n: int, blind: bool) -> Any:
        return None

    def own_card_action(self, state: KrypkasinoState) -> Any:
        return None

    def capture_choices(self, state: KrypkasinoState, card: Card
                        ) -> tuple[tuple[Card, ...], ...]:
        """The distinct collections ``card`` may take now (C-6); ``()`` for a trail."""
        return tuple(dict.fromkeys(
            p.take for p in state.legal_actions() if p.card == card and p.take is not None))

    def forced_sweep(self, state: KrypkasinoState) -> tuple[str, dict[str, Any]] | None:
        if not state.rules.forced_sweep:
            return None
        cards = state.sweeping_cards()
        if not cards:
            return None
        key = "krypkasino.must-sweep" if len(cards) == 1 else "krypkasino.must-sweep-any"
        return key, {"sweeper": cards[0], "sweepers": tuple(cards)}

    def playable_cards(self, state: KrypkasinoState) -> set[Card]:
        return {p.card for p in state.legal_actions()}

    def take_action(self, action: Play, take: tuple[Card, ...] | None) -> Any:
        return Play(action.card, take)

    def link_token(self, action: Play) -> str:
        """>>> c, play = CARD_BY_CODE, KrypkasinoPlay()
        >>> [play.link_token(p) for p in (Play(c["7S"], (c["3D"], c["4C"])), Play(c["7S"], ()),
        ...                               Play(c["7S"], None))]
        ['7S-3D4C', '7S-', '7S']
        """
        if action.take is None:  # the engine's one capture
            return action.card.code
        return action.card.code + "-" + "".join(c.code for c in action.take)

    def link_action(self, token: str) -> Play | None:
        """>>> c, play = CARD_BY_CODE, KrypkasinoPlay()
        >>> play.link_action("7S-3D4C") == Play(c["7S"], (c["3D"], c["4C"]))
        True
        >>> play.link_action("7S"), play.link_action("b2"), play.link_action("7S-3")
        (Play(card=Card(rank=<Rank.SEVEN: 7>, suit=<Suit.SPADES: 'S'>), take=None), None, None)
        """
        match = _PLAY_TOKEN.fullmatch(token)
        if match is None:
            return None
        codes = match.group(2)
        take = None if codes is None else tuple(CARD_BY_CODE[codes[i:i + 2]]
                                                for i in range(0, len(codes), 2))
        return Play(CARD_BY_CODE[match.group(1)], take)

    def log_step(self, move: Move, after: int | None) -> tuple[str, int, int | None]:
        lots = [e for e in move.events if isinstance(e, NewLot)]
        return "lot", after or 1, lots[-1].lot if lots else None

    def action_words(self, action: Play) -> tuple[str, str, str | int]:
        return "c.play", "play", str(action)

    def same_action(self, a: Any, b: Any) -> bool:
        """A trail's take may be written ``None`` or ``()``; a capture's cards in any
        order."""
        return bool(a.card == b.card and sorted(c.index for c in a.take or ()) ==
                    sorted(c.index for c in b.take or ()))

    def drill_table(self, state: KrypkasinoState) -> tuple[tuple[Card, ...], str | None]:
        return tuple(state.table_cards()), None


def _takes(play: Play) -> tuple[str, ...]:
    return tuple(sorted(c.code for c in play.take or ()))


class KrypkasinoAnalyst:
    """Krypkasino's analyst (:class:`engine.plugin.Analyst`): the analysis of
    :mod:`engine.analysis.krypkasino` and how its command and review read the plays."""

    exact_is_forced = False

    def __call__(self, state: KrypkasinoState, seat: int | None = None, *,
                 samples: int | None = None, seed: int = 0,
                 exact: bool | None = None) -> Analysis:
        return krypkasino_analyse(state, seat, samples=samples, seed=seed, exact=exact)

    def decides(self, state: KrypkasinoState, seat: int) -> bool:
        return state.current_player() == seat and state.phase is Phase.PLAY

    def number(self, state: KrypkasinoState) -> int:
        return state.deal_index + 1

    def matching(self, analysis: Analysis, action: Any) -> Decision:
        """A :class:`~engine.krypkasino.state.Play` or a record's play (``card`` and
        ``groups``, ``groups`` ``None`` when the card's collection is the only one)."""
        card: Card = action.card
        if isinstance(action, Play) and action.take is not None:
            take = _takes(action)
        else:
            groups = getattr(action, "groups", None)
            if groups is None:
                options = [d for d in analysis.decisions if d.action.card == card]
                if len(options) == 1:
                    return options[0]
                raise KeyError(action)
            take = tuple(sorted(c.code for group in groups for c in group))
        for d in analysis.decisions:
            if d.action.card == card and _takes(d.action) == take:
                return d
        raise KeyError(action)

    def action_json(self, action: Any) -> Any:
        """A play as ``{"card", "take"}`` (the codes of the cards it takes)."""
        card = getattr(action, "card", None)
        if isinstance(card, Card):
            return {"card": card.code,
                    "take": [c.code for c in getattr(action, "take", ()) or ()]}
        return str(action)


def review(session: SessionLike, index: int) -> list[ReviewNote]:
    """The notes of the player's finished hand (deal) ``index`` of ``session``."""
    state = session.state
    result = state.results[index]
    return krypkasino_review(session.moves_of_round(result.deal), session.seat, result)


def _resolve(state: KrypkasinoState, action: Any) -> Any:
    """A Krypkasino bot's decision is the engine action itself."""
    return action


#: The quiz's question kinds of the game, in the order of its rules: each kind, the
#: rule IDs it practises and its generator (engine.quiz.krypkasino).
QUIZ: tuple[QuestionType, ...] = (
    QuestionType("c-starts", "krypkasino", ("C-1", "C-11"), quiz.starts),
    QuestionType("c-deal-shape", "krypkasino", ("C-2",), quiz.deal_shape),
    QuestionType("c-faces", "krypkasino", ("C-3", "C-11"), quiz.faces),
    QuestionType("c-ace", "krypkasino", ("C-4",), quiz.ace),
    QuestionType("c-capture", "krypkasino", ("C-6", "C-5", "C-4"), quiz.capture),
    QuestionType("c-sweep", "krypkasino", ("C-8", "C-7"), quiz.sweep),
    QuestionType("c-sweep-points", "krypkasino", ("C-9", "C-10"), quiz.sweep_points),
    QuestionType("c-leftovers", "krypkasino", ("C-12",), quiz.leftovers),
    QuestionType("c-points", "krypkasino", ("C-13",), quiz.points),
    QuestionType("c-deal-score", "krypkasino", ("C-14",), quiz.deal_score),
    QuestionType("c-session", "krypkasino", ("C-15",), quiz.session),
)


PLUGINS = GamePlugins(
    play=KrypkasinoPlay(),
    bots={"random": bots.RandomKrypkasinoBot, "basic": bots.BasicKrypkasinoBot,
          "strong": bots.StrongKrypkasinoBot},
    observe=bots.observe,
    resolve=_resolve,
    walkthrough=walkthrough.build,
    scenario_keys=walkthrough.GAME_KEYS,
    quiz=QUIZ,
    score_sheet=KrypkasinoSheet,
    review=review,
    simulate=krypkasino_game,
    analyst=KrypkasinoAnalyst(),
)
