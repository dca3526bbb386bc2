"""What changed since the last update a connection was sent (docs/api.md, "Updates carry what changed").

A view's patch names its top-level keys that changed. A board's patch is a list of
pieces: `[start, end]`, a range of the last board sent (in UTF-16 code units, as a
browser's `String.slice` counts), `[start, end, 1]`, a range of the board before it,
or a string of new markup; joined, they are the new board. (A seat's board gains its
clickable places when it is to move and loses them when it has moved: the board
before the last often has them.) Boards are cut into pieces at their groups, texts and
titles, and at the parts a game draws them in (`Board.cut_all`, in the board workers),
so one moved cube changes the pieces it is in, not a 90 KB picture; a patch is found
by comparing the pieces' keys."""

from __future__ import annotations

import re
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

# Before each group, text and title: a board's pieces are a few hundred elements' markup, and a
# number that changes does not resend the explanation beside it.
_CUT = re.compile(r"<(?:g|text|title)[ >]")
# A patch worth sending is well under the board (else the whole board is sent).
_WORTH = 0.5
# How many pieces' keys are compared at once, extending a run of pieces copied from a base.
_WINDOW = 32
# How far from where a piece of a base was expected it is looked for.
_NEAR = 64
_KEY = 8  # bytes of a piece's key

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
    """A drawn board, cut into pieces: the markup, where each piece starts in it (the
    board's length last) and in UTF-16 code units, and each piece's key, its `hash`
    as 8 bytes.

    Keys are made where the board is cut (a board worker, forked like every other
    from one forkserver, so all hash alike), and a patch compares keys, a few hundred
    bytes at a time, instead of the pieces' markup one piece at a time. Two pieces
    with one key are taken as one (a chance of 2**-64 a comparison); keys from
    processes that hash differently never match, and only make patches larger."""

    svg: str
    cuts: tuple[int, ...]
    starts: tuple[int, ...]
    keys: bytes

    @classmethod
    def cut(cls, svg: str) -> Board:
        """The board `svg` in pieces."""
        return cls.cut_all([[svg]])[0]

    @classmethod
    def cut_all(cls, boards: Sequence[Sequence[str]]) -> list[Board]:
        """Boards given as parts that joined are each board (`game.presentation.render_boards`), in
        pieces (in the board workers, which send them so). A part starts a piece, and is
        cut once however many boards hold it: the seats' boards of a state share most."""
        cut: dict[int, tuple[list[str], bytes]] = {}  # by the part's id: every part is held by `boards`
        for part in (part for parts in boards for part in parts):
            if part and id(part) not in cut:
                cut[id(part)] = _pieces(part)
        return [cls._joined([cut[id(part)] for part in parts if part]) for parts in boards]

    @classmethod
    def _joined(cls, cut: list[tuple[list[str], bytes]]) -> Board:
        pieces = [piece for part_pieces, _ in cut for piece in part_pieces]
        svg = "".join(pieces)
        cuts = tuple(accumulate(map(len, pieces), initial=0))
        keys = b"".join(part_keys for _, part_keys in cut)
        if _utf16_length(svg) == len(svg):  # nothing past the basic plane: UTF-16 counts as Python does
            return cls(svg, cuts, cuts, keys)
        return cls(svg, cuts, tuple(accumulate(map(_utf16_length, pieces), initial=0)), keys)

    def piece(self, index: int) -> str:
        return self.svg[self.cuts[index]:self.cuts[index + 1]]

    def same(self, other: Board) -> bool:
        return self is other or self.keys == other.keys and self.svg == other.svg

    def patch_from(self, *bases: Board) -> BoardPatch | None:
        """This board as pieces of `bases` (the last board sent, and the one before it
        if the client keeps it) and new markup, or None when that is not worth it (the
        board has changed too much)."""
        patch: BoardPatch = []
        # Where the next piece is expected in each base: this piece's index plus the base's offset at
        # its last match (boards of one game keep their order).
        offsets = [0] * len(bases)
        new_markup = 0
        keys, at, count = self.keys, 0, len(self.cuts) - 1
        while at < count:
            found = _found(bases, keys[_KEY * at:_KEY * at + _KEY], at, offsets)
            if found is not None:
                which, index = found
                offsets[which] = index - at
                length = _matching(keys, at, bases[which].keys, index)
                patch.append(_copied(bases, which, index, index + length))
                at += length
                continue
            piece = self.piece(at)
            if patch and isinstance(patch[-1], str):
                patch[-1] += piece
            else:
                patch.append(piece)
            new_markup += len(piece)
            at += 1
        return patch if new_markup < _WORTH * self.starts[-1] else None


