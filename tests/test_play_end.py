"""The end of a game on the play pages (issue 28): final standings with the winner(s), best
first by the game's ranking; a bot's "why" right after its own move in the log, never after
"the game is over"."""

from __future__ import annotations

import random

import pytest
from test_play_session import legal_move, start

from engine.registry import GAME_IDS, GAMES
from ui.i18n import t
from ui.play.table import log_html, standings


def finished(game: str) -> object:
    session = start(game, level="basic", seed=4)
    rnd = random.Random(4)
    while not session.over:
        if session.bot_turn:
            session.until_my_turn()
            continue
        assert legal_move(session, rnd) is not None
    return session


@pytest.mark.parametrize("game", GAME_IDS)
@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_final_standings_name_the_winners_best_first(game: str, lang: str) -> None:
    session = finished(game)
    end = session.end_event()  # type: ignore[attr-defined]
    rows = standings(session, lang)  # type: ignore[arg-type]
    assert len(rows) == session.setup.players  # type: ignore[attr-defined]
    totals = [int(r[t("play.standings.total", lang)]) for r in rows]
    assert totals == sorted(totals, reverse=not GAMES[game].lowest_wins)
    marked = [r for r in rows if r[t("play.standings.result", lang)]]
    assert len(marked) == len(end.winners)
    assert all(int(r[t("play.standings.total", lang)]) == totals[0] for r in marked)
    assert rows[0][t("play.standings.place", lang)] in ("1st", "1.º")


def test_a_bots_why_comes_right_after_its_own_move() -> None:
    """Its reason before what followed from the move (a trick won, a hand scored, the end
    of the game): the "why" never reads as the reason the game is over."""
    from ui.play.table import event_sentence, sentence

    for game in GAME_IDS:
        session = finished(game)
        moves = [m for m in session.moves  # type: ignore[attr-defined]
                 if m.decision is not None and len(m.events) > 1]
        assert moves, game
        html = log_html(session, "en", count=10_000)  # type: ignore[arg-type]
        for move in moves[-3:]:
            first, second = (sentence(event_sentence(e, "en")) for e in move.events[:2])
            item = next(li for li in html.split("<li>") if first in li and second in li)
            assert item.index(first) < item.index("rl-why") < item.index(second), item
