"""The play pages' card table (issue 14) through the site (AppTest): the first game a new
visitor gets and the full game one click away, the hand sorted and drawn as card buttons
(playable ones marked, the others with the engine's refusal), the finished trick or the
capture kept on the table, and the log oldest first, by trick or lot, in sentences."""

from __future__ import annotations

import re
from typing import Any

from testkit import click, session

from engine.errors import IllegalActionError
from engine.kachuful import KachufulState
from engine.krypkasino import KrypkasinoState
from engine.krypkasino.events import Captured
from ui.apptest import SiteTest, open_site
from ui.cards import sorted_positions, suit_order

K, C = "kplay.", "cplay."


def html(at: SiteTest) -> str:
    return "\n".join(str(e.proto.body) for e in at.get("html"))


def hand_buttons(at: SiteTest, prefix: str) -> list[Any]:
    return [b for b in at.button if re.fullmatch(re.escape(prefix) + r"card\.\w+", b.key or "")]


def test_a_new_visitor_gets_the_first_game_and_the_full_game_is_one_click_away() -> None:
    at = open_site("pages/kachuful_play.py")
    game = session(at, K)
    state = game.state
    assert isinstance(state, KachufulState)
    assert game.setup.players == 4 and max(state.schedule) == 5
    assert at.session_state[K + "coach"] is True
    assert any("first game" in c.value for c in at.caption)
    click(at, K + "full")
    full = session(at, K).state
    assert isinstance(full, KachufulState) and full.hand_count == 25 and max(full.schedule) == 13
    assert not any(b.key == K + "full" for b in at.button)
    at2 = open_site("pages/krypkasino_play.py")
    kr = session(at2, C).state
    assert isinstance(kr, KrypkasinoState) and kr.players == 2 and kr.session_length == 1
    click(at2, C + "full")
    kr = session(at2, C).state
    assert isinstance(kr, KrypkasinoState) and kr.session_length == 2  # rotation: one per player


def play_until_a_refusable_card(at: SiteTest) -> KachufulState:
    """Bid and play the legal cards until the player holds a card the rules refuse."""
    for _ in range(60):
        game = session(at, K)
        state = game.state
        assert isinstance(state, KachufulState)
        if game.bot_turn:
            click(at, K + "until")
        elif state.phase.value == "bid":
            click(at, f"{K}bid.{state.legal_bid_numbers()[0]}")
        else:
            hand = state.hand_of(game.seat)
            if any(c not in state.legal_actions() for c in hand):
                return state
            click(at, f"{K}card.{state.legal_actions()[0].code}")
    raise AssertionError("no refusable card in 60 moves")


def test_the_hand_is_sorted_and_refused_cards_carry_the_engines_reason() -> None:
    at = open_site("pages/kachuful_play.py", players="3", seat="0", bots="you,random,random",
                   seed="3", max_cards="7")
    at.toggle(key=K + "coach").set_value(False).run()
    state = play_until_a_refusable_card(at)
    hand = state.hand_of(0)
    buttons = hand_buttons(at, K)
    # Drawn in hand order: suits in alternating colours, ranks from the ace down.
    assert [b.key for b in buttons] == [f"{K}card.{hand[i].code}" for i in sorted_positions(hand)]
    order = suit_order({c.suit for c in hand})
    suits = [hand[i].suit for i in sorted_positions(hand)]
    assert suits == sorted(suits, key=order.index)
    legal = set(state.legal_actions())
    for button in buttons:
        card = next(c for c in hand if f"{K}card.{c.code}" == button.key)
        assert str(card) in button.label
        if card in legal:
            assert not button.help
        else:
            try:
                state.check(card)
            except IllegalActionError as exc:
                assert button.help == exc.localized("en")
            else:
                raise AssertionError(f"{card} is refused by the page, not by the engine")
    css = html(at)
    assert any(f"st-key-kplay-card-{c.code} button::before" in css for c in legal)  # ✓ marks
    assert any("Not playable now" in c.value for c in at.caption)


def test_a_finished_trick_stays_on_the_table_and_the_log_reads_oldest_first() -> None:
    at = open_site("pages/kachuful_play.py", players="3", seat="0", bots="you,random,random",
                   seed="5", max_cards="4")
    at.toggle(key=K + "coach").set_value(False).run()
    for _ in range(40):
        game = session(at, K)
        state = game.state
        assert isinstance(state, KachufulState)
        if game.moves and game.moves[-1].trick is not None:
            break
        if game.bot_turn:
            click(at, K + "until")
        elif state.phase.value == "bid":
            click(at, f"{K}bid.{state.legal_bid_numbers()[0]}")
        else:
            click(at, f"{K}card.{state.legal_actions()[0].code}")
    game = session(at, K)
    won = game.moves[-1].trick
    assert won is not None and game.state.current_trick == ()  # the bots waited
    body = html(at)
    assert f"Trick {won.trick} is over" in body and "rl-highlight" in body
    # The log: labelled and focusable, oldest first, grouped, each line a sentence.
    log = next(b for b in at.get("html") if "rl-log" in str(b.proto.body))
    text = str(log.proto.body)
    assert 'role="region"' in text and 'tabindex="0"' in text and 'aria-label="What happened"' in text
    assert text.index("Hand 1: the bids") < text.index("Hand 1, trick 1")
    lines = re.findall(r"</strong>: ([^<]*)", text)
    assert lines and all(line[0].isupper() and line.rstrip()[-1] in ".!?)" for line in lines)


def test_a_capture_stays_on_the_table_with_the_taken_cards_marked() -> None:
    at = open_site("pages/krypkasino_play.py", players="2", seat="0", bots="you,random",
                   seed="4", session="1")
    at.toggle(key=C + "coach").set_value(False).run()
    for _ in range(60):
        game = session(at, C)
        if game.moves and game.moves[-1].human and game.moves[-1].capture:
            break
        if game.bot_turn:
            click(at, C + "until")
        elif game.pending is not None:
            click(at, C + "take.0")
        else:
            state = game.state
            assert isinstance(state, KrypkasinoState)
            takes = [p for p in state.legal_actions() if p.take] or state.legal_actions()
            click(at, f"{C}card.{state.hand_of(game.seat).index(takes[0].card)}")
    game = session(at, C)
    move = game.moves[-1]
    event = move.capture
    assert isinstance(event, Captured) and move.human and game.bot_turn  # the bot waits
    body = html(at)
    assert "Last play" in body and body.count("rl-highlight") >= 1 + len(event.cards)
    assert "Your capture stays on the table" in "\n".join(c.value for c in at.caption)
