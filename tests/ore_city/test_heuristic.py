"""The heuristic policy: legal, blind to what its seat cannot see, and clearly
better than random play."""

from __future__ import annotations

from headframe.engine import Rng
from headframe.games.ore_city.heuristic import choose

from .helpers import GAME


def _play(players, seed, heuristic_seats, options=None):
    state = GAME.new_state(players, seed, options)
    rng = Rng(seed * 31 + 7)
    while not state.is_over():
        seat = state.to_move()[0]
        if seat in heuristic_seats:
            action = choose(state, seat, rng)
            assert action in state.decision(seat).actions
        else:
            action = rng.choice(state.decision(seat).actions)
        state.apply(seat, action)
    return state


def test_heuristic_beats_random_play_clearly():
    games, wins, fair_share = 40, 0, 0.0
    for seed in range(games):
        players = 2 + seed % 5
        seat = seed % players
        wins += _play(players, seed, {seat}).winner == seat
        fair_share += 1 / players
    assert wins >= 0.8 * games > 2 * fair_share


def test_heuristic_reads_only_what_its_seat_may_know():
    # The same choice on the real state and on any determinization of it.
    for seed in range(6):
        state = GAME.new_state(3 + seed % 3, seed)
        rng = Rng(seed)
        for step in range(150):
            if state.is_over():
                break
            seat = state.to_move()[0]
            world = state.determinize(seat, Rng(step))
            assert choose(world, seat, Rng(step)) == choose(state, seat, Rng(step))
            state.apply(seat, choose(state, seat, rng))


def test_heuristic_self_play_finishes():
    for players in (2, 4, 6):
        state = _play(players, players, set(range(players)), {"round_limit": 200})
        assert state.winner != -1


def test_evaluate_favours_the_seat_closer_to_10_vp():
    state = GAME.new_state(3, 4)
    even = GAME.evaluate(state)
    assert abs(sum(even) - 1) < 1e-9 and max(even) - min(even) < 1e-9
    state.vp = [8, 1, 0]
    state.coins = [6, 2, 0]
    values = GAME.evaluate(state)
    assert values[0] > values[1] > values[2] > 0 and abs(sum(values) - 1) < 1e-9


def test_action_space_holds_every_offered_action():
    space = GAME.action_space(4)
    state = GAME.new_state(4, 9)
    rng = Rng(9)
    while not state.is_over():
        seat = state.to_move()[0]
        decision = state.decision(seat)
        assert all(action in space for action in decision.actions)
        state.apply(seat, GAME.heuristic(state, seat, rng) if seat == 1 else rng.choice(decision.actions))
