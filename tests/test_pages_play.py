"""The play pages through the site (AppTest): a whole short Kachuful game and a Krypkasino
deal played with the page's own buttons, refusals, undo, the coach, the score sheet, and
records saved, loaded and refused."""

from __future__ import annotations

import json
from typing import Any

from testkit import click, session

from engine.kachuful import KachufulState
from engine.kachuful import record as krecord
from engine.krypkasino import KrypkasinoState
from engine.krypkasino import record as crecord
from ui.apptest import SiteTest, open_site

K, C = "kplay.", "cplay."


def texts(at: SiteTest) -> str:
    parts: list[Any] = [*at.markdown, *at.caption, *at.info, *at.success, *at.warning,
                        *at.error]
    return "\n".join(str(p.value) for p in parts)


def test_a_whole_short_kachuful_game_is_played_through_the_page() -> None:
    at = open_site("pages/kachuful_play.py", players="3", seat="1", bots="random,you,basic",
                   seed="11", max_cards="3")
    assert not at.exception
    game = session(at, K)
    assert game.state.schedule == (3, 2, 1, 2, 3)  # down-up, 5 hands
    assert at.toggle(key=K + "auto").value is True
    at.toggle(key=K + "coach").set_value(False).run()  # the coach is tested below
    turns = 0
    while not session(at, K).over:
        game = session(at, K)
        if game.bot_turn:
            before = len(game.moves)
            click(at, K + "until")
            assert len(session(at, K).moves) > before
            continue
        state = game.state
        assert isinstance(state, KachufulState)
        if state.phase.value == "bid":
            legal = state.legal_bid_numbers()
            for n in range(state.hand_size + 1):  # only legal bids are enabled
                assert at.button(key=f"{K}bid.{n}").disabled is (n not in legal)
            click(at, f"{K}bid.{legal[0]}")
        else:
            card = state.legal_actions()[0]
            click(at, f"{K}card.{card.code}")
        turns += 1
        assert turns < 100
    final = session(at, K)
    assert final.state.hand_count == 5 and len(final.state.results) == 5
    assert "Game over" in texts(at) or "wins" in texts(at)
    # The score sheet has one row per hand and the chart one point per hand.
    # (The first table is the final standings: every player, the winner(s) marked.)
    table = at.dataframe[0].value
    assert len(table) == 3 and "winner" in list(table["Result"])
    sheet = at.dataframe[1].value
    assert list(sheet["Hand"]) == [1, 2, 3, 4, 5]
    chart = json.loads(at.get("plotly_chart")[0].proto.spec)
    assert [len(trace["y"]) for trace in chart["data"]] == [5, 5, 5]
    # The saved record replays through the engine to the same totals.
    outcome, code = krecord.replay(final.record())
    assert code == 0 and outcome["totals"] == final.state.scores()
    # Another game like this one: same setup, new cards.
    click(at, K + "again")
    again = session(at, K)
    assert again.setup.seed != final.setup.seed and again.moves == []
    assert (again.setup.players, again.setup.variant) == (3, (("max_cards", 3),))


def test_kachuful_refusal_dealer_hook_coach_and_undo() -> None:
    # Seat 0 deals hand 1 of a 3-player game from seed 3 (the engine's draw): seat 0 bids
    # last, so the hook rule shows its forbidden bid.
    at = open_site("pages/kachuful_play.py", players="3", seat="0", bots="you,random,random",
                   seed="3", max_cards="3")
    game = session(at, K)
    dealer = game.state.dealer
    at2 = open_site("pages/kachuful_play.py", players="3", seat=str(dealer),
                    bots=",".join("you" if s == dealer else "random" for s in range(3)),
                    seed="3", max_cards="3")
    click(at2, K + "until")  # the two others bid
    game = session(at2, K)
    state = game.state
    assert isinstance(state, KachufulState) and game.human_turn
    forbidden = [n for n in range(4) if n not in state.legal_bid_numbers()]
    assert forbidden  # seed 3: the other bids leave the dealer one forbidden bid
    assert at2.button(key=f"{K}bid.{forbidden[0]}").disabled
    assert any("may not bid" in w.value for w in at2.warning)
    # The coach's advice is shown before the decision, and kept for this position.
    assert any("Coach" in i.value for i in at2.info)
    assert game.advice_ready()
    legal = state.legal_bid_numbers()
    click(at2, f"{K}bid.{legal[0]}")
    game = session(at2, K)
    # Now a refused card: one that does not follow suit, if the hand has one.
    while not game.human_turn:
        click(at2, K + "next")
        game = session(at2, K)
    state = game.state
    moves_before = len(game.moves)
    legal_cards = set(state.legal_actions())
    wrong = [c for c in state.hand_of(game.seat) if c not in legal_cards]
    assert wrong  # seed 3: the player holds a card that does not follow suit
    click(at2, f"{K}card.{wrong[0].code}")
    assert any("must follow" in e.value for e in at2.error)
    assert len(session(at2, K).moves) == moves_before
    # Undo goes back to before the bid.
    click(at2, K + "undo")
    game = session(at2, K)
    assert game.human_turn and game.state.bids[game.seat] is None


