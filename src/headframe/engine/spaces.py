"""Fixed integer action spaces: every action a game can ever offer, at one
player count, numbered once. RL environments and OpenSpiel speak these
integers; masks come from the engine's legal actions."""

from __future__ import annotations

from collections.abc import Iterable

from .actions import Action
from .errors import IllegalAction


class ActionSpace:
    __slots__ = ("actions", "_index")

    def __init__(self, actions: Iterable[Action]) -> None:
        self.actions = tuple(actions)
        self._index = {action: number for number, action in enumerate(self.actions)}
        if len(self._index) != len(self.actions):
            raise ValueError("an action space lists each action once")

    def __deepcopy__(self, memo: dict) -> ActionSpace:
        return self  # immutable

    def __len__(self) -> int:
        return len(self.actions)

    def __contains__(self, action: object) -> bool:
        return action in self._index

    def index(self, action: Action) -> int:
        try:
            return self._index[action]
        except KeyError:
            raise IllegalAction(f"{action.id} is not in the game's action space") from None

    def action(self, number: int) -> Action:
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < len(self.actions):
            raise IllegalAction(f"action number {number!r} is not in 0..{len(self.actions) - 1}")
        return self.actions[number]

    def indices(self, actions: Iterable[Action]) -> list[int]:
        """The numbers of these (legal) actions, ascending."""
        index = self._index
        return sorted(index[action] for action in actions)

    def mask(self, actions: Iterable[Action]) -> bytearray:
        """1 for each of these actions, 0 elsewhere."""
        mask = bytearray(len(self.actions))
        for action in actions:
            mask[self._index[action]] = 1
        return mask
