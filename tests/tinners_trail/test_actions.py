"""Actions B to H (rulebook: B. Mine Ore ... H. Sell Pasties; TIN-R31 to TIN-R41)."""

from __future__ import annotations

from headframe.games.tinners_trail.mine_ore import capacity
from headframe.games.tinners_trail.prospecting import roll

from .helpers import ScriptedDice, T, actions_phase, area, die, empty_board, ids, kinds, new, play


def board(players=3, money=None, **options):
    state = new(players, **options)
    empty_board(state)
    state.discovered = [True] * len(T.area_ids)
    actions_phase(state, spent=[0, 5, 5][:players] + [5] * (players - 3), money=money or [20] * players)
    return state


def own(state, name, seat=0, copper=0, tin=0, water=0):
    a = area(name)
    state.mine[a] = seat
    state.mines_built[seat] += 1
    state.copper[a], state.tin[a], state.water[a] = copper, tin, water
    state._decisions = {}
    return a


def mining(state, name):
    return {(a.copper, a.tin) for a in state.decision(0).actions if a.kind == "mine_ore" and a.area == name}


# --- B. Mine Ore ------------------------------------------------------------------

def test_mine_ore_only_where_you_have_a_mine():
    # rulebook: B. Mine Ore "You can only mine ore in an area where you already have a mine"
    state = board()
    own(state, "camborne", seat=1, copper=3, tin=3)
    assert "mine_ore" not in kinds(state)
    own(state, "st_ives", copper=3, tin=3)
    assert {a.area for a in state.decision(0).actions if a.kind == "mine_ore"} == {"st_ives"}


def test_capacity_two_plus_port_miner_train_any_mix():
    # rulebook: B. Mine Ore "basic Mining Capacity of two"; TIN-R31; TIN-R32 at least one cube
    state = board()
    a = own(state, "camborne", copper=5, tin=5)
    assert mining(state, "camborne") == {(1, 0), (0, 1), (2, 0), (1, 1), (0, 2)}
    state.port[a] = state.miner[a] = state.train[a] = True
    state._decisions = {}
    options = mining(state, "camborne")
    assert max(c + t for c, t in options) == 5 and (3, 2) in options and (0, 0) not in options


def test_adits_do_not_add_capacity_and_developments_count_for_any_owner():
    # TIN-R31 (adits add nothing), TIN-R35 (developments are neutral)
    state = board()
    a = own(state, "camborne", copper=5, tin=5)
    state.adit[T.border_index["camborne-breage"]] = True
    state.miner[a] = True  # placed by anybody
    state._decisions = {}
    assert max(c + t for c, t in mining(state, "camborne")) == 3


def test_mining_limited_by_cubes_present():
    # TIN-R31: c <= copper there, t <= tin there
    state = board()
    own(state, "camborne", copper=1, tin=0)
    assert mining(state, "camborne") == {(1, 0)}


def test_mining_cost_is_water_per_cube_and_money_limits_it():
    # rulebook: B. Mine Ore "cost you an amount equal to the number of water cubes"; TIN-R31, TIN-R54
    state = board(money=[5, 20, 20])
    a = own(state, "camborne", copper=3, tin=3, water=2)
    assert mining(state, "camborne") == {(1, 0), (0, 1), (2, 0), (1, 1), (0, 2)}
    state.money[0] = 3
    state._decisions = {}
    assert mining(state, "camborne") == {(1, 0), (0, 1)}
    play(state, "mine_ore:camborne:1:0")
    assert state.money[0] == 1 and state.copper[a] == 2 and state.held_copper[0] == 1
    assert state.track["spent"][0] == 1


def test_mining_is_free_without_water_and_cubes_are_held():
    # rulebook: B. Mine Ore "If there are no water cubes in an area then there is no cost"
    state = board(money=[0, 20, 20])
    a = own(state, "camborne", copper=3, tin=3)
    play(state, "mine_ore:camborne:1:1")
    assert state.money[0] == 0 and (state.held_copper[0], state.held_tin[0]) == (1, 1)
    assert (state.copper[a], state.tin[a]) == (2, 2)


def test_mining_adds_no_water_by_default():
    # TIN-R33 default
    state = board()
    a = own(state, "camborne", copper=3, tin=3, water=1)
    play(state, "mine_ore:camborne:2:0")
    assert state.water[a] == 1 and state.money[0] == 18


