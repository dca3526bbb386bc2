"""The component data of Tinners' Trail as compact tables, built once per Game.

Everything the rules read from tinners-trail.data.yaml is here, indexed by
area number (the map's listed order) and border number.
"""

from __future__ import annotations

from headframe.engine.schema import Nullable, OneOf

from .actions import (
    Bid,
    BuildAdit,
    BuildMine,
    BuildPort,
    BuildTrain,
    Decline,
    DropOut,
    ImproveSteamPumps,
    Invest,
    MineOre,
    Pass,
    PlaceMiner,
    Prospect,
    RemoveWater,
    SellPasties,
    StopPumping,
)

SOURCE = OneOf("RULEBOOK", "PUBLISHED", "DERIVED", "RECONSTRUCTED")

SCHEMA = {
    "player_setup": {
        "source": SOURCE,
        "start_money": int,
        "time_points_per_turn": int,
        "mines": int,
        "investment_cubes": int,
    },
    "turns": {"source": SOURCE, "count": int},
    "dice": {
        "source": SOURCE,
        "faces": {"source": SOURCE, "water": [int], "copper": [int], "tin": [int]},
    },
    "ore_prices": {
        "source": SOURCE,
        "modifiers": {
            "source": SOURCE,
            "first_turn": int,
            "final_turn": int,
            "previous_row_highest": int,
            "previous_row_lowest": int,
        },
        "table": {
            "source": SOURCE,
            "rows": [{"row": int, "min_total": Nullable(int), "max_total": Nullable(int), "tin": int, "copper": int}],
        },
    },
    "developments": {
        "source": SOURCE,
        "per_turn": [{"turn": int, "miners": int, "ports": int, "trains": int, "adits": int}],
    },
    "steam_pumps": {"source": SOURCE, "box_sizes": [int]},
    "actions": {
        "source": SOURCE,
        "build_mine": {"tp": int, "min_opening_bid": int, "participant_min_tp_left": int, "max_mines_per_player": int},
        "mine_ore": {"tp": int, "base_capacity": int, "min_cubes": int},
        "build_port": {"tp": int, "water_removed": int},
        "place_miner": {"tp": int},
        "build_adit": {"tp": int},
        "build_train": {"tp": int, "water_removed_own_area": int, "water_removed_each_adjacent_area": int},
        "improve_steam_pumps": {"tp": int},
        "sell_pasties": {"tp": int, "money": int},
    },
    "investments": {
        "source": SOURCE,
        "box_capacity": int,
        "cubes_per_player": int,
        "column_costs": [int],
        "rows": [{"turn": int, "vp": [int]}],
    },
    "prospecting": {"source": SOURCE, "areas_per_turn": int},
    "map": {
        "source": SOURCE,
        "areas": [{"id": str, "name": str, "starting": bool, "copper": int, "tin": int, "sea": bool}],
        "borders": [[str]],
    },
}


