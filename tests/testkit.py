"""Helpers shared by several test modules (the root conftest puts ``tests/`` on the path,
so a test imports them as ``from testkit import ...``).

* :func:`play_explained`: a game played to its end by bots, every decision's sentence
  checked in every language;
* :func:`session`, :func:`click`: a play page's game and a button pressed, through
  AppTest;
* :func:`proto_strings`, :func:`walk`, :data:`MD_ESCAPE`: the strings of an AppTest run's
  elements, for the tests that read every page's text.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Sequence
from typing import Any

from google.protobuf.message import Message

from engine.bots import Bot, bot_move
from engine.kachuful import KachufulState
from engine.krypkasino import KrypkasinoState
from engine.messages import LANGUAGES
from engine.session import PlaySession
from ui.apptest import SiteTest


def play_explained(state: KachufulState | KrypkasinoState, bots: Sequence[Bot],
                   keys: set[str]) -> None:
    """Play ``state`` to its end with ``bots`` (one a seat), adding each decision's message
    key to ``keys``; each decision explains itself in every language, every field filled
    in, and the Spanish and Portuguese sentences differ from the English one."""
    while not state.is_terminal():
        action, decision = bot_move(state, bots[state.current_player() or 0])
        keys.add(decision.key)
        texts = {lang: decision.explain(lang) for lang in LANGUAGES}
        for text in texts.values():
            assert text and "{" not in text and "}" not in text
        assert texts["es"] != texts["en"] and texts["pt"] != texts["en"]
        state.apply(action)


def session(at: SiteTest, prefix: str) -> PlaySession:
    """The game of the play page whose widget keys start with ``prefix``."""
    value: PlaySession = at.session_state[prefix + "session"]
    return value


def click(at: SiteTest, key: str) -> None:
    """Press the button ``key`` and run the page; it must not fail."""
    at.button(key=key).click().run()
    assert not at.exception, at.exception


#: A markdown escape (``\\*``): the character it stands for is what a person reads.
MD_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!:|>~<])")


def proto_strings(message: Message, skip: Collection[str]) -> Iterator[str]:
    """Every string of an element's proto, nested messages included, but the fields named
    in ``skip`` (identifiers, links, styling, data)."""
    for field, value in message.ListFields():
        if field.name in skip:
            continue
        repeated = (getattr(field, "is_repeated", False) or isinstance(value, (list, tuple))
                    or type(value).__name__.startswith("Repeated"))
        for item in value if repeated else [value]:
            if isinstance(item, Message):
                yield from proto_strings(item, skip)
            elif isinstance(item, str):
                yield item


def walk(node: Any) -> Iterator[Any]:
    """An AppTest element tree's nodes, depth first (``at._tree`` to start)."""
    yield node
    for child in (getattr(node, "children", None) or {}).values():
        yield from walk(child)
