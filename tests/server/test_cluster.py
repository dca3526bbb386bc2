"""Several processes serve one game from one PostgreSQL database (docs/server.md,
"Deploying"): two `headframe serve` processes that leave bot turns to the queue,
and one `headframe bots` worker that takes them. Ann plays through the first
server, Bea through the second, the bot through the worker; the first server is
killed (SIGKILL) mid-game, and Ann goes on through the second."""

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, text

from headframe.engine import load_game
from headframe.server import serve

from .conftest import Seat, bearer, check_no_leaks, claim, play, visible_plies, whole_log
from .nginx_front import NGINX, NO_NGINX, BehindNginx, held
from .test_crash import ServerProcess

ROOT = Path(__file__).resolve().parents[2]
HEADFRAME = Path(sys.executable).with_name("headframe")


class BotWorkerProcess:
    def __init__(self, db: str, *flags: str) -> None:
        self.db = db
        self.flags = flags or ("--workers", "1")

    def start(self) -> "BotWorkerProcess":
        self.process = subprocess.Popen([str(HEADFRAME), "bots", "--db", self.db, "--log-level", "warning",
                                         *self.flags],
                                        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        before = []  # with --ray, Ray says where it connects first
        while not (line := self.process.stdout.readline()).startswith("headframe bots: taking bot turns"):
            before.append(line)
            assert line and len(before) < 20, before
        return self

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


@pytest.fixture(scope="module")
def cluster(postgres_url):
    parts = [ServerProcess(postgres_url, "--bot-workers", "0"), ServerProcess(postgres_url, "--bot-workers", "0"),
             BotWorkerProcess(postgres_url)]
    try:
        for part in parts:
            part.start()
        yield parts
    finally:
        for part in parts:
            part.stop()


def stored_version(postgres_url: str, game_id: str, seat: int) -> int:
    """The seat's version as the database's record has it (the count of stored actions that changed its view)."""
    with create_engine(postgres_url).connect() as db:
        game = db.execute(text("select game, players, seed, options from games where id = :g"), {"g": game_id}).one()
        moves = db.execute(text("select seat, action from actions where game_id = :g order by ply"),
                           {"g": game_id}).all()
    record = {"game": game.game, "players": game.players, "seed": game.seed, "options": game.options,
              "actions": [{"seat": mover, "action": action} for mover, action in moves]}
    return len(visible_plies(record)[seat]) - 1


def test_two_servers_and_a_bot_worker_play_one_game_through_a_kill(cluster, postgres_url):
    first, second, _worker = cluster
    with httpx.Client(base_url=first.url, timeout=30) as one, httpx.Client(base_url=second.url, timeout=30) as two:
        created = one.post("/api/games", json={
            "game": "tinners-trail", "players": 3, "think_time": 0,
            "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bea"},
                      {"type": "bot", "agent": "random"}]}).json()
        game_id = created["id"]
        ann = claim(one, game_id, 0, created["join"][0]["token"])
        bea = claim(two, game_id, 1, created["join"][1]["token"])  # through the other process: the first hears of it

        async def game():
            async with Seat(second.ws_url, game_id, [bea]) as bea_seat:
                async with Seat(first.ws_url, game_id, [ann]) as ann_seat:
                    await play([ann_seat, bea_seat], random.Random(11), max_moves=20)
                    first.kill()
                    before = list(ann_seat.messages)
                acked = max(m["version"] for m in before if m["type"] == "ack")
                assert stored_version(postgres_url, game_id, 0) >= acked  # no acknowledged move was lost
                async with Seat(second.ws_url, game_id, [ann]) as again:  # Ann reconnects to the other process
                    await again.wait_for(lambda m: m["type"] == "state")
                    assert next(m for m in again.messages if m["type"] == "state")["version"] >= acked
                    await play([again, bea_seat], random.Random(12))
                    return before, again.messages, bea_seat.messages

        ann_before, ann_after, bea_messages = asyncio.run(asyncio.wait_for(game(), 60))
        record = two.get(f"/api/games/{game_id}/record").json()
    assert any(item["seat"] == 2 for item in record["actions"])  # the worker played the bot's turns
    for messages in (ann_before, ann_after, bea_messages):
        assert check_no_leaks(record, messages)
    # Every update reached every seat: each holds its whole log, and the final state.
    state = load_game(record["game"]).new_state(record["players"], record["seed"], record["options"])
    for item in record["actions"]:
        state.apply(item["seat"], item["action"])
    assert whole_log(bea_messages, 1) == json.loads(json.dumps(state.log_for(1)))
    assert whole_log(ann_after, 0) == json.loads(json.dumps(state.log_for(0)))
    assert [m for m in bea_messages if m["type"] == "state"][-1]["view"]["over"]


def test_serve_workers_keep_each_game_in_one_process_through_a_kill(postgres_url, tmp_path):
    with pytest.raises(SystemExit, match="only on PostgreSQL"):
        serve(db=str(tmp_path / "one.db"), workers=2)
    assert NGINX, NO_NGINX
    server = BehindNginx(postgres_url, 2)
    try:
        server.start(within=60)  # each web process imports and migrates on its own
        assert len(server.web_processes()) == 2  # two web processes behind nginx on the served port
        ports = server.web_ports()
        hotseat = {"game": "tinners-trail", "players": 2, "think_time": 0, "hotseat": True,
                   "seats": [{"type": "human"}, {"type": "human"}]}
        created = httpx.post(f"{server.url}/api/games", json=hotseat, timeout=30).json()
        game = f"{server.url}/api/games/{created['id']}"
        tokens = [entry["token"] for entry in created["join"]]
        rng = random.Random(5)

        async def play_over_rest(moves: int, seats: list[Seat]) -> None:
            """Each request on a new connection: every one reaches the process that keeps the game, so
            none is a step behind (a 409 here would be a process that had not caught up)."""
            for _ in range(moves):
                seat, token = next((seat, token) for seat, token in enumerate(tokens)
                                   if "decision" in (state := httpx.get(f"{game}/state", headers=bearer(token),
                                                                         timeout=30).json())["view"])
                moved = httpx.post(f"{game}/actions", headers=bearer(token), timeout=30, json={
                    "seat": seat, "action": rng.choice(state["view"]["decision"]["actions"]),
                    "version": state["version"]})
                assert moved.status_code == 200, moved.text
                await seats[seat].wait_for(lambda m, s=seat, v=moved.json()["version"]: m["type"] == "state"
                                           and m["seat"] == s and m["version"] >= v)

        async def through_a_kill() -> None:
            async with Seat(server.ws_url, created["id"], tokens[:1]) as ann, \
                    Seat(server.ws_url, created["id"], tokens[1:]) as bea:
                await play_over_rest(8, [ann, bea])
                connections = held(ports)
                (port,) = [port for port in ports if connections[port]]
                assert connections[port] == 2  # both seats' connections in one process
                keeper = server.web_process_on(port)
                os.kill(keeper, signal.SIGKILL)
            deadline = time.monotonic() + 60
            while server.web_process_on(port) in (None, keeper):
                assert time.monotonic() < deadline, "the killed process was not started again"
                await asyncio.sleep(0.1)
            async with Seat(server.ws_url, created["id"], tokens[:1]) as ann, \
                    Seat(server.ws_url, created["id"], tokens[1:]) as bea:
                await play_over_rest(8, [ann, bea])
                assert sorted(held(ports).values()) == [0, 2]  # in one process still

        asyncio.run(asyncio.wait_for(through_a_kill(), 120))
        assert httpx.get(game, timeout=30).json()["version"] >= 16
    finally:
        server.stop()
