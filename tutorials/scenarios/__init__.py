"""Walkthrough scenarios: tutorial data a teacher can add without touching code.

A scenario is one JSON file, ``tutorials/scenarios/<game>/<id>.json`` (``<id>`` is the
file name without ``.json``: lower-case letters, digits and ``-``). This module reads and
checks the part every game shares; the game's walkthrough builder checks the rest (the
record, the seed) with the engine's own strict readers. Standard library only.

The shared format, ``"format": "rules-lab-scenario/1"``::

    {
      "format": "rules-lab-scenario/1",
      "game": "kachuful",                      # must match the folder
      "title": {"en": "The worked example", "es": "…"},        # required, en required
      "summary": {"en": "One hand of 3 …"},                      # optional
      "order": 1,                              # optional: position in menus (default 100)
      "texts": {                               # optional: teaching text per step
        "intro": {"en": "…"},
        "h11.bid.s3": {"en": "…", "pt": "…"},
        "hook": {"en": "…"}
      },
      …game keys…                              # e.g. "seed", "players", "record", "variant"
    }

* A localized text is an object ``{"en": …, "es": …, "pt": …}`` with ``en`` required;
  a missing language falls back to English (:func:`localized`). A plain string is taken
  as English.
* ``texts`` keys are the game's step keys. Each game documents its keys; the Kachuful and
  Krypkasino builders look a step up by its id, then by ``<kind>#<n>`` (the n-th step of
  that kind, from 1), then by ``<kind>`` (every step of that kind): :func:`text_for`.
* A text's numbers, cards, seats, bids and scores are placeholders (``{dealer}``,
  ``{forbidden_bid}``) filled from the step's engine state: :mod:`tutorials.facts` and
  ``docs/tutorials.md``; nothing of the kind is typed by hand.
* ``your_move`` (both games): the step ids where the walkthrough stops and lets the
  learner make the move, judged by the engine (:mod:`ui.walkthrough.your_move`); without it each
  builder chooses them from the engine's positions. Every scenario has at least two
  (``tests/test_walkthrough_your_move.py``).
* Each game declares its own keys in :func:`load` (``game_keys``); an unknown top-level
  key is an error, so a typo in a file is caught by the tests instead of being ignored.

>>> localized({"en": "Hello", "es": "Hola"}, "pt"), localized("Hi", "es")
('Hello', 'Hi')
>>> text_for({"bid": {"en": "a bid"}, "bid#2": {"en": "second"}}, "h1.bid.s0", "bid", 2, "en")
'second'
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.registry import LANGUAGES

__all__ = [
    "FORMAT",
    "LANGS",
    "Scenario",
    "ScenarioError",
    "ids",
    "load",
    "load_all",
    "localized",
    "path_of",
    "text_for",
]

FORMAT = "rules-lab-scenario/1"
LANGS: tuple[str, ...] = LANGUAGES  # the registry's
ROOT = Path(__file__).resolve().parent
COMMON_REQUIRED: tuple[str, ...] = ("format", "game", "title")
COMMON_OPTIONAL: tuple[str, ...] = ("summary", "order", "texts")
_ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")


class ScenarioError(ValueError):
    """A scenario file that cannot be used: ``where`` names the file and the field."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}")


@dataclass(frozen=True)
class Scenario:
    """A checked scenario: its id, game, titles and texts, and the game's own keys in
    ``data`` (raw JSON values, checked by the game's builder)."""

    id: str
    game: str
    title: Mapping[str, str]
    summary: Mapping[str, str]
    order: int
    texts: Mapping[str, Mapping[str, str]]
    data: Mapping[str, Any] = field(default_factory=dict)

    def title_in(self, lang: str) -> str:
        return localized(self.title, lang)

    def summary_in(self, lang: str) -> str:
        return localized(self.summary, lang) if self.summary else ""

    def text(self, step_id: str, kind: str, nth: int, lang: str,
             facts: Mapping[str, Any] | None = None) -> str | None:
        """The teaching text of a step (see :func:`text_for`), its placeholders filled
        from the step's ``facts`` (:mod:`tutorials.facts`; raises
        :class:`~tutorials.facts.FactError` for a placeholder the step lacks)."""
        text = text_for(self.texts, step_id, kind, nth, lang)
        if text is None or facts is None:
            return text
        from tutorials.facts import fill_step_text

        return fill_step_text(text, facts, lang, f"{self.game}/{self.id}: texts.{step_id}")


