"""Construction: rulebook §5.1, §6a, §9.1-§9.3, §9.5; ORE-R3, R4, R14..R18, R21."""

from __future__ import annotations

import pytest

from headframe.engine import IllegalAction

from .helpers import GAME, act, gained, ids, table


def constructions(state, seat=0):
    return sorted(a for a in ids(state, seat) if a.startswith("construct:"))


def test_adjacency_is_the_two_neighbours_as_a_set():
    # ORE-R3 and the data file's adjacency examples.
    for players, example in GAME.components["adjacency"]["examples"].items():
        table_ = GAME.tables.adjacent(int(players))
        assert {str(s): a for s, a in enumerate(table_)} == example
    assert GAME.tables.adjacent(5) == [[1, 4], [0, 2], [1, 3], [2, 4], [0, 3]]


def test_two_player_adjacency_counts_the_opponent_once():
    # ORE-R4: the opponent's space is the only adjacent space, counted once.
    example = GAME.components["adjacency_two_player"]["example"]
    assert {str(s): a for s, a in enumerate(GAME.tables.adjacent(2))} == example
    # Convenience Store counts the Residential cards next door once, not twice.
    state = table(2, hands={0: ["convenience_store"]}, spaces={1: [("single_house", 1)] * 3})
    act(state, "construct:convenience_store:1:0")
    assert state.coins == [3, 0]
    # A factory in one space limits the other space once.
    state = table(2, active=1, spaces={0: [("small_factory", 0)], 1: [("single_house", 1)] * 3})
    act(state, "book_close")
    assert state.coins == [0, 1]
    # A Highway watches that one space, once.
    state = table(2, active=1, spaces={0: [("highway", 0)], 1: [("small_store", 1)]})
    act(state, "book_close")
    assert state.coins == [1, 1]


def test_own_empty_space_takes_any_type_but_an_empty_neighbour_space_does_not():
    # rulebook §5.1 limitations 1 and 4; ORE-R14.
    state = table(4, hands={0: ["single_house", "small_store", "highway"]})
    assert constructions(state) == [
        "construct:highway:1:0", "construct:single_house:1:0", "construct:small_store:1:0"]


def test_neighbour_space_of_the_same_type_only():
    # rulebook §5.1 limitations 1-2, §6a: own or an adjacent player's space; not a far one.
    spaces = {1: [("park", 1)], 3: [("small_store", 3)], 2: [("single_house", 2)]}
    state = table(4, hands={0: ["single_house", "small_store"]}, spaces=spaces)
    assert constructions(state) == [
        "construct:single_house:1:0", "construct:single_house:1:1",
        "construct:small_store:1:0", "construct:small_store:1:3"]


def test_own_space_cannot_change_type_directly():
    # rulebook §5.1 limitation 3.
    state = table(3, hands={0: ["small_store"]}, spaces={0: [("single_house", 1)]})
    assert constructions(state) == []
    with pytest.raises(IllegalAction):
        act(state, "construct:small_store:1:0")


def test_constructor_is_recorded_even_in_a_neighbours_space():
    # rulebook §5.1 (orientation shows the constructor); ORE-R14.
    state = table(3, hands={0: ["single_house"]}, spaces={1: [("single_house", 1)]})
    act(state, "construct:single_house:1:1")
    assert state.spaces[1] == ["single_house", "single_house"] and state.builders[1] == [1, 0]


def test_group_of_same_name_pays_one_cost_and_counts_each_card():
    # rulebook §6a; ORE-R15: 2 or 3 same-name cards for the cost of one.
    state = table(3, hands={0: ["condominium"] * 3}, coins=[3, 0, 0])
    assert constructions(state) == [f"construct:condominium:{k}:0" for k in (1, 2, 3)]
    act(state, "construct:condominium:3:0")
    assert state.coins == [0, 0, 0] and state.spaces[0] == ["condominium"] * 3 and state.builders[0] == [0, 0, 0]


def test_group_construction_ability_only_once():
    # ORE-R15: one Commercial income for the group, with the printed cap.
    state = table(3, hands={0: ["small_store"] * 2}, spaces={1: [("single_house", 1)]})
    act(state, "construct:small_store:2:0")
    assert state.coins == [2, 0, 0]


def test_group_of_highways_each_pay():
    # ORE-R15, ORE-R21: continuous abilities belong to each card.
    state = table(3, hands={0: ["highway"] * 2, 2: ["small_store"]}, spaces={1: [("single_house", 1)]})
    act(state, "construct:highway:2:0")
    state.active, state.phase, state._decisions = 2, "action", {}
    act(state, "construct:small_store:1:2")
    assert state.coins == [2, 0, 2]


def test_cards_of_different_names_cannot_be_grouped():
    # ORE-R15: the only group actions are copies of one name.
    state = table(3, hands={0: ["single_house", "park", "single_house"]})
    assert constructions(state) == [
        "construct:park:1:0", "construct:single_house:1:0", "construct:single_house:2:0"]


