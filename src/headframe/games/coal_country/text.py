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
    if location == "M0":
        return "mine entrance"
    if location[0] == "M":
        return f"mine tile {location[1:]}"  # tiles count from 1 in the order placed; 0 is the entrance
    return LOCATION_NAMES[location]


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
    return _listed([where(location) + (f" ({n})" if n > 1 else "") for location, n in counts.items()])


def where(location: str) -> str:
    name = location_name(location)
    return name if name.startswith(("building lot", "mine tile", "utility storage")) else f"the {name}"


def _on_tile(index: int) -> str:
    return where(f"M{index}")


def _fee_reason(t, reason: str) -> str:
    if reason in t.building_names:
        return f"({t.building_names[reason]})"
    if reason.startswith("pass_"):
        return f"for passing at {AREA_NAMES[reason[5:]]}"
    return FEE_REASONS[reason]


# --- one sentence per event ------------------------------------------------------------------

def _fee(t, e) -> str:
    """COAL-R14: a penalty takes what the payer has, so the sentence says what was owed and what was paid
    (a fee is never under $5, so paying $0 means having nothing)."""
    owed = f"{who(e)} owes {plural(e['fees'], 'fee')} {_fee_reason(t, e['reason'])}"
    return f"{owed} and has no money to pay" if e["paid"] == 0 else f"{owed} and pays ${e['paid']}"


def _placements(t, e) -> str:
    seats = [f"{seat_label(seat)} at {_placed(locations)}" if locations else f"{seat_label(seat)} nowhere"
             for seat, locations in enumerate(e["locations"])]
    return "All foremen are placed, face down: " + "; ".join(seats)


def _reveal(t, e) -> str:
    what = "Unplaced foremen are revealed" if e["area"] == "unplaced" else f"Foremen are revealed at {AREA_NAMES[e['area']]}"
    values = "; ".join(f"{seat_label(seat)}: {_listed([str(v) for v in vs])}" for seat, vs in enumerate(e["values"]))
    return f"{what}. {values}"


def _mined(t, e) -> str:
    """Mining foremen each make one refuse cube; auto-production makes none (rulebook: Mineshaft tiles)."""
    parts = []
    if e["refuse"]:
        parts.append(f"the foremen mine {e['coal']} coal and make {plural(e['refuse'], 'refuse cube')},")
    if e["auto"]:
        parts.append(f"the supplied tiles auto-produce {e['auto']} coal")
    said = " and ".join(parts).rstrip(",") or "nothing is mined"
    return f"At {who(e)}'s mine, {said}"


def cell_name(x: int, y: int) -> str:
    """A cell of a mine as people find it: by its steps from the entrance ("1 right and 2 down")."""
    steps = [f"{abs(x)} {'right' if x > 0 else 'left'}" if x else "", f"{y} down" if y else ""]
    return listed([step for step in steps if step]) + " of the entrance"


def _tile_placed(t, e) -> str:
    return (f"{who(e)} places {_tile(e['tile'])} {cell_name(e['x'], e['y'])}, turned {e['rotation'] * 90} degrees, "
            f"for ${e['paid']}")


def _built(t, e) -> str:
    over = f", over the {t.building_names[e['built_over']]}" if e["built_over"] else ""
    return f"{who(e)} builds the {t.building_names[e['building']]} on building lot {e['lot'] + 1}{over}"


def inspection_words(fees: int, change: int) -> str:
    """COAL-R74: a fine (all the cash when short) or a bonus."""
    if change < 0:
        return f"{plural(fees, 'fee')}, a fine of ${-change}"
    if change > 0:
        return f"{plural(-fees, 'fee')} to the good, a bonus of ${change}"
    return f"{plural(fees, 'fee')}, a fine it has no money to pay" if fees > 0 else "no fine and no bonus"


def _inspection(t, e) -> str:
    return f"End-of-year inspection of {who(e)}: {inspection_words(e['fees'], e['change'])}"


def _round(t, e) -> str:
    """The round's market: the sum of its indicator cubes, none under A Reformed Industry."""
    if not e["calendar"]:
        return f"Round {e['round']} begins"
    market = f"{e['m']:+d}" if e["m"] else "0"
    return f"Round {e['round']} begins; the market indicators add up to {market}"


EVENTS = {
    "place": lambda t, e: f"{who(e)} places a foreman face down on {where(e['location'])}",
    "placement_done": lambda t, e: f"{who(e)} has placed their foremen",
    "committed": lambda t, e: f"{who(e)} has placed their foremen face down",
    "placements": _placements,
    "reveal": _reveal,
    "fee": _fee,
    "mined": _mined,
    "sold": lambda t, e: f"{who(e)} sells {e['coal']} coal at ${e['price']} each, for ${e['coal'] * e['price']}",
    "earnings": lambda t, e: f"{who(e)}'s earnings marker moves to ${e['earnings']}",
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
    "supplied": lambda t, e: f"{who(e)} puts {an(e['utility'])} cube on {_on_tile(e['tile'])}",
    "refuse_removed": lambda t, e: f"{who(e)} removes {plural(e['count'], 'refuse cube')}",
    "report": lambda t, e: f"Quarterly report: {who(e)} has ${e['cash']} and moves its earnings marker there",
    "round": _round,
    "inspection": _inspection,
}

