"""The front of `--workers` (server/front.py): each connection that names a game goes
to the process that keeps it, the others take turns; nothing a client does holds it
up; a process that dies is replaced. Stand-in processes answer with their id and the
request line they read (`front_stand_in.py`); test_cluster.py runs the real ones."""

import asyncio
import os
import resource
import secrets
import signal
import socket
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from headframe.server import front as front_module
from headframe.server.cli import more_descriptors
from headframe.server.front import BACKLOG, Front, WebProcess, game_named, owner

STAND_IN = [sys.executable, str(Path(__file__).with_name("front_stand_in.py"))]
PROCESSES = 3


def test_a_request_line_names_its_game():
    assert game_named(b"GET /ws/games/Ab3_-x9QzK1p HTTP/1.1\r\nHost: h\r\n") == b"Ab3_-x9QzK1p"
    assert game_named(b"GET /games/Ab3_-x9QzK1p HTTP/1.1\r\n") == b"Ab3_-x9QzK1p"
    assert game_named(b"GET /games/Ab3_-x9QzK1p/replay HTTP/1.1\r\n") == b"Ab3_-x9QzK1p"
    assert game_named(b"POST /api/games/Ab3_-x9QzK1p/actions HTTP/1.1\r\n") == b"Ab3_-x9QzK1p"
    assert game_named(b"GET /api/games/Ab3_-x9QzK1p?x=1 HTTP/1.1\r\n") == b"Ab3_-x9QzK1p"
    for unnamed in (b"POST /api/games HTTP/1.1\r\n", b"GET /api/catalog HTTP/1.1\r\n", b"GET / HTTP/1.1\r\n",
                    b"GET /ws/games/../etc HTTP/1.1\r\n", b"GET /ws/games/a%2Fb HTTP/1.1\r\n",
                    b"\x16\x03\x01\x02\x00", b"", b"GET /ws/games/" + b"a" * 65 + b" HTTP/1.1\r\n",
                    b"GET /ws/games/abc"):  # cut before the id ends: the id may go on
        assert game_named(unnamed) is None, unnamed
    assert all(0 <= owner(secrets.token_urlsafe(9).encode(), PROCESSES) < PROCESSES for _ in range(100))
    assert owner(b"Ab3_-x9QzK1p", PROCESSES) == owner(b"Ab3_-x9QzK1p", PROCESSES)


@pytest.fixture
def front(monkeypatch):
    monkeypatch.setattr(front_module, "FIRST_BYTES_WITHIN", 0.5)
    listener = socket.create_server(("127.0.0.1", 0), backlog=BACKLOG)
    port = listener.getsockname()[1]
    running = Front(listener, [WebProcess(place, STAND_IN) for place in range(PROCESSES)])
    started: dict = {}

    async def serve() -> None:
        started["loop"], started["stop"] = asyncio.get_running_loop(), asyncio.Event()
        await running.run(started["stop"])

    thread = threading.Thread(target=asyncio.run, args=(serve(),), daemon=True)
    thread.start()
    while not all(process.running() for process in running.processes):
        time.sleep(0.01)
    try:
        yield running, port
    finally:
        started["loop"].call_soon_threadsafe(started["stop"].set)
        thread.join(10)
        for process in running.processes:
            process.stop()
            process.process.wait(10)


