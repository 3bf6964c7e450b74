"""``@frozen``: a frozen dataclass whose ``__init__`` is about twice as fast.

``@dataclass(frozen=True)`` sets each field with ``object.__setattr__``; the checked path
creates an event for every card played, so Kachuful's values store each field straight
into the instance's ``__dict__`` instead (``d = self.__dict__; d["a"] = a``). Everything
else (``==``, ``hash``, ``repr``, refusing assignment, ``dataclasses.fields``) is the
dataclass's own.

>>> @frozen
... class Pair:
...     a: int
...     b: int = 2
>>> Pair(1), Pair(1) == Pair(1, 2)
(Pair(a=1, b=2), True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, FrozenInstanceError, dataclass
from operator import itemgetter
from typing import Any, TypeVar, cast, dataclass_transform

T = TypeVar("T", bound=type)
T2 = TypeVar("T2")


@dataclass_transform(frozen_default=True)
def frozen(cls: T) -> T:
    made: Any = dataclass(frozen=True)(cls)
    params: list[str] = []
    defaults: dict[str, Any] = {}
    names = list(made.__dataclass_fields__)
    for name, spec in made.__dataclass_fields__.items():
        if spec.default is not MISSING:
            defaults[f"_default_{name}"] = spec.default
            params.append(f"{name}=_default_{name}")
        else:
            params.append(name)
    # one store per field into the instance's dict (a quarter faster than update(**))
    source = (f"def __init__(self, {', '.join(params)}):\n    d = self.__dict__\n"
              + "".join(f"    d[{n!r}] = {n}\n" for n in names))
    namespace: dict[str, Callable[..., None]] = {}
    exec(source, defaults, namespace)  # built from the dataclass's own field names
    init = namespace["__init__"]
    init.__qualname__ = f"{made.__qualname__}.__init__"
    made.__init__ = init
    return cast(T, made)


#: ``make(cls, values)``: a :func:`record` instance from its field values in order, with
#: no Python ``__init__`` (the checked path builds an event per card this way).
make: Callable[[type[T2], tuple[Any, ...]], T2] = cast(Any, tuple.__new__)


@dataclass_transform(frozen_default=True)
def record(cls: T) -> T:
    """A frozen dataclass stored as a tuple of its field values (in field order).

    Everything a dataclass offers still works (``==`` between instances of one class,
    ``hash``, ``repr``, ``dataclasses.fields`` and ``replace``, refusing assignment), and
    each field is read through a C-level ``property(itemgetter(i))``; but an instance is
    made by :data:`make` in a C call, about three times faster than a frozen dataclass's
    ``__init__``. The tuple underneath stays hidden: iterate or index ``fields`` rather
    than the record (``len``, ``[i]`` and iteration are the tuple's).

    >>> @record
    ... class Pair:
    ...     a: int
    ...     b: int = 2
    >>> Pair(1), Pair(1) == Pair(1, 2) == make(Pair, (1, 2)), Pair(1) == (1, 2)
    (Pair(a=1, b=2), True, False)
    >>> from dataclasses import replace
    >>> replace(Pair(1), b=5).b
    5
    """
    spec: Any = dataclass(frozen=True)(cls)
    names = list(spec.__dataclass_fields__)
    namespace = {k: v for k, v in spec.__dict__.items()
                 if k not in ("__dict__", "__weakref__", "__init__") and k not in names}
    namespace["__slots__"] = ()
    made: Any = type(cls.__name__, (tuple, *cls.__bases__), namespace)
    made.__qualname__ = cls.__qualname__
    made.__module__ = cls.__module__
    for i, name in enumerate(names):
        setattr(made, name, property(itemgetter(i), doc=f"the {name!r} field"))
    params: list[str] = []
    defaults: dict[str, Any] = {"_make": tuple.__new__}
    for name, field in spec.__dataclass_fields__.items():
        if field.default is not MISSING:
            defaults[f"_default_{name}"] = field.default
            params.append(f"{name}=_default_{name}")
        else:
            params.append(name)
    source = (f"def __new__(cls, {', '.join(params)}):\n"
              f"    return _make(cls, ({''.join(n + ', ' for n in names)}))\n")
    code: dict[str, Callable[..., Any]] = {}
    exec(source, defaults, code)  # built from the dataclass's own field names
    new = code["__new__"]
    new.__qualname__ = f"{made.__qualname__}.__new__"
    made.__new__ = new
    made.__init__ = _no_init
    made.__getnewargs__ = _getnewargs
    # dataclass's __repr__ reads the fields by name; equality needs the same class (a
    # record never equals a plain tuple), and nothing can be set or deleted.
    made.__eq__ = _eq
    made.__ne__ = _ne
    made.__hash__ = tuple.__hash__
    made.__setattr__ = _refuse
    made.__delattr__ = _refuse
    return cast(T, made)


def _eq(self: tuple[Any, ...], other: object) -> bool:
    return other.__class__ is self.__class__ and tuple.__eq__(self, other)


def _ne(self: tuple[Any, ...], other: object) -> bool:
    return not _eq(self, other)


def _refuse(self: object, name: str, *value: object) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _no_init(self: Any, *args: Any, **kwargs: Any) -> None:
    """The fields are set by ``__new__``."""


def _getnewargs(self: tuple[Any, ...]) -> tuple[Any, ...]:
    """Copy and pickle call ``__new__`` with the field values."""
    return tuple(self)
