"""Coal Country (Kane Click, Rio Grande Games 2017) for 2 to 4 players, with the
long game, A Reformed Industry and An Industry Amok.

The game declared (issue #55): its rules are the modules named after the rulebook's chapters;
what shows it (presentation.py) and what learns and searches (learning.py) are loaded only
by what uses them."""

from __future__ import annotations

from headframe.engine import Game
from headframe.engine.learning import Learning
from headframe.engine.presentation import Presentation

from .actions import CoalAction
from .components import SCHEMA, Tables
from .options import CoalCountryOptions
from .state import CoalCountryState


def load_presentation() -> Presentation:
    from .presentation import PRESENTATION  # its board, text and words: loaded by what shows the game
    return PRESENTATION


def load_learning() -> Learning:
    from .learning import LEARNING  # its action space, observation and heuristic: by what learns or searches
    return LEARNING


class CoalCountry(Game):
    name = "coal-country"
    title = "Coal Country"
    rules_version = 1
    players = (2, 3, 4)  # COAL-R1
    Options = CoalCountryOptions
    State = CoalCountryState
    Action = CoalAction
    option_sets = (
        {},
        {"reformed_industry": True},
        {"industry_amok": True},
        {"rounds": 8},
        {"rounds": 8, "reformed_industry": True, "industry_amok": True, "permit_incentive_effect": "look_two_keep_one",
         "utility_type_choice": "declared_at_placement", "market_bag_refill": "when_empty"},
        {"fee_schedule": "gentle", "foreman_values": "single_four", "unplaced_fee_timing": "end_of_reveal",
         "pass_fee_scope": "brokers_and_utilities", "idle_building_fee": False,
         "desk_resolution_order": "construction_company,utility_market,permit_office",
         "mine_placement": "matching_opening", "autoproduction_requires_connection": False,
         "broker_price_adjustment": "plus_influence", "permit_access": "any_stack",
         "permit_supplied_test": "all_adjacent",
         "building_price_market_adjusted": True, "construction_influence_gate": True,
         "construction_closing": "when_display_empty", "utility_supply": "unlimited",
         "permit_foremen_per_player": "1", "construction_foremen_per_player": "1"},
    )
    # The score parts are money: earned (coal sales), paid (fees, permits, cubes, buildings) or the inspection's.
    score_name = "money ($)"  # the richest player wins
    statistic_labels = {
        "score_start_money": "Starting money", "score_sales": "Coal sales", "score_penalties": "Fees paid as penalties",
        "score_permits": "Mining permits and incentives", "score_utility_cubes": "Utility cubes",
        "score_buildings": "Buildings", "score_inspection": "End-of-year inspection",
        "coal_mined": "Coal mined", "coal_sold": "Coal sold", "cubes_bought": "Utility cubes bought",
        "buildings_bought": "Buildings bought",
        "refuse_made": "Refuse cubes made", "refuse_removed": "Refuse cubes removed",
        "mineshaft_tiles": "Mineshaft tiles placed", "inspection_fees": "Inspection fees (over 0 a fine, under 0 a bonus)",
    }
    data_file = "coal-country.data.yaml"
    schema = SCHEMA
    turn_guide = (
        "Each round everyone places their nine foremen in secret, one at a time: on village buildings, mine "
        "tiles, the coal brokers, the permit office, the utility market, the construction company, utility "
        "storage or the refuse pile. A foreman left unplaced costs fees equal to its influence. Then the areas "
        "resolve in order, and a foreman's influence (0 to 4) says how much it does. After six rounds and the "
        "end-of-year inspection, the most money wins.")
    summary = """\
Run a coal company for six rounds; the most money wins.
Each round, all place their nine foremen (influence 0-4) in secret: on
village buildings, connected mine tiles, the coal brokers (one; a must in
round 1), the permit office, the utility market (two, maybe in tandem), the
construction company, utility storage and the refuse pile.
Unplaced foremen cost fees equal to their influence.
Then areas resolve in order: village, mine, brokers, permits, utilities,
construction, storage, refuse.
Mining yields by influence, half on a tile lacking wood, water or power;
supplied tiles also auto-produce; each mining foreman makes one refuse.
Lowest influence sells first at max(1, M + e - 2) a coal, where
M = max(1, 10 - stockpile/10 + market); sales raise reported earnings.
Every price is in fees: 5 + earnings/20 dollars.
Idle sellers and buyers, and passing desk foremen, pay their influence.
Permit stack N needs influence N (or a 2-fee incentive); a tile costs N fees
next to a supplied tile, else 2N. Cubes cost 1 fee; buildings their base cost.
Rounds 2, 4, 6 (8): earnings reset to cash. Coal is discarded (Coal Shed: 5).
End: inspection, +1 fee per missing utility and refuse, +2 per open tunnel,
-1 per stored cube, -2 per building; ties go to more mineshaft tiles.
Variants: A Reformed Industry and An Industry Amok (combinable)."""

    Tables = Tables
    presents = staticmethod(load_presentation)
    learns = staticmethod(load_learning)

    def decision_limit(self, players: int) -> int:
        # per seat and round: 10 placements, 5 exchanges, 1 church, 2 sale, 9 x 4 permit, 2 x 11 cubes,
        # 9 x 2 construction, 5 storage, 1 refuse, 1 report collision: under 110
        return 110 * players * 8


__all__ = ["CoalCountry"]
