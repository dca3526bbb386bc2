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
        """SIGKILL, as a crash or the kernel's out-of-memory killer would: the processes the
        server started (its bots' and boards' workers, their forkserver) end with it."""
        started = descendants(self.process.pid)
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(10)
        deadline = time.monotonic() + 10
        while left := [pid for pid in started if running(pid)]:
            assert time.monotonic() < deadline, f"processes of the killed server still run: {left}"
            time.sleep(0.05)

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


def _stat(pid: int | str) -> list[str] | None:
    """The fields of /proc/PID/stat after the command's name: state, parent, ... (None: no such process)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def descendants(pid: int) -> set[int]:
    """The processes `pid` started, those they started, and so on."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(entry.name)):
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    found, parents = set(), [pid]
    while parents:
        for child in children.get(parents.pop(), ()):
            found.add(child)
            parents.append(child)
    return found


def running(pid: int) -> bool:
    fields = _stat(pid)
    return fields is not None and fields[0] != "Z"  # a zombie has ended (its new parent reaps it)


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
