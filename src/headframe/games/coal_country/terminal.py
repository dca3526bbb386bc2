"""A seat's view of Coal Country as plain text for the terminal: the Boss's Desk, then each company's
holdings, village and mine, the mine drawn as a grid with its tunnels and listed by what connects to
what. Seats are named with `seat_label`, places and things by their names; no raw data."""

from __future__ import annotations

from headframe.engine import seat_colour_name, seat_label
from headframe.engine.people import listed, plural

from .components import UTILITIES
from .text import CUBE_LETTERS, STAGE_NAMES, STEP_NAMES, inspection_words, where

INDICATOR_WORDS = {1: "green (+1)", -1: "red (-1)", 0: "white (0)"}
FACING = {"N": ("S", 0, -1), "E": ("W", 1, 0), "S": ("N", 0, 1), "W": ("E", -1, 0)}
WIDE = 7  # characters per tile in the drawn mine


def tile_name(tile: dict) -> str:
    """What a mine tile is called in text: "the entrance" or "tile 3 (2B)" (the number of the
    actions' "mine tile 3")."""
    return "the entrance" if tile["index"] == 0 else f"tile {tile['index']} ({tile['design']})"


def mine_grid(mine: list[dict]) -> list[str]:
    """The mine as a grid of 7x4-character tiles: tunnels as '|' (north, south) and '=' (west, east)
    in the border, the tile's number and design inside ("ENTRY" for the entrance) and its utilities
    below ('w' wood, 'a' water, 'e' electricity, '.' missing). The top row is the entrance's."""
    xs = [t["x"] for t in mine]
    ys = [t["y"] for t in mine]
    by_cell = {(t["x"], t["y"]): t for t in mine}
    lines: list[str] = []
    for y in range(min(ys), max(ys) + 1):
        rows = ["", "", "", ""]
        for x in range(min(xs), max(xs) + 1):
            tile = by_cell.get((x, y))
            if tile is None:
                rows = [row + " " * WIDE for row in rows]
                continue
            o, u = tile["openings"], tile["utilities"]
            label = "ENTRY" if tile["index"] == 0 else f"{tile['index']}:{tile['design']}"
            cubes = "".join(c if name in u else "." for c, name in CUBE_LETTERS)
            rows[0] += "+--|--+" if "N" in o else "+-----+"
            rows[1] += ("=" if "W" in o else "|") + label.center(WIDE - 2) + ("=" if "E" in o else "|")
            rows[2] += "|" + cubes.center(WIDE - 2) + "|"
            rows[3] += "+--|--+" if "S" in o else "+-----+"
        lines.extend(row.rstrip() for row in rows)
    return lines


def links(mine: list[dict]) -> list[str]:
    """Each tile and the tiles its tunnels reach (both facing openings: COAL-R40)."""
    by_cell = {(t["x"], t["y"]): t for t in mine}
    lines = []
    for tile in mine:
        reached = []
        for direction in tile["openings"]:
            back, dx, dy = FACING[direction]
            other = by_cell.get((tile["x"] + dx, tile["y"] + dy))
            if other is not None and back in other["openings"]:
                reached.append(tile_name(other))
        name = tile_name(tile)
        lines.append(f"{name[0].upper()}{name[1:]}: " + (f"tunnels to {listed(reached)}" if reached
                                                         else "no tunnel to another tile"))
    return lines


def _mover(view: dict) -> str:
    names = ["you" if seat == view["seat"] else seat_label(seat) for seat in view["to_move"]]
    current = view.get("current")
    if current and view["to_move"] == [current["seat"]]:
        return f"To move: {names[0]} ({STAGE_NAMES[current['stage']]})"
    return f"To move: {listed(names)}"


