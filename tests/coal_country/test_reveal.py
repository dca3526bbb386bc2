"""Foremen Reveal & Utilization: every area in its ruled order (COAL-R23 to COAL-R64)."""

import pytest

from headframe.games.coal_country import coal_brokers, construction_company, economy, permit_office, placement, reveal
from headframe.games.coal_country.actions import (
    Build,
    BuildOver,
    BuyCube,
    ChurchTarget,
    Decline,
    Exchange,
    Incentivize,
    Keep,
    PickStack,
    PlaceTile,
    RemoveRefuse,
    Sell,
    Stop,
    Supply,
)

from .helpers import DESIGN, add_tile, kinds, new, place_all, stop_until


def resolve(state, foremen: dict[int, list[tuple[str, int]]], pause: bool = True):
    """Skip placement: put these foremen down and start the reveal. With `pause`, the last
    seat's refuse pile foreman holds the round at step 8 so that nothing is discarded."""
    if pause and not any(loc == "RF" for loc, _ in foremen.get(state.players - 1, [])):
        foremen = {**foremen, state.players - 1: foremen.get(state.players - 1, []) + [("RF", 1)]}
        state.refuse[state.players - 1] += 1
    for seat in range(state.players):
        state.foremen[seat] = [[value, location] for location, value in foremen.get(seat, [])]
    state._decisions = {}
    placement.begin_reveal(state)
    state.flow.proceed(state)
    state._decisions = {}
    return state


def rich(players=2, **options):
    """Round 3, $500 each; unplaced foremen charged at the end so that fees below are the tested ones."""
    options.setdefault("unplaced_fee_timing", "end_of_reveal")
    state = new(players, round=3, **options)
    state.cash = [500] * players
    state.earnings = [100 + 10 * seat for seat in range(players)]  # fee $10, $10, $11, $11
    return state


# --- reveal sequence -------------------------------------------------------------------

def test_coal_r28_reveal_sequence_and_desk_order():  # COAL-R28
    state = new(2)
    assert reveal.steps(state)[:8] == ["unplaced", "village", "mine", "brokers", "permit", "market", "construction",
                                       "storage"]
    state = new(2, desk_resolution_order="construction_company,utility_market,permit_office")
    assert reveal.steps(state)[3:7] == ["brokers", "construction", "market", "permit"]


def test_coal_r23_values_revealed_area_by_area():  # COAL-R23
    state = rich()
    resolve(state, {0: [("CB", 3), ("CC", 2)], 1: [("CB", 1), ("PO", 4)]})
    view = state.view(1)
    own = view["players"][0]["foremen"]
    assert {"location": "CB", "value": 3} in own and {"location": "CC", "value": None} in own
    assert view["players"][0]["unplaced"] == [0, 1, 1, 2, 3, 4, 4]


# --- mining (step 2) -----------------------------------------------------------------------

def test_coal_r42_r43_r44_yields_autoproduction_and_refuse():  # COAL-R42, COAL-R43, COAL-R44; rulebook: Mineshaft
    state = rich()
    add_tile(state, 0, "2B", 0, 1, 0, cubes=7)  # fully supplied, linked
    add_tile(state, 1, "2B", 0, 1, 0, cubes=3)  # lacks electricity
    resolve(state, {0: [("M1", 3)], 1: [("M1", 3)]})
    assert state.coal == [4 + 2 + 2, 2 + 2]  # example: 6 with supply, 2 without; plus the entrance's 2
    assert state.refuse == [1, 1 + 1]  # seat 1 holds one refuse for the pause


def test_coal_r44_zero_yield_makes_no_refuse():  # COAL-R44
    state = rich()
    resolve(state, {0: [("M0", 0)]})
    assert state.coal[0] == 2 and state.refuse[0] == 0


