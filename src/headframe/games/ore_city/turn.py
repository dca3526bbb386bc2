"""Turn Procedure (rulebook §6): during your turn, play one of six actions —
a) Construction b) Book-closing c) Accomplishment d) Exchange e) Flush f) Pass —
then refill your hand to three (`refill`).
"""

from __future__ import annotations

from .accomplishment import can_accomplish
from .actions import Accomplish, BookClose, Exchange, Flush, Pass
from .components import PUBLIC_WORKS
from .construction import constructions
from .refill import end_turn

PROMPT = "Take one action: construct, book-close, accomplish, exchange, flush or pass"
BOOK_CLOSE = BookClose.of()
ALWAYS = (Exchange.of(), Flush.of(), Pass.of())  # built once: asked for every turn


def choices(state, task) -> list:
    seat = task[1]
    actions: list = constructions(state, seat)
    if state.spaces[seat]:  # ORE-R10: only a non-empty own space can be book-closed
        actions.append(BOOK_CLOSE)
    types = state.game.tables.type
    for card in state.hands[seat]:
        if types[card] == PUBLIC_WORKS and can_accomplish(state, seat, card):
            actions.append(Accomplish.of(card))
    actions += ALWAYS
    return actions


def pass_(state, task, action: Pass) -> None:
    """f) Pass: end your turn without taking any action."""
    state.event("pass", seat=task[1])  # ORE-R11
    end_turn(state)
