"""The Krypkasino walkthrough page's own layer: its link, its outline and its helpers.

The steps come from the engine (:mod:`engine.walkthrough.krypkasino`: language-free
:class:`~engine.walkthrough.model.Step` values whose ``view`` is a
:class:`~engine.walkthrough.krypkasino.View`); this module decides no rule. It reads and
writes the page's link (scenario or seed, variant, step), folds runs of plain trails into
one page step, says a step's sentences and draws cards, the seats' status table, the
variant box (the registry's labels), where next and the score chart in the page's
language, players named by letter (``kw.*`` strings write ``{seat:seat}``). A step is
drawn by :mod:`ui.walkthrough.krypkasino_step` in the layout both walkthroughs share; the
controls and the "what happened / why" panel are those of :mod:`ui.walkthrough.view`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import parse_card, parse_cards
from engine.krypkasino.rules import KrypkasinoRules
from engine.registry import GAMES, MAX_SEED
from engine.walkthrough.krypkasino import GAME_KEYS, Board, CardTally, View, base_variant
from engine.walkthrough.model import Step, Walkthrough
from ui.cards import CardState, cards_html
from ui.i18n import t
from ui.walkthrough.view import say

__all__ = [
    "GAME_KEYS", "OPTIONS", "RANDOM", "VARIANT_KEYS", "Outline", "Selection", "base_variant",
    "cards", "collection_text", "draw_chart", "draw_where_next", "finished_scores", "fold",
    "hand_states", "link_params", "marked", "options_markdown", "outline", "read_link",
    "refusal_groups", "seat_name", "selection_from", "status_html", "step_sentences",
    "tally_text", "variant_box", "variant_text", "view_of", "scenario_menu", "random_inputs",
]

KWalk = Walkthrough[View]
#: The game's options in the registry: their labels, help and value labels.
OPTIONS = GAMES["krypkasino"]


# -- the page's link: scenario or seed, variant and step in the URL --------------------------
#: The scenario id of the random-deal mode (any seed, played by the basic player).
RANDOM = "random"
#: The variant options of RULES.md, in the order the page shows them.
VARIANT_KEYS: tuple[str, ...] = ("capture", "sweep_points", "double_sweep", "forced_sweep",
                                 "session")
CAPTURE_CHOICES: tuple[str, ...] = ("maximum", "maximal")
BOOL_CHOICES: tuple[str, ...] = ("true", "false")
SESSION_CHOICES: tuple[str, ...] = ("rotation", *(str(n) for n in range(1, 13)))
MAX_SWEEP_POINTS = 100
DEFAULT_SEED = 1
DEFAULT_PLAYERS = 2

VariantItems = tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class Selection:
    """What the page shows: a scenario (or :data:`RANDOM` with ``seed`` and ``players``)
    and the full variant in force (hashable, for the cache)."""

    scenario: str
    seed: int
    players: int
    variant: VariantItems

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.variant)


def variant_text(name: str, value: Any) -> str:
    """An option as the link writes it: ``true``/``false``, numbers, ``rotation``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def read_link(reader: Any, scenario_ids: Sequence[str],
              base_variants: Mapping[str, Mapping[str, Any]]) -> Selection:
    """The selection a link asks for; every bad value becomes its default and a problem
    in ``reader.problems`` (``reader`` is a :class:`ui.query.LinkReader`).

    >>> from ui.query import LinkReader
    >>> r = LinkReader("en", params={"scenario": "nope", "forced_sweep": "false",
    ...                              "sweep_points": "x"})
    >>> s = read_link(r, ["a", "b"], {})
    >>> s.scenario, s.options["forced_sweep"], s.options["sweep_points"], len(r.problems)
    ('a', False, 5, 2)
    """
    scenario = reader.choice("scenario", (*scenario_ids, RANDOM), scenario_ids[0])
    seed = reader.int("seed", DEFAULT_SEED, lo=0, hi=MAX_SEED) if scenario == RANDOM \
        else DEFAULT_SEED
    players = reader.int("players", DEFAULT_PLAYERS, lo=2, hi=6) if scenario == RANDOM \
        else DEFAULT_PLAYERS
    base = KrypkasinoRules.from_dict(dict(base_variants.get(scenario, {}))).to_dict()
    options = dict(base)
    options["capture"] = reader.choice("capture", CAPTURE_CHOICES, base["capture"])
    options["sweep_points"] = reader.int("sweep_points", base["sweep_points"], lo=0,
                                         hi=MAX_SWEEP_POINTS)
    for name in ("double_sweep", "forced_sweep"):
        options[name] = reader.choice(name, BOOL_CHOICES, variant_text(name, base[name])) == "true"
    session = reader.choice("session", SESSION_CHOICES, variant_text("session", base["session"]))
    options["session"] = session if session == "rotation" else int(session)
    return Selection(scenario, seed, players, tuple((k, options[k]) for k in VARIANT_KEYS))


