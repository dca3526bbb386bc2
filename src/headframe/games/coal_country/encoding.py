"""Coal Country's flat observation for learners, built from a seat's view alone.

Seats are rotated so that index 0 is the observer, 1 the next seat, and so on: a policy
learnt in one seat plays any seat. Per-seat fields hold `players` blocks in that order.
A mine is a list of tile slots in placement order (slot i is mine tile i, the `M{i}`
location and the tile of `church` and `supply` actions); the layout is documented in
docs/games/coal-country.md."""

from __future__ import annotations

from functools import cache
from typing import Any

from headframe.engine.observation import ObservationLayout, PointOfView

from .components import DIRECTIONS, FOREMEN, LOTS, UTILITIES

STEPS = ("place", "unplaced", "village", "mine", "brokers", "permit", "market", "construction", "storage",
         "refuse", "unplaced_end", "report", "over")
DECISIONS = ("place_foreman", "village_store", "church", "sell_coal", "earnings_collision", "permit_permit",
             "permit_keep", "permit_place", "buyer_order", "buy_utilities", "construction_build",
             "construction_over", "utility_storage", "refuse_pile")
STAGES = ("order", "exchange", "church", "sell", "collide", "permit", "keep", "place", "buy", "build", "over",
          "supply", "refuse")
SPACES = (  # foreman locations other than mine tiles (COAL-R19)
    "B0", "B1", "B2", "B3", "ST", "RF", "CB", "PO", "UM", "UM:wood", "UM:water", "UM:electricity", "UT", "CC")
VALUES = 5  # foremen influence 0-4 (COAL-R17)
CALENDAR = 4  # market cubes on a round's calendar (COAL-R68)
ROUNDS = 8  # the long game
TILE_FEATURES = ("present", "x", "y", *(f"open_{d}" for d in DIRECTIONS), *UTILITIES, "connected",
                 "yield_1", "yield_2", "yield_3", "yield_4", "foreman", "foreman_value", "foreman_hidden")
MONEY = 300  # earnings and cash: heuristic self-play ends a game near $170
COAL = 50
REFUSE = 20
STORED = 10
MARKET = 20  # unbought cubes pile up: P + 1 + m arrive each round (COAL-R70)
FEE = 20
STOCKPILE = 100  # the coal pieces of the box
YIELD = 8  # the richest printed yield


def layout(game, players: int, options: Any = None) -> ObservationLayout:
    """The layout depends on the player count only: options change no field."""
    return _layout(game, players)


