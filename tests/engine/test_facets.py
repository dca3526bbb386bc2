"""A game is its rules; what shows it (`game.presentation`) and what learns and searches
(`game.learning`) are facets, declared apart and loaded by what uses them (issue #55). A
game that declares neither still plays, and is shown and searched with the engine's
defaults."""

from __future__ import annotations

import json

import pytest

from headframe.agents.random_agent import play_random_game
from headframe.engine import Rng
from headframe.engine.learning import DEFAULT_SEARCH_DEPTH, rank_rewards
from tests.tinygame import PitLamps


class BarePitLamps(PitLamps):
    """Pit Lamps with no board, no words and nothing for learners."""

    presents = None
    learns = None


def test_a_game_with_no_facets_plays_and_is_shown_by_the_engines_defaults() -> None:
    game = BarePitLamps()
    state = game.new_state(2, 5)
    view = state.view(0)
    shown = game.presentation
    assert not shown.has_board()
    with pytest.raises(NotImplementedError, match="no board picture"):
        shown.render_board(view)
    assert json.loads(shown.render_text(view)) == view
    action = state.decision(state.to_move()[0]).actions[0]
    assert shown.describe_action(action) == action.id
    assert shown.statistic_label("score_digs") == "Digs"
    assert list(shown.glossary) == [] and shown.value_names() == {}
    assert shown.gains(view, view) == "" and shown.round_of(state) is None
    assert shown.standing(state) == [0, 0]
    play_random_game(state, Rng(5))
    assert state.is_over() and shown.standing(state) == list(state.result().scores)
    assert "event" in state.log[0] and shown.describe_event(state.log[0]).startswith(state.log[0]["event"])


def test_a_game_with_no_learning_facet_says_so_and_evaluates_by_its_ranking_alone() -> None:
    game = BarePitLamps()
    state = game.new_state(3, 2)
    learning = game.learning
    assert not (learning.has_heuristic() or learning.has_action_space() or learning.has_observation())
    for refused in (lambda: learning.heuristic(state, 0, Rng(1)), lambda: learning.enumerate_actions(3),
                    lambda: learning.encode_observation(state.view(0))):
        with pytest.raises(NotImplementedError):
            refused()
    assert learning.evaluate(state) == [1 / 3] * 3 and learning.search_depth(3) == DEFAULT_SEARCH_DEPTH
    play_random_game(state, Rng(2))
    assert learning.evaluate(state) == rank_rewards(state.result().ranking)


def test_the_facets_are_made_once_and_only_when_asked_for() -> None:
    asked = []

    class Counted(PitLamps):
        presents = staticmethod(lambda: asked.append("presentation") or PitLamps.presents())

    game = Counted()
    play_random_game(game.new_state(2, 1), Rng(1))
    assert asked == []
    assert game.presentation is game.presentation and game.presentation.has_board()
    assert asked == ["presentation"]
