"""The construction company (COAL-R58 to COAL-R60): builders, highest influence first, buy a displayed
building and build it on an empty lot, or over a building once all four lots are full."""

from __future__ import annotations

from .actions import Build, BuildOver, Stop
from .components import LOTS
from .economy import buy, fee, player_order
from .placement import passes
from .reveal import buyer_order, effective, enter, finish, next_turn


def reveal(state, task) -> None:
    found = enter(state, "construction")
    state.queue = buyer_order(state, player_order(state), found)


def builder(state, task) -> None:
    seat, value = next_turn(state)
    state.actor, state.sub = seat, {"stage": "build", "value": value}
    if not _builds(state, seat):
        passes(state, seat, value, "construction")


def building_price(state, building: str) -> int:
    """COAL-R58 (option building_price_market_adjusted)."""
    base = state.game.tables.base_cost[building]
    return max(1, base + state.m) if state.options.building_price_market_adjusted else base


def builds(state, task) -> tuple:
    return tuple(_builds(state, task[1])) + (Stop.of(),)


def _builds(state, seat: int) -> list:
    e = effective(state, seat, state.sub["value"])
    gate, base_cost = state.options.construction_influence_gate, state.game.tables.base_cost
    cash, fees = state.cash[seat], fee(state, seat)
    actions = []
    for row, tiles in (("top", state.top_row), ("bottom", state.bottom_row)):
        for building in sorted(set(tiles)):
            if cash >= building_price(state, building) * fees and (not gate or e >= base_cost[building]):
                actions.append(Build.of(building, row))
    return actions


def pass_(state, task, action) -> None:
    passes(state, task[1], state.sub["value"], "construction")


def build(state, task, action) -> None:
    seat, building = task[1], action.building
    (state.top_row if action.row == "top" else state.bottom_row).remove(building)
    paid = buy(state, seat, building_price(state, building))
    if state.records:
        state.event("bought_building", seat=seat, building=building, paid=paid)
    if "" in state.lots[seat]:
        _erect(state, seat, state.lots[seat].index(""), building)
    else:
        state.sub["stage"], state.sub["building"] = "over", building


def lots(state, task) -> tuple:
    return tuple(BuildOver.of(lot) for lot in range(LOTS))


def build_over(state, task, action) -> None:
    _erect(state, task[1], action.lot, state.sub["building"])


def _erect(state, seat: int, lot: int, building: str) -> None:
    """COAL-R60: on an empty lot, or over an existing building."""
    old = state.lots[seat][lot]
    if old == "tavern" and any(loc == f"B{lot}" for _, loc in state.foremen[seat]):
        state.tavern[seat] = False  # COAL-R60: a building built over loses its effect at once
    state.lots[seat][lot] = building
    state.lot_round[seat][lot] = state.round
    if state.records:
        state.event("built", seat=seat, building=building, lot=lot, built_over=old or None)
    finish(state)
