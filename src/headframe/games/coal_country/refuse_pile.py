"""The refuse pile (COAL-R64): each refuse foreman removes up to its influence in refuse cubes (the
Mess Hall: one more, at most 4)."""

from __future__ import annotations

from .actions import RemoveRefuse
from .economy import player_order
from .reveal import enter, finish, has, next_turn, printed


def reveal(state, task) -> None:
    found = enter(state, "refuse")
    state.queue = [[seat, value] for seat in player_order(state) for value, _ in found[seat]]


def refuse_limit(state, seat: int, value: int) -> int:
    f = printed(state, seat, value)
    return min(f + 1, 4) if has(state, seat, "mess_hall") else f  # Appendix A: Mess Hall


def refuse_foreman(state, task) -> None:
    seat, value = next_turn(state)
    most = min(refuse_limit(state, seat, value), state.refuse[seat])
    if most:
        state.actor, state.sub = seat, {"stage": "refuse", "most": most}


def removals(state, task) -> tuple:
    return tuple(RemoveRefuse.of(n) for n in range(state.sub["most"], -1, -1))


def remove(state, task, action) -> None:
    seat = task[1]
    state.refuse[seat] -= action.count
    if state.records:
        state.event("refuse_removed", seat=seat, count=action.count)
    finish(state)
