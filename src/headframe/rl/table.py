"""What the PettingZoo and Gymnasium environments share: one game at a fixed
player count and options, seen as learners see it — a seat's observation
vector and action mask, built from that seat's view alone, and the rewards of a
finished game."""

from __future__ import annotations

import operator
import secrets
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.logger import warn

from headframe.engine import Action, Game, IllegalAction, OptionError, Rng, State, load_game
from headframe.engine.learning import rank_rewards

REWARDS = ("ranking", "score")
RENDER_MODES = ("ansi",)


def check_render_mode(render_mode: str | None) -> str | None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode is None or one of {', '.join(RENDER_MODES)}, not {render_mode!r}")
    return render_mode


class Table:
    """A game, its player count and options, and the reward learners get.

    reward="ranking": 1 for first place, -1 for last, evenly between, tied
    seats sharing (the engine's `rank_rewards`, centred and doubled): zero-sum.
    reward="score": my final score minus the mean of the other seats' final
    scores, unscaled: zero-sum too.
    """

    def __init__(self, game: Game | str, players: int, options: dict[str, Any] | None, reward: str) -> None:
        self.game = load_game(game) if isinstance(game, str) else game
        if reward not in REWARDS:
            raise OptionError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
        if not self.game.learning.has_observation() or not self.game.learning.has_action_space():
            raise OptionError(f"{self.game.title} declares no observation encoding or action space yet")
        probe = self.game.new_state(players, 0, options)  # checks players and options
        self.players = players
        self.options = probe.options
        self.reward = reward
        self.space = self.game.learning.action_space(players)
        self.layout = self.game.learning.observation_layout(players, self.options)
        self.observation_space = spaces.Box(-np.inf, np.inf, (self.layout.size,), np.float32)
        self.mask_space = spaces.Box(0, 1, (len(self.space),), np.int8)
        self.action_space = spaces.Discrete(len(self.space))
        self._seeds: Rng | None = None

    def new_state(self, seed: int | None) -> State:
        """A new game: with `seed`, that very game (its record replays with this
        seed); without, the next of the sequence the last seed started."""
        if seed is not None:
            seed = operator.index(seed)
            self._seeds = Rng(seed)
        else:
            if self._seeds is None:
                self._seeds = Rng(secrets.randbits(63))
            seed = self._seeds.next64() >> 1
        return self.game.new_state(self.players, seed, self.options)

    def vector(self, view: dict[str, Any]) -> np.ndarray:
        encoded = self.game.learning.encode_observation(view)
        if len(encoded) != self.layout.size:
            raise ValueError(f"{self.game.title} encoded {len(encoded)} values, its layout holds {self.layout.size}")
        return np.asarray(encoded, dtype=np.float32)

    def mask(self, state: State, seat: int) -> np.ndarray:
        """1 for each action `seat` may take now; all 0 when it owes no decision."""
        if seat not in state.to_move():
            return np.zeros(len(self.space), np.int8)
        return np.frombuffer(self.space.mask(state.decision(seat).actions), np.int8)

    def legal(self, state: State, seat: int) -> list[int]:
        return self.space.indices(state.decision(seat).actions) if seat in state.to_move() else []

    def action(self, state: State, seat: int, number: Any) -> Action:
        """The action numbered `number`, if `seat` may take it now; else IllegalAction."""
        try:
            number = operator.index(number)
        except TypeError:
            raise IllegalAction(f"an action is an integer of the action space, not {number!r}") from None
        action = self.space.action(number)
        if action not in state.decision(seat).actions:
            legal = self.legal(state, seat)
            raise IllegalAction(f"action {number} ({action.id}) is not legal for seat {seat} now; "
                                f"legal: {legal[:20]}{' ...' if len(legal) > 20 else ''}")
        return action

    def rewards(self, state: State) -> list[float]:
        """Each seat's reward for a finished game."""
        result = state.result()
        if self.reward == "ranking":
            return [2.0 * r - 1.0 for r in rank_rewards(result.ranking)]
        total = sum(result.scores)
        return [float(s - (total - s) / (self.players - 1)) for s in result.scores]

    def render(self, render_mode: str | None, view: dict[str, Any]) -> str | None:
        """The view in words ("ansi"); without a render mode, a warning and None."""
        if render_mode is None:
            warn("render() was called without a render_mode; make the environment with render_mode='ansi'")
            return None
        return self.game.presentation.render_text(view)
