"""python -m bench.server [--games 100] [--game tinners-trail] [--db URL] [--workers N]
[--layout wide|narrow] [--no-compression] [--board-workers N] [--rate MOVES_PER_S] [--warmup S]: the game
server on loopback under load. It starts a server (`--workers` web processes behind one port,
each game's in one of them: PostgreSQL only), creates the games (every seat a
person), and plays them all at once with scripted WebSocket clients, one connection per seat,
each choosing uniformly among its legal actions and keeping its view and board as a browser
does. Each game has one move in flight: without `--rate` the next is sent as soon as the last
is answered (the server's most, and by Little's law latency = games / moves per second);
with it, each game's moves are evenly spaced to offer that many per second in all, and the
latency is the server's at that load. Prints JSON: moves per second, the
latency from sending an action to receiving the update it caused (p50, p99; moves sent in
the first `--warmup` seconds apart), an
update's size (its JSON, and on the wire: loopback bytes both ways per update
received, Linux only), how many updates said their board was unchanged, and the CPU
(percent of one core) of the web processes, alone and with their workers (boards and
bots), and of the clients (this process's: on one machine they share its cores); and how
busy the whole machine was (percent of all its cores, the database's processes and any
other load included; Linux only)."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import orjson
import websockets

from headframe.server import collector
from headframe.server.patches import boards_after


def free_port() -> int:
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    return port


def start_server(port: int, db: str, compression: bool, board_workers: int | None, workers: int = 1,
                 extra: tuple[str, ...] = ()) -> subprocess.Popen:
    """`extra`: more of the server's flags."""
    drawing = [*extra] if board_workers is None else ["--board-workers", str(board_workers), *extra]
    process = subprocess.Popen([sys.executable, "-m", "headframe.server", "--port", str(port), "--db", db,
                                "--create-rate", "100000/minute", "--log-level", "warning", *drawing,
                                "--workers", str(workers),
                                "--ws-compression" if compression else "--no-ws-compression"],
                               stdout=subprocess.PIPE, text=True)
    process.stdout.readline()
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/catalog", timeout=2)
            return process
        except httpx.TransportError:
            if time.monotonic() > deadline or process.poll() is not None:
                raise SystemExit("the server did not start") from None
            time.sleep(0.1)


@contextmanager
def served(compression: bool = True, extra: tuple[str, ...] = ()) -> Iterator[tuple[int, subprocess.Popen]]:
    """A server on a free loopback port with a fresh SQLite file: (its port, its process)."""
    with tempfile.TemporaryDirectory() as scratch:
        port = free_port()
        server = start_server(port, str(Path(scratch) / "bench.db"), compression, None, extra=extra)
        try:
            yield port, server
        finally:
            server.terminate()
            server.wait(10)


def cpu_seconds(pid: int) -> float | None:
    """A process's CPU time so far (user and system), from Linux's /proc."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def descendants(pid: int) -> list[int]:
    """A process's children, theirs, and so on (the server's board and bot workers), from Linux's /proc."""
    return [found for child in children_of(pid) for found in (child, *descendants(child))]


