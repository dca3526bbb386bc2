"""Copper Country's state: its data, and the hooks the engine calls (the rules modules' functions).

A turn runs as an agenda of tasks (`tasks`, plain lists `[step, seat, ...]`)
read by the flow (flow.py): the head task is the step the game waits in, either
a decision of its seat or an automatic step that runs at once. Moves push their
follow-up tasks at the head, so a turn's management, labor and dividends
actions, a work action's shifts and an event's parts unroll in rulebook order.
After every action a seat forgets the top production card it knew once that
card has left the top (view.forget_stale_peeks).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from headframe.engine import State
from headframe.engine.shapes import Shapes

from . import scoring, view
from . import setup as game_setup
from . import track as industry_track
from .flow import FLOW

if TYPE_CHECKING:
    from . import CopperCountry
    from .components import Board, Tables


class CopperCountryState(State):
    DERIVED = ("tables", "board", "icons")  # see `derive`
    __slots__ = (*DERIVED,
        "era", "first", "current", "track_next", "track_end", "rock", "terrain", "surveyed",
        "token_rock", "terrain_aside", "houses", "builds", "supply", "miner_at", "miner_ready", "hands",
        "hand_public", "capital_deck", "capital_discard", "community", "production_deck",
        "production_discard", "copper", "claim", "company", "company_done", "businesses",
        "business_pool", "event_pools", "events_played", "used", "tasks", "work", "shift", "payment",
        "looking", "peek", "ending", "over", "capital_version", "drawn", "turns",
    )
    game: CopperCountry  # a state's game is always the game that made it
    tables: Tables
    board: Board
    icons: list[str]  # read only: the game's cached layout
    era: int
    first: int
    current: int
    track_next: int
    track_end: int
    rock: dict[str, int]
    terrain: dict[str, str]
    surveyed: dict[str, bool]
    token_rock: dict[str, bool]
    terrain_aside: list[str]
    houses: dict[str, list[int]]
    builds: dict[str, list[int | str]]
    supply: list[list[int]]
    miner_at: list[list[str]]
    miner_ready: list[list[bool]]
    hands: list[list[str]]
    hand_public: list[list[str]]
    capital_deck: list[str]
    capital_discard: list[str]
    community: list[str]
    production_deck: list[str]
    production_discard: list[str]
    copper: list[list[str]]
    claim: list[str]
    company: list[str]
    company_done: list[bool]
    businesses: list[str]
    business_pool: list[str]
    event_pools: dict[str, list[str]]
    events_played: list[str]
    used: list[str]
    tasks: list[list[Any]]
    work: dict[str, Any] | None
    shift: dict[str, Any] | None
    payment: dict[str, Any] | None
    looking: list[str]
    peek: list[str]
    ending: bool
    over: bool
    capital_version: int
    drawn: dict[str, int]
    turns: int

    SHAPES = Shapes(
        same=("era", "first", "current", "track_next", "track_end", "ending", "over", "capital_version", "turns"),
        flat=("rock", "terrain", "surveyed", "token_rock", "terrain_aside", "capital_deck", "capital_discard",
              "community", "production_deck", "production_discard", "claim", "company", "company_done",
              "businesses", "business_pool", "events_played", "used", "looking", "peek", "drawn"),
        rows=("supply", "miner_at", "miner_ready", "hands", "hand_public", "copper", "tasks"),  # per seat; per task
        keyed=("houses", "builds", "event_pools"),
        optional=("work", "shift", "payment"),
    )
    flow = FLOW

    # --- the engine's hooks: the rules modules' functions, and what has logic of its own ------

    def derive(self) -> tuple[Tables, Board, list[str]]:
        """The game's tables, the board of the options, and the icon under each industry-track
        space, which the options fix (COP-R35)."""
        tables = self.game.tables
        return tables, tables.boards[self.options.board], industry_track.track_layout(tables, self.options)[0]

    setup = game_setup.setup  # the engine then proceeds to the first decision
    validate = game_setup.validate

    def perform(self, seat: int, action) -> None:
        FLOW.perform(self, seat, action)
        if any(self.peek):  # mostly no seat knows the top card: no call
            view.forget_stale_peeks(self)

    observe = view.observe
    resample_hidden = view.resample_hidden
    final_result = scoring.final_result
    statistics = scoring.statistics
    progress = scoring.progress
