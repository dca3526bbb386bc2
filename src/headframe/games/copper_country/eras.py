"""rulebook: Era Cards (COP-R34): a new era rebuilds both decks with its cards and
raises the hand limit."""

from __future__ import annotations

from headframe.engine.deck import shuffled


def hand_limit(state) -> int:
    return state.tables.hand_limit[state.era]


def new_era(state, era: int) -> None:
    """COP-R34: the era card, and both decks rebuilt with the new era's cards."""
    t = state.tables
    state.era = era
    state.reveals()
    capital = state.capital_deck + state.capital_discard + [c for c in state.community if c] + t.capital_by_era[era]
    state.capital_deck = shuffled(capital, state.rng)
    state.capital_discard = []
    state.capital_version += 1
    state.community = [state.capital_deck.pop() for _ in range(t.community_size)]
    production = state.production_deck + state.production_discard + t.production_by_era[era]
    state.production_deck = shuffled(production, state.rng)
    state.production_discard = []
    state.peek = [""] * state.players
    state.event("era", era=era, community=list(state.community))
