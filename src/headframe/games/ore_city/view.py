"""What a seat may know (rulebook §5.4 Public Information, ORE-R9), and the
worlds it cannot tell from the real one.

Hand sizes and the types on their backs, coins, VP, every construction and
acquisition space, the common space's face-up cards and the discard piles are
public. A card's face in a hand or the common space is known to the seats in
its `hand_seen` / `common_seen` mask.
"""

from __future__ import annotations

from typing import Any

from headframe.engine import Rng
from headframe.engine.deck import redeal_by_epoch

from .components import NOBODY, PUBLIC_WORKS, TYPES


def observe(state, seat: int | None) -> dict[str, Any]:
    types = state.game.tables.type
    bit = 0 if seat is None else 1 << seat
    players = []
    for other in range(state.players):
        hand = [
            {"type": TYPES[types[card]], "card": card if mask & bit else None}
            for card, mask in zip(state.hands[other], state.hand_seen[other])
        ]
        players.append({
            "coins": state.coins[other],
            "vp": state.vp[other],
            "technology": state.technology[other],
            "hand": hand,
            "space": [[card, builder] for card, builder in zip(state.spaces[other], state.builders[other])],
            "acquired": list(state.acquired[other]),
        })
    common = [
        {"type": TYPES[types[card]], "card": card if types[card] != PUBLIC_WORKS or mask & bit else None}
        for card, mask in zip(state.common, state.common_seen)
    ]
    return {
        "phase": state.phase,
        "active": state.active,
        "first": state.first,
        "round": state.round,
        "pending": state.pending,
        "victim": None if state.victim == NOBODY else state.victim,
        "winner": None if state.winner == NOBODY else state.winner,
        "seats": players,
        "common": common,
        "piles": {TYPES[k]: len(state.piles[k]) for k in range(4)},
        "discards": {TYPES[k]: list(state.discards[k]) for k in range(4)},
    }


def resample_hidden(state, seat: int, rng: Rng) -> None:
    """Per type and pile generation, pool every card the seat cannot see (other
    hands' unknown cards, face-down PWs it has not seen, and the draw pile for
    its current generation) and deal them back into the same places: types on
    backs stay where they are, and a card drawn before a reshuffle never lands
    in the pile made from the discards after it (ORE-R8)."""
    types = state.game.tables.type
    bit = 1 << seat
    hidden: dict[tuple[int, int], list[tuple[list, int]]] = {}
    for other in range(state.players):
        if other != seat:
            hand, seen, gens = state.hands[other], state.hand_seen[other], state.hand_gen[other]
            for i, card in enumerate(hand):
                if not seen[i] & bit:
                    hidden.setdefault((types[card], gens[i]), []).append((hand, i))
    for i, card in enumerate(state.common):
        if types[card] == PUBLIC_WORKS and not state.common_seen[i] & bit:
            hidden.setdefault((PUBLIC_WORKS, state.common_gen[i]), []).append((state.common, i))
    piles = {(kind, state.generation[kind]): state.piles[kind] for kind in range(4)}
    redeal_by_epoch(hidden, piles, rng)
