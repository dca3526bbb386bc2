"""Phases four to seven and the end of the game (rulebook: 4. Sell Ore,
5. External Investments, 6. Prospecting, 7. End of Turn, End of the Game)."""

from __future__ import annotations

from headframe.games.tinners_trail.prospecting import roll
from headframe.games.tinners_trail.scoring import cubes_in_own_mines, victory_points

from .helpers import ScriptedDice, T, actions_phase, area, die, ids, new, play


def end_actions(state, pass_order):
    """Every player passes, in this order."""
    actions_phase(state, pending=pass_order)
    for _ in pass_order:
        play(state, "pass")


def test_sell_ore_at_current_prices_keeps_nothing():
    # rulebook: 4. Sell Ore; TIN-R45
    state = new(3)
    state.tin_row, state.copper_row = 4, 2  # tin £6, copper £3
    state.held_tin = [2, 0, 1]
    state.held_copper = [1, 3, 0]
    state.money = [0, 0, 0]
    end_actions(state, [0, 1, 2])
    assert state.money == [15, 9, 6]
    assert state.held_tin == [0, 0, 0] and state.held_copper == [0, 0, 0]


def test_investments_in_pass_order_one_cube_at_a_time():
    # rulebook: 5. External Investments; TIN-R47, TIN-R48
    state = new(3)
    state.money = [30, 30, 30]
    end_actions(state, [2, 0, 1])
    assert state.step == "invest" and state.order == [2, 0, 1]
    assert state.to_move() == (2,)
    play(state, "invest:1")
    assert state.to_move() == (0,)
    play(state, "invest:1")
    assert state.to_move() == (1,)
    assert "invest:1" not in ids(state)  # TIN-R47: two cubes per box
    play(state, "invest:0")
    assert state.to_move() == (2,)
    assert state.money == [20, 25, 20] and state.cubes_left == [11, 11, 11]
    assert state.investments[0][1] == [2, 0] and state.investments[0][0] == [1]


def test_investment_costs_and_vp():
    # TIN-R46
    assert T.column_costs == [5, 10, 15, 20, 25, 30]
    assert T.investment_vp[0] == [6, 12, 18, 24, 30, 36]
    assert T.investment_vp[3] == [3, 6, 9, 12, 15, 18]
    state = new(2)
    state.investments[0][5] = [0]
    state.investments[3][0] = [0, 1]
    assert victory_points(state) == [39, 3]


def test_only_the_current_turns_row():
    # rulebook: 5. "You can only place an investment cube in ... the row that matches the present turn"
    state = new(3)
    state.turn = 3
    state.money = [100, 0, 0]
    end_actions(state, [0, 1, 2])
    play(state, "invest:5")
    assert state.investments[2][5] == [0] and all(not box for box in state.investments[0])


def test_a_full_box_in_an_earlier_row_does_not_close_this_turns_box():
    # TIN-R47: the two-cube limit counts the cubes in the current turn's row only
    state = new(3)
    state.turn = 2
    state.investments[0][1] = [1, 2]
    state.money = [30, 30, 30]
    end_actions(state, [0, 1, 2])
    assert "invest:1" in ids(state)


def test_exact_money_buys_a_cube_and_a_pound_short_does_not():
    # TIN-R47, TIN-R54: a cube is paid for in full; money never goes below 0
    state = new(3)
    state.money = [5, 4, 4]
    end_actions(state, [0, 1, 2])
    assert state.to_move() == (0,) and ids(state) == {"invest:0", "decline"}
    assert state.invest_out == [False, True, True]


def test_decline_is_final_by_default_and_broke_players_are_skipped():
    # TIN-R48: declining takes a player out; who cannot afford any open box is out unasked
    state = new(3)
    state.money = [10, 4, 12]
    end_actions(state, [0, 1, 2])
    assert state.to_move() == (0,)  # seat 1 (£4) will never be asked
    play(state, "decline")
    assert state.to_move() == (2,)
    play(state, "invest:0")
    assert state.to_move() == (2,)  # seat 0 declined for good, seat 1 cannot pay
    play(state, "invest:0")
    assert state.investments[0][0] == [2, 2] and state.step == "prospect"


def test_twelve_cubes_per_player():
    # rulebook: 5. "Each player has just twelve investment cubes"; TIN-R47
    state = new(3)
    state.money = [100, 0, 0]
    state.cubes_left = [0, 12, 12]
    end_actions(state, [0, 1, 2])
    assert state.step == "prospect"


def test_decline_not_final_option():
    # TIN-R48 option: the phase ends once every player still in has declined since the last cube
    state = new(3, investment_decline_is_final=False)
    state.money = [20, 20, 0]
    end_actions(state, [0, 1, 2])
    play(state, "decline")        # seat 0
    play(state, "invest:0")       # seat 1: resets the declines
    assert state.to_move() == (0,)
    play(state, "invest:0")       # seat 0 comes back
    play(state, "decline")        # seat 1
    assert state.to_move() == (0,)
    play(state, "decline")        # seat 0: both have declined since the last cube
    assert state.step == "prospect"


def test_prospecting_by_first_two_in_order_of_play():
    # rulebook: 6. Prospecting; TIN-R49
    state = new(4)
    state.money = [0] * 4
    end_actions(state, [3, 1, 0, 2])
    assert state.step == "prospect" and state.to_move() == (3,)
    clear = {T.area_ids[a] for a in T.areas if not state.discovered[a]}
    assert {a.area for a in state.decision(3).actions} == clear
    state.rng = ScriptedDice([die("water", 2), die("copper", 1), die("tin", 0)])
    play(state, "prospect:penzance")
    assert state.discovered[area("penzance")] and state.copper[area("penzance")] == 1
    assert state.to_move() == (1,) and "prospect:penzance" not in ids(state)
    state.rng = ScriptedDice([die("water", 2), die("copper", 1), die("tin", 0)] + [0] * 20)
    play(state, "prospect:hayle")
    assert state.turn == 2 and state.step == "actions"


