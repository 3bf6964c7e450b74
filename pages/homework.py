"""Homework (issue 29): ``/homework``. The teacher's link (``hw=&key=``) shows each
student's results per rule and the CSV; the students' link (``hw=``) asks a name once, then
a student's own link (``hw=&s=``) holds their work, done at their own pace.

Thin: the screens are :mod:`ui.classroom.homework_views`, the homework lives in :mod:`store.homework`.
"""

from __future__ import annotations

import streamlit as st

from ui.classroom import homework_views
from ui.prefs import current

st.set_page_config(layout="wide")
homework_views.page(current())
