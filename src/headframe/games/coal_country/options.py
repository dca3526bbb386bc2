"""The options of Coal Country: every option of the components file (section 4)."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

from headframe.engine import Options, option

DESK = ("permit_office", "utility_market", "construction_company")
DESK_ORDERS = tuple(",".join(order) for order in permutations(DESK))


@dataclass(frozen=True)
class CoalCountryOptions(Options):
    rounds: int = option(6, "6 rounds, or the 8-round long game (COAL-R2)", choices=(6, 8))
    utility_supply: str = option("limited", "47 cubes per utility type, or unlimited (COAL-R7)",
                                 choices=("limited", "unlimited"))
    fee_schedule: str = option("steep", "fee = 5 + floor(E/20), or slower growth above $100 (COAL-R8)",
                               choices=("steep", "gentle"))
    foreman_values: str = option("standard", "0,1,1,2,2,3,3,4,4 or 0,1,1,1,2,2,3,3,4 (COAL-R17)",
                                 choices=("standard", "single_four"))
    permit_foremen_per_player: str = option("unlimited", "foremen a player may send to the permit office (COAL-R20)",
                                            choices=("unlimited", "1"))
    construction_foremen_per_player: str = option(
        "unlimited", "foremen a player may send to the construction company (COAL-R20)", choices=("unlimited", "1"))
    unplaced_fee_timing: str = option("start_of_reveal", "when unplaced foremen are charged (COAL-R24)",
                                      choices=("start_of_reveal", "end_of_reveal"))
    pass_fee_scope: str = option("all_desk_spaces", "whether idle permit and construction foremen pay a fee (COAL-R26)",
                                 choices=("all_desk_spaces", "brokers_and_utilities"))
    idle_building_fee: bool = option(True, "whether idle Village Store and under-strength Tavern or Church foremen "
                                           "pay a fee (COAL-R26)")
    desk_resolution_order: str = option(DESK_ORDERS[0], "order of desk steps after the coal brokers (COAL-R28)",
                                        choices=DESK_ORDERS)
    mine_placement: str = option("adjacent_any", "whether a new tile must join through a matching opening (COAL-R39)",
                                 choices=("adjacent_any", "matching_opening"))
    autoproduction_requires_connection: bool = option(True, "whether only connected supplied tiles auto-produce "
                                                            "(COAL-R41)")
    broker_price_adjustment: str = option("influence_minus_two", "seller price M + e - 2 or M + e (COAL-R49)",
                                          choices=("influence_minus_two", "plus_influence"))
    permit_access: str = option("stack_at_most_influence", "whether influence limits the permit stacks (COAL-R51)",
                                choices=("stack_at_most_influence", "any_stack"))
    permit_incentive_effect: str = option("ignore_access_limit", "what the 2-fee incentive buys (COAL-R52)",
                                          choices=("ignore_access_limit", "look_two_keep_one"))
    permit_supplied_test: str = option("any_adjacent", "which neighbours must be supplied for the cheaper permit "
                                                       "(COAL-R53)", choices=("any_adjacent", "all_adjacent"))
    utility_type_choice: str = option("at_resolution", "whether utility buyers commit a cube type at placement "
                                                       "(COAL-R56)", choices=("at_resolution", "declared_at_placement"))
    building_price_market_adjusted: bool = option(False, "building price base cost + m fees (COAL-R58)")
    construction_influence_gate: bool = option(False, "building needs a foreman with e >= base cost (COAL-R59)")
    construction_closing: str = option("on_empty_draw", "when the construction company closes (COAL-R62)",
                                       choices=("on_empty_draw", "when_display_empty"))
    market_bag_refill: str = option("each_round", "when market cubes return to the bag (COAL-R69)",
                                    choices=("each_round", "when_empty"))
    reformed_industry: bool = option(False, "variant A Reformed Industry (COAL-R77)")
    industry_amok: bool = option(False, "variant An Industry Amok (COAL-R78)")
