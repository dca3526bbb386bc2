"""Accomplishment: rulebook §6c, §7, §9.4; ORE-R16, R28..R33, R36."""

from __future__ import annotations

import pytest

from headframe.engine import IllegalAction

from .helpers import act, ids, table


def accomplishable(state, seat=0):
    return [a for a in ids(state, seat) if a.startswith("accomplish")]


def test_accomplishment_pays_places_and_scores():
    # rulebook §6c; ORE-R28 steps 3-5.
    state = table(3, hands={0: ["city_hall"]}, coins=[6, 3, 3])
    act(state, "accomplish:city_hall")
    assert state.coins[0] == 2 and state.acquired[0] == ["city_hall"] and state.vp == [1, 0, 0]
    assert "city_hall" not in state.hands[0]


def test_accomplishment_cost_lowered_by_technology():
    # ORE-R16: technology applies to every Accomplishment; §9.5.2 never below 0.
    state = table(3, hands={0: ["police_station"]}, coins=[4, 0, 0], technology=[3, 0, 0])
    assert accomplishable(state) == ["accomplish:police_station"]
    state = table(3, hands={0: ["police_station"]}, coins=[3, 0, 0], technology=[3, 0, 0])
    assert accomplishable(state) == []
    state = table(3, hands={0: ["city_hall"]}, coins=[1, 0, 0], technology=[9, 0, 0])
    act(state, "accomplish:city_hall")
    assert state.coins[0] == 1  # cost 0; 1G is neither >= 10 nor 0


def test_city_hall_rebalances_every_player_including_the_actor():
    # rulebook §9.4.1; ORE-R29: after paying, >=10G lose 5G, exactly 0G gain 5G.
    state = table(4, hands={0: ["city_hall"]}, coins=[4, 10, 0, 9])
    act(state, "accomplish:city_hall")
    assert state.coins == [5, 5, 5, 9]
    state = table(3, hands={0: ["city_hall"]}, coins=[20, 14, 1])
    act(state, "accomplish:city_hall")
    assert state.coins == [11, 9, 1]


def test_hospital_needs_five_residential_cards_in_own_space():
    # rulebook §9.4.2; ORE-R30: any names (Parks included) and any constructors.
    five = [("single_house", 1), ("park", 2), ("park", 0), ("condominium", 1), ("single_house", 0)]
    state = table(3, hands={0: ["hospital"]}, spaces={0: five}, coins=[6, 0, 0])
    assert accomplishable(state) == ["accomplish:hospital"]
    act(state, "accomplish:hospital")
    assert state.vp[0] == 3 and state.spaces[0] == [c for c, _ in five]  # nothing is discarded
    state = table(3, hands={0: ["hospital"]}, spaces={0: five[:4]}, coins=[6, 0, 0])
    assert accomplishable(state) == []
    state = table(3, hands={0: ["hospital"]}, spaces={1: five}, coins=[6, 0, 0])
    assert accomplishable(state) == []  # a neighbour's space does not count
    state = table(3, hands={0: ["hospital"]}, spaces={0: five}, coins=[5, 0, 0])
    assert accomplishable(state) == []


def test_university_needs_a_commercial_card_in_own_space():
    # rulebook §9.4.3; ORE-R31: any constructor.
    state = table(3, hands={0: ["university"]}, spaces={0: [("small_store", 2)]}, coins=[12, 0, 0])
    act(state, "accomplish:university")
    assert state.vp[0] == 3 and state.coins[0] == 0
    state = table(3, hands={0: ["university"]}, spaces={0: [("single_house", 0)]}, coins=[12, 0, 0])
    assert accomplishable(state) == []
    state = table(3, hands={0: ["university"]}, spaces={1: [("small_store", 0)]}, coins=[12, 0, 0])
    assert accomplishable(state) == []


