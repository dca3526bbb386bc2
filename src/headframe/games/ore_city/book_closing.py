"""b) Book-closing (rulebook §6b; the example of chapter 8).

Resolve the book-closing abilities of every card in your own construction
space: everyone gains from the cards they constructed there. Residential cards
pay their 1st and 2nd majority holders by name; Commercial cards and Highways
pay their constructor; Wind Turbines and Factories are acquired for their
technology. Then the space is discarded, except the cards acquired.
"""

from __future__ import annotations

from .actions import BookClose
from .components import COMMERCIAL, RESIDENTIAL
from .drawing import discard
from .income import add_limited, highways, paid, pay
from .refill import end_turn


def book_close(state, task, action: BookClose) -> None:
    """rulebook §6b; ORE-R22..R27."""
    seat = task[1]
    tables = state.game.tables
    gains = [0] * state.players
    kind = tables.type[state.spaces[seat][0]]
    acquired: list[str] = []
    if kind == RESIDENTIAL:
        residential_income(state, seat, gains)
    elif kind == COMMERCIAL:
        commercial_close(state, seat, gains)
    else:
        acquired = industrial_close(state, seat, gains)
    for card in state.spaces[seat]:
        discard(state, card)
    state.spaces[seat] = []
    state.builders[seat] = []
    pay(state, gains)
    if state.records:
        state.event("book_close", seat=seat, gains=paid(gains), acquired=acquired)
    end_turn(state)


def residential_income(state, space: int, gains: list[int]) -> None:
    """ORE-R23, ORE-R24, ORE-R25: majorities per card name."""
    table = state.game.tables.payouts[state.options.residential_payout_table]
    players = state.players
    counts: dict[str, list[int]] = {}
    for card, builder in zip(state.spaces[space], state.builders[space]):
        counts.setdefault(card, [0] * players)[builder] += 1
    income = [0] * players
    competition = state.options.majority_ranking == "competition"
    for card, held in counts.items():
        first, second = table[card][sum(held) - 1]
        levels = sorted({c for c in held if c}, reverse=True)
        top = levels[0]
        runner = levels[1] if len(levels) > 1 else None
        if competition and held.count(top) > 1:
            runner = None
        for seat, count in enumerate(held):
            if count == top:
                income[seat] += first
            elif count == runner:
                income[seat] += second
    add_limited(state, space, income, gains)


def commercial_close(state, space: int, gains: list[int]) -> None:
    """ORE-R26: 1G per card to its constructor, limited, then the Highways."""
    pays = state.game.tables.commercial_close
    income = [0] * state.players
    for card, builder in zip(state.spaces[space], state.builders[space]):
        income[builder] += pays[card]
    add_limited(state, space, income, gains)
    if any(income):
        highways(state, space, gains)


def industrial_close(state, space: int, gains: list[int]) -> list[str]:
    """ORE-R27: Highways pay and are discarded; technology cards are acquired."""
    tables = state.game.tables
    kept_cards, kept_builders, acquired = [], [], []
    for card, builder in zip(state.spaces[space], state.builders[space]):
        if card in tables.acquired:
            state.acquired[builder].append(card)
            state.technology[builder] += tables.technology[card]
            acquired.append(card)
        else:
            gains[builder] += tables.highway_close[card]
            kept_cards.append(card)
            kept_builders.append(builder)
    state.spaces[space] = kept_cards
    state.builders[space] = kept_builders
    return acquired
