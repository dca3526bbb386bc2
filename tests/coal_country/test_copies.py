"""A clone copies each field as deep as its shape (shapes.py): the same copies as a marshal round
trip, sharing nothing mutable; a loaded position of another shape is refused. The state's memo (the
heuristic's plan for the round) is never copied or saved."""

import json
import marshal

import pytest

from headframe.agents.random_agent import play_random_game
from headframe.engine import PositionError, Rng
from headframe.games.coal_country import shapes

from .helpers import GAME


@pytest.fixture(scope="module")
def positions():
    """States at every stage of play: a few random decisions into games of each player count and
    option set, and the games' ends."""
    found = []
    for players in (2, 3, 4):
        for number, options in enumerate(GAME.option_sets):
            state = GAME.new_state(players, number, options)
            rng = Rng(number)
            for _ in range(40 * (number + 1)):
                if state.is_over():
                    break
                seat = rng.choice(state.to_move())
                state.apply(seat, rng.choice(state.legal_actions(seat)))
            found.append(state)
        state = GAME.new_state(players, 9)
        play_random_game(state, Rng(9))
        found.append(state)
    return found


def _containers(value, found: set[int]) -> set[int]:
    if isinstance(value, (list, dict)):
        found.add(id(value))
        for item in value.values() if isinstance(value, dict) else value:
            _containers(item, found)
    return found


def test_every_field_has_one_shape():
    groups = shapes.SAME + shapes.FLAT + shapes.ROWS + shapes.TABLES + shapes.DEEP
    assert sorted(groups) == sorted(GAME.State.FIELDS)


def test_clone_copies_like_marshal_and_shares_nothing(positions):
    steps = set()
    for state in positions:
        twin = state.clone()
        assert twin.fields() == dict(zip(state.FIELDS, marshal.loads(marshal.dumps(state._values(state)))))
        assert not _containers(list(state._values(state)), set()) & _containers(list(twin._values(twin)), set())
        steps.add(state.step)
    assert {"place", "over"} < steps and len(steps) > 4


@pytest.mark.parametrize("field, value", [
    ("cash", [[5], 0]),
    ("lots", [["", "", "", ""], ["", {"tavern": 1}, "", ""]]),
    ("foremen", [[[4, "CB"]], ["CB"]]),
    ("mine", [[[0, 0, 0, 0, 7]], [7]]),
])
def test_a_position_of_another_shape_is_refused(field, value):
    data = json.loads(GAME.new_state(2, 1).to_json())
    data["state"][field] = value
    with pytest.raises(PositionError, match=f"state.{field}: expected"):
        GAME.load_position(json.dumps(data))


def test_a_position_whose_links_do_not_match_its_mine_is_refused():
    data = json.loads(GAME.new_state(2, 1).to_json())
    data["state"]["linked"][1] = [0, 1]
    with pytest.raises(PositionError, match="state.linked"):
        GAME.load_position(json.dumps(data))


def test_the_plan_memo_is_never_copied_or_saved():
    state = GAME.new_state(3, 2)
    seat = state.to_move()[0]
    first = GAME.heuristic(state, seat, Rng(1))
    plan = state.memo[("plan", seat, 1)]
    assert list(state.memo) == [("plan", seat, 1)] and state.clone().memo == {}
    state.apply(seat, first)
    GAME.heuristic(state, seat, Rng(1))
    assert state.memo[("plan", seat, 1)] is plan  # one plan for the seat's whole placement
    assert sorted(json.loads(state.to_json())["state"]) == sorted(state.FIELDS)
    assert GAME.load_position(state.to_json()).memo == {}
