"""Pure helpers of the scorekeeper pages: the sheet in the link, CSV, and the HTML of the
standings and the score sheet (big numbers for a phone or a projector).

The link holds the whole sheet as ``?sheet=k1.<payload>`` (``c1.`` for Krypkasino): the
sheet's compact JSON (:meth:`to_dict`), zlib-compressed, URL-safe base64 without padding.
``k``/``c`` name the game and ``1`` the version of the encoding. :func:`decode` never
raises: a garbled, foreign or tampered value gives a :class:`SheetProblem` and no sheet.

>>> from engine.scoresheet import KachufulSheet
>>> sheet = KachufulSheet.new(["Ana", "Bo", "Cy"]).with_bids([1, 0, 1])
>>> decode(encode(sheet), "kachuful").sheet == sheet
True
>>> decode("k1.%%%", "kachuful").problem.kind
'garbled'
"""

from __future__ import annotations

import base64
import binascii
import csv
import io
import json
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

import plotly.graph_objects as go

from engine.cards import Suit
from engine.errors import RecordError, RulesLabError
from engine.messages import suit_name
from engine.plugin import ScoreSheet
from engine.recordio import load_json
from engine.registry import GAMES, game_of_sheet
from engine.scoresheet import KachufulSheet, KrypkasinoSheet
from ui.i18n import t
from ui.safe import clip, escape_html, escape_markdown

#: A game's id (the registry's).
Game = str
Sheet = ScoreSheet
PARAM = "sheet"
VERSION = "1"
#: Each game's link prefix: its one-letter code (the registry's).
PREFIX: dict[Game, str] = {g.id: g.code for g in GAMES.values()}
#: Longest link value read (a 8-player, 4H-2 hand game encodes to well under this).
MAX_LINK_CHARS = 12_000
_MAX_JSON_BYTES = 200_000


@dataclass(frozen=True)
class SheetProblem:
    """Why the link's sheet was not used: ``version`` (another game or a newer link),
    ``garbled`` (not an encoded sheet), ``record`` (a field is malformed) or ``refused``
    (the rules refuse one of its entries)."""

    kind: str
    detail: str = ""
    error: RulesLabError | None = None

    def text(self, lang: str = "en") -> str:
        """A sentence for ``st.warning`` (markdown-escaped detail)."""
        detail = self.error.localized(lang) if self.error is not None else self.detail
        return t(f"scorekeeper.link.{self.kind}", lang, detail=escape_markdown(clip(detail, 200)))


@dataclass(frozen=True)
class Decoded:
    sheet: Sheet | None
    problem: SheetProblem | None = None


def encode(sheet: Sheet) -> str:
    """The link value of ``sheet``."""
    spec = game_of_sheet(sheet)
    assert spec is not None, "a score sheet of a registered game"
    game = spec.id
    text = json.dumps(sheet.to_dict(), separators=(",", ":"), ensure_ascii=False)
    packed = base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9))
    return f"{PREFIX[game]}{VERSION}.{packed.rstrip(b'=').decode('ascii')}"


def decode(raw: str | None, game: Game) -> Decoded:
    """The sheet a link value holds, or why not. ``None`` or ``""``: no sheet, no problem."""
    if not raw:
        return Decoded(None)
    head, dot, body = raw.partition(".")
    if not dot or head != PREFIX[game] + VERSION:
        return Decoded(None, SheetProblem("version", clip(head, 12)))
    if len(body) > MAX_LINK_CHARS:
        return Decoded(None, SheetProblem("garbled", f"{len(body)} characters"))
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        unpacker = zlib.decompressobj()
        data = unpacker.decompress(packed, _MAX_JSON_BYTES)
        if unpacker.unconsumed_tail or not unpacker.eof:
            return Decoded(None, SheetProblem("garbled", "incomplete or too long"))
        doc = load_json(data)
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError, RecursionError) as exc:
        return Decoded(None, SheetProblem("garbled", type(exc).__name__))
    cls = GAMES[game].plugins.score_sheet
    try:
        return Decoded(cls.from_dict(doc))
    except RecordError as exc:
        return Decoded(None, SheetProblem("record", str(exc)))
    except RulesLabError as exc:
        return Decoded(None, SheetProblem("refused", error=exc))


