"""The end of a turn (rulebook §6): "if you have less than three cards in your
hand, draw cards from any piles, one by one, until you have three cards"
(ORE-R12), then the next player clockwise takes a turn.

A draw with one legal pile is made without asking; with none it is skipped.
"""

from __future__ import annotations

from . import end_of_game
from .actions import DRAWS, Draw
from .components import TYPE_INDEX
from .drawing import draw_into_hand, hand_draw_types


def end_turn(state) -> None:
    """rulebook §6: refill to three, one card at a time (ORE-R12)."""
    state.phase = "refill"
    state.pending = 0
    refill(state)


def refill(state) -> None:
    seat = state.active
    while len(state.hands[seat]) < state.game.tables.hand_size:
        kinds = hand_draw_types(state, seat)
        if len(kinds) > 1:
            return
        if not kinds:
            break
        state.reveals()
        draw_into_hand(state, seat, kinds[0])
    next_turn(state)


def pile_choices(state, task) -> list:
    """The piles the seat may draw a hand card from (refill, Police Station redraw,
    Flush when Residential is exhausted)."""
    return [DRAWS[k] for k in hand_draw_types(state, task[1])]


def draw(state, task, action: Draw) -> None:
    state.reveals()
    draw_into_hand(state, task[1], TYPE_INDEX[action.pile])
    refill(state)


def next_turn(state) -> None:
    state.active = (state.active + 1) % state.players
    if state.active == state.first:
        state.round += 1
        if end_of_game.round_limit(state):
            return
    state.phase = "action"
