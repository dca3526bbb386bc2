"""Every published game offers every interface: bots, learners and the browser
all reach all four games."""

from __future__ import annotations

import pytest

from headframe.engine import load_game

GAMES = ("ore-city", "tinners-trail", "copper-country", "coal-country")


@pytest.mark.parametrize("name", GAMES)
def test_the_game_offers_every_interface(name: str) -> None:
    game = load_game(name)
    assert game.learning.has_heuristic(), "a heuristic policy for bots and rollouts"
    assert game.learning.declared.evaluate is not None, "an evaluation of unfinished games for search"
    assert game.learning.has_action_space(), "an integer action space for learners"
    assert game.learning.has_observation(), "an observation encoding for learners"
    assert game.presentation.has_board(), "a board picture for the browser"
    assert game.presentation.declared.describe_event is not None, "the log in words, not raw data"


@pytest.mark.parametrize("name", GAMES)
def test_an_unknown_event_kind_is_an_error(name: str) -> None:
    with pytest.raises(ValueError, match="no event 'stamp'"):
        load_game(name).presentation.describe_event({"event": "stamp", "seat": 0})
