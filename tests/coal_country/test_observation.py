"""The flat observation: built from a seat's view, sized by its layout, and blind to what the seat cannot see."""

import math

import pytest

from headframe.engine import Rng
from headframe.games.coal_country import mine
from headframe.games.coal_country.encoding import TILE_FEATURES

from .helpers import GAME, add_tile, new, place, place_all, stop_until


def field(vector: list[float], players: int, name: str) -> list[float]:
    return vector[GAME.learning.observation_layout(players).slice(name)]


def encode(state, seat: int) -> list[float]:
    return GAME.learning.encode_observation(state.view(seat))


def random_positions(players: int, seed: int, options: dict, every: int = 1):
    """Each `every`-th position of a random game, and the final one."""
    state, rng = GAME.new_state(players, seed, options), Rng(seed)
    decisions = 0
    while state.to_move():
        if decisions % every == 0:
            yield state
        to_move = state.to_move()
        seat = to_move[0] if len(to_move) == 1 else rng.choice(to_move)
        state.apply(seat, rng.choice(state.decision(seat).actions))
        decisions += 1
    yield state


@pytest.mark.parametrize("players", (2, 3, 4))
@pytest.mark.parametrize("options", GAME.option_sets, ids=range(len(GAME.option_sets)))
def test_every_view_fills_the_layout_with_finite_values(players, options):
    size = GAME.learning.observation_layout(players, options).size
    for state in random_positions(players, players, options, every=3):
        for seat in range(players):
            vector = encode(state, seat)
            assert len(vector) == size
            assert all(math.isfinite(x) and -1.0 <= x <= 3.0 for x in vector)


@pytest.mark.parametrize("players, options", [(2, {}), (3, {"industry_amok": True}),
                                              (4, {"permit_incentive_effect": "look_two_keep_one"})])
def test_a_determinized_world_encodes_the_same(players, options):
    rng = Rng(7)
    for state in random_positions(players, 11, options, every=5):
        for seat in range(players):
            assert encode(state.determinize(seat, rng), seat) == encode(state, seat)


def test_sealed_placements_stay_out_of_other_seats_observations():
    state = new(3, seed=2)
    before = [encode(state, seat) for seat in range(3)]
    place(state, 0, [("CB", 4), ("ST", 3)], done=False)
    assert encode(state, 1) == before[1] and encode(state, 2) == before[2]
    mine = encode(state, 0)
    assert mine != before[0]
    foremen = field(mine, 3, "foremen")
    per_location = 6  # values 0-4, then hidden
    cb, st = 6 * per_location, 4 * per_location  # CB and ST in the foremen field's location order
    assert foremen[cb + 4] == 0.5 and foremen[st + 3] == 0.5
    assert field(mine, 3, "unplaced")[:5] == [0.5, 1.0, 1.0, 0.5, 0.5]  # 0,1,1,2,2,3,3,4,4 less a 4 and a 3


def test_seats_are_rotated_so_the_observer_comes_first():
    state = new(3, seed=1)
    state.coal = [3, 10, 20]
    state._decisions = {}
    assert field(encode(state, 0), 3, "coal") == [3 / 50, 10 / 50, 20 / 50]
    assert field(encode(state, 1), 3, "coal") == [10 / 50, 20 / 50, 3 / 50]
    assert field(encode(state, 2), 3, "coal") == [20 / 50, 3 / 50, 10 / 50]


def test_cash_is_mine_alone_until_the_game_is_over():
    state = new(2, seed=1)
    state.cash = [60, 90]
    state._decisions = {}
    assert field(encode(state, 0), 2, "cash") == [60 / 300, 0.0]
    assert field(encode(state, 0), 2, "cash_known") == [1.0, 0.0]
    assert field(encode(state, 1), 2, "cash") == [90 / 300, 0.0]


def test_a_mine_tile_lands_in_its_slot():
    state = new(2, seed=1, round=2)
    index = add_tile(state, 1, "2A", 0, 1, rotation=3, cubes=0b011)  # N and W: open to the entrance
    vector = encode(state, 0)
    features = len(TILE_FEATURES)
    slot = field(vector, 2, "mine")[(37 + index) * features:(37 + index + 1) * features]  # seat 1's mine
    tile = state.mine[1][index]
    openings = [float(mine.openings(state, tile) >> d & 1) for d in range(4)]
    assert slot[:3] == [1.0, 0.0, 1 / 36]
    assert slot[3:7] == openings
    assert slot[7:10] == [1.0, 1.0, 0.0]  # wood and water, no electricity
    assert slot[10] == 1.0  # connected (COAL-R40)
    assert slot[11:15] == [y / 8 for y in GAME.tables.yields[tile[2]][1:]]


def test_a_revealed_miner_shows_its_value_on_the_tile():
    state = new(2, seed=1, round=2)
    place_all(state, {0: [("M0", 3), ("CB", 1)], 1: [("CB", 2)]})
    features = len(TILE_FEATURES)
    mine_as_0, mine_as_1 = (field(encode(state, seat), 2, "mine") for seat in (0, 1))
    assert mine_as_0[features - 3:features] == [1.0, 0.75, 0.0]
    assert mine_as_1[37 * features + features - 3:38 * features] == [1.0, 0.75, 0.0]  # the mine has resolved
    stop_until(state, "sell")
    assert field(encode(state, 0), 2, "current_stage")[3] == 1.0  # sell
    assert field(encode(state, 0), 2, "decision")[3] == 1.0 and field(encode(state, 1), 2, "decision") == [0.0] * 14


def test_different_public_positions_differ():
    a, b = new(2, seed=1), new(2, seed=1)
    b.refuse[1] = 3
    b._decisions = {}
    assert encode(a, 0) != encode(b, 0)


def test_a_spectator_has_no_observation():
    with pytest.raises(ValueError):
        GAME.learning.encode_observation(new(2).view(None))
