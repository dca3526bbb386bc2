"""Coal Country's state: the slots of a game, and the engine hooks.

A round runs as flow.py declares (rulebook: Playing the Game). `step` is "place" during foremen
placement (sealed drafts in `drafts` and `sealed`; under An Industry Amok the turns in `order`,
`turn`, `done`), then the reveal step under way (COAL-R28) with `queue` its turns still to start,
`actor` the seat deciding (-1: none) and `sub` the details of its decision (`sub["stage"]`); "over"
once the game has ended. The rules are in the modules named after the rulebook's chapters."""

from __future__ import annotations

from typing import Any

from headframe.engine import State
from headframe.engine.shapes import Shapes

from . import end_of_game, reveal, setup, view
from .flow import FLOW


class CoalCountryState(State):
    __slots__ = (
        "round", "step", "queue", "actor", "sub",
        "order", "turn", "done", "drafts", "sealed", "foremen",
        "cash", "earnings", "draw_rank", "coal", "refuse", "storage", "lots", "lot_round", "mine", "linked",
        "tavern", "church",
        "stacks", "bottoms", "top_row", "bottom_row", "pile", "removed", "closed",
        "market", "supply", "calendar", "bag", "spent_cubes", "m", "inspection",
    )
    round: int
    step: str
    queue: list[list[Any]]  # the turns still to start: [seat, value, ...]
    actor: int
    sub: dict[str, Any]
    order: list[int]
    turn: int
    done: list[bool]
    drafts: dict[str, list[list[Any]]]  # per seat, [value, location] pairs
    sealed: dict[str, list[list[Any]]]
    foremen: list[list[list[Any]]]
    cash: list[int]
    earnings: list[int]
    draw_rank: list[int]
    coal: list[int]
    refuse: list[int]
    storage: list[list[int]]
    lots: list[list[str]]
    lot_round: list[list[int]]
    mine: list[list[list[int]]]  # per seat, [x, y, design, rotation, cubes] tiles
    linked: list[list[int]]
    tavern: list[bool]
    church: list[int]
    stacks: list[list[int]]
    bottoms: list[list[str | list[int]]]  # "all" or the seats that know each declined tile
    top_row: list[str]
    bottom_row: list[str]
    pile: list[str]
    removed: list[str]
    closed: bool
    market: list[int]
    supply: list[int]
    calendar: list[int]
    bag: list[int]
    spent_cubes: list[int]
    m: int
    inspection: list[list[int]]

    SHAPES = Shapes(
        same=("round", "step", "actor", "turn", "closed", "m"),
        flat=("order", "done", "cash", "earnings", "draw_rank", "coal", "refuse", "tavern", "church", "top_row",
              "bottom_row", "pile", "removed", "market", "supply", "calendar", "bag", "spent_cubes"),
        rows=("storage", "lots", "lot_round", "linked", "stacks", "inspection"),
        tables=("foremen", "mine"),  # per seat, [value, location] foremen; mine tiles
        deep=("queue", "sub", "drafts", "sealed", "bottoms"),
    )
    flow = FLOW

    # --- the engine hooks: the rules modules' functions ---------------------------------

    validate = setup.validate  # before `setup` names the function rather than the module
    setup = setup.setup
    observe = view.observe
    resample_hidden = view.resample_hidden
    final_result = end_of_game.final_result
    statistics = end_of_game.statistics
    progress = reveal.progress
