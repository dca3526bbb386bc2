"""The uniform random player: the baseline every other agent must beat."""

from __future__ import annotations

from headframe.engine import Action, Rng, State

from .base import InformationSet


class RandomAgent:
    def __init__(self, seed: int = 0) -> None:
        self.spec = "random"
        self.rng = Rng(seed)

    def choose(self, info: InformationSet) -> Action:
        return self.rng.choice(info.decision.actions)


def play_random_game(state: State, rng: Rng) -> int:
    """Play `state` to its end with uniform random choices (of the seat to move,
    where several are, and of the action); returns the number of decisions."""
    decisions = 0
    while True:
        to_move = state.to_move()
        if not to_move:
            return decisions
        seat = to_move[0] if len(to_move) == 1 else rng.choice(to_move)
        state.apply(seat, rng.choice(state.decision(seat).actions))
        decisions += 1
