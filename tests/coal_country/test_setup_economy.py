"""Setup, the economy, player order and placement (rulebook: Setup; The Economy of Coal Country;
Foremen Placement)."""

import pytest

from headframe.engine import IllegalAction, OptionError
from headframe.games.coal_country import coal_brokers, economy, end_of_game, mine, placement
from headframe.games.coal_country.actions import Collide, Done, Place, Sell

from .helpers import GAME, new, place, place_all, stop_until


@pytest.mark.parametrize("players, pool", [(2, 16), (3, 20), (4, 24)])
def test_setup(players, pool):  # rulebook: Setup 1-5; COAL-R3, COAL-R4, COAL-R7, COAL-R70
    state = new(players)
    assert len(state.top_row) == players and not state.bottom_row
    assert len(state.top_row) + len(state.pile) == pool  # COAL-R3: 4P + 8
    for building in ("school", "tailor", "coal_shed", "mess_hall"):
        assert (state.top_row + state.pile).count(building) == players
    assert [len(s) for s in state.stacks] == [12, 10, 8, 6]  # COAL-R38
    assert state.cash == [0] * players and state.coal == [0] * players  # COAL-R4
    assert all(m == [[0, 0, 0, 0, 7]] for m in state.mine)  # entrance with its three utilities
    assert state.earnings == [-1] * players  # COAL-R12: above the track
    assert len(state.calendar) == 4 and len(state.bag) == 13  # Setup 4
    assert state.market == [players + 1 + state.m] * 3  # Setup 5
    assert state.supply == [47 - players - state.market[0]] * 3  # COAL-R7
    assert state.round == 1 and state.step == "place"


def test_coal_r1_player_counts():  # COAL-R1
    for players in (1, 5):
        with pytest.raises(OptionError):
            GAME.new_state(players, 1)


def test_coal_r3_amok_uses_all_buildings():  # COAL-R3, AMOK-3
    state = new(2, industry_amok=True)
    assert len(state.top_row) + len(state.pile) == 24


def test_coal_r12_r13_player_order_from_draw():  # COAL-R12, COAL-R13; rulebook: Setup 3
    state = new(3)
    state.draw_rank = [2, 0, 1]
    assert economy.player_order(state) == [1, 2, 0]
    state.earnings = [5, -1, 30]  # on-track markers rank above those above the track
    assert economy.player_order(state) == [2, 0, 1]


@pytest.mark.parametrize("schedule, table", [
    ("steep", {0: 5, 19: 5, 20: 6, 40: 7, 60: 8, 80: 9, 99: 9, 100: 10, 199: 14, 200: 15, 300: 20, 400: 25}),
    ("gentle", {0: 5, 99: 9, 100: 10, 149: 10, 150: 11, 200: 12, 300: 14, 400: 16}),
])
def test_coal_r8_fee_schedule(schedule, table):  # COAL-R8; rulebook: The Economy ("$5 in the first two columns")
    state = new(2, fee_schedule=schedule)
    for earnings, fee in table.items():
        state.earnings[0] = earnings
        assert economy.fee(state, 0) == fee
    state.earnings[0] = -1
    assert economy.fee(state, 0) == 5  # COAL-R12: above the track counts as 0


def test_rulebook_incentive_example_costs_two_fees():  # rulebook: The Economy of Coal Country example
    state = new(2)
    state.cash[0] = 10
    assert economy.can_afford(state, 0, 2) and economy.buy(state, 0, 2) == 10


def test_coal_r14_penalty_pays_what_one_has():  # COAL-R14
    state = new(2)
    state.cash[0] = 7
    economy.penalty(state, 0, 3, "test")
    assert state.cash[0] == 0


def test_coal_r5_r10_money_unlimited_and_purchases_leave_earnings():  # COAL-R5, COAL-R10
    state = new(2)
    state.cash[0], state.earnings[0] = 5000, 40
    economy.buy(state, 0, 3)
    assert state.cash[0] == 5000 - 21 and state.earnings[0] == 40


def test_coal_r17_foreman_values_option():  # COAL-R17
    assert placement.remaining_values(new(2), 0) == [0, 1, 1, 2, 2, 3, 3, 4, 4]
    assert placement.remaining_values(new(2, foreman_values="single_four"), 0) == [0, 1, 1, 1, 2, 2, 3, 3, 4]


