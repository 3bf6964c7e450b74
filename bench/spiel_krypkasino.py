"""Krypkasino behind OpenSpiel's game interface: a Python game registered with ``pyspiel``.

``pyspiel.load_game("python_krypkasino")`` (parameter ``players``, 2-6, default 4) is one
deal of Krypkasino under the house rules (RULES.md C-1 to C-14), played by our engine
(:class:`~engine.krypkasino.state.KrypkasinoState`, its id-level fast path). The game is
imperfect-information with explicit chance:

* chance node 1 picks the dealer (uniform over the seats, C-1);
* chance nodes 2-105 deal the two decks one card at a time (outcome = card index 0..51
  of ``engine.cards.DECK``, probability = copies left / cards left): the cards in that
  order are the shuffled decks, dealt as C-2 says (packets from the dealer's left, then
  the table, the rest the stock, which later lots take as C-11 says);
* then every play is a player's action: ``card * 1024 + j``, the j-th legal collection of
  that card in the engine's order (``legal_moves``), so an action id means the same play
  wherever the seat's hand and the table are the same, i.e. throughout an information
  state.

Returns at the end are minus the deal scores (C-14: lowest wins; they always add up to
-42, so the game is constant-sum). Observations hold only what a seat sees: its own hand,
the table, the public history of plays (every card played and taken is face up), pile
sizes and sweep points; never another hand or the stock. ``information_state_string``
(perfect recall) is the seat, the dealer, its own hand and the whole public history;
``observation_string`` the current public position and the seat's hand.

OpenSpiel's C++ ``ISMCTSBot`` cannot search this game: it builds every simulation's world
with ``State::ResampleFromInfostate``, and pyspiel's trampoline class for Python games
(``PyState``) does not forward that method to Python (pyspiel 2.0.2 exports no
``PyState::ResampleFromInfostate``), so it reaches the C++ base class, which raises
"ResampleFromInfostate() not implemented." (:func:`cpp_ismcts_refusal` shows it; the C++
bot itself, stepped on this game, kills the process with a segmentation fault). OpenSpiel's
Python ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` calls
:meth:`KrypkasinoSpielState.resample_from_infostate` on the Python object and runs it;
that is the IS-MCTS the benchmark uses.

The resampling deals the cards the seat has not seen (the other hands and the stock)
uniformly at random, except that a seat known to lack some values (it left a table
unswept that such a card would have swept, and C-8 forces a sweep: the engine's
``lacks_of``) gets its hand from the cards it may hold; it is the strong bot's own world
sampler, ``engine.bots.krypkasino.deal_unseen`` (not the bot's fit to basic play, which is
a model of the other players rather than a rule).

Speed (IS-MCTS spends its time here): pyspiel's ``clone`` of a Python state deep-copies
every attribute, so the public history is one string and the deal a tuple (copied at
once), the engine state copies itself (``clone``), and ``resample_from_infostate`` copies
the state directly and computes the lacks once per information state.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pyspiel  # noqa: E402

from engine.bots.krypkasino import deal_unseen, lacks_of  # noqa: E402
from engine.cards import DECK  # noqa: E402
from engine.krypkasino.rules import KrypkasinoRules, card_point  # noqa: E402
from engine.krypkasino.state import (  # noqa: E402
    KrypkasinoState,
    Move,
    deal_ids_from_order,
)

SHORT_NAME = "python_krypkasino"
#: Action ids: card index * STRIDE + the index of the collection among that card's.
STRIDE = 1024
_DECK_SIZE = 104
_HV = tuple(int(c.rank) for c in DECK)
_RULES = KrypkasinoRules(session=1)

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Krypkasino (Rules Lab engine, one deal)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.CONSTANT_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification={"players": 4},
)


def _game_info(players: int) -> pyspiel.GameInfo:
    return pyspiel.GameInfo(
        num_distinct_actions=52 * STRIDE,
        max_chance_outcomes=52,
        num_players=players,
        # A deal's card points are 0..42 a seat; sweeps add or take 5 (10 for a double)
        # per play, at most one per play: 104 plays bound everything.
        min_utility=-42.0 - 10.0 * _DECK_SIZE,
        max_utility=10.0 * _DECK_SIZE,
        utility_sum=-42.0,
        max_game_length=1 + _DECK_SIZE + _DECK_SIZE,
    )


def encode(moves: list[Move], move: Move) -> int:
    """The action id of ``move`` among the legal ``moves``."""
    cid = move[0]
    j = 0
    for m in moves:
        if m == move:
            return cid * STRIDE + j
        if m[0] == cid:
            j += 1
    raise ValueError(f"{move} is not legal here")


def decode(moves: list[Move], action: int) -> Move:
    """The move of the action id ``action`` among the legal ``moves``."""
    cid, j = divmod(action, STRIDE)
    for m in moves:
        if m[0] == cid:
            if j == 0:
                return m
            j -= 1
    raise ValueError(f"action {action} is not legal here")


class KrypkasinoSpielGame(pyspiel.Game):
    """One Krypkasino deal as an OpenSpiel game."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = int(params.get("players", 4))
        if not 2 <= players <= 6:
            raise ValueError("players is 2..6")
        self.players = players
        super().__init__(_GAME_TYPE, _game_info(players), {"players": players})

    def new_initial_state(self) -> KrypkasinoSpielState:
        return KrypkasinoSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        return _Observer(bool(perfect_recall))