def _desk(view: dict, names: dict[str, str]) -> list[str]:
    calendar = ", ".join(INDICATOR_WORDS[value] for value in view["calendar"])
    m = view["market"]
    market = f"Market {m:+d}" if m else "Market 0"
    market += f" (calendar: {calendar}; {view['bag']} cubes in the bag)" if calendar else " (no market cubes)"
    out = [f"{market}; coal stockpile: {view['stockpile']} coal; coal price ${view['coal_price']}",
           "Player order: " + ", ".join(map(seat_label, view["player_order"]))]
    utilities = ", ".join(f"{view['utility_market'][u]} {u}" for u in UTILITIES)
    supply = view.get("general_supply")
    out.append(f"Utility market: {utilities}" + (
        "; general supply " + ", ".join(f"{supply[u]} {u}" for u in UTILITIES) if supply else ""))
    company = view["construction"]
    rows = [f"{row} row {listed([names[b] for b in company[row]], empty='empty')}" for row in ("top", "bottom")]
    out.append(f"Construction company{' (closed)' if company['closed'] else ''}: {'; '.join(rows)}; "
               f"{plural(company['pile'], 'tile')} in the draw pile, {company['removed']} removed")
    stacks = [f"stack {s['stack']}: {plural(s['tiles'], 'tile')}" + (f" (top {s['top']})" if s["top"] else "")
              for s in view["permit_stacks"]]
    out.append("Permit stacks: " + "; ".join(stacks))
    out.append("Mines: ENTRY is the entrance, = and | are tunnels; w, a and e are wood, water and electricity on a "
               "tile, a dot one missing")
    return out


def _company(view: dict, player: dict, names: dict[str, str]) -> list[str]:
    seat = player["seat"]
    you = "you, " if seat == view["seat"] else ""
    cash = "money hidden" if player["cash"] is None else f"money ${player['cash']}"
    earnings = "above the track" if player["earnings"] < 0 else f"${player['earnings']}"
    out = ["", f"{seat_label(seat)} ({you}{seat_colour_name(seat)}): {cash}, each fee ${player['fee']}, "
               f"earnings {earnings}, {player['coal']} coal, {plural(player['refuse'], 'refuse cube')}"]
    out.append("  Stored cubes: " + ", ".join(f"{player['storage'][u]} {u}" for u in UTILITIES))
    lots = [f"lot {lot + 1} {names[content['building']]} (built round {content['built_round']})"
            if content["building"] else f"lot {lot + 1} empty" for lot, content in enumerate(player["lots"])]
    out.append("  Village: " + ", ".join(lots))
    badges = [name for name, on in (("Tavern", player["tavern_active"]), ("Church", player["church_active"])) if on]
    if badges:
        out.append(f"  Active this round: {listed(badges)}")
    if player["foremen"]:
        out.append("  Foremen: " + ", ".join(
            f"{'face down' if f['value'] is None else f['value']} on {where(f['location'])}"
            for f in player["foremen"]))
    if player["unplaced"] is not None:
        out.append("  Unplaced foremen: " + listed([str(v) for v in player["unplaced"]], empty="none"))
    out.append("  Mine:")
    out.extend("    " + row for row in mine_grid(player["mine"]))
    out.extend("    " + row for row in links(player["mine"]))
    inspection = view.get("inspection") or []
    if seat < len(inspection):
        out.append(f"  Inspection: {inspection_words(**inspection[seat])}")
    return out


def _result(view: dict) -> str:
    result = view["result"]
    seats = [f"{seat_label(seat)} ${score} (rank {rank})"
             for seat, (score, rank) in enumerate(zip(result["scores"], result["ranking"]))]
    decided = f"; decided by {result['tiebreak']}" if result.get("tiebreak") else ""
    return "Result: " + ", ".join(seats) + decided


def render_text(game, view: dict) -> str:
    names = game.tables.building_names
    out = [f"Coal Country — round {view['round']} of {view['rounds']}, {STEP_NAMES[view['step']]}"]
    out.append(_result(view) if view.get("result") else _mover(view))
    out.extend(_desk(view, names))
    for player in view["players"]:
        out.extend(_company(view, player, names))
    if view.get("my_placement"):
        out.append("")
        out.append("Your placement: " + ", ".join(
            f"{p['value']} on {where(p['location'])}" for p in view["my_placement"]))
    decision = view.get("decision")
    if decision:
        out.append("")
        out.append(f"Your decision: {decision['prompt']}")
    return "\n".join(out)
