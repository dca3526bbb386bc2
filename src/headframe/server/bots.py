"""Bots think in worker processes, so no bot can stall the web process or another game.

Why processes: a search holds the GIL for as long as it thinks, and a thread
cannot be stopped; a process can be killed. Workers come from a forkserver
that has already imported the engine, the agents and the games, so starting
one (lazily, at the first decision) is cheap. Only JSON crosses the pipe:
the task (with the seat's determinized world, never the real hidden state)
and the answer.

Lanes: `random` and `heuristic` are cheap and bounded and get a quick lane of
their own (one process), so they never wait behind a search; every other
agent thinks in the search lane (`workers` processes), and so do hints
("What would the bot do?", agents/hints.py): a second's search each, which in
the web process would hold the GIL and stall every game's updates.

Fairness: in each lane, waiting tasks are queued per game and served
round-robin across games, and a game has at most one task thinking at a time,
so one game's many slow bots cannot take every worker.

Deadlines: the pool gives a search `max_think + grace` seconds and a quick
task `grace + QUICK_SLACK`. A worker past its deadline is killed and replaced
by a fresh process; a bot that raises, or whose worker dies, fails as well.
A failed decision is made by a stand-in: the game's heuristic (or `random`)
in the quick lane, and if that fails too, a uniform random legal action
chosen here. A cancelled decision kills its worker, which frees the slot.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from functools import partial
from importlib.metadata import entry_points
from pathlib import Path
from typing import Protocol

from headframe.agents import InformationSet, SpecLimits, make_agent, network_limits
from headframe.agents.hints import hint
from headframe.engine import HeadframeError, Rng, game_names, load_game, register
from headframe.engine.registry import GROUP

from . import collector

log = logging.getLogger("headframe.server")

QUICK_SPECS = ("random", "heuristic")
QUICK_SLACK = 2.0  # seconds a quick task gets beyond `grace`: a heuristic move is far quicker
STARTUP_S = 60.0  # a new worker's most time to load every game's data and say it is ready
READY = b"ready"
WARMING = ""  # the fairness key of starting a lane's worker ahead of its first task: no game's id (hub.GAME_ID)


@dataclass(frozen=True)
class BotTask:
    game_id: str  # the fairness key
    game: str  # the game's registry name
    spec: str  # an agent spec the server has checked
    seat: int
    seed: int  # the agent's seed for this decision
    world: str  # the seat's determinized world: `state.determinize(seat, rng, keep_log=False).to_json()`
    hint_seconds: float | None = None  # set: not a move but a hint, the search's top choices after this long


@dataclass(frozen=True)
class BotAnswer:
    action: dict  # the action's JSON
    seconds: float  # the decision's wall time, waiting for a worker included
    replaced: bool  # the bot failed or missed its deadline, and a stand-in chose
    reason: str | None  # why it was replaced


class BotFailure(Exception):
    """A bot missed its deadline, raised, or its worker died."""


class BotPoolClosed(RuntimeError):
    """The pool was closed before the decision was made."""


def worker_main(conn, max_think: float, models: Path | None, games: list[str]) -> None:
    """A worker process: answers each task it reads with an action or an error, until its pipe closes.
    `games` are the web process's games registered by hand ("module:Class"), which the worker registers too."""
    start_worker(games)
    limits = network_limits(max_think, models)
    try:
        load_every_game()
        conn.send_bytes(READY)
        while True:
            conn.send_bytes(answer(conn.recv_bytes(), limits))
    except (EOFError, OSError):
        return  # the web process is gone, or closed the pipe


def start_worker(games: list[str]) -> None:
    """What every worker process (a bot's, a board's: pictures.py) does first: it leaves
    Ctrl-C to the web process, which decides when its workers stop; it ends as soon as
    the web process does, even killed (a worker waiting for work would wait forever, and
    keep the forkserver alive with it); and it registers the games the web process
    registered by hand."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_with, args=(parent,), name="exit-with-web-process", daemon=True).start()
    register_by_hand(games)
    collector.settle()


def _exit_with(parent: multiprocessing.process.BaseProcess) -> None:
    parent.join()  # returns when the parent's end of this process's sentinel pipe closes: it is gone
    os._exit(0)


def register_by_hand(games: list[str]) -> None:
    """Register in a worker the games the web process registered by hand (`registered_by_hand`)."""
    for path in games:
        module, _, name = path.partition(":")
        register(getattr(importlib.import_module(module), name))


def load_every_game() -> None:
    """Before the first task: a game's data takes up to half a second to load (more on a
    loaded machine), which must not count against a task's deadline: a worker killed for
    it would be replaced by one as slow, and the bot would never move."""
    for name in game_names():
        try:
            game = load_game(name)
            game.new_state(min(game.players), seed=0)
        except HeadframeError:
            continue  # a broken plugin fails its own tasks, not the worker


def answer(task_json: bytes, limits: SpecLimits) -> bytes:
    """A task's answer, as a worker sends it: {"action": ...}, {"hint": ...} or {"error": ...}."""
    try:
        reply = _answer(BotTask(**json.loads(task_json)), limits)
    except Exception as exc:
        reply = {"error": f"{type(exc).__name__}: {exc}"}
    return json.dumps(reply).encode()