class KrypkasinoSpielState(pyspiel.State):
    """A deal in progress: the chance phase collects the card order, then our engine plays."""

    def __init__(self, game: KrypkasinoSpielGame) -> None:
        super().__init__(game)
        self.players = game.players
        self.dealer: int | None = None
        self.order: tuple[int, ...] = ()
        self.left = (2,) * 52
        self.engine: KrypkasinoState | None = None
        #: The public history: the initial table and every play, as short tokens joined
        #: by spaces (a string: pyspiel's ``clone`` deep-copies every attribute, and a
        #: string or a tuple of ints copies at once), and how many tokens it has.
        self.public = ""
        self.plays = 0
        #: ``(plays, lacks)``: the values each seat is known to lack after ``plays``
        #: tokens (the same for every world IS-MCTS samples from one information state).
        self.lacks: tuple[int, tuple[tuple[int, ...], ...]] | None = None

    # -- pyspiel's verbs ---------------------------------------------------------------
    def current_player(self) -> int:
        engine = self.engine
        if engine is None:
            return int(pyspiel.PlayerId.CHANCE)
        if engine.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return engine.turn

    def is_terminal(self) -> bool:
        return self.engine is not None and self.engine.is_terminal()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.dealer is None:
            return [(d, 1.0 / self.players) for d in range(self.players)]
        remaining = _DECK_SIZE - len(self.order)
        return [(c, k / remaining) for c, k in enumerate(self.left) if k]

    def _legal_actions(self, player: int) -> list[int]:
        assert self.engine is not None
        moves = self.engine.legal_moves()
        out = []
        last, j = -1, 0
        for cid, _take in moves:
            if cid != last:
                last, j = cid, 0
            out.append(cid * STRIDE + j)
            j += 1
        return out

    def _apply_action(self, action: int) -> None:
        if self.engine is None:
            if self.dealer is None:
                self.dealer = action
                return
            if not self.left[action]:
                raise ValueError(f"no copy of {DECK[action]} is left to deal")
            left = list(self.left)
            left[action] -= 1
            self.left = tuple(left)
            self.order += (action,)
            if len(self.order) == _DECK_SIZE:
                self._start()
            return
        engine = self.engine
        move = decode(engine.legal_moves(), action)
        seat = engine.turn
        engine.apply_move(move)
        self.public += f" {seat}:{move[0]}>{'.'.join(map(str, move[1]))}"
        self.plays += 1

    def _start(self) -> None:
        assert self.dealer is not None
        hands, table, stock = deal_ids_from_order(self.players, self.dealer, self.order)
        self.engine = KrypkasinoState.from_cards(
            self.players, self.dealer, [[DECK[i] for i in h] for h in hands],
            [DECK[i] for i in table], [DECK[i] for i in stock], _RULES)
        self.public = "t" + ".".join(map(str, table))
        self.plays = 1

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"dealer {action}" if self.dealer is None else f"deal {DECK[action].code}"
        cid, j = divmod(action, STRIDE)
        return f"{DECK[cid].code}#{j}"

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.players
        assert self.engine is not None
        return [-float(s) for s in self.engine.scores()]

    def __str__(self) -> str:
        if self.engine is None:
            return f"dealing ({len(self.order)} of {_DECK_SIZE})"
        return repr(self.engine)

    # -- copies ----------------------------------------------------------------------
    def __deepcopy__(self, memo: dict[int, Any]) -> KrypkasinoSpielState:
        other = KrypkasinoSpielState.__new__(KrypkasinoSpielState)
        pyspiel.State.__init__(other, self.get_game())
        other.players = self.players
        other.dealer = self.dealer
        other.order = self.order
        other.left = self.left
        other.engine = None if self.engine is None else self.engine.clone()
        other.public = self.public
        other.plays = self.plays
        other.lacks = self.lacks
        return other

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Callable[[], float]) -> Any:
        """A state of the same information state for ``player_id``: the cards that seat
        has not seen dealt again to the other hands and the stock by the strong bot's
        world sampler (``engine.bots.krypkasino.deal_unseen``, honouring the values a
        seat is known to lack, ``lacks_of``; see the module)."""
        engine = self.engine
        if engine is None or engine.is_terminal():
            return self.clone()
        rng = random.Random(int(probability_sampler() * (1 << 53)))
        if self.lacks is None or self.lacks[0] != self.plays:
            self.lacks = (self.plays, lacks_of(engine))
        other = self.__deepcopy__({})
        world = other.engine
        assert world is not None
        n = self.players
        pool = [i for s in range(n) if s != player_id for i in world.hands[s]]
        pool += world.stock[world.stock_pos:]
        hands, rest = deal_unseen(pool, [len(h) for h in world.hands], player_id,
                                  self.lacks[1], rng)
        for s in range(n):
            if s != player_id:
                world.hands[s] = sorted(hands[s])
        world.stock = world.stock[:world.stock_pos] + rest
        world._legal = world._moves = None
        return other

    # -- what a seat sees --------------------------------------------------------------
    def seat_string(self, player: int, perfect_recall: bool) -> str:
        engine = self.engine
        if engine is None:
            mine = _dealt_to(self.players, self.dealer, self.order, player)
            return f"p{player} d{self.dealer} dealing {len(self.order)} h{mine}"
        hand = ".".join(map(str, sorted(engine.hands[player])))
        if perfect_recall:
            return f"p{player} d{engine.dealer} h{hand} |" + self.public
        table = ".".join(map(str, sorted(engine.table)))
        piles = ",".join(str(len(p)) for p in engine.captured)
        points = ",".join(str(sum(card_point(DECK[i]) for i in p)) for p in engine.captured)
        sweeps = ",".join(map(str, engine.sweep_points))
        return (f"p{player} d{engine.dealer} turn{engine.turn} h{hand} t{table} "
                f"piles{piles} pts{points} sw{sweeps} stock{engine.stock_size()} "
                f"last{engine.last_capturer}")


