"""The turn flow: the head task of the agenda names the seat that owes each decision, and the
agenda is empty once the game is over."""

from __future__ import annotations

from headframe.engine import Rng
from headframe.games.copper_country.flow import FLOW

from .helpers import GAME


def test_the_head_task_names_the_seat_that_owes_the_decision():
    for players, seed in ((2, 1), (4, 2)):
        state = GAME.new_state(players, seed, GAME.short_options)
        rng = Rng(seed)
        while True:
            assert state.to_move() == ((state.tasks[0][1],) if state.tasks else ())
            assert state.over == (not state.tasks)
            if not state.to_move():
                break
            assert state.tasks[0][0] in FLOW.steps
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.decision(seat).actions))
