"""The declarative turn flow (engine/flow.py): steps in a table, an agenda of
tasks with automatic and skipped steps, sub-steps pushed ahead, moves chosen
by action type, simultaneous steps, and tables that cannot work refused."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from headframe.engine import Action, IllegalAction
from headframe.engine.flow import OVER, Flow, automatic, decide, push


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
    start=("shift", "tally", "vote"),
    steps=[
        decide("shift", lambda table, task: [Dig.of(1), Dig.of(2), Rest.of()], {Dig: dig, Rest: rest},
               prompt=lambda table, task: f"Seat {task[1] + 1}: dig or rest", skip=lambda table, task: task[2],
               leads_to=("shift", "haul", "vote", OVER)),
        automatic("haul", haul, leads_to=("tally",)),
        automatic("tally", tally, leads_to=("shift", "vote", OVER)),
        decide("vote", lambda table, task: [Rest.of()], rest, kind="ballot", who=lambda table: (0, 1),
               leads_to=(OVER,)),
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
    flow = Flow("Votes", task=lambda t: t.tasks[0] if t.tasks else None, start=("vote",), steps=[
        decide("vote", lambda t, task: [Rest.of()], lambda t, task, action: seen.append(task[1]),
               who=lambda t: (0, 1), leads_to=(OVER,))])
    flow.perform(table, 1, Rest.of())
    assert seen == [1]


def test_an_action_the_step_has_no_move_for_is_refused() -> None:
    only = decide("only", lambda t, task: [], {Rest: rest}, leads_to=(OVER,))
    flow = Flow("One", task=lambda t: ("only", 0), start=("only",), steps=[only])
    with pytest.raises(IllegalAction, match="does nothing"):
        flow.perform(Table(), 0, Dig.of(1))
    with pytest.raises(IllegalAction, match="no step 'elsewhere'"):
        Flow("Elsewhere", task=lambda t: ("elsewhere", 0), start=("only",), steps=[only]).decide(Table(), 0)


def test_tables_that_cannot_work_are_refused() -> None:
    ends = {"leads_to": (OVER,)}
    with pytest.raises(ValueError, match="declared twice"):
        Flow("Twice", task=lambda t: None, start=("a",), steps=[automatic("a", haul, **ends), automatic("a", tally, **ends)])
    with pytest.raises(ValueError, match="named as the game's end"):
        Flow("Over", task=lambda t: None, start=(OVER,), steps=[automatic(OVER, haul, **ends)])
    with pytest.raises(ValueError, match="no agenda"):
        Flow("No agenda", task=lambda t: None, start=("a",),
             steps=[decide("a", lambda t, task: [], rest, skip=lambda t, task: True, **ends)])
    with pytest.raises(ValueError, match="no moves"):
        decide("a", lambda t, task: [], {}, **ends)
    for reads in ({}, {"task": lambda t: None, "agenda": "tasks"}):
        with pytest.raises(ValueError, match="either task= or agenda="):
            Flow("Task", start=("a",), steps=[automatic("a", haul, **ends)], **reads)


def choose(name: str, *leads_to: str, **more):
    return decide(name, lambda t, task: [Rest.of()], rest, leads_to=leads_to, **more)


def run(name: str, *leads_to: str, **more):
    return automatic(name, haul, leads_to=leads_to, **more)


@pytest.mark.parametrize(("steps", "start", "refused"), [
    ([choose("dig", "haul")], ("dig",), "'haul' is not a step"),
    ([choose("dig", OVER)], ("rest",), "'rest' is not a step"),
    ([choose("dig")], ("dig",), "'dig' leads nowhere"),
    ([choose("dig", OVER), choose("rest", "dig")], ("dig",), "no step leads to 'rest'"),
    ([choose("dig", "haul"), run("haul", "dig")], ("dig",), "no step ends the game"),
    ([choose("dig", "haul"), run("haul", "tally"), run("tally", "haul", OVER)], ("dig",),
     "the automatic steps haul → tally → haul may go round without a decision"),
])
def test_a_turn_graph_that_cannot_work_is_refused_as_the_game_loads(steps, start, refused) -> None:
    with pytest.raises(ValueError, match=refused):
        Flow("Graph", task=lambda t: None, start=start, steps=steps)


def test_a_step_may_repeat_for_each_of_its_tasks_and_an_order_fixed_by_the_options_makes_no_loop() -> None:
    flow = Flow("Desk", task=lambda t: None, start=("dig",), steps=[
        choose("dig", "haul"),
        run("haul", "haul", "permit", "market"),  # one haul per task queued, then the desk
        run("permit", "tally", in_option_order=("market",)),
        run("market", "tally", in_option_order=("permit",)),
        run("tally", OVER),
    ])
    assert flow.steps["permit"].targets == ("tally", "market")
    with pytest.raises(ValueError, match="permit → market → permit"):
        Flow("Desk", task=lambda t: None, start=("permit",),
             steps=[run("permit", "market", OVER), run("market", "permit")])


def test_a_flow_that_never_settles_fails_instead_of_hanging() -> None:
    # A step that leads to itself passes the table's check (it takes its next queued task); one that
    # never settles is stopped when it runs.
    flow = Flow("Loop", task=lambda t: ("spin", -1), start=("spin",),
                steps=[automatic("spin", lambda t, task: None, leads_to=("spin", OVER))])
    with pytest.raises(RuntimeError, match="without a decision"):
        flow.proceed(Table())
