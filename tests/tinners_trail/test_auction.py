"""A. Build Mine and its auction (TIN-R26 to TIN-R30, TIN-R56)."""

from __future__ import annotations

from .helpers import ScriptedDice, T, actions_phase, area, die, ids, kinds, new, next_active, play


def auction_state(players=4, spent=None, money=None, pending=()):
    state = new(players)
    actions_phase(state, pending=pending, spent=spent or [0] * players, money=money or [20] * players)
    return state


def test_opener_bids_first_at_least_one_pound_up_to_his_money():
    # rulebook: A. Build Mine "must bid at least £1"; TIN-R26
    state = auction_state(money=[7, 20, 20, 20])
    assert state.to_move() == (0,)
    play(state, "build_mine:camborne")
    assert state.step == "auction" and state.to_move() == (0,)
    decision = state.decision(0)
    assert decision.kind == "opening_bid"
    assert [a.amount for a in decision.actions] == list(range(1, 8))  # no drop-out for the opener


def test_bidding_goes_clockwise_from_the_openers_left():
    # rulebook: A. Build Mine "The player to his left now makes a higher bid"; TIN-R3, TIN-R28
    state = auction_state(spent=[3, 3, 0, 3])
    assert state.to_move() == (2,)
    play(state, "build_mine:camborne", "bid:3")
    assert state.to_move() == (3,)
    assert "bid:3" not in ids(state) and "bid:4" in ids(state) and "drop_out" in ids(state)
    play(state, "bid:5")
    assert state.to_move() == (0,)
    play(state, "drop_out")
    assert state.to_move() == (1,)
    play(state, "drop_out")
    assert state.to_move() == (2,)  # the outbid opener bids again (TIN-R28)


def test_dropping_out_is_for_good_and_winner_pays_and_spends_two():
    # rulebook: A. Build Mine "Once a player has dropped out he cannot rejoin"; TIN-R28, TIN-R29
    state = auction_state(spent=[0, 3, 3, 3])
    play(state, "build_mine:camborne", "bid:2", "drop_out", "bid:4", "drop_out")
    assert state.to_move() == (0,)
    play(state, "bid:6")
    assert state.to_move() == (2,)  # seat 1 dropped out for good and is skipped
    play(state, "drop_out")  # seat 3 dropped too: the auction is over
    assert state.step == "actions"
    assert state.mine[area("camborne")] == 0
    assert state.money[0] == 14 and state.money[1:] == [20, 20, 20]
    assert state.track["spent"][0] == 2 and state.mines_built[0] == 1


def test_opener_outbid_pays_nothing_and_acts_again():
    # rulebook: A. Build Mine "the active player will immediately be able to select another action"; TIN-R29
    state = auction_state(pending=[0, 1, 2, 3])
    play(state, "build_mine:camborne", "bid:1", "bid:3", "drop_out", "drop_out", "drop_out")
    assert state.mine[area("camborne")] == 1
    assert state.money[0] == 20 and state.track["spent"][0] == 0
    assert state.money[1] == 17 and state.track["spent"][1] == 2
    # the winner leaves the column; the opener is still the top pending player
    assert state.pending == [0, 2, 3]
    assert state.to_move() == (0,) and "build_mine:st_ives" in ids(state)
    assert "build_mine:camborne" not in ids(state)  # one mine per area


def test_single_eligible_bidder_wins_at_his_opening_bid():
    # TIN-R28 "If the opener is the only participant, it ends at once"; TIN-R24
    state = auction_state(spent=[0, 9, 9, 9])
    play(state, "build_mine:gwennap", "bid:4")
    assert state.mine[area("gwennap")] == 0 and state.money[0] == 16
    assert state.step == "actions"


def test_participants_need_two_time_points_no_pass_and_fewer_than_six_mines():
    # rulebook: A. Build Mine "may not take part ... if they have selected the Pass action,
    # if they have less than two Time Points"; TIN-R27
    state = auction_state(spent=[0, 9, 8, 2], pending=[])
    state.passed = [3]
    state.mines_built[2] = 6
    state._decisions = {}
    play(state, "build_mine:camborne")
    assert state.auction["bidders"] == [0]
    state = auction_state(spent=[0, 8, 8, 8])
    play(state, "build_mine:camborne")
    assert state.auction["bidders"] == [0, 1, 2, 3]  # players further along may bid


