"""Time every page of the site in AppTest: 10 warm runs each, median.

Each page is opened once (imports, caches and tutorial parsing warm up), then re-run 10
times through the entry script as on the server (:class:`ui.apptest.SiteTest`); the median
wall-clock time of a run is printed as ``BENCH page.<page file name>.median_ms <value> ms``.
Target: every page under 300 ms warm. Pages are those registered in ui/navigation.py, so
new pages are measured without changing this script.

The play pages' card click is timed too: a game is played through the page (bids and
legal cards clicked, the bots answering at once, the coach on as a new visitor has it) and
each click on a card of the hand, callback and the run that draws the next state, is
timed (AppTest runs the script in this process, so this is server time):
``BENCH play.<page>.card_click.median_ms`` and ``.max_ms``; target under 300 ms.

Usage: ``python bench/pages.py [--runs 10] [--lang en] [--clicks 12] [--only-clicks]``
"""

from __future__ import annotations

import argparse
import logging
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ui.apptest import open_site  # noqa: E402
from ui.navigation import registered  # noqa: E402

TARGET_MS = 300.0


def time_page(file: str, runs: int, lang: str) -> list[float]:
    """Wall-clock milliseconds of ``runs`` warm runs of the page."""
    at = open_site(file, lang=lang)
    if at.exception:
        raise RuntimeError(f"{file}: {at.exception[0].message}")
    at.run()  # a second warm-up: the first run after switching pages sets the page up
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        at.run()
        times.append((time.perf_counter() - start) * 1000)
        if at.exception:
            raise RuntimeError(f"{file}: {at.exception[0].message}")
    return times


def time_card_clicks(file: str, clicks: int, lang: str) -> list[float]:
    """Milliseconds of each card click (callback, bots' answer, next run) in a game played
    through the page with the coach on."""
    from engine.kachuful import KachufulState

    kachuful = "kachuful" in file
    prefix = "kplay." if kachuful else "cplay."
    query = {"players": "4", "seat": "0", "bots": "you,basic,basic,basic", "seed": "7",
             "max_cards": "5"} if kachuful else {"players": "2", "seat": "0",
                                                 "bots": "you,basic", "seed": "7",
                                                 "session": "1"}
    at = open_site(file, lang=lang, **query)
    times: list[float] = []
    for _ in range(400):
        if len(times) >= clicks:
            break
        game = at.session_state[prefix + "session"]
        if game.over:
            break
        state = game.state
        if game.bot_turn:
            key = prefix + "until"
        elif getattr(game, "pending", None) is not None:
            key = prefix + "take.0"
        elif isinstance(state, KachufulState) and state.phase.value == "bid":
            key = f"{prefix}bid.{state.legal_bid_numbers()[0]}"
        else:
            if kachuful:
                key = f"{prefix}card.{state.legal_actions()[0].code}"
            else:
                card = state.legal_actions()[0].card
                key = f"{prefix}card.{state.hand_of(game.seat).index(card)}"
            start = time.perf_counter()
            at.button(key=key).click().run()
            times.append((time.perf_counter() - start) * 1000)
            if at.exception:
                raise RuntimeError(f"{file}: {at.exception[0].message}")
            continue
        at.button(key=key).click().run()
        if at.exception:
            raise RuntimeError(f"{file}: {at.exception[0].message}")
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--lang", default="en", choices=("en", "es", "pt"))
    parser.add_argument("--clicks", type=int, default=12)
    parser.add_argument("--only-clicks", action="store_true")
    args = parser.parse_args()
    logging.getLogger("streamlit").setLevel(logging.ERROR)
    slow = []
    for file in ("pages/kachuful_play.py", "pages/krypkasino_play.py"):
        clicks = time_card_clicks(file, args.clicks, args.lang)
        name = Path(file).stem
        print(f"BENCH play.{name}.card_click.median_ms {statistics.median(clicks):.1f} ms",
              flush=True)
        print(f"BENCH play.{name}.card_click.max_ms {max(clicks):.1f} ms", flush=True)
        if statistics.median(clicks) >= TARGET_MS:
            slow.append(f"{name} card click")
    for spec in ([] if args.only_clicks else registered()):
        median = statistics.median(time_page(spec.file, args.runs, args.lang))
        name = Path(spec.file).stem
        print(f"BENCH page.{name}.median_ms {median:.1f} ms", flush=True)
        if median >= TARGET_MS:
            slow.append(name)
    if slow:
        print(f"over {TARGET_MS:.0f} ms: {', '.join(slow)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