def test_airport_discards_an_own_technology_card_from_any_space_or_the_acquisition_space():
    # rulebook §9.4.4; ORE-R32: constructed by the actor (any space) or acquired by the actor.
    spaces = {1: [("wind_turbine", 0), ("small_factory", 1)], 2: [("highway", 0), ("chemical_factory", 0)]}
    state = table(3, hands={0: ["airport"]}, spaces=spaces, acquired={0: ["small_factory"], 1: ["wind_turbine"]},
                  technology=[1, 1, 0], coins=[8, 0, 0])
    act(state, "accomplish:airport")
    assert sorted(ids(state)) == [
        "airport_discard:chemical_factory:2", "airport_discard:small_factory:-", "airport_discard:wind_turbine:1"]
    act(state, "airport_discard:wind_turbine:1")
    assert state.spaces[1] == ["small_factory"] and state.builders[1] == [1]
    assert state.discards[2] == ["wind_turbine"]
    assert state.coins[0] == 1 and state.vp[0] == 3 and state.acquired[0] == ["small_factory", "airport"]


def test_airport_discard_before_cost_lowers_the_technology_applied():
    # ORE-R32 (default before_cost): discarding an acquired card is counted before the cost.
    state = table(3, hands={0: ["airport"]}, acquired={0: ["chemical_factory"]}, technology=[2, 0, 0],
                  coins=[8, 0, 0])
    act(state, "accomplish:airport")
    act(state, "airport_discard:chemical_factory:-")
    assert state.coins[0] == 0 and state.technology[0] == 0 and state.acquired[0] == ["airport"]
    # with only 7G the Airport cannot be played at all: the discard leaves it unaffordable
    state = table(3, hands={0: ["airport"]}, acquired={0: ["chemical_factory"]}, technology=[2, 0, 0],
                  coins=[7, 0, 0])
    assert accomplishable(state) == []


def test_airport_discard_after_cost_option():
    # ORE-R32 option airport_discard_timing = after_cost.
    options = {"airport_discard_timing": "after_cost"}
    state = table(3, hands={0: ["airport"]}, acquired={0: ["chemical_factory"]}, technology=[2, 0, 0],
                  coins=[7, 0, 0], options=options)
    act(state, "accomplish:airport")
    act(state, "airport_discard:chemical_factory:-")
    assert state.coins[0] == 1 and state.technology[0] == 0


def test_airport_needs_an_eligible_card():
    # ORE-R32: a Highway has no technology; a neighbour's factory is not "your" card.
    state = table(3, hands={0: ["airport"]}, spaces={0: [("highway", 0), ("small_factory", 1)]}, coins=[20, 0, 0])
    assert accomplishable(state) == []


def test_airport_discard_of_the_last_card_empties_the_space():
    # ORE-R14, ORE-R32: the space is now empty and takes any type.
    state = table(3, hands={0: ["airport", "single_house"]}, spaces={1: [("wind_turbine", 0)]}, coins=[8, 0, 0])
    act(state, "accomplish:airport")
    act(state, "airport_discard:wind_turbine:1")
    assert state.spaces[1] == []
    assert state.coins[0] == 0


def test_police_station_takes_a_random_card_of_a_chosen_type_and_the_opponent_redraws():
    # rulebook §9.4.5; ORE-R33.
    state = table(4, hands={0: ["police_station"], 2: ["park", "highway", "city_hall"], 1: []},
                  coins=[7, 0, 0, 0])
    act(state, "accomplish:police_station")
    assert state.vp[0] == 1
    assert sorted(ids(state)) == [
        "police_decline", "police_take:2:industrial", "police_take:2:public_works", "police_take:2:residential"]
    act(state, "police_take:2:public_works")  # any type may be taken, PW included (ORE-R13 d)
    assert state.hands[0] == ["city_hall"]
    assert state.to_move() == (2,)  # the opponent chooses the pile of their draw
    assert sorted(ids(state, 2)) == ["draw:commercial", "draw:industrial", "draw:public_works", "draw:residential"]
    act(state, "draw:commercial", seat=2)
    assert len(state.hands[2]) == 3 and state.hands[2][-1] in ("small_store", "convenience_store",
                                                                 "restaurant", "department_store")
    assert state.to_move() == (0,) and state.phase == "refill"  # then the actor refills