def ask(port: int, first_line: bytes) -> tuple[int, bytes]:
    """Which process answered a request, and the request line it read."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(first_line + b"\r\nHost: localhost\r\n\r\n")
        answer = b""
        while chunk := connection.recv(4096):
            answer += chunk
    pid, line = answer.split(b"\r\n\r\n", 1)[1].split(b" ", 1)
    return int(pid), line


def pids(front: Front) -> list[int]:
    return [process.process.pid for process in front.processes]


def test_every_connection_of_a_game_reaches_the_process_that_keeps_it(front):
    running, port = front
    for _ in range(12):
        game = secrets.token_urlsafe(9)
        keeper = pids(running)[owner(game.encode(), PROCESSES)]
        for line in (f"GET /ws/games/{game} HTTP/1.1", f"GET /games/{game} HTTP/1.1",
                     f"POST /api/games/{game}/actions?seat=1 HTTP/1.1"):
            assert ask(port, line.encode()) == (keeper, line.encode())  # the line left unread for the process


def test_connections_naming_no_game_take_turns(front):
    running, port = front
    answered = [ask(port, b"GET /api/catalog HTTP/1.1")[0] for _ in range(2 * PROCESSES)]
    assert sorted(answered) == sorted(pids(running) * 2)


def test_a_silent_a_closed_or_a_garbled_connection_holds_up_nobody(front, monkeypatch):
    running, port = front
    monkeypatch.setattr(front_module, "WAITING_AT_MOST", 1)
    game = secrets.token_urlsafe(9)
    keeper = pids(running)[owner(game.encode(), PROCESSES)]
    silent = socket.create_connection(("127.0.0.1", port))
    socket.create_connection(("127.0.0.1", port)).close()
    assert ask(port, b"\x16\x03\x01\x02\x00garbage")[0] in pids(running)
    time.sleep(0.1)
    began = time.monotonic()
    # The front waits on the silent connection and no more: this one is handed on unread, to anyone.
    assert ask(port, f"GET /ws/games/{game} HTTP/1.1".encode())[0] in pids(running)
    assert time.monotonic() - began < 0.4
    time.sleep(0.6)  # past FIRST_BYTES_WITHIN: the silent connection was handed on unread, and waits no more
    assert running.waiting == 0
    assert ask(port, f"GET /ws/games/{game} HTTP/1.1".encode())[0] == keeper
    silent.sendall(b"GET /api/catalog HTTP/1.1\r\n\r\n")
    assert silent.recv(4096).startswith(b"HTTP/1.1 200 OK")
    silent.close()


def silent_connections(port: int, count: int) -> list[socket.socket]:
    """`count` connections to the port that say nothing (connecting without waiting for it)."""
    opened = []
    for _ in range(count):
        connection = socket.socket()
        connection.setblocking(False)
        connection.connect_ex(("127.0.0.1", port))
        opened.append(connection)
    return opened


def still_open(connection: socket.socket) -> bool:
    try:
        return connection.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False


def test_a_flood_of_silent_connections_makes_no_request_fail(front, monkeypatch):
    # issue 51: defect 8. Past the connections the front waits on, it hands them on unread; a flood
    # of them filled the processes' channels faster than the processes took them (here: all stopped
    # for a moment, as busy ones are), and the front closed what did not fit, requests among them.
    running, port = front
    monkeypatch.setattr(front_module, "WAITING_AT_MOST", 8)
    more_descriptors()  # this process holds the flood's connections
    flood: list[socket.socket] = []
    try:
        signal_all(running, signal.SIGSTOP)
        flood = silent_connections(port, 1500)  # a channel holds a few hundred
        with ThreadPoolExecutor(30) as pool:
            asked = [pool.submit(ask, port, b"GET /api/catalog HTTP/1.1") for _ in range(30)]
            time.sleep(1.0)  # the front has taken what it could meanwhile
            signal_all(running, signal.SIGCONT)
            answered = [future.result()[0] for future in asked]
        assert len(answered) == 30 and set(answered) <= set(pids(running))
        assert all(still_open(connection) for connection in flood)  # handed on, none dropped
    finally:
        signal_all(running, signal.SIGCONT)
        for connection in flood:
            connection.close()


def signal_all(front: Front, signum: int) -> None:
    for pid in pids(front):
        os.kill(pid, signum)


def test_serving_raises_the_soft_limit_on_descriptors_to_the_hard_one():
    # issue 51: defect 8: at a soft limit of 1,024 the front and its processes ran out in a flood
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(soft, 1024), hard))
    more_descriptors()
    assert resource.getrlimit(resource.RLIMIT_NOFILE) == (hard, hard)


def test_a_process_that_dies_is_started_again_in_its_place_and_its_games_served_meanwhile(front):
    running, port = front
    game = secrets.token_urlsafe(9)
    place = owner(game.encode(), PROCESSES)
    dead = running.processes[place].process
    os.kill(dead.pid, signal.SIGKILL)
    dead.wait(10)
    assert ask(port, f"GET /ws/games/{game} HTTP/1.1".encode())[0] != dead.pid  # the next process, or its successor
    deadline = time.monotonic() + 20
    while not (running.processes[place].running() and pids(running)[place] != dead.pid):
        assert time.monotonic() < deadline, "the dead process was not started again"
        time.sleep(0.05)
    assert running.processes[place].quick_ends == 1  # it had run under 10 s: its next start waited
    assert ask(port, f"GET /ws/games/{game} HTTP/1.1".encode())[0] == pids(running)[place]


def test_a_process_that_keeps_ending_as_it_starts_is_started_again_ever_more_slowly():
    process = WebProcess(0, STAND_IN)
    process.started_at = time.monotonic()
    assert [process.restart_after() for _ in range(6)] == [2, 4, 8, 16, 30, 30]
    process.started_at = time.monotonic() - 60  # it ran a minute: the next start is at once
    assert process.restart_after() == 0 and process.quick_ends == 0
