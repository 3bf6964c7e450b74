"""Helpers of the Explore pages: reading their inputs from the URL (and writing them
back), checking typed cards, chart builders, and the progress-bar runner.

Every explorer keeps its inputs in the URL query, so a link reproduces the same numbers
(the seed is an input). Reading never fails: a bad value gives a :class:`~ui.query.Problem`
(a sentence for ``st.warning``) and a usable default; typed cards that cannot be used
(unknown codes, a card twice, more cards than the hand holds) give a problem and no
computation.

>>> parsed = parse_cards_text("AS, kd 10h", "hand", size=3)
>>> [c.code for c in parsed.cards], parsed.problem is None
(['AS', 'KD', 'TH'], True)
>>> parse_cards_text("AS AS", "hand").problem.text("en")
'The hand names A♠ twice; each card is in the deck once.'
>>> decode_rules("hook_rule:false,max_cards:5")
{'hook_rule': False, 'max_cards': 5}
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import plotly.graph_objects as go

from engine.cards import Card, parse_card
from engine.errors import RulesLabError
from engine.kachuful.rules import MIN_PLAYERS as KACHUFUL_MIN_PLAYERS
from engine.kachuful.rules import RENEGE_RULES, SCHEDULES, TRUMP_RULES, KachufulRules, hand_sizes
from engine.krypkasino.rules import MAX_SESSION, deal_sizes
from engine.sim.cost import HARD_CAP_CPU_S, Cost
from engine.sim.hook import HookCell
from engine.sim.runner import chunk_units, scheduler
from engine.sim.stats import Estimate
from engine.sim.sweep_danger import Option
from engine.sim.variant_lab import rules_of
from ui.charts import PALETTE
from ui.query import LinkReader, Problem
from ui.safe import echo

__all__ = [
    "CardsParsed", "FanInputs", "HookInputs", "LabInputs", "OddsInputs", "SweepInputs",
    "decode_rules", "encode_cards", "encode_rules", "fmt_estimate", "hook_chart",
    "option_label", "parse_cards_text", "pct", "problem", "rules_problem", "simulate", "sweep_chart",
]

MAX_SEED = 2**31 - 1
# The ranges of the inputs that size the work (docs/explorers.md, "Bounded work"); the
# link reader, the widgets and the engine's types all hold to them.
#: Hand odds: sampled deals.
SAMPLES = (50, 20000)
#: The hook: deals per table and hand size.
HOOK_DEALS = (20, 5000)
#: Variant lab (per rule set) and score progression: games.
GAMES_RANGE = (10, 5000)
#: Sweep danger: the most cards typed for the hand (the largest first hand, C-2), the
#: table and the cards seen (both decks).
SWEEP_CARDS = {"hand": 6, "table": 24, "seen": 104}
#: The rule-set editors' whole-number options: the largest value (0 = the default).
NUMBER_OPTIONS = {"max_cards": 52 // KACHUFUL_MIN_PLAYERS, "session": MAX_SESSION,
                  "sweep_points": 50}
TRUMPS = ("S", "H", "D", "C", "NT")
KACHUFUL_SCORINGS = ("exact", "ten-times", "margin", "per-trick", "judgement")
LEVELS = ("random", "basic", "strong")
GAMES = ("kachuful", "krypkasino")


def problem(key: str, **data: object) -> Problem:
    """A problem sentence (UI string ``key`` filled with ``data``) for ``st.warning``."""
    return Problem(key, tuple((k, str(v)) for k, v in data.items()))


_problem = problem


# -- typed cards -------------------------------------------------------------------------


@dataclass(frozen=True)
class CardsParsed:
    """Typed cards: the text as typed, the cards read, and the problem if any."""

    text: str
    cards: tuple[Card, ...]
    problem: Problem | None = None


def parse_cards_text(text: str, name: str, *, size: int | None = None, copies: int = 1,
                     allow_empty: bool = False) -> CardsParsed:
    """Card codes separated by commas or spaces (``AS, KD 10H``); ``copies``: how many of
    a card the deck holds (2 for Krypkasino's two decks); ``size``: the exact count."""
    from ui.safe import clip, escape_markdown

    codes = [c for c in re.split(r"[\s,;]+", text.strip()) if c]
    cards: list[Card] = []
    for code in codes:
        try:
            cards.append(parse_card(code))
        except (RulesLabError, ValueError):
            return CardsParsed(text, (), _problem("explore.cards.unknown", name=name,
                                                  code=escape_markdown(clip(code, 12))))
    counts: dict[Card, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
        if counts[c] > copies:
            key = "explore.cards.duplicate" if copies == 1 else "explore.cards.copies"
            return CardsParsed(text, (), _problem(key, name=name, card=str(c)))
    if not cards and not allow_empty:
        return CardsParsed(text, (), _problem("explore.cards.empty", name=name))
    if size is not None and len(cards) != size:
        key = "explore.cards.too-many" if len(cards) > size else "explore.cards.too-few"
        return CardsParsed(text, tuple(cards), _problem(key, name=name, count=len(cards),
                                                        size=size))
    return CardsParsed(text, tuple(cards))


def encode_cards(cards: Sequence[Card]) -> str:
    """Cards as the URL holds them: ``AS,KD,TH``."""
    return ",".join(c.code for c in cards)


# -- rule sets in the URL ----------------------------------------------------------------


def decode_rules(text: str) -> dict[str, Any]:
    """``name:value`` pairs separated by commas into a variant dict (``true``/``false``,
    whole numbers and ``null`` read as such, anything else as text)."""
    out: dict[str, Any] = {}
    for item in (p for p in text.split(",") if p.strip()):
        name, _, raw = item.partition(":")
        value: Any = raw.strip()
        if value in ("true", "false"):
            value = value == "true"
        elif value == "null":
            value = None
        elif re.fullmatch(r"-?\d{1,18}", value):  # longer: text, which the engine refuses
            value = int(value)
        out[name.strip()] = value
    return out


def encode_rules(options: Mapping[str, Any]) -> str:
    """The inverse of :func:`decode_rules` (options in name order)."""
    def show(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        return "null" if v is None else str(v)

    return ",".join(f"{k}:{show(v)}" for k, v in sorted(options.items()))


def rules_problem(game: str, options: Mapping[str, Any], lang: str,
                  players: int | None = None) -> str | None:
    """The engine's sentence when ``options`` are not a valid variant (for a table of
    ``players`` when given), else ``None``."""
    try:
        rules = rules_of(game, options)
        if players is not None:
            if isinstance(rules, KachufulRules):
                hand_sizes(players, rules)
            else:
                deal_sizes(players)
                rules.session_length(players)
    except RulesLabError as exc:
        return echo(exc.localized(lang), 300)  # the sentence may quote the link's value
    except (TypeError, ValueError):  # e.g. an option given twice in a form
        from ui.i18n import t

        return t("access.rules.invalid", lang)
    return None


#: The options the rule-set editors offer: name -> choices (``None``: a whole number).
KACHUFUL_OPTIONS: dict[str, tuple[Any, ...] | None] = {
    "schedule": SCHEDULES, "max_cards": None, "trumps": TRUMP_RULES,
    "hook_rule": (True, False), "scoring": KACHUFUL_SCORINGS, "blind_bids": (False, True),
    "one_card_forehead": (False, True), "renege": RENEGE_RULES,
}
KRYPKASINO_OPTIONS: dict[str, tuple[Any, ...] | None] = {
    "capture": ("maximum", "maximal"), "sweep_points": None, "double_sweep": (True, False),
    "forced_sweep": (True, False), "session": None,
}


def options_of(game: str) -> dict[str, tuple[Any, ...] | None]:
    return KACHUFUL_OPTIONS if game == "kachuful" else KRYPKASINO_OPTIONS


def defaults_of(game: str) -> dict[str, Any]:
    """Every option's default value for the editors (``max_cards`` 0 and ``session`` 0
    stand for the defaults ``null`` and ``rotation``)."""
    if game == "kachuful":
        d = KachufulRules()
        return {name: (0 if name == "max_cards" else getattr(d, name))
                for name in KACHUFUL_OPTIONS}
    return {"capture": "maximum", "sweep_points": 5, "double_sweep": True,
            "forced_sweep": True, "session": 0}


def editor_values(game: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The editors' values for a variant dict (defaults filled in)."""
    values = defaults_of(game)
    for name, value in options.items():
        if name in values:
            if name == "max_cards" and value is None:
                value = 0
            if name == "session" and value == "rotation":
                value = 0
            if name in NUMBER_OPTIONS:
                # A link's value out of the editor's range (the page refuses the rule set
                # with the engine's sentence) is shown as the default, not a widget error.
                if isinstance(value, bool) or not isinstance(value, int) or not (
                        0 <= value <= NUMBER_OPTIONS[name]):
                    continue
            elif value not in (options_of(game)[name] or ()):
                continue
            values[name] = value
    return values


def options_from_editor(game: str, values: Mapping[str, Any]) -> dict[str, Any]:
    """The variant dict (non-default options only) for the editors' values."""
    defaults = defaults_of(game)
    out: dict[str, Any] = {}
    for name, value in values.items():
        if name in defaults and value != defaults[name]:
            out[name] = int(value) if name in ("max_cards", "session", "sweep_points") else value
    return out


def _levels(reader: LinkReader, name: str, default: str, players_lo: int, players_hi: int
            ) -> tuple[str, ...]:
    raw = reader.text(name, default)
    levels = tuple(x.strip() for x in raw.split(",") if x.strip())
    if not (players_lo <= len(levels) <= players_hi) or any(x not in LEVELS for x in levels):
        reader.problems.append(_problem("explore.bad-lineup", value=echo(raw),
                                        lo=players_lo, hi=players_hi, default=default))
        levels = tuple(default.split(","))
    return levels


# -- each explorer's inputs --------------------------------------------------------------


@dataclass(frozen=True)
class OddsInputs:
    """Kachuful hand odds: the hand (typed), its size, trump, table, seat, scoring."""

    hand: str = "AS,KS,QH,9D,4C"
    size: int = 5
    trump: str = "S"
    players: int = 4
    position: int = 1
    scoring: str = "exact"
    hook: str = "on"
    level: str = "basic"
    samples: int = 1000
    seed: int = 1

    @classmethod
    def read(cls, reader: LinkReader) -> OddsInputs:
        d = cls()
        players = reader.int("players", d.players, 3, 8)
        return cls(
            hand=reader.text("hand", d.hand),
            size=reader.int("size", d.size, 1, 52 // players),
            trump=reader.choice("trump", TRUMPS, d.trump),
            players=players,
            position=reader.int("position", d.position, 1, players),
            scoring=reader.choice("scoring", KACHUFUL_SCORINGS, d.scoring),
            hook=reader.choice("hook", ("on", "off"), d.hook),
            level=reader.choice("level", ("basic", "strong"), d.level),
            samples=reader.int("samples", d.samples, 50, 20000),
            seed=reader.int("seed", d.seed, 0, MAX_SEED),
        )

    def query(self) -> dict[str, str]:
        return {k: str(v) for k, v in self.__dict__.items()}

    def cards(self, label: str = "hand") -> CardsParsed:
        """The typed hand, checked (``label`` names it in the problem sentence)."""
        return parse_cards_text(self.hand, label, size=self.size)


@dataclass(frozen=True)
class HookInputs:
    players: tuple[int, ...] = (4,)
    scoring: str = "exact"
    deals: int = 200
    seed: int = 1

    @classmethod
    def read(cls, reader: LinkReader) -> HookInputs:
        d = cls()
        raw = reader.text("players", "4")
        try:
            players = tuple(sorted({int(x) for x in raw.split(",") if x.strip()}))
        except ValueError:
            players = ()
        if not players or any(not 3 <= p <= 7 for p in players):
            reader.problems.append(_problem("explore.hook.bad-players", value=echo(raw)))
            players = d.players
        return cls(players, reader.choice("scoring", KACHUFUL_SCORINGS, d.scoring),
                   reader.int("deals", d.deals, 20, 5000), reader.int("seed", d.seed, 0, MAX_SEED))

    def query(self) -> dict[str, str]:
        return {"players": ",".join(map(str, self.players)), "scoring": self.scoring,
                "deals": str(self.deals), "seed": str(self.seed)}


@dataclass(frozen=True)
class LabInputs:
    game: str = "kachuful"
    lineup: tuple[str, ...] = ("basic", "basic", "basic", "basic")
    rules_a: str = ""
    rules_b: str = "hook_rule:false"
    games: int = 100
    seed: int = 1

    @classmethod
    def read(cls, reader: LinkReader) -> LabInputs:
        d = cls()
        game = reader.choice("game", GAMES, d.game)
        lo, hi = (3, 8) if game == "kachuful" else (2, 6)
        default_b = d.rules_b if game == "kachuful" else "forced_sweep:false"
        return cls(game, _levels(reader, "lineup", ",".join(d.lineup), lo, hi),
                   reader.text("a", ""), reader.text("b", default_b),
                   reader.int("games", d.games, 10, 5000), reader.int("seed", d.seed, 0, MAX_SEED))

    def query(self) -> dict[str, str]:
        return {"game": self.game, "lineup": ",".join(self.lineup), "a": self.rules_a,
                "b": self.rules_b, "games": str(self.games), "seed": str(self.seed)}


@dataclass(frozen=True)
class SweepInputs:
    players: int = 4
    # No card sweeps this table, so every play is allowed (C-8), and the trails and the
    # captures leave tables of different danger (tests/test_pages_access.py checks it).
    hand: str = "3C,AH,KH,3D,7C"
    table: str = "4D,AD,4C,6C"
    seen: str = ""
    next_hand: int = 5
    rules: str = ""
    seed: int = 1

    @classmethod
    def read(cls, reader: LinkReader) -> SweepInputs:
        d = cls()
        return cls(reader.int("players", d.players, 2, 6), reader.text("hand", d.hand),
                   reader.text("table", d.table), reader.text("seen", d.seen),
                   reader.int("next", d.next_hand, 1, 6), reader.text("rules", ""),
                   reader.int("seed", d.seed, 0, MAX_SEED))

    def query(self) -> dict[str, str]:
        return {"players": str(self.players), "hand": self.hand, "table": self.table,
                "seen": self.seen, "next": str(self.next_hand), "rules": self.rules,
                "seed": str(self.seed)}

    def parsed(self, labels: Sequence[str] = ("hand", "table", "seen")
               ) -> tuple[CardsParsed, CardsParsed, CardsParsed]:
        """The typed hand, table and seen cards, checked (``labels`` name them)."""
        parsed = (parse_cards_text(self.hand, labels[0], copies=2),
                  parse_cards_text(self.table, labels[1], copies=2, allow_empty=True),
                  parse_cards_text(self.seen, labels[2], copies=2, allow_empty=True))
        out = []
        for part, label, most in zip(parsed, labels, SWEEP_CARDS.values(), strict=True):
            if part.problem is None and len(part.cards) > most:
                part = CardsParsed(part.text, (), _problem(
                    "explore.cards.over", name=label, count=len(part.cards), most=most))
            out.append(part)
        return out[0], out[1], out[2]


@dataclass(frozen=True)
class FanInputs:
    game: str = "kachuful"
    lineup: tuple[str, ...] = ("basic", "basic", "random", "random")
    rules: str = ""
    games: int = 200
    seed: int = 1
    position: int = 1

    @classmethod
    def read(cls, reader: LinkReader) -> FanInputs:
        d = cls()
        game = reader.choice("game", GAMES, d.game)
        lo, hi = (3, 8) if game == "kachuful" else (2, 6)
        lineup = _levels(reader, "lineup", ",".join(d.lineup), lo, hi)
        return cls(game, lineup, reader.text("rules", ""),
                   reader.int("games", d.games, 10, 5000), reader.int("seed", d.seed, 0, MAX_SEED),
                   reader.int("position", d.position, 1, len(lineup)))

    def query(self) -> dict[str, str]:
        return {"game": self.game, "lineup": ",".join(self.lineup), "rules": self.rules,
                "games": str(self.games), "seed": str(self.seed), "position": str(self.position)}


# -- numbers as text ---------------------------------------------------------------------


def pct(x: float) -> str:
    """A share as a percentage with one decimal: ``0.1234`` → ``12.3%``."""
    return f"{100 * x:.1f}%"


def fmt_estimate(e: Estimate | None, percent: bool = False, digits: int = 2) -> str:
    """``12.3% (10.1–14.8%)`` or ``6.28 (6.01–6.55)``; exact values without interval."""
    if e is None:
        return "–"
    show: Callable[[float], str] = pct if percent else (lambda v: f"{v:.{digits}f}")
    if e.exact:
        return show(e.value)
    return f"{show(e.value)} ({show(e.low)} – {show(e.high)})"


# -- charts ------------------------------------------------------------------------------


def hook_chart(cells: Sequence[HookCell], metric: str, title: str, x_label: str,
               y_label: str, series_label: str) -> go.Figure:
    """One line per table size over the hand sizes, with the 95% interval as a band;
    ``metric`` names a :class:`HookCell` estimate (``bites``, ``misses_change``…)."""
    fig = go.Figure()
    for k, n in enumerate(sorted({c.players for c in cells})):
        mine = sorted((c for c in cells if c.players == n), key=lambda c: c.size)
        xs = [c.size for c in mine]
        est = [getattr(c, metric) for c in mine]
        colour = PALETTE[k % len(PALETTE)]
        fig.add_trace(go.Scatter(x=xs + xs[::-1], y=[e.high for e in est] + [e.low for e in est][::-1],
                                 fill="toself", fillcolor=_rgba(colour, 0.15), line={"width": 0},
                                 hoverinfo="skip", showlegend=False))
        fig.add_trace(go.Scatter(x=xs, y=[e.value for e in est], mode="lines+markers",
                                 name=series_label.format(players=n),
                                 line={"color": colour, "width": 2.5}))
    fig.update_layout(title={"text": title}, xaxis_title=x_label, yaxis_title=y_label,
                      hovermode="x unified", margin={"l": 10, "r": 10, "t": 70, "b": 10},
                      legend={"orientation": "h", "y": 1.02, "yanchor": "bottom", "x": 0})
    fig.update_xaxes(dtick=1)
    return fig


def _rgba(hex_colour: str, alpha: float) -> str:
    h = hex_colour.lstrip("#")
    return f"rgba({int(h[0:2], 16)},{int(h[2:4], 16)},{int(h[4:6], 16)},{alpha})"


def option_label(option: Option) -> str:
    """``9♦ takes 2♥ 7♠`` style short label (language-free: cards and arrows)."""
    if option.kind == "trail":
        return f"{option.card} →"
    return f"{option.card} ✕ " + " ".join(str(c) for c in option.take)


_KIND_COLOURS = {"trail": PALETTE[0], "capture": PALETTE[2], "sweep": PALETTE[1]}


def sweep_chart(card: Card, options: Sequence[Option], title: str, chance_label: str,
                cost_label: str, kind_labels: Mapping[str, str] | None = None) -> go.Figure:
    """For one card of the hand: each way to play it as a bar of the chance (0–100%) that
    the next player holds a card sweeping the table it leaves, coloured by what the play
    does (trail, capture, sweep; pale when C-8 forbids it), the average cost in the text."""
    labels = [option_label(o) for o in options]
    kinds = kind_labels or {}
    fig = go.Figure()
    fig.add_trace(go.Bar(
        y=labels, x=[100 * o.chance for o in options], orientation="h",
        marker={"color": [_KIND_COLOURS[o.kind] for o in options],
                "opacity": [1.0 if o.allowed else 0.35 for o in options]},
        text=[f"{pct(o.chance)} · {cost_label} {o.expected:+.1f}" for o in options],
        textposition="outside", cliponaxis=False, textfont={"size": 13},
        customdata=[kinds.get(o.kind, o.kind) for o in options],
        hovertemplate="%{y}: %{customdata}, %{x:.1f}%<extra></extra>", name=chance_label))
    # Labels of 12 px or more: plotly shrinks text that does not fit beside a bar unless
    # told not to (uniformtext), and its default sizes are smaller on a narrow column.
    fig.update_layout(title={"text": title, "font": {"size": 15}}, height=110 + 45 * len(options),
                      showlegend=False, font={"size": 13},
                      uniformtext={"minsize": 12, "mode": "show"},
                      xaxis={"title": {"text": chance_label, "font": {"size": 13}},
                             "range": [0, 135], "tickfont": {"size": 12}},
                      margin={"l": 10, "r": 10, "t": 50, "b": 10})
    fig.update_yaxes(tickfont={"size": 13})
    fig.update_yaxes(type="category", autorange="reversed")
    del card
    return fig


# -- the progress-bar runner (Streamlit) -------------------------------------------------


@dataclass
class Outcome:
    """What :func:`simulate` gives a page: the results so far, whether a Stop (or the
    CPU cap) cut the run short, and whether it was refused before it started."""

    results: list[Any] = field(default_factory=list)
    stopped: bool = False
    total: int = 0
    refused: bool = False


#: Finished runs, shared by every visitor (the same link shows its numbers at once):
#: key -> results, the oldest dropped past :data:`_DONE_ENTRIES`.
_DONE: dict[str, list[Any]] = {}
_DONE_ENTRIES = 24
_DONE_LOCK = threading.Lock()
#: How often the page's thread looks at its job (and gives Streamlit a chance to stop it).
POLL_S = 0.2


def _remember(key: str, results: list[Any]) -> None:
    with _DONE_LOCK:
        _DONE.pop(key, None)
        _DONE[key] = results
        while len(_DONE) > _DONE_ENTRIES:
            _DONE.pop(next(iter(_DONE)))


def _recall(key: str) -> list[Any] | None:
    with _DONE_LOCK:
        return _DONE.get(key)


def batch_size(total: int, least: int, batches: int = 16) -> int:
    """Units per batch: about ``batches`` batches, at least ``least`` units (kept for the
    benchmarks; the pages' chunks come from :func:`engine.sim.runner.chunk_units`).

    >>> batch_size(2000, 50), batch_size(100, 10), batch_size(30, 10)
    (125, 10, 10)
    """
    return max(least, -(-total // batches))


def cost_of(study: Any, units: int) -> Cost:
    """The request's estimate before it runs (:mod:`engine.sim.cost`)."""
    return Cost(units, float(study.unit_seconds()))


def budget_refusal(cost: Cost, lang: str, field_label: str, per: int = 1,
                   least: int = 1) -> str | None:
    """The sentence refusing a request over one visit's budget, or ``None`` when it fits:
    the estimate, the limit, and the largest value of the input ``field_label`` that fits
    (``per`` units for each of its steps; ``least`` its smallest allowed value).

    >>> budget_refusal(Cost(6000, 0.002), "en", "Samples")
    'This would need about 14 s of computing, and one request may use at most 8 s. Lower “Samples” to 3250 or fewer to run it.'
    >>> budget_refusal(Cost(10, 2.0), "pt", "Jogos", least=10) is not None
    True
    """
    from ui.i18n import t

    if cost.fits():
        return None
    need = f"{cost.seconds:,.0f}" if cost.seconds >= 10 else f"{cost.seconds:.1f}"
    limit = f"{cost.budget:g}"
    fit = cost.max_units() // max(1, per)
    label = f"“{field_label}”"
    if fit < least:
        return t("explore.budget.over-least", lang, need=need, limit=limit, field=label,
                 least=least)
    return t("explore.budget.over", lang, need=need, limit=limit, field=label, fit=fit)


def refuse_over_budget(study: Any, units: int, lang: str, field_label: str, per: int = 1,
                       least: int = 1) -> bool:
    """Show the refusal (``st.error``) and return True when the request is over budget."""
    import streamlit as st

    reason = budget_refusal(cost_of(study, units), lang, field_label, per, least)
    if reason is not None:
        st.error(reason)
        return True
    return False


def stop_key(prefix: str) -> str:
    return f"{prefix}.stop"


def request_stop(prefix: str, key: str) -> None:
    """Callback of a page's Stop button: the visitor's run of ``key`` is cancelled now and
    its units done are kept for the page (the callback runs before the rerun's script,
    which may start before the stopped run's thread has noticed)."""
    import streamlit as st

    st.session_state[stop_key(prefix)] = key
    sched = scheduler()
    partial: dict[str, list[Any]] = st.session_state.setdefault(f"{prefix}.partial", {})
    for job in sched.jobs(_owner()):
        sched.cancel(job)
        if job.tag == key:
            partial.clear()
            partial[key] = job.results()


def resume(prefix: str) -> None:
    """Callback of Continue: forget the stop."""
    import streamlit as st

    st.session_state.pop(stop_key(prefix), None)


def _owner() -> str:
    """The visitor's session (one running simulation each)."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx(suppress_warning=True)
    return ctx.session_id if ctx is not None else f"thread-{threading.get_ident()}"


def simulate(study: Any, total: int, batch: int | None, prefix: str, lang: str,
             label: str) -> Outcome:
    """Run ``study`` for ``total`` units with a progress bar and a Stop button.

    The run is a job of the server's :func:`~engine.sim.runner.scheduler` (small chunks,
    fair between visitors, one job per visitor). The page's thread waits for it in
    :data:`POLL_S` steps, moving the progress bar each time; that call is where Streamlit
    stops a script whose visitor reran, changed the inputs, left the page or closed the
    tab, and the ``finally`` below then cancels the job at once (its queued chunks are
    dropped, a running chunk ends within about :data:`~engine.sim.runner.CHUNK_CPU_S`).
    The units done so far are kept in the session: a Stop shows them with Continue, and a
    run of the same inputs picks up where the last one ended. Finished runs are kept for
    every visitor, so the same link shows the same numbers at once. ``batch`` is ignored
    (chunks follow the cost model).
    """
    import streamlit as st

    from ui.i18n import t

    del batch
    key = repr(study) + f"#{total}"
    partial_key = f"{prefix}.partial"
    partial: dict[str, list[Any]] = st.session_state.setdefault(partial_key, {})
    if st.session_state.get(stop_key(prefix)) == key:
        results = partial.get(key, [])
        if results:
            st.info(t("explore.stopped", lang, done=len(results), total=total))
        else:
            st.info(t("explore.stopped-empty", lang, total=total))
        st.button(t("explore.continue", lang), key=f"{prefix}.continue",
                  on_click=resume, args=(prefix,))
        return Outcome(results, True, total)
    st.session_state.pop(stop_key(prefix), None)
    done = _recall(key)
    if done is not None:
        partial.clear()
        partial[key] = list(done)
        return Outcome(list(done), False, total)
    prefix_results = list(partial.get(key, []))[:total]
    partial.clear()
    unit_s = float(study.unit_seconds())
    sched = scheduler()
    job = sched.submit(study, total, _owner(), chunk_units(unit_s, total, sched.workers),
                       start=len(prefix_results), prefix=prefix_results,
                       cap=HARD_CAP_CPU_S, tag=key)
    slot = st.empty()
    try:
        with slot.container():
            bar = st.progress(len(prefix_results) / max(1, total), text=label)
            st.button(t("explore.stop", lang), key=f"{prefix}.stop-button",
                      on_click=request_stop, args=(prefix, key))
            while not job.wait(POLL_S):
                bar.progress(job.done / total,
                             text=t("explore.progress", lang, label=label, done=job.done,
                                    total=total))
    finally:
        if not job.ended:
            sched.cancel(job)
        if len(job.results()) >= len(partial.get(key, ())):
            partial.clear()
            partial[key] = job.results()
    if job.error is not None:
        raise job.error
    slot.empty()
    results = job.results()
    if job.cut or len(results) < total:
        st.info(t("explore.budget.cut", lang, done=len(results), total=total,
                  limit=f"{HARD_CAP_CPU_S:g}"))
        return Outcome(results, True, total)
    _remember(key, results)
    return Outcome(results, False, total)


def sync_widgets(prefix: str, values: Mapping[str, Any]) -> None:
    """Put the URL's inputs into the widgets' state when the URL changed (a link was
    opened), before the widgets are drawn; otherwise leave what the visitor typed."""
    import streamlit as st

    marker = f"{prefix}._synced"
    signature = repr(sorted(values.items()))
    if st.session_state.get(marker) != signature:
        for name, value in values.items():
            st.session_state[f"{prefix}.{name}"] = value
        st.session_state[marker] = signature


def widget_values(prefix: str, names: Sequence[str]) -> dict[str, Any]:
    """The widgets' current values by input name."""
    import streamlit as st

    return {name: st.session_state.get(f"{prefix}.{name}") for name in names}
