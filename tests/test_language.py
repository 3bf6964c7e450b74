"""Words a native reader trusts (issue 30; docs/language.md).

Every catalogue entry (the engine's and the site's) rendered with each count field set to
0, 1, 2 and 5, every step of every scenario rendered in the three languages (the slides a
lesson shows: titles, engine sentences, teaching text), every lesson, rules page and
glossary line: none may carry a marker of the other variant of its language (Brazilian
Portuguese in Portuguese text, Portuguese words or regional forms in Spanish text),
untranslated English, a code name, an English-style ordinal ("1th") or a word the glossary
rules out (:mod:`tutorials.vocabulary`).
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import tutorials
from engine.messages import Formatter, catalogue, format_text, ordinal
from engine.registry import GAMES
from tutorials import scenarios as scenario_files
from tutorials.lessons import ScenarioItem
from tutorials.vocabulary import violations
from ui.classroom.deck import scenario_slides
from ui.i18n import number, percent, strings

LANGS = ("en", "es", "pt")
ROOT = Path(tutorials.__file__).resolve().parent
COUNTS = (0, 1, 2, 5)

#: Markers of the variant a language must NOT use (docs/language.md). Portuguese is
#: European Portuguese, so these are Brazilian forms; Spanish is neutral, so these are
#: Portuguese words that leaked in and forms of one region only.
OTHER_VARIANT: dict[str, list[tuple[str, str]]] = {
    "pt": [
        (r"\bvocês?\b", "você (European Portuguese: no pronoun, or «si»)"),
        (r"\btelas?\b", "tela (ecrã)"),
        (r"\bcelular(?:es)?\b", "celular (telemóvel)"),
        (r"\bcompartilh\w*", "compartilhar (partilhar)"),
        (r"\barquivos?\b", "arquivo (ficheiro)"),
        (r"\btimes?\b", "time for team (equipa)"),
        (r"\bequipes?\b", "equipe (equipa)"),
        (r"\bCassino\b", "Cassino (Casino)"),
        (r"\busuári\w+", "usuário (utilizador)"),
        (r"\bregistro\b", "registro (registo)"),
        (r"\bbaixar\b", "baixar (descarregar)"),
        (r"\bembaixo\b", "embaixo (em baixo)"),
        (r"\baté o fim\b", "até o fim (até ao fim)"),
        (r"\bAté a minha\b", "até a (até à)"),
        (r"(?<![{`])\blinks?\b(?![}:`])", "link (a ligação)"),
        (r"\b(?:tu|teu|tua|teus|tuas|contigo|podes|tens|queres|continuares|jogares)\b",
         "«tu» (the site addresses the reader in the third person, without a pronoun)"),
        # gerunds: European Portuguese says "a jogar", not "jogando"
        (r"\b(?!(?:quando|comando|bando|segundo|mundo|fundo|redondo|lindo|vindo|bem-vindo|"
         r"dividendo|adendo|tremendo|horrendo|estupendo|incluindo)\b)\w{2,}(?:ando|endo|indo)\b",
         "a gerund (European Portuguese: «a + infinitive»)"),
        # a pronoun before the verb with nothing to draw it there (Brazilian placement)
        (r"(?:^|[.!?:;]\s+|\b(?:então|e|eu|você|ele|ela)\s+)(?:[Mm]e|[Tt]e|[Ll]he)\s+"
         r"(?!(?:o|a|os|as)\b)\w+", "a pronoun before the verb (livro-me, not me livro)"),
        (r"(?:^|[.!?:;]\s+)Se\s+(?:cumpre|joga|aposta|conta|faz|marca|pode|deve)\b|"
         r"\b(?:aposta|carta|vaza|mão|jogo)(?: de \d+)? se cumpre\b",
         "a pronoun before the verb (cumpre-se, not se cumpre)"),
    ],
    "es": [
        (r"\b(?:jogador(?:es)?|você|não|vazas?|dador|ligação|naipes?|ecrã)\b",
         "a Portuguese word"),
        (r"\bvosotr[oa]s\b|\b\w+(?:áis|éis)\b", "vosotros (neutral Spanish: tú)"),
        (r"\b(?:tenés|podés|querés|sabés|jugás|elegís|sos)\b", "voseo (neutral Spanish: tú)"),
        (r"\b(?:ordenador(?:es)?|computadoras?|móvil(?:es)?|celular(?:es)?|coger|cogió)\b",
         "a word of one region (ordenador, computadora, móvil, celular, coger)"),
        (r"\bunas 1\b|\bunos 1\b", "«unas 1»: a plural article before 1"),
        (r"(?<![{`])\blinks?\b(?![}:`])", "link (el enlace)"),
        (r"\busted\b", "«usted» (the site says «tú» to the reader)"),
    ],
    "en": [],
}
#: Words of the other languages that would mean a sentence was left untranslated.
ENGLISH = re.compile(r"\b(?:the|and|with|which|player|players|trick|tricks|you|your|"
                     r"card|cards|bid|bids|dealer|is|are|of|to)\b", re.IGNORECASE)
#: A code name on screen: an identifier, an option's code value, "name = value".
CODE_NAME = re.compile(
    r"(?<![{`\w])(?:hook_rule|max_cards|blind_bids|one_card_forehead|forced_sweep|"
    r"double_sweep|sweep_points|down-up(?:-twice)?|up-down|ten-times|per-trick|cycle-nt)"
    r"(?![}\w])|\b[a-z_]+ = (?:true|false|[a-z]+-[a-z-]+)\b")
#: A number with the English ordinal suffix it cannot take ("1th", "22th"), or a
#: Spanish/Portuguese ordinal written the English way.
BAD_ORDINAL = {"en": re.compile(r"\b(?:\d*[02-9])?[123]th\b"),
               "es": re.compile(r"\b\d+(?:st|nd|rd|th)\b"),
               "pt": re.compile(r"\b\d+(?:st|nd|rd|th)\b")}
#: Refusals of a value typed into a link, a record or a command line name the field the
#: way it was typed (a person wrote "session=9"); the code name is the point there.
CODE_NAME_ALLOWED = re.compile(r"(?:^|\.)(?:bad-[\w-]+|unknown-option|max-cards-too-big)$")


class _Stand:
    """A neutral value for a field not under test."""

    def __format__(self, spec: str) -> str:
        return "xx"

    def __str__(self) -> str:
        return "xx"

    def __getattr__(self, name: str) -> _Stand:
        return self

    def __getitem__(self, key: Any) -> _Stand:
        return self

    def __iter__(self) -> Iterator[_Stand]:
        return iter([self])


class _Data(dict[str, Any]):
    def __missing__(self, key: str) -> Any:
        return _Stand()


def _fields(template: str) -> list[str]:
    out: list[str] = []
    for _, name, _, _ in string.Formatter().parse(template):
        base = re.split(r"[.\[]", name)[0] if name else ""
        if base and base not in out:
            out.append(base)
    return out


def _renders(template: str, lang: str) -> Iterator[str]:
    """The template with every field in turn set to 0, 1, 2 and 5 (the others neutral);
    the template as it is when it has no field."""
    fields = _fields(template)
    if not fields:
        yield template
        return
    for field in fields:
        for n in COUNTS:
            try:
                yield Formatter(lang).vformat(template, (), _Data({field: n}))
            except (ValueError, TypeError, KeyError, IndexError, AttributeError):
                pass  # not a number field (a card, a list): the neutral rendering covers it
    try:
        yield Formatter(lang).vformat(template, (), _Data())
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        pass


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


@cache
def _slides(game: str, scenario_id: str, lang: str) -> tuple[str, ...]:
    out: list[str] = []
    for slide in scenario_slides(ScenarioItem(game, scenario_id), lang):
        out += [slide.title, *slide.lines, *((slide.text,) if slide.text else ())]
    return tuple(out)


def texts(lang: str) -> Iterator[tuple[str, str, bool]]:
    """(where, text, may speak of Krypkasino) for everything a person reads in ``lang``."""
    for domain, table in (("engine", catalogue()), ("site", strings())):
        for key, template in table[lang].items():
            kryp = "krypkasino" in key or key.startswith(("quiz.c-", "kw.", "play.review.c."))
            for text in dict.fromkeys(_renders(template, lang)):
                yield f"{domain} {key}", text, kryp
    for game in ("kachuful", "krypkasino"):
        for scenario_id in scenario_files.ids(game):
            for text in _slides(game, scenario_id, lang):
                yield f"scenario {game}/{scenario_id}", text, game == "krypkasino"
    for path in sorted((ROOT / "scenarios").glob("*/*.json")):
        for where, tlang, text in _localized(json.loads(path.read_text("utf-8")), path.stem):
            if tlang == lang:
                yield f"scenario {path.parent.name}/{where}", text, path.parent.name == "krypkasino"
    for path in sorted((ROOT / "lessons").glob("*.json")):
        raw = path.read_text("utf-8")
        for where, tlang, text in _localized(json.loads(raw), path.stem):
            if tlang == lang:
                yield f"lesson {where}", text, "krypkasino" in raw
    for doc in ("kachuful-rules", "krypkasino-rules", "glossary"):
        for n, line in enumerate((ROOT / lang / f"{doc}.md").read_text("utf-8").splitlines()):
            yield f"{lang}/{doc}.md:{n + 1}", line, doc != "kachuful-rules"


@cache
def all_texts(lang: str) -> tuple[tuple[str, str, bool], ...]:
    return tuple(texts(lang))


def _prose(text: str) -> str:
    """The text without markdown links' targets, code spans and HTML."""
    text = re.sub(r"\]\([^)]*\)", "]", text)
    text = re.sub(r"`[^`]*`", "", text)
    return re.sub(r"<[^>]+>", "", text)