def selection_from(state: Mapping[str, Any], key: str) -> Selection:
    """The selection the page's widgets hold (``<key>.scenario``, ``<key>.capture`` ...)."""
    session = state[f"{key}.session"]
    chosen = {"capture": state[f"{key}.capture"], "sweep_points": int(state[f"{key}.sweep_points"]),
              "double_sweep": bool(state[f"{key}.double_sweep"]),
              "forced_sweep": bool(state[f"{key}.forced_sweep"]),
              "session": session if session == "rotation" else int(session)}
    return Selection(state[f"{key}.scenario"], int(state.get(f"{key}.seed", DEFAULT_SEED)),
                     int(state.get(f"{key}.players", DEFAULT_PLAYERS)),
                     tuple((k, chosen[k]) for k in VARIANT_KEYS))


def link_params(selection: Selection, base_variant: Mapping[str, Any],
                step: int) -> dict[str, str | None]:
    """The query that reproduces ``selection`` at ``step`` (1-based): variant options only
    where they differ from the scenario's own (``None`` removes a key)."""
    base = KrypkasinoRules.from_dict(dict(base_variant)).to_dict()
    random = selection.scenario == RANDOM
    out: dict[str, str | None] = {
        "scenario": selection.scenario,
        "seed": str(selection.seed) if random else None,
        "players": str(selection.players) if random else None,
    }
    for name, value in selection.variant:
        out[name] = None if value == base[name] else variant_text(name, value)
    out["step"] = str(step)
    return out


def tally_text(tally: CardTally) -> str:
    """The count of one pile as arithmetic: ``"3 (10♦) + 2 (2♠) + 5 × 1 = 10"``.

    >>> tally_text(CardTally(0, (("TD", 1, 3), ("AS", 2, 2), ("5S", 2, 1), ("AH", 1, 1)), 10, 20))
    '3 (10♦) + 2 × 2 (A♠) + 3 × 1 = 10'
    """
    parts = []
    ones = 0
    for code, copies, points in tally.cards:
        if points == 1:
            ones += copies
        else:
            card = str(parse_card(code))
            parts.append(f"{points} ({card})" if copies == 1 else f"{copies} × {points} ({card})")
    if ones:
        parts.append(f"{ones} × 1")
    return f"{' + '.join(parts) or '0'} = {tally.total}"


@dataclass(frozen=True)
class Outline:
    """What a page needs of a whole walkthrough besides the step it shows: small enough to
    fetch from a cache on every run."""

    count: int
    players: int
    deals: int
    truncated: bool
    deal_scores: tuple[tuple[int, ...], ...]
    score_steps: tuple[int, ...]  # the indices of the score steps
    ids: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    nths: tuple[int, ...] = ()
    asks: tuple[bool, ...] = ()
    rules: tuple[str, ...] = ()  # the rules the steps show (asked, refused, played)
