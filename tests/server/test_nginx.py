"""nginx in front of `headframe serve --workers` (server/nginx.py, server/processes.py):
the configuration's text, nginx's own check of it, and Debian's nginx in front of two
web processes on one PostgreSQL: each game's connections in one process, the others
in both, a process killed and started again, a flood of silent connections.
test_cluster.py plays a game through `--workers 2` too. Without nginx these fail."""

import asyncio
import os
import random
import re
import resource
import secrets
import signal
import socket
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from headframe.cli import app
from headframe.server import processes
from headframe.server.cli import more_descriptors
from headframe.server.nginx import routes, whole_config
from headframe.server.processes import Supervised

from .conftest import Seat, claim, play
from .nginx_front import NGINX, NO_NGINX, BehindNginx, held
from .test_cluster import stored_version

ROOT = Path(__file__).resolve().parents[2]
UPSTREAMS = ["127.0.0.1:8001", "127.0.0.1:8002", "unix:/run/headframe/web-3.sock"]


def game_key(path: str) -> str | None:
    """The game id nginx hashes a path by, with the config's own expression (PCRE's named group as Python's)."""
    expression = re.search(r'"~(.*)" \$headframe_game;', routes(UPSTREAMS, "80")).group(1)
    found = re.match(expression.replace("(?<", "(?P<"), path)
    return found["headframe_game"] if found else None


def test_every_path_that_names_a_game_is_hashed_by_its_id():
    for path in ("/ws/games/Ab3_-x9QzK1p", "/games/Ab3_-x9QzK1p", "/games/Ab3_-x9QzK1p/replay",
                 "/api/games/Ab3_-x9QzK1p/actions", "/api/games/Ab3_-x9QzK1p"):
        assert game_key(path) == "Ab3_-x9QzK1p", path
    for path in ("/api/games", "/api/catalog", "/", "/ws/games/", "/static/games/x", "/x/games/abc"):
        assert game_key(path) is None, path
    text = routes(UPSTREAMS, "80")
    assert "hash $headframe_key consistent;" in text
    assert "default $request_id;" in text  # a request naming no game goes to any process


def test_websockets_are_upgraded_and_the_client_is_forwarded():
    text = routes(UPSTREAMS, "80")
    for line in ("proxy_http_version 1.1;", "proxy_set_header Upgrade $http_upgrade;",
                 "proxy_set_header Connection $headframe_connection;", "proxy_set_header Host $http_host;",
                 "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
                 "proxy_set_header X-Forwarded-Proto $scheme;", "proxy_next_upstream error timeout;",
                 "proxy_read_timeout 1h;"):
        assert line in text, line
    assert re.search(r"map \$http_upgrade \$headframe_connection \{\s+default upgrade;\s+\"\" close;", text)


def test_the_upstreams_are_listed_in_order_and_nothing_else_gets_in():
    text = routes(UPSTREAMS, "127.0.0.1:8000")
    assert re.findall(r"server (\S+);", text) == UPSTREAMS
    assert "listen 127.0.0.1:8000 backlog=2048;" in text
    for wrong in (["10.0.0.1"], ["10.0.0.1:80; evil"], ["unix:relative.sock"], []):
        with pytest.raises(ValueError):
            routes(wrong, "80")
    with pytest.raises(ValueError):
        routes(UPSTREAMS, "80 default_server; include /etc/passwd")
    with pytest.raises(ValueError):
        whole_config(UPSTREAMS, "80", Path("relative"))