def test_a_krypkasino_deal_is_played_through_the_page() -> None:
    at = open_site("pages/krypkasino_play.py", players="2", seat="0", bots="you,random",
                   seed="4", session="1")
    assert not at.exception
    at.toggle(key=C + "coach").set_value(False).run()
    turns = 0
    choices_seen = 0
    while not session(at, C).over:
        game = session(at, C)
        if game.bot_turn:
            click(at, C + "until")
            continue
        if game.pending is not None:
            choices_seen += 1
            click(at, C + "take.0")
            continue
        state = game.state
        assert isinstance(state, KrypkasinoState)
        card = state.legal_actions()[0].card
        hand = state.hand_of(game.seat)
        click(at, f"{C}card.{hand.index(card)}")
        turns += 1
        assert turns < 80
    final = session(at, C)
    assert len(final.state.results) == 1
    assert sum(final.state.results[0].card_points) == 42
    standings = at.dataframe[0].value  # the final standings first: lowest total wins
    assert [int(x) for x in standings["Total"]] == sorted(int(x) for x in standings["Total"])
    assert "winner" in list(standings["Result"])
    sheet = at.dataframe[1].value
    assert list(sheet["Deal"]) == [1]
    outcome, code = crecord.replay(final.record())
    assert code == 0 and outcome["totals"] == final.state.scores()
    at.toggle(key=C + "coach").set_value(True).run()  # the review comes with the coach
    assert "Review of deal 1" in "\n".join(e.label for e in at.expander)
    assert "card points" in texts(at)


def test_a_malformed_record_gives_a_message_naming_the_field() -> None:
    at = open_site("pages/kachuful_play.py", seed="2")
    bad = {"format": "kachuful-record/1", "players": 4, "hands": [{"dealer": 9, "bids": [],
                                                                   "play": []}]}
    at.text_area(key=K + "paste").set_value(json.dumps(bad)).run()
    click(at, K + "paste.load")
    shown = [e.value.replace("\\", "") for e in at.error]  # markdown escapes removed
    assert any("hands[0].dealer" in text for text in shown), shown
    at.text_area(key=K + "paste").set_value("<img src=x onerror=alert(1)>").run()
    click(at, K + "paste.load")
    message = " ".join(e.value.replace("\\", "") for e in at.error)
    assert "not valid JSON" in message and "<img" not in message


def test_a_saved_game_loads_and_replays_step_by_step() -> None:
    at = open_site("pages/kachuful_play.py", players="3", seat="0", bots="you,random,random",
                   seed="8", max_cards="2")
    click(at, K + "until")
    record = session(at, K).record_json()
    at.text_area(key=K + "paste").set_value(record).run()
    click(at, K + "paste.load")
    assert any("Step 0 of" in c.value for c in at.caption)
    click(at, K + "replay.next")
    assert any("Step 1 of" in c.value for c in at.caption)
    click(at, K + "replay.back")
    assert any("Step 0 of" in c.value for c in at.caption)


def test_a_bad_link_value_warns_and_plays_the_default() -> None:
    at = open_site("pages/krypkasino_play.py", players="9", capture="most", seed="x")
    assert not at.exception
    assert len(at.warning) >= 3
    game = session(at, C)
    assert game.setup.players == 2 and game.setup.variant == ()  # the usual table: 2


