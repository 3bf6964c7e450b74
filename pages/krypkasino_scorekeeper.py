"""Krypkasino scorekeeper: a table playing with real cards enters names and the variant,
then per deal each player's card points and sweeps; the engine's score sheet checks the
42 card points, works out who lost each sweep (C-9) and keeps the session's totals.

The sheet (engine.scoresheet.KrypkasinoSheet) lives in st.session_state and is mirrored in
the link (?sheet=c1.…) after every run, so a reload or a shared link restores it. The
forms are :mod:`ui.scorekeeper.krypkasino`'s, the page's frame :mod:`ui.scorekeeper.store`'s.
"""

from __future__ import annotations

from ui.prefs import current
from ui.scorekeeper.krypkasino import KrypkasinoKeeper

KrypkasinoKeeper(current()).run()