def test_coal_r41_autoproduction_needs_connection():  # COAL-R41
    for option, expected in ((True, 2), (False, 2 + 2)):
        state = rich(autoproduction_requires_connection=option)
        add_tile(state, 0, "2B", 1, 0, 0, cubes=7)  # supplied but not linked
        resolve(state, {})
        assert state.coal[0] == expected


def test_ref2_no_autoproduction():  # COAL-R77 REF-2
    state = rich(reformed_industry=True)
    add_tile(state, 0, "2B", 0, 1, 0, cubes=7)
    resolve(state, {0: [("M1", 3)]})
    assert state.coal == [4, 0]


def test_coal_r32_church_adds_the_one_yield():  # COAL-R32; Appendix A: Church
    state = rich()
    state.lots[0][0], state.lot_round[0][0] = "church", 1
    add_tile(state, 0, "2B", 0, 1, 0, cubes=7)
    add_tile(state, 0, "2B", 0, 2, 0, cubes=3)
    resolve(state, {0: [("B0", 3), ("M1", 3), ("M2", 4)]})
    assert state.to_move() == (0,) and state.sub["stage"] == "church"
    state.apply(0, ChurchTarget.of(2))  # unsupplied: 5 // 2 + 2 // 2, halved separately
    assert state.coal[0] == (4 + 2) + 2 + (2 + 1) and state.refuse[0] == 2


def test_coal_r32_church_example_and_single_miner():  # COAL-R32 worked example: 4 + 2 + 2 = 8
    state = rich()
    state.lots[0][0], state.lot_round[0][0] = "church", 1
    state.mine[0][0][4] = 0  # the entrance loses its cubes: no auto-production there
    add_tile(state, 0, "2B", 0, 1, 0, cubes=7)
    state.mine[0][1][3] = 0
    state.mine[0][0][2] = DESIGN["4B"]  # a cross entrance keeps 2B linked
    resolve(state, {0: [("B0", 3), ("M1", 3)]})
    assert state.coal[0] == 8 and state.refuse[0] == 1


def test_coal_r22_r26_under_strength_church_and_tavern_pay():  # COAL-R22, COAL-R26
    state = rich(unplaced_fee_timing="start_of_reveal")
    state.lots[0][:2], state.lot_round[0][:2] = ["church", "tavern"], [1, 1]
    resolve(state, {0: [("B0", 2), ("B1", 3)]})
    assert state.cash[0] == 500 - (2 + 3) * 10 - 15 * 10  # plus the unplaced 0,1,1,2,3,4,4
    assert state.church[0] == -1 and not state.tavern[0]


def test_coal_r26_idle_building_fee_option():  # COAL-R26 option idle_building_fee
    state = rich(idle_building_fee=False, unplaced_fee_timing="end_of_reveal")
    state.lots[0][:2], state.lot_round[0][:2] = ["church", "tavern"], [1, 1]
    resolve(state, {0: [("B0", 2), ("B1", 3)]})
    assert state.cash[0] == 500


def test_coal_r27_doctors_office_is_free():  # COAL-R27; Appendix A: Doctor's office
    state = rich(unplaced_fee_timing="end_of_reveal")
    state.lots[0][0], state.lot_round[0][0] = "doctors_office", 1
    resolve(state, {0: [("B0", 4)]})
    assert state.cash[0] == 500


# --- village buildings (step 1) --------------------------------------------------------------

def test_coal_r33_village_store_exchange():  # COAL-R33; Appendix A: Village store
    state = rich(unplaced_fee_timing="end_of_reveal")
    state.lots[0][0], state.lot_round[0][0] = "village_store", 1
    state.storage[0] = [2, 0, 1]
    resolve(state, {0: [("B0", 2)]})
    assert state.step == "village" and state.sub["stage"] == "exchange"
    actions = set(state.legal_actions(0))
    assert Exchange.of("wood", "water") in actions and Exchange.of("wood", "wood") not in actions
    state.apply(0, Exchange.of("wood", "water"))
    # no type both returned and taken: water may no longer be given, wood no longer taken
    actions = set(state.legal_actions(0))
    assert Exchange.of("electricity", "wood") not in actions and Exchange.of("wood", "electricity") in actions
    assert Exchange.of("water", "electricity") not in actions
    supply = list(state.supply)
    state.apply(0, Exchange.of("wood", "electricity"))
    assert state.storage[0] == [0, 1, 2] and state.supply == [supply[0] + 1, supply[1], supply[2] - 1]
    assert state.step != "village" and state.cash[0] == 500  # limit 2 reached, no fee


