"""One seat of a headframe game as a Gymnasium environment; headframe agents
(`agents.make_agent` specs) play the other seats.

    from headframe.rl import single_agent_env
    env = single_agent_env("tinners-trail", players=2, opponents="heuristic")
    observation, info = env.reset(seed=3)
    observation, reward, terminated, truncated, info = env.step(action)

The learner's observation is the game's encoding of its seat's view (float32);
`action_masks()` gives the legal actions of the game's integer action space, as
sb3-contrib's MaskablePPO asks. Opponents are handed information sets, as
everywhere: only what their seat may know. The reward comes once, at the end
(see `Table`). An illegal action raises IllegalAction and changes nothing,
unless `illegal_reward` is set: then it changes nothing, costs that reward and
is reported in `info["illegal_action"]` (for learners without masks, and for
Gymnasium's `check_env`, which steps unmasked random actions).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from headframe.agents import InformationSet, make_agent
from headframe.engine import Game, IllegalAction, OptionError, Rng

from .table import RENDER_MODES, Table, check_render_mode


def single_agent_env(game: Game | str, players: int = 2, opponents: str | Sequence[str] = "heuristic",
                     seat: int | None = 0, options: dict[str, Any] | None = None, reward: str = "ranking",
                     illegal_reward: float | None = None, render_mode: str | None = None) -> HeadframeEnv:
    """The learner plays `seat` (None: a seat drawn at each reset); `opponents`
    is one agent spec for every other seat, or one spec per other seat in
    seat order."""
    return HeadframeEnv(Table(game, players, options, reward), opponents, seat, illegal_reward, render_mode)


class HeadframeEnv(gymnasium.Env):
    metadata = {"render_modes": list(RENDER_MODES)}

    def __init__(self, table: Table, opponents: str | Sequence[str], seat: int | None,
                 illegal_reward: float | None, render_mode: str | None) -> None:
        others = table.players - 1
        specs = [opponents] * others if isinstance(opponents, str) else list(opponents)
        if len(specs) != others:
            raise OptionError(f"{table.players} players leave {others} seats to opponents, not {len(specs)}")
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < table.players):
            raise OptionError(f"seat is one of 0..{table.players - 1} or None, not {seat!r}")
        for spec in set(specs):
            make_agent(spec, table.game)  # a bad spec fails here, not at the first reset
        self.table = table
        self.opponent_specs = specs
        self.fixed_seat = seat
        self.illegal_reward = illegal_reward
        self.render_mode = check_render_mode(render_mode)
        self.observation_space = table.observation_space
        self.action_space = table.action_space
        self.game_state = None

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        """A new game; `seed` gives that very game, the learner's seat and the
        opponents' play. `options` is not used: the game's options are fixed
        when the environment is made, since the observation layout depends on them."""
        super().reset(seed=seed)
        state = self.table.new_state(seed)
        self.game_state = state
        self.seat = self.fixed_seat if self.fixed_seat is not None else Rng(state.seed).below(state.players)
        specs = iter(self.opponent_specs)
        self.opponents = {s: make_agent(next(specs), self.table.game, state.seed + 7919 * s)
                          for s in range(state.players) if s != self.seat}
        self.rng = Rng(state.seed ^ 0xC0A1)
        self._play_opponents()
        return self._seen()

    def step(self, action: Any):
        state = self.game_state
        if state.is_over():
            raise IllegalAction("the game is over: reset() starts another")
        try:
            chosen = self.table.action(state, self.seat, action)
        except IllegalAction as exc:
            if self.illegal_reward is None:
                raise
            observation, info = self._seen()
            return observation, float(self.illegal_reward), False, False, {**info, "illegal_action": str(exc)}
        state.apply(self.seat, chosen)
        self._play_opponents()
        over = state.is_over()
        reward = self.table.rewards(state)[self.seat] if over else 0.0
        observation, info = self._seen()
        return observation, reward, over, False, info

    def action_masks(self) -> np.ndarray:
        return self.table.mask(self.game_state, self.seat).astype(bool)

    def _play_opponents(self) -> None:
        """Opponents decide until the learner owes a decision or the game ends;
        where the learner and others owe one at once (sealed choices), the
        others go first: they cannot see the learner's choice either way."""
        state = self.game_state
        while not state.is_over():
            waiting = [s for s in state.to_move() if s != self.seat]
            if not waiting:
                return
            seat = waiting[0]
            state.apply(seat, self.opponents[seat].choose(InformationSet(state, seat, self.rng)))

    def _seen(self) -> tuple[np.ndarray, dict[str, Any]]:
        """The learner's observation and info: its view, encoded and raw."""
        view = self.game_state.view(self.seat)
        info = {"view": view, "seat": self.seat, "legal_actions": self.table.legal(self.game_state, self.seat)}
        return self.table.vector(view), info

    def render(self) -> str | None:
        return self.table.render(self.render_mode, self.game_state.view(self.seat))
