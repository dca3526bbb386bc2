"""Seats for people. Seats are 0-based everywhere in data (actions, views, logs);
people count from one, so every seat a person reads goes through here.

Where the players have names (the server's tables, the terminal's `play`),
`naming(names)` makes every seat label inside it a name: log sentences, menus
and boards are written once, with `seat_label`, and read the names of the
table they are written for."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

# Seat colours: distinct for the common forms of colour blindness (Okabe-Ito), in seat
# order; the same in every board, page and terminal.
SEAT_COLOURS = ("#d55e00", "#0072b2", "#009e73", "#e69f00", "#cc79a7", "#56b4e9")
SEAT_COLOUR_NAMES = ("vermilion", "blue", "green", "orange", "purple", "sky blue")

_names: ContextVar[tuple[str, ...]] = ContextVar("seat_names", default=())


def seat_number(seat: int) -> int:
    """The number people read for a 0-based seat, where a column already says "seat"."""
    return seat + 1


def seat_label(seat: int) -> str:
    """The name people read for a 0-based seat: the player's name inside `naming`,
    else `seat_label(0) == "Seat 1"`."""
    names = _names.get()
    return names[seat] if seat < len(names) else f"Seat {seat + 1}"


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_colour_name(seat: int) -> str:
    return SEAT_COLOUR_NAMES[seat % len(SEAT_COLOUR_NAMES)]


def distinct_names(names: Sequence[str | None]) -> tuple[str, ...]:
    """Names people can tell apart: a missing name is "Seat N", and a name two
    seats share is followed by each one's seat ("Ann (Seat 2)")."""
    cleaned = [" ".join((name or "").split()) or f"Seat {seat + 1}" for seat, name in enumerate(names)]
    folded = [name.casefold() for name in cleaned]
    return tuple(name if folded.count(name.casefold()) == 1 else f"{name} (Seat {seat + 1})"
                 for seat, name in enumerate(cleaned))


@contextmanager
def naming(names: Sequence[str | None]) -> Iterator[tuple[str, ...]]:
    """Within the block, `seat_label(seat)` is the seat's player's name."""
    distinct = distinct_names(names)
    token = _names.set(distinct)
    try:
        yield distinct
    finally:
        _names.reset(token)


def an(word: str) -> str:
    """The word with its indefinite article: "an electricity", "a wood"."""
    return ("an " if word[:1].lower() in ("a", "e", "i", "o", "u") else "a ") + word


def plural(count: int, word: str) -> str:
    """ "1 fee", "3 fees"."""
    return f"{count} {word}" + ("" if count == 1 else "s")


def listed(words: list[str], empty: str = "nothing") -> str:
    """ "a", "a and b", "a, b and c"; `empty` for none."""
    return " and ".join(filter(None, (", ".join(words[:-1]), words[-1]))) if words else empty