class Tables:
    """Static tables of one component pack."""

    def __init__(self, data: dict) -> None:
        setup = data["player_setup"]
        self.start_money = setup["start_money"]
        self.time_points = setup["time_points_per_turn"]
        self.investment_cubes = setup["investment_cubes"]
        self.turns = data["turns"]["count"]

        faces = data["dice"]["faces"]
        self.water_die, self.copper_die, self.tin_die = faces["water"], faces["copper"], faces["tin"]

        self._load_prices(data["ore_prices"])
        self._load_map(data["map"])
        self._load_actions(data["actions"])

        per_turn = sorted(data["developments"]["per_turn"], key=lambda row: row["turn"])
        # stock order: miners, ports, trains, adits
        self.developments = [[r["miners"], r["ports"], r["trains"], r["adits"]] for r in per_turn]
        self.pump_boxes = data["steam_pumps"]["box_sizes"]
        self.improve_pumps = [ImproveSteamPumps.of(box) for box in range(len(self.pump_boxes))]

        investments = data["investments"]
        self.box_capacity = investments["box_capacity"]
        self.investment_cubes = investments["cubes_per_player"]
        self.column_costs = investments["column_costs"]
        self.investment_vp = [row["vp"] for row in sorted(investments["rows"], key=lambda r: r["turn"])]
        self.invest = [Invest.of(column) for column in range(len(self.column_costs))]
        self.prospects_per_turn = data["prospecting"]["areas_per_turn"]
        self._bids: dict[tuple[int, int], tuple] = {}
        self._mine_ore: dict[tuple[int, int, int, int], tuple] = {}

    def _load_prices(self, prices: dict) -> None:
        modifiers = prices["modifiers"]
        self.first_turn_modifier = modifiers["first_turn"]
        self.final_turn_modifier = modifiers["final_turn"]
        self.highest_row_modifier = modifiers["previous_row_highest"]
        self.lowest_row_modifier = modifiers["previous_row_lowest"]
        rows = sorted(prices["table"]["rows"], key=lambda r: r["row"])
        self.price_rows = [r["row"] for r in rows]
        self.tin_price = {r["row"]: r["tin"] for r in rows}
        self.copper_price = {r["row"]: r["copper"] for r in rows}
        self.price_bands = [(r["min_total"], r["max_total"], r["row"]) for r in rows]

    def price_row(self, total: int) -> int:
        """TIN-R15: the Ore Price row whose band holds this total; beyond the table, an end row."""
        for low, high, row in self.price_bands:
            if (low is None or total >= low) and (high is None or total <= high):
                return row
        first_high = self.price_bands[0][1]
        return self.price_rows[0] if first_high is not None and total <= first_high else self.price_rows[-1]

    def _load_map(self, board: dict) -> None:
        # TIN-R10, TIN-R11: 19 areas (11 starting, 8 clear), 39 borders, sea flags
        areas = board["areas"]
        self.area_ids = [a["id"] for a in areas]
        self.area_names = [a["name"] for a in areas]
        self.index = {a: i for i, a in enumerate(self.area_ids)}
        self.starting = [a["starting"] for a in areas]
        self.printed_copper = [a["copper"] for a in areas]
        self.printed_tin = [a["tin"] for a in areas]
        self.sea = [a["sea"] for a in areas]
        self.borders = [(self.index[a], self.index[b]) for a, b in board["borders"]]
        self.border_ids = [f"{a}-{b}" for a, b in board["borders"]]
        self.border_index = {b: i for i, b in enumerate(self.border_ids)}
        count = len(areas)
        self.neighbours: list[list[int]] = [[] for _ in range(count)]
        self.area_borders: list[list[int]] = [[] for _ in range(count)]
        for number, (a, b) in enumerate(self.borders):
            self.neighbours[a].append(b)
            self.neighbours[b].append(a)
            self.area_borders[a].append(number)
            self.area_borders[b].append(number)
        self.areas = range(count)
        self.build_mine = [BuildMine.of(a) for a in self.area_ids]
        self.build_port = [BuildPort.of(a) for a in self.area_ids]
        self.place_miner = [PlaceMiner.of(a) for a in self.area_ids]
        self.build_train = [BuildTrain.of(a) for a in self.area_ids]
        self.build_adit = [BuildAdit.of(b) for b in self.border_ids]
        self.remove_water = [RemoveWater.of(a) for a in self.area_ids]
        self.prospect = [Prospect.of(a) for a in self.area_ids]

    def _load_actions(self, actions: dict) -> None:
        mine = actions["build_mine"]
        self.mine_tp = mine["tp"]
        self.min_opening_bid = mine["min_opening_bid"]
        self.auction_min_tp_left = mine["participant_min_tp_left"]
        self.max_mines = mine["max_mines_per_player"]
        self.mine_ore_tp = actions["mine_ore"]["tp"]
        self.base_capacity = actions["mine_ore"]["base_capacity"]
        self.min_cubes = actions["mine_ore"]["min_cubes"]
        self.port_tp = actions["build_port"]["tp"]
        self.port_water = actions["build_port"]["water_removed"]
        self.miner_tp = actions["place_miner"]["tp"]
        self.adit_tp = actions["build_adit"]["tp"]
        self.train_tp = actions["build_train"]["tp"]
        self.train_water = actions["build_train"]["water_removed_own_area"]
        self.train_water_adjacent = actions["build_train"]["water_removed_each_adjacent_area"]
        self.pumps_tp = actions["improve_steam_pumps"]["tp"]
        self.pasties_tp = actions["sell_pasties"]["tp"]
        self.pasties_money = actions["sell_pasties"]["money"]

    def bids(self, low: int, high: int) -> tuple:
        """Bid actions for every whole pound from low to high."""
        key = (low, high)
        found = self._bids.get(key)
        if found is None:
            found = self._bids[key] = tuple(Bid.of(amount) for amount in range(low, high + 1))
        return found

    def mine_ore(self, area: int, copper: int, tin: int, capacity: int) -> tuple:
        """Mine Ore actions for every mix of at least `min_cubes` cubes with at most
        `copper` copper, `tin` tin and `capacity` cubes in all."""
        key = (area, copper, tin, capacity)
        found = self._mine_ore.get(key)
        if found is None:
            area_id = self.area_ids[area]
            found = self._mine_ore[key] = tuple(
                MineOre.of(area_id, c, n)
                for c in range(copper + 1)
                for n in range(min(tin, capacity - c) + 1)
                if c + n >= self.min_cubes
            )
        return found


