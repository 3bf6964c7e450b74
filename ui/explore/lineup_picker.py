"""The line-up of a simulation page: one bot level per seat, or nobody (:data:`EMPTY`),
as many seats as the game's largest table (the registry's). The score fan and the
variant lab keep it in the widgets ``<prefix>.seat0``, ``<prefix>.seat1``, …
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from engine.registry import BOT_LEVELS, GAMES, level_label
from engine.seats import seat_letter
from ui.i18n import t

#: The value of a seat left empty (shown as it is).
EMPTY = "—"


def seats_of(game: str) -> int:
    """How many seats the line-up offers: the game's largest table."""
    return GAMES[game].players.max


def chosen_lineup(prefix: str, game: str) -> list[str]:
    """The levels of the seats filled in the widgets, in seat order."""
    seats = [st.session_state.get(f"{prefix}.seat{s}", EMPTY) for s in range(seats_of(game))]
    return [str(x) for x in seats if x and x != EMPTY]


def lineup_state(game: str, lineup: Sequence[str]) -> dict[str, object]:
    """The widgets' values (without the prefix) for ``lineup``: its levels, then empty
    seats."""
    return {f"seat{s}": lineup[s] if s < len(lineup) else EMPTY
            for s in range(seats_of(game))}


def draw_lineup(prefix: str, game: str, lang: str, per_row: int) -> None:
    """The line-up's heading and one level box per seat, ``per_row`` boxes a row."""
    st.markdown(f"**{t('explore.lineup', lang)}**")
    cols = st.columns(per_row)
    for s in range(seats_of(game)):
        cols[s % per_row].selectbox(
            t("explore.lineup.seat", lang, seat=seat_letter(s)), (EMPTY, *BOT_LEVELS),
            key=f"{prefix}.seat{s}",
            format_func=lambda v: v if v == EMPTY else level_label(v, lang))
