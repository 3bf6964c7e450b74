"""Per-game simulation on the engine's fast paths (standard library only), used by the
bots and by the simulation lab (:mod:`lab`, which holds the studies, the scheduler, the
cost model and the statistics).

* :mod:`engine.sim.kachuful_play` — Kachuful random/basic bots on a fast int path
  (parity with the bots through the public API is tested).
* :mod:`engine.sim.games` — whole games of a line-up, round by round, for both games.
* :mod:`engine.sim.hand_odds` — the exact odds of a one-card Kachuful hand.
"""

from engine.sim.games import GameRecord, kachuful_game, krypkasino_game
from engine.sim.hand_odds import one_card_exact

__all__ = ["GameRecord", "kachuful_game", "krypkasino_game", "one_card_exact"]
