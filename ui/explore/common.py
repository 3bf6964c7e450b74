"""Helpers of the Explore pages: reading their inputs from the URL (and writing them
back) through the link codec (:mod:`ui.link`), checking typed cards, the budget check and
chart builders; the progress-bar runner is :mod:`ui.explore.run`.

Every explorer keeps its inputs in the URL query, so a link reproduces the same numbers
(the seed is an input). Reading never fails: a bad value gives a :class:`~ui.query.Problem`
(a sentence for ``st.warning``) and a usable default; typed cards that cannot be used
(unknown codes, a card twice, more cards than the hand holds) give a problem and no
computation. Games, bot levels, player ranges, options and the seed limit come from
:mod:`engine.registry`.

>>> parsed = parse_cards_text("AS, kd 10h", "hand", size=3)
>>> [c.code for c in parsed.cards], parsed.problem is None
(['AS', 'KD', 'TH'], True)
>>> parse_cards_text("AS AS", "hand").problem.text("en")
'The hand names A♠ twice; each card is in the deck once.'
>>> lab = LabInputs.read(LinkReader("en", params={"b": "hook_rule:false,max_cards:5"}))
>>> lab.options_b, lab.query()["b"]
({'max_cards': 5, 'hook_rule': False}, 'max_cards:5,hook_rule:false')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import plotly.graph_objects as go

from engine.cards import Card, parse_card
from engine.errors import RulesLabError
from engine.kachuful.record import TRUMP_CODES
from engine.kachuful.rules import KachufulRules, largest_hand
from engine.krypkasino.rules import deal_sizes
from engine.registry import BOT_LEVELS, GAME_IDS, GAMES
from lab.cost import Cost
from lab.stats import Estimate
from lab.studies.hook import HookCell
from lab.studies.sweep_danger import Option
from lab.studies.variant_lab import rules_of
from ui import link
from ui.charts import PALETTE, tidy, wrap
from ui.i18n import chart_separators, number, percent, t
from ui.query import LinkReader, Problem
from ui.safe import echo

__all__ = [
    "CardsParsed", "FanInputs", "HookInputs", "LabInputs", "OddsInputs", "SweepInputs",
    "budget_refusal", "encode_cards", "fmt_estimate", "hook_chart", "option_label",
    "parse_cards_text", "pct", "problem", "refuse_over_budget", "rules_problem",
    "sweep_chart",
]

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
#: Hand odds: the trump of the hand (a suit or no trump), as records write it.
TRUMPS = TRUMP_CODES
#: Hand odds: the bidders it can measure (a random bidder has no odds worth showing).
ODDS_LEVELS = tuple(level for level in BOT_LEVELS if level != "random")
#: Sweep danger's options: the ones a single play depends on (not the session's length).
SWEEP_OPTIONS = ("capture", "sweep_points", "double_sweep", "forced_sweep")
KACHUFUL = GAMES["kachuful"]
KRYPKASINO = GAMES["krypkasino"]
#: The hook's table sizes: the usual tables (K-1).
HOOK_PLAYERS = tuple(range(KACHUFUL.players.min, KACHUFUL.players.usual_max + 1))
SCORINGS = tuple(KACHUFUL.option("scoring").choices)
#: Sweep danger: the most cards the next player may hold (the largest first hand, C-2).
NEXT_MOST = max(deal_sizes(n).hand for n in KRYPKASINO.players.values)

Pairs = tuple[tuple[str, Any], ...]


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



def rules_problem(game: str, options: Mapping[str, Any], lang: str,
                  players: int | None = None) -> str | None:
    """The engine's sentence when ``options`` are not a valid variant (for a table of
    ``players`` when given), else ``None``."""
    try:
        rules = rules_of(game, options)
        if players is not None:
            GAMES[game].check_table(players, rules)
    except RulesLabError as exc:
        return echo(exc.localized(lang), 300)  # the sentence may quote the link's value
    except (TypeError, ValueError):  # e.g. an option given twice in a form
        from ui.i18n import t

        return t("access.rules.invalid", lang)
    return None




def _pairs(options: Mapping[str, Any]) -> Pairs:
    return tuple(options.items())


# -- each explorer's inputs --------------------------------------------------------------


@dataclass(frozen=True)
class OddsInputs:
    """Kachuful hand odds: the hand (typed), its size, trump, table, the bidding position
    (1 = first to bid), scoring, hook, the bidder's level, samples and seed."""

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
        players = link.read_players(reader, "kachuful", d.players)
        return cls(
            hand=reader.text("hand", d.hand),
            size=reader.int("size", d.size, 1, largest_hand(players)),
            trump=reader.choice("trump", TRUMPS, d.trump),
            players=players,
            position=reader.int("position", d.position, 1, players),
            scoring=reader.choice("scoring", SCORINGS, d.scoring),
            hook=reader.choice("hook", ("on", "off"), d.hook),
            level=reader.choice("level", ODDS_LEVELS, d.level),
            samples=reader.int("samples", d.samples, *SAMPLES),
            seed=link.read_seed(reader, d.seed),
        )

    def query(self) -> dict[str, str]:
        return {k: str(v) for k, v in self.__dict__.items()}

    def rules(self) -> KachufulRules:
        return KachufulRules(scoring=self.scoring, hook_rule=self.hook == "on")

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
        if not players or any(p not in HOOK_PLAYERS for p in players):
            reader.problems.append(problem("explore.hook.bad-players", value=echo(raw),
                                           lo=HOOK_PLAYERS[0], hi=HOOK_PLAYERS[-1]))
            players = d.players
        return cls(players, reader.choice("scoring", SCORINGS, d.scoring),
                   reader.int("deals", d.deals, *HOOK_DEALS), link.read_seed(reader, d.seed))

    def query(self) -> dict[str, str]:
        return {"players": ",".join(map(str, self.players)), "scoring": self.scoring,
                "deals": str(self.deals), "seed": str(self.seed)}


