"""python -m bench.table [--game NAME ...] [--decisions 20] [--settle 3]: the pace of a table against
bots, as a new player meets it (issue 52). For each game it starts a server (a fresh SQLite file),
lets it settle (`--settle` seconds: a player arrives at a server that has run a moment), and plays
tables as the lobby's "Play against bots" card makes them (a guest at a hot-seat table, two players:
the person and a heuristic bot) until the person has waited for the bots `--decisions` times. The
person is scripted through the server's WebSocket as the page is: the page's load, its hello, and a
seeded random choice at each decision it is offered.

Prints JSON, per game: `first_decision_s`, from the create request to the first state offering the
person a decision, with its board (the page's load and the connection included), for the server's
first table of the game and for the later ones; `first_table_s`, where the first table's time went
(the create request answered, the page loaded, the first decision offered); and `bot_waits_s`, the
person's waits for the bots: from the person's action to the next decision it is offered, whenever
the bots moved between (median, max, and how many)."""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import time
from dataclasses import dataclass, field

import httpx
import orjson
import websockets

from .server import served

GAMES = ("copper-country", "ore-city", "tinners-trail", "coal-country")


@dataclass
class Measures:
    first_decisions: list[float] = field(default_factory=list)  # seconds, one per table
    created: list[float] = field(default_factory=list)  # seconds to the create request's answer, one per table
    loaded: list[float] = field(default_factory=list)  # seconds to the page's load, one per table
    bot_waits: list[float] = field(default_factory=list)  # seconds


async def play_table(port: int, game: str, rng: random.Random, measures: Measures, wanted: int) -> None:
    """Create a table against a heuristic bot and play the person's seat until `wanted` waits in all, or its end."""
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
        started = time.perf_counter()
        response = await http.post("/api/games", json={
            "game": game, "players": 2, "hotseat": True, "options": {},
            "seats": [{"type": "human", "name": "Guest"}, {"type": "bot", "agent": "heuristic", "name": "Heuristic bot"}]})
        response.raise_for_status()
        created = response.json()
        measures.created.append(time.perf_counter() - started)
        (await http.get(created["spectate_url"])).raise_for_status()  # the page's load
        measures.loaded.append(time.perf_counter() - started)
    token = created["join"][0]["token"]
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/games/{created['id']}", max_size=None) as connection:
        await connection.send(orjson.dumps({"type": "hello", "tokens": [token]}).decode())
        await person(connection, started, rng, measures, wanted)


async def person(connection, started: float, rng: random.Random, measures: Measures, wanted: int) -> None:
    """Play the person's seat (0) as the page does, one action in flight: act on each decision
    offered at or after the version the last action made, timing the waits between."""
    view: dict = {}
    version, made = -1, 0  # the latest state's version, and the one the person's last action made
    acting = False  # an action sent, not yet answered
    acted_at: float | None = None
    bots_moved = False
    async for text in connection:
        message = orjson.loads(text)
        if message["type"] == "error":
            raise RuntimeError(message["message"])
        if message["type"] == "ack":
            acting, made = False, message["version"]
        elif message["type"] == "state":
            version = message["version"]
            view = {**view, **message["view_patch"]["set"]} if "view_patch" in message else message["view"]
            for key in message.get("view_patch", {}).get("unset", ()):
                del view[key]
            bots_moved = bots_moved or not view.get("decision")
        if not view:
            continue  # the welcome: the seat's state comes next
        if view["over"] or len(measures.bot_waits) >= wanted:
            return
        if acting or version < made or not view.get("decision"):
            continue
        now = time.perf_counter()
        if acted_at is None:
            measures.first_decisions.append(now - started)
        elif bots_moved:
            measures.bot_waits.append(now - acted_at)
        acted_at, bots_moved, acting = now, False, True
        await connection.send(orjson.dumps({"type": "act", "seat": 0, "version": version,
                                            "action": rng.choice(view["decision"]["actions"])}).decode())


async def measure(port: int, game: str, wanted: int) -> dict:
    measures = Measures()
    rng = random.Random(game)
    while len(measures.bot_waits) < wanted:
        await play_table(port, game, rng, measures, wanted)
    waits = measures.bot_waits
    return {"first_decision_s": {"first_table": round(measures.first_decisions[0], 2),
                                 "later_tables": [round(s, 2) for s in measures.first_decisions[1:]]},
            "first_table_s": {"created": round(measures.created[0], 2), "page_loaded": round(measures.loaded[0], 2),
                              "first_decision": round(measures.first_decisions[0], 2)},
            "bot_waits_s": {"median": round(statistics.median(waits), 2), "max": round(max(waits), 2),
                            "count": len(waits)}}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.table", description=__doc__)
    parser.add_argument("--game", action="append", choices=GAMES, help="a game to play (default: all four)")
    parser.add_argument("--decisions", type=int, default=20, help="the person's waits for the bots to measure")
    parser.add_argument("--settle", type=float, default=3.0, help="seconds between the server's start and the "
                        "first table")
    arguments = parser.parse_args()
    results = {}
    for game in arguments.game or GAMES:
        with served() as (port, _server):
            time.sleep(arguments.settle)
            results[game] = asyncio.run(measure(port, game, arguments.decisions))
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