def outline(walkthrough: KWalk) -> Outline:
    steps = walkthrough.steps
    return Outline(len(steps), walkthrough.players, int(walkthrough.get("deals", 1)),
                   bool(walkthrough.get("truncated", False)),
                   tuple(walkthrough.get("deal_scores", ())),
                   tuple(i for i, s in enumerate(steps) if s.kind == "score"),
                   tuple(s.id for s in steps), tuple(s.kind for s in steps),
                   tuple(s.view.nth for s in steps),
                   tuple(s.your_move is not None for s in steps),
                   tuple(sorted(walkthrough.rules_seen(), key=lambda r: int(r.split("-")[1]))))


#: The fewest plain trails in a row that the page folds into one step.
FOLD_AT = 3


def fold(shape: Outline, has_text: Callable[[int], bool]) -> tuple[tuple[int, int], ...]:
    """The steps as the page numbers them: ``(first, last)`` indices (0-based, inclusive).
    A run of at least :data:`FOLD_AT` plain trails (no your-move question, no lesson text:
    ``has_text(i)``) becomes one step that the page can open; every other step is its own.

    >>> shape = Outline(6, 2, 1, False, (), (), ("a",) * 6,
    ...                 ("deal", "trail", "trail", "trail", "capture", "trail"), (1,) * 6,
    ...                 (False,) * 6)
    >>> fold(shape, lambda i: False)
    ((0, 0), (1, 3), (4, 4), (5, 5))
    """
    out: list[tuple[int, int]] = []
    i = 0
    n = shape.count

    def plain(k: int) -> bool:
        return (k < len(shape.kinds) and shape.kinds[k] == "trail"
                and not (shape.asks and shape.asks[k]) and not has_text(k))

    while i < n:
        j = i
        while j < n and plain(j):
            j += 1
        if j - i >= FOLD_AT:
            out.append((i, j - 1))
            i = j
            continue
        out.append((i, i))
        i += 1
    return tuple(out)


def view_of(groups: Sequence[tuple[int, int]], index: int) -> int:
    """The page's step (0-based) that shows the walkthrough's step ``index``."""
    for v, (first, last) in enumerate(groups):
        if first <= index <= last:
            return v
    return len(groups) - 1


def hand_states(step: View) -> list[CardState]:
    """How each card of the hand before a play is drawn: ★ (highlight) the card played, ✓
    (legal) a card that may be played, faded (dimmed) a card C-8 forbids."""
    left = Counter([step.card] if step.card else [])
    out: list[CardState] = []
    for code in step.hand_before:
        choice = step.choice(code)
        if left[code] > 0:
            left[code] -= 1
            out.append("highlight")
        elif choice is not None and choice.allowed:
            out.append("legal")
        else:
            out.append("dimmed")
    return out


def finished_scores(walkthrough: KWalk | Outline, index: int) -> list[tuple[int, ...]]:
    """The scores of the deals finished at step ``index`` (0-based), for the chart."""
    shape = walkthrough if isinstance(walkthrough, Outline) else outline(walkthrough)
    done = sum(1 for i in shape.score_steps if i <= index)
    return [tuple(s) for s in shape.deal_scores[:done]]


# -- drawing -------------------------------------------------------------------------------
def cards(codes: Sequence[str], lang: str, four: bool, states: Sequence[CardState] | None = None,
          layout: str = "row", caption: str | None = None,
          hidden: bool = False) -> str:
    shown = [None] * len(codes) if hidden else parse_cards(list(codes))
    return cards_html(shown, lang=lang, states=states, layout=layout,  # type: ignore[arg-type]
                      four_colour=four, caption=caption, label=caption)


def marked(codes: Sequence[str], picked: Sequence[str], state: CardState = "highlight",
           other: CardState = "normal") -> list[CardState]:
    """States by position: the first copies of ``picked`` get ``state``, the rest ``other``."""
    left = Counter(picked)
    out: list[CardState] = []
    for code in codes:
        if left[code] > 0:
            left[code] -= 1
            out.append(state)
        else:
            out.append(other)
    return out


