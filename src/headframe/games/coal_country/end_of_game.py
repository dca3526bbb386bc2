"""End of the Game (rulebook: End of the Game; COAL-R71 to COAL-R76): after the final report, the
end-of-year inspection's fines and bonuses; the most money wins, ties to the most placed mineshaft
tiles. Also the per-seat statistics of a game, whose score parts add up to the final cash."""

from __future__ import annotations

from itertools import chain

from headframe.engine import Result

from .components import STARTING_CASH, STEP
from .economy import fee
from .mine import SHAPE, cells, openings


def popcount(mask: int) -> int:
    return bin(mask).count("1")


def unfinished_tunnels(state, seat: int) -> int:
    """COAL-R73: openings not closed by a tile of the same mine (REF-4: by a facing opening); memoized on
    the game by the tiles' shapes."""
    memo = state.game.tables.tunnels
    key = (state.options.reformed_industry, *chain.from_iterable(map(SHAPE, state.mine[seat])))
    count = memo.get(key)
    if count is None:
        count = memo.keep(key, _unfinished_tunnels(state, state.mine[seat], key[0]))
    return count


def _unfinished_tunnels(state, mine: list[list[int]], strict: bool) -> int:
    by_cell = cells(mine)
    count = 0
    for tile in mine:
        mask = openings(state, tile)
        for direction, (dx, dy) in enumerate(STEP):
            if not mask >> direction & 1:
                continue
            other = by_cell.get((tile[0] + dx, tile[1] + dy))
            if other is None or (strict and not openings(state, mine[other]) >> ((direction + 2) % 4) & 1):
                count += 1
    return count


def inspection_items(state, seat: int) -> dict[str, int]:
    """COAL-R72: the counts of each inspection item."""
    return {
        "missing_utility_on_tile": sum(3 - popcount(tile[4]) for tile in state.mine[seat]),
        "refuse_cube": state.refuse[seat],
        "unfinished_tunnel": unfinished_tunnels(state, seat),
        "stored_utility_cube": sum(state.storage[seat]),
        "building_not_built_over": sum(1 for b in state.lots[seat] if b),
    }


def inspection_fees(state, seat: int) -> int:
    weights = state.game.tables.inspection["reformed_industry" if state.options.reformed_industry else "standard"]
    return sum(weights[item] * count for item, count in inspection_items(state, seat).items())


def inspection(state) -> None:
    """COAL-R74: fine or bonus at the fee after the final report."""
    state.inspection = []
    for seat in range(state.players):
        fees = inspection_fees(state, seat)
        amount = fees * fee(state, seat)
        change = -min(state.cash[seat], amount) if fees > 0 else -amount
        state.cash[seat] += change
        state.inspection.append([fees, change])
        if state.records:
            state.event("inspection", seat=seat, fees=fees, change=change, cash=state.cash[seat])
    state.step = "over"


def final_result(state) -> Result:
    """COAL-R75/R76: most cash, then most placed mineshaft tiles (the entrance not counted)."""
    return Result.rank(list(state.cash), (("the number of placed mineshaft tiles", [len(m) - 1 for m in state.mine]),))


def standing(state) -> list[int]:
    """Each seat's score so far: its money, which decides the winner (COAL-R75)."""
    return list(state.cash)


def statistics(state) -> dict[str, list[int | float]]:
    """Per seat, from the log. The `score_` parts sum to the final cash: starting cash, coal sales,
    fees as penalties, money spent on permits, utility cubes and buildings, and the inspection's
    fine or bonus. The rest count coal, refuse, cubes, buildings, tiles and inspection fees."""
    parts = {"tile_placed": "score_permits", "incentive": "score_permits",
             "bought_cube": "score_utility_cubes", "bought_building": "score_buildings", "fee": "score_penalties"}
    counts = {"bought_cube": "cubes_bought", "bought_building": "buildings_bought"}
    stats: dict[str, list[int | float]] = {name: [0] * state.players for name in (
        "score_start_money", "score_sales", "score_penalties", "score_permits", "score_utility_cubes",
        "score_buildings", "score_inspection", "coal_mined", "coal_sold", "refuse_made", "refuse_removed",
        "cubes_bought", "buildings_bought", "mineshaft_tiles", "inspection_fees")}
    for entry in state.log:
        name, seat = entry["event"], entry.get("seat")
        if name == "sold":
            stats["coal_sold"][seat] += entry["coal"]
            stats["score_sales"][seat] += entry["coal"] * entry["price"]
        elif name == "mined":
            stats["coal_mined"][seat] += entry["coal"] + entry["auto"]
            stats["refuse_made"][seat] += entry["refuse"]
        elif name == "refuse_removed":
            stats["refuse_removed"][seat] += entry["count"]
        if name in parts:
            stats[parts[name]][seat] -= entry["paid"]
        if name in counts:
            stats[counts[name]][seat] += 1
    for seat in range(state.players):
        stats["score_start_money"][seat] = STARTING_CASH
        stats["mineshaft_tiles"][seat] = len(state.mine[seat]) - 1
        if state.inspection:
            stats["inspection_fees"][seat], stats["score_inspection"][seat] = state.inspection[seat]
    return stats
