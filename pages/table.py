"""Tables where people play together (issue 31): ``/table``. The owner opens a table (the
game, its rules, a person or a bot level for each seat), each person's seat has its own
link (``table=&seat=&token=``) and QR code; the owner's link (``table=&owner=``) shows them
again, gives a seat to a bot and closes the table.

Thin: the screens are :mod:`ui.table.view`, the table lives in :mod:`store.tables`.
"""

from __future__ import annotations

import streamlit as st

from ui.prefs import current
from ui.table import view as table_view

st.set_page_config(initial_sidebar_state="collapsed")
table_view.page(current())
