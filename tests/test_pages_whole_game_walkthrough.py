"""AppTest: the whole-game Kachuful walkthrough (issue 28) walked from the K-3 draw to the
final standings through the site's entry script: every stop waits (Next is off, the
scenario's move is not on the page) until "Show me", folded runs say what the computer
did, and the last step shows the standings and the shared win (K-14)."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from engine.walkthrough import kachuful as ekach
from tutorials import scenarios as scen
from ui.apptest import open_site
from ui.walkthrough import kachuful as wkach

KACH = "pages/kachuful_walkthrough.py"


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [h.proto.body for h in at.get("html")]
    parts += [e.value for e in at.error] + [w.value for w in at.warning]
    parts += [i.value for i in at.info] + [s.value for s in at.success]
    return "\n".join(parts).replace("\\", "")


def heading(at: AppTest) -> str:
    return " ".join(h.value for h in at.header)


def test_the_whole_game_walked_to_the_final_standings() -> None:
    s = scen.load("kachuful", "whole-game", wkach.SCENARIO_KEYS)
    walk = wkach.build(wkach.scenario_source(s), wkach.scenario_rules(s), "en", s.texts)
    model = ekach.build(wkach.scenario_source(s), wkach.scenario_rules(s))
    at = open_site(KACH, timeout=180, scenario="whole-game")
    assert not at.exception, at.exception
    stops = 0
    folds = 0
    for index, step in enumerate(walk.steps):
        assert at.query_params["step"] in (step.id, [step.id]), (index, step.id)
        page = texts(at)
        if step.ask is not None:
            # A stop: the question on the table before the move, the move itself hidden.
            assert heading(at).startswith("Your move"), step.id
            assert at.button(key="kwalk.w.next").disabled
            for line in step.lines:
                assert line not in page, (step.id, line)
            assert s.summary["en"] not in page  # the summary waits for the last stop
            next(b for b in at.button if b.label == "Show me").click().run()
            assert not at.exception, at.exception
            stops += 1
            page = texts(at)
            assert all(line in page for line in step.lines), step.id  # now shown
        if step.kind == "fold":
            folds += 1
            assert step.title in heading(at)
            assert all(line in page for line in step.lines), step.id
        if index < len(walk.steps) - 1:
            at.button(key="kwalk.w.next").click().run()
            assert not at.exception, at.exception
    assert stops == len(model.your_moves()) and folds >= 10
    assert at.session_state["quiz.board"]["asked"] == stops
    # The last step: the final standings, the shared win, K-14.
    page = texts(at)
    last = walk.steps[-1]
    assert "The game is over: players B, C share the win" in page
    assert last.text is not None and last.text in page and "K-14" in page
    assert at.dataframe, "the score sheet of the last hand"
    sheet = at.dataframe[0].value
    totals = [int(v) for v in sheet[sheet.columns[-1]]]
    assert totals == list(model.steps[-1].fact("totals"))
    assert s.summary["en"] in page  # every stop answered: the summary may show
