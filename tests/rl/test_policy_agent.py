"""Policies as agents: a MaskablePPO trained for a few steps (the `train` extra,
which `make test` installs), exported by `export_policy`, played in numpy by
`policy:path=FILE` and `policy:name=NAME`, choosing what MaskablePPO.predict
chooses; and no file of a models directory is ever unpickled."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from safetensors.numpy import load_file, save_file

from headframe.agents import AgentSpecError, InformationSet, check_spec, list_policies, make_agent, network_limits
from headframe.agents.policy import PolicyHeader, export_policy, layer_names
from headframe.engine import Rng, load_game
from headframe.sim.match import MatchPlan, play_match

ROOT = Path(__file__).parents[2]


def lamps_header(game_name: str = "pit-lamps", actions: int | None = None) -> PolicyHeader:
    game = load_game("pit-lamps")
    return PolicyHeader(game_name, 2, game.learning.observation_layout(2).size, actions or len(game.learning.action_space(2)),
                        (8,), "tanh")


def write_policy(file: Path, header: PolicyHeader | None = None, seed: int = 0) -> Path:
    """A policy file with random weights, written without sb3 or torch."""
    header = header or lamps_header()
    rng = np.random.default_rng(seed)
    tensors = {}
    for index, (outputs, inputs) in enumerate(header.layer_shapes()):
        weight, bias = layer_names(index)
        tensors[weight] = rng.normal(size=(outputs, inputs)).astype(np.float32)
        tensors[bias] = rng.normal(size=outputs).astype(np.float32)
    save_file(tensors, str(file), metadata=header.metadata())
    return file


def sampled_decisions(game, players: int, count: int):
    """Information sets and their observation and mask, at decisions with a
    choice of seeded random games."""
    samples, seed = [], 0
    space = game.learning.action_space(players)
    while len(samples) < count:
        state, rng = game.new_state(players, seed), Rng(seed)
        while not state.is_over() and len(samples) < count:
            seat = rng.choice(state.to_move())
            actions = state.decision(seat).actions
            if len(actions) > 1:
                info = InformationSet(state, seat, Rng(seed))
                observation = np.asarray(game.learning.encode_observation(info.view), np.float32)
                mask = np.frombuffer(space.mask(actions), np.int8).astype(bool)
                samples.append((info, observation, mask))
            state.apply(seat, rng.choice(actions))
        seed += 1
    return samples


@pytest.fixture(scope="module")
def trained(tmp_path_factory) -> tuple[object, Path]:
    """A MaskablePPO trained a few steps at 2-player Pit Lamps, and a models
    directory holding it exported as `lamps`."""
    import sb3_contrib

    from headframe.rl import single_agent_env

    env = single_agent_env("pit-lamps", 2, "random", seat=None)
    model = sb3_contrib.MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, seed=0, device="cpu")
    model.learn(total_timesteps=64)
    directory = tmp_path_factory.mktemp("models")
    export_policy(model, directory / "lamps.safetensors", "pit-lamps", 2)
    return model, directory


def test_policy_specs_name_a_file_or_a_policy_and_nothing_else(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)  # short relative paths: a spec is at most 120 characters
    game = load_game("pit-lamps")
    with pytest.raises(AgentSpecError, match="no policy file at"):
        make_agent("policy:path=missing.safetensors", game)
    with pytest.raises(AgentSpecError, match="name=NAME or policy:path=FILE, with nothing else"):
        make_agent("policy:path=x.safetensors,greedy=1", game)
    with pytest.raises(AgentSpecError, match="with nothing else"):
        make_agent("policy", game)
    with pytest.raises(AgentSpecError, match="for local play only"):
        check_spec("policy:path=x.safetensors", game, network_limits(models=tmp_path))
    (tmp_path / "p.safetensors").write_bytes(b"not a policy")
    with pytest.raises(AgentSpecError, match="export_policy"):
        make_agent("policy:path=p.safetensors", game)


def test_a_trained_policy_plays_in_the_simulation_lab_by_path_and_by_name(trained, monkeypatch) -> None:
    _, models = trained
    monkeypatch.chdir(models)
    monkeypatch.setenv("HEADFRAME_MODELS", str(models))
    for spec in ("policy:path=lamps.safetensors", "policy:name=lamps"):
        line = play_match(MatchPlan("pit-lamps", 2, (spec, "random"), seed=3))
        assert line["agents"][0] == spec and sorted(line["ranking"]) in ([1, 2], [1, 1])
        with pytest.raises(AgentSpecError, match="another table"):
            play_match(MatchPlan("pit-lamps", 3, (spec, "random", "random"), seed=3))


def test_a_policy_of_the_models_directory_is_found_by_name_on_a_server(trained) -> None:
    _, models = trained
    game, limits = load_game("pit-lamps"), network_limits(1.0, models)
    assert list_policies(models, game) == ["lamps"]
    assert list_policies(models, load_game("tinners-trail")) == []
    assert check_spec("policy:name=lamps", game, limits) == "policy:name=lamps"
    agent = make_agent("policy:name=lamps", game, 0, limits=limits)
    info, _, _ = sampled_decisions(game, 2, 1)[0]
    assert agent.choose(info) in info.decision.actions


def test_numpy_chooses_what_maskable_ppo_predicts(trained, monkeypatch) -> None:
    model, models = trained
    monkeypatch.chdir(models)
    game = load_game("pit-lamps")
    agent = make_agent("policy:path=lamps.safetensors", game)
    space = game.learning.action_space(2)
    samples = sampled_decisions(game, 2, 40)
    for info, observation, mask in samples:
        predicted, _ = model.predict(observation, action_masks=mask, deterministic=True)
        assert space.index(agent.choose(info)) == int(predicted)
    assert len({space.index(agent.choose(info)) for info, _, _ in samples}) > 3


def test_other_architectures_export_and_choose_alike(tmp_path, monkeypatch) -> None:
    import sb3_contrib
    from torch import nn

    from headframe.rl import single_agent_env

    env = single_agent_env("pit-lamps", 2, "random", seat=None)
    model = sb3_contrib.MaskablePPO("MlpPolicy", env, seed=1, device="cpu",
                                    policy_kwargs={"net_arch": [16, 8, 8], "activation_fn": nn.ReLU})
    monkeypatch.chdir(tmp_path)
    export_policy(model, "relu.safetensors", "pit-lamps", 2)
    game = load_game("pit-lamps")
    agent, space = make_agent("policy:path=relu.safetensors", game), game.learning.action_space(2)
    for info, observation, mask in sampled_decisions(game, 2, 30):
        predicted, _ = model.predict(observation, action_masks=mask, deterministic=True)
        assert space.index(agent.choose(info)) == int(predicted)


def test_playing_a_policy_imports_no_torch(tmp_path) -> None:
    write_policy(tmp_path / "plain.safetensors")
    script = """
