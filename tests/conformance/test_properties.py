"""Property-based exploration: Hypothesis chooses the seed, the player count and
every action, and shrinks any failure to the shortest game that shows it."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from headframe.engine import game_names, load_game, replay

from .test_conformance import check_clone_is_independent, check_position_round_trip


@pytest.mark.parametrize("name", game_names())
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_sequence_of_legal_actions_keeps_the_contract(name: str, data) -> None:
    game = load_game(name)
    players = data.draw(st.sampled_from(game.players), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    options = data.draw(st.sampled_from(game.option_sets), label="options")
    state = game.new_state(players, seed, options)
    for _ in range(data.draw(st.integers(0, 80), label="decisions")):
        if state.is_over():
            break
        to_move = state.to_move()
        seat = to_move[data.draw(st.integers(0, len(to_move) - 1))]
        actions = state.decision(seat).actions
        action = actions[data.draw(st.integers(0, len(actions) - 1))]
        check_clone_is_independent(state, seat, action, state.to_json())
        state.apply(seat, action)
    check_position_round_trip(state, state.to_json())
    assert replay(state.record()).to_json() == state.to_json()
