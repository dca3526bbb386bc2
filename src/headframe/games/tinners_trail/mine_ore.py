"""B. Mine Ore: take copper and tin cubes out of an area where one has a mine,
up to its Mining Capacity, each cube costing the water there."""

from __future__ import annotations

from .time_track import main_action, next_active, spend_time


def capacity(state, area: int) -> int:
    # rulebook: B. Mine Ore; TIN-R31: 2 + port + miner + train, adits add nothing
    return state.game.tables.base_capacity + state.port[area] + state.miner[area] + state.train[area]


def mine_ore_choices(state, area: int, money: int) -> tuple:
    """TIN-R31, TIN-R32: any mix of at least one cube up to capacity, paid for
    with money in hand (TIN-R54: money never goes below 0)."""
    t = state.game.tables
    most = t.base_capacity + state.port[area] + state.miner[area] + state.train[area]  # capacity()
    water = state.water[area]
    if water and money // water < most:
        most = money // water
    copper, tin = state.copper[area], state.tin[area]
    return t.mine_ore(area, copper if copper < most else most, tin if tin < most else most, most)


def mine_ore(state, task, action) -> None:
    # TIN-R34: any number of times per turn, each a separate action
    seat = task[1]
    t = state.game.tables
    main_action(state, seat)
    area = t.index[action.area]
    cubes = action.copper + action.tin
    cost = cubes * state.water[area]  # TIN-R31: cost uses the water before any is added
    state.money[seat] -= cost
    state.copper[area] -= action.copper
    state.tin[area] -= action.tin
    state.held_copper[seat] += action.copper
    state.held_tin[seat] += action.tin
    state.water[area] += state.options.water_added_per_mine_action  # TIN-R33
    spend_time(state, seat, t.mine_ore_tp)
    if state.records:
        state.event("mine_ore", seat=seat, area=action.area, copper=action.copper, tin=action.tin, cost=cost)
    next_active(state)
