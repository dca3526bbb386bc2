"""Bots that search on a Ray cluster: `headframe bots --db URL --ray ADDRESS`.

The bot worker takes turns from the database's queue as ever (bot_worker.py);
only where its searches run changes: each is a Ray task, so the searching
scales with the cluster, apart from the worker and the web processes. The
quick lane (random, heuristic, and the stand-ins) stays in a process of the
worker's own, so a failed search is replaced even when the cluster is busy.

A slot of the search lane is one task on the cluster at a time, as a worker
process is one task at a time here; the pool's lanes keep their fairness
between games. What crosses to the cluster is what crosses a worker's pipe:
the task's JSON (the seat's determinized world, never the real hidden state)
and the answer's. A task past its deadline is cancelled with its Ray worker
process killed (`ray.cancel(force=True)`), as a worker process is killed here.

The cluster is trusted as the database is: Ray moves its tasks' arguments
with pickle, between processes of the operator's own, never from a client.
Every node runs the same headframe (and games) as the worker, and finds a
`--models` directory at the same path."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

from headframe.agents import network_limits
from headframe.cluster import connect

from .bots import STARTUP_S, BotFailure, BotPoolClosed, BotTask, answer, load_every_game, register_by_hand, registered_by_hand


def warm_up(games: list[str]) -> None:
    """In a Ray worker process before a slot's first task: the games' data loaded, as a worker
    process here loads them before it says it is ready (bots.load_every_game)."""
    register_by_hand(games)
    load_every_game()


def answer_on_cluster(task_json: bytes, max_think: float, models: str | None, games: list[str]) -> bytes:
    """A search lane's task, in a Ray worker process: its answer's JSON, as a worker process sends it."""
    register_by_hand(games)
    return answer(task_json, network_limits(max_think, Path(models) if models else None))


class RaySearchers:
    """Makes the search lane's slots on the cluster at `address` (`local`: a cluster of this machine's own)."""

    def __init__(self, address: str, max_think: float, models: Path | None) -> None:
        self.ray = connect(address)
        self._remote = self.ray.remote(num_cpus=1, max_retries=0)(answer_on_cluster)
        self._warm_up = self.ray.remote(num_cpus=1, max_retries=0)(warm_up)
        self._arguments = (max_think, str(models) if models else None, registered_by_hand())

    def cpus(self) -> int:
        """The cluster's CPUs: how many searches it runs at once."""
        return max(1, int(self.ray.cluster_resources().get("CPU", 1)))

    def __call__(self) -> RaySlot:
        """Blocking (the pool makes slots in a thread): a slot, once the cluster has loaded the games
        in the Ray worker process that takes it up (a fresh one, after a slot's task was killed)."""
        try:
            self.ray.get(self._warm_up.remote(self._arguments[2]), timeout=STARTUP_S)
        except self.ray.exceptions.RayError as error:
            raise OSError(f"the cluster did not load the games within {STARTUP_S:g} s: {type(error).__name__}") \
                from None
        return RaySlot(self)

    def submit(self, task: BotTask) -> Any:
        return self._remote.remote(json.dumps(asdict(task)).encode(), *self._arguments)


class RaySlot:
    """One search at a time on the cluster (bots.Worker)."""

    def __init__(self, searchers: RaySearchers) -> None:
        self.searchers = searchers
        self.ready = True
        self._asked: Any = None  # the task on the cluster
        self._reply: asyncio.Future | None = None

    def alive(self) -> bool:
        return True  # the cluster replaces its dead worker processes

    async def ask(self, task: BotTask, deadline: float) -> dict:
        loop = asyncio.get_running_loop()
        self.ready = False
        self._asked = self.searchers.submit(task)
        self._reply = reply = loop.create_future()
        self._asked.future().add_done_callback(lambda done: loop.call_soon_threadsafe(_settle, reply, done))
        try:
            async with asyncio.timeout(deadline):
                data = await reply
        except TimeoutError:
            raise BotFailure(f"no answer within its {deadline:g} s deadline") from None
        except self.searchers.ray.exceptions.RayError as error:
            raise BotFailure(f"its Ray task failed: {type(error).__name__}") from None
        self._asked = None
        self.ready = True
        reply_json = json.loads(data)
        if "error" in reply_json:
            raise BotFailure(reply_json["error"])
        return reply_json

    def abandon(self) -> None:
        if self._reply is not None and not self._reply.done():
            self._reply.set_exception(BotPoolClosed("the bot pool was closed"))

    async def stop(self) -> None:
        if self._asked is not None:  # past its deadline, or abandoned: its Ray worker process is killed
            self.searchers.ray.cancel(self._asked, force=True)
            self._asked = None


def _settle(reply: asyncio.Future, done: concurrent.futures.Future) -> None:
    if reply.done():
        return
    if done.cancelled():
        reply.set_exception(BotFailure("its Ray task was cancelled"))
    elif (error := done.exception()) is not None:
        reply.set_exception(error)
    else:
        reply.set_result(done.result())
