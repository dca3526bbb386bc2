"""Durability: the server process is killed (SIGKILL) during live games, bots and
a person mid-move, and restarted on the same database: every game resumes where
it was, every acknowledged or broadcast action is still there, and the games
play on to the end."""

import asyncio
import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from .conftest import Seat, check_no_leaks, claim, play

ROOT = Path(__file__).resolve().parents[2]


class ServerProcess:
    def __init__(self, db: Path | str, *flags: str) -> None:
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        self.port = probe.getsockname()[1]
        probe.close()
        self.db = db
        self.flags = flags

    def start(self, within: float = 20) -> "ServerProcess":
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.server.launcher", "--port", str(self.port), "--db", str(self.db),
             "--log-level", "warning", *self.flags],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        banner = self.process.stdout.readline()
        assert f"http://127.0.0.1:{self.port}/" in banner, banner
        deadline = time.monotonic() + within
        while True:
            try:
                httpx.get(f"{self.url}/api/catalog", timeout=1)
                return self
            except httpx.TransportError:
                assert time.monotonic() < deadline and self.process.poll() is None, "the server did not start"
                time.sleep(0.05)

    def kill(self) -> None:
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if hasattr(self, "process") and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"


def wait_finished(http, game_id, timeout=60):
    deadline = time.monotonic() + timeout
    while (summary := http.get(f"/api/games/{game_id}").json())["status"] != "finished":
        assert time.monotonic() < deadline, f"game {game_id} did not finish: {summary}"
        time.sleep(0.05)
    return summary


def test_games_survive_sigkill_and_resume(tmp_path):
    server = ServerProcess(tmp_path / "crash.db").start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as http:
            long_game = {"rounds": 40}
            bots = [http.post("/api/games", json={
                "game": "pit-lamps", "players": 3, "think_time": 0.005, "options": long_game,
                "seats": [{"type": "bot"}] * 3}).json()["id"] for _ in range(3)]
            person = http.post("/api/games", json={
                "game": "tinners-trail", "players": 2, "think_time": 0,
                "seats": [{"type": "human", "name": "Ann"}, {"type": "bot"}]}).json()
            token = claim(http, person["id"], 0, person["join"][0]["token"])

            async def before_crash():
                async with Seat(server.ws_url, person["id"], [token]) as ann:
                    # `headframe serve` compresses the updates of a client that asks, as browsers do.
                    assert "permessage-deflate" in ann.socket.response.headers.get("Sec-WebSocket-Extensions", "")
                    await play([ann], random.Random(5), max_moves=6)
                    await asyncio.sleep(0.3)
                    versions = {g: http.get(f"/api/games/{g}").json()["version"] for g in bots}
                    server.kill()
                    await asyncio.sleep(0.2)
                    return ann.messages, versions

            seen, bot_versions = asyncio.run(before_crash())
            acked = max(m["version"] for m in seen if m["type"] == "ack")
            broadcast = max(m["version"] for m in seen if m["type"] == "state")
            assert acked >= 6 and any(0 < v for v in bot_versions.values())

        server.start()
        with httpx.Client(base_url=server.url, timeout=30) as http:
            resumed = http.get(f"/api/games/{person['id']}").json()
            assert resumed["version"] >= broadcast >= acked

            async def after_restart():
                async with Seat(server.ws_url, person["id"], [token]) as ann:
                    await ann.wait_for(lambda m: m["type"] == "state")
                    first = next(m for m in ann.messages if m["type"] == "state")
                    assert first["version"] >= broadcast and first["log_start"] == 0
                    await play([ann], random.Random(6))
                    return ann.messages

            after = asyncio.run(after_restart())
            record = http.get(f"/api/games/{person['id']}/record").json()
            assert check_no_leaks(record, seen) and check_no_leaks(record, after)
            for game_id in bots:
                summary = wait_finished(http, game_id)  # the bots were set going again
                assert summary["version"] > bot_versions[game_id]
    finally:
        server.stop()
