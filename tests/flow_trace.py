"""The steps a flow really goes through, watched while games are played: each step's
move, automatic run or skip, and the step the state is in after it (`OVER` once the
game is over), and the step each new game's setup leaves it in. The tests compare them
with what the flow declares (`Step.leads_to`, `Flow.start`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from headframe.engine.flow import OVER, Flow, Step

START = "(setup)"


class Tracer:
    def __init__(self, flow: Flow) -> None:
        self.flow = flow
        self.edges: set[tuple[str, str]] = set()
        self.fresh = False  # a new game is being set up: its first step is a start

    def now(self, state) -> str:
        task = self.flow.task(state)
        return OVER if task is None else task[0]

    def new_game(self, make):
        """`make()`, a new game's state, its start recorded."""
        self.fresh = True
        state = make()
        if self.fresh:  # no automatic step ran: the setup left it in its first decision
            self.edges.add((START, self.now(state)))
            self.fresh = False
        return state

    def proceed(self, state) -> None:
        if self.fresh:
            self.edges.add((START, self.now(state)))
            self.fresh = False
        Flow.proceed(self.flow, state)

    def traced(self, step: Step) -> Step:
        name = step.name

        def after(state) -> None:
            self.edges.add((name, self.now(state)))

        def move_of(move):
            def traced_move(state, task, action) -> None:
                move(state, task, action)
                after(state)
            return traced_move

        changes: dict = {"moves": {kind: move_of(move) for kind, move in step.moves.items()}}
        if step.run is not None:
            run = step.run

            def traced_run(state, task) -> None:
                run(state, task)
                after(state)
            changes["run"] = traced_run
        if step.skip is not None:
            skip = step.skip

            def traced_skip(state, task) -> bool:
                skipped = skip(state, task)
                if skipped:  # dropped from the agenda: the next task follows
                    agenda = getattr(state, self.flow.agenda)
                    self.edges.add((name, agenda[1][0] if len(agenda) > 1 else OVER))
                return skipped
            changes["skip"] = traced_skip
        return dataclasses.replace(step, **changes)


@contextmanager
def tracing(flow: Flow) -> Iterator[Tracer]:
    """Every step of `flow` watched while the block runs, and put back after it."""
    tracer = Tracer(flow)
    with pytest.MonkeyPatch.context() as patch:
        for name, step in list(flow.steps.items()):
            patch.setitem(flow.steps, name, tracer.traced(step))
        patch.setattr(flow, "proceed", tracer.proceed)
        yield tracer


def undeclared(flow: Flow, edges: set[tuple[str, str]]) -> list[tuple[str, str]]:
    """The edges seen that the flow does not declare."""
    def declared(source: str, target: str) -> bool:
        return target in (flow.start if source == START else flow.steps[source].targets)
    return sorted(edge for edge in edges if not declared(*edge))
