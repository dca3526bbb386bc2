"""What an action did to its own seat, in a few of the game's words, for a hint's
line of why: "−£3, +1 mine, 2 TP spent". Only the seat's own public amounts."""

from __future__ import annotations

from typing import Any

from headframe.engine.people import plural

# (a player's amount in the view, its unit, or None for money)
AMOUNTS = (
    ("money", None), ("vp", "VP"), ("held_copper", "copper cube"), ("held_tin", "tin cube"),
    ("mines", "mine"), ("investment_cubes", "investment cube"),
)


def gains(game, before: dict[str, Any], after: dict[str, Any]) -> str:
    """The seat's changed amounts, money first; "" when nothing changed (or no seat)."""
    seat = after.get("seat")
    if seat is None:
        return ""
    old, new = before["players"][seat], after["players"][seat]
    parts = [_signed(new[key] - old[key], unit) for key, unit in AMOUNTS if new[key] != old[key]]
    spent = new["time_spent"] - old["time_spent"]
    if spent > 0:
        parts.append(f"{spent} TP spent")
    return ", ".join(parts)


def _signed(change: int, unit: str | None) -> str:
    sign = "+" if change > 0 else "−"
    if unit is None:
        return f"{sign}£{abs(change)}"
    if unit == "VP":
        return f"{sign}{abs(change)} VP"
    return sign + plural(abs(change), unit)
