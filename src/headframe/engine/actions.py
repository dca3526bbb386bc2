"""Actions: what a seat does, as small frozen dataclasses.

Each game declares one *family* root (a direct subclass of `Action`, without a
`kind`) and one subclass per kind of move:

    class OreAction(Action): ...

    @dataclass(frozen=True)
    class Construct(OreAction):
        kind = "construct"
        card: str
        space: int

JSON form: ``{"kind": "construct", "card": "park", "space": 2}``.
Stable short id: ``"construct:park:2"`` (tuple fields joined by ",", None as "-").
`Family.from_json` and `Family.from_id` parse either form and raise
`MalformedAction` naming what is wrong. `Kind.of(...)` returns an interned
instance: move generators call it so that legal-action lists allocate nothing.
"""

from __future__ import annotations

import dataclasses
import types
import typing
import urllib.parse
from functools import cached_property, lru_cache
from itertools import repeat
from operator import is_
from typing import Any, ClassVar

from . import jsontext
from .errors import MalformedAction

_SCALARS = (int, str, bool)


class Action:
    kind: ClassVar[str]
    _kinds: ClassVar[dict[str, type[Action]]] = {}
    _types: ClassVar[dict[str, Any] | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if Action in cls.__bases__:  # a game's family root
            cls._kinds = {}
        if "kind" in cls.__dict__:
            cls._kinds[cls.kind] = cls
            # Interning: one object per kind and field values, from a C-level cache that
            # keeps argument types apart (True == 1 and they hash alike, but are other actions).
            cls.of = staticmethod(lru_cache(maxsize=None, typed=True)(cls))  # type: ignore[method-assign]

    @classmethod
    def of(cls, *args: Any) -> Action:
        """The interned action of this kind with these field values (each kind
        replaces this with its own cache)."""
        raise TypeError(f"{cls.__name__} is an action family, not a kind: build its kinds' actions")

    def __copy__(self) -> Action:
        return self  # frozen and interned

    def __deepcopy__(self, memo: dict) -> Action:
        return self

    # --- the two external forms -------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {key: list(value) if isinstance(value, list) else value for key, value in self._json.items()}

    @cached_property
    def _json(self) -> dict[str, Any]:
        """Computed once: actions are immutable and interned, and positions and
        records serialise the whole history."""
        data: dict[str, Any] = {"kind": self.kind}
        for f in _fields(self):
            value = getattr(self, f.name)
            data[f.name] = list(value) if isinstance(value, tuple) else value
        return data

    @cached_property
    def id(self) -> str:
        parts = [self.kind]
        for f in _fields(self):
            parts.append(_id_part(getattr(self, f.name)))
        return ":".join(parts)

    def __str__(self) -> str:
        return self.id

    @classmethod
    def kinds(cls) -> dict[str, type[Action]]:
        return dict(cls._kinds)

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Parse the JSON form (a dict, or a JSON text) of an action of this family."""
        if isinstance(data, (str, bytes)):
            try:
                data = jsontext.loads(data)
            except jsontext.JsonError as exc:
                raise MalformedAction(str(exc)) from None
        if not isinstance(data, dict):
            raise MalformedAction(f"an action is a JSON object, not {type(data).__name__}")
        kind_cls = cls._kind_class(data.get("kind"))
        hints = kind_cls._field_types()
        missing = [name for name in hints if name not in data]
        extra = [name for name in data if name != "kind" and name not in hints]
        if missing:
            raise MalformedAction(f"action {kind_cls.kind!r} is missing field(s): {', '.join(missing)}")
        if extra:
            raise MalformedAction(f"action {kind_cls.kind!r} has no field(s): {', '.join(extra)}")
        values = [_coerce(kind_cls.kind, name, data[name], hint) for name, hint in hints.items()]
        return kind_cls.of(*values)

    @classmethod
    def from_id(cls, text: str) -> Action:
        """Parse the short id form, e.g. ``"construct:park:2"``."""
        if not isinstance(text, str) or not text:
            raise MalformedAction("an action id is a non-empty string")
        kind, *parts = text.split(":")
        kind_cls = cls._kind_class(kind)
        hints = kind_cls._field_types()
        if len(parts) != len(hints):
            raise MalformedAction(
                f"action {kind!r} takes {len(hints)} part(s) after the kind "
                f"({', '.join(hints) or 'none'}), got {len(parts)}"
            )
        values = [_parse_id_part(kind, name, part, hint) for (name, hint), part in zip(hints.items(), parts)]
        return kind_cls.of(*values)

    @classmethod
    def _kind_class(cls, kind: Any) -> type[Action]:
        if not isinstance(kind, str):
            raise MalformedAction("an action needs a string field 'kind'")
        try:
            return cls._kinds[kind]
        except KeyError:
            known = ", ".join(sorted(cls._kinds)) or "none"
            raise MalformedAction(f"unknown action kind {kind!r} (known: {known})") from None

    @classmethod
    def _field_types(cls) -> dict[str, Any]:
        types = cls.__dict__.get("_types")
        if types is None:
            hints = typing.get_type_hints(cls)
            types = cls._types = {f.name: hints[f.name] for f in _fields(cls)}
        return types


def offered(action: Action, actions: tuple[Action, ...]) -> bool:
    """`action in actions`, by identity first: legal-action lists hold interned actions, and an
    action kind's dataclass `__eq__` is a Python call per element compared."""
    return any(map(is_, actions, repeat(action))) or action in actions


def _id_part(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(_id_part(v) for v in value)
    if isinstance(value, str):
        return value.translate(_ESCAPES)  # a location "UM:wood" must not split the id
    return str(value)


_ESCAPES = str.maketrans({"%": "%25", ":": "%3A", ",": "%2C"})


def _type_name(hint: Any) -> str:
    return getattr(hint, "__name__", str(hint))


def _coerce(kind: str, name: str, value: Any, hint: Any) -> Any:
    """Check a JSON value against a field's annotation; lists become tuples."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(hint)
        if value is None and type(None) in options:
            return None
        for option in options:
            if option is not type(None):
                try:
                    return _coerce(kind, name, value, option)
                except MalformedAction:
                    pass
        raise MalformedAction(f"action {kind!r}: field {name!r} cannot be {value!r}")
    if origin is tuple:
        if not isinstance(value, (list, tuple)):
            raise MalformedAction(f"action {kind!r}: field {name!r} must be a list, not {value!r}")
        item = typing.get_args(hint)[0]
        return tuple(_coerce(kind, name, v, item) for v in value)
    if hint in _SCALARS:
        if type(value) is not hint:
            raise MalformedAction(
                f"action {kind!r}: field {name!r} must be {_type_name(hint)}, not {value!r}"
            )
        return value
    raise TypeError(f"action field {name!r} has an unsupported type {hint!r}")


def _fields(action: Action | type[Action]) -> tuple[dataclasses.Field, ...]:
    """The fields of an action kind: every kind is a frozen dataclass (the family
    root is not, so the type checker cannot know it)."""
    return dataclasses.fields(action)  # type: ignore[arg-type]


def _parse_id_part(kind: str, name: str, part: str, hint: Any) -> Any:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        if part == "-" and type(None) in typing.get_args(hint):
            return None
        hint = next(h for h in typing.get_args(hint) if h is not type(None))
        origin = typing.get_origin(hint)
    if origin is tuple:
        item = typing.get_args(hint)[0]
        return tuple(_parse_id_part(kind, name, p, item) for p in part.split(",")) if part else ()
    if hint is int:
        try:
            return int(part)
        except ValueError:
            raise MalformedAction(f"action {kind!r}: field {name!r} must be a number, not {part!r}") from None
    if hint is bool:
        if part not in ("true", "false"):
            raise MalformedAction(f"action {kind!r}: field {name!r} must be true or false, not {part!r}")
        return part == "true"
    return urllib.parse.unquote(part)