# The pieces of parts cut before, by their markup: most of a board's parts come again unchanged
# (a game's drawing keeps an area's, a card's), and are cut once. Bounded: small parts only.
_KEPT: dict[str, tuple[list[str], bytes]] = {}
_MOST_KEPT = 2048
_LONGEST_KEPT = 4096


def _pieces(part: str) -> tuple[list[str], bytes]:
    """A part of a board cut into pieces (one at its start), and their keys."""
    kept = _KEPT.get(part) if len(part) <= _LONGEST_KEPT else None
    if kept is not None:
        return kept
    ends = [match.start() for match in _CUT.finditer(part, 1)]
    ends.append(len(part))
    pieces = [part[start:end] for start, end in zip([0, *ends], ends)]
    kept = pieces, array("q", map(hash, pieces)).tobytes()
    if len(part) <= _LONGEST_KEPT:
        if len(_KEPT) >= _MOST_KEPT:
            _KEPT.clear()
        _KEPT[part] = kept
    return kept


def _found(bases: tuple[Board, ...], key: bytes, at: int, offsets: list[int]) -> tuple[int, int] | None:
    """The first base holding the piece of `key` near where it was expected, after it
    first, and where (boards of one game keep their order; a piece moved further is
    sent anew)."""
    for which, base in enumerate(bases):
        expected = max(0, at + offsets[which])
        low = max(0, expected - _NEAR)
        near = base.keys[_KEY * low:_KEY * (expected + _NEAR)]  # one search of the window finds most misses
        first = _find(near, key)
        if first is None:
            continue
        if low + first < expected:  # before where it was expected: is it after there too?
            after = _find(near[_KEY * (expected - low):], key)
            return which, expected + after if after is not None else low + first
        return which, low + first
    return None


def _find(keys: bytes, key: bytes) -> int | None:
    """Where `key` first is among `keys` (a piece's key each), if anywhere."""
    at = keys.find(key)
    while at % _KEY and at >= 0:  # found across two keys
        at = keys.find(key, at + 1)
    return None if at < 0 else at // _KEY


def _matching(new: bytes, at: int, old: bytes, start: int) -> int:
    """How many pieces from the `at`th of `new` on are those from the `start`th of `old`
    on (at least the first): a window of keys at a time, and the first differing
    piece of a window by halving it."""
    length, most = 1, min(len(new) // _KEY - at, len(old) // _KEY - start)
    while length < most:
        window = min(_WINDOW, most - length)
        if _same_keys(new, at + length, old, start + length, window):
            length += window
            continue
        low, high = 0, window  # the first `low` agree; the first `high` do not
        while high - low > 1:
            middle = (low + high) // 2
            if _same_keys(new, at + length, old, start + length, middle):
                low = middle
            else:
                high = middle
        return length + low
    return length


def _same_keys(new: bytes, at: int, old: bytes, start: int, count: int) -> bool:
    return new[_KEY * at:_KEY * (at + count)] == old[_KEY * start:_KEY * (start + count)]


def _copied(bases: tuple[Board, ...], which: int, first: int, last: int) -> list[int]:
    """The pieces `first` to `last` of a base as a patch's range: `[start, end]` of the
    last board, `[start, end, 1]` of the one before."""
    starts = bases[which].starts
    return [starts[first], starts[last]] + ([which] if which else [])
