"""The state of a game of Tinners' Trail: plain data in slots, and the hooks
the engine calls, each the function of the module of its rulebook section.

A turn runs as `flow.FLOW` declares: the state waits in `step` (a decision of
phase three, an auction, steam pumps, an investment or a prospect), owed by
`actor`; each action's move says what comes next, and the automatic phases
(ore prices, developments, selling ore, the end of the turn) run in between."""

from __future__ import annotations

from typing import Any

from headframe.engine import State

from . import scoring, view
from . import setup as starting
from .components import Tables
from .flow import FLOW


class TinnersTrailState(State):
    DERIVED = ("tables",)
    __slots__ = (*DERIVED,
        "turn", "step", "actor",
        "tin_row", "copper_row",
        "order", "pending", "passed", "track", "last_action_taken",
        "money", "held_copper", "held_tin", "mines_built",
        "mine", "copper", "tin", "water", "discovered", "port", "miner", "train", "adit",
        "stock", "pumps", "pumping", "auction",
        "investments", "cubes_left", "invest_position", "invest_out", "declined",
        "prospects_made", "sold_copper", "sold_tin",
    )
    OPEN = True  # TIN-R7: every seat sees everything
    tables: Tables
    turn: int  # 1..4
    step: str  # a step of flow.FLOW (flow.STEPS once settled)
    actor: int  # the seat that owes the step, -1 for none
    tin_row: int
    copper_row: int
    order: list[int]  # the Order of Play column, top first
    pending: list[int]  # seats still on the column this phase three
    passed: list[int]  # in pass order
    track: dict[str, Any]  # engine.turns.new_track
    last_action_taken: bool
    money: list[int]  # per seat
    held_copper: list[int]
    held_tin: list[int]
    mines_built: list[int]
    mine: list[int]  # per area: the owner's seat, -1 for none
    copper: list[int]
    tin: list[int]
    water: list[int]
    discovered: list[bool]
    port: list[bool]
    miner: list[bool]
    train: list[bool]
    adit: list[bool]  # per border
    stock: list[int]  # Available Developments: miners, ports, trains, adits
    pumps: list[int]  # discs per steam pump box
    pumping: int
    auction: dict[str, Any] | None
    investments: list[list[list[int]]]  # per turn row, per box: the seats of its cubes
    cubes_left: list[int]
    invest_position: int
    invest_out: list[bool]
    declined: list[bool]
    prospects_made: int
    sold_copper: list[int]
    sold_tin: list[int]

    flow = FLOW
    setup = starting.starting_the_game  # the engine's new_state then runs the flow to the first decision
    validate = starting.validate
    observe = view.observe
    final_result = scoring.final_result
    statistics = scoring.statistics
    progress = scoring.progress

    def derive(self) -> tuple[Tables]:
        return (self.game.tables,)
