"""4. Sell Ore (TIN-R45): once all have passed, every player sells all the tin
and copper he holds at this turn's prices; then the External Investments begin."""

from __future__ import annotations

from .external_investments import start_external_investments


def sell_ore(state) -> None:
    # rulebook: 4. Sell Ore; TIN-R45
    t = state.game.tables
    tin_price, copper_price = t.tin_price[state.tin_row], t.copper_price[state.copper_row]
    income = []
    for seat in range(state.players):
        earned = state.held_tin[seat] * tin_price + state.held_copper[seat] * copper_price
        state.money[seat] += earned
        state.sold_copper[seat] += state.held_copper[seat]
        state.sold_tin[seat] += state.held_tin[seat]
        income.append(earned)
    state.event("sell_ore", income=income, tin=list(state.held_tin), copper=list(state.held_copper))
    state.held_tin = [0] * state.players
    state.held_copper = [0] * state.players


def phase_four(state, task) -> None:
    sell_ore(state)
    start_external_investments(state)
