"""What changed since the last update a connection was sent (docs/server.md, "Live updates").

A view's patch names its top-level keys that changed. A board's patch is a list of
pieces: `[start, end]`, a range of the last board sent (in UTF-16 code units, as a
browser's `String.slice` counts), or a string of new markup; joined, they are the new
board. Boards are cut into pieces at their groups and texts (`pieces`, in the board
workers), so one moved cube changes the pieces it is in, not a 90 KB picture."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Any

# Before each group and text: a board's pieces are a few hundred elements' markup.
_CUT = re.compile(r"(?=<(?:g|text)[ >])")
# A patch worth sending is well under the board (else the whole board is sent).
_WORTH = 0.5

BoardPatch = list[list[int] | str]


def view_patch(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """The view's top-level keys that changed or came (`set`) and that went (`unset`)."""
    return {"set": {key: value for key, value in after.items() if key not in before or before[key] != value},
            "unset": [key for key in before if key not in after]}


def pieces(svg: str) -> tuple[str, ...]:
    return tuple(_CUT.split(svg))


def patched(board: str, patch: BoardPatch) -> str:
    """A board patch applied to the board it was made against, as a client applies it
    (game.js does the same with `String.slice`)."""
    units = board.encode("utf-16-le")
    return "".join(piece if isinstance(piece, str) else units[2 * piece[0]:2 * piece[1]].decode("utf-16-le")
                   for piece in patch)


def _utf16_length(text: str) -> int:
    return len(text) if text.isascii() else len(text.encode("utf-16-le")) // 2


@dataclass(frozen=True, eq=False)
class Board:
    """A drawn board, as its pieces."""

    pieces: tuple[str, ...]

    @cached_property
    def svg(self) -> str:
        return "".join(self.pieces)

    @cached_property
    def _starts(self) -> list[int]:
        starts, at = [], 0
        for piece in self.pieces:
            starts.append(at)
            at += _utf16_length(piece)
        starts.append(at)
        return starts

    @cached_property
    def _where(self) -> dict[str, int]:
        return {piece: index for index, piece in reversed(list(enumerate(self.pieces)))}

    def same(self, other: Board) -> bool:
        return self is other or self.pieces == other.pieces

    def patch_from(self, base: Board) -> BoardPatch | None:
        """This board as pieces of `base` and new markup, or None when that is not
        worth it (the board has changed too much)."""
        where, old, starts = base._where, base.pieces, base._starts
        patch: BoardPatch = []
        run: list[int] | None = None  # base pieces [first, last) being copied
        new_markup = 0
        for piece in self.pieces:
            if run is not None and run[1] < len(old) and old[run[1]] == piece:
                run[1] += 1
                continue
            if run is not None:
                patch.append([starts[run[0]], starts[run[1]]])
                run = None
            index = where.get(piece)
            if index is not None:
                run = [index, index + 1]
            elif patch and isinstance(patch[-1], str):
                patch[-1] += piece
                new_markup += len(piece)
            else:
                patch.append(piece)
                new_markup += len(piece)
        if run is not None:
            patch.append([starts[run[0]], starts[run[1]]])
        return patch if new_markup < _WORTH * starts[-1] else None
