"""Plotly chart builders: pure functions from numbers to a ``go.Figure``.

Pages show them with ``st.plotly_chart(fig, width="stretch")``. Labels come in as
arguments (already translated with :func:`ui.i18n.t`), so the builders know no language.

>>> fig = score_progression(["Ana", "Bo"], [[11, 0], [0, 12]], "Scores", "Hand")
>>> [list(tr.y) for tr in fig.data]
[[11, 11], [0, 12]]
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import plotly.graph_objects as go

#: Series colours (colour-blind safe, Okabe–Ito), the same as the theme's chart colours.
PALETTE: tuple[str, ...] = (
    "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#8C6D31", "#555555",
)
_DASHES = ("solid", "dash", "dot", "dashdot", "longdash", "longdashdot", "solid", "dash")
_MARKERS = ("circle", "square", "diamond", "triangle-up", "x", "star", "cross", "hexagon")


#: Characters per title line: a 390 px phone holds about this many at Plotly's title size.
TITLE_WIDTH = 38
#: The CSS (put on every page, ``streamlit_app.py``) that hides Plotly's toolbar on a phone,
#: where it covered the titles; the chart still zooms with two fingers.
PHONE_CSS = ("<style>@media (max-width: 640px) { [data-testid='stPlotlyChart'] .modebar-container"
             " { display: none !important; } }</style>")


def wrap(text: str, width: int = TITLE_WIDTH) -> str:
    """A title broken into lines of at most ``width`` characters (Plotly's ``<br>``), so
    it is not cut off on a phone.

    >>> wrap("Player A (basic) over 200 games of the classic schedule", 20)
    'Player A (basic)<br>over 200 games of<br>the classic schedule'
    """
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "<br>".join(lines)


def tidy(fig: go.Figure, title: str) -> go.Figure:
    """What every chart of the site needs on a phone: the title wrapped at the top left,
    the legend under the plot (not over the title), room for both, axes that make room for
    their labels."""
    text = wrap(title)
    lines = text.count("<br>") + 1 if title else 0
    fig.update_layout(
        title={"text": text, "x": 0, "xanchor": "left", "xref": "container", "y": 1,
               "yanchor": "top", "yref": "container", "pad": {"t": 10, "l": 10}},
        legend={"orientation": "h", "yanchor": "top", "y": -0.2, "xanchor": "left", "x": 0},
        margin={"l": 10, "r": 10, "t": 24 + 22 * lines, "b": 10},
    )
    fig.update_xaxes(automargin=True)
    fig.update_yaxes(automargin=True)
    return fig


def _layout(fig: go.Figure, title: str, x_label: str, y_label: str) -> go.Figure:
    fig.update_layout(xaxis_title=x_label, yaxis_title=y_label, hovermode="x unified")
    return tidy(fig, title)


def cumulative(values: Sequence[float]) -> list[float]:
    """Running totals: ``[11, 0, 12]`` → ``[11, 11, 23]``."""
    total: float = 0
    out: list[float] = []
    for v in values:
        total += v
        out.append(total)
    return out


def score_progression(
    players: Sequence[str],
    per_round_scores: Sequence[Sequence[int]],
    title: str,
    x_label: str,
    y_label: str = "Total score",
) -> go.Figure:
    """One line per player of the cumulative score after each hand (or deal).

    ``per_round_scores[r][p]`` is what player ``p`` scored in round ``r`` (a score-sheet
    row), rounds numbered from 1 on the x axis. Lines differ by dash and marker as well as
    colour. Raises ``ValueError`` when a row does not have one score per player.
    """
    for r, row in enumerate(per_round_scores):
        if len(row) != len(players):
            raise ValueError(f"round {r + 1} has {len(row)} scores for {len(players)} players")
    rounds = list(range(1, len(per_round_scores) + 1))
    fig = go.Figure()
    if len(rounds) == 1:  # one deal: a bar per player says more than a dot per player
        scores = list(per_round_scores[0])
        fig.add_trace(go.Bar(x=[str(p) for p in players], y=scores, text=[str(v) for v in scores],
                             textposition="outside", cliponaxis=False, showlegend=False,
                             marker={"color": [PALETTE[p % len(PALETTE)]
                                               for p in range(len(players))]},
                             hovertemplate="%{x}: %{y}<extra></extra>"))
        fig.update_yaxes(rangemode="tozero")
        _layout(fig, title, "", y_label)
        fig.update_layout(hovermode="closest")
        return fig
    for p, name in enumerate(players):
        points = [row[p] for row in per_round_scores]
        fig.add_trace(
            go.Scatter(
                x=rounds,
                y=cumulative(points),
                customdata=points,
                name=str(name),
                mode="lines+markers",
                line={"color": PALETTE[p % len(PALETTE)], "dash": _DASHES[p % len(_DASHES)],
                      "width": 2.5},
                marker={"symbol": _MARKERS[p % len(_MARKERS)], "size": 8},
                hovertemplate="%{y} (%{customdata:+d})",
            )
        )
    fig.update_xaxes(dtick=math.ceil(len(rounds) / 10), tick0=1)  # 10 labels at most
    return _layout(fig, title, x_label, y_label)


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of sorted values, linearly interpolated.

    >>> quantile([1, 2, 3, 4], 0.5)
    2.5
    """
    if not sorted_values:
        raise ValueError("no values")
    if not 0 <= q <= 1:
        raise ValueError(f"quantile {q} outside 0..1")
    pos = (len(sorted_values) - 1) * q
    lo, hi = math.floor(pos), math.ceil(pos)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def fan_bands(
    lines: Sequence[Sequence[float]], levels: Sequence[float] = (0.1, 0.25, 0.5, 0.75, 0.9)
) -> dict[float, list[float]]:
    """For each quantile level, its value at every x over the lines that reach that x
    (lines may have different lengths). Pure; the fan chart draws it."""
    if not lines:
        raise ValueError("no lines to draw")
    length = max(len(line) for line in lines)
    bands: dict[float, list[float]] = {q: [] for q in levels}
    for x in range(length):
        column = sorted(line[x] for line in lines if len(line) > x)
        for q in levels:
            bands[q].append(quantile(column, q))
    return bands


def score_fan(
    lines: Sequence[Sequence[float]],
    title: str,
    x_label: str,
    y_label: str = "Total score",
    median_label: str = "Median",
    band_label: str = "Middle {pct}% of games",
    samples: Mapping[str, Sequence[float]] | None = None,
    bands: Sequence[tuple[float, float]] = ((0.1, 0.9), (0.25, 0.75)),
) -> go.Figure:
    """A fan chart of many games' cumulative lines (one seat, or the leader…): shaded
    quantile bands (10–90 %, 25–75 % by default), the median line, and optional sample
    lines drawn on top (name → cumulative values). x runs from 1."""
    levels = sorted({q for band in bands for q in band} | {0.5})
    values = fan_bands(lines, levels)
    xs = list(range(1, len(values[0.5]) + 1))
    fig = go.Figure()
    for i, (lo, hi) in enumerate(sorted(bands, key=lambda b: b[0])):
        label = band_label.format(pct=round((hi - lo) * 100))
        fig.add_trace(go.Scatter(x=xs, y=values[hi], mode="lines", line={"width": 0},
                                 showlegend=False, hoverinfo="skip", name=f"{label} (top)"))
        fig.add_trace(go.Scatter(x=xs, y=values[lo], mode="lines", line={"width": 0},
                                 fill="tonexty", fillcolor=f"rgba(0,114,178,{0.18 + 0.14 * i})",
                                 name=label, hoverinfo="skip"))
    fig.add_trace(go.Scatter(x=xs, y=values[0.5], mode="lines", name=median_label,
                             line={"color": PALETTE[0], "width": 3}))
    for k, (name, line) in enumerate((samples or {}).items()):
        fig.add_trace(go.Scatter(x=list(range(1, len(line) + 1)), y=list(line), mode="lines",
                                 name=str(name), line={"color": PALETTE[1 + k % 7], "width": 1.5,
                                                       "dash": _DASHES[1 + k % 7]}))
    return _layout(fig, title, x_label, y_label)


def bars(
    categories: Sequence[str | int],
    series: Mapping[str, Sequence[float]],
    title: str,
    x_label: str,
    y_label: str,
    intervals: Mapping[str, Sequence[tuple[float, float]]] | None = None,
    highlight: str | int | None = None,
) -> go.Figure:
    """Grouped bars: one bar per category for each series (name → values), with optional
    95% intervals (name → (low, high) per category) as error bars, and one category
    outlined (e.g. the best bid)."""
    fig = go.Figure()
    labels = [str(c) for c in categories]
    for k, (name, values) in enumerate(series.items()):
        if len(values) != len(labels):
            raise ValueError(f"series {name!r} has {len(values)} values for {len(labels)} categories")
        error_y = None
        if intervals and name in intervals:
            ci = intervals[name]
            if len(ci) != len(values):
                raise ValueError(f"series {name!r}: {len(ci)} intervals for {len(values)} values")
            error_y = {"type": "data", "symmetric": False,
                       "array": [hi - v for v, (_, hi) in zip(values, ci, strict=True)],
                       "arrayminus": [v - lo for v, (lo, _) in zip(values, ci, strict=True)]}
        fig.add_trace(go.Bar(
            x=labels, y=list(values), name=str(name), error_y=error_y,
            marker={"color": PALETTE[k % len(PALETTE)],
                    "line": {"width": [3 if highlight is not None and lbl == str(highlight)
                                       else 0 for lbl in labels], "color": "#111827"}},
        ))
    fig.update_layout(barmode="group", showlegend=len(series) > 1)
    fig.update_xaxes(type="category")
    return _layout(fig, title, x_label, y_label)


def _count_bins(series: Mapping[str, Sequence[float]],
                counts: Mapping[str, Sequence[int]]) -> dict[str, float] | None:
    """The bins Plotly would choose for the values written out one by one (its automatic
    size: twice the standard deviation over the count to the power 0.4, rounded to 1, 2
    or 5 times a power of ten; integers binned from a half), which it cannot choose from
    distinct values with their counts.

    >>> _count_bins({"a": [0, 10, 20]}, {"a": [10, 30, 10]})
    {'start': -0.5, 'size': 2}
    """
    pairs = [(float(v), int(c)) for name, values in series.items()
             for v, c in zip(values, counts[name], strict=True) if c > 0]
    n = sum(c for _, c in pairs)
    if n < 2:
        return None
    centre = math.fsum(v * c for v, c in pairs) / n
    spread = math.sqrt(math.fsum(c * (v - centre) ** 2 for v, c in pairs) / n)
    rough = 2 * spread / n ** 0.4
    if rough <= 0:
        return None
    power = 10.0 ** math.floor(math.log10(rough))
    size = min((k * power for k in (1, 2, 5, 10)), key=lambda c: abs(math.log(c / rough)))
    integers = all(v.is_integer() for v, _ in pairs)
    if integers:
        size = max(1, round(size))
    low = min(v for v, _ in pairs)
    return {"start": low - 0.5 if integers else low, "size": size}


def histogram(
    series: Mapping[str, Sequence[float]],
    title: str,
    x_label: str,
    y_label: str = "Games",
    bin_size: float | None = None,
    counts: Mapping[str, Sequence[int]] | None = None,
) -> go.Figure:
    """Histograms of values (e.g. final scores under two rule sets) on the same bins, the
    series' bars side by side in each bin (overlaid, two colours blurred into one), each
    with its own fill pattern as well as its colour. With ``counts``, each series' values
    are distinct values and ``counts[name]`` how many times each occurs (a summary's
    value counts, however many games it counts)."""
    fig = go.Figure()
    xbins: dict[str, float] | None = {"size": bin_size} if bin_size else None
    if counts is not None and not bin_size:
        xbins = _count_bins(series, counts)
    patterns = ("", "/", "x", ".")
    for k, (name, values) in enumerate(series.items()):
        weights: dict[str, Any] = {}
        if counts is not None:
            weights = {"y": list(counts[name]), "histfunc": "sum"}
        fig.add_trace(go.Histogram(x=list(values), name=str(name), xbins=xbins, **weights,
                                   marker={"color": PALETTE[k % len(PALETTE)],
                                           "pattern": {"shape": patterns[k % len(patterns)]}}))
    _layout(fig, title, x_label, y_label)
    fig.update_layout(barmode="group", bargap=0.1, showlegend=len(series) > 1,
                      hovermode="closest")
    return fig
