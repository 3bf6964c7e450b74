"""AppTest: the rules pages and the glossary offer their printable handout; the menu shows
every group (no "View N more")."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
import streamlit as st

from ui.apptest import open_site
from ui.classroom import handout
from ui.i18n import LANGS, t
from ui.navigation import registered


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("file", "doc"), [("pages/kachuful_rules.py", "kachuful-rules"),
                                           ("pages/krypkasino_rules.py", "krypkasino-rules"),
                                           ("pages/glossary.py", "glossary")])
def test_rules_pages_offer_their_handout(file: str, doc: str, lang: str) -> None:
    at = open_site(file, lang=lang)
    assert not at.exception, at.exception
    buttons = [b for b in at.get("download_button")
               if b.proto.label == t("access.handout.download", lang)]
    assert len(buttons) == 1
    assert buttons[0].proto.url, "no file behind the button"


def test_the_handout_file_is_named_by_document_and_language() -> None:
    calls: list[dict[str, Any]] = []
    real = st.download_button

    def spy(label: str, data: Any, **kwargs: Any) -> Any:
        calls.append({"label": label, "data": data, **kwargs})
        return real(label, data, **kwargs)

    with mock.patch.object(st, "download_button", spy):
        at = open_site("pages/krypkasino_rules.py", lang="pt")
    assert not at.exception, at.exception
    call = next(c for c in calls if c["label"] == t("access.handout.download", "pt"))
    assert call["file_name"] == "krypkasino-rules-pt.html"
    assert call["mime"] == "text/html"
    assert call["data"] == handout.doc_page("krypkasino-rules", "pt")


def test_the_menu_shows_every_group_expanded() -> None:
    calls: list[dict[str, Any]] = []
    real = st.navigation

    def spy(pages: Any, **kwargs: Any) -> Any:
        calls.append({"pages": pages, **kwargs})
        return real(pages, **kwargs)

    with mock.patch.object(st, "navigation", spy):
        at = open_site("pages/glossary.py", lang="es")
    assert not at.exception
    assert calls
    expanded = calls[-1].get("expanded", False)
    shown = sum(len(group) for group in calls[-1]["pages"].values())
    assert shown == len(registered())
    assert expanded is True or (isinstance(expanded, int) and expanded >= shown)


def test_playable_card_buttons_carry_a_check_mark_not_only_a_fill() -> None:
    from engine.kachuful import KachufulState

    at = open_site("pages/kachuful_play.py", players="3", seat="1", bots="random,you,basic",
                   seed="11", max_cards="3", lang="es", deck="4")
    for _ in range(40):
        game = at.session_state["kplay.session"]
        state = game.state
        assert isinstance(state, KachufulState)
        if game.bot_turn:
            at.button(key="kplay.until").click().run()
        elif state.phase.value == "bid":
            at.button(key=f"kplay.bid.{state.legal_bid_numbers()[0]}").click().run()
        else:
            break
        assert not at.exception, at.exception
    legal = set(state.legal_actions())
    assert legal
    hand = [b for b in at.button if (b.key or "").startswith("kplay.card.")]
    assert hand
    css = "\n".join(h.proto.body for h in at.get("html"))
    for button in hand:
        playable = any(button.key == f"kplay.card.{c.code}" for c in legal)
        badge = f'.st-key-{button.key.replace(".", "-")} button::before {{ content: "✓" / "";'
        assert (badge in css) is playable, button.key  # raised and a ✓, not colour alone
        assert bool(button.help) is not playable  # a refused card says why


@pytest.mark.parametrize("file", [p.file for p in registered()])
def test_every_page_honours_the_four_colour_deck(file: str) -> None:
    """With ``deck=4`` every diamond and club drawn on the page (main area and sidebar) is
    painted in the four-colour deck; without it, none is."""
    import re

    for deck, expected in (("4", True), ("2", False)):
        at = open_site(file, lang="pt", deck=deck, timeout=60)
        assert not at.exception, at.exception
        bodies = [h.proto.body for h in at.get("html")]
        cards = [m.group(1) for body in bodies
                 for m in re.finditer(r'class="(rl-card [^"]*rl-s-[DC][^"]*)"', body)]
        assert cards, "no diamond or club drawn (the sidebar shows Q♦ and J♣)"
        assert all(("rl-four" in c.split()) is expected for c in cards), (deck, cards[:3])


def test_an_unplayable_rule_set_is_explained_in_the_visitor_language() -> None:
    """Not the Python exception's English text (ui.explore.common.rules_problem)."""
    import ui.explore.common as explore

    with mock.patch.object(explore, "rules_of", side_effect=TypeError("got multiple values")):
        for lang in LANGS:
            assert explore.rules_problem("kachuful", {}, lang) == t("access.rules.invalid", lang)
    assert "nonsense" in (explore.rules_problem("kachuful", {"nonsense": 1}, "es") or "")


