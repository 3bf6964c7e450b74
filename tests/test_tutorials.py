"""The tutorial loader, and the rules pages and glossary in every language.

The content checks read the rule IDs from ../shared/RULES.md when it is there, and also
from the literal lists below, so they still check something when shared/ is absent.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import tutorials
from tutorials import (
    DOCS,
    LANGS,
    Section,
    load_markdown,
    rewrite_rule_links,
    rule_doc,
    rule_ids,
    slugify,
    split_sections,
    strip_anchor_marks,
)

RULES_MD = Path(__file__).resolve().parents[1].parent / "shared" / "RULES.md"
TUTORIALS_DIR = Path(tutorials.__file__).resolve().parent

KACHUFUL_IDS = [f"K-{n}" for n in range(1, 15)]
KRYPKASINO_IDS = [f"C-{n}" for n in range(1, 16)]
KACHUFUL_OPTIONS = [
    "schedule", "max_cards", "trumps", "hook_rule", "scoring", "blind_bids",
    "one_card_forehead", "renege",
]
KRYPKASINO_OPTIONS = ["capture", "sweep_points", "double_sweep", "forced_sweep", "session"]
KACHUFUL_VALUES = [
    "down-up", "up-down", "down-up-twice", "classic", "cycle", "cycle-nt", "turned",
    "exact", "ten-times", "margin", "per-trick", "judgement", "forbidden", "penalized",
]
KRYPKASINO_VALUES = ["maximum", "maximal", "rotation"]
RULE_LINK = re.compile(r"\]\(rule:([^)\s]*)\)")


# --------------------------------------------------------------------------- the loader


def test_split_sections_cuts_at_every_heading_level() -> None:
    md = (
        "Before any heading.\n\n"
        "# Title\n"
        "## K-9 · The dealer's hook\n"
        "The dealer bids last.\n\n"
        "More.\n"
        "### C-10 Double sweep\n"
        "#### A small point\n"
        "text\n"
        "##### five hashes are not a section\n"
    )
    sections = split_sections(md)
    assert sections == [
        Section("intro", 0, "", "Before any heading."),
        Section("title", 1, "Title", ""),
        Section("K-9", 2, "K-9 · The dealer's hook", "The dealer bids last.\n\nMore."),
        Section("C-10", 3, "C-10 Double sweep", ""),
        Section("a-small-point", 4, "A small point", "text\n##### five hashes are not a section"),
    ]


def test_no_intro_section_when_the_text_starts_with_a_heading() -> None:
    assert [s.anchor for s in split_sections("\n\n## Sources\nx\n")] == ["sources"]
    assert split_sections("") == []
    assert split_sections("just text") == [Section("intro", 0, "", "just text")]


def test_anchors_explicit_marks_slugs_and_duplicates() -> None:
    md = (
        "## Variantes {#variants}\n"
        "### Krypa\n"
        "### K-12x is not a rule ID\n"
        "### Última captura, ¿quién?\n"
        "### Krypa\n"
        "### K-1\n"
        "```\n## inside a fence\n```\n"
    )
    sections = split_sections(md)
    assert [s.anchor for s in sections] == [
        "variants", "krypa", "k-12x-is-not-a-rule-id", "ultima-captura-quien", "krypa-2", "K-1",
    ]
    assert sections[0].title == "Variantes"
    assert "## inside a fence" in sections[-1].body
    assert slugify("¿?") == "section"


def test_rule_ids_in_order_of_headings_only() -> None:
    md = "K-3 in text is not a heading\n### K-2 · b\nsee [K-5](rule:K-5)\n### K-1 · a\n## Variants\n"
    assert rule_ids(md) == ["K-2", "K-1"]


@pytest.mark.parametrize(
    ("rule_id", "doc"),
    [("K-1", "kachuful-rules"), ("K-14", "kachuful-rules"), ("C-8", "krypkasino-rules")],
)
def test_rule_doc(rule_id: str, doc: str) -> None:
    assert rule_doc(rule_id) == doc


@pytest.mark.parametrize("bad", ["X-1", "K-", "k-9", "K-9.hook", "", "C-8 "])
def test_rule_doc_refuses_what_is_not_a_rule_id(bad: str) -> None:
    with pytest.raises(ValueError):
        rule_doc(bad)


def test_rewrite_rule_links_calls_href_for_each_link() -> None:
    seen: list[str] = []

    def href(rule_id: str) -> str:
        seen.append(rule_id)
        return f"/{rule_doc(rule_id)}#{rule_id}"

    md = "[K-9](rule:K-9) and [the forced sweep](rule:C-8); [web](https://x.org) stays."
    assert rewrite_rule_links(md, href) == (
        "[K-9](/kachuful-rules#K-9) and [the forced sweep](/krypkasino-rules#C-8);"
        " [web](https://x.org) stays."
    )
    assert seen == ["K-9", "C-8"]


def test_strip_anchor_marks_only_on_headings() -> None:
    assert strip_anchor_marks("## Fuentes {#sources}\nbody {#x}") == "## Fuentes\nbody {#x}"


def test_load_markdown_reads_the_language_and_falls_back_to_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "en").mkdir()
    (tmp_path / "es").mkdir()
    (tmp_path / "en" / "glossary.md").write_text("english", encoding="utf-8")
    (tmp_path / "es" / "glossary.md").write_text("español", encoding="utf-8")
    (tmp_path / "en" / "kachuful-rules.md").write_text("rules", encoding="utf-8")
    monkeypatch.setattr(tutorials, "_ROOT", tmp_path)
    assert load_markdown("glossary") == "english"
    assert load_markdown("glossary", "es") == "español"
    assert load_markdown("glossary", "pt") == "english"
    assert load_markdown("kachuful-rules", "es") == "rules"
    assert load_markdown("glossary", "xx") == "english"
    assert load_markdown("glossary", "../en") == "english"


@pytest.mark.parametrize("doc", ["nope", "", "../en/glossary", "Glossary"])
def test_load_markdown_refuses_an_unknown_doc(doc: str) -> None:
    with pytest.raises(ValueError):
        load_markdown(doc)


def test_documents_and_languages_of_the_interface() -> None:
    assert DOCS == ("kachuful-rules", "krypkasino-rules", "glossary")
    assert LANGS == ("en", "es", "pt")