# -- CSV ------------------------------------------------------------------------------


def _cell(value: object) -> object:
    """Text that a spreadsheet would read as a formula gets a leading apostrophe."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def _csv(rows: Sequence[Sequence[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    for row in rows:
        writer.writerow([_cell(v) for v in row])
    return out.getvalue()


def trump_text(trump_code: str | None, lang: str) -> str:
    """A trump as words ("clubs", "no trump")."""
    return suit_name(trump_code or "NT", lang)


def kachuful_csv(sheet: KachufulSheet, lang: str = "en") -> str:
    """The score sheet as CSV: one row per hand (cards, trump, dealer, then bid, tricks and
    points for each player, then blind bids and reneges), a totals row."""
    header: list[object] = [t("scorekeeper.csv.hand", lang), t("scorekeeper.csv.cards", lang),
                            t("scorekeeper.csv.trump", lang), t("scorekeeper.csv.dealer", lang)]
    for name in sheet.names:
        header += [t("scorekeeper.csv.bid", lang, name=name),
                   t("scorekeeper.csv.tricks", lang, name=name),
                   t("scorekeeper.csv.points", lang, name=name)]
    header.append(t("scorekeeper.csv.notes", lang))
    rows: list[list[object]] = [header]
    for spec, hand, points in zip(sheet.hand_specs(), sheet.hands, sheet.hand_points(),
                                  strict=True):
        row: list[object] = [spec.number, spec.size,
                             trump_text(spec.trump.value if spec.trump else None, lang),
                             sheet.names[spec.dealer]]
        for seat in range(sheet.players):
            row += [hand.bids[seat], hand.tricks[seat], points[seat]]
        notes = [t("scorekeeper.csv.blind", lang, name=sheet.names[s])
                 for s, flag in enumerate(hand.blind) if flag]
        notes += [t("scorekeeper.csv.reneged", lang, name=sheet.names[s])
                  for s, flag in enumerate(hand.reneged) if flag]
        row.append("; ".join(notes))
        rows.append(row)
    total_row: list[object] = [t("scorekeeper.csv.total", lang), "", "", ""]
    for total in sheet.totals():
        total_row += ["", "", total]
    total_row.append("")
    rows.append(total_row)
    return _csv(rows)


def krypkasino_csv(sheet: KrypkasinoSheet, lang: str = "en") -> str:
    """The session as CSV: one row per deal (dealer, then card points, sweeps, double
    sweeps, sweeps suffered, sweep points and deal score for each player), a totals row."""
    fields = ("card-points", "sweeps", "doubles", "suffered", "sweep-points", "score")
    header: list[object] = [t("scorekeeper.csv.deal", lang), t("scorekeeper.csv.dealer", lang)]
    for name in sheet.names:
        header += [t(f"scorekeeper.csv.{f}", lang, name=name) for f in fields]
    rows: list[list[object]] = [header]
    for number, score in enumerate(sheet.deal_scores(), start=1):
        row: list[object] = [number, sheet.names[score.dealer]]
        for s in range(sheet.players):
            row += [score.card_points[s], score.sweeps[s], score.doubles[s],
                    score.suffered[s] + score.doubles_suffered[s], score.sweep_points[s],
                    score.scores[s]]
        rows.append(row)
    total_row: list[object] = [t("scorekeeper.csv.total", lang), ""]
    for total in sheet.totals():
        total_row += ["", "", "", "", "", total]
    rows.append(total_row)
    return _csv(rows)


# -- HTML -------------------------------------------------------------------------------

CSS = """
.sk-wrap { overflow-x: auto; -webkit-overflow-scrolling: touch; }
.sk-standings { display: flex; flex-wrap: wrap; gap: 0.5rem; margin: 0.25rem 0 0.5rem 0; }
.sk-player { flex: 1 1 7.5rem; min-width: 6.5rem; border: 2px solid rgba(127,127,127,0.35);
  border-radius: 0.6rem; padding: 0.35rem 0.6rem; text-align: center; }
