"""No English left on a Spanish or Portuguese page.

Every registered page is opened (through the site frame, :func:`ui.apptest.open_site`) with
``lang=es`` and ``lang=pt``; every string of every element drawn (markdown, captions,
headings, widget labels, options and help, alerts, tables, HTML including ``aria-label``,
chart titles) is searched for the English wording of the UI catalogue
(:func:`ui.i18n.strings`) and of the engine's message catalogue
(:func:`engine.messages.catalogue`). A catalogue key's English text is cut at its
``{fields}``; literal pieces of at least :data:`MIN_LEN` characters that the translation does
not contain too are looked for. A hit means a string was hard-coded in English, a key lacks
its translation, or an engine sentence was rendered in English.
"""

from __future__ import annotations

import html
import re
import string
from functools import cache
from typing import Any

import pytest
from google.protobuf.message import Message
from streamlit.testing.v1 import AppTest
from testkit import MD_ESCAPE, proto_strings, walk

from engine.messages import LANGUAGES, catalogue, missing_keys
from ui.apptest import open_site
from ui.i18n import problems, strings
from ui.navigation import registered

MIN_LEN = 12
#: Buttons pressed per page by the click-through test.
CLICKS = 8
#: Pages that are documents to read (no button but the handout download).
DOCUMENT_PAGES = {"pages/home.py", "pages/kachuful_rules.py", "pages/krypkasino_rules.py",
                  "pages/glossary.py"}
PAGE_FILES = [p.file for p in registered()]
#: Proto fields that are not visible text (identifiers, links, styling, data).
_SKIP_FIELDS = {"id", "form_id", "key", "page_script_hash", "url_path", "page", "icon",
                "css_class", "tag", "anchor", "default_value"}


def literal_pieces(template: str) -> list[str]:
    """The literal parts of a ``str.format`` template, trimmed, with markdown emphasis
    removed; ``"{seat} plays **{card}** to the trick"`` → ``["plays", "to the trick"]``."""
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError:
        parsed = [(template, None, None, None)]
    pieces: list[str] = []
    for literal, *_ in parsed:
        for part in re.split(r"\*\*|__|`|\n", literal.replace("{{", "{").replace("}}", "}")):
            part = part.strip(" \t:;,.()[]-—")
            if part:
                pieces.append(part)
    return pieces


def _catalogues() -> list[dict[str, dict[str, str]]]:
    return [strings(), catalogue()]


@cache
def english_pieces(lang: str) -> dict[str, str]:
    """English literal piece → the key it comes from, for pieces a ``lang`` page must not
    show: long enough, and absent from the key's own translation in ``lang`` (names such as
    "Rules Lab" or "Kachuful" stay the same in every language)."""
    found: dict[str, str] = {}
    for table in _catalogues():
        target = table[lang]
        for key, template in table["en"].items():
            translated = target.get(key, "")
            for piece in literal_pieces(template):
                if len(piece) >= MIN_LEN and piece not in translated and " " in piece:
                    found.setdefault(piece, key)
    # A piece the target language's own catalogue uses somewhere is not a leak.
    own = "\n".join(v for table in _catalogues() for v in table[lang].values())
    return {piece: key for piece, key in found.items() if piece not in own}


def visible_texts(at: AppTest) -> list[str]:
    """Every string carried by the elements of the run (main area and sidebar), with
    markdown escapes and HTML entities undone."""
    texts: list[str] = []
    for node in walk(at._tree):
        proto = getattr(node, "proto", None)
        if isinstance(proto, Message):
            texts.extend(html.unescape(MD_ESCAPE.sub(r"\1", s))
                         for s in proto_strings(proto, _SKIP_FIELDS))
    return texts


def english_leaks(texts: list[str], lang: str) -> list[str]:
    """``"key: piece"`` for each English piece found in ``texts``."""
    pieces = english_pieces(lang)
    blob = "\n".join(texts)
    return sorted({f"{key}: {piece!r}" for piece, key in pieces.items() if piece in blob})


