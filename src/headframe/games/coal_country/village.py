"""1. Village tiles (COAL-R30 to COAL-R35; Appendix A - Village Tiles): the Tavern and the Church are
switched on for the round, the Village Store exchanges stored cubes."""

from __future__ import annotations

from .actions import Exchange, Stop
from .components import UTILITIES
from .economy import penalty, player_order
from .reveal import enter, finish, foremen_in, next_turn, printed


def reveal(state, task) -> None:
    found = enter(state, "village")
    state.queue = [[seat] for seat in player_order(state) if found[seat]]


def village_tiles(state, task) -> None:
    """One seat's village foremen, lot by lot."""
    seat = next_turn(state)[0]
    idle = state.options.idle_building_fee
    store = None
    for value, location in sorted(foremen_in(state, seat, "village"), key=lambda e: e[1]):
        building = state.lots[seat][int(location[1])]
        f = printed(state, seat, value)
        if building == "tavern":  # COAL-R31
            state.tavern[seat] = f == 4
            if f != 4 and idle:
                penalty(state, seat, f, "tavern")
        elif building == "church":  # COAL-R32
            if f >= 3:
                state.church[seat] = -2
            elif idle:
                penalty(state, seat, f, "church")
        elif building == "village_store":
            store = f
        # COAL-R27: the Doctor's Office foreman passes free
    if store is None:
        return
    state.actor, state.sub = seat, {"stage": "exchange", "limit": store, "given": [], "taken": []}
    if not _exchanges(state, seat):
        _end_exchange(state, seat)


# --- the Village Store ----------------------------------------------------------------------

def exchanges(state, task) -> tuple:
    return tuple(_exchanges(state, task[1])) + (Stop.of(),)


def _exchanges(state, seat: int) -> list:
    """COAL-R33: give a stored cube, take a supply cube of another type; no type both ways."""
    sub = state.sub
    if len(sub["given"]) >= sub["limit"]:
        return []
    return [Exchange.of(give, take)
            for g, give in enumerate(UTILITIES) if state.storage[seat][g] and give not in sub["taken"]
            for t, take in enumerate(UTILITIES)
            if t != g and state.supply[t] > 0 and take not in sub["given"]]


def exchange(state, task, action) -> None:
    seat = task[1]
    g, t = UTILITIES.index(action.give), UTILITIES.index(action.take)
    state.storage[seat][g] -= 1
    state.supply[g] += 1
    state.supply[t] -= 1
    state.storage[seat][t] += 1
    state.sub["given"].append(action.give)
    state.sub["taken"].append(action.take)
    state.event("exchanged", seat=seat, give=action.give, take=action.take)
    if not _exchanges(state, seat):
        _end_exchange(state, seat)


def stop(state, task, action) -> None:
    _end_exchange(state, task[1])


def _end_exchange(state, seat: int) -> None:
    if not state.sub["given"] and state.options.idle_building_fee:
        penalty(state, seat, state.sub["limit"], "village_store")  # COAL-R26
    finish(state)
