"""ui.scorekeeper.sheet: the sheet in the link (round trip, garbage, tampering), the CSV export and
the HTML of the standings and sheets (names escaped, numbers in place)."""

from __future__ import annotations

import base64
import csv
import io
import json
import zlib

import pytest

from engine.kachuful.rules import KachufulRules
from engine.krypkasino.rules import KrypkasinoRules
from engine.scoresheet import KachufulSheet, KrypkasinoSheet
from ui.scorekeeper import sheet as sk

EVIL = "<img src=x onerror=alert(1)>"


def kachuful_game() -> KachufulSheet:
    sheet = KachufulSheet.new(["Ana", EVIL, "=SUM(A1)"], KachufulRules(max_cards=3, blind_bids=True,
                                                                     renege="penalized"))
    sheet = sheet.with_bids([0, 2, 0], blind=[False, True, False]).with_tricks([1, 2, 0])
    return sheet.with_bids([1, 1, 1]).with_tricks([1, 1, 0], reneged=[True, False, False])


def krypkasino_game() -> KrypkasinoSheet:
    return KrypkasinoSheet.new(["Ana", EVIL], KrypkasinoRules(session=4)).with_deal(
        [30, 12], [0, 2]).with_deal([21, 21], [1, 0], [0, 1])


def pack(doc: object, prefix: str = "k1") -> str:
    raw = zlib.compress(json.dumps(doc).encode())
    return prefix + "." + base64.urlsafe_b64encode(raw).decode().rstrip("=")


# -- the link --------------------------------------------------------------------------------


@pytest.mark.parametrize("make", [kachuful_game, krypkasino_game])
def test_link_round_trip(make: object) -> None:
    sheet = make()  # type: ignore[operator]
    game = "kachuful" if isinstance(sheet, KachufulSheet) else "krypkasino"
    value = sk.encode(sheet)
    assert value.startswith("k1." if game == "kachuful" else "c1.")
    assert all(c.isalnum() or c in "-_." for c in value)  # safe in a URL as it is
    decoded = sk.decode(value, game)  # type: ignore[arg-type]
    assert decoded.problem is None and decoded.sheet == sheet


def test_a_long_game_fits_a_link() -> None:
    sheet = KachufulSheet.new([f"Player {i}" for i in range(4)])
    while not sheet.is_over:
        spec = sheet.next_hand()
        sheet = sheet.with_bids([0] * 4).with_tricks(
            [spec.size if s == spec.dealer else 0 for s in range(4)])
    value = sk.encode(sheet)
    assert len(value) < 1000
    assert sk.decode(value, "kachuful").sheet == sheet


def test_no_link_value_is_no_sheet_and_no_problem() -> None:
    for raw in (None, ""):
        decoded = sk.decode(raw, "kachuful")
        assert decoded.sheet is None and decoded.problem is None


@pytest.mark.parametrize(("raw", "kind"), [
    ("hello", "version"),
    ("k2.abc", "version"),
    ("x1.abc", "version"),
    ("k1.", "garbled"),
    ("k1.%%%", "garbled"),
    ("k1.AAAA", "garbled"),
    ("k1." + "A" * 20_000, "garbled"),
    ("k1." + base64.urlsafe_b64encode(zlib.compress(b"{not json")).decode(), "garbled"),
    ("k1." + base64.urlsafe_b64encode(zlib.compress(b"\xff\xfe")).decode(), "garbled"),
    (pack("a string"), "record"),
    (pack([1, 2, 3]), "record"),
    (pack({"f": "kachuful-sheet/1", "n": ["a", "b", "c"], "h": [{"b": [0, 0, 0]}]}), "record"),
    (pack({"f": "kachuful-sheet/1", "n": ["a", "b", "c"], "v": {"max_cards": 3},
           "h": [{"b": [1, 1, 1], "t": [1, 1, 1]}]}), "refused"),
    (pack({"f": "kachuful-sheet/1", "n": ["a", "b"], "h": []}), "refused"),
])
def test_garbage_and_tampered_links_give_a_problem_never_an_exception(raw: str, kind: str) -> None:
    decoded = sk.decode(raw, "kachuful")
    assert decoded.sheet is None
    assert decoded.problem is not None and decoded.problem.kind == kind
    for lang in ("en", "es", "pt"):
        assert decoded.problem.text(lang)


def test_a_zip_bomb_is_refused() -> None:
    bomb = "k1." + base64.urlsafe_b64encode(zlib.compress(b" " * 5_000_000, 9)).decode()
    assert sk.decode(bomb, "kachuful").problem.kind == "garbled"  # type: ignore[union-attr]


def test_a_link_of_the_other_game_is_refused() -> None:
    decoded = sk.decode(sk.encode(krypkasino_game()), "kachuful")
    assert decoded.sheet is None and decoded.problem is not None
    assert decoded.problem.kind == "version"


