"""Copper Country's actions: each small decision of a turn is one kind."""

from __future__ import annotations

from dataclasses import dataclass

from headframe.engine import Action

from .components import MINERS_PER_PLAYER
from .payment import ways_to_pay


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



def enumerate_actions(game, players: int):
    """Every action either board can ever offer, at any player count, in a fixed order. A
    capital card is played only by the routes some payment can open (`ways_to_pay`); only the
    rows that complete a claim on some production card name one."""
    t = game.tables
    boards = list(t.boards.values())
    camps = sorted({c for b in boards for c in b.camps})
    sites = sorted({s for b in boards for s in b.sites})
    spaces = sorted({p for b in boards for p in b.spaces})
    builds = sorted({x for b in boards for x in b.builds})
    capital, production = sorted(t.capital), sorted(t.rows)
    miners = range(MINERS_PER_PLAYER)
    yield from (Contract.of(c) for c in camps + [""])
    yield from (Manage.of(k) for k in ("survey", "build", "prospect", "negotiate", "immigrate"))
    yield from (Labor.of(k) for k in ("stockpile", "relocate", "payroll", "shutdown"))
    yield from (UseBusiness.of(c) for c in sorted(t.businesses))
    yield from (Take.of(slot) for slot in range(-1, t.community_size))
    yield from (Survey.of(s) for s in sites)
    yield from (MoveRock.of(p) for p in spaces)
    yield from (ChooseBuilding.of(k) for k in ("company_house", "shaft_house", "hoist_house"))
    yield from (Build.of(place) for place in camps + builds)
    yield from (Prospect.of(c) for c in [""] + production)
    yield from (WorkAt.of(m, s) for m in miners for s in sites)
    yield from (StockpileAt.of(m, c) for m in miners for c in camps)
    yield from (Keep.of(c) for c in capital)
    yield from (Relocate.of(m, c) for m in miners for c in camps)
    yield from (Accept.of(yes) for yes in (True, False))
    most_rows = max(len(rows) for rows in t.rows.values())
    completing = {index for rows in t.rows.values() for index, row in enumerate(rows) if row.complete_claim}
    yield from (ChooseRow.of(r, claim) for r in range(most_rows)
                for claim in (("", "held", "company") if r in completing else ("",)))
    yield Redraw.of()
    terrains = sorted({r for r in t.terrain.values() if r != "poor_rock"})
    ways = ways_to_pay(terrains, sorted({c["two_for_one_resource"] for c in t.companies.values()}))
    for card in capital:
        for resource in t.capital[card][1]:
            yield from (Play.of(card, resource, need, via) for need, via in ways[resource])
    yield from (Casualty.of(k) for k in ("working", "unskilled", "ignore"))
    rocks = sorted({(p, tok) for b in boards for p in b.spaces for tok in ("",) + b.space_sites[p]})
    yield from (PlaceRock.of(p, tok) for p, tok in rocks)
    yield from (Discard.of(c) for c in capital)
    yield from (Sacrifice.of(m) for m in range(-1, MINERS_PER_PLAYER))
    yield Done.of()