import sys
from headframe.agents import InformationSet, make_agent
from headframe.engine import Rng, load_game, register
from tests.tinygame import PitLamps
register(PitLamps)
game = load_game("pit-lamps")
state = game.new_state(2, 1)
seat = state.to_move()[0]
agent = make_agent("policy:path=plain.safetensors", game)
assert agent.choose(InformationSet(state, seat, Rng(0))) in state.decision(seat).actions
assert "torch" not in sys.modules and "stable_baselines3" not in sys.modules, "torch was imported"
"""
    subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)},
                   check=True, timeout=60)


class Payload:
    """Unpickling this creates a marker file: what a crafted model file could do."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return open, (str(self.marker), "w")


def test_a_crafted_pickle_in_the_models_directory_never_runs(tmp_path, monkeypatch) -> None:
    proof = tmp_path / "proof"
    pickle.loads(pickle.dumps(Payload(proof))).close()
    assert proof.exists()  # the payload works when unpickled
    models, marker = tmp_path / "models", tmp_path / "marker"
    models.mkdir()
    for name in ("evil.safetensors", "evil.zip", "evil.pkl"):
        (models / name).write_bytes(pickle.dumps(Payload(marker)))
    write_policy(models / "good.safetensors")
    game, limits = load_game("pit-lamps"), network_limits(1.0, models)

    assert list_policies(models, game) == ["good"]
    state = game.new_state(2, 4)
    seat = state.to_move()[0]
    make_agent("policy:name=good", game, 0, limits=limits).choose(InformationSet(state, seat, Rng(0)))
    for spec in ("policy:name=evil", "policy:name=evil.zip", "policy:name=evil.pkl"):
        with pytest.raises(AgentSpecError):
            make_agent(spec, game, 0, limits=limits)
    monkeypatch.chdir(models)
    for name in ("evil.safetensors", "evil.zip", "evil.pkl"):
        with pytest.raises(AgentSpecError, match="never loaded"):
            make_agent(f"policy:path={name}", game)
    assert not marker.exists()


def test_every_policy_that_cannot_be_played_answers_the_same(tmp_path) -> None:
    """Missing, in no directory, invalid, of another game, with tensors unlike
    its header: one sentence, which tells nothing about the filesystem."""
    game = load_game("pit-lamps")
    empty, invalid, other, shapeless = (tmp_path / name for name in ("empty", "invalid", "other", "shapeless"))
    for directory in (empty, invalid, other, shapeless):
        directory.mkdir()
    (invalid / "x.safetensors").write_bytes(b"\x00" * 64)
    (invalid / "x.zip").write_bytes(b"PK\x03\x04")
    write_policy(other / "x.safetensors", lamps_header("tinners-trail"))
    write_policy(shapeless / "x.safetensors", lamps_header(actions=3))
    tensors = load_file(str(shapeless / "x.safetensors"))
    save_file(tensors, str(shapeless / "x.safetensors"), metadata=lamps_header().metadata())
    answers = set()
    for models in (None, tmp_path / "absent", empty, invalid, other, shapeless):
        with pytest.raises(AgentSpecError) as error:
            check_spec("policy:name=x", game, network_limits(1.0, models))
        answers.add(str(error.value))
    assert answers == {"agent spec 'policy:name=x': no policy named 'x' for Pit Lamps on this server"}