@cache
def _layout(game, players: int) -> ObservationLayout:  # once per game and player count
    tables = game.tables
    n, slots, designs, buildings = players, tables.mine_size, len(tables.design_ids) - 1, len(tables.building_ids)
    reach = slots - 1
    fields = [
        ("round", ROUNDS, "the round (one-hot)"),
        ("rounds_left", 1, f"rounds left after this one / {ROUNDS}"),
        ("step", len(STEPS), "the step of the round (one-hot): " + ", ".join(STEPS)),
        ("decision", len(DECISIONS), "my decision's kind (one-hot; none: zeros): " + ", ".join(DECISIONS)),
        ("to_move", n, "the seats owing a decision (me first)"),
        ("market", 3, "m, the net market -1/0/+1 (one-hot)"),
        ("calendar", CALENDAR * 3, "the round's market cubes, each -1/0/+1 (one-hot; Reformed: zeros)"),
        ("bag", 1, "market cubes in the bag / 17"),
        ("stockpile", 1, f"S, all coal held / {STOCKPILE}"),
        ("coal_price", 1, "M, the coal price / 11"),
        ("player_order", n * n, "per seat, its place in the player order (one-hot, me first)"),
        ("placement_order", n * n, "per seat, its place in this round's Amok placement order (one-hot; else zeros)"),
        ("committed", n, "seats whose sealed placement is in"),
        ("earnings", n, f"each seat's reported earnings / {MONEY} (above the track: 0)"),
        ("above_track", n, "each seat's earnings marker still above the track"),
        ("fee", n, f"each seat's fee in dollars / {FEE}"),
        ("cash", n, f"each seat's cash where known (mine; everyone's once over) / {MONEY}"),
        ("cash_known", n, "whether that cash is known"),
        ("coal", n, f"each seat's coal / {COAL}"),
        ("refuse", n, f"each seat's refuse cubes / {REFUSE}"),
        ("storage", n * 3, f"per seat, stored cubes by type ({', '.join(UTILITIES)}) / {STORED}"),
        ("tavern_active", n, "each seat's Tavern active this round"),
        ("church_active", n, "each seat's Church active this round"),
        ("placing", n, "each seat still placing foremen"),
        ("unplaced", n * VALUES, "per seat, its unplaced foremen by value 0-4 / 2 (mine while placing: "
                                 "the values still in hand)"),
        ("unplaced_known", n, "whether those unplaced values are known"),
        ("lots", n * LOTS * buildings, "per seat and lot, the building on it (one-hot by building)"),
        ("built_this_round", n * LOTS, "per seat and lot, built this round (no foreman there until next round)"),
        ("foremen", n * len(SPACES) * (VALUES + 1),
         "per seat and location (" + ", ".join(SPACES) + "), its foremen by value 0-4 / 2, "
         f"then those of hidden value / {FOREMEN}"),
        ("mine", n * slots * len(TILE_FEATURES),
         f"per seat and tile slot 0-{reach}: " + ", ".join(TILE_FEATURES) + f" (x, y / {reach}; yields / {YIELD}; "
         "the seat's own foreman on the tile, its value / 4 or hidden)"),
        ("permit_stacks", 4, "tiles left in permit stacks 1-4 / their starting size"),
        ("permit_tops", 4 * designs, "the face-up top tile of each stack by design (Amok; else zeros)"),
        ("construction_top", buildings, f"buildings in the top row by building / {players}"),
        ("construction_bottom", buildings, f"buildings in the bottom row by building / {players}"),
        ("construction_pile", 1, f"buildings in the draw pile / {len(tables.building_pool(4, True))}"),
        ("construction_removed", 1, f"buildings removed / {len(tables.building_pool(4, True))}"),
        ("construction_closed", 1, "the construction company has closed (COAL-R62)"),
        ("utility_market", 3, f"cubes in the utility market by type / {MARKET}"),
        ("general_supply", 3, f"cubes in the general supply by type / {tables.cubes_per_type} (unlimited: 1)"),
        ("queue", n, f"per seat, its turns still to come in this step / {FOREMEN}"),
        ("queue_next", n, "the seat of the next turn in this step (one-hot)"),
        ("current_seat", n, "the seat deciding in a reveal step (one-hot)"),
        ("current_stage", len(STAGES), "its stage (one-hot): " + ", ".join(STAGES)),
        ("current_values", VALUES, "its foremen by value 0-4 / 2 (a tandem buyer has two)"),
        ("current_limit", 1, "cubes it may exchange, buy or move / 10"),
        ("current_count", 1, "cubes bought or moved so far / 10"),
        ("current_incentive", 1, "the permit applicant has paid the incentive"),
        ("current_stack", 4, "the permit stack drawn from (one-hot)"),
        ("current_tile", designs, "the permit tile I drew (one-hot by design; another's: zeros)"),
        ("current_looked", designs, "the two tiles I looked at by design / 2"),
        ("current_building", buildings, "the building bought, awaiting a lot to build over (one-hot)"),
        ("current_type", 3, "the buyer's declared utility type (one-hot; none: zeros)"),
        ("current_exchanged", 6, "Village Store: types given, then types taken"),
        ("current_target", 1, f"the earnings value a colliding marker aims at / {MONEY}"),
        ("current_most", 1, "refuse cubes the remover may take / 4"),
        ("inspection_fees", n, "per seat, the final inspection's fees (negative: a bonus) / 50"),
        ("inspection_change", n, f"per seat, the inspection's cash change / {MONEY}"),
    ]
    return ObservationLayout(fields)


def encode(game, view: dict[str, Any]) -> list[float]:
    pov = PointOfView(view)
    out = _layout(game, pov.players).writer()
    _encode_round(out, view, pov)
    _encode_seats(game, out, view, pov.rotated(view["players"]))
    _encode_desk(game, out, view)
    _encode_turns(game, out, view, pov)
    return out.finish()


