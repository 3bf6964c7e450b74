"""Printable, self-contained HTML pages: the rules pages, the glossary and the lessons.

Pure builders returning HTML strings (no Streamlit). The text is the same ``tutorials/``
markdown the site shows, rendered with the ``markdown`` package (``attr_list``: every
heading's id is the site's anchor, a rule's is its ID, ``K-9``); cards are the accessible
HTML of :mod:`ui.cards` (each a ``role="img"`` with its name in ``aria-label``); all CSS is
inline, with print rules, and nothing is loaded from elsewhere, so a page works saved to
disk, printed, or inside the static export (:mod:`ui.export`).

Rule links: a builder takes ``outside(rule_id) -> href | None`` for rules that are not on
the page itself; ``None`` leaves the rule ID as plain text (a lone handout has nowhere to
link to).

>>> html = doc_page("kachuful-rules", "en")
>>> 'id="K-9"' in html and "<script" not in html
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence

import markdown  # type: ignore[import-untyped]

import tutorials
from engine.registry import GAME_IDS, game_named
from tutorials import scenarios as scenario_files
from tutorials.lessons import Lesson, ScenarioItem
from ui.cards import card_css
from ui.classroom.deck import Slide, item_summary, item_title, opening_step, scenario_slides, slides
from ui.i18n import LANG_NAMES, t
from ui.safe import clean_html, escape_html

__all__ = ["CSS", "DOC_GAMES", "DOC_TITLES", "doc_body", "doc_page", "language_links", "lesson_body",
           "lesson_page", "page", "render_markdown", "scenarios_body"]

#: The UI string that names each tutorial document.
DOC_TITLES: dict[str, str] = {
    "kachuful-rules": "page.kachuful_rules",
    "krypkasino-rules": "page.krypkasino_rules",
    "glossary": "page.glossary",
}
Outside = Callable[[str], str | None]
_RULE_LINK_RE = re.compile(r"\[([^\]\n]*)\]\(rule:([KC]-\d{1,2})\)")
_EXTENSIONS = ["attr_list", "tables", "fenced_code", "sane_lists"]

#: The handout's style sheet, inline in every page (tests check its contrast).
CSS = """
:root { color-scheme: light; }
body { font-family: "Source Sans Pro", "DejaVu Sans", Arial, sans-serif; color: #111827;
  background: #ffffff; line-height: 1.5; margin: 0 auto; max-width: 60rem; padding: 1.5rem; }
h1 { font-size: 2rem; margin: 0.4rem 0 0.6rem 0; }
h2 { font-size: 1.5rem; border-bottom: 2px solid #d1d5db; padding-bottom: 0.2rem;
  margin-top: 2rem; }
h3 { font-size: 1.2rem; margin: 1.4rem 0 0.4rem 0; }
a { color: #1d4ed8; }
table { border-collapse: collapse; margin: 0.6rem 0; }
th, td { border: 1px solid #d1d5db; padding: 0.2rem 0.5rem; text-align: left; }
code { background: #f3f4f6; padding: 0 0.2rem; border-radius: 3px; }
nav.cl-nav { font-size: 0.9rem; border-bottom: 1px solid #d1d5db; padding-bottom: 0.5rem;
  margin-bottom: 1rem; }
nav.cl-nav a { margin-right: 0.8rem; }
.cl-lead { color: #374151; font-size: 1.05rem; }
.cl-slide { border: 1px solid #d1d5db; border-radius: 10px; padding: 0.6rem 0.9rem;
  margin: 0.8rem 0; break-inside: avoid; page-break-inside: avoid; }
.cl-slide h3, .cl-slide h4 { margin-top: 0.2rem; }
.cl-sub { color: #4b5563; font-size: 0.9rem; margin: 0 0 0.3rem 0; }
.cl-note { border-left: 4px solid #b45309; background: #fffbeb; padding: 0.3rem 0.6rem; }
.cl-lines { margin: 0.3rem 0; padding-left: 1.2rem; }
.cl-choices { list-style: none; padding-left: 0.4rem; font-weight: 600; }
.cl-rules { font-size: 0.9rem; }
.cl-foot { color: #6b7280; font-size: 0.8rem; margin-top: 2rem; border-top: 1px solid #d1d5db;
  padding-top: 0.4rem; }
.cl-sheet th, .cl-sheet td { text-align: center; }
.cl-legend { font-size: 0.85rem; color: #4b5563; }
.cl-toc ul { margin: 0.2rem 0; }
@media print {
  body { max-width: none; padding: 0; font-size: 11pt; }
  nav.cl-nav { display: none; }
  a { color: inherit; text-decoration: none; }
  h2, h3 { break-after: avoid; page-break-after: avoid; }
  .rl-card, .rl-table, .cl-note { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .rl-card { box-shadow: none; }
  /* A lesson on paper (issue 29: a 20-minute lesson in at most 8 A4 pages, no table cut):
     small type, each part's slides two to a row, smaller cards; a slide, a table and a
     table row never split across pages; a wide table (the hand sizes) takes the whole row
     and wraps nothing away (its screen scroll box is undone). */
  .cl-lesson { font-size: 8.5pt; line-height: 1.25; }
  .cl-lesson h1 { font-size: 15pt; margin: 0 0 0.2rem 0; }
  .cl-lesson h2 { font-size: 11.5pt; margin: 0.5rem 0 0.2rem 0; }
  .cl-lesson h3 { font-size: 9.5pt; margin: 0.3rem 0 0.1rem 0; }
  .cl-lesson p, .cl-lesson ul, .cl-lesson ol { margin: 0.15rem 0; }
  .cl-grid { display: grid; grid-template-columns: 1fr 1fr; gap: 0 0.5rem;
    align-items: start; }
  .cl-lesson .cl-slide { margin: 0.2rem 0; padding: 0.25rem 0.45rem; border-radius: 6px; }
  .cl-lesson .cl-sub { font-size: 7.5pt; margin: 0; }
  .cl-lesson .cl-lines { padding-left: 0.9rem; font-size: 8pt; }
  .cl-lesson .rl-cardblock { margin: 0.1rem 0 0.2rem 0; }
  .cl-lesson .rl-caption { margin-bottom: 0.1rem; }
  .cl-lesson .rl-cards { font-size: 7px; gap: 0.2rem; padding-top: 3px; }
  .cl-lesson .rl-table { padding: 0.4em; min-height: 0; border-radius: 8px; }
  .cl-lesson .cl-lead { font-size: 9pt; }
  .cl-lesson .kw-seats { grid-template-columns: repeat(4, minmax(0, 1fr));
    gap: 0.2rem; margin-bottom: 0.2rem; }
  .cl-lesson .kw-tag { font-size: 6.5pt; padding: 0 0.2rem; margin-left: 0.1rem; }
  .cl-lesson .kw-seat { padding: 0.1rem 0.3rem; border-radius: 6px; }
  .cl-lesson .kw-stats, .cl-lesson .kw-note, .cl-lesson .cl-legend { font-size: 6.5pt; }
  .cl-lesson .kw-head { font-size: 7.5pt; }
  .cl-lesson .kw-trick { gap: 0.3rem; }
  .cl-lesson .kw-play { font-size: 6.5pt; }
  .cl-lesson .kw-sched { font-size: 7pt; }
  .cl-lesson .kw-sched th, .cl-lesson .kw-sched td { min-width: 0; padding: 0 0.15rem; }
  .cl-lesson [role="region"] { overflow: visible !important; }
  .cl-slide:has(.kw-sched) { grid-column: 1 / -1; }
  table, tr, thead, tbody { break-inside: avoid; page-break-inside: avoid; }
  .cl-rules-text { columns: 2; column-gap: 0.8rem; font-size: 7.5pt; }
  .cl-rules-text h3 { break-after: avoid; }
  .cl-rules-text p, .cl-rules-text li { break-inside: avoid; }
}
@page { size: A4; margin: 9mm; }
"""


def page(title: str, body: str, lang: str, nav: str = "") -> str:
    """A whole HTML document around ``body`` (already HTML), with every style inline."""
    return (
        f'<!DOCTYPE html>\n<html lang="{escape_html(lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape_html(title)}</title>\n<style>{CSS}</style>\n{card_css()}\n"
        f"</head>\n<body>\n{nav}\n<main>\n{body}\n</main>\n"
        f'<footer><p class="cl-foot">{escape_html(t("classroom.handout.printed", lang))}</p></footer>\n'
        "</body>\n</html>\n"
    )


def _rule_links(md: str, here: Iterable[str], outside: Outside) -> str:
    """``[x](rule:K-9)`` -> ``#K-9`` when the rule is on this page, else ``outside``'s
    href, else the link text alone."""
    on_page = set(here)

    def swap(match: re.Match[str]) -> str:
        text, rule = match.group(1), match.group(2)
        if rule in on_page:
            return f"[{text}](#{rule})"
        href = outside(rule)
        return f"[{text}]({href})" if href else text

    return _RULE_LINK_RE.sub(swap, md)


def render_markdown(md: str, here: Iterable[str] = (), outside: Outside = lambda _: None) -> str:
    """Tutorial markdown as HTML: anchored headings, rule links resolved (see the module)."""
    text = tutorials.with_anchor_marks(_rule_links(md, here, outside))
    html: str = markdown.markdown(text, extensions=_EXTENSIONS)
    return html


def _toc(sections: Sequence[tutorials.Section], lang: str) -> str:
    items = []
    for s in sections:
        if s.level == 2:
            items.append(f'<li><a href="#{escape_html(s.anchor)}">{escape_html(s.title)}</a></li>')
    if not items:
        return ""
    return (f'<nav class="cl-toc" aria-label="{escape_html(t("classroom.handout.contents", lang))}">'
            f'<strong>{escape_html(t("classroom.handout.contents", lang))}</strong>'
            f"<ul>{''.join(items)}</ul></nav>")


def doc_body(doc: str, lang: str, outside: Outside = lambda _: None) -> str:
    """A rules page or the glossary as HTML: the text, with a contents list after the
    title; rule links to this document stay on the page."""
    md = tutorials.load_markdown(doc, lang)
    sections = tutorials.split_sections(md)
    here = [s.anchor for s in sections]
    html = render_markdown(md, here, outside)
    toc = _toc(sections, lang)
    if toc and "</h1>" in html:
        head, _, rest = html.partition("</h1>")
        return f"{head}</h1>\n{toc}\n{rest}"
    return toc + html


#: The game whose walkthrough scenarios a rules page's handout draws.
DOC_GAMES: dict[str, str] = {f"{g}-rules": g for g in GAME_IDS}


def scenarios_body(game: str, lang: str, here: Iterable[str], outside: Outside,
                   four_colour: bool = False) -> str:
    """Every walkthrough scenario of ``game`` as one position drawn in cards (its hand-built
    position or its deal), with its summary and teaching text (section ``scenarios``, each
    scenario ``scenario-<id>``)."""
    keys = game_named(game).plugins.scenario_keys
    parts = [f'<h2 id="scenarios">{escape_html(t("classroom.handout.scenarios", lang))}</h2>']
    for scenario in scenario_files.load_all(game, keys):
        step = opening_step(game, scenario.id)
        if step is None:
            continue
        slide = scenario_slides(ScenarioItem(game, scenario.id, step, step), lang,
                                four_colour)[0]
        parts.append(f'<h3 id="scenario-{escape_html(scenario.id)}">'
                     f"{escape_html(scenario.title_in(lang))}</h3>")
        if scenario.summary:
            parts.append(f'<p class="cl-lead">{escape_html(scenario.summary_in(lang))}</p>')
        parts.append(_slide_html(slide, lang, here, outside, heading="h4"))
    return "\n".join(parts)


def doc_page(doc: str, lang: str, outside: Outside = lambda _: None, nav: str = "",
             four_colour: bool = False) -> str:
    """The printable handout of a tutorial document (a whole HTML page); a rules page ends
    with the positions of its game's walkthrough scenarios drawn as cards."""
    body = doc_body(doc, lang, outside)
    if doc in DOC_GAMES:
        here = [s.anchor for s in tutorials.split_sections(tutorials.load_markdown(doc, lang))]
        body += "\n" + scenarios_body(DOC_GAMES[doc], lang, here, outside, four_colour)
    return page(f"{t(DOC_TITLES[doc], lang)} — Rules Lab", body, lang, nav)


# -- lessons -----------------------------------------------------------------------------------


def _slide_html(slide: Slide, lang: str, here: Iterable[str], outside: Outside,
                heading: str = "h3") -> str:
    parts = [f'<section class="cl-slide cl-{slide.kind}">',
             f"<{heading}>{escape_html(slide.title)}</{heading}>"]
    if slide.subtitle:
        parts.append(f'<p class="cl-sub">{escape_html(slide.subtitle)}</p>')
    if slide.lines:
        parts.append('<ul class="cl-lines">'
                     + "".join(f"<li>{escape_html(line)}</li>" for line in slide.lines) + "</ul>")
    if slide.choices:
        parts.append('<ul class="cl-choices">'
                     + "".join(f"<li>{escape_html(c)}</li>" for c in slide.choices) + "</ul>")
    if slide.text:
        parts.append(render_markdown(slide.text, here, outside))
    if slide.html:
        parts.append(slide.html)
    if slide.note:
        parts.append(f'<p class="cl-note"><strong>{escape_html(t("classroom.note", lang))}:'
                     f"</strong> {escape_html(slide.note)}</p>")
    parts.append("</section>")
    return "".join(parts)


_CITED_RE = re.compile(r"\(rule:([KC]-\d{1,2})\)")


def _cited(deck: Sequence[Slide]) -> list[str]:
    """Every rule a lesson's slides cite, in the order of the rules pages."""
    found: set[str] = set()
    for slide in deck:
        found.update(slide.rules)
        found.update(_CITED_RE.findall(slide.text or ""))

    def order(rule: str) -> tuple[bool, int]:
        prefix, number = rule.split("-")
        return prefix != "K", int(number)

    return sorted(found, key=order)


def _rule_sections(rules: Sequence[str], lang: str) -> dict[str, tutorials.Section]:
    out: dict[str, tutorials.Section] = {}
    for doc in ("kachuful-rules", "krypkasino-rules"):
        for section in tutorials.split_sections(tutorials.load_markdown(doc, lang)):
            if section.anchor in rules:
                out[section.anchor] = section
    return out


def lesson_body(lesson: Lesson, lang: str, four_colour: bool = False,
                outside: Outside = lambda _: None, deck: Sequence[Slide] | None = None) -> str:
    """A lesson as one printable page: the outline, every item with its steps drawn as
    cards, the quiz questions (answers gathered at the end) and, last, the text of every
    rule the lesson cites, each under its ID as anchor, so the rule links stay on the page."""
    deck = list(deck) if deck is not None else slides(lesson, lang, four_colour)
    rules = _cited(deck)
    sections = _rule_sections(rules, lang)
    here = list(sections)
    cover = deck[0]
    parts = [f"<h1>{escape_html(cover.title)}</h1>"]
    if cover.subtitle:
        parts.append(f'<p class="cl-sub">{escape_html(cover.subtitle)}</p>')
    if cover.text:
        # The lesson's summary (a shared lesson's own words): cleaned.
        parts.append(f'<div class="cl-lead">{clean_html(render_markdown(cover.text, here, outside))}</div>')
    toc = "".join(
        f'<li><a href="#item-{n}">{escape_html(item_title(item, lang))}</a> — '
        f"{escape_html(item_summary(item, lang))}</li>"
        for n, item in enumerate(lesson.items, start=1))
    extra = []
    if any(s.kind == "answer" for s in deck):
        extra.append(f'<li><a href="#answers">{escape_html(_answers_title(lang))}</a></li>')
    if sections:
        extra.append(f'<li><a href="#rules">{escape_html(t("classroom.handout.rules", lang))}</a></li>')
    parts.append(f'<nav class="cl-toc" aria-label="{escape_html(t("classroom.outline", lang))}">'
                 f'<strong>{escape_html(t("classroom.outline", lang))}</strong>'
                 f"<ol>{toc}</ol><ul>{''.join(extra)}</ul></nav>")
    answers: list[str] = []
    grid: list[str] = []  # the current part's slides, two to a row on paper

    def close() -> None:
        if grid:
            parts.append('<div class="cl-grid">' + "".join(grid) + "</div>")
            grid.clear()

    for slide in deck[1:]:
        if slide.kind == "item":
            close()
            n = slide.item + 1
            parts.append(f'<h2 id="item-{n}">{n}. {escape_html(slide.title)}</h2>')
            parts.append(f'<p class="cl-sub">{escape_html(" · ".join(slide.lines))}</p>')
            if slide.note:
                parts.append(f'<p class="cl-note"><strong>{escape_html(t("classroom.note", lang))}'
                             f":</strong> {escape_html(slide.note)}</p>")
        elif slide.kind == "answer":
            answers.append(_slide_html(slide, lang, here, outside))
        else:
            grid.append(_slide_html(slide, lang, here, outside))
    close()
    if answers:
        parts.append(f'<h2 id="answers">{escape_html(_answers_title(lang))}</h2>')
        parts.append('<div class="cl-grid">' + "".join(answers) + "</div>")
    if sections:
        parts.append(f'<h2 id="rules">{escape_html(t("classroom.handout.rules", lang))}</h2>')
        parts.append('<div class="cl-rules-text">')
        for rule in rules:
            if rule in sections:
                s = sections[rule]
                parts.append(render_markdown(f"### {s.title}\n\n{s.body}", here, outside))
        parts.append("</div>")
    return '<div class="cl-lesson">' + "\n".join(parts) + "</div>"


def _answers_title(lang: str) -> str:
    return t("classroom.handout.answers", lang)


def lesson_page(lesson: Lesson, lang: str, four_colour: bool = False,
                outside: Outside = lambda _: None, nav: str = "",
                deck: Sequence[Slide] | None = None) -> str:
    """The printable handout of a lesson (a whole HTML page)."""
    title = f"{t('classroom.handout.lesson', lang)}: {lesson.title_in(lang)} — Rules Lab"
    return page(title, lesson_body(lesson, lang, four_colour, outside, deck), lang, nav)


def language_links(paths: Mapping[str, str], lang: str) -> str:
    """Links to the same page in the other languages (``paths``: lang -> href)."""
    links = [f'<a href="{escape_html(href)}" hreflang="{code}" lang="{code}">'
             f"{escape_html(LANG_NAMES[code])}</a>" for code, href in paths.items() if code != lang]
    return (f'<span role="group" aria-label="{escape_html(t("classroom.export.languages", lang))}">'
            + " ".join(links) + "</span>")
