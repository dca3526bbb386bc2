"""The developments: Phase Two: Available Developments restocks the box, and
four of the player actions take a piece from it: C. Build Port, D. Place
Miner, E. Build Adit, F. Build Train. They are neutral pieces, one of each per
area (one adit per border), for any player anywhere (TIN-R35)."""

from __future__ import annotations

from .time_track import main_action, next_active, spend_time, start_player_actions

MINER, PORT, TRAIN, ADIT = 0, 1, 2, 3  # positions in `stock`


def available_developments(state) -> None:
    # rulebook: Phase Two; TIN-R16 (leftovers leave play), TIN-R17 (pump boxes 1..turn),
    # TIN-R6, TIN-R18 (the 8 discs in boxes of 1, 2, 2, 3)
    t = state.game.tables
    state.stock = list(t.developments[state.turn - 1])
    state.pumps = [size if box < state.turn else 0 for box, size in enumerate(t.pump_boxes)]


def phase_two(state, task) -> None:
    available_developments(state)
    start_player_actions(state)


def remove_water(state, area: int, cubes: int) -> None:
    # TIN-R40: never below zero
    state.water[area] = max(0, state.water[area] - cubes)


# C. Build Port

def build_port(state, task, action) -> None:
    seat = task[1]
    t = state.game.tables
    main_action(state, seat)
    area = t.index[action.area]
    state.stock[PORT] -= 1
    state.port[area] = True
    remove_water(state, area, t.port_water)
    spend_time(state, seat, t.port_tp)
    state.event("build_port", seat=seat, area=action.area)
    next_active(state)


# D. Place Miner

def place_miner(state, task, action) -> None:
    seat = task[1]
    t = state.game.tables
    main_action(state, seat)
    state.stock[MINER] -= 1
    state.miner[t.index[action.area]] = True
    spend_time(state, seat, t.miner_tp)
    state.event("place_miner", seat=seat, area=action.area)
    next_active(state)


# E. Build Adit

def build_adit(state, task, action) -> None:
    seat = task[1]
    t = state.game.tables
    main_action(state, seat)
    border = t.border_index[action.border]
    state.stock[ADIT] -= 1
    state.adit[border] = True
    for area in t.borders[border]:
        adit_bonus(state, area)
    spend_time(state, seat, t.adit_tp)
    state.event("build_adit", seat=seat, border=action.border)
    next_active(state)


def adit_bonus(state, area: int) -> None:
    """TIN-R37: a side holding a cube gets -1 water, +1 copper, +1 tin now; an
    undiscovered side gets it when rolled (TIN-R42); TIN-R38: an empty
    discovered side only under adit_bonus_test = discovered."""
    if state.copper[area] or state.tin[area] or state.water[area]:
        remove_water(state, area, 1)
    elif not (state.discovered[area] and state.options.adit_bonus_test == "discovered"):
        return
    state.copper[area] += 1
    state.tin[area] += 1


# F. Build Train

def build_train(state, task, action) -> None:
    seat = task[1]
    t = state.game.tables
    main_action(state, seat)
    area = t.index[action.area]
    state.stock[TRAIN] -= 1
    state.train[area] = True
    remove_water(state, area, t.train_water)
    for neighbour in t.neighbours[area]:
        remove_water(state, neighbour, t.train_water_adjacent)
    spend_time(state, seat, t.train_tp)
    state.event("build_train", seat=seat, area=action.area)
    next_active(state)
