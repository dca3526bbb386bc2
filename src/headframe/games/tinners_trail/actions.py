"""The moves of Tinners' Trail, named as the rulebook names them.

Names follow the rulebook (TIN-R55: the "Available Action box" is the Available
Developments box). Areas are named by their map id ("st_ives"), borders by their two areas joined
with a hyphen ("st_just-st_ives"), investment boxes by column (0 = £5).
"""

from __future__ import annotations

from dataclasses import dataclass

from headframe.engine import Action


class TinAction(Action):
    pass


# --- Phase three: the nine actions (rulebook: Phase Three: Player Actions) --------

@dataclass(frozen=True)
class BuildMine(TinAction):
    """A. Build Mine: put an area up for auction (the opening bid follows)."""

    kind = "build_mine"
    area: str


@dataclass(frozen=True)
class MineOre(TinAction):
    kind = "mine_ore"
    area: str
    copper: int
    tin: int


@dataclass(frozen=True)
class BuildPort(TinAction):
    kind = "build_port"
    area: str


@dataclass(frozen=True)
class PlaceMiner(TinAction):
    kind = "place_miner"
    area: str


@dataclass(frozen=True)
class BuildAdit(TinAction):
    kind = "build_adit"
    border: str


@dataclass(frozen=True)
class BuildTrain(TinAction):
    kind = "build_train"
    area: str


@dataclass(frozen=True)
class ImproveSteamPumps(TinAction):
    """G. Improve Steam Pumps: take the stack in this box (0-based)."""

    kind = "improve_steam_pumps"
    box: int


@dataclass(frozen=True)
class SellPasties(TinAction):
    kind = "sell_pasties"


@dataclass(frozen=True)
class Pass(TinAction):
    kind = "pass"


# --- the chains some actions open ------------------------------------------------

@dataclass(frozen=True)
class Bid(TinAction):
    """A bid in the Build Mine auction (the opener's first bid included)."""

    kind = "bid"
    amount: int


@dataclass(frozen=True)
class DropOut(TinAction):
    """Leave the current auction for good (not the Pass action: TIN-R56)."""

    kind = "drop_out"


@dataclass(frozen=True)
class RemoveWater(TinAction):
    """One steam pump disc: remove one water cube from this area."""

    kind = "remove_water"
    area: str


@dataclass(frozen=True)
class StopPumping(TinAction):
    """Return the rest of the stack unused (TIN-R41)."""

    kind = "stop_pumping"


# --- Phases five and six ---------------------------------------------------------

@dataclass(frozen=True)
class Invest(TinAction):
    """Place one investment cube in this column of the current turn's row."""

    kind = "invest"
    column: int


@dataclass(frozen=True)
class Decline(TinAction):
    """Make no (further) investment (TIN-R48)."""

    kind = "decline"


@dataclass(frozen=True)
class Prospect(TinAction):
    kind = "prospect"
    area: str
