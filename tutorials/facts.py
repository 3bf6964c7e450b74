"""The facts of a walkthrough step, and the placeholders of teaching text that use them.

A scenario's teaching text never types a number, card, seat, bid or score by hand: it
writes ``{forbidden_bid}``, ``{dealer}``, ``{taken:cards}``… and :func:`fill` fills them
from the step's engine state when the walkthrough is built (the syntax and every fact's
name: ``docs/tutorials.md``). A placeholder the step does not have raises
:class:`FactError` naming the step and the field; :func:`literals` finds the digits,
cards and number words a text types outside its placeholders (the tests keep it empty).

The facts are read from the plain data a walkthrough step holds (the engine's tables,
events and scores, see ``ui.walkthrough.kachuful.SaidStep`` and
``ui.walkthrough.krypkasino.Step``); nothing here decides a rule. Rule constants come
from the engine's own functions (``score_hand``, ``card_points``).

>>> fill("Seat {dealer} may not bid {forbidden_bid}.", {"dealer": 3, "forbidden_bid": 1}, "en", "x")
'Seat 3 may not bid 1.'
>>> fill("{size:plural:# card|# cards} each", {"size": 1}, "pt", "x")
'1 card each'
>>> literals("Seat {dealer}'s 8♠ beats 0 + 1 (K-9), two tricks")
['8♠', '0', '1', 'two']
>>> fill("«{option_forced_sweep}»: «{option_forced_sweep_false}»", option_labels("krypkasino"),
...      "es", "x")
'«Barrida obligatoria»: «desactivada»'
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.cards import DECK, Card, parse_card

_ACE = parse_card("AS")

__all__ = ["FactError", "STRICT", "OptionLabel", "fill", "fill_step_text", "kachuful_facts", "krypkasino_facts",
           "literals", "fields", "option_labels"]


class FactError(ValueError):
    """A teaching text names a fact its step does not have (``where`` names the step)."""

    def __init__(self, where: str, name: str, known: Mapping[str, Any]) -> None:
        self.where = where
        self.name = name
        super().__init__(f"{where}: {{{name}}} is not a fact of this step "
                         f"(it has: {', '.join(sorted(known))})")


def fields(template: str) -> set[str]:
    """The placeholder names a text uses."""
    return {name.split(".")[0].split("[")[0]
            for _, name, _, _ in string.Formatter().parse(template) if name}


@dataclass(frozen=True)
class OptionLabel:
    """A fact that is a name, not a number: the message key of an option's label or of one
    of its values in the registry (:mod:`engine.registry`), said in the text's language
    when the text is filled (``{option_forced_sweep}`` -> "Forced sweep")."""

    key: str

    def said(self, lang: str) -> str:
        from engine.messages import render

        return render(self.key, lang)


def fill(template: str, facts: Mapping[str, Any], lang: str, where: str) -> str:
    """``template`` with its placeholders filled from ``facts`` in ``lang``.

    Raises :class:`FactError` for a placeholder that is not a fact (or whose fact is
    ``None``: e.g. ``{forbidden_bid}`` where the hook forbids nothing).
    """
    from engine.messages import format_text

    used = fields(template)
    for name in used:
        if facts.get(name) is None:
            raise FactError(where, name, {k: v for k, v in facts.items() if v is not None})
    return format_text(template, lang, **{k: v.said(lang) if isinstance(v, OptionLabel) and k in used
                                          else v for k, v in facts.items()})


#: Tests set this to make :func:`fill_step_text` raise instead of dropping a text.
STRICT = False


def fill_step_text(template: str, facts: Mapping[str, Any], lang: str, where: str) -> str | None:
    """:func:`fill` for a page: ``None`` (the step shows no scenario text) when the step
    lacks one of the text's facts, as under a variant the text was not written for
    (``{forbidden_bid}`` with the hook rule off). With :data:`STRICT` it raises, so the
    tests catch a text that does not fit its own scenario."""
    try:
        return fill(template, facts, lang, where)
    except FactError:
        if STRICT:
            raise
        return None


# -- literal facts: what a text may not type by hand --------------------------------------

_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{[^{}]*\}")
_RULE_ID = re.compile(r"\b[KC]-\d+\b")
_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_CARD = re.compile(r"(?<![\w])(?:10|[2-9AKQJ])\s?[♠♥♦♣]")
_DIGITS = re.compile(r"(?<![\w])\d+(?:[.,]\d+)?")
#: Number words a fact can hide in ("one"/"uno"/"um" are also pronouns and articles).
NUMBER_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
           "twelve", "thirteen", "twenty", "forty", "twice"),
    "es": ("dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once",
           "doce", "trece", "veinte", "cuarenta"),
    "pt": ("dois", "duas", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez",
           "onze", "doze", "treze", "vinte", "quarenta"),
}
_WORDS = {lang: re.compile(r"\b(" + "|".join(words) + r")\b", re.IGNORECASE)
          for lang, words in NUMBER_WORDS.items()}


def literals(text: str, lang: str = "en") -> list[str]:
    """Cards, numbers and number words typed outside placeholders (rule IDs and link
    targets do not count). A teaching text must have none: each is a fact to fill."""
    rest = _LINK_TARGET.sub("]", _RULE_ID.sub(" ", _PLACEHOLDER.sub(" ", text)))
    found = [m.group(0) for m in _CARD.finditer(rest)]
    rest = _CARD.sub(" ", rest)
    found += [m.group(0) for m in _DIGITS.finditer(rest)]
    found += [m.group(0) for m in _WORDS.get(lang, _WORDS["en"]).finditer(rest)]
    return found


# -- Kachuful -----------------------------------------------------------------------------


def _card(code: str | None) -> Card | None:
    return None if code is None else parse_card(code)


def _cards(codes: Any) -> tuple[Card, ...]:
    return tuple(parse_card(c) for c in codes)


def _seatwise(facts: dict[str, Any], name: str, values: Any) -> None:
    for seat, value in enumerate(values):
        facts[f"{name}_s{seat}"] = value


def kachuful_facts(step: Any, rules: Any = None, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The facts of a Kachuful walkthrough step (``ui.walkthrough.kachuful.SaidStep``):
    its table, the acting seat, the draw and the score rows; ``extra`` adds the facts the
    builder took from the step's events (``forbidden_bid``, ``others``, ``bids_before``,
    ``legal_bids``)."""
    from engine.kachuful import DEFAULT_RULES
    from engine.kachuful.rules import score_hand

    facts: dict[str, Any] = {"hand": step.hand or None, "seat": step.seat}
    rules = rules or DEFAULT_RULES
    facts["exact_bonus"] = score_hand(0, 0, rules)
    facts["renege_points"] = score_hand(0, 0, rules, reneged=True)
    facts.update(option_labels("kachuful"))
    table = step.table
    if table is not None:
        facts.update(
            players=len(table.hands), size=table.size, dealer=table.dealer,
            trump=table.trump if table.trump not in ("?",) else None,
            turned=_card(table.turned), to_act=table.to_act, trick_winner=table.trick_winner,
            card=_card(table.just_played),
            bids=tuple(b for b in table.bids if b is not None),
            trick_cards=tuple(parse_card(c) for _, c in table.trick),
            led=parse_card(table.trick[0][1]) if table.trick else None,
        )
        _seatwise(facts, "bid", table.bids)
        _seatwise(facts, "tricks", table.tricks_won)
        _seatwise(facts, "total", table.totals)
        _seatwise(facts, "hand", [_cards(h) for h in table.hands])
        if step.seat is not None and step.kind in ("bid", "hook"):
            facts["bid"] = table.bids[step.seat]
        made = [b for b in table.bids if b is not None]
        facts["bids_total"] = sum(made) if made else None
        # What each bid scores when made exactly, under the variant (K-13).
        _seatwise(facts, "exact_score", [None if b is None else score_hand(b, b, rules)
                                         for b in table.bids])
    if step.draw:
        facts["players"] = facts.get("players") or len(step.draw)
        for seat, code, _top in step.draw:
            facts[f"draw_s{seat}"] = parse_card(code)
        high = tuple(seat for seat, _, top in step.draw if top)
        facts["draw_high"] = high
        facts["draw_winner"] = high[0] if len(high) == 1 else None
    for seat, _bid, tricks, points, total in step.sheet:
        facts[f"points_s{seat}"] = points
        facts[f"total_s{seat}"] = total
        facts[f"made_s{seat}"] = tricks
    if extra:
        facts.update(extra)
    return facts


