"""A bounded memo: values a game derives from a position's details, kept on the game's tables.

Searches reach positions without end, so a memo keyed by a position's details would grow without
bound; this one empties itself when full (an emptied memo only recomputes, so no answer changes).
Read it as a dict (`memo.get(key)`, at the speed of one), and store through `keep`.
"""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")

MEMO_SIZE = 1 << 16


class Memo(dict[K, V]):
    """A dict of derived values by all that each depends on, cleared when it holds `size` entries."""

    __slots__ = ("size",)

    def __init__(self, size: int = MEMO_SIZE) -> None:
        super().__init__()
        self.size = size

    def keep(self, key: K, value: V) -> V:
        """Store `value` under `key` (first emptying the memo when full) and return it."""
        if len(self) >= self.size:
            self.clear()
        self[key] = value
        return value
