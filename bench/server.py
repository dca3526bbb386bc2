"""python -m bench.server [--games 100] [--game tinners-trail] [--db URL]: the game
server on loopback under load. It starts a server process, creates the games
(every seat a person), and plays them all at once with scripted WebSocket
clients, one connection per seat, each choosing uniformly among its legal
actions. Prints JSON: moves per second, and the latency from sending an action
to receiving the update it caused (p50, p99)."""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets


def free_port() -> int:
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    return port


def start_server(port: int, db: str) -> subprocess.Popen:
    process = subprocess.Popen([sys.executable, "-m", "headframe.server", "--port", str(port), "--db", db,
                                "--create-rate", "100000/minute",
                                "--log-level", "warning"], stdout=subprocess.PIPE, text=True)
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


async def play_seat(url: str, token: str, seat: int, rng: random.Random, latencies: list[float]) -> int:
    """Play one seat to the end; returns its moves."""
    moves = 0
    sent_at: float | None = None
    sent_version = -1
    async with websockets.connect(url, max_size=None) as connection:
        await connection.send(json.dumps({"type": "hello", "tokens": [token]}))
        async for text in connection:
            message = json.loads(text)
            if message["type"] == "error":
                raise RuntimeError(message["message"])
            if message["type"] != "state" or message["version"] <= sent_version:
                continue
            if sent_at is not None:
                latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            view = message["view"]
            if view["over"]:
                return moves
            if view.get("decision"):
                sent_version = message["version"]
                sent_at = time.perf_counter()
                moves += 1
                await connection.send(json.dumps({"type": "act", "seat": seat, "version": sent_version,
                                                  "action": rng.choice(view["decision"]["actions"])}))
    return moves


async def run(port: int, games: int, game: str, players: int) -> dict:
    base = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        created = []
        for index in range(games):
            response = await http.post("/api/games", json={
                "game": game, "players": players, "hotseat": True, "seed": index, "name": f"bench {index}",
                "seats": [{"type": "human"}] * players})
            response.raise_for_status()
            created.append(response.json())
    latencies: list[float] = []
    started = time.perf_counter()
    moves = await asyncio.gather(*(
        play_seat(f"ws://127.0.0.1:{port}/ws/games/{g['id']}", entry["token"], entry["seat"],
                  random.Random(f"{g['id']}-{entry['seat']}"), latencies)
        for g in created for entry in g["join"]))
    elapsed = time.perf_counter() - started
    latencies.sort()
    return {
        "game": game, "players": players, "games": games, "connections": len(moves), "moves": sum(moves),
        "seconds": round(elapsed, 2), "moves_per_s": round(sum(moves) / elapsed, 1),
        "latency_ms": {"p50": round(statistics.median(latencies) * 1000, 2),
                       "p99": round(latencies[int(len(latencies) * 0.99) - 1] * 1000, 2),
                       "max": round(latencies[-1] * 1000, 2)},
    }


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.server", description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--game", default="tinners-trail")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--db", help="database URL or SQLite file (default: a fresh temporary SQLite file)")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        db = arguments.db or str(Path(scratch) / "bench.db")
        port = free_port()
        server = start_server(port, db)
        try:
            result = asyncio.run(run(port, arguments.games, arguments.game, arguments.players))
        finally:
            server.terminate()
            server.wait(10)
    result["db"] = "sqlite (synchronous=FULL)" if arguments.db is None else arguments.db.split("://")[0]
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
