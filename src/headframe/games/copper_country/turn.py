"""rulebook: Playing the Game: a turn is 2 management actions, 1 labor action and
the end of turn dividends; play passes clockwise."""

from __future__ import annotations

from headframe.engine.flow import push

from . import scoring


def begin(state, task) -> None:
    seat = task[1]
    state.current = seat
    if scoring.stalled(state):  # COP-R52
        state.event("stalled")
        scoring.end_game(state)
        return
    limit = state.options.turn_limit
    if limit is not None and state.turns >= limit * state.players:  # COP-R58
        state.event("turn_limit", turns=limit)
        scoring.end_game(state)
        return
    state.turns += 1
    state.used = []
    if state.records:
        state.event("turn", seat=seat)
    push(state.tasks, ["manage", seat], ["manage", seat], ["labor", seat], ["before_dividends", seat],
         ["dividends", seat], ["end_turn", seat])


def end(state, task) -> None:
    push(state.tasks, ["turn", (task[1] + 1) % state.players])