def test_cost_must_be_affordable_and_technology_lowers_it_never_below_zero():
    # ORE-R16; rulebook §9.5.2.
    state = table(3, hands={0: ["chemical_factory", "department_store"]}, coins=[4, 0, 0])
    assert constructions(state) == []
    state = table(3, hands={0: ["chemical_factory", "department_store"]}, coins=[4, 0, 0],
                  technology=[5, 0, 0])
    assert constructions(state) == ["construct:chemical_factory:1:0", "construct:department_store:1:0"]
    act(state, "construct:department_store:1:0")  # 5 - 5 = 0, never below 0
    assert state.coins == [4, 0, 0]
    state = table(3, hands={0: ["chemical_factory"]}, coins=[4, 0, 0], acquired={0: ["chemical_factory"]},
                  technology=[2, 0, 0])
    assert constructions(state) == []  # 9 - 2 = 7 > 4


@pytest.mark.parametrize("card, residential, income", [
    ("small_store", 0, 0), ("small_store", 1, 2), ("small_store", 7, 2),
    ("convenience_store", 3, 3), ("convenience_store", 12, 10),
    ("restaurant", 4, 8), ("restaurant", 11, 20),
    ("department_store", 0, 0), ("department_store", 1, 10),
])
def test_commercial_construction_income(card, residential, income):
    # rulebook §9.2.1-§9.2.4; ORE-R17: R counts Residential cards (any name, any
    # constructor, Parks included) in both adjacent spaces.
    left = [("park", 2)] * min(residential, 5)
    right = [("single_house", 1)] * (residential - len(left))
    state = table(3, hands={0: [card]}, spaces={1: right, 2: left}, coins=[5, 0, 0])
    before = list(state.coins)
    act(state, f"construct:{card}:1:0")
    assert state.coins[0] - before[0] + GAME.tables.cost[card] == income


def test_commercial_income_counts_only_spaces_adjacent_to_where_it_lands():
    # rulebook §9.5 "adjacent construction spaces" of the one where this card is placed.
    spaces = {1: [("small_store", 1)], 2: [("single_house", 2)] * 3}
    state = table(4, hands={0: ["convenience_store"]}, spaces=spaces)
    act(state, "construct:convenience_store:1:1")  # space 1 is next to 0 and 2
    assert state.coins == [3, 0, 0, 0]
    state = table(4, hands={0: ["convenience_store"]}, spaces=spaces)
    act(state, "construct:convenience_store:1:0")  # space 0 is next to 1 and 3
    assert state.coins == [0, 0, 0, 0]


def test_commercial_construction_income_limited_by_an_adjacent_factory():
    # rulebook §9.3.3 / §9.3.4; ORE-R19: a Construction is one income event.
    spaces = {1: [("single_house", 1)] * 5, 3: [("chemical_factory", 3)]}
    state = table(4, hands={0: ["restaurant"]}, spaces=spaces, coins=[3, 0, 0, 0])
    act(state, "construct:restaurant:1:0")
    assert state.coins == [1, 0, 0, 0]


def test_highway_pays_per_income_event_next_to_it_only_after_it_is_placed():
    # rulebook §9.3.1; ORE-R21.
    spaces = {1: [("single_house", 1)], 2: [("highway", 2)]}
    state = table(3, hands={0: ["small_store", "small_store"], 2: ["highway"]}, spaces=spaces)
    act(state, "construct:small_store:1:0")
    assert gained(state, [0, 0, 0]) == {0: 2, 2: 1}


def test_highway_does_not_pay_for_an_event_paying_nothing():
    # ORE-R21: an event that pays 0 does not trigger a Highway.
    state = table(3, hands={0: ["small_store"]}, spaces={2: [("highway", 2)]})
    act(state, "construct:small_store:1:0")
    assert state.coins == [0, 0, 0]


def test_highway_pays_for_an_event_cut_to_1g_and_is_never_limited():
    # ORE-R21: an event cut to 1G by a factory still triggers it.
    spaces = {1: [("single_house", 1)], 3: [("small_factory", 3), ("highway", 2), ("highway", 2)]}
    state = table(4, hands={0: ["department_store"]}, spaces=spaces, coins=[5, 0, 0, 0])
    act(state, "construct:department_store:1:0")
    assert state.coins == [1, 0, 2, 0]


def test_residential_and_industrial_constructions_earn_nothing_when_built():
    # rulebook §9.1 (Residential earn through book-closing only), §9.3.2.
    state = table(3, hands={0: ["single_house"], 1: ["wind_turbine"]},
                  spaces={1: [("single_house", 1)] * 2, 2: [("small_store", 2)]}, coins=[0, 3, 0])
    act(state, "construct:single_house:1:0")
    assert state.coins == [0, 3, 0]
    state = table(3, hands={0: ["wind_turbine"]}, coins=[3, 0, 0])
    act(state, "construct:wind_turbine:1:0")
    assert state.coins == [0, 0, 0] and state.technology == [0, 0, 0]  # ORE-R16: no tech until acquired


def test_technology_cards_in_a_construction_space_give_no_technology():
    # ORE-R16, ORE-R18: technology acts only from the acquisition space.
    state = table(3, hands={0: ["apartment_house"]}, spaces={0: [("chemical_factory", 0)]}, coins=[0, 0, 0])
    assert constructions(state) == []
