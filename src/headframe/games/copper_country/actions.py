"""Copper Country's actions: each small decision of a turn is one kind."""

from __future__ import annotations

from dataclasses import dataclass

from headframe.engine import Action


class CopperAction(Action):
    pass


@dataclass(frozen=True)
class Contract(CopperAction):
    """Contract a miner from unskilled, ready at a camp ("" = decline, payroll only)."""
    kind = "contract"
    camp: str


@dataclass(frozen=True)
class Manage(CopperAction):
    """Choose a management action: capital_call, survey, build, prospect, negotiate, immigrate."""
    kind = "manage"
    action: str


@dataclass(frozen=True)
class Labor(CopperAction):
    """Choose the labor action: work, stockpile, relocate, payroll, shutdown."""
    kind = "labor"
    action: str


@dataclass(frozen=True)
class UseBusiness(CopperAction):
    kind = "use_business"
    card: str


@dataclass(frozen=True)
class Take(CopperAction):
    """Take a community card (slot 0-3) or the top of the capital deck (-1)."""
    kind = "take"
    slot: int


@dataclass(frozen=True)
class Survey(CopperAction):
    kind = "survey"
    site: str


@dataclass(frozen=True)
class MoveRock(CopperAction):
    """Move the poor rock on this space onto the surveyed poor-rock token."""
    kind = "move_rock"
    space: str


@dataclass(frozen=True)
class ChooseBuilding(CopperAction):
    kind = "choose_building"
    building: str


@dataclass(frozen=True)
class Build(CopperAction):
    """Build at a camp (company house) or build space (shaft/hoist house)."""
    kind = "build"
    place: str


@dataclass(frozen=True)
class Prospect(CopperAction):
    """Return this card on top of the production deck ("" = discard both)."""
    kind = "prospect"
    keep: str


@dataclass(frozen=True)
class WorkAt(CopperAction):
    kind = "work_at"
    miner: int
    site: str


@dataclass(frozen=True)
class StockpileAt(CopperAction):
    kind = "stockpile_at"
    miner: int
    camp: str


@dataclass(frozen=True)
class Keep(CopperAction):
    """Keep this one of the capital cards looked at; the other is discarded."""
    kind = "keep"
    card: str


@dataclass(frozen=True)
class Relocate(CopperAction):
    kind = "relocate"
    miner: int
    camp: str


@dataclass(frozen=True)
class Accept(CopperAction):
    """Yes or no: ready the relocated miner, take another shift, an event's offer."""
    kind = "accept"
    yes: bool


@dataclass(frozen=True)
class ChooseRow(CopperAction):
    """Resolve the revealed card with this row; `claim` is "held" or "company"
    when the row completes a claim, else ""."""
    kind = "choose_row"
    row: int
    claim: str


@dataclass(frozen=True)
class Redraw(CopperAction):
    """Company-house ability (3 houses): discard the revealed card and reveal the next."""
    kind = "redraw"


@dataclass(frozen=True)
class Play(CopperAction):
    """Play a capital card's `resource` for one `need` of this shift by `via`
    (direct, terrain, machine, railroad, pair, terrain_pair)."""
    kind = "play"
    card: str
    resource: str
    need: str
    via: str


@dataclass(frozen=True)
class Casualty(CopperAction):
    """For an unrest or cemetery icon: send the working miner, an unskilled one,
    or ignore it with a company-house ability."""
    kind = "casualty"
    miner: str


@dataclass(frozen=True)
class PlaceRock(CopperAction):
    """Place the next poor rock on a space; `token` names the mine site whose empty
    face-up poor-rock token receives it instead ("" if none)."""
    kind = "place_rock"
    space: str
    token: str


@dataclass(frozen=True)
class Discard(CopperAction):
    kind = "discard"
    card: str


@dataclass(frozen=True)
class Sacrifice(CopperAction):
    """An event's victim: a miner on the board by its number, or -1 for an unskilled one."""
    kind = "sacrifice"
    miner: int


@dataclass(frozen=True)
class Done(CopperAction):
    """Decline an optional business or event offer; end the turn's last window."""
    kind = "done"
