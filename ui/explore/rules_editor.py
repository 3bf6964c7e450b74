"""A rule-set editor for the pages: one widget per option of the registry's schema
(:mod:`engine.registry`), each labelled with the option's human label and help, each
value shown with its label ("down to one, then back up", "7 cards"), never a code name.

The widgets hold the values' link codes (``"false"``, ``"classic"``; a whole number for a
number option), so an editor's state, the link (:mod:`ui.link`) and the engine's rules
convert into each other without a table of their own:

>>> state = editor_state("kachuful", {"hook_rule": False, "max_cards": 5}, "x")
>>> state["x.hook_rule"], state["x.max_cards"], state["x.schedule"]
('false', '5', 'down-up')
>>> editor_options("kachuful", "x", state)
{'max_cards': 5, 'hook_rule': False}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from engine.registry import GAMES, Option


class _Values(Protocol):
    """What the editor reads the widgets' values from (``st.session_state``, a dict)."""

    def get(self, key: str, /) -> Any: ...

__all__ = ["draw_editor", "editor_options", "editor_state", "widget_choices"]


def _names(game: str, names: Sequence[str] | None) -> tuple[str, ...]:
    return tuple(names) if names is not None else GAMES[game].option_names


def widget_choices(option: Option, players: int | None = None) -> tuple[str, ...]:
    """The codes a select box offers for ``option`` (named values, then the numbers)."""
    return tuple(option.code(v) for v in option.values(players))


def editor_state(game: str, options: Mapping[str, Any], prefix: str,
                 names: Sequence[str] | None = None) -> dict[str, Any]:
    """The widgets' values (by widget key ``prefix.name``) for a rule set's options (the
    others at their defaults)."""
    spec = GAMES[game]
    out: dict[str, Any] = {}
    for name in _names(game, names):
        option = spec.option(name)
        value = options.get(name, option.default)
        if not option.allows(value):
            value = option.default
        out[f"{prefix}.{name}"] = value if option.kind == "number" else option.code(value)
    return out


def editor_options(game: str, prefix: str, state: _Values,
                   names: Sequence[str] | None = None) -> dict[str, Any]:
    """The options that differ from the usual rules, read from the widgets' ``state``."""
    spec = GAMES[game]
    chosen: dict[str, Any] = {}
    for name in _names(game, names):
        option = spec.option(name)
        raw = state.get(f"{prefix}.{name}")
        if raw is None:
            continue
        try:
            value = option.parse(str(raw))
        except ValueError:
            continue
        if value != option.default:
            chosen[name] = value
    return chosen


def draw_editor(game: str, prefix: str, lang: str, columns: Sequence[Any],
                names: Sequence[str] | None = None) -> None:
    """One widget per option, spread over ``columns`` (Streamlit containers): a select box
    of labelled values, or a number field for a plain number option."""
    spec = GAMES[game]
    for i, name in enumerate(_names(game, names)):
        option = spec.option(name)
        col = columns[i % len(columns)]
        key = f"{prefix}.{name}"
        if option.kind == "number":
            span = option.number_range()
            assert span is not None
            col.number_input(option.label(lang), span[0], span[1], key=key,
                             help=option.help(lang))
            continue
        col.selectbox(option.label(lang), widget_choices(option), key=key,
                      help=option.help(lang),
                      format_func=lambda code, o=option: _shown(o, code, lang))


def _shown(option: Option, code: str, lang: str) -> str:
    value = option.parse(code)
    text = option.value_label(value, lang)
    if value == option.default:
        from engine.messages import render

        return render("option.usual", lang, value=text)
    return text
