"""Write the documentation site as static HTML: ``python -m ui.export OUTDIR``.

The result opens from disk (``file://``) with no server and nothing fetched from elsewhere:

    OUTDIR/index.html                     every page, by language
    OUTDIR/<lang>/kachuful-rules.html     the rules pages and the glossary (rule anchors: #K-9)
    OUTDIR/<lang>/krypkasino-rules.html
    OUTDIR/<lang>/glossary.html
    OUTDIR/<lang>/lesson-<id>.html        each ready lesson (tutorials/lessons/)

Every link is relative; a rule link goes to the rules page of the same language
(``krypkasino-rules.html#C-8``), or stays on the page when the rule is on it. The pages
are the handouts of :mod:`ui.classroom.handout` with a navigation bar.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path

import tutorials
from tutorials import lessons
from ui.classroom import handout
from ui.i18n import LANG_NAMES, LANGS, t
from ui.safe import escape_html

__all__ = ["build", "doc_file", "lesson_file", "main"]


def doc_file(doc: str) -> str:
    return f"{doc}.html"


def lesson_file(lesson_id: str) -> str:
    return f"lesson-{lesson_id}.html"


def _rule_href(rule: str) -> str:
    return f"{doc_file(tutorials.rule_doc(rule))}#{rule}"


def _nav(lang: str, file: str) -> str:
    """The bar on top of every page: home, the documents, and the other languages."""
    links = [f'<a href="../index.html">{escape_html(t("classroom.export.home", lang))}</a>']
    links += [f'<a href="{doc_file(doc)}">{escape_html(t(handout.DOC_TITLES[doc], lang))}</a>'
              for doc in tutorials.DOCS]
    others = handout.language_links({code: f"../{code}/{file}" for code in LANGS}, lang)
    return f'<nav class="cl-nav">{" ".join(links)} · {others}</nav>'


def _index(all_lessons: Sequence[lessons.Lesson]) -> str:
    parts = [f'<h1>{escape_html(t("classroom.export.title", "en"))}</h1>']
    for lang in LANGS:
        parts.append(f'<section lang="{lang}"><h2 id="{lang}">{escape_html(LANG_NAMES[lang])}</h2>')
        parts.append(f'<p class="cl-lead">{escape_html(t("classroom.export.lead", lang))}</p>')
        parts.append(f'<h3>{escape_html(t("classroom.export.docs", lang))}</h3><ul>')
        parts += [f'<li><a href="{lang}/{doc_file(doc)}">{escape_html(t(handout.DOC_TITLES[doc], lang))}'
                  "</a></li>" for doc in tutorials.DOCS]
        parts.append(f'</ul><h3>{escape_html(t("classroom.export.lessons", lang))}</h3><ul>')
        parts += [f'<li><a href="{lang}/{lesson_file(lesson.id)}">'
                  f"{escape_html(lesson.title_in(lang))}</a> — {escape_html(lesson.summary_in(lang))}"
                  "</li>" for lesson in all_lessons]
        parts.append("</ul></section>")
    return handout.page(t("classroom.export.title", "en"), "\n".join(parts), "en")


_STYLE = re.compile(r"<style>(.*?)</style>\s*", re.DOTALL)


def hoist_styles(html: str) -> str:
    """Every ``<style>`` of the body (each drawn fragment brings its own) moved into
    ``<head>``, each distinct block once: the page validates (a style element belongs in
    the head) and no CSS is repeated.

    >>> hoist_styles("<html><head><style>a{}</style></head><body><style>b{}</style><p>x"
    ...              "<style>b{}</style></body></html>")
    '<html><head><style>a{}</style><style>b{}</style></head><body><p>x</body></html>'
    """
    head_end = html.find("</head>")
    if head_end < 0:
        return html
    head, body = html[:head_end], html[head_end:]
    seen = set(_STYLE.findall(head))
    moved: list[str] = []
    for css in _STYLE.findall(body):
        if css not in seen:
            seen.add(css)
            moved.append(css)
    body = _STYLE.sub("", body)
    return head + "".join(f"<style>{css}</style>" for css in moved) + body


def build(outdir: Path, langs: Sequence[str] = LANGS) -> list[Path]:
    """Write every page under ``outdir`` (created if needed); returns the files written."""
    outdir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def write(path: Path, html: str) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(hoist_styles(html), encoding="utf-8")
        written.append(path)

    all_lessons = lessons.load_all()
    for lang in langs:
        for doc in tutorials.DOCS:
            name = doc_file(doc)
            write(outdir / lang / name,
                  handout.doc_page(doc, lang, _rule_href, _nav(lang, name)))
        for lesson in all_lessons:
            name = lesson_file(lesson.id)
            write(outdir / lang / name,
                  handout.lesson_page(lesson, lang, outside=_rule_href, nav=_nav(lang, name)))
    write(outdir / "index.html", _index(all_lessons))
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ui.export",
                                     description="Write the rules, glossary and lessons as "
                                                 "static HTML that opens from disk.")
    parser.add_argument("outdir", type=Path, help="the folder to write (created if needed)")
    args = parser.parse_args(argv)
    try:
        files = build(args.outdir)
    except (OSError, lessons.LessonError) as exc:
        print(f"ui.export: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {len(files)} pages to {args.outdir} (open {args.outdir / 'index.html'})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