def test_everything_is_rendered() -> None:
    for lang in LANGS:
        found = all_texts(lang)
        assert sum(w.startswith("engine") for w, _, _ in found) > 2000
        assert sum(w.startswith("scenario") for w, _, _ in found) > 300


@pytest.mark.parametrize("lang", ["pt", "es"])
def test_no_marker_of_the_other_variant(lang: str) -> None:
    bad = []
    for where, text, _ in all_texts(lang):
        prose = _prose(text)
        for pattern, why in OTHER_VARIANT[lang]:
            found = re.search(pattern, prose, re.IGNORECASE if "Se\\s" not in pattern else 0)
            if found:
                bad.append(f"{where}: {why}: {found.group(0)!r} in {prose[:100]!r}")
    assert not bad, f"{len(bad)} found:\n" + "\n".join(bad[:30])


@pytest.mark.parametrize("lang", LANGS)
def test_no_word_the_glossary_rules_out(lang: str) -> None:
    bad = [f"{where}: {f.why} ({f.search(text).group(0)!r} in {text[:90]!r})"  # type: ignore[union-attr]
           for where, text, kryp in all_texts(lang) for f in violations(text, lang, kryp)]
    assert not bad, f"{len(bad)} found:\n" + "\n".join(bad[:30])


@pytest.mark.parametrize("lang", LANGS)
def test_no_code_name_and_no_english_ordinal(lang: str) -> None:
    bad = []
    for where, text, _ in all_texts(lang):
        if where.endswith(".md") or where.split(":")[0].endswith(".md"):
            continue  # the rules pages show options by label (ui/docs.py human_text)
        key = where.split(" ", 1)[1]
        prose = _prose(text)
        found = CODE_NAME.search(prose)
        if found and not CODE_NAME_ALLOWED.search(key):
            bad.append(f"{where}: code name {found.group(0)!r} in {prose[:100]!r}")
        found = BAD_ORDINAL[lang].search(prose)
        if found:
            bad.append(f"{where}: ordinal {found.group(0)!r} in {prose[:100]!r}")
    assert not bad, f"{len(bad)} found:\n" + "\n".join(bad[:30])


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_no_untranslated_english(lang: str) -> None:
    """A template identical to the English one, with English words in it, was not
    translated (names such as "Rules Lab" or a symbol-only label are the same anyway)."""
    bad = []
    for table in (catalogue(), strings()):
        for key, english in table["en"].items():
            mine = table[lang].get(key)
            words = ENGLISH.findall(_prose(re.sub(r"\{[^}]*\}", "", english)))
            if mine == english and len(words) >= 2:
                bad.append(f"{key}: {english[:80]!r}")
    for game in ("kachuful", "krypkasino"):
        for scenario_id in scenario_files.ids(game):
            english = set(_slides(game, scenario_id, "en"))
            for text in _slides(game, scenario_id, lang):
                if text in english and len(ENGLISH.findall(_prose(text))) >= 3:
                    bad.append(f"{game}/{scenario_id}: {text[:80]!r}")
    assert not bad, "\n".join(bad[:30])


