"""Clones copy each field as deep as its shape (shapes.py): the same copies as the
engine's marshal round trip, sharing nothing mutable; clones share the log and
history until either adds to them."""

from __future__ import annotations

import json
import marshal

import pytest

from headframe.engine import PositionError, Rng, State
from headframe.games.copper_country import shapes

from .helpers import GAME


def _containers(value, found: list) -> list:
    if isinstance(value, (list, dict)):
        found.append(value)
        for part in value.values() if isinstance(value, dict) else value:
            _containers(part, found)
    return found


def _states():
    """States all through random games at every player count (work, shifts and payments included)."""
    for players in (2, 3, 4):
        state, rng = GAME.new_state(players, players), Rng(players)
        for step in range(1500):
            if state.is_over():
                break
            if step % 7 == 0:
                yield state
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.decision(seat).actions))


@pytest.fixture(scope="module")
def states():
    return list(_states())


def test_every_field_has_one_shape():
    shaped = shapes.SAME + shapes.FLAT + shapes.PER_SEAT + shapes.KEYED + shapes.OPTIONAL
    assert sorted(shaped) == sorted(GAME.State.FIELDS)


def test_a_clone_holds_the_marshal_copies_and_shares_nothing_mutable(states):
    assert any(state.payment for state in states) and any(state.work for state in states)
    for state in states:
        twin = state.clone()
        assert twin.fields() == dict(zip(state.FIELDS, marshal.loads(marshal.dumps(state._values(state)))))
        mine = {id(c) for name in state.FIELDS for c in _containers(getattr(state, name), [])}
        assert not [c for name in twin.FIELDS for c in _containers(getattr(twin, name), []) if id(c) in mine]


def test_clones_share_the_log_until_either_adds_to_it():
    state, rng = GAME.new_state(3, 5), Rng(5)
    for _ in range(40):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.decision(seat).actions))
    twin = state.clone()
    assert twin.log is state.log and twin.history is state.history
    before = json.loads(state.to_json())
    for _ in range(30):
        seat = twin.to_move()[0]
        twin.apply(seat, rng.choice(twin.decision(seat).actions))
    assert json.loads(state.to_json()) == before and len(twin.history) == len(state.history) + 30
    seat = state.to_move()[0]
    state.apply(seat, state.decision(seat).actions[0])
    assert len(state.history) == len(before["history"]) + 1 and len(twin.history) == len(state.history) + 29


@pytest.mark.parametrize(("field", "value", "error"), [
    ("tasks", ["turn"], "tasks: expected a list of lists"),
    ("builds", {"B01": 3}, "builds: expected an object of lists"),
    ("work", "M01", "work: expected null or an object with a list 'applicable'"),
    ("shift", [1], "shift: expected null or an object"),
])
def test_a_position_of_another_shape_is_refused(field, value, error):
    data = json.loads(GAME.new_state(2, 1).to_json())
    data["state"][field] = value
    with pytest.raises(PositionError, match=error):
        State.from_json(json.dumps(data), GAME)
