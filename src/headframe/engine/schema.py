"""A small validator for component data files, with errors that name the field.

A schema is plain Python:
    int, float, str, bool        a value of that type (float accepts int)
    [item]                       a list whose items match `item`
    {"key": s, "key?": s}        a mapping with those keys ("?" marks optional);
                                 other keys are allowed (notes, urls, comments)
    {str: s}                     a mapping from any string key to values matching s
    OneOf(a, b, ...)             one of these literal values
    Nullable(s)                  None, or a value matching s
    Either(s1, s2, ...)          a value matching one of the schemas
    ANY                          anything
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import ComponentError

ANY = object()
SOURCE_LABELS = ("RULEBOOK", "PUBLISHED", "DERIVED", "RECONSTRUCTED", "INVENTED")


@dataclass(frozen=True)
class OneOf:
    values: tuple

    def __init__(self, *values: Any) -> None:
        object.__setattr__(self, "values", values)


@dataclass(frozen=True)
class Nullable:
    schema: Any


@dataclass(frozen=True)
class Either:
    schemas: tuple

    def __init__(self, *schemas: Any) -> None:
        object.__setattr__(self, "schemas", schemas)


_TYPE_NAMES = {int: "an integer", float: "a number", str: "a string", bool: "true or false"}


def validate(data: Any, schema: Any, where: str = "") -> None:
    """Raise ComponentError naming the first field of `data` that `schema` rejects."""
    path = where or "(top)"
    if schema is ANY:
        return
    if isinstance(schema, Nullable):
        if data is not None:
            validate(data, schema.schema, where)
        return
    if isinstance(schema, OneOf):
        if data not in schema.values:
            allowed = ", ".join(repr(v) for v in schema.values)
            raise ComponentError(f"{path}: expected one of {allowed}, got {data!r}")
        return
    if isinstance(schema, Either):
        errors = []
        for option in schema.schemas:
            try:
                validate(data, option, where)
                return
            except ComponentError as exc:
                errors.append(str(exc))
        raise ComponentError(" / ".join(errors))
    if isinstance(schema, type):
        _check_scalar(data, schema, path)
        return
    if isinstance(schema, list):
        if not isinstance(data, list):
            raise ComponentError(f"{path}: expected a list, got {_describe(data)}")
        for index, item in enumerate(data):
            validate(item, schema[0], f"{where}[{index}]")
        return
    if isinstance(schema, dict):
        _check_mapping(data, schema, where, path)
        return
    raise TypeError(f"not a schema: {schema!r}")


def _check_scalar(data: Any, kind: type, path: str) -> None:
    ok = isinstance(data, kind) and not (kind is not bool and isinstance(data, bool))
    if kind is float:
        ok = isinstance(data, (int, float)) and not isinstance(data, bool)
    if not ok:
        raise ComponentError(f"{path}: expected {_TYPE_NAMES[kind]}, got {_describe(data)}")


def _check_mapping(data: Any, schema: dict, where: str, path: str) -> None:
    if not isinstance(data, dict):
        raise ComponentError(f"{path}: expected a mapping, got {_describe(data)}")
    if str in schema:
        for key, value in data.items():
            if not isinstance(key, str):
                raise ComponentError(f"{path}: key {key!r} must be a string")
            validate(value, schema[str], f"{where}.{key}" if where else key)
        return
    for key, item_schema in schema.items():
        optional = key.endswith("?")
        name = key.rstrip("?")
        if name not in data:
            if optional:
                continue
            raise ComponentError(f"{path}: missing field {name!r}")
        validate(data[name], item_schema, f"{where}.{name}" if where else name)


def _describe(data: Any) -> str:
    return "nothing" if data is None else f"{type(data).__name__} {data!r}"[:80]
