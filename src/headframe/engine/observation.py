"""Flat numeric observations for learners: a documented layout of named fields,
and a writer that fills a vector field by field from a seat's view.

A game declares its layout with `Game.observation_layout(players, options)` and
fills it in `Game.encode_observation(view)`; the view is the only input, so an
encoding can hold nothing the seat may not know."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


class ObservationLayout:
    """Named fields in order, each a run of floats: `(name, size, meaning)`."""

    __slots__ = ("fields", "_offsets", "size")

    def __init__(self, fields: Iterable[tuple[str, int, str]]) -> None:
        self.fields = tuple(fields)
        self._offsets: dict[str, tuple[int, int]] = {}
        offset = 0
        for name, size, _ in self.fields:
            if name in self._offsets:
                raise ValueError(f"observation field {name!r} is declared twice")
            if size < 1:
                raise ValueError(f"observation field {name!r} has no room")
            self._offsets[name] = (offset, size)
            offset += size
        self.size = offset

    def __deepcopy__(self, memo: dict) -> ObservationLayout:
        return self  # immutable

    def __len__(self) -> int:
        return self.size

    def slice(self, name: str) -> slice:
        start, size = self._offsets[name]
        return slice(start, start + size)

    def writer(self) -> ObservationWriter:
        return ObservationWriter(self)

    def describe(self) -> list[tuple[str, int, int, str]]:
        """(name, first index, size, meaning) of every field, for docs."""
        return [(name, self._offsets[name][0], size, meaning) for name, size, meaning in self.fields]


class ObservationWriter:
    """Fills a layout's vector; every field must be written, in any order, once."""

    __slots__ = ("layout", "vector", "_written")

    def __init__(self, layout: ObservationLayout) -> None:
        self.layout = layout
        self.vector = [0.0] * layout.size
        self._written: set[str] = set()

    def _claim(self, name: str) -> tuple[int, int]:
        if name in self._written:
            raise ValueError(f"observation field {name!r} written twice")
        self._written.add(name)
        return self.layout._offsets[name]

    def values(self, name: str, values: Sequence[float]) -> None:
        start, size = self._claim(name)
        if len(values) != size:
            raise ValueError(f"observation field {name!r} holds {size} values, not {len(values)}")
        self.vector[start:start + size] = [float(v) for v in values]

    def scalar(self, name: str, value: float, scale: float = 1.0) -> None:
        self.values(name, [value / scale])

    def one_hot(self, name: str, index: int | None) -> None:
        """1 at `index` (None: all zeros, e.g. nobody)."""
        start, size = self._claim(name)
        if index is not None:
            if not 0 <= index < size:
                raise ValueError(f"observation field {name!r}: index {index} outside 0..{size - 1}")
            self.vector[start + index] = 1.0

    def counts(self, name: str, counts: Sequence[float], scale: float = 1.0) -> None:
        self.values(name, [c / scale for c in counts])

    def finish(self) -> list[float]:
        missing = [name for name, _, _ in self.layout.fields if name not in self._written]
        if missing:
            raise ValueError(f"observation fields not written: {', '.join(missing)}")
        return self.vector