def _answer(task: BotTask, limits: SpecLimits) -> dict:
    game = load_game(task.game)
    world = game.load_position(task.world)
    if task.hint_seconds is not None:
        return {"hint": [[action.to_json(), share] for action, share in
                         hint(world, task.seat, task.hint_seconds, task.seed)]}
    info = InformationSet(world, task.seat, Rng(task.seed))
    return {"action": make_agent(task.spec, game, task.seed, limits=limits).choose(info).to_json()}


class Worker(Protocol):
    """Where a lane's tasks are answered, one at a time: a worker process here (WorkerProcess),
    or a slot of a Ray cluster (ray_bots.py)."""

    ready: bool  # False from a task's start until its clean answer

    def alive(self) -> bool: ...

    async def ask(self, task: BotTask, deadline: float) -> dict:
        """The answer ({"action": ...} or {"hint": ...}), or BotFailure."""

    def abandon(self) -> None:
        """The task asked, if any, fails with BotPoolClosed."""

    async def stop(self) -> None: ...


class WorkerProcess:
    """One worker process and the web process's end of its pipe; one task at a time."""

    def __init__(self, context, max_think: float, models: Path | None) -> None:
        self.conn, child = context.Pipe()
        self.process = context.Process(target=worker_main, args=(child, max_think, models, registered_by_hand()),
                                       name="headframe-bot", daemon=True)
        self.process.start()
        child.close()
        try:
            ready = self.conn.poll(STARTUP_S) and self.conn.recv_bytes() == READY
        except EOFError:
            ready = False
        if not ready:
            self._end()
            self.conn.close()
            raise OSError(f"the worker was not ready within {STARTUP_S:g} s")
        self.ready = True
        self._reply: asyncio.Future | None = None

    async def ask(self, task: BotTask, deadline: float) -> dict:
        """The worker's answer: {"action": ...} or {"hint": ...}."""
        loop = asyncio.get_running_loop()
        self.ready = False
        self._reply = reply = loop.create_future()
        loop.add_reader(self.conn.fileno(), self._receive)
        try:
            self.conn.send_bytes(json.dumps(asdict(task)).encode())
            async with asyncio.timeout(deadline):
                answer = await reply
        except TimeoutError:
            raise BotFailure(f"no answer within its {deadline:g} s deadline") from None
        except OSError:
            raise BotFailure("its worker process died") from None
        finally:
            self.stop_reading()
        self.ready = True
        if "error" in answer:
            raise BotFailure(answer["error"])
        return answer

    def _receive(self) -> None:
        if self._reply.done():
            return
        try:
            self._reply.set_result(json.loads(self.conn.recv_bytes()))
        except (EOFError, OSError):
            self._reply.set_exception(BotFailure("its worker process died"))

    def stop_reading(self) -> None:
        if not self.conn.closed:
            asyncio.get_running_loop().remove_reader(self.conn.fileno())

    def alive(self) -> bool:
        return self.process.is_alive()

    def abandon(self) -> None:
        if self._reply is not None and not self._reply.done():
            self._reply.set_exception(BotPoolClosed("the bot pool was closed"))

    async def stop(self) -> None:
        self.stop_reading()  # before the pipe closes: its descriptor's number will be reused
        await asyncio.to_thread(self._end)
        self.conn.close()

    def _end(self) -> None:
        """Blocking: run in a thread."""
        self.process.terminate()
        self.process.join(1)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.process.close()


