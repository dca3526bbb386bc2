"""a) Construction (rulebook §6a) into a Construction Space (§5.1).

Play one Residential, Commercial or Industrial card, or several of the same
name for one cost, into your own space or an adjacent player's non-empty space
of the same type; then its construction ability, if any, is activated once.
Technology lowers the cost (§9.5.2).
"""

from __future__ import annotations

from .actions import Construct
from .components import COMMERCIAL, PUBLIC_WORKS, RESIDENTIAL
from .drawing import hand_remove
from .income import highways, limited, paid, pay
from .refill import end_turn


def cost(state, seat: int, card: str) -> int:
    """ORE-R16: printed cost less technology, never below 0 (§9.5.2)."""
    return max(0, state.game.tables.cost[card] - state.technology[seat])


def space_type(state, space: int) -> int | None:
    cards = state.spaces[space]
    return state.game.tables.type[cards[0]] if cards else None


def constructions(state, seat: int) -> list:
    """rulebook §6a, §5.1; ORE-R14, ORE-R15, ORE-R16."""
    tables = state.game.tables
    types, printed = tables.type, tables.cost
    hand = state.hands[seat]
    coins, technology = state.coins[seat], state.technology[seat]
    spaces = state.spaces
    actions = []
    targets = (seat, *tables.adjacent(state.players)[seat])
    for card in dict.fromkeys(hand):
        kind = types[card]
        if kind == PUBLIC_WORKS or max(0, printed[card] - technology) > coins:  # the cost, as `cost` computes it
            continue
        copies = hand.count(card)
        for space in targets:
            cards = spaces[space]
            if cards:
                if types[cards[0]] != kind:  # §5.1 limitation 1
                    continue
            elif space != seat:  # §5.1 limitation 4
                continue
            for count in range(1, copies + 1):
                actions.append(Construct.of(card, count, space))
    return actions


def construct(state, task, action: Construct) -> None:
    """rulebook §6a; ORE-R14..R17."""
    seat = task[1]
    card, space = action.card, action.space
    paying = cost(state, seat, card)
    state.coins[seat] -= paying
    for _ in range(action.count):
        hand_remove(state, seat, card)
        state.spaces[space].append(card)
        state.builders[space].append(seat)
    gains = [0] * state.players
    if state.game.tables.type[card] == COMMERCIAL:
        commercial_income(state, seat, card, space, gains)  # once for the group (ORE-R15)
    pay(state, gains)
    if state.records:
        state.event("construct", seat=seat, card=card, count=action.count, space=space, cost=paying,
                    gains=paid(gains))
    end_turn(state)


def commercial_income(state, seat: int, card: str, space: int, gains: list[int]) -> None:
    """§9.2, the Commercial cards' construction ability. ORE-R17: counted over the
    Residential cards next to the space."""
    tables = state.game.tables
    residential = sum(
        len(state.spaces[other]) for other in tables.adjacent(state.players)[space]
        if space_type(state, other) == RESIDENTIAL
    )
    ability = tables.commercial[card]
    if ability["kind"] == "flat_if_any_adjacent_residential":
        income = ability["coins"] if residential else 0
    else:
        income = min(residential * ability["coins_each"], ability["max"])
    if income and limited(state, space):
        income = 1
    if income:
        gains[seat] += income
        highways(state, space, gains)
