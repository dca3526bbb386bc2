"""Game options: each game's variants as a frozen dataclass.

    @dataclass(frozen=True)
    class OreCityOptions(Options):
        majority_ranking: str = option("dense", "How tied holders rank (ORE-R24)",
                                       choices=("dense", "competition"))
"""

from __future__ import annotations

import dataclasses
import re
import typing
from typing import Any, Self

from .errors import OptionError

# A help's closing citation: "(COAL-R2)", "(COP-R58, INVENTED)".
CITATION = re.compile(r"\s*\(((?:[A-Z]+-R\d+)(?:,\s*(?:[A-Z]+-R\d+|[A-Z]+))*)\)\s*$")


def _cited(help_text: str) -> tuple[str, list[str]]:
    """A help without its closing citation, and the ruling ids it cites."""
    found = CITATION.search(help_text)
    if found is None:
        return help_text, []
    return help_text[:found.start()], re.findall(r"[A-Z]+-R\d+", found.group(1))


def option(default: Any, help: str, choices: tuple | None = None, minimum: int | None = None) -> Any:
    """Declare one option: its default, a one-line help, and optionally the
    allowed values or the smallest allowed number."""
    return dataclasses.field(
        default=default, metadata={"help": help, "choices": choices, "minimum": minimum}
    )


@dataclasses.dataclass(frozen=True)
class Options:
    """Base of every game's options; a game without variants uses it as is."""

    @classmethod
    def from_dict(cls, values: dict[str, Any] | None) -> Self:
        if values is None:
            return cls()
        if isinstance(values, cls):
            return values
        if not isinstance(values, dict):
            raise OptionError(f"options are a mapping of name to value, not {type(values).__name__}")
        known = {f.name: f for f in dataclasses.fields(cls)}
        for name, value in values.items():
            if name not in known:
                allowed = ", ".join(known) or "none"
                raise OptionError(f"unknown option {name!r} (options: {allowed})")
            _check(name, value, known[name], _hints(cls)[name])
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in _names(type(self))}

    @classmethod
    def describe(cls) -> list[dict[str, Any]]:
        """Name, default, allowed values and help of every option, for people; the rulings
        a help cites at its end ("(COAL-R2)") apart, for the game's Sources page."""
        described = []
        for f in dataclasses.fields(cls):
            help_text, rulings = _cited(f.metadata.get("help", ""))
            described.append({"name": f.name, "default": f.default, "choices": f.metadata.get("choices"),
                              "minimum": f.metadata.get("minimum"), "help": help_text, "rulings": rulings})
        return described

    @classmethod
    def parse_assignment(cls, text: str) -> tuple[str, Any]:
        """Parse ``name=value`` as typed on a command line, by the option's type."""
        name, sep, raw = text.partition("=")
        if not sep:
            raise OptionError(f"an option is written name=value, not {text!r}")
        known = {f.name for f in dataclasses.fields(cls)}
        if name not in known:
            raise OptionError(f"unknown option {name!r} (options: {', '.join(known) or 'none'})")
        hint = _hints(cls)[name]
        if raw.lower() in ("none", "null") and _allows_none(hint):
            return name, None
        for kind in _scalar_types(hint):
            if kind is bool and raw.lower() in ("true", "false", "yes", "no", "on", "off"):
                return name, raw.lower() in ("true", "yes", "on")
            if kind is int:
                try:
                    return name, int(raw)
                except ValueError:
                    continue
            if kind is str:
                return name, raw
        raise OptionError(f"option {name!r} cannot be {raw!r}")


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    """The options' types, resolved once per class (resolving them is slow, and every
    loaded position checks its options)."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


def _allows_none(hint: Any) -> bool:
    return type(None) in typing.get_args(hint)


def _scalar_types(hint: Any) -> tuple[type, ...]:
    args = typing.get_args(hint)
    return tuple(a for a in args if a is not type(None)) if args else (hint,)


def _check(name: str, value: Any, field: dataclasses.Field, hint: Any) -> None:
    if value is None and _allows_none(hint):
        return
    kinds = _scalar_types(hint)
    if not any(type(value) is kind for kind in kinds):
        expected = " or ".join(k.__name__ for k in kinds)
        raise OptionError(f"option {name!r} must be {expected}, not {value!r}")
    choices = field.metadata.get("choices")
    if choices is not None and value not in choices:
        raise OptionError(f"option {name!r} must be one of {', '.join(map(str, choices))}, not {value!r}")
    minimum = field.metadata.get("minimum")
    if minimum is not None and value < minimum:
        raise OptionError(f"option {name!r} must be at least {minimum}, not {value!r}")


_NAMES: dict[type, tuple[str, ...]] = {}  # by class: every view names the options, so they are looked up once


def _names(options: type[Options]) -> tuple[str, ...]:
    names = _NAMES.get(options)
    if names is None:
        names = _NAMES[options] = tuple(f.name for f in dataclasses.fields(options))
    return names
