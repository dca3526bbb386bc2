"""Words and pictures for people: a seat's view as plain text, events and actions."""

from __future__ import annotations

from headframe.engine import seat_label

CUBE_LETTERS = (("w", "wood"), ("a", "water"), ("e", "electricity"))
LOCATION_NAMES = {"CB": "coal brokers", "PO": "permit office", "UM": "utility market", "UT": "utility market (tandem)",
                  "CC": "construction company", "ST": "utility storage", "RF": "refuse pile"}


def location_name(location: str) -> str:
    if location.startswith("UM:"):
        return f"utility market ({location[3:]})"
    if location[0] == "B":
        return f"building lot {int(location[1:]) + 1}"
    if location[0] == "M":
        return f"mine tile {location[1:]}"
    return LOCATION_NAMES[location]


def mine_grid(mine: list[dict]) -> list[str]:
    """The mine as a grid of 5x4-character tiles: openings as '|' (north, south) and '='
    (west, east) in the border, the design in the middle and the utilities below it
    ('w' wood, 'a' water, 'e' electricity, '.' missing). Row 0 is the entrance's row."""
    xs = [t["x"] for t in mine]
    ys = [t["y"] for t in mine]
    by_cell = {(t["x"], t["y"]): t for t in mine}
    lines = []
    for y in range(min(ys), max(ys) + 1):
        rows = ["", "", "", ""]
        for x in range(min(xs), max(xs) + 1):
            tile = by_cell.get((x, y))
            if tile is None:
                rows = [row + "     " for row in rows]
                continue
            o, u = tile["openings"], tile["utilities"]
            cubes = "".join(c if name in u else "." for c, name in CUBE_LETTERS)
            rows[0] += "+-|-+" if "N" in o else "+---+"
            rows[1] += ("=" if "W" in o else "|") + tile["design"].center(3) + ("=" if "E" in o else "|")
            rows[2] += "|" + cubes + "|"
            rows[3] += "+-|-+" if "S" in o else "+---+"
        lines.extend(rows)
    return lines


def render_text(game, view: dict) -> str:
    out = [f"Coal Country - round {view['round']} of {view['rounds']}, step: {view['step']}"]
    out.append(f"Market {view['market']:+d} (cubes {view['calendar']}), stockpile {view['stockpile']}, "
               f"coal price {view['coal_price']}")
    order = ", ".join(map(seat_label, view["player_order"]))
    out.append(f"Utility market: {view['utility_market']}   Player order: {order}")
    c = view["construction"]
    out.append(f"Construction company: top {c['top']} bottom {c['bottom']} pile {c['pile']}"
               + (" (closed)" if c["closed"] else ""))
    out.append("Permit stacks: " + ", ".join(
        f"{s['stack']}: {s['tiles']}" + (f" (top {s['top']})" if s["top"] else "") for s in view["permit_stacks"]))
    for player in view["players"]:
        you = " (you)" if player["seat"] == view["seat"] else ""
        cash = "hidden" if player["cash"] is None else f"${player['cash']}"
        out.append("")
        out.append(f"{seat_label(player['seat'])}{you}: cash {cash}, earnings {player['earnings']}, "
                   f"fee ${player['fee']}, coal {player['coal']}, refuse {player['refuse']}, "
                   f"stored {player['storage']}")
        buildings = [lot["building"] or "-" for lot in player["lots"]]
        out.append(f"  village: {buildings}")
        if player["foremen"]:
            out.append("  foremen: " + ", ".join(
                f"{'?' if f['value'] is None else f['value']}@{location_name(f['location'])}"
                for f in player["foremen"]))
        out.extend("  " + line for line in mine_grid(player["mine"]))
    if view.get("my_placement"):
        out.append("Your placement: " + ", ".join(
            f"{p['value']}@{location_name(p['location'])}" for p in view["my_placement"]))
    decision = view.get("decision")
    if decision:
        out.append("")
        out.append(f"Your decision ({decision['kind']}): {decision['prompt']}")
    if view.get("result"):
        out.append(f"Result: {view['result']}")
    return "\n".join(out)


def describe_event(entry: dict) -> str:
    name = entry["event"]
    who = "" if entry.get("seat") is None else seat_label(entry["seat"])
    text = {
        "fee": lambda: f"{who} pays {entry['fees']} fee(s), ${entry['paid']} ({entry['reason']})",
        "sold": lambda: f"{who} sells {entry['coal']} coal at ${entry['price']}",
        "mined": lambda: f"{who} mines {entry['coal']} coal, auto-produces {entry['auto']}, refuse {entry['refuse']}",
        "earnings": lambda: f"{who}'s earnings marker moves to {entry['earnings']}",
        "tile_placed": lambda: f"{who} places tile {entry['tile']} at ({entry['x']},{entry['y']}) for ${entry['paid']}",
        "bought_cube": lambda: f"{who} buys a {entry['utility']} cube for ${entry['paid']}",
        "bought_building": lambda: f"{who} buys a {entry['building']} for ${entry['paid']}",
        "reveal": lambda: f"Foremen revealed: {entry['area']} {entry['values']}",
        "round": lambda: f"Round {entry['round']} begins, market {entry['m']:+d}",
        "inspection": lambda: f"{who}: inspection {entry['fees']} fees, ${entry['change']:+d}",
    }.get(name)
    if text is not None:
        result = text()
    else:
        details = ", ".join(f"{k}={v}" for k, v in entry.items() if k not in ("event", "seat", "private"))
        result = " ".join(filter(None, (who, name))) + (f": {details}" if details else "")
    if "private" in entry:
        result += f" (you: {entry['private']})"
    return result


def describe_action(action) -> str:
    kind = action.kind
    if kind == "place":
        return f"place a {action.value} foreman on the {location_name(action.location)}"
    if kind == "done":
        return "leave the remaining foremen unplaced"
    if kind == "exchange":
        return f"exchange a {action.give} cube for a {action.take} cube"
    if kind == "sell":
        return f"sell {action.amount} coal"
    if kind == "place_tile":
        return f"place the tile at ({action.x},{action.y}), turned {action.rotation * 90} degrees"
    if kind == "buy_cube":
        return f"buy a {action.utility} cube"
    if kind == "build":
        return f"build a {action.building} from the {action.row} row"
    if kind == "supply":
        return f"put a {action.utility} cube on mine tile {action.tile}"
    if kind == "remove_refuse":
        return f"remove {action.count} refuse"
    return {"stop": "stop", "incentivize": "incentivize the permit office (2 fees)", "decline": "decline the tile",
            "stack": f"draw from permit stack {getattr(action, 'stack', '')}",
            "church": f"bless the foreman on tile {getattr(action, 'tile', '')}",
            "collide": f"move the marker {getattr(action, 'direction', '')}",
            "keep": f"keep tile {getattr(action, 'design', '')}",
            "build_over": f"build over lot {getattr(action, 'lot', 0) + 1}"}[kind]
