"""Seats for people. Seats are 0-based everywhere in data (actions, views, logs);
people count from one, so every seat a person reads goes through here."""

from __future__ import annotations


def seat_number(seat: int) -> int:
    """The number people read for a 0-based seat, where a column already says "seat"."""
    return seat + 1


def seat_label(seat: int) -> str:
    """The name people read for a 0-based seat: `seat_label(0) == "Seat 1"`."""
    return f"Seat {seat_number(seat)}"


def an(word: str) -> str:
    """The word with its indefinite article: "an electricity", "a wood"."""
    return ("an " if word[:1].lower() in ("a", "e", "i", "o", "u") else "a ") + word


def plural(count: int, word: str) -> str:
    """ "1 fee", "3 fees"."""
    return f"{count} {word}" + ("" if count == 1 else "s")


def listed(words: list[str], empty: str = "nothing") -> str:
    """ "a", "a and b", "a, b and c"; `empty` for none."""
    return " and ".join(filter(None, (", ".join(words[:-1]), words[-1]))) if words else empty