def test_coal_r26_village_store_exchanging_nothing_passes():  # COAL-R26, COAL-R33
    state = rich(unplaced_fee_timing="end_of_reveal")
    state.lots[0][0], state.lot_round[0][0] = "village_store", 1
    state.storage[0] = [1, 0, 0]
    resolve(state, {0: [("B0", 3)]})
    state.apply(0, Stop.of())
    assert state.cash[0] == 500 - 3 * 10


def test_coal_r31_tavern_raises_desk_influence():  # COAL-R31; Appendix A: Tavern
    state = rich(unplaced_fee_timing="end_of_reveal")
    state.lots[0][0], state.lot_round[0][0] = "tavern", 1
    state.coal = [5, 5]
    state.m, state.calendar = 0, [0, 0, 0, 0]
    resolve(state, {0: [("B0", 4), ("CB", 3)], 1: [("CB", 4)]})
    assert state.tavern[0]
    assert reveal.effective(state, 0, 3) == 4 and reveal.printed(state, 0, 3) == 3
    # e 4 vs e 4: ties by player order, seat 1 (higher earnings) first
    assert state.to_move() == (1,)
    state.apply(1, Sell.of(0))
    assert state.cash[1] == 500 - 4 * 10  # the fee uses printed influence
    price = coal_brokers.seller_price(state, 0, 3)
    assert price == economy.coal_price(state) + 2  # e 4


def test_coal_r35_one_foreman_per_building_kind():  # COAL-R35
    state = new(2, round=2)
    state.lots[0][:2], state.lot_round[0][:2] = ["tavern", "tavern"], [1, 1]
    locations = {a.location for a in state.legal_actions(0) if a.kind == "place"}
    assert {"B0", "B1"} <= locations
    state.apply(0, next(a for a in state.legal_actions(0) if a.kind == "place" and a.location == "B0"))
    assert "B1" not in {a.location for a in state.legal_actions(0) if a.kind == "place"}


def test_coal_r19_playable_building_built_this_round_takes_no_foreman():  # COAL-R19, COAL-R34
    state = new(2, round=2)
    state.lots[0][0], state.lot_round[0][0] = "tavern", 2
    state.lots[0][1], state.lot_round[0][1] = "school", 1
    locations = {a.location for a in state.legal_actions(0) if a.kind == "place"}
    assert "B0" not in locations and "B1" not in locations  # and permanent buildings never (COAL-R21)


def test_coal_r18_tailor_zero_counts_as_one():  # COAL-R18; Appendix A: Tailor
    state = rich()
    state.lots[0][0] = "tailor"
    assert reveal.printed(state, 0, 0) == 1
    resolve(state, {0: [("M0", 0)]})
    assert state.coal[0] == 2 + 2 and state.refuse[0] == 1  # Y(1) = 2 plus auto 2


# --- coal brokers (step 3) --------------------------------------------------------------------

def test_coal_r47_r49_price_formula():  # COAL-R47, COAL-R49
    state = new(2)
    state.coal, state.m = [23, 0], 1
    assert economy.coal_price(state) == 9 and coal_brokers.seller_price(state, 0, 3) == 10
    state.tavern[0] = True
    assert coal_brokers.seller_price(state, 0, 3) == 11
    state.coal, state.m = [200, 0], -1
    assert economy.coal_price(state) == 1 and coal_brokers.seller_price(state, 1, 0) == 1
    state.coal, state.m = [0, 0], 1
    assert economy.coal_price(state) == 11
    assert coal_brokers.seller_price(new(2, broker_price_adjustment="plus_influence"), 0, 3) == economy.coal_price(new(2)) + 3