def test_problem_text_escapes_what_the_link_holds() -> None:
    doc = {"f": "kachuful-sheet/1", "n": ["**x**", "**x**", "c"], "h": []}
    problem = sk.decode(pack(doc), "kachuful").problem
    assert problem is not None and problem.kind == "refused"
    text = problem.text("en")
    assert "\\*\\*x\\*\\*" in text and "(" not in text.replace("\\(", "")
    assert "refuse" in text


# -- CSV ---------------------------------------------------------------------------------------


def read_csv(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_kachuful_csv() -> None:
    rows = read_csv(sk.kachuful_csv(kachuful_game()))
    assert rows[0] == ["Hand", "Cards", "Trump", "Dealer",
                       "Ana bid", "Ana tricks", "Ana points",
                       f"{EVIL} bid", f"{EVIL} tricks", f"{EVIL} points",
                       "'=SUM(A1) bid", "'=SUM(A1) tricks", "'=SUM(A1) points", "Notes"]
    # Hand 1: Ana bids 0 takes 1; the second player bid 2 blind and took 2 (12 × 2).
    assert rows[1] == ["1", "3", "spades", "Ana", "0", "1", "0", "2", "2", "24", "0", "0", "10",
                       f"{EVIL} bid blind"]
    # Hand 2: Ana reneged (0 although exact); the third player missed.
    assert rows[2] == ["2", "2", "diamonds", EVIL, "1", "1", "0", "1", "1", "11", "1", "0", "0",
                       "Ana reneged"]
    assert rows[3] == ["Total", "", "", "", "", "", "0", "", "", "35", "", "", "10", ""]


def test_kachuful_csv_in_spanish_and_a_dealer_named_like_a_formula() -> None:
    sheet = KachufulSheet.new(["=1+1", "Bo", "Cy"], KachufulRules(max_cards=1, trumps="cycle-nt"))
    rows = read_csv(sk.kachuful_csv(sheet.with_bids([0, 0, 0]).with_tricks([0, 0, 1]), "es"))
    assert rows[0][:4] == ["Mano", "Cartas", "Triunfo", "Repartidor"]
    assert rows[1][:4] == ["1", "1", "picas", "'=1+1"]


def test_krypkasino_csv() -> None:
    rows = read_csv(sk.krypkasino_csv(krypkasino_game()))
    assert rows[0][:8] == ["Deal", "Dealer", "Ana card points", "Ana sweeps", "Ana double sweeps",
                           "Ana minuses from sweeps", "Ana sweep points", "Ana score"]
    # Deal 1: the second player swept twice, Ana (just before) lost 10.
    assert rows[1] == ["1", "Ana", "30", "0", "0", "2", "-10", "20", "12", "2", "0", "0", "10", "22"]
    # Deal 2: Ana swept once (+5), the other made a double (+10 for them, -10 for Ana).
    assert rows[2] == ["2", EVIL, "21", "1", "0", "1", "-5", "16", "21", "0", "1", "1", "5", "26"]
    assert rows[3] == ["Total", "", "", "", "", "", "", "36", "", "", "", "", "", "48"]


# -- HTML --------------------------------------------------------------------------------------


def test_names_are_escaped_in_every_html_block() -> None:
    k, c = kachuful_game(), krypkasino_game()
    blocks = [sk.standings_html(k.names, k.totals(), k.leaders(), "leading", 0, "dealer"),
              sk.kachuful_table_html(k, "en"), sk.krypkasino_table_html(c, "pt")]
    for html in blocks:
        assert "<img" not in html
        assert "&lt;img src=x onerror=alert(1)&gt;" in html
    assert sk.chart_names([EVIL]) == ["&lt;img src=x onerror=alert(1)&gt;"]


def test_standings_mark_the_leaders_and_the_dealer() -> None:
    html = sk.standings_html(["A", "B", "C"], [10, 22, 22], [1, 2], "leading", 0, "deals")
    assert html.count("sk-lead") == 2
    assert '<div class="sk-total">22</div><div class="sk-note">leading</div>' in html
    assert '<div class="sk-total">10</div><div class="sk-note">deals</div>' in html


def test_kachuful_table_shows_points_bids_tricks_and_totals() -> None:
    sheet = kachuful_game().with_bids([0, 1, 1])  # hand 3 in progress: 1 card, clubs
    html = sk.kachuful_table_html(sheet, "en")
    assert html.count("<tr") == 1 + 2 + 1 + 1  # head, two hands, the bids in progress, totals
    assert '<span class="sk-pts">24</span><span class="sk-sub">2*→2</span>' in html
    assert '<td class="sk-miss"><span class="sk-pts">0</span><span class="sk-sub">1!→1' in html
    assert 'class="sk-pending"' in html and "bid 1" in html
    assert "<td>0</td><td>35</td><td>10</td>" in html
    assert 'title="clubs"' in html  # hand 3's trump


def test_krypkasino_table_shows_card_and_sweep_points() -> None:
    html = sk.krypkasino_table_html(krypkasino_game(), "en")
    assert '<span class="sk-pts">20</span><span class="sk-sub">30 -10' in html
    assert '<span class="sk-pts">26</span><span class="sk-sub">21 +5' in html
    assert "<td>36</td><td>48</td>" in html
