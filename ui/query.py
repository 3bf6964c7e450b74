"""Reading and writing the URL query (``st.query_params``) without ever failing.

Shareable state (language, deck, game, scenario, seed, variant, step) lives in the URL. A
link can hold anything, so every read returns a :class:`Parsed` value: the value to use
(the default, or the nearest allowed value) and, when the link's value was not usable, a
:class:`Problem` whose :meth:`Problem.text` is a sentence ready for ``st.warning``.

The ``parse_*`` functions are pure; :class:`LinkReader` applies them to ``st.query_params``
and collects the problems of one page run.

>>> parse_int("12", "seed", default=1).value
12
>>> p = parse_int("abc", "seed", default=1)
>>> p.value, p.problem.text("en")
(1, "The link's seed is abc, which is not a whole number; showing 1 instead.")
>>> parse_step("99", count=12).value
12
>>> parse_choice("up", "schedule", ("down-up", "up"), "down-up").value
'up'
"""

from __future__ import annotations

import builtins
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from engine.messages import render
from ui.i18n import t
from ui.safe import clip, escape_markdown

T = TypeVar("T")


@dataclass(frozen=True)
class Label:
    """A piece of a problem sentence said in the sentence's language: an engine message
    key (an option's or a value's label, the engine's ``option.*`` keys) and the data filling it."""

    key: str
    data: tuple[tuple[str, int | str], ...] = ()

    def text(self, lang: str) -> str:
        return render(self.key, lang, **dict(self.data))


@dataclass(frozen=True)
class Labels:
    """Several labels joined with commas (the allowed values of an option)."""

    items: tuple[Label, ...]

    def text(self, lang: str) -> str:
        return ", ".join(item.text(lang) for item in self.items)


@dataclass(frozen=True)
class Problem:
    """Why a link's value was not used: a UI string key and the data that fills it (text,
    or a :class:`Label` / :class:`Labels` said in the language the sentence is shown in)."""

    key: str
    data: tuple[tuple[str, str | Label | Labels], ...]

    def text(self, lang: str = "en") -> str:
        """The sentence in ``lang``; the link's own text in it is markdown-escaped."""
        return t(self.key, lang, **{k: v if isinstance(v, str) else v.text(lang)
                                    for k, v in self.data})


@dataclass(frozen=True)
class Parsed(Generic[T]):
    """The value to use, and the problem with the link's value if there was one."""

    value: T
    problem: Problem | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None


def _shown(raw: object) -> str:
    return escape_markdown(clip(raw, 40))


def _problem(key: str, **data: object) -> Problem:
    return Problem(key, tuple((k, str(v)) for k, v in data.items()))


def _first(raw: str | Sequence[str] | None) -> str | None:
    if raw is None or isinstance(raw, str):
        return raw
    return raw[0] if raw else None


def parse_int(
    raw: str | Sequence[str] | None,
    name: str,
    default: int,
    lo: int | None = None,
    hi: int | None = None,
) -> Parsed[int]:
    """A whole number from the link; missing or empty gives ``default`` (no problem), text
    that is not a number gives ``default`` with a problem, a number outside ``lo..hi`` gives
    the nearest bound with a problem."""
    text = _first(raw)
    if text is None or text.strip() == "":
        return Parsed(default)
    try:
        value = int(text.strip())
    except ValueError:
        return Parsed(default, _problem("query.not-int", name=name, value=_shown(text),
                                         default=default))
    low = lo if lo is not None else value
    high = hi if hi is not None else value
    if low <= value <= high:
        return Parsed(value)
    shown = min(max(value, low), high)
    # A whole number's text is digits and a sign (no markup), but may be 4,000 digits long.
    return Parsed(shown, _problem("query.out-of-range", name=name, value=clip(value, 40),
                                  lo="…" if lo is None else lo, hi="…" if hi is None else hi,
                                  shown=shown))