def test_water_added_per_mine_action_option():
    # TIN-R33 option: one water added after paying; the cost uses the water before
    state = board(water_added_per_mine_action=1)
    a = own(state, "camborne", copper=3, tin=3, water=1)
    play(state, "mine_ore:camborne:2:0")
    assert state.money[0] == 18 and state.water[a] == 2


def test_repeated_mining_in_one_area():
    # TIN-R34
    state = board(players=2)
    state.track["spent"][1] = 10
    a = own(state, "camborne", copper=6, tin=0)
    play(state, "mine_ore:camborne:2:0", "mine_ore:camborne:2:0")
    assert state.copper[a] == 2 and state.held_copper[0] == 4


def test_emptied_area_keeps_mine_and_water():
    # rulebook: B. Mine Ore "When all of the copper and tin cubes have been removed ... remain"
    state = board()
    a = own(state, "camborne", copper=1, tin=1, water=1)
    play(state, "mine_ore:camborne:1:1")
    assert state.mine[a] == 0 and state.water[a] == 1 and state.discovered[a]
    assert state.to_move() == (0,) and "mine_ore" not in kinds(state)  # TIN-R32


# --- C. Build Port ------------------------------------------------------------------

def test_build_port_sea_only_one_per_area():
    # rulebook: C. Build Port; TIN-R36
    state = board()
    ports = {a.area for a in state.decision(0).actions if a.kind == "build_port"}
    assert ports == {T.area_ids[a] for a in T.areas if T.sea[a]}
    a = area("camborne")
    state.water[a] = 2
    play(state, "build_port:camborne")
    assert state.port[a] and state.water[a] == 1 and state.stock[1] == 1
    assert state.track["spent"][0] == 2 and state.money[0] == 20
    state._decisions = {}
    assert "build_port:camborne" not in ids(state)


def test_ports_run_out():
    # rulebook: Phase Three "If the desired piece is not in the box then the corresponding action cannot be selected"
    state = board()
    state.stock[1] = 0
    state._decisions = {}
    assert "build_port" not in kinds(state)


# --- D. Place Miner -----------------------------------------------------------------

def test_place_miner_anywhere_once_per_area():
    # rulebook: D. Place Miner; TIN-R35
    state = board()
    assert len([a for a in state.decision(0).actions if a.kind == "place_miner"]) == 19
    play(state, "place_miner:gwennap")
    assert state.miner[area("gwennap")] and state.stock[0] == 1 and state.track["spent"][0] == 1
    state._decisions = {}
    assert "place_miner:gwennap" not in ids(state)


# --- E. Build Adit ------------------------------------------------------------------

def test_adit_on_border_with_cubes_on_both_sides():
    # rulebook: E. Build Adit; TIN-R37
    state = board()
    camborne, breage = area("camborne"), area("breage")
    state.copper[camborne], state.water[camborne] = 1, 2
    state.water[breage] = 1
    play(state, "build_adit:camborne-breage")
    assert (state.copper[camborne], state.tin[camborne], state.water[camborne]) == (2, 1, 1)
    assert (state.copper[breage], state.tin[breage], state.water[breage]) == (1, 1, 0)
    assert state.track["spent"][0] == 3 and state.stock[3] == 0
    state._decisions = {}
    assert "build_adit" not in kinds(state)  # rulebook: "only one adit available each turn"


def test_adit_clear_side_gets_nothing_until_rolled():
    # rulebook: E. Build Adit "You do not add cubes to a clear area when you build an adit"; TIN-R37, TIN-R42
    state = board()
    hayle, camborne = area("hayle"), area("camborne")
    state.discovered[hayle] = False
    state.tin[camborne] = 1
    play(state, "build_adit:hayle-camborne")
    assert state.copper[hayle] == state.tin[hayle] == 0
    state.rng = ScriptedDice([die("water", 2), die("copper", 1), die("tin", 0)])
    roll(state, hayle, modifiers=True)
    assert (state.copper[hayle], state.tin[hayle], state.water[hayle]) == (2, 1, 1)


def test_adit_on_empty_discovered_area_default_and_option():
    # TIN-R38: default cubes_present gives nothing; option discovered gives +1/+1
    for option, expected in (("cubes_present", (0, 0, 0)), ("discovered", (1, 1, 0))):
        state = board(adit_bonus_test=option)
        play(state, "build_adit:camborne-breage")
        camborne = area("camborne")
        assert (state.copper[camborne], state.tin[camborne], state.water[camborne]) == expected