PRIVATE = {  # the private part, for the seat that may see it
    "place": lambda t, p: f"you placed your {p['value']}",
    "permit_look": lambda t, p: f"you see {_listed([_tile(d) for d in p['tiles']])}",
    "permit_draw": lambda t, p: f"you draw {_tile(p['tile'])}",
}

# What a foreman does on each space, in a word after the label (rulebook: Foremen Placement, Appendix A).
SPACE_USES = {"CB": "sell coal, lowest influence first", "PO": "apply for a mine permit",
              "UM": "buy utility cubes at 1 fee each", "UT": "buy utility cubes in tandem with your other buyer",
              "CC": "buy a building", "ST": "move stored cubes onto mine tiles", "RF": "remove refuse cubes"}


def space_use(location: str) -> str:
    if location.startswith("UM:"):
        return f"buy {location[3:]} cubes at 1 fee each"
    if location[0] == "B":
        return "use its building"
    if location[0] == "M":
        return "mine coal"
    return SPACE_USES[location]


def _place(t, a) -> str:
    return f"Place your {a.value} foreman on {where(a.location)}: {space_use(a.location)}"


def _build(t, a) -> str:
    cost = t.base_cost[a.building]
    return f"Build the {t.building_names[a.building]} from the {a.row} row (base cost {plural(cost, 'fee')})"


ACTIONS = {
    "place": _place,
    "done": lambda t, a: "Leave the rest of your foremen unplaced: fees equal to their influence",
    "exchange": lambda t, a: f"Exchange a stored {a.give} cube for {an(a.take)} cube from the supply",
    "stop": lambda t, a: "Stop",
    "church": lambda t, a: f"Bless the foreman on {_on_tile(a.tile)}: it also mines what a 1 foreman would",
    "sell": lambda t, a: f"Sell {a.amount} coal" if a.amount else "Sell no coal: fees equal to your seller's influence",
    "collide": lambda t, a: f"Put your earnings marker on the space {'above' if a.direction == 'up' else 'below'}",
    "incentivize": lambda t, a: "Incentivize the permit office (2 fees)",
    "stack": lambda t, a: f"Draw a tile from permit stack {a.stack}",
    "keep": lambda t, a: f"Keep {_tile(a.design)}",
    "place_tile": lambda t, a: f"Place the tile {cell_name(a.x, a.y)}, turned {a.rotation * 90} degrees",
    "decline": lambda t, a: "Decline the tile: it goes under its stack",
    "first_buyer": lambda t, a: f"Let your {a.utility} buyer buy first",
    "buy_cube": lambda t, a: f"Buy {an(a.utility)} cube (1 fee)",
    "build": _build,
    "build_over": lambda t, a: f"Build over the building on lot {a.lot + 1}",
    "supply": lambda t, a: f"Put a stored {a.utility} cube on {_on_tile(a.tile)}",
    "remove_refuse": lambda t, a: f"Remove {plural(a.count, 'refuse cube')}" if a.count else "Remove no refuse",
}

PHRASEBOOK = Phrasebook("Coal Country", events=EVENTS, actions=ACTIONS, private=PRIVATE)


# --- the tables panel ------------------------------------------------------------------------

# A step and a stage of a seat's turn spelled alike get one name that fits both.
SHARED_NAMES = {"place": "Placement", "permit": "Permit office", "refuse": "Refuse pile", "over": "Over",
                "church": "Church"}


def _capital(words: str) -> str:
    return words[0].upper() + words[1:]


DIRECTIONS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def _tunnels(openings: str) -> str:
    return "Tunnels " + listed([DIRECTIONS[letter] for letter in openings])


def _option_names(options: list[dict]) -> dict[str, str]:
    """The options' coded choices in words ("look_two_keep_one": "Look two keep one")."""
    coded = [str(choice) for option in options for choice in option["choices"] or () if "_" in str(choice)]
    return {choice: _capital(choice.replace(",", ", ").replace("_", " ")) for choice in coded}


def value_names(game, glossary_names: dict[str, str]) -> dict[str, str]:
    """What a person calls each code a view holds: the glossary's names (`glossary_names`), then steps,
    stages, foreman places, tunnel openings and options."""
    tables = game.tables
    names = {step: _capital(name) for step, name in STEP_NAMES.items()}
    names |= {stage: _capital(name) for stage, name in STAGE_NAMES.items()}
    names |= SHARED_NAMES
    places = [*LOCATION_NAMES, *(f"UM:{u}" for _, u in CUBE_LETTERS), *(f"B{lot}" for lot in range(4)),
              *(f"M{index}" for index in range(len(tables.design_ids)))]
    names |= {place: _capital(location_name(place)) for place in places}
    openings = ["".join(d for i, d in enumerate("NESW") if mask >> i & 1) for mask in range(1, 16)]
    names |= {letters: _tunnels(letters) for letters in openings}
    return {**glossary_names, **(_option_names(game.Options.describe()) | names)}
