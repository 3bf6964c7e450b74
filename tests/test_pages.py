"""Page tests with AppTest: every registered page runs in every language; the rules pages
show every rule of RULES.md at its anchor; the language switch and link values work.

New pages are covered automatically: the parametrisation reads ``ui.navigation``.
"""

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

import tutorials
from ui.apptest import open_site
from ui.i18n import LANGS, t
from ui.navigation import registered

ROOT = Path(__file__).resolve().parent.parent
RULES_MD = ROOT.parent / "shared" / "RULES.md"
PAGE_FILES = [p.file for p in registered()]


def rule_ids_of_contract(prefix: str) -> list[str]:
    """The rule IDs of ../shared/RULES.md (the tutorials' own when the contract is absent)."""
    if RULES_MD.is_file():
        return re.findall(rf"^- \*\*({prefix}-\d+) ", RULES_MD.read_text(encoding="utf-8"), re.M)
    doc = "kachuful-rules" if prefix == "K" else "krypkasino-rules"
    return tutorials.rule_ids(tutorials.load_markdown(doc))


def open_page(file: str, **query: str) -> AppTest:
    """The site opened at ``file`` with ``query`` in the URL, every run through the entry
    script as on the server (:mod:`ui.apptest`)."""
    at = open_site(file, **query)
    assert not at.exception, at.exception
    return at


def headings(at: AppTest) -> list[tuple[str | None, str]]:
    return [(h.anchor, h.value) for kind in ("title", "header", "subheader") for h in at.get(kind)]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("file", PAGE_FILES)
def test_every_page_runs_without_exception(file: str, lang: str) -> None:
    at = open_page(file, lang=lang)
    assert not at.exception, at.exception
    assert not at.error, [e.value for e in at.error]
    assert len(at.main.children) > 0
    # The shared frame ran too: the sidebar is there, in the page's language.
    assert at.selectbox(key="rl.lang").value == lang
    assert at.selectbox(key="rl.lang").label == t("sidebar.language", lang)


def test_the_entry_script_draws_the_shared_sidebar() -> None:
    at = open_page(PAGE_FILES[0])
    assert at.selectbox(key="rl.lang").value == "en"
    assert at.toggle(key="rl.deck4").value is False
    links = " ".join(h.proto.body for h in at.sidebar.get("html"))
    assert "kachuful_rules#K-9" in links and "krypkasino_rules#C-8" in links


@pytest.mark.parametrize(("file", "prefix"), [("pages/kachuful_rules.py", "K"),
                                              ("pages/krypkasino_rules.py", "C")])
@pytest.mark.parametrize("lang", LANGS)
def test_rules_pages_show_every_rule_at_its_anchor(file: str, prefix: str, lang: str) -> None:
    expected = rule_ids_of_contract(prefix)
    assert len(expected) >= 14
    at = open_page(file, lang=lang)
    found = {anchor: title for anchor, title in headings(at)}
    for rule_id in expected:
        assert rule_id in found, rule_id
        assert found[rule_id].startswith(rule_id), found[rule_id]
    text = " ".join(m.value for m in at.markdown)
    assert "rule:" not in text, "a rule: link was left unrewritten"
    assert "(#variants)" in text  # the table of contents


def test_glossary_links_lead_to_rule_pages() -> None:
    at = open_page("pages/glossary.py", lang="es")
    text = " ".join(m.value for m in at.markdown)
    assert "rule:" not in text
    assert "(kachuful_rules?lang=es#K-12)" in text
    assert re.search(r"\(krypkasino_rules\?lang=es#C-\d+\)", text)


def test_language_switch_changes_the_text_and_the_link() -> None:
    at = open_page(PAGE_FILES[0])
    english = [m.value for m in at.markdown]
    at.selectbox(key="rl.lang").set_value("es").run()
    assert not at.exception
    assert at.query_params.get("lang") == "es"
    spanish = [m.value for m in at.markdown]
    assert spanish[0] == t("home.lead", "es") != english[0]
    assert at.selectbox(key="rl.lang").label == "Idioma"
    # The choice survives moving to another page (the menu drops the query).
    at.query_params.pop("lang")
    at.switch_page("pages/kachuful_rules.py").run()
    assert at.caption[0].value == t("rules.kachuful.lead", "es")
    assert at.query_params.get("lang") == "es"  # and is written back to the link
    # Back to English: the link loses its lang.
    at = open_page(PAGE_FILES[0], lang="pt")
    at.selectbox(key="rl.lang").set_value("en").run()
    assert "lang" not in at.query_params and at.markdown[0].value == english[0]


def test_four_colour_deck_from_link_and_toggle() -> None:
    at = open_page(PAGE_FILES[0], deck="4")
    assert at.toggle(key="rl.deck4").value is True
    assert "rl-four" in at.sidebar.get("html")[0].proto.body
    at.toggle(key="rl.deck4").set_value(False).run()
    assert "deck" not in at.query_params
    assert "rl-four" not in at.sidebar.get("html")[0].proto.body


@pytest.mark.parametrize(("key", "value"), [("lang", "klingon"), ("deck", "7"), ("lang", "<b>x</b>")])
def test_a_bad_link_value_gives_a_warning_and_a_working_page(key: str, value: str) -> None:
    at = open_page(PAGE_FILES[0], **{key: value})
    assert not at.exception
    (warning,) = at.warning
    assert f"The link's {key} is" in warning.value
    assert "<b>" not in warning.value
    assert at.title[0].value == "Rules Lab"


def test_home_links_only_to_pages_that_exist() -> None:
    at = open_page(PAGE_FILES[0], lang="pt")
    targets = {link.proto.page for link in at.get("page_link")}
    assert targets and all(any(target.endswith(Path(f).stem) or target.endswith(f)
                               for f in PAGE_FILES) for target in targets)