def test_coal_r48_selling_order_and_price_after_each_sale():  # COAL-R48, COAL-R46; rulebook: Coal brokers
    state = rich(3)
    state.m, state.calendar = 0, [0, 0, 0, 0]
    state.coal = [8, 8, 8]
    resolve(state, {0: [("CB", 2)], 1: [("CB", 1)], 2: [("CB", 2)]})
    assert economy.stockpile(state) == 30 and economy.coal_price(state) == 7
    assert state.to_move() == (1,)  # the 1 sells first
    state.apply(1, Sell.of(10))
    assert state.cash[1] == 500 + 10 * 6 and state.earnings[1] == 110 + 60
    assert economy.stockpile(state) == 20 and economy.coal_price(state) == 8  # price recomputed after each sale
    assert state.to_move() == (2,)  # the tie of 2s: seat 2 has the higher earnings
    state.apply(2, Sell.of(10))
    assert economy.coal_price(state) == 9 and state.to_move() == (0,)


def test_coal_r25_seller_that_sells_nothing_pays():  # COAL-R25
    state = rich(unplaced_fee_timing="end_of_reveal")
    state.coal = [3, 0]
    resolve(state, {0: [("CB", 3)]})
    state.apply(0, Sell.of(0))
    assert state.cash[0] == 500 - 3 * 10


def test_coal_r50_round_one_sale_is_compulsory():  # COAL-R50
    state = new(2)
    place_all(state, {0: [("CB", 2)], 1: [("CB", 2)]})
    assert Sell.of(0) not in state.legal_actions(state.to_move()[0])


def test_coal_r50_seller_without_coal_pays():  # COAL-R50, COAL-R25
    state = new(2, reformed_industry=True, unplaced_fee_timing="end_of_reveal")  # no auto-production: no coal
    state.cash = [500, 500]
    place_all(state, {0: [("CB", 2)], 1: [("CB", 3)]})
    fees = [(e["seat"], e["fees"], e["reason"]) for e in state.log if e["event"] == "fee"]
    assert fees[:2] == [(0, 2, "no_sale"), (1, 3, "no_sale")]  # the 2 sells first


# --- permit office (step 4) -------------------------------------------------------------------

def permit_state(value=2, **options):
    state = rich(**options)
    resolve(state, {0: [("PO", value)]})
    return state


def test_coal_r51_access_by_influence():  # COAL-R51
    state = permit_state(2)
    picks = {a.stack for a in state.legal_actions(0) if a.kind == "stack"}
    assert picks == {1, 2} and Incentivize.of() in state.legal_actions(0)
    state = permit_state(0)
    assert kinds(state, 0) == {"incentivize", "stop"}
    state = permit_state(1, permit_access="any_stack")
    assert {a.stack for a in state.legal_actions(0) if a.kind == "stack"} == {1, 2, 3, 4}
    assert Incentivize.of() not in state.legal_actions(0)  # it would buy nothing


def test_coal_r52_incentive_opens_every_stack():  # COAL-R52; rulebook: The Economy (2 fees)
    state = permit_state(1)
    state.apply(0, Incentivize.of())
    assert state.cash[0] == 500 - 20
    assert {a.stack for a in state.legal_actions(0) if a.kind == "stack"} == {1, 2, 3, 4}
    state.apply(0, PickStack.of(4))
    state.apply(0, Decline.of())  # not refunded; the decline is a pass (COAL-R54)
    assert state.cash[0] == 500 - 20 - 10