def test_each_page_sets_its_title_and_the_page_language() -> None:
    """streamlit_app.py: the browser title names the page, and <html lang> follows the
    visitor's language (a script, since Streamlit's index.html says "en")."""
    calls: list[dict[str, Any]] = []
    real = st.set_page_config

    def spy(**kwargs: Any) -> Any:
        calls.append(kwargs)
        return real(**kwargs)

    with mock.patch.object(st, "set_page_config", spy):
        at = open_site("pages/glossary.py", lang="pt")
    assert not at.exception
    assert calls[-1]["page_title"] == f"{t('page.glossary', 'pt')} · Rules Lab"
    scripts = [h.proto.body for h in at.get("html") if "documentElement.lang" in h.proto.body]
    assert scripts and '"pt"' in scripts[-1]


def test_hand_odds_picks_its_hand_by_clicking_cards() -> None:
    at = open_site("pages/explore_hand_odds.py", hand="AS,KD,7C", size="3")
    spades = next(p for p in at.get("button_group") if p.key == "xodds.pick.S")
    assert list(spades.value) == ["AS"]  # the typed hand is shown picked
    spades.set_value(["AS", "QS"]).run()
    assert dict(at.query_params)["hand"] in ("AS,KD,7C,QS", ["AS,KD,7C,QS"])
    assert at.session_state["xodds.hand"] == "AS,KD,7C,QS" and at.session_state["xodds.size"] == 4
    hearts = next(p for p in at.get("button_group") if p.key == "xodds.pick.D")
    hearts.set_value([]).run()  # unpick K♦
    assert at.session_state["xodds.hand"] == "AS,7C,QS"


def test_sweep_danger_opens_where_the_plays_differ() -> None:
    """The default position: no card sweeps (so C-8 allows every play), there are trails
    and captures, and the tables they leave differ in danger."""
    from engine.krypkasino.rules import KrypkasinoRules
    from lab.studies.sweep_danger import sweep_danger
    from ui.explore.common import SweepInputs

    inputs = SweepInputs()
    hand, table, seen = inputs.parsed()
    danger = sweep_danger(inputs.players, hand.cards, table.cards, seen.cards,
                          inputs.next_hand, KrypkasinoRules())
    assert not danger.forced and all(o.allowed for o in danger.options)
    assert {"trail", "capture"} <= {o.kind for o in danger.options}
    assert len({round(o.chance, 3) for o in danger.options}) >= 3
    at = open_site("pages/explore_sweep_danger.py")
    assert not at.exception, at.exception
    table_pick = next(p for p in at.get("button_group") if p.key == "xsweep.pick.table.H")
    table_pick.set_value(["KH"]).run()
    assert at.session_state["xsweep.table"].endswith(",KH")
    assert any("The bar: the chance" in c.value for c in at.caption)


def test_sweep_danger_chart_labels_are_12_px_or_more() -> None:
    from engine.krypkasino.rules import KrypkasinoRules
    from lab.studies.sweep_danger import sweep_danger
    from ui.explore.common import SweepInputs, sweep_chart

    inputs = SweepInputs()
    hand, table, seen = inputs.parsed()
    danger = sweep_danger(inputs.players, hand.cards, table.cards, seen.cards,
                          inputs.next_hand, KrypkasinoRules())
    fig = sweep_chart(hand.cards[0], list(danger.options), "x", "chance", "cost")
    layout = fig.layout
    assert layout.font.size >= 12 and layout.uniformtext.minsize >= 12
    assert layout.xaxis.tickfont.size >= 12 and layout.yaxis.tickfont.size >= 12
    assert all(trace.textfont.size >= 12 for trace in fig.data)


def test_the_score_fan_takes_bots_and_rules_from_widgets() -> None:
    at = open_site("pages/explore_score_fan.py", games="50")
    assert not at.exception, at.exception
    assert not at.text_input  # nothing to type: a select box per seat and per rule
    at.selectbox(key="xfan.seat4").set_value("strong")
    at.selectbox(key="xfan.r.scoring").set_value("margin")
    submit = next(b for b in at.button if b.label == t("explore.compute", "en"))
    submit.click().run()
    link = {k: v[0] if isinstance(v, list) else v for k, v in dict(at.query_params).items()}
    assert link["lineup"] == "basic,basic,random,random,strong"
    assert link["rules"] == "scoring:margin"


def test_the_home_pictures_legend_is_what_the_engine_does() -> None:
    """Home's Krypkasino picture: ✓ on the card played, ★ on what it takes; the legend's
    claim (9♦ takes 2♥ + 7♠, which add up to its value) is the capture solver's."""
    from engine.cards import parse_cards
    from engine.krypkasino.capture import max_capture_size

    assert max_capture_size(9, parse_cards(["2H", "7S"])) == 2
    at = open_site("pages/home.py", lang="es")
    assert not at.exception
    assert any("9♦ se lleva 2♥ + 7♠" in c.value for c in at.caption)
