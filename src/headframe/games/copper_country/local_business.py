"""rulebook: Local Business Cards (COP-R36): the businesses in play, when each may be
used, and what using one does. Using one is no action: the decision it interrupts
is taken up again afterwards."""

from __future__ import annotations

from headframe.engine.deck import draw_from_bag
from headframe.engine.flow import push

from . import cards, miners
from .actions import Discard, Done, Take, UseBusiness

TURN_WINDOW = ("LB1", "LB2", "LB3", "LB4")  # COP-R36 window "turn"


def open_business(state) -> None:
    if not state.business_pool:  # COP-R36
        return
    card = draw_from_bag(state.business_pool, state.rng)
    state.reveals()
    state.businesses.append(card)
    state.event("local_business", card=card)


def businesses(state, seat: int, window: tuple[str, ...]) -> list:
    if not state.businesses:
        return []
    used = state.used
    return [UseBusiness.of(card) for card in state.businesses
            if card in window and card not in used and usable(state, seat, card)]


def usable(state, seat: int, card: str) -> bool:
    hand = len(state.hands[seat])
    if card == "LB1":
        return hand >= 2 and any(state.community)
    if card == "LB2":
        return hand >= 1
    if card == "LB3":
        return hand >= 1 and "unrest" in state.miner_at[seat]
    if card == "LB4":
        return hand >= 1 and "cemetery" in state.miner_at[seat]
    if card == "LB5":  # an empty deck is first refilled from its discard pile (COP-R33)
        return (bool(state.production_discard) if not state.production_deck
                else state.peek[seat] != state.production_deck[-1])
    return False


def conversions(state, seat: int) -> tuple[bool, bool]:
    """The Machine Shop (LB6) and the Mineral Range Railroad (LB7), if open and unused this turn."""
    return ("LB6" in state.businesses and "LB6" not in state.used,
            "LB7" in state.businesses and "LB7" not in state.used)


def use(state, task, action) -> None:
    """Use a business, then take up the interrupted decision again."""
    use_business(state, task[1], action.card, task)


def use_business(state, seat: int, card: str, resume: list) -> None:
    state.used.append(card)
    state.event("business", seat=seat, card=card)
    follow = {"LB1": [["lb_discard", seat, card], ["lb_discard", seat, card], ["lb_take", seat]],
              "LB2": [["lb_discard", seat, card], ["lb_draw", seat]],
              "LB3": [["lb_discard", seat, card], ["lb_negotiate", seat]],
              "LB4": [["lb_discard", seat, card], ["lb_immigrate", seat]]}.get(card, [])
    if card == "LB5":
        state.reveals()
        cards.restock_production(state)
        state.peek[seat] = state.production_deck[-1]
        state.event("gazette", seat=seat, private={seat: {"card": state.peek[seat]}})
    push(state.tasks, *follow, resume)


# --- paying for LB1 to LB4 ------------------------------------------------------------------------

def discards(state, task) -> list:
    return [Discard.of(card) for card in cards.distinct_hand(state, task[1])]


def discard(state, task, action) -> None:
    cards.discard(state, task[1], action.card)


def community(state, task) -> list:
    return [Take.of(i) for i, c in enumerate(state.community) if c]


def take(state, task, action) -> None:
    cards.take_capital(state, task[1], action.slot)


def draw(state, task) -> None:
    cards.draw_capital(state, task[1])


def negotiate(state, task) -> None:
    miners.negotiate(state, task[1])


def immigrate(state, task) -> None:
    miners.immigrate(state, task[1])


# --- the Stamp Mill (LB8): after a shift that produced copper ---------------------------------------

def stamp_mill_offer(state, task) -> list:
    return [UseBusiness.of("LB8"), Done.of()]


def stamp_mill(state, task, action) -> None:
    state.used.append("LB8")
    state.event("business", seat=task[1], card="LB8")
    cards.draw_capital(state, task[1])


def decline(state, task, action) -> None:
    """`done`: an optional business or offer declined."""
