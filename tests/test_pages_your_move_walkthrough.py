"""AppTest: the "your move" steps of both walkthroughs, through the site's entry script.

A whole short scenario answered three ways: an illegal choice (the engine's refusal with its
rule ID, nothing played, try again), a legal but weaker one (accepted, with what the
scenario's move does better), the scenario's own move; then the walkthrough goes on from
the scenario's move, the answers count in the quiz's "rules you keep missing", the
switch turns the stops off, and the last step says where to go next.
"""

from __future__ import annotations

import re

from streamlit.testing.v1 import AppTest

from engine.krypkasino.rules import KrypkasinoRules
from engine.walkthrough import krypkasino as kw
from tutorials import scenarios as scen
from ui.apptest import open_site
from ui.walkthrough import krypkasino as wk
from ui.walkthrough import view as wv

KRYP = "pages/krypkasino_walkthrough.py"
KACH = "pages/kachuful_walkthrough.py"


def heading(at: AppTest) -> str:
    return " ".join(h.value for h in at.header)


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [h.proto.body for h in at.get("html")]
    parts += [e.value for e in at.error] + [w.value for w in at.warning]
    parts += [i.value for i in at.info] + [s.value for s in at.success]
    return "\n".join(parts).replace("\\", "")


def pick(at: AppTest, choice_id: str, label: str) -> None:
    """Choose the option ``choice_id`` (shown as ``label``) and press Check."""
    radio = at.radio[0]
    assert radio.format_func(choice_id) == label and label in radio.options
    radio.set_value(choice_id)
    check = next(b for b in at.button if b.label == "Check")
    check.click().run()
    assert not at.exception, at.exception


def labels(at: AppTest) -> list[str]:
    return list(at.radio[0].options)


def test_a_krypkasino_scenario_answered_illegal_then_right() -> None:
    """Step 2 of `trail`: the engine refuses an illegal play (try again); a play the
    analyst marks right gets the tick with its figures; the scenario's own play (a trail)
    is judged too. Step 3: a clearly worse play is named so, with both numbers."""
    data = scen.load("krypkasino", "trail", kw.GAME_KEYS).data
    walk = kw.build(data, KrypkasinoRules.from_dict(kw.base_variant(data)))
    at = open_site(KRYP, scenario="trail")
    assert not at.exception, at.exception
    assert heading(at).startswith("Step 1 of ")
    at.button(key="kw.next").click().run()
    # Step 2 stops: the question on the table before the play; the play is not shown yet.
    assert heading(at).startswith("Step 2 of ") and heading(at).endswith("Your move")
    options = labels(at)
    assert options == ["5♦ takes 5♥", "3♣: trail it (it lies on the table)",
                       "5♦: trail it (it lies on the table)"]
    before = texts(at)
    assert "trails 3♣" not in before  # the scenario's move is not given away
    assert "five of hearts" in before and "five of diamonds" in before  # table and hand

    # An illegal choice: the engine's refusal with its rule; nothing is played.
    pick(at, "5D:", "5♦: trail it (it lies on the table)")
    refusal = " ".join(e.value for e in at.error).replace("\\", "")
    assert "5♦ can capture" in refusal and "(C-6)" in refusal and "Try again." in refusal
    assert heading(at).endswith("Your move") and len(at.radio) == 1
    assert "trails 3♣" not in texts(at)
    assert at.session_state["quiz.board"] == {"asked": 1, "right": 0, "misses": {"C-6": 1}}

    # The analyst's best play: the tick, with its figures.
    move = walk.your_move("play-0")
    assert move is not None and move.answer == "5D:5H" and move.scenario == "3C:"
    pick(at, "5D:5H", "5♦ takes 5♥")
    ticked = " ".join(x.value for x in at.success).replace("\\", "")
    assert "Right: no move does better here." in ticked
    assert "With 5♦ taking 5♥, player B ends the session with the lowest total about" in ticked
    # The walkthrough goes on from the scenario's own move: 3♣ trailed, not 5♦.
    page = texts(at)
    assert "Player B trails 3♣" in page and len(at.radio) == 0
    assert "Judged by the analyst from what player B can see" in page
    assert heading(at).endswith("Your move · A trail")
    assert at.session_state["quiz.board"]["asked"] == 1  # one answer counted per step

    # Step 3: every option is the analyst's verdict, said as the page shows it.
    at.button(key="kw.next").click().run()
    assert heading(at).startswith("Step 3 of ") and heading(at).endswith("Your move")
    third = walk.your_move("play-1")
    assert third is not None
    ask = wv.ask_of(third, "en")
    choice = ask.choice(third.scenario)
    assert choice is not None
    pick(at, choice.id, choice.label)
    shown = texts(at)
    assert choice.feedback.replace("\\", "")[:60] in shown
    assert "8♦ takes 3♣, 5♥" in shown

    # To the end: where next (play, quiz on the rules shown, the next scenario).
    while not at.button(key="kw.next").disabled:
        at.button(key="kw.next").click().run()
        assert not at.exception, at.exception
    page = texts(at)
    assert "Where next" in page
    assert "](krypkasino_play?players=2&seat=0&bots=you%2Cbasic&seed=1" in page
    topics = page.split("](quiz?game=krypkasino&topics=")[1].split(")")[0].split("%2C")
    assert {"C-6", "C-7"} <= set(topics)
    menu = [s.id for s in scen.load_all("krypkasino", wk.GAME_KEYS)]
    following = menu[menu.index("trail") + 1]
    assert f"](krypkasino_walkthrough?scenario={following}" in page

    # The quiz page lists the rule missed in the walkthrough.
    at.switch_page("pages/quiz.py").run()
    assert not at.exception, at.exception
    assert any("C-6" in m.value for m in at.markdown), [m.value for m in at.markdown]


