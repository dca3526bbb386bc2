"""A real server on a loopback port (uvicorn in a thread), an HTTP client for it,
and WebSocket seats that record every message they receive."""

from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import httpx
import pytest
import uvicorn
import websockets

from headframe.engine import Rng, game_names, load_game
from headframe.engine.people import naming
from headframe.server import create_app
from headframe.server.names import seat_names
from headframe.server.patches import boards_after
from headframe.server.storage import Store, sqlite_url

# Copper Country's short game, with its turn limit (COP-R58): random seats may otherwise play a
# thousand decisions before the eras end.
FAST_OPTIONS = {"copper-country": load_game("copper-country").short_options}
STATE_KEYS = {"type", "game_id", "seat", "version", "status", "seats", "view", "progress", "board", "action_ids", "labels",
              "log_start", "log", "log_text", "can_undo", "clock", "notices"}

PUBLIC_SUMMARY_KEYS = {"id", "name", "game", "title", "players", "options", "hotseat", "think_time", "status",
                       "version", "to_move", "seats", "progress", "result", "clock", "notices"}


def every_game() -> list[str]:
    return game_names()


class LiveServer:
    def __init__(self, db_url: str, think_time: float = 0.5, **settings) -> None:
        # One address makes every test's requests: rate limits (and the bound on one creator's tables nobody
        # plays) far above what a test sends, unless a test sets them.
        unlimited = {"create_rate": "100000/minute", "claim_rate": "100000/minute", "upload_rate": "100000/minute",
                     "signin_rate": "100000/minute", "register_rate": "100000/minute", "seat_rate": "100000/minute",
                     "max_open_tables_per_creator": 100000}
        # One board process per test server (the default is one per core): the suite's two workers keep both
        # cores busy already, and each board process loads every game it draws; no warm-up (seconds of work
        # at each start) unless a test asks for it.
        self.app = create_app(db_url, think_time=think_time,
                              **{**unlimited, "board_workers": 1, "warm_up": False, **settings})
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        config = uvicorn.Config(self.app, log_level="warning", ws_max_size=16 * 1024, ws_per_message_deflate=False,
                                lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(20)

    @property
    def hub(self):
        return self.app.state.hub


# PostgreSQL: a throwaway cluster per module that asks for it (as the postgres user when the
# tests run as root, since initdb refuses root). `make test` installs Debian's postgresql when it is missing.

def _pg_bin() -> Path:
    if "HEADFRAME_PG_BIN" in os.environ:
        return Path(os.environ["HEADFRAME_PG_BIN"])
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda p: int(p.parts[-3]))
    return found[-1].parent if found else Path("/usr/lib/postgresql/15/bin")


PG_BIN = _pg_bin()


