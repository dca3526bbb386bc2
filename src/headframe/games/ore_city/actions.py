"""Ore City's actions: one frozen dataclass per kind of decision."""

from __future__ import annotations

from dataclasses import dataclass

from headframe.engine import Action

from .components import PUBLIC_WORKS, TYPES


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


DRAWS = tuple(Draw.of(kind) for kind in TYPES)  # by type index, built once: asked for at every draw


def every_action(game, players: int):
    """Every action Ore City can offer at this player count, in a fixed order."""
    tables = game.tables
    cards = list(tables.type)
    construction = [c for c in cards if tables.type[c] != PUBLIC_WORKS]
    most = tables.most_per_construction
    yield from (Discard.of(card) for card in construction)
    yield from (Construct.of(card, count, space) for card in construction
                for count in range(1, most + 1) for space in range(players))
    yield from (BookClose.of(), Exchange.of(), Flush.of(), Pass.of(), PoliceDecline.of(), EndGiving.of())
    yield from (Accomplish.of(card) for card in cards if tables.type[card] == PUBLIC_WORKS)
    yield from (AirportDiscard.of(card, space) for card in tables.technology
                for space in (*range(players), None))
    yield from (PoliceTake.of(opponent, kind) for opponent in range(players) for kind in TYPES)
    yield from (Give.of(card) for card in cards)
    yield from (Take.of(card) for card in cards)
    yield from (Draw.of(kind) for kind in TYPES)
