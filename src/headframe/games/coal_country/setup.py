"""Setup (rulebook: Setup, steps 1 to 5; COAL-R3 to COAL-R7), and the check that a loaded position fits
the player count and the components."""

from __future__ import annotations

from headframe.engine import PositionError
from headframe.engine.deck import draw_from_bag, shuffled

from . import placement
from .components import FULL, LOTS, STARTING_CASH, UNLIMITED
from .economy import net_market
from .end_of_round import refill_market
from .mine import connected
from .reveal import steps


def setup(state) -> None:
    tables, options, players = state.game.tables, state.options, state.players
    state.round = 1
    state.step = "place"
    state.queue, state.actor, state.sub = [], -1, {}
    state.order, state.turn, state.done, state.drafts, state.sealed = [], 0, [], {}, {}
    state.foremen = [[] for _ in range(players)]
    state.cash = [STARTING_CASH] * players  # COAL-R4
    state.earnings = [-1] * players  # COAL-R12: above the track
    state.coal = [0] * players
    state.refuse = [0] * players
    state.storage = [[0, 0, 0] for _ in range(players)]
    state.lots = [[""] * LOTS for _ in range(players)]
    state.lot_round = [[0] * LOTS for _ in range(players)]
    state.mine = [[[0, 0, 0, 0, FULL]] for _ in range(players)]  # [x, y, design, rotation, cubes]; COAL-R37
    state.linked = [[0] for _ in range(players)]
    state.tavern = [False] * players
    state.church = [-1] * players  # -1: no active Church; else the chosen tile index, or -2 not yet chosen
    # rulebook: Setup 1 -- permit stacks face down, building pool, construction company
    state.stacks = [shuffled(stack, state.rng) for stack in tables.stacks]
    state.bottoms = [[], [], [], []]  # per stack, from the bottom: who knows each declined tile ("all" or seats)
    state.pile = shuffled(tables.building_pool(players, options.industry_amok), state.rng)  # COAL-R3, AMOK-3
    state.top_row = [state.pile.pop() for _ in range(players)]
    state.bottom_row, state.removed, state.closed = [], [], False
    # rulebook: Setup 3 -- earnings markers drawn from the bag give round 1's player order
    drawn = list(range(players))
    state.rng.shuffle(drawn)
    state.draw_rank = [drawn.index(seat) for seat in range(players)]
    per_type = UNLIMITED if options.utility_supply == "unlimited" else tables.cubes_per_type  # COAL-R7
    state.supply = [per_type - players] * 3  # each entrance holds one cube of each (Setup 2)
    state.market = [0, 0, 0]
    # rulebook: Setup 4 -- market indicators for round one
    state.bag = [] if options.reformed_industry else list(tables.market_bag)
    state.calendar, state.spent_cubes = [], []
    if not options.reformed_industry:
        state.calendar = [draw_from_bag(state.bag, state.rng) for _ in range(4)]
    state.m = net_market(state)
    state.inspection = []
    refill_market(state)  # rulebook: Setup 5
    placement.start(state)


def validate(state) -> None:
    """A loaded position's per-seat data must fit the player count and the components."""
    players, designs = state.players, len(state.game.tables.design_ids)
    for name in ("cash", "earnings", "draw_rank", "coal", "refuse", "storage", "lots", "lot_round", "mine",
                 "linked", "tavern", "church", "foremen"):
        if len(getattr(state, name)) != players:
            raise PositionError(f"state.{name}: expected one entry per seat ({players})")
    if state.step not in (*steps(state), "place", "over") or not -1 <= state.actor < players:
        raise PositionError(f"state.step/actor: {state.step!r}/{state.actor!r} is not a step of the round")
    values = sorted(state.game.tables.foreman_values[state.options.foreman_values])
    for seat in range(players):
        placed = sorted(v for v, _ in state.foremen[seat])
        remaining = list(values)
        for value in placed:
            if value not in remaining:
                raise PositionError(f"state.foremen[{seat}]: more foremen of value {value} than a player has")
            remaining.remove(value)
        for tile in state.mine[seat]:
            if len(tile) != 5 or not 0 <= tile[2] < designs or not 0 <= tile[3] < 4 or not 0 <= tile[4] <= 7:
                raise PositionError(f"state.mine[{seat}]: {tile!r} is not [x, y, design, rotation, cubes]")
        if state.linked[seat] != sorted(connected(state, seat)):  # read as the mine's connections (heuristic)
            raise PositionError(f"state.linked[{seat}]: expected the tiles connected to the entrance")
    if len(state.stacks) != 4 or len(state.bottoms) != 4:
        raise PositionError("state.stacks/bottoms: expected four permit stacks")
    for n, (pile, bottoms) in enumerate(zip(state.stacks, state.bottoms)):
        if len(bottoms) > len(pile) or any(
                known != "all" and not (isinstance(known, list) and all(
                    isinstance(s, int) and 0 <= s < players for s in known)) for known in bottoms):
            raise PositionError(f"state.bottoms[{n}]: expected per bottom tile \"all\" or a list of seats")
