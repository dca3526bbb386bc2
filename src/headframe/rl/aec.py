"""Every headframe game as a PettingZoo AEC environment.

    from headframe.rl import aec_env
    env = aec_env("ore-city", players=3)
    env.reset(seed=7)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        action = None if terminated else policy(observation)
        env.step(action)

Agents are "player_0", "player_1", ... (the seats). `agent_selection` is a seat
that owes a decision; simultaneous sealed decisions are taken one seat at a
time, each seat seeing only its own view. An observation is
`{"observation": the game's encoding of the seat's view (float32),
"action_mask": 1 for each legal action of the game's integer action space
(int8)}`; `info` holds the acting seat's raw `view` and its `legal_actions`.
Chance is resolved inside the engine. Rewards come once, at the end (see
`Table` for the two reward options); games always end, so nothing truncates.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from headframe.engine import Game

from .table import RENDER_MODES, Table, check_render_mode


def aec_env(game: Game | str, players: int = 2, options: dict[str, Any] | None = None,
            reward: str = "ranking", render_mode: str | None = None) -> HeadframeAEC:
    """A PettingZoo AECEnv of `game` at `players` players with these game options."""
    return HeadframeAEC(Table(game, players, options, reward), render_mode)


class HeadframeAEC(AECEnv):
    metadata = {"render_modes": list(RENDER_MODES), "is_parallelizable": False}

    def __init__(self, table: Table, render_mode: str | None = None) -> None:
        super().__init__()
        self.table = table
        self.render_mode = check_render_mode(render_mode)
        self.metadata = {**self.metadata, "name": f"headframe_{table.game.name.replace('-', '_')}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(table.players)]
        self.seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        observation = spaces.Dict({"observation": table.observation_space, "action_mask": table.mask_space})
        self.observation_spaces = {agent: observation for agent in self.possible_agents}
        self.action_spaces = {agent: table.action_space for agent in self.possible_agents}
        self.game_state = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; `seed` gives that very game. `options` (PettingZoo's reset
        argument) is not used: the game's options are fixed when the environment
        is made, since the observation layout depends on them."""
        self.game_state = self.table.new_state(seed)
        self._views: dict[int, dict[str, Any]] = {}  # this position's views, by seat: info and observation share them
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self._select_next()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.seat_of[agent]
        return {"observation": self.table.vector(self._view(seat)),
                "action_mask": self.table.mask(self.game_state, seat)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.seat_of[agent]
        self.game_state.apply(seat, self.table.action(self.game_state, seat, action))  # raises before any change
        self._views = {}
        self._cumulative_rewards[agent] = 0.0
        if self.game_state.is_over():
            final = self.table.rewards(self.game_state)
            self.rewards = {a: final[self.seat_of[a]] for a in self.agents}
            self.terminations = {a: True for a in self.agents}
        else:
            self.rewards = {a: 0.0 for a in self.agents}
        self._select_next()
        self._accumulate_rewards()

    def _select_next(self) -> None:
        """The first seat that owes a decision acts next, and its info holds its
        view; at the end every agent's info holds its final view."""
        state = self.game_state
        if state.is_over():
            self.agent_selection = self.agents[0]
            self.infos = {a: {"view": self._view(self.seat_of[a]), "legal_actions": []} for a in self.agents}
            return
        seat = state.to_move()[0]
        self.agent_selection = self.possible_agents[seat]
        self.infos = {a: {} for a in self.agents}
        self.infos[self.agent_selection] = {"view": self._view(seat), "legal_actions": self.table.legal(state, seat)}

    def _view(self, seat: int) -> dict[str, Any]:
        if seat not in self._views:
            self._views[seat] = self.game_state.view(seat)
        return self._views[seat]

    def render(self) -> str | None:
        """The selected seat's view in words (the public view once nobody is left)."""
        seat = self.seat_of[self.agent_selection] if self.agents else None
        return self.table.render(self.render_mode, self.game_state.view(seat))

    def close(self) -> None:
        self.game_state = None