def _as_cluster_owner(command: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


@pytest.fixture(scope="module")
def postgres_url():
    assert (PG_BIN / "pg_ctl").exists(), f"no pg_ctl in {PG_BIN}: apt-get install postgresql (make test does)"
    data = Path(tempfile.mkdtemp(prefix="headframe-pg-"))
    if os.geteuid() == 0:
        shutil.chown(data, "postgres", "postgres")
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()

    def run(*args):
        return subprocess.run(_as_cluster_owner([str(PG_BIN / args[0]), *args[1:]]), check=True,
                              capture_output=True, text=True)

    run("initdb", "-D", str(data / "db"), "-U", "postgres", "--auth=trust", "--no-sync")
    run("pg_ctl", "start", "-w", "-D", str(data / "db"), "-l", str(data / "log"),
        "-o", f"-p {port} -k {data} -c listen_addresses=127.0.0.1 -c fsync=off")
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        run("pg_ctl", "stop", "-m", "immediate", "-D", str(data / "db"))
        shutil.rmtree(data, ignore_errors=True)


BOT_GAME = "tinners-trail"


def sqlite_or_postgres(request, tmp_path_factory, name: str) -> str:
    """The database of a fixture parametrized over ["sqlite", "postgres"]: a fresh SQLite file, or the
    module's PostgreSQL."""
    if request.param == "sqlite":
        return sqlite_url(tmp_path_factory.mktemp(name) / "games.db")
    return request.getfixturevalue("postgres_url")


TURN_BASED = {"mode": "turn-based", "preset": "1-day"}


def turn_based_table(client, csrf, name: str) -> dict:
    """A turn-based Pit Lamps table whose first seat is the signed-in `client`'s and the second open."""
    body = {"game": "pit-lamps", "players": 2, "seats": [{"type": "human", "me": True}, {"type": "human"}],
            "think_time": 0, "name": name, "clock": TURN_BASED}
    response = client.post("/api/games", json=body, headers=csrf)
    assert response.status_code == 201, response.text
    return response.json()


@pytest.fixture(scope="module")
def position():
    """A bot's decision (test_bots.py, test_ray_bots.py): the state, the seat, and the seat's determinized world."""
    state = load_game(BOT_GAME).new_state(3, 11)
    seat = state.to_move()[0]
    return state, seat, state.determinize(seat, Rng(1), keep_log=False).to_json()


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return sqlite_url(tmp_path / "games.db")


@pytest.fixture
def store(db_url: str):
    opened = Store(db_url)
    yield opened
    opened.close()


@pytest.fixture
def server(db_url):
    with LiveServer(db_url) as live:
        yield live


@pytest.fixture
def http(server):
    with httpx.Client(base_url=server.url, timeout=30) as client:
        yield client


def create(http, game="pit-lamps", players=2, seats=None, **extra) -> dict:
    seats = seats or [{"type": "human"}] + [{"type": "bot", "agent": "random"}] * (players - 1)
    body = {"game": game, "players": players, "seats": seats, "think_time": 0,
            "options": FAST_OPTIONS.get(game, {}), **extra}
    response = http.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    return response.json()


PASSWORD = "correct horse battery"


def signed_in(server, name: str) -> tuple[httpx.Client, dict]:
    """A browser (it keeps cookies) registered as `name`, and its CSRF header."""
    client = httpx.Client(base_url=server.url, timeout=30)
    response = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert response.status_code == 201, response.text
    return client, {"X-CSRF-Token": response.json()["csrf"]}


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def claim(http, game_id: str, seat: int, invitation: str | None, name: str | None = None) -> str:
    """Take a seat by its invitation (or from the lobby, with None): the seat's own new token."""
    headers = bearer(invitation) if invitation else {}
    response = http.post(f"/api/games/{game_id}/seats/{seat}/claim", json={"name": name}, headers=headers)
    assert response.status_code == 200, response.text
    return response.json()["token"]


def applied(message: dict, latest: dict, kept: dict) -> dict:
    """A state message as a client holds it once applied to the seat's `latest` state
    (docs/api.md): its whole view and board, whether it carried them or a patch.
    It becomes the seat's latest; `kept[seat]` are the boards the client keeps for
    patches, the last and the one before."""
    seat = message["seat"]
    boards = boards_after(message, kept.get(seat, (None, None)))
    if "view_patch" in message:
        base = latest[seat]
        assert base["version"] == message["patch_of"], (base["version"], message["patch_of"])
        patch = message["view_patch"]
        assert set(patch) == {"set", "unset"}
        view = {key: value for key, value in base["view"].items() if key not in patch["unset"]} | patch["set"]
        whole = {key: value for key, value in message.items()
                 if key not in ("view_patch", "patch_of", "board_unchanged", "board_patch")}
        message = {**whole, "view": view, "board": boards[0]}
    latest[seat], kept[seat] = message, boards
    return message


class Seat:
    """One WebSocket connection holding some seats (none: a spectator). `messages` are
    what a client holds (state messages with their patches applied), `received` what came."""

    def __init__(self, url: str, game_id: str, tokens: list[str]) -> None:
        self.url = f"{url}/ws/games/{game_id}"
        self.tokens = tokens
        self.messages: list[dict] = []
        self.received: list[dict] = []
        self.latest: dict = {}  # seat -> latest state message
        self.boards: dict = {}  # seat -> the boards kept for patches (`applied`)
        self.arrived = asyncio.Event()

    async def __aenter__(self) -> Seat:
        self.socket = await websockets.connect(self.url, max_size=None)
        await self.socket.send(json.dumps({"type": "hello", "tokens": self.tokens}))
        self.reader = asyncio.create_task(self._read())
        return self

    async def __aexit__(self, *exc) -> None:
        await self.socket.close()
        self.reader.cancel()

    async def _read(self) -> None:
        try:
            async for text in self.socket:
                message = json.loads(text)
                self.received.append(message)
                if message["type"] == "welcome":
                    self.latest.clear()
                    self.boards.clear()
                if message["type"] == "state":
                    message = applied(message, self.latest, self.boards)
                self.messages.append(message)
                self.arrived.set()
        except websockets.ConnectionClosed:
            pass
        self.arrived.set()

    async def send(self, message: dict) -> None:
        await self.socket.send(json.dumps(message))

    async def wait_for(self, predicate, timeout: float = 30.0):
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            for message in reversed(self.messages):
                if predicate(message):
                    return message
            self.arrived.clear()
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                raise AssertionError(f"no such message within {timeout}s; last: {self.messages[-1:]}")
            try:
                await asyncio.wait_for(self.arrived.wait(), remaining)
            except TimeoutError:
                pass

    def errors(self) -> list[dict]:
        return [m for m in self.messages if m["type"] == "error"]


async def play(seats: list[Seat], rng: random.Random, max_moves: int | None = None, timeout: float = 120.0) -> int:
    """Play every decision the connections are offered with a seeded random choice,
    one action in flight per seat, until the game is over (or after `max_moves`).
    Any refusal fails. Returns the moves made."""
    moves = 0
    waiting: dict[tuple[int, int], str] = {}  # (connection, seat) -> ref of the action in flight
    settled: dict[tuple[int, int], int] = {}  # (connection, seat) -> version its last action made
    read = [len(client.messages) for client in seats]
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        for client in seats:
            client.arrived.clear()
        for index, client in enumerate(seats):
            for message in client.messages[read[index]:]:
                assert message["type"] != "error", message
                if message["type"] == "ack":
                    key = next(k for k, ref in waiting.items() if ref == message["ref"])
                    settled[key] = message["version"]
                    del waiting[key]
            read[index] = len(client.messages)
        states = [m for client in seats for m in client.latest.values()]
        if states and all(m["view"]["over"] for m in states) and not waiting:
            return moves
        if max_moves is not None and moves >= max_moves and not waiting:
            return moves
        for index, client in enumerate(seats):
            for seat, message in list(client.latest.items()):
                key = (index, seat)
                decision = message["view"].get("decision")
                fresh = message["version"] >= settled.get(key, 0)
                if decision and fresh and key not in waiting and (max_moves is None or moves < max_moves):
                    moves += 1
                    waiting[key] = f"{index}-{seat}-{moves}"
                    await client.send({"type": "act", "seat": seat, "action": rng.choice(decision["actions"]),
                                       "version": message["version"], "ref": waiting[key]})
        waits = [asyncio.create_task(client.arrived.wait()) for client in seats]
        done, pending = await asyncio.wait(waits, timeout=max(0.0, deadline - loop.time()),
                                           return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        if not done:
            raise AssertionError("the game stalled")


def visible_plies(record: dict) -> dict:
    """For each audience (a seat, None for spectators), the actions that changed
    what it may know (its view or its log; a seat's own actions always): entry v
    is how many actions the game had when the audience's version became v."""
    game = load_game(record["game"])
    state = game.new_state(record["players"], record["seed"], record["options"])
    audiences = [*range(record["players"]), None]

    def known():
        return {a: json.dumps([state.view(a), len(state.log)], sort_keys=True) for a in audiences}

    plies, before = {a: [0] for a in audiences}, known()
    for ply, item in enumerate(record["actions"], start=1):
        state.apply(item["seat"], item["action"])
        after = known()
        for audience in audiences:
            if after[audience] != before[audience] or audience == item["seat"]:
                plies[audience].append(ply)
        before = after
    return plies


def check_no_leaks(record: dict, messages: list[dict]) -> int:
    """Every state message a connection received is exactly what its seat may
    know at that seat's version: the seat's view, its log, and words derived from
    them (the record must have no undone actions), and a seat's versions count only
    the changes it could see. Returns how many were checked."""
    game = load_game(record["game"])
    state = game.new_state(record["players"], record["seed"], record["options"])
    assert {m["type"] for m in messages} <= {"welcome", "state", "seats", "ack", "error", "pong", "thinking"}
    for message in messages:
        if message["type"] == "welcome":
            assert set(message["game"]) == PUBLIC_SUMMARY_KEYS
    plies = visible_plies(record)
    states = [m for m in messages if m["type"] == "state"]
    checked = 0
    # The texts are written with the table's names (server/names.py), as the server writes them.
    with naming(seat_names((seat["name"], seat["agent"]) for seat in record["seats"])):
        for message in sorted(states, key=lambda m: plies[m["seat"]][m["version"]]):
            seat = message["seat"]
            shown = plies[seat][message["version"]]  # the seat's view was this until its next change
            until = plies[seat][message["version"] + 1] if message["version"] + 1 < len(plies[seat]) else None
            while len(state.history) < shown:
                item = record["actions"][len(state.history)]
                state.apply(item["seat"], item["action"])
            view = json.loads(json.dumps(state.view(seat)))
            assert set(message) == STATE_KEYS
            assert message["view"] == view
            assert message["log"] == json.loads(json.dumps(state.log_for(seat, message["log_start"])))
            assert message["log_text"] == [game.presentation.describe_event(e) for e in message["log"]]
            decision = view.get("decision")
            assert message["labels"] == ([game.presentation.describe_action(game.parse_action(a)) for a in decision["actions"]]
                                         if decision else [])
            assert message["action_ids"] == ([game.parse_action(a).id for a in decision["actions"]] if decision else [])
            assert message["board"] == (game.presentation.render_board(view) if game.presentation.has_board() else None)
            assert message["can_undo"] in undo_states(record, state, seat, until)
            for seat_info in message["seats"]:
                assert set(seat_info) == {"seat", "name", "controller", "agent", "claimed", "connected", "person_seat",
                                          "open", "forfeited"}
            checked += 1
    return checked


def undo_states(record: dict, state, seat, until: int | None) -> set[bool]:
    """Whether the seat could take back its last action, at each moment its view
    stayed as in `state` (until action `until`): others' sealed steps change it
    without changing what the seat may know."""
    if seat is None:
        return {False}
    later = state.clone()
    found = {later.can_undo(seat)}
    for item in record["actions"][len(later.history):None if until is None else until - 1]:
        later.apply(item["seat"], item["action"])
        found.add(later.can_undo(seat))
    return found


def whole_log(messages: list[dict], seat) -> list[dict]:
    """The log a client holds after applying every state message for `seat`."""
    log: list[dict] = []
    for message in messages:
        if message["type"] == "state" and message["seat"] == seat:
            log = log[:message["log_start"]] + message["log"]
    return log
