"""The draw piles (rulebook §5 step 1) and cards moving between places.

Four face-down draw piles, one per type, each with a face-up discard pile;
"when a draw pile runs out, reshuffle the corresponding discards into a new
draw pile" (§5 step 4, ORE-R8). A card in a hand or in the common space keeps
the generation of the pile it came from (`hand_gen`, `common_gen`), and who
knows its face (`hand_seen`, `common_seen`, ORE-R9).
"""

from __future__ import annotations

from typing import Any

from headframe.engine import deck

from .components import PUBLIC_WORKS, TYPES


def available(state, kind: int) -> bool:
    """ORE-R8: a type is exhausted when its draw and discard piles are both empty."""
    return bool(state.piles[kind] or state.discards[kind])


def hand_draw_types(state, seat: int) -> list[int]:
    """ORE-R12, ORE-R13: non-exhausted types; not Public Works while holding one."""
    holds_pw = holds_public_works(state, seat)
    piles, discards = state.piles, state.discards
    return [k for k in range(4) if (piles[k] or discards[k]) and not (k == PUBLIC_WORKS and holds_pw)]


def common_draw_types(state) -> list[int]:
    return [k for k in range(4) if state.piles[k] or state.discards[k]]


def holds_public_works(state, seat: int) -> bool:
    """§5.3: you may have only one Public Works card in your hand."""
    types = state.game.tables.type
    return any(types[card] == PUBLIC_WORKS for card in state.hands[seat])


def draw(state, kind: int) -> tuple[str, int]:
    """ORE-R8: the top card and the generation of the pile it came from; a pile
    reshuffles its discards the moment it runs out, or at the next draw if it
    had none then."""
    pile = state.piles[kind]
    if not pile:
        reshuffle(state, kind)
    card = pile.pop()
    generation = state.generation[kind]
    if not pile and state.discards[kind]:
        reshuffle(state, kind)
    return card, generation


def reshuffle(state, kind: int) -> None:
    """A new generation: the new pile is exactly the old (public) discard pile."""
    deck.reshuffle(state.piles[kind], state.discards[kind], state.rng)
    state.generation[kind] += 1
    state.event("reshuffle", pile=TYPES[kind], cards=len(state.piles[kind]))


def draw_into_hand(state, seat: int, kind: int) -> None:
    card, generation = draw(state, kind)
    state.hands[seat].append(card)
    state.hand_seen[seat].append(1 << seat)
    state.hand_gen[seat].append(generation)
    if state.records:
        state.event("draw", seat=seat, pile=TYPES[kind], private={seat: {"card": card}})


def deal_to_common(state, kind: int) -> None:
    """Construction cards face up; Public Works face down, seen by nobody (§5.3)."""
    card, generation = draw(state, kind)
    state.common.append(card)
    face_down = kind == PUBLIC_WORKS
    state.common_seen.append(0 if face_down else everyone(state))
    state.common_gen.append(generation)


def log_common_space(state, name: str, **fields: Any) -> None:
    """One event for a whole deal into the common space; face-down PWs as null."""
    types = state.game.tables.type
    cards = [None if types[card] == PUBLIC_WORKS else card for card in state.common]
    state.event(name, common=cards, **fields)


def hand_remove(state, seat: int, card: str) -> tuple[int, int]:
    """Take a card of that name from a hand (of identical copies, one at random:
    ORE-R40); its knowledge mask and generation."""
    index = pick(state, state.hands[seat], card)
    del state.hands[seat][index]
    return state.hand_seen[seat].pop(index), state.hand_gen[seat].pop(index)


def pick(state, cards: list[str], card: str) -> int:
    """ORE-R40: the place of one copy of `card`, chosen uniformly at random among
    identical copies, so which place empties depends on no hidden face."""
    places = [i for i, c in enumerate(cards) if c == card]
    return places[state.rng.below(len(places))] if len(places) > 1 else places[0]


def discard(state, card: str) -> None:
    state.discards[state.game.tables.type[card]].append(card)


def everyone(state) -> int:
    """The knowledge mask of a face-up card: every seat knows it."""
    return (1 << state.players) - 1
