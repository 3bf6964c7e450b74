"""The site's own words (menus, buttons, page texts) in English, Spanish and Portuguese.

Strings live in the modules of the :mod:`ui.strings` package, each defining ``STRINGS =
{"en": {...}, "es": {...}, "pt": {...}}`` with every key in every language. A page area adds
its own module (``ui/strings/walkthrough.py``) with keys prefixed by the area
(``walkthrough.next``); the modules are discovered, merged once, and a key defined twice is
an error. Engine sentences do not live here: they come from :mod:`engine.messages`.

>>> t("site.title", "es")
'Rules Lab'
>>> t("query.not-int", "pt", name="seed", value="abc", default=1)
'O link dá seed = abc, que não é um número inteiro; mostra-se 1.'
"""

from __future__ import annotations

import importlib
import pkgutil
import string
from typing import Any

from engine.messages import format_text
from engine.registry import LANGUAGES

LANGS: tuple[str, ...] = LANGUAGES  # the registry's
DEFAULT_LANG = "en"
#: Each language's own name, shown in the language selector.
LANG_NAMES: dict[str, str] = {"en": "English", "es": "Español", "pt": "Português"}

_merged: dict[str, dict[str, str]] | None = None


def _load() -> dict[str, dict[str, str]]:
    import ui.strings as package

    merged: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}
    owner: dict[str, str] = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        strings: dict[str, dict[str, str]] = getattr(module, "STRINGS")  # noqa: B009
        for lang, entries in strings.items():
            if lang not in merged:
                raise RuntimeError(f"{module.__name__}: unknown language {lang!r}")
            for key in entries:
                if owner.setdefault(f"{lang}:{key}", module.__name__) != module.__name__:
                    raise RuntimeError(f"UI string {key!r} defined twice ({module.__name__})")
            merged[lang].update(entries)
    return merged


def strings() -> dict[str, dict[str, str]]:
    """Every UI string by language, merged from :mod:`ui.strings` (loaded once)."""
    global _merged
    if _merged is None:
        _merged = _load()
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
