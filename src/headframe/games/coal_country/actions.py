"""The action kinds of Coal Country: each compound turn is a chain of these."""

from __future__ import annotations

from dataclasses import dataclass

from headframe.engine import Action


class CoalAction(Action):
    pass


@dataclass(frozen=True)
class Place(CoalAction):
    """Foremen placement: put one foreman of this influence on a location (COAL-R19)."""
    kind = "place"
    location: str
    value: int


@dataclass(frozen=True)
class Done(CoalAction):
    """Foremen placement: leave the remaining foremen unplaced (COAL-R24, COAL-R79)."""
    kind = "done"


@dataclass(frozen=True)
class Exchange(CoalAction):
    """Village Store: return one stored cube of `give`, take one of `take` (COAL-R33)."""
    kind = "exchange"
    give: str
    take: str


@dataclass(frozen=True)
class Stop(CoalAction):
    """End the current foreman's action (passing if it did nothing)."""
    kind = "stop"


@dataclass(frozen=True)
class ChurchTarget(CoalAction):
    """Church: the mining foreman (by mine tile index) that also collects Y(1) (COAL-R32)."""
    kind = "church"
    tile: int


@dataclass(frozen=True)
class Sell(CoalAction):
    """Coal brokers: sell this much coal (COAL-R48)."""
    kind = "sell"
    amount: int


@dataclass(frozen=True)
class Collide(CoalAction):
    """Earnings collision: move the marker up or down to a free value (COAL-R11)."""
    kind = "collide"
    direction: str


@dataclass(frozen=True)
class Incentivize(CoalAction):
    """Permit office: pay 2 fees to incentivize the office (COAL-R52)."""
    kind = "incentivize"


@dataclass(frozen=True)
class PickStack(CoalAction):
    """Permit office: draw from permit stack 1-4 (COAL-R51)."""
    kind = "stack"
    stack: int


@dataclass(frozen=True)
class Keep(CoalAction):
    """Permit office, look_two_keep_one: keep one of the two looked-at tiles (COAL-R52)."""
    kind = "keep"
    design: str


@dataclass(frozen=True)
class PlaceTile(CoalAction):
    """Permit office: place the drawn tile at (x, y) turned `rotation` quarter turns (COAL-R39)."""
    kind = "place_tile"
    x: int
    y: int
    rotation: int


@dataclass(frozen=True)
class Decline(CoalAction):
    """Permit office: decline the drawn tile to the bottom of its stack (COAL-R54)."""
    kind = "decline"


@dataclass(frozen=True)
class FirstBuyer(CoalAction):
    """Utility market: which of one's two equal buyers (by declared type) buys first (COAL-R29)."""
    kind = "first_buyer"
    utility: str


@dataclass(frozen=True)
class BuyCube(CoalAction):
    """Utility market: buy one cube of this utility for 1 fee (COAL-R56)."""
    kind = "buy_cube"
    utility: str


@dataclass(frozen=True)
class Build(CoalAction):
    """Construction company: buy this building from the top or bottom row (COAL-R59)."""
    kind = "build"
    building: str
    row: str


@dataclass(frozen=True)
class BuildOver(CoalAction):
    """Construction company: build over the building on this lot (COAL-R60)."""
    kind = "build_over"
    lot: int


@dataclass(frozen=True)
class Supply(CoalAction):
    """Utility storage: move one stored cube onto a mine tile (COAL-R63)."""
    kind = "supply"
    tile: int
    utility: str


@dataclass(frozen=True)
class RemoveRefuse(CoalAction):
    """Refuse pile: remove this many refuse cubes (COAL-R64)."""
    kind = "remove_refuse"
    count: int
