"""AppTest: the Kachuful walkthrough page through the site's entry script.

Clicking through from the first to the last step, restoring a step from a link, changing
the variant, the random deal, and bad link values that give a message, not an error.
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from engine.kachuful import DEFAULT_RULES, KachufulRules
from engine.registry import GAMES
from ui.apptest import open_site
from ui.walkthrough.kachuful import EXAMPLE_DOC, build, record_source

PAGE = "pages/kachuful_walkthrough.py"
EXAMPLE_STEPS = len(build(record_source(EXAMPLE_DOC, 11), DEFAULT_RULES, "en").steps)


def open_page(**query: str) -> AppTest:
    query.setdefault("yourmove", "off")  # the your-move steps are tested on their own
    at = open_site(PAGE, **query)
    assert not at.exception, at.exception
    return at


def title(at: AppTest) -> str:
    return str(at.header[-1].value)


def markdown(at: AppTest) -> str:
    """The page's markdown with the escapes of ``ui.safe.escape_markdown`` taken out."""
    return "\n".join(str(m.value) for m in at.markdown).replace("\\", "")


def html(at: AppTest) -> str:
    return "\n".join(h.proto.body for h in at.main.get("html"))


def warnings(at: AppTest) -> str:
    # As a person reads them: the markdown escapes of ui.safe taken out.
    return "\n".join(str(w.value) for w in at.warning).replace("\\", "")


def test_clicks_through_from_first_to_last_step() -> None:
    at = open_page()
    assert title(at) == "Hand 11 of 25: 3 cards each, trump clubs"
    assert at.query_params["scenario"] == "worked-example"
    assert at.button(key="kwalk.w.back").disabled
    seen = [title(at)]
    while not at.button(key="kwalk.w.next").disabled:
        at.button(key="kwalk.w.next").click().run()
        assert not at.exception, at.exception
        seen.append(title(at))
        if title(at).startswith("Player D, the dealer"):
            assert "1 + 0 + 1 = 2" in markdown(at)
        if title(at) == "Trick 1, card 2: player B":
            assert "trumps with 2♣" in markdown(at)
    assert len(seen) == EXAMPLE_STEPS
    assert seen[-1] == "Hand 11: the score sheet"
    assert at.query_params["step"] == "h11.score"  # links name the step by its id
    sheet = at.dataframe[0].value
    assert list(sheet["Points"]) == [11, 0, 11, 10]
    # Back goes one step back, the slider anywhere.
    at.button(key="kwalk.w.back").click().run()
    assert title(at) == "Trick 3 goes to player C"
    at.slider(key="kwalk.w.step").set_value(6).run()
    assert title(at) == "Player D, the dealer, bids last"
    at.button(key="kwalk.w.first").click().run()
    assert at.query_params["step"] == "h11.schedule"


def test_a_link_restores_the_step() -> None:
    at = open_page(scenario="worked-example", step="11")
    assert title(at) == "Trick 1 goes to player B"
    assert at.slider(key="kwalk.w.step").value == 11
    body = html(at)
    assert "Trick won by player B" in body and 'aria-label="two of clubs, highlighted"' in body
    assert not warnings(at)


def test_a_link_restores_the_seat_view_and_variant() -> None:
    at = open_page(scenario="dealer-tie", step="4", seat="2", trumps="cycle-nt")
    assert at.selectbox(key="kwalk.w.seat").value == "2"
    assert at.selectbox(key="kwalk.w.opt.trumps").value == "cycle-nt"
    assert at.selectbox(key="kwalk.w.opt.schedule").value == "up-down"  # the scenario's
    assert html(at).count('aria-label="face-down card"') == 3
    assert any("player C sees" in str(c.value) for c in at.caption)


def test_changing_the_variant_changes_the_state_shown() -> None:
    at = open_page(step="8")
    assert "Player B has no hearts and trumps with 2♣" in markdown(at)
    at.selectbox(key="kwalk.w.opt.trumps").set_value("cycle-nt").run()
    assert not at.exception
    assert title(at) == "Trick 1, card 2: player B"  # same step, replayed
    assert "Player B has no hearts and discards 2♣" in markdown(at)
    assert at.query_params["trumps"] == "cycle-nt"
    # The recorded play breaks under this variant: the last step says why.
    at.slider(key="kwalk.w.step").set_value(at.slider(key="kwalk.w.step").max).run()
    assert [str(e.value).replace("\\", "") for e in at.error] == [
        "**Refused by the engine:** Player C does not hold 4♠ (K-10)"]
    assert "stops at step" in warnings(at)
    # Back to the scenario's rules.
    at.button(key="kwalk.w.reset").click().run()
    assert "trumps" not in at.query_params
    assert not at.error


def test_the_hook_rule_switch() -> None:
    at = open_page(step="6")
    assert "the hook rule forbids the dealer that number" in markdown(at)
    at.toggle(key="kwalk.w.opt.hook_rule").set_value(False).run()
    assert "This variant has no hook rule" in markdown(at)
    assert at.query_params["hook_rule"] == "false"


