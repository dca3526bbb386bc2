"""What changed since the last update a connection was sent (docs/server.md, "Live updates").

A view's patch names its top-level keys that changed. A board's patch is a list of
pieces: `[start, end]`, a range of the last board sent (in UTF-16 code units, as a
browser's `String.slice` counts), `[start, end, 1]`, a range of the board before it,
or a string of new markup; joined, they are the new board. (A seat's board gains its
clickable places when it is to move and loses them when it has moved: the board
before the last often has them.) Boards are cut into pieces at their groups, texts and titles (`Board.cut`, in
the board workers), so one moved cube changes the pieces it is in, not a 90 KB picture."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Any

# Before each group, text and title: a board's pieces are a few hundred elements' markup, and a
# number that changes does not resend the explanation beside it.
_CUT = re.compile(r"<(?:g|text|title)[ >]")
# A patch worth sending is well under the board (else the whole board is sent).
_WORTH = 0.5
# How far from where a piece of the last board was expected it is looked for.
_NEAR = 64

BoardPatch = list[list[int] | str]


def view_patch(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """The view's top-level keys that changed or came (`set`) and that went (`unset`)."""
    return {"set": {key: value for key, value in after.items() if key not in before or before[key] != value},
            "unset": [key for key in before if key not in after]}


def patched(patch: BoardPatch, *boards: str) -> str:
    """A board patch applied to the boards it was made against (the last, and the one
    before), as a client applies it (game.js does the same with `String.slice`)."""
    units = [board.encode("utf-16-le") for board in boards]
    return "".join(piece if isinstance(piece, str)
                   else units[piece[2] if len(piece) > 2 else 0][2 * piece[0]:2 * piece[1]].decode("utf-16-le")
                   for piece in patch)


def boards_after(message: dict[str, Any], held: tuple[str | None, str | None]) -> tuple[str | None, str | None]:
    """The boards a client holds for the message's seat after a state message (the last
    board and the one before), given those it `held`: what game.js does."""
    if "view_patch" not in message:
        return message["board"], None  # a whole state: older boards are forgotten
    if message.get("board_unchanged"):
        return held
    if "board_patch" in message:
        return patched(message["board_patch"], *(board or "" for board in held)), held[0]
    return message["board"], held[0]


def _utf16_length(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


@dataclass(frozen=True, eq=False)
class Board:
    """A drawn board, as its pieces, and where each starts in UTF-16 code units (the
    board's length last)."""

    pieces: tuple[str, ...]
    starts: tuple[int, ...]

    @classmethod
    def cut(cls, svg: str) -> Board:
        """The board `svg` in pieces (in the board workers, which send it so)."""
        bounds = [0, *(cut.start() for cut in _CUT.finditer(svg)), len(svg)]
        pieces = tuple(svg[start:end] for start, end in zip(bounds, bounds[1:]))
        if _utf16_length(svg) == len(svg):  # nothing past the basic plane: UTF-16 counts as Python does
            return cls(pieces, tuple(bounds))
        starts, at = [0], 0
        for piece in pieces:
            at += _utf16_length(piece)
            starts.append(at)
        return cls(pieces, tuple(starts))

    @cached_property
    def svg(self) -> str:
        return "".join(self.pieces)

    def same(self, other: Board) -> bool:
        return self is other or self.pieces == other.pieces

    def patch_from(self, *bases: Board) -> BoardPatch | None:
        """This board as pieces of `bases` (the last board sent, and the one before it
        if the client keeps it) and new markup, or None when that is not worth it (the
        board has changed too much)."""
        patch: BoardPatch = []
        run: list[int] | None = None  # [base, first, last): the base's pieces being copied
        # Where the next piece is expected in each base: this piece's index plus the base's offset at
        # its last match (boards of one game keep their order).
        offsets = [0] * len(bases)
        new_markup = 0
        for at, piece in enumerate(self.pieces):
            if run is not None:
                old = bases[run[0]].pieces
                if run[2] < len(old) and old[run[2]] == piece:
                    run[2] += 1
                    continue
                patch.append(_copied(bases, run))
                run = None
            found = next(((which, index) for which, base in enumerate(bases)
                          if (index := _near(base.pieces, at + offsets[which], piece)) is not None), None)
            if found is not None:
                which, index = found
                run, offsets[which] = [which, index, index + 1], index - at
            elif patch and isinstance(patch[-1], str):
                patch[-1] += piece
                new_markup += len(piece)
            else:
                patch.append(piece)
                new_markup += len(piece)
        if run is not None:
            patch.append(_copied(bases, run))
        return patch if new_markup < _WORTH * self.starts[-1] else None


def _copied(bases: tuple[Board, ...], run: list[int]) -> list[int]:
    """A run of a base's pieces as a patch's range: `[start, end]` of the last board,
    `[start, end, 1]` of the one before."""
    which, first, last = run
    starts = bases[which].starts
    return [starts[first], starts[last]] + ([which] if which else [])


def _near(old: tuple[str, ...], at: int, piece: str) -> int | None:
    """Where `piece` is in the base near where it was expected, after it first (boards
    of one game keep their order; a piece moved further is sent anew)."""
    at = max(0, at)
    for low, high in ((at, at + _NEAR), (max(0, at - _NEAR), at)):
        try:
            return old.index(piece, low, high)
        except ValueError:
            pass
    return None