#: Each game's line-up and rule sets A and B of the variant lab when the link gives none
#: (as links have always read them).
LAB_DEFAULTS: dict[str, tuple[tuple[str, ...], str, str]] = {
    g.id: (g.studies.lineup, "", g.studies.rules_b) for g in GAMES.values()}
#: What choosing a game in the lab's menu starts with (Krypkasino: one-deal sessions,
#: so the first numbers come quickly).
LAB_START: dict[str, tuple[tuple[str, ...], str, str]] = {
    g.id: (g.studies.lineup, g.studies.start_a, g.studies.start_b) for g in GAMES.values()}


@dataclass(frozen=True)
class LabInputs:
    """The variant lab: the game, the bots' line-up, rule sets A and B (the options that
    differ from the usual rules), games and seed."""

    game: str = "kachuful"
    lineup: tuple[str, ...] = ("basic", "basic", "basic", "basic")
    rules_a: Pairs = ()
    rules_b: Pairs = (("hook_rule", False),)
    games: int = 100
    seed: int = 1

    @classmethod
    def read(cls, reader: LinkReader) -> LabInputs:
        game = reader.choice("game", GAME_IDS, cls.game)
        lineup, a, b = LAB_DEFAULTS[game]
        lineup = link.read_lineup(reader, game, lineup)
        n = len(lineup)
        return cls(game, lineup,
                   _pairs(link.read_rules_text(reader, game, "a", a, players=n)),
                   _pairs(link.read_rules_text(reader, game, "b", b, players=n)),
                   reader.int("games", cls.games, *GAMES_RANGE), link.read_seed(reader, cls.seed))

    @property
    def options_a(self) -> dict[str, Any]:
        return dict(self.rules_a)

    @property
    def options_b(self) -> dict[str, Any]:
        return dict(self.rules_b)

    def query(self) -> dict[str, str]:
        return {"game": self.game, "lineup": link.lineup_text(self.lineup),
                "a": link.rules_text(self.game, self.options_a),
                "b": link.rules_text(self.game, self.options_b),
                "games": str(self.games), "seed": str(self.seed)}


@dataclass(frozen=True)
class SweepInputs:
    players: int = 4
    # No card sweeps this table, so every play is allowed (C-8), and the trails and the
    # captures leave tables of different danger (tests/test_pages_access.py checks it).
    hand: str = "3C,AH,KH,3D,7C"
    table: str = "4D,AD,4C,6C"
    seen: str = ""
    next_hand: int = 5
    rules: Pairs = ()
    seed: int = 1

    @classmethod
    def read(cls, reader: LinkReader) -> SweepInputs:
        d = cls()
        players = link.read_players(reader, "krypkasino", d.players)
        return cls(players, reader.text("hand", d.hand),
                   reader.text("table", d.table), reader.text("seen", d.seen),
                   reader.int("next", d.next_hand, 1, NEXT_MOST),
                   _pairs(link.read_rules_text(reader, "krypkasino", "rules", players=players)),
                   link.read_seed(reader, d.seed))

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.rules)

    def query(self) -> dict[str, str]:
        return {"players": str(self.players), "hand": self.hand, "table": self.table,
                "seen": self.seen, "next": str(self.next_hand),
                "rules": link.rules_text("krypkasino", self.options), "seed": str(self.seed)}

    def parsed(self, labels: Sequence[str] = ("hand", "table", "seen")
               ) -> tuple[CardsParsed, CardsParsed, CardsParsed]:
        """The typed hand, table and seen cards, checked (``labels`` name them)."""
        parsed = (parse_cards_text(self.hand, labels[0], copies=2),
                  parse_cards_text(self.table, labels[1], copies=2, allow_empty=True),
                  parse_cards_text(self.seen, labels[2], copies=2, allow_empty=True))
        out = []
        for part, label, most in zip(parsed, labels, SWEEP_CARDS.values(), strict=True):
            if part.problem is None and len(part.cards) > most:
                part = CardsParsed(part.text, (), problem(
                    "explore.cards.over", name=label, count=len(part.cards), most=most))
            out.append(part)
        return out[0], out[1], out[2]