class _Lane:
    """Worker slots and the tasks waiting for one, served round-robin across
    games, at most one task of a game at a time."""

    def __init__(self, size: int, deadline: float, start: Callable[[], Worker]) -> None:
        self.deadline = deadline
        self.start = start  # blocking: a new worker for a slot
        self.idle: list[Worker | None] = [None] * size  # None: a slot whose process is not started yet
        self.round: list[str] = []  # the games with a task waiting or thinking, in turn order
        self.next = 0  # where in the round the next turn goes
        self.waiting: dict[str, deque[asyncio.Future]] = {}
        self.thinking: set[str] = set()

    async def acquire(self, game_id: str) -> Worker | None:
        if game_id not in self.waiting:
            self.waiting[game_id] = deque()
            self.round.append(game_id)
        turn = asyncio.get_running_loop().create_future()
        self.waiting[game_id].append(turn)
        self._hand_out()
        try:
            return await turn
        except asyncio.CancelledError:
            if turn.cancelled():
                self._withdraw(game_id, turn)
            elif turn.exception() is None:  # handed a slot just as it was cancelled
                self.release(game_id, turn.result())
            raise

    def release(self, game_id: str, worker: Worker | None) -> None:
        self.thinking.discard(game_id)
        self.idle.append(worker)
        self._forget_if_done(game_id)
        self._hand_out()

    def close(self) -> None:
        for turns in self.waiting.values():
            for turn in turns:
                if not turn.done():
                    turn.set_exception(BotPoolClosed("the bot pool was closed"))
            turns.clear()

    def _hand_out(self) -> None:
        while self.idle and (game_id := self._next_game()) is not None:
            turn = self.waiting[game_id].popleft()
            if turn.done():  # cancelled, not yet withdrawn
                self._forget_if_done(game_id)
            else:
                self.thinking.add(game_id)
                turn.set_result(self.idle.pop())

    def _next_game(self) -> str | None:
        for step in range(len(self.round)):
            index = (self.next + step) % len(self.round)
            game_id = self.round[index]
            if self.waiting[game_id] and game_id not in self.thinking:
                self.next = index + 1
                return game_id
        return None

    def _withdraw(self, game_id: str, turn: asyncio.Future) -> None:
        if turn in self.waiting.get(game_id, ()):
            self.waiting[game_id].remove(turn)
            self._forget_if_done(game_id)

    def _forget_if_done(self, game_id: str) -> None:
        if game_id in self.waiting and not self.waiting[game_id] and game_id not in self.thinking:
            del self.waiting[game_id]
            index = self.round.index(game_id)
            del self.round[index]
            if index < self.next:
                self.next -= 1


