"""The turn structure: one table (`flow.FLOW`), and the seat that owes each decision: the
active player, or the Police Station's victim during their redraw."""

from __future__ import annotations

import pytest

from headframe.engine import Rng
from headframe.games.ore_city.flow import FLOW

from .helpers import GAME


def test_every_phase_but_over_is_a_step_of_the_flow():
    phases = ("setup_discard", "action", "airport_discard", "police", "police_redraw", "exchange_give",
              "exchange_take", "flush_hand", "flush_common", "refill")
    assert tuple(FLOW.steps) == phases


@pytest.mark.parametrize("players, seed", [(2, 1), (4, 2), (6, 3)])
def test_the_active_player_or_the_victim_owes_each_decision(players, seed):
    state = GAME.new_state(players, seed, {"round_limit": 12})
    rng = Rng(seed)
    while not state.is_over():
        assert state.to_move() == ((state.victim,) if state.phase == "police_redraw" else (state.active,))
        seat = rng.choice(state.to_move())
        state.apply(seat, rng.choice(state.decision(seat).actions))
    assert state.phase == "over" and state.to_move() == ()
