"""AppTest of the Krypkasino walkthrough page through the site's entry script: clicking
through every step, links that restore a step, variants that change what is shown, bad
links that give a message and a working page."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.krypkasino.rules import KrypkasinoRules
from engine.walkthrough import krypkasino as kw
from tutorials import scenarios as scen
from ui.apptest import open_site
from ui.walkthrough import krypkasino as wk

PAGE = "pages/krypkasino_walkthrough.py"


def groups(scenario: str) -> tuple[tuple[int, int], ...]:
    """The page's steps of a scenario (runs of plain trails folded), as the page counts."""
    s = scen.load("krypkasino", scenario, wk.GAME_KEYS)
    shape = wk.outline(kw.build(s.data, KrypkasinoRules.from_dict(wk.base_variant(s.data))))
    return wk.fold(shape, lambda i: s.text(shape.ids[i], shape.kinds[i], shape.nths[i], "en")
                   is not None)


def step_id(scenario: str, step: int) -> str:
    """The id of the walkthrough's step ``step`` (1-based): what the link writes."""
    s = scen.load("krypkasino", scenario, wk.GAME_KEYS)
    walk = kw.build(s.data, KrypkasinoRules.from_dict(wk.base_variant(s.data)))
    return walk.steps[step - 1].id


def page_step(scenario: str, step: int) -> tuple[int, int]:
    """(the page's step number, how many) for the walkthrough's step ``step`` (1-based)."""
    g = groups(scenario)
    return wk.view_of(g, step - 1) + 1, len(g)


def open_page(**query: str) -> AppTest:
    query.setdefault("yourmove", "off")  # the your-move steps are tested on their own
    at = open_site(PAGE, **query)
    assert not at.exception, at.exception
    return at


def heading(at: AppTest) -> str:
    return " ".join(h.value for h in at.header)


def texts(at: AppTest) -> str:
    # The shared panel escapes the engine's sentences for Markdown: read them as shown.
    parts = [m.value.replace("\\", "") for m in at.markdown] + [c.value for c in at.caption]
    parts += [h.proto.body for h in at.get("html")]
    parts += [e.value for e in at.error] + [w.value for w in at.warning]
    parts += [i.value for i in at.info]
    # The status table is HTML (a focusable scroll box on a phone): its rows as "| a | b |".
    for body in [h.proto.body for h in at.get("html")]:
        for row in re.findall(r"<tr>(.*?)</tr>", body):
            cells = re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row)
            parts.append("| " + " | ".join(html.unescape(c) for c in cells) + " |")
    return "\n".join(parts)


def click_next(at: AppTest) -> None:
    at.button(key="kw.next").click().run()
    assert not at.exception, at.exception


def test_the_default_scenario_opens_at_its_first_step() -> None:
    at = open_page()
    first = scen.load_all("krypkasino", wk.GAME_KEYS)[0].id
    assert at.query_params["scenario"] in (first, [first])
    assert f"Step 1 of {len(groups(first))}" in heading(at)
    assert at.button(key="kw.back").disabled and not at.button(key="kw.next").disabled
    assert not at.warning


def test_clicking_through_the_forced_sweep_from_first_to_last_step() -> None:
    at = open_page(scenario="forced-sweep")
    seen = [heading(at)]
    assert "Step 1 of 7" in seen[0]
    assert "9♦ takes the whole table, so you must play it or another card that sweeps (C-8)" in \
        texts(at)
    while not at.button(key="kw.next").disabled:
        click_next(at)
        seen.append(heading(at))
    assert [h.split(" · ")[0] for h in seen] == [f"Step {i} of 7" for i in range(1, 8)]
    assert at.slider(key="kw.step").value == 7
    page = texts(at)
    assert "Card points in all: 1." in page and "step 2: player B +5, player A −5" in page
    assert "step 4: player B +5, player A −5" in page  # the sweep A's trail gave B
    assert "| Player B | 0 | 6 | 1 | +10 | 11 | 11 |" in page
    at.button(key="kw.back").click().run()
    assert "Step 6 of 7" in heading(at)


@pytest.mark.slow
def test_clicking_through_the_whole_two_player_deal() -> None:
    at = open_page(scenario="two-players")
    steps = 1
    while not at.button(key="kw.next").disabled:
        click_next(at)
        steps += 1
    # 115 steps of the engine, runs of plain trails folded into one page step each.
    assert steps == len(groups("two-players")) < 115
    page = texts(at)
    assert "Player A: 25 card points from 59 captured cards" in page
    assert "Player B: 17 card points from 38 captured cards" in page
    assert "Card points in all: 42." in page
    # The sweeps are listed by the page's step numbers (play 23 is the page's double sweep).
    double = page_step("two-players", 28)[0]
    assert f"step {double}: player B +10, player A −10 (double)" in page
    assert "Deal 1 scored: card points 25, 17, sweep points 10, -10, deal scores 35, 7" in page


