"""The Krypkasino rules, rendered from tutorials/<lang>/krypkasino-rules.md; each rule's heading is
anchored at its ID (`krypkasino_rules#C-8`)."""

from ui.classroom.handouts import download_button
from ui.docs import render_doc
from ui.prefs import current

visitor = current()
download_button("krypkasino-rules", visitor.lang)
render_doc("krypkasino-rules", visitor.lang, visitor.query(), lead_key="rules.krypkasino.lead")
