"""Income and the continuous abilities that change it (rulebook §9.5.1, §9.5.3):
Small and Chemical Factories limit the Residential and Commercial income of
adjacent spaces to 1G per player (not in a space holding a Park), and a Highway
pays its constructor 1G whenever an adjacent space's Commercial cards earn.

"In a single construction or book-closing, all income is earned at once": a
move adds up its `gains` per seat, then `pay`s them.
"""

from __future__ import annotations


def limited(state, space: int) -> bool:
    """ORE-R19, ORE-R20: a factory next to the space, and no Park in it."""
    tables = state.game.tables
    if any(card in tables.park_ids for card in state.spaces[space]):
        return False
    factories = tables.factories
    return any(card in factories for other in tables.adjacent(state.players)[space] for card in state.spaces[other])


def highways(state, space: int, gains: list[int]) -> None:
    """ORE-R21: each Highway next to the space pays its constructor 1G."""
    tables = state.game.tables
    highway_ids = tables.highways
    for other in tables.adjacent(state.players)[space]:
        for card, builder in zip(state.spaces[other], state.builders[other]):
            if card in highway_ids:
                gains[builder] += 1


def add_limited(state, space: int, income: list[int], gains: list[int]) -> None:
    if limited(state, space):  # ORE-R19: at most 1G per player for the whole event
        income[:] = [min(coins, 1) for coins in income]
    for seat, coins in enumerate(income):
        gains[seat] += coins


def pay(state, gains: list[int]) -> None:
    for seat, coins in enumerate(gains):
        state.coins[seat] += coins


def paid(gains: list[int]) -> dict[str, int]:
    """The gains as a log entry holds them: seats that earned, as strings."""
    return {str(seat): coins for seat, coins in enumerate(gains) if coins}
