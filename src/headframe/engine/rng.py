"""The state's own random number generator.

SplitMix64 (Steele, Lea and Flood, 2014): the whole generator is one 64-bit
integer, so it clones in one assignment, serialises as a number, and gives the
same sequence on every platform and Python version (unlike `random.Random`,
whose state is 625 words and whose algorithms may change between releases).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"an Rng seed is an integer, not {type(seed).__name__}")
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n); the bias is below 2**-50 for any n a game uses.
        `next64` inlined: every random choice comes here."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], both included (a die: randint(1, 6))."""
        return low + self.below(high - low + 1)

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence) -> None:
        """Fisher-Yates, in place: `below(i + 1)` for each i from the end, inlined
        (games shuffle decks of a hundred cards in every setup and determinization)."""
        z = self.state
        for i in range(len(items) - 1, 0, -1):
            z = (z + _GOLDEN) & _MASK
            x = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((x ^ (x >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = z

    def fork(self) -> Rng:
        """An independent generator seeded from this one."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        twin = Rng.__new__(Rng)
        twin.state = self.state
        return twin

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"
