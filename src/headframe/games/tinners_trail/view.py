"""What a seat sees of Tinners' Trail: everything (TIN-R7), as plain JSON."""

from __future__ import annotations

from typing import Any

from .mine_ore import capacity
from .scoring import victory_points


def observe(state, seat: int | None) -> dict[str, Any]:
    """The same for every seat and the spectator (`seat`): everything is public."""
    t = state.tables
    area_ids = t.area_ids
    turn = state.turn
    vp = victory_points(state)
    spent = state.track["spent"]
    areas = [
        {
            "id": area_ids[a],
            "name": t.area_names[a],
            "sea": t.sea[a],
            "discovered": state.discovered[a],
            "copper": state.copper[a],
            "tin": state.tin[a],
            "water": state.water[a],
            "mine": state.mine[a] if state.mine[a] >= 0 else None,
            "port": state.port[a],
            "miner": state.miner[a],
            "train": state.train[a],
            "capacity": capacity(state, a),
        }
        for a in t.areas
    ]
    players = [
        {
            "money": state.money[s],
            "time_spent": spent[s],
            "held_copper": state.held_copper[s],
            "held_tin": state.held_tin[s],
            "copper_sold": state.sold_copper[s],
            "tin_sold": state.sold_tin[s],
            "mines": state.mines_built[s],
            "investment_cubes": state.cubes_left[s],
            "vp": vp[s],
        }
        for s in range(state.players)
    ]
    auction = state.auction
    return {
        "turn": turn,
        "step": state.step,
        "active": state.actor if state.actor >= 0 else None,
        "prices": {
            "tin": {"row": state.tin_row, "price": t.tin_price[state.tin_row]},
            "copper": {"row": state.copper_row, "price": t.copper_price[state.copper_row]},
        },
        "areas": areas,
        "adits": [t.border_ids[b] for b, built in enumerate(state.adit) if built],
        "available": {
            "miners": state.stock[0], "ports": state.stock[1],
            "trains": state.stock[2], "adits": state.stock[3],
        },
        "steam_pumps": list(state.pumps),
        "pumping": state.pumping,
        "order_of_play": list(state.order),
        "pending": list(state.pending),
        "passed": list(state.passed),
        "arrived": list(state.track["arrived"]),
        "last_action_taken": state.last_action_taken,
        "auction": None if auction is None else {
            "area": auction["area"],
            "opener": auction["opener"],
            "high": auction["high"],
            "leader": auction["leader"] if auction["leader"] >= 0 else None,
            "bidders": list(auction["bidders"]),
        },
        "players": players,
        "investments": [
            {"turn": row + 1, "boxes": [
                {"cost": cost, "vp": t.investment_vp[row][c], "cubes": list(state.investments[row][c])}
                for c, cost in enumerate(t.column_costs)
            ]}
            for row in range(len(t.investment_vp))
        ],
        "invest_out": list(state.invest_out),
        "declined": list(state.declined),
        "prospects_made": state.prospects_made,
    }
