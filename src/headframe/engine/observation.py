"""Flat numeric observations for learners: a documented layout of named fields,
and a writer that fills a vector field by field from a seat's view.

A game declares its layout with `game.learning.observation_layout(players, options)` and
fills it in `game.learning.encode_observation(view)`; the view is the only input, so an
encoding can hold nothing the seat may not know."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import overload


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
        """The field's values (numbers or booleans: `finish` makes them floats, in one pass)."""
        start, size = self._claim(name)
        if len(values) != size:
            raise ValueError(f"observation field {name!r} holds {size} values, not {len(values)}")
        self.vector[start:start + size] = values

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
        return list(map(float, self.vector))


class PointOfView:
    """A seat's view seen from that seat: every encoder rotates seats so that
    index 0 is the observer, 1 the next seat clockwise, and so on, so that a
    policy learns one seat's play and applies it from any seat."""

    __slots__ = ("me", "players")

    def __init__(self, view: dict) -> None:
        if view["seat"] is None:
            raise ValueError("an observation is a seat's: a spectator's view has no point of view to encode")
        self.me: int = view["seat"]
        self.players: int = view["player_count"]

    @overload
    def relative(self, seat: int) -> int: ...

    @overload
    def relative(self, seat: None) -> None: ...

    def relative(self, seat: int | None) -> int | None:
        """The seat's index from the observer (None stays None: nobody)."""
        return None if seat is None else (seat - self.me) % self.players

    def rotated(self, per_seat: Sequence) -> list:
        """A per-seat list in the observer's order: its own entry first."""
        n, me = self.players, self.me
        return [per_seat[(me + r) % n] for r in range(n)]

    def flags(self, seats: Iterable[int]) -> list[float]:
        """1.0 at each of these seats' indices from the observer."""
        flags = [0.0] * self.players
        for seat in seats:
            flags[(seat - self.me) % self.players] = 1.0
        return flags

    def places(self, order: Sequence[int]) -> list[float]:
        """Per seat (the observer first), its place in `order` one-hot: an
        n-by-n grid, all zeros for an empty order."""
        n = self.players
        grid = [0.0] * (n * n)
        for place, seat in enumerate(order):
            grid[(seat - self.me) % n * n + place] = 1.0
        return grid

    def by_place(self, order: Sequence[int]) -> list[float]:
        """Per place in `order`, the seat there one-hot from the observer (the
        transpose of `places`)."""
        n = self.players
        grid = [0.0] * (n * n)
        for place, seat in enumerate(order):
            grid[place * n + (seat - self.me) % n] = 1.0
        return grid
