"""The integer action space: every action the game can offer, numbered once,
with no ids that can never be legal where a true bound avoids them."""

from __future__ import annotations

import pytest

from headframe.engine import Rng
from headframe.games.tinners_trail.components import most_money_in_hand

from .helpers import GAME, T, actions_phase, area, empty_board, new, play

RICHEST = most_money_in_hand(T)


def test_the_space_is_the_same_at_every_player_count():
    sizes = {players: len(GAME.learning.action_space(players)) for players in GAME.players}
    assert set(sizes.values()) == {1072}
    bids = [a.amount for a in GAME.learning.action_space(3).actions if a.kind == "bid"]
    assert bids == list(range(1, RICHEST + 1))


def test_the_money_bound_counts_six_best_areas_at_the_best_price():
    # £15 + 40 pasties + (19 printed cubes in the six richest areas + 6 best rolls of 3+3 + 4 adits x 2 sides x 2) x £7
    assert RICHEST == 15 + 40 + (19 + 36 + 16) * 7


@pytest.mark.parametrize("players", [2, 4])
def test_heuristic_players_stay_within_the_bound(players):
    for seed in range(3):
        state = GAME.new_state(players, seed=seed)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            assert max(state.money) <= RICHEST
            state.apply(seat, GAME.learning.heuristic(state, seat, rng))


def test_the_richest_possible_bidder_finds_all_his_bids_in_the_space():
    state = new(3, seed=1)
    actions_phase(state, pending=[0, 1, 2], money=[RICHEST, 20, 20])
    play(state, "build_mine:camborne")
    space = GAME.learning.action_space(3)
    offered = state.decision(0).actions
    assert len(offered) == RICHEST and all(action in space for action in offered)


def test_inland_areas_never_mine_five_cubes():
    # TIN-R31: capacity 2 + port + miner + train; no port inland (TIN-R36)
    space = {a.id for a in GAME.learning.action_space(3).actions}
    assert "mine_ore:redruth:3:1" in space and "mine_ore:redruth:3:2" not in space
    assert "mine_ore:camborne:3:2" in space
    state = new(3, seed=2)
    empty_board(state)
    redruth = area("redruth")
    state.copper[redruth], state.tin[redruth] = 6, 6
    state.mine[redruth], state.miner[redruth], state.train[redruth] = 0, True, True
    actions_phase(state, pending=[0, 1, 2], money=[20, 20, 20])
    mined = [a for a in state.decision(0).actions if a.kind == "mine_ore"]
    assert max(a.copper + a.tin for a in mined) == T.base_capacity + 2
    assert all(a.id in space for a in mined)
