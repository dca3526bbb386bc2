"""The front of `headframe serve --workers N`: one listening socket, N web processes
behind it, and every connection that names a game handed to the process that keeps
that game (`owner`), so each move is worked out in one process.

The front accepts a connection, peeks at its request line without reading it, and
passes the socket itself to the chosen process over a Unix socket (SCM_RIGHTS); the
process serves it as if it had accepted it (`handed.py`). Nothing is copied through
the front after that, so it costs a few system calls per connection and nothing per
message. A connection that names no game (the lobby, a page's assets, `POST
/api/games`) goes to the processes in turn. Where the game's process is down, the next
one serves it: any process can serve any game (its room catches up from the
database), so where a connection lands is a matter of speed, never of correctness.
The front restarts a process that dies, in the same place, so its games come back to it."""

from __future__ import annotations

import asyncio
import logging
import re
import signal
import socket
import subprocess
import time
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import count

log = logging.getLogger(__name__)

GAME_IN_REQUEST = re.compile(rb"[A-Z]{3,7} /(?:ws/|api/)?games/([A-Za-z0-9_-]{1,64})(?=[/? #])")
PEEKED = 1024  # a request line past this names no game we route by; it is handed on all the same
FIRST_BYTES_WITHIN = 5.0  # seconds a new connection has to send its request line before it is handed on unread
WAITING_AT_MOST = 1024  # connections the front waits on at once; past that it hands them on unread
BACKLOG = 2048  # connections the kernel keeps for the front while it takes none (its processes are behind)
ROOM_AGAIN = 0.01  # seconds between looks for room in the processes' channels while every one is full
WATCH_EVERY = 0.5  # seconds between looks at whether each process still runs
QUICK_END = 10.0  # a process that ends within this many seconds of its start ended "quickly"
QUICKEST_RESTARTS_AT_MOST = 30.0


def game_named(first_bytes: bytes) -> bytes | None:
    """The game id in a request's first line (`/ws/games/{id}`, `/games/{id}`, `/api/games/{id}/...`)."""
    found = GAME_IN_REQUEST.match(first_bytes)
    return found.group(1) if found else None


def owner(game_id: bytes, processes: int) -> int:
    """The place of the process that keeps a game: the same in every front, and after a restart."""
    return zlib.crc32(game_id) % processes


@dataclass(eq=False)
class WebProcess:
    """One web process and the Unix socket its connections are passed over."""
    place: int
    command: Sequence[str]
    process: subprocess.Popen | None = None
    channel: socket.socket | None = None
    started_at: float = 0.0
    quick_ends: int = 0  # ends in a row soon after starting: each waits longer before the next start

    def start(self) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        with theirs:
            self.process = subprocess.Popen([*self.command, str(theirs.fileno())], pass_fds=[theirs.fileno()])
        ours.setblocking(False)
        self.channel = ours
        self.started_at = time.monotonic()

    def restart_after(self) -> float:
        """Seconds to wait before starting it again: none unless it keeps ending as it starts
        (the database unreachable, say), then longer each time, to a half minute."""
        self.quick_ends = self.quick_ends + 1 if time.monotonic() - self.started_at < QUICK_END else 0
        return 0.0 if not self.quick_ends else min(QUICKEST_RESTARTS_AT_MOST, 2.0 ** self.quick_ends)

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def hand(self, connection: socket.socket) -> bool:
        """Pass a connection to the process; False when it cannot take it now."""
        if self.channel is None or not self.running():
            return False
        try:
            socket.send_fds(self.channel, [b"c"], [connection.fileno()])
        except OSError:  # its end is closed (it died) or full (it does not read): another process serves
            return False
        return True

    def stop(self) -> None:
        if self.channel is not None:
            self.channel.close()
            self.channel = None
        if self.running():
            assert self.process is not None
            self.process.terminate()


