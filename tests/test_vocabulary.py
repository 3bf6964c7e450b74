"""One vocabulary per language (issue 13): the glossary's word for each key concept, and
no forbidden synonym in any engine sentence, UI string, scenario, lesson or rules page
(``tutorials/vocabulary.py`` lists both)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tutorials
from engine.messages import catalogue
from tutorials.vocabulary import ANCHORS, FORBIDDEN, WORDS, violations
from ui.i18n import strings

ROOT = Path(tutorials.__file__).resolve().parent
LANGS = ("en", "es", "pt")
KRYPKASINO_KEYS = ("quiz.c-", "quiz.type.c-", "quiz.fact.c-", "kw.", "play.review.c.",
                   "play.status.krypkasino", "play.status.last-lot", "scorekeeper.deal.",
                   "scorekeeper.sweep")


def _is_krypkasino_key(key: str) -> bool:
    return "krypkasino" in key or key.startswith(KRYPKASINO_KEYS)


def _localized(doc: Any, where: str) -> Iterator[tuple[str, str, str]]:
    if isinstance(doc, dict):
        if doc and set(doc) <= set(LANGS) and all(isinstance(v, str) for v in doc.values()):
            for lang, text in doc.items():
                yield where, lang, text
            return
        for key, value in doc.items():
            yield from _localized(value, f"{where}.{key}")
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            yield from _localized(value, f"{where}[{i}]")


def texts() -> Iterator[tuple[str, str, str, bool]]:
    """(where, lang, text, may speak of Krypkasino) for every text a person reads."""
    for lang, entries in catalogue().items():
        for key, text in entries.items():
            yield f"engine {key}", lang, text, _is_krypkasino_key(key)
    for lang, entries in strings().items():
        for key, text in entries.items():
            yield f"ui {key}", lang, text, _is_krypkasino_key(key)
    for path in sorted((ROOT / "scenarios").glob("*/*.json")):
        game = path.parent.name
        for where, lang, text in _localized(json.loads(path.read_text("utf-8")), path.stem):
            yield f"{game}/{where}", lang, text, game == "krypkasino"
    for path in sorted((ROOT / "lessons").glob("*.json")):
        raw = path.read_text("utf-8")
        for where, lang, text in _localized(json.loads(raw), path.stem):
            yield f"lesson {where}", lang, text, "krypkasino" in raw
    for lang in LANGS:
        for doc in ("kachuful-rules", "krypkasino-rules"):
            for n, line in enumerate((ROOT / lang / f"{doc}.md").read_text("utf-8").splitlines()):
                yield f"{lang}/{doc}.md:{n + 1}", lang, line, doc == "krypkasino-rules"


ALL = list(texts())


@pytest.mark.parametrize("lang", LANGS)
def test_no_text_uses_a_forbidden_synonym(lang: str) -> None:
    found = [f"{where}: {f.why} ({f.search(text).group(0)!r} in {text[:90]!r})"  # type: ignore[union-attr]
             for where, tlang, text, kryp in ALL if tlang == lang
             for f in violations(text, lang, kryp)]
    assert not found, "\n".join(found[:25])


def test_every_forbidden_word_would_be_caught() -> None:
    """The patterns are not dead: each catches the wording issue 13 found (or its kind)."""
    samples = {
        ("trump", "es"): "El asiento 1 no tiene corazones y falla con 2♣.",
        ("dealer", "pt"): "O carteador aposta por último.",
        ("sweep", "pt"): "uma varrida",
        ("lot", "es"): "el lote 3 es el último",
        ("stock", "es"): "quedan 40 cartas en el mazo",
        ("packet", "pt"): "6 cartas em lotes de 3 + 3",
        ("deal", "pt"): "a mão acabou e ninguém capturou",
        ("reverse scoring", "en"): "Seat 0 played just before and pays for the sweep.",
    }
    for (concept, lang), sample in samples.items():
        assert any(f.concept == concept for f in violations(sample, lang)), sample
    assert not violations("El asiento 1 falla su apuesta: fallar la apuesta vale 0.", "es")
    assert {f.lang for f in FORBIDDEN} == set(LANGS)


def _glossary_sections(lang: str) -> dict[str, str]:
    return {s.anchor: f"{s.title}\n{s.body}"
            for s in tutorials.split_sections(tutorials.load_markdown("glossary", lang))}


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_defines_each_concept_with_its_word(lang: str) -> None:
    sections = _glossary_sections(lang)
    for concept, anchor in ANCHORS.items():
        assert anchor in sections, f"{lang} glossary: no section #{anchor} for {concept}"
        word = WORDS[concept][lang]
        assert word.lower() in sections[anchor].lower(), (
            f"{lang} glossary #{anchor} does not use {word!r} for {concept}")
