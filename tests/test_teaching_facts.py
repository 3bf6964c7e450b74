"""No hand-typed fact in teaching text (issue 13; docs/tutorials.md).

Every step of every scenario, in every language: its text is filled from the step's engine
state (a placeholder the step lacks fails here), and outside placeholders it types no digit,
no number word and no card that is not on the table of that step. Titles, summaries and
lesson notes, which are not filled, may only name numbers and cards that the walkthrough
they describe really has. Every quiz kind over many seeds: every number a question says
comes from the question's own state, and no placeholder, "(s)" or "hand k" is left.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest

import tutorials.facts as facts_module
import ui.walkthrough.kachuful as wkach
from engine.cards import Card, parse_card
from engine.kachuful import KachufulRules
from engine.krypkasino.rules import KrypkasinoRules
from engine.quiz import TYPES, CardGroup, Question, Text
from engine.registry import GAMES
from engine.walkthrough import krypkasino as kryp_walk
from tutorials import lessons as lesson_files
from tutorials import scenarios as scenario_files
from tutorials.facts import NUMBER_WORDS, kachuful_facts, krypkasino_facts, literals

LANGS = ("en", "es", "pt")
SEAT_WORDS = {"en": r"[Ss]eats?", "es": r"[Aa]sientos?", "pt": r"[Ll]ugar(?:es)?"}
AND = {"en": "and", "es": "y", "pt": "e"}
_CARD = re.compile(r"(?<![\w])(?:10|[2-9AKQJ])\s?[♠♥♦♣]")
_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?")
_RULE = re.compile(r"\b[KC]-\d+\b")
WORD_VALUES = {lang: {w: i for i, w in enumerate(
    (None, None, *words[:12]))} for lang, words in NUMBER_WORDS.items()}


@pytest.fixture(autouse=True)
def strict(monkeypatch: pytest.MonkeyPatch) -> None:
    """A text whose placeholder its own scenario's step lacks must fail, not vanish."""
    monkeypatch.setattr(facts_module, "STRICT", True)


# -- the facts of a step, as the strings a text may show -----------------------------------


