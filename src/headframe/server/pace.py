"""How long a bot's turn takes (issue 52): long enough that a person sees each of its steps
happen, short enough that nobody waits on a quick bot. A bot's turn is its decisions one after
another, no other seat's between: its first decision takes the table's think time, each of the
next TURN_STEPS a step of STEP_S (at most the think time); then they go as fast as they are decided."""

from __future__ import annotations

from itertools import takewhile

from .rooms import Room

STEP_S = 0.15
# Two steps paced: with the think time (0.5 s) a turn's paced time is 0.8 s, which leaves a long turn's
# deciding, sending and drawing room under the 1.5 s a person waits at most (four were 1.1 s, and a long
# Copper Country turn waited up to 1.76 s on a loaded machine: bench.table).
TURN_STEPS = 2


def pause(room: Room, seat: int) -> float:
    """The least time a bot's next decision takes, deciding included (issue 52: pace). A bot's
    turn is its decisions one after another, no other seat's between: the first waits the table's
    think time (the game's very first move none: a person came to play), each later one a step
    (no longer than the think time: at 0, bots move at once), so that a person sees each happen,
    for the turn's first TURN_STEPS steps."""
    history = room.state.history
    if not history:
        return 0.0
    done = sum(1 for _ in takewhile(lambda taken: taken[0] == seat, reversed(history)))
    if not done:
        return room.row.think_time
    return min(STEP_S, room.row.think_time) if done <= TURN_STEPS else 0.0


def bot_seed(seed: int, version: int, seat: int) -> int:
    """The seed of a bot's decision: the game's bots' seed, mixed with the version and the seat."""
    return (seed * 0x9E3779B1 + version * 0x85EBCA77 + seat) % (1 << 63)
