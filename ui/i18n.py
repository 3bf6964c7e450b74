"""The site's own words (menus, buttons, page texts) in English, Spanish and Portuguese,
and numbers in each language's form.

The words live in gettext PO files, ``locale/<lang>/LC_MESSAGES/site.po`` (``msgctxt`` the
key, ``msgid`` the English template, ``msgstr`` the language's), compiled to the ``.mo``
files beside them (``scripts/catalogues.py compile``, docs/language.md) that the standard
library's :mod:`gettext` reads. Keys are prefixed by the site area (``walkthrough.next``).
Engine sentences do not live here: they are the ``engine`` domain, read by
:func:`engine.messages.render`; no key is looked up in both.

>>> t("site.title", "es")
'Rules Lab'
>>> t("query.not-int", "pt", name="seed", value="abc", default=1)
'A ligação dá seed = abc, que não é um número inteiro; mostra-se 1.'
"""

from __future__ import annotations

import string
from typing import Any

from babel.numbers import format_decimal, format_percent

from engine.messages import format_text, templates
from engine.registry import LANGUAGES

LANGS: tuple[str, ...] = LANGUAGES  # the registry's
DEFAULT_LANG = "en"
#: Each language's own name, shown in the language selector.
LANG_NAMES: dict[str, str] = {"en": "English", "es": "Español", "pt": "Português"}

#: Babel's locale of each language: Portuguese is European Portuguese (docs/language.md).
LOCALES: dict[str, str] = {"en": "en", "es": "es", "pt": "pt_PT"}
DOMAIN = "site"

_merged: dict[str, dict[str, str]] | None = None


def strings() -> dict[str, dict[str, str]]:
    """Every UI string by language, from the site's compiled catalogues (read once)."""
    global _merged
    if _merged is None:
        _merged = templates(DOMAIN)
    return _merged


def normalize_lang(lang: str | None) -> str:
    """``lang`` when it is one of :data:`LANGS`, else English."""
    return lang if lang in LANGS else DEFAULT_LANG


def t(key: str, lang: str = DEFAULT_LANG, **data: Any) -> str:
    """The UI string ``key`` in ``lang`` (English for an unknown language), filled with ``data``.

    Raises ``KeyError`` for a key that no module defines: a typo must fail the page tests.
    """
    table = strings()
    template = table[normalize_lang(lang)].get(key)
    if template is None:
        template = table[DEFAULT_LANG][key]
    # The engine's formatter: cards, suits and plural forms ({n:plural:# card|# cards}).
    return format_text(template, normalize_lang(lang), **data) if data else template


def has(key: str) -> bool:
    """Whether ``key`` is defined (in English)."""
    return key in strings()[DEFAULT_LANG]


def fields(template: str) -> set[str]:
    """The ``{field}`` names a template uses (tests compare them across languages)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def problems() -> list[str]:
    """Keys missing in a language, or whose fields differ from English (tests keep it empty)."""
    table = strings()
    found: list[str] = []
    english = table[DEFAULT_LANG]
    for lang in LANGS:
        for key in sorted(english.keys() ^ table[lang].keys()):
            found.append(f"{lang}: {key} missing" if key in english else f"{lang}: {key} extra")
        for key in sorted(english.keys() & table[lang].keys()):
            if fields(english[key]) != fields(table[lang][key]):
                found.append(f"{lang}: {key} fields differ from English")
    return found


def number(value: float, lang: str = DEFAULT_LANG, digits: int = 1) -> str:
    """``value`` with exactly ``digits`` decimals in the language's form: "8.5" in English,
    "8,5" in Spanish and Portuguese (Babel's ``format_decimal``); thousands are grouped
    from 10,000 on (Spanish leaves four-digit numbers ungrouped).

    >>> number(8.46, "en", 2), number(8.46, "pt"), number(1234.5, "es"), number(3, "pt", 0)
    ('8.46', '8,5', '1234,5', '3')
    """
    pattern = "0" + ("." + "0" * digits if digits > 0 else "")
    if abs(value) >= 10000:
        pattern = "#,##" + pattern
    return str(format_decimal(value, format=pattern, locale=LOCALES[normalize_lang(lang)]))


def percent(share: float, lang: str = DEFAULT_LANG, digits: int = 1) -> str:
    """A share (0.172) as a percentage in the language's form: "17.2%" in English,
    "17,2 %" in Spanish and Portuguese (Babel's ``format_percent``).

    >>> percent(0.172, "en"), percent(0.172, "es"), percent(0.172, "pt"), percent(0.5, "en", 0)
    ('17.2%', '17,2\xa0%', '17,2\xa0%', '50%')
    """
    pattern = "0" + ("." + "0" * digits if digits > 0 else "") + "%"
    text = str(format_percent(share, format=pattern, locale=LOCALES[normalize_lang(lang)]))
    if normalize_lang(lang) in ("es", "pt") and "%" in text and "\xa0%" not in text:
        text = text.replace("%", "\xa0%")
    return text


def chart_separators(lang: str = DEFAULT_LANG) -> str:
    """Plotly's ``layout.separators`` for the language: the decimal mark, then the
    thousands mark ("8,5" on an es or pt chart's axes and hover texts).

    >>> chart_separators("en"), chart_separators("pt")
    ('.,', ',\xa0')
    """
    return ".," if normalize_lang(lang) == "en" else ",\xa0"
