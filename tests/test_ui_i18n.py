"""The site's UI strings: every key in every language, same fields, lookups and fallbacks."""

import re
from pathlib import Path

import pytest

from ui.i18n import LANGS, fields, has, problems, strings, t
from ui.navigation import GROUPS, PAGES, PURPOSES

ROOT = Path(__file__).resolve().parent.parent


def test_every_key_in_every_language_with_the_same_fields() -> None:
    assert set(strings()) == set(LANGS)
    assert problems() == []


def test_lookup_fills_fields_and_falls_back_to_english_for_an_unknown_language() -> None:
    assert t("page.glossary", "es") == "Glosario"
    assert t("page.glossary", "xx") == "Glossary"
    assert t("chart.band", "pt", pct=50) == "Os 50\u00a0% centrais das partidas"
    with pytest.raises(KeyError):
        t("no.such.key")


def test_fields_detects_templates() -> None:
    assert fields("{name} is {value}, not {value}") == {"name", "value"}
    assert fields("plain") == set()


def test_menu_and_home_keys_exist() -> None:
    for page in PAGES:
        assert has(page.title_key), page
    for group in GROUPS:
        assert has(f"nav.group.{group}")
    for purpose in PURPOSES:
        assert has(f"home.purpose.{purpose}") and has(f"home.purpose.{purpose}.text")


def test_every_literal_key_used_in_site_code_exists() -> None:
    """A t("...") call with a key no module defines would crash a page at run time."""
    used: set[str] = set()
    for path in [ROOT / "streamlit_app.py", *(ROOT / "ui").glob("*.py"), *(ROOT / "pages").glob("*.py")]:
        used |= set(re.findall(r"""\bt\(\s*["']([\w.-]+)["']""", path.read_text(encoding="utf-8")))
    # A key built by joining a literal prefix and a word ("explore.lab.takeaway." + ...) is
    # not a whole key: the scan reads it as a prefix, checked by the takeaway tests.
    used = {k for k in used if not k.endswith(".")}
    assert used, "the scan found no t() calls"
    assert sorted(k for k in used if not has(k)) == []


def test_spanish_and_portuguese_are_translated_not_copied() -> None:
    english = strings()["en"]
    for lang in ("es", "pt"):
        same = [k for k, v in strings()[lang].items()
                if v == english[k] and len(v) > 12 and k.startswith(("home.", "sidebar.", "query."))]
        assert same == [], lang
