"""rulebook: End of Turn Dividends (Mandatory) (COP-R12): a last window for local
businesses, then the current player discards down to the era's hand limit."""

from __future__ import annotations

from headframe.engine.flow import push

from . import cards, eras, local_business
from .actions import Discard, Done
from .local_business import TURN_WINDOW


def before_dividends(state, task) -> None:
    if local_business.businesses(state, task[1], TURN_WINDOW):
        push(state.tasks, ["turn_end_window", task[1]])


def last_businesses(state, task) -> list:
    return local_business.businesses(state, task[1], TURN_WINDOW) + [Done.of()]


def use_business(state, task, action) -> None:
    local_business.use_business(state, task[1], action.card, ["before_dividends", task[1]])


def go_on(state, task, action) -> None:
    """`done`: on to dividends."""


def dividends(state, task) -> None:
    if len(state.hands[task[1]]) > eras.hand_limit(state):
        push(state.tasks, ["discard", task[1]])


def discard_prompt(state, task) -> str:
    return f"Discard down to {eras.hand_limit(state)} cards"


def discards(state, task) -> list:
    return [Discard.of(card) for card in cards.distinct_hand(state, task[1])]


def discard(state, task, action) -> None:
    cards.discard(state, task[1], action.card)
    push(state.tasks, ["dividends", task[1]])
