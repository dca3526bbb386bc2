"""G. Improve Steam Pumps (TIN-R41): take one stack of discs from the Steam Pump
track, then remove one water cube per disc, from any areas, one at a time."""

from __future__ import annotations

from .actions import StopPumping
from .time_track import main_action, next_active, spend_time

STOP_PUMPING = StopPumping.of()


def improve_steam_pumps(state, task, action) -> None:
    seat = task[1]
    t = state.game.tables
    main_action(state, seat)
    state.pumping = state.pumps[action.box]
    state.pumps[action.box] = 0
    spend_time(state, seat, t.pumps_tp)
    if state.records:
        state.event("improve_steam_pumps", seat=seat, discs=state.pumping)
    keep_pumping(state)


# --- using the stack: the "pumps" step -----------------------------------------------

def prompt(state, task) -> str:
    return f"Remove a water cube ({state.pumping} left), or stop pumping"


def choices(state, task) -> list:
    t = state.game.tables
    water = state.water
    found = [t.remove_water[a] for a in t.areas if water[a]]
    found.append(STOP_PUMPING)
    return found


def remove_water(state, task, action) -> None:
    state.water[state.game.tables.index[action.area]] -= 1
    state.pumping -= 1
    if state.records:
        state.event("remove_water", seat=task[1], area=action.area)
    keep_pumping(state)


def stop_pumping(state, task, action) -> None:
    if state.records:
        state.event("stop_pumping", seat=task[1], unused=state.pumping)
    state.pumping = 0
    next_active(state)


def keep_pumping(state) -> None:
    if state.pumping and any(state.water):
        state.step = "pumps"
        return
    state.pumping = 0
    next_active(state)
