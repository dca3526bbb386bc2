"""Words for people: a seat's view as plain text, the names of steps and places, and the sentences
of log entries and actions (the game's Phrasebook)."""

from __future__ import annotations

from headframe.engine import seat_label
from headframe.engine.people import an, listed, plural
from headframe.engine.wording import Phrasebook, who

CUBE_LETTERS = (("w", "wood"), ("a", "water"), ("e", "electricity"))
LOCATION_NAMES = {"CB": "coal brokers", "PO": "permit office", "UM": "utility market", "UT": "utility market (tandem)",
                  "CC": "construction company", "ST": "utility storage", "RF": "refuse pile"}
STEP_NAMES = {"place": "foremen placement", "unplaced": "unplaced foremen", "village": "village buildings",
              "mine": "mining", "brokers": "coal brokers", "permit": "permit office", "market": "utility market",
              "construction": "construction company", "storage": "utility storage", "refuse": "refuse pile",
              "unplaced_end": "unplaced foremen", "report": "quarterly report", "end": "end of round",
              "over": "game over"}
STAGE_NAMES = {"order": "ordering utility buyers", "exchange": "exchanging at the Village Store",
               "church": "aiming the Church", "sell": "selling coal", "collide": "moving an earnings marker",
               "permit": "applying for a permit", "keep": "keeping a permit tile", "place": "placing a mine tile",
               "buy": "buying utilities", "build": "building", "over": "choosing a lot to build over",
               "supply": "supplying mine tiles", "refuse": "removing refuse"}


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
        out.append("Result: " + ", ".join(f"{seat_label(seat)} {score}"
                                          for seat, score in enumerate(view["result"]["scores"])))
    return "\n".join(out)


# --- naming things ----------------------------------------------------------------------------

AREA_NAMES = {"village": "the village", "mine": "the mine", "brokers": "the coal brokers",
              "permit": "the permit office", "market": "the utility market",
              "construction": "the construction company", "storage": "utility storage",
              "refuse": "the refuse pile"}
FEE_REASONS = {"unplaced": "for unplaced foremen", "no_sale": "for a coal broker who sold nothing",
               "no_utility": "for utility buyers who bought nothing"}


def _listed(words: list[str]) -> str:
    return listed(words, empty="none")


def _tile(design: str) -> str:
    return f"mineshaft tile {design}"


def _placed(locations: list[str]) -> str:
    """A seat's foremen by where they stand: "the coal brokers, the permit office (2)"."""
    counts = {location: locations.count(location) for location in locations}
    return _listed([_where(location) + (f" ({n})" if n > 1 else "") for location, n in counts.items()])


def _where(location: str) -> str:
    name = location_name(location)
    return name if name.startswith(("building lot", "mine tile", "utility storage")) else f"the {name}"


def _fee_reason(t, reason: str) -> str:
    if reason in t.building_names:
        return f"({t.building_names[reason]})"
    if reason.startswith("pass_"):
        return f"for passing at {AREA_NAMES[reason[5:]]}"
    return FEE_REASONS[reason]


# --- one sentence per event ------------------------------------------------------------------

def _fee(t, e) -> str:
    return f"{who(e)} pays {plural(e['fees'], 'fee')} (${e['paid']}) {_fee_reason(t, e['reason'])}"


def _placements(t, e) -> str:
    seats = [f"{seat_label(seat)} at {_placed(locations)}" if locations else f"{seat_label(seat)} nowhere"
             for seat, locations in enumerate(e["locations"])]
    return "Foremen are turned over where they stand: " + "; ".join(seats)


def _reveal(t, e) -> str:
    what = "Unplaced foremen revealed" if e["area"] == "unplaced" else f"Foremen revealed at {AREA_NAMES[e['area']]}"
    values = "; ".join(f"{seat_label(seat)} {_listed([str(v) for v in vs])}" for seat, vs in enumerate(e["values"]))
    return f"{what}: {values}"


def _mined(t, e) -> str:
    return (f"{who(e)} mines {e['coal']} coal, {e['auto']} more from automated tiles, "
            f"and takes {plural(e['refuse'], 'refuse cube')}")


def _tile_placed(t, e) -> str:
    return (f"{who(e)} places {_tile(e['tile'])} at ({e['x']}, {e['y']}), turned {e['rotation'] * 90} degrees, "
            f"for ${e['paid']}")