def test_adit_one_per_border_and_areas_need_no_mine():
    # TIN-R35, TIN-R37: one adit per border; further adits on other borders
    state = board()
    state.adit[T.border_index["camborne-breage"]] = True
    state._decisions = {}
    adits = {a.border for a in state.decision(0).actions if a.kind == "build_adit"}
    assert "camborne-breage" not in adits and "camborne-redruth" in adits and len(adits) == 38


# --- F. Build Train -----------------------------------------------------------------

def test_build_train_removes_water_here_and_next_door():
    # rulebook: F. Build Train; TIN-R39, TIN-R40
    state = board()
    state.stock[2] = 1
    redruth = area("redruth")
    state.water = [3] * len(state.water)
    state._decisions = {}
    play(state, "build_train:redruth")
    assert state.water[redruth] == 1
    for a in T.areas:
        if a in T.neighbours[redruth]:
            assert state.water[a] == 2
        elif a != redruth:
            assert state.water[a] == 3
    assert state.train[redruth] and state.track["spent"][0] == 2
    assert capacity(state, redruth) == 3
    assert all(capacity(state, n) == 2 for n in T.neighbours[redruth])


def test_water_never_goes_negative():
    # TIN-R40
    state = board()
    state.stock[2] = 1
    state.water[area("redruth")] = 1
    state._decisions = {}
    play(state, "build_train:redruth")
    assert min(state.water) == 0


def test_one_train_per_area():
    # TIN-R35: one of each development per area, even when a later turn's stock has another
    state = board()
    state.stock[2] = 1
    state.train[area("redruth")] = True
    state._decisions = {}
    offered = ids(state)
    assert "build_train:redruth" not in offered and "build_train:truro" in offered


def test_no_train_in_turn_one_stock():
    # TIN-R16: turn 1 has no train
    state = new()
    assert state.stock[2] == 0 and "build_train" not in kinds(state)


# --- G. Improve Steam Pumps -----------------------------------------------------------

def test_improve_steam_pumps_removes_up_to_the_stack_anywhere():
    # rulebook: G. Improve Steam Pumps; TIN-R41
    state = board()
    state.turn = 4
    state.pumps = [1, 2, 2, 3]
    state.water[area("camborne")] = 1
    state.water[area("gwennap")] = 5
    state._decisions = {}
    # TIN-R57: the two equal stacks are one choice
    assert {a.box for a in state.decision(0).actions if a.kind == "improve_steam_pumps"} == {0, 1, 3}
    play(state, "improve_steam_pumps:3")
    assert state.step == "pumps" and state.track["spent"][0] == 1 and state.pumps == [1, 2, 2, 0]
    assert ids(state) == {"remove_water:camborne", "remove_water:gwennap", "stop_pumping"}
    play(state, "remove_water:camborne", "remove_water:gwennap", "remove_water:gwennap")
    assert state.step == "actions" and state.water[area("gwennap")] == 3
    assert state.water[area("camborne")] == 0


def test_improve_steam_pumps_may_stop_early_and_box_stays_empty():
    # TIN-R41: "He may stop early"; the box stays empty for the rest of the turn
    state = board()
    state.turn = 2
    state.pumps = [1, 2, 0, 0]
    state.water[area("gwennap")] = 5
    state._decisions = {}
    play(state, "improve_steam_pumps:1", "remove_water:gwennap", "stop_pumping")
    assert state.water[area("gwennap")] == 4 and state.pumps == [1, 0, 0, 0]
    assert state.step == "actions"


def test_improve_steam_pumps_without_water_is_legal():
    # TIN-R41: legal even with no water on the board
    state = board()
    assert "improve_steam_pumps:0" in ids(state)
    play(state, "improve_steam_pumps:0")
    assert state.step == "actions" and state.track["spent"][0] == 1 and state.pumps[0] == 0


def test_steam_pump_actions_per_turn_limited_by_stacks():
    # rulebook: G "can only be selected once in the first turn"; TIN-R17
    state = board()
    play(state, "improve_steam_pumps:0")
    state._decisions = {}
    assert "improve_steam_pumps" not in kinds(state, state.to_move()[0])


# --- H. Sell Pasties -----------------------------------------------------------------

def test_sell_pasties_one_pound_one_time_point():
    # rulebook: H. Sell Pasties
    state = board(money=[0, 20, 20])
    play(state, "sell_pasties")
    assert state.money[0] == 1 and state.track["spent"][0] == 1


def test_developments_legal_without_immediate_effect():
    # TIN-R35: placing a piece is legal even if it has no effect
    state = board()
    play(state, "build_port:lizard")
    assert state.port[area("lizard")]
