"""What the lesson slides of every game share, and where each game's are found.

:class:`Slide` is one screen of a lesson (:mod:`ui.classroom.deck` builds the deck). A game's
walkthrough steps become slides in its own module, ``ui/lesson_slides_<game id>.py``
(:mod:`ui.classroom.lesson_slides_kachuful`, :mod:`ui.classroom.lesson_slides_krypkasino`), which
:func:`game_slides` finds by the game's registry id: nothing outside those modules asks
which game a lesson's scenario belongs to (tests/test_plugin_point.py). Each such module
has the four functions of :class:`GameSlides`.
"""

from __future__ import annotations

import importlib
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

from engine.cards import parse_cards
from engine.registry import GAMES
from tutorials.lessons import LessonError, ScenarioItem
from ui.cards import CardState, cards_html

__all__ = ["GameSlides", "Slide", "cards", "game_slides", "marked", "move_item", "move_ref",
           "step_range"]


@dataclass(frozen=True)
class Slide:
    """One screen of a lesson.

    ``kind``: ``cover`` (its ``lines`` are the items, in order), ``item`` (the title of a scenario or quiz set), ``step`` (a
    walkthrough step), ``question`` or ``answer``. ``lines`` are plain sentences (engine
    sentences, facts, choices); ``text`` teaching markdown with ``rule:`` links; ``html``
    the static cards; ``rules`` the rule IDs the slide shows; ``note`` the teacher's note
    (not for the student view); ``choices`` a question's lettered answers; ``ref`` what the slide comes from (``kachuful/renege#
    h16.score``, ``k-bids-1234``); ``item`` the item index (-1 for the cover)."""

    kind: str
    item: int
    title: str
    lines: tuple[str, ...] = ()
    text: str | None = None
    html: str = ""
    rules: tuple[str, ...] = ()
    note: str | None = None
    ref: str = ""
    subtitle: str = ""
    choices: tuple[str, ...] = ()
    ask: str = ""  # a "your move" step: the live question's ref (``move:…``, see ui.classroom.live)


class GameSlides(Protocol):
    """A game's lesson slides (a module ``ui/lesson_slides_<game>.py``). Each function may
    raise the engine's or the scenario files' errors when the scenario cannot be built."""

    def step_ids(self, item: ScenarioItem, lang: str) -> list[str]:
        """The step ids of the item's whole walkthrough."""

    def slides(self, item: ScenarioItem, index: int, lang: str, four: bool) -> list[Slide]:
        """The step slides of the item's range (``index``: its place in the lesson)."""

    def ask_position_html(self, item: ScenarioItem, step_id: str, lang: str,
                          four: bool) -> str:
        """The position of a your-move step before its move, nothing of the move shown
        (``""``: none)."""

    def step_ask(self, item: ScenarioItem, step_id: str, lang: str) -> Any:
        """The your-move question (``ui.walkthrough.your_move.Ask``) of a step, or ``None``."""


def game_slides(game: str) -> GameSlides:
    """The slides module of the registered game ``game`` (``KeyError``: not a game)."""
    return cast(GameSlides, importlib.import_module(f"ui.classroom.lesson_slides_{GAMES[game].id}"))


def _index(ref: int | str | None, ids: Sequence[str], default: int, where: str) -> int:
    if ref is None:
        return default
    if isinstance(ref, int):
        if not 1 <= ref <= len(ids):
            raise LessonError(where, f"step {ref} is past the last step ({len(ids)})")
        return ref - 1
    if ref not in ids:
        raise LessonError(where, f"no step {ref!r} in this walkthrough")
    return list(ids).index(ref)


def step_range(item: ScenarioItem, ids: Sequence[str], where: str) -> tuple[int, int]:
    first = _index(item.start, ids, 0, f"{where}.start")
    last = _index(item.end, ids, len(ids) - 1, f"{where}.end")
    if last < first:
        raise LessonError(f"{where}.end", "comes before the start")
    return first, last


def move_ref(item: ScenarioItem, step_id: str) -> str:
    """``kachuful/<scenario>#<step>`` (``~<variant JSON>`` before ``#`` when the item has one):
    names a your-move step of a lesson's walkthrough for :func:`step_ask`."""
    variant = ("~" + json.dumps(dict(item.variant), separators=(",", ":"), sort_keys=True)
               if item.variant else "")
    return f"{item.game}/{item.scenario}{variant}#{step_id}"


def move_item(ref: str) -> tuple[ScenarioItem, str] | None:
    """The scenario item and step id a :func:`move_ref` names (``None``: not one)."""
    where, _, step_id = ref.partition("#")
    where, _, variant = where.partition("~")
    game, _, scenario = where.partition("/")
    if game not in GAMES or not step_id:
        return None
    try:
        options = json.loads(variant) if variant else {}
    except ValueError:
        return None
    if not isinstance(options, dict):
        return None
    try:
        return ScenarioItem(game, scenario, variant=tuple(sorted(options.items()))), step_id
    except TypeError:
        return None


def cards(codes: Sequence[str], lang: str, four: bool, states: Sequence[CardState] | None = None,
           layout: str = "row", caption: str | None = None) -> str:
    return cards_html(parse_cards(list(codes)), lang=lang, states=states,
                      layout=layout, four_colour=four, caption=caption)  # type: ignore[arg-type]


def marked(codes: Sequence[str], picked: Sequence[str]) -> list[CardState]:
    left = Counter(picked)
    out: list[CardState] = []
    for code in codes:
        if left[code] > 0:
            left[code] -= 1
            out.append("highlight")
        else:
            out.append("normal")
    return out
