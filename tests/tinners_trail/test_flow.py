"""The turn structure is declared once, in `flow.FLOW`; the seat that owes each decision
is the actor the rules name (the state's `actor`), none once the game is over."""

from __future__ import annotations

import pytest

from headframe.engine import Rng
from headframe.games.tinners_trail.flow import FLOW, STEPS

from .helpers import new


@pytest.mark.parametrize("players, seed", [(2, 4), (3, 5), (4, 6)])
def test_the_actor_owes_each_decision(players, seed):
    state = new(players, seed)
    rng = Rng(seed)
    while True:
        assert state.to_move() == (() if state.step == "over" else (state.actor,))
        assert state.step in STEPS
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.decision(seat).actions))
    assert state.step == "over" and state.to_move() == ()


def test_every_resting_step_but_over_is_a_decision_of_the_flow():
    assert all(FLOW.steps[step].actions is not None for step in STEPS if step != "over")