def test_police_station_victim_holding_a_pw_cannot_draw_one():
    # ORE-R13 (d), ORE-R33.
    state = table(3, hands={0: ["police_station"], 1: ["hospital", "park"]}, coins=[7, 0, 0])
    act(state, "accomplish:police_station")
    act(state, "police_take:1:residential")
    assert state.hands[0] == ["park"]
    assert sorted(ids(state, 1)) == ["draw:commercial", "draw:industrial", "draw:residential"]


def test_police_station_is_optional_and_needs_an_opponent_holding_cards():
    # ORE-R33: the effect is optional; no opponent holding a card: it does nothing.
    state = table(3, hands={0: ["police_station"], 2: ["park"]}, coins=[7, 0, 0])
    act(state, "accomplish:police_station")
    act(state, "police_decline")
    assert state.hands[2] == ["park"] and state.phase == "refill"
    state = table(3, hands={0: ["police_station"]}, coins=[7, 0, 0])
    act(state, "accomplish:police_station")
    assert state.phase == "refill"


def test_police_station_random_card_is_uniform_over_that_type():
    # ORE-R33: one card of that type, uniformly at random.
    taken = set()
    for seed in range(40):
        state = table(3, hands={0: ["police_station"], 1: ["park", "condominium", "small_store"]},
                      coins=[7, 0, 0], seed=seed)
        act(state, "accomplish:police_station")
        act(state, "police_take:1:residential")
        taken.add(state.hands[0][0])
    assert taken == {"park", "condominium"}


def test_police_station_can_target_a_non_neighbour():
    # ORE-R33: that opponent need not be a neighbour.
    state = table(5, hands={0: ["police_station"], 2: ["park"]}, coins=[7, 0, 0, 0, 0])
    act(state, "accomplish:police_station")
    assert "police_take:2:residential" in ids(state)


def test_reaching_10_vp_ends_the_game_at_once_without_the_effect():
    # rulebook §7; ORE-R28 step 6, ORE-R36: no effect, no refill; the player wins alone.
    state = table(3, hands={0: ["city_hall"]}, coins=[14, 0, 12])
    state.vp = [9, 8, 0]
    act(state, "accomplish:city_hall")
    assert state.is_over() and state.vp[0] == 10 and state.coins == [10, 0, 12]
    assert len(state.hands[0]) == 0
    result = state.result()
    assert result.winners == (0,) and result.ranking == (1, 2, 2)
    with pytest.raises(IllegalAction):
        act(state, "pass", seat=1)


def test_vp_can_exceed_ten():
    # ORE-R36: 8 + 3 = 11.
    state = table(3, hands={1: ["university"]}, spaces={1: [("small_store", 1)]}, coins=[0, 12, 0], active=1)
    state.vp = [0, 8, 0]
    act(state, "accomplish:university")
    assert state.vp[1] == 11 and state.result().winners == (1,)


def test_unaffordable_public_works_are_not_offered():
    # ORE-R10: Accomplishment needs a met condition and an affordable effective cost.
    state = table(3, hands={0: ["city_hall"]}, coins=[3, 0, 0])
    assert accomplishable(state) == []


def test_airport_discard_of_a_factory_ends_its_income_limit():
    # rulebook §9.5.1; ORE-R18, ORE-R32: the limit lasts only while the factory is in its space.
    spaces = {1: [("small_factory", 0)], 2: [("single_house", 2)] * 3}
    state = table(3, hands={0: ["airport"]}, spaces=spaces, coins=[8, 0, 0])
    act(state, "accomplish:airport")
    act(state, "airport_discard:small_factory:1")
    state.active, state.phase, state._decisions = 2, "action", {}
    act(state, "book_close")
    assert state.coins[2] == 5
