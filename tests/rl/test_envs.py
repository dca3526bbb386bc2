from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from headframe.engine import IllegalAction, OptionError, Rng, game_names, load_game
from headframe.engine.learning import rank_rewards
from headframe.rl import aec_env, single_agent_env

GAMES = [name for name in game_names()
         if load_game(name).learning.has_observation() and load_game(name).learning.has_action_space()]
TABLES = [(name, players) for name in GAMES for players in load_game(name).players]


def short(name: str) -> dict:
    return dict(load_game(name).short_options)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("name", "players"), TABLES)
def test_aec_env_passes_pettingzoo_api_and_seed_tests(name: str, players: int) -> None:
    api_test(aec_env(name, players, short(name), render_mode="ansi"), num_cycles=40)
    seed_test(lambda: aec_env(name, players, short(name)), num_cycles=40)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("name", "players"), TABLES)
def test_single_agent_env_passes_gymnasium_check_env(name: str, players: int) -> None:
    opponents = "heuristic" if load_game(name).learning.has_heuristic() else "random"
    check_env(single_agent_env(name, players, opponents, options=short(name), illegal_reward=-1.0,
                               render_mode="ansi"))


def play_aec(env, seed: int) -> dict[str, float]:
    """A whole game of random legal actions; the last reward of each agent."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        if terminated:
            final[agent] = reward
            env.step(None)
            continue
        assert info["legal_actions"] == list(np.flatnonzero(observation["action_mask"]))
        env.step(int(rng.choice(info["legal_actions"])))
    return final


@pytest.mark.parametrize("players", [2, 3, 4])
def test_aec_game_ends_with_ranking_rewards_that_sum_to_zero(players: int) -> None:
    env = aec_env("pit-lamps", players)
    final = play_aec(env, seed=players)
    result = env.game_state.result()
    expected = [2 * r - 1 for r in rank_rewards(result.ranking)]
    assert final == {f"player_{seat}": pytest.approx(expected[seat]) for seat in range(players)}
    assert sum(final.values()) == pytest.approx(0.0)
    assert env.agents == []


@pytest.mark.parametrize("name", GAMES)
def test_aec_env_plays_whole_games_to_their_ranking(name: str) -> None:
    players = min(load_game(name).players)
    env = aec_env(name, players, short(name))
    final = play_aec(env, seed=1)
    ranking = env.game_state.result().ranking
    assert final == {f"player_{seat}": pytest.approx(2 * r - 1) for seat, r in enumerate(rank_rewards(ranking))}


def test_score_reward_is_my_score_against_the_others_mean() -> None:
    env = aec_env("pit-lamps", 3, reward="score")
    final = play_aec(env, seed=11)
    scores = env.game_state.result().scores
    for seat, score in enumerate(scores):
        assert final[f"player_{seat}"] == pytest.approx(score - (sum(scores) - score) / 2)


def test_reset_seed_gives_that_game_and_unseeded_resets_follow_it() -> None:
    env = aec_env("pit-lamps", 2)
    env.reset(seed=5)
    assert env.game_state == load_game("pit-lamps").new_state(2, 5)
    env.reset()
    follow = env.game_state.seed
    env.reset(seed=5)
    env.reset()
    assert env.game_state.seed == follow != 5


def test_sealed_bids_are_asked_seat_by_seat_and_stay_hidden() -> None:
    game = load_game("pit-lamps")
    env = aec_env(game, 2)
    env.reset(seed=1)
    assert env.agent_selection == "player_0" and env.game_state.to_move() == (0, 1)
    bid = env.infos["player_0"]["legal_actions"][0]
    env.step(bid)
    assert env.agent_selection == "player_1"
    layout = game.learning.observation_layout(2)
    mine = env.observe("player_0")["observation"]
    theirs, *_ = env.last()
    assert mine[layout.slice("my_bid")].sum() == 1.0 and mine[layout.slice("sealed")].tolist() == [1.0, 0.0]
    assert theirs["observation"][layout.slice("my_bid")].sum() == 0.0
    assert theirs["observation"][layout.slice("sealed")].tolist() == [0.0, 1.0]  # me first: seat 1, then seat 0
    assert env.infos["player_1"]["view"]["sealed"] == {"0": "sealed"}
    assert env.observe("player_0")["action_mask"].sum() == 0  # seat 0 owes nothing now


def test_illegal_actions_raise_and_change_nothing() -> None:
    env = aec_env("pit-lamps", 2)
    env.reset(seed=3)
    before = env.game_state.to_json()
    mask = env.observe(env.agent_selection)["action_mask"]
    for action in (int(np.flatnonzero(mask == 0)[0]), len(mask), -1, 1.5, "dig"):
        with pytest.raises(IllegalAction):
            env.step(action)
    assert env.game_state.to_json() == before and env.agent_selection == "player_0"


def test_bad_settings_are_refused() -> None:
    with pytest.raises(OptionError, match="reward"):
        aec_env("pit-lamps", 2, reward="wins")
    with pytest.raises(OptionError, match="players"):
        aec_env("pit-lamps", 5)
    with pytest.raises(OptionError, match="2 seats"):
        single_agent_env("pit-lamps", 3, opponents=["random"])
    with pytest.raises(ValueError, match="render_mode"):
        aec_env("pit-lamps", 2, render_mode="human")


def test_render_shows_the_selected_seats_view() -> None:
    env = aec_env("pit-lamps", 2, render_mode="ansi")
    env.reset(seed=2)
    assert env.render() == load_game("pit-lamps").presentation.render_text(env.game_state.view(0))


def test_single_agent_env_plays_a_whole_game_with_masks() -> None:
    env = single_agent_env("pit-lamps", 3, opponents=["heuristic", "random"], seat=2, illegal_reward=-1.0)
    observation, info = env.reset(seed=8)
    rng = np.random.default_rng(0)
    terminated, steps = False, 0
    while not terminated:
        assert env.game_state.to_move() and 2 in env.game_state.to_move()
        legal = np.flatnonzero(env.action_masks())
        assert legal.tolist() == info["legal_actions"] and info["view"]["seat"] == 2
        observation, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        steps += 1
    expected = 2 * rank_rewards(env.game_state.result().ranking)[2] - 1
    assert reward == pytest.approx(expected) and steps >= 3 and not env.action_masks().any()
    with pytest.raises(IllegalAction, match="over"):
        env.step(0)


def test_single_agent_env_draws_the_learners_seat_when_none_is_fixed() -> None:
    env = single_agent_env("pit-lamps", 4, opponents="random", seat=None)
    seats = {env.reset(seed=seed)[1]["seat"] for seed in range(40)}
    assert seats == {0, 1, 2, 3}
    assert env.reset(seed=9)[1]["seat"] == env.reset(seed=9)[1]["seat"]


def test_single_agent_env_illegal_action_raises_or_costs_the_penalty() -> None:
    strict = single_agent_env("pit-lamps", 2, opponents="random")
    strict.reset(seed=1)
    illegal = int(np.flatnonzero(~strict.action_masks())[0])
    before = strict.game_state.to_json()
    with pytest.raises(IllegalAction):
        strict.step(illegal)
    assert strict.game_state.to_json() == before
    lenient = single_agent_env("pit-lamps", 2, opponents="random", illegal_reward=-0.5)
    first, _ = lenient.reset(seed=1)
    observation, reward, terminated, _, info = lenient.step(illegal)
    assert reward == -0.5 and not terminated and "illegal_action" in info
    assert np.array_equal(observation, first) and lenient.game_state.to_json() == before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pit_lamps_encoding_is_the_same_in_any_world_the_seat_cannot_tell_apart(players: int) -> None:
    game = load_game("pit-lamps")
    state, rng = game.new_state(players, 4), Rng(4)
    vectors = set()
    while not state.is_over():
        for seat in range(players):
            vector = game.learning.encode_observation(state.view(seat))
            assert len(vector) == game.learning.observation_layout(players).size
            assert vector == game.learning.encode_observation(state.determinize(seat, rng).view(seat))
        vectors.add(tuple(game.learning.encode_observation(state.view(0))))
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.decision(seat).actions))
    assert len(vectors) > 5  # positions differ, and so do their encodings
    with pytest.raises(ValueError, match="spectator"):
        game.learning.encode_observation(state.view(None))