.sk-player.sk-lead { border-color: #1f9d63; background: rgba(31,157,99,0.12); }
.sk-player .sk-name { font-weight: 600; font-size: 1.05rem; overflow-wrap: anywhere; }
.sk-player .sk-total { font-size: clamp(2rem, 7vw, 3.4rem); font-weight: 800; line-height: 1.1;
  font-variant-numeric: tabular-nums; }
.sk-player .sk-note { font-size: 0.85rem; opacity: 0.8; }
table.sk-sheet { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums;
  font-size: clamp(0.95rem, 2.2vw, 1.35rem); }
table.sk-sheet th, table.sk-sheet td { border-bottom: 1px solid rgba(127,127,127,0.3);
  padding: 0.25rem 0.35rem; text-align: center; white-space: nowrap; }
table.sk-sheet th { font-weight: 700; position: sticky; top: 0; }
table.sk-sheet th.sk-pname { max-width: 7rem; overflow: hidden; text-overflow: ellipsis; }
table.sk-sheet td.sk-meta { opacity: 0.8; font-size: 0.85em; }
table.sk-sheet td .sk-pts { display: block; font-size: 1.25em; font-weight: 700; }
table.sk-sheet td .sk-sub { display: block; font-size: 0.72em; opacity: 0.8; }
table.sk-sheet td.sk-hit .sk-pts, table.sk-sheet td.sk-miss .sk-pts { border-radius: 0.3em; }
table.sk-sheet td.sk-hit .sk-pts { color: #14532d; background: #dcfce7; }
table.sk-sheet td.sk-miss .sk-pts { color: #7f1d1d; background: #fee2e2; }
table.sk-sheet tr.sk-totals td { font-weight: 800; font-size: 1.35em;
  border-top: 2px solid rgba(127,127,127,0.6); }
table.sk-sheet tr.sk-pending td { font-style: italic; opacity: 0.85; }
.sk-dealer { display: inline-block; min-width: 1.25em; height: 1.25em; line-height: 1.25em;
  border-radius: 50%; background: rgba(127,127,127,0.25); font-size: 0.9em; font-weight: 700;
  text-align: center; }
table.sk-sheet td.sk-trump { font-size: 1.1em; }
table.sk-sheet td.sk-red { color: #9f1239; background: #fff1f2; }
"""


def css() -> str:
    return f"<style>{CSS}</style>"


def standings_html(names: Sequence[str], totals: Sequence[int], leaders: Sequence[int],
                   lead_label: str, dealer: int | None = None, dealer_label: str = "") -> str:
    """One box per player with the total in large type; ``leaders`` outlined with
    ``lead_label``, the next dealer marked with ``dealer_label``. Names are escaped."""
    boxes = []
    for seat, (name, total) in enumerate(zip(names, totals, strict=True)):
        lead = seat in leaders
        notes = []
        if lead:
            notes.append(lead_label)
        if seat == dealer:
            notes.append(dealer_label)
        note = f'<div class="sk-note">{escape_html(" · ".join(notes))}</div>' if notes else ""
        boxes.append(
            f'<div class="sk-player{" sk-lead" if lead else ""}">'
            f'<div class="sk-name">{escape_html(name)}</div>'
            f'<div class="sk-total">{total}</div>{note}</div>')
    return f'<div class="sk-standings">{"".join(boxes)}</div>'


def kachuful_table_html(sheet: KachufulSheet, lang: str) -> str:
    """The score sheet: a row per hand (number, cards, trump, then each player's points in
    large type with bid/tricks under it), the bids of the hand in progress, the totals."""
    columns = (f'<th>#</th><th>{escape_html(t("scorekeeper.col.cards", lang))}</th>'
               f'<th>{escape_html(t("scorekeeper.col.trump", lang))}</th>')
    body = []
    for spec, hand, points in zip(sheet.hand_specs(), sheet.hands, sheet.hand_points(),
                                  strict=True):
        cells = []
        for seat in range(sheet.players):
            reneged = bool(hand.reneged and hand.reneged[seat])
            hit = hand.bids[seat] == hand.tricks[seat] and not reneged
            marks = ("*" if hand.blind and hand.blind[seat] else "") + ("!" if reneged else "")
            cells.append(
                f'<td class="{"sk-hit" if hit else "sk-miss"}"><span class="sk-pts">{points[seat]}'
                f'</span><span class="sk-sub">{hand.bids[seat]}{marks}→{hand.tricks[seat]}'
                f'{_dealer_mark(seat == spec.dealer, lang)}</span></td>')
        body.append(f'<tr>{_meta(spec.number, spec.size, spec.trump, lang)}{"".join(cells)}</tr>')
    if sheet.pending is not None and not sheet.is_over:
        spec = sheet.next_hand()
        cells = [f'<td><span class="sk-sub">{escape_html(t("scorekeeper.bid", lang))} '
                 f'{sheet.pending.bids[s]}{_dealer_mark(s == spec.dealer, lang)}</span></td>'
                 for s in range(sheet.players)]
        body.append(f'<tr class="sk-pending">{_meta(spec.number, spec.size, spec.trump, lang)}'
                    f'{"".join(cells)}</tr>')
    return _sheet_table(sheet, columns, body, 3, lang)


def krypkasino_table_html(sheet: KrypkasinoSheet, lang: str) -> str:
    """The session sheet: a row per deal (number, then each player's deal score in large
    type with card points, sweep points and the dealer's mark under it), the totals."""
    body = []
    for number, score in enumerate(sheet.deal_scores(), start=1):
        cells = []
        for s in range(sheet.players):
            sweep = score.sweep_points[s]
            sub = f"{score.card_points[s]}" + (f" {sweep:+d}" if sweep else "")
            sub += _dealer_mark(s == score.dealer, lang)
            cells.append(f'<td><span class="sk-pts">{score.scores[s]}</span>'
                         f'<span class="sk-sub">{sub}</span></td>')
        body.append(f'<tr><td>{number}</td>{"".join(cells)}</tr>')
    return _sheet_table(sheet, "<th>#</th>", body, 1, lang)


def _sheet_table(sheet: Sheet, columns: str, body: Sequence[str], span: int, lang: str) -> str:
    """The sheet's table: the heading row (``columns``, then a column per player), the
    ``body`` rows, the totals row (its label across the first ``span`` columns)."""
    names = "".join(f'<th class="sk-pname" title="{escape_html(n)}">{escape_html(n)}</th>'
                    for n in sheet.names)
    totals = "".join(f"<td>{v}</td>" for v in sheet.totals())
    label = f'<td colspan="{span}">' if span > 1 else "<td>"
    last = (f'<tr class="sk-totals">{label}'
            f'{escape_html(t("scorekeeper.col.total", lang))}</td>{totals}</tr>')
    return (f'<div class="sk-wrap"><table class="sk-sheet"><thead><tr>{columns}{names}</tr>'
            f'</thead><tbody>{"".join(body)}{last}</tbody></table></div>')


def _dealer_mark(is_dealer: bool, lang: str) -> str:
    if not is_dealer:
        return ""
    return (f' <span class="sk-dealer" title="{escape_html(t("scorekeeper.dealer", lang))}">'
            f'{escape_html(t("scorekeeper.dealer.mark", lang))}</span>')


def _meta(number: int, size: int, trump: Suit | None, lang: str) -> str:
    symbol = trump.symbol if trump is not None else "–"
    label = trump_text(trump.value if trump is not None else None, lang)
    red = " sk-red" if trump is not None and trump.is_red else ""
    return (f'<td>{number}</td><td class="sk-meta">{size}</td>'
            f'<td class="sk-trump{red}" title="{escape_html(label)}" '
            f'aria-label="{escape_html(label)}">{symbol}</td>')


def legend_below(fig: go.Figure) -> go.Figure:
    """The legend under the plot, so a phone's narrow chart keeps its title readable."""
    fig.update_layout(legend={"orientation": "h", "yanchor": "top", "y": -0.22, "xanchor": "left",
                              "x": 0}, margin={"l": 10, "r": 10, "t": 50, "b": 10})
    return fig


def chart_names(names: Sequence[str]) -> list[str]:
    """Names for Plotly legends: escaped, since Plotly reads a few HTML tags in text."""
    return [escape_html(n) for n in names]