def test_coal_r52_look_two_keep_one():  # COAL-R52 option
    state = permit_state(2, permit_incentive_effect="look_two_keep_one")
    top, second = state.stacks[1][-1], state.stacks[1][-2]
    state.apply(0, Incentivize.of())
    state.apply(0, PickStack.of(2))
    assert state.sub["stage"] == "keep" and sorted(state.sub["looked"]) == sorted([top, second])
    kept = state.game.tables.design_ids[second]
    state.apply(0, Keep.of(kept))
    assert state.sub["tile"] == second and state.stacks[1][0] == top


def test_coal_r53_permit_fee_supplied_or_not():  # COAL-R53 example: fee $7, stack 2: $14 or $28
    state = rich()
    state.earnings[0] = 40
    add_tile(state, 0, "2B", 3, 0, 0)  # an unsupplied tile far east (reached through a bridge below)
    add_tile(state, 0, "2B", 3, 1, 0)
    resolve(state, {0: [("PO", 2)]})
    state.stacks[1].append(DESIGN["2B"])
    state.apply(0, PickStack.of(2))
    fees = {(x, y): f for x, y, r, f in permit_office.tile_positions(state, 0, state.sub["tile"])}
    assert fees[(1, 0)] == 2 and fees[(4, 0)] == 4  # next to the supplied entrance vs. only unsupplied
    state.apply(0, PlaceTile.of(4, 0, 0))
    assert state.cash[0] == 500 - 28


def test_coal_r53_all_adjacent_and_amok():  # COAL-R53 option; AMOK-2
    state = rich(permit_supplied_test="all_adjacent")
    add_tile(state, 0, "2B", 1, 1, 0)
    fees = {(x, y): f for x, y, r, f in permit_office.tile_positions(state, 0, DESIGN["2B"])}
    assert fees[(0, 1)] == 4 and fees[(-1, 0)] == 2
    state = rich(industry_amok=True)
    add_tile(state, 0, "2B", 1, 1, 0)
    fees = {(x, y): f for x, y, r, f in permit_office.tile_positions(state, 0, DESIGN["2B"])}
    assert fees[(2, 1)] == 2


def test_coal_r39_placement_and_rotations():  # COAL-R36, COAL-R39
    state = rich()
    positions = permit_office.tile_positions(state, 0, DESIGN["4B"])
    assert {(x, y) for x, y, r, f in positions} == {(-1, 0), (1, 0), (0, 1)}  # never the surface y < 0
    assert len(positions) == 3  # a cross has one distinct rotation
    assert len(permit_office.tile_positions(state, 0, DESIGN["2B"])) == 6  # a straight has two
    state = rich(mine_placement="matching_opening")
    positions = permit_office.tile_positions(state, 0, DESIGN["1A"])  # a cap must face one of the entrance's openings
    assert sorted((x, y, r) for x, y, r, f in positions) == [(-1, 0, 1), (0, 1, 0), (1, 0, 3)]


def test_coal_r54_decline_to_bottom_and_pass_fee():  # COAL-R54, COAL-R26
    state = permit_state(3, unplaced_fee_timing="end_of_reveal")
    state.apply(0, PickStack.of(3))
    tile = state.sub["tile"]
    state.apply(0, Decline.of())
    assert state.stacks[2][0] == tile and len(state.stacks[2]) == 8
    assert state.cash[0] == 500 - 3 * 10


def test_coal_r26_pass_fee_scope_option():  # COAL-R26 option pass_fee_scope
    state = permit_state(3, unplaced_fee_timing="end_of_reveal", pass_fee_scope="brokers_and_utilities")
    state.apply(0, Stop.of())
    assert state.cash[0] == 500


def test_coal_r15_unaffordable_positions_are_not_offered():  # COAL-R15
    state = permit_state(4)
    state.cash[0] = 45
    state.apply(0, PickStack.of(4))
    assert kinds(state, 0) == {"place_tile", "decline"}
    state.cash[0] = 39
    state._decisions = {}
    assert kinds(state, 0) == {"decline"}


