"""Tables (issue 31), the server's share without browsers: the CPU a move costs in the store
(token check, the game rebuilt from its cached position, the engine's check, the bots in
their seats, the write) and the CPU a seat's poll costs (the table read and one seat's screen
built by :func:`ui.table.screen`, without Streamlit's drawing), over ``--tables`` tables of
four people playing whole Kachuful games move by move in turn, on a fresh SQLite file.

This is NOT the issue's ``tables.move_seen_p95_ms`` / ``tables.server_cpu_per_move_ms``
(those need 40 browser seats or a client of Streamlit's protocol, and include the script
runs that draw each screen); it is the floor under them.

Prints ``BENCH tables.store_cpu_per_move_ms``, ``BENCH tables.poll_cpu_ms`` (both the mean
process CPU time) and ``BENCH tables.moves`` (how many were measured).

Usage: ``python bench/tables.py [--tables 10] [--max-cards 4] [--seed 1]``
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from store.core import Store  # noqa: E402
from store.tables import SeatSpec, Tables, state_of  # noqa: E402
from ui.table import screen  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--max-cards", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="bench-tables-")
    tables = Tables(Store(f"sqlite:///{folder}/tables.sqlite3"))
    opened = [tables.open("kachuful", {"max_cards": args.max_cards},
                          [SeatSpec("human", name=f"P{i}") for i in range(4)],
                          seed=args.seed + n) for n in range(args.tables)]
    move_cpu: list[float] = []
    poll_cpu: list[float] = []
    live = list(opened)
    while live:
        for table in list(live):
            row = tables.get(table.id)
            assert row is not None
            if row.status != "playing":
                live.remove(table)
                continue
            state = state_of(row)
            seat = state.current_player()
            assert seat is not None
            action = state.legal_actions()[0]
            start = time.process_time()
            row = tables.act(table.id, seat, table.tokens[seat], action, row.count)
            move_cpu.append(time.process_time() - start)
            for other in range(4):  # the four screens read the new position
                start = time.process_time()
                seen = tables.seat_of(table.id, other, table.tokens[other])
                screen(seen, state_of(seen), other, "en")
                poll_cpu.append(time.process_time() - start)
    print(f"BENCH tables.store_cpu_per_move_ms {1000 * sum(move_cpu) / len(move_cpu):.2f} ms")
    print(f"BENCH tables.poll_cpu_ms {1000 * sum(poll_cpu) / len(poll_cpu):.2f} ms")
    print(f"BENCH tables.moves {len(move_cpu)} count")


if __name__ == "__main__":
    main()
