"""5. External Investments (TIN-R46 to TIN-R48): in the order of play, one cube
at a time, in this turn's row only, at most two cubes a box, until everyone has
made as many investments as he wishes; then 6. Prospecting."""

from __future__ import annotations

from .actions import Decline
from .prospecting import next_prospector

DECLINE = Decline.of()


def start_external_investments(state) -> None:
    state.step = "invest"
    state.invest_out = [False] * state.players
    state.declined = [False] * state.players
    state.invest_position = -1
    next_investor(state)


def choices(state, task) -> tuple:
    """TIN-R47: one cube in the current turn's row, in a box with room, paid for."""
    t = state.game.tables
    row = state.investments[state.turn - 1]
    money = state.money[task[1]]
    found = [t.invest[c] for c, cost in enumerate(t.column_costs) if cost <= money and len(row[c]) < t.box_capacity]
    found.append(DECLINE)
    return tuple(found)


def invest(state, task, action) -> None:
    seat = task[1]
    t = state.game.tables
    column = action.column
    state.money[seat] -= t.column_costs[column]
    state.cubes_left[seat] -= 1
    state.investments[state.turn - 1][column].append(seat)
    state.declined = [False] * state.players
    if state.records:
        state.event("invest", seat=seat, column=column, cost=t.column_costs[column])
    next_investor(state)


def decline(state, task, action) -> None:
    seat = task[1]
    state.declined[seat] = True
    if state.options.investment_decline_is_final:  # TIN-R48
        state.invest_out[seat] = True
    if state.records:
        state.event("decline", seat=seat)
    next_investor(state)


def can_invest(state, seat: int) -> bool:
    t = state.game.tables
    if not state.cubes_left[seat]:
        return False
    row = state.investments[state.turn - 1]
    money = state.money[seat]
    return any(cost <= money and len(row[c]) < t.box_capacity for c, cost in enumerate(t.column_costs))


def next_investor(state) -> None:
    """TIN-R48: a cycle in this turn's order of play; who cannot invest is out."""
    out = state.invest_out
    for seat in range(state.players):
        if not out[seat] and not can_invest(state, seat):
            out[seat] = True
    still_in = [seat for seat in range(state.players) if not out[seat]]
    if all(state.declined[seat] for seat in still_in):
        next_prospector(state)
        return
    position = state.invest_position
    while True:
        position = (position + 1) % state.players
        if not out[state.order[position]]:
            break
    state.invest_position = position
    state.actor = state.order[position]
