"""A game's turn structure, declared in one place: its steps, who decides at
each, what they may do, and what doing it does.

The state waits in one *task* at a time: a plain sequence ``(step, seat,
*details)`` that the game keeps in its own slots (a step name and an actor, or
the head of an agenda of tasks), and hands to the flow through ``task(state)``
(or, for an agenda, names the slot that holds it: ``agenda="tasks"``).
Each game declares its steps in one table, in rulebook order:

    FLOW = Flow("Tinners' Trail", task=lambda state: (state.step, state.actor), start=("actions",), steps=[
        decide("actions", player_actions.choices, {BuildMine: auction.open, Pass: passing.pass_},
               leads_to=("actions", "auction", "end_of_turn")),
        decide("auction", auction.bids, {Bid: auction.bid, DropOut: auction.drop_out}, kind="bid",
               leads_to=("auction", "actions")),
        automatic("end_of_turn", end_of_turn.run, leads_to=("actions", OVER)),
    ])

A decision step lists the legal actions (`actions(state, task)`) and says what
each type of action does (`move(state, task, action)`); an automatic step runs
(`run(state, task)`) as soon as the state reaches it. A move or an automatic
step says what comes next by changing the state (a new step, a task pushed
onto the agenda); the flow then runs automatic steps, and drops skipped ones,
until a decision is owed or the game is over. Compound
actions unroll into sub-steps the same way. Each step declares the steps it
may lead to (`leads_to`; `OVER` when the game may end there), and the flow
starts in one of `start`: the table is checked as it is built (every target a
step, every step reachable, no loop of automatic steps that needs no decision
to end), and it is the game's turn graph (`headframe flow GAME`). A *simultaneous* step names its
seats (``who``): each of them owes the step's decision at once; a sealed one
keeps each seat's choice from the others until all have chosen with
`turns.commit` and `turns.reveal`.

Nothing is reached through a built name: every handler is named in the table,
so "find usages" leads from a rule's function to its step and back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from operator import attrgetter
from typing import Any

from .actions import Action
from .errors import IllegalAction
from .state import Decision

Task = Sequence[Any]
"""``(step, seat, *details)``: the step's name, the seat that owes it (-1 for an
automatic or a simultaneous step), and whatever the step needs to know."""

Prompt = str | Callable[[Any, Task], str]

OVER = "over"
"""Where a step leads when the game may end there: no step has this name."""

# More automatic steps than any game runs between two decisions: a bound that
# turns a flow that never settles into an error instead of a hang.
MOST_AUTOMATIC_STEPS = 100_000
_BOUND = range(MOST_AUTOMATIC_STEPS)  # made once: making it costs more than most steps between decisions


@dataclass(frozen=True)
class Step:
    """One step of the flow: a decision (`actions` lists what the seat may do,
    `moves` what each type of action does), or automatic (`run`). Build them
    with `decide` and `automatic`."""

    name: str
    leads_to: tuple[str, ...]
    in_option_order: tuple[str, ...] = ()
    kind: str | Callable[[Any, Task], str] = ""
    prompt: Prompt = ""
    actions: Callable[[Any, Task], Iterable[Action]] | None = None
    moves: Mapping[type | None, Callable[[Any, Task, Any], None]] = field(default_factory=dict)
    who: Callable[[Any], tuple[int, ...]] | None = None
    skip: Callable[[Any, Task], bool] | None = None
    run: Callable[[Any, Task], None] | None = None

    @property
    def automatic(self) -> bool:
        return self.run is not None

    @property
    def targets(self) -> tuple[str, ...]:
        return (*self.leads_to, *self.in_option_order)


def decide(
    name: str,
    actions: Callable[[Any, Task], Iterable[Action]],
    moves: Mapping[type | None, Callable[[Any, Task, Any], None]] | Callable[[Any, Task, Any], None],
    *,
    leads_to: Iterable[str],
    in_option_order: Iterable[str] = (),
    kind: str | Callable[[Any, Task], str] | None = None,
    prompt: Prompt = "",
    who: Callable[[Any], tuple[int, ...]] | None = None,
    skip: Callable[[Any, Task], bool] | None = None,
) -> Step:
    """A decision step. `actions(state, task)`: the legal actions; `moves`: per
    action type, what performing one does (`move(state, task, action)`), or one
    function for every action of the step; `leads_to`: the steps that may come next
    (`OVER`: the game may end), and `in_option_order` those the game's options put
    in one order for a whole game, so that no loop runs through them (Coal Country's
    desk, COAL-R28). `kind` names the decision (default:
    the step's name); `prompt` is what a person reads. `who(state)`, for a
    simultaneous step: the seats that owe it now (sealed commitments are kept
    with `turns.commit` until `turns.reveal`). `skip(state, task)`: the decision is dropped
    because nobody has to make it."""
    if not isinstance(moves, Mapping):
        moves = {None: moves}
    if not moves:
        raise ValueError(f"step {name!r} has no moves")
    return Step(name, tuple(leads_to), tuple(in_option_order), kind or name, prompt, actions, dict(moves), who, skip)


def automatic(name: str, run: Callable[[Any, Task], None], *, leads_to: Iterable[str],
              in_option_order: Iterable[str] = ()) -> Step:
    """A step nobody decides: `run(state, task)` as soon as the state reaches it;
    `leads_to` and `in_option_order` as for `decide`."""
    return Step(name, tuple(leads_to), tuple(in_option_order), run=run)


class Flow:
    """The steps of one game, and the engine hooks (`to_move`, `decide`,
    `perform`, `proceed`) that a game's State delegates to."""

    def __init__(
        self,
        title: str,
        steps: Iterable[Step],
        task: Callable[[Any], Task | None] | None = None,
        agenda: str | None = None,
        *,
        start: Iterable[str],
    ) -> None:
        """`task(state)`: the task the state waits in, None once the game is over. A game that
        keeps an agenda of tasks (a list, head first) names its slot instead (`agenda`): the
        task is the agenda's head (none once the game is over), taken off before the task's
        move or automatic step runs (and dropped when skipped). The flow reads the agenda
        itself: a hook would be several calls per decision. `start`: the steps a new game's
        setup may leave it in."""
        if agenda is not None and task is None:
            task = partial(_head, agenda)
        elif task is None or agenda is not None:
            raise ValueError(f"{title}: a flow reads its task through either task= or agenda=")
        self.title = title
        self.agenda = agenda
        self.task = task
        self.steps: dict[str, Step] = {}
        for step in steps:
            if step.name in self.steps or step.name == OVER:
                raise ValueError(f"{title}: step {step.name!r} is declared twice, or named as the game's end")
            if step.skip is not None and agenda is None:
                raise ValueError(f"{title}: step {step.name!r} is skipped, but the flow keeps no agenda to drop it from")
            self.steps[step.name] = step
        self.start = tuple(start)
        check(title, self.steps, self.start)
        # A flow whose every step is a decision never has anything to run between two.
        self.settles = any(step.run is not None or step.skip is not None for step in self.steps.values())
        self.to_move = self._seats_owing()

    # --- the engine hooks (hot: every decision of every game goes through them) ---

    def _seats_owing(self) -> Callable[[Any], tuple[int, ...]]:
        """`to_move(state)`: the seats that owe the decision the state waits in (none once
        the game is over), made once for this flow. The engine asks it several times a
        decision, so it reads the task's seat (an agenda's head straight from its slot), and
        looks a step up only for a task owed by seat -1: a simultaneous step, whose `who`
        names its seats."""
        seats_of = {name: step.who for name, step in self.steps.items() if step.who is not None}
        unknown = self._unknown

        def simultaneous(state: Any, task: Task) -> tuple[int, ...]:
            who = seats_of.get(task[0])
            if who is None:
                raise unknown(task)
            return who(state)

        if self.agenda is not None:
            agenda_of = attrgetter(self.agenda)

            def to_move(state: Any) -> tuple[int, ...]:
                agenda = agenda_of(state)
                if not agenda:
                    return ()
                task = agenda[0]
                seat = task[1]
                return (seat,) if seat >= 0 else simultaneous(state, task)
            return to_move
        task_of = self.task

        def to_move_by_task(state: Any) -> tuple[int, ...]:
            task = task_of(state)
            if task is None:
                return ()
            seat = task[1]
            return (seat,) if seat >= 0 else simultaneous(state, task)
        return to_move_by_task

    def _unknown(self, task: Task) -> IllegalAction:
        return IllegalAction(f"{self.title} has no step {task[0]!r}")

    # decide and perform look the step up themselves: a shared helper costs a call per action.

    def decide(self, state: Any, seat: int) -> Decision:
        task = self.task(state)
        if task is None:
            raise IllegalAction("the game is over")
        step = self.steps.get(task[0])
        if step is None:
            raise self._unknown(task)
        if step.who is not None:  # a simultaneous step: the task as this seat owes it
            task = (task[0], seat, *task[2:])
        if step.actions is None:
            raise IllegalAction(f"{self.title}: step {step.name!r} owes no decision")
        kind, prompt = step.kind, step.prompt
        return Decision(
            seat,
            kind if isinstance(kind, str) else kind(state, task),
            prompt if isinstance(prompt, str) else prompt(state, task),
            tuple(step.actions(state, task)),
        )

    def perform(self, state: Any, seat: int, action: Action) -> None:
        """Do what the action does at the current step, then go on to the next
        decision. The action is known to be legal (`State.apply` checked it)."""
        if self.agenda is None:
            task = self.task(state)
        else:
            agenda = getattr(state, self.agenda)
            task = agenda[0] if agenda else None
        if task is None:
            raise IllegalAction("the game is over")
        step = self.steps.get(task[0])
        if step is None:
            raise self._unknown(task)
        if step.who is not None:
            task = (task[0], seat, *task[2:])
        move = step.moves.get(action.__class__) or step.moves.get(None)
        if move is None:
            raise IllegalAction(f"{self.title}: {action.id} does nothing at step {step.name!r}")
        if self.agenda is not None:
            del agenda[0]
        move(state, task, action)
        if self.settles:
            self.proceed(state)

    def proceed(self, state: Any) -> None:
        """Run automatic steps, and drop skipped decisions, until a decision is
        owed or the game is over."""
        steps, name, task_of = self.steps, self.agenda, self.task
        for _ in _BOUND:
            if name is None:
                task = task_of(state)
            else:
                agenda = getattr(state, name)
                task = agenda[0] if agenda else None
            if task is None:
                return
            step = steps.get(task[0])
            if step is None:
                raise self._unknown(task)
            run = step.run
            if run is None and (step.skip is None or not step.skip(state, task)):
                return
            if name is not None:
                del agenda[0]
            if run is not None:
                run(state, task)
        raise RuntimeError(f"{self.title}: the flow ran {MOST_AUTOMATIC_STEPS} automatic steps without a decision")


def check(title: str, steps: Mapping[str, Step], start: Sequence[str]) -> None:
    """Refuse a turn graph that cannot work: a step that leads nowhere or to no step,
    a step no path from the start reaches, a game that cannot end, or a loop of
    automatic steps that no decision breaks. A step that leads to itself takes the next
    of its tasks queued (one per seat, say): it repeats only as long as they last."""
    named = set(steps) | {OVER}
    for step in steps.values():
        if not step.leads_to:
            raise ValueError(f"{title}: step {step.name!r} leads nowhere")
        for target in (*step.targets, *start):
            if target not in named:
                raise ValueError(f"{title}: {target!r} is not a step")
    reached = reachable(steps, start)
    unreached = [name for name in steps if name not in reached]
    if unreached:
        raise ValueError(f"{title}: no step leads to {', '.join(map(repr, unreached))}")
    if OVER not in reached:
        raise ValueError(f"{title}: no step ends the game")
    loop = automatic_loop(steps)
    if loop:
        raise ValueError(f"{title}: the automatic steps {' → '.join(loop)} may go round without a decision")


def reachable(steps: Mapping[str, Step], start: Iterable[str]) -> set[str]:
    reached: set[str] = set()
    waiting = list(start)
    while waiting:
        name = waiting.pop()
        if name not in reached:
            reached.add(name)
            waiting.extend(steps[name].targets if name in steps else ())
    return reached


def automatic_loop(steps: Mapping[str, Step]) -> list[str]:
    """A path of two or more automatic steps back to its first, if any (depth-first, in
    table order), along `leads_to` (not `in_option_order`)."""
    done: set[str] = set()

    def search(path: list[str]) -> list[str]:
        for target in steps[path[-1]].leads_to:
            if target == path[-1]:
                continue
            if target in path:
                return [*path[path.index(target):], target]
            if target in steps and steps[target].automatic and target not in done:
                loop = search([*path, target])
                if loop:
                    return loop
        done.add(path[-1])
        return []

    for name, step in steps.items():
        if step.automatic and name not in done:
            loop = search([name])
            if loop:
                return loop
    return []


def _head(name: str, state: Any) -> Task | None:
    """The task of a state that keeps an agenda in its slot `name`."""
    agenda = getattr(state, name)
    return agenda[0] if agenda else None


def push(agenda: list, *tasks: list) -> None:
    """Put tasks at the head of an agenda, in order: a compound action's sub-steps
    come before whatever was waiting."""
    agenda[0:0] = tasks
