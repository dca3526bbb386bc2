"""The shape of each field of a game's state, declared once (`State.SHAPES`): a clone
copies each field as deep as its shape and no deeper, instead of one marshal round
trip of them all, and a loaded position whose fields are of other shapes is refused.

    same      numbers, strings, booleans, None: shared as they are
    flat      lists or dicts of those
    rows      lists of flat lists
    tables    lists of lists of flat lists
    keyed     dicts of flat lists
    optional  None or a dict of no fixed shape
    deep      of no fixed shape
The optional and deep fields are copied together by one marshal round trip.
tests/conformance/test_shapes.py holds every declaring game to the same copies as
marshal's, sharing nothing mutable."""

from __future__ import annotations

import marshal
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import chain, repeat
from operator import attrgetter
from typing import Any

_PLAIN = "numbers, strings, booleans or null"
_copy = list.copy


def getter(names: tuple[str, ...]) -> Callable[[Any], tuple]:
    """The values of the attributes `names` of an object, always as a tuple."""
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda item: (one(item),)
    return attrgetter(*names) if names else (lambda item: ())


@dataclass(frozen=True)
class Shapes:
    """Each field of a state named under its shape (the module's docstring says which)."""

    same: tuple[str, ...] = ()
    flat: tuple[str, ...] = ()
    rows: tuple[str, ...] = ()
    tables: tuple[str, ...] = ()
    keyed: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()
    deep: tuple[str, ...] = ()
    _names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _getters: tuple[Callable[[Any], tuple], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        marshalled = self.optional + self.deep
        names = self.same + self.flat + self.rows + self.tables + self.keyed + marshalled
        groups = (self.same, self.flat, self.rows, self.tables, self.keyed, marshalled)
        object.__setattr__(self, "_names", names)
        object.__setattr__(self, "_getters", tuple(map(getter, groups)))

    def names(self) -> tuple[str, ...]:
        """Every field named, once for each shape it is under."""
        return self._names

    def copy(self, state: Any, twin: Any) -> None:
        """Give `twin` copies of `state`'s fields that share nothing mutable with it."""
        same, flat, rows, tables, keyed, marshalled = self._getters
        deque(map(setattr, repeat(twin), self._names, chain(
            same(state),
            [value.copy() for value in flat(state)],
            [list(map(_copy, value)) for value in rows(state)],
            [[list(map(_copy, part)) for part in value] for value in tables(state)],
            [{key: part.copy() for key, part in value.items()} for value in keyed(state)],
            marshal.loads(marshal.dumps(marshalled(state))),
        )), 0)

    def error(self, state: Any) -> str | None:
        """What in a loaded position's fields is not of its declared shape (None: nothing)."""
        for name in self.same:
            if not _plain(getattr(state, name)):
                return f"state.{name}: expected one of the {_PLAIN}"
        for name in self.flat:
            value = getattr(state, name)
            if not _flat(value):
                return f"state.{name}: expected {'an object' if isinstance(value, dict) else 'a list'} of {_PLAIN}"
        for name in self.rows:
            if not _list_of(getattr(state, name), _flat_list):
                return f"state.{name}: expected a list of lists of {_PLAIN}"
        for name in self.tables:
            if not _list_of(getattr(state, name), lambda part: _list_of(part, _flat_list)):
                return f"state.{name}: expected a list of lists of lists of {_PLAIN}"
        for name in self.keyed:
            value = getattr(state, name)
            if not (isinstance(value, dict) and all(map(_flat_list, value.values()))):
                return f"state.{name}: expected an object of lists of {_PLAIN}"
        for name in self.optional:
            if not (getattr(state, name) is None or isinstance(getattr(state, name), dict)):
                return f"state.{name}: expected null or an object"
        return None


def _plain(value: Any) -> bool:
    return value is None or isinstance(value, (int, float, str))


def _flat(value: Any) -> bool:
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else None
    return items is not None and all(map(_plain, items))


def _flat_list(value: Any) -> bool:
    return isinstance(value, list) and all(map(_plain, value))


def _list_of(value: Any, test: Callable[[Any], bool]) -> bool:
    return isinstance(value, list) and all(map(test, value))
