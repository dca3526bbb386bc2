"""The action kinds of Coal Country: each compound turn is a chain of these."""

from __future__ import annotations

from dataclasses import dataclass

from headframe.engine import Action

from .components import COAL_SHED, FOREMEN, UTILITIES


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


def every_action(game, players: int) -> list[Action]:
    """Every action the game can ever offer. A mine holds at most the entrance and all 36
    tiles, each next to an earlier one, so a new tile's cell (x, y >= 0) lies within 36 steps
    of the entrance: |x| + y <= 36. Coal held when selling is at most 5 kept in a Coal Shed,
    plus what every tile produces by itself, plus the miners: one of the nine foremen sells,
    so eight mine the richest tiles, or seven and a Church foreman blesses one of them. The
    same at every player count."""
    t = game.tables
    mine = [0] + [design for stack in t.stacks for design in stack]
    tiles = len(mine)
    richest = sorted((t.yields[design][4] for design in mine), reverse=True)
    miners = max(sum(richest[:FOREMEN - 1]), sum(richest[:FOREMEN - 2]) + max(t.yields[d][1] for d in mine))
    most_coal = COAL_SHED + sum(t.yields[design][1] for design in mine) + miners
    locations = [f"B{lot}" for lot in range(4)] + ["ST", "RF", "CB", "PO", "UM", "UT", "CC"]
    locations += [f"UM:{u}" for u in UTILITIES] + [f"M{i}" for i in range(tiles)]
    actions = [Place.of(loc, v) for loc in locations for v in range(5)]
    actions += [Done.of(), Stop.of(), Incentivize.of(), Decline.of()]
    actions += [Exchange.of(g, t_) for g in UTILITIES for t_ in UTILITIES if g != t_]
    actions += [ChurchTarget.of(i) for i in range(tiles)]
    actions += [Sell.of(n) for n in range(most_coal + 1)]
    actions += [Collide.of("up"), Collide.of("down")]
    actions += [PickStack.of(n) for n in (1, 2, 3, 4)]
    actions += [Keep.of(d) for d in t.design_ids[1:]]
    reach = tiles - 1
    actions += [PlaceTile.of(x, y, r) for y in range(reach + 1) for x in range(y - reach, reach - y + 1)
                if (x, y) != (0, 0) for r in range(4)]
    actions += [FirstBuyer.of(u) for u in UTILITIES] + [BuyCube.of(u) for u in UTILITIES]
    actions += [Build.of(b, row) for b in t.building_ids for row in ("top", "bottom")]
    actions += [BuildOver.of(lot) for lot in range(4)]
    actions += [Supply.of(i, u) for i in range(tiles) for u in UTILITIES]
    actions += [RemoveRefuse.of(n) for n in range(5)]
    return actions
