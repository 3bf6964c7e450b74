"""The message catalogues' build tool: PO files (the source) -> MO files (what runs).

Every sentence a person reads lives in gettext PO files, one per language and domain:

* ``locale/<lang>/LC_MESSAGES/engine.po`` — the engine's sentences (refusals, events,
  quiz, labels, walkthrough steps, bots' reasons, your-move verdicts, game reviews), read by
  :func:`engine.messages.render`;
* ``locale/<lang>/LC_MESSAGES/site.po`` — the site's words (menus, buttons, page texts),
  read by :func:`ui.i18n.t`.

Each entry is ``msgctxt`` = the message key, ``msgid`` = the English template,
``msgstr`` = the template in that language (``en`` repeats the English). Edit the PO files
with any translation tool (Poedit, Lokalize, Weblate), then compile them:

    .venv/bin/python scripts/catalogues.py compile

which writes the ``.mo`` files beside them with Babel (``drop KEY...`` removes entries from
every PO file and compiles). The ``.mo`` files are checked in
(the engine reads them with the standard library's :mod:`gettext`, no build step at
install); ``tests/test_catalogues.py`` fails when an ``.mo`` file does not match its PO.

``convert`` was the one-off migration from the former Python dictionaries
(``engine/*/catalogue.py``, ``engine/labels.py``, ``ui/strings/*.py``); it is kept to
document where every key came from and does nothing once those modules are gone.
"""

from __future__ import annotations

import ast
import datetime as dt
import importlib
import io
import pkgutil
import re
import sys
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
LANGS = ("en", "es", "pt")
DOMAINS = ("engine", "site")
#: The locale each PO file declares: Portuguese is European Portuguese (its plural rule,
#: n != 1, differs from Brazilian Portuguese's n > 1), Spanish a neutral Spanish.
LOCALES = {"en": "en", "es": "es", "pt": "pt_PT"}
#: The plural rule of all three: one form for 1, another for every other number (CLDR's
#: "many" for millions, which Babel's es and pt_PT add, is never needed here).
PLURAL_FORMS = "nplurals=2; plural=(n != 1);"
#: Fixed dates, so that compiling twice gives the same bytes.
DATE = dt.datetime(2026, 12, 6, tzinfo=dt.UTC)

HEADER = """\
Rules Lab: {what} ({lang}).
msgctxt is the message key, msgid the English template, msgstr this language's.
Fields in braces are filled by the program: keep them and their specs.
- {{n:plural:# card|# cards}}: the plural forms of n in the order of Plural-Forms
  below, separated by |, # standing for the number.
- {{k:ordinal}}, {{k:ordinal:f}}: an ordinal (1st; 1.º, 1.ª).
- {{card}}, {{card:name}}, {{suit:suit}}, {{seat:seat}}, {{seats:letters}}: cards, suits, seats.
Words: the glossary (tutorials/{lang}/glossary.md) and docs/language.md.
After editing: .venv/bin/python scripts/catalogues.py compile"""


