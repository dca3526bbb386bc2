"""7. End of Turn (TIN-R51): unused steam pump discs go back to the supply; the
game ends after the fourth turn, else a new turn begins with phase one."""

from __future__ import annotations

from .scoring import victory_points


def end_of_turn(state, task) -> None:
    # rulebook: 7. End of Turn; TIN-R51: unused discs back to the supply
    state.pumps = [0] * len(state.pumps)
    if state.turn == state.game.tables.turns:
        state.step = "over"
        state.actor = -1
        state.event("game_over", vp=victory_points(state))
        return
    state.turn += 1
    state.step = "ore_prices"
