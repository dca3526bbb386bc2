"""Setup, components, dice and Phase One/Two (rulebook: Starting The Game,
The Board, Phase One, Phase Two)."""

from __future__ import annotations

import pytest

from headframe.engine import OptionError, Rng
from headframe.games.tinners_trail import prospecting
from headframe.games.tinners_trail.developments import available_developments
from headframe.games.tinners_trail.ore_prices import determine_ore_prices

from .helpers import GAME, ScriptedDice, T, area, die, new


def test_player_counts_official_and_unofficial():
    # TIN-R1: 3-4 official; TIN-R2: 2 players allowed, same rules
    assert GAME.official_players == (3, 4)
    assert GAME.players == (2, 3, 4)
    for bad in (1, 5):
        with pytest.raises(OptionError):
            GAME.new_state(bad, 1)
    two = new(2)
    assert two.money == [15, 15] and len(two.order) == 2


def test_setup_money_cubes_mines_and_random_order():
    # rulebook: Starting The Game; TIN-R4 step 1-2
    state = new(4, seed=3)
    assert state.money == [15] * 4
    assert state.cubes_left == [12] * 4
    assert state.mines_built == [0] * 4 and all(owner == -1 for owner in state.mine)
    assert sorted(state.order) == [0, 1, 2, 3]
    orders = {tuple(new(4, seed=s).order) for s in range(40)}
    assert len(orders) > 10  # the turn-1 order is random


def test_setup_rolls_each_starting_area_in_map_order_without_modifiers():
    # rulebook: Starting The Game; TIN-R4 steps 3-5, TIN-R8
    state = new(3, seed=11)
    rolls = [e for e in state.log if e["event"] == "roll"]
    starting = [T.area_ids[a] for a in T.areas if T.starting[a]]
    assert [r["area"] for r in rolls] == starting
    replay = Rng(11)
    order = [0, 1, 2]
    replay.shuffle(order)
    for roll in rolls:
        a = area(roll["area"])
        water, copper, tin = (T.water_die[replay.below(6)], T.copper_die[replay.below(6)], T.tin_die[replay.below(6)])
        assert roll["dice"] == [water, copper, tin]
        assert state.water[a] == water
        assert state.copper[a] == T.printed_copper[a] + copper
        assert state.tin[a] == T.printed_tin[a] + tin


def test_clear_areas_start_empty_and_undiscovered():
    # rulebook: The Board D; TIN-R12
    state = new()
    for a in T.areas:
        if not T.starting[a]:
            assert not state.discovered[a]
            assert state.copper[a] == state.tin[a] == state.water[a] == 0
        else:
            assert state.discovered[a]


def test_map_counts():
    # TIN-R10, TIN-R11
    assert len(T.area_ids) == 19
    assert sum(T.starting) == 11
    assert len(T.borders) == 39
    assert sum(T.sea) == 15
    inland = {T.area_ids[a] for a in T.areas if not T.sea[a]}
    assert inland == {"redruth", "gwennap", "wendron", "truro"}
    assert sum(T.printed_copper) == 12 and sum(T.printed_tin) == 17
    assert all(2 <= len(n) <= 6 for n in T.neighbours)


def test_dice_faces():
    # TIN-R8, TIN-R9
    assert T.water_die == [2, 2, 3, 3, 4, 4]
    assert T.copper_die == [1, 1, 2, 2, 3, 3]
    assert T.tin_die == [0, 1, 1, 2, 2, 3]


def test_cube_supply_is_unlimited():
    # TIN-R5: adding cubes always succeeds, beyond the rulebook's counts
    state = new()
    a = area("penzance")
    state.copper[0] = 200
    state.rng = ScriptedDice([die("water", 4), die("copper", 3), die("tin", 3)])
    prospecting.roll(state, a, modifiers=True)
    assert (state.water[a], state.copper[a], state.tin[a]) == (4, 3, 3)


def test_price_table_bands():
    # TIN-R15
    assert [T.price_row(total) for total in (1, 4, 5, 6, 7, 8, 9, 12)] == [1, 1, 2, 3, 4, 5, 6, 6]
    assert [T.tin_price[r] for r in range(1, 7)] == [4, 5, 5, 6, 6, 7]
    assert [T.copper_price[r] for r in range(1, 7)] == [2, 3, 4, 5, 6, 7]


def price_state(turn: int, tin_row: int, copper_row: int, faces: list[int]):
    state = new()
    state.turn = turn
    state.tin_row, state.copper_row = tin_row, copper_row
    state.rng = ScriptedDice(faces)
    determine_ore_prices(state)
    return state


def sum_faces(water: int, copper: int, tin: int) -> list[int]:
    return [die("water", water), die("copper", copper), die("tin", tin)]


def test_first_turn_adds_one_to_both_rolls():
    # rulebook: Phase One "In the first turn you should add one"; TIN-R14
    state = price_state(1, 0, 0, sum_faces(2, 1, 1) + sum_faces(3, 2, 1))  # tin 4+1, copper 6+1
    assert state.tin_row == 2 and state.copper_row == 4
    event = state.log[-1]
    assert event["event"] == "ore_prices" and event["tin"] == 5 and event["copper"] == 5


def test_tin_is_rolled_before_copper():
    # rulebook: Phase One "First determine the price for tin"
    state = price_state(2, 3, 3, sum_faces(4, 3, 3) + sum_faces(2, 1, 0))
    assert state.tin_row == 6 and state.copper_row == 1


def test_previous_highest_row_subtracts_one():
    # rulebook: Phase One "at the highest level then subtract one"; TIN-R14
    state = price_state(2, 6, 3, sum_faces(4, 3, 2) + sum_faces(4, 3, 2))  # 9 each
    assert state.tin_row == 5 and state.copper_row == 6


def test_previous_lowest_row_adds_one():
    # rulebook: Phase One "at the lowest level then add one"; TIN-R14
    state = price_state(3, 1, 4, sum_faces(2, 1, 1) + sum_faces(2, 1, 1))  # 4 each
    assert state.tin_row == 2 and state.copper_row == 1


def test_last_turn_subtracts_one_as_well_as_previous_row_modifier():
    # rulebook: Phase One "In the last turn you should subtract one ... as well as"; TIN-R14
    state = price_state(4, 6, 1, sum_faces(4, 3, 3) + sum_faces(3, 2, 2))  # 10-1-1=8; 7+1-1=7
    assert state.tin_row == 5 and state.copper_row == 4
    plain = price_state(4, 3, 3, sum_faces(3, 2, 2) + sum_faces(3, 2, 2))  # 7-1
    assert plain.tin_row == 3 and plain.copper_row == 3


def test_developments_per_turn():
    # rulebook: Phase Two; TIN-R16 (leftovers removed, restocked exactly)
    expected = {1: [2, 2, 0, 1], 2: [2, 2, 1, 1], 3: [3, 2, 1, 1], 4: [3, 2, 1, 1]}
    state = new()
    for turn in (1, 2, 3, 4):
        state.turn = turn
        state.stock = [0, 1, 0, 0]
        available_developments(state)
        assert state.stock == expected[turn]


def test_steam_pump_stacks_per_turn():
    # rulebook: Phase Two "In the first turn you place one disc in the first box..."; TIN-R6, TIN-R17, TIN-R18
    assert sum(T.pump_boxes) == 8
    state = new()
    expected = {1: [1, 0, 0, 0], 2: [1, 2, 0, 0], 3: [1, 2, 2, 0], 4: [1, 2, 2, 3]}
    for turn, boxes in expected.items():
        state.turn = turn
        available_developments(state)
        assert state.pumps == boxes