def test_random_deal_with_seed_players_hands_and_chart() -> None:
    at = open_page()
    at.selectbox(key="kwalk.w.scenario").set_value("random").run()
    assert at.query_params["scenario"] == "random"
    assert title(at) == "Choosing the first dealer: draw 1"
    at.number_input(key="kwalk.w.seed").set_value(14).run()
    assert at.query_params["seed"] == "14"
    assert "Players A, B tie" in markdown(at)  # seed 14 has a tie for the first dealer
    at.selectbox(key="kwalk.w.players").set_value(3).run()
    at.selectbox(key="kwalk.w.opt.max_cards").set_value(2).run()
    at.number_input(key="kwalk.w.hands").set_value(3).run()
    assert not at.exception
    assert any("basic computer player" in str(c.value) for c in at.caption)
    assert not at.get("plotly_chart")  # no hand scored yet
    at.slider(key="kwalk.w.step").set_value(at.slider(key="kwalk.w.step").max - 2).run()
    assert title(at).startswith("Trick 2, card 3")  # the last card of the game
    assert any("Computer player's reasoning" in str(i.value) for i in at.info)
    at.slider(key="kwalk.w.step").set_value(at.slider(key="kwalk.w.step").max).run()
    assert title(at) == "Hand 3: the score sheet"
    assert len(at.get("plotly_chart")) == 1
    assert at.query_params["max_cards"] == "2" and at.query_params["hands"] == "3"


@pytest.mark.parametrize(("query", "needle"), [
    ({"step": "999"}, "step is 999, outside 1 to"),
    ({"scenario": "nope"}, "scenario is nope"),
    ({"scenario": "random", "seed": "abc"}, "seed is abc, which is not a whole number"),
    ({"schedule": "sideways"}, "“Hand sizes” as sideways"),
    ({"max_cards": "16"}, "a table of 4 players allows a whole number from 1 to 13"),
    ({"step": "-3"}, "step is -3, outside 1 to"),
])
def test_bad_links_give_a_message_and_a_working_page(query: dict[str, str], needle: str) -> None:
    at = open_page(**query)
    assert needle in warnings(at), warnings(at)
    assert at.header and not at.error
    at.button(key="kwalk.w.back" if "999" in str(query) else "kwalk.w.next").click().run()
    assert not at.exception


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_other_languages(lang: str) -> None:
    at = open_page(lang=lang, step="6")
    expected = {"es": "El jugador D, el repartidor, apuesta el último",
                "pt": "O jogador D, o dador, aposta por último"}[lang]
    assert title(at) == expected
    assert "1 + 0 + 1 = 2" in markdown(at)


def test_the_variant_choices_cover_every_option() -> None:
    at = open_page()
    for name in ("schedule", "max_cards", "trumps", "scoring", "renege"):
        assert at.selectbox(key=f"kwalk.w.opt.{name}") is not None
    for name in ("hook_rule", "blind_bids", "one_card_forehead"):
        assert at.toggle(key=f"kwalk.w.opt.{name}") is not None
    schedule = GAMES["kachuful"].option("schedule")
    assert at.selectbox(key="kwalk.w.opt.schedule").options == [  # the registry's labels
        schedule.value_label(v, "en") for v in schedule.values()]
    at.selectbox(key="kwalk.w.opt.scoring").set_value("judgement").run()
    at.slider(key="kwalk.w.step").set_value(EXAMPLE_STEPS).run()
    assert list(at.dataframe[0].value["Points"]) == [10, -10, 10, 10]
    assert KachufulRules(scoring="judgement").scoring == "judgement"


def test_a_seat_view_hides_what_another_seat_held() -> None:
    at = open_page(step="3", seat="0")  # seat 0's own bid: its advice is shown
    assert at.success and "player A cannot see" in str(at.success[0].value)
    at.button(key="kwalk.w.next").click().run()  # seat 1's bid, seen by seat 0
    assert not at.success
    assert any("Seen as player A" in str(c.value) for c in at.caption)
    at.slider(key="kwalk.w.step").set_value(8).run()
    assert "Player B could play" not in markdown(at)
    at.selectbox(key="kwalk.w.seat").set_value("all").run()
    assert "Player B could play: 2♣, 4♠, 5♦." in markdown(at)
    assert "seat" not in at.query_params


def test_a_shorter_schedule_shortens_the_random_walk() -> None:
    at = open_page(scenario="random", seed="3", hands="20")
    assert at.number_input(key="kwalk.w.hands").value == 20
    at.selectbox(key="kwalk.w.opt.max_cards").set_value(2).run()
    assert not at.exception
    assert at.number_input(key="kwalk.w.hands").value == 3
    assert at.query_params["hands"] == "3"
    at.selectbox(key="kwalk.w.players").set_value(8).run()
    assert not at.exception and at.query_params["players"] == "8"


def test_a_link_may_name_the_step_by_its_id() -> None:
    at = open_page(step="h11.bid.s3")
    assert title(at) == "Player D, the dealer, bids last" and not warnings(at)
    assert at.query_params["step"] == "h11.bid.s3"  # written back as the id
    at = open_page(step="h99.deal")
    assert "step is h99.deal, which is not a whole number" in warnings(at).replace("\\", "")
    assert title(at) == "Hand 11 of 25: 3 cards each, trump clubs"


def test_back_and_next_under_the_step_move_it_and_go_back_to_its_top() -> None:
    at = open_page()
    assert at.button(key="kwalk.w.back2").disabled  # under the step, as at its top
    at.button(key="kwalk.w.next2").click().run()
    assert not at.exception, at.exception
    assert title(at) != "Hand 11 of 25: 3 cards each, trump clubs"
    second = at.query_params["step"]
    # The run after a move from below puts the focus (and the view) on the top's Next.
    assert ".st-key-kwalk-w-next button" in html(at)
    at.button(key="kwalk.w.next2").click().run()
    assert at.query_params["step"] != second
    at.button(key="kwalk.w.back2").click().run()
    assert at.query_params["step"] == second
    at.slider(key="kwalk.w.step").set_value(EXAMPLE_STEPS).run()
    assert at.button(key="kwalk.w.next2").disabled
