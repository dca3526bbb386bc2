"""End of the Game (TIN-R52, TIN-R53): victory points come only from the cubes
on the Investment Display; ties go to money, then to the cubes left in one's
mined areas, then to the order of play. And, for the simulation lab, the
per-seat statistics and the progress of a game."""

from __future__ import annotations

from headframe.engine import Result

# The statistics read from the log: (statistic, event, the amount it adds, or None to count the event).
LOGGED_STATISTICS = (
    ("mine_prices", "mine_built", "price"), ("mining_costs", "mine_ore", "cost"),
    ("investment_costs", "invest", "cost"), ("pasties_sold", "sell_pasties", None),
    ("auctions_opened", "auction", None), ("ports_built", "build_port", None),
    ("miners_placed", "place_miner", None), ("adits_built", "build_adit", None),
    ("trains_built", "build_train", None), ("water_pumped", "remove_water", None),
    ("areas_prospected", "prospect", None),
)


def victory_points(state) -> list[int]:
    """TIN-R46, TIN-R52: the printed VP of each cube's box."""
    return [sum(column) for column in zip(*victory_points_by_turn(state))]


def victory_points_by_turn(state) -> list[list[int]]:
    """Per turn row of the investment display, each seat's VP from it."""
    rows = []
    for row, boxes in zip(state.game.tables.investment_vp, state.investments):
        vp = [0] * state.players
        for value, cubes in zip(row, boxes):
            for seat in cubes:
                vp[seat] += value
        rows.append(vp)
    return rows


def cubes_in_own_mines(state) -> list[int]:
    cubes = [0] * state.players
    for area, owner in enumerate(state.mine):
        if owner >= 0:
            cubes[owner] += state.copper[area] + state.tin[area]
    return cubes


# The tie-breakers, as the rulebook's End of the Game names them.
MOST_MONEY = "the most money left"
MOST_CUBES = "the most tin and copper cubes left in the areas of one's mines"
HIGHEST_IN_ORDER = "highest up the order of play"


def final_result(state) -> Result:
    # rulebook: End of the Game; TIN-R52, TIN-R53
    order = state.order
    return Result.rank(
        victory_points(state),
        (
            (MOST_MONEY, list(state.money)),
            (MOST_CUBES, cubes_in_own_mines(state)),
            (HIGHEST_IN_ORDER, [-order.index(seat) for seat in range(state.players)]),
        ),
    )


# --- for the simulation lab ----------------------------------------------------------

def statistics(state) -> dict[str, list[int | float]]:
    """The `score_turn_N` parts (VP of the cubes placed in turn N's row) add up to the score."""
    by_turn = victory_points_by_turn(state)
    return {
        **{f"score_turn_{turn}": vp for turn, vp in enumerate(by_turn, 1)},
        "vp": victory_points(state),
        "money": list(state.money),
        "mines": list(state.mines_built),
        "copper_sold": list(state.sold_copper),
        "tin_sold": list(state.sold_tin),
        "cubes_invested": [state.game.tables.investment_cubes - left for left in state.cubes_left],
        **logged_statistics(state),
    }


def logged_statistics(state) -> dict[str, list[int]]:
    stats = {name: [0] * state.players for name, _, _ in LOGGED_STATISTICS}
    stats["ore_income"] = [0] * state.players
    by_event = {event: (name, amount) for name, event, amount in LOGGED_STATISTICS}
    for entry in state.log:
        if entry["event"] == "sell_ore":
            for seat, earned in enumerate(entry["income"]):
                stats["ore_income"][seat] += earned
        elif entry["event"] in by_event:
            name, amount = by_event[entry["event"]]
            stats[name][entry["seat"]] += 1 if amount is None else entry[amount]
    return stats


def progress(state) -> float:
    """Turns done, plus this turn's share: time spent in phase three, then 90%."""
    if state.step == "over":
        return 100.0
    if state.step in ("invest", "prospect"):
        done = 0.9
    else:
        spent = state.track["spent"]
        done = 0.8 * sum(spent) / (state.game.tables.time_points * state.players)
    return 100.0 * (state.turn - 1 + done) / state.game.tables.turns
