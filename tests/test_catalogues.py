"""The message catalogues are gettext PO files (issue 30): one per language and domain, the
checked-in MO files compiled from them, one domain per key.

The PO files (``locale/<lang>/LC_MESSAGES/{engine,site}.po``) are the source; the MO
files beside them are what runs (:mod:`gettext` reads them). A PO edited without
``scripts/catalogues.py compile`` fails here.
"""

from __future__ import annotations

import importlib.util
import string
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.pofile import read_po

from engine.messages import LANGUAGES, PLURAL_FORMS, catalogue, render, translations
from ui.i18n import strings, t

ROOT = Path(__file__).resolve().parent.parent
DOMAINS = ("engine", "site")


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("catalogues_tool", ROOT / "scripts" / "catalogues.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TOOL = _tool()


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_mo_file_is_its_po_file_compiled(lang: str, domain: str) -> None:
    po = ROOT / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"
    mo = po.with_suffix(".mo")
    assert mo.read_bytes() == TOOL.mo_bytes(po), (
        f"{mo.relative_to(ROOT)} is stale: run .venv/bin/python scripts/catalogues.py compile")


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_po_files_are_well_formed(lang: str, domain: str) -> None:
    """Every entry has a key (msgctxt), English text (msgid) and a translation; the English
    text is the English PO file's; the fields are those of the English text."""
    def read(code: str) -> dict[str, tuple[str, str]]:
        path = ROOT / "locale" / code / "LC_MESSAGES" / f"{domain}.po"
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=TOOL.LOCALES[code])
        assert catalog.plural_forms == TOOL.PLURAL_FORMS, path
        out = {}
        for message in catalog:
            if not message.id:
                continue
            assert message.context, f"{path}: {message.id!r} has no msgctxt (key)"
            assert not message.fuzzy, f"{path}: {message.context} is fuzzy"
            out[message.context] = (str(message.id), str(message.string))
        return out

    english = read("en")
    mine = read(lang)
    assert mine.keys() == english.keys()
    bad = []
    for key, (msgid, text) in mine.items():
        if msgid != english[key][0]:
            bad.append(f"{key}: msgid differs from the English PO's")
        if not text:
            bad.append(f"{key}: untranslated")
        elif _names(text) != _names(msgid):
            bad.append(f"{key}: fields {_names(text)} != {_names(msgid)}")
        elif any(len(spec.split("|")) != 2 for spec in _plurals(text)):
            bad.append(f"{key}: a plural spec without exactly 2 forms (Plural-Forms)")
    assert not bad, "\n".join(bad[:20])


def _names(template: str) -> set[str]:
    return {f"{name}!{conv}" if conv else name
            for _, name, _, conv in string.Formatter().parse(template) if name is not None}


def _plurals(template: str) -> list[str]:
    return [spec for _, name, spec, _ in string.Formatter().parse(template)
            if name is not None and spec and spec.startswith("plural:")]


def test_no_key_is_in_both_domains() -> None:
    both = catalogue()["en"].keys() & strings()["en"].keys()
    assert not both, sorted(both)[:20]


def test_the_engine_and_the_site_read_their_own_domain() -> None:
    assert render("common.game-over", "pt").startswith("o jogo terminou")
    assert t("walk.next", "es") != t("walk.next", "en")
    with pytest.raises(KeyError):
        t("common.game-over", "en")  # an engine key is not a site key
    with pytest.raises(KeyError):
        render("walk.next", "en")  # nor the reverse


def test_the_plural_rule_comes_from_each_po_header() -> None:
    for lang in LANGUAGES:
        assert PLURAL_FORMS[lang] == TOOL.PLURAL_FORMS
        rule = translations("engine", lang).plural
        assert [rule(n) for n in (0, 1, 2, 5)] == [1, 0, 1, 1]
    # European Portuguese: 0 takes the plural (Brazilian Portuguese's rule would not).
    assert TOOL.LOCALES["pt"] == "pt_PT"


def test_the_engine_names_only_keys_of_its_own_catalogue() -> None:
    """A key written in the engine's code (a refusal, an event, a step's note) is in the
    engine's catalogue: the site never has to look an engine key up (issue 30)."""
    import ast

    engine_keys = catalogue()["en"].keys()
    site_keys = strings()["en"].keys()
    misplaced = []
    for path in sorted((ROOT / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and node.value in site_keys and node.value not in engine_keys):
                misplaced.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value}")
    assert not misplaced, "\n".join(misplaced)