def test_amok_open_permits_are_visible():  # COAL-R78 AMOK-2
    state = new(2, industry_amok=True)
    stacks = state.view(1)["permit_stacks"]
    assert stacks[0]["top"] == state.game.tables.design_ids[state.stacks[0][-1]]
    assert new(2).view(1)["permit_stacks"][0]["top"] is None


# --- utility market (step 5) ---------------------------------------------------------------------

def test_coal_r55_r56_tandem_and_separate_buyers():  # COAL-R55, COAL-R56
    state = rich(unplaced_fee_timing="end_of_reveal")
    state.market = [5, 5, 5]
    resolve(state, {0: [("UM", 2), ("UT", 3)], 1: [("UM", 4), ("UM", 1)]})
    assert state.to_move() == (0,) and state.sub["limit"] == 5  # the tandem e 5 goes first
    state.apply(0, Stop.of())  # a tandem pair that buys nothing pays both influences
    assert state.cash[0] == 500 - 5 * 10
    assert state.sub["limit"] == 4
    state.apply(1, BuyCube.of("wood"))
    state.apply(1, Stop.of())
    assert state.sub["limit"] == 1 and state.to_move() == (1,)
    state.apply(1, Stop.of())  # separate foremen are judged separately
    assert state.cash[1] == 500 - 10 - 10


def test_coal_r57_empty_market_fee():  # COAL-R57
    state = rich(unplaced_fee_timing="end_of_reveal")
    state.market = [0, 0, 0]
    resolve(state, {0: [("UM", 3)]})
    assert state.cash[0] == 500 - 30


def test_coal_r56_declared_type():  # COAL-R56 option
    state = rich(utility_type_choice="declared_at_placement")
    locations = {a.location for a in state.legal_actions(0) if a.kind == "place"}
    assert {"UM:wood", "UM:water", "UM:electricity"} <= locations and "UM" not in locations
    state.market = [3, 3, 3]
    resolve(state, {0: [("UM:water", 3)]})
    assert {a.utility for a in state.legal_actions(0) if a.kind == "buy_cube"} == {"water"}


# --- construction company (step 6) -----------------------------------------------------------------

def test_coal_r58_r59_buy_building_and_pass():  # COAL-R58, COAL-R59
    state = rich(unplaced_fee_timing="end_of_reveal")
    state.top_row, state.bottom_row = ["church"], ["school"]
    resolve(state, {0: [("CC", 1), ("CC", 2)]})
    assert set(state.legal_actions(0)) == {Build.of("church", "top"), Build.of("school", "bottom"), Stop.of()}
    state.apply(0, Build.of("church", "top"))  # the 2 first
    assert state.cash[0] == 500 - 40 and state.lots[0][0] == "church" and state.lot_round[0][0] == 3
    state.apply(0, Stop.of())
    assert state.cash[0] == 500 - 40 - 10


def test_coal_r58_market_adjusted_price_and_gate():  # COAL-R58, COAL-R59 options
    state = rich(building_price_market_adjusted=True)
    state.m = -1
    assert construction_company.building_price(state, "church") == 3 and construction_company.building_price(state, "school") == 1
    state = rich(construction_influence_gate=True)
    state.top_row = ["church", "school"]
    resolve(state, {0: [("CC", 2)]})
    assert set(state.legal_actions(0)) == {Build.of("school", "top"), Stop.of()}


def test_coal_r60_build_over_when_four_lots_are_full():  # COAL-R60
    state = rich()
    state.lots[0] = ["tailor", "school", "coal_shed", "church"]
    state.top_row = ["mess_hall"]
    assert reveal.printed(state, 0, 0) == 1
    resolve(state, {0: [("CC", 2)]})
    state.apply(0, Build.of("mess_hall", "top"))
    assert set(state.legal_actions(0)) == {BuildOver.of(lot) for lot in range(4)}
    state.apply(0, BuildOver.of(0))
    assert state.lots[0] == ["mess_hall", "school", "coal_shed", "church"]
    assert reveal.printed(state, 0, 0) == 0  # the Tailor built over loses its effect


