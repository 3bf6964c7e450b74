"""The bots' decisions do not change when their code is reorganised or made faster.

Seeded games at every level of both games (default variants, several player counts,
line-ups of one level and mixed) are played through the public bot API; each game's
sequence of actions is hashed (sha256) and compared with the fingerprint stored in
``tests/data/bot_fingerprints.json``, computed on the code before the restructure of
issue 26. A changed fingerprint means a bot now decides differently somewhere in that
game. Regenerate the file only for an intended change of a bot's play:
``python -m tests.test_bot_fingerprints`` (and say so in the commit).
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from engine.bots import bot_move, make_bot
from engine.kachuful.rules import KachufulRules
from engine.kachuful.state import Bid, KachufulState
from engine.krypkasino.rules import KrypkasinoRules
from engine.krypkasino.state import KrypkasinoState, Play

DATA = Path(__file__).parent / "data" / "bot_fingerprints.json"

#: (name, game, line-up, rules, seed, slow): the games whose actions are fingerprinted.
Case = tuple[str, str, tuple[str, ...], Mapping[str, Any], int, bool]


def _cases() -> list[Case]:
    cases: list[Case] = []
    for level in ("random", "basic"):
        for n in (3, 4, 5):
            for seed in (1, 2, 3):
                cases.append((f"kachuful-{level}-{n}p-s{seed}", "kachuful", (level,) * n, {},
                              seed, False))
        for n in (2, 3, 4):
            for seed in (1, 2, 3):
                cases.append((f"krypkasino-{level}-{n}p-s{seed}", "krypkasino", (level,) * n,
                              {}, seed, False))
    # The strong bots on short games (fast), then on whole default games (slow).
    for n in (3, 4):
        cases.append((f"kachuful-strong-{n}p-short", "kachuful", ("strong",) * n,
                      {"max_cards": 2}, 7, False))
        cases.append((f"kachuful-mixed-{n}p-short", "kachuful",
                      ("strong", "basic", "random", "basic")[:n], {"max_cards": 2}, 8, False))
    for n in (2, 3):
        cases.append((f"krypkasino-strong-{n}p-one-deal", "krypkasino", ("strong",) * n,
                      {"session": 1}, 7, False))
    cases.append(("krypkasino-mixed-3p-one-deal", "krypkasino", ("strong", "basic", "random"),
                  {"session": 1}, 8, False))
    for n in (3, 4):
        cases.append((f"kachuful-strong-{n}p-s1", "kachuful", ("strong",) * n, {}, 1, True))
        cases.append((f"kachuful-mixed-{n}p-s2", "kachuful",
                      ("strong", "basic", "random", "strong")[:n], {}, 2, True))
    for n in (2, 3, 4):
        cases.append((f"krypkasino-strong-{n}p-s1", "krypkasino", ("strong",) * n, {}, 1, True))
    cases.append(("krypkasino-mixed-4p-s2", "krypkasino", ("strong", "basic", "random", "strong"),
                  {}, 2, True))
    return cases


CASES = _cases()


def _code(action: Any) -> str:
    if isinstance(action, Bid):
        return f"{'B' if action.blind else 'b'}{action.n}"
    if isinstance(action, Play):
        take = "-" if action.take is None else ",".join(c.code for c in action.take)
        return f"{action.card.code}:{take}"
    return str(action.code)


def _new_state(game: str, players: int, rules: Mapping[str, Any], seed: int) -> Any:
    if game == "kachuful":
        return KachufulState.new_game(players, KachufulRules.from_dict(dict(rules)), seed=seed)
    return KrypkasinoState.new_game(players, KrypkasinoRules.from_dict(dict(rules)), seed)


def play(game: str, lineup: Sequence[str], rules: Mapping[str, Any], seed: int) -> str:
    """The sha256 of the actions of one seeded game of ``lineup`` (seat ``i`` plays
    ``lineup[i]``, its bot seeded by ``seed * 100 + i``) and of its final scores."""
    state = _new_state(game, len(lineup), rules, seed)
    bots = [make_bot(game, level, seed * 100 + i) for i, level in enumerate(lineup)]
    actions: list[str] = []
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        action, _ = bot_move(state, bots[seat])
        actions.append(f"{seat}{_code(action)}")
        state.apply(action)
    actions.append("=" + ",".join(str(s) for s in state.scores()))
    return hashlib.sha256(" ".join(actions).encode()).hexdigest()


def _stored() -> dict[str, str]:
    stored: dict[str, str] = json.loads(DATA.read_text(encoding="utf-8"))
    return stored


@pytest.mark.parametrize(
    "case", [pytest.param(c, id=c[0], marks=[pytest.mark.slow] if c[5] else []) for c in CASES])
def test_the_bots_play_the_stored_games(case: Case) -> None:
    name, game, lineup, rules, seed, _slow = case
    assert play(game, lineup, rules, seed) == _stored()[name], (
        f"{name}: the bots' decisions changed in this seeded game")


def test_every_case_has_a_stored_fingerprint() -> None:
    assert sorted(_stored()) == sorted(c[0] for c in CASES)


if __name__ == "__main__":  # pragma: no cover - regenerates the stored fingerprints
    prints = {c[0]: play(c[1], c[2], c[3], c[4]) for c in CASES}
    DATA.write_text(json.dumps(prints, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {len(prints)} fingerprints to {DATA}", file=sys.stderr)
