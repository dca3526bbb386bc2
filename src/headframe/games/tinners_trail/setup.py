"""Starting The Game (TIN-R4): money, pieces, a random order of play, the
starting areas rolled for; and the shape of a loaded position."""

from __future__ import annotations

from headframe.engine import PositionError

from .flow import STEPS
from .prospecting import roll


def starting_the_game(state) -> None:
    # rulebook: Starting The Game; TIN-R4
    t = state.game.tables
    players = state.players
    state.money = [t.start_money] * players
    state.mines_built = [0] * players
    state.cubes_left = [t.investment_cubes] * players
    state.held_copper = [0] * players
    state.held_tin = [0] * players
    state.sold_copper = [0] * players
    state.sold_tin = [0] * players
    order = list(range(players))
    state.rng.shuffle(order)  # TIN-R4: a uniformly random turn-1 order of play
    state.order = order
    areas = len(t.area_ids)
    state.mine = [-1] * areas
    state.copper = list(t.printed_copper)
    state.tin = list(t.printed_tin)
    state.water = [0] * areas
    state.discovered = list(t.starting)  # TIN-R12
    state.port = [False] * areas
    state.miner = [False] * areas
    state.train = [False] * areas
    state.adit = [False] * len(t.borders)
    for area in t.areas:  # TIN-R4: starting areas rolled in map order, no modifiers
        if t.starting[area]:
            roll(state, area, modifiers=False)
    state.investments = [[[] for _ in t.column_costs] for _ in t.investment_vp]
    state.tin_row = state.copper_row = 0
    state.stock = [0, 0, 0, 0]
    state.pumps = []
    state.pumping = 0
    state.auction = None
    state.invest_position = -1
    state.invest_out = [False] * players
    state.declined = [False] * players
    state.prospects_made = 0
    state.turn = 1  # turn 1 begins with phase one, which the flow runs next
    state.step = "ore_prices"
    state.actor = -1


def validate(state) -> None:
    """A loaded position has the shape the game sets up, and waits in a decision."""
    t = state.game.tables
    areas, players = len(t.area_ids), state.players
    for name in ("mine", "copper", "tin", "water", "discovered", "port", "miner", "train"):
        if len(getattr(state, name)) != areas:
            raise PositionError(f"state.{name}: expected one entry per area ({areas})")
    if len(state.adit) != len(t.borders):
        raise PositionError(f"state.adit: expected one entry per border ({len(t.borders)})")
    per_seat = ("money", "held_copper", "held_tin", "mines_built", "cubes_left", "invest_out", "declined",
                "sold_copper", "sold_tin")
    for name in per_seat:
        if len(getattr(state, name)) != players:
            raise PositionError(f"state.{name}: expected one entry per seat ({players})")
    if state.step not in STEPS:
        raise PositionError(f"state.step: expected one of {', '.join(STEPS)}, got {state.step!r}")
    if not 1 <= state.turn <= t.turns or not -1 <= state.actor < players:
        raise PositionError("state.turn or state.actor out of range")
    if sorted(state.order) != list(range(players)):
        raise PositionError("state.order: expected every seat once")
    if any(v < 0 for v in state.money + state.copper + state.tin + state.water):
        raise PositionError("money and cubes are never negative")
