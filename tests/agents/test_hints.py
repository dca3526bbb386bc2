"""Hints: the ISMCTS's top three root choices, from the seat's information set only."""

from __future__ import annotations

import time

import pytest

from headframe.agents.hints import hint
from headframe.engine import IllegalAction, Rng, load_game


def opened(name: str, moves: int = 6):
    """A short 2-player game of `name` after a few random moves."""
    game = load_game(name)
    state = game.new_state(2, 7, game.short_options)
    rng = Rng(1)
    for _ in range(moves):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.decision(seat).actions))
    return state


@pytest.fixture(scope="module")
def tinners():
    return opened("tinners-trail")  # the action phase: 22 choices


def test_the_top_three_are_legal_and_their_shares_are_visits(tinners) -> None:
    seat = tinners.to_move()[0]
    choices = hint(tinners, seat, seed=5, iterations=60)
    actions = [action for action, _ in choices]
    shares = [share for _, share in choices]
    assert len(choices) == 3 and len(set(actions)) == 3
    assert all(action in tinners.decision(seat).actions for action in actions)
    assert shares == sorted(shares, reverse=True) and all(share > 0 for share in shares)
    assert sum(shares) <= 1
    assert all(round(share * 60) == pytest.approx(share * 60) for share in shares)  # whole visits of 60


@pytest.mark.parametrize("name", ["tinners-trail", "ore-city"])
def test_the_hint_is_the_same_for_states_that_differ_only_in_what_the_seat_cannot_see(name: str) -> None:
    state = opened(name)
    seat = state.to_move()[0]
    other = state.determinize(seat, Rng(99))  # others' hidden cards and future chance redrawn
    assert other.to_json() != state.to_json() and other.view(seat) == state.view(seat)
    assert hint(state, seat, seed=5, iterations=40) == hint(other, seat, seed=5, iterations=40)


def test_a_forced_move_is_the_whole_hint_and_a_seat_not_to_move_gets_none() -> None:
    state = opened("copper-country")  # a stockpile with one place to go
    seat = state.to_move()[0]
    only = state.decision(seat).actions
    assert len(only) == 1 and hint(state, seat, seed=1, iterations=10) == [(only[0], 1.0)]
    with pytest.raises(IllegalAction, match=f"Seat {2 - seat} has no decision"):
        hint(state, 1 - seat, seed=1, iterations=10)


def test_a_time_budget_is_honoured(tinners) -> None:
    start = time.perf_counter()
    choices = hint(tinners, tinners.to_move()[0], seconds=0.2, seed=3)
    assert len(choices) == 3 and time.perf_counter() - start < 0.6
