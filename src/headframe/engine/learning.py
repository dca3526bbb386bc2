"""What agents and learners need of a game beyond its rules: its integer action space, its
observation vector, its cheap heuristic policy and its evaluation of unfinished games,
and how deep a search's rollout goes. A game declares these in its own learning module
(`LEARNING = Learning(...)`), which the engine loads only when something learns or
searches (`Game.learning`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .observation import ObservationLayout
from .spaces import ActionSpace

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game
    from .state import State

DEFAULT_SEARCH_DEPTH = 200


@dataclass(frozen=True)
class Learning:
    """A game's learning facet, declared (None: the game has none, or the default):

    every_action(game, players) -> actions     every action the game can ever offer at this
        player count, in a fixed order: the integer action space (RL, OpenSpiel)
    observation_layout(game, players, options) -> ObservationLayout   the fields of the flat
        observation vector, documented on the game's docs page
    encode_observation(game, view) -> floats   a seat's view as that vector, from the view alone
    heuristic(state, seat, rng) -> action      a cheap, sensible choice among
        `state.decision(seat).actions`, reading only what `seat` may know
    evaluate(state) -> rewards                 each seat's expected reward in [0, 1] in an
        unfinished game (a finished one scores its ranking)
    search_depth(game, players) -> int         decisions a search's rollout plays before
        `evaluate` judges the position
    """

    every_action: Callable[[Game, int], Iterable[Action]] | None = None
    observation_layout: Callable[[Game, int, Any], ObservationLayout] | None = None
    encode_observation: Callable[[Game, dict[str, Any]], list[float]] | None = None
    heuristic: Callable[[State, int, Any], Action] | None = None
    evaluate: Callable[[State], list[float]] | None = None
    search_depth: Callable[[Game, int], int] | None = None


class Learned:
    """A game's learning facet for its callers (`game.learning`): the declared functions
    with the game given, and the engine's defaults where a game declares none."""

    def __init__(self, game: Game, declared: Learning) -> None:
        self.game = game
        self.declared = declared
        self._spaces: dict[int, ActionSpace] = {}

    def has_action_space(self) -> bool:
        return self.declared.every_action is not None

    def enumerate_actions(self, players: int) -> Iterable[Action]:
        if self.declared.every_action is None:
            raise NotImplementedError(f"{self.game.title} declares no action space")
        return self.declared.every_action(self.game, players)

    def action_space(self, players: int) -> ActionSpace:
        if players not in self._spaces:
            self._spaces[players] = ActionSpace(self.enumerate_actions(players))
        return self._spaces[players]

    def has_observation(self) -> bool:
        return self.declared.encode_observation is not None

    def observation_layout(self, players: int, options: Any = None) -> ObservationLayout:
        if self.declared.observation_layout is None:
            raise NotImplementedError(f"{self.game.title} declares no observation encoding")
        return self.declared.observation_layout(self.game, players, options)

    def encode_observation(self, view: dict[str, Any]) -> list[float]:
        if self.declared.encode_observation is None:
            raise NotImplementedError(f"{self.game.title} declares no observation encoding")
        return self.declared.encode_observation(self.game, view)

    def has_heuristic(self) -> bool:
        return self.declared.heuristic is not None

    def heuristic(self, state: State, seat: int, rng: Any) -> Action:
        if self.declared.heuristic is None:
            raise NotImplementedError(f"{self.game.title} has no heuristic policy")
        return self.declared.heuristic(state, seat, rng)

    def evaluate(self, state: State) -> list[float]:
        """Each seat's expected reward in [0, 1] (1: a sure win): a finished game scores its
        ranking; an unfinished one the game's evaluation, else an even share."""
        if state.is_over():
            return rank_rewards(state.result().ranking)
        if self.declared.evaluate is None:
            return [1.0 / state.players] * state.players
        return self.declared.evaluate(state)

    def search_depth(self, players: int) -> int:
        """Decisions a search's rollout plays before `evaluate` judges the position."""
        if self.declared.search_depth is None:
            return DEFAULT_SEARCH_DEPTH
        return self.declared.search_depth(self.game, players)


def rank_rewards(ranking: tuple[int, ...]) -> list[float]:
    """1 for first place, 0 for last, evenly between; tied seats share the
    rewards of the places they tie for."""
    players = len(ranking)
    if players == 1:
        return [1.0]
    place_reward = [(players - 1 - place) / (players - 1) for place in range(players)]
    rewards = []
    for rank in ranking:
        tied = ranking.count(rank)
        rewards.append(sum(place_reward[rank - 1:rank - 1 + tied]) / tied)
    return rewards


def worth_rewards(worth: list[float]) -> list[float]:
    """`rank_rewards` of the seats ranked by a worth each, higher first, equal worths
    sharing a rank (`Result.rank` without tie-breakers, for a game's evaluation of an
    unfinished game, which needs no `Result`): a seat's rank is 1 + the seats worth more."""
    return rank_rewards(tuple(1 + sum(other > mine for other in worth) for mine in worth))
