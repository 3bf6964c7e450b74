"""Compute the shipped variant-lab studies: for each game, the usual rules (A = B) and
each single-option change (A = the usual rules, B = one option changed), four basic bots,
written to ``lab/studies/<game>.json`` for :mod:`lab.library` to load into the store.

The changes: every named value of every option of the registry that is not its default
(flags flipped, each other choice), and for the numeric options the values of
:data:`NUMBERS`. Sample sizes (:data:`GAMES`): 2,000 Kachuful games and 500 Krypkasino
sessions (of the usual four deals) per study, each game played under A and under B: about
7.7 ms and 83 ms of CPU a pair on a quiet development machine, some 10 minutes of CPU in
all; on the shared 2-core machine (load average 5-6) it took the wall time docs/lab.md
quotes.

Runs on this machine's pool, or on a Ray cluster when ``RULES_LAB_RAY_ADDRESS`` is set.
Usage: ``nice -n 10 python scripts/lab_studies.py [--game kachuful] [--games N]``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.registry import GAMES as REGISTRY  # noqa: E402
from lab.library import SHIPPED, engine_version, summary_to_json, variant_of  # noqa: E402
from lab.ray_backend import ray_address, tally_study  # noqa: E402
from lab.studies.variant_lab import VariantLabStudy  # noqa: E402

#: Games per study, by game.
GAMES = {"kachuful": 2_000, "krypkasino": 500}
#: The numbers studied for the numeric options (their named values come from the registry).
NUMBERS: dict[str, dict[str, tuple[int, ...]]] = {
    "kachuful": {"max_cards": (7,)},
    "krypkasino": {"sweep_points": (0, 10), "session": (1,)},
}
PLAYERS = 4
SEED = 2026


def changes(game: str) -> list[dict[str, Any]]:
    """The usual rules ({}) and each single-option change."""
    out: list[dict[str, Any]] = [{}]
    for option in REGISTRY[game].options:
        values = [v for v in option.choices if v != option.default and v is not None]
        values += [n for n in NUMBERS[game].get(option.name, ()) if n != option.default]
        out += [{option.name: v} for v in values]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--games", type=int, default=None, help="games per study")
    args = parser.parse_args(argv)
    version = engine_version()
    lineup = ("basic",) * PLAYERS
    for game in args.game or sorted(GAMES):
        units = args.games or GAMES[game]
        studies = []
        began = time.monotonic()
        cpu: list[float] = []
        for change in changes(game):
            study = VariantLabStudy(game, lineup, {}, change, SEED)
            t0 = time.monotonic()
            summary = tally_study(study, units, cpu=cpu).summary()
            studies.append({
                "game": game, "variant": variant_of(game, {}, change), "players": PLAYERS,
                "bots": ",".join(lineup), "units": units, "seed": SEED,
                "summary": json.loads(summary_to_json(summary))})
            print(f"# {game} {change or 'usual rules'}: {units} games in "
                  f"{time.monotonic() - t0:.0f} s", flush=True)
        out = SHIPPED / f"{game}.json"
        out.write_text(json.dumps({
            "engine_version": version, "players": PLAYERS, "bots": ",".join(lineup),
            "units": units, "seed": SEED, "studies": studies}, separators=(",", ":")) + "\n",
            encoding="utf-8")
        print(f"BENCH lab_studies.{game}.wall_s {time.monotonic() - began:.0f} s")
        print(f"BENCH lab_studies.{game}.cpu_s {sum(cpu):.0f} s")
        print(f"# wrote {out.relative_to(ROOT)}: {len(studies)} studies of {units} games "
              f"(engine version {version}, {'Ray ' + str(ray_address()) if ray_address() else 'this machine'}; "
              f"load average {os.getloadavg()[0]:.1f})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
