"""Krypkasino's plug-ins (:class:`engine.plugin.GamePlugins`): what the registry hands the
play session, the bots, the walkthrough, the quiz, the score sheet and the review for
Krypkasino. Only this game's states reach these functions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.analysis.krypkasino import analyse as krypkasino_analyst
from engine.bots import krypkasino as bots
from engine.cards import Card
from engine.errors import RulesLabError
from engine.game import CHANCE, Event
from engine.krypkasino import record as crecord
from engine.krypkasino.state import KrypkasinoState, Play
from engine.moves import FaceUp, SheetRow, running_totals
from engine.plugin import GamePlugins, SessionLike
from engine.quiz import kinds_for
from engine.review import Note, krypkasino_review
from engine.scoresheet.krypkasino import KrypkasinoSheet
from engine.sim.games import krypkasino_game
from engine.walkthrough import krypkasino as walkthrough

__all__ = ["PLUGINS", "KrypkasinoPlay", "review"]


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


def review(session: SessionLike, index: int) -> list[Note]:
    """The notes of the player's finished hand (deal) ``index`` of ``session``."""
    state = session.state
    result = state.results[index]
    return krypkasino_review(session.moves_of_round(result.deal), session.seat, result)


def _resolve(state: KrypkasinoState, action: Any) -> Any:
    """A Krypkasino bot's decision is the engine action itself."""
    return action


PLUGINS = GamePlugins(
    play=KrypkasinoPlay(),
    bots={"random": bots.RandomKrypkasinoBot, "basic": bots.BasicKrypkasinoBot,
          "strong": bots.StrongKrypkasinoBot},
    observe=bots.observe,
    resolve=_resolve,
    walkthrough=walkthrough.build,
    scenario_keys=walkthrough.GAME_KEYS,
    quiz_kinds=tuple(kinds_for("krypkasino")),
    score_sheet=KrypkasinoSheet,
    review=review,
    simulate=krypkasino_game,
    analyst=krypkasino_analyst,
)
