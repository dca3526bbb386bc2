"""What each card, tile, building and space of a game does, in the game's words:
the text a board's `<title>`, the page's detail panel and the terminal's
`? name` show. A game lists its entries (`game.presentation.explanations`), built from its
component data, each with the source label of that data, so a reconstructed
card never passes for the printed one: its detail panel points to the game's
Sources page (issue 53), while the text itself stays the game's own words."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from typing import Any

# Sources whose text is the printed game's (or follows from it without guessing).
PRINTED = frozenset({"RULEBOOK", "PUBLISHED", "DERIVED"})


@dataclass(frozen=True)
class Entry:
    """One thing on the table. `key` is what a board element names in its
    `data-explain` attribute (stable, never shown); `kind` is what people call
    the thing ("building card", "mine space"); `text` its full effect, in the
    game's words; `rulings` the ids of the rulings behind it, for the Sources page."""

    key: str
    name: str
    kind: str
    text: str
    source: str = "RULEBOOK"
    rulings: tuple[str, ...] = ()

    @property
    def printed(self) -> bool:
        return self.source in PRINTED

    def title(self) -> str:
        """The whole entry in one line, for an SVG `<title>`."""
        return f"{self.name} ({self.kind}): {self.text}"

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "printed": self.printed}


def _folded(words: str) -> str:
    return " ".join(re.findall(r"[0-9a-z]+", words.casefold()))


class Glossary:
    """A game's entries by key, and found by what a person types."""

    __slots__ = ("_entries",)

    def __init__(self, entries: Iterable[Entry]) -> None:
        self._entries: dict[str, Entry] = {}
        for entry in entries:
            if entry.key in self._entries:
                raise ValueError(f"two glossary entries have the key {entry.key!r}")
            self._entries[entry.key] = entry

    def __getitem__(self, key: str) -> Entry:
        return self._entries[key]

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __iter__(self) -> Iterator[Entry]:
        return iter(self._entries.values())

    def __len__(self) -> int:
        return len(self._entries)

    def find(self, query: str) -> list[Entry]:
        """The entries a person means by `query`: those named exactly so (case and
        punctuation aside), else those whose name or kind contains every word."""
        wanted = _folded(query)
        if not wanted:
            return []
        exact = [entry for entry in self if _folded(entry.name) == wanted]
        if exact:
            return exact
        words = wanted.split()
        return [entry for entry in self if all(word in _folded(f"{entry.name} {entry.kind}") for word in words)]

    def to_json(self) -> list[dict[str, Any]]:
        return [entry.to_json() for entry in self]
