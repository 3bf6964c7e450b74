"""Rendering the tutorial documents (rules pages, glossary) from ``tutorials/`` markdown.

Every section becomes a Streamlit heading whose anchor is the section's anchor (the rule ID
for a rule, ``K-9``), so ``kachuful_rules#K-9`` lands on it; ``[text](rule:K-9)`` links are
rewritten to the page and anchor of that rule (:func:`rule_href`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import streamlit as st

import tutorials
from engine.messages import render
from engine.registry import GAMES, Option
from tutorials import Section
from ui.i18n import LANG_NAMES, t
from ui.navigation import page_path

#: The page file that shows each tutorial document.
DOC_PAGES: dict[str, str] = {
    "kachuful-rules": "pages/kachuful_rules.py",
    "krypkasino-rules": "pages/krypkasino_rules.py",
    "glossary": "pages/glossary.py",
}


#: The game whose options a rules document's "Variants" describes.
DOC_GAMES: dict[str, str] = {"kachuful-rules": "kachuful", "krypkasino-rules": "krypkasino"}

_CODE = re.compile(r"`([^`\n]+)`")
#: A value's list item in an option's section: "- `down-up` (default): ...".
_ITEM = re.compile(r"^- `([^`\n]+)`(?: \(([^)\n]*)\))?:", re.M)
#: A value with a parenthesis elsewhere (a table's cell): "`exact` (default)".
_MARKED = re.compile(r"`([^`\n]+)` \(([^)\n]*)\)")


def section_option(doc: str, anchor: str) -> Option | None:
    """The registry option a section of a rules document describes (``max-cards``)."""
    game = DOC_GAMES.get(doc)
    if game is None:
        return None
    name = anchor.replace("-", "_")
    return GAMES[game].option(name) if name in GAMES[game].option_names else None


def _value(option: Option, code: str) -> tuple[bool, Any]:
    try:
        return True, option.parse(code)
    except ValueError:
        return False, None


def human_text(text: str, game: str | None, lang: str, option: Option | None = None) -> str:
    """Markdown with the options' code names said with the registry's labels: an option's
    name (`` `max_cards` ``) as its label, a value (`` `down-up` ``, `` `true` ``, `` `null` ``)
    as the value's label, a value's list item with "(usual rule)" on the default. ``game``
    ``None`` (the glossary) looks in every game's options.

    >>> print(human_text("- `true` (default): the dealer may not", "kachuful", "en",
    ...                  GAMES["kachuful"].option("hook_rule")))
    - **on (usual rule)**: the dealer may not
    >>> human_text("the `schedule` and `max_cards` options; `classic`", "kachuful", "en")
    'the *Hand sizes* and *Largest hand* options; *the classic start*'
    >>> human_text("(option `one_card_forehead`)", None, "en")
    '(option *One-card hands on the forehead*)'
    """
    def item(m: re.Match[str]) -> str:
        assert option is not None
        ok, value = _value(option, m.group(1))
        if not ok:
            return m.group(0)
        shown = option.value_label(value, lang)
        if value == option.default and type(value) is type(option.default):
            shown = render("option.usual", lang, value=shown)
        elif m.group(2):
            shown += f" ({m.group(2)})"
        return f"- **{shown}**:"

    def span(m: re.Match[str]) -> str:
        code = m.group(1)
        options = GAMES[game].options if game else tuple(o for g in GAMES.values()
                                                          for o in g.options)
        for o in options:
            if o.name == code:
                return f"*{o.label(lang)}*"
        if option is not None:
            ok, value = _value(option, code)
            if ok:
                return f"*{option.value_label(value, lang)}*"
        if code in ("true", "false", "null") or code.isdigit():
            return m.group(0)  # a flag or a number needs its option: left to the section
        found = [(o, v) for o in options for ok, v in [_value(o, code)] if ok]
        if len(found) == 1:
            return f"*{found[0][0].value_label(found[0][1], lang)}*"
        return m.group(0)

    def marked(m: re.Match[str]) -> str:  # "`exact` (default)" in a table's cell
        assert option is not None
        ok, value = _value(option, m.group(1))
        if not ok or value != option.default or type(value) is not type(option.default):
            return m.group(0)
        usual = render("option.usual", lang, value=option.value_label(value, lang))
        return f"**{usual}**"

    if option is not None:
        text = _MARKED.sub(marked, _ITEM.sub(item, text))
    return _CODE.sub(span, text)


def rule_href(rule_id: str, here: str | None = None, query: Mapping[str, str] | None = None) -> str:
    """The link to ``rule_id``: ``#K-9`` on the page of document ``here`` when the rule is
    on it, else the relative page link with ``query`` (``kachuful_rules?lang=es#K-9``).

    >>> rule_href("K-9", here="kachuful-rules"), rule_href("C-8", query={"lang": "pt"})
    ('#K-9', 'krypkasino_rules?lang=pt#C-8')
    """
    doc = tutorials.rule_doc(rule_id)
    if doc == here:
        return f"#{rule_id}"
    return doc_href(doc, rule_id, query)


def doc_href(doc: str, anchor: str | None = None, query: Mapping[str, str] | None = None) -> str:
    """The relative link to a tutorial document's page, with a query and an anchor."""
    path = page_path(DOC_PAGES[doc])
    if query:
        path += "?" + "&".join(f"{k}={v}" for k, v in query.items())
    return path + (f"#{anchor}" if anchor else "")


def has_translation(doc: str, lang: str) -> bool:
    """Whether ``tutorials/<lang>/<doc>.md`` exists (else the loader falls back to English)."""
    return (Path(tutorials.__file__).resolve().parent / lang / f"{doc}.md").is_file()


@st.cache_data(show_spinner=False)
def sections(doc: str, lang: str) -> list[Section]:
    """The sections of ``doc`` in ``lang`` (cached per process: the files do not change)."""
    return tutorials.split_sections(tutorials.load_markdown(doc, lang))


def toc_markdown(items: list[Section], min_level: int = 2, max_level: int = 3) -> str:
    """A nested markdown list linking to the sections of levels ``min_level..max_level``.

    >>> print(toc_markdown([Section("rules", 2, "The rules", ""), Section("K-1", 3, "K-1 · Deck", "")]))
    - [The rules](#rules)
        - [K-1 · Deck](#K-1)
    """
    lines = []
    for s in items:
        if min_level <= s.level <= max_level:
            indent = "    " * (s.level - min_level)
            title = s.title.replace("[", "\\[").replace("]", "\\]")
            lines.append(f"{indent}- [{title}](#{s.anchor})")
    return "\n".join(lines)


#: Scrolls to the URL's #anchor once the page has drawn, and again if the layout moved it
#: (elements that load late can push the heading down after Streamlit's own scroll); stops
#: as soon as the visitor scrolls.
_SCROLL_TO_HASH = """<script>
(() => {
  const id = decodeURIComponent(window.location.hash.slice(1));
  if (!id) return;
  let mine = null;
  const land = () => {
    const el = document.getElementById(id);
    if (!el) return;
    const box = el.closest("[data-testid='stMain']") || document.scrollingElement;
    if (mine !== null && Math.abs(box.scrollTop - mine) > 2) return;  // the visitor scrolled
    const top = el.getBoundingClientRect().top;
    if (top < 0 || top > 120) { el.scrollIntoView({block: "start"}); }
    mine = box.scrollTop;
  };
  [150, 600, 1500, 3000].forEach((ms) => setTimeout(land, ms));
})();
</script>"""


def render_doc(doc: str, lang: str, query: Mapping[str, str], lead_key: str | None = None) -> None:
    """Draw the whole document: title, lead, intro, table of contents, then every section
    with its anchored heading. ``query`` is carried by links to other pages."""
    items = sections(doc, lang)
    if lang != "en" and not has_translation(doc, lang):
        st.info(t("rules.missing", lang, language=LANG_NAMES[lang]))

    game = DOC_GAMES.get(doc)

    def body(text: str, option: Option | None = None) -> None:
        text = human_text(text, game, lang, option)
        if text.strip():
            st.markdown(
                tutorials.rewrite_rule_links(text, lambda rid: rule_href(rid, doc, query))
            )

    rest = items
    if rest and rest[0].anchor == "intro":
        body(rest[0].body)
        rest = rest[1:]
    if rest and rest[0].level == 1:
        st.title(rest[0].title, anchor=rest[0].anchor)
        if lead_key:
            st.caption(t(lead_key, lang))
        body(rest[0].body)
        rest = rest[1:]
    # An option's section is titled with its label (the markdown's title is its code name).
    rest = [s if (o := section_option(doc, s.anchor)) is None or s.level != 3
            else replace(s, title=o.label(lang)) for s in rest]
    toc = toc_markdown(rest)
    if toc:
        with st.expander(t("rules.toc", lang), expanded=False, icon=":material/toc:"):
            st.markdown(toc)
    for section in rest:
        option = section_option(doc, section.anchor) if section.level == 3 else None
        if section.level <= 2:
            st.header(section.title, anchor=section.anchor, divider="gray")
        elif option is not None:  # an option of the game: its label and help, then the text
            st.subheader(section.title, anchor=section.anchor)
            st.caption(option.help(lang))
        else:
            st.subheader(section.title, anchor=section.anchor)
        body(section.body, option)
    st.html(_SCROLL_TO_HASH, unsafe_allow_javascript=True)
