"""What the play pages draw, as HTML and text (no Streamlit): seats' names, the players'
table, a trick or a capture on the cloth, the log by trick or lot, card button labels.

Every fact comes from :mod:`engine.session` (its moves, seat rows, log groups) and the
engine's events; every string from the UI catalogue or the engine's messages, escaped.

>>> from engine.session import Setup
>>> setup = Setup.default("kachuful", 4, seat=2, level="strong")
>>> seat_name(2, setup, "en"), seat_name(1, setup, "en"), short_seat(1, setup, "en")
('C (you)', 'B (strong)', 'B')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.cards import Card
from engine.game import Event
from engine.kachuful.events import TrickWon
from engine.messages import render
from engine.registry import level_label
from engine.seats import seat_letter
from engine.session import Move, PlaySession, Setup, action_text, log_groups
from ui.i18n import t
from ui.safe import escape_html

SUIT_COLOURS = {"H": "red", "D": "red", "S": "", "C": ""}
FOUR_COLOURS = {"H": "red", "D": "blue", "S": "", "C": "green"}


def button_label(card: Card, four_colour: bool = False, filled: bool = False) -> str:
    """A card as a button label (markdown): ``":red[10♥]"``; black suits plain, and every
    suit plain on a ``filled`` (primary: playable) button, where coloured text would be hard
    to read. A playable card also carries a ✓, so the fill is not its only sign.

    >>> from engine.cards import parse_card
    >>> button_label(parse_card("TH")), button_label(parse_card("2C"), True)
    (':red[10♥]', ':green[2♣]')
    >>> button_label(parse_card("TH"), filled=True)
    '✓ 10♥'
    """
    colour = "" if filled else (FOUR_COLOURS if four_colour else SUIT_COLOURS)[card.suit.value]
    text = str(card)
    if filled:
        return f"✓ {text}"
    return f":{colour}[{text}]" if colour else text


def signed(points: int) -> str:
    """Points added in a sum: ``"+ 5"``, ``"− 5"``.

    >>> signed(5), signed(-10), signed(0)
    ('+ 5', '− 10', '+ 0')
    """
    return f"− {-points}" if points < 0 else f"+ {points}"


def seat_name(seat: int, setup: Setup, lang: str) -> str:
    """``C (you)`` for the player, ``B (strong)`` for a bot, in ``lang``."""
    if seat == setup.seat:
        return t("play.seat.you", lang, seat=seat)
    return t("play.seat.bot", lang, seat=seat, level=level_label(setup.levels[seat], lang))


def short_seat(seat: int, setup: Setup, lang: str) -> str:
    """``C (you)`` for the player, the bare letter for a bot (under a card on the cloth)."""
    return t("play.seat.you", lang, seat=seat) if seat == setup.seat else seat_letter(seat)


def event_sentence(event: Event, lang: str) -> str:
    """An engine event in words (the engine's catalogue: each game's events have a key)."""
    key: str = getattr(event, "key")  # noqa: B009 - the base Event has no key
    return render(key, lang, **event.message_data())


def sentence(text: str) -> str:
    """A log line as a sentence: a capital first letter, a full stop at the end.

    >>> sentence("player B trails 7♠"), sentence("Bid 3."), sentence("")
    ('Player B trails 7♠.', 'Bid 3.', '')
    """
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?…)" else text + "."


def table_html(head: Sequence[str], rows: Sequence[Sequence[str]], label: str) -> str:
    """A small table (every cell escaped) in a labelled, focusable box that scrolls
    sideways on its own when the screen is too narrow (the page never does)."""
    cells = "".join(f'<th scope="col">{escape_html(h)}</th>' for h in head)
    body = "".join("<tr>" + "".join(f"<td>{escape_html(c)}</td>" for c in row) + "</tr>"
                   for row in rows)
    name = escape_html(label)
    return (f'<div class="rl-scroll" role="region" tabindex="0" aria-label="{name}">'
            f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table></div>")


def seats_html(session: PlaySession, lang: str) -> str:
    """The players' table: each seat's name (▶ the one to act) and the figures the engine's
    :meth:`~engine.session.PlaySession.seat_rows` gives, one column each."""
    rows = session.seat_rows()
    keys = [k for k, _ in rows[0].cells] if rows else []
    head = [t("play.col.player", lang)] + [t(f"play.col.{k}", lang) for k in keys]
    body = [[("▶ " if r.to_act else "") + seat_name(r.seat, session.setup, lang)]
            + [v for _, v in r.cells] for r in rows]
    return table_html(head, body, t("play.seats", lang))


def trick_entries(event: TrickWon, setup: Setup, lang: str) -> list[tuple[str, Card, Any]]:
    """A finished trick from the engine's ``TrickWon``: each card with the seat that played
    it (from the leader on), the winner's card highlighted."""
    return [(short_seat(seat, setup, lang), card, "highlight" if seat == event.seat else
             "normal") for seat, card in event.plays()]


