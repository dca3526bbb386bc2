"""The `policy:path=FILE` agent of examples/train_maskable_ppo.py: its spec
checks, and a round trip through a model trained for a few steps (the `train`
extra, which `make test` installs)."""

from __future__ import annotations

import pytest

from headframe.agents import AgentSpecError, make_agent
from headframe.engine import load_game
from headframe.sim.match import MatchPlan, play_match


def test_policy_spec_needs_an_existing_file_and_nothing_else(tmp_path) -> None:
    game = load_game("pit-lamps")
    with pytest.raises(AgentSpecError, match="no saved policy"):
        make_agent(f"policy:path={tmp_path / 'missing.zip'}", game)
    with pytest.raises(AgentSpecError, match="path=FILE"):
        make_agent("policy:path=x.zip,greedy=1", game)
    with pytest.raises(AgentSpecError, match="path=FILE"):
        make_agent("policy", game)


def test_a_trained_policy_plays_as_an_agent_of_the_simulation_lab(tmp_path) -> None:
    import sb3_contrib

    from headframe.rl import single_agent_env

    env = single_agent_env("pit-lamps", 2, "random", seat=None)
    model = sb3_contrib.MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, seed=0, device="cpu")
    model.learn(total_timesteps=64)
    model.save(tmp_path / "policy.zip")
    spec = f"policy:path={tmp_path / 'policy.zip'}"
    line = play_match(MatchPlan("pit-lamps", 2, (spec, "random"), seed=3))
    assert line["agents"][0] == spec and sorted(line["ranking"]) in ([1, 2], [1, 1])
    with pytest.raises(AgentSpecError, match="another table"):
        play_match(MatchPlan("pit-lamps", 3, (spec, "random", "random"), seed=3))
