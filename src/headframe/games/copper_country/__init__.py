"""Copper Country (CMX Games, 2015) for 2 to 4 players: hire miners, work mine
sites shift by shift, build company, shaft and hoist houses, and produce the
most copper before the poor rock runs out.

The game in one declaration: its rules (the State, the Actions, the component
Tables), and its presentation (presentation.py) and learning (learning.py), facets
imported only by what uses them (issue #55)."""

from __future__ import annotations

from headframe.engine import Game
from headframe.engine.learning import Learning
from headframe.engine.presentation import Presentation

from .actions import CopperAction
from .components import SCHEMA, Tables
from .options import CopperCountryOptions
from .state import CopperCountryState


def load_presentation() -> Presentation:
    from .presentation import PRESENTATION  # its board, text and words: loaded by what shows the game
    return PRESENTATION


def load_learning() -> Learning:
    from .learning import LEARNING  # its action space, observation and heuristic: loaded by what learns
    return LEARNING


class CopperCountry(Game):
    name = "copper-country"
    title = "Copper Country"
    rules_version = 1
    players = (2, 3, 4)  # COP-R1
    Options = CopperCountryOptions
    State = CopperCountryState
    Action = CopperAction
    short_options = {"short_game": "eras_1_2", "turn_limit": 30}  # COP-R44; COP-R58 bounds weak play
    option_sets = (  # COP-R58: random play can go on for tens of thousands of decisions without a limit
        {"turn_limit": 200},
        {"board": "winter", "turn_limit": 200},
        {"use_company_cards": False, "use_local_business": False, "use_events": False, "short_game": "eras_1_2",
         "turn_limit": 40},
        {"short_game": "era_3_intro", "turn_limit": 100},
    )
    score_name = "copper"  # the most copper wins
    statistic_labels = {
        "score_copper": "Copper value of the copper pile",
        "score_company_claim": "Company claim",
        "score_specialization": "Resource specialization score",
        "copper_cards": "Copper cards produced",
        "turns": "Turns played",
        "shifts": "Shifts worked",
        "resources_paid": "Resources played",
        "poor_rock_placed": "Poor rock placed",
        "surveys": "Terrain tokens surveyed",
        "company_houses": "Company houses built",
        "shaft_houses": "Shaft houses built",
        "hoist_houses": "Hoist houses built",
        "miners_to_unrest": "Miners sent to unrest",
        "miners_to_cemetery": "Miners sent to the cemetery",
    }
    round_name = "Era"
    data_file = "copper-country.data.yaml"
    schema = SCHEMA
    turn_guide = (
        "On your turn take two management actions (capital call, survey, build, prospect, negotiate or "
        "immigrate; the same one twice if you like), then one labor action (work, stockpile, relocate or "
        "payroll), then discard down to the era's hand limit. To work, your ready miner goes to a mine site: "
        "each shift reveals a production card, and you choose one of its rows and carry out every icon on it. "
        "The game ends after the shift that takes the last poor rock off the industry track; the most copper wins.")
    summary = """\
2-4 players produce copper by working mine sites; most copper wins.
Setup: terrain tokens face down, era 1 capital and production decks, 3 cards each,
4 community cards, a company card each, 33 poor rock on the industry track; each
player contracts 1 miner, ready, at a camp.
A turn: 2 management actions (capital call, survey, build, prospect, negotiate,
immigrate; the same one twice is allowed), 1 labor action (work, stockpile,
relocate, payroll; From Struggle to Shutdown when desperate), then dividends:
discard down to the era's hand limit (4, 5, 6).
Work: move the ready miner at most one step to a mine site and exert it; take up
to 2 shifts + the best bonus of your shaft/hoist houses there (+2, powered +4)
- the poor rock penalty (1, 3, 6). Each shift reveals a production card: choose
one row and fulfil every icon (pay resources, send miners to unrest/cemetery,
place poor rock, produce copper, take or complete a claim, pass).
Poor rock comes off the industry track in order; icons revealed bring local
businesses, events and eras 2 and 3 (new cards, bigger hands, shaft houses in
era 2, hoist houses in era 3). A face-down terrain token stops work after the
first shift; resource tokens convert once per shift; the company 2:1 too.
Company houses at adjacent camps: ignore unrest (1), cemetery (2), redraw (3),
once per turn.
The game ends after the shift that removes the last poor rock: copper value,
+10 for the company claim, the highest specialization adds its score; ties are
broken without cemetery cards, then without unrest cards too.
"""

    Tables = Tables
    presents = staticmethod(load_presentation)
    learns = staticmethod(load_learning)

    def decision_limit(self, players: int) -> int:
        # Random play mostly needs under 11,000, but the rules set no bound (COP-R42): one random
        # game ran to 67,000. The option sets bound every game with a turn limit (COP-R58).
        return 40000


__all__ = ["CopperCountry", "CopperCountryOptions", "CopperCountryState"]
