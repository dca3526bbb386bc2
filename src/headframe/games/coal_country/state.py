"""Coal Country's state: the slots of a game, and the engine hooks.

A round runs as flow.py declares (rulebook: Playing the Game). `step` is "place" during foremen
placement (sealed drafts in `drafts` and `sealed`; under An Industry Amok the turns in `order`,
`turn`, `done`), then the reveal step under way (COAL-R28) with `queue` its turns still to start,
`actor` the seat deciding (-1: none) and `sub` the details of its decision (`sub["stage"]`); "over"
once the game has ended. The rules are in the modules named after the rulebook's chapters."""

from __future__ import annotations

from typing import Any

from headframe.engine import Result, Rng, State
from headframe.engine.shapes import Shapes

from . import (
    coal_brokers,
    construction_company,
    economy,
    end_of_game,
    mine,
    permit_office,
    placement,
    reveal,
    setup,
    view,
)
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

    # --- the engine hooks ---------------------------------------------------------

    def setup(self) -> None:
        setup.setup(self)

    def observe(self, seat: int | None) -> dict:
        return view.observe(self, seat)

    def resample_hidden(self, seat: int, rng: Rng) -> None:
        view.resample_hidden(self, seat, rng)

    def final_result(self) -> Result:
        return end_of_game.final_result(self)

    def validate(self) -> None:
        setup.validate(self)

    def statistics(self) -> dict[str, list[int | float]]:
        return end_of_game.statistics(self)

    def progress(self) -> float:
        return reveal.progress(self)

    # --- helpers for agents, tests and tools -----------------------------------------

    @property
    def steps(self) -> list[str]:
        return reveal.steps(self)

    def fee(self, seat: int) -> int:
        return economy.fee(self, seat)

    def player_order(self) -> list[int]:
        return economy.player_order(self)

    def can_afford(self, seat: int, fees: int) -> bool:
        return economy.can_afford(self, seat, fees)

    def stockpile(self) -> int:
        return economy.stockpile(self)

    def coal_price(self) -> int:
        return economy.coal_price(self)

    def printed(self, seat: int, value: int) -> int:
        return reveal.printed(self, seat, value)

    def effective(self, seat: int, value: int) -> int:
        return reveal.effective(self, seat, value)

    def revealed(self, area: str) -> bool:
        return reveal.revealed(self, area)

    def unplaced(self, seat: int) -> list[int]:
        return reveal.unplaced(self, seat)

    def placed(self, seat: int) -> list[list]:
        return placement.placed(self, seat)

    def remaining_values(self, seat: int) -> list[int]:
        return placement.remaining_values(self, seat)

    def openings(self, tile: list[int]) -> int:
        return mine.openings(self, tile)

    @staticmethod
    def cells(tiles: list[list[int]]) -> dict[tuple[int, int], int]:
        return mine.cells(tiles)

    def connected(self, seat: int) -> set[int]:
        return mine.connected(self, seat)

    def relink(self) -> None:
        mine.relink(self)

    def tile_positions(self, seat: int, design: int) -> list[tuple[int, int, int, int]]:
        return permit_office.tile_positions(self, seat, design)

    def seller_price(self, seat: int, value: int) -> int:
        return coal_brokers.seller_price(self, seat, value)

    def building_price(self, building: str) -> int:
        return construction_company.building_price(self, building)

    def unfinished_tunnels(self, seat: int) -> int:
        return end_of_game.unfinished_tunnels(self, seat)

    def inspection_items(self, seat: int) -> dict[str, int]:
        return end_of_game.inspection_items(self, seat)

    def inspection_fees(self, seat: int) -> int:
        return end_of_game.inspection_fees(self, seat)
