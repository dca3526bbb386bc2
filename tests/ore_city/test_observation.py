"""The observation vector for learners: its layout, and that it holds only what the seat may know."""

from __future__ import annotations

import math

import pytest

from headframe.engine import Rng
from headframe.games.ore_city.encoding import COINS_CAP

from .helpers import GAME, act, table


def field(vector, name, players, options=None):
    return vector[GAME.learning.observation_layout(players, options).slice(name)]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("options", GAME.option_sets, ids=["standard", "competition-linear", "after-cost-limit"])
def test_every_view_of_a_random_game_fits_the_layout_and_leaks_nothing(players, options):
    size = GAME.learning.observation_layout(players, options).size
    state = GAME.new_state(players, seed=players, options=options)
    rng = Rng(players)
    decisions = 0
    while state.to_move():
        seat = state.to_move()[0]
        if decisions % 23 == 0:
            for viewer in (seat, (seat + 1) % players):
                vector = GAME.learning.encode_observation(state.view(viewer))
                assert len(vector) == size
                assert all(math.isfinite(v) and v >= 0 for v in vector)
                assert GAME.learning.encode_observation(state.determinize(viewer, rng).view(viewer)) == vector
        state.apply(seat, rng.choice(state.decision(seat).actions))
        decisions += 1
    assert len(GAME.learning.encode_observation(state.view(0))) == size


def test_only_the_round_limit_changes_the_layout():
    plain = GAME.learning.observation_layout(4)
    assert GAME.learning.observation_layout(4, {"majority_ranking": "competition"}) is plain
    limited = GAME.learning.observation_layout(4, {"round_limit": 20})
    assert limited.size == plain.size + 1
    added = {name for name, *_ in limited.fields} - {name for name, *_ in plain.fields}
    assert added == {"rounds_left"}


def test_seats_are_rotated_so_the_observer_comes_first():
    state = table(3, hands={0: ["park"], 1: ["highway"]}, coins=[2, 7, 40], spaces={2: [("single_house", 1)]})
    state.vp = [1, 3, 6]
    for me in range(3):
        vector = GAME.learning.encode_observation(state.view(me))
        order = [(me + r) % 3 for r in range(3)]
        assert field(vector, "coins", 3) == [min(state.coins[s], COINS_CAP) / COINS_CAP for s in order]
        assert field(vector, "vp", 3) == [state.vp[s] / 10 for s in order]
        assert field(vector, "active", 3) == [1.0 if s == 0 else 0.0 for s in order]
    # Seat 1's view: its own Highway is known, seat 0's Park is not; the Single House in
    # seat 2's space (relative 1) was constructed by seat 1 itself (relative 0).
    vector = GAME.learning.encode_observation(state.view(1))
    cards = list(GAME.tables.type)
    known = field(vector, "hand_known", 3)
    assert known[cards.index("highway")] > 0 and sum(known) == 1 / 3
    building = [c for c in cards if GAME.tables.type[c] != 3]
    space = field(vector, "space", 3)
    assert space[(1 * len(building) + building.index("single_house")) * 3 + 0] == 1 / 5
    assert sum(space) == 1 / 5


def test_different_public_positions_give_different_vectors_and_spectators_are_refused():
    state = table(3, hands={0: ["single_house", "park"]})
    before = GAME.learning.encode_observation(state.view(1))
    act(state, "construct:park:1:0")
    assert GAME.learning.encode_observation(state.view(1)) != before
    with pytest.raises(ValueError):
        GAME.learning.encode_observation(state.view(None))


def test_the_phase_and_the_round_limit_are_encoded():
    state = table(2, hands={0: ["small_store"]}, options={"round_limit": 4})
    state.round = 3
    vector = GAME.learning.encode_observation(state.view(0))
    assert field(vector, "rounds_left", 2, {"round_limit": 4}) == [2 / 4]
    phases = field(vector, "phase", 2, {"round_limit": 4})
    assert phases.count(1.0) == 1 and phases.index(1.0) == 1  # "action"
