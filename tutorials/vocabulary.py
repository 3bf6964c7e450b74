"""One word per concept and language: the glossary's words, and the synonyms it rules out.

:data:`WORDS` holds, for each key concept, the word each language uses; the glossary page
of that language (``tutorials/<lang>/glossary.md``) defines it in the section
:data:`ANCHORS` names. :data:`FORBIDDEN` lists the words that must not stand for a concept
(a regional synonym, a word that means something else here, a wording that gets the
lowest-wins scoring backwards); ``tests/test_vocabulary.py`` fails on any of them in an
engine sentence, a UI string, a scenario, a lesson or a rules page. Spanish keeps "fallar"
for missing a bid: trumping is "jugar triunfo".

>>> WORDS["dealer"]["pt"], WORDS["lot"]["es"]
('dador', 'tanda')
>>> [f.concept for f in violations("el asiento 1 falla con 2♣", "es")]
['trump']
>>> violations("el asiento 1 falla su apuesta", "es")
[]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["ANCHORS", "FORBIDDEN", "ForbiddenWord", "WORDS", "violations"]

WORDS: dict[str, dict[str, str]] = {
    "dealer": {"en": "dealer", "es": "repartidor", "pt": "dador"},
    "trump": {"en": "trump", "es": "triunfo", "pt": "trunfo"},
    "trick": {"en": "trick", "es": "baza", "pt": "vaza"},
    "bid": {"en": "bid", "es": "apuesta", "pt": "aposta"},
    "miss": {"en": "miss", "es": "fallo", "pt": "falha"},
    "sweep": {"en": "sweep", "es": "barrida", "pt": "varredura"},
    "lot": {"en": "lot", "es": "tanda", "pt": "lote"},
    "stock": {"en": "stock", "es": "monte", "pt": "monte"},
    "packet": {"en": "packet", "es": "paquete", "pt": "pacote"},
    "trail": {"en": "trail", "es": "dejar", "pt": "pousar"},
    "capture": {"en": "capture", "es": "captura", "pt": "captura"},
    "deal": {"en": "deal", "es": "reparto", "pt": "distribuição"},
    "hook": {"en": "hook", "es": "gancho", "pt": "gancho"},
    "follow": {"en": "follow suit", "es": "seguir el palo", "pt": "assistir"},
    "discard": {"en": "discard", "es": "descarte", "pt": "baldar-se"},
    "round": {"en": "round", "es": "ronda", "pt": "volta"},
    "draw": {"en": "draw", "es": "sacar", "pt": "tirar"},
    "schedule": {"en": "hand sizes", "es": "tamaño de las manos", "pt": "tamanho das mãos"},
    "link": {"en": "link", "es": "enlace", "pt": "ligação"},
}

#: The glossary section (anchor) that defines each concept, in every language.
ANCHORS: dict[str, str] = {
    "dealer": "dealer", "trump": "trump", "trick": "trick", "bid": "bid", "miss": "miss",
    "sweep": "tabbe", "lot": "lot", "stock": "stock", "packet": "packet", "trail": "krypa",
    "capture": "capture", "deal": "deal", "hook": "hook-rule",
    "follow": "follow-suit", "discard": "discard", "schedule": "schedule",
}


@dataclass(frozen=True)
class ForbiddenWord:
    """A word (regular expression, case-insensitive) ``lang`` must not use; ``scope``
    ``"krypkasino"`` limits it to Krypkasino texts (where a "mão" is never a deal)."""

    concept: str
    lang: str
    pattern: str
    why: str
    scope: str = "all"

    def search(self, text: str) -> re.Match[str] | None:
        return re.search(self.pattern, text, re.IGNORECASE)


_TRUMP_ES = 'Spanish "fallar" is kept for missing a bid; trumping is "jugar triunfo"'
FORBIDDEN: tuple[ForbiddenWord, ...] = (
    ForbiddenWord("trump", "es", r"\bfall(?:a|as|an|o|ó|é|ar|ando)\s+con\s+(?:\{card|el\b|la\b|un\b|"
              r"una\b|(?:10|[2-9AKQJ])[♠♥♦♣])", _TRUMP_ES),
    ForbiddenWord("trump", "es", r"\bfall(?:a|as|an|ó|ar)\s+(?:el|la|un|una)\s+(?!apuesta)", _TRUMP_ES),
    ForbiddenWord("trump", "pt", r"\bfalh(?:a|as|am|o|ou|ar)\s+com\s+(?:\{card|o\b|a\b|um\b|uma\b|"
              r"(?:10|[2-9AKQJ])[♠♥♦♣])",
              'Portuguese "falhar" is missing a bid; trumping is "cortar"'),
    ForbiddenWord("dealer", "pt", r"\bcarteador(?:es)?\b", 'the dealer is "o dador"'),
    ForbiddenWord("dealer", "pt", r"\bquem deu\b", 'the dealer is "o dador"'),
    ForbiddenWord("dealer", "es", r"\b(?:dador|barajador)\b", 'the dealer is "el repartidor"'),
    ForbiddenWord("sweep", "pt", r"\bvarridas?\b", 'a sweep is "uma varredura"'),
    ForbiddenWord("sweep", "es", r"\bbarridos?\b", 'a sweep is "una barrida"'),
    ForbiddenWord("lot", "es", r"\blotes?\b", 'a lot is "una tanda"'),
    ForbiddenWord("lot", "pt", r"\brodadas?\b", 'a lot is "um lote", a deal "uma distribuição"'),
    ForbiddenWord("stock", "es", r"\bmazo\b", 'the stock is "el monte"'),
    ForbiddenWord("stock", "pt", r"\btalão\b", 'the stock is "o monte"'),
    ForbiddenWord("packet", "pt", r"\blotes? de (?:\d+ ?\+|\{packets)|\b(?:em|por|nuns|uns) lotes\b",
              'cards are dealt in "pacotes"; a "lote" is the later 4-card lot'),
    ForbiddenWord("packet", "es", r"\btandas? de (?:\d+ ?\+|\{packets)",
              'cards are dealt in "paquetes"; a "tanda" is the later 4-card lot'),
    ForbiddenWord("packet", "en", r"\blots? of (?:\d+ ?\+|\{packets)",
              'cards are dealt in "packets"; a "lot" is the later 4-card lot'),
    ForbiddenWord("bid", "es", r"\b(?:puja\w*|subasta\w*)\b", 'a bid is "una apuesta"'),
    ForbiddenWord("bid", "pt", r"\blicita\w*\b", 'a bid is "uma aposta"'),
    ForbiddenWord("trick", "es", r"\btrucos?\b", 'a trick is "una baza"'),
    ForbiddenWord("trail", "pt", r"\blarg(?:ou|ar|o|ue|uei)\b|\bdeix(?:o|a|ou|ar|ei) \{card\} na mesa",
              'to trail is "pousar"'),
    ForbiddenWord("follow", "pt", r"\bsegu(?:e|ir|iu|em|es|ia|indo)\s+o\s+naipe\b",
              'to follow suit is "assistir"'),
    ForbiddenWord("discard", "pt", r"\bdescart\w*", 'to discard is "baldar-se" (a "balda")'),
    ForbiddenWord("round", "pt", r"\brondas?\b", 'a round is "uma volta"'),
    ForbiddenWord("draw", "es", r"\brob(?:a|as|an|ó|aron|ar|ado|ada|adas|ados)\b",
              'to draw a card is "sacar" (the rules\' word)'),
    ForbiddenWord("schedule", "es", r"\b(?:calendario|esquema)s?\b",
              'the option is "tamaño de las manos"'),
    ForbiddenWord("schedule", "pt", r"\b(?:calendário|esquema)s?\b",
              'the option is "tamanho das mãos"'),
    ForbiddenWord("schedule", "en", r"(?<![`.#])\bschedules?\b(?![`.}])", 'the option is "hand sizes"'),
    ForbiddenWord("link", "pt", r"(?<![{`])\blinks?\b(?![}:`])", 'European Portuguese: "a ligação"'),
    ForbiddenWord("link", "es", r"(?<![{`])\blinks?\b(?![}:`])", 'a link is "un enlace"'),
    ForbiddenWord("hook", "es", r"\bmuerde\w*\b|\bmorder\b", 'the hook "actúa", it does not bite'),
    ForbiddenWord("hook", "pt", r"\bmorde\w*\b", 'the hook "atua", it does not bite'),
    ForbiddenWord("hook", "es", r"\btrampa\b", 'the dealer\'s restriction is "el gancho"'),
    ForbiddenWord("trick", "pt", r"\btruques?\b", 'a trick is "uma vaza"'),
    ForbiddenWord("capture", "es", r"\brecog\w*\b", 'to capture is "capturar" (or "llevarse")'),
    ForbiddenWord("capture", "pt", r"\bapanh\w*\b", 'to capture is "capturar" (or "levar")'),
    ForbiddenWord("deal", "pt", r"\bm[ãa]o \{deal|\bm[ãa]o (?:acabou|pontuada)\b|\bresto desta m[ãa]o\b"
              r"|\bnúmero de m[ãa]os\b", 'a Krypkasino deal is "uma distribuição"',
              scope="krypkasino"),
    ForbiddenWord("deal", "es", r"\bmano \{deal|\bmano (?:terminada|puntuada)\b",
              'a Krypkasino deal is "un reparto"', scope="krypkasino"),
    # Lowest wins: capturing points is bad for you and a minus is good for you.
    ForbiddenWord("reverse scoring", "en", r"\bpays? (?:for )?the sweep\b|\byou pay\b"
              r"|\bmost valuable card\b|\bsweeps? suffered\b", "a -5 is a gift, not a payment"),
    ForbiddenWord("reverse scoring", "es", r"\bpaga(?:s|n)? (?:por )?la barrida\b|\bpagas\b"
              r"|\bcarta más valiosa\b|\bbarridas? sufridas?\b", "un -5 es un regalo, no un pago"),
    ForbiddenWord("reverse scoring", "pt", r"\bpaga(?:m)? (?:pel)?a varredura\b|\bvocê paga\b"
              r"|\bcarta mais valiosa\b|\bvarreduras? sofridas?\b", "um -5 é um presente, não um pagamento"),
)


def violations(text: str, lang: str, krypkasino: bool = True) -> list[ForbiddenWord]:
    """The forbidden words ``text`` (in ``lang``) uses; ``krypkasino`` says whether the
    text may speak of Krypkasino (then its own rules apply too)."""
    return [f for f in FORBIDDEN
            if f.lang == lang and (f.scope == "all" or krypkasino) and f.search(text)]


for _f in FORBIDDEN:  # every pattern compiles, and names a concept of WORDS
    re.compile(_f.pattern)
    assert _f.concept in WORDS or _f.concept == "reverse scoring", _f