def test_every_krypkasino_your_move_is_judged_by_the_engine() -> None:
    """Each step keeps the scenario's own play (``scenario``) beside the analyst's best
    (``answer``, right), and each refusal names its rule."""
    for s in scen.load_all("krypkasino", wk.GAME_KEYS):
        walk = kw.build(s.data, KrypkasinoRules.from_dict(wk.base_variant(s.data)))
        for step in walk.steps:
            if step.your_move is None:
                continue
            ask = wv.ask_of(step.your_move, "en")
            assert ask.choice(ask.answer).verdict == "best"
            card, _, take = step.your_move.scenario.partition(":")
            assert card == step.view.card and sorted(take.split(".") if take else []) == \
                sorted(step.view.taken), step.id
            for choice in ask.choices:
                if choice.verdict == "illegal":
                    assert choice.feedback.endswith(f"({choice.rule})"), choice


def test_the_switch_turns_the_stops_off_for_a_projector() -> None:
    at = open_site(KRYP, scenario="trail", step="2", yourmove="off")
    assert not at.exception, at.exception
    assert not at.radio and "Your move" not in heading(at)
    assert "Player B trails 3♣" in texts(at)
    at.toggle(key="kw.yourmove").set_value(True).run()
    assert heading(at).endswith("Your move") and len(at.radio) == 1