def children_of(pid: int) -> list[int]:
    children = []
    for task in Path(f"/proc/{pid}/task").glob("*"):  # each thread's children
        try:
            children += [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            continue
    return children


def tree_cpu_seconds(pid: int) -> dict[int, float]:
    """The CPU time so far of a process and of each of its descendants."""
    return {p: seconds for p in (pid, *descendants(pid)) if (seconds := cpu_seconds(p)) is not None}


def web_processes(server: int, workers: int) -> list[int]:
    """The processes that serve: the server's, or with `--workers` its web processes and nginx's
    (its master and workers) in front of them."""
    if workers == 1:
        return [server]
    children = children_of(server)
    nginx_workers = [pid for child in children if _name(child) == "nginx" for pid in children_of(child)]
    return [server, *children, *nginx_workers]


def _name(pid: int) -> str:
    return Path(f"/proc/{pid}/comm").read_text().strip()


def machine_ticks() -> tuple[int, int] | None:
    """The machine's busy and total CPU time so far, in clock ticks of all its cores (Linux's /proc/stat)."""
    try:
        ticks = [int(field) for field in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except OSError:
        return None
    idle = ticks[3] + ticks[4]  # idle, and waiting for the disk
    return sum(ticks) - idle, sum(ticks)


def loopback_bytes() -> int | None:
    """Bytes received on the loopback interface so far (Linux's /proc/net/dev)."""
    try:
        lines = Path("/proc/net/dev").read_text().splitlines()
    except OSError:
        return None
    return next((int(line.split(":", 1)[1].split()[0]) for line in lines if line.strip().startswith("lo:")), None)


@dataclass
class Measures:
    latencies: list[tuple[float, float]] = field(default_factory=list)  # (sent at, seconds to its update)
    updates: int = 0
    update_bytes: int = 0
    boards_unchanged: int = 0
    board_patches: int = 0
    moved_on: int = 0  # moves refused as their decision had moved on


class Pace:
    """When a game's next move may be sent: every `interval` seconds (None: at once),
    from a random start, so that the games' moves are spread over time."""

    def __init__(self, interval: float | None, rng: random.Random) -> None:
        self.interval = interval
        self.next = time.perf_counter() + (0.0 if interval is None else rng.uniform(0, interval))

    async def wait(self) -> None:
        if self.interval is None:
            return
        await asyncio.sleep(max(0.0, self.next - time.perf_counter()))
        self.next = max(self.next + self.interval, time.perf_counter())


def percentiles(latencies: list[float]) -> dict[str, float] | None:
    if not latencies:
        return None
    return {"p50": round(statistics.median(latencies) * 1000, 2),
            "p99": round(latencies[max(0, int(len(latencies) * 0.99) - 1)] * 1000, 2),
            "max": round(latencies[-1] * 1000, 2)}


async def play_seat(url: str, token: str, seat: int, rng: random.Random, measures: Measures, layout: str,
                    compression: bool, pace: Pace) -> int:
    """Play one seat to the end, keeping its view and board as a browser does; returns its moves."""
    moves = 0
    view: dict = {}
    boards: tuple[str | None, str | None] = (None, None)  # the last board and the one before
    sent_at: float | None = None
    sent_version = -1
    async with websockets.connect(url, max_size=None, compression="deflate" if compression else None) as connection:
        await connection.send(orjson.dumps({"type": "hello", "tokens": [token], "layout": layout}).decode())
        async for text in connection:
            message = orjson.loads(text)
            if message["type"] == "error" and message["status"] == 409:
                # Another seat's move changed this seat's decision first (a game with simultaneous
                # decisions): not made; the state that says so comes, and the seat moves again.
                measures.moved_on += 1
                moves -= 1
                continue
            if message["type"] == "error":
                raise RuntimeError(message["message"])
            if message["type"] != "state":
                continue
            measures.updates += 1
            measures.update_bytes += len(text.encode())
            measures.boards_unchanged += bool(message.get("board_unchanged"))
            if "view_patch" in message:  # what changed since the last one (docs/api.md)
                view = {**view, **message["view_patch"]["set"]}
                for key in message["view_patch"]["unset"]:
                    del view[key]
            else:
                view = message["view"]
            boards = boards_after(message, boards)
            measures.board_patches += "board_patch" in message
            if message["version"] <= sent_version:
                continue
            if sent_at is not None:
                measures.latencies.append((sent_at, time.perf_counter() - sent_at))
                sent_at = None
            if view["over"]:
                return moves
            if view.get("decision"):
                await pace.wait()
                sent_version = message["version"]
                sent_at = time.perf_counter()
                moves += 1
                await connection.send(orjson.dumps({"type": "act", "seat": seat, "version": sent_version,
                                                    "action": rng.choice(view["decision"]["actions"])}).decode())
    return moves


async def run(port: int, server: subprocess.Popen, arguments: argparse.Namespace) -> dict:
    game, players = arguments.game, arguments.players
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
        created = []
        for index in range(arguments.games):
            response = await http.post("/api/games", json={
                "game": game, "players": players, "hotseat": True, "seed": index, "name": f"bench {index}",
                "seats": [{"type": "human"}] * players})
            response.raise_for_status()
            created.append(response.json())
    # The clients are every seat's browser in one process: what their collector would pause for
    # at once (a hundred games' boards) is the bench's, not the server's latency.
    collector.settle()
    measures = Measures()
    interval = None if arguments.rate is None else arguments.games / arguments.rate
    paces = {g["id"]: Pace(interval, random.Random(g["id"])) for g in created}
    cpu_before, wire_before, machine_before = tree_cpu_seconds(server.pid), loopback_bytes(), machine_ticks()
    started, client_started = time.perf_counter(), time.process_time()
    moves = await asyncio.gather(*(
        play_seat(f"ws://127.0.0.1:{port}/ws/games/{g['id']}", entry["token"], entry["seat"],
                  random.Random(f"{g['id']}-{entry['seat']}"), measures, arguments.layout, arguments.compression,
                  paces[g["id"]])
        for g in created for entry in g["join"]))
    elapsed, client_cpu = time.perf_counter() - started, time.process_time() - client_started
    cpu_after, wire_after, machine_after = tree_cpu_seconds(server.pid), loopback_bytes(), machine_ticks()
    steady = sorted(latency for sent, latency in measures.latencies if sent >= started + arguments.warmup)
    every = sorted(latency for _, latency in measures.latencies)
    wire = None if wire_before is None or wire_after is None else (wire_after - wire_before) / measures.updates
    used = {pid: seconds - cpu_before.get(pid, 0.0) for pid, seconds in cpu_after.items()}
    return {
        "game": game, "players": players, "games": arguments.games, "layout": arguments.layout,
        "compression": arguments.compression, "offered_moves_per_s": arguments.rate,
        "connections": len(moves), "moves": sum(moves),
        "seconds": round(elapsed, 2), "moves_per_s": round(sum(moves) / elapsed, 1),
        "latency_ms": percentiles(steady), "warmup_s": arguments.warmup, "latency_ms_with_warmup": percentiles(every),
        "updates": measures.updates, "boards_unchanged": measures.boards_unchanged,
        "board_patches": measures.board_patches, "moves_refused_as_moved_on": measures.moved_on,
        "bytes_per_update": {"json": round(measures.update_bytes / measures.updates),
                             "loopback_both_ways": None if wire is None else round(wire)},
        "server_cpu_percent": round(sum(used.get(pid, 0.0) for pid in web_processes(server.pid, arguments.workers))
                                    / elapsed * 100, 1) if server.pid in used else None,
        "server_cpu_with_workers_percent": round(sum(used.values()) / elapsed * 100, 1) if used else None,
        "client_cpu_percent": round(client_cpu / elapsed * 100, 1),
        "machine_cpu_percent": None if machine_before is None or machine_after is None else
        round((machine_after[0] - machine_before[0]) / (machine_after[1] - machine_before[1]) * 100, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.server", description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--game", default="tinners-trail")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--db", help="database URL or SQLite file (default: a fresh temporary SQLite file)")
    parser.add_argument("--workers", type=int, default=1, help="web processes behind the server's one port "
                        "(`headframe serve --workers`; more than one on PostgreSQL only)")
    parser.add_argument("--layout", choices=["wide", "narrow"], default="wide", help="the boards the clients ask for")
    parser.add_argument("--no-compression", dest="compression", action="store_false",
                        help="updates uncompressed (default: permessage-deflate, as browsers ask for it)")
    parser.add_argument("--board-workers", type=int, help="the server's board processes (default: the server's)")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds at the start whose moves' latencies "
                        "are reported apart (the workers' first boards, every seat's first state)")
    parser.add_argument("--rate", type=float, help="moves per second offered, all games together, each game's "
                        "moves evenly spaced (default: each move as soon as the last is answered)")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        db = arguments.db or str(Path(scratch) / "bench.db")
        port = free_port()
        server = start_server(port, db, arguments.compression, arguments.board_workers, arguments.workers)
        try:
            result = asyncio.run(run(port, server, arguments))
        finally:
            server.terminate()
            server.wait(10)
    result["db"] = "sqlite (synchronous=FULL)" if arguments.db is None else arguments.db.split("://")[0]
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