def test_coal_r21_round_one_broker_is_compulsory():  # COAL-R21; rulebook: Foremen Placement
    state = new(2)
    assert Done.of() not in state.legal_actions(0)
    place(state, 0, [("ST", 4), ("RF", 4), ("M0", 3), ("PO", 3), ("PO", 2), ("PO", 2), ("PO", 1), ("PO", 1)],
          done=False)
    assert {a.location for a in state.legal_actions(0)} == {"CB"}  # the last foreman must sell
    state.apply(0, Place.of("CB", 0))
    assert 0 not in state.to_move()  # all nine placed: committed


def test_coal_r20_space_limits():  # COAL-R20
    state = new(2, round=2)
    place(state, 0, [("CB", 4), ("ST", 1), ("RF", 1), ("M0", 2), ("UM", 2)], done=False)
    locations = {a.location for a in state.legal_actions(0) if a.kind == "place"}
    assert not {"CB", "ST", "RF", "M0"} & locations
    assert {"UM", "UT", "PO", "CC"} <= locations
    place(state, 0, [("UT", 3)], done=False)
    locations = {a.location for a in state.legal_actions(0) if a.kind == "place"}
    assert "UM" not in locations and "UT" not in locations and "PO" in locations


def test_coal_r20_permit_and_construction_limit_options():  # COAL-R20 options
    state = new(2, round=2, permit_foremen_per_player="1", construction_foremen_per_player="1")
    place(state, 0, [("PO", 4), ("CC", 4)], done=False)
    locations = {a.location for a in state.legal_actions(0) if a.kind == "place"}
    assert "PO" not in locations and "CC" not in locations
    state = new(2, round=2)
    place(state, 0, [("PO", 4), ("PO", 3), ("CC", 4), ("CC", 3)], done=False)
    assert {"PO", "CC"} <= {a.location for a in state.legal_actions(0) if a.kind == "place"}


def test_coal_r22_closed_spaces():  # COAL-R22, COAL-R82
    state = new(2, round=2)
    state.stacks = [[], [], [], []]
    state.closed = True
    locations = {a.location for a in state.legal_actions(0) if a.kind == "place"}
    assert "PO" not in locations and "CC" not in locations and "UM" in locations
    state = new(2, round=2)
    state.top_row, state.bottom_row = [], []
    assert "CC" not in {a.location for a in state.legal_actions(0) if a.kind == "place"}  # COAL-R82


def test_coal_r21_r40_only_connected_tiles_take_foremen():  # COAL-R21, COAL-R40
    from .helpers import add_tile
    state = new(2, round=2)
    add_tile(state, 0, "2B", 0, 1, 0)  # N,S: links to the entrance's S opening
    add_tile(state, 0, "2B", 1, 0, 0)  # N,S east of the entrance: no opening faces it
    locations = {a.location for a in state.legal_actions(0) if a.kind == "place"}
    assert "M1" in locations and "M2" not in locations


def test_coal_r19_r23_placement_is_sealed():  # COAL-R19, COAL-R23; rulebook: Foremen Placement
    state = new(2, round=2)
    place(state, 0, [("CB", 4), ("M0", 3)], done=False)
    other = state.view(1)
    assert other["my_placement"] == [] and other["players"][0]["foremen"] == []
    assert "CB" not in str(other["players"][0]) and other["committed"] == []
    assert state.view(0)["my_placement"] == [{"value": 4, "location": "CB"}, {"value": 3, "location": "M0"}]
    state.apply(0, Done.of())
    assert state.view(1)["committed"] == [0] and state.view(1)["my_placement"] == []
    assert state.to_move() == (1,)
    place(state, 1, [("PO", 4), ("CB", 2)])
    # revealed: locations are public, values only once their area resolves
    foremen = state.view(1)["players"][0]["foremen"]
    assert {f["location"] for f in foremen} == {"CB", "M0"}
    assert [f["value"] for f in foremen if f["location"] == "CB"] in ([4], [None])
    assert [f["value"] for f in foremen if f["location"] == "M0"] == [3]  # the mine resolved already


def test_coal_r19_invalid_placement_is_refused():  # COAL-R19
    state = new(2, round=2)
    with pytest.raises(IllegalAction):
        state.apply(0, Place.of("M5", 4))
    with pytest.raises(IllegalAction):
        state.apply(0, Place.of("CB", 5))
    assert state.view(1)["committed"] == []


