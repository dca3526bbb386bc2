"""The conformance checks can fail: each broken variant of the test game is caught."""

from __future__ import annotations

import pytest

from headframe.engine import Rng
from tests.tinygame import PitLamps, PitLampsState

from .test_conformance import check_determinize_keeps_what_each_seat_knows, check_position_round_trip


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
        check_position_round_trip(state)
