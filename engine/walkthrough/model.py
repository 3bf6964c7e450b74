"""One walkthrough model for every game: language-free steps made from engine states.

A :class:`Walkthrough` is a tuple of :class:`Step` values. Each step has a stable ``id``
(``h11.bid.s3``, ``play-4``: a scenario's teaching texts and links name steps by it; a
link may also name a step by its 1-based index, as old links do, see :meth:`Walkthrough.find`),
its ``kind``, the state to show (``view``, the game's own plain snapshot of the engine
state after the step), the engine ``events`` of the step, the rule IDs involved, the
``facts`` a "why" sentence or a teaching text needs (numbers, cards, seats read from the
engine) and ``why``: the reasons as :class:`Note` values (a message key and its data),
which a page renders in its language. Nothing here holds a sentence in a language.

A step where the learner may act carries a :class:`YourMove`: the seat, the position
(the game's snapshot before the move, as plain data), the prompt, every option judged by
the engine's analyst (:mod:`engine.analysis`: ``best`` — a right answer, the best move or
one within the "good" margin; ``legal`` — clearly worse, or breaking the rule taught;
``illegal`` with the engine's refusal and its rule), the answer (the analyst's best
move), the scenario's own move, a remark said after the answer (the scenario's move
when it is not right, the basis of the judgement) and the rule taught. It is serialisable
(:meth:`YourMove.to_dict` / :meth:`YourMove.from_dict`, JSON values only), so a live
class can store it and push it to its pupils.

>>> from engine.cards import parse_card
>>> move = YourMove(
...     game="kachuful", step_id="h1.bid.s3", seat=3, position={"size": 3},
...     prompt=Note("ym.k.prompt.hook", {"seat": 3, "others": 2, "size": 3}), rule="K-9",
...     options=(StepOption("bid-0", Note("ym.k.bid", {"n": 0}), "best", (), "K-9"),
...              StepOption("bid-1", Note("ym.k.bid", {"n": 1}), "illegal",
...                     (Note("kachuful.hook", {"seat": 3, "card": parse_card("KH")}),),
...                     "K-9")),
...     answer="bid-0")
>>> YourMove.from_dict(move.to_dict()) == move
True
>>> move.option("bid-1").verdict, move.legal_ids
('illegal', ('bid-0',))
>>> walk = Walkthrough("kachuful", 4, (Step("h1.deal", "deal", None),
...                                    Step("h1.bid.s3", "hook", None, your_move=move)))
>>> walk.find("h1.bid.s3"), walk.find("1"), walk.find("9"), walk.find("h9.deal")
(1, 0, None, None)
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar, cast

from engine.cards import Card, Suit, parse_card

__all__ = [
    "Fact", "Json", "MAX_STEPS", "Note", "StepOption", "Step", "Verdict", "Walkthrough",
    "YourMove", "ModelError", "fact_to_json", "fact_from_json", "facts",
]

#: A fact of a step: a number, a text code, a card, a suit, or a tuple of facts.
Fact = None | bool | int | str | Card | Suit | tuple["Fact", ...]
#: Plain JSON data (what :meth:`YourMove.to_dict` gives).
Json = None | bool | int | float | str | list["Json"] | dict[str, "Json"]
Verdict = Literal["best", "legal", "illegal"]
_VERDICTS: tuple[str, ...] = ("best", "legal", "illegal")
#: The most steps a walkthrough may have (a whole game of the longest schedule fits).
MAX_STEPS = 20_000
#: The most characters of a serialised your-move step read back (a class store's row).
MAX_JSON = 200_000

View = TypeVar("View")


class ModelError(ValueError):
    """Serialised walkthrough data that is not what :meth:`YourMove.to_dict` writes;
    ``field`` names the part, ``problem`` says what is wrong."""

    def __init__(self, field_: str, problem: str) -> None:
        self.field = field_
        self.problem = problem
        super().__init__(f"{field_}: {problem}")


def fact_to_json(value: Fact) -> Json:
    """A fact as JSON: cards as ``{"card": "KH"}``, suits as ``{"suit": "H"}``.

    >>> from engine.cards import parse_card
    >>> fact_to_json((parse_card("TD"), Suit.CLUBS, 3, None))
    [{'card': 'TD'}, {'suit': 'C'}, 3, None]
    """
    if isinstance(value, Card):
        return {"card": value.code}
    if isinstance(value, Suit):
        return {"suit": value.value}
    if isinstance(value, tuple):
        return [fact_to_json(v) for v in value]
    return value


def fact_from_json(value: Json, where: str = "fact", depth: int = 0) -> Fact:
    """The fact :func:`fact_to_json` wrote (refuses anything else, naming ``where``)."""
    if depth > 8:
        raise ModelError(where, "is nested too deeply")
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, list):
        return tuple(fact_from_json(v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value))
    if isinstance(value, dict) and len(value) == 1:
        (kind, code), = value.items()
        if kind == "card" and isinstance(code, str):
            try:
                return parse_card(code)
            except ValueError as exc:
                raise ModelError(where, f"is not a card code: {code[:8]!r}") from exc
        if kind == "suit" and code in {s.value for s in Suit}:
            return Suit(code)
    raise ModelError(where, "must be a number, a text, a card, a suit or a list of them")


def _facts(data: Mapping[str, Fact] | Sequence[tuple[str, Fact]]) -> tuple[tuple[str, Fact], ...]:
    items = data.items() if isinstance(data, Mapping) else data
    return tuple(sorted((str(k), _freeze(v)) for k, v in items))


def _freeze(value: Any) -> Fact:
    """Lists become tuples (so a step stays hashable and comparable)."""
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, tuple):
        return tuple(_freeze(v) for v in value)
    return cast(Fact, value)


@dataclass(frozen=True, init=False)
class Note:
    """A sentence to say, without its language: a message key and the data that fills it.

    >>> Note("kwalk.explain.hook", {"others": 2, "size": 3}).args()
    {'others': 2, 'size': 3}
    """

    key: str
    data: tuple[tuple[str, Fact], ...]

    def __init__(self, key: str, data: Mapping[str, Fact] | Sequence[tuple[str, Fact]] = ()
                 ) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "data", _facts(data))

    def args(self) -> dict[str, Fact]:
        """The data as keyword arguments of a message template."""
        return dict(self.data)

    def to_dict(self) -> dict[str, Json]:
        return {"key": self.key, "data": {k: fact_to_json(v) for k, v in self.data}}

    @classmethod
    def from_dict(cls, raw: Json, where: str = "note") -> Note:
        if not isinstance(raw, dict) or not isinstance(raw.get("key"), str):
            raise ModelError(where, "must be an object with a text 'key'")
        data = raw.get("data", {})
        if not isinstance(data, dict):
            raise ModelError(f"{where}.data", "must be an object")
        return cls(cast(str, raw["key"]),
                   {k: fact_from_json(v, f"{where}.data.{k}") for k, v in data.items()})


@dataclass(frozen=True)
class StepOption:
    """One option of a your-move step, judged by the engine. ``label`` names it (a bid,
    a card); ``feedback`` says what the analyst finds it leads to (with the best move's
    figures when it is not right) or the engine's refusal (``illegal``); ``rule`` is the
    rule an illegal option breaks, else the rule the step teaches; ``mark`` the analyst's
    mark of a legal option (``""`` for an illegal one)."""

    id: str
    label: Note
    verdict: Verdict
    feedback: tuple[Note, ...]
    rule: str
    mark: str = ""

    def to_dict(self) -> dict[str, Json]:
        return {"id": self.id, "label": self.label.to_dict(), "verdict": self.verdict,
                "feedback": [n.to_dict() for n in self.feedback], "rule": self.rule,
                "mark": self.mark}

    @classmethod
    def from_dict(cls, raw: Json, where: str = "option") -> StepOption:
        if not isinstance(raw, dict):
            raise ModelError(where, "must be an object")
        verdict = raw.get("verdict")
        if verdict not in _VERDICTS:
            raise ModelError(f"{where}.verdict", "must be best, legal or illegal")
        feedback = raw.get("feedback", [])
        if not isinstance(feedback, list):
            raise ModelError(f"{where}.feedback", "must be a list")
        return cls(_text(raw, "id", where), Note.from_dict(raw.get("label"), f"{where}.label"),
                   cast(Verdict, verdict),
                   tuple(Note.from_dict(n, f"{where}.feedback[{i}]")
                         for i, n in enumerate(feedback)),
                   _text(raw, "rule", where, empty=True), _mark(raw, where))


_MARKS = ("", "best", "good", "inaccuracy", "mistake", "blunder")


def _mark(raw: Mapping[str, Json], where: str) -> str:
    value = raw.get("mark", "")
    if not isinstance(value, str) or value not in _MARKS:
        raise ModelError(f"{where}.mark", "must be one of the analyst's marks")
    return value


def _text(raw: Mapping[str, Json], key: str, where: str, empty: bool = False) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or (not value and not empty) or len(value) > 200:
        raise ModelError(f"{where}.{key}", "must be a short text")
    return value


@dataclass(frozen=True)
class YourMove:
    """A step where the learner acts: ``seat`` to move in ``position`` (the game's
    snapshot before the move, plain JSON data), the ``prompt``, the judged ``options``
    (in the order shown), the id of the analyst's best move (``answer``: what "show me"
    reveals), the rule the step teaches, the id of the scenario's own move
    (``scenario``) and the ``remark`` said after the answer."""

    game: str
    step_id: str
    seat: int
    position: Mapping[str, Json]
    prompt: Note
    rule: str
    options: tuple[StepOption, ...]
    answer: str
    scenario: str = ""
    remark: tuple[Note, ...] = ()

    def option(self, option_id: str) -> StepOption | None:
        for o in self.options:
            if o.id == option_id:
                return o
        return None

    @property
    def legal_ids(self) -> tuple[str, ...]:
        """The options the engine accepts (the legal choices), in order."""
        return tuple(o.id for o in self.options if o.verdict != "illegal")

    @property
    def has_illegal(self) -> bool:
        return any(o.verdict == "illegal" for o in self.options)

    def to_dict(self) -> dict[str, Json]:
        """Plain JSON data (``json.dumps`` takes it as is)."""
        return {"format": "walkthrough-your-move/1", "game": self.game,
                "step_id": self.step_id, "seat": self.seat,
                "position": json.loads(json.dumps(dict(self.position))),
                "prompt": self.prompt.to_dict(), "rule": self.rule,
                "options": [o.to_dict() for o in self.options], "answer": self.answer,
                "scenario": self.scenario, "remark": [n.to_dict() for n in self.remark]}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> YourMove:
        if not isinstance(text, str) or len(text) > MAX_JSON:
            raise ModelError("your_move", f"must be a text of at most {MAX_JSON} characters")
        try:
            raw = json.loads(text)
        except ValueError as exc:
            raise ModelError("your_move", "is not JSON") from exc
        return cls.from_dict(raw)

    @classmethod
    def from_dict(cls, raw: Json) -> YourMove:
        """The step :meth:`to_dict` wrote; raises :class:`ModelError` naming the field."""
        where = "your_move"
        if not isinstance(raw, dict) or raw.get("format") != "walkthrough-your-move/1":
            raise ModelError(f"{where}.format", "must be walkthrough-your-move/1")
        seat = raw.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 26:
            raise ModelError(f"{where}.seat", "must be a seat number from 0 to 25")
        position = raw.get("position")
        if not isinstance(position, dict):
            raise ModelError(f"{where}.position", "must be an object")
        options = raw.get("options")
        if not isinstance(options, list) or not options or len(options) > 64:
            raise ModelError(f"{where}.options", "must be a list of 1 to 64 options")
        remark = raw.get("remark", [])
        if not isinstance(remark, list) or len(remark) > 16:
            raise ModelError(f"{where}.remark", "must be a list of at most 16 notes")
        move = cls(_text(raw, "game", where), _text(raw, "step_id", where), seat, position,
                   Note.from_dict(raw.get("prompt"), f"{where}.prompt"),
                   _text(raw, "rule", where, empty=True),
                   tuple(StepOption.from_dict(o, f"{where}.options[{i}]")
                         for i, o in enumerate(options)),
                   _text(raw, "answer", where), _text(raw, "scenario", where, empty=True)
                   if "scenario" in raw else "",
                   tuple(Note.from_dict(n, f"{where}.remark[{i}]")
                         for i, n in enumerate(remark)))
        if move.option(move.answer) is None:
            raise ModelError(f"{where}.answer", "must be the id of one of the options")
        if len({o.id for o in move.options}) != len(move.options):
            raise ModelError(f"{where}.options", "two options have the same id")
        return move


@dataclass(frozen=True)
class Step(Generic[View]):
    """One step: its stable ``id`` and ``kind``, the state to show (``view``, the game's
    snapshot), the engine ``events`` of the step, the rule IDs involved, the ``facts``
    its sentences use, the ``why`` notes, the seat that acted and an optional your-move.

    ``chosen_by`` says who chose the step's action: ``record`` (the scenario), ``bot``
    (the engine's computer player; ``bot_reason`` holds its reason) or ``""``."""

    id: str
    kind: str
    view: View
    events: tuple[Any, ...] = ()
    rules: tuple[str, ...] = ()
    facts: tuple[tuple[str, Fact], ...] = ()
    why: tuple[Note, ...] = ()
    seat: int | None = None
    your_move: YourMove | None = None
    chosen_by: str = ""
    bot_reason: Note | None = None
    error: Note | None = None

    def fact(self, name: str) -> Fact:
        """A fact of the step (``None`` when the step has no such fact)."""
        for key, value in self.facts:
            if key == name:
                return value
        return None

    def fact_dict(self) -> dict[str, Fact]:
        return dict(self.facts)


def facts(**data: Any) -> tuple[tuple[str, Fact], ...]:
    """The ``facts`` of a :class:`Step` from keyword arguments (``None`` values dropped).

    >>> facts(dealer=3, forbidden_bid=None, bids=[1, 0])
    (('bids', (1, 0)), ('dealer', 3))
    """
    return _facts({k: v for k, v in data.items() if v is not None})


@dataclass(frozen=True)
class Walkthrough(Generic[View]):
    """The steps of one walkthrough of ``game`` with ``players`` seats; ``notes`` are
    remarks about the whole walk (e.g. a ruling of the builder), ``extra`` is the game's
    own plain data about the walk (its schedule, its score rows)."""

    game: str
    players: int
    steps: tuple[Step[View], ...]
    notes: tuple[Note, ...] = ()
    extra: tuple[tuple[str, Any], ...] = field(default=())

    def __post_init__(self) -> None:
        if len(self.steps) > MAX_STEPS:
            raise ValueError(f"a walkthrough has at most {MAX_STEPS} steps")
        seen: set[str] = set()
        for step in self.steps:
            if step.id in seen:
                raise ValueError(f"two steps have the id {step.id!r}")
            seen.add(step.id)

    def __len__(self) -> int:
        return len(self.steps)

    def __iter__(self) -> Iterator[Step[View]]:
        return iter(self.steps)

    def index_of(self, step_id: str) -> int:
        """The 0-based index of the step ``step_id``; ``KeyError`` when there is none."""
        for i, step in enumerate(self.steps):
            if step.id == step_id:
                return i
        raise KeyError(step_id)

    def find(self, raw: str | None) -> int | None:
        """The 0-based index a link's ``step`` value names: a step id, else a 1-based
        number (old links), else ``None`` (no such step: the page says so)."""
        if raw is None:
            return None
        raw = raw.strip()
        if not raw or len(raw) > 80:
            return None
        try:
            return self.index_of(raw)
        except KeyError:
            pass
        if raw.isdigit() and len(raw) <= 6 and 1 <= int(raw) <= len(self.steps):
            return int(raw) - 1
        return None

    def your_moves(self) -> tuple[YourMove, ...]:
        """Every your-move step, in order (what a live class may push)."""
        return tuple(s.your_move for s in self.steps if s.your_move is not None)

    def your_move(self, step_id: str) -> YourMove | None:
        try:
            return self.steps[self.index_of(step_id)].your_move
        except KeyError:
            return None

    def rules_seen(self, until: int | None = None) -> tuple[str, ...]:
        """The rule IDs of the steps up to index ``until`` (all by default), sorted."""
        chosen = self.steps if until is None else self.steps[: until + 1]
        return tuple(sorted({r for s in chosen for r in s.rules}))

    def get(self, name: str, default: Any = None) -> Any:
        """The game's ``extra`` value ``name``."""
        return dict(self.extra).get(name, default)
