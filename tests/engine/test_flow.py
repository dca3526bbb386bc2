"""The declarative turn flow (engine/flow.py): steps in a table, an agenda of
tasks with automatic and skipped steps, sub-steps pushed ahead, moves chosen
by action type, simultaneous steps, and tables that cannot work refused."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from headframe.engine import Action, IllegalAction
from headframe.engine.flow import Flow, automatic, decide, push


class Move(Action):
    pass


@dataclass(frozen=True)
class Dig(Move):
    kind = "dig"
    depth: int


@dataclass(frozen=True)
class Rest(Move):
    kind = "rest"


class Table:
    """A state-like object: an agenda of tasks, and what happened."""

    def __init__(self, *tasks: list) -> None:
        self.tasks = list(tasks)
        self.done: list[str] = []
        self.players = 2


def dig(table: Table, task, action: Dig) -> None:
    table.done.append(f"seat {task[1]} digs {action.depth}")
    push(table.tasks, ["haul", task[1]], ["tally", -1])  # a compound action's sub-steps come first


def rest(table: Table, task, action: Rest) -> None:
    table.done.append(f"seat {task[1]} rests")


def haul(table: Table, task) -> None:
    table.done.append(f"seat {task[1]} hauls")


def tally(table: Table, task) -> None:
    table.done.append("tally")


FLOW = Flow(
    "Agenda",
    agenda="tasks",
    steps=[
        decide("shift", lambda table, task: [Dig.of(1), Dig.of(2), Rest.of()], {Dig: dig, Rest: rest},
               prompt=lambda table, task: f"Seat {task[1] + 1}: dig or rest", skip=lambda table, task: task[2]),
        automatic("haul", haul),
        automatic("tally", tally),
        decide("vote", lambda table, task: [Rest.of()], rest, kind="ballot", who=lambda table: (0, 1)),
    ],
)


def test_an_agenda_runs_its_automatic_steps_and_drops_skipped_ones() -> None:
    table = Table(["tally", -1], ["shift", 0, True], ["shift", 1, False])
    FLOW.proceed(table)
    assert table.done == ["tally"] and table.tasks == [["shift", 1, False]]
    assert FLOW.to_move(table) == (1,) and FLOW.task(table) == ["shift", 1, False]
    decision = FLOW.decide(table, 1)
    assert (decision.kind, decision.prompt, decision.actions) == ("shift", "Seat 2: dig or rest",
                                                                  (Dig.of(1), Dig.of(2), Rest.of()))


def test_a_move_is_chosen_by_the_action_type_and_its_sub_steps_run_first() -> None:
    table = Table(["shift", 0, False], ["shift", 1, False])
    FLOW.perform(table, 0, Dig.of(2))
    assert table.done == ["seat 0 digs 2", "seat 0 hauls", "tally"]
    assert table.tasks == [["shift", 1, False]]
    FLOW.perform(table, 1, Rest.of())
    assert table.done[-1] == "seat 1 rests" and FLOW.to_move(table) == ()
    with pytest.raises(IllegalAction, match="over"):
        FLOW.decide(table, 0)


def test_a_simultaneous_step_is_owed_by_its_seats_each_in_its_own_task() -> None:
    table = Table(["vote", -1])
    assert FLOW.to_move(table) == (0, 1)
    assert FLOW.decide(table, 1).kind == "ballot"
    seen = []
    flow = Flow("Votes", task=lambda t: t.tasks[0] if t.tasks else None, steps=[
        decide("vote", lambda t, task: [Rest.of()], lambda t, task, action: seen.append(task[1]),
               who=lambda t: (0, 1))])
    flow.perform(table, 1, Rest.of())
    assert seen == [1]


def test_an_action_the_step_has_no_move_for_is_refused() -> None:
    flow = Flow("One", task=lambda t: ("only", 0), steps=[decide("only", lambda t, task: [], {Rest: rest})])
    with pytest.raises(IllegalAction, match="does nothing"):
        flow.perform(Table(), 0, Dig.of(1))
    with pytest.raises(IllegalAction, match="no step 'elsewhere'"):
        Flow("None", task=lambda t: ("elsewhere", 0), steps=[]).to_move(Table())


def test_tables_that_cannot_work_are_refused() -> None:
    with pytest.raises(ValueError, match="declared twice"):
        Flow("Twice", task=lambda t: None, steps=[automatic("a", haul), automatic("a", tally)])
    with pytest.raises(ValueError, match="no agenda"):
        Flow("No agenda", task=lambda t: None, steps=[decide("a", lambda t, task: [], rest, skip=lambda t, task: True)])
    with pytest.raises(ValueError, match="no moves"):
        decide("a", lambda t, task: [], {})
    for reads in ({}, {"task": lambda t: None, "agenda": "tasks"}):
        with pytest.raises(ValueError, match="either task= or agenda="):
            Flow("Task", steps=[automatic("a", haul)], **reads)


def test_a_flow_that_never_settles_fails_instead_of_hanging() -> None:
    flow = Flow("Loop", task=lambda t: ("spin", -1), steps=[automatic("spin", lambda t, task: None)])
    with pytest.raises(RuntimeError, match="without a decision"):
        flow.proceed(Table())
