"""The conformance checks can fail: each broken variant of the test game is caught."""

from __future__ import annotations

from dataclasses import replace

import pytest

from headframe.agents.random_agent import play_random_game
from headframe.engine import Rng
from headframe.engine.presentation import Presentation
from tests.tinygame import PitLamps, PitLampsState
from tests.tinygame.presentation import PRESENTATION

from .test_conformance import (
    check_determinize_keeps_what_each_seat_knows,
    check_pictures_of_views,
    check_position_round_trip,
    check_progress,
    check_statistics,
)


class LeakyState(PitLampsState):
    __slots__ = ()

    def observe(self, seat):
        return {**super().observe(seat), "all_hands": [list(h) for h in self.hands]}


class Leaky(PitLamps):
    State = LeakyState


class TupleState(PitLampsState):
    __slots__ = ()

    def setup(self):
        super().setup()
        self.scores = tuple(self.scores)


class Tupled(PitLamps):
    State = TupleState


def test_a_view_that_shows_other_hands_is_caught() -> None:
    state = Leaky().new_state(3, 5)
    with pytest.raises(AssertionError, match="determinize changed what seat"):
        check_determinize_keeps_what_each_seat_knows(state, Rng(1))


def test_state_that_is_not_plain_json_is_caught() -> None:
    state = Tupled().new_state(3, 5)
    with pytest.raises(AssertionError, match="plain JSON"):
        check_position_round_trip(state, state.to_json())


class MiscountingState(PitLampsState):
    __slots__ = ()

    def statistics(self):
        stats = super().statistics()
        stats["score_digs"] = [0] * self.players
        return stats


class Miscounting(PitLamps):
    State = MiscountingState


class BackwardsState(PitLampsState):
    __slots__ = ()

    def progress(self):
        return {"bid": 50.0, "work": 10.0}.get(self.phase, 100.0)


class Backwards(PitLamps):
    State = BackwardsState


class GenerousBoard(PitLamps):
    presents = staticmethod(lambda: Presentation(
        render_board=lambda game, view, narrow: '<svg xmlns="http://www.w3.org/2000/svg"><g data-actions="dig"/></svg>'))


class CarelessLayers(PitLamps):
    """Draws boards together as if every seat saw the spectator's."""

    presents = staticmethod(lambda: replace(PRESENTATION, render_boards=lambda game, shared, views, narrow: [
        [PRESENTATION.render_board(game, shared, narrow)] for _ in views]))


def test_boards_drawn_together_that_are_not_each_ones_own_are_caught() -> None:
    state = CarelessLayers().new_state(2, 3)
    with pytest.raises(AssertionError, match="each one's own"):
        check_pictures_of_views(state)


def test_score_parts_that_do_not_add_up_are_caught() -> None:
    state = Miscounting().new_state(2, 3)
    play_random_game(state, Rng(3))
    with pytest.raises(AssertionError, match="add up"):
        check_statistics(state)


def test_progress_that_goes_back_is_caught() -> None:
    state = Backwards().new_state(2, 3)
    progress = check_progress(state, 0.0)
    with pytest.raises(AssertionError, match="progress went"):
        while True:
            seat = state.to_move()[0]
            state.apply(seat, state.decision(seat).actions[0])
            progress = check_progress(state, progress)


def test_a_board_that_offers_a_move_out_of_turn_is_caught() -> None:
    state = GenerousBoard().new_state(2, 3)
    with pytest.raises(AssertionError, match="may not take"):
        check_pictures_of_views(state)
