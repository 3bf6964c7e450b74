"""Plural forms from a real mechanism (issue 13): gettext's Plural-Forms per language.

Every engine sentence and every UI string is rendered with each of its fields in turn set
to 0, 1, 2 and 5 (the others filled with a neutral stand-in) in en, es and pt: no "(s)",
no "1 cards", "1 tricks", "1 puntos"... anywhere. The teaching texts of the scenarios are
held to the same in tests/test_teaching_facts.py.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from typing import Any

import pytest

from engine.messages import (
    LANGUAGES,
    PLURAL_FORMS,
    Formatter,
    catalogue,
    format_text,
    ngettext,
    plural_index,
)
from ui.i18n import strings

COUNTS = (0, 1, 2, 5)
#: A number followed by a plural noun: wrong for 1 in every one of our languages.
ONE_PLURAL = {
    "en": r"cards|tricks|points|sweeps|lots|hands|players|games|bids|questions|guesses|"
          r"options|steps|rounds|samples|answers|misses|times|rules|names|seats|students",
    "es": r"cartas|bazas|puntos|barridas|tandas|manos|jugadores|partidas|apuestas|preguntas|"
          r"suposiciones|opciones|pasos|repartos|veces|reglas|nombres|asientos|fallos|alumnos",
    "pt": r"cartas|vazas|pontos|varreduras|lotes|mãos|jogadores|partidas|apostas|perguntas|"
          r"palpites|opções|passos|distribuições|vezes|regras|nomes|lugares|falhas|alunos",
}
#: Fields that name a seat or a person, never a count ("seat {seat} bids", "{name} tricks").
NOT_COUNTS = {"seat", "dealer", "name", "names", "leader", "first", "sweeper", "winner",
              "winners", "player", "victim", "to_play", "class_name", "code"}
#: A singular noun with a plural adjective ("1 carta nuevas"): the adjective belongs in the form.
AGREEMENT = {
    "en": r"(?!)",
    "es": r"nuevas|nuevos|simuladas|capturadas|cortas|probables|cambiadas|dobles|apartadas",
    "pt": r"novas|novos|simuladas|capturadas|viradas|curtas|prováveis|alteradas|duplas",
}
SLIP = re.compile(r"\w\((s|es|as|ões|ãos|a|o)\)")


class Stand:
    """A neutral value for a field not under test: formats as a word under any spec."""

    def __format__(self, spec: str) -> str:
        return "xx"

    def __str__(self) -> str:
        return "xx"

    def __getattr__(self, name: str) -> Stand:
        return self

    def __getitem__(self, key: Any) -> Stand:
        return self

    def __iter__(self) -> Iterator[Stand]:
        return iter([self])


class _Data(dict[str, Any]):
    def __missing__(self, key: str) -> Any:
        return Stand()


def _fields(template: str) -> list[str]:
    out = []
    for _, name, _, _ in string.Formatter().parse(template):
        if name:
            base = re.split(r"[.\[]", name)[0]
            if base and base not in out:
                out.append(base)
    return out


def _render(template: str, lang: str, field: str, n: int) -> str | None:
    data = _Data({field: n})
    try:
        return Formatter(lang).vformat(template, (), data)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        return None  # the field is not a number (a card, a list): nothing to count


def _all_templates() -> Iterator[tuple[str, str, str]]:
    for lang, entries in catalogue().items():
        for key, template in entries.items():
            yield "engine", lang, key, template  # type: ignore[misc]
    for lang, entries in strings().items():
        for key, template in entries.items():
            yield "ui", lang, key, template  # type: ignore[misc]


TEMPLATES = list(_all_templates())


def test_every_language_has_a_plural_rule() -> None:
    assert set(PLURAL_FORMS) == set(LANGUAGES)
    for lang in LANGUAGES:
        assert [plural_index(lang, n) for n in (0, 1, 2, 5)] == [1, 0, 1, 1]
    assert ngettext("en", "# card", "# cards", 1) == "1 card"
    assert format_text("{n:plural:# vaza|# vazas}", "pt", n=0) == "0 vazas"
    assert format_text("{n:plural:# punto|# puntos}", "es", n=-0.2) == "-0,2 puntos"


def test_no_template_writes_a_plural_in_brackets() -> None:
    bad = [(src, lang, key) for src, lang, key, t in TEMPLATES if SLIP.search(t)]
    assert not bad, f"use {{n:plural:# card|# cards}} instead of '(s)': {bad[:10]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_count_reads_right_at_0_1_2_and_5(lang: str) -> None:
    one = re.compile(rf"(?<![\w.,-])1 ({ONE_PLURAL[lang]})\b"
                     rf"|(?<![\w.,-])1 [^\W\d]+ ({AGREEMENT[lang]})\b")
    rendered = 0
    problems = []
    for src, tlang, key, template in TEMPLATES:
        if tlang != lang:
            continue
        for field in _fields(template):
            if field in NOT_COUNTS:
                continue
            for n in COUNTS:
                text = _render(template, lang, field, n)
                if text is None:
                    continue
                rendered += 1
                if SLIP.search(text) or (n == 1 and one.search(text)):
                    problems.append(f"{src} {key} with {field}={n}: {text}")
    assert rendered > 1000
    assert not problems, "\n".join(problems[:20])
