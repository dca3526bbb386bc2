"""The printed rulebook, shipped with each game (`data/rulebook.txt`), in its sections.

A section runs from its heading to the next heading. The headings are the entries of
the book's table of contents and those listed in the game's `data/rulebook.yaml`
(`headings:`: a book without contents, or sections its contents leave out); the
sections come in the book's order. A heading counts only as a line of its own between
blank lines, so a numbered list that repeats a heading's words does not cut a section.
A heading printed twice (two parts under one title) is one section of both parts.

`data/rulebook.yaml` also says which sections a player reads to make each kind of
decision (`decisions:`), for the rules at hand beside the board and for the tutorials'
citations (`Game.rulebook_for`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .components import package_file, read_yaml
from .errors import ComponentError
from .schema import validate

TABLE_OF_CONTENTS = "Table of Contents"
RULEBOOK_SCHEMA = {"headings?": [str], "decisions?": {str: [str]}}


@dataclass(frozen=True)
class Section:
    heading: str
    text: str


@dataclass(frozen=True)
class Rulebook:
    sections: dict[str, Section]  # by heading, in the book's order
    decisions: dict[str, tuple[str, ...]]  # a decision kind: its sections' headings

    def section(self, heading: str) -> Section:
        try:
            return self.sections[heading]
        except KeyError:
            raise LookupError(f"the rulebook has no section {heading!r}") from None

    def for_decision(self, kind: str) -> list[Section]:
        return [self.sections[heading] for heading in self.decisions.get(kind, ())]


def load_rulebook(package: str) -> Rulebook | None:
    """The game's rulebook, or None for a game that ships none."""
    path = package_file(package, "rulebook.txt")
    if not path.is_file():
        return None
    guide_path = package_file(package, "rulebook.yaml")
    label = f"{package}/data/rulebook.yaml"
    guide = read_yaml(guide_path, label) if guide_path.is_file() else None
    return parse_rulebook(path.read_text(encoding="utf-8"), guide, label)


def parse_rulebook(text: str, guide: Any, label: str = "rulebook.yaml") -> Rulebook:
    """The book's sections, with the guide's (`rulebook.yaml`'s) headings and decisions."""
    guide = {} if guide is None else guide
    try:
        validate(guide, RULEBOOK_SCHEMA)
    except ComponentError as exc:
        raise ComponentError(f"{label}: {exc}") from None
    lines = text.splitlines()
    body_start, contents = _table_of_contents(lines)
    sections = _sections(lines[body_start:], [*contents, *guide.get("headings", [])])
    decisions = {kind: tuple(cited) for kind, cited in guide.get("decisions", {}).items()}
    missing = sorted({h for cited in decisions.values() for h in cited} - set(sections))
    if missing:
        raise ComponentError(f"{label} cites headings the rulebook lacks: {missing}")
    return Rulebook(sections, decisions)


def _table_of_contents(lines: list[str]) -> tuple[int, list[str]]:
    """Where the body starts, and the headings the contents list (none: no contents)."""
    marked = [i for i, line in enumerate(lines) if line.strip() == TABLE_OF_CONTENTS]
    if not marked:
        return 0, []
    headings: list[str] = []
    index = marked[-1] + 1
    while index < len(lines) and (not lines[index].strip() or lines[index].lstrip().startswith("•")):
        entry = lines[index].strip().lstrip("•").strip()
        if entry:
            headings.append(entry)
        index += 1
    return index, headings


def _sections(lines: list[str], headings: list[str]) -> dict[str, Section]:
    wanted = set(headings)
    parts: dict[str, list[list[str]]] = {}
    current: list[str] | None = None
    for index, line in enumerate(lines):
        text = line.strip()
        if text in wanted and _alone(lines, index):
            current = []
            parts.setdefault(text, []).append(current)
        elif current is not None:
            current.append(line.rstrip())
    return {h: Section(h, "\n\n".join("\n".join(part).strip() for part in found).strip()) for h, found in parts.items()}


def _alone(lines: list[str], index: int) -> bool:
    before = index == 0 or not lines[index - 1].strip()
    after = index + 1 >= len(lines) or not lines[index + 1].strip()
    return before and after
