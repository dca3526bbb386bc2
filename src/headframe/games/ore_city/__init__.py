"""Ore City (俺の街, Ore no Machi) for 2 to 6 players: build residential,
commercial and industrial cards in your own and your neighbours' construction
spaces, book-close them for coins and technology, and accomplish Public Works
for victory points; the first to 10 VP wins."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from headframe.engine import Action, Game, Options, option

from headframe.engine.observation import ObservationLayout

from . import board, encoding, heuristic, render
from .actions import (
    Accomplish, AirportDiscard, BookClose, Construct, Discard, Draw, EndGiving, Exchange, Flush, Give, OreAction,
    Pass, PoliceDecline, PoliceTake, Take,
)
from .components import PUBLIC_WORKS, SCHEMA, TYPES, Tables
from .state import OreCityState

__all__ = ["OreCity", "OreCityOptions", "OreCityState", "OreAction"]


@dataclass(frozen=True)
class OreCityOptions(Options):
    residential_payout_table: str = option(
        "reconstructed", "Residential payout tables (ORE-R25)", choices=("reconstructed", "linear"))
    majority_ranking: str = option(
        "dense", "Whether a tie for 1st leaves room for a 2nd (ORE-R24)", choices=("dense", "competition"))
    airport_discard_timing: str = option(
        "before_cost", "Airport: discard before or after its cost is computed (ORE-R32)",
        choices=("before_cost", "after_cost"))
    round_limit: int | None = option(
        None, "End as a draw after this many rounds; not a rule of the game (ORE-R37, INVENTED)", minimum=1)


SUMMARY = """\
Goal: be the first to 10 victory points (VP), scored only by accomplishing Public Works (PW).
Setup: each player draws one Residential, one Commercial and one Industrial card; the 2nd..6th
  players in turn order then draw 1..5 Residential cards and discard as many; 5 Residential
  cards form the face-up common space (PWs there always lie face down).
Each turn take one action, then refill your hand to 3 cards, one by one, from piles you choose:
  Construction: play one card, or several of the same name for one cost, into your own space
    or a non-empty neighbour's space holding the same type (one type per space). Technology
    lowers costs. Commercial cards earn coins from Residential cards in adjacent spaces.
  Book-closing: resolve your own space, then discard it. Residential cards pay majority
    holders by name (1st and 2nd; ties take the full amount); Commercial cards pay 1G each;
    Highways pay 1G; Wind Turbine / Small Factory / Chemical Factory are acquired for
    technology 1 / 1 / 2. Everyone gains from the cards they constructed.
  Accomplishment: play your PW, pay its cost, score its VP, resolve its ability
    (City Hall, Hospital, University, Airport, Police Station).
  Exchange: swap any number of hand cards with the common space (you see its face-down PWs).
  Flush: discard your hand and the common space; draw 3 and deal 5 new Residential cards.
  Pass.
Factories limit each player's Residential/Commercial income in adjacent spaces to 1G per
  event, unless the space holds a Park. Highways pay 1G whenever adjacent Commercial cards earn.
You may hold only one PW. Hand sizes and card types, coins, VP and all spaces are public.
The game ends the moment a player reaches 10 VP: that player wins, all others lose."""


class OreCity(Game):
    name = "ore-city"
    title = "Ore City"
    players = (2, 3, 4, 5, 6)
    Options = OreCityOptions
    State = OreCityState
    Action = OreAction
    short_options = {"round_limit": 8}  # ORE-R37: whole games, even with choices that never score
    option_sets = (
        {},
        {"majority_ranking": "competition", "residential_payout_table": "linear"},
        {"airport_discard_timing": "after_cost", "round_limit": 40},
    )
    data_file = "ore-city.data.yaml"
    schema = SCHEMA
    summary = SUMMARY

    @cached_property
    def tables(self) -> Tables:
        return Tables(self.components)

    def decision_limit(self, players: int) -> int:
        # The printed game has no turn limit (ORE-R37); this is the bound random play
        # stays well inside (see docs/games/ore-city.md), not a bound of the rules.
        return 2500 * players

    def search_depth(self, players: int) -> int:
        return 40  # heuristic rollouts are dear: 40 decisions (some 18 turns) buy 4-5x the iterations

    def heuristic(self, state, seat: int, rng) -> Action:
        return heuristic.choose(state, seat, rng)

    def evaluate(self, state) -> list[float]:
        """Each seat's chance of winning, judged by its progress toward 10 VP:
        VP, plus coins and technology as VP still to buy (winner takes all, ORE-R36)."""
        if state.is_over():
            return super().evaluate(state)
        progress = [
            0.5 + min(state.vp[s] + state.coins[s] / 8 + state.technology[s] / 2, 12.0) ** 2
            for s in range(state.players)
        ]
        total = sum(progress)
        return [p / total for p in progress]

    def enumerate_actions(self, players: int):
        """Every action Ore City can offer at this player count, in a fixed order."""
        tables = self.tables
        cards = list(tables.type)
        construction = [c for c in cards if tables.type[c] != PUBLIC_WORKS]
        most = self.components["constants"]["max_cards_per_construction"]  # ORE-R15
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

    def observation_layout(self, players: int, options: Any = None) -> ObservationLayout:
        if not isinstance(options, self.Options):  # a view's options are valid: parse them once per kind
            options = self._parsed_options(json.dumps(options, sort_keys=True))
        round_limited = options.round_limit is not None  # the only option the layout depends on
        layouts = self.__dict__.setdefault("_observation_layouts", {})
        key = (players, round_limited)
        if key not in layouts:
            layouts[key] = encoding.layout(self, players, round_limited)
        return layouts[key]

    @lru_cache(maxsize=64)
    def _parsed_options(self, options: str) -> Options:
        return self.Options.from_dict(json.loads(options))

    def encode_observation(self, view: dict[str, Any]) -> list[float]:
        return encoding.encode(self, view)

    def render_board(self, view: dict[str, Any]) -> str:
        return board.render(self, view)

    def render_text(self, view: dict[str, Any]) -> str:
        return render.text(self, view)

    def describe_event(self, entry: dict[str, Any]) -> str:
        return render.event(self, entry)

    def describe_action(self, action: Action) -> str:
        return render.action(self, action)
