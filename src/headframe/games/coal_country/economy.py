"""The Economy of Coal Country (rulebook: The Economy of Coal Country): fees from reported earnings
(COAL-R8 to COAL-R15), the coal price (COAL-R46, COAL-R47) and the earnings markers (COAL-R10 to
COAL-R13)."""

from __future__ import annotations

from .actions import Collide
from .reveal import finish


def fee(state, seat: int) -> int:
    """COAL-R8/R9/R12: the seat's fee from its marker now."""
    earnings = max(0, state.earnings[seat])
    if state.options.fee_schedule == "gentle" and earnings >= 100:
        return 10 + (earnings - 100) // 50
    return 5 + earnings // 20


def player_order(state) -> list[int]:
    """COAL-R13 with COAL-R12: highest earnings first; markers above the track last, in draw order.
    Memoized on the game by the markers and the draw order."""
    memo = state.game.tables.player_orders
    key = (*state.earnings, *state.draw_rank)
    order = memo.get(key)
    if order is None:
        order = memo.keep(key, _player_order(state.players, state.earnings, state.draw_rank))
    return list(order)


def _player_order(players: int, earnings: list[int], draw_rank: list[int]) -> tuple[int, ...]:
    return tuple(sorted(range(players),
                        key=lambda seat: (0, -earnings[seat]) if earnings[seat] >= 0 else (1, draw_rank[seat])))


def penalty(state, seat: int, fees: int, reason: str) -> None:
    """COAL-R14: pay what one has, no debt."""
    if fees <= 0:
        return
    paid = min(state.cash[seat], fees * fee(state, seat))
    state.cash[seat] -= paid
    if state.records:
        state.event("fee", seat=seat, fees=fees, paid=paid, reason=reason)


def buy(state, seat: int, fees: int) -> int:
    """COAL-R15: a purchase is paid in full (callers offer only affordable ones)."""
    amount = fees * fee(state, seat)
    state.cash[seat] -= amount
    return amount


def can_afford(state, seat: int, fees: int) -> bool:
    return state.cash[seat] >= fees * fee(state, seat)


def stockpile(state) -> int:
    return sum(state.coal)  # COAL-R46


def coal_price(state) -> int:
    """COAL-R47: M = max(1, 10 - floor(S/10) + m)."""
    return max(1, 10 - stockpile(state) // 10 + state.m)


def net_market(state) -> int:
    """COAL-R68: sign of the round's four cubes (REF-1: always 0)."""
    total = sum(state.calendar)
    return (total > 0) - (total < 0)


# --- earnings markers (COAL-R11) --------------------------------------------------------------

def move_marker(state, seat: int, value: int) -> None:
    """Move the seat's marker to `value`; on a value another marker holds the seat chooses up or down."""
    taken = _taken(state, seat)
    if value not in taken:
        set_earnings(state, seat, value)
        return
    if all(v in taken for v in range(value)):
        set_earnings(state, seat, free(value, 1, taken))  # the floor: only up remains
        return
    state.actor, state.sub = seat, {"stage": "collide", "value": value}


def directions(state, task) -> tuple:
    return (Collide.of("up"), Collide.of("down"))


def collide(state, task, action) -> None:
    seat = task[1]
    step = 1 if action.direction == "up" else -1
    set_earnings(state, seat, free(state.sub["value"], step, _taken(state, seat)))


def _taken(state, seat: int) -> set[int]:
    return {e for other, e in enumerate(state.earnings) if other != seat and e >= 0}


def free(value: int, step: int, taken: set[int]) -> int:
    while value in taken:
        value += step
    return value


def set_earnings(state, seat: int, value: int) -> None:
    state.earnings[seat] = value
    if state.records:
        state.event("earnings", seat=seat, earnings=value)
    finish(state)
