"""Utility storage (COAL-R63): each storage foreman moves up to its influence in stored cubes onto
mine tiles (the School: one more, at most 4)."""

from __future__ import annotations

from .actions import Stop, Supply
from .components import UTILITIES
from .economy import player_order
from .reveal import enter, finish, has, next_turn, printed


def reveal(state, task) -> None:
    found = enter(state, "storage")
    state.queue = [[seat, value] for seat in player_order(state) for value, _ in found[seat]]


def storage_limit(state, seat: int, value: int) -> int:
    f = printed(state, seat, value)
    return min(f + 1, 4) if has(state, seat, "school") else f  # Appendix A: School


def storage_foreman(state, task) -> None:
    seat, value = next_turn(state)
    state.actor, state.sub = seat, {"stage": "supply", "limit": storage_limit(state, seat, value), "moved": 0}
    if not _supplies(state, seat):
        finish(state)


def supplies(state, task) -> tuple:
    return tuple(_supplies(state, task[1])) + (Stop.of(),)


def _supplies(state, seat: int) -> list:
    if state.sub["moved"] >= state.sub["limit"]:
        return []
    stored = state.storage[seat]
    return [Supply.of(index, utility) for index, tile in enumerate(state.mine[seat])
            for t, utility in enumerate(UTILITIES) if stored[t] and not tile[4] >> t & 1]


def supply(state, task, action) -> None:
    seat = task[1]
    t = UTILITIES.index(action.utility)
    state.storage[seat][t] -= 1
    state.mine[seat][action.tile][4] |= 1 << t
    state.sub["moved"] += 1
    if state.records:
        state.event("supplied", seat=seat, tile=action.tile, utility=action.utility)
    if not _supplies(state, seat):
        finish(state)


def stop(state, task, action) -> None:
    finish(state)
