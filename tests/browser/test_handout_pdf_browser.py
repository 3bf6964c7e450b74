"""A lesson's handout printed to PDF by Chromium (issue 29): a 20-minute lesson fits in
:data:`MAX_PAGES` A4 pages, and no table, nor any of its rows, is split across two pages.

The page count is the PDF's ``/Type /Page`` objects. Where each table lands is read from the
tagged PDF's structure tree (``tagged=True``): every ``/TR`` and ``/Table`` element's
marked content names the page it is drawn on (``/Pg``), so a row drawn on two pages shows
two pages.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tutorials import lessons
from ui.classroom import handout
from ui.i18n import LANGS

pytestmark = pytest.mark.browser

MAX_PAGES = 8
A4_TEXT_PX = round((210 - 2 * 9) / 25.4 * 96)  # the @page margins of ui.classroom.handout.CSS
TWENTY_MINUTES = [lesson.id for lesson in lessons.load_all() if lesson.minutes == 20]

_OBJ_RE = re.compile(rb"\n(\d+) 0 obj\n(.*?)\nendobj", re.S)
_REF_RE = re.compile(rb"(\d+) 0 R")


def structure(pdf: bytes) -> dict[int, bytes]:
    """Every object of a PDF by number (Chromium's PDFs keep them uncompressed)."""
    return {int(m.group(1)): m.group(2) for m in _OBJ_RE.finditer(pdf)}


def pages_of(objects: dict[int, bytes], number: int, seen: set[int] | None = None) -> set[int]:
    """The pages (object numbers) the structure element ``number`` and its kids are on."""
    seen = seen if seen is not None else set()
    if number in seen or number not in objects:
        return set()
    seen.add(number)
    body = objects[number]
    found = {int(p) for p in re.findall(rb"/Pg (\d+) 0 R", body)}
    kids = re.search(rb"/K (\[[^\]]*\]|\d+ 0 R)", body)
    if kids:
        for ref in _REF_RE.findall(kids.group(1)):
            found |= pages_of(objects, int(ref), seen)
    return found


def split_elements(pdf: bytes, kind: bytes) -> tuple[int, list[set[int]]]:
    """How many ``kind`` elements (``TR``, ``Table``) the PDF has, and the page sets of
    those drawn on more than one page."""
    objects = structure(pdf)
    elements = [n for n, body in objects.items() if b"/S /" + kind + b"\n" in body + b"\n"
                and b"/Type /StructElem" in body]
    spans = [pages_of(objects, n) for n in elements]
    return len(elements), [s for s in spans if len(s) > 1]


def page_count(pdf: bytes) -> int:
    return len(re.findall(rb"/Type /Page\b(?!s)", pdf))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("lesson_id", TWENTY_MINUTES)
def test_a_twenty_minute_lesson_prints_on_eight_a4_pages_with_no_table_cut(
        browser: Any, lesson_id: str, lang: str) -> None:
    html = handout.lesson_page(lessons.load(lesson_id), lang)
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content(html)
        pdf = page.pdf(format="A4", tagged=True)
        # Nor cut sideways: at the printed width (A4 less the margins) every table fits.
        page.set_viewport_size({"width": A4_TEXT_PX, "height": 1000})
        page.emulate_media(media="print")
        wide = page.evaluate(
            "() => [...document.querySelectorAll('table')].filter(t => "
            "t.getBoundingClientRect().right > document.documentElement.clientWidth + 1 || "
            "(t.parentElement.scrollWidth > t.parentElement.clientWidth + 1)).length")
    finally:
        context.close()
    assert wide == 0, f"{wide} tables wider than the printed page"
    pages = page_count(pdf)
    assert 1 <= pages <= MAX_PAGES, f"{lesson_id} ({lang}) prints on {pages} A4 pages"
    rows, split_rows = split_elements(pdf, b"TR")
    tables, split_tables = split_elements(pdf, b"Table")
    assert tables >= 1 and rows >= 3  # the hand sizes, a score sheet: the check sees them
    assert not split_rows, f"table rows across pages: {split_rows}"
    assert not split_tables, f"tables across pages: {split_tables}"


def test_the_check_sees_a_table_split_across_pages(browser: Any) -> None:
    """The structure check is not blind: a table taller than a page (breaks allowed) is
    found on two pages."""
    rows = "".join(f"<tr><td>{n}</td><td>row {n}</td></tr>" for n in range(120))
    html = f"<!DOCTYPE html><html><body><table>{rows}</table></body></html>"
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content(html)
        pdf = page.pdf(format="A4", tagged=True)
    finally:
        context.close()
    assert page_count(pdf) >= 2
    _, split_tables = split_elements(pdf, b"Table")
    assert split_tables
