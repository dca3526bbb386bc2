"""What every area, piece, track and box of Tinners' Trail does, in the rulebook's
words and with the component data's numbers: the entries the board's titles,
the page's detail panel and the terminal's `? name` show. Built from the
game's loaded tables and components, never from a copy of the data; each entry
carries the source label of the data it states."""

from __future__ import annotations

from collections.abc import Iterator

from headframe.engine.glossary import Entry
from headframe.engine.people import listed, plural

from .components import Tables
from .text import STEP_WORDS

PIECES = ("miner", "port", "train", "adit")
ORES = ("copper", "tin", "water")


def area_key(area_id: str) -> str:
    return f"area:{area_id}"


def piece_key(piece: str) -> str:
    return f"development:{piece}"


def pumps_key(box: int) -> str:
    return f"pumps:{box + 1}"


def investment_key(turn: int, cost: int) -> str:
    return f"investment:{turn}:{cost}"


def price_key(ore: str) -> str:
    return f"price:{ore}"


def cube_key(ore: str) -> str:
    return f"cube:{ore}"


MINE, TIME_TRACK, ORDER_OF_PLAY, DEVELOPMENTS = "mine", "track:time", "track:order", "display:developments"


def explanations(game) -> Iterator[Entry]:
    t: Tables = game.tables
    data = game.components
    yield from _areas(t, data)
    yield _mine(t, data)
    yield from _pieces(t, data)
    yield _developments_display(t, data)
    yield from _pump_boxes(t, data)
    yield from _prices(t, data)
    yield from _investments(t, data)
    yield from _tracks(t, data)
    yield from _cubes(data)


def value_names(game, names: dict[str, str]) -> dict[str, str]:
    """The glossary's names (`names`: areas by their ids), and the borders and steps a view holds."""
    t: Tables = game.tables
    names = dict(names)
    names.update({border: f"{t.area_names[a]}–{t.area_names[b]}" for border, (a, b) in zip(t.border_ids, t.borders)})
    names.update(STEP_WORDS)
    return names


def _die(faces: list[int]) -> str:
    return f"{min(faces)} to {max(faces)}"


def _roll(t: Tables) -> str:
    return f"the three dice add {_die(t.water_die)} water, {_die(t.copper_die)} copper and {_die(t.tin_die)} tin"


# rulebook: 6. Prospecting; TIN-R42
MODIFIERS = ("+1 copper, +1 tin and 1 water less for each adit on its borders; 2 water less with a train in it, "
             "1 less for each train in a bordering area, 1 less with a port")


def _areas(t: Tables, data: dict) -> Iterator[Entry]:
    source = data["map"]["source"]
    for a in t.areas:
        borders = listed([t.area_names[b] for b in t.neighbours[a]])
        if t.starting[a]:
            kind = "starting area"
            ore = (f"Printed ore: {t.printed_copper[a]} copper and {t.printed_tin[a]} tin; "
                   f"at setup {_roll(t)}.")
        else:
            kind = "clear area"
            ore = (f"No printed ore and no cubes until a mine is built here or it is prospected (phase 6); "
                   f"then {_roll(t)} ({MODIFIERS}).")
        coast = "It touches the sea: a port may be built here." if t.sea[a] else "Inland: no port."
        mine = (f"A mine here is won at auction (Build Mine: opening bid at least £{t.min_opening_bid}; "
                f"the winner pays his bid and spends {t.mine_tp} TP). Each copper or tin cube mined here "
                f"costs £1 for each water cube in the area.")
        yield Entry(area_key(t.area_ids[a]), t.area_names[a], kind,
                    f"{ore} {coast} {mine} Borders {borders}.", source)


def _capacity(t: Tables) -> str:
    return f"mining capacity {t.base_capacity}, +1 for each of a port, a miner and a train in the area"


def _mine(t: Tables, data: dict) -> Entry:
    return Entry(MINE, "Mine", "player's mine", (
        f"Build Mine ({t.mine_tp} TP, paid by the auction's winner): the active player names an area "
        f"without a mine and bids at least £{t.min_opening_bid}; clockwise, each player bids higher or drops "
        f"out (only players who have not passed, with {t.auction_min_tp_left} TP left and the money). "
        f"The winner pays his bid and places a mine; in a clear area the dice are then rolled for it. "
        f"At most {t.max_mines} mines per player, one per area, never removed. "
        f"Mine Ore ({t.mine_ore_tp} TP): take up to the mine's capacity in copper and tin cubes; "
        f"{_capacity(t)}; each cube costs £1 per water cube there. Held ore is sold in phase 4."
    ), data["actions"]["source"])


