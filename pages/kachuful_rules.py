"""The Kachuful rules, rendered from tutorials/<lang>/kachuful-rules.md; each rule's heading is
anchored at its ID (`kachuful_rules#K-9`)."""

from ui.classroom.handouts import download_button
from ui.docs import render_doc
from ui.prefs import current

visitor = current()
download_button("kachuful-rules", visitor.lang)
render_doc("kachuful-rules", visitor.lang, visitor.query(), lead_key="rules.kachuful.lead")
