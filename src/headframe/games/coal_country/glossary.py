"""What every tile, building, space and track of Coal Country does, for the board's titles, the
page's detail panel and the terminal's `? name` (engine/glossary.py). Numbers, names and source
labels come from the component data the game loads (data/coal-country.data.yaml); the words
follow the rulebook and, where it is silent, the rulings named."""

from __future__ import annotations

from collections.abc import Iterator

from headframe.engine import Entry
from headframe.engine.people import listed, plural

from .components import UTILITIES

# The glossary key of each foreman location the board draws (a mine tile is keyed by its design).
SPACE_KEYS = {"CB": "space:coal_brokers", "PO": "space:permit_office", "UM": "space:utility_market",
              "UT": "space:tandem", "CC": "space:construction_company", "ST": "space:utility_storage",
              "RF": "space:refuse_pile"}
LOT_KEY = "space:building_lot"
TRACK_KEY = "track:earnings"
WIDGET_KEY = "track:price_widget"
FOREMAN_KEY = "piece:foreman"
DIRECTION_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}
INDICATOR_NAMES = {"green": "Green market indicator", "red": "Red market indicator", "white": "White market indicator"}


def tile_key(design: str) -> str:
    return f"tile:{design}"


def building_key(building: str) -> str:
    return f"building:{building}"


def stack_key(stack: int) -> str:
    return f"stack:{stack}"


def utility_key(utility: str) -> str:
    return f"utility:{utility}"


def indicator_key(colour: str) -> str:
    return f"indicator:{colour}"


def explanations(game) -> Iterator[Entry]:
    data = game.components
    yield from _tiles(data)
    yield from _buildings(data)
    yield from _spaces(data)
    yield from _stacks(data)
    yield from _utilities(data)
    yield from _economy(data)


# --- the mine -----------------------------------------------------------------------------------

def _yields(yields: list[int]) -> str:
    return ", ".join(f"{coal} for a {influence}" for influence, coal in enumerate(yields))


def _mining(yields: list[int]) -> str:
    """COAL-R42 to COAL-R44 (rulebook: Foremen Placement, Mineshaft tiles)."""
    return (f"Coal a foreman mines here by influence: {_yields(yields)}. A foreman mines the full amount only "
            "while the tile holds one wood, one water and one electricity cube, else half, rounded down. A fully "
            f"supplied tile also auto-produces {yields[1]} coal every round (what a 1 foreman mines), with or without "
            "a foreman. Each foreman who mines coal adds one refuse cube; auto-production adds none. Foremen go only "
            "on tiles connected to the entrance, one per tile.")


def _openings(openings: list[str]) -> str:
    return listed([DIRECTION_WORDS[d] for d in openings])


def _copies(count: int) -> str:
    return f"{count} {'copy' if count == 1 else 'copies'}"


def _tiles(data: dict) -> Iterator[Entry]:
    entrance = data["mine"]["entrance"]
    yield Entry(tile_key(entrance["id"]), "Mine entrance", "mine tile",
                f"Every company's first tile, below its village; tunnels open {_openings(entrance['openings'])}. "
                "It starts with one wood, one water and one electricity cube, so it auto-produces from the first "
                f"round. {_mining(entrance['yields'])} It does not count as a placed mineshaft tile for the "
                "tie-breaker.", data["mine"]["source"], rulings=("COAL-R37", "COAL-R76"))
    section = data["mineshaft_tiles"]
    for design in section["designs"]:
        n = design["stack"]
        yield Entry(tile_key(design["id"]), f"Mineshaft tile {design['id']}", "mineshaft tile",
                    f"From permit stack {n} ({_copies(design['count'])} in the game); tunnels open "
                    f"{_openings(design['openings'])} as printed, turned as it is placed. {_mining(design['yields'])} "
                    "At the end-of-year inspection each tunnel not running into another tile is 2 fees.",
                    section["source"], rulings=("COAL-R38", "COAL-R73"))


# --- the village ------------------------------------------------------------------------------

def _requirement(building: dict) -> str:
    needs = building.get("requires_influence") or {}
    if "exactly" in needs:
        return f" It works only with a foreman of influence exactly {needs['exactly']}."
    if "at_least" in needs:
        return f" It works only with a foreman of influence {needs['at_least']} or more."
    return ""


