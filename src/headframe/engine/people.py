"""Seats for people. Seats are 0-based everywhere in data (actions, views, logs);
people count from one, so every seat a person reads goes through here."""

from __future__ import annotations


def seat_number(seat: int) -> int:
    """The number people read for a 0-based seat, where a column already says "seat"."""
    return seat + 1


def seat_label(seat: int) -> str:
    """The name people read for a 0-based seat: `seat_label(0) == "Seat 1"`."""
    return f"Seat {seat_number(seat)}"
