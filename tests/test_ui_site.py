"""The site frame without a browser: page list, preferences from links, rule links, TOC."""

from pathlib import Path

import tutorials
from tutorials import Section
from ui.docs import DOC_PAGES, doc_href, rule_href, toc_markdown
from ui.navigation import PAGES, by_file, page_path, registered
from ui.prefs import Prefs, resolve

ROOT = Path(__file__).resolve().parent.parent


def test_pages_list_is_consistent() -> None:
    files = [p.file for p in PAGES]
    assert len(files) == len(set(files)), "a page is listed twice"
    assert PAGES[0].file == "pages/home.py" and PAGES[0].url_path == ""
    assert by_file("pages/kachuful_rules.py").url_path == "kachuful_rules"
    assert page_path("pages/home.py") == "." and page_path("pages/glossary.py") == "glossary"
    for page in PAGES:
        assert page.file.startswith("pages/") and page.file.endswith(".py")


def test_every_listed_page_exists_and_every_page_is_listed() -> None:
    assert registered() == PAGES
    assert [p.file for p in PAGES if not (ROOT / p.file).is_file()] == []
    assert {p.file for p in PAGES} == {f"pages/{f.name}" for f in (ROOT / "pages").glob("*.py")}
    assert {p.file for p in registered()} >= set(DOC_PAGES.values()) | {"pages/home.py"}


def test_prefs_from_link_and_session() -> None:
    assert resolve(None, None) == Prefs("en", False)
    assert resolve("pt", "4") == Prefs("pt", True)
    # The menu drops the query: the session remembers.
    assert resolve(None, None, "es", True) == Prefs("es", True)
    # The link wins over the session.
    assert resolve("en", "2", "es", True) == Prefs("en", False)
    bad = resolve("fr", "3", "es", None)
    assert (bad.lang, bad.four_colour, len(bad.problems)) == ("es", False, 2)
    assert Prefs("es", True).query() == {"lang": "es", "deck": "4"}
    assert Prefs().query() == {}


def test_rule_links_point_to_the_rule_page_and_anchor() -> None:
    assert rule_href("K-9", here="kachuful-rules") == "#K-9"
    assert rule_href("K-9", here="glossary") == "kachuful_rules#K-9"
    assert rule_href("C-13", here="kachuful-rules", query={"lang": "es", "deck": "4"}) == (
        "krypkasino_rules?lang=es&deck=4#C-13")
    assert doc_href("glossary", "tabbe") == "glossary#tabbe"


def test_every_tutorial_rule_link_resolves_to_a_rule_heading() -> None:
    anchors = {doc: {s.anchor for s in tutorials.split_sections(tutorials.load_markdown(doc))}
               for doc in tutorials.DOCS}
    seen = 0
    for doc in tutorials.DOCS:
        md = tutorials.load_markdown(doc)

        def check(rule_id: str, doc: str = doc) -> str:
            nonlocal seen
            seen += 1
            target = tutorials.rule_doc(rule_id)
            assert rule_id in anchors[target], (doc, rule_id)
            return rule_href(rule_id, here=doc)

        assert "rule:" not in tutorials.rewrite_rule_links(md, check)
    assert seen > 20


def test_table_of_contents_nests_and_escapes_brackets() -> None:
    toc = toc_markdown([Section("intro", 0, "", "x"), Section("variants", 2, "Variants", ""),
                        Section("schedule", 3, "`schedule` [x]", "")])
    assert toc == "- [Variants](#variants)\n    - [`schedule` \\[x\\]](#schedule)"
