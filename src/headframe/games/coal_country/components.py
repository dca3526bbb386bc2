"""Static tables of Coal Country, built once per Game from data/coal-country.data.yaml."""

from __future__ import annotations

import itertools

from headframe.engine.memo import Memo
from headframe.engine.schema import ANY, Nullable, OneOf

LABEL = OneOf("RULEBOOK", "PUBLISHED", "DERIVED", "RECONSTRUCTED", "INVENTED")

SCHEMA = {
    "game": {"source": LABEL, "title": str},
    "players": {"source": LABEL, "min": int, "max": int},
    "rounds": {"source": LABEL, "standard": int, "long": int,
               "quarterly_report_after_rounds": {"standard": [int], "long": [int]}},
    "components": {"source": LABEL, "utility_cubes": {"wood": int, "water": int, "electricity": int},
                   "market_indicator_cubes": {"green": int, "red": int, "white": int}},
    "building_pool": {"source": LABEL, "copies_per_player": [str], "all_copies": [str]},
    "foremen": {"source": LABEL, "per_player": int, "values": {"standard": [int], "single_four": [int]}},
    "fees": {"source": LABEL},
    "mine": {"source": LABEL, "entrance": {"id": str, "openings": [OneOf("N", "E", "S", "W")], "yields": [int]}},
    "mineshaft_tiles": {
        "source": LABEL,
        "designs": [{"id": str, "stack": OneOf(1, 2, 3, 4), "count": int,
                     "openings": [OneOf("N", "E", "S", "W")], "yields": [int]}],
    },
    "market_indicators": {"source": LABEL, "values": {"green": int, "red": int, "white": int}},
    "coal": {"source": LABEL},
    "buildings": {"source": LABEL, "list": [{"id": str, "name": str, "base_cost": int, "count": int,
                                             "kind": OneOf("permanent", "playable"),
                                             "requires_influence?": Nullable(ANY), "text?": str}]},
    "inspection": {"source": LABEL, "fees_per_item": {str: {str: int}}},
    "variants": {"source": LABEL},
}

UTILITIES = ("wood", "water", "electricity")
FOREMEN = 9  # rulebook: Game Materials, nine foremen per player
LOTS = 4  # COAL-R60
COAL_SHED = 5  # rulebook: End of the Round Actions, coal a Coal Shed keeps
STARTING_CASH = 0  # COAL-R4
UNLIMITED = 10 ** 6  # COAL-R7 option utility_supply = unlimited
DIRECTIONS = "NESW"
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))  # COAL-R36: N, E, S, W
FULL = 7  # cube mask holding wood, water and electricity


def opening_mask(openings: list[str], rotation: int) -> int:
    """Openings as a 4-bit mask (bit d = direction d) after `rotation` clockwise quarter turns."""
    mask = 0
    for name in openings:
        mask |= 1 << ((DIRECTIONS.index(name) + rotation) % 4)
    return mask


class Tables:
    """Design 0 is the entrance (COAL-R37); designs 1..12 are the mineshaft tiles (COAL-R38)."""

    def __init__(self, data: dict) -> None:
        entrance = data["mine"]["entrance"]
        designs = [{"id": entrance["id"], "stack": 0, "count": 0, "openings": entrance["openings"],
                    "yields": entrance["yields"]}] + data["mineshaft_tiles"]["designs"]
        self.design_ids = [d["id"] for d in designs]
        self.stack_of = [d["stack"] for d in designs]
        self.yields = [list(d["yields"]) for d in designs]
        self.masks = [[opening_mask(d["openings"], r) for r in range(4)] for d in designs]
        # rotations giving distinct opening sets, so a cross is offered once
        self.rotations = []
        for masks in self.masks:
            seen, keep = set(), []
            for r, mask in enumerate(masks):
                if mask not in seen:
                    seen.add(mask)
                    keep.append(r)
            self.rotations.append(keep)
        self.stacks = [[i for i, d in enumerate(designs) if d["stack"] == n for _ in range(d["count"])]
                       for n in (1, 2, 3, 4)]
        self.mine_size = 1 + sum(len(stack) for stack in self.stacks)  # the entrance and every tile
        buildings = data["buildings"]["list"]
        self.building_ids = [b["id"] for b in buildings]
        self.building_names = {b["id"]: b["name"] for b in buildings}
        self.base_cost = {b["id"]: b["base_cost"] for b in buildings}
        self.building_count = {b["id"]: b["count"] for b in buildings}
        self.playable = {b["id"] for b in buildings if b["kind"] == "playable"}
        self.copies_per_player = list(data["building_pool"]["copies_per_player"])
        self.foreman_values = {k: sorted(v) for k, v in data["foremen"]["values"].items()}
        self.cubes_per_type = data["components"]["utility_cubes"]["wood"]
        cubes = data["components"]["market_indicator_cubes"]
        values = data["market_indicators"]["values"]
        self.market_bag = [values[color] for color in ("green", "red", "white") for _ in range(cubes[color])]
        self.inspection = data["inspection"]["fees_per_item"]
        self.mine_spaces = [f"M{index}" for index in range(self.mine_size)]  # a mine tile's foreman location
        # Memos of derived values, each by all that its value depends on (the ones by a position's
        # details are bounded Memos). placement.placement_actions: the values
        # a seat has left by those it placed, the action lists and their rows, a situation
        # (placement.Situation) per placement situation's details, and the action lists by situation
        # number and the foremen placed.
        self.numbers = itertools.count()  # for situations and plans: next() is atomic, so two threads never share one
        self.values_left: dict[tuple, tuple[int, ...]] = {}
        self.placement_memo: dict[tuple, tuple] = {}
        self.place_rows: dict[tuple, tuple] = {}  # a location's Place actions by the values left
        self.placement_situations: dict[tuple, tuple] = {}
        self.placement_by_draft: Memo[tuple, tuple] = Memo()
        # heuristic._placement: a number per plan made, the plans by all that _plan reads, the choices
        # by plan number, situation number and the foremen placed
        self.plans: dict[tuple, int] = {}
        self.plan_by_position: Memo[tuple, tuple] = Memo()
        self.placement_choices: Memo[tuple, object] = Memo()
        # mine.links and end_of_game.unfinished_tunnels by the mine's tile shapes
        self.links: Memo[tuple, tuple[int, ...]] = Memo()
        self.tunnels: Memo[tuple, int] = Memo()
        self.player_orders: Memo[tuple, tuple[int, ...]] = Memo()  # economy.player_order by markers and draw order
        self.unplaced: Memo[tuple, tuple[int, ...]] = Memo()  # reveal.unplaced by the values placed
        # permit_office.positions and heuristic._tile_place by the drawn tile's details (drawn_tile_key)
        self.tile_places: Memo[tuple, tuple] = Memo()
        self.tile_choices: Memo[tuple, object] = Memo()
        self.report_rounds = {data["rounds"]["standard"]: data["rounds"]["quarterly_report_after_rounds"]["standard"],
                              data["rounds"]["long"]: data["rounds"]["quarterly_report_after_rounds"]["long"]}

    def building_pool(self, players: int, everything: bool) -> list[str]:
        """COAL-R3 (AMOK-3: all tiles whatever P)."""
        pool = []
        for building in self.building_ids:
            copies = self.building_count[building]
            if building in self.copies_per_player and not everything:
                copies = players
            pool.extend([building] * copies)
        return pool