def test_a_query_string_restores_a_step() -> None:
    # A link of before the folding (step 28 of the engine's 115) opens the same step.
    at = open_page(scenario="two-players", step="28")
    shown, views = page_step("two-players", 28)
    assert f"Step {shown} of {views} · A double sweep" in heading(at)
    assert at.slider(key="kw.step").value == shown
    assert "Double sweep! J♦ takes the identical lone card" in texts(at)
    assert not at.warning
    # The link is rewritten with the step's id (the old number keeps working).
    assert at.query_params["step"] in (step_id("two-players", 28), [step_id("two-players", 28)])
    # A step id works too.
    by_id = open_page(scenario="two-players", step="play-23")
    assert f"Step {shown} of {views} · A double sweep" in heading(by_id) and not by_id.warning
    # The slider moves the link too: the link keeps the engine's step number.
    at.slider(key="kw.step").set_value(40).run()
    first, _ = groups("two-players")[39]
    assert f"Step 40 of {views}" in heading(at)
    at_first = step_id("two-players", first + 1)
    assert at.query_params["step"] in (at_first, [at_first])


def test_turning_the_forced_sweep_off_lets_4c_be_trailed() -> None:
    at = open_page(scenario="forced-sweep", step="1")
    assert any("(C-8)" in e.value for e in at.error)
    at.toggle(key="kw.forced_sweep").set_value(False).run()
    assert not at.exception
    assert not at.error
    assert at.query_params["forced_sweep"] in ("false", ["false"])
    page = texts(at)
    assert "The forced sweep is off in this variant" in page
    assert "4♣**: captures nothing: it would be trailed" in page
    assert "refused (C-8)" not in page
    # The same link opened afresh shows the same state.
    again = open_page(scenario="forced-sweep", step="1", forced_sweep="false")
    assert not again.error and again.toggle(key="kw.forced_sweep").value is False


def test_the_double_sweep_variant_changes_the_points_shown() -> None:
    at = open_page(scenario="double-sweep", step="2")
    assert "| Player B | 1 | 2 | 0 | +10 | 10 | 0 |" in texts(at)
    at.toggle(key="kw.double_sweep").set_value(False).run()
    assert "Step 2 of 7 · A sweep" in heading(at)
    assert "| Player B | 1 | 2 | 0 | +5 | 5 | 0 |" in texts(at)
    at.number_input(key="kw.sweep_points").set_value(7).run()
    assert "| Player B | 1 | 2 | 0 | +7 | 7 | 0 |" in texts(at)
    at.button(key="kw.reset").click().run()
    assert "| Player B | 1 | 2 | 0 | +10 | 10 | 0 |" in texts(at)
    assert "double_sweep" not in at.query_params and "sweep_points" not in at.query_params


def test_a_recorded_play_refused_under_maximal_shows_the_engines_sentence() -> None:
    at = open_page(scenario="maximum-capture", step="2", capture="maximal")
    refused = " ".join(e.value for e in at.error).replace("\\", "")
    assert "7♣, is illegal" in refused and "(C-6)" in refused


def test_bad_links_give_a_message_and_a_working_page() -> None:
    at = open_page(scenario="nope", step="abc", capture="most", forced_sweep="maybe",
                   sweep_points="-4", session="x")
    warnings = " ".join(w.value for w in at.warning)
    for name in ("scenario", "step", "capture", "forced_sweep", "sweep_points", "session"):
        assert name in warnings, name
    # The menu's first scenario, sweep_points clamped to 0 (its basic players then play
    # another deal than under the scenario's own rules).
    first = min(scen.load_all("krypkasino", wk.GAME_KEYS), key=lambda s: (s.order, s.id))
    views = int(heading(open_page(scenario=first.id, sweep_points="0")).split(" of ")[1]
                .split(" ")[0])
    assert f"Step 1 of {views}" in heading(at)
    click_next(at)
    assert f"Step 2 of {views}" in heading(at)
    past = open_page(scenario="forced-sweep", step="99")
    assert "Step 7 of 7" in heading(past)
    assert any("step" in w.value for w in past.warning)
    evil = open_page(scenario="<img src=x onerror=alert(1)>")
    assert "<img" not in " ".join(w.value for w in evil.warning).replace("\\<img", "")


