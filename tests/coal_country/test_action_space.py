"""The fixed integer action space: compact, and still holding every action the rules can offer."""

from collections import Counter

import pytest

from headframe.games.coal_country.actions import PickStack, PlaceTile, Sell

from .helpers import GAME, add_tile, new, place_all, stop_until


@pytest.mark.parametrize("players", (2, 3, 4))
def test_the_space_holds_6067_actions(players):
    kinds = Counter(action.kind for action in GAME.learning.action_space(players).actions)
    assert len(GAME.learning.action_space(players)) == 6067  # 11,463 before the mine was bounded by reach
    assert kinds["place_tile"] == (37 * 37 - 1) * 4  # cells with |x| + y <= 36, y >= 0, less the entrance
    assert kinds["sell"] == 133


def test_cells_lie_within_36_steps_of_the_entrance():
    space = GAME.learning.action_space(2)
    assert PlaceTile.of(-36, 0, 3) in space and PlaceTile.of(0, 36, 0) in space and PlaceTile.of(18, 18, 1) in space
    assert PlaceTile.of(36, 1, 0) not in space and PlaceTile.of(-1, 36, 0) not in space
    assert PlaceTile.of(0, 0, 0) not in space and PlaceTile.of(0, -1, 0) not in space


def test_coal_for_sale_is_bounded_by_what_one_round_can_produce():
    """5 in a Coal Shed + Y(1) of the entrance and all 36 tiles auto-producing (70) + eight miners (a ninth
    foreman sells) on the richest tiles at Y(4): 8 + 7 x 7 = 57."""
    space = GAME.learning.action_space(3)
    assert Sell.of(5 + 70 + 57) in space and Sell.of(5 + 70 + 57 + 1) not in space


def test_the_36th_tile_of_a_straight_mine_can_be_placed_and_is_in_the_space():
    state = new(2, seed=1, round=2)
    for x in range(1, 36):
        add_tile(state, 0, "1A", x, 0, cubes=0b111)
    state.cash[0] = 1000
    place_all(state, {0: [("PO", 4)], 1: []})
    stop_until(state, "permit")
    state.apply(0, PickStack.of(1))
    offered = state.legal_actions(0)
    space = GAME.learning.action_space(2)
    assert all(action in space for action in offered)
    assert any(action.kind == "place_tile" and (action.x, action.y) == (36, 0) for action in offered)
