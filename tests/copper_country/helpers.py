"""Building Copper Country positions for rule tests."""

from __future__ import annotations

from headframe.games.copper_country import CopperCountry
from headframe.games.copper_country.actions import Accept, ChooseRow, Contract, WorkAt

GAME = CopperCountry()


def new(players: int = 2, seed: int = 1, **options):
    """A game after setup, seat 0 first, every miner contracted at C1."""
    options.setdefault("first_player", "seat_0")
    state = GAME.new_state(players, seed, options)
    while state.tasks and state.tasks[0][0] in ("contract", "excess"):
        seat = state.to_move()[0]
        state.apply(seat, state.decision(seat).actions[0] if state.tasks[0][0] == "excess" else Contract.of("C1"))
    return state


def edited(state) -> None:
    """The state was edited by hand, not by an action: forget what was worked out from it (its
    decisions and its memo)."""
    state._decisions = {}
    state.memo.clear()


def set_tasks(state, tasks) -> None:
    state.tasks = [list(t) for t in tasks]
    edited(state)


def at_labor(state, seat: int = 0) -> None:
    """The seat's turn, at its labor action."""
    state.current = seat
    state.used = []
    set_tasks(state, [["labor", seat], ["before_dividends", seat], ["dividends", seat], ["end_turn", seat]])


def at_management(state, seat: int = 0) -> None:
    state.current = seat
    state.used = []
    set_tasks(state, [["manage", seat], ["manage", seat], ["labor", seat], ["before_dividends", seat],
                      ["dividends", seat], ["end_turn", seat]])


def give(state, seat: int, cards) -> None:
    """Put these capital cards in the seat's hand, taking them from wherever they are."""
    for card in cards:
        for place in state.hands + [state.capital_deck, state.capital_discard]:
            if card in place:
                place.remove(card)
        if card in state.community:
            state.community[state.community.index(card)] = state.capital_deck.pop()
        state.hands[seat].append(card)


def set_hand(state, seat: int, cards) -> None:
    state.capital_deck.extend(state.hands[seat])
    state.hands[seat] = []
    give(state, seat, cards)


def on_top(state, *cards) -> None:
    """Stack production cards on top of the deck, the first given on top."""
    for card in reversed(cards):
        for place in (state.production_deck, state.production_discard):
            if card in place:
                place.remove(card)
        state.production_deck.append(card)


def place_miner(state, seat: int, miner: int, at: str, ready: bool = True) -> None:
    state.miner_at[seat][miner] = at
    state.miner_ready[seat][miner] = ready


def work(state, seat: int, site: str, miner: int = 0) -> None:
    """Start a work action at `site` with `miner` (placed there, ready)."""
    place_miner(state, seat, miner, site)
    at_labor(state, seat)
    state.apply(seat, WorkAt.of(miner, site))


def kinds(state, seat: int = 0) -> list[str]:
    return [a.id for a in state.decision(seat).actions]


def decision_kind(state) -> str:
    seat = state.to_move()[0]
    return state.decision(seat).kind


def pay_all(state, seat: int = 0) -> None:
    """Play the first legal payment until the payment is done."""
    while state.tasks and state.tasks[0][0] == "pay":
        state.apply(seat, state.decision(seat).actions[0])


def choose(state, row: int, claim: str = "", seat: int = 0) -> None:
    state.apply(seat, ChooseRow.of(row, claim))


def stop(state, seat: int = 0) -> None:
    state.apply(seat, Accept.of(False))


def surveyed(state, site: str, token: str) -> None:
    """Give `site` this face-up terrain token (swapping tokens between sites)."""
    other = next(s for s, t in state.terrain.items() if t == token) if token in state.terrain.values() else None
    if other is not None:
        state.terrain[other] = state.terrain[site]
    elif token in state.terrain_aside:
        state.terrain_aside[state.terrain_aside.index(token)] = state.terrain[site]
    state.terrain[site] = token
    state.surveyed[site] = True
