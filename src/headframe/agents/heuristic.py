"""The heuristic player: each game's own cheap, sensible policy, run on a world
drawn from what the seat knows."""

from __future__ import annotations

from headframe.engine import Action, Game, Rng

from .base import InformationSet


class HeuristicAgent:
    def __init__(self, game: Game, seed: int = 0) -> None:
        self.spec = "heuristic"
        self.game = game
        self.rng = Rng(seed)

    def choose(self, info: InformationSet) -> Action:
        return self.game.learning.heuristic(info.sample_world(self.rng), info.seat, self.rng)
