"""Every headframe game as an OpenSpiel Python game.

    import pyspiel
    from headframe.rl.openspiel import register_all
    register_all()
    game = pyspiel.load_game("headframe_ore_city", {"players": 4})

Actions are the game's fixed integer action space (`game.learning.action_space`).
Chance is sampled inside the engine's own RNG (SAMPLED_STOCHASTIC), seeded by
the `seed` parameter and the number of states created. The `options` parameter
is the game's options as JSON text (`'{"round_limit": 8}'`; default: none set). Simultaneous sealed
decisions are asked seat by seat; another seat's sealed choice never shows in
an information state. Returns are the ranking rewards (1 first, 0 last, ties
sharing), so the game is constant-sum. Information states are a seat's view as
canonical JSON with a digest of the log as the seat read it (perfect recall);
observations are the view as JSON and as the game's observation encoding
(`observation_tensor`, its fields by name in the observer's `dict`);
`resample_from_infostate` is `determinize`.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np
import pyspiel

from headframe.engine import OptionError, Rng, game_names, jsontext, load_game
from headframe.engine.game import Game
from headframe.engine.learning import rank_rewards
from headframe.engine.observation import ObservationLayout
from headframe.engine.state import State


def short_name(name: str) -> str:
    return "headframe_" + name.replace("-", "_")


def _game_type(game: Game) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(game.name),
        long_name=f"headframe {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(game.players),
        min_num_players=min(game.players),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=game.learning.has_observation(),
        parameter_specification={"players": min(game.players), "seed": 0, "options": "{}"},
    )


class SpielGame(pyspiel.Game):
    headframe: Game

    def __init__(self, params=None):
        params = params or {}
        self.players = int(params.get("players", min(self.headframe.players)))
        self.seed = int(params.get("seed", 0))
        self.options = _options(self.headframe, params.get("options", "{}"))
        self.created = 0
        self.space = self.headframe.learning.action_space(self.players)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.space),
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=self.players / 2,
            max_game_length=self.headframe.decision_limit(self.players),
        )
        super().__init__(_game_type(self.headframe), info, {
            "players": self.players, "seed": self.seed, "options": json.dumps(self.options.to_dict(), sort_keys=True)})

    def new_initial_state(self) -> SpielState:
        self.created += 1
        return SpielState(self, self.headframe.new_state(self.players, self.seed + self.created, self.options))

    def make_py_observer(self, iig_obs_type=None, params=None) -> Observer:
        perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        if perfect_recall or not self.headframe.learning.has_observation():
            return Observer(perfect_recall)
        return Observer(False, self.headframe.learning.observation_layout(self.players, self.options))


def _options(game: Game, text: str) -> Any:
    try:
        return game.Options.from_dict(jsontext.loads(text))
    except jsontext.JsonError as exc:
        raise OptionError(f"the options parameter is the game's options as JSON text: {exc}") from None


class SpielState(pyspiel.State):
    def __init__(self, game: SpielGame, state: State) -> None:
        super().__init__(game)
        self.state = state
        self.space = game.space
        # Per seat, a digest of the log as it reads it, and how many entries it has folded in.
        self.recall: list[tuple[str, int]] = [("", 0)] * state.players

    def recall_of(self, seat: int) -> str:
        """The digest of the log as `seat` reads it, folding in only the entries added
        since it was last asked for: perfect-recall information states cost O(1) per
        action, not O(log), and seats nobody asks about cost nothing."""
        digest, folded = self.recall[seat]
        log = self.state.log
        if folded < len(log):
            for entry in self.state.log_for(seat, folded):  # entry by entry: the same however applied
                text = digest + json.dumps(entry, sort_keys=True)
                digest = hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
            self.recall[seat] = (digest, len(log))
        return digest

    def current_player(self) -> int:
        to_move = self.state.to_move()
        return to_move[0] if to_move else pyspiel.PlayerId.TERMINAL

    def _legal_actions(self, player: int) -> list[int]:
        return self.space.indices(self.state.decision(player).actions)

    def _apply_action(self, action: int) -> None:
        self.state.apply(self.current_player(), self.space.action(action))

    def _action_to_string(self, player: int, action: int) -> str:
        # OpenSpiel reads an action back from its string, so each must be unique: two copies
        # of a card read alike in words, never in their ids.
        chosen = self.space.action(action)
        return f"{chosen.id}: {self.state.game.presentation.describe_action(chosen)}"

    def is_terminal(self) -> bool:
        return self.state.is_over()

    def returns(self) -> list[float]:
        if not self.state.is_over():
            return [0.0] * self.state.players
        return rank_rewards(self.state.result().ranking)

    def resample_from_infostate(self, player_id: int, probability_sampler) -> SpielState:
        rng = Rng(int(probability_sampler() * (1 << 62)))
        world = SpielState(self.get_game(), self.state.determinize(player_id, rng))
        if len(world.state.log) == len(self.state.log):  # the player reads the same log in its world
            world.recall[player_id] = (self.recall_of(player_id), len(self.state.log))
        return world

    def __deepcopy__(self, memo) -> SpielState:
        twin = SpielState.__new__(SpielState)
        pyspiel.State.__init__(twin, self.get_game())
        twin.state, twin.space = self.state.clone(), self.space
        twin.recall = list(self.recall)
        return twin

    def __str__(self) -> str:
        return json.dumps(self.state.view(None), sort_keys=True, separators=(",", ":"))


class Observer:
    """A seat's view as canonical JSON, with the digest of the log as that seat
    has read it for perfect recall; without recall, also the view's observation
    encoding as a tensor, each field of the layout a named slice of it."""

    def __init__(self, perfect_recall: bool, layout: ObservationLayout | None = None) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(len(layout) if layout else 0, np.float32)
        self.dict = {name: self.tensor[layout.slice(name)] for name, _, _ in layout.fields} if layout else {}

    def set_from(self, state: SpielState, player: int) -> None:
        if self.tensor.size:
            self.tensor[:] = state.state.game.learning.encode_observation(state.state.view(player))

    def string_from(self, state: SpielState, player: int) -> str:
        view = json.dumps(state.state.view(player), sort_keys=True, separators=(",", ":"))
        return f"{view}|{state.recall_of(player)}" if self.perfect_recall else view


def register(name: str) -> str:
    """Register one headframe game with pyspiel; returns its OpenSpiel name."""
    game = load_game(name)
    spiel_class = type(f"Spiel_{name.replace('-', '_')}", (SpielGame,), {"headframe": game})
    if short_name(name) not in pyspiel.registered_names():
        pyspiel.register_game(_game_type(game), spiel_class)
    return short_name(name)


def register_all() -> list[str]:
    return [register(name) for name in game_names() if load_game(name).learning.has_action_space()]