def test_the_setup_starts_a_new_game_and_the_link_follows() -> None:
    at = open_site("pages/kachuful_play.py", players="4", seed="3")
    at.selectbox(key=K + "w.players").set_value(3).run()
    at.selectbox(key=K + "w.seat").set_value(2).run()
    at.selectbox(key=K + "w.level.0").set_value("strong").run()
    at.selectbox(key=K + "w.opt.max_cards").set_value("2").run()
    at.selectbox(key=K + "w.opt.scoring").set_value("margin").run()
    at.number_input(key=K + "w.seed").set_value(77).run()
    assert session(at, K).setup.players == 4  # nothing changes before Start
    click(at, K + "start")
    game = session(at, K)
    assert (game.setup.players, game.setup.seat, game.setup.seed) == (3, 2, 77)
    assert game.setup.levels[0] == "strong" and game.state.hand_count == 3
    assert game.state.rules.scoring == "margin"
    link = dict(at.query_params)
    assert (link["players"], link["seat"], link["seed"], link["bots"]) == \
        ("3", "2", "77", "strong,basic,you")
    assert (link["max_cards"], link["scoring"]) == ("2", "margin")


def test_the_play_pages_speak_spanish() -> None:
    at = open_site("pages/krypkasino_play.py", lang="es", players="2", seed="13", session="1",
                   bots="you,basic")
    assert not at.exception
    assert at.title[0].value == "Jugar al Krypkasino"
    assert any("Entrenador" in i.value for i in at.info)  # the coach, in Spanish
    click(at, C + "card.0")  # A♦ takes 6♥ with either 8: the player chooses
    assert any("de más de una manera" in w.value for w in at.warning)
    click(at, C + "take.0")
    assert session(at, C).pending is None and len(session(at, C).moves) >= 1


def test_blind_bids_and_a_forehead_hand_through_the_page() -> None:
    # max_cards 1: one hand of one card; forehead and blind bids both on.
    at = open_site("pages/kachuful_play.py", players="3", seat="0", bots="you,random,random",
                   seed="5", max_cards="1", schedule="down", blind_bids="true",
                   one_card_forehead="true")
    game = session(at, K)
    assert game.state.hand_count == 1
    if game.bot_turn:
        click(at, K + "until")
    # Blind bids are offered before looking; the hand is face down (never the card text).
    assert at.button(key=K + "look") is not None
    own = session(at, K).state.hand_of(0)[0]
    assert all(str(own) not in b.label for b in at.button)
    click(at, K + "blind.0")
    game = session(at, K)
    assert game.state.blind[0] and game.state.bids[0] == 0
    while not session(at, K).over:
        game = session(at, K)
        if game.bot_turn:
            click(at, K + "until")
            continue
        assert all(str(own) not in b.label for b in at.button)  # still unseen
        click(at, K + "own")
    assert session(at, K).state.results[0].play.count(own) == 1


def test_a_forced_sweep_is_explained_and_other_cards_are_refused() -> None:
    # Seed 2, two players: seat 1 plays first and both its eights take the lone 8♥ (C-8).
    at = open_site("pages/krypkasino_play.py", players="2", seat="1", bots="basic,you",
                   seed="2", session="1")
    game = session(at, C)
    assert game.human_turn
    assert any("Forced sweep (C-8)" in w.value and "takes the whole table" in w.value
               for w in at.warning)
    hand = game.state.hand_of(1)
    four = hand.index(next(c for c in hand if str(c) == "4♠"))
    click(at, f"{C}card.{four}")
    assert any("(C-8)" in e.value.replace("\\", "") for e in at.error)
    assert session(at, C).moves == []
    eight = hand.index(next(c for c in hand if str(c) == "8♦"))
    click(at, f"{C}card.{eight}")
    first = session(at, C).moves[0]
    assert first.human and any(e.kind == "sweep" for e in first.events)


def test_a_krypkasino_record_replays_on_the_page() -> None:
    at = open_site("pages/krypkasino_play.py", players="3", seat="2", bots="random,basic,you",
                   seed="6", session="1")
    click(at, C + "until")
    game = session(at, C)
    assert game.human_turn
    click(at, C + "card.0")
    if session(at, C).pending is not None:
        click(at, C + "take.0")
    record = session(at, C).record_json()
    at.text_area(key=C + "paste").set_value(record).run()
    click(at, C + "paste.load")
    count = len(session(at, C).moves)
    assert any(f"Step 0 of {count}" in c.value for c in at.caption)
    for _ in range(count):
        click(at, C + "replay.next")
    assert any(f"Step {count} of {count}" in c.value for c in at.caption)
    assert at.button(key=C + "replay.next").disabled
    click(at, C + "replay.close")
    assert not any("Step " in c.value for c in at.caption)
