"""Explorers end with what their result means (issue 28): a takeaway sentence computed from
the numbers, clear or not clear at the sample size, in en/es/pt; an interval of width zero
is not printed as "10.50 (10.50–10.50)"."""

from __future__ import annotations

import pytest

from lab.stats import Estimate
from ui.apptest import open_site
from ui.explore import common as ex
from ui.i18n import t


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_a_takeaway_says_whether_the_difference_is_clear(lang: str) -> None:
    clear = ex.takeaway("Lead.", Estimate(0.4, 0.1, 0.7, 100), lang)
    unclear = ex.takeaway("Lead.", Estimate(0.4, -0.1, 0.9, 100), lang)
    assert clear.startswith("Lead. ") and unclear.startswith("Lead. ")
    assert clear[6:] == t("explore.takeaway.clear", lang, low=ex.number(0.1, lang, 2),
                          high=ex.number(0.7, lang, 2))
    assert unclear[6:] == t("explore.takeaway.unclear", lang, low=ex.number(-0.1, lang, 2),
                            high=ex.number(0.9, lang, 2))


def test_an_interval_of_width_zero_is_said_once() -> None:
    assert ex.fmt_estimate(Estimate(10.5, 10.5, 10.5, 200)) == "10.50 (the same every time)"
    assert ex.fmt_estimate(Estimate(10.5, 10.0, 11.0, 200)) == "10.50 (10.00 – 11.00)"


def test_the_lab_takeaway_names_the_clearest_figure() -> None:
    class F:
        def __init__(self, key: str, diff: Estimate) -> None:
            self.key, self.diff = key, diff

    figures = [F("final_score", Estimate(0.5, -2.0, 3.0, 50)),
               F("exact_rate", Estimate(-0.06, -0.09, -0.03, 50))]
    sentence = ex.lab_takeaway(figures, {"exact_rate"}, "en")
    assert sentence is not None
    assert sentence.startswith(t("explore.lab.takeaway.lower", "en",
                                 figure=t("explore.lab.fig.exact_rate", "en"),
                                 amount=ex.pct(0.06, "en")))
    assert sentence.endswith(t("explore.takeaway.clear", "en", low=ex.pct(-0.09, "en"),
                               high=ex.pct(-0.03, "en")))


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_the_hook_explorer_ends_with_its_takeaway(lang: str) -> None:
    at = open_site("pages/explore_hook.py", timeout=120, deals="20", players="3", lang=lang)
    assert not at.exception
    last = str(at.info[-1].value).replace("\\", "")
    heads = [t("explore.hook.takeaway.more", lang, change="").split("  ")[0].split("{")[0],
             t("explore.hook.takeaway.fewer", lang, change="").split("  ")[0].split("{")[0]]
    assert any(last.startswith(h.split(",")[0]) for h in heads), last
    ends = [t(k, lang, low="", high="").split("(")[0] for k in
            ("explore.takeaway.clear", "explore.takeaway.unclear")]
    assert any(e in last for e in ends), last


def test_the_variant_lab_ends_with_its_takeaway() -> None:
    at = open_site("pages/explore_variant_lab.py", timeout=120, games="10", b="scoring:margin")
    assert not at.exception
    last = str(at.info[-1].value).replace("\\", "")
    assert "rule set B than under rule set A" in last, last


@pytest.mark.parametrize(("page", "query", "key"), [
    ("pages/explore_hand_odds.py", {"samples": "60"}, "explore.odds.takeaway"),
    ("pages/explore_sweep_danger.py", {}, "explore.sweep.takeaway"),
    ("pages/explore_score_fan.py", {"games": "10"}, "explore.fan.takeaway"),
])
@pytest.mark.parametrize("lang", ["en", "pt"])
def test_every_explorer_ends_with_a_takeaway(page: str, query: dict[str, str], key: str,
                                             lang: str) -> None:
    at = open_site(page, timeout=120, lang=lang, **query)
    assert not at.exception
    last = str(at.info[-1].value).replace("\\", "")
    head = t(key, lang).split("{")[0]
    same = t("explore.sweep.takeaway.same", lang).split("{")[0]
    assert last.startswith(head) or (key == "explore.sweep.takeaway" and last.startswith(same)), last
