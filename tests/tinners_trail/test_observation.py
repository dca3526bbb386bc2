"""The observation encoding for learners: built from a seat's view only, the
observer first."""

from __future__ import annotations

import math

import pytest

from headframe.engine import Rng

from .helpers import GAME, T, actions_phase, area, new, play


def positions(players, options, seed, every=17):
    """Every `every`-th position of a random game, to its end."""
    state = GAME.new_state(players, seed=seed, options=options or None)
    rng = Rng(seed)
    count = 0
    while True:
        if count % every == 0 or state.is_over():
            yield state
        if state.is_over():
            return
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.decision(seat).actions))
        count += 1


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", list(range(len(GAME.option_sets))))
def test_length_finite_and_no_leak_over_random_games(players, options):
    layout = GAME.learning.observation_layout(players, GAME.option_sets[options])
    for state in positions(players, GAME.option_sets[options], seed=players * 10 + options):
        for seat in range(players):
            vector = GAME.learning.encode_observation(state.view(seat))
            assert len(vector) == layout.size
            assert all(math.isfinite(v) and -0.01 <= v <= 12 for v in vector)
            world = state.determinize(seat, Rng(seat + 5))
            assert GAME.learning.encode_observation(world.view(seat)) == vector


def test_layout_is_small_and_grows_with_the_player_count():
    sizes = [GAME.learning.observation_layout(players).size for players in (2, 3, 4)]
    assert sizes == sorted(sizes) and len(set(sizes)) == 3
    assert 200 < sizes[-1] < 2000
    assert GAME.learning.observation_layout(3) is GAME.learning.observation_layout(3, {"adit_roll_bonus": "once"})


def test_spectators_are_refused():
    with pytest.raises(ValueError, match="spectator"):
        GAME.learning.encode_observation(new(3).view(None))


def field(vector, players, name):
    return vector[GAME.learning.observation_layout(players).slice(name)]


def test_the_observer_comes_first():
    state = new(3, seed=4)
    state.money = [11, 22, 33]
    for seat in range(3):
        money = field(GAME.learning.encode_observation(state.view(seat)), 3, "money")
        assert money == [state.money[(seat + r) % 3] / 100 for r in range(3)]


def test_a_mine_is_encoded_for_its_owner_relative_to_the_observer():
    state = new(4, seed=5)
    state.mine[area("redruth")] = 2
    redruth = area("redruth") * 4
    mine = field(GAME.learning.encode_observation(state.view(2)), 4, "mine")
    assert mine[redruth:redruth + 4] == [1, 0, 0, 0]
    mine = field(GAME.learning.encode_observation(state.view(3)), 4, "mine")
    assert mine[redruth:redruth + 4] == [0, 0, 0, 1]  # seat 2 is three places after seat 3
    assert sum(mine) == 1


def test_decision_kind_and_auction_are_encoded():
    state = new(3, seed=6)
    actions_phase(state, pending=[0, 1, 2], money=[20, 20, 20])
    play(state, "build_mine:gwennap", "bid:4")
    assert state.to_move() == (1,)
    vector = GAME.learning.encode_observation(state.view(1))
    decisions = field(vector, 3, "decision")
    assert decisions == [0, 0, 1, 0, 0, 0]  # "bid"
    assert field(vector, 3, "to_move") == [1, 0, 0]
    assert field(vector, 3, "auction_area")[area("gwennap")] == 1
    assert field(vector, 3, "auction_high") == [0.04]
    assert field(vector, 3, "auction_leader") == [0, 0, 1]  # seat 0 is two places after seat 1
    assert field(vector, 3, "auction_opener") == [0, 0, 1]
    waiting = GAME.learning.encode_observation(state.view(0))
    assert field(waiting, 3, "decision") == [0] * 6  # not seat 0's decision
    assert field(waiting, 3, "to_move") == [0, 1, 0]


def test_different_public_positions_differ():
    state = new(3, seed=7)
    before = GAME.learning.encode_observation(state.view(0))
    seat = state.to_move()[0]
    state.apply(seat, state.decision(seat).actions[-1])  # pass
    assert GAME.learning.encode_observation(state.view(0)) != before
    other = new(3, seed=7)
    other.water[area("st_ives")] += 1
    assert GAME.learning.encode_observation(other.view(0)) != before


def test_investments_count_cubes_per_box():
    state = new(2, seed=8)
    state.investments[1][3] = [1, 1]
    investments = field(GAME.learning.encode_observation(state.view(0)), 2, "investments")
    box = (1 * len(T.column_costs) + 3) * 2
    assert investments[box:box + 2] == [0, 1.0]
    assert sum(investments) == 1.0
