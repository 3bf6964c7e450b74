"""AppTest page tests of the scorekeepers: a short Kachuful game and a Krypkasino session
entered through the pages, every kind of refusal shown with its rule while the sheet (and
the link) stay as they were, the link restoring a sheet, a bad link giving a warning."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from engine.kachuful.rules import KachufulRules
from engine.scoresheet import KachufulSheet, KrypkasinoSheet
from ui.apptest import open_site
from ui.scorekeeper import sheet as sk

KPAGE = "pages/kachuful_scorekeeper.py"
CPAGE = "pages/krypkasino_scorekeeper.py"
EVIL = "<img src=x onerror=alert(1)>"


def html(at: AppTest) -> str:
    return " ".join(h.proto.body for h in at.main.get("html"))


def errors(at: AppTest) -> list[str]:
    return [e.value for e in at.error]


def sheet_param(at: AppTest) -> str | None:
    value = at.query_params.get(sk.PARAM)
    if isinstance(value, list):
        return value[0] if value else None
    return value


def start_kachuful(names: str, max_cards: str = "2", **query: str) -> AppTest:
    at = open_site(KPAGE, **query)
    at.text_area(key="ksk.names").set_value(names).run()
    at.selectbox(key="ksk.opt.max_cards").set_value(max_cards)
    at.button(key="ksk.start").click().run()
    assert not at.exception, at.exception
    return at


def enter_bids(at: AppTest, hand: int, bids: list[int]) -> AppTest:
    for seat, bid in enumerate(bids):
        at.number_input(key=f"ksk.bid.{hand}.{seat}").set_value(bid)
    return at.button(key=f"ksk.savebids.{hand}").click().run()


def enter_tricks(at: AppTest, hand: int, tricks: list[int]) -> AppTest:
    for seat, count in enumerate(tricks):
        at.number_input(key=f"ksk.tricks.{hand}.{seat}").set_value(count)
    return at.button(key=f"ksk.savetricks.{hand}").click().run()


# -- Kachuful ---------------------------------------------------------------------------------


def test_a_whole_short_kachuful_game_through_the_page() -> None:
    at = start_kachuful(f"Ana\n{EVIL}\nCy")  # hands of 2, 1, 2 cards; Ana deals first
    assert errors(at) == []
    assert [s.value for s in at.header][-1] == "Hand 1 of 3"
    assert "Cards: 2" in " ".join(m.value for m in at.markdown)
    # The page shows the hook arithmetic before the bids are saved: a reminder, then a
    # warning once the dealer's entry is the forbidden bid.
    assert at.info[0].value.startswith("The dealer may not bid 2")
    at.number_input(key="ksk.bid.1.1").set_value(1).run()
    at.number_input(key="ksk.bid.1.2").set_value(1).run()
    assert at.warning[0].value.startswith("The dealer may not bid 0") and at.info.len == 0
    enter_bids(at, 1, [0, 1, 1])

    # Hand 1: the dealer Ana may not bid 0 (the others bid 1 + 1 in a hand of 2).
    link = sheet_param(at)
    assert errors(at) == ["The dealer may not bid 0\\: the other bids add up to 2 and this hand "
                          "has 2 tricks — [Rule K-9](kachuful_rules#K-9)"]  # the rule once
    assert sheet_param(at) == link and at.session_state["ksk.sheet"].pending is None
    enter_bids(at, 1, [0, 1, 0])
    assert errors(at) == [] and at.session_state["ksk.sheet"].pending is not None
    # Tricks that do not add up to the hand size are refused (K-12).
    link = sheet_param(at)
    enter_tricks(at, 1, [1, 0, 0])
    assert "The tricks add up to 1" in errors(at)[0] and "[Rule K-12]" in errors(at)[0]
    assert sheet_param(at) == link and at.session_state["ksk.sheet"].hands == ()
    enter_tricks(at, 1, [0, 1, 1])
    assert errors(at) == []
    assert at.session_state["ksk.sheet"].totals() == [10, 11, 0]

    # Hand 2: one card, the second player deals.
    enter_bids(at, 2, [0, 0, 0])
    enter_tricks(at, 2, [0, 0, 1])
    # Hand 3: two cards, Cy deals.
    enter_bids(at, 3, [1, 0, 0])
    enter_tricks(at, 3, [1, 1, 0])
    sheet = at.session_state["ksk.sheet"]
    assert sheet.is_over and sheet.totals() == [31, 21, 10]
    assert [s.value for s in at.success] == ["Game over: Ana wins with 31 points."]
    page = html(at)
    assert "<img" not in page and "&lt;img src=x onerror=alert(1)&gt;" in page
    assert '<div class="sk-total">31</div><div class="sk-note">wins</div>' in page
    assert len(at.get("plotly_chart")) == 1
    assert [b.proto.label for b in at.get("download_button")] == ["Download the sheet (CSV)"]
    # The link holds the whole game.
    decoded = sk.decode(sheet_param(at), "kachuful")
    assert decoded.sheet == sheet


def test_the_link_restores_the_sheet_on_a_new_visit() -> None:
    sheet = KachufulSheet.new(["Ana", "Bo", "Cy"], KachufulRules(max_cards=3))
    sheet = sheet.with_bids([0, 2, 0]).with_tricks([1, 2, 0]).with_bids([1, 1, 1])
    at = open_site(KPAGE, sheet=sk.encode(sheet))
    assert not at.exception and at.warning.len == 0
    assert at.session_state["ksk.sheet"] == sheet
    assert [s.value for s in at.header][-1] == "Hand 2 of 5"
    assert at.button(key="ksk.savetricks.2") is not None  # bids saved: tricks are next
    assert '<div class="sk-total">12</div>' in html(at)
    # Undo the last hand: back to hand 1, the bids of hand 2 gone too; the link follows.
    at.button(key="ksk.undo").click().run()
    assert at.session_state["ksk.sheet"] == KachufulSheet.new(["Ana", "Bo", "Cy"],
                                                              KachufulRules(max_cards=3))
    assert sk.decode(sheet_param(at), "kachuful").sheet == at.session_state["ksk.sheet"]


def test_change_the_bids_before_the_tricks() -> None:
    at = start_kachuful("Ana\nBo\nCy")
    enter_bids(at, 1, [0, 1, 0])
    at.button(key="ksk.editbids.1").click().run()
    assert at.session_state["ksk.sheet"].pending is None
    assert at.button(key="ksk.savebids.1") is not None


def test_setup_refusals_keep_the_setup_form() -> None:
    at = start_kachuful("Ana\nBo")
    assert errors(at)[0].startswith("This game is played by 3 to 8 players, but 2 names were given")
    assert "[Rule K-1]" in errors(at)[0] and at.session_state["ksk.sheet"] is None
    assert sheet_param(at) is None
    at.text_area(key="ksk.names").set_value("Ana\nBo\nana").run()
    at.button(key="ksk.start").click().run()
    assert "Two players are called" in errors(at)[0]
    at.text_area(key="ksk.names").set_value("Ana\nBo\n" + "x" * 40).run()
    at.button(key="ksk.start").click().run()
    assert "40 characters" in errors(at)[0]
    assert at.session_state["ksk.sheet"] is None and sheet_param(at) is None


def test_variants_reach_the_sheet_and_blind_and_renege_flags_score() -> None:
    at = open_site(KPAGE)
    at.text_area(key="ksk.names").set_value("Ana\nBo\nCy").run()
    at.selectbox(key="ksk.opt.max_cards").set_value("2")
    at.selectbox(key="ksk.opt.scoring").set_value("ten-times")
    at.selectbox(key="ksk.opt.renege").set_value("penalized")
    at.selectbox(key="ksk.opt.trumps").set_value("turned")
    at.toggle(key="ksk.opt.blind_bids").set_value(True)
    at.button(key="ksk.start").click().run()
    rules = at.session_state["ksk.sheet"].rules
    assert (rules.scoring, rules.renege, rules.trumps, rules.blind_bids, rules.max_cards) == (
        "ten-times", "penalized", "turned", True, 2)
    # Turned trump: the bids are refused until the turned suit is entered.
    enter_bids(at, 1, [1, 1, 1])
    assert "enter its suit" in errors(at)[0]
    at.radio(key="ksk.turned.1").set_value("H")
    at.checkbox(key="ksk.blindbid.1.1").check()
    enter_bids(at, 1, [1, 1, 1])
    assert errors(at) == []
    assert "Trump: hearts" in " ".join(m.value for m in at.markdown)
    at.checkbox(key="ksk.renege.1.0").check()
    enter_tricks(at, 1, [1, 1, 0])
    # Ana reneged: 0; Bo exact and blind: (10 × 1 + 10) × 2; Cy missed.
    assert at.session_state["ksk.sheet"].totals() == [0, 40, 0]


def test_a_garbled_or_tampered_link_gives_a_warning_and_an_empty_sheet() -> None:
    at = open_site(KPAGE, sheet="k1.not-a-sheet")
    assert not at.exception
    assert [w.value for w in at.warning] == [
        "The link's score sheet cannot be read: it may have been cut short or changed. "
        "Starting an empty sheet."]
    assert at.text_area(key="ksk.names") is not None
    assert sheet_param(at) is None  # the bad value leaves the link
    tampered = ('k1.' + sk.encode(KachufulSheet.new(["a", "b", "c"])).split(".", 1)[1][:-2])
    at = open_site(KPAGE, sheet=tampered)
    assert not at.exception and at.warning.len == 1


def test_the_page_speaks_spanish() -> None:
    sheet = KachufulSheet.new(["Ana", "Bo", "Cy"], KachufulRules(max_cards=3))
    at = open_site(KPAGE, lang="es", sheet=sk.encode(sheet))
    assert at.title[0].value == "Marcador de Kachuful"
    enter_bids(at, 1, [1, 1, 1])
    assert errors(at)[0].startswith("El repartidor no puede apostar 1")
    assert "Regla K-9" in errors(at)[0] and "lang=es" in errors(at)[0]


# -- Krypkasino -------------------------------------------------------------------------------


def start_krypkasino(names: str, **query: str) -> AppTest:
    at = open_site(CPAGE, **query)
    at.text_area(key="csk.names").set_value(names).run()
    at.button(key="csk.start").click().run()
    assert not at.exception, at.exception
    return at


def enter_deal(at: AppTest, deal: int, points: list[int], sweeps: list[int] | None = None,
               doubles: list[int] | None = None) -> AppTest:
    for seat, value in enumerate(points):
        at.number_input(key=f"csk.points.{deal}.{seat}").set_value(value)
    for seat, value in enumerate(sweeps or []):
        at.number_input(key=f"csk.sweeps.{deal}.{seat}").set_value(value)
    for seat, value in enumerate(doubles or []):
        at.number_input(key=f"csk.doubles.{deal}.{seat}").set_value(value)
    return at.button(key=f"csk.savedeal.{deal}").click().run()


def test_a_krypkasino_session_through_the_page() -> None:
    at = start_krypkasino(f"Ana\n{EVIL}")
    assert errors(at) == [] and [s.value for s in at.header][-1] == "Deal 1 of 2"
    # Card points that do not add up to 42 are refused (C-13), the sheet unchanged.
    link = sheet_param(at)
    enter_deal(at, 1, [20, 20])
    assert errors(at)[0].startswith("The card points add up to 40, but the two decks hold "
                                    "exactly 42 card points")
    assert "[Rule C-13]" in errors(at)[0]
    assert sheet_param(at) == link and at.session_state["csk.sheet"].deals == ()
    assert "Card points entered: 40 of 42." in [c.value for c in at.caption]
    # Deal 1: the second player sweeps twice; Ana played just before and loses 10.
    enter_deal(at, 1, [30, 12], [0, 2])
    assert errors(at) == []
    assert at.session_state["csk.sheet"].totals() == [20, 22]
    assert '<div class="sk-total">20</div><div class="sk-note">leading</div>' in html(at)
    # Deal 2: a double sweep by Ana.
    enter_deal(at, 2, [21, 21], [0, 0], [1, 0])
    sheet = at.session_state["csk.sheet"]
    assert sheet.is_over and sheet.totals() == [51, 33] and sheet.winners() == [1]
    assert [s.value for s in at.success] == [
        "Game over: \\<img src=x onerror=alert\\(1\\)\\> wins with 33 points."]
    page = html(at)
    assert "<img" not in page and "&lt;img" in page
    assert len(at.get("plotly_chart")) == 1
    assert sk.decode(sheet_param(at), "krypkasino").sheet == sheet


def test_krypkasino_undo_and_the_link() -> None:
    sheet = KrypkasinoSheet.new(["Ana", "Bo", "Cy"]).with_deal([20, 12, 10], [1, 0, 0])
    at = open_site(CPAGE, sheet=sk.encode(sheet))
    assert at.session_state["csk.sheet"] == sheet
    assert [s.value for s in at.header][-1] == "Deal 2 of 3"
    at.button(key="csk.undo").click().run()
    assert at.session_state["csk.sheet"].deals == ()
    assert sk.decode(sheet_param(at), "krypkasino").sheet == at.session_state["csk.sheet"]


def test_krypkasino_setup_refusals_and_variants() -> None:
    at = start_krypkasino("Solo")
    assert errors(at)[0].startswith("This game is played by 2 to 6 players, but 1 name ")
    assert at.session_state["csk.sheet"] is None
    at.text_area(key="csk.names").set_value("Ana\nBo").run()
    at.number_input(key="csk.sweep").set_value(3)
    at.toggle(key="csk.double").set_value(False)
    at.radio(key="csk.session").set_value("fixed").run()
    at.number_input(key="csk.deals").set_value(1)
    at.button(key="csk.start").click().run()
    rules = at.session_state["csk.sheet"].rules
    assert (rules.sweep_points, rules.double_sweep, rules.session) == (3, False, 1)
    assert at.number_input(key="csk.sweeps.1.0") is not None
    enter_deal(at, 1, [21, 21], [1, 0])
    assert at.session_state["csk.sheet"].totals() == [24, 18]


def test_a_kachuful_link_on_the_krypkasino_page() -> None:
    link = sk.encode(KachufulSheet.new(["Ana", "Bo", "Cy"]))
    at = open_site(CPAGE, sheet=link)
    assert not at.exception
    assert "is not a sheet for this page" in at.warning[0].value


def test_first_dealer_and_a_hand_size_the_deck_cannot_deal() -> None:
    at = open_site(KPAGE)
    at.text_area(key="ksk.names").set_value("Ana\nBo\nCy\nDev\nEd").run()
    at.selectbox(key="ksk.dealer").set_value("Bo")
    at.selectbox(key="ksk.opt.max_cards").set_value("13")
    at.button(key="ksk.start").click().run()
    assert errors(at) == ["the largest hand cannot be 13 cards with 5 players\\: 52 cards give "
                          "at most 10 each"]
    assert at.session_state["ksk.sheet"] is None
    at.selectbox(key="ksk.opt.max_cards").set_value("classic")
    at.button(key="ksk.start").click().run()
    sheet = at.session_state["ksk.sheet"]
    assert sheet.first_dealer == 1 and sheet.sizes[0] == 10
    assert "Dealer: Bo" in " ".join(m.value for m in at.markdown)


def test_the_variant_is_shown_and_a_new_game_keeps_the_players() -> None:
    sheet = KachufulSheet.new(["Ana", "Bo", "Cy"], KachufulRules(max_cards=3, scoring="margin"))
    at = open_site(KPAGE, sheet=sk.encode(sheet))
    variant = at.caption[1].value
    # the options that differ from the usual rules, in the registry's words
    assert "Largest hand\\: 3 cards · Scoring\\: margin" in variant
    assert "hook" not in variant.lower()  # the usual hook is not listed
    at.button(key="ksk.clear").click().run()
    assert at.session_state["ksk.sheet"] is None and sheet_param(at) is None
    assert at.text_area(key="ksk.names").value == "Ana\nBo\nCy"
    at = open_site(CPAGE, sheet=sk.encode(KrypkasinoSheet.new(["A", "B"])))
    assert "A sweep scores 5, a double sweep 10" in at.caption[1].value
    at.button(key="csk.clear").click().run()
    assert at.text_area(key="csk.names").value == "A\nB"
