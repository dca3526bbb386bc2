"""The turn structure (flow.py): at rest the state always waits in a decision step or is over, and
the seats owing it are the actor, else those placing foremen (COAL-R17, COAL-R79)."""

import pytest

from headframe.engine import Rng
from headframe.games.coal_country.flow import FLOW, task
from headframe.games.coal_country.placement import unsealed

from .helpers import GAME


@pytest.mark.parametrize("options", GAME.option_sets)
def test_the_actor_or_the_seats_placing_owe_each_decision(options):
    for players, seed in ((2, 1), (4, 2)):
        state = GAME.new_state(players, seed, options)
        rng = Rng(seed)
        while True:
            waiting = task(state)
            placing = (state.order[state.turn],) if options.get("industry_amok") else unsealed(state.players, state.sealed)
            assert state.to_move() == ((state.actor,) if state.actor >= 0 else placing if state.step == "place" else ())
            if waiting is None:
                assert state.is_over()
                break
            step = FLOW.steps[waiting[0]]
            assert step.actions is not None, waiting  # never at rest in an automatic step
            seat = rng.choice(state.to_move())
            assert state.decision(seat).kind == step.name
            state.apply(seat, rng.choice(state.legal_actions(seat)))