def po_path(lang: str, domain: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"


def mo_bytes(po: Path) -> bytes:
    """The MO file Babel compiles from ``po``."""
    with po.open("rb") as handle:
        catalog = read_po(handle, locale=LOCALES[po.parent.parent.name])
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def compile_all() -> list[Path]:
    written = []
    for lang in LANGS:
        for domain in DOMAINS:
            po = po_path(lang, domain)
            mo = po.with_suffix(".mo")
            data = mo_bytes(po)
            if not mo.exists() or mo.read_bytes() != data:
                mo.write_bytes(data)
                written.append(mo)
    return written


# -- the one-off conversion from the Python dictionaries ----------------------------------

ENGINE_MODULES = ("engine.catalogue", "engine.kachuful.catalogue", "engine.krypkasino.catalogue",
                  "engine.scoresheet.catalogue", "engine.bots.catalogue", "engine.quiz.catalogue",
                  "engine.labels")
#: Families of keys that lived in ui/strings but that the engine emits (walkthrough steps,
#: your-move verdicts, game reviews): they belong to the engine's domain.
ENGINE_PREFIXES = ("kwalk.explain.", "kwalk.title.", "kwalk.advice.", "kwalk.note.",
                   "play.review.c.", "play.review.k.", "ym.c.", "ym.k.")


def _engine_literals() -> tuple[set[str], set[str]]:
    """String constants and f-string heads in the engine's code (not its catalogues)."""
    words: set[str] = set()
    heads: set[str] = set()
    for path in (ROOT / "engine").rglob("*.py"):
        if path.name in ("catalogue.py", "labels.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                words.add(node.value)
            elif isinstance(node, ast.JoinedStr) and node.values:
                first = node.values[0]
                if isinstance(first, ast.Constant) and str(first.value).endswith("."):
                    heads.add(str(first.value))
    return words, heads


def _is_engine_key(key: str, words: set[str], heads: set[str]) -> bool:
    return (key in words or key.startswith(ENGINE_PREFIXES)
            or any(len(h) > 4 and key.startswith(h) for h in heads))


def _python_tables() -> dict[str, list[tuple[str, dict[str, dict[str, str]]]]]:
    """(source name, {lang: {key: template}}) per domain, from the modules still present."""
    sys.path.insert(0, str(ROOT))
    words, heads = _engine_literals()
    out: dict[str, list[tuple[str, dict[str, dict[str, str]]]]] = {"engine": [], "site": []}
    for name in ENGINE_MODULES:
        if (ROOT / (name.replace(".", "/") + ".py")).exists():
            out["engine"].append((name, importlib.import_module(name).MESSAGES))
    strings_dir = ROOT / "ui" / "strings"
    if strings_dir.is_dir():
        for info in sorted(pkgutil.iter_modules([str(strings_dir)]), key=lambda m: m.name):
            module: Any = importlib.import_module(f"ui.strings.{info.name}")
            table: dict[str, dict[str, str]] = module.STRINGS
            mine = {lang: {k: v for k, v in e.items() if _is_engine_key(k, words, heads)}
                    for lang, e in table.items()}
            rest = {lang: {k: v for k, v in e.items() if not _is_engine_key(k, words, heads)}
                    for lang, e in table.items()}
            if mine["en"]:
                out["engine"].append((f"ui.strings.{info.name}", mine))
            out["site"].append((f"ui.strings.{info.name}", rest))
    return out


def _new_catalog(lang: str, domain: str) -> Catalog:
    catalog = Catalog(locale=LOCALES[lang], domain=domain, project="Rules Lab", version="1",
                      copyright_holder="Rules Lab", creation_date=DATE, revision_date=DATE,
                      last_translator="Rules Lab", language_team=f"Rules Lab <{lang}>",
                      header_comment=_header(lang, domain))
    catalog.fuzzy = False
    return catalog


def convert() -> None:
    """Write every PO file from the Python dictionaries (the English order kept), then
    compile. Keys a PO file already holds that no dictionary defines are kept (sentences
    added to the PO files since)."""
    tables = _python_tables()
    if not any(tables.values()):
        print("no Python catalogue left: the PO files are the source")
        return
    for domain, sources in tables.items():
        for lang in LANGS:
            catalog = _new_catalog(lang, domain)
            seen: set[str] = set()
            for source, table in sources:
                for key, english in table["en"].items():
                    if key in seen:
                        raise SystemExit(f"{key} defined twice ({source})")
                    seen.add(key)
                    text = english if lang == "en" else table.get(lang, {}).get(key, "")
                    catalog.add(english, text, context=key, auto_comments=[source])
            po = po_path(lang, domain)
            if po.exists():  # keep entries added straight to the PO file
                with po.open("rb") as handle:
                    old = read_po(handle, locale=LOCALES[lang])
                for message in old:
                    if message.id and message.context and message.context not in seen:
                        catalog.add(message.id, message.string, context=message.context,
                                    auto_comments=list(message.auto_comments))
            po.parent.mkdir(parents=True, exist_ok=True)
            _write(po, catalog)
    compile_all()


def _header(lang: str, domain: str) -> str:
    what = "the engine's sentences" if domain == "engine" else "the site's words"
    return "# " + HEADER.format(what=what, lang=lang).replace("\n", "\n# ")


def _write(po: Path, catalog: Catalog) -> None:
    """Write ``catalog`` to ``po`` the one way (header, Plural-Forms, no line wrapping)."""
    catalog.header_comment = _header(po.parent.parent.name, po.stem)
    out = io.BytesIO()
    write_po(out, catalog, width=0, omit_header=False)
    text = re.sub(r'"Plural-Forms: [^"]*"', f'"Plural-Forms: {PLURAL_FORMS}\\\\n"',
                  out.getvalue().decode("utf-8"), count=1)
    po.write_text(text, "utf-8")


def drop(keys: list[str]) -> int:
    """Remove the entries of ``keys`` from every PO file, then compile; the number removed."""
    removed = 0
    for lang in LANGS:
        for domain in DOMAINS:
            po = po_path(lang, domain)
            with po.open("rb") as handle:
                catalog = read_po(handle, locale=LOCALES[lang])
            gone = [m for m in catalog if m.id and m.context in keys]
            for message in gone:
                catalog.delete(message.id, context=message.context)
            if gone:
                _write(po, catalog)
                removed += len(gone)
    compile_all()
    return removed


def normalize() -> None:
    """Read and write every PO file the one way (after an edit by another tool), compile."""
    for lang in LANGS:
        for domain in DOMAINS:
            po = po_path(lang, domain)
            with po.open("rb") as handle:
                _write(po, read_po(handle, locale=LOCALES[lang]))
    compile_all()


def main(argv: list[str]) -> int:
    if argv[1:] == ["normalize"]:
        normalize()
        return 0
    if argv[1:2] == ["drop"] and argv[2:]:
        print(f"removed {drop(argv[2:])} entries")
        return 0
    if argv[1:] == ["compile"]:
        for path in compile_all():
            print(f"wrote {path.relative_to(ROOT)}")
        return 0
    if argv[1:] == ["convert"]:
        convert()
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