def _pieces(t: Tables, data: dict) -> Iterator[Entry]:
    source = data["actions"]["source"]
    adit = data["actions"]["build_adit"]["per_side_holding_a_cube"]
    texts = {
        "miner": (f"Place Miner ({t.miner_tp} TP, no money): put a miner from the Available Developments box "
                  "into any area without one, with or without a mine. +1 mining capacity there. It stays for the "
                  "rest of the game."),
        "port": (f"Build Port ({t.port_tp} TP, no money): put a port in any area touching the sea that has "
                 f"none. It removes {plural(t.port_water, 'water cube')} there at once and adds +1 mining "
                 f"capacity; a later roll there adds 1 water less."),
        "train": (f"Build Train ({t.train_tp} TP, no money): put a train in any area without one. It removes "
                  f"{t.train_water} water cubes there and {t.train_water_adjacent} from each bordering area, "
                  f"and adds +1 mining capacity in its own area only. Later rolls there add 2 water less, "
                  f"and 1 less in each bordering area."),
        "adit": (f"Build Adit ({t.adit_tp} TP, no money): put the adit across a border without one. Each of "
                 f"the two areas that holds a cube gets {adit['copper']:+d} copper, {adit['tin']:+d} tin and "
                 f"{adit['water']:+d} water at once; a clear side gets the same when it is first rolled."),
    }
    for piece in PIECES:
        yield Entry(piece_key(piece), piece.capitalize(), "development", texts[piece], source)


def _developments_display(t: Tables, data: dict) -> Entry:
    counts = "; ".join(
        f"turn {turn}: " + ", ".join(plural(count, piece) for count, piece in zip(row, ("miner", "port", "train")))
        + f", {plural(row[3], 'adit')}"
        for turn, row in enumerate(t.developments, 1)
    )
    return Entry(DEVELOPMENTS, "Available Developments", "development box", (
        "In phase 2 the pieces left from last turn leave play and the box is restocked; a Place Miner, "
        f"Build Port, Build Train or Build Adit action takes its piece from here. {counts}."
    ), data["developments"]["source"])


def _pump_boxes(t: Tables, data: dict) -> Iterator[Entry]:
    pumps = data["steam_pumps"]
    sources = pumps.get("box_size_sources", [pumps["source"]] * len(t.pump_boxes))
    for box, size in enumerate(t.pump_boxes):
        yield Entry(pumps_key(box), f"Steam pump box {box + 1}", "steam pump box", (
            f"Holds {plural(size, 'disc')} from turn {box + 1} on (turn t fills boxes 1 to t). "
            f"Improve Steam Pumps ({t.pumps_tp} TP, no money): take the whole stack; each disc removes one "
            "water cube from any area, split as you like, and you may stop early. The box stays empty for "
            "the rest of the turn."
        ), sources[box])


def _prices(t: Tables, data: dict) -> Iterator[Entry]:
    modifiers = (f"{t.first_turn_modifier:+d} in turn 1, {t.final_turn_modifier:+d} in turn {t.turns}, "
                 f"{t.highest_row_modifier:+d} if last turn's price was on the top row, "
                 f"{t.lowest_row_modifier:+d} if on the bottom row")
    for ore, prices in (("tin", t.tin_price), ("copper", t.copper_price)):
        bands = "; ".join(f"{_band(low, high)}: £{prices[row]}" for low, high, row in t.price_bands)
        yield Entry(price_key(ore), f"{ore.capitalize()} price", "ore price track", (
            f"Phase 1: roll all three dice and add them up, {modifiers}; the total sets the price: {bands}. "
            f"In phase 4 every {ore} cube a player holds is sold at this price."
        ), data["ore_prices"]["table"]["source"])


def _band(low: int | None, high: int | None) -> str:
    if low is None:
        return f"{high} or less"
    if high is None:
        return f"{low} or more"
    return str(low) if low == high else f"{low} to {high}"


def _investments(t: Tables, data: dict) -> Iterator[Entry]:
    source = data["investments"]["source"]
    for turn, row in enumerate(t.investment_vp, 1):
        for cost, vp in zip(t.column_costs, row):
            yield Entry(investment_key(turn, cost), f"£{cost} investment of turn {turn}", "external investment", (
                f"In phase 5 of turn {turn} only: pay £{cost} to place one of your {t.investment_cubes} "
                f"investment cubes here; it scores {vp} VP at the end of the game. A box holds "
                f"{plural(t.box_capacity, 'cube')}, of any players. In the Order of Play, each player in turn "
                "places one cube or stops. Investments are the only victory points."
            ), source)


def _tracks(t: Tables, data: dict) -> Iterator[Entry]:
    source = data["actions"]["source"]
    yield Entry(TIME_TRACK, "Time Track", "track", (
        f"Each player has {t.time_points} Time Points (TP) a turn for actions. The active player is the one "
        "highest on the Order of Play column; once it is empty, the one who has spent least, ties going to "
        "the first to arrive. A player at 10 TP must pass; when all but one have passed, the last takes one "
        "more action and passes."
    ), source)
    yield Entry(ORDER_OF_PLAY, "Order of Play", "column", (
        "Players who pass take the highest empty place. This order is the next turn's order of play, the "
        "order of external investments and prospecting (the first two each roll for a clear area), and the "
        "last tie-breaker."
    ), source)


def _cubes(data: dict) -> Iterator[Entry]:
    source = data["actions"]["source"]
    texts = {
        "copper": "Mined from one's own mine with Mine Ore, held until phase 4 and sold at the copper price.",
        "tin": "Mined from one's own mine with Mine Ore, held until phase 4 and sold at the tin price.",
        "water": ("Each copper or tin cube mined in an area costs £1 for each water cube there. Ports, "
                  "trains, adits and steam pumps remove water."),
    }
    for ore in ORES:
        yield Entry(cube_key(ore), f"{ore.capitalize()} cube", "cube", texts[ore], source)