def _flatten(value: Any) -> Iterator[Any]:
    if isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            yield from _flatten(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _flatten(v)
    elif value is not None:
        yield value


def _cards_in(value: Any) -> set[str]:
    found = set()
    for v in _flatten(value):
        if isinstance(v, Card):
            found.add(str(v))
        elif isinstance(v, str):
            found |= {m.replace(" ", "") for m in _CARD.findall(v)}
            try:
                found.add(str(parse_card(v)))
            except Exception:  # not a card code
                pass
    return found


def _numbers_in(value: Any) -> set[str]:
    found = set()
    for v in _flatten(value):
        if isinstance(v, bool):
            continue
        if isinstance(v, (int, float)):
            found.add(str(v))
            found.add(str(abs(v)))
        elif isinstance(v, str):
            rest = _CARD.sub(" ", _RULE.sub(" ", v))
            found |= {n.lstrip("-") for n in _NUMBER.findall(rest)}
    return found


def _strip_seats(text: str, lang: str, players: int) -> str:
    """Seat names ("seat 2", "seats 0 and 1", "(asiento 3)") are the scenario's cast, not
    a state that can drift: allowed when the seat exists."""
    pattern = re.compile(rf"\b{SEAT_WORDS[lang]}\s+(\d+)(?:\s*(?:,|{AND[lang]})\s*(\d+))*")

    def check(m: re.Match[str]) -> str:
        for seat in re.findall(r"\d+", m.group(0)):
            assert int(seat) < players, f"{text!r}: there is no seat {seat}"
        return " "

    return pattern.sub(check, text)


def _check_template(template: str, lang: str, cards: set[str], players: int,
                    where: str) -> None:
    """A step text: no digit or number word outside placeholders (seat names aside), and
    a typed card only if the step shows it."""
    rest = _strip_seats(template, lang, players)
    typed = literals(rest, lang)
    typed_cards = [x for x in typed if _CARD.fullmatch(x)]
    others = [x for x in typed if not _CARD.fullmatch(x)]
    assert not others, f"{where} ({lang}): {others} typed by hand; use a placeholder"
    missing = {c.replace(" ", "") for c in typed_cards} - cards
    assert not missing, f"{where} ({lang}): {sorted(missing)} not on the table of this step"


def _check_described(text: str, lang: str, cards: set[str], numbers: set[str],
                     players: int, where: str) -> None:
    """A title, summary or note (not filled): what it names must be in the walkthrough."""
    rest = _strip_seats(text, lang, players)
    for item in literals(rest, lang):
        if _CARD.fullmatch(item):
            assert item.replace(" ", "") in cards, f"{where} ({lang}): {item} is not in it"
            continue
        value = WORD_VALUES[lang].get(item.lower(), item)
        assert str(value) in numbers, f"{where} ({lang}): {item!r} is no fact of it"


# -- Kachuful ----------------------------------------------------------------------------


@cache
def kachuful_walk(scenario_id: str, lang: str) -> wkach.Walkthrough:
    scenario = scenario_files.load("kachuful", scenario_id, wkach.SCENARIO_KEYS)
    return wkach.build(wkach.scenario_source(scenario), wkach.scenario_rules(scenario), lang,
                       scenario.texts)


def kachuful_step_cards(step: wkach.SaidStep) -> set[str]:
    found = _cards_in([c for _, c, _ in step.draw])
    if step.table is not None:
        found |= _cards_in([step.table.hands, [c for _, c in step.table.trick],
                            step.table.just_played, step.table.turned])
    return found


def kachuful_used_keys(scenario: scenario_files.Scenario,
                       walk: wkach.Walkthrough) -> Iterator[tuple[str, wkach.SaidStep]]:
    seen: dict[str, int] = {}
    for i, step in enumerate(walk.steps):
        nth = seen[step.kind] = seen.get(step.kind, 0) + 1
        for key in (step.id, f"{step.kind}#{nth}", step.kind):
            if key in scenario.texts:
                yield key, step
                break
        else:
            if i == 0 and "intro" in scenario.texts:
                yield "intro", step


KACHUFUL = scenario_files.ids("kachuful")
KRYPKASINO = scenario_files.ids("krypkasino")


@pytest.mark.parametrize("scenario_id", KACHUFUL)
@pytest.mark.parametrize("lang", LANGS)
def test_kachuful_texts_are_filled_from_each_step(scenario_id: str, lang: str) -> None:
    scenario = scenario_files.load("kachuful", scenario_id, wkach.SCENARIO_KEYS)
    walk = kachuful_walk(scenario_id, lang)
    rules = wkach.scenario_rules(scenario)
    used = list(kachuful_used_keys(scenario, walk))
    assert {k for k, _ in used} == set(scenario.texts), "a text no step shows"
    for key, step in used:
        template = scenario_files.localized(scenario.texts[key], lang)
        where = f"kachuful/{scenario_id}: texts.{key} at {step.id}"
        _check_template(template, lang, kachuful_step_cards(step),
                        len(walk.steps[-1].table.hands) if walk.steps[-1].table else 8, where)
        assert step.text is not None and "{" not in step.text, where
        # Every number the filled text shows is a fact of the step or of the engine's own
        # sentences for it.
        known = _numbers_in(kachuful_facts(step, rules)) | _numbers_in(
            [step.lines, step.explain, step.title])
        known |= {str(seat) for seat in range(8)}
        shown = _numbers_in(step.text)
        assert shown <= known, f"{where} ({lang}): {sorted(shown - known)} not in the state"


@pytest.mark.parametrize("scenario_id", KACHUFUL)
def test_the_dealers_text_names_the_engines_forbidden_bid(scenario_id: str) -> None:
    """The fault of issue 13: a hook text naming a forbidden bid names the one the
    engine forbids, counted here again from the table (size minus the other bids)."""
    scenario = scenario_files.load("kachuful", scenario_id, wkach.SCENARIO_KEYS)
    for lang in LANGS:
        walk = kachuful_walk(scenario_id, lang)
        for key, step in kachuful_used_keys(scenario, walk):
            if "{forbidden_bid}" not in scenario_files.localized(scenario.texts[key], lang):
                continue
            assert step.kind == "hook" and step.table is not None and step.seat is not None
            others = sum(b for s, b in enumerate(step.table.bids) if s != step.seat and b is not None)
            forbidden = step.table.size - others
            assert 0 <= forbidden <= step.table.size
            assert step.table.bids[step.seat] != forbidden
            n = len(step.table.bids)
            before = " + ".join(str(step.table.bids[(step.seat + 1 + k) % n])
                                for k in range(n - 1))
            filled = scenario_files.localized(scenario.texts[key], lang)
            state = {**kachuful_facts(step, wkach.scenario_rules(scenario)),
                     "forbidden_bid": forbidden, "others": others, "bids_before": before}
            sample = facts_module.fill(filled, state, lang, key)
            assert sample == step.text, f"{scenario_id} {step.id} ({lang}): {step.text}"


def test_a_text_whose_fact_is_missing_fails_strictly_and_is_dropped_on_a_page(
        monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = scenario_files.load("kachuful", "dealer-tie", wkach.SCENARIO_KEYS)
    rules = wkach.KachufulRules.from_dict({**wkach.scenario_rules(scenario).to_dict(),
                                           "hook_rule": False})
    with pytest.raises(facts_module.FactError, match="is not a fact of this step"):
        wkach.build(wkach.scenario_source(scenario), rules, "en", scenario.texts)
    monkeypatch.setattr(facts_module, "STRICT", False)
    walk = wkach.build(wkach.scenario_source(scenario), rules, "en", scenario.texts)
    hook = walk.steps[walk.index_of("h1.bid.s0")]
    assert hook.text is None  # the general explanation shows instead of a wrong sentence


# -- Krypkasino --------------------------------------------------------------------------


@dataclass(frozen=True)
class KrypWalk:
    """An engine walkthrough (engine.walkthrough.krypkasino) as these checks read it: the
    steps' views (each carries its id, kind, board and play), the players, the rules."""

    steps: tuple[kryp_walk.View, ...]
    players: int
    rules: KrypkasinoRules


def kryp_build(data: dict[str, Any], rules: KrypkasinoRules) -> KrypWalk:
    walk = kryp_walk.build(data, rules)
    return KrypWalk(tuple(s.view for s in walk.steps), walk.players, rules)


@cache
def krypkasino_walk(scenario_id: str) -> tuple[scenario_files.Scenario, KrypWalk]:
    scenario = scenario_files.load("krypkasino", scenario_id, kryp_walk.GAME_KEYS)
    rules = kryp_walk.rules_from(kryp_walk.base_variant(scenario.data), {})
    return scenario, kryp_build(scenario.data, rules)


def krypkasino_step_cards(step: kryp_walk.View) -> set[str]:
    b = step.board
    return _cards_in([b.hands, b.table, b.spade_faces, step.taken, step.hand_before,
                      step.table_before, step.card, step.sweepers, b.point_cards])


@pytest.mark.parametrize("scenario_id", KRYPKASINO)
@pytest.mark.parametrize("lang", LANGS)
def test_krypkasino_texts_are_filled_from_each_step(scenario_id: str, lang: str) -> None:
    scenario, walk = krypkasino_walk(scenario_id)
    used: set[str] = set()
    for step in walk.steps:
        template = scenario.text(step.id, step.kind, step.nth, lang)
        if template is None:
            continue
        used |= {k for k in (step.id, f"{step.kind}#{step.nth}", step.kind)
                 if k in scenario.texts}
        where = f"krypkasino/{scenario_id}: {step.id}"
        _check_template(template, lang, krypkasino_step_cards(step), walk.players, where)
        facts = krypkasino_facts(step, walk.rules)
        text = scenario.text(step.id, step.kind, step.nth, lang, facts)
        assert text is not None and "{" not in text, where
        known = _numbers_in(facts) | _numbers_in([e.sentence(lang) for e in step.events])
        known |= {str(seat) for seat in range(walk.players)}
        shown = _numbers_in(text)
        assert shown <= known, f"{where} ({lang}): {sorted(shown - known)} not in the state"
    assert used, f"{scenario_id}: no text is shown"


def _walk_facts(steps: Iterable[Any], game: str, rules: Any) -> tuple[set[str], set[str]]:
    cards: set[str] = set()
    numbers: set[str] = set()
    for step in steps:
        if game == "kachuful":
            cards |= kachuful_step_cards(step)
            numbers |= _numbers_in(kachuful_facts(step, rules))
            numbers |= _numbers_in([step.lines, step.explain, step.title, step.sheet])
        else:
            cards |= krypkasino_step_cards(step)
            numbers |= _numbers_in(krypkasino_facts(step, rules))
            numbers |= _numbers_in([e.sentence("en") for e in step.events])
    return cards, numbers


@pytest.mark.parametrize("game,scenario_id", [("kachuful", s) for s in KACHUFUL]
                         + [("krypkasino", s) for s in KRYPKASINO])
def test_titles_and_summaries_name_only_what_the_walkthrough_has(game: str,
                                                                 scenario_id: str) -> None:
    if game == "kachuful":
        scenario = scenario_files.load(game, scenario_id, wkach.SCENARIO_KEYS)
        walk = kachuful_walk(scenario_id, "en")
        rules: Any = wkach.scenario_rules(scenario)
        players = walk.players
        numbers_extra = _numbers_in([walk.schedule, walk.steps[0].hand])
    else:
        scenario, kwalk = krypkasino_walk(scenario_id)
        walk, rules, players = kwalk, kwalk.rules, kwalk.players
        numbers_extra = set()
    cards, numbers = _walk_facts(walk.steps, game, rules)
    numbers |= numbers_extra
    for lang in LANGS:
        for field, text in (("title", scenario.title_in(lang)), ("summary", scenario.summary_in(lang))):
            _check_described(text, lang, cards, numbers, players, f"{game}/{scenario_id}: {field}")
            _check_quoted_labels(text, lang, game, f"{game}/{scenario_id}: {field}")


_QUOTED = re.compile(r"[“«]([^”»]+)[”»]")


def _check_quoted_labels(text: str, lang: str, game: str, where: str) -> None:
    """A title or summary (typed text, not filled) that quotes an option or a value says it
    exactly as the registry labels it in that language ("Option: value" or either alone)."""
    options = GAMES[game].options
    labels = {o.label(lang) for o in options}
    values = {o.value_label(v, lang) for o in options for v in o.choices}
    pairs = {f"{o.label(lang)}: {o.value_label(v, lang)}" for o in options for v in o.choices}
    for quoted in _QUOTED.findall(text):
        assert quoted in labels | values | pairs, f"{where} ({lang}) quotes {quoted!r}"


# -- lessons -----------------------------------------------------------------------------


def _lesson_items() -> Iterator[tuple[str, int, Any]]:
    for lesson in lesson_files.load_all():
        for index, item in enumerate(lesson.items):
            yield lesson.id, index, item


@pytest.mark.parametrize("lesson_id,index,item", list(_lesson_items()),
                         ids=lambda v: str(v) if not hasattr(v, "note") else "")
def test_lesson_notes_name_only_what_their_item_shows(lesson_id: str, index: int,
                                                      item: Any) -> None:
    from ui.classroom import deck as classroom

    lesson = lesson_files.load(lesson_id)
    own = _numbers_in([lesson.minutes])
    if isinstance(item, lesson_files.ScenarioItem):
        first, last, _ = classroom.item_steps(item)
        if item.game == "kachuful":
            scenario = scenario_files.load("kachuful", item.scenario, wkach.SCENARIO_KEYS)
            options = {**wkach.scenario_rules(scenario).to_dict(), **dict(item.variant)}
            walk = wkach.build(wkach.scenario_source(scenario),
                               KachufulRules.from_dict(options), "en",
                               {} if item.variant else scenario.texts)
            rules: Any = None
            steps = walk.steps[first:last + 1]
            players = walk.players
        else:
            data = scenario_files.load("krypkasino", item.scenario, kryp_walk.GAME_KEYS).data
            kwalk = kryp_walk.build(data, kryp_walk.rules_from(kryp_walk.base_variant(data),
                                                               dict(item.variant)))
            steps = [s.view for s in kwalk.steps[first:last + 1]]
            rules, players = kryp_walk.rules_from(dict(kwalk.get("rules"))), kwalk.players
        cards, numbers = _walk_facts(steps, item.game, rules)
    else:
        questions = classroom.lesson_questions(item)
        cards = set()
        # A note may number the answers for a class vote ("A = 1, B = 2").
        numbers = {str(n) for n in range(1, 1 + max(len(q.choices) for q in questions))}
        players = 8
    for lang in LANGS:
        for field in ("title", "note"):
            value = getattr(item, field, None)
            if value:
                _check_described(scenario_files.localized(value, lang), lang, cards,
                                 numbers | own, players, f"{lesson_id}: items[{index}].{field}")


@pytest.mark.parametrize("lesson_id", [lesson.id for lesson in lesson_files.load_all()])
def test_lesson_titles_and_summaries_name_only_what_the_lesson_has(lesson_id: str) -> None:
    lesson = lesson_files.load(lesson_id)
    # Its length, how many of its items it counts ("the three worked examples"), and the
    # player counts of its scenarios ("a two-player game").
    numbers = _numbers_in([lesson.minutes, list(range(1, len(lesson.items) + 1))])
    for item in lesson.items:
        if isinstance(item, lesson_files.ScenarioItem):
            walk = (kachuful_walk(item.scenario, "en") if item.game == "kachuful"
                    else krypkasino_walk(item.scenario)[1])
            numbers.add(str(walk.players))
    for lang in LANGS:
        for field, text in (("title", lesson.title_in(lang)), ("summary", lesson.summary_in(lang))):
            _check_described(text, lang, set(), numbers, 8, f"{lesson_id}: {field}")


# -- the quiz ----------------------------------------------------------------------------

SEEDS = range(40)
PLURAL_SLIPS = re.compile(r"\(s\)|\(es\)|\b1 (cards|tricks|points|sweeps|lots|"
                          r"cartas|bazas|puntos|vazas|pontos|repartos|manos|mãos|barridas|"
                          r"varreduras|tandas|lotes)\b|\bhand k\b|\bmano k\b|\bmão k\b")


def _texts_of(q: Question) -> Iterator[Text]:
    yield q.prompt
    yield q.explanation
    yield from q.facts
    for c in q.choices:
        yield c.label
    for g in q.groups:
        yield g.caption


def _trump_code(trump: Any) -> str:
    return "NT" if trump is None else str(getattr(trump, "value", trump))


def _check_against_engine(q: Question, text: Text) -> None:
    """The facts a question states, counted again with the engine's own functions: the
    hand's size, trump and count of hands; the schedule; the lots of a Krypkasino deal."""
    from engine.kachuful import DEFAULT_RULES, hand_sizes, trump_for_hand
    from engine.krypkasino.rules import deal_sizes

    data = dict(text.data)
    rules = q.data.get("rules")
    where = f"{q.id} {text.key}: {data}"
    if text.key == "quiz.fact.k-hand" and isinstance(rules, type(DEFAULT_RULES)):
        sizes = hand_sizes(data["players"], rules)
        assert data["hands"] == len(sizes), where
        assert data["size"] == sizes[data["hand"] - 1], where
        if rules.trumps != "turned":
            assert _trump_code(data["trump"]) == _trump_code(trump_for_hand(data["hand"], rules)), where
    if text.key == "quiz.k-hand-size.explain":
        sizes = hand_sizes(data["players"], rules)
        assert list(data["sizes"]) == sizes and data["size"] == sizes[data["k"] - 1], where
        assert data["top"] == max(sizes), where
    if text.key.startswith("quiz.k-trump.explain.cycle"):
        assert _trump_code(data["trump"]) == _trump_code(trump_for_hand(data["k"], rules)), where
    if text.key == "quiz.fact.c-position":
        assert data["lots"] == deal_sizes(data["players"]).lots, where
        assert 1 <= data["lot"] <= data["lots"] and data["seat"] < data["players"], where
    if text.key == "quiz.c-deal-shape.explain":
        shape = deal_sizes(data["players"])
        assert (data["hand"], data["table"], data["stock"]) == (shape.hand, shape.table,
                                                                  shape.stock), where


@pytest.mark.parametrize("kind", sorted(TYPES))
def test_every_quiz_kind_states_only_its_own_state(kind: str) -> None:
    qtype = TYPES[kind]
    for lang in LANGS:
        title = qtype.title.render(lang)
        assert not PLURAL_SLIPS.search(title), title
    for seed in SEEDS:
        q = qtype.make(seed)
        for text in _texts_of(q):
            _check_against_engine(q, text)
            for lang in LANGS:
                shown = text.render(lang)
                where = f"{q.id} {text.key} ({lang}): {shown!r}"
                assert "{" not in shown and "}" not in shown, where
                assert not PLURAL_SLIPS.search(shown), where


def test_card_groups_hold_cards() -> None:
    """(A guard for the helper above: a question's groups are engine cards.)"""
    q = TYPES["c-capture"].make(1)
    assert all(isinstance(g, CardGroup) and all(isinstance(c, Card) for c in g.cards)
               for g in q.groups)


# -- the engine's own narration: a sweep on the first play of a lot ------------------------


def test_a_sweep_on_the_first_play_of_a_lot_names_the_dealer_who_has_not_played() -> None:
    from engine.krypkasino.events import DealStarted, NewLot, Swept

    checked = opening = 0
    for players in (2, 3, 4, 5):
        for seed in range(6):
            walk = kryp_build({"players": players, "seed": seed, "deals": 1}, KrypkasinoRules())
            played: set[int] = set()
            for step in walk.steps:
                if any(isinstance(e, (DealStarted, NewLot)) for e in step.events):
                    played = set()
                for event in step.events:
                    if isinstance(event, Swept):
                        first = event.victim not in played
                        assert event.opening == first, (players, seed, step.id)
                        sentence = event.sentence("en")
                        assert ("who has not played yet" in sentence) == first, sentence
                        assert ("who played just before" in sentence) == (not first), sentence
                        checked += 1
                        opening += first
                if step.seat is not None and step.card is not None:
                    played.add(step.seat)
    assert checked > 20 and opening >= 1


# -- what the pages show -----------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_pages_show_filled_texts(lang: str) -> None:
    """The walkthrough pages show the filled sentence, never a {placeholder}: the dealer's
    hook of dealer-tie names the bid the engine forbids there (0, not the 1 it once said)."""
    from ui.apptest import open_site

    at = open_site("pages/kachuful_walkthrough.py", scenario="dealer-tie", step="h1.bid.s0",
                   lang=lang, yourmove="off")
    assert not at.exception, at.exception
    walk = kachuful_walk("dealer-tie", lang)
    hook = walk.steps[walk.index_of("h1.bid.s0")]
    shown = [i.value.replace("\\", "") for i in at.info]  # as markdown, escaped
    assert hook.text and any(hook.text in v for v in shown), shown
    assert not any("{" in v for v in shown), shown
    at = open_site("pages/krypkasino_walkthrough.py", scenario="forced-sweep", step="2",
                   lang=lang, yourmove="off")
    assert not at.exception, at.exception
    shown = [i.value for i in at.info]
    assert shown and not any("{" in v for v in shown), shown


# -- the rules pages' tables, against the engine ------------------------------------------


def _table_rows(doc: str, lang: str, first: str) -> list[list[str]]:
    md = tutorials_text(doc, lang)
    rows = []
    for line in md.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and re.fullmatch(first, cells[0]):
            rows.append(cells)
    return rows


def tutorials_text(doc: str, lang: str) -> str:
    import tutorials

    return tutorials.load_markdown(doc, lang)


def _number(cell: str) -> int:
    return int(cell.replace("−", "-"))


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_pages_tables_are_the_engines(lang: str) -> None:
    """The deal sizes (C-2), the hand counts (K-4) and the scoring examples (K-13) typed
    in the rules pages' tables are what the engine computes."""
    from engine.kachuful import KachufulRules, hand_sizes
    from engine.kachuful.rules import score_hand
    from engine.krypkasino.rules import deal_sizes

    deals = _table_rows("krypkasino-rules", lang, r"[2-6]")
    assert len(deals) == 5
    for players, hand, table, stock in ([_number(c) for c in row[:4]] for row in deals):
        shape = deal_sizes(players)
        assert (hand, table, stock) == (shape.hand, shape.table, shape.stock), (lang, players)
    hands = _table_rows("kachuful-rules", lang, r"[3-8]")
    assert len(hands) == 6
    for players, first, count in ([_number(c) for c in row[:3]] for row in hands):
        sizes = hand_sizes(players)
        assert (first, count) == (max(sizes), len(sizes)), (lang, players)
    scorings = _table_rows("kachuful-rules", lang, r"`[a-z-]+`.*")
    assert len(scorings) >= 5
    for row in scorings:
        rules = KachufulRules(scoring=row[0].split("`")[1])
        assert _number(row[2]) == score_hand(3, 3, rules), (lang, row)
        assert _number(row[3]) == score_hand(3, 1, rules), (lang, row)


# -- option labels: a text that names an option says it as the variant box does -------------


@pytest.mark.parametrize("lang", LANGS)
def test_option_placeholders_say_the_registry_labels(lang: str) -> None:
    from engine.registry import GAMES
    from tutorials.facts import fill, option_labels

    spec = GAMES["krypkasino"]
    labels = option_labels("krypkasino")
    for option in spec.options:
        assert fill(f"{{option_{option.name}}}", labels, lang, "x") == option.label(lang)
        for value in option.choices:
            name = f"option_{option.name}_{option.code(value)}"
            assert fill(f"{{{name}}}", labels, lang, "x") == option.value_label(value, lang)
    # Every Krypkasino step has them, so a scenario's text may name any option.
    _, walk = krypkasino_walk("forced-sweep")
    facts = krypkasino_facts(walk.steps[0], walk.rules)
    assert fill("{option_capture}: {option_capture_maximal}", facts, lang, "x") == \
        spec.option("capture").setting_text("maximal", lang)
    with pytest.raises(facts_module.FactError):
        fill("{option_no_such_thing}", facts, lang, "x")
