"""A hint's one line of what an action did for its seat: the seat's own money, coal, refuse, stored
cubes, mine and buildings, read from its view before and after (never another seat's hidden cash)."""

from __future__ import annotations

from headframe.engine.people import plural

from .components import UTILITIES


def _signed(change: int, thing: str) -> str:
    sign, amount = "+" if change > 0 else "\u2212", abs(change)
    if not thing:
        return f"{sign}${amount}"
    return f"{sign}{amount} coal" if thing == "coal" else f"{sign}{plural(amount, thing)}"


def _cubes_on_tiles(player: dict) -> int:
    return sum(len(tile["utilities"]) for tile in player["mine"])


def _counts(player: dict) -> list[tuple[str, int]]:
    """The seat's amounts in the order a hint names them; "" is its money."""
    return [("", player["cash"] or 0), ("coal", player["coal"]), ("refuse cube", player["refuse"]),
            *((f"stored {u} cube", player["storage"][u]) for u in UTILITIES),
            ("utility cube on its mine tiles", _cubes_on_tiles(player)), ("mineshaft tile", len(player["mine"]) - 1)]


def gains(game, before: dict, after: dict) -> str:
    """"+$14, −2 coal": what changed in the seat's own holdings; "" when nothing did."""
    seat = after.get("seat")
    if seat is None:
        return ""
    old, new = before["players"][seat], after["players"][seat]
    parts = [_signed(now - then, thing) for (thing, then), (_, now) in zip(_counts(old), _counts(new)) if now != then]
    built = [lot["building"] for was, lot in zip(old["lots"], new["lots"]) if lot["building"] != was["building"]]
    parts += [f"builds the {game.tables.building_names[building]}" for building in built if building]
    text = ", ".join(parts)
    return text[0].upper() + text[1:] if text else ""