def _buildings(data: dict) -> Iterator[Entry]:
    section = data["buildings"]
    for building in section["list"]:
        cost = building["base_cost"]
        cited: tuple[str, ...]
        if building["kind"] == "playable":
            kind, use = "playable building", (" Playable: a foreman of its owner goes on it to use it, from the round "
                                             "after it is built, one per building kind.")
            cited = ("COAL-R34", "COAL-R35")
        else:
            kind, use = "permanent building", " Permanent: it works from the moment it is built and takes no foremen."
            cited = ()
        yield Entry(building_key(building["id"]), building["name"], kind,
                    f"Costs {plural(cost, 'fee')} at the construction company ({building['count']} in the game)."
                    f"{use} {building.get('text', building['effect'])}{_requirement(building)} Built over, it loses "
                    "its effect for good; at the end-of-year inspection each building not built over is -2 fees.",
                    building.get("source", section["source"]), rulings=cited)


# --- the Boss's Desk and the village spaces ------------------------------------------------------

def _spaces(data: dict) -> Iterator[Entry]:
    coal, permits, market = data["coal"], data["permit_office"], data["utility_market"]
    incentive = permits["incentive"]["cost_fees"]
    yield Entry(SPACE_KEYS["CB"], "Coal brokers", "desk space",
                "One foreman per company sells coal here; in round 1 every company must place one and sell. Lowest "
                "influence sells first, ties to the higher earnings. The market price is 10, minus 1 per 10 coal in "
                "the stockpile, plus the round's market (-1, 0 or +1), never below 1; a seller gets the market price "
                "plus its influence minus 2, at least 1, for every coal sold. Sales add to cash and to "
                "reported earnings. A seller who sells nothing pays fees equal to its influence.",
                coal["seller_price"]["source"], rulings=("COAL-R49",))
    yield Entry(SPACE_KEYS["PO"], "Permit office", "desk space",
                "Applicants act highest influence first, ties to the higher earnings. Each takes the top tile of a "
                f"permit stack numbered no higher than its influence, or any stack after paying {incentive} fees to "
                "incentivize the office, and places it in its mine next to one of its tiles, or declines it to the "
                "bottom of the stack. A tile from stack N costs N fees next to a fully supplied tile, else 2N fees. "
                "An applicant who places no tile pays fees equal to its influence.", permits["source"],
                rulings=("COAL-R51", "COAL-R52", "COAL-R53", "COAL-R54"))
    yield Entry(SPACE_KEYS["UM"], "Utility market", "desk space",
                f"Up to {market['foremen_per_player']} foremen per company buy utility cubes here, highest influence "
                "first: as many cubes as the buyer's influence, any mix, 1 fee each, into its utility storage. A "
                "buyer who buys none pays fees equal to its influence. Each round the market gains players + 1 + "
                "market cubes of each type.", market["source"],
                rulings=("COAL-R55", "COAL-R56", "COAL-R57", "COAL-R70"))
    yield Entry(SPACE_KEYS["UT"], "Utility market, tandem", "desk space",
                "A company's second utility foreman stacked on its first: the two buy as one buyer whose influence is "
                "the sum of theirs, and must buy at least one cube together or pay fees equal to both influences.",
                market["source"], rulings=("COAL-R55",))
    company = data["construction_company"]
    yield Entry(SPACE_KEYS["CC"], "Construction company", "desk space",
                "Builders act highest influence first; each may buy one building from the top or bottom row for its "
                "base cost in fees and build it on an empty lot of its village, or over one of its buildings when all "
                "four lots are full. A builder who buys nothing pays fees equal to its influence. At the end of each "
                "round the bottom row leaves the game, the top row moves down and new tiles are drawn; when the draw "
                "pile runs out the company closes.", company["source"],
                rulings=("COAL-R58", "COAL-R59", "COAL-R60", "COAL-R61", "COAL-R62"))
    village = data["village"]
    yield Entry(SPACE_KEYS["ST"], "Utility storage", "village space",
                "Holds the cubes a company bought. Its foreman moves up to as many stored cubes as its influence "
                "(one more with a School, at most 4) onto the company's mine tiles, one cube of each type per tile. "
                "At the end-of-year inspection each stored cube is -1 fee.", village["source"],
                rulings=("COAL-R63", "COAL-R72"))
    yield Entry(SPACE_KEYS["RF"], "Refuse pile", "village space",
                "Holds the refuse mining makes. Its foreman removes up to as many refuse cubes as its influence (one "
                "more with a Mess Hall, at most 4), free. At the end-of-year inspection each refuse cube is +1 fee.",
                village["source"], rulings=("COAL-R64", "COAL-R72"))
    lots = village["building_lots"]["count"]
    yield Entry(LOT_KEY, "Building lot", "village space",
                f"A village has {lots} lots for buildings from the construction company; with all {lots} full, a new "
                "building goes over one the owner chooses, which loses its effect for good.",
                village["source"], rulings=("COAL-R60",))


