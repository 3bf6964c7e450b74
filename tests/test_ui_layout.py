"""ui/ by feature (issue 26): one subpackage per feature, no feature module loose at the
top of ``ui/``, and each page's widget keys under one prefix of its own.

* The layout is read from the tree: every feature of :data:`FEATURES` is a package, and
  the only modules left at ``ui/``'s top are the cross-cutting helpers of :data:`SHARED`
  (a new module goes into its feature's package, or onto that list with a reason).
* The widget keys are checked twice: every page is run (AppTest, through the entry script
  as on the server) and each widget key it draws must start with the page's prefix
  (:data:`PAGE_PREFIX`) or the shared frame's (:data:`SITE_PREFIX`: the sidebar's language
  and deck, the progress offer); and every key written as a literal in ``pages/`` and
  ``ui/`` (``key="quiz.next"``, ``key=f"quiz.practise.{rule}"``) starts with one of those
  prefixes, which covers the widgets a first run does not draw.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ui.apptest import open_site
from ui.navigation import registered

ROOT = Path(__file__).resolve().parent.parent
UI = ROOT / "ui"

#: The features, one subpackage of ``ui/`` each.
FEATURES = ("play", "walkthrough", "explore", "classroom", "scorekeeper", "table", "quiz")
#: The modules that stay at ``ui/``'s top: what every feature uses.
SHARED = {
    "apptest": "AppTest support of the page tests",
    "cards": "cards drawn as HTML (every page with cards)",
    "charts": "Plotly chart builders (play, explore, quiz, live)",
    "docs": "the tutorial documents' rendering (rules pages, glossary, every feature's links)",
    "export": "the static export of the documentation (python -m ui.export)",
    "focus": "moving the keyboard focus after a rerun",
    "i18n": "the site's words",
    "link": "the one link codec",
    "links": "links inside the site",
    "navigation": "the page list",
    "prefs": "the visitor's language and deck",
    "progress": "a learner's progress (quiz, walkthroughs, live class)",
    "query": "reading and writing the URL query",
    "safe": "the one module that shows text from outside",
    "sidebar": "the shared sidebar",
    "touch": "instructions in the words of the device",
    "warm": "first use of the heavy libraries",
}
#: Each page's widget-key prefix (no two pages share one, none starts another).
PAGE_PREFIX = {
    "pages/home.py": "home.",
    "pages/kachuful_rules.py": "kachuful-rules.",
    "pages/krypkasino_rules.py": "krypkasino-rules.",
    "pages/glossary.py": "glossary.",
    "pages/kachuful_walkthrough.py": "kwalk.",
    "pages/krypkasino_walkthrough.py": "kw.",
    "pages/kachuful_play.py": "kplay.",
    "pages/krypkasino_play.py": "cplay.",
    "pages/kachuful_scorekeeper.py": "ksk.",
    "pages/krypkasino_scorekeeper.py": "csk.",
    "pages/quiz.py": "quiz.",
    "pages/lessons.py": "ls_",
    "pages/classroom.py": "cl_",
    "pages/live.py": "lv_",
    "pages/homework.py": "hw_",
    "pages/table.py": "table.",
    "pages/explore_hand_odds.py": "xodds.",
    "pages/explore_hook.py": "xhook.",
    "pages/explore_variant_lab.py": "xlab.",
    "pages/explore_sweep_danger.py": "xsweep.",
    "pages/explore_score_fan.py": "xfan.",
}
#: The shared frame's widgets, drawn on every page (the sidebar's language and deck) or on
#: several (the progress offer).
SITE_PREFIX = "rl."
#: Streamlit's own key of a form's submit button: ``FormSubmitter:<form key>-<label>``.
FORM_SUBMITTER = "FormSubmitter:"
PAGE_FILES = [p.file for p in registered()]


def top_modules() -> list[str]:
    return sorted(p.stem for p in UI.glob("*.py") if p.stem != "__init__")


def test_each_feature_is_a_subpackage_of_ui() -> None:
    missing = [f for f in FEATURES if not (UI / f / "__init__.py").is_file()]
    assert not missing, f"features without their ui/ package: {missing}"
    for feature in FEATURES:
        assert len(list((UI / feature).glob("*.py"))) > 1, f"ui/{feature}/ holds no module"


def test_no_feature_module_is_left_at_the_top_of_ui() -> None:
    named = [m for m in top_modules()
             if any(m == f or m.startswith(f + "_") for f in FEATURES)]
    assert not named, f"feature modules at ui/'s top (move them into ui/<feature>/): {named}"
    loose = [m for m in top_modules() if m not in SHARED]
    assert not loose, (f"ui/{loose[0]}.py is at ui/'s top: put it in its feature's package, "
                       f"or add it to SHARED with what uses it: {loose}")


def test_the_page_prefixes_are_distinct() -> None:
    prefixes = [*PAGE_PREFIX.values(), SITE_PREFIX]
    clashes = [(a, b) for a in prefixes for b in prefixes if a != b and b.startswith(a)]
    assert len(set(prefixes)) == len(prefixes) and not clashes, clashes
    assert set(PAGE_FILES) <= set(PAGE_PREFIX), (
        f"give each new page a widget-key prefix: {sorted(set(PAGE_FILES) - set(PAGE_PREFIX))}")


def widget_keys(node: Any) -> Iterator[str]:
    key = getattr(node, "key", None)
    if isinstance(key, str) and key:
        yield key.removeprefix(FORM_SUBMITTER)
    children = getattr(node, "children", None)
    if isinstance(children, dict):
        for child in children.values():
            yield from widget_keys(child)


@pytest.mark.parametrize("file", PAGE_FILES)
def test_every_widget_key_of_a_page_starts_with_its_prefix(file: str) -> None:
    at = open_site(file)
    assert not at.exception, at.exception
    keys = sorted({*widget_keys(at.main), *widget_keys(at.sidebar)})
    assert any(k.startswith(SITE_PREFIX) for k in keys)  # the keys are read
    prefix = PAGE_PREFIX[file]
    stray = [k for k in keys if not k.startswith((prefix, SITE_PREFIX))]
    assert not stray, f"{file}: widget keys outside {prefix!r}: {stray}"


def literal_keys(source: str) -> Iterator[tuple[int, str]]:
    """The widget keys ``source`` writes with a literal start: ``key="x"``,
    ``key=f"x{...}"`` (a container's key names a CSS class, not a widget, and is left
    out; a key that starts with a variable, ``key=P + "x"``, is the runtime check's)."""
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name == "container":
            continue
        for kw in node.keywords:
            value = kw.value
            if kw.arg != "key":
                continue
            if isinstance(value, ast.JoinedStr) and value.values:
                value = value.values[0]
            if isinstance(value, ast.Constant) and isinstance(value.value, str) and value.value:
                yield node.lineno, value.value


def test_the_key_scan_reads_literal_keys() -> None:
    source = '''
st.button("Next", key="quiz.next")
st.button("Go", key=f"quiz.practise.{rule}")
st.button("Back", key=K + "back")
with st.container(key="ym-box"):
    sorted(rows, key=lambda r: r.rule)
lead(lead_key="glossary.lead")
'''
    assert list(literal_keys(source)) == [(2, "quiz.next"), (3, "quiz.practise.")]


def test_every_literal_widget_key_starts_with_a_page_prefix() -> None:
    prefixes = (*PAGE_PREFIX.values(), SITE_PREFIX)
    files = [*sorted((ROOT / "pages").glob("*.py")), *sorted(UI.rglob("*.py"))]
    found = [(f, line, key) for f in files
             for line, key in literal_keys(f.read_text(encoding="utf-8"))]
    stray = [f"{f.relative_to(ROOT)}:{line}: {key!r}" for f, line, key in found
             if not key.startswith(prefixes)]
    assert not stray, "widget keys under no page's prefix:\n" + "\n".join(stray)
