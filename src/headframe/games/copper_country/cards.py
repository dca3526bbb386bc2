"""rulebook: Community Cards, Capital Cards: taking, drawing and discarding capital
cards (COP-R6), and refilling the capital deck, the community cards (COP-R32) and
the production deck (COP-R33) when they run out."""

from __future__ import annotations

from headframe.engine.deck import reshuffle

from .actions import Take


def capital_call(state) -> list:
    """COP-R6: a community card or the top of the capital deck."""
    return [Take.of(slot) for slot in capital_slots(state)]


def capital_slots(state) -> list[int]:
    """The slots of `capital_call`'s takes: each community card's, then -1 for the deck's top."""
    slots = [slot for slot, card in enumerate(state.community) if card]
    if state.capital_deck:
        slots.append(-1)
    return slots


def take_capital(state, seat: int, slot: int) -> None:
    """COP-R6: a community card (public) or the deck's top card (private)."""
    if slot >= 0:
        card = state.community[slot]
        state.community[slot] = ""
        state.hand_public[seat].append(card)
        state.hands[seat].append(card)
        if state.records:
            state.event("take_community", seat=seat, card=card, slot=slot)
    else:
        state.reveals()
        card = state.capital_deck.pop()
        state.hands[seat].append(card)
        state.drawn[card] = state.capital_version
        if state.records:
            state.event("draw_capital", seat=seat, private={seat: {"card": card}})
    restock_capital(state)


def draw_capital(state, seat: int) -> None:
    restock_capital(state)
    if state.capital_deck:
        take_capital(state, seat, -1)


def restock_capital(state) -> None:
    """COP-R32: refill an empty deck from the discards, and the community slots from the deck."""
    while True:
        if not state.capital_deck and state.capital_discard:
            reshuffle(state.capital_deck, state.capital_discard, state.rng)
            state.capital_version += 1
            state.event("capital_reshuffle")
        if "" in state.community and state.capital_deck:
            slot = state.community.index("")
            state.community[slot] = state.capital_deck.pop()
            state.reveals()
            continue
        return


def restock_production(state) -> None:  # COP-R33
    if not state.production_deck and state.production_discard:
        reshuffle(state.production_deck, state.production_discard, state.rng)
        state.peek = [""] * state.players
        state.event("production_reshuffle")


def discard_capital(state, seat: int, card: str) -> None:
    state.hands[seat].remove(card)
    state.drawn.pop(card, None)
    if card in state.hand_public[seat]:
        state.hand_public[seat].remove(card)
    state.capital_discard.append(card)


def discard(state, seat: int, card: str) -> None:
    """A capital card discarded by choice (a business, an event, dividends)."""
    discard_capital(state, seat, card)
    state.event("discard", seat=seat, card=card)
    restock_capital(state)


def distinct_hand(state, seat: int) -> list[str]:
    """COP-R53: one card per distinct capital card in hand (identical cards are one choice),
    public ones first so that a choice never depends on hidden card ids."""
    first: dict[str, str] = {}  # by signature, the first card that has it
    signature = state.tables.signature
    for card in _hand_in_order(state, seat):
        first.setdefault(signature[card], card)
    return list(first.values())


def card_of(state, seat: int, unit: str) -> str:
    """The card of `distinct_hand` whose signature is `unit` (one the hand holds)."""
    signature = state.tables.signature
    for card in _hand_in_order(state, seat):
        if signature[card] == unit:
            return card
    raise ValueError(f"no card of the hand gives {unit}")


def _hand_in_order(state, seat: int) -> list[str]:
    """COP-R53: the hand's public cards, then the whole hand by card id."""
    return state.hand_public[seat] + sorted(state.hands[seat])
