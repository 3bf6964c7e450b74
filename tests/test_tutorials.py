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
    with_anchor_marks,
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


def test_with_anchor_marks_gives_every_heading_its_anchor() -> None:
    md = "intro\n### K-9 · Hook\n## Fuentes {#sources}\n### Krypa\n### Krypa\n```\n# no\n```"
    assert with_anchor_marks(md) == (
        "intro\n### K-9 · Hook {#K-9}\n## Fuentes {#sources}\n### Krypa {#krypa}\n"
        "### Krypa {#krypa-2}\n```\n# no\n```"
    )
    assert split_sections(with_anchor_marks(md)) == split_sections(md)


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


# --------------------------------------------------------------------------- the content


def _ids_from_rules_md() -> tuple[list[str], list[str]]:
    """Rule IDs of ../shared/RULES.md in order of definition (``- **K-1 Players …**``)."""
    text = RULES_MD.read_text(encoding="utf-8")
    ids = re.findall(r"^- \*\*([KC]-\d+) ", text, flags=re.MULTILINE)
    return [i for i in ids if i.startswith("K")], [i for i in ids if i.startswith("C")]


def _expected_ids() -> list[tuple[str, list[str]]]:
    """(doc, IDs) pairs to check: the literal lists, and RULES.md's when it is present."""
    pairs = [("kachuful-rules", KACHUFUL_IDS), ("krypkasino-rules", KRYPKASINO_IDS)]
    if RULES_MD.is_file():
        k_ids, c_ids = _ids_from_rules_md()
        pairs += [("kachuful-rules", k_ids), ("krypkasino-rules", c_ids)]
    return pairs


def _file(doc: str, lang: str) -> str:
    path = TUTORIALS_DIR / lang / f"{doc}.md"
    assert path.is_file(), f"missing {path}"
    return path.read_text(encoding="utf-8")


ALL_FILES = [(doc, lang) for lang in LANGS for doc in DOCS]


def test_rules_md_and_the_literal_lists_agree() -> None:
    if not RULES_MD.is_file():
        pytest.skip("../shared/RULES.md is not present")
    assert _ids_from_rules_md() == (KACHUFUL_IDS, KRYPKASINO_IDS)


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_heads_one_section_in_order(lang: str) -> None:
    for doc, ids in _expected_ids():
        md = _file(doc, lang)
        assert rule_ids(md) == ids, (doc, lang)
        for section in split_sections(md):
            if section.anchor in ids:
                assert section.level == 3
                assert len(section.body) > 80, f"{doc}/{lang} {section.anchor} is too thin"


@pytest.mark.parametrize("lang", LANGS)
def test_glossary_heads_no_rule_section(lang: str) -> None:
    assert rule_ids(_file("glossary", lang)) == []


@pytest.mark.parametrize(("doc", "lang"), ALL_FILES)
def test_every_rule_link_points_to_an_existing_rule(doc: str, lang: str) -> None:
    md = _file(doc, lang)
    targets = RULE_LINK.findall(md)
    assert targets, "a tutorial page should link to rules"
    assert set(targets) <= set(KACHUFUL_IDS) | set(KRYPKASINO_IDS)
    # and the loader rewrites every one of them
    rewritten = rewrite_rule_links(md, lambda rid: f"/{rule_doc(rid)}#{rid}")
    assert "(rule:" not in rewritten


@pytest.mark.parametrize(("doc", "lang"), ALL_FILES)
def test_same_sections_as_english(doc: str, lang: str) -> None:
    english = [(s.anchor, s.level) for s in split_sections(_file(doc, "en"))]
    assert [(s.anchor, s.level) for s in split_sections(_file(doc, lang))] == english


@pytest.mark.parametrize(("doc", "lang"), ALL_FILES)
def test_anchors_are_unique_and_in_page_links_resolve(doc: str, lang: str) -> None:
    sections = split_sections(_file(doc, lang))
    anchors = [s.anchor for s in sections]
    for anchor in anchors:
        # split_sections suffixes a repeated anchor with -2, -3 …: none may be needed
        base = re.sub(r"-\d+$", "", anchor)
        assert base == anchor or base not in anchors, f"repeated heading {base}"
    for target in re.findall(r"\]\(#([^)\s]+)\)", _file(doc, lang)):
        assert target in anchors, f"{doc}/{lang}: link to #{target} has no section"