def _encode_round(out, view: dict, pov: PointOfView) -> None:
    out.one_hot("round", view["round"] - 1)
    out.scalar("rounds_left", view["rounds"] - view["round"], ROUNDS)
    out.one_hot("step", STEPS.index(view["step"]))
    decision = view.get("decision")
    out.one_hot("decision", DECISIONS.index(decision["kind"]) if decision else None)
    out.values("to_move", pov.flags(view["to_move"]))
    out.one_hot("market", view["market"] + 1)
    calendar = [0.0] * (CALENDAR * 3)
    for i, cube in enumerate(view["calendar"]):
        calendar[i * 3 + cube + 1] = 1.0
    out.values("calendar", calendar)
    out.scalar("bag", view["bag"], 17)
    out.scalar("stockpile", view["stockpile"], STOCKPILE)
    out.scalar("coal_price", view["coal_price"], 11)
    out.values("player_order", pov.places(view["player_order"]))
    out.values("placement_order", pov.places(view["placement_order"]))
    out.values("committed", pov.flags(view["committed"]))


def _encode_seats(game, out, view: dict, seats: list[dict]) -> None:
    tables = game.tables
    out.counts("earnings", [max(0, p["earnings"]) for p in seats], MONEY)
    out.values("above_track", [float(p["earnings"] < 0) for p in seats])
    out.counts("fee", [p["fee"] for p in seats], FEE)
    out.counts("cash", [p["cash"] or 0 for p in seats], MONEY)
    out.values("cash_known", [float(p["cash"] is not None) for p in seats])
    out.counts("coal", [p["coal"] for p in seats], COAL)
    out.counts("refuse", [p["refuse"] for p in seats], REFUSE)
    out.counts("storage", [p["storage"][u] for p in seats for u in UTILITIES], STORED)
    out.values("tavern_active", [float(p["tavern_active"]) for p in seats])
    out.values("church_active", [float(p["church_active"]) for p in seats])
    out.values("placing", [float(p["placing"]) for p in seats])
    placed = [_placed(view, p) for p in seats]
    in_hand = _in_hand(tables, view, placed[0])
    unplaced = [in_hand if r == 0 and in_hand is not None else p["unplaced"] for r, p in enumerate(seats)]
    out.counts("unplaced", [values.count(v) if values is not None else 0 for values in unplaced
                            for v in range(VALUES)], 2)
    out.values("unplaced_known", [float(values is not None) for values in unplaced])
    building_index = {b: i for i, b in enumerate(tables.building_ids)}
    lots, fresh = [], []
    for p in seats:
        for lot in p["lots"]:
            row = [0.0] * len(building_index)
            if lot["building"]:
                row[building_index[lot["building"]]] = 1.0
            lots += row
            fresh.append(float(lot["built_round"] == view["round"]))
    out.values("lots", lots)
    out.values("built_this_round", fresh)
    out.values("foremen", [x for foremen in placed for x in _foremen_off_the_mine(foremen)])
    out.values("mine", [x for p, foremen in zip(seats, placed) for x in _mine(tables, p, foremen)])


def _placed(view: dict, player: dict) -> list[dict]:
    """The seat's placed foremen: my own draft or sealed placement while placing, else the public ones."""
    if player["seat"] == view["seat"] and view["my_placement"] is not None:
        return view["my_placement"]
    return player["foremen"]


def _in_hand(tables, view: dict, placed: list[dict]) -> list[int] | None:
    """My foremen not yet placed, while placing (afterwards the view's `unplaced` says it)."""
    if view["step"] != "place":
        return None
    values = list(tables.foreman_values[view["options"]["foreman_values"]])
    for foreman in placed:
        values.remove(foreman["value"])
    return values


def _foremen_off_the_mine(foremen: list[dict]) -> list[float]:
    block = [0.0] * (len(SPACES) * (VALUES + 1))
    for foreman in foremen:
        if foreman["location"][0] == "M":
            continue  # on a mine tile: in the tile's slot
        start = SPACES.index(foreman["location"]) * (VALUES + 1)
        if foreman["value"] is None:
            block[start + VALUES] += 1 / FOREMEN
        else:
            block[start + foreman["value"]] += 1 / 2
    return block


