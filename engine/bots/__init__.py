"""Computer players for both games, with a one-sentence reason for every decision.

* :func:`make_bot` — ``make_bot("kachuful" | "krypkasino", "random" | "basic" | "strong",
  seed)``; a bot's ``decide(observation)`` returns a :class:`BotDecision`.
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

from engine.bots.common import LEVELS, Bot, BotDecision, Interval, mean_interval
from engine.game import GameState

__all__ = ["LEVELS", "Bot", "BotDecision", "Interval", "bot_move", "make_bot",
           "mean_interval", "observe"]


def make_bot(game: str, level: str, seed: int = 0, **options: Any) -> Bot:
    """A bot of ``game`` at ``level``, its sampling seeded by ``seed`` (the bot classes
    are the game's plug-ins in :mod:`engine.registry`).

    ``options`` go to the strong bots (``bid_samples``, ``play_samples``,
    ``blind_samples`` for Kachuful; ``samples``, ``max_plays`` for Krypkasino).
    """
    from engine.registry import GAMES  # the registry's plug-ins use the bots

    cls = GAMES[game].plugins.bots.get(level) if game in GAMES else None
    if cls is None:
        raise ValueError(f"no bot for game {game!r} at level {level!r}: games "
                         f"{tuple(GAMES)}, levels {LEVELS}")
    return cls(seed, **options)


def observe(state: GameState, seat: int) -> Any:
    """The observation of ``seat`` for the game of ``state``."""
    from engine.registry import game_of_state

    return game_of_state(state).plugins.observe(state, seat)


def bot_move(state: GameState, bot: Bot) -> tuple[Any, BotDecision[Any]]:
    """The engine action ``bot`` takes for the seat to act, and its decision.

    The bot sees only that seat's observation; a Kachuful forehead card
    (:data:`engine.bots.kachuful.OWN_CARD`) is resolved to the card held.
    """
    from engine.registry import game_of_state

    seat = state.current_player()
    if seat is None:
        raise ValueError("the game is over")
    plugins = game_of_state(state).plugins
    decision = bot.decide(plugins.observe(state, seat))
    return plugins.resolve(state, decision.action), decision
