"""e) Flush (rulebook §6e): discard your hand and the common space, draw three
cards from the Residential pile, then deal five from it into the common space.

"In the unlikely event that the Residential draw pile runs out with no
Residential discards, you may choose other draw piles" (ORE-R35).
"""

from __future__ import annotations

from .actions import DRAWS, Draw, Flush
from .components import RESIDENTIAL, TYPE_INDEX
from .drawing import (
    available,
    common_draw_types,
    deal_to_common,
    discard,
    draw_into_hand,
    hand_draw_types,
    log_common_space,
)
from .refill import end_turn


def flush(state, task, action: Flush) -> None:
    """rulebook §6e; ORE-R35."""
    seat = task[1]
    state.reveals()
    for card in state.hands[seat]:
        discard(state, card)
    for card in state.common:
        discard(state, card)
    state.event("flush", seat=seat, hand=state.hands[seat], common=state.common)
    state.hands[seat] = []
    state.hand_seen[seat] = []
    state.hand_gen[seat] = []
    state.common = []
    state.common_seen = []
    state.common_gen = []
    state.phase = "flush_hand"
    state.pending = state.game.tables.flush_hand
    deal(state)


def deal(state) -> None:
    """ORE-R35: Residential while it lasts, else the flushing player's choice;
    draws stop only when no legal pile remains."""
    seat = state.active
    while state.phase == "flush_hand":
        if not state.pending:
            state.phase = "flush_common"
            state.pending = state.game.tables.flush_common
            break
        kinds = [RESIDENTIAL] if available(state, RESIDENTIAL) else hand_draw_types(state, seat)
        if len(kinds) > 1:
            return
        if not kinds:
            state.pending = 0
            continue
        state.reveals()
        draw_into_hand(state, seat, kinds[0])
        state.pending -= 1
    while state.pending:
        kinds = [RESIDENTIAL] if available(state, RESIDENTIAL) else common_draw_types(state)
        if len(kinds) > 1:
            return
        if not kinds:
            break
        state.reveals()
        deal_to_common(state, kinds[0])
        state.pending -= 1
    log_common_space(state, "flush_dealt", seat=seat)
    end_turn(state)


def draw_hand(state, task, action: Draw) -> None:
    """The new hand's next card, from the pile the flushing player chose."""
    state.reveals()
    draw_into_hand(state, task[1], TYPE_INDEX[action.pile])
    state.pending -= 1
    deal(state)


def common_piles(state, task) -> list:
    return [DRAWS[k] for k in common_draw_types(state)]


def deal_common(state, task, action: Draw) -> None:
    """The common space's next card, from the pile the flushing player chose."""
    state.reveals()
    deal_to_common(state, TYPE_INDEX[action.pile])
    state.pending -= 1
    deal(state)
