"""Ready games on the play pages (issue 28): a quick game (the short first variant: a few
short hands, or one deal) and the whole game or session, for the table in play; their
labels give the engine's lengths in en/es/pt."""

from __future__ import annotations

import pytest
from testkit import click, session

from ui.apptest import open_site
from ui.i18n import t


@pytest.mark.parametrize(("page", "prefix", "game"), [
    ("pages/kachuful_play.py", "kplay.", "kachuful"),
    ("pages/krypkasino_play.py", "cplay.", "krypkasino"),
])
@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_quick_and_the_whole_game_are_one_click_away(page: str, prefix: str, game: str,
                                                          lang: str) -> None:
    at = open_site(page, players="3", seat="0", bots="you,basic,basic", seed="3", lang=lang)
    assert not at.exception
    assert not session(at, prefix).setup.is_first_game()  # the link's whole game
    quick = at.button(key=prefix + "preset.quick")
    assert quick.label.startswith(t(f"play.preset.quick.{game}", lang, hands=0, cards=0)
                                  .split(":")[0])
    click(at, prefix + "preset.quick")
    short = session(at, prefix)
    assert short.setup.is_first_game() and short.setup.players == 3
    assert short.setup.seed != 3  # new cards
    click(at, prefix + "preset.full")
    whole = session(at, prefix)
    assert not whole.setup.is_first_game() and whole.setup.players == 3
    assert not at.exception