# -- the detector itself ------------------------------------------------------------------------


def test_literal_pieces_cut_at_fields_and_markdown() -> None:
    assert literal_pieces("{seat} plays **{card}** to the trick.") == ["plays", "to the trick"]
    assert literal_pieces("Plain sentence here") == ["Plain sentence here"]


def test_the_detector_finds_an_english_sentence_and_passes_its_translation() -> None:
    ui_en, ui_es = strings()["en"], strings()["es"]
    key = next(k for k in ("sidebar.deck.help", "sidebar.deck", "page.glossary")
               if len(ui_en[k]) >= MIN_LEN and ui_en[k] != ui_es[k])
    assert english_leaks([ui_en[key]], "es") != []
    assert english_leaks([ui_es[key]], "es") == []
    engine_en = catalogue()["en"]["common.game-over"]
    assert english_leaks([f"Oops: {engine_en}"], "pt") != []
    assert english_leaks([catalogue()["pt"]["common.game-over"]], "pt") == []
    assert len(english_pieces("es")) > 500


def test_every_catalogue_is_complete_in_every_language() -> None:
    """The site's catalogue and the engine's (rules, bots, quiz, score sheets…)."""
    assert problems() == []
    assert missing_keys() == {lang: [] for lang in LANGUAGES if lang != "en"}


# -- the site ----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["es", "pt"])
@pytest.mark.parametrize("file", PAGE_FILES)
def test_no_english_catalogue_text_on_a_translated_page(file: str, lang: str) -> None:
    at = open_site(file, lang=lang, timeout=60)
    assert not at.exception, at.exception
    texts = visible_texts(at)
    assert len(texts) > 5
    assert english_leaks(texts, lang) == []


def _clickable(at: AppTest) -> list[Any]:
    return [b for b in at.button if not b.proto.disabled and b.proto.type != "tertiary"]


@pytest.mark.parametrize("lang", ["es", "pt"])
@pytest.mark.parametrize("file", PAGE_FILES)
def test_no_english_after_clicking_through_a_page(file: str, lang: str) -> None:
    """What a visitor sees after pressing the page's buttons (Next, Check, a card, Run…):
    feedback, engine explanations, bot sentences, later steps."""
    at = open_site(file, lang=lang, timeout=90)
    leaks: set[str] = set()
    pressed: dict[str, int] = {}
    for _ in range(CLICKS):
        buttons = [b for b in _clickable(at) if pressed.get(b.key or b.label, 0) < 3]
        if not buttons:
            break
        button = min(buttons, key=lambda b: pressed.get(b.key or b.label, 0))
        pressed[button.key or button.label] = pressed.get(button.key or button.label, 0) + 1
        button.click().run()
        assert not at.exception, at.exception
        leaks |= set(english_leaks(visible_texts(at), lang))
    assert pressed or file in DOCUMENT_PAGES, "no button to press"
    assert sorted(leaks) == []


def _answer_and_check(at: AppTest, lang: str) -> None:
    """Give some answer to the quiz question on the page and press its Check button."""
    from ui.i18n import t

    for box in at.checkbox:
        if (box.key or "").startswith("quiz."):
            box.check()
            break
    for radio in at.radio:
        if (radio.key or "").startswith(("quiz.form", "quiz.pick")) and radio.options:
            radio.set_value(radio.options[0])
    for number in at.number_input:
        if (number.key or "").startswith("quiz."):
            number.set_value(1)
    for select in at.selectbox:
        if (select.key or "").startswith(("quiz.form", "quiz.pick")) and select.options:
            select.set_value(select.options[0])
    check = [b for b in at.button if b.label == t("quiz.ui.check", lang)]
    assert check, "no Check button"
    check[0].click().run()


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_no_english_in_any_quiz_question_and_its_feedback(lang: str) -> None:
    """Every question type of engine.quiz, asked and answered: prompt, choices, verdict and
    the engine's explanation naming the rule."""
    from engine.quiz import TYPES

    leaks: set[str] = set()
    for kind in TYPES:
        at = open_site("pages/quiz.py", lang=lang, q=f"{kind}-3", timeout=60)
        assert not at.exception, (kind, at.exception)
        leaks |= {f"{kind}: {leak}" for leak in english_leaks(visible_texts(at), lang)}
        _answer_and_check(at, lang)
        assert not at.exception, (kind, at.exception)
        assert [*at.error, *at.success], f"{kind}: no verdict shown"
        leaks |= {f"{kind} (answered): {leak}" for leak in english_leaks(visible_texts(at), lang)}
    assert sorted(leaks) == []