@pytest.mark.parametrize("lang", LANGS)
def test_every_variant_option_and_value_is_explained(lang: str) -> None:
    kachuful = _file("kachuful-rules", lang)
    krypkasino = _file("krypkasino-rules", lang)
    for option in KACHUFUL_OPTIONS:
        assert f"`{option}`" in kachuful, option
    for value in KACHUFUL_VALUES:
        assert f"`{value}`" in kachuful, value
    for option in KRYPKASINO_OPTIONS:
        assert f"`{option}`" in krypkasino, option
    for value in KRYPKASINO_VALUES:
        assert f"`{value}`" in krypkasino, value
    anchors = {s.anchor for s in split_sections(kachuful)}
    assert {"variants", "sources", *(o.replace("_", "-") for o in KACHUFUL_OPTIONS)} <= anchors
    anchors = {s.anchor for s in split_sections(krypkasino)}
    assert {"variants", "sources", *(o.replace("_", "-") for o in KRYPKASINO_OPTIONS)} <= anchors


@pytest.mark.parametrize("lang", LANGS)
def test_glossary_terms_and_the_games_own_words(lang: str) -> None:
    md = _file("glossary", lang)
    anchors = {s.anchor for s in split_sections(md)}
    assert {
        "general", "kachuful", "krypkasino", "trick", "trump", "lead", "follow-suit",
        "revoke-renege", "dealer", "kari-chukat-falli-lal", "oh-hell", "bid", "exact",
        "hook-rule", "blind-bid", "krypa", "tabbe", "double-sweep", "maximum-collection",
        "lot", "stock", "last-capturer", "point-cards", "the-42-points",
    } <= anchors
    for word in ("Kachuful", "Kari-Chukat-Falli-Lal", "Krypkasino", "krypa", "tabbe"):
        assert word.lower() in md.lower(), word


@pytest.mark.parametrize("lang", LANGS)
def test_the_schedule_and_deal_tables_match_the_rules(lang: str) -> None:
    kachuful = _file("kachuful-rules", lang)
    for players in range(3, 9):
        top = 52 // players
        assert f"| {players} | {top} | {2 * top - 1} |" in kachuful
    deal = {2: (6, 4), 3: (5, 5), 4: (5, 4), 5: (4, 4), 6: (5, 2)}
    krypkasino = _file("krypkasino-rules", lang)
    for players, (hand, table) in deal.items():
        stock = 104 - players * hand - table
        assert stock % (4 * players) == 0  # the later lots use the stock exactly (C-11)
        assert f"| {players} | {hand} | {table} | {stock} |" in krypkasino
    # the card points of C-13 add up to 42 with two decks
    assert 2 * 3 + 2 * 2 + 2 * 2 + 2 * 11 + 2 * 3 == 42
    assert "42" in krypkasino


@pytest.mark.parametrize(("doc", "lang"), [(d, lg) for d, lg in ALL_FILES if lg != "en"])
def test_translations_leave_no_english_sentence(doc: str, lang: str) -> None:
    text = re.sub(r"`[^`]*`|\{#[^}]*\}", "", _file(doc, lang))
    english = re.findall(r"\b(?:the|and|with|which|player|trick|must)\b", text, flags=re.I)
    assert english == [], f"{doc}/{lang} still has English words: {english[:10]}"


@pytest.mark.parametrize(("doc", "lang"), ALL_FILES)
def test_no_placeholder_text(doc: str, lang: str) -> None:
    md = _file(doc, lang)
    assert not re.search(r"\b(?:TODO|TBD|FIXME|XXX)\b|lorem ipsum", md)
    assert all(s.body or s.level < 3 for s in split_sections(md)), "an empty term or rule"


@pytest.mark.parametrize(("doc", "lang"), ALL_FILES)
def test_the_markdown_package_renders_the_site_anchors(doc: str, lang: str) -> None:
    markdown = pytest.importorskip("markdown")
    md = rewrite_rule_links(_file(doc, lang), lambda rid: f"{rule_doc(rid)}.html#{rid}")
    html = markdown.markdown(with_anchor_marks(md), extensions=["tables", "attr_list"])
    ids = re.findall(r'<h[1-4] id="([^"]+)"', html)
    assert ids == [s.anchor for s in split_sections(md) if s.level > 0]
    assert "{#" not in html
    assert ("<table>" in html) == (doc != "glossary")  # the rules pages have tables
