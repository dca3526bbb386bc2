"""Clones share the log and history until either adds to them (the copies of the
fields, as deep as their shapes, are held to marshal's by tests/conformance/test_shapes.py)."""

from __future__ import annotations

import json

import pytest

from headframe.engine import PositionError, Rng

from .helpers import GAME


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


def test_a_position_whose_work_has_no_list_of_applicable_cards_is_refused():
    state, rng = GAME.new_state(2, 3), Rng(3)
    while state.work is None:
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.decision(seat).actions))
    position = json.loads(state.to_json())
    GAME.load_position(position)  # as it is, it loads
    position["state"]["work"]["applicable"] = 3
    with pytest.raises(PositionError, match="work: expected null or an object with a list 'applicable'"):
        GAME.load_position(position)
