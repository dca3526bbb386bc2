"""A trained policy as an agent: `policy:path=FILE` plays a MaskablePPO model
(sb3-contrib) saved by examples/train_maskable_ppo.py. It reads the seat's view
through the game's observation encoding and picks the most likely legal action,
so it sees no more than any other agent."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from headframe.engine import Action, Game

from . import AgentSpecError
from .base import InformationSet


def make_policy_agent(spec: str, game: Game, params: dict[str, str]) -> PolicyAgent:
    if set(params) != {"path"}:
        raise AgentSpecError(f"agent spec {spec!r}: policy takes path=FILE and nothing else")
    return PolicyAgent(game, params["path"])


@lru_cache(maxsize=8)
def _load(path: str, modified: float) -> Any:
    try:
        from sb3_contrib import MaskablePPO
    except ImportError:
        raise AgentSpecError("a policy agent needs sb3-contrib: pip install 'headframe[train]'") from None
    return MaskablePPO.load(path, device="cpu")


class PolicyAgent:
    def __init__(self, game: Game, path: str) -> None:
        file = Path(path)
        if not file.is_file():
            raise AgentSpecError(f"no saved policy at {path}")
        if not game.has_observation() or not game.has_action_space():
            raise AgentSpecError(f"{game.title} declares no observation encoding or action space")
        self.spec = f"policy:path={path}"
        self.game = game
        self.model = _load(str(file.resolve()), file.stat().st_mtime)

    def choose(self, info: InformationSet) -> Action:
        space = self.game.action_space(info.view["player_count"])
        size = self.model.observation_space.shape[0]
        observation = np.asarray(self.game.encode_observation(info.view), np.float32)
        if observation.shape[0] != size or self.model.action_space.n != len(space):
            raise AgentSpecError(f"{self.spec} was trained on another table (observation {size}, "
                              f"{self.model.action_space.n} actions; this one: {observation.shape[0]}, {len(space)})")
        mask = np.frombuffer(space.mask(info.decision.actions), np.int8).astype(bool)
        action, _ = self.model.predict(observation, action_masks=mask, deterministic=True)
        return space.action(int(action))
