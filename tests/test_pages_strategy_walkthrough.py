"""AppTest: the two strategy scenarios (issue 28) walked through the site's entry script.

Each stop waits with nothing given away (the scenario's move and its teaching text come
after the answer), a clearly worse answer is named so, the right answer gets the tick, the
walkthrough goes on to its last step, and every answer counts in the quiz's score.
"""

from __future__ import annotations

from typing import Any

from streamlit.testing.v1 import AppTest

from engine.krypkasino.rules import KrypkasinoRules
from engine.walkthrough import kachuful as ekach
from engine.walkthrough import krypkasino as ekryp
from engine.walkthrough.model import Walkthrough
from tutorials import scenarios as scen
from ui.apptest import open_site
from ui.walkthrough import kachuful as wkach
from ui.walkthrough import view as wv

KRYP = "pages/krypkasino_walkthrough.py"
KACH = "pages/kachuful_walkthrough.py"


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [h.proto.body for h in at.get("html")]
    parts += [e.value for e in at.error] + [w.value for w in at.warning]
    parts += [i.value for i in at.info] + [s.value for s in at.success]
    return "\n".join(parts).replace("\\", "")


def pick(at: AppTest, choice_id: str, label: str) -> None:
    radio = at.radio[0]
    assert radio.format_func(choice_id) == label and label in radio.options
    radio.set_value(choice_id)
    next(b for b in at.button if b.label == "Check").click().run()
    assert not at.exception, at.exception


def walk_to_the_end(at: AppTest, walk: Walkthrough[Any], next_key: str,
                    first_done: bool) -> int:
    """Answer every remaining stop with the analyst's answer and press Next to the end;
    the number of stops answered."""
    stops = walk.your_moves()[1:] if first_done else walk.your_moves()
    answered = 0
    while True:
        if at.radio:
            move = stops[answered]
            ask = wv.ask_of(move, "en")
            choice = ask.choice(ask.answer)
            assert choice is not None
            pick(at, choice.id, choice.label)
            assert "Right" in " ".join(s.value for s in at.success), move.step_id
            answered += 1
        button = at.button(key=next_key)
        if button.disabled:
            break
        button.click().run()
        assert not at.exception, at.exception
    assert answered == len(stops)
    return answered


def test_the_kachuful_strategy_scenario_answered_from_start_to_end() -> None:
    s = scen.load("kachuful", "strategy-bidding", wkach.SCENARIO_KEYS)
    walk = ekach.build(wkach.scenario_source(s), wkach.scenario_rules(s))
    at = open_site(KACH, scenario="strategy-bidding")
    assert not at.exception, at.exception
    while not at.radio:
        at.button(key="kwalk.w.next").click().run()
    # The first stop: player A's bid; neither the bid nor the lesson is shown yet.
    page = texts(at)
    assert "Count the sure tricks" not in page and "bids 3" not in page
    assert "Strategy, judged by the analyst" not in page  # the summary waits
    assert all(b.disabled for b in at.button if b.label == "Next")
    first = walk.your_moves()[0].option("bid-2")
    assert first is not None and first.verdict == "legal"  # clearly worse, by the analyst
    pick(at, "bid-2", "Bid 2")
    warned = " ".join(w.value for w in at.warning).replace("\\", "")
    assert warned.startswith("**You chose Bid 2.** A")
    assert "Bidding 3, player A makes the bid about" in warned  # the best, in numbers
    page = texts(at)
    assert "Count the sure tricks" in page and "Player A bids 3" in page
    stops = walk_to_the_end(at, walk, "kwalk.w.next", first_done=True)
    assert stops + 1 == len(walk.your_moves()) == 10
    assert at.session_state["quiz.board"]["asked"] == 10
    assert at.session_state["quiz.board"]["right"] == 9
    page = texts(at)
    assert "Where next" in page and "somebody had to miss" in page


def test_the_krypkasino_strategy_scenario_answered_from_start_to_end() -> None:
    data = scen.load("krypkasino", "strategy-trail", ekryp.GAME_KEYS).data
    walk = ekryp.build(data, KrypkasinoRules.from_dict(ekryp.base_variant(data)))
    at = open_site(KRYP, scenario="strategy-trail")
    assert not at.exception, at.exception
    while not at.radio:
        at.button(key="kw.next").click().run()
    page = texts(at)
    assert "Trail low" not in page and "Player A trails 2♦" not in page
    first = walk.your_moves()[0].option("9C:")
    assert first is not None and first.verdict == "legal"  # clearly worse, by the analyst
    pick(at, "9C:", "9♣: trail it (it lies on the table)")
    warned = " ".join(w.value for w in at.warning).replace("\\", "")
    assert warned.startswith("**You chose 9♣: trail it (it lies on the table).** A")
    page = texts(at)
    assert "Trail low" in page and "Player A trails 2♦" in page
    stops = walk_to_the_end(at, walk, "kw.next", first_done=True)
    assert stops + 1 == len(walk.your_moves()) == 4
    assert at.session_state["quiz.board"]["asked"] == 4
    assert at.session_state["quiz.board"]["right"] == 3
    page = texts(at)
    assert "Where next" in page and "was a gift to A" in page