def nginx_checks(config: Path) -> None:
    assert NGINX, NO_NGINX
    checked = subprocess.run([NGINX, "-t", "-p", str(config.parent), "-c", str(config), "-e",
                              str(config.parent / "error.log")], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


def test_nginx_accepts_the_whole_config_and_the_operators_blocks(tmp_path):
    whole = tmp_path / "whole" / "nginx.conf"
    whole.parent.mkdir()
    whole.write_text(whole_config(UPSTREAMS, "127.0.0.1:8000", whole.parent))
    nginx_checks(whole)
    assert "daemon off;" in whole.read_text() and f"pid {whole.parent}/nginx.pid;" in whole.read_text()
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    (theirs / "headframe.conf").write_text(routes(UPSTREAMS, "8080"))
    (theirs / "nginx.conf").write_text(f"pid {theirs}/nginx.pid; events {{}} http {{ proxy_temp_path {theirs}/p; "
                                       f"client_body_temp_path {theirs}/b; include {theirs}/headframe.conf; }}")
    nginx_checks(theirs / "nginx.conf")


def test_the_committed_deploy_config_is_what_headframe_deploy_nginx_prints():
    command = (ROOT / "deploy" / "nginx.conf").read_text().splitlines()[0].removeprefix("# ").split()
    assert command[:3] == ["headframe", "deploy", "nginx"]
    printed = CliRunner().invoke(app, command[1:])
    assert printed.exit_code == 0, printed.output
    assert (ROOT / "deploy" / "nginx.conf").read_text() == f"# {' '.join(command)}\n{printed.output}"


def test_without_nginx_serve_workers_says_how_to_get_it(monkeypatch):
    monkeypatch.setattr(processes, "NGINX_PLACES", ("/nowhere/nginx",))
    with pytest.raises(SystemExit, match="--workers needs nginx: apt-get install nginx"):
        processes.serve("127.0.0.1", 0, 2, lambda port: ["true"], lambda: None)


def test_a_process_that_keeps_ending_as_it_starts_is_started_again_ever_more_slowly():
    process = Supervised("web process 1", ["true"])
    process.started_at = time.monotonic()
    assert [process.restart_after() for _ in range(6)] == [2, 4, 8, 16, 30, 30]
    process.started_at = time.monotonic() - 60  # it ran a minute: the next start is at once
    assert process.restart_after() == 0 and process.quick_ends == 0


def test_serving_raises_the_soft_limit_on_descriptors_to_the_hard_one():
    # issue 51: defect 8: at a soft limit of 1,024 the processes ran out in a flood
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(soft, 1024), hard))
    more_descriptors()
    assert resource.getrlimit(resource.RLIMIT_NOFILE) == (hard, hard)


@pytest.fixture(scope="module")
def front(postgres_url):
    assert NGINX, NO_NGINX
    server = BehindNginx(postgres_url, 2, "--bot-workers", "0", "--board-workers", "0")
    try:
        server.start(within=60)  # each web process imports and migrates on its own
        yield server
    finally:
        server.stop()


HOTSEAT = {"game": "tinners-trail", "players": 2, "think_time": 0, "seats": [{"type": "human"}, {"type": "human"}]}


def games_kept_by_each(front: BehindNginx, http: httpx.Client) -> dict[int, dict]:
    """One new game kept by each web process: its port -> the game as created."""
    kept: dict[int, dict] = {}
    for _ in range(40):
        created = http.post("/api/games", json=HOTSEAT).json()
        assert http.get(f"/api/games/{created['id']}").status_code == 200
        time.sleep(0.05)  # nginx logs a request once answered
        (port,) = front.ports_of(created["id"])
        kept.setdefault(port, created)
        if len(kept) == 2:
            return kept
    raise AssertionError("forty games in a row were kept by one process")


def seats_of(front: BehindNginx, http: httpx.Client, created: dict) -> list[Seat]:
    tokens = [claim(http, created["id"], seat, entry["token"]) for seat, entry in enumerate(created["join"])]
    return [Seat(f"ws://127.0.0.1:{front.port}", created["id"], [token]) for token in tokens]


