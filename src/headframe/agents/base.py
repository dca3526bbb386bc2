"""The agent protocol: an agent is asked for one action at one seat's decision,
and is handed only what that seat may know.

`InformationSet` is that hand-off: the seat's view, its decision, and worlds
drawn with `State.determinize`. It holds no reference to the real state: its
one world is itself a determinization (without a log: search needs none), so an
agent that digs through it finds a random world consistent with the seat's
knowledge, never the truth.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

from headframe.engine import Action, Decision, HeadframeError, Rng, State

POLICY_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")  # a trained policy's name in specs


class AgentSpecError(HeadframeError, ValueError):
    """An agent spec that names no agent, gives it a setting it does not take,
    or a value out of bounds."""


class InformationSet:
    __slots__ = ("seat", "view", "decision", "_world")

    def __init__(self, state: State, seat: int, rng: Rng) -> None:
        self.seat = seat
        self.view: dict[str, Any] = state.view(seat)
        self.decision: Decision = state.decision(seat)
        self._world = state.determinize(seat, rng, keep_log=False, record=False)

    def sample_world(self, rng: Rng) -> State:
        """A fresh world consistent with all the seat has seen."""
        return self._world.redraw(self.seat, rng)

    @property
    def game(self):
        return self._world.game

    @property
    def players(self) -> int:
        return self._world.players


class Agent(Protocol):
    spec: str

    def choose(self, info: InformationSet) -> Action:
        """One of `info.decision.actions`."""
