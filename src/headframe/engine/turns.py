"""Turn order, time tracks and sealed simultaneous commitments, as plain data."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def clockwise(first: int, players: int) -> list[int]:
    """Every seat once, clockwise from `first`."""
    return [(first + step) % players for step in range(players)]


# --- a time track: whoever has spent least time acts next ------------------------

def new_track(players: int) -> dict[str, Any]:
    """`spent[seat]` time points; `arrived[seat]` a stamp of when the seat reached
    its space, so that of seats on one space the first to arrive goes first."""
    return {"spent": [0] * players, "arrived": list(range(players)), "clock": players}


def advance(track: dict[str, Any], seat: int, steps: int) -> None:
    track["spent"][seat] += steps
    track["arrived"][seat] = track["clock"]
    track["clock"] += 1


def hindmost(track: dict[str, Any], seats: list[int]) -> int:
    """Of `seats`, the one furthest behind; on one space, the first to arrive."""
    spent, arrived = track["spent"], track["arrived"]
    return min(seats, key=lambda seat: (spent[seat], arrived[seat]))


# --- sealed simultaneous commitments ----------------------------------------------

def commit(sealed: dict[str, Any], seat: int, choice: Any) -> None:
    sealed[str(seat)] = choice


def uncommitted(sealed: dict[str, Any], seats: Iterable[int]) -> tuple[int, ...]:
    return tuple(seat for seat in seats if str(seat) not in sealed)


def reveal(sealed: dict[str, Any]) -> dict[int, Any]:
    """Open every commitment at once and clear the table."""
    opened = {int(seat): choice for seat, choice in sealed.items()}
    sealed.clear()
    return opened


def sealed_view(sealed: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """What `seat` sees: its own choice, and only *that* the others have chosen."""
    return {key: (choice if seat is not None and key == str(seat) else "sealed") for key, choice in sealed.items()}
