"""3. Coal brokers (COAL-R48 to COAL-R50): sellers in reverse order of influence, each at the market
price adjusted by its influence; every sale raises the seller's reported earnings (COAL-R10)."""

from __future__ import annotations

from .actions import Sell
from .economy import coal_price, move_marker, penalty, player_order, stockpile
from .reveal import effective, enter, finish, next_turn, printed


def reveal(state, task) -> None:
    found = enter(state, "brokers")
    order = player_order(state)
    sellers = [[seat, value] for seat in order for value, _ in found[seat]]
    state.queue = sorted(sellers, key=lambda s: (effective(state, s[0], s[1]), order.index(s[0])))


def seller(state, task) -> None:
    seat, value = next_turn(state)
    if not state.coal[seat]:
        penalty(state, seat, printed(state, seat, value), "no_sale")  # COAL-R25, COAL-R50
        return
    state.actor, state.sub = seat, {"stage": "sell", "value": value}


def seller_price(state, seat: int, value: int) -> int:
    """COAL-R49."""
    e = effective(state, seat, value)
    if state.options.broker_price_adjustment == "plus_influence":
        return coal_price(state) + e
    return max(1, coal_price(state) + e - 2)


def amounts(state, task) -> tuple:
    seat = task[1]
    low = 1 if state.round == 1 else 0  # COAL-R50
    return tuple(Sell.of(n) for n in range(low, state.coal[seat] + 1))


def sell(state, task, action) -> None:
    seat, amount = task[1], action.amount
    value = state.sub["value"]
    if not amount:
        penalty(state, seat, printed(state, seat, value), "no_sale")  # COAL-R25
        finish(state)
        return
    price = seller_price(state, seat, value)
    state.coal[seat] -= amount
    state.cash[seat] += amount * price
    if state.records:
        state.event("sold", seat=seat, coal=amount, price=price, stockpile=stockpile(state), market=coal_price(state))
    move_marker(state, seat, max(0, state.earnings[seat]) + amount * price)  # COAL-R10
