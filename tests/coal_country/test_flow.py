"""The turn structure (flow.py): at rest the state always waits in a decision step or is over, and
the hand-written `to_move` agrees with the flow's."""

import pytest

from headframe.engine import Rng
from headframe.games.coal_country.flow import FLOW, task

from .helpers import GAME


@pytest.mark.parametrize("options", GAME.option_sets)
def test_to_move_agrees_with_the_flow(options):
    for players, seed in ((2, 1), (4, 2)):
        state = GAME.new_state(players, seed, options)
        rng = Rng(seed)
        while True:
            waiting = task(state)
            assert state.to_move() == FLOW.to_move(state)
            if waiting is None:
                assert state.is_over()
                break
            step = FLOW.steps[waiting[0]]
            assert step.actions is not None, waiting  # never at rest in an automatic step
            seat = rng.choice(state.to_move())
            assert state.decision(seat).kind == step.name
            state.apply(seat, rng.choice(state.legal_actions(seat)))