def capture_entries(move: Move, setup: Setup, lang: str) -> list[tuple[str, Card, Any]]:
    """A capture from the engine's ``Captured`` event and the table before it: the card
    played first, then the table, the taken cards highlighted."""
    event = move.capture
    assert event is not None
    out: list[tuple[str, Card, Any]] = [
        (t("play.capture.played", lang, seat=short_seat(move.seat, setup, lang)), event.card,
         "highlight")]
    for card, taken in zip(move.table_before, move.taken_marks(), strict=True):
        out.append((t("play.capture.taken", lang), card, "highlight") if taken
                   else ("", card, "normal"))
    return out


def log_html(session: PlaySession, lang: str, count: int = 60) -> str:
    """The log as a labelled, focusable scroll box (it opens scrolled to the newest line):
    the opening events, then the last ``count`` moves by trick or lot, oldest first, each
    line an engine sentence; a bot's move says why."""
    parts: list[str] = []
    shown = session.moves[-count:]
    if session.opening and len(session.moves) <= count:
        parts.append('<p class="rl-log-group">' + escape_html(t("play.log.start", lang))
                     + "</p><ol>"
                     + "".join(f"<li>{escape_html(sentence(event_sentence(e, lang)))}</li>"
                               for e in session.opening) + "</ol>")
    for group in log_groups(shown, session.play):
        items = []
        for move in group.moves:
            lines = [sentence(event_sentence(e, lang)) for e in move.events] or \
                [sentence(action_text(move.action))]
            who = escape_html(seat_name(move.seat, session.setup, lang))
            # A bot's "why" right after its own move, before what followed from it (the
            # trick won, the hand scored, "the game is over").
            why = "" if move.decision is None else '<span class="rl-why">' + escape_html(
                t("play.log.why", lang, text=sentence(move.decision.explain(lang)))) + "</span>"
            text = (f"<strong>{who}</strong>: " + escape_html(lines[0]) + why
                    + "".join(" " + escape_html(x) for x in lines[1:]))
            items.append(f"<li>{text}</li>")
        title = escape_html(t(f"play.log.{group.kind}", lang, **group.fields))
        parts.append(f'<p class="rl-log-group">{title}</p><ol>{"".join(items)}</ol>')
    if not parts:
        parts.append(f"<p>{escape_html(t('play.log.empty', lang))}</p>")
    label = escape_html(t("play.log", lang))
    return (f'<div class="rl-log" role="region" tabindex="0" aria-label="{label}">'
            f'<div>{"".join(parts)}</div></div>')


def standings(session: PlaySession, lang: str) -> list[dict[str, str]]:
    """The final standings of a finished game, best first by the game's ranking (the
    highest total in Kachuful, the lowest in Krypkasino), the winner(s) marked; empty
    before the end."""
    from engine.messages import ordinal
    from engine.registry import GAMES

    end = session.end_event()
    if end is None:
        return []
    totals: tuple[int, ...] = end.totals  # type: ignore[attr-defined]
    winners: tuple[int, ...] = end.winners  # type: ignore[attr-defined]
    low = GAMES[session.game].lowest_wins
    order = sorted(range(len(totals)), key=lambda s: (totals[s] if low else -totals[s], s))
    rows, place = [], 0
    for k, seat in enumerate(order):
        if k == 0 or totals[seat] != totals[order[k - 1]]:
            place = k + 1
        rows.append({t("play.standings.place", lang): ordinal(lang, place),
                     t("play.standings.player", lang): seat_name(seat, session.setup, lang),
                     t("play.standings.total", lang): str(totals[seat]),
                     t("play.standings.result", lang):
                         t("play.standings.winner", lang) if seat in winners else ""})
    return rows