@dataclass
class Front:
    """Accepts on `listener` and hands each connection to one of `processes`."""
    listener: socket.socket
    processes: list[WebProcess]
    waiting: int = 0
    turns: count = field(default_factory=count)
    routing: set[asyncio.Task] = field(default_factory=set)
    restarting: dict[WebProcess, asyncio.Task] = field(default_factory=dict)
    in_turn: asyncio.Lock = field(default_factory=asyncio.Lock)  # hand-overs, one at a time while the channels are full

    async def run(self, stop: asyncio.Event) -> None:
        loop = asyncio.get_running_loop()
        self.listener.setblocking(False)
        for process in self.processes:
            process.start()
        watching = loop.create_task(self._watch())
        accepting = loop.create_task(self._accept())
        try:
            await stop.wait()
        finally:
            accepting.cancel()
            watching.cancel()
            self.listener.close()

    async def _accept(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                connection, _ = await loop.sock_accept(self.listener)
            except OSError as exc:  # out of descriptors, say: the connection waits in the backlog
                log.warning("accepting a connection failed (%s): trying again", exc)
                await asyncio.sleep(0.1)
                continue
            if self.waiting >= WAITING_AT_MOST:
                await self._hand(connection, None)  # while the processes are behind, accepting waits too
            else:
                routing = loop.create_task(self._route(connection))
                self.routing.add(routing)
                routing.add_done_callback(self.routing.discard)

    async def _route(self, connection: socket.socket) -> None:
        self.waiting += 1
        try:
            await self._hand(connection, game_named(await _first_bytes(connection)))
        finally:
            self.waiting -= 1

    async def _hand(self, connection: socket.socket, game: bytes | None) -> None:
        """Pass a connection to the process that keeps its game (one in turn for none), or to
        the next that can take it. While every channel is full (the processes are behind with
        taking their connections: a flood of them came), it waits for room, in its turn."""
        with connection:  # the process has its own copy once handed; ours is closed either way
            start = owner(game, len(self.processes)) if game else next(self.turns) % len(self.processes)
            order = self.processes[start:] + self.processes[:start]
            async with self.in_turn:
                while not any(process.hand(connection) for process in order):
                    if not any(process.running() for process in order):
                        log.warning("no web process could take a connection: it is closed")
                        return
                    await asyncio.sleep(ROOM_AGAIN)

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(WATCH_EVERY)
            for process in self.processes:
                if not process.running() and process not in self.restarting:
                    self.restarting[process] = asyncio.get_running_loop().create_task(self._restart(process))

    async def _restart(self, process: WebProcess) -> None:
        assert process.process is not None
        wait = process.restart_after()
        log.error("web process %d ended (exit code %s): starting it again%s", process.place + 1,
                  process.process.returncode, f" in {wait:g} s" if wait else "")
        process.stop()
        try:
            await asyncio.sleep(wait)
            process.start()
        except OSError:
            log.exception("starting web process %d failed", process.place + 1)
        finally:
            del self.restarting[process]


async def _first_bytes(connection: socket.socket) -> bytes:
    """What the client sends within FIRST_BYTES_WITHIN seconds (nothing if it sends nothing,
    or fails), left unread for the process that serves it."""
    try:
        await asyncio.wait_for(_readable(connection), FIRST_BYTES_WITHIN)
        return connection.recv(PEEKED, socket.MSG_PEEK)
    except (TimeoutError, OSError):
        return b""


async def _readable(connection: socket.socket) -> None:
    loop = asyncio.get_running_loop()
    readable = loop.create_future()

    def ready() -> None:
        if not readable.done():
            readable.set_result(None)

    loop.add_reader(connection.fileno(), ready)
    try:
        await readable
    finally:
        loop.remove_reader(connection.fileno())


def serve(host: str, port: int, processes: int, command: Sequence[str]) -> None:
    """Listen on host:port and run `processes` copies of `command` (each given its
    channel's descriptor as its last argument) behind it until SIGINT or SIGTERM."""
    listener = socket.create_server((host, port), backlog=BACKLOG)
    front = Front(listener, [WebProcess(place, command) for place in range(processes)])

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        await front.run(stop)

    try:
        asyncio.run(main())
    finally:
        for process in front.processes:
            process.stop()
        for process in front.processes:
            if process.process is not None:
                try:
                    process.process.wait(30)
                except subprocess.TimeoutExpired:
                    process.process.kill()
