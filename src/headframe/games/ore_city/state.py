"""Ore City's state: plain data, and hooks that name the function of the rulebook
chapter that answers each question. The turn runs by `flow.FLOW`: the
state waits in its `phase` (setup discards, then each turn's one action and the
steps it goes through, then the refill), owed by the active player or, during
the Police Station's redraw, by its victim.

Cards are their ids ("single_house"); seats own the space of the same number.
Who knows the face of a card in a hand or in the common space is a bitmask per
card (bit s = seat s knows it): `hand_seen` parallels `hands`, `common_seen`
parallels `common` (ORE-R9). Places are public, so a mask travels with its card
and never loses a bit; of identical copies, the one that moves is chosen at
random (ORE-R40). `hand_gen` and `common_gen` hold the generation of the draw
pile each card came from (`generation`, one more at each reshuffle, ORE-R8), so
that determinization never swaps a card across a reshuffle.
"""

from __future__ import annotations

from headframe.engine import State

from . import end_of_game, view
from . import setup as preparation
from .flow import FLOW


class OreCityState(State):
    __slots__ = (
        "phase",        # setup_discard, action, airport_discard, police, police_redraw, exchange_give,
                        # exchange_take, flush_hand, flush_common, refill, over
        "first",        # the first player's seat (ORE-R2)
        "active",       # whose turn it is (in setup: who is discarding)
        "round",        # 1 for the first round of turns (ORE-R37)
        "pending",      # setup discards left / cards given or still to take / flush draws left
        "victim",       # the Police Station's opponent during their redraw, else -1
        "winner",       # the seat that reached 10 VP, else -1
        "coins", "vp", "technology",
        "hands", "hand_seen", "hand_gen",
        "spaces", "builders",   # spaces[s]: card ids in seat s's space; builders[s]: their constructors
        "acquired",     # acquired[s]: card ids in seat s's acquisition space
        "piles", "discards",    # by type index (residential, commercial, industrial, public_works)
        "common", "common_seen", "common_gen",
        "generation",   # by type index: how many times that draw pile has been reshuffled (ORE-R8)
    )
    phase: str
    first: int
    active: int
    round: int
    pending: int
    victim: int
    winner: int
    coins: list[int]
    vp: list[int]
    technology: list[int]
    hands: list[list[str]]  # per seat: card ids
    hand_seen: list[list[int]]  # per seat, per card: the bitmask of seats that know its face
    hand_gen: list[list[int]]  # per seat, per card: its draw pile's generation
    spaces: list[list[str]]
    builders: list[list[int]]
    acquired: list[list[str]]
    piles: list[list[str]]
    discards: list[list[str]]
    common: list[str]
    common_seen: list[int]
    common_gen: list[int]
    generation: list[int]

    flow = FLOW

    # The hooks, each the function of the chapter that answers it (the engine runs the flow
    # on to the first decision after `setup`).
    setup = preparation.setup
    validate = preparation.validate
    observe = view.observe
    resample_hidden = view.resample_hidden
    final_result = end_of_game.final_result
    statistics = end_of_game.statistics
    progress = end_of_game.progress
