"""python -m bench.crowd [--spectators 2000] [--game tinners-trail] [--pace 0.25] [--no-compression]:
a crowd watching one game while two people play it (issue 51). It starts a server on loopback that
lets the crowd in (`--spectators-per-game`, `--connections-per-address`), creates a two-person hot-
seat game, and plays it with two scripted players (a move every `--pace` seconds) while the
spectators connect all at once, watch, and leave. Prints JSON: the players' latency from sending an
action to receiving its update (p50, p99, max) while the crowd comes in and while it watches; the
latency of a REST read of the game's summary polled meanwhile; how long the crowd took to connect,
and how many got in within `--arrive-within` seconds; and how many `seats` messages (who is here) a
player received, against the spectators' comings and goings. Not a timed test: a measure, for the
notes and docs/api.md ("A crowd of spectators")."""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import time

import httpx
import orjson
import websockets

from headframe.server import collector

from .server import Measures, Pace, percentiles, play_seat, served, tree_cpu_seconds


async def spectate(url: str, compression: bool, arrived: asyncio.Event, leave: asyncio.Event) -> None:
    """One spectator: connects, reads every message until told to leave."""
    async with websockets.connect(url, max_size=None, compression="deflate" if compression else None,
                                  open_timeout=60) as connection:
        await connection.send('{"type": "hello", "tokens": []}')
        while orjson.loads(await asyncio.wait_for(connection.recv(), 60))["type"] != "state":
            pass
        arrived.set()  # in, and sent the game
        reading = asyncio.ensure_future(_drain(connection))
        await leave.wait()
        reading.cancel()


async def _drain(connection) -> None:
    async for _text in connection:
        pass


async def poll(url: str, stop: asyncio.Event, latencies: list[tuple[float, float]]) -> None:
    """A REST read of the game's summary every 100 ms: what another player's page asks."""
    async with httpx.AsyncClient(timeout=30) as http:
        while not stop.is_set():
            sent = time.perf_counter()
            (await http.get(url)).raise_for_status()
            latencies.append((sent, time.perf_counter() - sent))
            await asyncio.sleep(0.1)


async def count_seats_messages(url: str, stop: asyncio.Event) -> int:
    """A watcher holding no seat, counting the `seats` announcements it is sent."""
    seen = 0
    async with websockets.connect(url, max_size=None) as connection:
        await connection.send('{"type": "hello", "tokens": []}')
        while not stop.is_set():
            try:
                text = await asyncio.wait_for(connection.recv(), 0.5)
            except TimeoutError:
                continue
            seen += orjson.loads(text)["type"] == "seats"
    return seen


async def run(port: int, server_pid: int, arguments: argparse.Namespace) -> dict:
    base = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        response = await http.post("/api/games", json={"game": arguments.game, "players": 2, "hotseat": True,
                                                       "seed": 1, "seats": [{"type": "human"}] * 2})
        response.raise_for_status()
        created = response.json()
    collector.settle()
    url = f"ws://127.0.0.1:{port}/ws/games/{created['id']}"
    measures, reads, stop, leave = Measures(), [], asyncio.Event(), asyncio.Event()
    pace = Pace(arguments.pace, random.Random(0))
    players = [asyncio.ensure_future(play_seat(url, entry["token"], entry["seat"], random.Random(entry["seat"]),
                                               measures, "wide", arguments.compression, pace))
               for entry in created["join"]]
    poller = asyncio.ensure_future(poll(f"{base}/api/games/{created['id']}", stop, reads))
    counter = asyncio.ensure_future(count_seats_messages(url, stop))
    await asyncio.sleep(2)
    crowd_started = time.perf_counter()
    arrivals = [asyncio.Event() for _ in range(arguments.spectators)]
    crowd = [asyncio.ensure_future(spectate(url, arguments.compression, arrived, leave)) for arrived in arrivals]
    try:
        await asyncio.wait_for(asyncio.gather(*(arrived.wait() for arrived in arrivals)), arguments.arrive_within)
    except TimeoutError:
        pass  # the crowd watches as far as it got in
    crowd_in = time.perf_counter()
    server_cpu, client_cpu = sum(tree_cpu_seconds(server_pid).values()), time.process_time()
    await asyncio.sleep(arguments.watch)
    crowd_leaves = time.perf_counter()
    server_cpu = sum(tree_cpu_seconds(server_pid).values()) - server_cpu
    client_cpu = time.process_time() - client_cpu
    leave.set()
    await asyncio.gather(*crowd, return_exceptions=True)
    await asyncio.sleep(2)
    stop.set()
    seats_messages = await counter
    await poller
    for player in players:
        player.cancel()

    def between(samples: list[tuple[float, float]], start: float, end: float) -> dict | None:
        return percentiles(sorted(latency for sent, latency in samples if start <= sent < end))

    if arguments.timeline:
        print(json.dumps([(round(sent - crowd_in, 2), round(latency * 1000)) for sent, latency in measures.latencies]))
    return {
        "game": arguments.game, "spectators": arguments.spectators, "compression": arguments.compression,
        "pace_s": arguments.pace, "crowd_connect_s": round(crowd_in - crowd_started, 2),
        "spectators_in": sum(arrived.is_set() for arrived in arrivals),
        "moves": len(measures.latencies),
        "move_latency_ms": {"crowd_coming_in": between(measures.latencies, crowd_started, crowd_in),
                            "crowd_watching": between(measures.latencies, crowd_in, crowd_leaves)},
        "rest_read_latency_ms": {"crowd_coming_in": between(reads, crowd_started, crowd_in),
                                 "crowd_watching": between(reads, crowd_in, crowd_leaves)},
        "cpu_percent_while_watching": {"server": round(server_cpu / arguments.watch * 100, 1),
                                       "clients": round(client_cpu / arguments.watch * 100, 1)},
        "seats_messages_to_one_watcher": seats_messages,
        "crowd_comings_and_goings": 2 * arguments.spectators,
    }


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.crowd", description=__doc__)
    parser.add_argument("--spectators", type=int, default=2000)
    parser.add_argument("--game", default="tinners-trail")
    parser.add_argument("--pace", type=float, default=0.25, help="seconds between the players' moves")
    parser.add_argument("--watch", type=float, default=20.0, help="seconds the whole crowd watches")
    parser.add_argument("--arrive-within", type=float, default=60.0,
                        help="seconds the crowd is given to get in (and sent the game)")
    parser.add_argument("--no-compression", dest="compression", action="store_false")
    parser.add_argument("--timeline", action="store_true", help="print each move's (sent at, latency) first")
    arguments = parser.parse_args()
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # a descriptor per spectator
    room = str(arguments.spectators + 10)
    with served(arguments.compression, ("--spectators-per-game", room, "--connections-per-address", room)) as (port, server):
        result = asyncio.run(run(port, server.pid, arguments))
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