class BotPool:
    """Decides bots' moves in worker processes; see the module's docstring.
    `searchers` makes the search lane's workers (default: processes here, like the
    quick lane's; ray_bots.py: slots of a Ray cluster). `search_deadline` overrides
    the search lane's `max_think + grace` (for tests: a deadline shorter than the
    workers' own time cap)."""

    def __init__(self, workers: int = 2, max_think: float = 10.0, models: Path | None = None, grace: float = 1.0,
                 *, searchers: Callable[[], Worker] | None = None, search_deadline: float | None = None) -> None:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(preloaded())
        process = partial(WorkerProcess, context, max_think, models)
        self._quick = _Lane(1, grace + QUICK_SLACK, process)
        self._search = _Lane(workers, max_think + grace if search_deadline is None else search_deadline,
                             searchers or process)
        self._workers: set[Worker] = set()
        self._chores: set[asyncio.Future] = set()  # processes starting and stopping
        self._closed = False
        self._limits = network_limits(max_think, models)
        self._warming = False  # the quick lane's worker is starting ahead of its first task

    def start(self) -> None:
        """Start the quick lane's worker now, not at the first bot's decision: a new worker
        loads every game's data first (seconds), which the person facing that bot would wait for."""
        self._warming = True
        self._chore(self._warm(self._quick))

    async def _warm(self, lane: _Lane) -> None:
        worker = await lane.acquire(WARMING)  # a free slot at once: the pool has just been made
        try:
            if worker is None:
                worker = await self._start_worker(lane)
        except BotFailure as failure:  # it is started again at the first decision
            log.warning("the quick bots' worker did not start ahead of its first task: %s", failure)
        except BotPoolClosed:
            pass  # closed first: the server stopped
        finally:
            self._warming = False
            lane.release(WARMING, worker)

    async def decide(self, task: BotTask) -> BotAnswer:
        started = time.monotonic()
        lane = self._quick if task.spec in QUICK_SPECS else self._search
        try:
            if lane is self._quick and self._warming:
                action = await self._think_here(task)
            else:
                action = (await self._think(task, lane))["action"]
            return BotAnswer(action, time.monotonic() - started, False, None)
        except BotFailure as failure:
            reason = str(failure)
        log.warning("the bot of seat %s in game %s (%s) is replaced: %s", task.seat, task.game_id, task.spec, reason)
        action = await self._stand_in(task)
        return BotAnswer(action, time.monotonic() - started, True, reason)

    async def hint(self, task: BotTask) -> list[tuple[dict, float]]:
        """A hint's choices (action JSON, share of the visits), searched in the search
        lane like a bot's move; BotFailure if it fails (no stand-in: a hint can wait)."""
        return [(action, share) for action, share in (await self._think(task, self._search))["hint"]]

    async def close(self) -> None:
        """Fails waiting and thinking tasks with BotPoolClosed and stops every worker."""
        self._closed = True
        self._quick.close()
        self._search.close()
        for worker in list(self._workers):
            worker.abandon()
            self._retire(worker)
        while self._chores:
            await asyncio.gather(*self._chores, return_exceptions=True)

    async def _think(self, task: BotTask, lane: _Lane) -> dict:
        if self._closed:
            raise BotPoolClosed("the bot pool is closed")
        worker = await lane.acquire(task.game_id)
        try:
            if worker is not None and not worker.alive():  # died while idle
                self._retire(worker)
                worker = None
            if worker is None:
                worker = await self._start_worker(lane)
            return await worker.ask(task, lane.deadline)
        finally:
            if worker is not None and not worker.ready:  # past its deadline, dead, or abandoned
                self._retire(worker)
                worker = None
            lane.release(task.game_id, worker)

    async def _think_here(self, task: BotTask) -> dict:
        """A quick bot's decision while its worker is still starting (the seconds after the server
        starts, issue 52: a game against bots offers its first decision within a second): made in a
        thread here, as the worker would make it (the same code and seed, so the same action). A
        random or heuristic decision takes milliseconds, so the GIL is held no longer."""
        try:
            return (await asyncio.to_thread(_answer, task, self._limits))["action"]
        except Exception as exc:  # as a worker's error: the stand-in decides
            raise BotFailure(f"{type(exc).__name__}: {exc}") from exc

    async def _stand_in(self, task: BotTask) -> dict:
        game = load_game(task.game)
        spec = "heuristic" if game.learning.has_heuristic() else "random"
        if task.spec != spec:
            try:
                return (await self._think(replace(task, spec=spec), self._quick))["action"]
            except BotFailure as failure:
                log.warning("the stand-in %s for seat %s in game %s failed too: %s", spec, task.seat, task.game_id,
                            failure)
        return Rng(task.seed).choice(game.load_position(task.world).decision(task.seat).actions).to_json()

    async def _start_worker(self, lane: _Lane) -> Worker:
        spawn = self._chore(self._spawn(lane))
        try:
            return await asyncio.shield(spawn)
        except asyncio.CancelledError:
            spawn.add_done_callback(self._retire_spawned)
            raise

    def _retire_spawned(self, spawn: asyncio.Future) -> None:
        if not spawn.cancelled() and spawn.exception() is None:
            self._retire(spawn.result())

    async def _spawn(self, lane: _Lane) -> Worker:
        # Off the event loop: a start waits for the forkserver's imports and the worker's games.
        try:
            worker = await asyncio.to_thread(lane.start)
        except OSError as exc:
            raise BotFailure(f"its worker process did not start: {exc}") from exc
        self._workers.add(worker)
        if self._closed:
            self._retire(worker)
            raise BotPoolClosed("the bot pool was closed")
        return worker

    def _retire(self, worker: Worker) -> None:
        if worker in self._workers:
            self._workers.discard(worker)
            self._chore(worker.stop())

    def _chore(self, work) -> asyncio.Future:
        chore = asyncio.ensure_future(work)
        self._chores.add(chore)
        chore.add_done_callback(self._chores.discard)
        return chore


def preloaded() -> list[str]:
    """What the forkserver imports once, so that a bot's or a board's worker (pictures.py) starts quickly."""
    games = sorted({point.module for point in entry_points(group=GROUP)})
    return ["headframe.engine", "headframe.agents", __name__, "headframe.server.pictures", *games]


def registered_by_hand() -> list[str]:
    """The games `register` added here, not an entry point (tests' games): workers would not know them."""
    plugins = {point.name for point in entry_points(group=GROUP)}
    classes = [type(load_game(name)) for name in game_names() if name not in plugins]
    return [f"{cls.__module__}:{cls.__qualname__}" for cls in classes]