def test_prospecting_modifiers():
    # rulebook: 6. Prospecting "If there is an adit ... If there is a train ... port"; TIN-R42
    state = new(3)
    hayle = area("hayle")
    state.adit[T.border_index["hayle-camborne"]] = True
    state.adit[T.border_index["hayle-breage"]] = True
    state.port[hayle] = True
    state.train[area("camborne")] = True
    state.rng = ScriptedDice([die("water", 4), die("copper", 2), die("tin", 1)])
    roll(state, hayle, modifiers=True)
    assert (state.copper[hayle], state.tin[hayle]) == (4, 3)  # TIN-R43: per adit
    assert state.water[hayle] == 0  # 4 - 2 adits - 1 port - 1 adjacent train


def test_train_in_rolled_area_and_water_floor():
    # TIN-R42: two fewer for a train in the area; water never below 0
    state = new(3)
    lizard = area("lizard")
    state.train[lizard] = True
    state.rng = ScriptedDice([die("water", 3), die("copper", 1), die("tin", 0)])
    roll(state, lizard, modifiers=True)
    assert state.water[lizard] == 1
    truro = area("truro")
    state.train[truro] = True
    state.train[area("st_agnes")] = True
    state.rng = ScriptedDice([die("water", 2), die("copper", 1), die("tin", 0)])
    roll(state, truro, modifiers=True)
    assert state.water[truro] == 0


def test_adit_roll_bonus_once_option():
    # TIN-R43 option once
    state = new(3, adit_roll_bonus="once")
    hayle = area("hayle")
    state.adit[T.border_index["hayle-camborne"]] = True
    state.adit[T.border_index["hayle-breage"]] = True
    state.rng = ScriptedDice([die("water", 4), die("copper", 2), die("tin", 1)])
    roll(state, hayle, modifiers=True)
    assert (state.copper[hayle], state.tin[hayle], state.water[hayle]) == (3, 2, 3)


def test_prospecting_skipped_without_clear_areas():
    # TIN-R49: prospects that cannot be made are skipped
    state = new(3)
    state.discovered = [True] * 19
    state.discovered[area("lizard")] = False
    state.money = [0] * 3
    end_actions(state, [0, 1, 2])
    play(state, "prospect:lizard")
    assert state.turn == 2


def test_no_prospecting_when_every_area_is_discovered():
    # rulebook: 6. "If all areas on the board already contain cubes or mines then no Prospecting action is taken"
    state = new(3)
    state.discovered = [True] * 19
    state.money = [0] * 3
    end_actions(state, [0, 1, 2])
    assert state.turn == 2 and state.step == "actions"
    assert not any(e["event"] == "prospect" for e in state.log)


def final_turn(players=3, **options):
    state = new(players, **options)
    state.turn = 4
    state.money = [0] * players
    return state


def test_prospect_in_final_turn_option():
    # TIN-R50
    state = final_turn()
    end_actions(state, [0, 1, 2])
    assert state.step == "prospect"
    state = final_turn(prospect_in_final_turn=False)
    end_actions(state, [0, 1, 2])
    assert state.is_over()


def test_game_ends_after_turn_four_with_pumps_returned():
    # rulebook: End of the Game; TIN-R13, TIN-R51
    state = final_turn()
    end_actions(state, [0, 1, 2])
    play(state, "prospect:penzance", "prospect:hayle")
    assert state.is_over() and state.to_move() == ()
    assert state.pumps == [0, 0, 0, 0]


def test_victory_points_decide():
    # rulebook: End of the Game; TIN-R52
    state = final_turn()
    state.investments[0][2] = [1]
    state.investments[1][0] = [0, 0]
    end_actions(state, [0, 1, 2])
    play(state, "prospect:penzance", "prospect:hayle")
    result = state.result()
    assert result.scores == (10, 18, 0) and result.winners == (1,) and result.tiebreak is None


def test_tie_breaks_money_then_cubes_then_order():
    # rulebook: End of the Game; TIN-R53
    state = final_turn()
    state.investments[0][0] = [0, 1]
    state.investments[1][0] = [2]  # seat 2 behind
    state.money = [3, 5, 0]
    end_actions(state, [0, 1, 2])
    state.step, state.actor = "over", -1
    result = state.result()
    assert result.ranking == (2, 1, 3) and result.tiebreak == "the most money left"
    assert result.ties == ((0, 1, "the most money left"),)  # TIN-R53: every pair level on VP names its criterion

    state.money = [5, 5, 0]
    state.mine = [-1] * 19
    camborne = area("camborne")
    state.mine[camborne] = 0
    state.copper[camborne], state.tin[camborne] = 2, 1
    result = state.result()
    assert cubes_in_own_mines(state) == [3, 0, 0]
    assert result.ranking == (1, 2, 3) and result.tiebreak == "the most tin and copper cubes left in the areas of one's mines"

    state.mine[camborne] = -1
    state.order = [1, 0, 2]  # turn-4 pass order
    result = state.result()
    assert result.ranking == (2, 1, 3) and result.tiebreak == "highest up the order of play"


def test_money_is_kept_between_turns_and_time_is_not():
    # TIN-R51, TIN-R54
    state = new(3)
    state.money = [7, 8, 9]
    end_actions(state, [0, 1, 2])
    state.rng = ScriptedDice([0] * 30)
    play(state, "decline", "decline", "decline", "prospect:penzance", "prospect:hayle")
    assert state.turn == 2 and state.money == [7, 8, 9]
    assert state.track["spent"] == [0, 0, 0] and state.pending == [0, 1, 2]
