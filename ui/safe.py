"""The one module that shows text from outside (a name, a link value, an uploaded record,
a lesson someone shared) on a page.

Tutorial markdown is ours and goes to ``st.markdown`` as it is. Anything typed, linked or
uploaded goes through these helpers first:

* :func:`escape_markdown` — plain text for a markdown string (``st.markdown``,
  ``st.warning``, a widget label): every markdown/HTML character is backslash-escaped *and*
  the places where Streamlit's markdown would make a link by itself (``https://``,
  ``www.``, ``name@host``) are broken with an invisible word joiner, so a URL stays text.
  Control characters and bidirectional overrides become ``�``; new lines become spaces.
* :func:`echo` — the same for a value echoed back in a message, clipped first (``…``).
* :func:`escape_html` — plain text inside HTML that we write (``st.html``).
* :func:`markdown_html` / :func:`clean_html` — untrusted *markdown* (a lesson's summary):
  converted with python-markdown, then cleaned by the ``nh3`` allow-list sanitizer. Only
  simple formatting survives: paragraphs, emphasis, code, lists, quotes, and links that stay
  on this site. No forms, inputs, styles, scripts, iframes, images or links to other sites.

>>> escape_html('<img src=x onerror=alert(1)>')
'&lt;img src=x onerror=alert(1)&gt;'
>>> escape_markdown("**bold** [link](x)")
'\\\\*\\\\*bold\\\\*\\\\* \\\\[link\\\\]\\\\(x\\\\)'
>>> "https://" in escape_markdown("https://evil.example").replace("\\\\", "")
False
>>> echo("x" * 100, 10)
'xxxxxxxxx…'
>>> markdown_html('**Hi** <form action="https://evil.example"><input></form>')
'<p><strong>Hi</strong> </p><p></p>'
>>> markdown_html('[log in](https://evil.example/x) and [K-9](kachuful_rules#K-9)')
'<p><a rel="noopener noreferrer">log in</a> and <a href="kachuful_rules#K-9" rel="noopener noreferrer">K-9</a></p>'
"""

from __future__ import annotations

import html
import re

#: The characters that mean something in Streamlit's markdown (CommonMark, GFM tables and
#: strikethrough, ``$`` maths, ``:color[…]`` and ``:icon:``, ``&`` entities), each
#: backslash-escaped. Commas, quotes and the like are left as they are.
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:&])")
#: Characters never shown as they are: C0/C1 controls (but tab and new lines, which are
#: white space), bidirectional overrides and isolates, line/paragraph separators.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_JOINER = "\u2060"  # WORD JOINER: invisible, and not a character a URL or a domain holds
#: What GFM autolinking looks for in text (after escapes are resolved): a scheme's ``://``,
#: ``www.``, and the ``@`` of an e-mail address.
_AUTOLINK = re.compile(r"(?<=:)(?=//)|(?<=www)(?=\.)|(?<=@)", re.IGNORECASE)
REPLACEMENT = "\ufffd"
#: How many characters of a bad value a message echoes (plus ``…``).
ECHO_LIMIT = 40


def _visible(text: object) -> str:
    return _CONTROL.sub(REPLACEMENT, _text_of(text))


def _text_of(value: object) -> str:
    """``str(value)``, also for a whole number too long for ``str`` (over 4,300 digits)."""
    try:
        return str(value)
    except ValueError:  # int -> str conversion limit
        assert isinstance(value, int)
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"


def escape_html(text: object) -> str:
    """``text`` as HTML text: ``& < > " '`` escaped, so no tag or attribute can be injected;
    control characters shown as ``�``."""
    return html.escape(_visible(text), quote=True)


def escape_markdown(text: object) -> str:
    """``text`` as plain text inside a markdown string (``st.markdown``/``st.warning``):
    every markdown character backslash-escaped, autolinks defused, new lines flattened to
    spaces.

    >>> escape_markdown("see www.evil.example or me@evil.example").replace("\\u2060", "|")
    'see www|\\\\.evil\\\\.example or me@|evil\\\\.example'
    """
    flat = " ".join(_visible(text).split())
    return _MARKDOWN_SPECIAL.sub(r"\\\1", _AUTOLINK.sub(_JOINER, flat))