#: Each game's line-up of the score fan when the link gives none.
FAN_LINEUPS: dict[str, tuple[str, ...]] = {g.id: g.studies.fan_lineup for g in GAMES.values()}


@dataclass(frozen=True)
class FanInputs:
    """The score fan: game, line-up, the options that differ from the usual rules, games,
    seed, and the seat whose fan is drawn (0-based; older links said ``position``, from 1)."""

    game: str = "kachuful"
    lineup: tuple[str, ...] = FAN_LINEUPS["kachuful"]
    rules: Pairs = ()
    games: int = 200
    seed: int = 1
    seat: int = 0

    @classmethod
    def read(cls, reader: LinkReader) -> FanInputs:
        game = reader.choice("game", GAME_IDS, cls.game)
        lineup = link.read_lineup(reader, game, FAN_LINEUPS[game] if game != cls.game
                                  else cls.lineup)
        rules = link.read_rules_text(reader, game, "rules", players=len(lineup))
        return cls(game, lineup, _pairs(rules), reader.int("games", cls.games, *GAMES_RANGE),
                   link.read_seed(reader, cls.seed),
                   link.read_seat(reader, len(lineup), legacy_key="position"))

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.rules)

    def query(self) -> dict[str, str | None]:
        return {"game": self.game, "lineup": link.lineup_text(self.lineup),
                "rules": link.rules_text(self.game, self.options), "games": str(self.games),
                "seed": str(self.seed), "seat": str(self.seat), "position": None}


# -- numbers as text ---------------------------------------------------------------------


def pct(x: float, lang: str = "en") -> str:
    """A share as a percentage with one decimal in the language's form: ``0.1234`` →
    ``12.3%`` (en), ``12,3 %`` (es, pt)."""
    return percent(x, lang, 1)


def fmt_estimate(e: Estimate | None, percent: bool = False, digits: int = 2,
                 lang: str = "en") -> str:
    """``12.3% (10.1–14.8%)`` or ``6.28 (6.01–6.55)``; exact values without interval;
    decimals in the language's form (``6,28`` in es and pt)."""
    if e is None:
        return "–"
    show: Callable[[float], str] = ((lambda v: pct(v, lang)) if percent
                                    else (lambda v: number(v, lang, digits)))
    if e.exact:
        return show(e.value)
    if show(e.low) == show(e.high):  # every game gave the same value: no interval to show
        return t("explore.estimate.constant", lang, value=show(e.value))
    return f"{show(e.value)} ({show(e.low)} – {show(e.high)})"


def is_clear(diff: Estimate) -> bool:
    """Whether a difference is clear at its sample size: its 95% interval leaves out zero
    (an exact difference is clear unless it is zero).

    >>> is_clear(Estimate(0.4, 0.1, 0.7, 100)), is_clear(Estimate(0.4, -0.1, 0.9, 100))
    (True, False)
    """
    if diff.exact:
        return diff.value != 0
    return diff.low > 0 or diff.high < 0


def takeaway(lead: str, diff: Estimate, lang: str, percent: bool = False,
             digits: int = 2) -> str:
    """What a result means, in one sentence from its numbers: ``lead`` (what changed, by
    how much) and whether the difference is clear at this sample size or may be chance."""
    show: Callable[[float], str] = ((lambda v: pct(v, lang)) if percent
                                    else (lambda v: number(v, lang, digits)))
    if diff.exact:
        return lead
    verdict = "explore.takeaway.clear" if is_clear(diff) else "explore.takeaway.unclear"
    return f"{lead} {t(verdict, lang, low=show(diff.low), high=show(diff.high))}"


def lab_takeaway(figures: Sequence[Any], percent_keys: Collection[str], lang: str) -> str | None:
    """The variant lab's takeaway: the figure whose difference between the two rule sets is
    the clearest (largest against its interval), by how much B is higher or lower than A,
    and whether that is clear at this sample size. ``None`` without a difference."""
    with_diff = [f for f in figures if f.diff is not None]
    if not with_diff:
        return None
    best = max(with_diff, key=lambda f: abs(f.diff.value) / max(f.diff.half_width, 1e-9))
    pc = best.key in percent_keys
    amount = pct(abs(best.diff.value), lang) if pc else number(abs(best.diff.value), lang, 2)
    lead = t("explore.lab.takeaway." + ("higher" if best.diff.value >= 0 else "lower"), lang,
             figure=t(f"explore.lab.fig.{best.key}", lang), amount=amount)
    return takeaway(lead, best.diff, lang, percent=pc)