# --- bounds and the action space, from the tables alone ------------------------------

def most_money(t: Tables, players: int) -> int:
    """All the money that can ever enter a game, so more than any one player
    can hold: starting money, every possible pasty, and all the ore that can
    ever exist (printed, every area rolled at its best with every adit, every
    adit's immediate bonus) sold at the best price."""
    adits = sum(per_turn[3] for per_turn in t.developments)
    most_ore = (
        sum(t.printed_copper) + sum(t.printed_tin)
        + len(t.area_ids) * (max(t.copper_die) + max(t.tin_die) + 2 * adits)
        + adits * 2 * 2
    )
    best_price = max(max(t.tin_price.values()), max(t.copper_price.values()))
    pasties = t.turns * t.time_points * t.pasties_money
    return (t.start_money + pasties) * players + most_ore * best_price


def most_money_in_hand(t: Tables) -> int:
    """A true bound on the money one player can ever hold, so on any bid.
    Income is only pasties (one per TP) and the sale of ore mined in one's
    own mines: at most six areas, each rolled once at most (TIN-R12), holding
    its printed cubes plus one best roll; each adit adds at most one copper
    and one tin to each of its two sides, now or at that side's roll
    (TIN-R37, TIN-R42), never both."""
    printed = sorted((c + n for c, n in zip(t.printed_copper, t.printed_tin)), reverse=True)
    adits = sum(per_turn[3] for per_turn in t.developments)
    ore = sum(printed[:t.max_mines]) + t.max_mines * (max(t.copper_die) + max(t.tin_die)) + adits * 2 * 2
    best_price = max(max(t.tin_price.values()), max(t.copper_price.values()))
    return t.start_money + t.turns * t.time_points * t.pasties_money + ore * best_price


def decision_limit(t: Tables, players: int) -> int:
    """A true upper bound. The bids of one auction strictly increase from £1
    to the price the winner pays, so all the bids of a game number at most
    the money that ever enters it."""
    turns, tp = t.turns, t.time_points
    auctions = t.max_mines * players
    actions = turns * (tp + 1) * players
    pumping = sum(sum(t.pump_boxes[:turn]) + turn for turn in range(1, turns + 1))
    cubes = t.investment_cubes * players
    investing = cubes + (cubes + turns) * players  # each placement, then at most one decline each
    prospects = turns * t.prospects_per_turn
    return actions + most_money(t, players) + auctions * (1 + players) + pumping + investing + prospects


def every_action(game, players: int) -> list:
    """Every action the game can ever offer: bids up to the most money one player can hold."""
    t: Tables = game.tables
    actions: list = list(t.build_mine)
    for area in t.areas:  # TIN-R31: 2 + miner + train, + a port on the coast only (TIN-R36)
        most = t.base_capacity + 2 + t.sea[area]
        actions.extend(t.mine_ore(area, most, most, most))
    actions += [t.build_port[a] for a in t.areas if t.sea[a]]
    actions += t.place_miner + t.build_adit + t.build_train + t.improve_pumps
    actions += [SellPasties.of(), Pass.of()]
    actions += t.bids(t.min_opening_bid, most_money_in_hand(t))
    actions += [DropOut.of(), *t.remove_water, StopPumping.of(), *t.invest, Decline.of(), *t.prospect]
    return actions
