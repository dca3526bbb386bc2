"""Ore City (俺の街, Ore no Machi) for 2 to 6 players: build residential,
commercial and industrial cards in your own and your neighbours' construction
spaces, book-close them for coins and technology, and accomplish Public Works
for victory points; the first to 10 VP wins."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from headframe.engine import Action as BaseAction
from headframe.engine import Game
from headframe.engine.glossary import Entry
from headframe.engine.observation import ObservationLayout

from . import board, encoding, glossary, heuristic, text
from .actions import OreAction, every_action
from .components import SCHEMA, Tables
from .options import OreCityOptions
from .state import OreCityState

__all__ = ["OreCity", "OreCityOptions", "OreCityState", "OreAction"]


class OreCity(Game):
    name = "ore-city"
    title = "Ore City"
    rules_version = 1
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
    turn_guide = (
        "On your turn take one action: construct, take a book-closing action, accomplish a Public Work, exchange "
        "cards with the common space, flush, or pass. Then refill your hand to three cards, one at a time, "
        "from the piles you choose. Constructions and book-closing earn coins; Public Works cost coins and "
        "score victory points. The first to 10 victory points wins.")
    summary = text.SUMMARY
    score_name = "VP"  # the winner is the first to 10 VP (its result's score is 1 for the winner: ORE-R36)
    score_statistic = "vp"
    statistic_labels = {
        "score_win": "Win (first to 10 VP)", "vp": "Victory Points", "coins": "Coins at the end",
        "technology": "Technology at the end", "constructed_residential": "Residential cards constructed",
        "constructed_commercial": "Commercial cards constructed", "constructed_industrial": "Industrial cards constructed",
        "coins_spent_constructing": "Coins spent on constructions", "coins_spent_accomplishing": "Coins spent on Public Works",
        "income_constructing": "Coins earned at constructions", "income_book_closing": "Coins earned at book-closings",
        "book_closings": "Book-closings", "police_takes": "Cards taken with a Police Station",
    }

    @cached_property
    def tables(self) -> Tables:
        return Tables(self.components)

    def decision_limit(self, players: int) -> int:
        # The printed game has no turn limit (ORE-R37); this is the bound random play
        # stays well inside (see docs/games/ore-city.md), not a bound of the rules.
        return 2500 * players

    def search_depth(self, players: int) -> int:
        return 40  # heuristic rollouts are dear: 40 decisions (some 18 turns) buy 4-5x the iterations

    def heuristic(self, state, seat: int, rng) -> BaseAction:
        return heuristic.choose(state, seat, rng)

    def evaluate(self, state) -> list[float]:
        if state.is_over():
            return super().evaluate(state)
        return heuristic.evaluate(state)

    def enumerate_actions(self, players: int):
        return every_action(self.tables, players)

    def observation_layout(self, players: int, options: Any = None) -> ObservationLayout:
        return encoding.layout_for(self, players, options)

    def encode_observation(self, view: dict[str, Any]) -> list[float]:
        return encoding.encode(self, view)

    def render_board(self, view: dict[str, Any], narrow: bool = False) -> str:
        return board.render(self, view, narrow)

    def render_text(self, view: dict[str, Any]) -> str:
        return text.render_text(self, view)

    def describe_event(self, entry: dict[str, Any]) -> str:
        return text.event(self, entry)

    def describe_action(self, action: BaseAction) -> str:
        return text.action(self, action)

    def round_of(self, state) -> int:
        limit = state.options.round_limit  # a round limit ends the game as the round after it begins
        return state.round if limit is None else min(state.round, limit)

    def standing(self, state) -> list[int]:
        return list(state.vp)

    def gains(self, before: dict[str, Any], after: dict[str, Any]) -> str:
        return text.gains(before, after)

    def value_names(self) -> dict[str, str]:
        return text.value_names(super().value_names())

    def statistic_label(self, key: str) -> str:
        card = key.removeprefix("vp_")  # VP by Public Work: vp_city_hall
        if card != key and card in self.tables.vp:
            return f"VP from {self.tables.name[card]}"
        return super().statistic_label(key)

    def explanations(self) -> list[Entry]:
        return glossary.explanations(self)