def seat_name(seat: int, lang: str) -> str:
    return t("kw.seat", lang, seat=seat)


def collection_text(codes: Sequence[str]) -> str:
    return ", ".join(str(c) for c in parse_cards(list(codes))) or "—"


def refusal_groups(step: View, lang: str) -> list[tuple[str, list[str]]]:
    """The engine's refusals, one per distinct sentence, with the cards it refuses."""
    groups: dict[str, list[str]] = {}
    for refusal in step.refusals:
        groups.setdefault(refusal.sentence(lang), []).append(refusal.card or "")
    return list(groups.items())


def options_markdown(step: View, lang: str) -> str:
    """What each card of the hand could do (the engine's card options), as a list."""
    lines = []
    for choice in step.choices:
        if choice.captures:
            parts = [t("kw.option.takes", lang, choices=" / ".join(
                "{" + collection_text(c) + "}" for c in choice.collections))]
        else:
            parts = [t("kw.option.trail", lang)]
        if choice.sweeps:
            parts.append(t("kw.option.double" if choice.double else "kw.option.sweeps", lang))
        if not choice.allowed:
            parts.append(t("kw.option.refused", lang))
        lines.append(f"- **{collection_text([choice.card])}**: " + " · ".join(parts))
    return "\n".join(lines)


def status_html(board: Board, lang: str) -> str:
    """The seats' status table as HTML in a labelled, focusable box that scrolls sideways
    on its own on a phone (seven columns do not fit 390 px)."""
    from ui.play.table import table_html

    head = [t(f"kw.col.{c}", lang) for c in ("seat", "hand", "captured", "card-points",
                                              "sweep-points", "score", "total")]
    rows = []
    for seat in range(board.players):
        name = seat_name(seat, lang)
        if seat == board.dealer:
            name += f" ({t('kw.dealer', lang)})"
        if seat == board.to_play:
            name = f"{name} ← {t('kw.to-play', lang)}"
        rows.append([name, str(len(board.hands[seat])), str(board.captured[seat]),
                     str(board.card_points[seat]), f"{board.sweep_points[seat]:+d}",
                     str(board.scores[seat]), str(board.totals[seat])])
    return table_html(head, rows, t("kw.col.score", lang))