def test_the_detectors_catch_what_issue_30_found() -> None:
    def marked(text: str, lang: str) -> bool:
        return any(re.search(p, text, re.IGNORECASE if "Se\\s" not in p else 0)
                   for p, _ in OTHER_VARIANT[lang])

    for sample in ("Marque os pontos: recarregue ou compartilhe o link para continuar.",
                   "Você não tem 3♠", "O Cassino sueco", "descendo até uma, depois subindo",
                   "então me livro de uma carta alta", "uma aposta de 0 se cumpre tantas vezes",
                   "para a folha caber num celular", "a sua tela", "o nosso time",
                   "A tua mão: escolhe as cartas"):
        assert marked(sample, "pt"), sample
    for sample in ("La mano 2 es el jogador C del ciclo", "(A♠): unas 1 baza.",
                   "Jugad vosotros", "Una partida contra el ordenador"):
        assert marked(sample, "es"), sample
    assert not marked("Tem de assistir; livro-me da mais alta. Não me custa nada.", "pt")
    assert not marked("Quando o dador aposta, o segundo lugar joga.", "pt")
    for sample, lang in (("distribui as mãos em lotes", "pt"), ("segue o naipe com 3♠", "pt"),
                         ("descarta 2♣", "pt"), ("Deixo {card} na mesa", "pt"),
                         ("seis rondas de jogo", "pt"), ("robó el único rango más alto", "es"),
                         ("el gancho muerde", "es"), ("Calendario: sube", "es"),
                         ("esquema completo", "pt")):
        assert violations(sample, lang), sample
    assert CODE_NAME.search("schedule = up-down: las manos crecen primero")
    assert CODE_NAME.search("hook_rule = false")
    assert BAD_ORDINAL["en"].search("the seat playing 1th of 4")
    assert BAD_ORDINAL["en"].search("the 22th hand")
    assert not BAD_ORDINAL["en"].search("the seat playing 1st of 4, 11th, 12th, 22nd")
    assert BAD_ORDINAL["pt"].search("o lugar que joga em 1st")
    assert ENGLISH.findall("the dealer bids") and not ENGLISH.findall("o dador aposta")