def test_a_kachuful_hook_answered_illegal_then_right() -> None:
    at = open_site(KACH, scenario="worked-example", step="h11.bid.s3")
    assert not at.exception, at.exception
    assert heading(at).startswith("Your move · Player D, the dealer")
    assert labels(at) == ["Bid 0", "Bid 1", "Bid 2", "Bid 3"]
    assert "bids 0" not in texts(at)  # the dealer's bid is not given away
    pick(at, "bid-1", "Bid 1")
    refusal = " ".join(e.value for e in at.error).replace("\\", "")
    assert "may not bid 1" in refusal and "(K-9)" in refusal
    assert len(at.radio) == 1
    pick(at, "bid-3", "Bid 3")
    warned = " ".join(w.value for w in at.warning).replace("\\", "")
    assert warned.startswith("**You chose Bid 3.** A blunder")  # clearly worse, named so
    assert "Bidding 3, player D makes the bid about" in warned
    assert "Bidding 0, player D makes the bid about" in warned  # and the best, both numbers
    page = texts(at)
    assert "Player D, the dealer, bids 0" in page  # then the scenario's own bid
    assert at.session_state["quiz.board"]["misses"] == {"K-9": 1}
    # A card that must follow suit, answered right.
    at.button(key="kwalk.w.next").click().run()
    while not at.radio and not at.button(key="kwalk.w.next").disabled:
        at.button(key="kwalk.w.next").click().run()
    assert heading(at).startswith("Your move · Trick 1, card 2")
    # The scenario's 2♣ (trumping while B bid 0) is not the analyst's best: named so.
    pick(at, "card-2C", "2♣")
    warned = " ".join(w.value for w in at.warning).replace("\\", "")
    assert "**You chose 2♣.** A blunder" in warned
    assert "Player B in the scenario did not choose the best move" in texts(at)
    assert at.session_state["quiz.board"] == {"asked": 2, "right": 0,
                                              "misses": {"K-9": 1, "K-11": 1}}


def test_the_quiz_link_of_a_walkthrough_sets_the_topics_for_a_returning_visitor() -> None:
    at = open_site("pages/quiz.py")
    assert not at.exception, at.exception
    first = at.session_state["quiz.qid"]
    # Back from a walkthrough's "take the quiz on these rules" link (no question in it).
    at.query_params.clear()
    at.query_params.update({"game": "krypkasino", "topics": "C-6,C-8"})
    at.run()
    assert not at.exception, at.exception
    assert at.session_state["quiz.topics"] == ["C-6", "C-8"]
    assert at.session_state["quiz.game"] == "krypkasino"
    assert at.session_state["quiz.qid"] != first and at.session_state["quiz.qid"].startswith("c-")


def test_a_waiting_stop_gives_nothing_away_and_next_cannot_skip_it() -> None:
    """Issue 28: before the answer, no summary ("so D may not bid 1"), no legal list, no
    ✓ marks, on the stop and on the step before it; Next is off until an answer or
    "Show me", which reveals the answer and counts as a miss."""
    at = open_site(KACH, scenario="worked-example", step="h11.bid.s2")
    assert not at.exception, at.exception
    page = texts(at)
    assert "may not bid 1" not in page  # the summary beside the menu waits
    assert "Player C could bid: 0, 1, 2, 3." in page  # this step's own bid, shown
    assert "Player D bids next" not in page and "0, 2, 3" not in page  # not D's, one step early
    at.button(key="kwalk.w.next").click().run()
    assert heading(at).startswith("Your move · Player D, the dealer")
    page = texts(at)
    assert "may not bid 1" not in page and "may bid" not in page and "could bid" not in page
    html = " ".join(h.proto.body for h in at.get("html"))
    assert not re.search(r'class="[^"]*rl-legal', html) and "✓ marks" not in page
    nexts = [b for b in at.button if b.label == at.button(key="kwalk.w.next").label]
    assert nexts and all(b.disabled for b in nexts)  # the top one and any under the step
    assert "answer or choose" in page
    # The slider cannot jump over it either: it lands back on the stop.
    at.slider(key="kwalk.w.step").set_value(20).run()
    assert heading(at).startswith("Your move · Player D, the dealer")
    # "Show me": the answer, a miss of the rule taught, and the way on.
    next(b for b in at.button if b.label == "Show me").click().run()
    assert not at.exception, at.exception
    page = texts(at)
    assert "The answer: Bid 0." in page
    assert at.session_state["quiz.board"] == {"asked": 1, "right": 0, "misses": {"K-9": 1}}
    assert not at.button(key="kwalk.w.next").disabled
    # The summary waits for the last stop of the scenario (a card to follow suit).
