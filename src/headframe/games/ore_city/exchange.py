"""d) Exchange (rulebook §6d): swap any number of hand cards with the common space.

Look at the face-down Public Works cards in the common space (ORE-R34), put
cards from your hand into it one at a time (a Public Works card face down), then
take as many cards from it, holding at most one Public Works card.
"""

from __future__ import annotations

from .actions import EndGiving, Exchange, Give, Take
from .components import PUBLIC_WORKS, TYPES
from .drawing import everyone, hand_remove, holds_public_works, pick
from .refill import end_turn

END_GIVING = EndGiving.of()


def exchange(state, task, action: Exchange) -> None:
    """rulebook §6d; ORE-R34: the actor sees every face-down PW in the common space."""
    seat = task[1]
    bit = 1 << seat
    state.common_seen = [mask | bit for mask in state.common_seen]
    state.reveals()
    state.phase = "exchange_give"
    state.pending = 0
    if state.records:
        state.event("exchange", seat=seat)


def gifts(state, task) -> list:
    actions: list = [Give.of(card) for card in dict.fromkeys(state.hands[task[1]])]
    actions.append(END_GIVING)
    return actions


def give(state, task, action: Give) -> None:
    seat = task[1]
    card = action.card
    mask, generation = hand_remove(state, seat, card)
    face_down = state.game.tables.type[card] == PUBLIC_WORKS  # rulebook §5.3
    state.common.append(card)
    state.common_seen.append(mask if face_down else everyone(state))
    state.common_gen.append(generation)
    state.pending += 1
    if face_down:
        if state.records:
            state.event("give", seat=seat, type=TYPES[PUBLIC_WORKS], private={seat: {"card": card}})
    else:
        if state.records:
            state.event("give", seat=seat, card=card)


def end_giving(state, task, action: EndGiving) -> None:
    if state.pending:
        state.phase = "exchange_take"
    else:
        end_turn(state)


def takings(state, task) -> list:
    holds_pw = holds_public_works(state, task[1])
    types = state.game.tables.type
    return [
        Take.of(card) for card in dict.fromkeys(state.common)
        if not (holds_pw and types[card] == PUBLIC_WORKS)  # ORE-R13 (b)
    ]


def take_prompt(state, task) -> str:
    return f"Take a card from the common space ({state.pending} more to take)"


def take(state, task, action: Take) -> None:
    seat = task[1]
    card = action.card
    types = state.game.tables.type
    index = pick(state, state.common, card) if types[card] == PUBLIC_WORKS else state.common.index(card)
    del state.common[index]
    mask = state.common_seen.pop(index)
    generation = state.common_gen.pop(index)
    if types[card] == PUBLIC_WORKS:
        state.event("take", seat=seat, type=TYPES[PUBLIC_WORKS], private={seat: {"card": card}})
    else:
        mask = everyone(state)
        state.event("take", seat=seat, card=card)
    state.hands[seat].append(card)
    state.hand_seen[seat].append(mask | 1 << seat)  # ORE-R40: who knew it at that place still knows it
    state.hand_gen[seat].append(generation)
    state.pending -= 1
    if not state.pending:
        end_turn(state)
