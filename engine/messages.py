"""The message catalogue: every sentence the engine says to a person.

Sentences are never built inside the rules code. A refusal or an event names a message
key (beside the rule ID it rests on) and the data that fills it; :func:`render` looks the
key up in the catalogue of the requested language and fills it in. The catalogues are
gettext's: ``locale/<lang>/LC_MESSAGES/engine.po`` is the source (``msgctxt`` the key,
``msgid`` the English template, ``msgstr`` the language's), compiled to the ``.mo`` file
beside it that :mod:`gettext` reads (``scripts/catalogues.py compile``; see
docs/language.md). Templates use ``str.format`` fields, with format specs of our own:

* ``{card}`` — a :class:`~engine.cards.Card` as rank and suit symbol (``10♦``);
  ``{card:name}`` its name in words ("ten of diamonds").
* ``{suit:suit}`` — a :class:`~engine.cards.Suit` (or its code) as a plural noun
  ("hearts"); ``{suit:symbol}`` as its symbol.
* ``{cards:cards}`` — a list of cards joined with commas.
* ``{seat:seat}`` — a 0-based seat as its letter (``2`` -> ``C``, :mod:`engine.seats`);
  ``{seats:letters}`` a list of seats as letters joined with commas.
* ``{k:ordinal}`` — ``k`` as an ordinal in the language ("1st", "1.º"); ``{k:ordinal:f}``
  feminine in es and pt ("1.ª").
* ``{count:plural:# card|# cards}`` — the form of ``count`` its language's plural rule
  picks (gettext's ``Plural-Forms``, :data:`PLURAL_FORMS`), forms split by ``|``, ``#``
  replaced by the number. Never write "card(s)": every count goes through this spec.

>>> render("common.bad-seat", "en", seat=9, players_minus_one=3)
'there is no seat 9: seats are numbered 0 to 3'
>>> [format_text("{n:plural:# trick|# tricks}", "en", n=n) for n in (0, 1, 2)]
['0 tricks', '1 trick', '2 tricks']
>>> format_text("Player {seat:seat} and {others:letters}", "en", seat=2, others=[3, 0])
'Player C and A, D'
>>> ngettext("pt", "# vaza", "# vazas", 1), ngettext("es", "# baza", "# bazas", 5)
('1 vaza', '5 bazas')
>>> format_text("{n:plural:# card|# cards}", "en", n="2.5"), format_text("{n:plural:# card|# cards}", "en", n="1")
('2.5 cards', '1 card')
"""

from __future__ import annotations

import enum
import gettext
import string
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from engine.seats import seat_letter, seat_letters

# This module sits below engine.cards (cards -> errors -> messages): it knows cards by their
# shape only, so that importing it never imports the cards that raise its errors.


@runtime_checkable
class SuitLike(Protocol):
    """What naming a suit needs: its code (``"S"``) and symbol (``"♠"``)."""

    @property
    def value(self) -> str: ...

    @property
    def symbol(self) -> str: ...


@runtime_checkable
class CardLike(Protocol):
    """What naming a card needs (:class:`engine.cards.Card` has it): rank 2..14, suit."""

    @property
    def rank(self) -> int: ...

    @property
    def suit(self) -> SuitLike: ...


LANGUAGES: tuple[str, ...] = ("en", "es", "pt")