def parse_choice(
    raw: str | Sequence[str] | None, name: str, choices: Sequence[str], default: str
) -> Parsed[str]:
    """One of ``choices`` (compared exactly); anything else gives ``default`` with a problem."""
    if default not in choices:
        raise ValueError(f"default {default!r} is not among {list(choices)}")
    text = _first(raw)
    if text is None or text == "":
        return Parsed(default)
    if text in choices:
        return Parsed(text)
    return Parsed(default, _problem("query.bad-choice", name=name, value=_shown(text),
                                    choices=", ".join(choices), default=default))


def parse_step(raw: str | Sequence[str] | None, count: int, name: str = "step") -> Parsed[int]:
    """A walkthrough step as written in links, 1-based: 1..``count`` (first step if absent,
    the last step for a step past the end)."""
    if count < 1:
        raise ValueError("a walkthrough has at least one step")
    return parse_int(raw, name, default=1, lo=1, hi=count)


def clamp(value: int, lo: int, hi: int) -> int:
    """``value`` limited to ``lo..hi`` (for steps moved by buttons or a slider)."""
    return min(max(value, lo), hi)


def changed_params(
    current: Mapping[str, str], updates: Mapping[str, object | None]
) -> tuple[dict[str, str], list[str]]:
    """What to set and what to delete so the query holds ``updates`` (``None`` deletes);
    keys already holding the same text are left alone (writing them would add history)."""
    to_set: dict[str, str] = {}
    to_delete: list[str] = []
    for key, value in updates.items():
        if value is None:
            if key in current:
                to_delete.append(key)
        elif current.get(key) != str(value):
            to_set[key] = str(value)
    return to_set, to_delete


@dataclass
class LinkReader:
    """Reads values from ``st.query_params`` (or a given mapping) and collects problems.

    >>> r = LinkReader("en", params={"seed": "x7", "step": "3"})
    >>> r.int("seed", default=0), r.step(count=10), len(r.problems)
    (0, 3, 1)
    """

    lang: str = "en"
    params: Mapping[str, str] | None = None
    problems: list[Problem] = field(default_factory=list)

    def _raw(self, name: str) -> str | None:
        if self.params is not None:
            return self.params.get(name)
        import streamlit as st

        return st.query_params.get(name)

    def raw(self, name: str) -> str | None:
        """The link's text for ``name`` (``None`` when absent), for a codec to parse."""
        return self._raw(name)

    def _keep(self, parsed: Parsed[T]) -> T:
        if parsed.problem is not None:
            self.problems.append(parsed.problem)
        return parsed.value

    def int(self, name: str, default: int, lo: int | None = None, hi: int | None = None) -> int:
        return self._keep(parse_int(self._raw(name), name, default, lo, hi))

    def choice(self, name: str, choices: Sequence[str], default: str) -> str:
        return self._keep(parse_choice(self._raw(name), name, choices, default))

    def step(self, count: builtins.int, name: str = "step") -> builtins.int:
        return self._keep(parse_step(self._raw(name), count, name))

    def text(self, name: str, default: str = "") -> str:
        """A free text value (show it only through :mod:`ui.safe`)."""
        raw = self._raw(name)
        return default if raw is None else raw

    def messages(self) -> list[str]:
        return [p.text(self.lang) for p in self.problems]

    def warn(self) -> None:
        """Show each problem as ``st.warning`` (once per problem)."""
        show_problems(self.problems, self.lang)


def show_problems(problems: Iterable[Problem], lang: str) -> None:
    import streamlit as st

    for problem in dict.fromkeys(problems):
        st.warning(problem.text(lang), icon="⚠️")


def write_params(**updates: object | None) -> None:
    """Make ``st.query_params`` hold ``updates`` (``None`` removes a key), touching only keys
    that change."""
    import streamlit as st

    current = {k: st.query_params.get(k, "") for k in updates if k in st.query_params}
    to_set, to_delete = changed_params(current, updates)
    for key in to_delete:
        del st.query_params[key]
    if to_set:
        st.query_params.update(to_set)
