"""Phase Three's order of play and time track (rulebook: Phase Three; I. Pass)."""

from __future__ import annotations

from .helpers import actions_phase, ids, kinds, new, play


def test_turn_one_starts_with_the_top_of_the_random_column():
    # rulebook: Phase Three "the active player is always the player who has their token highest"; TIN-R19, TIN-R20
    state = new(4, seed=5)
    assert state.step == "actions"
    assert state.pending == state.order
    assert state.to_move() == (state.order[0],)


def test_pending_players_act_in_column_order_before_the_track():
    # TIN-R20: while pending is not empty, its first player is active
    state = new(3)
    actions_phase(state, pending=[2, 0, 1])
    assert state.to_move() == (2,)
    play(state, "sell_pasties")  # 2 leaves pending with 1 TP
    assert state.pending == [0, 1] and state.to_move() == (0,)
    play(state, "sell_pasties")
    assert state.to_move() == (1,)
    play(state, "sell_pasties")
    # nobody pending: least time, ties by arrival (2 arrived first)
    assert state.pending == [] and state.to_move() == (2,)


def test_a_player_keeps_acting_while_the_others_are_ahead():
    # rulebook: Phase Three "a player will be able to take several turns as the active player"
    state = new(3)
    actions_phase(state, spent=[5, 4, 1])
    assert state.to_move() == (2,)
    play(state, "sell_pasties", "sell_pasties")
    assert state.to_move() == (2,)  # 3 TP, still behind
    play(state, "sell_pasties")
    assert state.to_move() == (1,)  # 4 TP each: seat 1 arrived first


def test_tie_goes_to_the_token_that_arrived_first():
    # rulebook: Phase Three "placed in the first empty space below"; TIN-R21
    state = new(3)
    actions_phase(state, pending=[0, 1, 2])
    play(state, "sell_pasties")   # 0 -> 1
    play(state, "sell_pasties")   # 1 -> 1
    play(state, "sell_pasties")   # 2 -> 1
    assert state.to_move() == (0,)
    play(state, "sell_pasties")   # 0 -> 2
    assert state.to_move() == (1,)
    play(state, "sell_pasties")   # 1 -> 2, arrives after 0
    assert state.to_move() == (2,)
    play(state, "sell_pasties")   # 2 -> 2
    assert state.to_move() == (0,)
    assert state.track["arrived"][0] < state.track["arrived"][1] < state.track["arrived"][2]


def test_pass_moves_to_the_highest_empty_space_and_becomes_next_order():
    # rulebook: I. Pass; TIN-R19, TIN-R25
    state = new(3)
    actions_phase(state, pending=[1, 2, 0])
    play(state, "pass")  # seat 1 passes first
    assert state.passed == [1] and state.pending == [2, 0]
    assert state.track["spent"][1] == 0  # rulebook: "The Pass action uses no Time Points"
    assert state.to_move() == (2,)
    play(state, "sell_pasties")
    assert state.to_move() == (0,)
    play(state, "pass")
    play(state, "pass")  # seat 2 last
    assert state.order == [1, 0, 2]
    assert state.step != "actions"


def test_passed_players_take_no_more_actions():
    # TIN-R25: a passed player cannot act for the rest of the turn
    state = new(3)
    actions_phase(state, spent=[0, 3, 3])
    play(state, "pass")
    assert 0 in state.passed
    for _ in range(10):
        if state.step != "actions":
            break
        assert state.to_move() != (0,)
        play(state, "sell_pasties" if "sell_pasties" in kinds(state) else "pass")


def test_forced_pass_at_ten_time_points():
    # rulebook: I. Pass "If you are on the '10' space ... you must take the Pass action"; TIN-R23
    state = new(3)
    actions_phase(state, spent=[10, 10, 10])
    assert ids(state) == {"pass"}
    state = new(3)
    actions_phase(state, spent=[9, 10, 10])
    assert state.to_move() == (0,)
    play(state, "sell_pasties")
    # seat 0 reached 10 but did not pass: still unpassed, waits for his turn
    assert 0 not in state.passed
    assert state.to_move() == (1,) and ids(state) == {"pass"}


def test_time_costs_limit_the_actions_offered():
    # rulebook: Phase Three "You can only perform an action if you have enough Time Points"; TIN-R22
    state = new(3)
    state.mine[0] = 0
    state.copper[0] = 3
    state.mines_built[0] = 1
    actions_phase(state, spent=[7, 9, 9], money=[30, 30, 30])
    assert {"build_adit", "build_mine", "build_port", "build_train"} - kinds(state) == {"build_train"}
    # turn 1 has no train in stock, so build_train is missing for another reason: give one
    state.stock[2] = 1
    state._decisions = {}
    assert {"build_adit", "build_mine", "build_port", "build_train"} <= kinds(state)
    actions_phase(state, spent=[8, 9, 9], money=[30, 30, 30])
    assert "build_adit" not in kinds(state)
    assert {"build_mine", "build_port", "build_train", "mine_ore"} <= kinds(state)
    actions_phase(state, spent=[9, 9, 9], money=[30, 30, 30])
    assert kinds(state) == {"mine_ore", "place_miner", "improve_steam_pumps", "sell_pasties", "pass"}


def test_last_player_takes_exactly_one_more_action():
    # rulebook: Phase Three "the remaining player may perform just one more action"; TIN-R24
    state = new(3)
    actions_phase(state, spent=[0, 2, 2], passed=[1, 2])
    assert state.to_move() == (0,)
    assert "sell_pasties" in kinds(state)
    play(state, "sell_pasties")
    assert state.to_move() == (0,) and ids(state) == {"pass"}


def test_last_player_one_more_action_counts_from_when_others_have_passed():
    # TIN-R24: actions before the others passed do not count
    state = new(2)
    actions_phase(state, spent=[0, 0], pending=[0, 1])
    play(state, "sell_pasties", "sell_pasties")  # seat 0, then seat 1... order by time
    assert state.to_move() == (0,)
    play(state, "pass")
    assert state.to_move() == (1,) and "sell_pasties" in kinds(state)
    play(state, "sell_pasties")
    assert ids(state) == {"pass"}


def test_last_player_without_time_must_pass_at_once():
    # TIN-R24: "If he has no TP left, Pass is his only legal action at once"
    state = new(3)
    actions_phase(state, spent=[10, 2, 2], passed=[1, 2])
    assert ids(state) == {"pass"}


def test_phase_three_ends_when_all_have_passed_and_time_resets():
    # rulebook: Phase Three "The action phase ends when all of the players have passed"; TIN-R51
    state = new(3)
    actions_phase(state, spent=[4, 6, 9], pending=[])
    while state.step == "actions":
        play(state, "pass")
    assert state.step in ("invest", "prospect", "actions")
    # finish the turn: decline investments, prospect
    while state.turn == 1:
        seat = state.to_move()[0]
        state.apply(seat, state.decision(seat).actions[-1] if state.step == "invest" else state.decision(seat).actions[0])
    assert state.turn == 2 and state.step == "actions"
    assert state.track["spent"] == [0, 0, 0]
    assert state.pending == state.order and state.passed == []