def clip(text: object, limit: int = 60) -> str:
    """``text`` shortened to ``limit`` characters (with an ellipsis), for echoing bad input.

    >>> clip("12345", 4), clip("1234", 4)
    ('123…', '1234')
    """
    value = _text_of(text)
    return value if len(value) <= limit else value[: max(limit - 1, 0)] + "…"


def echo(value: object, limit: int = ECHO_LIMIT) -> str:
    """A bad value from a link, a form or a file, ready to echo inside a markdown message:
    clipped to ``limit`` characters, then :func:`escape_markdown`."""
    return escape_markdown(clip(value, limit))


def user_text_html(text: object, *, tag: str = "span", css_class: str = "rl-user-text") -> str:
    """An HTML element holding ``text`` as plain text (for names inside card tables etc.)."""
    if not re.fullmatch(r"[a-z][a-z0-9]*", tag):
        raise ValueError(f"not a tag name: {tag!r}")
    return f'<{tag} class="{escape_html(css_class)}">{escape_html(text)}</{tag}>'


# -- untrusted markdown --------------------------------------------------------------------

#: The tags cleaned HTML may keep: simple formatting only.
ALLOWED_TAGS = frozenset({
    "p", "br", "strong", "b", "em", "i", "code", "pre", "ul", "ol", "li", "blockquote",
    "h3", "h4", "h5", "h6", "a", "hr", "del", "s", "sub", "sup",
})
ALLOWED_ATTRIBUTES: dict[str, set[str]] = {"a": {"href"}}
#: A link that stays on this site: ``#anchor``, ``page?query#anchor`` or ``/page…`` (but
#: not ``//host``, ``/\\host`` or anything with a scheme such as ``https:``).
_SAME_SITE = re.compile(r"#[^\s\\]*|/?(?![/\\])[A-Za-z0-9_.~-]*(?:/[A-Za-z0-9_.~-]+)*"
                        r"(?:\?[^\s\\#]*)?(?:#[^\s\\]*)?")
#: The most characters of markdown rendered (a lesson summary is a few sentences).
MAX_MARKDOWN = 20_000


def same_site(url: str) -> bool:
    """Whether ``url`` is a link that stays on this site.

    >>> [same_site(u) for u in ("#K-9", "kachuful_rules?lang=pt#C-8", "/quiz",
    ...                         "//evil.example", "/\\\\evil.example", "https://evil.example",
    ...                         "javascript:alert(1)")]
    [True, True, True, False, False, False, False]
    """
    return _SAME_SITE.fullmatch(url.strip()) is not None and ":" not in url


def _keep_attribute(tag: str, name: str, value: str) -> str | None:
    if tag == "a" and name == "href":
        return value if same_site(value) else None
    return value


def clean_html(fragment: str) -> str:
    """``fragment`` cleaned by the ``nh3`` allow-list sanitizer: only :data:`ALLOWED_TAGS`,
    only ``href`` on links, and only links that stay on this site (a link to another site
    keeps its text and loses its target); the contents of ``<style>``/``<script>`` go too.

    >>> clean_html('<p style="x">a<style>*{}</style><img src="https://evil.example/p.png"></p>')
    '<p>a</p>'
    """
    import nh3

    return nh3.clean(
        fragment, tags=set(ALLOWED_TAGS), attributes=ALLOWED_ATTRIBUTES,
        attribute_filter=_keep_attribute, url_schemes=set(), strip_comments=True,
        link_rel="noopener noreferrer",
        clean_content_tags={"script", "style", "textarea", "title", "noscript", "template",
                            "iframe", "object", "svg", "math"},
    )


def markdown_html(text: object, limit: int = MAX_MARKDOWN) -> str:
    """Untrusted markdown (a shared lesson's summary) as cleaned HTML for ``st.html``:
    control characters removed, clipped to ``limit`` characters, converted by
    python-markdown (which passes raw HTML through) and then :func:`clean_html`."""
    import markdown  # type: ignore[import-untyped]

    source = _visible(clip(text, limit)).replace(REPLACEMENT, "")
    return clean_html(markdown.markdown(source))