def test_each_game_is_played_in_one_process_and_the_rest_spread_over_both(front):
    with httpx.Client(base_url=front.url, timeout=30) as http:
        for _ in range(20):
            assert http.get("/api/catalog").status_code == 200
        time.sleep(0.2)
        assert {port for _, path, port in front.logged() if path == "/api/catalog"} == set(front.web_ports())
        kept = games_kept_by_each(front, http)

        async def both_games() -> None:
            for port, created in kept.items():
                ann, bea = seats_of(front, http, created)
                async with ann, bea:
                    await play([ann, bea], random.Random(port), max_moves=12)
                    assert held(front.web_ports()) == {each: 2 if each == port else 0 for each in front.web_ports()}
                    await play([ann, bea], random.Random(port))

        asyncio.run(asyncio.wait_for(both_games(), 240))
        time.sleep(0.2)
        for port, created in kept.items():
            assert http.get(f"/api/games/{created['id']}").json()["status"] == "finished"
            time.sleep(0.1)
            assert front.ports_of(created["id"]) == {port}  # every request and WebSocket of the game


def test_a_killed_process_loses_no_move_its_games_go_on_in_the_other_and_it_comes_back(front, postgres_url):
    with httpx.Client(base_url=front.url, timeout=30) as http:
        port, created = next(iter(games_kept_by_each(front, http).items()))
        keeper = front.web_process_on(port)

        async def through_a_kill() -> None:
            ann, bea = seats_of(front, http, created)
            async with ann, bea:
                await play([ann, bea], random.Random(3), max_moves=10)
                os.kill(keeper, signal.SIGKILL)
                before = [list(ann.messages), list(bea.messages)]
            for seat, messages in enumerate(before):  # no acknowledged move was lost
                acked = max((m["version"] for m in messages if m["type"] == "ack"), default=0)
                assert stored_version(postgres_url, created["id"], seat) >= acked
            again = [Seat(f"ws://127.0.0.1:{front.port}", created["id"], seat.tokens) for seat in (ann, bea)]
            async with again[0], again[1]:
                await play(again, random.Random(4), max_moves=10)
                others = [other for other in front.web_ports() if other != port]
                assert held(front.web_ports()) == {each: 2 if each in others else 0 for each in front.web_ports()}

        asyncio.run(asyncio.wait_for(through_a_kill(), 120))
        deadline = time.monotonic() + 60
        while front.web_process_on(port) in (None, keeper):
            assert time.monotonic() < deadline, "the killed process was not started again"
            time.sleep(0.1)
        # nginx tries it again once its fail_timeout (10 s) is past: the game comes back to it
        while not came_back(front, http, created["id"], port):
            assert time.monotonic() < deadline + 30, "the game did not come back to its process"
            time.sleep(0.5)


def came_back(front: BehindNginx, http: httpx.Client, game_id: str, port: int) -> bool:
    assert http.get(f"/api/games/{game_id}").status_code == 200
    time.sleep(0.05)
    return front.logged()[-1][2] == port


def silent_connections(port: int, count: int) -> list[socket.socket]:
    """`count` connections to the port that say nothing (connecting without waiting for it)."""
    opened = []
    for _ in range(count):
        connection = socket.socket()
        connection.setblocking(False)
        connection.connect_ex(("127.0.0.1", port))
        opened.append(connection)
    return opened


def test_a_flood_of_silent_connections_makes_no_request_fail(front):
    # issue 51: defect 8: a flood of connections that say nothing must not cost anyone a request
    more_descriptors()  # this process holds the flood's connections
    flood = silent_connections(front.port, 3000)
    try:
        with httpx.Client(base_url=front.url, timeout=30) as http, ThreadPoolExecutor(30) as pool:
            answered = list(pool.map(lambda _: http.get("/api/catalog").status_code, range(300)))
        assert answered == [200] * 300
    finally:
        for connection in flood:
            connection.close()


def test_an_unused_game_id_still_lands_on_one_process(front):
    game = secrets.token_urlsafe(9)
    with httpx.Client(base_url=front.url, timeout=30) as http:
        for _ in range(6):
            assert http.get(f"/api/games/{game}").status_code == 404
    time.sleep(0.1)
    assert len(front.ports_of(game)) == 1
