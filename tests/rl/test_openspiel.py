from __future__ import annotations

import json

import numpy as np
import pyspiel
import pytest

from headframe.engine import HeadframeError, game_names, load_game
from headframe.rl.openspiel import register

GAMES = [name for name in game_names() if load_game(name).learning.has_action_space()]


@pytest.mark.parametrize("name", GAMES)
def test_random_simulation_passes_pyspiel_checks(name: str) -> None:
    """A whole game at the fewest players, and one on the game's short options at the most."""
    spiel_name, headframe = register(name), load_game(name)
    short = json.dumps(headframe.short_options)
    for players, options in ((min(headframe.players), "{}"), (max(headframe.players), short)):
        game = pyspiel.load_game(spiel_name, {"players": players, "options": options})
        assert game.new_initial_state().state.options == headframe.Options.from_dict(json.loads(options))
        pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_options_are_the_games_and_checked() -> None:
    name = "ore-city"
    game = pyspiel.load_game(register(name), {"players": 3, "options": '{"round_limit": 8}'})
    assert json.loads(game.get_parameters()["options"]) == load_game(name).Options.from_dict(
        {"round_limit": 8}).to_dict()
    for bad in ('{"round_limit": "soon"}', '{"no_such_option": 1}', "[1", "[]"):
        with pytest.raises(HeadframeError):
            pyspiel.load_game(register(name), {"players": 3, "options": bad})


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_ismcts_plays_through_determinize(name: str) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    # On the game's short options: each of the search's simulations plays a random rollout to the end.
    short = json.dumps(load_game(name).short_options)
    game = pyspiel.load_game(register(name), {"players": 2, "options": short})
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=1.0, max_simulations=10,
                           random_state=rng)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == 0 and searched < 12:  # OpenSpiel's bot is slow: a dozen searched moves, then random
            action = bot.step(state)
            searched += 1
        else:
            action = rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert searched > 0 and sum(state.returns()) == pytest.approx(1.0)


@pytest.mark.parametrize("name", GAMES)
def test_observation_tensors_are_the_games_encoding_of_the_view(name: str) -> None:
    headframe = load_game(name)
    players = max(headframe.players)
    game = pyspiel.load_game(register(name), {"players": players})
    layout = headframe.learning.observation_layout(players)
    assert game.observation_tensor_shape() == [len(layout)]
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    for _ in range(40):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    for player in range(players):
        expected = headframe.learning.encode_observation(state.state.view(player))
        assert np.array_equal(np.asarray(state.observation_tensor(player), np.float32), np.float32(expected))
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False))
    observer.set_from(state, 0)
    first = layout.fields[0][0]
    assert np.array_equal(observer.dict[first], observer.tensor[layout.slice(first)])
