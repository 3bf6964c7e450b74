"""Live classroom (issue 15): ``/live``. The teacher's link (``class=&key=``) drives the
class from the projector, a student's link (``class=&s=``) follows it on a phone, and
``/live`` or the join link of the QR code (``class=``) asks for the code and a name.

Thin: the screens are :mod:`ui.classroom.live_views`, the class lives in :mod:`store`.
"""

from __future__ import annotations

import streamlit as st

from ui import progress
from ui.classroom import live_views
from ui.prefs import current

st.set_page_config(layout="wide", initial_sidebar_state="collapsed")
visitor = current()
progress.restore()  # this browser's learner id: a student's answers land in its record
live_views.page(visitor)
