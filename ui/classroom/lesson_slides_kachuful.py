"""Kachuful's lesson slides (:class:`ui.classroom.lesson_slides.GameSlides`): the walkthrough of
:mod:`ui.walkthrough.kachuful` (built once per process and language), each step drawn as
the walkthrough page draws it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from engine.kachuful import KachufulRules
from engine.messages import render
from tutorials import scenarios as scenario_files
from tutorials.lessons import ScenarioItem
from ui.classroom.lesson_slides import Slide, move_ref, step_range
from ui.i18n import t
from ui.safe import escape_html
from ui.walkthrough import kachuful as wkach

__all__ = ["ask_position_html", "built", "slides", "step_ask", "step_ids"]


@lru_cache(maxsize=64)
def built(scenario_id: str, variant: tuple[tuple[str, Any], ...], lang: str
                    ) -> tuple[scenario_files.Scenario, wkach.Walkthrough]:
    """Built once per process and language (0.4 s each): the slides, a your-move question
    and its position all read the same walkthrough, so a teacher's step does not wait."""
    scenario = scenario_files.load(wkach.GAME, scenario_id, wkach.SCENARIO_KEYS)
    rules = wkach.scenario_rules(scenario)
    if variant:
        rules = KachufulRules.from_dict({**rules.to_dict(), **dict(variant)})
    # A scenario's teaching texts describe its own variant: under other options they may
    # say what the engine no longer does, so only the engine's sentences are shown.
    texts = {} if variant else scenario.texts
    return scenario, wkach.build(wkach.scenario_source(scenario), rules, lang, texts)


def _walk(item: ScenarioItem, lang: str) -> tuple[scenario_files.Scenario, wkach.Walkthrough]:
    return built(item.scenario, item.variant, lang)


def step_ids(item: ScenarioItem, lang: str) -> list[str]:
    return [s.id for s in _walk(item, lang)[1].steps]


def _sheet_html(sheet: Sequence[tuple[int, int, int, int, int]], lang: str) -> str:
    head = "".join(f'<th scope="col">{escape_html(t(f"kwalk.sheet.{c}", lang))}</th>'
                   for c in ("seat", "bid", "tricks", "points", "total"))
    rows = "".join("<tr>" + "".join(f"<td>{v}</td>" for v in row) + "</tr>" for row in sheet)
    return f'<table class="cl-sheet"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'


def slides(item: ScenarioItem, index: int, lang: str, four: bool) -> list[Slide]:
    scenario, walk = _walk(item, lang)
    first, last = step_range(item, [s.id for s in walk.steps], f"items[{index}]")
    out = []
    for i in range(first, last + 1):
        step = walk.steps[i]
        parts = []
        if step.draw:
            parts.append(wkach.draw_html(step, lang, four))
        if step.kind == "schedule":
            parts.append(wkach.schedule_html(walk.schedule, walk.trumps, step.hand, lang))
        if step.table is not None and not step.sheet:
            parts.append(wkach.table_html(step.table, lang, None, four))
        if step.sheet:
            parts.append(_sheet_html(step.sheet, lang))
        # The walkthrough page's hint about its seat selector means nothing here.
        explain = tuple(x for x in step.explain if x != render("kwalk.explain.face-up", lang))
        lines = (*step.lines, *explain, *((step.error,) if step.error else ()))
        out.append(Slide(
            kind="step", item=index, title=step.title, lines=lines, text=step.text,
            html="".join(parts), rules=step.rules, note=None,
            ref=f"kachuful/{scenario.id}#{step.id}",
            ask=move_ref(item, step.id) if step.ask is not None else "",
            subtitle=t("classroom.step-of", lang, step=i + 1, count=len(walk.steps),
                       scenario=scenario.title_in(lang))))
    return out


def ask_position_html(item: ScenarioItem, step_id: str, lang: str, four: bool) -> str:
    """The table seen by the seat to move (as the walkthrough page asks it), no card
    marked as playable: which cards may be played is the answer."""
    step = next((s for s in _walk(item, lang)[1].steps if s.id == step_id), None)
    if step is None or step.before is None:
        return ""
    return wkach.table_html(replace(step.before, legal_cards=()), lang, step.seat, four)


def step_ask(item: ScenarioItem, step_id: str, lang: str) -> Any:
    return next((s.ask for s in _walk(item, lang)[1].steps if s.id == step_id), None)