def _dealt_to(players: int, dealer: int | None, order: tuple[int, ...], player: int) -> str:
    """The cards dealt so far to ``player`` (the chance phase)."""
    if dealer is None:
        return ""
    hands, _table, _stock = deal_ids_from_order(players, dealer,
                                                [*order, *[-1] * (_DECK_SIZE - len(order))])
    return ".".join(str(i) for i in sorted(i for i in hands[player] if i >= 0))


class _Observer:
    """pyspiel's PyObserver interface: strings only (no tensors)."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: KrypkasinoSpielState, player: int) -> None:
        pass

    def string_from(self, state: KrypkasinoSpielState, player: int) -> str:
        return state.seat_string(player, self.perfect_recall)


def cpp_ismcts_refusal(players: int = 4) -> str:
    """Ask this game for a world the way the C++ ISMCTSBot does (the C++
    ``State::ResampleFromInfostate``) and return the error pyspiel answers with."""
    game = pyspiel.load_game(SHORT_NAME, {"players": players})
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, probs)[0])
    try:
        pyspiel.State.resample_from_infostate(state, state.current_player(),
                                              pyspiel.UniformProbabilitySampler(0.0, 1.0))
    except pyspiel.SpielError as exc:
        return str(exc)
    return ""


pyspiel.register_game(_GAME_TYPE, KrypkasinoSpielGame)
