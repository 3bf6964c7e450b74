"""Tables (issue 31): how fast a card played reaches the other screens, and what a move costs
the server, with ``--tables`` tables of four people (10: a class) on this machine.

**Served** (the issue's figures). Starts the site (``streamlit run``, as the browser tests
do, on a fresh SQLite file given by ``RULES_LAB_DATABASE_URL``), opens ``--tables`` Kachuful
tables of four human seats in that store and connects every seat as a browser would, with a
client of Streamlit's own protocol (:class:`Seat`: the websocket ``/_stcore/stream``, the
installed streamlit package's ``BackMsg``/``ForwardMsg`` protobufs). A seat's client does
what Chromium's Streamlit frontend does with this page: it opens ``/table?table=&seat=&token=``
(a ``rerun_script`` with the query), takes in every run of the seat's fragment the server
sends (the server's watcher, :mod:`ui.table.push`, runs it when the table moves), re-runs it
itself every time the server's ``auto_rerun`` message says (the fragment's safety timer,
:data:`ui.table.push.SAFETY_S`, or :data:`ui.table.seats.POLL_S` where the server polls; as
the frontend's timer does), and plays a move by pressing the move's button (a fragment ``rerun_script`` whose widget states
carry the button's trigger, the button's id as the server drew it). No browser draws
anything, so the machine's CPU goes to the server being measured, not to 40 pages.

At every table the seat to move waits ``--think`` seconds (uniform over 0.5-1.5 times it,
seeded), then presses the first legal move's button (the move is read from the store; a
seat presses only a button its own screen shows). The move is **seen** by another seat
when that seat's screen first changes after the press: the first run of its fragment that
ends after the press and draws something different from its last one before the press (no
timer at these tables, so nothing else on a seat's screen changes between moves).

* ``BENCH tables.move_seen_p95_ms`` / ``tables.move_seen_median_ms``: press to seen, over
  the other three seats of every move (target: p95 under 1,000 ms);
* ``BENCH tables.server_cpu_per_move_ms``: the server process's CPU time (user + system,
  /proc) over the playing, divided by the moves (target: under 50 ms). It includes every
  seat's polling meanwhile, so it depends on how fast people play (``--think``);
  ``tables.server_poll_cpu_ms_per_s`` is the CPU of the same 40 seats polling with no move
  (measured first, for ``--idle`` seconds) and ``tables.server_cpu_per_move_marginal_ms``
  the CPU per move above that;
* ``BENCH tables.served_moves`` and ``tables.served_errors`` (moves that were not seen by
  every seat, or not taken, within ``--timeout`` seconds; failed connections).

**Two processes** (``--two-process``, on by default): the same with two site processes on
one SQLite file, seats 0 and 1 of every table on the first, 2 and 3 on the second:
``BENCH tables.two_process.move_seen_p95_ms`` (and median) and
``tables.two_process.server_cpu_per_move_ms`` (both processes' CPU). (With
``RULES_LAB_DATABASE_URL`` set to a PostgreSQL URL, both runs use it instead of SQLite;
``tests/pg_server.py`` starts a throwaway one.)

**Store floor** (the first part, no server): the CPU a move costs in the store (token
check, the game rebuilt from its cached position, the engine's check, the write) and the
CPU a seat's poll costs (the table read and one seat's screen built by
:func:`ui.table.seats.screen`, without Streamlit's drawing): ``BENCH tables.store_cpu_per_move_ms``,
``tables.poll_cpu_ms`` and ``tables.moves``.

**What if** (``--poll S``): the seats run their fragment every ``S`` seconds instead of
the server's ``auto_rerun`` interval (the interval only sets the browser's timer; the
server's wakes come on top); the labels become ``tables.poll<ms>ms.…``.

Usage: ``python bench/tables.py [--tables 10] [--max-cards 4] [--think 2] [--idle 10]
[--moves 0] [--poll 0] [--no-served] [--no-two-process] [--timeout 30]``
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import os
import random
import statistics
import sys
import tempfile
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "bench"))

from store.core import Store  # noqa: E402
from store.db import ENV_URL  # noqa: E402
from store.tables import OpenedTable, SeatSpec, Tables, state_of  # noqa: E402
from ui.table.seats import screen  # noqa: E402

PAGE = "table"


# -- the store floor (no server) -----------------------------------------------------------
def store_floor(url: str, count: int, max_cards: int, seed: int) -> None:
    tables = Tables(Store(url))
    opened = [tables.open("kachuful", {"max_cards": max_cards},
                          [SeatSpec("human", name=f"P{i}") for i in range(4)],
                          seed=seed + n) for n in range(count)]
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
    print(f"BENCH tables.store_cpu_per_move_ms {1000 * sum(move_cpu) / len(move_cpu):.2f} ms",
          flush=True)
    print(f"BENCH tables.poll_cpu_ms {1000 * sum(poll_cpu) / len(poll_cpu):.2f} ms", flush=True)
    print(f"BENCH tables.moves {len(move_cpu)} count", flush=True)


# -- a seat over Streamlit's protocol ------------------------------------------------------
@dataclass
class Seat:
    """One seat's page as Streamlit's frontend runs it, over the websocket."""

    port: int
    query: str
    name: str
    poll: float = 0.0  # seconds between fragment runs; 0: what the server's auto_rerun says
    ws: Any = None
    page_hash: str = ""
    fragment: str = ""
    interval: float = 0.0
    buttons: dict[str, str] = field(default_factory=dict)  # the last run's: key -> widget id
    screen: str = ""  # hash of what the fragment's last finished run drew
    finished: list[tuple[float, str]] = field(default_factory=list)  # (time, screen) per run
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    problem: str = ""
    _run: list[bytes] = field(default_factory=list)
    _run_buttons: dict[str, str] = field(default_factory=dict)
    _tasks: list[asyncio.Task[None]] = field(default_factory=list)

    async def open(self, timeout: float) -> None:
        import websockets

        self.ws = await websockets.connect(
            f"ws://127.0.0.1:{self.port}/_stcore/stream", subprotocols=["streamlit"],
            origin=f"http://127.0.0.1:{self.port}", max_size=None, open_timeout=timeout,
            ping_interval=None)
        self._tasks.append(asyncio.create_task(self._read()))
        await self.send()
        began = time.monotonic()
        while not self.screen:  # the seat's fragment has drawn once
            if self.problem:
                raise RuntimeError(f"{self.name}: {self.problem}")
            if time.monotonic() - began > timeout:
                raise TimeoutError(f"{self.name}: the seat's screen did not arrive in "
                                   f"{timeout:g} s")
            await asyncio.sleep(0.05)

    async def send(self, fragment: str = "", trigger: str = "", auto: bool = False) -> None:
        from streamlit.proto.BackMsg_pb2 import BackMsg

        msg = BackMsg()
        rerun = msg.rerun_script
        rerun.query_string = self.query
        rerun.page_name = PAGE
        rerun.page_script_hash = self.page_hash
        if fragment:
            rerun.fragment_id = fragment
        rerun.is_auto_rerun = auto
        if trigger:
            state = rerun.widget_states.widgets.add()
            state.id = trigger
            state.trigger_value = True
        await self.ws.send(msg.SerializeToString())

    async def press(self, key: str) -> None:
        await self.send(self.fragment, self.buttons[key])

    async def _poll(self, fragment: str, interval: float) -> None:
        """The frontend's timer for a fragment's ``run_every``."""
        while True:
            await asyncio.sleep(interval)
            await self.send(fragment, auto=True)

    async def _read(self) -> None:
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        try:
            async for data in self.ws:
                msg = ForwardMsg()
                msg.ParseFromString(data)
                kind = msg.WhichOneof("type")
                if kind == "new_session":
                    self.page_hash = msg.new_session.page_script_hash
                elif kind == "auto_rerun" and msg.auto_rerun.fragment_id != self.fragment:
                    self.fragment = msg.auto_rerun.fragment_id
                    self.interval = msg.auto_rerun.interval
                    for task in self._tasks[1:]:
                        task.cancel()
                    self._tasks[1:] = [asyncio.create_task(self._poll(
                        self.fragment, self.poll or self.interval))]
                elif kind == "delta" and self.fragment and \
                        msg.delta.fragment_id == self.fragment:
                    element = msg.delta.new_element
                    self._run.append(msg.delta.SerializeToString())
                    if element.WhichOneof("type") == "button":
                        widget = element.button.id
                        self._run_buttons[widget.rsplit("-", 1)[-1]] = widget
                elif kind == "script_finished":
                    if self._run:
                        self.screen = hashlib.sha1(b"".join(self._run)).hexdigest()
                        self.buttons = self._run_buttons
                        self.finished.append((time.monotonic(), self.screen))
                        self.changed.set()
                    self._run, self._run_buttons = [], {}
        except Exception as exc:  # noqa: BLE001 - the bench reports it as an error
            self.problem = f"{type(exc).__name__}: {exc}"
        if not self.problem:
            self.problem = "the server closed the connection"

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        if self.ws is not None:
            await self.ws.close()

    async def seen_after(self, began: float, before: str, timeout: float) -> float | None:
        """Seconds from ``began`` to the first run ending after it that drew something
        other than ``before`` (None: not within ``timeout``)."""
        deadline = began + timeout
        while True:
            for at, drawn in self.finished:
                if at > began and drawn != before:
                    return at - began
            left = deadline - time.monotonic()
            if left <= 0 or self.problem:
                return None
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                return None


@dataclass
class Result:
    seen_ms: list[float] = field(default_factory=list)
    moves: int = 0
    errors: list[str] = field(default_factory=list)


def move_key(action: Any) -> str:
    """The key of the seat page's button for ``action`` (ui/table/view.py's keys)."""
    return f"table.bid{action.n}" if hasattr(action, "n") else f"table.card.{action.code}"


async def play_table(tables: Tables, table: OpenedTable, seats: list[Seat], think: float,
                     moves: int, timeout: float, rng: random.Random, result: Result) -> None:
    done = 0
    while not moves or done < moves:
        row = tables.get(table.id)
        if row is None or row.status != "playing":
            return
        state = state_of(row)
        mover = state.current_player()
        if mover is None:
            return
        key = move_key(state.legal_actions()[0])
        who = seats[mover]
        began = time.monotonic()
        while key not in who.buttons:  # the mover's own screen shows the move first
            if time.monotonic() - began > timeout or who.problem:
                result.errors.append(f"table {table.id} move {row.count}: {who.name} never "
                                     f"showed {key} ({who.problem or 'timeout'})")
                return
            who.changed.clear()
            try:
                await asyncio.wait_for(who.changed.wait(), 1.0)
            except TimeoutError:
                pass
        await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
        others = [s for i, s in enumerate(seats) if i != mover]
        before = [s.screen for s in others]
        began = time.monotonic()
        await who.press(key)
        seen = await asyncio.gather(*(s.seen_after(began, b, timeout)
                                      for s, b in zip(others, before, strict=True)))
        after = tables.get(table.id)
        if after is None or after.count <= row.count:
            result.errors.append(f"table {table.id} move {row.count}: {who.name} pressed "
                                 f"{key} and the table did not move")
            return
        result.moves += 1
        done += 1
        for seat, value in zip(others, seen, strict=True):
            if value is None:
                result.errors.append(f"table {table.id} move {row.count}: {seat.name} did "
                                     f"not see it within {timeout:g} s")
            else:
                result.seen_ms.append(value * 1000)


async def served(ports: list[int], pids: list[int], url: str, count: int, max_cards: int,
                 seed: int, think: float, idle: float, moves: int, timeout: float,
                 label: str, poll: float = 0.0) -> None:
    from load import cpu_seconds

    tables = Tables(Store(url))
    opened = [tables.open("kachuful", {"max_cards": max_cards},
                          [SeatSpec("human", name=f"P{i}") for i in range(4)],
                          seed=seed + n) for n in range(count)]
    result = Result()
    # seat i of every table on process i * len(ports) // 4 (two processes: 0,1 | 2,3)
    layout = [[Seat(ports[i * len(ports) // 4],
                    urllib.parse.urlencode({"table": t.id, "seat": i, "token": t.tokens[i]}),
                    f"table {t.id} seat {i}", poll) for i in range(4)] for t in opened]
    everyone = [s for table in layout for s in table]
    try:
        for seat in everyone:  # one at a time: a class does not open 40 pages in one instant
            try:
                await seat.open(timeout)
            except Exception as exc:  # noqa: BLE001 - counted; that table cannot play
                result.errors.append(f"could not open {seat.name}: {type(exc).__name__}: {exc}")
        ready = [(t, s) for t, s in zip(opened, layout, strict=True)
                 if all(x.screen for x in s)]
        poll_rate = float("nan")
        if idle > 0:
            cpu0, wall0 = sum(cpu_seconds(p) for p in pids), time.monotonic()
            await asyncio.sleep(idle)
            poll_rate = (sum(cpu_seconds(p) for p in pids) - cpu0) / (time.monotonic() - wall0)
            # The check of "seen": with no move, no seat's screen may change.
            for seat in everyone:
                drawn = [d for at, d in seat.finished if at > wall0]
                if any(a != b for a, b in zip(drawn, drawn[1:], strict=False)):
                    result.errors.append(f"{seat.name}: the screen changed with no move")
        cpu0, wall0 = sum(cpu_seconds(p) for p in pids), time.monotonic()
        await asyncio.gather(*(play_table(tables, t, s, think, moves, timeout,
                                          random.Random(seed * 1000 + n), result)
                               for n, (t, s) in enumerate(ready)))
        cpu, wall = sum(cpu_seconds(p) for p in pids) - cpu0, time.monotonic() - wall0
    finally:
        for seat in everyone:
            await seat.close()
    for line in result.errors[:20]:
        print(f"# {label}: {line}", file=sys.stderr, flush=True)
    kinds = {"not seen in time": "did not see", "the mover's screen never offered the move "
             "(the table stopped)": "never showed", "pressed, the table did not move (the "
             "table stopped)": "did not move", "a seat did not open": "could not open",
             "a screen changed with no move": "with no move"}
    for kind, words in kinds.items():
        if n := sum(words in line for line in result.errors):
            print(f"# {label}: {n} x {kind}", file=sys.stderr, flush=True)
    per_move = cpu / max(result.moves, 1) * 1000
    print(f"# {label}: {len(ready)} tables x 4 seats on {len(ports)} process(es), "
          f"{result.moves} moves in {wall:.1f} s, {len(result.seen_ms)} screens saw a move, "
          f"server CPU {cpu:.1f} s, poll interval {poll or everyone[0].interval:g} s "
          f"(the server's: {everyone[0].interval:g} s)",
          file=sys.stderr, flush=True)
    if result.seen_ms:
        seen = sorted(result.seen_ms)
        p95 = statistics.quantiles(seen, n=100, method="inclusive")[94] if len(seen) > 1 \
            else seen[0]
        print(f"BENCH {label}.move_seen_median_ms {statistics.median(seen):.0f} ms", flush=True)
        print(f"BENCH {label}.move_seen_p95_ms {p95:.0f} ms", flush=True)
    if result.moves:
        print(f"BENCH {label}.server_cpu_per_move_ms {per_move:.1f} ms", flush=True)
        if idle > 0:
            marginal = (cpu - poll_rate * wall) / result.moves * 1000
            print(f"BENCH {label}.server_poll_cpu_ms_per_s {poll_rate * 1000:.0f} ms",
                  flush=True)
            print(f"BENCH {label}.server_cpu_per_move_marginal_ms {marginal:.1f} ms",
                  flush=True)
    print(f"BENCH {label}.served_moves {result.moves} count", flush=True)
    print(f"BENCH {label}.served_errors {len(result.errors)} count", flush=True)


def serve(url: str, processes: int, args: argparse.Namespace, label: str) -> None:
    from browser_harness import SiteServer

    os.environ[ENV_URL] = url  # the site processes inherit the store
    servers = []
    try:
        for n in range(processes):
            log = ROOT / "bench" / "out" / f"tables-{label}-{n}.log"
            servers.append(SiteServer(log=log).start(timeout=max(60.0, args.timeout * 2)))
        ports = [s.port for s in servers]
        pids = [s.process.pid for s in servers if s.process is not None]
        asyncio.run(served(ports, pids, url, args.tables, args.max_cards, args.seed, args.think,
                           args.idle, args.moves, args.timeout, label, args.poll))
    finally:
        for server in servers:
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--max-cards", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=2.0,
                        help="mean seconds a person takes to move (uniform 0.5-1.5 times it)")
    parser.add_argument("--idle", type=float, default=10.0,
                        help="seconds of polling without moves, measured before playing")
    parser.add_argument("--moves", type=int, default=0,
                        help="moves per table in the served runs (0: whole games)")
    parser.add_argument("--timeout", type=float, default=30.0,
                        help="seconds a move may take to be seen (and a seat to open)")
    parser.add_argument("--poll", type=float, default=0.0,
                        help="what-if: seconds between a seat's fragment runs instead of the "
                             "server's auto_rerun interval (the interval only sets the client's "
                             "timer); the labels get '.poll<ms>'")
    parser.add_argument("--no-served", dest="served", action="store_false",
                        help="only the store floor (no site process)")
    parser.add_argument("--no-two-process", dest="two_process", action="store_false")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="bench-tables-")
    store_floor(f"sqlite:///{folder}/floor.sqlite3", args.tables, args.max_cards, args.seed)
    if not args.served:
        return
    shared = os.environ.get(ENV_URL, "").strip()
    what_if = f".poll{args.poll * 1000:.0f}ms" if args.poll else ""
    serve(shared or f"sqlite:///{folder}/one.sqlite3", 1, args, "tables" + what_if)
    if args.two_process:
        serve(shared or f"sqlite:///{folder}/two.sqlite3", 2, args,
              "tables.two_process" + what_if)


if __name__ == "__main__":
    main()