def variant_box(options: Mapping[str, Any], base: Mapping[str, Any], lang: str,
                sync: Callable[[str, object], str], on_change: Callable[[bool], None],
                on_reset: Callable[[], None]) -> None:
    """The variant expander: each option with the registry's label, help and value labels
    (open when the variant differs from the scenario's own ``base``); ``sync(name, value)``
    makes a widget show the link's value and gives its key."""
    import streamlit as st

    own = KrypkasinoRules.from_dict(dict(base)).to_dict()
    changed = sum(options[k] != own[k] for k in VARIANT_KEYS)
    label = t("kw.variant", lang) + ": " + (t("kw.variant.changed", lang, count=changed)
                                           if changed else t("kw.variant.default", lang))
    with st.expander(label, expanded=bool(changed), icon=":material/tune:"):
        st.caption(t("kw.variant.help", lang))
        cols = st.columns(3)
        for i, name in enumerate(VARIANT_KEYS):
            option = OPTIONS.option(name)
            value, box = options[name], cols[min(i, 4) // 2]
            common: dict[str, Any] = {"help": option.help(lang), "on_change": on_change,
                                      "args": (False,)}
            if option.kind == "flag":
                box.toggle(option.label(lang), key=sync(name, value), **common)
            elif option.kind == "number":
                box.number_input(option.label(lang), min_value=0, max_value=MAX_SWEEP_POINTS,
                                 step=1, key=sync(name, value), **common)
            else:
                choices = CAPTURE_CHOICES if name == "capture" else SESSION_CHOICES

                def shown(v: str, o: Any = option) -> str:
                    return str(o.value_label(int(v) if v.isdigit() else v, lang))

                box.selectbox(option.label(lang), choices, format_func=shown,
                              key=sync(name, variant_text(name, value)), **common)
        st.button(t("kw.variant.reset", lang), key="kw.reset", on_click=on_reset,
                  disabled=not changed)


def step_sentences(step: Step[View], lang: str) -> tuple[list[str], str | None]:
    """What happened at a step in ``lang`` (the engine's sentences, the basic player's
    reason), and the engine's refusal of the scenario's own play under the variant."""
    here = step.view
    happened = [e.sentence(lang) for e in here.events]
    if step.bot_reason is not None:
        happened.append(t("kw.bot", lang) + f" «{say(step.bot_reason, lang)}»")
    if here.recorded_refusal is None:
        return happened, None
    return happened, (t("kw.recorded-refused", lang,
                        card=collection_text([here.recorded_card or ""]))
                      + " " + here.recorded_refusal.sentence(lang) + " "
                      + t("kw.recorded-refused.after", lang))


def draw_where_next(selection: Selection, shape: Outline, menu: Sequence[Any], lang: str,
                    query: str) -> None:
    """At the last step: where next (play this deal, a quiz on the rules it showed, the
    next scenario of ``menu``, the scenarios in order)."""
    from ui.walkthrough import your_move as ym

    ids = [s.id for s in menu]
    at = ids.index(selection.scenario) if selection.scenario in ids else None
    following = menu[at + 1] if at is not None and at + 1 < len(menu) else None
    seed = selection.seed if selection.scenario == RANDOM \
        else menu[at].data.get("seed") if at is not None else None
    ym.draw_next(ym.where_next(
        "krypkasino", shape.players, dict(selection.variant),
        None if seed is None else int(seed), shape.rules,
        (following.id, following.title_in(lang)) if following else None,
        "krypkasino_walkthrough"), lang, query)


def draw_chart(shape: Outline, last: int, lang: str, key: str) -> None:
    """The cumulative scores of a session's finished deals (or a note until one ends)."""
    import streamlit as st

    from ui.charts import score_progression

    if shape.deals <= 1:
        return
    finished = finished_scores(shape, last)
    if finished:
        st.plotly_chart(score_progression(
            [seat_name(s, lang) for s in range(shape.players)], finished,
            t("kw.chart.title", lang), t("chart.deal", lang), t("chart.total", lang)),
            width="stretch", key=key)
    else:
        st.caption(t("kw.chart.wait", lang))


def scenario_menu() -> tuple[list[Any], list[tuple[str, str]]]:
    """The usable scenarios in menu order, and the files that cannot be used (id, why)."""
    from engine.errors import RecordError
    from tutorials import scenarios as scen

    good, broken = [], []
    for sid in scen.ids("krypkasino"):
        try:
            scenario = scen.load("krypkasino", sid, GAME_KEYS)
            base_variant(scenario.data)
            good.append(scenario)
        except (scen.ScenarioError, RecordError) as exc:
            broken.append((sid, getattr(exc, "problem", str(exc))))
    return sorted(good, key=lambda s: (s.order, s.id)), broken


def random_inputs(columns: Sequence[Any], selection: Selection, lang: str,
                  sync: Callable[[str, Any], str], on_change: Callable[[bool], None]) -> None:
    """A random deal's seed and player count, in two columns of the settings row."""
    columns[0].number_input(t("kw.seed", lang), min_value=0, max_value=MAX_SEED, step=1,
                            key=sync("seed", selection.seed), help=t("kw.seed.help", lang),
                            on_change=on_change, args=(True,))
    columns[1].selectbox(t("kw.players", lang), list(OPTIONS.players.values),
                         key=sync("players", selection.players), on_change=on_change,
                         args=(True,))
