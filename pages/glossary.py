"""The glossary of the games' words, from tutorials/<lang>/glossary.md; its rule links
lead to the rules pages."""

from ui.classroom.handouts import download_button
from ui.docs import render_doc
from ui.prefs import current

visitor = current()
download_button("glossary", visitor.lang)
render_doc("glossary", visitor.lang, visitor.query(), lead_key="glossary.lead")
