"""Trained policies as agents, in a file format that cannot run code.

A policy file is one `.safetensors` file: the weights (float32) of the actor
network and, in the file's metadata header, its architecture, every value a
string (numbers and lists in JSON):

    format            headframe-policy/1
    game              the game's name, like tinners-trail
    players           the player count it was trained at
    observation_size  the length of the game's observation vector
    actions           the size of the game's action space
    hidden            the hidden layers' sizes, like [64, 64]
    activation        tanh or relu

The tensors are `layers.0.weight`, `layers.0.bias`, ... one pair per hidden
layer, then the action layer (a weight is [outputs, inputs], as in torch's
Linear). The network itself is written here, in numpy: observation, hidden
layers, action logits, illegal actions masked, the most likely legal action
played, as MaskablePPO.predict(..., deterministic=True) plays it. No pickle is
ever read and torch is not imported to play; `export_policy` writes a file from
a trained sb3-contrib MaskablePPO (at training time).

`policy:path=FILE` (local use) plays a file; `policy:name=NAME` plays
NAME.safetensors from the models directory (a server's operator's, or for
local use the one in HEADFRAME_MODELS), found in the directory's listing: a
missing name, a missing directory, another game's policy and a file that is
no policy all get the same answer.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
from safetensors import SafetensorError, safe_open
from safetensors.numpy import save_file

from headframe.engine import Action, Game, load_game

from .base import POLICY_NAME, AgentSpecError, InformationSet

FORMAT = "headframe-policy/1"
SUFFIX = ".safetensors"
ACTIVATIONS = {"tanh": np.tanh, "relu": lambda values: np.maximum(values, np.float32(0))}


@dataclass(frozen=True)
class PolicyHeader:
    game: str
    players: int
    observation_size: int
    actions: int
    hidden: tuple[int, ...]
    activation: str

    def layer_shapes(self) -> list[tuple[int, int]]:
        """(outputs, inputs) of each layer: the hidden layers, then the action layer."""
        sizes = [self.observation_size, *self.hidden, self.actions]
        return list(zip(sizes[1:], sizes[:-1]))

    def metadata(self) -> dict[str, str]:
        return {"format": FORMAT, "game": self.game, "players": json.dumps(self.players),
                "observation_size": json.dumps(self.observation_size), "actions": json.dumps(self.actions),
                "hidden": json.dumps(list(self.hidden)), "activation": self.activation}


def layer_names(index: int) -> tuple[str, str]:
    return f"layers.{index}.weight", f"layers.{index}.bias"


def parse_header(metadata: dict[str, str]) -> PolicyHeader | None:
    """The architecture a file's metadata describes; None unless it is a whole,
    well-formed headframe policy header."""
    if metadata.get("format") != FORMAT or metadata.get("activation") not in ACTIVATIONS:
        return None
    try:
        players, size, actions, hidden = (json.loads(metadata[key])
                                          for key in ("players", "observation_size", "actions", "hidden"))
    except (KeyError, ValueError):
        return None
    if not isinstance(metadata.get("game"), str) or not isinstance(hidden, list):
        return None
    if not all(_is_count(number) for number in (players, size, actions, *hidden)):
        return None
    return PolicyHeader(metadata["game"], players, size, actions, tuple(hidden), metadata["activation"])


def _is_count(number: Any) -> bool:
    return isinstance(number, int) and not isinstance(number, bool) and number >= 1


def _header_of(tensors: Any) -> PolicyHeader | None:
    """The header of an open safetensors file, if its tensors are the ones it describes."""
    header = parse_header(tensors.metadata() or {})
    if header is None:
        return None
    expected = {}
    for index, (outputs, inputs) in enumerate(header.layer_shapes()):
        weight, bias = layer_names(index)
        expected[weight], expected[bias] = [outputs, inputs], [outputs]
    if set(tensors.keys()) != set(expected):
        return None
    for name, shape in expected.items():
        layer = tensors.get_slice(name)
        if layer.get_dtype() != "F32" or layer.get_shape() != shape:
            return None
    return header


def read_header(file: Path) -> PolicyHeader | None:
    """The header of a valid headframe policy file (reading the header only);
    None for any other file."""
    try:
        with safe_open(str(file), framework="numpy") as tensors:
            return _header_of(tensors)
    except (OSError, SafetensorError):
        return None


class Network:
    """The actor: hidden layers with their activation, then the action logits."""

    def __init__(self, header: PolicyHeader, layers: list[tuple[np.ndarray, np.ndarray]]) -> None:
        self.header = header
        self.layers = layers

    def logits(self, observation: np.ndarray) -> np.ndarray:
        activation = ACTIVATIONS[self.header.activation]
        *hidden, (weight, bias) = self.layers
        for hidden_weight, hidden_bias in hidden:
            observation = activation(hidden_weight @ observation + hidden_bias)
        return weight @ observation + bias


@lru_cache(maxsize=8)
def _load(path: str, modified: int) -> Network | None:
    """The network of a policy file (cached by path and modification time);
    None unless the file is a valid policy with finite weights."""
    try:
        with safe_open(path, framework="numpy") as tensors:
            header = _header_of(tensors)
            if header is None:
                return None
            layers = [(tensors.get_tensor(weight), tensors.get_tensor(bias))
                      for weight, bias in map(layer_names, range(len(header.hidden) + 1))]
    except (OSError, SafetensorError):
        return None
    if not all(np.isfinite(array).all() for layer in layers for array in layer):
        return None
    return Network(header, layers)


def _policy_files(models: Path | None) -> dict[str, Path]:
    """NAME.safetensors files of the models directory, by NAME."""
    if models is None:
        return {}
    try:
        return {entry.stem: entry for entry in models.iterdir()
                if entry.suffix == SUFFIX and POLICY_NAME.fullmatch(entry.stem) and entry.is_file()}
    except OSError:
        return {}


def _made_for(file: Path, game: Game) -> bool:
    header = read_header(file)
    return header is not None and header.game == game.name


def list_policies(models: Path | None, game: Game) -> list[str]:
    """The names of the valid policy files in `models` made for `game`."""
    return sorted(name for name, file in _policy_files(models).items() if _made_for(file, game))


def find_policy(name: str, models: Path | None, game: Game) -> Path:
    """The policy file `policy:name=NAME` names; every reason not to find one
    gets the same sentence, which tells nothing of the filesystem."""
    file = _policy_files(models).get(name)
    if file is None or not _made_for(file, game):
        raise AgentSpecError(f"no policy named {name!r} for {game.title} on this server")
    return file


def policy_file(path: Path, game: Game) -> Path:
    """The file `policy:path=FILE` names (local use), if it is a policy for `game`."""
    if not path.is_file():
        raise AgentSpecError(f"no policy file at {path}")
    header = read_header(path)
    if header is None:
        raise AgentSpecError(f"{path} is not a headframe policy: a policy is a .safetensors file written by "
                             "headframe.agents.policy.export_policy (an SB3 .zip or a pickle is never loaded: "
                             "loading one can run code)")
    if header.game != game.name:
        raise AgentSpecError(f"{path} is a policy for {header.game}, not for {game.title}")
    return path


class PolicyAgent:
    """Plays the most likely legal action of a policy network for its seat's
    observation, so it sees no more than any other agent."""

    def __init__(self, game: Game, file: Path, spec: str) -> None:
        self.spec = spec
        self.game = game
        self.network = self._network(file)

    def _network(self, file: Path) -> Network:
        try:
            network = _load(str(file.resolve()), file.stat().st_mtime_ns)
        except OSError:
            network = None
        if network is None or network.header.game != self.game.name:
            raise AgentSpecError(f"{self.spec}: the policy can no longer be read")
        return network

    def choose(self, info: InformationSet) -> Action:
        header = self.network.header
        players = info.view["player_count"]
        space = self.game.learning.action_space(players)
        observation = np.asarray(self.game.learning.encode_observation(info.view), np.float32)
        if (observation.shape[0], len(space)) != (header.observation_size, header.actions):
            raise AgentSpecError(f"{self.spec} was trained on another table ({header.players} players: observation "
                                 f"{header.observation_size}, {header.actions} actions; this one, {players} players: "
                                 f"{observation.shape[0]}, {len(space)})")
        legal = np.frombuffer(space.mask(info.decision.actions), np.int8).astype(bool)
        logits = np.where(legal, self.network.logits(observation), -np.inf)
        return space.action(int(np.argmax(logits)))


def export_policy(model: Any, path: str | os.PathLike, game_name: str, players: int) -> Path:
    """Write the actor of a trained sb3-contrib MaskablePPO with an MlpPolicy as
    a policy file of `game_name` at `players` players. Imports torch and
    stable-baselines3: training time only."""
    from gymnasium import spaces
    from stable_baselines3.common.torch_layers import FlattenExtractor
    from torch import nn

    file = Path(path)
    if file.suffix != SUFFIX or not POLICY_NAME.fullmatch(file.stem):
        raise ValueError(f"a policy file is named NAME.safetensors (letters, digits, '_', '-'), not {file.name}")
    game = load_game(game_name)
    if players not in game.players:
        raise ValueError(f"{game.title} is played by {', '.join(map(str, game.players))} players, not {players}")
    policy = model.policy
    activation = {nn.Tanh: "tanh", nn.ReLU: "relu"}.get(policy.activation_fn)
    hidden = list(policy.mlp_extractor.policy_net)
    linear, activations = hidden[0::2], hidden[1::2]
    if (not isinstance(policy.pi_features_extractor, FlattenExtractor) or activation is None
            or len(linear) != len(activations) or not all(isinstance(layer, nn.Linear) for layer in linear)
            or not all(isinstance(layer, policy.activation_fn) for layer in activations)
            or len(policy.observation_space.shape) != 1 or not isinstance(policy.action_space, spaces.Discrete)):
        raise ValueError("export_policy writes a MaskablePPO MlpPolicy (flat observations, discrete actions, "
                         "tanh or relu)")
    header = PolicyHeader(game.name, players, policy.observation_space.shape[0], int(policy.action_space.n),
                          tuple(layer.out_features for layer in linear), activation)
    tensors = {}
    for index, layer in enumerate([*linear, policy.action_net]):
        weight, bias = layer_names(index)
        tensors[weight] = _array(layer.weight)
        tensors[bias] = _array(layer.bias)
    save_file(tensors, str(file), metadata=header.metadata())
    return file


def _array(parameter: Any) -> np.ndarray:
    return np.ascontiguousarray(parameter.detach().cpu().numpy(), np.float32)
