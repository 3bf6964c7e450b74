"""Kachuful scorekeeper: a table playing with real cards enters names, the variant, then
each hand's bids and tricks; the engine's score sheet checks and scores them.

The sheet (engine.scoresheet.KachufulSheet) lives in st.session_state and is mirrored in
the link (?sheet=k1.…) after every run, so a reload or a shared link restores it. The
forms are :mod:`ui.scorekeeper.kachuful`'s, the page's frame :mod:`ui.scorekeeper.store`'s.
"""

from __future__ import annotations

from ui.prefs import current
from ui.scorekeeper.kachuful import KachufulKeeper

KachufulKeeper(current()).run()