def test_players_who_cannot_outbid_drop_out_without_being_asked():
    # rulebook: A. Build Mine "or do not have enough money to bid"; TIN-R28
    state = auction_state(money=[20, 5, 0, 9])
    play(state, "build_mine:camborne", "bid:5")
    assert state.to_move() == (3,)  # seats 1 (£5) and 2 (£0) cannot outbid £5
    assert state.auction["bidders"] == [0, 3]
    play(state, "drop_out")
    assert state.mine[area("camborne")] == 0 and state.money[0] == 15


def test_build_mine_needs_two_time_points_money_and_a_free_area():
    # TIN-R26
    state = auction_state(spent=[9, 0, 0, 0], pending=[])
    state.track["spent"] = [9, 10, 10, 10]
    next_active(state)
    state._decisions = {}
    assert "build_mine" not in kinds(state)
    state = auction_state(money=[0, 5, 5, 5])
    assert "build_mine" not in kinds(state)
    state = auction_state()
    state.mines_built[0] = 6
    state._decisions = {}
    assert "build_mine" not in kinds(state)  # rulebook: "No player can ever build more than six mines"
    state = auction_state()
    state.mine = [1] * len(state.mine)
    state._decisions = {}
    assert "build_mine" not in kinds(state)


def test_mine_in_a_clear_area_is_rolled_after_paying():
    # rulebook: A. Build Mine "roll the three dice ... after the Time Points and money have been spent"; TIN-R30
    state = auction_state(spent=[0, 9, 9, 9])
    penzance = area("penzance")
    assert not state.discovered[penzance]
    play(state, "build_mine:penzance")
    state.rng = ScriptedDice([die("water", 3), die("copper", 2), die("tin", 1)])
    play(state, "bid:2")
    assert state.discovered[penzance]
    assert (state.water[penzance], state.copper[penzance], state.tin[penzance]) == (3, 2, 1)
    events = [e["event"] for e in state.log[-2:]]
    assert events == ["mine_built", "roll"]


def test_mine_in_a_discovered_area_is_not_rolled():
    # TIN-R12: an area is rolled at most once
    state = auction_state(spent=[0, 9, 9, 9])
    camborne = area("camborne")
    before = (state.water[camborne], state.copper[camborne], state.tin[camborne])
    play(state, "build_mine:camborne", "bid:1")
    assert (state.water[camborne], state.copper[camborne], state.tin[camborne]) == before


def test_mine_build_roll_modifiers_by_option():
    # TIN-R42, TIN-R44: default all modifiers; option false keeps only the adit's
    for option, expected_water in ((True, 0), (False, 3)):
        state = new(4, roll_modifiers_on_mine_build=option)
        actions_phase(state, spent=[0, 9, 9, 9], money=[20] * 4)
        penzance = area("penzance")
        state.port[penzance] = True
        state.train[penzance] = True
        state.adit[T.border_index["st_just-penzance"]] = True
        play(state, "build_mine:penzance")
        state.rng = ScriptedDice([die("water", 4), die("copper", 1), die("tin", 0)])
        play(state, "bid:1")
        assert state.copper[penzance] == 2 and state.tin[penzance] == 1
        assert state.water[penzance] == expected_water


def test_dropping_out_is_not_passing():
    # TIN-R56
    state = auction_state(spent=[0, 3, 3, 3])
    play(state, "build_mine:camborne", "bid:2", "drop_out", "drop_out", "drop_out")
    assert state.passed == [] and state.track["spent"][1:] == [3, 3, 3]
    play(state, "build_mine:st_ives")
    assert state.auction["bidders"] == [0, 1, 2, 3]  # they may bid in the next auction


def test_last_player_build_mine_is_his_one_more_action():
    # TIN-R24
    state = auction_state(spent=[0, 3, 3, 3])
    state.passed = [1, 2, 3]
    state._decisions = {}
    play(state, "build_mine:camborne", "bid:3")
    assert state.mine[area("camborne")] == 0
    assert ids(state) == {"pass"}
