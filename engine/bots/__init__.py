"""Computer players for both games, with a one-sentence reason for every decision.

* :func:`make_bot` — ``make_bot("kachuful" | "krypkasino", "random" | "basic" | "strong",
  seed)``; a bot's ``decide(observation)`` returns a :class:`Decision`.
* :func:`observe` — the observation of one seat (the variant and what that seat may see);
  bots receive nothing else, so they cannot look at hidden cards.
* :func:`bot_move` — ask a bot for the move of the seat to act and get the engine action
  to apply with the decision that explains it.
* :mod:`engine.bots.tournament` — seeded games between line-ups of bots.

>>> from engine.kachuful import KachufulRules, KachufulState
>>> state = KachufulState.new_game(4, KachufulRules(max_cards=2), seed=1)
>>> bot = make_bot("kachuful", "basic", seed=7)
>>> action, decision = bot_move(state, bot)
>>> _ = state.apply(action)
>>> decision.explain("en").startswith("I bid")
True
"""

from __future__ import annotations

from typing import Any

from engine.bots import kachuful as _k
from engine.bots import krypkasino as _c
from engine.bots.common import GAMES, LEVELS, Bot, Decision, Interval, mean_interval
from engine.kachuful.state import KachufulState
from engine.krypkasino.state import KrypkasinoState

__all__ = ["GAMES", "LEVELS", "Bot", "Decision", "Interval", "bot_move", "make_bot",
           "mean_interval", "observe"]

_CLASSES: dict[tuple[str, str], Any] = {
    ("kachuful", "random"): _k.RandomKachufulBot,
    ("kachuful", "basic"): _k.BasicKachufulBot,
    ("kachuful", "strong"): _k.StrongKachufulBot,
    ("krypkasino", "random"): _c.RandomKrypkasinoBot,
    ("krypkasino", "basic"): _c.BasicKrypkasinoBot,
    ("krypkasino", "strong"): _c.StrongKrypkasinoBot,
}


def make_bot(game: str, level: str, seed: int = 0, **options: Any) -> Bot:
    """A bot of ``game`` at ``level``, its sampling seeded by ``seed``.

    ``options`` go to the strong bots (``bid_samples``, ``play_samples``,
    ``blind_samples`` for Kachuful; ``samples``, ``max_plays`` for Krypkasino).
    """
    cls = _CLASSES.get((game, level))
    if cls is None:
        raise ValueError(f"no bot for game {game!r} at level {level!r}: games {GAMES}, "
                         f"levels {LEVELS}")
    bot: Bot = cls(seed, **options)
    return bot


def observe(state: KachufulState | KrypkasinoState, seat: int) -> Any:
    """The observation of ``seat`` for the game of ``state``."""
    if isinstance(state, KachufulState):
        return _k.observe(state, seat)
    return _c.observe(state, seat)


def bot_move(state: KachufulState | KrypkasinoState, bot: Bot) -> tuple[Any, Decision[Any]]:
    """The engine action ``bot`` takes for the seat to act, and its decision.

    The bot sees only that seat's observation; a Kachuful forehead card
    (:data:`engine.bots.kachuful.OWN_CARD`) is resolved to the card held.
    """
    seat = state.current_player()
    if seat is None:
        raise ValueError("the game is over")
    decision = bot.decide(observe(state, seat))
    if isinstance(state, KachufulState):
        return _k.resolve(state, decision.action), decision
    return decision.action, decision
