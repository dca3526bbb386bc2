"""One drawing for every seat (`render_boards`): the boards of a state's seats and
spectators, each exactly the board `render_board` draws for its view, with what they
share (the map, the panels, the tracks) drawn once."""

from __future__ import annotations

import pytest

from headframe.engine import Rng
from headframe.engine.people import naming
from headframe.games.tinners_trail import board_panels

from .helpers import GAME, sampled


@pytest.mark.parametrize(("players", "every"), [(2, 1), (3, 3), (4, 5)])
def test_every_audiences_board_is_the_one_drawn_for_it_alone_through_a_whole_game(players, every):
    audiences = [None, *range(players)]
    with naming(("Ann", "Bob", "Cy", "Dee")[:players]):
        for state in sampled(GAME.new_state(players, seed=20 + players), Rng(players), every):
            views = [state.view(audience) for audience in audiences]
            for narrow in (False, True):
                together = ["".join(parts) for parts in GAME.presentation.render_boards(views[0], views, narrow)]
                assert together == [GAME.presentation.render_board(view, narrow) for view in views]


def test_what_the_seats_share_is_drawn_once(monkeypatch):
    drawn = []
    time_track = board_panels.time_track
    monkeypatch.setattr(board_panels, "time_track", lambda *args: drawn.append(1) or time_track(*args))
    state = GAME.new_state(4, seed=3)
    views = [state.view(audience) for audience in (None, 0, 1, 2, 3)]
    assert len(GAME.presentation.render_boards(views[0], views)) == 5
    assert len(drawn) == 1