def _built(t, e) -> str:
    over = f", over the {t.building_names[e['built_over']]}" if e["built_over"] else ""
    return f"{who(e)} builds the {t.building_names[e['building']]} on building lot {e['lot'] + 1}{over}"


def _inspection(t, e) -> str:
    change = e["change"]
    money = f"loses ${-change}" if change < 0 else f"gains ${change}" if change > 0 else "pays nothing"
    return f"Inspection: {who(e)} has {plural(e['fees'], 'fee')} and {money}"


EVENTS = {
    "place": lambda t, e: f"{who(e)} places a foreman face down on {_where(e['location'])}",
    "placement_done": lambda t, e: f"{who(e)} has placed their foremen",
    "committed": lambda t, e: f"{who(e)} has placed their foremen face down",
    "placements": _placements,
    "reveal": _reveal,
    "fee": _fee,
    "mined": _mined,
    "sold": lambda t, e: f"{who(e)} sells {e['coal']} coal at ${e['price']}",
    "earnings": lambda t, e: f"{who(e)}'s earnings marker moves to {e['earnings']}",
    "permit_look": lambda t, e: f"{who(e)} looks at the top two tiles of permit stack {e['stack']}",
    "permit_draw": lambda t, e: f"{who(e)} draws the top tile of permit stack {e['stack']}",
    "incentive": lambda t, e: f"{who(e)} incentivizes the permit office for ${e['paid']}",
    "tile_placed": _tile_placed,
    "tile_declined": lambda t, e: f"{who(e)} declines the tile and puts it under permit stack {e['stack']}",
    "bought_cube": lambda t, e: f"{who(e)} buys {an(e['utility'])} cube for ${e['paid']}",
    "exchanged": lambda t, e: f"{who(e)} exchanges {an(e['give'])} cube for {an(e['take'])} cube",
    "bought_building": lambda t, e: f"{who(e)} buys the {t.building_names[e['building']]} for ${e['paid']}",
    "built": _built,
    "company_closed": lambda t, e: "The construction company closes",
    "supplied": lambda t, e: f"{who(e)} puts {an(e['utility'])} cube on mine tile {e['tile']}",
    "refuse_removed": lambda t, e: f"{who(e)} removes {plural(e['count'], 'refuse cube')}",
    "report": lambda t, e: f"{who(e)} reports ${e['cash']} in cash",
    "round": lambda t, e: f"Round {e['round']} begins, market {e['m']:+d}",
    "inspection": _inspection,
}

PRIVATE = {  # the private part, for the seat that may see it
    "place": lambda t, p: f"you placed your {p['value']}",
    "permit_look": lambda t, p: f"you see {_listed([_tile(d) for d in p['tiles']])}",
    "permit_draw": lambda t, p: f"you draw {_tile(p['tile'])}",
}

ACTIONS = {
    "place": lambda t, a: f"place a {a.value} foreman on {_where(a.location)}",
    "done": lambda t, a: "leave the remaining foremen unplaced",
    "exchange": lambda t, a: f"exchange {an(a.give)} cube for {an(a.take)} cube",
    "stop": lambda t, a: "stop",
    "church": lambda t, a: f"bless the foreman on mine tile {a.tile} (Church)",
    "sell": lambda t, a: f"sell {a.amount} coal",
    "collide": lambda t, a: f"move the earnings marker {a.direction}",
    "incentivize": lambda t, a: "incentivize the permit office (2 fees)",
    "stack": lambda t, a: f"draw from permit stack {a.stack}",
    "keep": lambda t, a: f"keep {_tile(a.design)}",
    "place_tile": lambda t, a: f"place the tile at ({a.x}, {a.y}), turned {a.rotation * 90} degrees",
    "decline": lambda t, a: "decline the tile",
    "first_buyer": lambda t, a: f"let the {a.utility} buyer buy first",
    "buy_cube": lambda t, a: f"buy {an(a.utility)} cube",
    "build": lambda t, a: f"build the {t.building_names[a.building]} from the {a.row} row",
    "build_over": lambda t, a: f"build over building lot {a.lot + 1}",
    "supply": lambda t, a: f"put {an(a.utility)} cube on mine tile {a.tile}",
    "remove_refuse": lambda t, a: f"remove {plural(a.count, 'refuse cube')}",
}

PHRASEBOOK = Phrasebook("Coal Country", events=EVENTS, actions=ACTIONS, private=PRIVATE)
