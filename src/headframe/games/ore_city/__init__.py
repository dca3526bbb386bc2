"""Ore City (俺の街, Ore no Machi) for 2 to 6 players: build residential,
commercial and industrial cards in your own and your neighbours' construction
spaces, book-close them for coins and technology, and accomplish Public Works
for victory points; the first to 10 VP wins.

The game in one declaration: its rules (the State, the Actions, the component
Tables), and its presentation (presentation.py) and learning (learning.py), facets
imported only by what uses them (issue #55)."""

from __future__ import annotations

from headframe.engine import Game
from headframe.engine.learning import Learning
from headframe.engine.presentation import Presentation

from .actions import OreAction
from .components import SCHEMA, Tables
from .options import OreCityOptions
from .state import OreCityState

__all__ = ["OreCity", "OreCityOptions", "OreCityState", "OreAction"]

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


def load_presentation() -> Presentation:
    from .presentation import PRESENTATION  # its board, text and words: loaded by what shows the game
    return PRESENTATION


def load_learning() -> Learning:
    from .learning import LEARNING  # its action space, observation and heuristic: loaded by what learns
    return LEARNING


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
    Tables = Tables
    turn_guide = (
        "On your turn take one action: construct, take a book-closing action, accomplish a Public Work, exchange "
        "cards with the common space, flush, or pass. Then refill your hand to three cards, one at a time, "
        "from the piles you choose. Constructions and book-closing earn coins; Public Works cost coins and "
        "score victory points. The first to 10 victory points wins.")
    summary = SUMMARY
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
    presents = staticmethod(load_presentation)
    learns = staticmethod(load_learning)

    def decision_limit(self, players: int) -> int:
        # The printed game has no turn limit (ORE-R37); this is the bound random play
        # stays well inside (see docs/games/ore-city.md), not a bound of the rules.
        return 2500 * players