def test_random_mode_walks_a_seeded_session_with_a_score_chart() -> None:
    at = open_page(scenario="random", seed="5", players="2")
    assert at.number_input(key="kw.seed").value == 5
    count = int(heading(at).split(" of ")[1].split(" ")[0])
    assert not at.get("plotly_chart")
    assert "The score chart appears here" in texts(at)
    at.slider(key="kw.step").set_value(count).run()
    assert not at.exception
    assert len(at.get("plotly_chart")) == 1
    assert "The session is over" in texts(at)
    bad = open_page(scenario="random", seed="ten", players="9")
    warnings = " ".join(w.value for w in bad.warning)
    assert "seed" in warnings and "players" in warnings
    assert bad.selectbox(key="kw.players").value == 6


def test_changing_the_scenario_starts_at_its_first_step() -> None:
    at = open_page(scenario="two-players", step="30")
    at.selectbox(key="kw.scenario").set_value("lone-ace").run()
    assert "Step 1 of 7 · The position" in heading(at)
    assert at.query_params["scenario"] in ("lone-ace", ["lone-ace"])


def test_the_page_speaks_spanish() -> None:
    at = open_page(lang="es", scenario="forced-sweep", step="2")
    assert "Paso 2 de 7 · Una barrida" in heading(at)
    page = texts(at)
    assert "¡Barrida! El jugador B limpia la mesa con 9♦" in page
    assert "se lleva" in page and "2♥" in page and "7♠" in page


def test_steps_without_lesson_text_explain_their_rule_under_the_variant() -> None:
    from engine.krypkasino.rules import KrypkasinoRules

    w = kw.build({"seed": 5, "players": 2}, KrypkasinoRules(sweep_points=3))
    first_sweep = next(i for i, s in enumerate(w.steps) if s.kind == "sweep")
    at = open_page(scenario="random", seed="5", players="2", sweep_points="3",
                   step=str(first_sweep + 1))
    assert "A sweep" in heading(at)
    info = " ".join(i.value for i in at.info)
    assert "+3 for the player, bad for them (the lowest score wins), and −3, a gift, for whoever played just before" in info
    assert "(krypkasino_rules#C-9)" in info