def _mine(tables, player: dict, foremen: list[dict]) -> list[float]:
    slots, width = tables.mine_size, len(TILE_FEATURES)
    reach = slots - 1
    block = [0.0] * (slots * width)
    design_index = {design: i for i, design in enumerate(tables.design_ids)}
    connected = set(player["connected"])
    for tile in player["mine"]:
        yields = tables.yields[design_index[tile["design"]]]
        features = [1.0, tile["x"] / reach, tile["y"] / reach,
                    *(float(d in tile["openings"]) for d in DIRECTIONS),
                    *(float(u in tile["utilities"]) for u in UTILITIES),
                    float(tile["index"] in connected), *(y / YIELD for y in yields[1:]), 0.0, 0.0, 0.0]
        block[tile["index"] * width:(tile["index"] + 1) * width] = features
    for foreman in foremen:
        if foreman["location"][0] != "M":
            continue
        end = (int(foreman["location"][1:]) + 1) * width
        hidden = foreman["value"] is None
        block[end - 3:end] = [1.0, 0.0 if hidden else foreman["value"] / 4, float(hidden)]
    return block


def _encode_desk(game, out, view: dict) -> None:
    tables = game.tables
    designs = tables.design_ids[1:]
    out.values("permit_stacks", [s["tiles"] / len(tables.stacks[s["stack"] - 1]) for s in view["permit_stacks"]])
    tops = [0.0] * (4 * len(designs))
    for i, stack in enumerate(view["permit_stacks"]):
        if stack["top"] is not None:
            tops[i * len(designs) + designs.index(stack["top"])] = 1.0
    out.values("permit_tops", tops)
    construction, players = view["construction"], view["player_count"]
    out.counts("construction_top", [construction["top"].count(b) for b in tables.building_ids], players)
    out.counts("construction_bottom", [construction["bottom"].count(b) for b in tables.building_ids], players)
    box = len(tables.building_pool(4, True))
    out.scalar("construction_pile", construction["pile"], box)
    out.scalar("construction_removed", construction["removed"], box)
    out.scalar("construction_closed", float(construction["closed"]))
    out.counts("utility_market", [view["utility_market"][u] for u in UTILITIES], MARKET)
    supply = view["general_supply"]
    out.values("general_supply", [1.0] * 3 if supply is None else [supply[u] / tables.cubes_per_type
                                                                    for u in UTILITIES])


def _encode_turns(game, out, view: dict, pov: PointOfView) -> None:
    designs, buildings = game.tables.design_ids[1:], game.tables.building_ids
    queue = [0.0] * pov.players
    for entry in view["queue"]:
        queue[pov.relative(entry[0])] += 1 / FOREMEN
    out.values("queue", queue)
    out.one_hot("queue_next", pov.relative(view["queue"][0][0]) if view["queue"] else None)
    current = view["current"] or {}
    stage = current.get("stage")
    out.one_hot("current_seat", pov.relative(current["seat"]) if current else None)
    out.one_hot("current_stage", STAGES.index(stage) if current else None)
    values = [0.0] * VALUES
    for value in _current_values(current):
        values[value] += 1 / 2
    out.values("current_values", values)
    out.scalar("current_limit", current.get("limit", 0), 10)
    out.scalar("current_count", current.get("bought", current.get("moved", 0)), 10)
    out.scalar("current_incentive", float(current.get("incentive", False)))
    out.one_hot("current_stack", current["stack"] - 1 if "stack" in current else None)
    out.one_hot("current_tile", designs.index(current["tile"]) if "tile" in current else None)
    out.counts("current_looked", [current.get("looked", []).count(d) for d in designs], 2)
    out.one_hot("current_building", buildings.index(current["building"]) if "building" in current else None)
    declared = current["entry"][2] if stage == "order" else current.get("type")
    out.one_hot("current_type", UTILITIES.index(declared) if declared else None)
    out.values("current_exchanged", [float(u in current.get(key, ())) for key in ("given", "taken")
                                     for u in UTILITIES])
    out.scalar("current_target", current.get("target", 0), MONEY)
    out.scalar("current_most", current.get("most", 0), 4)
    inspection = view["inspection"] or [{"fees": 0, "change": 0}] * pov.players
    rotated = pov.rotated(inspection)
    out.counts("inspection_fees", [i["fees"] for i in rotated], 50)
    out.counts("inspection_change", [i["change"] for i in rotated], MONEY)


def _current_values(current: dict) -> list[int]:
    """The deciding foremen's values (a colliding marker's `value` is an earnings value, not a foreman's)."""
    if current.get("stage") == "collide":
        return []
    if current.get("stage") == "order":
        return current["entry"][1]
    if "values" in current:
        return current["values"]
    return [current["value"]] if "value" in current else []
