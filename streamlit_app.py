"""Rules Lab: the entry point. Page config, the navigation over pages/, the shared sidebar.

Pages are listed in ui/navigation.py (add a line there for a new page).
"""

import json
from pathlib import Path

import streamlit as st

from ui import charts, links, navigation, prefs, progress, query, sidebar
from ui.warm import warm_up

# Heavy first imports (pandas, pyarrow, plotly) once, one session at a time: two sessions
# importing them together on a cold server crashed a page (issue 11; ui/warm.py).
warm_up()

# A local favicon: a Material icon as page_icon is fetched from fonts.gstatic.com, which a
# classroom without internet (and the test machine) cannot reach.
FAVICON = str(Path(__file__).parent / "assets" / "favicon.png")
st.set_page_config(page_title="Rules Lab", page_icon=FAVICON, layout="wide")

visitor = prefs.for_frame()
progress.listen()  # walkthroughs' your-move answers count in a kept progress record
page = st.navigation(navigation.build(visitor.lang), expanded=True)  # all groups, no "View more"
# Each page its own browser title, and <html lang> in the page's language (Streamlit's own
# index.html says "en"; a screen reader reads Spanish with English sounds otherwise).
st.set_page_config(page_title=f"{page.title} · Rules Lab", page_icon=FAVICON, layout="wide")
sidebar.render(visitor)
# (At the end of the sidebar: an invisible first element of the main area would be the one
# a browser test waits to see.)
st.sidebar.html(f"<script>document.documentElement.lang = {json.dumps(visitor.lang)};</script>",
                unsafe_allow_javascript=True)
links.install()  # links inside the site: the same tab and the same session (ui/links.py)
st.sidebar.html(charts.PHONE_CSS)  # no Plotly toolbar over the titles on a phone
query.show_problems(visitor.problems, visitor.lang)
page.run()