def test_ordinals_follow_each_language() -> None:
    assert [ordinal("en", n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 102, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "102nd", "111th"]
    assert format_text("{k:ordinal}", "es", k=1) == "1.º"
    assert format_text("{k:ordinal:f}", "pt", k=2) == "2.ª"


def test_numbers_in_each_locale() -> None:
    assert number(8.46, "en", 2) == "8.46" and number(8.46, "es", 1) == "8,5"
    assert number(8.5, "pt", 1) == "8,5"
    assert percent(0.172, "en") == "17.2%"
    assert percent(0.172, "es") == "17,2\xa0%" and percent(0.172, "pt") == "17,2\xa0%"


# -- option values agree with their option; one name for schedule and scoring ----------------

#: The ending a yes/no value takes after its option's label: gender and number.
AGREEMENT = {
    ("es", "one_card_forehead"): "as", ("es", "blind_bids"): "as", ("es", "hook_rule"): "o",
    ("es", "forced_sweep"): "a", ("es", "double_sweep"): "a",
    ("pt", "one_card_forehead"): "as", ("pt", "blind_bids"): "as", ("pt", "hook_rule"): "o",
    ("pt", "forced_sweep"): "a", ("pt", "double_sweep"): "a",
}


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_on_and_off_agree_with_their_option(lang: str) -> None:
    checked = 0
    for game in GAMES.values():
        for option in game.options:
            ending = AGREEMENT.get((lang, option.name))
            if ending is None:
                continue
            for value in (True, False):
                word = option.value_label(value, lang).split(":")[0].split()[0]
                assert re.fullmatch(rf"\w+{ending}", word), (option.name, value, word)
                checked += 1
    assert checked == 10


@pytest.mark.parametrize("lang", LANGS)
def test_schedule_and_scoring_have_one_name_everywhere(lang: str) -> None:
    """The menus' value name (before a colon, if any) is the one the quiz, the score sheet
    and the walkthrough use; the option's label heads the quiz's fact."""
    kachuful = GAMES["kachuful"]
    cat, site = catalogue()[lang], strings()[lang]
    for name in ("schedule", "scoring"):
        option = kachuful.option(name)
        label = option.label(lang)
        for value in option.values():
            shown = option.value_label(value, lang).split(":")[0].lower()
            quiz = cat[f"quiz.{name}.{value}"]
            assert quiz.lower().startswith(f"{label.lower()}: {shown}"), (value, quiz)
            sheet = site[f"scorekeeper.{name}.{value}"]
            assert sheet.lower().startswith(shown), (value, sheet)
            if name == "scoring":
                assert f"({shown})" in cat[f"kwalk.explain.scoring.{value}"].lower(), value
    assert site["scorekeeper.opt.schedule"] == kachuful.option("schedule").label(lang)
    assert site["scorekeeper.opt.scoring"] == kachuful.option("scoring").label(lang)