def test_coal_r24_unplaced_foremen_pay_fees():  # COAL-R24; rulebook: Foremen Placement
    state = new(2, round=2)
    state.cash = [100, 100]
    place_all(state, {0: [("M0", 4)], 1: [("M0", 4), ("ST", 4), ("RF", 3), ("PO", 3)]})
    assert state.cash[0] == 100 - (0 + 1 + 1 + 2 + 2 + 3 + 3 + 4) * 5
    assert state.step == "permit" and state.cash[1] == 100 - (0 + 1 + 1 + 2 + 2) * 5


def test_coal_r24_unplaced_fee_at_end_of_reveal():  # COAL-R24 option
    state = new(2, round=2, unplaced_fee_timing="end_of_reveal")
    state.cash = [100, 100]
    place_all(state, {0: [("M0", 4), ("CB", 4)], 1: [("M0", 4)]})
    assert state.step == "brokers" and state.cash[0] == 100  # not yet charged
    stop_until(state)
    assert state.cash[1] == 100 - 16 * 5


def test_coal_r11_collision_up_or_down():  # COAL-R11; rulebook: The Economy ("above or below")
    state = new(3, round=3)  # no quarterly report after round 3
    state.coal = [0, 0, 7]
    place_all(state, {2: [("CB", 2)]})
    assert state.to_move() == (2,)
    revenue = 9 * coal_brokers.seller_price(state, 2, 2)  # 7 coal plus 2 auto-produced
    state.earnings[:2] = [revenue, revenue - 1]
    state.apply(2, Sell.of(9))  # lands on a taken value
    assert state.sub["stage"] == "collide"
    state.apply(2, Collide.of("down"))  # the value below is taken too: steps on
    assert state.earnings[2] == revenue - 2 and state.cash[2] == revenue


def test_coal_r11_collision_floor_goes_up():  # COAL-R11
    state = new(3)
    state.earnings = [0, 1, -1]
    state.actor, state.step = 2, "brokers"
    economy.move_marker(state, 2, 1)
    assert state.earnings[2] == 2  # down is impossible: 1 and 0 are taken


def test_coal_r66_quarterly_report_sets_earnings_to_cash():  # COAL-R66; rulebook: End of the Round Actions
    state = new(2, round=2)
    state.cash, state.earnings = [200, 180], [80, 90]
    place_all(state, {})  # nine unplaced foremen: 20 fees each (COAL-R24)
    assert state.cash == [200 - 20 * 9, 0]
    assert state.round == 3 and state.earnings == [20, 0]
    state = new(2, round=2)
    state.cash, state.earnings = [30, 12], [80, 90]
    place_all(state, {})
    # both end with $0: seat 1 (higher) reports first; seat 0 lands on 0 and can only go up
    assert state.cash == [0, 0] and state.earnings == [1, 0]


def test_coal_r16_cash_is_hidden_from_others():  # COAL-R16
    state = new(2)
    state.cash = [12, 34]
    view = state.view(1)
    assert view["players"][0]["cash"] is None and view["players"][1]["cash"] == 34
    assert state.view(None)["players"][1]["cash"] is None
    assert view["players"][0]["earnings"] == -1


def test_coal_r6_coal_and_refuse_unlimited():  # COAL-R6; rulebook: Foremen Reveal & Utilization step 2
    state = new(2)
    state.coal, state.refuse = [150, 0], [60, 0]
    state.refuse[0] += 1
    assert economy.stockpile(state) == 150 and economy.coal_price(state) == 1 and state.refuse[0] == 61


def test_coal_r9_fee_read_when_paying():  # COAL-R9
    state = new(2)
    state.cash[0] = 100
    assert economy.buy(state, 0, 1) == 5
    state.earnings[0] = 84  # a sale earlier in the round moved the marker
    assert economy.buy(state, 0, 1) == 9


def test_coal_r37_entrance_tile():  # COAL-R37
    tables = GAME.tables
    assert tables.design_ids[0] == "E0" and tables.yields[0] == [0, 2, 3, 4, 5]
    assert tables.masks[0][0] == 0b1110  # E, S and W; north joins the village
    state = new(2)
    assert mine.connected(state, 0) == {0} and end_of_game.unfinished_tunnels(state, 0) == 3
