"""c) Accomplishment (rulebook §6c): the only way to score Victory Points.

Check the card's condition ("To play this card, ..."), take it from your hand,
pay its cost, place it into your acquisition space and score its VP; then its
ability is activated (§9.4, in `public_works`).
"""

from __future__ import annotations

from .actions import Accomplish
from .construction import cost
from .drawing import everyone, hand_remove
from .end_of_game import score
from .public_works import airport_discards, city_hall, hospital, police_targets, university
from .refill import end_turn


def can_accomplish(state, seat: int, card: str) -> bool:
    """rulebook §9.4; ORE-R30..R32."""
    if card == "airport":
        return bool(airport_discards(state, seat))
    if cost(state, seat, card) > state.coins[seat]:
        return False
    if card == "hospital":
        return hospital(state, seat)
    if card == "university":
        return university(state, seat)
    return True


def accomplish(state, task, action: Accomplish) -> None:
    """rulebook §6c; ORE-R28."""
    seat = task[1]
    card = action.card
    if card == "airport":  # ORE-R32: the condition's discard is a choice of its own
        state.hand_seen[seat][state.hands[seat].index(card)] = everyone(state)
        state.phase = "airport_discard"
        if state.records:
            state.event("accomplish_begins", seat=seat, card=card)
        return
    hand_remove(state, seat, card)
    paying = cost(state, seat, card)
    state.coins[seat] -= paying
    if score(state, seat, card, paying):
        return
    if card == "city_hall":
        city_hall(state)
    elif card == "police_station" and police_targets(state, seat):
        state.phase = "police"
        return
    end_turn(state)
