"""The review: every decision a seat took, marked against the analysis of its position
(see :func:`engine.analysis.review`), and the positions of a record.

>>> from engine.kachuful.state import HandSetup, KachufulState, parse_action
>>> setup = HandSetup.from_codes(dealer=2, deal=[["AS", "2H"], ["KS", "3H"], ["QS", "4H"]],
...                              trump="S")
>>> state = KachufulState.from_hands(3, [setup])
>>> pairs = []  # seat 0 bids 2: only A♠ is sure to win, so 1 is the bid it can force
>>> for action in (2, 0, 1, "AS", "KS", "QS", "2H", "3H", "4H"):
...     pairs.append((state.clone(), action))
...     _ = state.apply(parse_action(action) if isinstance(action, str) else action)
>>> [(r.index, str(r.action), r.mark, str(r.better.action)) for r in review(pairs, 0, exact=True)]
[(0, '2', 'blunder', '1'), (3, 'A♠', 'best', 'A♠'), (6, '2♥', 'best', '2♥')]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from engine.analysis import analyst_of
from engine.analysis.types import Analysis, Decision, ReviewedDecision
from engine.errors import IllegalActionError, InvalidActionError, RecordError

#: A game's state (any game of the registry).
State = Any

__all__ = ["decisions_of_record", "end_of_record", "matching", "review"]


def matching(analysis: Analysis, state: State, action: Any) -> Decision:
    """The decision of ``analysis`` that ``action`` took in ``state`` (an engine action or
    a record's form of one, as the game's analyst reads it: a Kachuful bid as a number or
    text, a Krypkasino record's play with ``groups``). ``KeyError`` when none matches."""
    decision: Decision = analyst_of(state).matching(analysis, action)
    return decision


def _game_of(doc: Any) -> Any:
    """The registry's game of a parsed record (its ``format``), read as the replay
    command reads it (:class:`~engine.errors.RecordError` names a bad field)."""
    # Imported here: the registry may name the analyst, so no import cycle at load time.
    from engine.recordio import expect_object, expect_str
    from engine.registry import BY_FORMAT

    keys = tuple(k for k in doc if isinstance(k, str)) if isinstance(doc, dict) else ()
    obj = expect_object(doc, "", required=("format",), optional=keys)
    fmt = expect_str(obj["format"], "format")
    game = BY_FORMAT.get(fmt)
    if game is None:
        raise RecordError("format", f"unknown format {fmt!r}: expected one of "
                          f"{', '.join(BY_FORMAT)}")
    return game


def decisions_of_record(doc: Any) -> Iterator[tuple[int, State, Any]]:
    """``(index, state before, action)`` for every action of a parsed record, in order
    (the state is the live one: copy it to keep it). Raises
    :class:`~engine.errors.RecordError` for an invalid record; stops before an illegal
    action, raising :class:`~engine.errors.IllegalActionError` there."""
    game = _game_of(doc)
    record = game.read_record(doc)
    state = game.start_of(record)
    for index, action in enumerate(game.actions_of(record)):
        yield index, state, action
        game.apply_action(state, action)


def end_of_record(doc: Any) -> State:
    """The position at the end of a parsed record (every action applied). Raises
    :class:`~engine.errors.RecordError` for an invalid record and
    :class:`~engine.errors.IllegalActionError` at an illegal action."""
    game = _game_of(doc)
    record = game.read_record(doc)
    state: State = game.start_of(record)
    for action in game.actions_of(record):
        game.apply_action(state, action)
    return state


def review(record_or_states: Any | Iterable[tuple[State, Any]], seat: int, *,
           samples: int | None = None, seed: int = 0,
           exact: bool | None = None) -> list[ReviewedDecision]:
    """See :func:`engine.analysis.review`."""
    if isinstance(record_or_states, dict):
        pairs: Iterable[tuple[int, State, Any]] = _stop_at_illegal(
            decisions_of_record(record_or_states))
    else:
        pairs = ((i, s, a) for i, (s, a) in enumerate(record_or_states))
    out: list[ReviewedDecision] = []
    for index, state, action in pairs:
        analyst = analyst_of(state)
        if not analyst.decides(state, seat):
            continue
        analysis: Analysis = analyst(state, seat, samples=samples, seed=seed, exact=exact)
        taken: Decision = analyst.matching(analysis, action)
        out.append(ReviewedDecision(index, analyst.number(state), seat, taken.action, taken,
                                    analysis.best, analysis))
    return out


def _stop_at_illegal(pairs: Iterator[tuple[int, State, Any]]
                     ) -> Iterator[tuple[int, State, Any]]:
    try:
        yield from pairs
    except (IllegalActionError, InvalidActionError):
        return
