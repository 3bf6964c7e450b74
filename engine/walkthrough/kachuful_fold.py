"""Folded runs: a whole Kachuful game walked in a few dozen steps (issue 28).

A whole game on the default schedule is about a thousand engine steps (4 players: 25
hands, every bid, card and trick). :func:`fold` keeps the steps a scenario names (its
``keep`` list, its your-move stops, an illegal step) and turns every run of two or more
other steps into one step of kind ``fold``. A folded step says what the engine did in the
run, hand by hand, from the folded steps' own events:

* a hand that ends inside the run: its size, trump and dealer, each seat's bid, tricks and
  points (``HandScored``: ``kwalk.fold.hand``), the seats that made their bid
  (``kwalk.fold.made``, or ``kwalk.fold.nobody``);
* a hand that starts inside the run and goes on after it: the size, trump and dealer
  (``kwalk.fold.opening``), the bids made in the run (``kwalk.fold.bids``) and who won
  the tricks played in it (``kwalk.fold.tricks``);
* the rest of a hand that began before the run is summed up the same way.

The folded step shows the table of its last folded step (the score sheet when that step
is a hand's score), carries the engine events of the scores and of the end of the game,
the rules of every folded step, and the facts ``first_hand``, ``last_hand``, ``folded``
(how many engine steps) and ``hands_scored``. Its id is ``fold.<id of its first step>``.

>>> from engine.walkthrough.kachuful import EXAMPLE_DOC, RecordSource, build
>>> walk = build(RecordSource(EXAMPLE_DOC, first_hand=11, asks=("h11.bid.s3",)))
>>> folded = fold(walk, keep={"h11.schedule", "h11.score"})
>>> [s.id for s in folded.steps]
['h11.schedule', 'fold.h11.deal', 'h11.bid.s3', 'fold.h11.t1.c1', 'h11.score']
>>> [n.key for n in folded.steps[1].why], folded.steps[3].fact("folded")
(['kwalk.fold.bids'], 15)
>>> folded.steps[3].why[0].args()["winners"]
(1, 0, 2)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import replace
from typing import Any

from engine.kachuful.events import BidMade, GameOver, HandScored, TrickWon
from engine.seats import seat_letter
from engine.walkthrough.model import Note, Step, Walkthrough, facts

__all__ = ["FOLD", "fold", "summary"]

#: The kind of a folded step.
FOLD = "fold"


def fold(walk: Walkthrough[Any], keep: Collection[str]) -> Walkthrough[Any]:
    """``walk`` with every run of two or more steps that are not kept (their id in
    ``keep``, a your-move stop, an illegal step) folded into one ``fold`` step; a run
    of one step stays as it is."""
    kept = set(keep)
    out: list[Step[Any]] = []
    run: list[Step[Any]] = []

    def flush() -> None:
        if len(run) == 1:
            out.append(run[0])
        elif run:
            out.append(folded(run))
        run.clear()

    for step in walk.steps:
        if step.id in kept or step.your_move is not None or step.kind == "illegal":
            flush()
            out.append(step)
        else:
            run.append(step)
    flush()
    return replace(walk, steps=tuple(out))


def folded(run: Sequence[Step[Any]]) -> Step[Any]:
    """One step for a run of engine steps (see the module docstring)."""
    last = run[-1]
    hands = [s.view.hand for s in run if s.view.hand]
    first_hand, last_hand = (min(hands), max(hands)) if hands else (0, 0)
    scored = tuple(s.view.hand for s in run if s.kind == "score")
    key = "kwalk.title.fold.hand" if first_hand == last_hand else "kwalk.title.fold.hands"
    title = Note(key, {"hand": first_hand, "first": first_hand, "last": last_hand})
    events = tuple(e for s in run for e in s.events if isinstance(e, (HandScored, GameOver)))
    rules = tuple(sorted({r for s in run for r in s.rules}, key=rule_order))
    return Step(
        # The last step's table, without the notes of its own actor (advice, "could play").
        id=f"fold.{run[0].id}", kind=FOLD,
        view=replace(last.view, title=title, advice=(), private=(), before=None),
        events=events, rules=rules, why=summary(run), chosen_by="bot",
        facts=facts(first_hand=first_hand or None, last_hand=last_hand or None,
                    folded=len(run), hands_scored=scored))


def summary(run: Sequence[Step[Any]]) -> tuple[Note, ...]:
    """What the engine did in a run of steps, hand by hand (language-free notes)."""
    notes: list[Note] = []
    order: list[int] = []
    groups: dict[int, list[Step[Any]]] = {}
    for step in run:
        hand = step.view.hand
        if hand not in groups:
            order.append(hand)
            groups[hand] = []
        groups[hand].append(step)
    for hand in order:
        if hand == 0:  # the K-3 draw: its cards are on the step's own view
            continue
        steps = groups[hand]
        score = next((s for s in steps if s.kind == "score"), None)
        table = next((s.view.table for s in steps if s.view.table is not None), None)
        if score is not None:
            rows = sorted((e for e in score.events if isinstance(e, HandScored)),
                          key=lambda e: e.seat)
            table = score.view.table or table
            notes.append(Note("kwalk.fold.hand", {
                "hand": hand, "size": table.size if table else 0,
                "trump": table.trump if table else "",
                "dealer": table.dealer if table else 0,
                "bids": pairs((e.seat, e.bid) for e in rows),
                "tricks": pairs((e.seat, e.tricks) for e in rows),
                "points": pairs((e.seat, e.points) for e in rows)}))
            made = tuple(e.seat for e in rows if e.exact)
            notes.append(Note("kwalk.fold.made", {"hand": hand, "made": made}) if made
                         else Note("kwalk.fold.nobody", {"hand": hand}))
            continue
        if any(s.kind == "schedule" for s in steps) and table is not None:
            notes.append(Note("kwalk.fold.opening", {"hand": hand, "size": table.size,
                                                     "trump": table.trump,
                                                     "dealer": table.dealer}))
        bids = [e for s in steps for e in s.events if isinstance(e, BidMade)]
        if bids:
            notes.append(Note("kwalk.fold.bids", {
                "hand": hand, "bids": pairs((e.seat, e.bid) for e in bids)}))
        won = [e for s in steps for e in s.events if isinstance(e, TrickWon)]
        if won:
            notes.append(Note("kwalk.fold.tricks", {
                "hand": hand, "count": len(won), "winners": tuple(e.seat for e in won)}))
    return tuple(notes)


def rule_order(rule: str) -> tuple[str, int]:
    """Rule IDs in the contract's order: K-4 before K-10.

    >>> sorted(["K-10", "K-4", "K-9"], key=rule_order)
    ['K-4', 'K-9', 'K-10']
    """
    prefix, _, number = rule.partition("-")
    return prefix, int(number) if number.isdigit() else 0


def pairs(items: Iterable[tuple[int, int]]) -> tuple[str, ...]:
    """Seat and number as ``"A 3"`` (a seat's letter is the same in every language).

    >>> pairs([(0, 3), (3, 0)])
    ('A 3', 'D 0')
    """
    return tuple(f"{seat_letter(seat)} {n}" for seat, n in items)
