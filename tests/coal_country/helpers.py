"""Builders of Coal Country positions for the rule tests."""

from __future__ import annotations

from headframe.games.coal_country import CoalCountry, mine
from headframe.games.coal_country.actions import Done, PickStack, Place, Stop

GAME = CoalCountry()
DESIGN = {design: index for index, design in enumerate(GAME.tables.design_ids)}


def new(players: int = 2, seed: int = 1, round: int = 1, **options):
    """A fresh game; with round > 1 the round-1 broker rule no longer applies."""
    state = GAME.new_state(players, seed, options)
    state.round = round
    state._decisions = {}
    return state


def place(state, seat: int, foremen: list[tuple[str, int]], done: bool = True) -> None:
    """Place these (location, value) foremen, then leave the rest unplaced."""
    for location, value in foremen:
        state.apply(seat, Place.of(location, value))
    if done and seat in state.to_move() and state.step == "place":
        state.apply(seat, Done.of())


def place_all(state, plans: dict[int, list[tuple[str, int]]]) -> None:
    if not state.options.industry_amok:
        for seat in range(state.players):
            place(state, seat, plans.get(seat, []))
        return
    todo = {seat: list(plans.get(seat, [])) for seat in range(state.players)}
    start = state.round
    while state.step == "place" and state.round == start:  # COAL-R79: one foreman per turn
        seat = state.to_move()[0]
        state.apply(seat, Place.of(*todo[seat].pop(0)) if todo[seat] else Done.of())


def stop_until(state, stage: str | None = None) -> None:
    """Answer every pending decision with Stop (or the first action) until `stage` or placement."""
    while state.to_move() and state.step != "place":
        if stage is not None and state.sub.get("stage") == stage:
            return
        seat = state.to_move()[0]
        actions = state.legal_actions(seat)
        state.apply(seat, Stop.of() if Stop.of() in actions else actions[0])


def add_tile(state, seat: int, design: str, x: int, y: int, rotation: int = 0, cubes: int = 0) -> int:
    state.mine[seat].append([x, y, DESIGN[design], rotation, cubes])
    mine.relink(state)
    state._decisions = {}
    return len(state.mine[seat]) - 1


def kinds(state, seat: int) -> set[str]:
    return {action.kind for action in state.legal_actions(seat)}


def tile_drawn():
    """Round 2 of a two-player game: Seat 1 has drawn a tile from permit stack 3 and is placing it."""
    state = new(2, seed=1, round=2)
    state.cash[0] = 100
    place_all(state, {0: [("PO", 4)], 1: [("CB", 2)]})
    stop_until(state, "permit")
    state.apply(0, PickStack.of(3))
    return state
