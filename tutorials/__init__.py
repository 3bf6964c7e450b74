"""The teaching content of Rules Lab: rules pages and glossary, in three languages.

The markdown lives in ``tutorials/<lang>/<doc>.md``. This module reads it and cuts it into
sections; it imports only the standard library, so the site, the static export and the
tests share one reading of the files.

Conventions of the markdown (the tests in ``tests/test_tutorials.py`` hold every file to
them):

* A rule section is a heading that starts with its rule ID: ``### K-9 · The dealer's hook``.
  Its anchor is the ID (``K-9``), in every language.
* Any other heading gets the slug of its title as anchor (``## Variants`` -> ``variants``).
  A heading may end with an explicit anchor mark, ``## Variantes {#variants}``, so that
  translated headings keep the English anchors. The mark is the attribute syntax of the
  ``markdown`` package's ``attr_list`` extension; :func:`split_sections` removes it from the
  title, and :func:`strip_anchor_marks` removes it from a whole text before it is shown
  as it is.
* ``[text](rule:K-9)`` links to a rule; :func:`rewrite_rule_links` turns it into a real link.

>>> sections = split_sections("Hello.\\n### K-9 · Hook\\nNo.\\n## Variantes {#variants}\\n")
>>> [(s.anchor, s.level, s.title, s.body) for s in sections]
[('intro', 0, '', 'Hello.'), ('K-9', 3, 'K-9 · Hook', 'No.'), ('variants', 2, 'Variantes', '')]
>>> rewrite_rule_links("See [the hook](rule:K-9).", lambda rid: "#" + rid.lower())
'See [the hook](#k-9).'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from engine.registry import LANGUAGES

__all__ = [
    "DOCS",
    "LANGS",
    "Section",
    "load_markdown",
    "rewrite_rule_links",
    "rule_doc",
    "rule_ids",
    "slugify",
    "split_sections",
    "strip_anchor_marks",
    "with_anchor_marks",
]

DOCS: tuple[str, ...] = ("kachuful-rules", "krypkasino-rules", "glossary")
LANGS: tuple[str, ...] = LANGUAGES  # the registry's

_ROOT = Path(__file__).resolve().parent

_RULE_ID = r"[KC]-\d{1,2}"
_RULE_ID_RE = re.compile(rf"^{_RULE_ID}$")
_HEADING_RE = re.compile(r"^(#{1,4})[ \t]+(.*?)[ \t]*#*[ \t]*$")
_FENCE_RE = re.compile(r"^[ ]{0,3}(`{3,}|~{3,})")
_ANCHOR_MARK_RE = re.compile(r"[ \t]*\{#([A-Za-z0-9][A-Za-z0-9_-]*)\}[ \t]*$")
_LEADING_ID_RE = re.compile(rf"^({_RULE_ID})(?![\w-])")
_RULE_LINK_RE = re.compile(rf"\[([^\]\n]*)\]\(rule:({_RULE_ID})\)")


def load_markdown(doc: str, lang: str = "en") -> str:
    """The markdown of ``doc`` in ``lang``; English when that language has no such file.

    Raises :class:`ValueError` when ``doc`` is not one of :data:`DOCS`.
    """
    if doc not in DOCS:
        raise ValueError(f"unknown tutorial document {doc!r}; expected one of {', '.join(DOCS)}")
    for candidate in (lang, "en") if lang in LANGS else ("en",):
        path = _ROOT / candidate / f"{doc}.md"
        if path.is_file():
            return path.read_text(encoding="utf-8")
    raise FileNotFoundError(f"tutorials/en/{doc}.md is missing")


@dataclass(frozen=True)
class Section:
    """One heading of a tutorial and the markdown under it (up to the next heading)."""

    anchor: str
    level: int
    title: str
    body: str


def slugify(title: str) -> str:
    """A lowercase ASCII anchor made from a heading title.

    >>> slugify("Kari-Chukat-Falli-Lal")
    'kari-chukat-falli-lal'
    >>> slugify("Última captura · ¿quién?")
    'ultima-captura-quien'
    """
    ascii_text = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-") or "section"


def _heading(line: str) -> tuple[int, str, str] | None:
    """``(level, title, anchor)`` when ``line`` is a heading of level 1..4, else None."""
    match = _HEADING_RE.match(line)
    if match is None:
        return None
    level, title = len(match.group(1)), match.group(2)
    mark = _ANCHOR_MARK_RE.search(title)
    if mark is not None:
        title = title[: mark.start()].rstrip()
        return level, title, mark.group(1)
    leading = _LEADING_ID_RE.match(title)
    return level, title, leading.group(1) if leading else slugify(title)


def _lines(md: str) -> Iterator[tuple[str, tuple[int, str, str] | None]]:
    """Each line of ``md`` with ``(level, title, anchor)`` when it is a heading.

    Headings inside fenced code blocks are text. A repeated anchor gets ``-2``, ``-3``, …
    """
    seen: dict[str, int] = {}
    fence: str | None = None
    for line in md.replace("\r\n", "\n").split("\n"):
        fence_match = _FENCE_RE.match(line)
        if fence_match is not None:
            marker = fence_match.group(1)
            if fence is None:
                fence = marker[0] * 3
            elif marker.startswith(fence):
                fence = None
        heading = None if fence is not None or fence_match else _heading(line)
        if heading is not None:
            level, title, anchor = heading
            count = seen[anchor] = seen.get(anchor, 0) + 1
            if count > 1:
                heading = (level, title, f"{anchor}-{count}")
        yield line, heading


def split_sections(md: str) -> list[Section]:
    """Cut markdown into sections at every heading of level 1..4.

    Text before the first heading becomes ``Section("intro", 0, "", body)`` when it is not
    blank. Headings inside fenced code blocks are text. Anchors repeated in one document
    get ``-2``, ``-3``, … so every anchor of the result is unique.
    """
    sections: list[Section] = []
    anchor, level, title = "intro", 0, ""
    body: list[str] = []

    def close() -> None:
        text = "\n".join(body).strip()
        if level > 0 or text:
            sections.append(Section(anchor, level, title, text))

    for line, heading in _lines(md):
        if heading is None:
            body.append(line)
            continue
        close()
        level, title, anchor = heading
        body = []
    close()
    return sections


def with_anchor_marks(md: str) -> str:
    """``md`` with an explicit ``{#anchor}`` on every heading, the anchor of its section.

    For the ``markdown`` package with the ``attr_list`` extension (handouts, static
    export), so its element ids are the site's anchors (``K-9``, ``variants``).

    >>> with_anchor_marks("### K-9 · Hook\\n## Variantes {#variants}\\ntext")
    '### K-9 · Hook {#K-9}\\n## Variantes {#variants}\\ntext'
    """
    out = []
    for line, heading in _lines(md):
        if heading is not None:
            level, title, anchor = heading
            line = f"{'#' * level} {title} {{#{anchor}}}"
        out.append(line)
    return "\n".join(out)


def rule_ids(md: str) -> list[str]:
    """The rule IDs that head sections of ``md``, in order of appearance."""
    return [s.anchor for s in split_sections(md) if _RULE_ID_RE.match(s.anchor)]


def rule_doc(rule_id: str) -> str:
    """The document that explains ``rule_id``: ``K-…`` Kachuful, ``C-…`` Krypkasino.

    >>> rule_doc("C-8")
    'krypkasino-rules'
    """
    if _RULE_ID_RE.match(rule_id):
        return "kachuful-rules" if rule_id.startswith("K") else "krypkasino-rules"
    raise ValueError(f"not a rule ID: {rule_id!r} (expected K-<n> or C-<n>)")


def rewrite_rule_links(md: str, href: Callable[[str], str]) -> str:
    """Replace every ``[text](rule:K-9)`` link by ``[text](href("K-9"))``.

    Only well-formed IDs (``K-<n>``, ``C-<n>``) are rewritten; the tests keep every
    ``rule:`` link of the tutorials well formed and pointing to a rule that exists.
    """
    return _RULE_LINK_RE.sub(lambda m: f"[{m.group(1)}]({href(m.group(2))})", md)


def strip_anchor_marks(md: str) -> str:
    """Remove the explicit ``{#anchor}`` marks from headings, for renderers without attr_list.

    >>> strip_anchor_marks("## Variantes {#variants}\\ntext {#kept}")
    '## Variantes\\ntext {#kept}'
    """
    lines = []
    for line in md.split("\n"):
        if _HEADING_RE.match(line):
            line = _ANCHOR_MARK_RE.sub("", line)
        lines.append(line)
    return "\n".join(lines)
