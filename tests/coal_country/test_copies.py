"""A loaded position whose links do not match its mine is refused, and the state's memo (the
heuristic's plan for the round) is never copied or saved (the copies of the fields, as deep as their
shapes, are held to marshal's by tests/conformance/test_shapes.py)."""

import json

import pytest

from headframe.engine import PositionError, Rng

from .helpers import GAME


def test_a_position_whose_links_do_not_match_its_mine_is_refused():
    data = json.loads(GAME.new_state(2, 1).to_json())
    data["state"]["linked"][1] = [0, 1]
    with pytest.raises(PositionError, match="state.linked"):
        GAME.load_position(json.dumps(data))


def test_the_plan_memo_is_never_copied_or_saved():
    state = GAME.new_state(3, 2)
    seat = state.to_move()[0]
    first = GAME.learning.heuristic(state, seat, Rng(1))
    plan = state.memo[("plan", seat, 1)]
    assert ("plan", seat, 1) in state.memo and state.clone().memo == {}
    state.apply(seat, first)
    GAME.learning.heuristic(state, seat, Rng(1))
    assert state.memo[("plan", seat, 1)] is plan  # one plan for the seat's whole placement
    assert sorted(json.loads(state.to_json())["state"]) == sorted(state.FIELDS)
    assert ("plan", seat, 1) not in GAME.load_position(state.to_json()).memo