def odds_takeaway(bids: Sequence[Any], best: int | None, lang: str) -> str | None:
    """The hand odds' takeaway: how much more the best bid scores on average than the next
    best, and whether that is clear at this sample size (their intervals combined as
    independent, a cautious reading of the same deals). ``None`` with fewer than two bids."""
    scored = sorted((b for b in bids if b.score is not None), key=lambda b: -b.score.value)
    if best is None or len(scored) < 2:
        return None
    top, second = scored[0], scored[1]
    gap = top.score.value - second.score.value
    half = (top.score.half_width ** 2 + second.score.half_width ** 2) ** 0.5
    exact = top.score.exact and second.score.exact
    diff = Estimate(gap, gap - half, gap + half, min(top.score.n, second.score.n), exact)
    lead = t("explore.odds.takeaway", lang, best=top.bid, second=second.bid,
             amount=number(gap, lang, 2))
    return takeaway(lead, diff, lang)


def sweep_takeaway(options: Sequence[Option], lang: str) -> str | None:
    """The sweep danger's takeaway: the allowed play that leaves the next player the least
    chance to sweep, against the riskiest (exact chances: no interval)."""
    allowed = [o for o in options if o.allowed]
    if not allowed:
        return None
    safest = min(allowed, key=lambda o: (o.chance, o.points + o.sweep))
    riskiest = max(allowed, key=lambda o: o.chance)
    if riskiest.chance == safest.chance:
        return t("explore.sweep.takeaway.same", lang, pct=pct(safest.chance, lang))
    return t("explore.sweep.takeaway", lang, safe=option_label(safest),
             pct=pct(safest.chance, lang), risky=option_label(riskiest),
             risk=pct(riskiest.chance, lang))


def fan_takeaway(lines: Sequence[Sequence[float]], seat: str, lang: str) -> str | None:
    """The score fan's takeaway: where the followed seat's final total lands in 8 games out
    of 10, and the median (one game says little about a player's strength)."""
    from ui.charts import quantile

    finals = sorted(line[-1] for line in lines if line)
    if len(finals) < 2:
        return None
    return t("explore.fan.takeaway", lang, seat=seat,
             low=number(quantile(finals, 0.1), lang, 0), high=number(quantile(finals, 0.9), lang, 0),
             median=number(quantile(finals, 0.5), lang, 0))


def draw_takeaway(sentence: str) -> None:
    """The explorer's last word: what its result means."""
    import streamlit as st

    from ui.safe import escape_markdown

    st.info(escape_markdown(sentence), icon=":material/lightbulb:")


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
    fig.update_layout(xaxis_title=x_label, yaxis_title=y_label, hovermode="x unified")
    fig.update_xaxes(dtick=1)
    return tidy(fig, title)


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
                cost_label: str, kind_labels: Mapping[str, str] | None = None,
                lang: str = "en") -> go.Figure:
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
        text=[f"{pct(o.chance, lang)} · {cost_label} {'+' if o.expected >= 0 else ''}"
              f"{number(o.expected, lang, 1)}" for o in options],
        textposition="outside", cliponaxis=False, textfont={"size": 13},
        customdata=[kinds.get(o.kind, o.kind) for o in options],
        hovertemplate="%{y}: %{customdata}, %{x:.1f}%<extra></extra>", name=chance_label))
    # Labels of 12 px or more: plotly shrinks text that does not fit beside a bar unless
    # told not to (uniformtext), and its default sizes are smaller on a narrow column.
    fig.update_layout(separators=chart_separators(lang))
    tidy(fig, title)
    fig.update_layout(height=110 + 45 * len(options) + 22 * wrap(title).count("<br>"),
                      showlegend=False, font={"size": 13},
                      uniformtext={"minsize": 12, "mode": "show"},
                      xaxis={"title": {"text": chance_label, "font": {"size": 13}},
                             "range": [0, 135], "tickfont": {"size": 12}})
    fig.update_yaxes(tickfont={"size": 13})
    fig.update_yaxes(type="category", autorange="reversed")
    del card
    return fig



# -- the budget of a request ------------------------------------------------------------


def cost_of(study: Any, units: int) -> Cost:
    """The request's estimate before it runs (:mod:`lab.cost`)."""
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
    need = number(cost.seconds, lang, 0 if cost.seconds >= 10 else 1)
    limit = number(cost.budget, lang, 0 if float(cost.budget).is_integer() else 1)
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


