"""The turn flow: the state's hand-written to_move (kept for speed) agrees with the flow's."""

from __future__ import annotations

from headframe.engine import Rng
from headframe.games.copper_country.flow import FLOW

from .helpers import GAME


def test_to_move_agrees_with_the_flow():
    for players, seed in ((2, 1), (4, 2)):
        state = GAME.new_state(players, seed, GAME.short_options)
        rng = Rng(seed)
        while True:
            assert state.to_move() == FLOW.to_move(state)
            if not state.to_move():
                break
            assert state.tasks[0][0] in FLOW.steps
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.decision(seat).actions))
