"""The utility market (COAL-R55 to COAL-R57): buyers, highest influence first (a tandem pair is one
buyer), buy up to their influence in cubes at 1 fee each; a buyer who buys nothing pays a fee."""

from __future__ import annotations

from .actions import BuyCube, FirstBuyer, Stop
from .components import UTILITIES
from .economy import buy, can_afford, penalty, player_order
from .reveal import effective, enter, finish, next_turn, printed


def reveal(state, task) -> None:
    found = enter(state, "market")
    order = player_order(state)
    buyers = []
    for seat in order:
        here = found[seat]
        if any(loc == "UT" for _, loc in here):
            declared = next(loc for _, loc in here if loc != "UT")[3:]
            buyers.append([seat, sorted(v for v, _ in here), declared])
        else:
            buyers.extend([seat, [value], loc[3:]] for value, loc in here)
    rank = {seat: i for i, seat in enumerate(order)}
    state.queue = sorted(buyers, key=lambda b: (-_influence(state, b[0], b[1]), rank[b[0]]))


def _influence(state, seat: int, values: list[int]) -> int:
    return sum(effective(state, seat, v) for v in values)


def buyer(state, task) -> None:
    entry = next_turn(state)
    seat, values, declared = entry
    limit = _influence(state, seat, values)
    twin = state.queue[0] if state.queue else None
    if twin and twin[0] == seat and twin[2] != declared and _influence(state, seat, twin[1]) == limit:
        # COAL-R29: the owner orders its own buyers of equal influence (they differ only by declared type)
        state.actor, state.sub = seat, {"stage": "order", "entry": entry}
        return
    _open_buyer(state, seat, values, declared, limit)


def buyer_orders(state, task) -> tuple:
    return tuple(FirstBuyer.of(t) for t in (state.sub["entry"][2], state.queue[0][2]))


def first_buyer(state, task, action) -> None:
    seat = task[1]
    entry = state.sub["entry"]
    if action.utility != entry[2]:
        entry, state.queue[0] = state.queue[0], entry
    _open_buyer(state, seat, entry[1], entry[2], _influence(state, seat, entry[1]))


def _open_buyer(state, seat: int, values: list[int], declared: str, limit: int) -> None:
    state.actor, state.sub = seat, {"stage": "buy", "values": values, "type": declared, "limit": limit, "bought": 0}
    if not _purchases(state, seat):
        _end_buying(state, seat)


def purchases(state, task) -> tuple:
    return tuple(_purchases(state, task[1])) + (Stop.of(),)


def _purchases(state, seat: int) -> list:
    sub = state.sub
    if sub["bought"] >= sub["limit"] or not can_afford(state, seat, 1):
        return []
    return [BuyCube.of(u) for t, u in enumerate(UTILITIES) if state.market[t] and sub["type"] in ("", u)]


def buy_cube(state, task, action) -> None:
    seat = task[1]
    t = UTILITIES.index(action.utility)
    paid = buy(state, seat, 1)
    state.market[t] -= 1
    state.storage[seat][t] += 1
    state.sub["bought"] += 1
    if state.records:
        state.event("bought_cube", seat=seat, utility=action.utility, paid=paid)
    if not _purchases(state, seat):
        _end_buying(state, seat)


def stop(state, task, action) -> None:
    _end_buying(state, task[1])


def _end_buying(state, seat: int) -> None:
    if not state.sub["bought"]:  # COAL-R25, COAL-R55, COAL-R57
        penalty(state, seat, sum(printed(state, seat, v) for v in state.sub["values"]), "no_utility")
    finish(state)
