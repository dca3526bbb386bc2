"""Building Ore City positions for rule tests: every card goes back to its draw
pile, then exactly the cards a test names are taken out and placed."""

from __future__ import annotations

from headframe.games.ore_city import OreCity
from headframe.games.ore_city.components import TYPE_INDEX

GAME = OreCity()
TYPE = GAME.tables.type


def take(state, card: str) -> str:
    state.piles[TYPE[card]].remove(card)
    return card


def table(players=3, *, first=0, active=0, hands=None, spaces=None, acquired=None, common=(),
          coins=None, technology=None, options=None, seed=1):
    """A state at the start of `active`'s turn with exactly these cards out.
    spaces: {seat: [(card, constructor), ...]}; hands: {seat: [card, ...]}."""
    state = GAME.new_state(players, seed, options)
    for place in (*state.hands, state.common, *state.discards):
        for card in place:
            state.piles[TYPE[card]].append(card)
    state.discards = [[], [], [], []]
    state.hands = [[take(state, c) for c in (hands or {}).get(s, [])] for s in range(players)]
    state.hand_seen = [[1 << s] * len(state.hands[s]) for s in range(players)]
    state.hand_gen = [[0] * len(state.hands[s]) for s in range(players)]
    state.generation = [0, 0, 0, 0]
    state.spaces = [[take(state, c) for c, _ in (spaces or {}).get(s, [])] for s in range(players)]
    state.builders = [[b for _, b in (spaces or {}).get(s, [])] for s in range(players)]
    state.acquired = [[take(state, c) for c in (acquired or {}).get(s, [])] for s in range(players)]
    state.common = [take(state, c) for c in common]
    everyone = (1 << players) - 1
    state.common_seen = [0 if TYPE[c] == TYPE_INDEX["public_works"] else everyone for c in common]
    state.common_gen = [0] * len(common)
    state.coins = list(coins) if coins else [0] * players
    state.technology = list(technology) if technology else [0] * players
    state.vp = [0] * players
    state.first, state.active, state.round = first, active, 1
    state.phase, state.pending = "action", 0
    state._decisions = {}
    state.validate()
    return state


def act(state, action, seat=None):
    """Apply an action given as its id (e.g. "construct:park:1:0")."""
    state.apply(state.to_move()[0] if seat is None else seat, GAME.Action.from_id(action))


def ids(state, seat=None) -> list[str]:
    return [a.id for a in state.decision(state.to_move()[0] if seat is None else seat).actions]


def gained(state, before: list[int]) -> dict[int, int]:
    return {seat: now - was for seat, (now, was) in enumerate(zip(state.coins, before)) if now != was}


def turn(state, seat: int) -> None:
    """Jump to the start of `seat`'s turn (skipping the last player's refill)."""
    state.active, state.phase, state.pending, state.victim = seat, "action", 0, -1
    state._decisions = {}