_SUIT_NOUNS = {
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    "es": {"S": "picas", "H": "corazones", "D": "diamantes", "C": "tréboles"},
    "pt": {"S": "espadas", "H": "copas", "D": "ouros", "C": "paus"},
}
_RANK_NOUNS = {
    "en": {14: "ace", 13: "king", 12: "queen", 11: "jack", 10: "ten", 9: "nine", 8: "eight",
           7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two"},
    "es": {14: "as", 13: "rey", 12: "reina", 11: "jota", 10: "diez", 9: "nueve", 8: "ocho",
           7: "siete", 6: "seis", 5: "cinco", 4: "cuatro", 3: "tres", 2: "dos"},
    "pt": {14: "ás", 13: "rei", 12: "dama", 11: "valete", 10: "dez", 9: "nove", 8: "oito",
           7: "sete", 6: "seis", 5: "cinco", 4: "quatro", 3: "três", 2: "dois"},
}
_OF = {"en": "of", "es": "de", "pt": "de"}

#: Where the compiled catalogues live: ``locale/<lang>/LC_MESSAGES/<domain>.mo``, compiled
#: from the PO files beside them (``scripts/catalogues.py``). The engine's domain is
#: ``engine``; the site's (:mod:`ui.i18n`) is ``site``.
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "engine"


class Catalogue(gettext.GNUTranslations):
    """One compiled catalogue (an MO file) read by the standard library's :mod:`gettext`.

    Every entry's context (``msgctxt``) is its message key and its ``msgid`` the English
    template; :attr:`templates` maps each key to this language's template. Untranslated
    entries are not compiled, so they are absent here and fall back to English.
    """

    templates: dict[str, str]
    plural: Callable[[int], int]  # set by gettext from the Plural-Forms header
    _catalog: dict[Any, str]  # gettext's table, "key\x04English" -> this language's text

    def _parse(self, fp: Any) -> None:  # gettext's own hook, extended
        super()._parse(fp)
        self.templates = {}
        for raw, text in self._catalog.items():
            if isinstance(raw, str) and "\x04" in raw:
                key = raw.split("\x04", 1)[0]
                self.templates[key] = text


_translations: dict[tuple[str, str], Catalogue] = {}


def translations(domain: str, lang: str) -> Catalogue:
    """The compiled catalogue of ``domain`` in ``lang`` (read once)."""
    found = _translations.get((domain, lang))
    if found is None:
        path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.mo"
        with path.open("rb") as handle:
            found = _translations[(domain, lang)] = Catalogue(handle)
    return found


def templates(domain: str) -> dict[str, dict[str, str]]:
    """Every template of ``domain`` by language and key."""
    return {lang: translations(domain, lang).templates for lang in LANGUAGES}


#: gettext's ``Plural-Forms`` header of each language, as its PO file declares it (the
#: formula picks the index of the form). European Portuguese, like Spanish and English,
#: uses the singular for 1 only (Brazilian Portuguese also for 0).
PLURAL_FORMS: dict[str, str] = {
    lang: translations(DOMAIN, lang).info().get("plural-forms", "") for lang in LANGUAGES}


def plural_index(lang: str, n: int) -> int:
    """The index of the plural form of ``n`` in ``lang``: the ``plural`` function gettext
    compiles from the language's ``Plural-Forms`` header."""
    rule = translations(DOMAIN, lang if lang in LANGUAGES else "en").plural
    return int(rule(abs(int(n))))


def ngettext(lang: str, singular: str, plural: str, n: int) -> str:
    """gettext's ``ngettext`` for a language with two forms, ``#`` replaced by ``n``."""
    return plural_form(lang, (singular, plural), n)


def plural_form(lang: str, forms: tuple[str, ...] | list[str], n: Any) -> str:
    """The form of ``n`` among ``forms`` (in ``Plural-Forms`` order), ``#`` -> ``n``.

    A number with a fraction (``-0.2``) takes the last form, as gettext's callers do.
    """
    value: Any = n
    if isinstance(value, str):  # a number already written out ("2.5", "3")
        try:
            value = int(value)
        except ValueError:
            try:
                value = float(value.replace(",", "."))
            except ValueError:
                value = 2.5  # not a number at all: the general form
    if isinstance(value, float) and not value.is_integer():
        index = len(forms) - 1
    else:
        try:
            index = min(plural_index(lang, int(value)), len(forms) - 1)
        except (TypeError, ValueError, OverflowError):  # None, inf: the general form
            index = len(forms) - 1
    return forms[index].replace("#", number_text(lang, n))


def number_text(lang: str, value: Any) -> str:
    """A number as the language writes it: a float's decimal point is a comma in Spanish
    and Portuguese ("8,5"); whole numbers and text are left as they are.

    >>> number_text("pt", 8.5), number_text("en", 8.5), number_text("es", 3), number_text("es", "x")
    ('8,5', '8.5', '3', 'x')
    """
    text = str(value)
    if isinstance(value, float) and lang in ("es", "pt"):
        return text.replace(".", ",")
    return text


def ordinal(lang: str, n: int, feminine: bool = False) -> str:
    """``n`` as an ordinal in figures, by the language's rule: "1st", "2nd", "11th",
    "21st"; "1.º" / "1.ª" in Spanish and Portuguese.

    >>> [ordinal("en", n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st']
    >>> ordinal("es", 1), ordinal("pt", 3, feminine=True)
    ('1.º', '3.ª')
    """
    if lang in ("es", "pt"):
        return f"{n}.ª" if feminine else f"{n}.º"
    last_two = abs(int(n)) % 100
    suffix = "th" if 11 <= last_two <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(last_two % 10, "th")
    return f"{n}{suffix}"


def decimal(lang: str, value: float, digits: int = 1) -> str:
    """``value`` with ``digits`` decimals in the language's form ("8.5"; "8,5" in es and
    pt): the engine's own small helper (the site uses Babel's ``format_decimal``).

    >>> decimal("en", 8.46, 2), decimal("pt", 8.46, 1), decimal("es", -0.25, 2)
    ('8.46', '8,5', '-0,25')
    """
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if lang in ("es", "pt") else text


_catalogue: dict[str, dict[str, str]] | None = None


def catalogue() -> dict[str, dict[str, str]]:
    """All of the engine's templates by language (the ``engine`` domain, read once)."""
    global _catalogue
    if _catalogue is None:
        _catalogue = templates(DOMAIN)
    return _catalogue


def suit_name(suit: SuitLike | str, lang: str = "en") -> str:
    """A suit (an :class:`engine.cards.Suit` or its code, ``"NT"`` for no trump) as a
    plural noun in ``lang``."""
    code = suit if isinstance(suit, str) else suit.value
    if code == "NT":
        return {"en": "no trump", "es": "sin triunfo", "pt": "sem trunfo"}.get(lang, "no trump")
    return _SUIT_NOUNS.get(lang, _SUIT_NOUNS["en"])[code]


def card_name(card: CardLike, lang: str = "en") -> str:
    """The card in words, for screen readers: "ace of spades", "as de picas"."""
    lang = lang if lang in _RANK_NOUNS else "en"
    return f"{_RANK_NOUNS[lang][int(card.rank)]} {_OF[lang]} {suit_name(card.suit, lang)}"


class Formatter(string.Formatter):
    """``str.format`` with the specs of this module (cards, suits, seats, plurals) in one
    language; :func:`format_text` and :func:`render` use it."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec in ("ordinal", "ordinal:f"):
            return ordinal(self.lang, int(value), feminine=format_spec == "ordinal:f")
        if format_spec.startswith("plural:"):
            return plural_form(self.lang, format_spec[len("plural:"):].split("|"), value)
        if format_spec == "name" and isinstance(value, CardLike):
            return card_name(value, self.lang)
        if format_spec == "suit":
            return suit_name(value, self.lang)
        if format_spec == "symbol":
            if isinstance(value, SuitLike):
                return value.symbol
            return {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}.get(str(value), str(value))
        if format_spec == "cards":
            return ", ".join(str(c) for c in _as_iterable(value))
        if format_spec == "seat":
            return seat_letter(value)
        if format_spec == "letters":
            return seat_letters(_as_iterable(value))
        if format_spec == "seats":
            return ", ".join(str(s) for s in _as_iterable(value))
        if isinstance(value, (CardLike, enum.IntEnum)):  # a card or a rank: "10♦", "10"
            return str(value)
        if not format_spec and is_choices(value):  # "2♦ and 7♥, or 2♣ and 7♥"
            return choices_text(value, self.lang)
        if isinstance(value, (list, tuple)) and not format_spec:
            return ", ".join(str(v) for v in value)
        if isinstance(value, float) and "," not in format_spec:  # "8,5" in es and pt
            text = str(super().format_field(value, format_spec))
            return text.replace(".", ",") if self.lang in ("es", "pt") else text
        return str(super().format_field(value, format_spec))


def is_choices(value: Any) -> bool:
    """Whether ``value`` is a list of card collections (the ways a card may capture)."""
    return (isinstance(value, (list, tuple)) and len(value) > 0
            and all(isinstance(v, (list, tuple)) and len(v) > 0
                    and all(isinstance(c, CardLike) for c in v) for v in value))


def choices_text(choices: Sequence[Sequence[CardLike]], lang: str = "en") -> str:
    """Card collections in words, not set notation: ``"2♦ and 7♥, or 2♣ and 7♥"`` (the
    language's "and" and "or", ``list.and`` and ``list.or`` of the catalogue)."""
    def together(items: Sequence[str], key: str) -> str:
        if len(items) == 1:
            return items[0]
        return render(key, lang, first=", ".join(items[:-1]), last=items[-1])

    return together([together([str(c) for c in cards], "list.and") for cards in choices],
                    "list.or")


def _as_iterable(value: Any) -> Iterable[Any]:
    return value if isinstance(value, (list, tuple, set, frozenset)) else [value]


def format_text(template: str, lang: str = "en", /, **data: Any) -> str:
    """Fill any template with this module's format specs (cards, suits, plurals) in
    ``lang``: the UI strings and the teaching texts use it too."""
    return Formatter(lang).format(template, **data)


def render(key: str, lang: str = "en", **data: Any) -> str:
    """The sentence for ``key`` in ``lang`` (falling back to English), filled with ``data``.

    Raises ``KeyError`` when the key is in no catalogue.
    """
    cat = catalogue()
    template = cat.get(lang, {}).get(key)
    if template is None:
        template = cat["en"][key]
        lang = "en"
    return Formatter(lang).format(template, **data)


def missing_keys() -> dict[str, list[str]]:
    """For each language, the English keys it lacks (tests keep this empty)."""
    cat = catalogue()
    english = cat["en"].keys()
    return {lang: sorted(english - cat.get(lang, {}).keys()) for lang in LANGUAGES if lang != "en"}
