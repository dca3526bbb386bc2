"""Component data packs: the boards, cards and tables of each game, loaded from
YAML files inside the game's package, or from a user's own file.

A user who owns a physical copy can replace a game's data file with their own:
`--components FILE` on the command line, or a directory in the environment
variable HEADFRAME_COMPONENTS holding files named like the game's own
(`ore-city.data.yaml`). Every file is validated against the game's schema.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from .errors import ComponentError
from .schema import SOURCE_LABELS, OneOf, validate

ENVIRONMENT_VARIABLE = "HEADFRAME_COMPONENTS"

RULINGS_SCHEMA = [
    {
        "id": str,
        "title": str,
        "source": OneOf(*SOURCE_LABELS),
        "text": str,
    }
]


@dataclass(frozen=True)
class Ruling:
    """One numbered ruling (`ORE-R3`) for something the rulebook leaves out."""

    id: str
    title: str
    source: str
    text: str


def read_yaml(path: Path | Any, label: str) -> Any:
    import yaml  # the one non-standard dependency of the engine, for data files only

    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ComponentError(f"{label}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ComponentError(f"{label}: not UTF-8 text") from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        at = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise ComponentError(f"{label}: not valid YAML{at}: {problem}") from None


def package_file(package: str, name: str):
    return resources.files(package).joinpath("data", name)


def locate(package: str, name: str, override: str | os.PathLike | None = None):
    """The file to load: the explicit override, else one in HEADFRAME_COMPONENTS,
    else the game's own."""
    if override is not None:
        path = Path(override)
        if not path.is_file():
            raise ComponentError(f"{path}: no such component file")
        return path
    directory = os.environ.get(ENVIRONMENT_VARIABLE)
    if directory:
        candidate = Path(directory) / name
        if candidate.is_file():
            return candidate
    return package_file(package, name)


def load_components(package: str, name: str, schema: Any, override=None) -> dict[str, Any]:
    path = locate(package, name, override)
    label = str(path) if override is not None or isinstance(path, Path) else f"{package}/data/{name}"
    data = read_yaml(path, label)
    try:
        validate(data, schema)
    except ComponentError as exc:
        raise ComponentError(f"{label}: {exc}") from None
    return data


def load_rulings(package: str) -> list[Ruling]:
    path = package_file(package, "rulings.yaml")
    if not path.is_file():
        return []
    label = f"{package}/data/rulings.yaml"
    data = read_yaml(path, label)
    try:
        validate(data, RULINGS_SCHEMA)
    except ComponentError as exc:
        raise ComponentError(f"{label}: {exc}") from None
    return [Ruling(**{k: entry[k] for k in ("id", "title", "source", "text")}) for entry in data]
