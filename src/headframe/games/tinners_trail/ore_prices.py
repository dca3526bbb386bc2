"""Phase One: Determine Ore Prices (TIN-R14, TIN-R15): three dice for tin, then
for copper, with the turn's and the previous row's modifiers."""

from __future__ import annotations


def determine_ore_prices(state) -> None:
    # rulebook: Phase One; TIN-R14
    state.tin_row = price_roll(state, state.tin_row)
    state.copper_row = price_roll(state, state.copper_row)
    t = state.game.tables
    state.event(
        "ore_prices", turn=state.turn,
        tin=t.tin_price[state.tin_row], copper=t.copper_price[state.copper_row],
        tin_row=state.tin_row, copper_row=state.copper_row,
    )


def price_roll(state, previous_row: int) -> int:
    t = state.game.tables
    rng = state.rng
    total = t.water_die[rng.below(6)] + t.copper_die[rng.below(6)] + t.tin_die[rng.below(6)]
    if state.turn == 1:
        total += t.first_turn_modifier
    elif previous_row == t.price_rows[-1]:
        total += t.highest_row_modifier
    elif previous_row == t.price_rows[0]:
        total += t.lowest_row_modifier
    if state.turn == t.turns:
        total += t.final_turn_modifier
    return t.price_row(total)


def phase_one(state, task) -> None:
    determine_ore_prices(state)
    state.step = "developments"
