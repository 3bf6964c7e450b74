"""ui/safe.py, the one safe-text module (issue 11): plain text stays text in markdown (links,
images, HTML and bare URLs included), echoes are clipped, untrusted markdown keeps only
simple formatting and links that stay on the site. Its doctests run in
tests/test_ui_doctests.py."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ui.safe import (
    ALLOWED_TAGS,
    ECHO_LIMIT,
    clean_html,
    clip,
    echo,
    escape_html,
    escape_markdown,
    markdown_html,
    same_site,
)

JOINER = "\u2060"
SPECIAL = r"\\`*_{}\[\]()#+\-.!|<>~$:&"  # what means something in Streamlit's markdown
#: Every special character is escaped (an escape pair, or a character that is not special).
FULLY_ESCAPED = re.compile(rf"(?:\\[{SPECIAL}]|[^{SPECIAL}])*")
_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")
#: What GFM autolinking finds in text once escapes are resolved (as Streamlit does).
AUTOLINK = re.compile(r"https?://|www\.|[\w.+-]@[\w-]+\.\w", re.IGNORECASE)


def unescaped(markdown: str) -> str:
    return _ESCAPED.sub(r"\1", markdown)


@pytest.mark.parametrize("text", [
    "[Official login](https://evil.example/x)", "![x](https://evil.example/p.png)",
    "https://evil.example/login", "HTTP://EVIL.EXAMPLE", "www.evil.example", "WWW.Evil.Example",
    "me@evil.example", "mailto:me@evil.example", "<https://evil.example>",
    '<img src="https://evil.example/p.png">', "<style>*{}</style>", ":red[x] :material/home:",
    "$x^2$", "**b** _i_ `c` ~~s~~ # h", "| a | b |",
])
def test_markdown_specials_and_autolinks_are_defused(text: str) -> None:
    shown = escape_markdown(text)
    assert FULLY_ESCAPED.fullmatch(shown), shown
    assert not AUTOLINK.search(unescaped(shown)), shown
    assert unescaped(shown).replace(JOINER, "") == text  # nothing is lost but the markup


@given(st.text())
def test_escape_markdown_of_any_text(text: str) -> None:
    shown = escape_markdown(text)
    assert "\n" not in shown and "\r" not in shown
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]", shown)
    assert FULLY_ESCAPED.fullmatch(shown), shown
    assert not AUTOLINK.search(unescaped(shown))


def test_control_characters_and_bidi_overrides_are_shown_as_replacement() -> None:
    assert escape_markdown("a\x00b\u202ec\x1b") == "a\ufffdb\ufffdc\ufffd"
    assert escape_html("a\x07<b>") == "a\ufffd&lt;b&gt;"
    assert escape_markdown("two\nlines\r\n\tand tabs") == "two lines and tabs"


def test_echo_clips_before_escaping() -> None:
    assert len(clip("x" * 10_000, 40)) == 40 and clip("x" * 10_000, 40).endswith("…")
    assert echo("y" * 10_000) == "y" * (ECHO_LIMIT - 1) + "…"
    assert echo("[a](https://evil.example/x)", 10) == "\\[a\\]\\(https…"


def test_huge_numbers_are_clipped_not_printed_whole() -> None:
    assert len(clip(10**4000, 60)) == 60
    assert "digits" in clip(10**5000)  # over Python's int -> str limit: described instead


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def tags_of(html: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = _Tags()
    parser.feed(html)
    return parser.tags


HOSTILE_SUMMARY = """Welcome to **the lesson**, see [K-9](kachuful_rules#K-9) and [top](#top).

<form action="https://evil.example/f" method="post"><input name="pw"><button>Log in</button>
</form> [Log in to continue](https://evil.example/login) <a href="//evil.example/a">a</a>
<a href="/\\evil.example">b</a> <a href="javascript:alert(1)">c</a> <a href=" https://evil.example">d</a>
<img src="https://evil.example/p.png"> ![pic](https://evil.example/m.png) ![own](/app/static/x.png)
<style>body{display:none}</style> <iframe src="https://evil.example"></iframe>
<p style="position:fixed" onclick="x()" class="cl-title">styled</p> <script>alert(1)</script>
<svg><a href="https://evil.example">s</a></svg> <math>m</math> <!-- comment -->
"""


def test_untrusted_markdown_keeps_simple_formatting_only() -> None:
    html = markdown_html(HOSTILE_SUMMARY)
    tags = tags_of(html)
    assert {t for t, _ in tags} <= ALLOWED_TAGS
    assert {t for t, _ in tags} >= {"p", "strong", "a"}
    for tag, attrs in tags:
        assert set(attrs) <= ({"href", "rel"} if tag == "a" else set()), (tag, attrs)
        if "href" in attrs:
            assert attrs["href"] in ("kachuful_rules#K-9", "#top"), attrs
    for gone in ("evil.example", "display:none", "alert(1)", "comment", "position:fixed"):
        assert gone not in html, gone
    assert "Log in to continue" in html  # a foreign link keeps its text
    assert "Welcome to <strong>the lesson</strong>" in html


@given(st.lists(st.sampled_from([
    "<form>", "</form>", "<input>", "<style>", "</style>", "<img src=https://evil.example>",
    "<a href=https://evil.example>", "<a href=#x>", "</a>", "<b>", "</b>", "<iframe>",
    "<script>", "</script>", "<p onclick=x>", "text", "[l](https://evil.example)", "<!--",
    "-->", "<", ">", '"', "'", "&", "<svg>", "<math>", "<textarea>", "<button>",
]), max_size=30))
def test_clean_html_of_any_tag_soup(parts: list[str]) -> None:
    html = markdown_html("".join(parts))
    for tag, attrs in tags_of(html):
        assert tag in ALLOWED_TAGS
        assert "evil" not in (attrs.get("href") or "")
    assert "<form" not in clean_html("".join(parts))


@pytest.mark.parametrize(("url", "ok"), [
    ("#K-9", True), ("kachuful_rules", True), ("kachuful_rules?lang=pt#C-8", True),
    ("/quiz?topics=K-9", True), ("classroom?l=1.abc-_&step=2", True),
    ("//evil.example", False), ("/\\evil.example", False), ("\\\\evil.example", False),
    ("https://evil.example", False), ("HTTPS://evil.example", False), ("javascript:x", False),
    ("data:text/html,x", False), (" //evil.example", False), ("mailto:a@b.c", False),
])
def test_same_site_links(url: str, ok: bool) -> None:
    assert same_site(url) is ok