# --- utility storage and refuse pile (steps 7, 8) ---------------------------------------------------

def test_coal_r63_utility_storage_with_school():  # COAL-R63, COAL-R45; Appendix A: School
    state = rich()
    add_tile(state, 0, "2B", 5, 5, 0)  # not connected: may still be supplied
    state.storage[0] = [3, 3, 0]
    resolve(state, {0: [("ST", 1)]})
    assert {(a.tile, a.utility) for a in state.legal_actions(0) if a.kind == "supply"} == {(1, "wood"), (1, "water")}
    state.apply(0, Supply.of(1, "wood"))
    assert state.mine[0][1][4] == 1 and state.step != "storage"  # the limit of 1 is used up
    state = rich()
    state.lots[0][0] = "school"
    state.storage[0] = [3, 3, 3]
    add_tile(state, 0, "2B", 0, 1, 0)
    resolve(state, {0: [("ST", 4)]})
    assert state.sub["limit"] == 4  # min(f + 1, 4)


def test_coal_r64_refuse_pile_with_mess_hall():  # COAL-R64; Appendix A: Mess hall
    state = rich()
    state.refuse[0] = 5
    state.lots[0][0] = "mess_hall"
    resolve(state, {0: [("RF", 2)]}, pause=False)
    assert [a.count for a in state.legal_actions(0)] == [3, 2, 1, 0]
    state.apply(0, RemoveRefuse.of(3))
    assert state.refuse[0] == 2


def test_coal_r80_village_steps_in_player_order():  # COAL-R80, COAL-R30
    state = rich(3)
    for seat in range(3):
        state.refuse[seat] = 2
    resolve(state, {0: [("RF", 2)], 1: [("RF", 2)], 2: [("RF", 2)]})
    assert state.to_move() == (2,)
    state.apply(2, RemoveRefuse.of(2))
    assert state.to_move() == (1,)


@pytest.mark.parametrize("order", ["permit_office,utility_market,construction_company",
                                   "utility_market,construction_company,permit_office"])
def test_coal_r29_buyer_order_example(order):  # COAL-R29 example: B4, A3, A3, B3
    state = rich(desk_resolution_order=order)
    state.earnings = [120, 100]  # A = seat 0 higher in player order
    resolve(state, {0: [("PO", 3), ("PO", 2)], 1: [("PO", 4), ("PO", 3)]})
    stop_until(state, "permit")
    queue = [[state.actor, state.sub["value"]]] + state.queue
    assert queue == [[1, 4], [0, 3], [1, 3], [0, 2]]


def test_coal_r60_tavern_built_over_stops_at_once():  # COAL-R60, COAL-R31
    state = rich()
    state.lots[0], state.lot_round[0] = ["tavern", "school", "tailor", "coal_shed"], [1, 1, 1, 1]
    state.top_row = ["school", "tailor"]
    resolve(state, {0: [("B0", 4), ("CC", 3), ("CC", 2)]})
    assert state.tavern[0] and state.sub["stage"] == "build"
    state.apply(0, Build.of("school", "top"))
    state.apply(0, BuildOver.of(0))
    assert not state.tavern[0] and reveal.effective(state, 0, 2) == 2


def test_coal_r29_owner_orders_equal_buyers():  # COAL-R29 ("among one player's buyers with equal e")
    from headframe.games.coal_country.actions import FirstBuyer
    state = rich(utility_type_choice="declared_at_placement")
    state.market = [3, 3, 3]
    resolve(state, {0: [("UM:wood", 2), ("UM:water", 2)]})
    assert set(state.legal_actions(0)) == {FirstBuyer.of("wood"), FirstBuyer.of("water")}
    state.apply(0, FirstBuyer.of("water"))
    assert state.sub["type"] == "water" and state.queue[0][2] == "wood"