def test_a_scenario_file_that_cannot_be_played_gives_a_message(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import json
    import shutil

    import streamlit as st

    from tutorials import scenarios

    folder = tmp_path / "krypkasino"
    folder.mkdir()
    shutil.copy(scenarios.path_of("krypkasino", "forced-sweep"), folder / "forced-sweep.json")
    head = {"format": "rules-lab-scenario/1", "game": "krypkasino", "title": {"en": "Broken"}}
    (folder / "bad-record.json").write_text(json.dumps(
        {**head, "record": {"format": "krypkasino-record/1", "players": 2, "deals": []}}))
    (folder / "typo.json").write_text(json.dumps({**head, "seed": 1, "player": 3}))
    monkeypatch.setattr(scenarios, "ROOT", tmp_path)
    st.cache_data.clear()
    try:
        at = open_page(scenario="bad-record")
        warning = " ".join(w.value for w in at.warning)
        assert "bad\\-record cannot be used" in warning and "deals" in warning
        assert at.selectbox(key="kw.scenario").value == "random"
        assert "Step 1 of" in heading(at)
        typo = open_page(scenario="typo")
        warning = " ".join(w.value for w in typo.warning)
        assert "typo cannot be used" in warning and "unknown key" in warning
        assert typo.selectbox(key="kw.scenario").options == [
            "Worked example 1: a forced sweep (2♥ 7♠, with 9♦ and 4♣)",
            "Broken", "Random deal (any seed, played by the basic player)"]
    finally:
        st.cache_data.clear()


def test_the_session_scenario_ends_with_the_chart_of_three_deals() -> None:
    at = open_page(scenario="session", step="999")
    views = len(groups("session"))
    assert f"Step {views} of {views} · The deal's score" in heading(at)
    charts = at.get("plotly_chart")
    assert len(charts) == 1
    figure = json.loads(charts[0].proto.spec)
    assert [trace["x"] for trace in figure["data"]] == [[1, 2, 3]] * 3  # deals shown from 1, as the engine says them
    from tutorials import scenarios
    from ui.walkthrough import krypkasino as wk

    data = scenarios.load("krypkasino", "session", wk.GAME_KEYS).data
    deals = kw.build(data, kw.rules_from({})).get("deal_scores")
    assert [trace["y"] for trace in figure["data"]] == [
        [sum(d[seat] for d in deals[: n + 1]) for n in range(3)] for seat in range(3)]


def test_a_capture_is_highlighted_with_the_other_collections_listed() -> None:
    at = open_page(scenario="capture-choice", step="2")
    assert "Step 2 of 7 · A capture" in heading(at)
    html = " ".join(h.proto.body for h in at.get("html"))
    for name in ("six of hearts", "ace of clubs"):
        assert f'aria-label="{name}, highlighted"' in html
    assert 'aria-label="ace of spades, highlighted"' not in html
    assert 'aria-label="seven of hearts, highlighted"' in html  # the card played, in the hand
    page = texts(at)
    assert "Other maximum collections 7♥ could have taken (C-6):" in page
    assert "Taken, group by group: 6♥ + A♣" in page


def test_the_cards_worth_points_so_far_are_shown() -> None:
    at = open_page(scenario="forced-sweep", step="2")
    assert any(e.label.startswith("Captured so far") for e in at.expander)
    html = " ".join(h.proto.body for h in at.get("html"))
    assert "Player B · Card points: 1" in html


def test_a_run_of_plain_trails_is_one_step_that_opens() -> None:
    g = groups("two-players")
    first, last = next((a, b) for a, b in g if b > a)
    at = open_page(scenario="two-players", step=str(first + 1))
    n = last - first + 1
    assert heading(at).endswith(f"· {n} trails in a row"), heading(at)
    opener = next(e for e in at.expander if e.label == f"Open the {n} trails one by one")
    sentences = [m.value for m in opener.markdown]
    assert len(sentences) == n and all("trails" in s for s in sentences), sentences
    # A link into the middle of the run opens the same page step, and Next leaves it.
    middle = open_page(scenario="two-players", step=str(first + 2))
    assert heading(middle) == heading(at)
    click_next(middle)
    after = step_id("two-players", last + 2)
    assert middle.query_params["step"] in (after, [after])
    # No step id is shown on the page.
    assert "`play-" not in texts(at) and "play-" not in " ".join(c.value for c in at.caption)


def test_a_variant_change_keeps_the_step_where_trails_are_folded() -> None:
    at = open_page(scenario="two-players", step="28")
    shown, views = page_step("two-players", 28)
    assert heading(at) == f"Step {shown} of {views} · A double sweep"
    at.toggle(key="kw.double_sweep").set_value(False).run()
    assert not at.exception, at.exception
    assert heading(at) == f"Step {shown} of {views} · A sweep"
    assert at.query_params["step"] in (step_id("two-players", 28), [step_id("two-players", 28)])


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_seats_are_letters_and_options_their_registry_labels(lang: str) -> None:
    """Issue 12: the page names players by letter and each option of the variant box, and
    the scenario's text that tells the reader to change one, by the registry's labels."""
    from engine.registry import GAMES
    from engine.seats import seat_letter

    spec = GAMES["krypkasino"]
    at = open_page(scenario="forced-sweep", step="7", lang=lang)
    widgets = [w.label for w in (*at.toggle, *at.selectbox, *at.number_input)]
    for option in spec.options:
        assert option.label(lang) in widgets, (option.name, widgets)
    shown = [o for o in at.selectbox if o.label == spec.option("session").label(lang)][0]
    assert spec.option("session").value_label("rotation", lang) in shown.options
    page = texts(at)
    forced = spec.option("forced_sweep")
    said = {"en": f"Set “{forced.label('en')}” to “{forced.value_label(False, 'en')}”",
            "es": f"Pon «{forced.label('es')}» en «{forced.value_label(False, 'es')}»",
            "pt": f"Ponha «{forced.label('pt')}» em «{forced.value_label(False, 'pt')}»"}[lang]
    assert said in page, page
    player = {"en": "Player", "es": "Jugador", "pt": "Jogador"}[lang]
    assert f"| {player} {seat_letter(1)} | 0 | 6 | 1 | +10 | 11 | 11 |" in page
    assert not re.search(r"\b(Seat|Asiento|Lugar) \d", page, re.IGNORECASE), page


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_both_walkthroughs_share_one_title_pattern_and_one_step_layout(lang: str) -> None:
    """Issue 12: the same title pattern (the sidebar's name of the page) on both pages; the
    scenario's summary beside its menu; the step in two columns, the "what happened / why"
    panel (with the rules behind the step) on the left and the table on the right."""
    from ui.i18n import t

    pages = {"krypkasino": open_page(scenario="forced-sweep", step="2", lang=lang),
             "kachuful": open_site("pages/kachuful_walkthrough.py", lang=lang, yourmove="off")}
    rules_said = t("walk.rules", lang, links="").strip()
    for game, at in pages.items():
        assert at.title[0].value == t(f"page.{game}_walkthrough", lang), game
        menu, summary = at.columns[0], at.columns[1]  # the scenario's summary beside its menu
        assert len(menu.selectbox) == 1 and summary.caption, game
        left, right = next(((a, b) for a, b in zip(at.columns, at.columns[1:], strict=False)
                            if a.header), (None, None))
        assert left is not None and right is not None, game
        assert any(rules_said in m.value for m in left.markdown), game
        assert right.get("html"), game  # the table and the hands
    kryp = pages["krypkasino"]
    left = next(c for c in kryp.columns if c.header)
    assert any("(C-8)" in e.value for e in left.error)  # the refusal is in the panel