def _stacks(data: dict) -> Iterator[Entry]:
    permits = data["permit_office"]
    for n, size in permits["stacks"]["sizes"].items():
        yield Entry(stack_key(n), f"Permit stack {n}", "permit stack",
                    f"{size} mineshaft tiles with {plural(n, 'tunnel opening')}, face down (An Industry Amok: the top "
                    f"one face up). A permit foreman of influence {n} or more may take its top tile, or any foreman "
                    f"after incentivizing the office. Its tiles cost {plural(n, 'fee')} next to a fully supplied tile, "
                    f"else {2 * n} fees.", permits["source"], rulings=("COAL-R51", "COAL-R53"))


def _utilities(data: dict) -> Iterator[Entry]:
    components = data["components"]
    for utility in UTILITIES:
        yield Entry(utility_key(utility), utility.capitalize(), "utility cube",
                    f"One of three utilities ({components['utility_cubes'][utility]} cubes in the game). A mine tile "
                    "needs one wood, one water and one electricity cube to be mined in full and to auto-produce; a cube "
                    "on a tile stays there. Bought at the utility market for 1 fee each; at the end-of-year inspection "
                    "each utility missing on a tile is +1 fee.", components["source"])


def _economy(data: dict) -> Iterator[Entry]:
    yield Entry(TRACK_KEY, "Earnings track", "track",
                "Each company's reported earnings: sales move its marker up; at the quarterly reports (after rounds "
                f"{listed([str(r) for r in data['rounds']['quarterly_report_after_rounds']['long']])} in the long "
                "game) it moves to the company's cash. Purchases and fees never move it. No two markers share a "
                "value; one landing on another moves up or down, its owner's choice. A company's fee, the price of "
                "everything, is $5 plus $1 per $20 of earnings. Highest earnings is first in player order.",
                data["fees"]["source"], rulings=("COAL-R8", "COAL-R10", "COAL-R11"))
    indicators = data["market_indicators"]
    yield Entry(WIDGET_KEY, "Price indication widget", "track",
                "The top gauge shows the round's market: the sign of its four market indicator cubes (-1, 0 or +1). "
                "The bottom gauge shows the coal price: 10, minus 1 per 10 coal in the stockpile, plus the market, "
                "from 1 to 11. Below it the coal stockpile (all coal the companies hold) and the round calendar.",
                indicators["source"])
    for colour, value in indicators["values"].items():
        worth, count = f"{value:+d}" if value else "0", data["components"]["market_indicator_cubes"][colour]
        yield Entry(indicator_key(colour), INDICATOR_NAMES[colour], "market indicator cube",
                    f"Worth {worth} to the round's market ({count} in the bag). Four lie on each round's calendar; "
                    "the last one rolls over to be the next round's first.", indicators["source"])
    foremen = data["foremen"]
    yield Entry(FOREMAN_KEY, "Foreman", "foreman token",
                f"Each company has {foremen['per_player']}, of influence "
                f"{', '.join(map(str, foremen['values']['standard']))}, placed face down each round and turned over "
                "area by area. An unplaced foreman costs fees equal to its influence.",
                foremen["source"], rulings=("COAL-R17", "COAL-R24"))
