"""Each game's turn graph (its flow's `leads_to` and `start`) holds every step the game really
goes through: games are played with every step watched (tests/flow_trace.py), by random
choices and by the game's heuristic, under each option set and player count, and every
step seen after a step is one it declares it may lead to."""

from __future__ import annotations

import dataclasses

import pytest

from headframe.engine import Rng, game_names, load_game
from tests.flow_trace import START, tracing, undeclared

GAMES_EACH = 6  # per option set and player count: half of them by the heuristic, where there is one


def test_the_trace_sees_a_step_that_leads_where_its_table_does_not_say() -> None:
    game = load_game("pit-lamps")
    flow = game.State.flow
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(flow.steps, "work", dataclasses.replace(flow.steps["work"], leads_to=("work", "over")))
        with tracing(flow) as tracer:
            play(game, tracer, players=2, options={}, seed=0)
        assert ("work", "bid") in undeclared(flow, tracer.edges)


@pytest.mark.parametrize("name", game_names())  # the four games and tests/tinygame
def test_every_step_a_game_goes_through_is_declared_in_its_flow(name: str) -> None:
    game = load_game(name)
    flow = game.State.flow
    with tracing(flow) as tracer:
        for options in (*game.option_sets, game.short_options):
            for players in game.players:
                for seed in range(GAMES_EACH):
                    play(game, tracer, players, options, seed)
    assert undeclared(flow, tracer.edges) == []
    assert sum(source == START for source, _ in tracer.edges) >= 1  # each game's start watched too


def play(game, tracer, players: int, options: dict, seed: int) -> None:
    state = tracer.new_game(lambda: game.new_state(players, seed, options))
    rng = Rng(seed)
    heuristic = game.learning.has_heuristic() and seed % 2 == 1
    while not state.is_over():
        seat = state.to_move()[0]
        action = game.learning.heuristic(state, seat, rng) if heuristic else rng.choice(state.decision(seat).actions)
        state.apply(seat, action)
