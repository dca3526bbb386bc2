"""Ore City's actions: one frozen dataclass per kind of decision."""

from __future__ import annotations

from dataclasses import dataclass

from headframe.engine import Action


class OreAction(Action):
    pass


# --- setup (rulebook §5 step 4) ------------------------------------------------

@dataclass(frozen=True)
class Discard(OreAction):
    """Setup: discard one card of this name from hand."""
    kind = "discard"
    card: str


# --- the six turn choices (rulebook §6) ------------------------------------------

@dataclass(frozen=True)
class Construct(OreAction):
    """§6a: construct `count` cards named `card` into the space of seat `space`."""
    kind = "construct"
    card: str
    count: int
    space: int


@dataclass(frozen=True)
class BookClose(OreAction):
    kind = "book_close"


@dataclass(frozen=True)
class Accomplish(OreAction):
    kind = "accomplish"
    card: str


@dataclass(frozen=True)
class Exchange(OreAction):
    kind = "exchange"


@dataclass(frozen=True)
class Flush(OreAction):
    kind = "flush"


@dataclass(frozen=True)
class Pass(OreAction):
    kind = "pass"


# --- steps inside a turn -----------------------------------------------------------

@dataclass(frozen=True)
class AirportDiscard(OreAction):
    """ORE-R32: discard this technology card; `space` None = own acquisition space."""
    kind = "airport_discard"
    card: str
    space: int | None


@dataclass(frozen=True)
class PoliceTake(OreAction):
    """ORE-R33: take a random card of this type from that opponent's hand."""
    kind = "police_take"
    opponent: int
    type: str


@dataclass(frozen=True)
class PoliceDecline(OreAction):
    kind = "police_decline"


@dataclass(frozen=True)
class Give(OreAction):
    """Exchange: put one card of this name from hand into the common space."""
    kind = "give"
    card: str


@dataclass(frozen=True)
class EndGiving(OreAction):
    kind = "end_giving"


@dataclass(frozen=True)
class Take(OreAction):
    """Exchange: take one card of this name from the common space."""
    kind = "take"
    card: str


@dataclass(frozen=True)
class Draw(OreAction):
    """Draw the top card of this type's draw pile (refill, Flush, Police Station)."""
    kind = "draw"
    pile: str