# -- Krypkasino ---------------------------------------------------------------------------


def option_labels(game: str) -> dict[str, OptionLabel]:
    """The names of a game's options and of their named values, as facts: ``option_<name>``
    (the option's label) and ``option_<name>_<code>`` (a value's label: ``_true``,
    ``_false``, ``_maximal``, ``_rotation`` ...), so a text that tells the reader to change
    the variant names the option as the variant box shows it."""
    from engine.registry import GAMES

    out: dict[str, OptionLabel] = {}
    for option in GAMES[game].options:
        out[f"option_{option.name}"] = OptionLabel(option.label_key)
        for value in option.choices:
            out[f"option_{option.name}_{option.code(value)}"] = OptionLabel(option.value_key(value))
    return out


def krypkasino_facts(step: Any, rules: Any = None) -> dict[str, Any]:
    """The facts of a Krypkasino walkthrough step (``ui.walkthrough.krypkasino.Step``):
    its board, the play, the sweep and the variant's point values."""
    from engine.krypkasino.rules import (
        LOT_CARDS,
        LOT_PACKETS,
        KrypkasinoRules,
        card_points,
        deal_sizes,
        hand_value,
        table_value,
    )

    rules = rules or KrypkasinoRules()
    board = step.board
    taken = _cards(step.taken)
    facts: dict[str, Any] = {
        "players": board.players, "deal": board.deal + 1, "dealer": board.dealer,
        "lot": board.lot, "lots": board.lots, "stock": board.stock,
        "seat": step.seat, "card": _card(step.card), "taken": taken or None,
        "taken_count": len(taken), "taken_points": card_points(taken),
        "table": _cards(board.table) or None, "table_count": len(board.table),
        "table_before": _cards(step.table_before) or None,
        "table_before_count": len(step.table_before),
        "hand_before": _cards(step.hand_before) or None, "sweepers": _cards(step.sweepers) or None,
        "to_play": board.to_play, "spade_faces": _cards(board.spade_faces) or None,
        "last_capturer": board.last_capturer,
        "sweep_points": rules.sweep_points, "double_points": rules.double_points(),
        "total_points": card_points(DECK * 2),  # both decks (C-13)
    }
    if step.card is not None:
        played = [parse_card(step.card)]
        facts["played_points"] = card_points(played)
        facts["capture_points"] = card_points([*taken, *played]) if taken else 0
    # The shape of a deal for this many players (C-2, C-11) and the card values (C-4).
    sizes = deal_sizes(board.players)
    facts.update(
        hand_size=sizes.hand, deal_table=sizes.table, packets=" + ".join(map(str, sizes.packets)),
        deal_stock=sizes.stock, dealt_cards=board.players * sizes.hand + sizes.table,
        hand_cards=board.players * sizes.hand, lot_cards=LOT_CARDS,
        lot_packets=" + ".join(map(str, LOT_PACKETS)), lot_total=LOT_CARDS * board.players,
        later_lots=sizes.lots - 1, deck_cards=len(DECK) * 2,
        stock_steps=tuple(range(sizes.stock, -1, -LOT_CARDS * board.players)),
        ace_hand=hand_value(_ACE), ace_table=table_value(_ACE),
        session_deals=rules.session_length(board.players),
    )
    facts.update(option_labels("krypkasino"))
    _seatwise(facts, "captured", board.captured)
    _seatwise(facts, "card_points", board.card_points)
    _seatwise(facts, "sweep_points", board.sweep_points)
    _seatwise(facts, "score", board.scores)
    _seatwise(facts, "total", board.totals)
    for event in step.events:
        if event.kind in ("sweep", "double-sweep"):  # the event's stable kind (C-9, C-10)
            facts.update(sweeper=event.seat, victim=event.victim, points=event.points)
        for key, value in event.message_data().items():
            facts.setdefault(key, value)
    if step.kind == "score":
        facts["sweep_count"] = len(step.sweeps)
    if step.sweeps:  # the score step: the deal's sweeps, by whom and against whom
        _seatwise(facts, "sweeps", [sum(1 for w in step.sweeps if w.seat == k)
                                    for k in range(board.players)])
        _seatwise(facts, "swept_against", [sum(1 for w in step.sweeps if w.victim == k)
                                           for k in range(board.players)])
    return facts

