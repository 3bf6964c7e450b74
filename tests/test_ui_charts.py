"""Chart builders, tested on the data they draw."""

import plotly.graph_objects as go
import pytest

from ui.charts import (
    PHONE_CSS,
    TITLE_WIDTH,
    bars,
    cumulative,
    fan_bands,
    histogram,
    quantile,
    score_fan,
    score_progression,
)


def test_score_progression_draws_cumulative_totals_per_player() -> None:
    rows = [[11, 0, 11, 10], [0, 12, 0, 0], [13, 0, 10, 11]]
    fig = score_progression(["A", "B", "C", "D"], rows, "Scores", "Hand", "Total")
    assert isinstance(fig, go.Figure)
    assert [tr.name for tr in fig.data] == ["A", "B", "C", "D"]
    assert [list(tr.y) for tr in fig.data] == [[11, 11, 24], [0, 12, 12], [11, 11, 21], [10, 10, 21]]
    assert all(list(tr.x) == [1, 2, 3] for tr in fig.data)
    assert list(fig.data[0].customdata) == [11, 0, 13]  # the hand's own points, for hovering
    assert fig.layout.xaxis.title.text == "Hand" and fig.layout.yaxis.title.text == "Total"
    assert len({tr.line.dash for tr in fig.data}) == 4  # not told apart by colour alone


def test_score_progression_negative_krypkasino_scores_and_bad_rows() -> None:
    fig = score_progression(["Ana", "Bo"], [[17, 25], [-3, 45]], "Session", "Deal")
    assert [list(tr.y) for tr in fig.data] == [[17, 14], [25, 70]]
    with pytest.raises(ValueError, match="round 2 has 1 scores for 2 players"):
        score_progression(["Ana", "Bo"], [[1, 2], [3]], "t", "x")
    assert score_progression(["Ana"], [], "t", "x").data[0].y == ()


def test_quantiles_and_fan_bands() -> None:
    assert cumulative([1, 2, -3]) == [1, 3, 0]
    assert quantile([0, 10], 0.25) == 2.5 and quantile([5], 0.9) == 5
    with pytest.raises(ValueError):
        quantile([], 0.5)
    lines = [[0, 10, 20], [10, 20, 30], [20, 30], [30, 40, 50]]
    bands = fan_bands(lines, (0.0, 0.5, 1.0))
    assert bands[0.0] == [0, 10, 20] and bands[1.0] == [30, 40, 50]
    assert bands[0.5] == [15, 25, 30]  # the third point over the three lines that reach it


def test_score_fan_has_bands_median_and_samples() -> None:
    lines = [[i, 2 * i, 3 * i] for i in range(11)]
    fig = score_fan(lines, "Fan", "Hand", samples={"Game 1": [1, 2, 3]})
    names = [tr.name for tr in fig.data]
    assert "Median" in names and "Game 1" in names
    median = next(tr for tr in fig.data if tr.name == "Median")
    assert list(median.y) == [5, 10, 15]
    filled = [tr for tr in fig.data if tr.fill == "tonexty"]
    assert len(filled) == 2 and filled[0].name == "Middle 80% of games"
    with pytest.raises(ValueError):
        score_fan([], "Fan", "Hand")


def test_bars_with_intervals_and_highlight() -> None:
    fig = bars([0, 1, 2], {"P": [0.2, 0.5, 0.3]}, "Tricks", "Tricks", "Probability",
               intervals={"P": [(0.1, 0.3), (0.4, 0.6), (0.25, 0.35)]}, highlight=1)
    (bar,) = fig.data
    assert list(bar.x) == ["0", "1", "2"] and list(bar.y) == [0.2, 0.5, 0.3]
    assert [round(v, 9) for v in bar.error_y.array] == [0.1, 0.1, 0.05]
    assert [round(v, 9) for v in bar.error_y.arrayminus] == [0.1, 0.1, 0.05]
    assert list(bar.marker.line.width) == [0, 3, 0]
    with pytest.raises(ValueError):
        bars([0, 1], {"P": [1.0]}, "t", "x", "y")


def test_histogram_draws_both_series_visibly() -> None:
    fig = histogram({"exact": [1, 2, 2], "margin": [3, 4]}, "Final scores", "Score", bin_size=5)
    assert [list(tr.x) for tr in fig.data] == [[1, 2, 2], [3, 4]]
    # Side by side in each bin (overlaid they blurred into one colour), each its own
    # colour and fill pattern, opaque.
    assert fig.layout.barmode == "group" and fig.data[0].xbins.size == 5
    assert fig.data[0].marker.color != fig.data[1].marker.color
    assert fig.data[0].marker.pattern.shape != fig.data[1].marker.pattern.shape
    assert all(tr.opacity in (None, 1) for tr in fig.data)


def test_every_chart_fits_a_phone() -> None:
    """Titles wrapped (a 390 px phone cuts a long line), the legend under the plot (over
    the title it hid it), at most 10 hand labels on the x axis."""
    title = "Player A (basic) over 200 games of the usual rules, hand by hand"
    fig = score_progression(["A", "B"], [[1, 2]] * 26, title, "Hand")
    assert all(len(line) <= TITLE_WIDTH for line in fig.layout.title.text.split("<br>"))
    assert fig.layout.title.text.replace("<br>", " ") == title
    assert fig.layout.legend.y < 0 and fig.layout.legend.yanchor == "top"
    assert 26 / fig.layout.xaxis.dtick <= 10
    assert "modebar" in PHONE_CSS and "max-width: 640px" in PHONE_CSS


def test_a_one_deal_game_is_a_bar_per_player_with_its_score() -> None:
    fig = score_progression(["A", "B"], [[12, -3]], "Scores", "Deal")
    assert [tr.type for tr in fig.data] == ["bar"]
    assert list(fig.data[0].x) == ["A", "B"] and list(fig.data[0].y) == [12, -3]
    assert list(fig.data[0].text) == ["12", "-3"] and fig.data[0].cliponaxis is False