def _scenarios(game: str) -> list[str]:
    from pathlib import Path

    folder = Path(__file__).resolve().parent.parent / "tutorials" / "scenarios" / game
    return sorted(p.stem for p in folder.glob("*.json"))


WALKTHROUGH_ENDS = [("pages/kachuful_walkthrough.py", s) for s in _scenarios("kachuful")] + \
    [("pages/krypkasino_walkthrough.py", s) for s in _scenarios("krypkasino")]


@pytest.mark.parametrize("lang", ["es", "pt"])
@pytest.mark.parametrize(("file", "scenario"), WALKTHROUGH_ENDS)
def test_no_english_at_a_walkthrough_scenario_middle_and_end(file: str, scenario: str,
                                                            lang: str) -> None:
    """Each scenario's middle and last step (scores, sweeps, reneges, the end of a session)."""
    leaks: set[str] = set()
    for step in ("4", "999"):
        at = open_site(file, lang=lang, scenario=scenario, step=step, timeout=60)
        assert not at.exception, at.exception
        leaks |= {f"step {step}: {leak}" for leak in english_leaks(visible_texts(at), lang)}
    assert sorted(leaks) == []


def _play_through(at: AppTest, prefix: str, lang: str, kachuful: bool) -> tuple[set[str], int]:
    """Play the whole game on a play page (the first legal move, and one refused card when
    the hand has one), collecting English leaks after every press; returns them and how
    many refusals were shown."""
    leaks: set[str] = set(english_leaks(visible_texts(at), lang))
    refused = 0

    def press(key: str) -> None:
        at.button(key=key).click().run()
        assert not at.exception, at.exception
        leaks.update(english_leaks(visible_texts(at), lang))

    for _ in range(200):
        game = at.session_state[prefix + "session"]
        if game.over:
            break
        state = game.state
        if game.bot_turn:
            press(prefix + "until")
        elif kachuful and state.phase.value == "bid":
            press(f"{prefix}bid.{state.legal_bid_numbers()[0]}")
        elif not kachuful and game.pending is not None:
            press(prefix + "take.0")
        elif kachuful:
            legal = set(state.legal_actions())
            wrong = [c for c in state.hand_of(game.seat) if c not in legal]
            if wrong and not refused:
                press(f"{prefix}card.{wrong[0].code}")
                refused += len(at.error)
            press(f"{prefix}card.{state.legal_actions()[0].code}")
        else:
            hand = state.hand_of(game.seat)
            press(f"{prefix}card.{hand.index(state.legal_actions()[0].card)}")
    assert at.session_state[prefix + "session"].over
    return leaks, refused


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_no_english_while_playing_a_whole_game(lang: str) -> None:
    """Both play pages, a whole short game with the coach on: bot sentences, the log, the
    coach's advice, a refused card, reviews, the score sheet and the end of the game."""
    at = open_site("pages/kachuful_play.py", players="3", seat="0", bots="you,random,random",
                   seed="3", max_cards="3", lang=lang, timeout=60)
    leaks, refused = _play_through(at, "kplay.", lang, kachuful=True)
    assert refused >= 1
    at = open_site("pages/krypkasino_play.py", players="2", seat="0", bots="you,basic",
                   seed="4", session="1", lang=lang, timeout=60)
    more, _ = _play_through(at, "cplay.", lang, kachuful=False)
    assert sorted(leaks | more) == []
