"""Krypkasino's lesson slides (:class:`ui.classroom.lesson_slides.GameSlides`): the engine's
walkthrough (:mod:`engine.walkthrough.krypkasino`, the same in every language, built once
per process), each step's table and hand drawn as static cards."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.cards import parse_cards
from engine.walkthrough import krypkasino as kwalk
from engine.walkthrough.model import Walkthrough as ModelWalk
from tutorials import scenarios as scenario_files
from tutorials.facts import krypkasino_facts
from tutorials.lessons import ScenarioItem
from ui.classroom.lesson_slides import Slide, cards, marked, move_ref, step_range
from ui.i18n import t
from ui.safe import escape_html
from ui.walkthrough import krypkasino as wkryp
from ui.walkthrough import view as wv

__all__ = ["GAME", "ask_position_html", "built", "slides", "step_ask", "step_ids"]

GAME = "krypkasino"


@lru_cache(maxsize=32)
def built(scenario_id: str, variant: tuple[tuple[str, Any], ...]
                      ) -> tuple[scenario_files.Scenario, ModelWalk[kwalk.View]]:
    """A Krypkasino walkthrough does not depend on the language: built once per process
    by the engine (:mod:`engine.walkthrough.krypkasino`)."""
    scenario = scenario_files.load(GAME, scenario_id, kwalk.GAME_KEYS)
    rules = kwalk.rules_from(kwalk.base_variant(scenario.data), dict(variant))
    return scenario, kwalk.build(scenario.data, rules)


def _walk(item: ScenarioItem) -> tuple[scenario_files.Scenario, ModelWalk[kwalk.View]]:
    return built(item.scenario, item.variant)


def step_ids(item: ScenarioItem, lang: str) -> list[str]:
    return [s.id for s in _walk(item)[1].steps]


def _html(step: kwalk.View, lang: str, four: bool) -> str:
    board = step.board
    seat = t("kw.seat", lang, seat=step.seat) if step.seat is not None else ""
    if step.hand_before:
        key = "kw.table" if step.kind == "position" else "kw.table-before"
        return (cards(step.table_before, lang, four, marked(step.table_before, step.taken),
                       "table", t(key, lang))
                + cards(step.hand_before, lang, four, wkryp.hand_states(step), "row",
                         t("kw.hand-to-play" if step.kind == "position" else "kw.hand-before",
                           lang, seat=step.seat))
                + (f'<p class="cl-legend">{escape_html(t("kw.legend", lang))}</p>' if seat
                   else ""))
    if step.kind in ("face-cards", "new-lot", "last-lot", "leftovers"):
        caption = {"face-cards": "kw.table-dealt", "new-lot": "kw.table-lot",
                   "last-lot": "kw.table-lot", "leftovers": "kw.table-end"}[step.kind]
        return cards(step.table_before, lang, four, marked(step.table_before, step.taken),
                      "table", t(caption, lang))
    if step.kind == "score":
        parts = []
        for tally in step.tallies:
            codes = [code for code, copies, _ in tally.cards for _ in range(copies)]
            title = t("kw.tally.seat", lang, seat=tally.seat, points=tally.total,
                      cards=tally.captured)
            parts.append(cards(codes, lang, four, caption=title) if codes
                         else f"<p><strong>{escape_html(title)}</strong></p>")
        return "".join(parts)
    parts = [cards(board.table, lang, four, layout="table", caption=t("kw.table", lang))]
    for s in range(board.players):
        parts.append(cards(board.hands[s], lang, four, layout="hand",
                            caption=f"{t('kw.seat', lang, seat=s)} · "
                                    f"{t('kw.cards', lang, n=len(board.hands[s]))}"))
    return "".join(parts)


def slides(item: ScenarioItem, index: int, lang: str, four: bool) -> list[Slide]:
    scenario, walk = _walk(item)
    first, last = step_range(item, [s.id for s in walk.steps], f"items[{index}]")
    rules = kwalk.rules_from(dict(walk.get("rules")))
    out = []
    for i in range(first, last + 1):
        step = walk.steps[i].view
        lines = [e.sentence(lang) for e in step.events]
        if step.sweepers:
            lines.append(t("kw.sweepers", lang, cards=", ".join(
                str(c) for c in parse_cards(list(step.sweepers)))).replace("**", ""))
            seen: set[str] = set()
            for refusal in step.refusals:
                sentence = refusal.sentence(lang)
                if sentence not in seen:
                    seen.add(sentence)
                    lines.append(sentence)
        own = None if item.variant else scenario.text(step.id, step.kind, step.nth, lang,
                                                      facts=krypkasino_facts(step, rules))
        text = own or t(
            f"kw.explain.{step.kind}", lang, points=rules.sweep_points,
            double=rules.double_points())
        cited = [r.rule for r in step.refusals if r.rule]
        out.append(Slide(
            kind="step", item=index, title=t(f"kw.kind.{step.kind}", lang), lines=tuple(lines),
            text=text, html=_html(step, lang, four),
            rules=tuple(dict.fromkeys(cited)), ref=f"krypkasino/{scenario.id}#{step.id}",
            ask=move_ref(item, step.id) if walk.steps[i].your_move is not None else "",
            subtitle=t("classroom.step-of", lang, step=i + 1, count=len(walk.steps),
                       scenario=scenario.title_in(lang))))
    return out


def ask_position_html(item: ScenarioItem, step_id: str, lang: str, four: bool) -> str:
    """The table and the hand before the move, no card marked."""
    view = next((s.view for s in _walk(item)[1].steps if s.view.id == step_id), None)
    if view is None or not view.hand_before:
        return ""
    return (cards(view.table_before, lang, four, layout="table", caption=t("kw.table", lang))
            + cards(view.hand_before, lang, four, layout="row",
                    caption=t("kw.hand-to-play", lang, seat=view.seat)))


def step_ask(item: ScenarioItem, step_id: str, lang: str) -> Any:
    """The engine's your-move step, said in ``lang``."""
    move = _walk(item)[1].your_move(step_id)
    return wv.ask_of(move, lang) if move is not None else None