def localized(text: Mapping[str, str] | str, lang: str) -> str:
    """``text`` in ``lang``, else in English."""
    if isinstance(text, str):
        return text
    value = text.get(lang)
    return value if isinstance(value, str) and value else text["en"]


def text_for(texts: Mapping[str, Mapping[str, str]], step_id: str, kind: str, nth: int,
             lang: str) -> str | None:
    """The text for a step: by its id, then ``<kind>#<nth>``, then ``<kind>``; ``None``
    when the scenario has none."""
    for key in (step_id, f"{kind}#{nth}", kind):
        if key in texts:
            return localized(texts[key], lang)
    return None


def path_of(game: str, scenario_id: str) -> Path:
    """Where the file of a scenario lives."""
    return ROOT / game / f"{scenario_id}.json"


def ids(game: str) -> list[str]:
    """The scenario ids of ``game`` (file names), sorted by name."""
    folder = ROOT / game
    if not folder.is_dir():
        return []
    return sorted(p.stem for p in folder.glob("*.json") if _ID_RE.match(p.stem))


def _localized_field(value: Any, where: str, required: bool) -> dict[str, str]:
    if isinstance(value, str):
        value = {"en": value}
    if not isinstance(value, dict):
        raise ScenarioError(where, "must be a text or an object of texts by language")
    for lang, text in value.items():
        if lang not in LANGS:
            raise ScenarioError(f"{where}.{lang}", f"unknown language (use {', '.join(LANGS)})")
        if not isinstance(text, str) or not text.strip():
            raise ScenarioError(f"{where}.{lang}", "must be a non-empty text")
    if "en" not in value and (required or value):
        raise ScenarioError(where, "needs an English text ('en'), the fallback of every language")
    return dict(value)


def check(doc: Any, game: str, scenario_id: str, game_keys: Iterable[str]) -> Scenario:
    """Check a parsed scenario document (see the module docstring); raise
    :class:`ScenarioError` naming the field."""
    where = f"{game}/{scenario_id}"
    if not isinstance(doc, dict):
        raise ScenarioError(where, "a scenario file holds one JSON object")
    allowed = set(COMMON_REQUIRED) | set(COMMON_OPTIONAL) | set(game_keys)
    for key in COMMON_REQUIRED:
        if key not in doc:
            raise ScenarioError(f"{where}: {key}", "missing")
    for key in doc:
        if key not in allowed:
            raise ScenarioError(f"{where}: {key}",
                                f"unknown key (allowed: {', '.join(sorted(allowed))})")
    if doc["format"] != FORMAT:
        raise ScenarioError(f"{where}: format", f"must be {FORMAT!r}")
    if doc["game"] != game:
        raise ScenarioError(f"{where}: game", f"must be {game!r} (the folder it is in)")
    order = doc.get("order", 100)
    if isinstance(order, bool) or not isinstance(order, int):
        raise ScenarioError(f"{where}: order", "must be a whole number")
    texts_raw = doc.get("texts", {})
    if not isinstance(texts_raw, dict):
        raise ScenarioError(f"{where}: texts", "must be an object: step key -> text")
    texts = {str(k): _localized_field(v, f"{where}: texts.{k}", True)
             for k, v in texts_raw.items()}
    data = {k: v for k, v in doc.items() if k in set(game_keys)}
    return Scenario(
        id=scenario_id, game=game,
        title=_localized_field(doc["title"], f"{where}: title", True),
        summary=_localized_field(doc.get("summary", {}), f"{where}: summary", False),
        order=order, texts=texts, data=data,
    )


def load(game: str, scenario_id: str, game_keys: Iterable[str] = ()) -> Scenario:
    """Read and check ``tutorials/scenarios/<game>/<scenario_id>.json``.

    Raises :class:`ScenarioError` for an unknown id, bad JSON or a bad field.
    """
    if not _ID_RE.match(scenario_id) or not path_of(game, scenario_id).is_file():
        raise ScenarioError(f"{game}/{scenario_id}", "no such scenario")
    try:
        doc = json.loads(path_of(game, scenario_id).read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"{game}/{scenario_id}", f"not valid JSON ({exc})") from None
    return check(doc, game, scenario_id, tuple(game_keys))


def load_all(game: str, game_keys: Iterable[str] = ()) -> list[Scenario]:
    """Every scenario of ``game``, in menu order (``order``, then id)."""
    keys = tuple(game_keys)
    found = [load(game, sid, keys) for sid in ids(game)]
    return sorted(found, key=lambda s: (s.order, s.id))
